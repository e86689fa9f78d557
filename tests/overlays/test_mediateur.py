"""The mediateur overlay (S-WIK Variations, S-HOY, S-PAR; DOSSIER §2g-2, §4.7, AMB-48, E9;
EX-45): a contract between Grossfrage and Solo in which the declarer demands an Ace he lacks,
gives a card back face down, pays the giver, and plays alone for 5 of 8 tricks."""

from __future__ import annotations

import io
import json
import random

import pyspiel
import pytest
from drive import legal, play, run
from pettingzoo.test import api_test

from solo_rules import (
    Action,
    ActionIndex,
    Card,
    Encoder,
    GameRecord,
    GameState,
    IllegalActionError,
    Phase,
    PlayerView,
    available_overlays,
    compile,
    load_variant,
    new_game,
    overlay_bases,
    parse_action,
    parse_cards,
    read_record,
    record_of,
    rulebook,
    structure,
    to_json,
)
from solo_rules.bots import HeuristicBot, RandomBot
from solo_rules.integrations.openspiel import max_game_length, register
from solo_rules.integrations.pettingzoo import env
from solo_rules.record import replay
from solo_rules.resample import is_consistent, resample, resample_state
from solo_rules.rules.exchange import EXCHANGE
from solo_rules.state import replace as sr_replace
from solo_rules.terminal import Table

MEDIATEUR = "altenburg-1988+mediateur"
STACKED = "altenburg-1988+couleur-favorite+mediateur"

#: With dealer 3, seat 0 (eldest) holds Spadille (CQ), Manille in hearts (H7), the heart
#: court cards, CA and SA but neither HA (seat 1's) nor DA (seat 2's); seat 2 holds Basta.
HANDS = ("CQ H7 HK HQ HJ CA SA D7", "HA HT H9 CK CJ DK DQ S9",
         "DA SQ H8 CT C9 DJ DT S8", "C8 C7 SK SJ ST S7 D9 D8")
#: The same, with CA and HA swapped: seat 0 lacks CA (seat 1's), the preferred suit's Ace.
NO_CLUB_ACE = ("CQ H7 HK HQ HJ HA SA D7", "CA HT H9 CK CJ DK DQ S9",
               "DA SQ H8 CT C9 DJ DT S8", "C8 C7 SK SJ ST S7 D9 D8")
#: Seat 0 holds all four Aces (and HK).
FOUR_ACES = ("CA SA HA DA CQ H7 HK D7", "SK HT H9 CK CJ DK DQ S9",
             "HQ SQ H8 CT C9 DJ DT S8", "C8 C7 HJ SJ ST S7 D9 D8")


def declared(variant: str, hands: tuple[str, ...], trump: str) -> GameState:
    """Seat 0 opens Frage, everyone passes, and he declares Mediateur in ``trump``."""
    return run(new_game(variant, hands=list(hands), dealer=3), "bid frage", "pass", "pass",
               "pass", f"declare mediateur {trump}")


def exchanged(returned: str, variant: str = MEDIATEUR) -> GameState:
    """On HANDS, a heart Mediateur: seat 0 demands HA from seat 1 and gives back ``returned``."""
    return run(declared(variant, HANDS, "H"), "demand HA", "hand over", f"return {returned}")


def refusal(state: GameState, text: str) -> str:
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert info.value.reason == "not_legal"
    return str(info.value).split(": ", 1)[1].split("; legal:")[0]


# -- the overlay and its ranking ---------------------------------------------------------------


def test_the_overlay_is_listed_and_applies_to_altenburg() -> None:
    assert "mediateur" in available_overlays()
    assert overlay_bases("mediateur") == ["altenburg-1988"]
    assert load_variant("altenburg-1988", overlays=["mediateur"]) is load_variant(MEDIATEUR)


def test_ex45_mediateur_ranks_between_grossfrage_and_solo() -> None:
    """EX-45. S-WIK: "Mediateur is a contract that ranks between big beg and solo."
    Großfrage < Mediateur < Solo, the preferred-suit Grossfrage included (DOSSIER §2g-2)."""
    bids = [a.bid for a in compile(load_variant(MEDIATEUR)).actions.by_id.values()
            if a.kind == "bid"]
    assert bids == ["frage", "frage@C", "grossfrage", "grossfrage@C", "mediateur",
                    "mediateur@C", "solo", "solo@C"]
    # over a Frage, seat 1 (without both black queens for Grossfrage, AMB-59) may bid it
    state = run(new_game(MEDIATEUR, hands=list(HANDS), dealer=3), "bid frage")
    assert legal(state) == ["pass", "bid frage@C", "bid mediateur", "bid mediateur@C",
                            "bid solo", "bid solo@C"]
    # a Mediateur bid is overcalled by Solo, not by Grossfrage
    state = run(state, "bid mediateur")
    assert "bid solo" in legal(state) and "bid grossfrage@C" not in legal(state)


def test_the_declarer_names_trumps_and_plays_alone() -> None:
    """S-WIK: "receives it from the opponent who holds it": no partner; trumps are named by the
    declarer (EDITORIAL, as Solo)."""
    state = declared(MEDIATEUR, HANDS, "H")
    assert state.contract is not None and state.contract.partner is None
    assert state.contract.trump is not None and state.contract.trump.text == "H"
    assert "declare mediateur H tout" in legal(run(
        new_game(MEDIATEUR, hands=list(HANDS), dealer=3), "bid frage", "pass", "pass", "pass"))


# -- the exchange ------------------------------------------------------------------------------


def test_the_declarer_demands_an_ace_he_does_not_hold_trump_ace_included() -> None:
    """S-WIK: "Declarer demands the ace of a specific suit and receives it from the opponent who
    holds it." Any Ace he lacks, trumps included (AMB-48, EDITORIAL); after trumps are named,
    before the first lead."""
    state = declared(MEDIATEUR, HANDS, "H")
    assert state.phase == EXCHANGE and state.player == 0
    assert legal(state) == ["demand HA", "demand DA"]
    state = state.apply("demand HA")
    assert state.player == 1 and legal(state) == ["hand over"]
    state = state.apply("hand over")
    assert Card.HA in state.hand(0) and Card.HA not in state.hand(1)
    assert state.player == 0 and state.phase == EXCHANGE


def test_with_all_four_aces_he_demands_a_king() -> None:
    """AMB-48 (EDITORIAL): "any Ace he does not hold; if he holds all four, a King"."""
    state = declared(MEDIATEUR, FOUR_ACES, "H")
    assert legal(state) == ["demand CK", "demand SK", "demand DK"]
    assert refusal(state, "demand HK") == "the declarer may not demand ♥K, which he holds"


def test_he_gives_back_any_card_but_the_one_received_and_play_begins() -> None:
    """S-WIK: "Declarer returns any other card face down." Not the card just received
    (EDITORIAL, DOSSIER §2g-2)."""
    state = run(declared(MEDIATEUR, HANDS, "H"), "demand HA", "hand over")
    assert legal(state) == [f"return {card}" for card in
                            ("CA", "CQ", "SA", "HK", "HQ", "HJ", "H7", "D7")]
    state = state.apply("return D7")
    assert state.phase == Phase.PLAY and state.player == 0
    assert Card.D7 in state.hand(1) and Card.D7 not in state.hand(0)
    assert len(state.hand(0)) == len(state.hand(1)) == 8


def test_illegal_demands_and_returns_are_refused_with_the_rule() -> None:
    state = declared(MEDIATEUR, HANDS, "H")
    assert refusal(state, "demand CA") == "the declarer may not demand ♣A, which he holds"
    assert refusal(state, "demand CK") == ("the declarer demands an Ace he does not hold (a "
                                           "King only if he holds every Ace)")
    assert refusal(state, "return D7") == "the declarer first demands a card"
    with pytest.raises(IllegalActionError) as info:
        state.apply("play H7")
    assert info.value.reason == "wrong_phase"
    state = run(state, "demand HA")
    assert refusal(state, "return D7") == "the holder of ♥A hands it over"
    state = run(state, "hand over")
    assert refusal(state, "return HA") == ("the declarer may not give back ♥A, the card he "
                                           "just received")
    assert refusal(state, "return DA") == "the declarer gives back a card of his own hand"
    assert refusal(state, "return face down") == ("the declarer names the card he gives back, "
                                                  "like 'return H7'")


def test_exchange_actions_are_structured_and_round_trip_as_text() -> None:
    """One parser, one printer: ``demand SA``, ``return H7``, and ``return face down`` for the
    card as the other seats see it."""
    assert parse_action("demand sa") == ("demand", Card.SA, None, None, False, None)
    assert parse_action("return ♥7") == ("return", Card.H7, None, None, False, None)
    assert Action.demand(Card.SA).text == "demand SA"
    assert Action.give_back(Card.H7).text == "return H7"
    hidden = Action.give_back(None)
    assert hidden.text == "return face down" and hidden.card is None
    assert parse_action(hidden.text) == hidden.key
    space = compile(load_variant(MEDIATEUR)).actions
    for action in space.by_id.values():
        assert space.parse(action.text) == action
    assert space.parse("give").text == "hand over"


# -- hidden information ------------------------------------------------------------------------


@pytest.mark.parametrize("trick", ["", "CQ H9 H8 C7"])
def test_the_card_given_back_is_hidden_from_every_other_seat(trick: str) -> None:
    """S-WIK: "Declarer returns any other card face down": only the declarer and the giver know
    it. Every other seat's view, its JSON, its information-state string and its encoding are
    the same whichever card was given back; the Ace handed over is public."""
    encoder = Encoder(MEDIATEUR)
    states = [play(exchanged(card), trick) if trick else exchanged(card)
              for card in ("D7", "SA", "CA")]
    for seat in (2, 3):
        views = [state.view(seat) for state in states]
        assert views[0] == views[1] == views[2]
        assert len({to_json(view) for view in views}) == 1
        assert structure(json.loads(to_json(views[0])), PlayerView) == views[0]
        assert len({encoder.string(view) for view in views}) == 1
        assert len({tuple(encoder.encode(view)) for view in views}) == 1
        history = [(s, a.text) for s, a in views[0].history]
        assert (0, "demand HA") in history and (1, "hand over") in history
        assert (0, "return face down") in history
        assert not any(text in ("return D7", "return SA", "return CA") for _, text in history)
    for seat, mine in ((0, "return D7"), (1, "return D7")):
        assert (0, mine) in [(s, a.text) for s, a in states[0].view(seat).history]
        assert states[0].view(seat) != states[1].view(seat)


def test_the_legal_set_is_decided_from_the_deciding_seats_view() -> None:
    """Each step's legal actions equal those the acting seat's view lists."""
    state = declared(MEDIATEUR, HANDS, "H")
    for text in ("demand HA", "hand over", "return D7"):
        view = state.view(state.player)
        assert view.legal_actions == state.legal_actions()
        state = state.apply(text)


# -- the side payment and the score -------------------------------------------------------------


def _finish(state: GameState, cards: str, *decisions: str) -> GameState:
    return run(play(state, cards), *decisions)


#: On HANDS after a heart Mediateur with HA demanded and D7 given back: seat 0 takes the
#: first five tricks and stops for prime.
SWEEP = "CQ H9 H8 C7 H7 HT SQ S7 HA D7 S8 C8 HK S9 C9 D8 HQ CJ CT D9"


def test_a_made_mediateur_scores_four_and_the_giver_is_paid_one() -> None:
    """Value 4 (EDITORIAL, "strictly between Grossfrage 3 and Solo 6"), 5 of 8 tricks, with
    Altenburg's bonuses [S-WIK: "There is a bonus of 2 points for prime"]. S-HOY: the
    mediateur is played "giving in return some other card, and a fish": the declarer pays
    the giver 1 whatever the result."""
    outcome = _finish(exchanged("D7"), SWEEP, "stop").outcome()
    assert outcome.made and outcome.party_tricks == 5
    assert dict(outcome.breakdown) == {"base": 4, "prime": 2}
    assert outcome.scores == (4 + 2 - 1, 1, 0, 0)
    assert outcome.note == "seat 0 paid seat 1 1 for ♥A"


def test_a_failed_mediateur_loses_four_and_still_pays_the_giver() -> None:
    """S-WIK: "If they do not meet their goal, it is subtracted"; the fish is paid anyway."""
    state = run(declared(MEDIATEUR, HANDS, "S"), "demand DA", "hand over", "return D7")
    outcome = _finish(state, "CQ S9 S8 ST SA H9 SQ SJ D7 D8 DA DQ CA CJ C9 C7 H7 HT H8 C8 "
                      "HA CT D9 HJ CK DT SK HQ").outcome()
    assert not outcome.made and outcome.party_tricks == 3 and outcome.defender_tricks == 4
    assert dict(outcome.breakdown) == {"base": -4}
    assert outcome.scores == (-4 - 1, 0, 1, 0)


@pytest.mark.parametrize(("variant", "paid"), [(MEDIATEUR, 1), (STACKED, 2)])
def test_the_preferred_suits_ace_costs_two_with_couleur_favorite(variant: str, paid: int) -> None:
    """S-HOY: "but if the king be of the favourite suit, then two fish are to be paid". With the
    couleur-favorite overlay clubs are the preferred suit (games in it score double), so CA
    costs 2; Altenburg's Acorn precedence alone, "played in the same way", costs 1 (EDITORIAL)."""
    state = run(declared(variant, NO_CLUB_ACE, "H"), "demand CA", "hand over", "return D7")
    while not state.is_terminal:
        texts = legal(state)
        state = state.apply("stop" if "stop" in texts else texts[0])
    outcome = state.outcome()
    assert outcome.note.endswith(f"seat 0 paid seat 1 {paid} for ♣A")
    assert outcome.scores[1] == paid
    assert outcome.scores[0] == sum(v for _, v in outcome.breakdown) - paid
    assert "(2 if it is of the preferred suit)" in rulebook(STACKED)
    assert "(2 if it is of the preferred suit)" not in rulebook(MEDIATEUR)


# -- prose, records, bots, adapters ------------------------------------------------------------


def test_the_rulebook_states_the_contract_the_exchange_and_the_payment() -> None:
    book = rulebook(MEDIATEUR)
    assert ("The bids, from lowest to highest, are: Frage, Frage in clubs, Grossfrage, "
            "Grossfrage in clubs, Mediateur, Mediateur in clubs, Solo, Solo in clubs.") in book
    assert "Mediateur: the declarer names trumps; the declarer plays alone" in book
    assert "Base value 4." in book
    assert "the declarer demands an Ace he does not hold, any suit, trumps included" in book
    assert "face down, other than the card just received" in book
    assert "The declarer pays the holder 1 for the card" in book
    assert "Mediateur is a contract that ranks between big beg and solo." in book
    assert "Editorial choice (contracts.exchange.ranks)" in book
    assert "Editorial choice (contracts.exchange.payment): S-HOY" in book


def test_a_hand_with_an_exchange_round_trips_through_a_record() -> None:
    state = _finish(exchanged("SA"), SWEEP.replace("HA D7", "HA SA"), "stop")
    record = record_of(state)
    read = read_record(record.to_json())
    assert isinstance(read, GameRecord) and replay(read) == state
    assert read.to_json() == record.to_json()


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_bots_play_the_overlay_to_an_outcome(bot: type[RandomBot] | type[HeuristicBot]) -> None:
    rng = random.Random(0)
    rules = compile(load_variant(MEDIATEUR))
    exchanges = 0
    for seed in range(40):
        bots = [bot(rng.randrange(1 << 30)) for _ in range(4)]
        state = new_game(MEDIATEUR, seed=seed)
        while not state.is_terminal:
            state = state.apply(bots[state.player].choose(state.view(state.player)))
        # the side payment stays within the utility range the adapters declare
        assert max(map(abs, state.outcome().scores)) <= rules.settlement.bound(rules)
        exchanges += state.contract is not None and state.contract.kind == "mediateur"
    if bot is RandomBot:
        assert exchanges > 0


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
@pytest.mark.parametrize("step", [6, 7, 8, 12])
def test_resampled_deals_are_consistent_with_every_seats_view_of_the_exchange(
        seat: int, step: int) -> None:
    """Every seat's resampled deal replays to its very view: before the hand-over, before the
    return, after it (the card seen face down by all but two seats) and in play."""
    state = _finish(exchanged("D7"), "CQ H9 H8 C7")
    rng = random.Random(seat * 100 + step)
    before = run(new_game(MEDIATEUR, hands=list(HANDS), dealer=3),
                 *(state.rules.actions.text_of(aid) for _, aid in state.history[:step]))
    view = before.view(seat)
    assert is_consistent(view, MEDIATEUR, before.dealt)
    for _ in range(3):
        hands = resample(view, MEDIATEUR, rng)
        assert is_consistent(view, MEDIATEUR, hands)
        assert resample_state(view, MEDIATEUR, rng).view(seat) == view


def test_a_seat_that_saw_the_card_face_down_is_dealt_it_anywhere_in_the_declarers_hand() -> None:
    """Seat 2 does not know which card went back: its resampled deals give the declarer
    different hands with the same view (D7 given back, or another of his cards)."""
    view = exchanged("D7").view(2)
    rng = random.Random(5)
    dealt = {resample(view, MEDIATEUR, rng)[0] for _ in range(40)}
    assert len(dealt) > 1
    assert all(hand >> Card.HA & 1 == 0 for hand in dealt)


def test_openspiel_and_pettingzoo_play_the_overlay() -> None:
    """The adapters take the exchange's actions; OpenSpiel's resampling keeps each seat's
    information state through the exchange."""
    pyspiel.random_sim_test(pyspiel.load_game(register(MEDIATEUR)), num_sims=3,
                            serialize=False, verbose=False)
    api_test(env(MEDIATEUR), num_cycles=40)
    index = ActionIndex(MEDIATEUR)
    assert {index.action(n).kind for n in range(index.num_distinct_actions)} >= {
        "demand", "return", "hand over"}
    state = pyspiel.load_game(register(MEDIATEUR), {"dealer": 3}).new_initial_state()
    hands = [sorted(parse_cards(hand)) for hand in HANDS]
    for seat in state.deal_order:
        state.apply_action(int(hands[seat].pop()))
    for text in ("bid frage", "pass", "pass", "pass", "declare mediateur H", "demand HA",
                 "hand over", "return D7", "play CQ"):
        state.apply_action(index.index(compile(load_variant(MEDIATEUR)).actions.parse(text)))
        for player in range(4):
            other = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(
                0.0, 1.0))
            assert other.information_state_string(player) == \
                state.information_state_string(player)


@pytest.mark.parametrize(("human", "printed"), [(None, "seat 0: return ♦7"),
                                                (2, "seat 0: return face down"),
                                                (1, "seat 0: return ♦7")])
def test_the_command_line_shows_a_player_the_return_as_his_seat_saw_it(
        human: int | None, printed: str) -> None:
    """A watcher sees every card; a player sees the card given back only if it came to him."""
    out = io.StringIO()
    table = Table(load_variant(MEDIATEUR), out, human)
    state = run(declared(MEDIATEUR, HANDS, "H"), "demand HA", "hand over")
    table.step(state, state.action("return D7"))
    assert out.getvalue().splitlines()[0].startswith(printed)
    assert ("♦7" in out.getvalue()) == (human != 2)


def test_the_heuristic_bot_demands_the_trump_ace_and_gives_back_its_weakest_card() -> None:
    """A simple sensible rule: demand the card worth most with the trumps named (HA, a trump,
    before the plain DA), give back the card worth least (D7)."""
    bot = HeuristicBot(0)
    state = declared(MEDIATEUR, HANDS, "H")
    assert bot.choose(state.view(0)).text == "demand HA"
    state = run(state, "demand HA", "hand over")
    assert bot.choose(state.view(0)).text == "return D7"


def test_the_longest_auction_and_exchange_fit_the_declared_game_length() -> None:
    """Exhaustive search of every sequence of decisions before the first card on a sample
    deal: with all the cards after it, the hand fits ``max_game_length``."""
    rules = compile(load_variant(MEDIATEUR))
    memo: dict[GameState, int] = {}

    def longest(state: GameState) -> int:
        if state.phase in (Phase.PLAY, Phase.END):
            return 0
        key = sr_replace(state, history=state.history[-1:])
        if key not in memo:
            memo[key] = 1 + max(longest(state.apply_unchecked(a)) for a in rules.legal_ids(state))
        return memo[key]

    deepest = longest(new_game(MEDIATEUR, hands=list(HANDS), dealer=3))
    assert deepest >= 4 + 1 + 3  # an auction, a declaration, the exchange
    assert deepest + rules.players * rules.hand_size + rules.hand_size <= max_game_length(rules)


def test_the_command_line_outcome_shows_the_side_payment() -> None:
    out = io.StringIO()
    state = _finish(exchanged("D7"), SWEEP, "stop")
    Table(load_variant(MEDIATEUR), out, None).outcome(state)
    lines = out.getvalue().splitlines()
    assert "  also: seat 0 paid seat 1 1 for ♥A" in lines
    assert lines[-1] == "  change: seat 0 +5, seat 1 +1, seat 2 +0, seat 3 +0"
