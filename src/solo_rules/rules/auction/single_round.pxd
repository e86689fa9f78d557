# The accelerator's C declarations for auction/single_round.py (an augmenting .pxd: Cython reads
# it next to the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees
# it). The Niese auction's turn takes the state as the C type GameState (state.pxd): its fields
# are read as C members and the seats in turn found by a C call.
cimport cython

from solo_rules.state cimport GameState, RuleCore

cdef int _KEEP_ID, _PASS_ID

cpdef tuple _round_legal(object self, RuleCore rules, GameState state)

@cython.locals(k=int, seat=int, keeper=int, bids=tuple)
cpdef tuple _round_step(object self, RuleCore rules, GameState state, int aid)
