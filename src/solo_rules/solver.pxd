# The accelerator's C declarations for solver.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The
# search runs as an extension type: its tables are C fields and its recursive steps C calls.
cimport cython

cdef class DoubleDummy:
    cdef public object rules, contract, origin, winner
    cdef public tuple party, ends, in_party, turns, power, suit_of, order
    cdef public tuple party_lead, defence_lead, suit_masks
    cdef public object named
    cdef public bint renege
    cdef public int total, seated, nodes
    cdef public dict bounds, seen, made, norms, card_moves, legal

    cpdef list moves_of(self, int seat, object hand, tuple trick, object live, int leader)
    @cython.locals(key=list, canon=object, low=object)
    cpdef tuple canonical(self, object hands, object live)
    @cython.locals(left=int)
    cpdef bint reach(self, list hands, int leader, tuple trick, object live, int target)
    cpdef list sure(self, list hands, int leader, object live, int left)
    @cython.locals(ruffers=list, count=int, run=int, suit=int)
    cpdef int quick(self, list hands, int leader, object live)
    @cython.locals(run=int)
    cpdef int run(self, object hand, object live, int suit)
    @cython.locals(count=int, seat=int, winner=int, last=bint, gaining=bint, result=bint,
                   index=int, moves=list)
    cpdef bint extend(self, list hands, int leader, tuple trick, object live, int target,
                      list entry, tuple norm)
    cpdef int last(self, list hands, int leader)
    cpdef bint makes(self, object state)
    @cython.locals(gaining=bint, result=bint, playing=bint)
    cpdef bint and_or(self, object state)
