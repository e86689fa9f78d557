"""After a hand the command line shows the deal as dealt (``state.dealt``), and where a rule of
the deal then moved cards, the actions that moved them and the hands as played: in Niese
five-hand the dealer may buy the hand on his right (S-NIE: "the dealer has the option of buying
the player's hand to the right by looking only at the last three cards that player received";
AMB-38)."""

from __future__ import annotations

from pathlib import Path

import pytest

import solo_rules
from solo_rules.bots import HeuristicBot
from solo_rules.cli import main

#: Seed 2 deals with seat 3 dealing; when he offers, the heuristic bot of seat 2 sells.
SEED, DEALER, SELLER = 2, 3, 2


def _dealer_moves() -> list[str]:
    """The dealer offers, then plays as the command's own bot would."""
    state = solo_rules.new_game("niese-five-hand", seed=SEED).apply("offer")
    bots = [HeuristicBot(SEED * 8 + seat) for seat in range(5)]
    moves = ["offer"]
    while not state.is_terminal:
        action = bots[state.player].choose(state.view(state.player))
        if state.player == DEALER:
            moves.append(action.text)
        state = state.apply(action)
    return moves


def test_the_deal_was_shows_what_was_dealt_and_then_the_purchase(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    state = solo_rules.new_game("niese-five-hand", seed=SEED)
    assert state.dealer == DEALER
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join(_dealer_moves()) + "\n", encoding="utf-8")
    assert main(["play", "niese-five-hand", "--seed", str(SEED), "--seat", str(DEALER),
                 "--moves", str(moves)]) == 0
    out = capsys.readouterr().out
    assert "seat 2: accept" in out
    shown = out.split("The deal was:\n")[1].splitlines()
    assert [set(line.split(": ")[1].split()) for line in shown[:5]] == \
        [{card.symbol_text for card in solo_rules.CardSet(mask)} for mask in state.dealt]
    assert [len(line.split(": ")[1].split()) for line in shown[:5]] == [8, 8, 5, 3, 8]
    assert shown[5] == ("Then cards changed hands (you: offer, seat 2: accept); the hands as "
                        "played:")
    assert shown[6] == f"  seat {SELLER}: sits out"
    assert shown[7].startswith(f"  seat {DEALER}: ") and len(shown[7].split(": ")[1].split()) == 8
