# The accelerator's C declarations for auction/single_round.py (an augmenting .pxd: Cython reads
# it next to the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees
# it). The Niese auction's turn takes the state as the C type GameState (state.pxd): its fields
# are read as C members and the seats in turn found by a C call.
cimport cython

from solo_rules.state cimport FrozenValue, GameState, RuleCore

cdef int _KEEP_ID, _PASS_ID

# The auction's record, one per turn: its fields are C struct members, read by the turn below
# and built by round_state's C stores.
@cython.final
cdef class RoundState(FrozenValue):
    cdef readonly int spoken, bid, holder, keeper, kept_over
    cdef readonly tuple joined
    cdef readonly bint forced

@cython.locals(record=RoundState)
cpdef RoundState round_state(int spoken, int bid, int holder, tuple joined=*, int keeper=*,
                             int kept_over=*, bint forced=*)

@cython.locals(auction=RoundState)
cpdef tuple _round_legal(object self, RuleCore rules, GameState state)

@cython.locals(k=int, seat=int, keeper=int, bids=tuple, auction=RoundState)
cpdef tuple _round_step(object self, RuleCore rules, GameState state, int aid)
