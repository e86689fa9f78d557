# The accelerator's C declarations for deal.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it): the
# shuffle's loop runs on C integers.
cimport cython

@cython.locals(i=Py_ssize_t, n=long, k=long, j=long, draws=tuple)
cpdef list shuffled(list cards, object rng)
