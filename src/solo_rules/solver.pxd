# The accelerator's C declarations for solver.py (an augmenting .pxd: Cython reads it next to
# the .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The
# search runs as an extension type: its tables are C fields and its recursive steps C calls.
# The masks of cards are C integers where they are only shifted and masked (every pack has
# at most 32 cards, ids 0..31: ``cards.card_ids``); they stay Python ints where their bits are
# counted (``int.bit_count``, ``int.bit_length``) or they key a table.
cimport cython

ctypedef unsigned long long mask

cdef class DoubleDummy:
    cdef public object rules, contract, origin, winner
    cdef public tuple party, ends, in_party, turns, power, suit_of, order
    cdef public tuple party_lead, defence_lead, suit_masks
    cdef public object named
    cdef public bint renege
    cdef public int total, seated, nodes
    cdef public dict bounds, seen, made, norms, card_moves, legal

    @cython.locals(legal=mask, suits=mask, cards=mask)
    cpdef list moves_of(self, int seat, object hand, tuple trick, mask live, int leader)
    @cython.locals(best=int, best_suit=int, bar=int, takers=list)
    cpdef list ordered(self, int seat, int leader, tuple trick, list cards)
    @cython.locals(named=mask, cards=mask, in_run=bint, card=int, picked=list)
    cpdef list one_per_run(self, mask legal, mask live)
    @cython.locals(key=list, canon=object, low=object)
    cpdef tuple canonical(self, object hands, mask live)
    @cython.locals(norm=list, named=mask, slot=int, index=int, card=int)
    cpdef tuple normaliser(self, mask live)
    @cython.locals(left=int)
    cpdef bint reach(self, list hands, int leader, tuple trick, mask live, int target)
    cpdef list sure(self, list hands, int leader, mask live, int left)
    @cython.locals(ruffers=list, count=int, run=int, suit=int, drawn=bint)
    cpdef int quick(self, list hands, int leader, mask live)
    @cython.locals(run=int, card=int)
    cpdef int run(self, mask hand, mask live, int suit)
    @cython.locals(count=int, seat=int, winner=int, last=bint, gaining=bint, result=bint,
                   index=int, moves=list, card=int, after=mask, gone=int, hand=object)
    cpdef bint extend(self, list hands, int leader, tuple trick, mask live, int target,
                      list entry, tuple norm)
    cpdef int last(self, list hands, int leader)
    cpdef bint makes(self, object state)
    @cython.locals(gaining=bint, result=bint, playing=bint)
    cpdef bint and_or(self, object state)
