"""What the served table promises on a network (issue 37): nothing a request sends names a
file the server reads, and no answer tells whether a path exists."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from web_client import PERSON

from solo_rules.variant import variant_dir
from solo_rules.web import create_app

#: Paths a request might name: secret, absent, relative, a shipped file by its path.
PATHS = ["/etc/shadow", "/etc/passwd", "/no/such/file.yaml", "../variants/quadrille",
         "variants/foster.yaml", str(variant_dir() / "quadrille.yaml"), "/etc"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "t.sqlite3", rate=1e9, burst=1e9)) as client:
        yield client


def refusal(answer: Any) -> str:
    """A refusal's one-line error, which names no server file."""
    assert answer.status_code == 400, answer.text
    error: str = answer.json()["error"]
    assert "\n" not in error and str(variant_dir()) not in error and "/etc" not in error
    return error


def test_players_takes_variant_and_overlay_ids_from_the_catalogue_only(
        client: TestClient) -> None:
    as_variant = {refusal(client.get("/api/players", params={"variant": path}))
                  for path in PATHS}
    as_overlay = {refusal(client.get("/api/players", params={"variant": "altenburg-1988",
                                                             "overlay": path}))
                  for path in PATHS}
    # one answer whatever the path: nothing read, nothing told about what exists
    assert len(as_variant) == 1 and len(as_overlay) == 1
    assert "variant: not one of this server's variants" in as_variant.pop()
    assert "overlays[0]: not one of this server's overlays" in as_overlay.pop()
    assert client.get("/api/players", params={"variant": "quadrille"}).json() == {"players": 4}


def test_a_table_request_naming_a_path_is_refused_alike(client: TestClient) -> None:
    answers = set()
    for path in PATHS:
        for body in ({"variant": path, "seats": [PERSON] * 4},
                     {"variant": "altenburg-1988", "overlays": [path], "seats": [PERSON] * 4},
                     {"variant": "x.yaml", "upload": "schema: 1\nid: x\nextends: foster\n",
                      "overlays": [path], "seats": [PERSON] * 4}):
            answer = client.post("/api/tables", content=json.dumps(body),
                                 headers={"content-type": "application/json"})
            answers.add(refusal(answer))
    assert len(answers) == 2  # a variant not of the catalogue; an overlay not of it
    assert client.app.state.server.tables == {}  # type: ignore[attr-defined]


def test_an_overlay_that_does_not_fit_is_refused_without_naming_a_server_file(
        client: TestClient) -> None:
    answer = client.get("/api/players", params={"variant": "quadrille", "overlay": "mediateur"})
    error = refusal(answer)
    assert "mediateur" in error and "/" not in error
