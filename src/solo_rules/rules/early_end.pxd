# The accelerator's C declarations for early_end.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). What runs
# after every trick takes the state as the C type GameState (state.pxd), and tests its flags as
# a C int against the flag bits (Flags has five bits).
cimport cython

from solo_rules.state cimport GameState, RuleCore

cdef int _SETTLED, _STOPPED, _CONTINUED, _REVEALED, _ASKED

@cython.locals(flags=int)
cpdef tuple declarer_sees_party_sweep(GameState state)

@cython.locals(flags=int)
cpdef object raised_objective(RuleCore rules, GameState state)

cpdef GameState _after_trick(object self, RuleCore rules, GameState state)

@cython.locals(flags=int, at=int, done=int, ask=list)
cpdef list _prime_decisions(object self, RuleCore rules, GameState state)

@cython.locals(flags=int, total=int, objective=int, party=int, defenders=int)
cpdef bint _prime_finished(object self, RuleCore rules, GameState state)

@cython.locals(flags=int, total=int, objective=int, party=int, defenders=int)
cpdef bint _abandon_finished(object self, RuleCore rules, GameState state)
