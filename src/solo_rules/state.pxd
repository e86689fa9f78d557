# The accelerator's C declarations for state.py (an augmenting .pxd: Cython reads it next to the
# .py when SOLO_RULES_ACCELERATE=1 compiles the module; pure Python never sees it). GameState is
# an extension type whose fields are C slots: the compiled rule modules that cimport it read a
# field as a C struct member, not through Python's attribute lookup. The seats are C ints (a
# table has at most 6 seats); the card masks stay Python ints in their tuples. Final (no
# subclass) and with a free list: a hand builds and drops a state on every transition.
cimport cython

# The compiled rule set's tables (game.CompiledRules derives from it): the rule modules that
# cimport it read a table or a module as a C struct member, not through Python's attribute
# lookup on the rule set's class and dict. Public: CompiledRules fills it as Python attributes.
cdef class GameState

# The contract in play: its fields are C struct members, which the compiled rule modules read
# off a typed state's ``contract`` (GameState declares it a Contract) without an attribute
# lookup.
# The frozen-value methods (equality, hash, repr, pickle) that Contract and the auction's
# HoldState share.
cdef class FrozenValue:
    pass

# A completed trick, built by the play at every trick's end and read by the scoring.
@cython.final
cdef class Trick(FrozenValue):
    cdef readonly int leader, winner
    cdef readonly tuple cards

@cython.locals(trick=Trick)
cpdef Trick build_trick(int leader, tuple cards, int winner)

@cython.final
cdef class Contract(FrozenValue):
    cdef readonly object kind, index, declarer, trump, tout, called, partner, trump_bound
    cdef readonly object co_declarers

cdef class RuleCore:
    cdef public int players, seated, hand_size
    cdef public object pack, ranking
    cdef public tuple next_seat, turn_orders, turn_positions, trump_tables, _action_table
    cdef public object deal_rules, auction, contracts, partner, play, early_end, scoring
    cdef public object settlement
    cdef public dict stages, _legal_of, _apply_of, _after, _contract_defs
    cdef public tuple _last_legal

    cpdef object contract_def(self, object contract_id)
    cpdef int sitting_out(self, GameState state) except? -1

@cython.final
@cython.freelist(32)
cdef class GameState:
    cdef readonly RuleCore rules
    cdef readonly object phase
    cdef readonly int player
    cdef readonly int dealer
    cdef readonly tuple hands
    cdef readonly tuple history
    cdef readonly object auction
    cdef readonly Contract contract
    cdef readonly tuple trick
    cdef readonly int leader
    cdef readonly tuple tricks
    cdef readonly tuple won
    cdef readonly object flags
    cdef readonly tuple dealt

    # the parties, asked by the early end after every trick and by the scoring: C calls from
    # the modules that type the state as GameState
    cpdef tuple party(self)
    cpdef tuple party_tricks(self)
    # the seats in turn, asked on every card (and at the hand's end) where a seat sits out
    cpdef tuple in_turn(self, int first)

@cython.locals(state=GameState)
cpdef GameState build_state(RuleCore rules, object phase, int player, int dealer, tuple hands,
                            tuple history, object auction, Contract contract, tuple trick,
                            int leader, tuple tricks, tuple won, object flags, tuple dealt)

# A seat's dealt cards, read by scoring at every hand's end: the tricks' cards found by C
# indexing into the rule set's table of places in turn.
@cython.locals(positions=tuple, trick=Trick, offset=Py_ssize_t, card=object, orders=tuple,
               in_turn=tuple)
cpdef object dealt_mask(GameState state, int seat)

# The hand's result, built at every hand's end by the settlement (settlement.pxd cimports it).
cpdef object build_outcome(object contract, object declarer, object partner,
                           object party_tricks, object defender_tricks, object made,
                           object scores, object breakdown, object note=*, object joint=*)

# The loop's phase dispatch (CompiledRules binds these as its methods), called by GameState's
# legal_actions and apply as C calls: the rule set's tables read as C members.
@cython.locals(legal_of=dict, ids=tuple)
cpdef tuple _legal_ids(RuleCore self, GameState state)

@cython.locals(legal_of=dict, ids=tuple, table=tuple, aid=Py_ssize_t)
cpdef tuple _legal_actions(RuleCore self, GameState state)

@cython.locals(apply_of=dict, ids=tuple)
cpdef object _apply_legal(RuleCore self, GameState state, object aid)

@cython.locals(ids=tuple)
cpdef object _apply_chosen(RuleCore self, GameState state, object action)

@cython.locals(ids=tuple)
cpdef bint _is_legal(RuleCore self, GameState state, object aid)

@cython.locals(apply_of=dict)
cpdef GameState _apply_id(RuleCore self, GameState state, object aid)

# replace(state, **changes) at each phase's end: the fields read as C members
cpdef GameState _replaced(GameState state, dict changes)
