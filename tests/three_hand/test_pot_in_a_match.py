"""The pot is match state (ADDENDUM §A7; DESIGN "state that outlives a hand ... lives in Match
and in match records"): it is carried from hand to hand, through throw-ins, bêtes and
codilles, recorded, replayed, and shown with the running totals (EX-68)."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from three_hand_deals import ROTH, SPITZELN, run

from solo_rules import Match, RecordError, read_record, replay
from solo_rules.bots import HeuristicBot
from solo_rules.cli import main


def _all_pass(match: Match) -> Match:
    return match.finish(run(match.deal(), "pass", "pass", "pass"))


def test_ex68_a_throw_in_leaves_the_pot_and_the_next_dealer_sets_a_new_stamm() -> None:
    """EX-68. S-PIE-ROT: "Wenn alle drei passen, werden die Karten weggeworfen u. von Neuem
    gegeben"; thrown in and redealt by the next dealer, who sets a new Stamm (AMB-81): the pot
    is 2 Stämme (8)."""
    match = _all_pass(Match.start(ROTH, seed=4, dealer=2))
    assert (match.pot, match.dealer, match.totals) == (4, 0, (0, 0, -4))
    match = _all_pass(match)
    assert (match.pot, match.totals) == (8, (-4, 0, -4))
    assert "the pot stood at 8 (2 Stämme)" in match.hands[-1].outcome.note  # type: ignore[union-attr]


def _played(variant: str, hands: int, seed: int = 7) -> Match:
    bots = [HeuristicBot(seat) for seat in range(3)]
    match = Match.start(variant, seed=seed)
    for _ in range(hands):
        match = match.play(bots)
    return match


@pytest.mark.parametrize("variant", [ROTH, SPITZELN])
def test_the_pot_is_what_the_players_paid_in_less_what_they_drew(variant: str) -> None:
    """Every counter a player pays is another player's or the pot's: the totals and the pot
    add up to nothing, and the pot never runs dry."""
    match = _played(variant, 12)
    assert sum(match.totals) + match.pot == 0
    assert all(pot >= 0 for pot in match.running_pots())
    assert match.running_pots()[-1] == match.pot


@pytest.mark.parametrize("suffix", [".json", ".yaml"])
def test_the_pot_survives_a_match_record_round_trip(tmp_path: Path, suffix: str) -> None:
    match = _played(ROTH, 10)
    path = tmp_path / f"match{suffix}"
    match.to_record().save(path)
    again = Match.replay(read_record(path))  # type: ignore[arg-type]
    assert again.pot == match.pot and again.running_pots() == match.running_pots()
    assert again.hand_variants() == match.hand_variants()
    assert again.totals == match.totals


def test_a_match_record_with_the_wrong_pot_is_refused() -> None:
    record = _played(ROTH, 4).to_record()
    data = json.loads(record.to_json())
    data["pot"] = data["pot"] + 4
    with pytest.raises(RecordError, match=r"the recorded pot \d+ is not what the hands leave"):
        Match.replay(read_record(json.dumps(data)))  # type: ignore[arg-type]


def test_a_match_without_a_pot_writes_none() -> None:
    """A variant that keeps no pot writes its match records as before (no ``pot`` field)."""
    match = Match.start("foster", seed=3).play([HeuristicBot(seat) for seat in range(4)])
    assert not match.keeps_pot and "pot" not in json.loads(match.to_record().to_json())


def test_the_command_line_shows_the_pot_with_the_running_totals(tmp_path: Path) -> None:
    saved = tmp_path / "match.json"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", ROTH, "--hands", "3", "--seed", "5", "--watch",
                     "--record", str(saved)]) == 0
        assert main(["replay", str(saved)]) == 0
    lines = [line for line in out.getvalue().splitlines() if line.startswith("Totals after")]
    pot = Match.replay(read_record(saved)).running_pots()  # type: ignore[arg-type]
    assert [line.split(", pot ")[1].split(";")[0] for line in lines] == [str(p) for p in pot] * 2


def test_the_web_table_shows_the_pot_with_the_totals(tmp_path: Path) -> None:
    """The served table's frames carry the pot beside the match totals, for any variant that
    keeps one (``null`` for one that does not), as the match it plays has it."""
    from starlette.testclient import TestClient
    from web_client import PERSON, create, join_message

    from solo_rules.web import create_app

    app = create_app(tmp_path / "t.sqlite3", rate=1e9, burst=1e9)
    with TestClient(app) as client:
        pots = {}
        for variant, players in ((ROTH, 3), ("foster", 4)):
            data = create(client, variant, [PERSON] + [{"kind": "random"}] * (players - 1),
                          hands=1, seed=5, bot_delay=0)
            with client.websocket_connect("/ws") as socket:
                socket.send_text(join_message(data, data["seats"]["0"]))
                assert socket.receive_json()["type"] == "welcome"
                frame = socket.receive_json()
                while frame.get("type") != "state" or frame["end"] is None:
                    if frame.get("type") == "state" and frame["legal"]:
                        socket.send_text(json.dumps({
                            "type": "act", "action": frame["legal"][0]["text"],
                            "hand": frame["hand_no"], "position": frame["position"]}))
                    frame = socket.receive_json()
                pots[variant] = (frame["pot"], frame["end"]["record"])
        pot, record = pots[ROTH]
        match = Match.start(ROTH, seed=5).finish(replay(read_record(record)))
        assert pot == match.pot and pots["foster"][0] is None
