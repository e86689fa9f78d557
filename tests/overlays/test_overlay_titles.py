"""An overlaid variant is titled as itself, with its own summary line, wherever it is named:
the site's rulebook pages, ``solo-rules rules`` and ``play``, and a replayed record (issue 26)."""

from __future__ import annotations

import io
import pickle
from contextlib import redirect_stdout
from pathlib import Path

import solo_rules as sr
from solo_rules.cli import main

BASE = "German Solo: Altenburg rules (1988)"


def test_an_overlaid_variant_has_its_own_title_and_summary() -> None:
    base = sr.load_variant("altenburg-1988")
    overlaid = sr.load_variant("altenburg-1988+matador-renege")
    assert overlaid.title == f"{BASE} + matador renege"
    assert overlaid.summary.startswith("A player whose only trumps are matadors")
    assert overlaid.summary.endswith(f"Otherwise as {BASE}.")
    assert overlaid.summary != base.summary
    both = sr.load_variant("altenburg-1988", ["couleur-favorite", "matador-renege"])
    assert both.title == f"{BASE} + couleur favorite (preferred suit scores double) + " \
                         "matador renege"


def test_every_rulebook_page_has_a_title_of_its_own() -> None:
    titles = [sr.load_variant(vid).title for vid in sr.available_variants()]
    for overlay in sr.available_overlays():
        for vid in sr.overlay_bases(overlay):
            titles.append(sr.load_variant(vid, [overlay]).title)
    assert len(titles) == len(set(titles))


def test_the_title_is_no_rule_so_the_content_hash_stays() -> None:
    """The title names the variant and is not in its tree: records of overlaid hands made
    before keep replaying, and a pickled state unpickles to the same variant and title."""
    overlaid = sr.load_variant("altenburg-1988+matador-renege")
    assert "title" not in overlaid.tree or overlaid.tree["title"] == BASE
    again = pickle.loads(pickle.dumps(overlaid))
    assert again is overlaid and again.title == overlaid.title


def test_rules_play_and_replay_print_the_overlaid_title(tmp_path: Path) -> None:
    out = io.StringIO()
    record = tmp_path / "hand.json"
    with redirect_stdout(out):
        assert main(["rules", "altenburg-1988+matador-renege"]) == 0
        assert main(["play", "altenburg-1988+matador-renege", "--watch", "--seed", "1",
                     "--record", str(record)]) == 0
        assert main(["replay", str(record), "--watch"]) == 0
    text = out.getvalue()
    assert text.startswith(f"{BASE} + matador renege\n")
    assert text.count(f"{BASE} + matador renege: seed 1") == 2  # the hand, then its replay
    assert "summary: A player whose only trumps are matadors" in text
