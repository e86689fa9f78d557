"""The seam between the game loop and the rule modules: each module owns its phase, explains its
own refusals, contributes its own words, and a new decision is a module plus YAML."""

from __future__ import annotations

import ast
import pickle
from collections.abc import Iterable, Iterator
from pathlib import Path

import attrs
import pytest
from drive import legal, play, run, variant_file

from solo_rules import (
    Action,
    Flags,
    GameState,
    IllegalActionError,
    Phase,
    Trump,
    VariantError,
    Word,
    compile,
    load_variant,
    new_game,
    rulebook,
    schema,
)
from solo_rules.actions import PASS
from solo_rules.bots import HeuristicBot
from solo_rules.rules.deal import PacketDeal
from solo_rules.rules.slots import History, Rules, Stage
from solo_rules.schema import Clause, RuleModule, register
from solo_rules.state import Memory, replace

SRC = Path(__file__).resolve().parents[1] / "src" / "solo_rules"

#: Altenburg, seat 3 dealing: seat 0 (eldest) holds Spadille, hearts and D7; seat 1 the club
#: and diamond tops; seat 2 Basta (a trump whatever the suit) and every other spade.
HANDS = ("CQ HA HK HQ HJ HT C7 D7", "CA CK CJ CT C9 C8 DA DK",
         "SA SQ SK SJ ST S9 S8 S7", "H9 H8 H7 DQ DJ DT D9 D8")


def solo_in_hearts(variant: str | Path = "altenburg-1988") -> GameState:
    """Seat 0 opens Frage, the others pass, and he declares a Solo in hearts; he leads D7."""
    state = new_game(load_variant(variant), hands=HANDS, dealer=3)
    return run(state, "bid frage", "pass", "pass", "pass", "declare solo H", "play D7")


# -- a refused card is explained by the rule that refuses it ---------------------------------------


def test_a_card_refused_by_the_duty_to_trump_names_that_duty(tmp_path: Path) -> None:
    """With ``play.follow_suit`` ``must_trump: true`` a player who cannot follow must trump.
    Seat 2 holds no diamond and only Basta as a trump: ``play SA`` is refused because he must
    trump, not because he "must follow the suit" he does not have (the old guess)."""
    path = variant_file(tmp_path, "altenburg-1988", """
        play:
          module: play.follow_suit
          params: {must_trump: true}
          provenance: {basis: house}
    """)
    state = play(solo_in_hearts(path), "DA")
    assert state.player == 2 and legal(state) == ["play SQ"]
    with pytest.raises(IllegalActionError) as excinfo:
        state.apply("play SA")
    message = str(excinfo.value)
    assert "seat 2 cannot follow the suit of D7 and must play a trump" in message
    assert "must follow" not in message
    assert excinfo.value.reason == "not_legal"


def test_without_the_duty_to_trump_any_card_may_be_discarded() -> None:
    """S-WIK: "Players must follow suit if possible; if not, they can play anything." """
    state = play(solo_in_hearts(), "DA")
    assert "play SA" in legal(state) and "play SQ" in legal(state)


@pytest.mark.parametrize(
    ("card", "why"),
    [
        ("CA", "seat 1 must follow the suit of D7"),
        ("HA", "seat 1 does not hold HA"),
    ],
)
def test_a_refused_card_names_the_rule_that_refuses_it(card: str, why: str) -> None:
    state = solo_in_hearts()
    with pytest.raises(IllegalActionError, match=why):
        state.apply(f"play {card}")


def test_a_card_refused_by_the_called_card_duty_names_the_called_card() -> None:
    """S-WIK: "if the suit of the called Ace or King is led, the called card must be played"
    (AMB-10): the refusal names that duty, not a suit to follow."""
    hands = ("CQ CA H7 HA HK HQ HJ D7", "SQ HT H9 H8 CK CJ DK DQ",
             "SA S9 S8 S7 DA DT C9 CT", "SK SJ ST C8 C7 DJ D9 D8")
    state = new_game("altenburg-1988", hands=hands, dealer=2)  # seat 3 leads
    state = run(state, "pass", "bid frage", "pass", "pass", "declare frage H", "call SA",
                "play ST", "play D7", "play DK")
    with pytest.raises(IllegalActionError,
                       match="the holder of the called card must play ♠A when its suit is led"):
        state.apply("play S9")


# -- the engine holds no rule; modules meet through typed Protocols --------------------------------


def test_no_module_reaches_another_by_looking_up_a_name() -> None:
    """Rule modules and the loop find each other's members through the slot Protocols, never
    with ``getattr``: mypy then checks every such use."""
    files = [*sorted((SRC / "rules").rglob("*.py")), SRC / "game.py"]
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr":
                raise AssertionError(f"{path.name}:{node.lineno} looks a member up by name")


@pytest.fixture
def registry() -> Iterator[None]:
    """Modules a test registers are forgotten after it, so other tests see the shipped ones."""
    saved = dict(schema._REGISTRY)
    yield
    schema._REGISTRY.clear()
    schema._REGISTRY.update(saved)


@pytest.mark.usefixtures("registry")
def test_a_module_that_does_not_implement_its_slot_is_refused_when_compiled(
        tmp_path: Path) -> None:
    """A module filed under a slot must implement that slot's Protocol (here: play)."""

    @register("play", "play.toy_incomplete")
    @attrs.frozen
    class Incomplete(RuleModule):
        def describe(self) -> list[Clause]:
            return [Clause("Anything goes.")]

    path = variant_file(tmp_path, "altenburg-1988", """
        play: {module: play.toy_incomplete, params: null, provenance: {basis: house}}
    """, name="incomplete")
    with pytest.raises(TypeError, match=r"rules\.play is Incomplete, which does not "
                                        r"implement PlayRules"):
        compile(load_variant(path))


def test_states_hold_typed_trumps_and_flags() -> None:
    state = solo_in_hearts()
    assert state.contract is not None and state.contract.trump is Trump.HEARTS
    assert isinstance(state.flags, Flags) and state.flags is Flags.NONE
    assert state.phase is Phase.PLAY


# -- a new decision is a module plus YAML ----------------------------------------------------------

#: The toy word: eldest may knock to have the cards thrown in before the auction.
KNOCK = Word("knock", 90, ("klopf",), "knocks: the hand is thrown in")


@attrs.frozen
class _KnockStage(Stage):
    """After the deal, eldest knocks (the hand is thrown in) or passes (the auction starts)."""

    phase = "knock"
    expects = "a knock or a pass"

    def words(self, rules: Rules) -> Iterable[Word]:
        return PASS, KNOCK

    def actions(self, rules: Rules) -> Iterable[Action]:
        return ()

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        return replace(state, phase="knock", player=state.eldest)

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        return PASS.id, KNOCK.id

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        state = replace(state, history=history)
        return replace(state, phase=Phase.END) if aid == KNOCK.id else rules.advance(state)

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        return "only eldest may knock"


@attrs.frozen
class KnockDeal(PacketDeal):
    """The packet deal, then the toy knock decision."""

    def stages(self) -> tuple[Stage, ...]:
        return (_KnockStage(),)

    def describe(self) -> list[Clause]:
        return [*super().describe(), Clause("After the deal eldest may knock: the cards are "
                                            "thrown in.")]


@pytest.fixture
def knock_variant(tmp_path: Path, registry: None) -> Path:
    register("deal", "deal.toy_knock")(KnockDeal)
    return variant_file(tmp_path, "altenburg-1988", """
        deal:
          module: deal.toy_knock
          params: {packets: [3, 2, 3]}
          provenance: {basis: house}
    """, name="knock")


def test_a_toy_decision_module_adds_a_phase_without_touching_the_engine(
        knock_variant: Path) -> None:
    """The knock phase, its words, its refusals, views, bots and the rulebook all come from the
    module and the YAML that names it."""
    state = new_game(load_variant(knock_variant), hands=HANDS, dealer=3)
    assert (state.phase, state.player) == ("knock", 0)
    assert legal(state) == ["pass", "knock"]
    assert state.action("klopf").text == "knock"
    with pytest.raises(IllegalActionError) as excinfo:
        state.apply("play CQ")
    assert excinfo.value.reason == "wrong_phase"
    assert "the rules expect a knock or a pass now" in str(excinfo.value)
    assert state.view(0).legal_actions == state.legal_actions()
    assert state.view(1).phase == "knock"

    thrown = state.apply("knock")
    assert thrown.is_terminal and thrown.outcome().contract is None
    assert thrown.history == ((0, KNOCK.id),)

    bidding = state.apply("pass")
    assert bidding.phase == Phase.AUCTION and bidding.player == 0
    assert legal(bidding) == ["pass", "bid frage"]
    assert "After the deal eldest may knock" in rulebook(load_variant(knock_variant))


def test_bots_play_a_hand_with_the_toy_decision(knock_variant: Path) -> None:
    state = new_game(load_variant(knock_variant), seed=4)
    bots = [HeuristicBot(seat) for seat in range(state.players)]
    while not state.is_terminal:
        state = state.apply(bots[state.player].choose(state.view(state.player)))
    assert state.history[0] == (state.eldest, PASS.id)  # the bot passes: it never knocks
    assert state.outcome().contract is not None


# -- a stage says where it goes --------------------------------------------------------------------


@attrs.frozen
class _AnnounceStage(Stage):
    """A toy phase that eldest closes with a pass; it declares its place in the hand."""

    after: tuple[str, ...] = (Phase.DECLARE, Phase.CALL, Phase.TRUMP)
    before: tuple[str, ...] = (Phase.PLAY,)
    phase = "announce"
    expects = "a pass"

    def words(self, rules: Rules) -> Iterable[Word]:
        return (PASS,)

    def actions(self, rules: Rules) -> Iterable[Action]:
        return ()

    def enter(self, rules: Rules, state: GameState) -> GameState | None:
        return replace(state, phase="announce", player=state.eldest)

    def legal(self, rules: Rules, state: GameState) -> tuple[int, ...]:
        return (PASS.id,)

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        return rules.advance(replace(state, history=history))

    def explain(self, rules: Rules, state: GameState, aid: int) -> str:
        return "only a pass is taken"


@attrs.frozen
class AnnounceDeal(PacketDeal):
    """The packet deal, whose toy phase comes after the call and before the first lead."""

    def stages(self) -> tuple[Stage, ...]:
        return (_AnnounceStage(),)


@attrs.frozen
class TangledDeal(PacketDeal):
    """The packet deal with a toy phase that would come after the play and before the
    auction."""

    def stages(self) -> tuple[Stage, ...]:
        return (_AnnounceStage(after=(Phase.PLAY,), before=(Phase.AUCTION,)),)


def _toy_deal(tmp_path: Path, cls: type[PacketDeal], module_id: str) -> Path:
    register("deal", module_id)(cls)
    return variant_file(tmp_path, "altenburg-1988", f"""
        deal:
          module: {module_id}
          params: {{packets: [3, 2, 3]}}
          provenance: {{basis: house}}
    """, name=module_id.rsplit(".", 1)[1].replace("_", "-"))


@pytest.mark.usefixtures("registry")
def test_a_phase_the_deal_module_adds_comes_where_its_stage_says(tmp_path: Path) -> None:
    """The deal slot comes first in the rulebook, yet its phase declared "after the call,
    before the first lead" runs there: the loop orders the phases from the declarations."""
    rules = compile(load_variant(_toy_deal(tmp_path, AnnounceDeal, "deal.toy_announce")))
    assert tuple(rules.stages) == ("auction", "declare", "call", "trump", "announce", "play",
                                   "decide")
    state = new_game(rules.variant, hands=HANDS, dealer=3)
    state = run(state, "bid frage", "pass", "pass", "pass", "declare solo H")
    assert (state.phase, state.player) == ("announce", 0)
    assert run(state, "pass").phase == Phase.PLAY


@pytest.mark.usefixtures("registry")
def test_phases_whose_declarations_contradict_each_other_cannot_be_played(
        tmp_path: Path) -> None:
    path = _toy_deal(tmp_path, TangledDeal, "deal.toy_tangled")
    with pytest.raises(VariantError, match="cannot be played: the phases announce, auction, "
                                           "declare, call, trump, play, decide each wait"):
        compile(load_variant(path))


# -- a module's own remembered value ---------------------------------------------------------------


@attrs.frozen
class _Announced(Memory[int]):
    """The toy announcement's seat: public, so every view shows it."""

    def seen_by(self, value: int, seat: int, state: GameState) -> object:
        return value


ANNOUNCED = _Announced("announced")


@attrs.frozen
class _RememberingStage(_AnnounceStage):
    """The toy phase, whose pass is remembered (the seat that passed) under ``ANNOUNCED``."""

    def apply(self, rules: Rules, state: GameState, aid: int, history: History) -> GameState:
        memory = ANNOUNCED.kept(state.memory, state.player)
        return rules.advance(replace(state, history=history, memory=memory))


@attrs.frozen
class RememberingDeal(PacketDeal):
    def stages(self) -> tuple[Stage, ...]:
        return (_RememberingStage(),)


@pytest.mark.usefixtures("registry")
def test_a_module_keeps_its_own_value_which_views_records_and_pickles_carry(
        tmp_path: Path) -> None:
    path = _toy_deal(tmp_path, RememberingDeal, "deal.toy_remembering")
    state = run(new_game(load_variant(path), hands=HANDS, dealer=3),
                "bid frage", "pass", "pass", "pass", "declare solo H")
    assert ANNOUNCED.of(state) is None and state.view(1).memory == ()
    state = run(state, "pass", "play D7")
    assert ANNOUNCED.of(state) == 0
    assert all(state.view(seat).memory == (("announced", 0),) for seat in range(4))
    assert pickle.loads(pickle.dumps(state)) == state
    assert ANNOUNCED.of(pickle.loads(pickle.dumps(state))) == 0
    assert "memory={'auction': " in repr(state) and "'announced': 0}" in repr(state)


def test_a_variant_without_such_a_module_shows_no_memory_in_its_views() -> None:
    state = solo_in_hearts()
    assert [key.name for key, _ in state.memory] == ["auction"]
    assert all(state.view(seat).memory == () for seat in range(4))
