"""A record keeps the deal as dealt, before a rule of the deal moved cards: in Niese five-hand
the dealer looks at the last three cards dealt on his right and may buy that hand (S-NIE: "the
dealer has the option of buying the player's hand to the right by looking only at the last
three cards that player received"; AMB-38), so the hands played are not the hands dealt."""

from __future__ import annotations

import pytest

from solo_rules import CardSet, GameRecord, Match, new_game, parse_cards, read_record, record_of
from solo_rules.bots import HeuristicBot
from solo_rules.record import replay

#: Dealer 4; seat 3, on his right, is dealt five cards and HQ HJ HT lie before him face down.
HANDS = ("CA CK CJ CT C9 C8 C7 H9", "SA SK SJ ST S9 S8 S7 H8", "DA DK DQ DJ DT D9 D8 D7",
         "CQ H7 SQ HA HK", "HQ HJ HT")


@pytest.mark.parametrize("answer", ["accept", "refuse"])
def test_a_record_of_a_five_hand_game_keeps_the_split_the_dealer_looked_at(answer: str) -> None:
    state = new_game("niese-five-hand", hands=HANDS, dealer=4).apply("offer").apply(answer)
    bots = [HeuristicBot(seat) for seat in range(5)]
    while not state.is_terminal:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    record = record_of(state)
    assert record.deal == tuple(parse_cards(hand) for hand in HANDS)
    holder = 4 if answer == "accept" else 3
    assert len(state.dealt_hand(holder)) == 8 and state.dealt_hand(7 - holder) == CardSet()
    read = read_record(record.to_json())
    assert isinstance(read, GameRecord) and replay(read) == state


def test_a_match_knows_a_five_hand_deal_came_from_its_seed() -> None:
    match = Match.start("niese-five-hand", seed=4)
    played = match.play([HeuristicBot(seat) for seat in range(5)])
    hand = played.to_record().hands[0]
    assert isinstance(hand, GameRecord) and hand.seed == match.hand_seed
