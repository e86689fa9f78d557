"""What the server sends to one seat or to the spectators: JSON-ready data built from what
that seat may know, and nothing more.

A seat's frame is built from its ``PlayerView`` alone (the state is read only for public
facts: the seats' order of play, the trick counts, whose turn it is, and a refused card's
explanation for the seat that holds it). A spectator's frame is built from what every seat
knows alike: the entries of the history as a seat that does not see them shows them, the
partner once every seat knows him, the cards lying face up. The finished hand is public: its
frame shows every hand and carries the game record.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet
from solo_rules.display import choice_note, in_trump_order, trump_cards
from solo_rules.errors import IllegalActionError
from solo_rules.game import CompiledRules
from solo_rules.ranking import Trump
from solo_rules.state import GameState, Phase, PlayerView
from solo_rules.web.rulebook import explanation
from solo_rules.wording import action_words, addressed, deed_words

if TYPE_CHECKING:
    from solo_rules.web.table import Table

__all__ = ["hand_frame", "public_view", "seat_frame", "spectator_frame"]


def seat_frame(table: Table, seat: int) -> dict[str, Any]:
    """The frame for ``seat``: its view of the hand, its legal actions with what each bid
    stands for, the duty that binds its next card, and its last refused action."""
    state = table.state
    view = state.view(seat)
    frame = _common(table, view, view.hand)
    rules = table.rules
    frame["you"] = seat
    frame["legal"] = [_choice(rules, state, action) for action in view.legal_actions]
    frame["duty"] = _duty(table, state, view)
    frame["refusal"] = table.refusals.get(seat)
    return frame


def spectator_frame(table: Table) -> dict[str, Any]:
    """The frame for a spectator: the public view, no hand and no choices."""
    frame = _common(table, public_view(table.state), None)
    frame.update(you=None, legal=[], duty=None, refusal=None)
    return frame


def public_view(state: GameState) -> PlayerView:
    """What every seat of ``state`` knows alike, as a view of no seat: no hand, no legal
    actions; each history entry as the seats that may not see it see it; the partner once
    every seat knows him; the union of the cards that lie face up."""
    views = [state.view(seat) for seat in range(state.players)]
    actual = [state.rules.action_of(aid) for _, aid in state.history]
    history = []
    for position, entry in enumerate(views[0].history):
        for other in views:
            if other.history[position][1] != actual[position]:
                entry = other.history[position]
                break
        history.append(entry)
    partners = {view.partner for view in views}
    exposed = CardSet()
    for view in views:
        exposed |= view.exposed
    first = views[0]
    return PlayerView(
        seat=-1, players=first.players, dealer=first.dealer, phase=first.phase,
        current_player=first.current_player, hand=CardSet(), history=tuple(history),
        contract_kind=first.contract_kind, declarer=first.declarer, trump=first.trump,
        called=first.called, tout=first.tout,
        partner=partners.pop() if len(partners) == 1 else None, trick=first.trick,
        tricks=first.tricks, legal_actions=(), exposed=exposed,
        sitting_out=first.sitting_out)


def _common(table: Table, view: PlayerView, hand: CardSet | None) -> dict[str, Any]:
    """The parts of a frame every observer gets, from ``view``."""
    state, rules = table.state, table.rules
    config = table.config
    trump = view.trump
    tricks = view.tricks
    won = [0] * view.players
    for trick in tricks:
        won[trick.winner] += 1
    last = tricks[-1] if tricks else None
    frame: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "hand_no": table.hand,
        "hands": config.hands,
        "chosen_seed": config.chosen_seed,
        "position": len(view.history),
        "acted_at": table.acted_at,
        "variant": {"id": table.variant.id, "title": table.variant.title,
                    "german": rules.pack_rules.suits == "german"},
        "names": list(config.names),
        "kinds": [seat.kind for seat in config.seats],
        "dealer": view.dealer,
        "phase": str(view.phase),
        "turn": view.current_player,
        "contract": _contract(rules, view, config.names),
        "trump": _trump_text(trump),
        "declarer": view.declarer,
        "partner": view.partner,
        "called": _card(view.called),
        "hand": None if hand is None else [_card(c) for c in in_trump_order(rules, hand, trump)],
        "trumps": [] if hand is None else [_card(c) for c in trump_cards(rules, hand, trump)],
        "exposed": [_card(c) for c in in_trump_order(rules, view.exposed, trump)],
        "sitting_out": list(view.sitting_out),
        "bidding": [_entry(rules, seat, action, view.seat, config.names)
                    for seat, action in view.history if action.kind != "play"],
        "trick": [{"seat": seat, "card": _card(card)} for seat, card in view.trick],
        "last_trick": None if last is None else {
            "winner": last.winner,
            "cards": [{"seat": seat, "card": _card(Card(card))} for seat, card in
                      zip(state.in_turn(last.leader), last.cards, strict=False)]},
        "won": won,
        "leader": _leader(view),
        "sheet": _sheet(table),
        "totals": list(table.match.totals),
        "pot": table.match.pot if table.match.keeps_pot else None,
        "hands_played": len(table.match.hands),
        "ready": sorted(table.ready),
        "over": table.over,
        "end": _end(table) if view.phase == Phase.END else None,
    }
    return frame


def _leader(view: PlayerView) -> int | None:
    """The seat that led the trick on the table, or leads the next one."""
    if view.trick:
        return view.trick[0][0]
    return view.current_player if view.phase == Phase.PLAY else None


def _sheet(table: Table) -> list[dict[str, Any]]:
    """The score sheet: one row per finished hand of the match (its contract, declarer,
    whether it was made, and each seat's score), from the hands' records."""
    rows = []
    names = table.config.names
    for number, record in enumerate(table.match.hands):
        outcome = getattr(record, "outcome", None)
        if outcome is None:
            rows.append({"hand": number + 1, "contract": "misdeal", "declarer": None,
                         "result": "", "scores": [0] * len(names)})
            continue
        contract = outcome.contract
        rows.append({
            "hand": number + 1,
            "contract": "no game" if contract is None else
            table.rules.contract_def(contract.kind).name,
            "declarer": outcome.declarer,
            "result": "" if contract is None else "made" if outcome.made else "lost",
            "scores": list(outcome.scores)})
    return rows


def _choice(rules: CompiledRules, state: GameState, action: Action) -> dict[str, Any]:
    """A legal action as a button: its text (what the server takes back), its label in
    words, the card it plays, and what choosing it does (as ``solo-rules play`` says it)."""
    return {"text": action.text, "label": action_words(rules, action),
            "card": _card(action.card), "note": choice_note(rules, state, action)}


def _entry(rules: CompiledRules, seat: int, action: Action, reader: int,
           names: Sequence[str]) -> dict[str, Any]:
    """A public history entry (a bid, a declaration, a call; a card given back face down
    shows as the seat sees it), in words: ``Bob bids Frage``, ``You pass``."""
    return {"seat": seat, "text": deed_words(rules, action,
                                             "you" if seat == reader else names[seat])}


def _card(card: Card | None) -> str | None:
    return None if card is None else card.name


def _trump_text(trump: Trump | None) -> str | None:
    if trump is None:
        return None
    return "no trumps" if trump.suit is None else trump.suit.symbol


def _contract(rules: CompiledRules, view: PlayerView, names: Sequence[str]) -> str | None:
    """The contract as the table knows it: its name, the declarer, trumps, the called card
    and an announced Tout (never the secret partner)."""
    if view.contract_kind is None:
        return None
    text: str = rules.contract_def(view.contract_kind).name
    if view.declarer is not None:
        text += " by " + ("you" if view.declarer == view.seat else names[view.declarer])
    if view.called is not None:
        text += f", calling {view.called.symbol_text}"
    if view.tout:
        text += ", Tout announced"
    return text


def _duty(table: Table, state: GameState, view: PlayerView) -> dict[str, Any] | None:
    """When the rules forbid some held card to the seat about to play: why (the engine's
    explanation of refusing one of them) and the rulebook clause that says so."""
    if view.phase != Phase.PLAY or not view.legal_actions:
        return None
    playable = {action.card for action in view.legal_actions if action.kind == "play"}
    barred = [card for card in view.hand if card not in playable]
    if not barred:
        return None
    try:
        state.apply(f"play {barred[0].name}")
    except IllegalActionError as exc:
        why = explanation(exc, state)
        return {"text": addressed(why, view.seat, table.config.names),
                "rule": table.rulebook.rule_data(state.phase, why)}
    return None  # the card was legal after all: no duty to show


def hand_frame(table: Table, number: int) -> dict[str, Any]:
    """Finished hand ``number`` of the match, for its step-through replay: every hand as
    dealt and as played, and the tricks (all public once the hand is over)."""
    return {"type": "hand", "number": number, **_played(table.rules, table.finished(number))}


def _played(rules: CompiledRules, state: GameState) -> dict[str, Any]:
    """A finished hand's cards: each seat's as dealt, played and never played, and the
    tricks with their winners."""
    players = state.players
    trump = None if state.contract is None else state.contract.trump
    return {
        "dealt": [[_card(c) for c in in_trump_order(rules, CardSet(state.dealt[seat]), None)]
                  for seat in range(players)],
        "played": [[_card(Card(card)) for trick in state.tricks
                    for who, card in zip(state.in_turn(trick.leader), trick.cards, strict=False)
                    if who == seat] for seat in range(players)],
        "unplayed": [[_card(c) for c in in_trump_order(rules, state.hand(seat), trump)]
                     for seat in range(players)],
        "tricks": [{"winner": trick.winner,
                    "cards": [{"seat": seat, "card": _card(Card(card))} for seat, card in
                              zip(state.in_turn(trick.leader), trick.cards, strict=False)]}
                   for trick in state.tricks],
    }


def _end(table: Table) -> dict[str, Any]:
    """The finished hand, which is public: every hand as dealt and as played, the tricks,
    the outcome with its breakdown, the record in the library's JSON format, and how to
    deal it again."""
    state, rules = table.state, table.rules
    outcome = state.outcome()
    record = table.last_record
    return {
        **_played(rules, state),
        "contract": None if outcome.contract is None else addressed(
            rules.contract_text(outcome.contract), None, table.config.names),
        "declarer": outcome.declarer,
        "partner": outcome.partner,
        "party_tricks": outcome.party_tricks,
        "defender_tricks": outcome.defender_tricks,
        "made": outcome.made,
        "joint": [list(pair) for pair in outcome.joint],
        "scores": list(outcome.scores),
        "breakdown": [[name, value] for name, value in outcome.breakdown],
        "note": outcome.note,
        "record": record,
        "again": table.again(),
    }
