# The accelerator's C declarations for partner.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The
# duty to play the called card, asked for every card of the play, takes the state as the C
# type GameState (state.pxd): its contract's fields are read as C struct members.
from solo_rules.state cimport GameState, RuleCore

cpdef object _restrict_play(object self, RuleCore rules, GameState state, int seat,
                            object mask)
