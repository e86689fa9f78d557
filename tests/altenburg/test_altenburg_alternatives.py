"""The dossier's alternative readings for Altenburg, each a parameter value that changes the
behaviour and the rulebook (DOSSIER §3: "In the library every recommendation is a parameter
default, and the alternatives are legal values")."""

from __future__ import annotations

import random
from pathlib import Path

from altenburg_deals import ACES, HIDDEN, frage, legal, play, run, start, variant_file
from drive import finish

from solo_rules import Phase, load_variant


def test_a_ladder_of_ace_and_king_only_leaves_the_declarer_alone(tmp_path: Path) -> None:
    """AMB-11 (b): "there is no legal call, so he plays alone". With ``partner.ranks: [A, K]``
    a declarer holding every callable Ace and King calls nobody; the default ladder goes on to
    a Queen (S-MAL: "Falls er diese drei Asse selbst hat, darf er auch einen König rufen")."""
    short = variant_file(tmp_path, "partner: {params: {ranks: [A, K]}}", "altenburg-ak")
    state = run(start(ACES, variant=short), "bid frage", "pass", "pass", "pass",
                "declare frage H")
    assert state.phase == Phase.PLAY
    assert state.contract is not None
    assert (state.contract.called, state.contract.partner) == (None, None)
    outcome = finish(state, random.Random(1)).outcome()
    assert outcome.scores[1] == outcome.scores[2] == outcome.scores[3] == 0  # no partner
    default = run(start(ACES), "bid frage", "pass", "pass", "pass", "declare frage H")
    assert legal(default) == ["call DQ"]
    prose = " ".join(c.text for c in load_variant(short).slots["partner"].module.describe())
    assert "plays alone" in prose


def test_helfer_at_any_time_is_a_parameter_value(tmp_path: Path) -> None:
    """AMB-08 alternative: "ask at any time up to trick 5" (the timing is EDITORIAL, E5). With
    ``helfer.from_trick: 1`` the declarer may ask after the first trick; by default not before
    the fifth (S-WIK: "If that hasn't happened by the fifth trick, the declarer may ask")."""
    early = variant_file(tmp_path, "partner: {params: {helfer: {from_trick: 1}}}",
                         "altenburg-early-helfer")
    state = play(frage(HIDDEN, "H", "SA", variant=early), "CQ H8 S7 SJ")
    assert state.phase == Phase.DECIDE and legal(state) == ["pass", "ask partner"]
    state = run(state, "pass")
    assert state.phase == Phase.PLAY
    default = play(frage(HIDDEN, "H", "SA"), "CQ H8 S7 SJ")
    assert default.phase == Phase.PLAY
    prose = " ".join(c.text for c in load_variant(early).slots["partner"].module.describe())
    assert prose.count("After the first trick") == 1
