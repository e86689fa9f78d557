"""One table: its match, the hand in play, who may act, and every change stored first.

A table plays a ``Match`` of the library (the dealer's turn, the running totals), each hand
dealt from its own 128 bits of the operating system's randomness (stored with the hand, and
shown in its record once it is over, when it tells nothing of any other hand), or from the
match's seed where the table's creator chose it, or one given deal again. Every action is
checked by ``GameState.apply`` and committed to the store before the table's state moves on,
so what anyone was told is on disk; a table is rebuilt from the store by dealing each hand
again and replaying its stored actions through the library (``Table.resume``). A bot's choice
is a function of the table's secret seed, the hand and the position in it, so a resumed table
plays on as it would have without the restart.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from pathlib import Path

from solo_rules.actions import Action
from solo_rules.analysis import BOTS
from solo_rules.bots import Bot
from solo_rules.errors import ActionParseError, IllegalActionError, SoloRulesError
from solo_rules.game import CompiledRules, compile, new_game
from solo_rules.match import Match
from solo_rules.record import GameRecord, read_record, replay
from solo_rules.state import GameState
from solo_rules.variant import Variant
from solo_rules.view import PlayerView
from solo_rules.web.config import TableConfig, from_plain, to_plain
from solo_rules.web.rulebook import Rulebook, explanation, rulebook_of
from solo_rules.web.store import Store, StoredTable
from solo_rules.wording import addressed

__all__ = ["SPECTATOR", "Table", "TableError", "bot_choice", "hand_seed", "seat_of"]

#: The seat number of the spectators' token.
SPECTATOR = -1


class TableError(SoloRulesError):
    """A message the table does not act on: ``code`` says why (``not_your_turn``, ``stale``,
    ``illegal``, ``over``...), the message in one line."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def digest(token: str) -> bytes:
    """What the store keeps of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


class Table:
    """A table in play (see the module docstring)."""

    def __init__(self, table_id: str, config: TableConfig, variant: Variant, store: Store,
                 digests: tuple[tuple[int, bytes], ...], seed: int | None) -> None:
        self.id = table_id
        self.config = config
        self.variant = variant
        self.store = store
        self._digests = digests
        deal = config.deal
        self.match = Match.start(variant, seed=config.seed,
                                 dealer=None if deal is None else deal.dealer)
        #: the hand in play (from 0), or the last one while the next waits to be dealt
        self.hand = 0
        #: the seed the hand in play was dealt from (``None``: the match's ``hand_seed``)
        self.seed = seed
        self.state: GameState = self._deal()
        #: the finished hand's record (JSON), shown at its end
        self.last_record: str | None = None
        #: the person seats that asked for the next hand
        self.ready: set[int] = set()
        #: per seat, its last refused action (cleared by its next accepted one)
        self.refusals: dict[int, dict[str, object]] = {}
        #: when the last action was taken, before it was stored (``time.time()``): where
        #: ``benchmarks/web_load.py`` measures a bot's action's latency from
        self.acted_at = time.time()

    @property
    def rules(self) -> CompiledRules:
        """The rules of the hand in play: the table's variant, or the one the match derived
        from it once the session fixed a preferred suit (``Match.hand_variant``)."""
        return compile(self.state.variant)

    @property
    def rulebook(self) -> Rulebook:
        """The rulebook of the hand in play's variant."""
        return rulebook_of(self.state.variant)

    # -- making and resuming --------------------------------------------------------------

    @classmethod
    def create(cls, store: Store, config: TableConfig,
               variant: Variant) -> tuple[Table, dict[int, str]]:
        """A new table, stored with its first hand dealt; returns it and the secret token of
        each person's seat and of the spectators (``SPECTATOR``)."""
        table_id = secrets.token_hex(8)
        tokens = {seat: secrets.token_urlsafe(24) for seat in (*config.persons, SPECTATOR)}
        digests = {seat: digest(token) for seat, token in tokens.items()}
        store.add_table(table_id, to_plain(config), digests)
        table = cls(table_id, config, variant, store, tuple(sorted(digests.items())),
                    hand_seed(config))
        store.deal(table_id, 0, table.seed)
        return table, tokens

    @classmethod
    def resume(cls, store: Store, stored: StoredTable, uploads: Path) -> Table:
        """The table ``stored`` as it stood: each finished hand replayed from its record,
        the hand in play dealt again and its stored actions applied, every one checked."""
        config = from_plain(stored.config)
        table = cls(stored.id, config, config.load(uploads), store, stored.digests, None)
        for number, text in enumerate(stored.records):
            record = read_record(text)
            if not isinstance(record, GameRecord):
                raise TableError("corrupt", f"table {stored.id}: hand {number} is stored as "
                                            "a match record")
            state = replay(record, table.match.hand_variant)
            table.match = table.match.finish(state, record.seed)
            table.hand, table.state, table.last_record = number, state, text
        if stored.dealt > len(stored.records):
            table.hand, table.seed = len(stored.records), stored.seed
            state = table._deal()
            for seat, action in stored.actions:
                if seat != state.current_player:
                    raise TableError("corrupt", f"table {stored.id}: hand {table.hand} stores "
                                                f"an action of seat {seat} out of turn")
                state = state.apply(action)
            table.state = state
        return table

    def _deal(self) -> GameState:
        """The next hand of the match, from ``seed`` (the hand's own, or the one deal this
        table plays again), else from the match's ``hand_seed``."""
        if self.seed is None:
            return self.match.deal()
        return new_game(self.match.hand_variant, seed=self.seed, dealer=self.match.dealer)

    # -- who is who -----------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        """The seat whose token this is (``SPECTATOR`` for the spectators'), or ``None``."""
        return seat_of(self._digests, token)

    @property
    def over(self) -> bool:
        """The match has played all its hands."""
        hands = self.config.hands
        return hands is not None and len(self.match.hands) >= hands

    @property
    def waiting(self) -> bool:
        """The hand is over and the next one waits to be dealt."""
        return self.state.is_terminal and not self.over

    def bot_to_move(self) -> int | None:
        """The seat of the bot whose turn it is, if it is a bot's."""
        seat = self.state.current_player
        if seat is None or self.config.seats[seat].kind == "person":
            return None
        return seat

    # -- acting ---------------------------------------------------------------------------

    def act(self, seat: int, text: str, hand: int, position: int) -> None:
        """Apply ``text`` for ``seat``, which saw the hand ``hand`` at ``position`` actions:
        checked (the seat's turn, the same moment, the rules), stored, then applied. A
        refusal raises ``TableError`` and changes nothing but the seat's last refusal."""
        state = self.state
        if state.is_terminal:
            raise TableError("hand_over", "the hand is over: no action is taken now")
        if hand != self.hand or position != len(state.history):
            raise TableError("stale", f"the action was for hand {hand} at action {position}, "
                                      f"but the table is at hand {self.hand}, action "
                                      f"{len(state.history)}")
        if seat != state.current_player:
            turn = state.current_player
            raise TableError("not_your_turn", "it is " + (
                "nobody's turn" if turn is None else f"{self.config.names[turn]}'s turn")
                + ", not yours")
        try:
            after = state.apply(text)
        except IllegalActionError as exc:
            why = explanation(exc, state)
            self.refusals[seat] = {"text": str(exc), "reason": exc.reason, "why": why,
                                   "words": addressed(why, seat, self.config.names),
                                   "rule": self.rulebook.rule_data(state.phase, why)}
            raise TableError("illegal", str(exc)) from None
        except ActionParseError as exc:
            raise TableError("bad_action", str(exc)) from None
        self._store(seat, after)
        self.refusals.pop(seat, None)

    def _store(self, seat: int, after: GameState) -> None:
        """Commit the action that led to ``after``, with the hand's record if it ended it,
        then move the table on."""
        acted_at = time.time()
        action = self.rules.action_of(after.history[-1][1])
        assert action is not None
        match, record = self.match, None
        if after.is_terminal:
            match = match.finish(after, self.seed)
            finished = match.hands[-1]
            assert isinstance(finished, GameRecord)  # the table never calls a misdeal
            record = finished.to_json()
        hands = self.config.hands
        self.store.add_action(self.id, self.hand, len(after.history) - 1, seat, action.text,
                              record, hands is not None and len(match.hands) >= hands)
        self.match, self.state, self.acted_at = match, after, acted_at
        if record is not None:
            self.last_record = record
            self.ready.clear()

    def bot(self, seat: int) -> Bot:
        """The bot of ``seat`` for the decision at hand, seeded by ``_bot_seed``."""
        return BOTS[self.config.seats[seat].kind](self._bot_seed(seat), self.rules)

    def bot_task(self, seat: int) -> tuple[str, int, Variant, PlayerView]:
        """What another process needs to make ``seat``'s bot choose (``bot_choice``)."""
        return (self.config.seats[seat].kind, self._bot_seed(seat), self.state.variant,
                self.state.view(seat))

    def bot_acts(self, seat: int, position: int, action: Action) -> None:
        """Apply the action a bot chose from its view at ``position`` (checked by the
        rules like any other)."""
        state = self.state
        if state.current_player != seat or len(state.history) != position:
            raise TableError("stale", f"the bot of seat {seat} chose for action {position}, "
                                      f"but the table is at action {len(state.history)}")
        self._store(seat, state.apply(action))

    def _bot_seed(self, seat: int) -> int:
        """The seed of one decision: the same after a restart as before it."""
        text = f"{self.config.seed}:{self.hand}:{len(self.state.history)}:{seat}"
        return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")

    def say_ready(self, seat: int) -> bool:
        """``seat`` asks for the next hand; returns whether it was dealt (every person
        asked)."""
        if not self.waiting:
            raise TableError("not_waiting", "the hand is still in play" if not
                             self.state.is_terminal else "the match is over")
        self.ready.add(seat)
        return self.deal_if_ready()

    def deal_if_ready(self) -> bool:
        """Deal the next hand once every person has asked for it (at once at a table of
        bots)."""
        if not self.waiting or not self.ready.issuperset(self.config.persons):
            return False
        seed = hand_seed(self.config)
        self.store.deal(self.id, self.hand + 1, seed)
        self.hand, self.seed = self.hand + 1, seed
        self.state = self._deal()
        self.ready.clear()
        self.refusals.clear()
        self.acted_at = time.time()
        return True

    def finished(self, number: int) -> GameState:
        """Hand ``number`` (from 1) of the match, finished, replayed from its record under
        the match state it was played under; ``TableError`` for a hand not played or
        misdealt."""
        hands = self.match.hands
        record = hands[number - 1] if 1 <= number <= len(hands) else None
        if not isinstance(record, GameRecord):
            raise TableError("no_hand", f"hand {number}: " + (
                "it was misdealt" if record is not None else
                f"the match has {len(hands)} finished hand{'' if len(hands) == 1 else 's'}"))
        return replay(record, self.match.hand_variants()[number - 1])

    def again(self) -> str | None:
        """The lobby's address that deals the finished hand again at a new table (``None``
        for an uploaded variant, which the lobby knows by no id)."""
        if self.config.upload is not None or not self.match.hands:
            return None
        seed = getattr(self.match.hands[-1], "seed", None)
        if seed is None:
            return None
        query = f"/?variant={self.config.variant}&seed={seed}&dealer={self.state.dealer}"
        preferred, pot = self._session_of_last()
        if preferred is not None:
            query += f"&preferred={preferred}"
        if pot:
            query += f"&pot={pot}"
        return query + "".join(f"&overlay={overlay}" for overlay in self.config.overlays)

    def _session_of_last(self) -> tuple[str | None, int]:
        """The match state the last hand was dealt under: this table's match's, or, at a
        table that deals one hand again, the state it was asked to deal it under."""
        deal = self.config.deal
        if deal is not None:
            return deal.preferred, deal.pot
        preferred, pot = self.match.sessions()[-1]
        return None if preferred is None else preferred.letter, pot


def hand_seed(config: TableConfig) -> int | None:
    """The seed of a hand about to be dealt: the deal played again, or 128 bits from the
    operating system, so that no hand seen tells anything of another; ``None`` for a table
    whose creator chose the match's seed (its hands follow ``Match.hand_seed``)."""
    if config.deal is not None:
        return config.deal.seed
    return None if config.chosen_seed else secrets.randbits(128)


def seat_of(digests: tuple[tuple[int, bytes], ...], token: str) -> int | None:
    """The seat whose token this is among a table's ``digests`` (``SPECTATOR`` for the
    spectators'), or ``None``. Every digest is compared, each in constant time."""
    asked = digest(token)
    found = None
    for seat, stored in digests:
        if hmac.compare_digest(stored, asked):
            found = seat
    return found


def bot_choice(kind: str, seed: int, variant: Variant, view: PlayerView) -> Action:
    """The action the bot ``kind`` seeded ``seed`` chooses from ``view``: what a worker
    process runs for ``Table.bot_task``, the same choice ``Table.bot`` would make."""
    return BOTS[kind](seed, compile(variant)).choose(view)
