"""A digest of many random hands, to show that a change to the engine changes nothing but speed.

For each hand (fixed seeds) it records every state's phase, seat and legal action ids, the
action chosen, the refusal of an illegal action now and then, and at the end the final state,
its outcome and a seat's view, and hashes the lot. The values are written by ``canonical``, a
fixed text of their fields (what attrs' ``repr`` printed when the digests were first stored),
so that a friendlier ``repr`` changes no digest. ``tests/data/trace_digests.json`` keeps the
digests of the engine as it was; ``python tests/hand_trace.py`` prints today's, ``--write``
stores them (only when a rule is meant to change).
"""

from __future__ import annotations

import argparse
import enum
import hashlib
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

import solo_rules
from solo_rules import Action, CardSet, GameState, IllegalActionError, Outcome, PlayerView
from solo_rules.rules.auction.common import AUCTION_RECORD

DIGESTS = Path(__file__).parent / "data" / "trace_digests.json"
#: The variants whose digests are stored; a new variant gets its own line with ``--write``.
VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese", "niese-five-hand", "niese-six-hand",
            "muensterland-sollo", "parlett-penguin", "american-trick-count", "rothspitzen",
            "spitzeln", "malborn-solo")
HANDS = 1000


def canonical(value: object) -> str:
    """``value`` as the digests write it, whatever its ``repr``: an attrs value as
    ``Name(field=..., ...)`` over its fields, an enum member as ``<Type.NAME: value>``, a card
    set by its mask, an action by its id and text, tuples, lists and dicts item by item, and
    Python's own ``repr`` of a str, int, bool or ``None``."""
    if isinstance(value, enum.Enum):
        return f"<{type(value).__name__}.{value.name}: {value.value!r}>"
    if value is None or isinstance(value, str | int | float):
        return repr(value)
    if isinstance(value, CardSet):
        return f"CardSet(mask={value.mask!r})"
    if isinstance(value, Action):
        return f"Action(id={value.id!r}, text={value.text!r})"
    if isinstance(value, tuple):
        items = [canonical(item) for item in value]
        return f"({items[0]},)" if len(items) == 1 else f"({', '.join(items)})"
    if isinstance(value, list):
        return f"[{', '.join(canonical(item) for item in value)}]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{canonical(k)}: {canonical(v)}" for k, v in value.items()) + "}"
    if attrs.has(type(value)):
        fields = ", ".join(f"{field.name}={canonical(getattr(value, field.name))}"
                           for field in attrs.fields(type(value)) if field.repr is not False
                           and not _unwritten(value, field.name))
        return f"{type(value).__name__}({fields})"
    raise TypeError(f"the trace has no canonical text for {type(value).__name__}")


def _unwritten(value: object, name: str) -> bool:
    """Whether the field ``name`` of ``value`` came after the digests were stored and says
    nothing they do not: a view's ``memory`` that holds nothing (a view shows no module's
    value unless a module of the variant shows it one), an outcome's ``payments`` (its
    ``note`` words them, as it did)."""
    if isinstance(value, PlayerView):
        return name == "memory" and not value.memory
    return isinstance(value, Outcome) and name == "payments"


def _final(state: GameState) -> str:
    """Every field of a finished state but the shared rule set and the deal (drawn from the
    seed, and added to the state after these digests were stored), and its outcome; of the
    modules' ``memory``, the auction's record, where the state kept it as ``auction`` when
    the digests were stored (the values other modules remember came later, as the deal)."""
    fields = {f.name: getattr(state, f.name) for f in attrs.fields(GameState)
              if f.name not in ("rules", "dealt")}
    fields = {"auction" if name == "memory" else name:
              AUCTION_RECORD.of(state) if name == "memory" else value
              for name, value in fields.items()}
    return f"{canonical(fields)} {canonical(state.outcome())}"


def trace(variant_id: str, hands: int = HANDS, seed: int = 13) -> str:
    """The hex digest of ``hands`` random hands of ``variant_id``."""
    variant = solo_rules.load_variant(variant_id)
    players = solo_rules.compile(variant).players
    space = solo_rules.compile(variant).actions
    ids = sorted(space.by_id)
    digest = hashlib.sha256()
    for number in range(hands):
        rng = random.Random(seed * 1_000_003 + number)
        state = solo_rules.new_game(variant, seed=rng.getrandbits(32), dealer=number % players)
        step = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            digest.update(f"{state.phase}|{state.player}|{[a.id for a in legal]}|".encode())
            if step % 4 == 0:
                wrong = rng.choice(ids)
                try:
                    state.apply(wrong)
                except IllegalActionError as exc:
                    digest.update(f"{exc.reason}:{exc}|".encode())
                else:
                    digest.update(b"legal|")
            action = rng.choice(legal)
            digest.update(f"{action.id};".encode())
            state = state.apply(action)
            step += 1
        digest.update(_final(state).encode())
        digest.update(canonical(state.view(number % players)).encode())
    return digest.hexdigest()


def stored(path: Path = DIGESTS) -> dict[str, str]:
    """The digests stored in ``path`` (by default the trace's, by variant id)."""
    digests: dict[str, str] = json.loads(path.read_text())
    return digests


def show(digests: dict[str, str], path: Path, write: bool) -> int:
    """Print ``digests`` and, with ``write``, store them in ``path``: the end of every trace
    script's ``main``."""
    print(json.dumps(digests, indent=2))
    if write:
        path.write_text(json.dumps(digests, indent=2) + "\n")
    return 0


def digest_main(description: str, compute: Callable[[], dict[str, str]], path: Path,
                argv: list[str] | None) -> int:
    """The ``main`` of a trace script with no option but ``--write``: print today's digests
    (``compute()``) and, with ``--write``, store them in ``path``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", action="store_true", help="store the digests")
    args = parser.parse_args(argv)
    return show(compute(), path, args.write)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the digests")
    parser.add_argument("--every-variant", action="store_true",
                        help="every playable variant, to compare two installs (CI compares the "
                             "pure-Python and the accelerated one)")
    parser.add_argument("--hands", type=int, default=HANDS, help=f"hands (default {HANDS})")
    args = parser.parse_args(argv)
    if args.write and (args.every_variant or args.hands != HANDS):
        parser.error("--write stores the digests of the stored variants' default hands only")
    variants = solo_rules.available_variants() if args.every_variant else VARIANTS
    return show({variant: trace(variant, args.hands) for variant in variants}, DIGESTS,
                args.write)


if __name__ == "__main__":
    sys.exit(main())
