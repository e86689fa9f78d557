# The accelerator's C declarations for heuristic.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it): the
# play's helpers are C calls, and their loops count indices, powers and keys in C integers.
cimport cython

@cython.locals(trick=tuple, counts=tuple, to_beat=long, chosen=Py_ssize_t, lowest=long,
               index=Py_ssize_t, power=long)
cpdef object _play(object view, object legal)

@cython.locals(chosen=Py_ssize_t, lowest=long, index=Py_ssize_t, key=long)
cpdef Py_ssize_t _lowest(object legal, tuple order) except -1

@cython.locals(chosen=Py_ssize_t, highest=long, index=Py_ssize_t, power=long, powers=tuple,
               aces=tuple)
cpdef Py_ssize_t _lead(object view, object legal, object tables) except -1

cpdef bint _friend(object view, object other) except -1

@cython.locals(mask=object)
cpdef tuple _strengths(object hand)

cpdef object _best_suit(object strengths, object allowed=*)

@cython.locals(strengths=tuple, ceiling=long, standing=long)
cpdef object _bid(object view, object legal)

@cython.locals(strengths=tuple, plain=list, worth=long, highest=long, lowest=long,
               unsuited=long)
cpdef object _declare(object view, object legal)
