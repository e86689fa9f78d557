# The accelerator's C declarations for deal.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it): the
# shuffle's loop runs on C integers, and a Twister's state is a C array of 32-bit words that
# it seeds and draws from in C.
cimport cython

cdef Py_ssize_t _N, _M
cdef unsigned int _UPPER, _LOWER, _MATRIX, _TEMPER_B, _TEMPER_C, _WORD
cdef unsigned int _UNKEYED[624]

@cython.final
cdef class Twister:
    cdef public Py_ssize_t index
    cdef unsigned int mt[624]

    @cython.locals(mt=cython.p_uint, i=Py_ssize_t, low=cython.uint, odd=cython.uint,
                   prev=cython.uint)
    cdef void _seed(self, unsigned long long seed) noexcept

    @cython.locals(mt=cython.p_uint, kk=Py_ssize_t, y=cython.uint)
    cdef inline unsigned int _next(self) noexcept

    @cython.locals(size=Py_ssize_t, bits=int, i=Py_ssize_t, n=Py_ssize_t, j=Py_ssize_t)
    cpdef void shuffle(self, list x) except *

@cython.locals(i=Py_ssize_t, n=long, k=long, j=long, draws=tuple, twister=Twister)
cpdef list shuffled(list cards, object rng)

# The deal's sums per seat: the shuffled card bits (below 2**32) ORed into C words.
@cython.locals(position=Py_ssize_t, seat=Py_ssize_t, card=cython.uint, held=cython.uint[8])
cpdef tuple _received(list bits, tuple receivers, Py_ssize_t players)
