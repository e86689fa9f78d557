"""What every bot is: something that chooses an action from a seat's view."""

from __future__ import annotations

from typing import Protocol

from solo_rules.actions import Action
from solo_rules.errors import InvalidStateError
from solo_rules.view import PlayerView

__all__ = ["Bot", "legal_choices"]


class Bot(Protocol):
    """A player: ``choose`` returns one of ``view.legal_actions``."""

    def choose(self, view: PlayerView) -> Action: ...


def legal_choices(view: object) -> tuple[Action, ...]:
    """The legal actions of a view; refuses anything that is not a ``PlayerView`` (a bot must
    not be handed the full state, which holds every hand) and a view with nothing to do."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"a bot decides from a PlayerView (state.view(seat)), not from a "
                        f"{type(view).__name__}")
    if not view.legal_actions:
        raise InvalidStateError(f"seat {view.seat} has no action to choose: it is not its turn")
    return view.legal_actions
