# The accelerator's C declarations for play.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The hot
# methods of FollowSuit take the state as the C type GameState (state.pxd), so that its fields
# are read as C struct members and the next state is built by a C call. Seats are C ints; card
# ids and masks stay Python ints (a mask is shifted by up to 31 bits).
cimport cython

from solo_rules.state cimport GameState, RuleCore, build_state, build_trick

@cython.locals(trick=tuple)
cpdef object _legal_mask(object self, RuleCore rules, GameState state, int seat)

@cython.locals(seat=int)
cpdef tuple _legal_cards(object self, RuleCore rules, GameState state)

@cython.locals(players=int, seat=int, held=list, hands=tuple, trick=tuple, following=int,
               position=int, winner=int, won=list)
cpdef GameState _play_card(object self, RuleCore rules, GameState state, object aid,
                           tuple history)
