"""What a rule module needs of the other slots, declared with the module (its ``needs``) and
checked when a variant is resolved: a ladder whose contracts call a partner needs a partner
rule, so a file that removes it is refused at load rather than failing in play."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import attrs

from solo_rules.errors import VariantError
from solo_rules.schema import SLOT_TABLE, module_class, module_ids

__all__ = ["Needs", "check_needs", "needed_by"]


@attrs.frozen
class Needs:
    """A module needs the slot ``slot`` filled whenever ``why`` (given the module) names a
    reason, such as ``contract 'frage' calls a partner``; ``""``: not needed as it stands."""

    slot: str
    why: Callable[[Any], str]


def check_needs(modules: Mapping[str, object], where: str) -> None:
    """Raise a one-line ``VariantError`` naming the first slot a module of ``modules`` (by
    slot) needs and the variant leaves empty, and why it is needed."""
    for slot, module in modules.items():
        for need in getattr(type(module), "needs", ()):
            reason = need.why(module)
            if reason and need.slot not in modules:
                raise VariantError(f"{where}: rules.{need.slot}: missing; rules.{slot} needs "
                                   f"it: {reason}")


def needed_by(slot: str) -> tuple[str, ...]:
    """The ids of the registered modules that may need ``slot`` filled (their ``needs``): what
    depends on an optional slot, for the variant format's reference."""
    return tuple(mid for other in SLOT_TABLE for mid in module_ids(other.name)
                 if any(need.slot == slot for need in getattr(module_class(mid), "needs", ())))
