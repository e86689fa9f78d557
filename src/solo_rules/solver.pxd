# The accelerator's C declarations for solver.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). The search runs
# as an extension type: its arrays are C arrays of the sizes solver.py's constants give (SEATS 8,
# CARDS 32, PLIES 136 and SCRATCH, a row of norm after theirs, MOVES 16; TABLE and the legal and
# hint tables 1 << 13, LEGAL_BITS and HINT_BITS; the seen table 1 << 12, SEEN_BITS: the object is
# zeroed at each search, so its tables are no larger than a full deal needs), its steps C functions,
# and a position of the trick count costs no Python object. A mask of cards is a 64-bit C integer
# (every pack has at most 32 cards, ids 0..31: ``cards.card_ids``), so that the tables' keys and
# hashes wrap as 64-bit words; a table's cards alone fit 32 bits.
cimport cython

ctypedef unsigned long long mask

cdef int SEATS, KEYED_SEATS, CARDS, PLIES, SCRATCH, MOVES, TABLE_BITS, TABLE, PROBES
cdef int LEGAL_BITS, HINT_BITS, SEEN_BITS
cdef int FAR, TRUMP_SUIT
cdef mask FULL, SPREAD, MIX, DE_BRUIJN, LOW32, ONE

cdef int popcount(mask cards) noexcept

cdef class DoubleDummy:
    cdef public object rules, contract, play_mask
    cdef public tuple party, ends, fields
    cdef public int total, seated, players, nodes, decided, called, called_at
    cdef public mask named
    cdef public bint renege
    cdef public dict made
    # pure Python's tables of the steps it replaces (solver.py's pure_ functions): None here
    cdef dict legal_known, moves_known, runs_known, seen_known
    cdef list held
    cdef mask w0, w1, w2
    cdef mask hand[8]
    cdef int trick[136]
    cdef int norm[576]
    cdef int moves_at[2176]
    cdef int rank_at[2176]
    cdef mask keys[24576]
    cdef signed char lead[8192]
    cdef signed char low[8192]
    cdef signed char high[8192]
    cdef signed char best[8192]
    cdef mask legal_keys[8192]
    cdef unsigned int legal_cards[8192]
    cdef mask exact_keys[8192]
    cdef unsigned int exact_cards[8192]
    cdef mask hint_keys[8192]
    cdef signed char hint_cards[8192]
    cdef mask hint
    cdef mask seen[24576]
    cdef signed char seen_lead[4096]
    cdef int counts[8]
    cdef mask ruffers[8]
    cdef int power[32]
    cdef int suit_of[32]
    cdef mask suit_masks[5]
    cdef int order[160]
    cdef int order_len[5]
    cdef int turn[64]
    cdef int in_party[8]
    cdef int party_lead[32]
    cdef int defence_lead[32]
    cdef int bit_at[32]
    cdef bint plain[8]

    @cython.locals(left=int, live=mask, seat=int, index=int, base=int)
    cpdef tuple load(self, object state)
    @cython.locals(leader=int, count=int, live=mask, left=int, ply=int, found=int, slot=int)
    cpdef list moves(self, object state)
    @cython.locals(leader=int, count=int, left=int)
    cpdef mask legal(self, object state)
    @cython.locals(base=int, hand=mask, seen=mask, key=mask, start=int, index=int, card=mask,
                   slot=int, exact=int, relative=mask, legal=mask, low=mask)
    cdef mask legal_of(self, mask seat, int leader, mask count, int left) except? 0
    @cython.locals(start=int, hand=mask, follow=mask)
    cdef mask ask(self, int seat, int leader, int count, int left) except? 0
    @cython.locals(seat=int, legal=mask, named=mask, start=int, found=int, suit=int,
                   suits=mask, hint=mask, trick=int,
                   in_run=bint, index=int, card=int, mine=int, held=int, best=int,
                   best_suit=int, bar=int, ours=bint, power=int, rank=int, place=int)
    cdef int generate(self, int leader, int count, mask live, int left) except -1
    @cython.locals(base=int, index=int, card=int)
    cdef void promote(self, int start, int found, int base, int lead) noexcept
    @cython.locals(start=int, led=int, held=int, index=int)
    cdef int winning(self, int left, int count) noexcept
    @cython.locals(suit=int)
    cdef bint beats(self, int card, int best, int led) noexcept
    @cython.locals(base=int, named=mask, suit=int, row=int, slot=int, index=int, card=int)
    cdef void normalise(self, mask live, int left) noexcept
    cpdef tuple normaliser(self, mask live)
    @cython.locals(base=int, canon=mask, low=mask)
    cdef mask relative(self, mask hand, int left) noexcept
    cdef void words(self, int left) noexcept
    @cython.locals(raw0=mask, raw1=mask, raw2=mask, slot=int)
    cdef bint key_of(self, int leader, mask live, int left) noexcept
    @cython.locals(home=mask, probe=int, slot=int)
    cdef int find(self, mask w0, mask w1, mask w2, int leader) noexcept
    @cython.locals(home=mask, probe=int, slot=int)
    cdef int entry(self, mask w0, mask w1, mask w2, int leader, mask live, int left) except -1
    @cython.locals(leader=int, count=int, live=mask, left=int, target=int)
    cpdef int to_come(self, object state)
    @cython.locals(w0=mask, w1=mask, w2=mask, slot=int, result=bint, decided=int, fresh=bint)
    cdef int reach(self, int leader, int count, mask live, int target, int left) except -1
    @cython.locals(seat=int, gaining=bint, hand=mask, start=int, found=int, last=bint,
                   place=int, index=int, card=int, winner=int, rest=mask, gone=int,
                   result=bint, hint=mask, slot=int, held=int, best=int, led=int)
    cdef int extend(self, int leader, int count, mask live, int target, int left,
                    int lead) except -1
    @cython.locals(index=int, hand=mask)
    cdef int last(self, int leader) noexcept
    @cython.locals(seat=int, side=int, row=int, index=int, card=int, top=int, low=int,
                   high=int, quick=int)
    cdef int sure(self, int slot, int leader, mask live, int left) except -1
    @cython.locals(mine=mask, trumps=mask, run=int, ruffers=int, drawn=bint, index=int,
                   hand=mask, called=int, count=int, suit=int, cards=mask)
    cpdef int quick(self, int leader, mask live) except -1
    @cython.locals(run=int, index=int, card=int)
    cdef int run(self, mask hand, mask live, int suit) noexcept
    @cython.locals(seat=int)
    cdef int owner(self, int card) except -1
    @cython.locals(leader=int, count=int, live=mask, left=int, target=int)
    cpdef bint makes(self, object state)
    @cython.locals(gaining=bint, result=bint, playing=bint, left=int, live=mask)
    cpdef bint and_or(self, object state)
