"""Every random hand of Rothspitzen and Spitzeln settles as the addendum's table says
(ADDENDUM §A2b, "Recommended settlement", AMB-73..81), whatever pot stands: an independent
reading of the table, from the cards dealt and the tricks taken, against the engine."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from solo_rules import Flags, GameState, Match, new_game

P = 4
#: the trump order below the three matadors (DOSSIER §1.4): the black queens are matadors
BELOW = {"C": "AKJT98", "S": "AKJT98", "H": "AKQJT98", "D": "AKQJT98"}


def matadors(state: GameState, seat: int) -> int:
    """The unbroken run of trumps ``seat`` was dealt from the Eichel-Ober (AMB-80 a), over
    the trumps of the pack."""
    trump = "CSHD"[state.contract.trump]  # type: ignore[union-attr]
    order = ["CQ", f"{trump}7", "SQ", *(f"{trump}{rank}" for rank in BELOW[trump])]
    pack = {card.name for seat_ in range(3) for card in state.dealt_hand(seat_)}
    held = {card.name for card in state.dealt_hand(seat)}
    run = 0
    for card in (c for c in order if c in pack):
        if card not in held:
            break
        run += 1
    return run


def expected(state: GameState, standing: int) -> tuple[int, ...]:
    """The table's payments: the dealer's Stamm, then the soloist's draw or set and fees."""
    scores = [0, 0, 0]
    scores[state.dealer] -= P
    n = (standing + P) // P
    k = min(n, 3)
    contract = state.contract
    if contract is None:
        return tuple(scores)
    soloist = contract.declarer
    assert soloist is not None
    tricks = state.won[soloist]
    m = matadors(state, soloist)
    if state.flags & Flags.STOPPED:
        won, fee = True, m + 1
    elif state.flags & Flags.CONTINUED:
        won, fee = True, m + (8 if tricks == 8 else -8)
    elif tricks >= 5:
        won, fee = True, m
    else:
        won, fee = False, -m
    pot = k * P if won else -(k if tricks == 4 else min(2 * k, 3)) * P
    for seat in range(3):
        scores[seat] += pot + 2 * fee if seat == soloist else -fee
    return tuple(scores)


@pytest.mark.parametrize("variant", ["rothspitzen", "spitzeln"])
@given(data=st.data())
def test_every_hand_settles_as_the_addendum_table(variant: str, data: st.DataObject) -> None:
    standing = P * data.draw(st.integers(0, 6), label="Stämme standing")
    match = attrs.evolve(Match.start(variant, seed=0), pot=standing)
    state = new_game(match.hand_variant, seed=data.draw(st.integers(0, 2**32 - 1)),
                     dealer=data.draw(st.integers(0, 2)))
    caution = data.draw(st.integers(1, 4), label="caution")
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[min(data.draw(st.integers(0, len(legal) - 1))
                                      for _ in range(caution))])
    outcome = state.outcome()
    assert outcome.scores == expected(state, standing)
    assert state.rules.settlement.pot_after(standing, outcome) == standing - sum(
        outcome.scores) >= 0
