# The accelerator's C declarations for auction/immediate_hold.py (an augmenting .pxd: Cython
# reads it next to the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never
# sees it). The Altenburg auction's turn takes the state as the C type GameState (state.pxd),
# and its seats, levels and action ids are C ints (a table has at most 6 seats, an id < 128).
cimport cython

from solo_rules.state cimport GameState, RuleCore

cdef int _PASS_ID, _HOLD_ID

@cython.locals(seat=int, players=int, level_of=int, preferred=int, holder=int, level=int,
               overbids=bint)
cpdef tuple _step(object self, RuleCore rules, GameState state, int aid)

@cython.locals(eldest=int, challenger=int)
cpdef tuple _next_entrant(RuleCore rules, GameState state, object auction, int players, int holder,
                          int level, int preferred, bint overbids)
