"""Properties of every playable variant file, checked along random legal hands.

Each example deals from a Hypothesis-drawn seed and dealer and plays a hand by Hypothesis-drawn
choices among the legal actions, so a failure shrinks to a short, replayable hand. The variants
come from ``available_variants()`` and each overlay on its bases: a new variant or overlay file
is covered without changing this file.
The overlaid variants run in the slow suite, and .ci/run runs every property again with the
``thorough`` profile; ``SOLO_HYPOTHESIS_PROFILE=soak`` (tests/conftest.py) runs many more hands.
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
import reference
from hypothesis import given
from hypothesis import strategies as st
from marks import slow_where

from solo_rules import (
    Action,
    Card,
    CardSet,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    Trick,
    Trump,
    available_overlays,
    available_variants,
    compile,
    load_variant,
    new_game,
    overlay_bases,
)

#: Every playable variant, and every overlay on each base it declares it applies to (by the
#: overlaid variant's id, ``base+overlay``, which ``load_variant`` and ``new_game`` take); the
#: overlaid variants run in the slow suite (``pytest -m slow``, .ci/run).
VARIANTS = slow_where(available_variants() + [
    f"{base}+{overlay}" for overlay in available_overlays() for base in overlay_bases(overlay)],
    slow=())
#: More actions than any hand can take (bids, declarations and decisions, and 32 cards).
MAX_ACTIONS = 200


@attrs.frozen
class Hand:
    """A random hand: how it was dealt, the actions chosen, and every state along the way."""

    variant_id: str
    seed: int
    dealer: int
    actions: tuple[Action, ...]
    states: tuple[GameState, ...]


def play_random_hand(data: st.DataObject, variant_id: str) -> Hand:
    """Deal from a drawn seed and dealer, then apply drawn legal actions until the end.

    A drawn ``caution`` (1..8) takes the lowest of that many draws for each choice: cautious
    hands pass more and bid lower (legal actions are sorted by id: pass, hold, then the bids
    from the lowest), so partnership contracts and early-end decisions get played as well as the
    high solo bids that a uniform choice nearly always reaches."""
    players = compile(load_variant(variant_id)).players
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    dealer = data.draw(st.integers(0, players - 1), label="dealer")
    caution = data.draw(st.integers(1, 8), label="caution")
    state = new_game(variant_id, seed=seed, dealer=dealer)
    states, actions = [state], []
    while not state.is_terminal:
        legal = state.legal_actions()
        choice = st.integers(0, len(legal) - 1)
        action = legal[min(data.draw(choice) for _ in range(caution))]
        state = state.apply(action)
        states.append(state)
        actions.append(action)
        assert len(actions) <= MAX_ACTIONS, "the hand does not end"
    return Hand(variant_id, seed, dealer, tuple(actions), tuple(states))


def fields(state: GameState) -> tuple[Any, ...]:
    """Every field of a state but the shared compiled rules."""
    return tuple(getattr(state, f.name) for f in attrs.fields(GameState) if f.name != "rules")


def played_mask(state: GameState) -> int:
    """The cards already played: the completed tricks and the trick on the table."""
    mask = 0
    for trick in state.tricks:
        for card in trick.cards:
            mask |= 1 << card
    for card in state.trick:
        mask |= 1 << card
    return mask


hands_of = given(st.data())


# -- card conservation ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_cards_are_conserved_at_every_step(variant_id: str, data: st.DataObject) -> None:
    """The hands and the played cards partition the pack exactly, and no card is played twice;
    in the standard phases each seat in play was dealt a full hand, a seat sitting out none."""
    hand = play_random_hand(data, variant_id)
    pack = hand.states[0].rules.pack
    for state in hand.states:
        seen = 0
        for seat_hand in state.hands:
            assert seat_hand & seen == 0
            seen |= seat_hand
        played = [c for trick in state.tricks for c in trick.cards] + list(state.trick)
        assert len(played) == len(set(played))
        for card in played:
            assert not seen >> card & 1
            seen |= 1 << card
        assert seen == pack
        if state.phase not in set(Phase):
            continue  # a module's own phase (the five-hand purchase) may hold cards apart
        for seat in range(state.players):
            expected = 0 if seat in state.sitting_out else state.rules.hand_size
            assert len(state.dealt_hand(seat)) == expected


# -- legal actions ------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_legal_actions_are_sorted_unique_and_round_trip_as_text(
    variant_id: str, data: st.DataObject
) -> None:
    """Legal actions are non-empty exactly while the hand is not over, sorted by id, unique,
    and each text names the same action; a legal card is in the hand of the seat to play."""
    hand = play_random_hand(data, variant_id)
    for state in hand.states:
        legal = state.legal_actions()
        assert bool(legal) == (not state.is_terminal)
        assert (state.current_player is None) == state.is_terminal
        ids = [a.id for a in legal]
        assert ids == sorted(set(ids))
        for action in legal:
            parsed = state.action(action.text)
            assert parsed == action and parsed.text == action.text
            if action.kind == "play":
                assert action.card in state.hand(state.player)


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_illegal_actions_raise_and_leave_the_state_unchanged(
    variant_id: str, data: st.DataObject
) -> None:
    """A non-legal action raises ``IllegalActionError`` (reason ``not_legal``, or
    ``wrong_phase`` for a kind of action the phase never takes, with the legal texts), whether
    given as an action, its text or its id; after the end, ``game_over``."""
    hand = play_random_hand(data, variant_id)
    every = sorted(hand.states[0].rules.actions.by_id.values())
    for state in hand.states:
        before = fields(state)
        legal = state.legal_actions()
        if state.is_terminal:
            for attempt in (every[0], every[-1].text, every[0].id):
                with pytest.raises(IllegalActionError) as excinfo:
                    state.apply(attempt)
                assert excinfo.value.reason == "game_over"
                assert excinfo.value.legal == ()
            continue
        others = [a for a in every if a not in legal]
        action = data.draw(st.sampled_from(others), label="illegal")
        for attempt in (action, action.text, action.id):
            with pytest.raises(IllegalActionError) as excinfo:
                state.apply(attempt)
            right_kind = action.kind in state.rules.kinds(state.phase)
            assert excinfo.value.reason == ("not_legal" if right_kind else "wrong_phase")
            assert excinfo.value.legal == tuple(a.text for a in legal)
            assert repr(action.text) in str(excinfo.value)
        assert fields(state) == before
        assert state.legal_actions() == legal


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_phases_run_in_order_and_history_records_every_action(
    variant_id: str, data: st.DataObject
) -> None:
    """Phases only move forward (auction, declaration, call, trumps, play, end), but for the
    early-end decisions between tricks; every action adds one (seat, action) to the history."""
    hand = play_random_hand(data, variant_id)
    for before, action, after in zip(hand.states[:-1], hand.actions, hand.states[1:], strict=True):
        assert after.history == (*before.history, (before.player, action.id))
        back_to_play = before.phase == Phase.DECIDE and after.phase == Phase.PLAY
        order = [Phase.DEAL, *before.rules.stages, Phase.END]  # the rulebook order of phases
        assert order.index(after.phase) >= order.index(before.phase) or back_to_play
        # a decision follows a trick, or the Helfer question (its answer may open one)
        asked = before.phase == Phase.DECIDE and action.kind == "ask partner"
        assert (after.phase == Phase.DECIDE) <= (before.phase == Phase.PLAY or asked)


# -- trick winners --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_trick_winners_agree_with_the_reference_order(
    variant_id: str, data: st.DataObject
) -> None:
    """Every completed trick is won as DOSSIER §1.3-1.4 say (tests/reference.py), the winner
    leads next, and ``won`` counts the tricks each seat took."""
    final = play_random_hand(data, variant_id).states[-1]
    contract = final.contract
    # Quadrille's card order is the parent game's, not German Solo's (ADDENDUM §A2f)
    quadrille = load_variant(variant_id).slots["ranks"].module.module_id == "ranks.ombre_trumps"
    for index, trick in enumerate(final.tricks):
        assert contract is not None and contract.trump is not None
        trump = None if contract.trump == Trump.NONE else "CSHD"[contract.trump]
        position = reference.trick_winner([Card(c).name for c in trick.cards], trump, quadrille)
        assert trick.winner == final.in_turn(trick.leader)[position]
        assert len(trick.cards) == final.players - len(final.sitting_out)
        if index + 1 < len(final.tricks):
            assert final.tricks[index + 1].leader == trick.winner
    assert final.won == tuple(
        sum(1 for trick in final.tricks if trick.winner == seat) for seat in range(final.players)
    )


# -- determinism and pickling -------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_same_seed_and_choices_give_equal_states(variant_id: str, data: st.DataObject) -> None:
    hand = play_random_hand(data, variant_id)
    state = new_game(variant_id, seed=hand.seed, dealer=hand.dealer)
    assert state == hand.states[0]
    for action, expected in zip(hand.actions, hand.states[1:], strict=True):
        state = state.apply(action.text)
        assert state == expected


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_states_pickle_and_unpickle_equal(variant_id: str, data: st.DataObject) -> None:
    """Every field survives pickling, and an unpickled state plays on exactly like the original."""
    hand = play_random_hand(data, variant_id)
    copies = pickle.loads(pickle.dumps(hand.states))
    for original, copy in zip(hand.states, copies, strict=True):
        assert fields(copy) == fields(original)
        assert copy.variant.id == original.variant.id
        assert copy.legal_actions() == original.legal_actions()
    for action, copy, expected in zip(hand.actions, copies[:-1], hand.states[1:], strict=True):
        assert fields(copy.apply(action.id)) == fields(expected)


# -- the outcome ----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_outcome_agrees_with_the_trick_record(variant_id: str, data: st.DataObject) -> None:
    """Party and defender tricks add up to the tricks played and match the trick winners; a
    zero-sum settlement sums to 0, and one with a pot sums to what the pot lost; a thrown-in
    hand scores nothing but a payment made in the deal and the stake set into a pot."""
    final = play_random_hand(data, variant_id).states[-1]
    outcome = final.outcome()
    rules = final.rules
    assert len(outcome.scores) == final.players
    assert outcome.contract == final.contract
    assert rules.settlement.pot_after(0, outcome) - 0 == (
        -sum(outcome.scores) if rules.settlement.keeps_pot else 0)
    if final.contract is None:  # only what was paid during the deal (the five-hand purchase)
        paid = rules.deal_rules.transfers(final) or (0,) * final.players
        staked = rules.settlement.staked(rules, final)
        assert outcome.scores == tuple(t * rules.settlement.units() - stake
                                       for t, stake in zip(paid, staked, strict=True))
        assert final.tricks == ()
        assert (outcome.party_tricks, outcome.defender_tricks) == (0, 0)
        return
    assert outcome.declarer == final.contract.declarer
    assert outcome.partner == final.contract.partner
    party = set(final.party())
    assert final.contract.declarer is None or final.contract.declarer in party
    party_tricks = sum(1 for trick in final.tricks if trick.winner in party)
    assert outcome.party_tricks == party_tricks
    assert outcome.party_tricks + outcome.defender_tricks == len(final.tricks)
    if final.rules.settlement.zero_sum:
        assert sum(outcome.scores) == 0


# -- views ----------------------------------------------------------------------------------------


def view_cards(value: Any) -> set[int]:
    """Every card shown anywhere inside a view field: cards, card sets, play actions, tricks,
    and any tuple or attrs object holding them. (A call action names a card by its face, not
    where it lies.)"""
    if isinstance(value, Card):
        return {int(value)}
    if isinstance(value, CardSet):
        return set(value)
    if isinstance(value, Action):
        return {int(value.card)} if value.kind == "play" and value.card is not None else set()
    if isinstance(value, Trick):
        return set(value.cards)
    if isinstance(value, tuple | list):
        return set().union(*(view_cards(item) for item in value))
    if attrs.has(type(value)):
        return view_cards(tuple(getattr(value, f.name) for f in attrs.fields(type(value))))
    return set()


def check_view(state: GameState, seat: int) -> None:
    view = state.view(seat)
    contract = state.contract
    played = played_mask(state)
    own = state.hands[seat]
    exposed = view.exposed
    if contract is None or state.rules.contract_def(contract.kind).shows == "none":
        assert not exposed
    else:  # face-up cards are unplayed cards of a declarer other than this seat
        cdef = state.rules.contract_def(contract.kind)
        shown = sum(state.hands[s] for s in set(contract.declarers) - {seat})
        assert exposed.mask & ~shown == 0
        assert cdef.shows == "hand" or exposed.mask & ~cdef.requires_mask == 0
    called = {contract.called} if contract is not None and contract.called is not None else set()
    assert view.hand == state.hand(seat)
    # a seat remembers what it was dealt, even where a rule of the deal then moved cards: the
    # five-hand dealer "looking only at the last three cards that player received" [S-NIE]
    seen = own | state.dealt[seat]
    for field in attrs.fields(PlayerView):
        for card in view_cards(getattr(view, field.name)):
            visible = seen >> card & 1 or played >> card & 1 or card in called
            assert visible or card in exposed, (field.name, Card(card).name, seat)
    assert (view.seat, view.players, view.dealer) == (seat, state.players, state.dealer)
    assert (view.phase, view.current_player) == (state.phase, state.current_player)
    assert view.sitting_out == state.sitting_out
    assert view.legal_actions == (state.legal_actions() if state.current_player == seat else ())
    assert view.tricks == state.tricks
    assert [card for _, card in view.trick] == list(state.trick)
    # every action as taken, but one the contract hides from this seat (a card given back face
    # down in the Mediateur exchange), which it sees as the contract says
    hidden = {} if contract is None else state.rules.contracts.concealed(state.rules, state, seat)
    assert [a.id for _, a in view.history] == [hidden.get(n, aid)
                                               for n, (_, aid) in enumerate(state.history)]
    assert all(view.history[n][1].card is None for n in hidden)
    partner = None if contract is None else contract.partner
    if partner is not None and (state.partner_revealed or seat == partner):
        assert view.partner == partner
    else:
        assert view.partner is None


@pytest.mark.parametrize("variant_id", VARIANTS)
@hands_of
def test_views_never_show_another_seats_cards_or_a_hidden_partner(
    variant_id: str, data: st.DataObject
) -> None:
    """A view holds the seat's own hand and public information only: no other seat's unplayed
    card in any field (unless the rules lay it face up), and the partner only once revealed or
    to the partner himself (DOSSIER §7)."""
    hand = play_random_hand(data, variant_id)
    for state in hand.states:
        for seat in range(state.players):
            check_view(state, seat)
