# The accelerator's C declarations for ranking.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it): the
# winner of a trick (at every trick's end) is found on C integers: card ids 0..31, effective
# suits 0..4 and powers below a few hundred.
cimport cython

@cython.locals(suit_of=tuple, power=tuple, trump=int, led=int, best=int, best_power=int,
               index=Py_ssize_t, card=int, suit=int)
cpdef int _trick_winner(object self, tuple cards)
