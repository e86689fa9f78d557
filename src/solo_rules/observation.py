"""Observations for agents: a dense action index, an information-state string and a
fixed-length numeric encoding of one seat's view (docs/observations.md, field by field).

Everything here is computed from a ``PlayerView``, so an encoding holds exactly what that seat
may know and nothing more. Encodings are plain lists of floats (no numpy in the core); their
length depends on the variant only, never on the moment of the hand. A card is encoded by its
card id, in fields as wide as the variant's card range (``cards.card_range``): the 32 ids of
the 32-card pack, or all 52 where the pack has the forty-card pack's low ranks (ids 32..51).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from solo_rules.actions import Action
from solo_rules.cards import card_ids, card_range
from solo_rules.errors import ActionParseError, InvalidStateError, integer, wrong_type
from solo_rules.game import CompiledRules, compile
from solo_rules.ranking import Trump
from solo_rules.state import Phase, PlayerView, Trick
from solo_rules.variant import Variant, load_variant
from solo_rules.view import trick_seats

__all__ = ["ActionIndex", "Encoder", "Field", "rules_of", "said_bound", "utility_bound"]


def rules_of(variant: CompiledRules | Variant | str) -> CompiledRules:
    """The compiled rule set of a variant given as compiled rules, a ``Variant`` or its id."""
    if isinstance(variant, CompiledRules):
        return variant
    if not isinstance(variant, str | Variant):
        raise wrong_type("rules_of", "variant", "CompiledRules, a Variant or its id", variant)
    return compile(load_variant(variant) if isinstance(variant, str) else variant)


def said_bound(rules: CompiledRules) -> int:
    """An upper bound of the actions other than cards in a hand: a decision after every trick,
    a declaration per seat, the call, the trumps and "Helfer?", and what each phase says it
    adds (``Stage.said_most``: an auction in which each seat speaks at most once between two
    raises of the bid, plus a pass each, the three steps of a Mediateur exchange, the
    five-hand purchase's offer and answer). The longest auctions, searched exhaustively on
    sample deals, are far shorter: tests/test_openspiel.py."""
    return (rules.hand_size + rules.players + 3
            + sum(stage.said_most(rules) for stage in rules.stages.values()))


def utility_bound(rules: CompiledRules) -> int:
    """The bound the agent adapters declare, a seat's rewards lying within ``-bound..bound``:
    the settlement's ``bound``, or 1 where it is 0, a settlement that pays nothing (every
    score 0, which lies within -1..1; OpenSpiel requires a minimum below the maximum)."""
    return rules.settlement.bound(rules) or 1


class ActionIndex:
    """The actions of one variant numbered densely 0..n-1 in ascending id order, so agents
    see ``num_distinct_actions`` outputs however sparse the ids are (Niese's reach 1086)."""

    def __init__(self, variant: CompiledRules | Variant | str) -> None:
        self.actions: tuple[Action, ...] = tuple(sorted(rules_of(variant).actions.by_id.values()))
        self._index = {action.id: n for n, action in enumerate(self.actions)}

    @property
    def num_distinct_actions(self) -> int:
        """How many actions the variant has."""
        return len(self.actions)

    def index(self, action: Action | int) -> int:
        """The dense index of an action (or of its id)."""
        aid = action.id if isinstance(action, Action) else integer(action)
        if aid is None:
            raise wrong_type("index", "action", "an Action or its int id", action)
        found = self._index.get(aid)
        if found is None:
            raise ActionParseError(f"no action of id {aid} in this variant")
        return found

    def action(self, index: int) -> Action:
        """The action at a dense index ``0..num_distinct_actions - 1`` (no negative index)."""
        number = integer(index)
        if number is None:
            raise wrong_type("action", "index", "an int", index)
        if not 0 <= number < len(self.actions):
            raise ActionParseError(f"index must be 0..{len(self.actions) - 1}, got {index}")
        return self.actions[number]

    def mask(self, legal: Iterable[Action]) -> list[float]:
        """The legal-action mask: 1.0 at the dense index of each action of ``legal``."""
        if not isinstance(legal, Iterable) or isinstance(legal, str):
            raise wrong_type("mask", "legal", "an iterable of Actions", legal)
        out = [0.0] * len(self.actions)
        for action in legal:
            out[self.index(action)] = 1.0
        return out


@attrs.frozen
class Field:
    """One field of the encoding: its name, where it starts, how many floats, what it holds."""

    name: str
    start: int
    size: int
    doc: str


def lay_out(layout: Iterable[tuple[str, int, str]]) -> tuple[Field, ...]:
    """The fields of a layout of (name, size, doc), each starting where the one before ends."""
    fields = []
    start = 0
    for name, size, doc in layout:
        fields.append(Field(name, start, size, doc))
        start += size
    return tuple(fields)


class Encoder:
    """Encodes views of one variant: ``encode(view)`` is a list of ``size`` floats laid out
    as ``fields``; ``string(view)`` is the information-state string (perfect recall)."""

    def __init__(self, variant: CompiledRules | Variant | str) -> None:
        rules = rules_of(variant)
        self.rules = rules
        self.index = ActionIndex(rules)
        self.players = players = rules.players
        self.phases: tuple[str, ...] = (*rules.stages, Phase.END)
        self.contracts: tuple[str, ...] = tuple(c.id for c in rules.contracts.contracts)
        self.tricks = tricks = rules.hand_size
        #: how wide each card field is: the variant's card range (``cards.card_range``), 32
        #: card ids, or 52 where the pack has cards below the seven
        self.card_ids = width = len(card_range(rules.pack))
        last = width - 1
        actions = self.index.num_distinct_actions
        #: the actions other than cards, by dense index: what ``sequence`` records in order
        self.said: tuple[Action, ...] = tuple(a for a in self.index.actions if a.kind != "play")
        self._said = {action.id: n for n, action in enumerate(self.said)}
        #: the most actions other than cards a hand can have (``said_bound``)
        self.said_max = said_bound(rules)
        layout = (
            ("seat", players, "one-hot: the observing seat"),
            ("dealer", players, "one-hot: the dealer"),
            ("phase", len(self.phases), f"one-hot over the phases {', '.join(self.phases)}"),
            ("current_player", players, "one-hot: the seat to act (all zero once over)"),
            ("hand", width, f"the seat's unplayed cards, by card id 0..{last}"),
            ("exposed", width, "other seats' unplayed cards that lie face up by rule"),
            ("contract", len(self.contracts),
             f"one-hot: the contract in play, over {', '.join(self.contracts)}"),
            ("declarer", players, "one-hot: the declarer (all zero when none)"),
            ("trump", len(Trump), "one-hot: trumps C S H D or none; all zero until named"),
            ("tout", 1, "1.0 when Tout is declared"),
            ("called", width, "one-hot: the called card"),
            ("partner", players, "one-hot: the partner, once this seat may know him"),
            ("trick_leader", players, "one-hot: the leader of the trick in progress"),
            ("trick", players * width,
             "the trick in progress: per position in playing order, the card one-hot"),
            ("tricks", tricks * (2 * players + players * width),
             "per completed trick in order: leader one-hot, winner one-hot, then per seat "
             "(seat 0 first) the card it played one-hot"),
            ("said", players * actions,
             "per seat: multi-hot over the dense action index of every non-card action it "
             "took (bids, passes, declarations, calls, words)"),
            ("last_said", players * actions,
             "per seat: one-hot of the last non-card action it took"),
            ("dealt", width, "the cards the seat was dealt and saw, by card id"),
            ("sequence", self.said_max * (players + len(self.said)),
             "every non-card action in order: per step, the seat one-hot, then the action "
             "one-hot over the non-card actions (in dense index order)"),
        )
        self.fields: tuple[Field, ...] = lay_out(layout)
        self.size = self.fields[-1].start + self.fields[-1].size
        fields = self.fields
        self._start = {f.name: f.start for f in fields}
        self._phase = {phase: n for n, phase in enumerate(self.phases)}
        self._contract = {cid: n for n, cid in enumerate(self.contracts)}
        #: the last tricks and history ``ones`` read, and what it read from them
        self._tricks_read: tuple[tuple[int, ...], tuple[Trick, ...], tuple[int, ...]] = (
            (), (), ())
        self._said_read: tuple[tuple[tuple[int, Action], ...], int, tuple[int, ...],
                               tuple[int | None, ...]] = ((), 0, (), (None,) * players)

    def _check(self, where: str, view: object) -> None:
        """Refuse what is not a view of a table of this variant's size or cards (a six-hand
        view, or a forty-card pack's view in a 32-card encoder, would be written into the
        wrong fields)."""
        if not isinstance(view, PlayerView):
            raise wrong_type(where, "view", "a PlayerView", view)
        if view.players != self.players:
            raise InvalidStateError(f"{where}: the view is of a {view.players}-seat table, "
                                    f"the encoder's variant seats {self.players}")
        if (view.hand.mask | view.dealt.mask | view.exposed.mask) >> self.card_ids:
            raise InvalidStateError(f"{where}: the view holds a card outside the encoder's "
                                    f"card ids 0..{self.card_ids - 1}")

    def encode(self, view: PlayerView) -> list[float]:
        """The encoding of ``view``: ``size`` floats, 0.0 or 1.0, laid out as ``fields``."""
        out = [0.0] * self.size
        for position in self.ones(view):
            out[position] = 1.0
        return out

    def ones(self, view: PlayerView) -> list[int]:
        """Where the encoding of ``view`` holds 1.0 (everywhere else 0.0): what an array
        library fills in one assignment (``solo_rules.integrations.arrays``)."""
        self._check("encode", view)
        out: list[int] = []
        at = self._start
        width = self.card_ids

        def one(field: str, offset: int | None) -> None:
            if offset is not None:
                out.append(at[field] + offset)

        def cards(field: str, mask: int) -> None:
            start = at[field]
            out.extend([start + card for card in card_ids(mask)])

        one("seat", view.seat)
        one("dealer", view.dealer)
        one("phase", self._phase.get(view.phase))
        one("current_player", view.current_player)
        cards("hand", view.hand.mask)
        cards("exposed", view.exposed.mask)
        one("contract", None if view.contract_kind is None
            else self._contract[view.contract_kind])
        one("declarer", view.declarer)
        one("trump", None if view.trump is None else int(view.trump))
        one("tout", 0 if view.tout else None)
        one("called", view.called)
        one("partner", view.partner)
        if view.trick:
            one("trick_leader", view.trick[0][0])
            for position, (_, card) in enumerate(view.trick):
                one("trick", position * width + card)
        out += self._tricks_ones(view)
        cards("dealt", view.dealt.mask)
        said, last = self._said_ones(view.history)
        out += said
        actions = self.index.num_distinct_actions
        for seat, index in enumerate(last):
            if index is not None:
                one("last_said", seat * actions + index)
        return out

    def _tricks_ones(self, view: PlayerView) -> tuple[int, ...]:
        """Where ``view``'s completed tricks hold 1.0. The tricks of a view are mostly the
        last ones read plus one, so they are read on from those (a cache, never a source: the
        seats sitting out and the earlier tricks are compared, any others read whole)."""
        out, tricks, ones = self._tricks_read
        before = len(tricks)
        if view.tricks is tricks and view.sitting_out == out:
            return ones
        if not (out == view.sitting_out and len(view.tricks) >= before
                and view.tricks[:before] == tricks):
            before, ones = 0, ()
        new = list(ones)
        players, width, at = self.players, self.card_ids, self._start["tricks"]
        stride = 2 * players + players * width
        for n in range(before, len(view.tricks)):
            trick = view.tricks[n]
            base = at + n * stride
            new += (base + trick.leader, base + players + trick.winner)
            new += [base + 2 * players + seat * width + played for seat, played in
                    zip(trick_seats(self.rules, view, trick.leader), trick.cards, strict=True)]
        self._tricks_read = (view.sitting_out, view.tricks, tuple(new))
        return self._tricks_read[2]

    def _said_ones(self, history: tuple[tuple[int, Action], ...]
                   ) -> tuple[tuple[int, ...], tuple[int | None, ...]]:
        """Where the actions other than cards of ``history`` hold 1.0 in ``said`` and
        ``sequence``, and per seat the dense index of its last one, read on from the last
        history read when that is its prefix (compared, else read whole)."""
        known, count, ones, last = self._said_read
        before = len(known)
        if history is known:
            return ones, last
        if not (len(history) >= before and history[:before] == known):
            known, count, ones, last = (), 0, (), (None,) * self.players
        players, actions = self.players, self.index.num_distinct_actions
        said, sequence = self._start["said"], self._start["sequence"]
        step = players + len(self.said)
        new, spoken = list(ones), list(last)
        words = [(seat, action) for seat, action in history[len(known):]
                 if action.kind != "play"]
        if count + len(words) > self.said_max:
            raise InvalidStateError(f"{count + len(words)} actions other than cards; the "
                                    f"encoding of {self.rules.variant.id} has room for "
                                    f"{self.said_max}")
        for seat, action in words:
            index = self.index.index(action)
            new += (said + seat * actions + index, sequence + count * step + seat,
                    sequence + count * step + players + self._said[action.id])
            spoken[seat] = index
            count += 1
        self._said_read = (history, count, tuple(new), tuple(spoken))
        return self._said_read[2], self._said_read[3]

    def string(self, view: PlayerView) -> str:
        """The information-state string: the seat, the dealer, its hand and the cards it was
        dealt, the cards face up, the partner if known, and every action in order as the seat
        saw it, so equal strings mean equal knowledge."""
        self._check("string", view)
        parts = [f"seat {view.seat}", f"dealer {view.dealer}", f"hand {view.hand}",
                 f"dealt {view.dealt}"]
        if view.exposed:
            parts.append(f"exposed {view.exposed}")
        if view.partner is not None:
            parts.append(f"partner {view.partner}")
        parts.append("history " + " ".join(f"{seat}:{action.text.replace(' ', '_')}"
                                           for seat, action in view.history))
        return " | ".join(parts)

    def legal_mask(self, view: PlayerView) -> list[float]:
        """The legal-action mask of ``view`` over the dense action index (all zero when the
        seat is not to act)."""
        self._check("legal_mask", view)
        return self.index.mask(view.legal_actions)

    def split(self, vector: Sequence[float]) -> dict[str, Sequence[float]]:
        """An encoding cut into its named fields."""
        if not isinstance(vector, Sequence) or isinstance(vector, str) \
                or len(vector) != self.size:
            raise wrong_type("split", "vector", f"a sequence of {self.size} floats", vector)
        return {f.name: vector[f.start:f.start + f.size] for f in self.fields}
