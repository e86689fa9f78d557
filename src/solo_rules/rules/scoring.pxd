# The accelerator's C declarations for scoring.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). Each
# scoring's score, run at every hand's end, takes the state as the C type GameState (state.pxd):
# its fields are read as C struct members, the party and its dealt cards found by C calls.
from solo_rules.state cimport GameState, RuleCore, dealt_mask

cpdef tuple _party_points_score(object self, RuleCore rules, GameState state)

cpdef list _party_matadors(object self, RuleCore rules, GameState state, object trump,
                           object made, object sign)

cpdef tuple _game_values_score(object self, RuleCore rules, GameState state)

cpdef tuple _mackers_score(object self, RuleCore rules, GameState state)
