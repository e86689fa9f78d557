"""Comparing two variants: a structured diff of their rules and witness deals.

``compare(a, b)`` reads the two resolved rule sets slot by slot and lists what differs, each
entry tagged with the phase of the hand it can first change (its *impact*, from a table by slot
and parameter, never by variant). ``witness(a, b)`` plays seeded deals in both variants with the
same choices while both allow them, and stops at the first point where the legal actions, a
trick's winner or the score differ; ``witnesses(a, b)`` looks for one per behavioural entry.
"""

from __future__ import annotations

import difflib
import enum
import json
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, cast, get_args

import attrs

from solo_rules.bots import Bot, HeuristicBot, RandomBot
from solo_rules.cards import Card, CardSet, card_ids
from solo_rules.describe import SECTION_TITLES, compose
from solo_rules.display import symbols
from solo_rules.errors import SoloRulesError, VariantError, check_seed
from solo_rules.game import CompiledRules, compile, new_game
from solo_rules.rules.deal import shuffled
from solo_rules.schema import SLOT_OF, SLOTS, Impact, Provenance, RuleModule
from solo_rules.state import GameState, Phase
from solo_rules.variant import Variant, derive, load_variant

__all__ = [
    "IMPACTS",
    "DiffEntry",
    "EntryWitness",
    "IncomparableError",
    "VariantDiff",
    "Witness",
    "compare",
    "incomparable",
    "isolate",
    "seeded_deal",
    "witness",
    "witnesses",
]

Kind = Literal["param_changed", "module_swapped", "added", "removed", "provenance_only"]
#: The impact classes in the order a hand meets them (``prose_only`` changes no behaviour).
IMPACTS: tuple[Impact, ...] = get_args(Impact)

#: What a change of a slot's parameter can first affect, where it is not what a change of its
#: slot first affects (``Slot.impact``) ...
_PARAM_IMPACT: dict[tuple[str, str], Impact] = {
    ("partner", "must_play_when_led"): "legality",
    ("partner", "must_lead_when_leading_suit"): "legality",
    ("partner", "helfer"): "legality",
    ("contracts", "colour_suit"): "scoring",
    ("contracts", "colour_multiplier"): "scoring",
    ("pack", "suits"): "prose_only",  # French or German suit names: display only
    ("ranks", "names"): "prose_only",  # the matadors' names in the rulebook
}
#: ... or, for the contract table, the field of a contract that changed (the earliest counts).
_CONTRACT_FIELD_IMPACT: dict[str, Impact] = {
    "name": "prose_only", "forced": "auction", "requires": "auction", "partner": "declaration",
    "trump_by": "declaration", "suit": "declaration", "tout": "declaration",
    "shows": "declaration", "must_head": "legality", "misere": "trick", "tricks": "scoring",
    "base": "scoring", "single_player": "scoring",
}


class IncomparableError(SoloRulesError):
    """Two variants cannot be played on the same deal: different packs, player counts,
    seats that sit out, or hand sizes."""


# -- values as plain data ------------------------------------------------------------------


def _show(value: Any) -> Any:
    """A parameter value as plain JSON-ready data: cards, suits and ranks by their letters,
    a nested rule item as the mapping of its fields."""
    if isinstance(value, enum.Enum):
        letter = getattr(value, "letter", None)
        return letter if isinstance(letter, str) and not isinstance(value, Card) else value.name
    if attrs.has(type(value)):
        return {field.name: _show(getattr(value, field.name))
                for field in attrs.fields(type(value))}
    if isinstance(value, Mapping):
        return {str(key): _show(item) for key, item in value.items()}
    if isinstance(value, list | tuple | frozenset | set):
        return [_show(item) for item in value]
    return value


def _key(item: Any) -> str:
    """How an item of an ordered list is known: its id, else its own text."""
    if isinstance(item, dict) and "id" in item:
        return str(item["id"])
    if isinstance(item, dict):
        return json.dumps(item, sort_keys=True, ensure_ascii=False)
    return str(item)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _order_change(left: list[Any], right: list[Any]) -> str:
    """What moved, came, went or changed between two ordered lists (a card order, a ladder of
    bids, a contract table), by item rather than by line."""
    lkeys = [_key(item) for item in left]
    rkeys = [_key(item) for item in right]
    parts = [f"removed {key}" for key in lkeys if key not in rkeys]
    parts += [f"added {key} ({_ordinal(rkeys.index(key) + 1)})" for key in rkeys
              if key not in lkeys]
    common_l = [key for key in lkeys if key in rkeys]
    common_r = [key for key in rkeys if key in lkeys]
    matcher = difflib.SequenceMatcher(a=common_l, b=common_r, autojunk=False)
    kept = {common_l[block.a + n] for block in matcher.get_matching_blocks()
            for n in range(block.size)}
    parts += [f"moved {key} from {_ordinal(lkeys.index(key) + 1)} to "
              f"{_ordinal(rkeys.index(key) + 1)}" for key in common_r if key not in kept]
    for key in common_r:
        before, after = left[lkeys.index(key)], right[rkeys.index(key)]
        if before != after and isinstance(before, dict) and isinstance(after, dict):
            fields = [f"{name} {_text(before.get(name))} -> {_text(after.get(name))}"
                      for name in {**before, **after} if before.get(name) != after.get(name)]
            parts.append(f"{key}: {', '.join(fields)}")
    return "; ".join(parts) or "same items"


def _text(value: Any) -> str:
    """A plain value in one short line."""
    if value is None:
        return "-"
    if isinstance(value, list) and all(isinstance(v, str | int) for v in value):
        return "[" + " ".join(str(v) for v in value) + "]"
    if isinstance(value, str | int | float | bool):
        return json.dumps(value) if isinstance(value, bool) else str(value)
    return json.dumps(value, ensure_ascii=False)


def _words(name: str) -> str:
    """An identifier in words: ``first_dealer`` → ``first dealer``."""
    return name.replace("_", " ")


def _scalars(value: Any) -> bool:
    """Whether ``value`` is a list of plain values (a card order, packets, names)."""
    return isinstance(value, list) and all(isinstance(v, str | int) for v in value)


def _whole(items: list[Any]) -> str:
    """A list of plain values as one: packets ``3-2-3``, an order or names ``A 10 K Q``."""
    if items and all(isinstance(v, int) and not isinstance(v, bool) for v in items):
        return "-".join(str(v) for v in items)
    return " ".join(str(v) for v in items) or "none"


def _plain(value: Any) -> str:
    """A value for a person: ``-`` as ``none``, identifiers in words."""
    if value is None:
        return "none"
    if isinstance(value, str):
        return _words(value)
    if isinstance(value, dict):
        return ", ".join(f"{_words(key)} {_plain(item)}" for key, item in value.items())
    return _text(value)


# -- the diff --------------------------------------------------------------------------------


@attrs.frozen
class DiffEntry:
    """One difference: the dotted ``path`` in the resolved tree, what kind of change, what it
    can first affect, both sides' values (plain data) and both sides' provenance."""

    path: str
    slot: str
    kind: Kind
    impact: Impact
    left: Any
    right: Any
    left_provenance: Provenance | None
    right_provenance: Provenance | None

    @property
    def behavioural(self) -> bool:
        """Whether the change can change play or score (not just the prose or its source)."""
        return self.impact != "prose_only"

    @property
    def change(self) -> str:
        """The change in one line: orders by what moved, other values as ``left -> right``."""
        if self.kind == "provenance_only":
            keys = sorted({**(self.left or {}), **(self.right or {})})
            changed = [k for k in keys if (self.left or {}).get(k) != (self.right or {}).get(k)]
            return "source changed: " + ", ".join(changed)
        if isinstance(self.left, list) and isinstance(self.right, list):
            return _order_change(self.left, self.right)
        return f"{_text(self.left)} -> {_text(self.right)}"

    @property
    def words(self) -> str:
        """The change for a person: what the rule is called and how it changes, orders and
        packets as wholes (``packets: 3-2-3 → 4-4``), names rather than identifiers."""
        what = _words(self.path.rsplit(".", 1)[-1]) if self.kind == "param_changed" else \
            SECTION_TITLES.get(self.slot, self.slot).lower()
        left, right = self.left, self.right
        if _scalars(left) and _scalars(right):
            return f"{what}: {_whole(left)} → {_whole(right)}"
        if isinstance(left, list) and isinstance(right, list):
            return f"{what}: {_order_change(left, right).replace(' -> ', ' → ')}"
        if self.kind == "module_swapped":
            return f"{what}: {_words(str(left).split('.')[-1])} → " \
                   f"{_words(str(right).split('.')[-1])} ({left} → {right})"
        return f"{what}: {_plain(left)} → {_plain(right)}"

    def swapped(self) -> DiffEntry:
        """The same entry seen from the other side."""
        flipped: dict[str, Kind] = {"added": "removed", "removed": "added"}
        return attrs.evolve(self, kind=flipped.get(self.kind, self.kind), left=self.right,
                            right=self.left,
                            left_provenance=self.right_provenance,
                            right_provenance=self.left_provenance)

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready data."""

        def prov(p: Provenance | None) -> dict[str, Any] | None:
            return None if p is None else _show(attrs.asdict(p, recurse=False))

        return {"path": self.path, "slot": self.slot, "kind": self.kind, "impact": self.impact,
                "left": self.left, "right": self.right, "change": self.change,
                "left_provenance": prov(self.left_provenance),
                "right_provenance": prov(self.right_provenance)}


def _refs(p: Provenance | None) -> str:
    if p is None:
        return "-"
    return f"{p.basis}" + (f" [{', '.join(p.refs)}]" if p.refs else "")


def _sources(entry: DiffEntry) -> str:
    """Both sides' sources, or the one where they are the same."""
    left, right = _refs(entry.left_provenance), _refs(entry.right_provenance)
    return f"  (source: {left})" if left == right else f"  (sources: {left} | {right})"


@attrs.frozen
class VariantDiff:
    """The differences between two variants' rules, in rulebook order, with what they share."""

    left: str
    right: str
    entries: tuple[DiffEntry, ...]
    common: str
    left_variant: Variant = attrs.field(eq=False, repr=False)
    right_variant: Variant = attrs.field(eq=False, repr=False)

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[DiffEntry]:
        return iter(self.entries)

    @property
    def count(self) -> str:
        """``13 differences in play or score, 14 in sources or wording only``."""
        n, quiet = len(self.behavioural), len(self.entries) - len(self.behavioural)
        return f"{n} difference{'' if n == 1 else 's'} in play or score, {quiet} in sources " \
               "or wording only"

    @property
    def behavioural(self) -> tuple[DiffEntry, ...]:
        """The entries that can change play or score."""
        return tuple(entry for entry in self.entries if entry.behavioural)

    def by_slot(self) -> dict[str, tuple[DiffEntry, ...]]:
        """The entries grouped by rulebook slot, in rulebook order."""
        return {slot: found for slot in SLOTS
                if (found := tuple(e for e in self.entries if e.slot == slot))}

    def text(self) -> str:
        """A report for people: the differences in play or score first, by rulebook section,
        each with the rulebook's own words on both sides where they differ; the entries that
        change only a source or the wording folded under a count (``to_json`` lists all)."""
        lines = [f"{self.left} vs {self.right}: {self.count}", self.common]
        for title, entries, said in self._sections():
            lines.append(f"\n{title}")
            for entry in entries:
                lines.append(f"  - {entry.words}{_sources(entry)}")
            for name, clauses in said:
                lines += [f"  {name} says:", *(f"    {clause}" for clause in clauses)]
        lines.append(self._folded())
        return "\n".join(lines) + "\n"

    def markdown(self) -> str:
        """The report of ``text`` in Markdown: a heading per rulebook section."""
        lines = [f"# {self.left} vs {self.right}", "",
                 f"{self.count[0].upper()}{self.count[1:]}. {self.common}"]
        for title, entries, said in self._sections():
            lines += ["", f"## {title}", ""]
            lines += [f"- {entry.words}{_sources(entry)}" for entry in entries]
            for name, clauses in said:
                lines += ["", f"{name} says:", "", *(f"> {clause}  " for clause in clauses)]
        lines += ["", self._folded()]
        return "\n".join(lines) + "\n"

    def _sections(self) -> list[tuple[str, tuple[DiffEntry, ...], list[tuple[str, list[str]]]]]:
        """Per rulebook section with a difference in play or score: its title, those
        entries, and each side's clauses of that section that the other does not have."""
        books = [{section.slot: [text for text, _ in section.clauses]
                  for section in compose(variant).sections}
                 for variant in (self.left_variant, self.right_variant)]
        out = []
        for slot, entries in self.by_slot().items():
            shown = tuple(entry for entry in entries if entry.behavioural)
            if not shown:
                continue
            left, right = books[0].get(slot, []), books[1].get(slot, [])
            said = [(name, only) for name, only in (
                (self.left, [c for c in left if c not in right]),
                (self.right, [c for c in right if c not in left])) if only]
            out.append((SECTION_TITLES.get(slot, slot), shown, said))
        return out

    def _folded(self) -> str:
        """The entries that change only a source or the wording, as a count per section."""
        quiet = [entry for entry in self.entries if not entry.behavioural]
        if not quiet:
            return "\nNo difference in sources or wording alone."
        per = {SECTION_TITLES.get(slot, slot): n for slot in SLOTS
               if (n := sum(entry.slot == slot for entry in quiet))}
        return (f"\nSources or wording only: {len(quiet)} more entr"
                f"{'y' if len(quiet) == 1 else 'ies'} ("
                + ", ".join(f"{title} {n}" for title, n in per.items())
                + "); --format json lists each.")

    def to_dict(self) -> dict[str, Any]:
        """The diff as JSON-ready data."""
        return {"left": self.left, "right": self.right, "common": self.common,
                "entries": [entry.to_dict() for entry in self.entries]}

    def to_json(self) -> str:
        """The diff as indented JSON text."""
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"


def _variant(source: Variant | str | Path) -> Variant:
    return source if isinstance(source, Variant) else load_variant(source)


def _impact(slot: str, param: str, left: Any, right: Any) -> Impact:
    if slot == "contracts" and param == "contracts":
        lkeyed = {_key(item): item for item in left}
        rkeyed = {_key(item): item for item in right}
        if set(lkeyed) != set(rkeyed):
            return "auction"  # a contract that one side cannot bid at all
        fields = {name for key in lkeyed for name in {**lkeyed[key], **rkeyed[key]}
                  if lkeyed[key].get(name) != rkeyed[key].get(name)}
        if [_key(i) for i in left] != [_key(i) for i in right]:
            fields.add("forced")  # the order of the table is the order of the bids
        return min((_CONTRACT_FIELD_IMPACT.get(name, "declaration") for name in fields),
                   key=IMPACTS.index)
    return _PARAM_IMPACT.get((slot, param), SLOT_OF[slot].impact)


def _param_names(module: RuleModule) -> list[str]:
    return [field.name for field in attrs.fields(cast(Any, type(module)))]


def _slot_entries(slot: str, a: Variant, b: Variant) -> list[DiffEntry]:
    ra, rb = a.slots.get(slot), b.slots.get(slot)
    if ra is None and rb is None:
        return []
    path = f"rules.{slot}"
    if ra is None or rb is None:
        kind: Kind = "added" if ra is None else "removed"
        return [DiffEntry(path, slot, kind, SLOT_OF[slot].impact,
                          None if ra is None else ra.module.module_id,
                          None if rb is None else rb.module.module_id,
                          None if ra is None else ra.provenance,
                          None if rb is None else rb.provenance)]
    ma, mb = ra.module, rb.module
    if type(ma) is not type(mb):
        return [DiffEntry(f"{path}.module", slot, "module_swapped", SLOT_OF[slot].impact,
                          ma.module_id, mb.module_id, ra.provenance, rb.provenance)]
    out = []
    for name in _param_names(ma):
        pa = ra.param_provenance.get(name, ra.provenance)
        pb = rb.param_provenance.get(name, rb.provenance)
        va, vb = getattr(ma, name), getattr(mb, name)
        if va != vb:
            left, right = _show(va), _show(vb)
            out.append(DiffEntry(f"{path}.params.{name}", slot, "param_changed",
                                 _impact(slot, name, left, right), left, right, pa, pb))
        elif (name in ra.param_provenance or name in rb.param_provenance) and pa != pb:
            out.append(_provenance_entry(f"{path}.provenance.params.{name}", slot, pa, pb))
    if ra.provenance != rb.provenance:
        out.append(_provenance_entry(f"{path}.provenance", slot, ra.provenance, rb.provenance))
    return out


def _provenance_entry(path: str, slot: str, pa: Provenance, pb: Provenance) -> DiffEntry:
    return DiffEntry(path, slot, "provenance_only", "prose_only",
                     _show(attrs.asdict(pa, recurse=False)),
                     _show(attrs.asdict(pb, recurse=False)), pa, pb)


def _common(a: Variant, b: Variant, entries: Sequence[DiffEntry]) -> str:
    """One line on what the two variants share."""
    ra, rb = compile(a), compile(b)
    same = [slot for slot in SLOTS if slot in a.slots and slot in b.slots
            and not any(e.slot == slot for e in entries)]
    parts = []
    if ra.players == rb.players:
        parts.append(f"{ra.players} players")
    if ra.pack == rb.pack:
        parts.append(f"the same {CardSet(ra.pack).mask.bit_count()}-card pack")
    parts.append("the same rules for " + ", ".join(SECTION_TITLES.get(slot, slot).lower()
                                                   for slot in same)
                 + f" ({len(same)} of {len(SLOTS)} rulebook sections)"
                 if same else "no rulebook section quite the same")
    ancestors = [vid for vid in a.lineage[1:] if vid in b.lineage[1:]]
    if ancestors:
        parts.append(f"both extend {ancestors[0]}")
    return "In common: " + "; ".join(parts) + "."


def compare(a: Variant | str | Path, b: Variant | str | Path) -> VariantDiff:
    """The structured diff of two variants (``Variant`` objects, ids or paths) on their
    resolved rules: one entry per changed parameter, swapped module, added or removed slot,
    or changed source, in rulebook order."""
    va, vb = _variant(a), _variant(b)
    entries = [entry for slot in SLOTS for entry in _slot_entries(slot, va, vb)]
    return VariantDiff(va.id, vb.id, tuple(entries), _common(va, vb, entries), va, vb)


# -- witness deals ---------------------------------------------------------------------------


def seeded_deal(rules: CompiledRules, seed: int) -> tuple[tuple[int, ...], int]:
    """The hands (seat 0 first) and dealer of deal ``seed``: a shuffle of the pack cut into
    the hands the deal rule gives each seat (equal ones, or none for a seat that sits out),
    so every variant with the same pack, players and deal shape gets the same deal."""
    rng = random.Random(seed)
    cards = shuffled(list(card_ids(rules.pack)), rng)  # as ``rng.shuffle`` deals
    dealer = rng.randrange(rules.players)
    hands = []
    start = 0
    for size in _dealt_sizes(rules, dealer):  # a loop: a simulation deals every hand
        mask = 0
        for card in cards[start:start + size]:
            mask |= 1 << card
        hands.append(mask)
        start += size
    return tuple(hands), dealer


def _dealt_sizes(rules: CompiledRules, dealer: int) -> tuple[int, ...]:
    """How many cards each seat is dealt when ``dealer`` deals."""
    return rules.deal_rules.dealt_sizes(rules.pack.bit_count(), rules.players, dealer)


def incomparable(a: CompiledRules, b: CompiledRules) -> str | None:
    """Why no deal can be played in both rule sets, or ``None`` when one can."""
    va, vb = a.variant.id, b.variant.id
    if a.players != b.players:
        return f"{va} is played by {a.players} players and {vb} by {b.players}"
    if a.pack != b.pack:
        return (f"{va} plays with {CardSet(a.pack)} and {vb} with {CardSet(b.pack)}: "
                "no deal fits both packs")
    if a.seated != b.seated:
        return (f"{a.seated} of {a.players} seats play each hand in {va} and {b.seated} of "
                f"{b.players} in {vb}: no deal fits both")
    for dealer in range(a.players):
        sizes_a, sizes_b = _dealt_sizes(a, dealer), _dealt_sizes(b, dealer)
        if sizes_a != sizes_b:
            return (f"when seat {dealer} deals, {va} deals hands of {sizes_a} cards and {vb} "
                    f"of {sizes_b}: no deal fits both")
    return None


WitnessKind = Literal["legality", "trick", "score"]


@attrs.frozen
class Witness:
    """A concrete situation where two variants behave differently. Replaying ``hands``,
    ``dealer`` and ``actions`` with ``new_game`` reproduces it in both."""

    left_id: str
    right_id: str
    hands: tuple[str, ...]
    dealer: int
    actions: tuple[str, ...]
    kind: WitnessKind
    #: one line: what differs, and the diff entry that causes it
    difference: str
    #: what the left and right variant do next (or score)
    left: str
    right: str
    #: the path of the diff entry the difference is attributed to ("" when none is singled out)
    cause: str

    def replay(self, a: Variant | str | Path, b: Variant | str | Path
               ) -> tuple[GameState, GameState]:
        """The states of both variants after the witness's actions."""
        return _replay(_variant(a), self), _replay(_variant(b), self)

    def text(self, left: str = "", right: str = "") -> str:
        """A short readable example, cards in the rulebook's symbols; ``left`` and ``right``
        name the two sides as the reader knows them (by default their ids)."""
        for name, value in (("left", left), ("right", right)):
            if not isinstance(value, str):
                raise TypeError(f"Witness.text: {name} must be a variant's name, got "
                                f"{type(value).__name__}")
        left, right = left or self.left_id, right or self.right_id
        hands = "\n".join(f"  seat {seat}: {symbols(hand)}"
                          for seat, hand in enumerate(self.hands))
        actions = ", ".join(symbols(action) for action in self.actions) or "(none)"
        difference = symbols(self.difference.replace(self.left_id, left)
                             .replace(self.right_id, right))
        return (f"Witness ({self.kind}): {difference}\n"
                f"Deal (dealer seat {self.dealer}):\n{hands}\n"
                f"Actions accepted by both: {actions}\n"
                f"  {left}: {symbols(self.left)}\n  {right}: {symbols(self.right)}\n")

    def to_dict(self) -> dict[str, Any]:
        """The witness as JSON-ready data."""
        return attrs.asdict(self)


def _replay(variant: Variant, found: Witness) -> GameState:
    state = new_game(variant, hands=list(found.hands), dealer=found.dealer)
    for text in found.actions:
        state = state.apply(text)
    return state


def _legal(state: GameState) -> tuple[str, ...]:
    """The legal action texts in the variant's own order (ids differ between variants)."""
    return tuple(action.text for action in state.legal_actions())


def _next(state: GameState) -> str:
    if state.is_terminal:
        return "the hand is over"
    return f"seat {state.player} may {', '.join(_legal(state))}"


def _score(state: GameState) -> str:
    outcome = state.outcome()
    parts = " ".join(f"{name} {value:+d}" for name, value in outcome.breakdown)
    scores = ", ".join(f"{s:+d}" for s in outcome.scores)
    made = "made" if outcome.made else "lost"
    return f"scores ({scores}); {made}" + (f"; value {parts}" if parts else "")


_Point = tuple[WitnessKind, str, str, str]


def _point(before: tuple[GameState, GameState] | None, sa: GameState, sb: GameState
           ) -> _Point | None:
    """How the two states differ observably, if they do: the trick just completed, who may do
    what next, or the score of the finished hand."""
    if before is not None and len(sa.tricks) > len(before[0].tricks):
        wa, wb = sa.tricks[-1].winner, sb.tricks[-1].winner
        if wa != wb:
            n = len(sa.tricks)
            return ("trick", f"trick {n} is won by seat {wa} in {{a}} but by seat {wb} in {{b}}",
                    f"seat {wa} wins trick {n}", f"seat {wb} wins trick {n}")
    legal_a, legal_b = _legal(sa), _legal(sb)
    if (sa.is_terminal, sa.player, set(legal_a)) != (sb.is_terminal, sb.player, set(legal_b)):
        only_a = [text for text in legal_a if text not in legal_b]
        only_b = [text for text in legal_b if text not in legal_a]
        if sa.is_terminal != sb.is_terminal:
            what = ("the hand is over in {a} but goes on in {b}" if sa.is_terminal
                    else "the hand goes on in {a} but is over in {b}")
        elif sa.player != sb.player:
            what = f"seat {sa.player} acts next in {{a}} but seat {sb.player} in {{b}}"
        else:
            shown = [f"'{t}' only in {{a}}" for t in only_a[:3]]
            shown += [f"'{t}' only in {{b}}" for t in only_b[:3]]
            more = len(only_a) + len(only_b) - len(shown)
            what = f"seat {sa.player} may {', '.join(shown)}" + (f" and {more} more"
                                                                  if more else "")
        return "legality", what, _next(sa), _next(sb)
    if sa.is_terminal:
        oa, ob = sa.outcome(), sb.outcome()
        if (oa.scores, oa.breakdown, oa.made) != (ob.scores, ob.breakdown, ob.made):
            return "score", "the same play scores differently in {a} and {b}", _score(sa), \
                _score(sb)
    return None


def _bots(deal: int, seed: int, players: int) -> list[Bot]:
    """The players of search deal ``deal``: heuristic bots on even deals (they reach the
    contracts and bonuses good play reaches), random ones on odd deals (they reach the rest)."""
    base = (seed * 1_000_003 + deal) * 8
    if deal % 2 == 0:
        return [HeuristicBot(base + seat) for seat in range(players)]
    return [RandomBot(base + seat) for seat in range(players)]


def _search(ra: CompiledRules, rb: CompiledRules, hands: tuple[int, ...], dealer: int,
            bots: Sequence[Bot]) -> tuple[tuple[str, ...], _Point] | None:
    """Play one deal in both rule sets with the same choices; the actions and the first
    observable difference, or ``None`` if they never differ."""
    sa, sb = ra.start(hands, dealer), rb.start(hands, dealer)
    actions: list[str] = []
    before: tuple[GameState, GameState] | None = None
    while True:
        found = _point(before, sa, sb)
        if found is not None:
            return tuple(actions), found
        if sa.is_terminal:
            return None
        text = bots[sa.player].choose(sa.view(sa.player)).text
        before = (sa, sb)
        sa, sb = sa.apply(text), sb.apply(text)
        actions.append(text)


def isolate(diff: VariantDiff, entry: DiffEntry) -> Variant:
    """The left variant with only ``entry`` changed to the right's rule, named
    ``<left>+only-<path>`` (``VariantError`` if that rule cannot stand without the right's
    other rules)."""
    a, b = diff.left_variant, diff.right_variant
    dotted = entry.path if entry.kind == "param_changed" else f"rules.{entry.slot}"
    node: Any = b.tree
    for key in dotted.split("."):
        node = node.get(key) if isinstance(node, Mapping) else None
    name = "only-" + entry.path.removeprefix("rules.").replace(".params.", "-").replace(".", "-")
    return derive(a, {dotted: node}, name=name.replace("_", "-"), sources=b.tree.get("sources"))


def _reproduces(a: Variant, b: Variant, found: Witness) -> bool:
    """Whether the witness's situation differs the same way between ``a`` and ``b``."""
    try:
        sa = new_game(a, hands=list(found.hands), dealer=found.dealer)
        sb = new_game(b, hands=list(found.hands), dealer=found.dealer)
        before = None
        for text in found.actions:
            before = (sa, sb)
            sa, sb = sa.apply(text), sb.apply(text)
    except SoloRulesError:
        return False
    point = _point(before, sa, sb)
    return point is not None and point[0] == found.kind


_PHASE_IMPACT: dict[str, Impact] = {
    Phase.AUCTION: "auction", Phase.DECLARE: "declaration", Phase.CALL: "declaration",
    Phase.TRUMP: "declaration", Phase.PLAY: "legality", Phase.DECIDE: "early_end",
}


def _attribute(diff: VariantDiff, found: Witness, phase: str) -> tuple[DiffEntry, ...]:
    """The diff entries that cause the witness: the only behavioural one; else each whose
    change alone reproduces it; else those whose impact class fits where it happened."""
    entries = diff.behavioural
    if len(entries) <= 1:
        return entries
    alone = []
    for entry in entries:
        try:
            isolated = isolate(diff, entry)
        except VariantError:
            continue
        if _reproduces(diff.left_variant, isolated, found):
            alone.append(entry)
    if alone:
        return tuple(alone)
    wanted: set[Impact] = {"scoring", "settlement"} if found.kind == "score" else (
        {"trick"} if found.kind == "trick" else {_PHASE_IMPACT.get(phase, "early_end")})
    if phase == Phase.PLAY:  # a card refused, or the hand ended early
        wanted |= {"early_end", "declaration"}
    return tuple(entry for entry in entries if entry.impact in wanted)


def _deals(diff: VariantDiff, seed: int, max_deals: int,
           progress: Callable[[str], None] | None = None, label: str = "searching"
           ) -> Iterator[Witness]:
    """Every first difference over ``max_deals`` seeded deals, attributed to its diff entries;
    ``progress`` hears ``label: deal k of N`` before each deal is searched."""
    a, b = diff.left_variant, diff.right_variant
    ra, rb = compile(a), compile(b)
    why = incomparable(ra, rb)
    if why is not None:
        raise IncomparableError(f"no witness can exist: {why}")
    check_seed(seed, error=SoloRulesError)
    if isinstance(max_deals, bool) or not isinstance(max_deals, int):
        raise TypeError(f"max_deals must be an int, got {type(max_deals).__name__}")
    if max_deals < 1:
        raise SoloRulesError(f"max_deals must be at least 1, got {max_deals}")
    for deal in range(max_deals):
        if progress is not None:
            progress(f"{label}: deal {deal + 1} of {max_deals}")
        hands, dealer = seeded_deal(ra, seed * 1_000_003 + deal)
        result = _search(ra, rb, hands, dealer, _bots(deal, seed, ra.players))
        if result is None:
            continue
        actions, (kind, what, left, right) = result
        state = ra.start(hands, dealer)
        for text in actions[:-1] if kind == "trick" else actions:
            state = state.apply(text)
        found = Witness(a.id, b.id, tuple(str(CardSet(h)) for h in hands), dealer, actions,
                        kind, what.format(a=a.id, b=b.id), left, right, "")
        causes = _attribute(diff, found, state.phase)
        cause = ", ".join(entry.path for entry in causes)
        because = f" (because of {cause})" if cause else ""
        yield attrs.evolve(found, difference=found.difference + because, cause=cause)


def witness(a: Variant | str | Path, b: Variant | str | Path, *, seed: int = 0,
            max_deals: int = 500) -> Witness | None:
    """The first situation, over seeded deals played the same way in both variants, where
    they differ in legal actions, a trick's winner or the score; ``None`` if none is found.
    Raises ``IncomparableError`` when no deal fits both (``incomparable`` says why)."""
    return next(_deals(compare(a, b), seed, max_deals), None)


@attrs.frozen
class EntryWitness:
    """The witness of one behavioural diff entry, or why there is none. ``against`` is the
    variant the witness is played against: the right one, or, where an earlier difference
    always comes first there, the left one with only this entry changed (``isolate``)."""

    entry: DiffEntry
    witness: Witness | None
    reason: str = ""
    against: str = ""


def witnesses(a: Variant | str | Path, b: Variant | str | Path, *, seed: int = 0,
              max_deals: int = 500, progress: Callable[[str], None] | None = None
              ) -> tuple[EntryWitness, ...]:
    """A witness for each behavioural entry of the diff: the first searched deal whose first
    difference is attributed to it; failing that, a witness against the left variant with
    only this entry changed. Deal-only entries (the pack, the deal) have none, since the
    search plays the same cards in both. ``progress``, if given, hears what is being searched
    (``searching: deal 12 of 200``) as the search goes."""
    diff = compare(a, b)
    vb = diff.right_variant
    wanted = [entry for entry in diff.behavioural if entry.impact != "setup"]
    found: dict[str, Witness] = {}
    for example in _deals(diff, seed, max_deals, progress):
        for path in example.cause.split(", "):
            found.setdefault(path, example)
        if all(entry.path in found for entry in wanted):
            break
    out = []
    for entry in diff.behavioural:
        if entry.impact == "setup":
            out.append(EntryWitness(entry, None, "changes only the pack or the deal, and the "
                                    "search plays the same cards in both"))
        elif entry.path in found:
            out.append(EntryWitness(entry, found[entry.path], against=vb.id))
        else:
            out.append(_alone(diff, entry, seed, max_deals, progress))
    return tuple(out)


def _alone(diff: VariantDiff, entry: DiffEntry, seed: int, max_deals: int,
           progress: Callable[[str], None] | None = None) -> EntryWitness:
    """The witness of ``entry`` against the left variant with only that entry changed."""
    va, vb = diff.left_variant, diff.right_variant
    masked = f"in {vb.id} an earlier difference came first in {max_deals} deals"
    try:
        alone = isolate(diff, entry)
    except VariantError as exc:
        return EntryWitness(entry, None, f"{masked}, and it cannot be changed alone "
                            f"({str(exc).split(': ', 1)[-1]})")
    example = next(_deals(compare(va, alone), seed, max_deals, progress,
                          f"{entry.path} alone"), None)
    if example is None:
        return EntryWitness(entry, None, f"{masked}, and changed alone it made no difference "
                            f"in {max_deals} deals", alone.id)
    return EntryWitness(entry, example, f"{masked}; shown against {va.id} with only this "
                        f"rule of {vb.id}", alone.id)
