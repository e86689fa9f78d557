"""What a table is made of, as the lobby asks for it: the variant (a shipped id with overlays,
or an uploaded file), who sits in each seat, how many hands, and the bots' delay.

Each value is checked here, once, with a one-line message naming the field and the bad value,
so that a table the store holds always loads again after a restart.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import cattrs

from solo_rules.analysis import BOTS
from solo_rules.errors import SoloRulesError, shown
from solo_rules.files import name_of
from solo_rules.game import compile
from solo_rules.match import Match
from solo_rules.variant import (
    Variant,
    available_overlays,
    available_variants,
    load_variant,
    variant_dir,
)

__all__ = ["MAX_HANDS", "MAX_UPLOAD", "SEAT_KINDS", "ConfigError", "Seat", "TableConfig",
           "catalogue_variant", "parse_config"]

#: What a seat can be: a person at a browser, or one of the library's bots.
SEAT_KINDS: tuple[str, ...] = ("person", *BOTS)
#: The longest match a table plays.
MAX_HANDS = 1000
#: The largest variant file the lobby takes, in bytes of UTF-8.
MAX_UPLOAD = 64 * 1024
#: The bits of a hand's own seed (``table.hand_seed``), the most a dealt-again seed has.
SEED_BITS = 128
#: The digits of the largest such seed, which a page may send as text.
MAX_SEED_DIGITS = len(str(2**SEED_BITS))
#: The longest seat name, in characters.
MAX_NAME = 40
#: The longest delay before a bot moves, in seconds.
MAX_BOT_DELAY = 10.0
#: An uploaded file's name as kept: letters, digits, dot, dash and underscore.
_NAME_CHARS = re.compile(r"[^A-Za-z0-9._-]+")


class ConfigError(SoloRulesError):
    """A table that cannot be made: the message names the field and what was wrong."""


@attrs.frozen
class Seat:
    """One seat: ``person`` or a bot kind (``SEAT_KINDS``), and the name shown for it."""

    kind: str
    name: str = ""


@attrs.frozen
class Deal:
    """One hand dealt again: the seed it was dealt from, its dealer, and the match state it
    was dealt under (the preferred suit's letter set earlier, AMB-46, and the pot standing)."""

    seed: int
    dealer: int
    preferred: str | None = None
    pot: int = 0


@attrs.frozen
class TableConfig:
    """A table: ``variant`` (an id such as ``altenburg-1988``, with ``overlays`` on it; or,
    for an uploaded file, the file's name with ``upload`` its text), the seats, a match of
    ``hands`` hands (``None``: open-ended), the match ``seed`` (the first dealer's draw and the
    bots' choices; the deals too where ``chosen_seed``), an optional single ``deal`` played
    again, and the seconds a bot waits before it moves."""

    variant: str
    seats: tuple[Seat, ...]
    seed: int
    overlays: tuple[str, ...] = ()
    upload: str | None = None
    hands: int | None = None
    deal: Deal | None = None
    bot_delay: float = 0.8
    #: the creator chose the deals (``seed`` or ``deal``), so every seat is told; the
    #: server sets it, a request does not
    chosen_seed: bool = False

    def load(self, uploads: Path) -> Variant:
        """The variant this table plays: a shipped one by id (``catalogue_variant``), or an
        uploaded file, written under ``uploads`` (by its content's digest) and read from there
        by the library's loader; shipped overlays only, and no error names a server file. A
        match's hand dealt again is played under the match state it was dealt under."""
        variant = self._load(uploads)
        deal = self.deal
        if deal is None or (deal.preferred is None and not deal.pot):
            return variant
        try:
            return Match.session_variant(variant, deal.preferred, deal.pot)
        except SoloRulesError as exc:
            raise ConfigError(f"deal.preferred/deal.pot: {' '.join(str(exc).split())}") \
                from None

    def _load(self, uploads: Path) -> Variant:
        if self.upload is None:
            return catalogue_variant(self.variant, self.overlays)
        _check_overlays(self.overlays)
        digest = hashlib.sha256(self.upload.encode()).hexdigest()[:16]
        folder = uploads / digest
        path = folder / self.variant
        if not path.is_file():
            folder.mkdir(parents=True, exist_ok=True)
            path.write_text(self.upload, encoding="utf-8")
        try:
            return load_variant(path, self.overlays)
        except SoloRulesError as exc:  # name the file as the player knows it
            raise ConfigError(_unnamed(str(exc), {path: self.variant})) from None

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's name, as the table shows it."""
        return tuple(seat.name for seat in self.seats)

    @property
    def persons(self) -> tuple[int, ...]:
        """The seats a person plays."""
        return tuple(n for n, seat in enumerate(self.seats) if seat.kind == "person")


def catalogue_variant(variant: str, overlays: Sequence[str] = ()) -> Variant:
    """The shipped variant of id ``variant`` with shipped ``overlays``: what a request may
    name, so that nothing from the network reaches the loader's paths (an error does not echo
    the name, so it cannot show a path either)."""
    if not isinstance(variant, str) or variant not in available_variants():
        raise ConfigError(f"variant: not one of this server's variants (a request names no "
                          f"file); known variants: {', '.join(available_variants())}")
    _check_overlays(overlays)
    try:
        return load_variant(variant, overlays)
    except SoloRulesError as exc:
        raise ConfigError(_unnamed(str(exc), {})) from None


def _check_overlays(overlays: Sequence[str]) -> None:
    """``ConfigError`` unless every overlay is a shipped overlay's id."""
    known = available_overlays()
    for number, overlay in enumerate(overlays):
        if not isinstance(overlay, str) or overlay not in known:
            raise ConfigError(f"overlays[{number}]: not one of this server's overlays (a "
                              f"request names no file); known overlays: {', '.join(known)}")


def _unnamed(message: str, names: Mapping[Path, str]) -> str:
    """``message`` on one line with each file it names called by its name to a player: an
    upload (``names``) by the name it was sent under, a shipped file by its id."""
    shipped = {variant_dir() / f"{vid}.yaml": vid
               for vid in (*available_variants(), *available_overlays())}
    for path, name in {**shipped, **names}.items():
        message = message.replace(name_of(path), name)
    return " ".join(message.split())


_converter = cattrs.Converter(forbid_extra_keys=True)


def _strict_int(value: Any, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {shown(value)}")
    return value


def _strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {shown(value)}")
    return value


def _strict_float(value: Any, _: type) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, got {shown(value)}")
    return float(value)


_converter.register_structure_hook(int, _strict_int)
_converter.register_structure_hook(str, _strict_str)
_converter.register_structure_hook(float, _strict_float)
_converter.register_structure_hook(bool, lambda value, _: value)  # set by parse_config


def _first_error(exc: BaseException) -> str:
    """cattrs' first message for a bad structure, as ``field: what was wrong``."""
    messages = cattrs.transform_error(exc, path="table")
    text = messages[0] if messages else str(exc)
    path, _, rest = text.partition(" @ ")
    return f"{rest or 'table'}: {path}" if rest else text


def parse_config(raw: object, seed: int, uploads: Path) -> tuple[TableConfig, Variant]:
    """The table the lobby's JSON ``raw`` asks for (``seed`` for the match unless it names
    one), checked and with its variant loaded (an uploaded file written under ``uploads``);
    ``ConfigError`` in one line otherwise."""
    if not isinstance(raw, Mapping):
        raise ConfigError(f"the table must be a JSON object, got {shown(raw)}")
    if "chosen_seed" in raw:
        raise ConfigError("chosen_seed: set by the server (from seed and deal), not asked for")
    raw = {"seed": seed, **raw, "chosen_seed": "seed" in raw or "deal" in raw}
    deal = raw.get("deal")
    if isinstance(deal, Mapping) and isinstance(deal.get("seed"), str) \
            and deal["seed"].isdigit() and len(deal["seed"]) <= MAX_SEED_DIGITS:
        raw["deal"] = {**deal, "seed": int(deal["seed"])}  # a page's number past 2**53
    try:
        config = _converter.structure(raw, TableConfig)
    except Exception as exc:
        raise ConfigError(_first_error(exc)) from None
    return _checked(config, uploads)


def _checked(config: TableConfig, uploads: Path) -> tuple[TableConfig, Variant]:
    """``config`` with its names tidied, after every value has been checked against the rules
    of the variant it loads."""
    if config.upload is not None:
        size = len(config.upload.encode("utf-8", "surrogatepass"))
        if size > MAX_UPLOAD:
            raise ConfigError(f"upload: the variant file has {size} bytes; at most "
                              f"{MAX_UPLOAD} are taken")
        name = _NAME_CHARS.sub("-", Path(config.variant).name).strip(".-") or "variant"
        if not name.endswith((".yaml", ".yml")):
            name += ".yaml"
        config = attrs.evolve(config, variant=name)
    variant = config.load(uploads)
    players = compile(variant).players
    if len(config.seats) != players:
        raise ConfigError(f"seats: {variant.id} is played by {players}, but "
                          f"{len(config.seats)} seats were given")
    seats = []
    for number, seat in enumerate(config.seats):
        if seat.kind not in SEAT_KINDS:
            raise ConfigError(f"seats[{number}].kind: {shown(seat.kind)} is not one of "
                              f"{', '.join(SEAT_KINDS)}")
        seats.append(Seat(seat.kind, _tidy_name(seat.name, number)))
    if config.hands is not None and not 1 <= config.hands <= MAX_HANDS:
        raise ConfigError(f"hands: a match has 1 to {MAX_HANDS} hands (or none given: "
                          f"open-ended), got {config.hands}")
    if not 0 <= config.seed < 2**63:
        raise ConfigError(f"seed: a whole number from 0 below 2**63, got {config.seed}")
    if config.deal is not None:
        if not 0 <= config.deal.seed < 2**SEED_BITS:
            raise ConfigError(f"deal.seed: a whole number from 0 below 2**{SEED_BITS}, got "
                              f"{shown(config.deal.seed, 60)}")
        if not 0 <= config.deal.dealer < players:
            raise ConfigError(f"deal.dealer: a seat 0 to {players - 1}, got "
                              f"{config.deal.dealer}")
        config = attrs.evolve(config, hands=1)
    if not 0 <= config.bot_delay <= MAX_BOT_DELAY:
        raise ConfigError(f"bot_delay: 0 to {MAX_BOT_DELAY:g} seconds, got "
                          f"{config.bot_delay:g}")
    return attrs.evolve(config, seats=tuple(seats)), variant


def _tidy_name(name: str, number: int) -> str:
    """A seat's name as shown: control characters dropped, spaces collapsed, at most
    ``MAX_NAME`` characters; ``seat N`` when none is left. (Escaping is the page's job.)"""
    kept = "".join(c for c in name if not unicodedata.category(c).startswith("C"))
    kept = " ".join(kept.split())[:MAX_NAME]
    return kept or f"seat {number}"


def to_plain(config: TableConfig) -> dict[str, Any]:
    """``config`` as JSON-ready data (what the store keeps)."""
    plain: dict[str, Any] = _converter.unstructure(config)
    return plain


def from_plain(plain: object) -> TableConfig:
    """A stored ``TableConfig`` again."""
    return _converter.structure(plain, TableConfig)
