# The accelerator's C declarations for auction/immediate_hold.py (an augmenting .pxd: Cython
# reads it next to the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never
# sees it). The Altenburg auction's turn takes the state as the C type GameState (state.pxd),
# and its seats, levels and action ids are C ints (a table has at most 6 seats, an id < 128).
cimport cython

from solo_rules.state cimport FrozenValue, GameState, RuleCore

cdef int _PASS_ID, _HOLD_ID

# The auction's record, one per turn: its fields are C struct members, read by the turn below
# and built by hold_state's C stores.
@cython.final
cdef class HoldState(FrozenValue):
    cdef readonly int next_entrant, holder, challenger, level, preferred_bidders
    cdef readonly bint forced, overbids

@cython.locals(record=HoldState)
cpdef HoldState hold_state(int next_entrant, int holder, int challenger, int level,
                           int preferred_bidders, bint forced=*, bint overbids=*)

@cython.locals(seat=int, players=int, level_of=int, preferred=int, holder=int, level=int,
               overbids=bint, auction=HoldState)
cpdef tuple _step(object self, RuleCore rules, GameState state, int aid)

@cython.locals(eldest=int, challenger=int)
cpdef tuple _next_entrant(RuleCore rules, GameState state, HoldState auction, int players,
                          int holder, int level, int preferred, bint overbids)

@cython.locals(seat=int, auction=HoldState, kept=dict)
cpdef tuple _hold_legal(object self, RuleCore rules, GameState state)
