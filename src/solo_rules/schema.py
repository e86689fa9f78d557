"""The schema of variant files: the rulebook slots, the rule-module base and its registry,
provenance, and rulebook clauses.

A rule module is a frozen attrs class whose fields are its typed parameters. It fills one
rulebook slot, executes its rule when the variant is compiled, and describes the same rule in
prose through ``describe()``, so the rulebook and the behaviour come from one place.
"""

from __future__ import annotations

import abc
import functools
import importlib.metadata
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import ClassVar, Literal, TypeVar

import attrs

__all__ = [
    "ENTRY_POINTS",
    "SLOTS",
    "SLOT_OF",
    "SLOT_TABLE",
    "Clause",
    "Feature",
    "Provenance",
    "RuleModule",
    "Slot",
    "add_slot",
    "installed",
    "module_class",
    "module_ids",
    "register",
    "slot_protocol",
]

#: What a change of a rule can first affect, in the order a hand meets them (``prose_only``
#: changes no behaviour): the impact classes of ``compare``.
Impact = Literal["setup", "auction", "declaration", "legality", "trick", "early_end", "scoring",
                 "settlement", "prose_only"]


@attrs.frozen
class Slot:
    """One rulebook slot: its name in variant files, its rulebook heading, what a change of
    its module or parameters first affects, the compiled rule set's attribute that holds its
    module (``""``: none does), and whether a playable variant may leave it empty."""

    name: str
    title: str
    impact: Impact
    attribute: str = ""
    optional: bool = False

    @property
    def protocol(self) -> type:
        """The Protocol the slot's module implements (``slot_protocol`` names it)."""
        return _PROTOCOLS[self.name]


#: The rulebook slots, in rulebook order: the one list of them, which the loader, the loop,
#: the rulebook, ``compare`` and the tests read (``add_slot`` adds an installed package's).
SLOT_TABLE: list[Slot] = [
    Slot("pack", "Players and cards", "setup", "pack_rules"),
    Slot("deal", "The deal", "setup", "deal_rules"),
    Slot("ranks", "The order of the cards", "trick"),  # the loop reads its ``ranking``
    Slot("auction", "Bidding", "auction", "auction"),
    Slot("contracts", "Contracts", "declaration", "contracts"),
    Slot("partner", "The called partner", "declaration", "partner", optional=True),
    Slot("play", "Playing the tricks", "legality", "play"),
    Slot("early_end", "Ending the play early", "early_end", "early_end"),
    Slot("scoring", "Scoring a hand", "scoring", "scoring"),
    Slot("settlement", "Settling up", "settlement", "settlement"),
]

#: The slots by name.
SLOT_OF: dict[str, Slot] = {slot.name: slot for slot in SLOT_TABLE}

#: The names of the rulebook slots, in rulebook order.
SLOTS: list[str] = list(SLOT_OF)

#: The entry-point group through which an installed package provides rule modules: each entry
#: names a Python module that registers them when imported (``register``, ``add_slot``) and
#: may name, as ``VARIANT_FILES``, a folder of its variant and overlay files.
ENTRY_POINTS = "solo_rules.rules"

#: The Protocol of each slot, filed by ``slot_protocol`` where the Protocol is declared.
_PROTOCOLS: dict[str, type] = {}

T = TypeVar("T", bound=type)


def add_slot(slot: Slot, protocol: type, after: str) -> None:
    """File a slot that an installed package adds: its section comes after slot ``after``'s,
    its modules implement ``protocol``, it is optional and no compiled rule set's attribute
    holds it (its module acts through its stages). The slot table grows in place."""
    if slot.name in SLOT_OF:
        if SLOT_OF[slot.name] != slot or _PROTOCOLS.get(slot.name) is not protocol:
            raise ValueError(f"slot {slot.name!r} is filed already, differently")
        return
    if after not in SLOT_OF:
        raise ValueError(f"add_slot {slot.name!r}: unknown slot {after!r} to come after")
    if not slot.optional or slot.attribute:
        raise ValueError(f"add_slot {slot.name!r}: a slot a package adds is optional and "
                         "has no attribute")
    at = SLOTS.index(after) + 1
    SLOT_TABLE.insert(at, slot)
    SLOTS.insert(at, slot.name)
    SLOT_OF[slot.name] = slot
    _PROTOCOLS[slot.name] = protocol


@functools.cache
def installed() -> tuple[Path, ...]:
    """Import the rule modules of every installed package (``ENTRY_POINTS``), once, and give
    the folders of variant and overlay files they provide."""
    folders = []
    for entry in importlib.metadata.entry_points(group=ENTRY_POINTS):
        try:
            provided = entry.load()
        except Exception as exc:  # a broken package: one line naming it, not a traceback
            raise ImportError(f"the rule modules {entry.name} ({entry.value}, entry point "
                              f"{ENTRY_POINTS}) cannot be imported: {exc}") from None
        folder = getattr(provided, "VARIANT_FILES", None)
        if folder is not None:
            folders.append(Path(folder))
    return tuple(folders)


def slot_protocol(name: str) -> Callable[[T], T]:
    """Class decorator: file a Protocol as the one that slot ``name``'s module implements."""

    def wrap(cls: T) -> T:
        if name not in SLOT_OF:
            raise ValueError(f"unknown rulebook slot {name!r}")
        _PROTOCOLS[name] = cls
        return cls

    return wrap


Basis = Literal["stated", "inferred", "editorial", "house"]

#: What a clause may depend on beyond its own module: a kind of contract the variant has.
#: ``no_trump`` a contract without trumps; ``declarerless`` one nobody declares;
#: ``partnership`` one with a called partner; ``alone`` one the declarer plays alone;
#: ``misere`` one in which the declarer must take no trick.
Feature = Literal["", "no_trump", "declarerless", "partnership", "alone", "misere"]


@attrs.frozen
class Provenance:
    """Where a rule comes from: its basis, the source and AMB ids, and for an editorial choice
    the alternatives and the one-line rationale (the DOSSIER's AMB row)."""

    basis: Basis
    refs: tuple[str, ...] = ()
    alternatives: tuple[str, ...] = ()
    rationale: str = ""
    quote: str = ""
    #: the id of the variant file that wrote the note, or for a house rule set the value
    #: without one (set by the loader)
    set_by: str = ""
    #: the rule the note was written for in that file: its slot (``deal``) or a parameter or
    #: item (``deal.cut``, ``contracts.contracts.solo``); a note vouches for that rule's value
    #: as the file had it, and goes wherever the value goes unchanged (set by the loader)
    written_for: str = ""


@attrs.frozen
class Clause:
    """One rule sentence of the rulebook, in our own words, tied to the parameter it states
    (``param``, or ``param.item`` for one item of a list) and any ``also`` states; ``needs``
    names a kind of contract the clause is about, so a variant without one omits it."""

    text: str
    param: str = ""
    also: tuple[str, ...] = ()
    needs: Feature = ""

    @property
    def params(self) -> tuple[str, ...]:
        """Every parameter the clause states, in order."""
        return tuple(p for p in (self.param, *self.also) if p)


class RuleModule(abc.ABC):
    """Base of every rule module: ``slot`` and ``module_id`` name it; fields are its params."""

    slot: ClassVar[str]
    module_id: ClassVar[str]
    #: rules the module states that no parameter varies (``first_lead``): a variant file may
    #: give each its own provenance, as it does a parameter's
    topics: ClassVar[tuple[str, ...]] = ()

    @abc.abstractmethod
    def describe(self) -> list[Clause]:
        """The rule in prose, one clause per sentence, in rulebook order."""

    def describe_in(self, slots: Mapping[str, RuleModule]) -> list[Clause]:
        """The rule in prose as it reads among the other slots' modules ``slots`` (a card
        order in a short pack names only the ranks dealt); most modules read alike anywhere."""
        return self.describe()

    def check(self, slots: Mapping[str, RuleModule]) -> None:  # noqa: B027  (a hook)
        """Raise ``ValueError`` when this module's parameters disagree with the other slots'
        modules (a bid naming an unknown contract, a deal that does not fit the pack); the
        loader calls it once every slot is read. Most modules have nothing to check."""


_REGISTRY: dict[str, type[RuleModule]] = {}

M = TypeVar("M", bound=type[RuleModule])


def register(slot: str, module_id: str) -> Callable[[M], M]:
    """Class decorator: file a module class under its id for the variant loader."""

    def wrap(cls: M) -> M:
        if slot not in SLOT_OF:
            raise ValueError(f"unknown rulebook slot {slot!r}")
        cls.slot = slot
        cls.module_id = module_id
        _REGISTRY[module_id] = cls
        return cls

    return wrap


def module_class(module_id: str) -> type[RuleModule] | None:
    """The registered class of ``module_id`` (an installed package's included), or ``None``."""
    installed()
    return _REGISTRY.get(module_id)


def module_ids(slot: str) -> list[str]:
    """The ids of every registered module that fills ``slot``."""
    installed()
    return sorted(mid for mid, cls in _REGISTRY.items() if cls.slot == slot)
