"""The double-dummy solver searches the same tree on both of its paths (issue 13): the
tricks, made and nodes of its solutions of random positions hash to the digests stored in
``tests/data/solver_digests.json``, in pure Python here and against the compiled install in CI
(``.ci/run``), so the pure ``pure_`` steps and the C arrays cannot drift apart unseen."""

from __future__ import annotations

import pytest
from solver_trace import VARIANTS, stored, trace


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_solvers_pure_and_compiled_paths_search_the_same_tree(variant: str) -> None:
    assert trace(variant) == stored()[variant], (
        f"{variant}: the solver's solutions or nodes changed; if the search is meant to change, "
        "store the digests with `python tests/solver_trace.py --write`, after checking that "
        "the compiled install prints the same")
