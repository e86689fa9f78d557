# The accelerator's C declarations for auction/common.py (an augmenting .pxd: Cython reads it
# next to the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it).
# Every auction's turn takes the state as the C type GameState (state.pxd): its fields are
# read as C struct members and the next state is built by a C call.
from solo_rules.state cimport GameState, RuleCore, build_state

cpdef GameState _bid(object self, RuleCore rules, GameState state, object aid, tuple history)
