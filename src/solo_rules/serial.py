"""Plain data for JSON: one cattrs converter for outcomes, views, contracts and records.

``unstructure(obj)`` turns an ``Outcome``, a ``PlayerView``, a ``Contract``, a ``Trick`` or a
game record into JSON-ready dicts, lists, text and numbers, written the way people write them:
cards as ``CQ``, suits as ``H``, trumps as ``H`` or ``none``, actions as their id, kind and text.
``structure(data, cls)`` reads such data back into an equal value, so ``to_json`` and
``structure(json.loads(...), cls)`` round-trip. There is one converter, used everywhere.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import cattrs
from cattrs.gen import make_dict_unstructure_fn, override

from solo_rules.actions import Action
from solo_rules.cards import Card, CardSet, Suit, parse_card, parse_suit
from solo_rules.errors import SoloRulesError, cut
from solo_rules.ranking import Trump
from solo_rules.state import Outcome, PlayerView, Trick

__all__ = ["converter", "structure", "to_json", "unstructure"]

T = TypeVar("T")

#: The one converter of solo_rules values to and from plain JSON-ready data.
converter = cattrs.Converter(forbid_extra_keys=True, unstruct_collection_overrides={tuple: list})


def _trump(text: str, _kind: Any) -> Trump:
    return Trump.NONE if text == "none" else Trump.of(parse_suit(text))


def _action(data: dict[str, Any], _kind: Any) -> Action:
    """An action from its fields (its ``text`` is printed from them, so it is not read)."""
    card, suit = data.get("card"), data.get("suit")
    return Action(int(data["id"]), str(data["kind"]),
                  card=None if card is None else parse_card(card),
                  suit=None if suit is None else parse_suit(suit),
                  contract=data.get("contract"), tout=bool(data.get("tout", False)),
                  bid=data.get("bid"), level=data.get("level"))


def _unstructure_action(action: Action) -> dict[str, Any]:
    """The id, kind and text of an action, and the fields its kind uses."""
    data: dict[str, Any] = {"id": action.id, "kind": action.kind, "text": action.text}
    if action.card is not None:
        data["card"] = Card(action.card).name
    if action.suit is not None:
        data["suit"] = Suit(action.suit).letter
    for name in ("contract", "bid", "level"):
        if getattr(action, name) is not None:
            data[name] = getattr(action, name)
    if action.tout:
        data["tout"] = True
    return data


converter.register_unstructure_hook(Card, lambda card: Card(card).name)
converter.register_structure_hook(Card, lambda text, _kind: parse_card(text))
converter.register_unstructure_hook(Suit, lambda suit: Suit(suit).letter)
converter.register_structure_hook(Suit, lambda text, _kind: parse_suit(text))
converter.register_unstructure_hook(Trump, lambda trump: Trump(trump).text)
converter.register_structure_hook(Trump, _trump)
converter.register_unstructure_hook(CardSet, lambda cards: [card.name for card in cards])
converter.register_structure_hook(
    CardSet, lambda names, _kind: CardSet.of(parse_card(name) for name in names))
converter.register_unstructure_hook(Action, _unstructure_action)
converter.register_structure_hook(Action, _action)
# By predicate: registering a class resolves its attrs types, which stores an attribute on
# the class, and the compiled build's Trick is an extension type that takes none.
converter.register_unstructure_hook_func(lambda cls: cls is Trick, lambda trick: {
    "leader": trick.leader, "cards": [Card(card).name for card in trick.cards],
    "winner": trick.winner})
converter.register_structure_hook_func(lambda cls: cls is Trick, lambda data, _kind: Trick(
    int(data["leader"]), tuple(int(parse_card(name)) for name in data["cards"]),
    int(data["winner"])))

# The values rule modules add to a view or an outcome are written only where there are some,
# so that a variant without such modules writes its views, outcomes and records as before.
converter.register_unstructure_hook(Outcome, make_dict_unstructure_fn(
    Outcome, converter, payments=override(omit_if_default=True)))
converter.register_unstructure_hook(PlayerView, make_dict_unstructure_fn(
    PlayerView, converter, memory=override(omit_if_default=True)))


def unstructure(obj: object) -> Any:
    """``obj`` as JSON-ready plain data (dicts, lists, text, numbers, ``None``)."""
    return converter.unstructure(obj)


def structure(data: Any, cls: type[T]) -> T:
    """The ``cls`` value that ``unstructure`` wrote as ``data``; data that does not fit is a
    ``SoloRulesError`` naming the first problem and its path."""
    if not isinstance(cls, type):
        raise TypeError(f"structure: cls must be a class (Outcome, PlayerView...), got "
                        f"{type(cls).__name__}")
    try:
        return converter.structure(data, cls)
    except cattrs.StructureHandlerNotFoundError:
        raise TypeError(f"structure: cls must be a class that unstructure writes, got "
                        f"{cls.__name__}") from None
    except Exception as exc:  # cattrs' exception groups, a hook's own error
        problems = cattrs.transform_error(exc) if isinstance(exc, cattrs.BaseValidationError) \
            else [str(exc)]
        raise SoloRulesError(f"structure: {cut(' '.join(problems[0].split()), 200)}"
                             + (f" (and {len(problems) - 1} more)" if len(problems) > 1
                                else "")) from None


def to_json(obj: object, indent: int | None = None) -> str:
    """``obj`` as JSON text (``unstructure`` then ``json.dumps``; cards and suits as text)."""
    if indent is not None and (isinstance(indent, bool) or not isinstance(indent, int)):
        raise TypeError(f"to_json: indent must be an int or None, got {type(indent).__name__}")
    try:
        return json.dumps(unstructure(obj), indent=indent, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON-ready, or a cycle
        raise TypeError(f"to_json: obj must be a solo_rules value or plain data, got "
                        f"{type(obj).__name__}") from None
