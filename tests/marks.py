"""Which parametrized cases belong to the slow suite (``pytest -m slow``, run by .ci/run): the
exhaustive solver searches of the larger packs and the overlaid variants' runs, so that the
default ``pytest`` stays within minutes while every case still runs in CI."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

#: The variants whose exhaustive solver checks take the longest (five and six hands, and the
#: trick-count ladder's many contracts).
HEAVY = frozenset({"niese-five-hand", "niese-six-hand", "american-trick-count"})


def slow_where(values: Iterable[str], slow: Iterable[str] = HEAVY, *,
               overlaid: bool = True) -> list[object]:
    """``values`` for ``pytest.mark.parametrize``, those in ``slow`` (and, with
    ``overlaid``, every overlaid variant ``base+overlay``) marked ``slow``."""
    heavy = set(slow)
    return [pytest.param(value, marks=pytest.mark.slow)
            if value in heavy or (overlaid and "+" in value) else value for value in values]
