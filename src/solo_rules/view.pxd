# The accelerator's C declarations for view.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The caches
# of a rule set's views are an extension type, so ``build_view`` reads their fields and
# translates a history by C calls instead of attribute and method look-ups.
cimport cython

cdef class _Views:
    cdef public tuple entries, pairs, led_by, last
    cdef public bint everyone_plays
    cdef public object conceals, shows

    @cython.locals(before=Py_ssize_t, after=Py_ssize_t, entries=tuple, shown=tuple,
                   known=tuple, seat=Py_ssize_t, aid=Py_ssize_t)
    cpdef tuple history(self, tuple history)

@cython.locals(views=_Views, history=tuple, hands=tuple, cards=tuple, trick=tuple)
cpdef object build_view(object rules, object state, object seat, object legal=*)
