# The accelerator's C declarations for game.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The loop's
# hot methods of CompiledRules take the state as the C type GameState (state.pxd): its phase,
# player and history are read as C struct members, the phase tables as typed dicts.
cimport cython

from solo_rules.state cimport GameState, RuleCore

@cython.locals(legal_of=dict, ids=tuple)
cpdef tuple _legal_ids(RuleCore self, GameState state)

@cython.locals(legal_of=dict, ids=tuple, table=tuple)
cpdef tuple _legal_actions(RuleCore self, GameState state)

@cython.locals(apply_of=dict, ids=tuple)
cpdef object _apply_legal(RuleCore self, GameState state, object aid)

@cython.locals(ids=tuple)
cpdef object _apply_chosen(RuleCore self, GameState state, object action)

@cython.locals(ids=tuple)
cpdef bint _is_legal(RuleCore self, GameState state, object aid)

@cython.locals(apply_of=dict)
cpdef GameState _apply_id(RuleCore self, GameState state, object aid)
