"""Game records: the golden records of every shipped variant replay; records round-trip through
JSON and YAML and replay to the same state; a corrupted record gives one ``RecordError`` that
names the action and why."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import solo_rules
from solo_rules import GameRecord, GameState, RecordError, read_record, record_of, replay
from solo_rules.record import FORMAT

VARIANTS = solo_rules.available_variants()
GOLDEN = Path(__file__).resolve().parent / "records"


def random_hand(variant: str, seed: int, steps: int) -> GameState:
    """A hand of ``variant`` dealt from ``seed`` with up to ``steps`` random legal actions."""
    rng = random.Random(seed)
    state = solo_rules.new_game(variant, seed=seed, dealer=seed % 3)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = state.apply(rng.choice(state.legal_actions()))
    return state


def finished(variant: str, seed: int) -> GameState:
    return random_hand(variant, seed, 10_000)


# -- golden records ------------------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_every_shipped_variant_has_a_golden_record_that_replays(variant: str) -> None:
    path = GOLDEN / f"{variant}.json"
    record = read_record(path)
    assert isinstance(record, GameRecord)
    assert record.variant.id == variant
    final = replay(record)
    assert final.is_terminal
    assert final.outcome() == record.outcome


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")) + sorted(GOLDEN.glob("*.yaml")),
                         ids=lambda path: path.name)
def test_golden_records_are_written_exactly_as_this_version_writes_them(path: Path) -> None:
    """The layout is stable: reading a golden record and writing it again gives the file."""
    record = read_record(path)
    text = record.to_yaml() if path.suffix == ".yaml" else record.to_json()
    assert text == path.read_text(encoding="utf-8")


def test_a_record_names_the_variant_by_id_overlays_and_content_hash() -> None:
    data = json.loads((GOLDEN / "foster.json").read_text(encoding="utf-8"))
    variant = solo_rules.load_variant("foster")
    assert data["format"] == FORMAT and data["kind"] == "hand"
    assert data["variant"] == {"id": "foster", "overlays": [],
                               "content_hash": variant.content_hash}
    assert [len(cards) for cards in data["deal"]] == [8, 8, 8, 8]
    assert all(isinstance(seat, int) and isinstance(text, str) for seat, text in data["actions"])


# -- round trips ---------------------------------------------------------------------------

@given(st.sampled_from(VARIANTS), st.integers(0, 2**32 - 1), st.integers(0, 60),
       st.booleans())
def test_records_round_trip_and_replay_to_the_same_state(variant: str, seed: int, steps: int,
                                                          as_yaml: bool) -> None:
    state = random_hand(variant, seed, steps)
    record = record_of(state, seed=seed)
    text = record.to_yaml() if as_yaml else record.to_json()
    read = read_record(text)
    assert read == record
    assert replay(read) == state


def test_a_record_is_read_from_a_path_given_as_text_or_path(tmp_path: Path) -> None:
    record = record_of(finished("niese", 3), seed=3)
    record.save(tmp_path / "hand.yaml")
    record.save(tmp_path / "hand.json")
    assert (tmp_path / "hand.yaml").read_text(encoding="utf-8").startswith("format: 1\n")
    assert read_record(tmp_path / "hand.yaml") == record
    assert read_record(str(tmp_path / "hand.json")) == record


def test_an_unfinished_hand_is_recorded_without_outcome_and_replays_to_where_it_stopped() -> None:
    state = random_hand("altenburg-1988", 5, 6)
    assert not state.is_terminal
    record = record_of(state)
    assert record.outcome is None and record.seed is None
    assert replay(read_record(record.to_json())) == state


def test_a_record_of_given_hands_replays_from_its_deal() -> None:
    dealt = solo_rules.new_game("foster", seed=8)
    hands = [dealt.hand(seat) for seat in range(4)]
    state = solo_rules.new_game("foster", hands=hands, dealer=2)
    state = random_hand_from(state, 8)
    assert replay(read_record(record_of(state).to_json())) == state


def random_hand_from(state: GameState, seed: int) -> GameState:
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
    return state


# -- corrupted records: each is one RecordError that says what and where ---------------------

def golden_text() -> str:
    return (GOLDEN / "altenburg-1988.json").read_text(encoding="utf-8")


def corrupt(change: str, to: str) -> str:
    text = golden_text()
    assert text.count(change) >= 1, change
    return text.replace(change, to, 1)


def replay_error(text: str) -> str:
    with pytest.raises(RecordError) as caught:
        record = read_record(text)
        assert isinstance(record, GameRecord)
        replay(record)
    message = str(caught.value)
    assert "\n" not in message
    return message


def test_a_wrong_action_names_its_index_and_the_rule_that_refuses_it() -> None:
    data = json.loads(golden_text())
    record = read_record(golden_text())
    assert isinstance(record, GameRecord)
    index, seat, wrong = first_refused_card(record)
    data["actions"][index] = [seat, wrong]
    message = replay_error(json.dumps(data))
    assert message.startswith(f"action {index} ({wrong!r} by seat {seat}): {wrong!r} is not "
                              f"legal for seat {seat} in phase play: ")


def first_refused_card(record: GameRecord) -> tuple[int, int, str]:
    """The first play of the record where the player holds a card he may not play, and it."""
    state = solo_rules.new_game(record.variant.id, hands=record.deal, dealer=record.dealer)
    for index, (seat, text) in enumerate(record.actions):
        if state.phase == "play":
            legal = {action.text for action in state.legal_actions()}
            for card in state.hand(seat):
                if f"play {card.name}" not in legal:
                    return index, seat, f"play {card.name}"
        state = state.apply(text)
    raise AssertionError("the golden hand never refuses a card in hand")


def test_an_action_by_the_wrong_seat_names_the_seat_to_act() -> None:
    data = json.loads(golden_text())
    seat, text = data["actions"][0]
    data["actions"][0] = [(seat + 1) % 4, text]
    message = replay_error(json.dumps(data))
    assert message == (f"action 0 ({text!r} by seat {(seat + 1) % 4}): seat {seat} is to act, "
                       f"not seat {(seat + 1) % 4}")


def test_a_changed_card_in_the_deal_is_refused() -> None:
    data = json.loads(golden_text())
    first, second = data["deal"][0][0], data["deal"][1][0]
    data["deal"][0][0] = second
    message = replay_error(json.dumps(data))
    assert message.startswith("the deal does not replay: hand of seat 1 repeats")
    assert second in message and first not in data["deal"][0]


def test_a_card_swapped_between_hands_makes_a_play_illegal() -> None:
    data = json.loads(golden_text())
    plays = [(i, seat, text.split()[1]) for i, (seat, text) in enumerate(data["actions"])
             if text.startswith("play")]
    index, seat, card = plays[0]
    other = (seat + 1) % 4
    swap = data["deal"][other][0]
    data["deal"][seat] = [swap if c == card else c for c in data["deal"][seat]]
    data["deal"][other] = [card if c == swap else c for c in data["deal"][other]]
    message = replay_error(json.dumps(data))
    found = re.match(r"action (\d+) ", message)
    assert found is not None and int(found.group(1)) <= index, message


def test_a_truncated_file_is_refused(tmp_path: Path) -> None:
    text = golden_text()
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    message = replay_error(str(path))
    assert message.startswith(f"{path}: not JSON or YAML (")


def test_a_record_whose_actions_stop_early_but_claim_an_outcome_is_refused() -> None:
    data = json.loads(golden_text())
    data["actions"] = data["actions"][:-3]
    count = len(data["actions"])
    message = replay_error(json.dumps(data))
    assert message.startswith(f"the record ends after {count} actions but the hand is not over")


def test_a_wrong_recorded_outcome_is_refused() -> None:
    data = json.loads(golden_text())
    data["outcome"]["scores"] = [s + 1 for s in data["outcome"]["scores"]]
    assert replay_error(json.dumps(data)).startswith("the recorded outcome is not the replayed "
                                                     "one: recorded scores")


def test_a_wrong_content_hash_is_refused() -> None:
    data = json.loads(golden_text())
    data["variant"]["content_hash"] = "0" * 64
    assert replay_error(json.dumps(data)).startswith(
        "variant 'altenburg-1988' has changed since the record was written: content hash")


@pytest.mark.parametrize("version", [0, -1, FORMAT + 1, 99])
def test_an_unknown_format_version_is_refused_naming_the_versions_read(version: int) -> None:
    message = replay_error(corrupt('"format": 1', f'"format": {version}'))
    assert message == (f"record: record format {version} is unknown; this version of "
                       f"solo-rules reads format {FORMAT}")


def test_a_record_without_format_is_refused() -> None:
    assert replay_error(corrupt('"format": 1,', "")) == \
        "record: the record has no format version (a 'format' field)"


def test_an_unknown_field_or_a_wrongly_typed_one_names_its_path() -> None:
    assert replay_error(corrupt('"dealer": ', '"dealer": "x", "_d": ')) == \
        "record: '_d': unknown key; allowed: variant, seed, dealer, deal, actions, outcome, " \
        "format, kind"
    assert replay_error(corrupt('"dealer": 3', '"dealer": "x"')) == \
        "record: dealer: expected a whole number, got 'x'"
    message = replay_error(corrupt('"seed": ', '"seeds": 1, "seed": '))
    assert message.startswith("record: 'seeds': unknown key; allowed: variant, seed, ")


def test_an_unknown_variant_is_refused() -> None:
    message = replay_error(corrupt('"id": "altenburg-1988"', '"id": "bridge"'))
    assert message.startswith("the record's variant 'bridge': unknown variant 'bridge'")


def test_a_missing_file_is_one_record_error(tmp_path: Path) -> None:
    assert replay_error(str(tmp_path / "none.json")) == \
        f"{tmp_path / 'none.json'}: cannot read: No such file or directory"


def test_the_records_page_describes_every_field_of_the_formats() -> None:
    """docs/records.md names every field a record, a match record and an outcome hold."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "records.md").read_text(
        encoding="utf-8")
    for cls in (GameRecord, solo_rules.MatchRecord, solo_rules.Outcome):
        for field in attrs.fields(cls):
            assert f"`{field.name}`" in page, (cls.__name__, field.name)
    for field in attrs.fields(solo_rules.RecordedVariant):
        assert f"`variant.{field.name}`" in page


def test_a_record_names_its_overlays_and_replays_under_the_overlaid_variant(
        tmp_path: Path) -> None:
    layer = tmp_path / "big-prime.yaml"
    layer.write_text("schema: 1\nid: big-prime\nstatus: overlay\ndeclares: {requires: "
                     "[auction=auction.immediate_hold]}\nrules:\n  scoring:\n    params: "
                     "{prime: 3}\n", encoding="utf-8")
    variant = solo_rules.load_variant("altenburg-1988", overlays=[layer])
    state = random_hand_from(solo_rules.new_game(variant, seed=4), 4)
    record = read_record(record_of(state, seed=4).to_json())
    assert isinstance(record, GameRecord)
    assert record.variant.id == "altenburg-1988+big-prime"
    assert record.variant.overlays == ("big-prime",)
    assert replay(record, variant) == state
    with pytest.raises(RecordError) as caught:
        replay(record)
    assert str(caught.value).startswith("the record's variant 'altenburg-1988+big-prime': ")
    with pytest.raises(RecordError) as caught:
        replay(record, solo_rules.load_variant("altenburg-1988"))
    assert str(caught.value) == ("the record is of variant 'altenburg-1988+big-prime', not "
                                 "'altenburg-1988'")
