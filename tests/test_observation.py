"""Observations for agents: the dense action index, the legal mask, the information-state
string and the fixed-length encoding hold what a seat may know and nothing more (issue 12)."""

from __future__ import annotations

import random
from array import array
from collections.abc import Sequence
from pathlib import Path

import pytest
from every_variant import DEFAULT, EVERY

import solo_rules as sr
from solo_rules.observation import ActionIndex, Encoder

VARIANTS = ("altenburg-1988", "foster", "heart-solo", "niese")


def _states(variant: str, seed: int) -> list[sr.GameState]:
    rng = random.Random(seed)
    state = sr.new_game(variant, seed=seed)
    states = [state]
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("variant", VARIANTS)
def test_action_index_is_dense_and_round_trips(variant: str) -> None:
    index = ActionIndex(variant)
    rules = sr.compile(sr.load_variant(variant))
    assert index.num_distinct_actions == len(rules.actions.by_id)
    for n in range(index.num_distinct_actions):
        assert index.index(index.action(n)) == n
    assert [a.id for a in index.actions] == sorted(rules.actions.by_id)


@pytest.mark.parametrize("variant", VARIANTS)
def test_encoding_has_fixed_length_and_marks_exactly_the_legal_actions(variant: str) -> None:
    encoder = Encoder(variant)
    for state in _states(variant, 3):
        for seat in range(state.players):
            view = state.view(seat)
            vector = encoder.encode(view)
            assert len(vector) == encoder.size
            assert set(vector) <= {0.0, 1.0}
            mask = encoder.legal_mask(view)
            legal = {encoder.index.action(n).id for n, bit in enumerate(mask) if bit}
            assert legal == {a.id for a in view.legal_actions}


def test_encoding_fields_tile_the_vector_and_decode_the_view() -> None:
    encoder = Encoder("altenburg-1988")
    starts = [f.start for f in encoder.fields]
    assert starts == sorted(starts) and starts[0] == 0
    assert sum(f.size for f in encoder.fields) == encoder.size
    state = _states("altenburg-1988", 5)[-3]
    view = state.view(2)
    fields = encoder.split(encoder.encode(view))
    assert [c for c in range(32) if fields["hand"][c]] == [int(c) for c in view.hand]
    assert fields["seat"][2] == 1.0 and sum(fields["seat"]) == 1.0
    played = sum(len(t.cards) for t in view.tricks)
    assert sum(fields["tricks"]) == played + 2 * len(view.tricks)


@pytest.mark.parametrize("variant", VARIANTS)
def test_encoding_depends_only_on_what_the_seat_may_know(variant: str) -> None:
    """Two deals that give seat 0 the same hand give the same encoding and string before
    anyone acts: the other seats' hidden cards never leak into it."""
    encoder = Encoder(variant)
    state = sr.new_game(variant, seed=11)
    others = [state.hands[s] for s in range(1, state.players)]
    swapped = sr.new_game(variant, hands=[state.hands[0], *others[::-1]])
    assert swapped.hands != state.hands
    assert encoder.encode(state.view(0)) == encoder.encode(swapped.view(0))
    assert encoder.string(state.view(0)) == encoder.string(swapped.view(0))
    assert encoder.encode(state.view(1)) != encoder.encode(swapped.view(1))


def test_information_state_string_is_perfect_recall() -> None:
    """Distinct histories give distinct strings for the seat (equal strings, equal
    knowledge)."""
    encoder = Encoder("foster")
    seen: dict[str, tuple[int, ...]] = {}
    for seed in range(4):
        for state in _states("foster", seed):
            key = encoder.string(state.view(1))
            record = (state.hands[1], *(a for _, a in state.history))
            assert seen.setdefault(key, record) == record


def test_the_observation_docs_list_every_field_and_size() -> None:
    """docs/observations.md documents the encoding field by field: each field's name is in
    its table, and every shipped variant's row (its seats, action count, size and most
    non-card actions) is as printed there, one row a variant (issue 38: it listed 9 of 13)."""
    page = (Path(__file__).parents[1] / "docs" / "observations.md").read_text("utf-8")
    variants = sr.available_variants()
    for variant in variants:
        encoder = Encoder(variant)
        for field in encoder.fields:
            assert f"| `{field.name}` |" in page
        row = (f"| {variant} | {encoder.players} | {encoder.index.num_distinct_actions} | "
               f"{encoder.size} | {encoder.said_max} |")
        assert row in page, row
    table = page[page.index("| variant | players | actions |"):]
    rows = table[:table.index("\n\n")].splitlines()[2:]
    assert [row.split(" | ")[0].strip("| ") for row in rows] == variants


def test_the_core_imports_no_optional_framework() -> None:
    """Encodings are lists of floats: ``import solo_rules`` loads neither numpy nor the
    frameworks of ``solo_rules.integrations`` (optional extras)."""
    import subprocess
    import sys

    code = ("import sys, solo_rules; solo_rules.Encoder('foster'); "
            "print(sorted(m for m in ('numpy', 'pyspiel', 'pettingzoo', 'gymnasium', "
            "'solo_rules.integrations') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"


def walk_recall(variant: str, deals: int, nodes: int, playouts: int,
                width: int = 2) -> tuple[int, int]:
    """Walk the decisions before the play of ``deals`` deals depth first (``nodes`` states
    each; from each state the ``width`` lowest legal actions, pass, hold and the lowest bids,
    where the same words said in another order meet), then play ``playouts`` of the positions
    reached to the end at random; at every state every seat's tensor must name one
    information-state string. The seat views seen, and the distinct strings."""
    encoder = Encoder(variant)
    strings: dict[bytes, str] = {}
    seen = 0

    def check(state: sr.GameState) -> None:
        nonlocal seen
        for seat in range(state.players):
            view = state.view(seat)
            text = encoder.string(view)
            other = strings.setdefault(array("f", encoder.encode(view)).tobytes(), text)
            assert other == text, f"one tensor for two information states:\n{other}\n{text}"
            seen += 1

    for deal in range(deals):
        rng = random.Random(deal)
        stack = [sr.new_game(variant, seed=deal, dealer=deal % encoder.players)]
        reached = []
        for _ in range(nodes):
            if not stack:
                break
            state = stack.pop()
            check(state)
            if state.phase in (sr.Phase.PLAY, sr.Phase.END):
                reached.append(state)
                continue
            stack.extend(state.apply(action) for action in state.legal_actions()[:width])
        reached += stack
        for state in rng.sample(reached, min(playouts, len(reached))):
            while not state.is_terminal:
                state = state.apply(rng.choice(state.legal_actions()))
                check(state)
    return seen, len(set(strings.values()))


@pytest.mark.parametrize("variant", DEFAULT)
def test_the_information_state_tensor_is_perfect_recall(variant: str) -> None:
    """No two histories a seat can tell apart (different information-state strings) have the
    same tensor (issue 24): the walk of the auctions and of some plays to the end. (Without
    ``sequence`` this walk meets shared tensors in Altenburg and Parlett's variant.)"""
    seen, distinct = walk_recall(variant, deals=2, nodes=80, playouts=1)
    assert seen > 200 and distinct > 100


@pytest.mark.walks
@pytest.mark.parametrize("variant", EVERY)
def test_the_information_state_tensor_is_perfect_recall_over_many_histories(
        variant: str) -> None:
    seen = distinct = 0
    for width in (2, 3):
        counts = walk_recall(variant, deals=3, nodes=600, playouts=6, width=width)
        seen, distinct = seen + counts[0], distinct + counts[1]
    assert seen > 1500 and distinct > 1000


def test_the_order_of_the_auction_is_in_the_tensor() -> None:
    """Two auctions of the same deal in which each seat said the same things, its last word
    the same, in a different order (a hold before the pass): every seat's ``said`` and
    ``last_said`` are equal, but the strings and the tensors (its ``sequence``) differ."""
    encoder = Encoder("altenburg-1988")
    first = "bid frage, bid frage@C, hold, bid solo, pass, bid solo@C, pass"
    second = "bid frage, bid frage@C, hold, bid solo, hold, pass, bid solo@C, pass"
    views = []
    for moves in (first, second):
        state = sr.new_game("altenburg-1988", seed=0, dealer=0)
        for move in moves.split(", "):
            state = state.apply(move)
        views.append([state.view(seat) for seat in range(4)])
    for one, two in zip(*views, strict=True):
        a, b = encoder.split(encoder.encode(one)), encoder.split(encoder.encode(two))
        assert a["said"] == b["said"] and a["last_said"] == b["last_said"]
        assert a["sequence"] != b["sequence"]
        assert encoder.string(one) != encoder.string(two)


def test_the_five_hand_dealer_remembers_the_cards_he_looked_at() -> None:
    """[S-NIE five-hand: "by looking only at the last three cards that player received"] The
    dealer who passed holds nothing, but his view, string and tensor keep the three cards he
    saw, so two deals that differ only there are different information states for him."""
    encoder = Encoder("niese-five-hand")
    state = sr.new_game("niese-five-hand", seed=4, dealer=0).apply("pass")
    view = state.view(0)
    assert not view.hand and len(view.dealt) == 3
    fields = encoder.split(encoder.encode(view))
    assert [c for c in range(32) if fields["dealt"][c]] == [int(c) for c in view.dealt]
    assert f"dealt {view.dealt}" in encoder.string(view)


def _ids(bits: Sequence[float]) -> list[int]:
    return [n for n, bit in enumerate(bits) if bit]


def test_the_card_fields_are_as_wide_as_the_variants_card_range() -> None:
    """The 32-card variants keep their 32-wide card fields; Quadrille's forty-card pack, whose
    6 5 4 3 2 are card ids 32..51 (and whose plays of them are action ids 3000 and up), has
    card fields 52 wide, each card at its card id, never at its action id."""
    for variant in VARIANTS:
        encoder = Encoder(variant)
        assert encoder.card_ids == 32
        assert {f.name: f.size for f in encoder.fields}["hand"] == 32
    encoder = Encoder("quadrille")
    players, tricks = encoder.players, encoder.tricks
    assert (encoder.card_ids, players, tricks) == (52, 4, 10)
    sizes = {f.name: f.size for f in encoder.fields}
    assert [sizes[name] for name in ("hand", "exposed", "called", "dealt")] == [52] * 4
    assert sizes["trick"] == players * 52 and sizes["tricks"] == tricks * (2 * players + 4 * 52)
    wide = 0
    for seed in range(4):
        for state in _states("quadrille", seed):
            for seat in range(players):
                view = state.view(seat)
                fields = encoder.split(encoder.encode(view))
                assert _ids(fields["hand"]) == [int(c) for c in view.hand]
                assert _ids(fields["dealt"]) == [int(c) for c in view.dealt]
                assert _ids(fields["exposed"]) == [int(c) for c in view.exposed]
                assert _ids(fields["called"]) == ([] if view.called is None
                                                  else [int(view.called)])
                assert _ids(fields["trick"]) == [n * 52 + card
                                                 for n, (_, card) in enumerate(view.trick)]
                per_trick = 2 * players + players * 52
                for n, trick in enumerate(view.tricks):
                    cut = fields["tricks"][n * per_trick:(n + 1) * per_trick]
                    played = sorted(int(c) for c in trick.cards)
                    assert sorted(i % 52 for i in _ids(cut[2 * players:])) == played
                wide += sum(1 for c in view.hand if c >= 32)
    assert wide > 0  # the low ranks were dealt and encoded


def test_a_view_with_cards_outside_the_encoders_range_is_refused() -> None:
    """A forty-card pack's view in a 32-card variant's encoder would spill its low cards into
    the next fields: it is refused, as a view of another table size is."""
    view = sr.new_game("quadrille", seed=0).view(0)
    with pytest.raises(sr.InvalidStateError, match=r"outside the encoder's card ids 0\.\.31"):
        Encoder("altenburg-1988").encode(view)


def test_numpy_integers_are_taken_wherever_an_int_is() -> None:
    """An agent's action ids, seeds and seats come as numpy integers (issue 38): ``apply``,
    ``apply_unchecked``, ``new_game(seed=, dealer=)`` and the dense index take them by their
    value (the same deal, the same state), while a bool or a float is still refused."""
    import numpy as np

    state = sr.new_game("heart-solo", seed=np.int64(1), dealer=np.int32(2))
    assert state.hands == sr.new_game("heart-solo", seed=1, dealer=2).hands
    assert type(state.dealer) is int
    aid = state.legal_actions()[0].id
    assert state.apply(np.int64(aid)) == state.apply(aid)
    assert state.apply_unchecked(np.int16(aid)) == state.apply(aid)
    index = Encoder("heart-solo").index
    assert index.action(np.int64(3)) == index.action(3)
    assert index.index(np.uint8(aid)) == index.index(aid)
    for wrong in (True, 1.0, np.float64(1.0)):
        with pytest.raises(TypeError):
            state.apply(wrong)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            index.action(wrong)  # type: ignore[arg-type]
        with pytest.raises(sr.InvalidStateError):
            sr.new_game("heart-solo", seed=wrong)  # type: ignore[arg-type]
