# The accelerator's C declarations for settlement.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). What
# every hand's end runs (Settlement.outcome and its _played) takes the state as the C type
# GameState (state.pxd): its fields are read as C struct members, its parties and the outcome
# are built by C calls.
from solo_rules.state cimport GameState, RuleCore, build_outcome

cpdef object _settled_outcome(object self, RuleCore rules, GameState state)

cpdef object _played_outcome(object self, RuleCore rules, GameState state)
