"""What every bot is: something that chooses an action from a seat's view."""

from __future__ import annotations

from typing import ClassVar, Protocol, runtime_checkable

from solo_rules.actions import Action
from solo_rules.errors import InvalidStateError
from solo_rules.view import PlayerView

__all__ = ["Bot", "SkipsForcedMoves", "legal_choices", "skips_forced_moves"]


class Bot(Protocol):
    """A player: ``choose`` returns one of ``view.legal_actions``. A bot may say whether its
    choices depend on the variant's scoring and settlement with a ``reads_values``
    attribute (the shipped bots do; a study notes when no bot of it does)."""

    def choose(self, view: PlayerView) -> Action: ...


@runtime_checkable
class SkipsForcedMoves(Protocol):
    """A bot that a driver need not ask when only one action is legal: it would choose that
    action, and asking changes nothing in it (no random draw), so the driver may apply the
    action without building a view. A ``RandomBot`` draws even from one action: not one."""

    #: ``True`` when the bot may be skipped so (a class attribute: it holds for every bot
    #: of the class)
    skips_forced_moves: ClassVar[bool]


#: per bot class, whether it skips forced moves (``SkipsForcedMoves``)
_skipping: dict[type, bool] = {}


def skips_forced_moves(bot: object) -> bool:
    """Whether a driver may apply a forced action for ``bot`` without asking it
    (``SkipsForcedMoves``); known per class after its first bot."""
    skips = _skipping.get(type(bot))
    if skips is None:
        skips = _skipping[type(bot)] = (isinstance(bot, SkipsForcedMoves)
                                        and bot.skips_forced_moves is True)
    return skips


def legal_choices(view: object) -> tuple[Action, ...]:
    """The legal actions of a view; refuses anything that is not a ``PlayerView`` (a bot must
    not be handed the full state, which holds every hand) and a view with nothing to do."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"a bot decides from a PlayerView (state.view(seat)), not from a "
                        f"{type(view).__name__}")
    if not view.legal_actions:
        raise InvalidStateError(f"seat {view.seat} has no action to choose: it is not its turn")
    return view.legal_actions
