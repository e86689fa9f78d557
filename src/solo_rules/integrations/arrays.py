"""Observations as numpy arrays (``pip install 'solo-rules[arrays]'``): the perfect-recall
encoding (``Encoder``) filled in one assignment, and a compact observation of the kind
PettingZoo's classic card games and RLCard give (docs/observations.md, field by field).

Both are computed from one seat's ``PlayerView``, so they hold what that seat may know and
nothing more; ``public`` keeps of several seats' arrays only what every seat sees. The core
library stays free of numpy: ``Encoder.ones`` says where the encoding holds 1.0, and the card
fields here are cut from card masks by one ``numpy.unpackbits``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from solo_rules.actions import Action
from solo_rules.cards import card_range
from solo_rules.game import CompiledRules
from solo_rules.observation import ActionIndex, Encoder, Field, lay_out, rules_of
from solo_rules.ranking import Trump
from solo_rules.state import PlayerView
from solo_rules.variant import Variant
from solo_rules.view import History

__all__ = ["CompactEncoder", "action_mask", "information_state", "public"]

Array = np.ndarray[Any, np.dtype[np.float32]]


def information_state(encoder: Encoder, view: PlayerView, out: Array | None = None) -> Array:
    """``encoder.encode(view)`` as float32, written into ``out`` (of ``encoder.size``) when
    given: zeros, then 1.0 at ``encoder.ones(view)`` in one assignment."""
    if out is None:
        out = np.zeros(encoder.size, np.float32)
    else:
        out.fill(0.0)
    out[encoder.ones(view)] = 1.0
    return out


def action_mask(index: ActionIndex, legal: Iterable[Action]) -> np.ndarray[Any, np.dtype[np.int8]]:
    """The legal-action mask over the dense ``index`` as int8 (1 at each of ``legal``), as
    PettingZoo's and Gymnasium's action masks are."""
    mask = np.zeros(index.num_distinct_actions, np.int8)
    mask[[index.index(action) for action in legal]] = 1
    return mask


def public(arrays: Sequence[Array], fields: Sequence[Field], *,
           private: Sequence[str] = ("seat", "hand", "dealt"),
           shown: Sequence[str] = ("exposed",)) -> Array:
    """What every seat observes of the table: of the seats' arrays (of one layout,
    ``fields``), the ``private`` fields cleared, the cards ``shown`` face up to any seat, and
    elsewhere the least value any seat holds (a partner or an action only some seats know is
    left out)."""
    stacked = np.stack(arrays)
    out: Array = stacked.min(axis=0)
    for field in fields:
        part = slice(field.start, field.start + field.size)
        if field.name in private:
            out[part] = 0.0
        elif field.name in shown:
            out[part] = stacked[:, part].max(axis=0)
    return out


class CompactEncoder:
    """A compact observation of views of one variant, float32 laid out as ``fields``: the
    seat's cards, the cards each seat has played and taken, the trick, the contract and the
    last thing each seat said, sized by the pack and the seats (no history of the auction:
    the ``Encoder`` keeps that, with perfect recall)."""

    def __init__(self, variant: CompiledRules | Variant | str) -> None:
        self.encoder = encoder = Encoder(variant)
        self.rules = rules = rules_of(variant)
        self.players = players = rules.players
        self.card_ids = width = len(card_range(rules.pack))
        said = encoder.said
        self._said = {action.id: n for n, action in enumerate(said)}
        # the card fields first, one row of ``width`` per card mask (``_masks`` order)
        layout = (
            ("hand", width, "the seat's unplayed cards, by card id"),
            ("dealt", width, "the cards the seat was dealt and saw"),
            ("exposed", width, "other seats' unplayed cards that lie face up by rule"),
            ("called", width, "one-hot: the called card"),
            ("played", players * width, "per seat (seat 0 first): every card it has played, "
             "the trick in progress included"),
            ("trick", players * width, "per seat: the card it played to the trick in progress"),
            ("taken", players * width, "per seat: the cards of the tricks it won"),
            ("seat", players, "one-hot: the observing seat"),
            ("dealer", players, "one-hot: the dealer"),
            ("phase", len(encoder.phases),
             f"one-hot over the phases {', '.join(encoder.phases)}"),
            ("current_player", players, "one-hot: the seat to act (all zero once over)"),
            ("trick_leader", players, "one-hot: the leader of the trick in progress"),
            ("contract", len(encoder.contracts),
             f"one-hot: the contract in play, over {', '.join(encoder.contracts)}"),
            ("declarer", players, "one-hot: the declarer (all zero when none)"),
            ("partner", players, "one-hot: the partner, once this seat may know him"),
            ("trump", len(Trump), "one-hot: trumps C S H D or none; all zero until named"),
            ("tout", 1, "1.0 when Tout is declared"),
            ("won", players, "per seat: the tricks it has won, over the tricks of a hand"),
            ("said", players * len(said),
             "per seat: multi-hot over the non-card actions (dense index order) it took"),
            ("last_said", players * len(said), "per seat: one-hot of its last non-card action"),
        )
        self.fields: tuple[Field, ...] = lay_out(layout)
        start = self.size = self.fields[-1].start + self.fields[-1].size
        fields = self.fields
        at = {field.name: field.start for field in fields}
        self._at = at
        #: the bytes of the bits ``encode`` sets
        self._bytes = (start + 7) // 8
        #: what ``_history`` reads from no history, and the last history it read
        self._empty: tuple[tuple[int, ...], int, tuple[int | None, ...]] = (
            (0,) * players, 0, (None,) * players)
        self._last: tuple[History, tuple[int, ...], int, tuple[int | None, ...]] = (
            (), *self._empty)
        self._tricks = rules.hand_size
        self._phase = {phase: n for n, phase in enumerate(encoder.phases)}
        self._contract = {cid: n for n, cid in enumerate(encoder.contracts)}

    def encode(self, view: PlayerView, out: Array | None = None) -> Array:
        """The compact observation of ``view`` (written into ``out`` when given): every 0/1
        field set as one bit of a Python int, cut into floats by one ``unpackbits``."""
        encoder = self.encoder
        encoder._check("encode", view)  # the encoder's own refusal of a wrong view
        players, at, width = self.players, self._at, self.card_ids
        played, bits, last = self._history(view.history)
        bits |= 1 << at["seat"] + view.seat | 1 << at["dealer"] + view.dealer
        taken = [0] * players
        won = [0] * players
        for trick in view.tricks:
            taken[trick.winner] |= sum([1 << card for card in trick.cards])
            won[trick.winner] += 1
        current = [0] * players
        for seat, card in view.trick:
            current[seat] |= 1 << card
        masks = (view.hand.mask, view.dealt.mask, view.exposed.mask,
                 0 if view.called is None else 1 << view.called, *played, *current, *taken)
        for row, mask in enumerate(masks):  # the card fields, ``width`` bits a row
            bits |= mask << row * width
        phase = self._phase.get(view.phase)
        if phase is not None:
            bits |= 1 << at["phase"] + phase
        seats: tuple[tuple[str, int | None], ...] = (
            ("current_player", view.current_player), ("declarer", view.declarer),
            ("partner", view.partner), ("trick_leader", view.trick[0][0] if view.trick else None))
        for name, who in seats:
            if who is not None:
                bits |= 1 << at[name] + who
        if view.contract_kind is not None:
            bits |= 1 << at["contract"] + self._contract[view.contract_kind]
        if view.trump is not None:
            bits |= 1 << at["trump"] + int(view.trump)
        if view.tout:
            bits |= 1 << at["tout"]
        for seat, index in enumerate(last):
            if index is not None:
                bits |= 1 << at["last_said"] + seat * len(self._said) + index
        flags = np.unpackbits(np.frombuffer(bits.to_bytes(self._bytes, "little"), np.uint8),
                              count=self.size, bitorder="little")
        if out is None:
            out = flags.astype(np.float32)
        else:
            out[:] = flags
        for seat, count in enumerate(won):
            if count:
                out[at["won"] + seat] = count / self._tricks
        return out

    def _history(self, history: History) -> tuple[tuple[int, ...], int, tuple[int | None, ...]]:
        """What ``encode`` reads from a history: per seat the cards it played, the bits of
        the words said, per seat its last word. Each history is mostly the last one plus an
        action or a few, so it is read on from the last one's (a cache, never a source:
        the prefix is compared, and any other history is read whole)."""
        known, played, bits, last = self._last
        before = len(known)
        if history is known:
            return played, bits, last
        if len(history) >= before and history[:before] == known:
            new = history[before:]
        else:
            new, played, bits, last = history, *self._empty
        said, words, start = self._said, len(self._said), self._at["said"]
        seen, spoken = list(played), list(last)
        for seat, action in new:
            index = said.get(action.id)
            if index is None:
                seen[seat] |= 1 << action.card  # type: ignore[operator]  # a play's card
            else:
                bits |= 1 << start + seat * words + index
                spoken[seat] = index
        self._last = (history, tuple(seen), bits, tuple(spoken))
        return self._last[1:]
