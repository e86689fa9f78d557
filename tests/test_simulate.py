"""Paired simulation of variants (issue 10): the same deals in every variant with the same pack,
the same numbers whatever executor runs the chunks, and intervals that shrink with more hands."""

from __future__ import annotations

import json
import math
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from distributed import Client, LocalCluster

from solo_rules import SoloRulesError, VariantError, compile, load_variant
from solo_rules.analysis import simulate, simulation
from solo_rules.analysis.stats import mean, proportion
from solo_rules.compare import seeded_deal

PAIR = ["altenburg-1988", "foster"]


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several chunks in a small run, so the executors really share the work."""
    monkeypatch.setattr(simulation, "CHUNK", 15)


def test_same_seed_same_deal_in_every_variant_of_the_pack() -> None:
    altenburg, foster, niese = (compile(load_variant(v)) for v in
                                ("altenburg-1988", "foster", "niese"))
    for seed in range(5):
        assert seeded_deal(altenburg, seed) == seeded_deal(foster, seed) \
            == seeded_deal(niese, seed)
    assert seeded_deal(altenburg, 1) != seeded_deal(altenburg, 2)


def test_identical_numbers_with_no_executor_a_process_pool_and_dask(small_chunks: None) -> None:
    alone = simulate(PAIR, hands=45, seed=3).to_json()
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = simulate(PAIR, hands=45, seed=3, executor=pool).to_json()
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        dasked = simulate(PAIR, hands=45, seed=3, executor=client.get_executor()).to_json()
    assert alone == pooled == dasked
    data = json.loads(alone)
    assert [s["hands"] for s in data["stats"]] == [45, 45]


def test_statistics_count_every_hand() -> None:
    result = simulate(PAIR, hands=60, seed=1, bots="random")
    for stats in result.stats:
        assert math.isclose(sum(e.value for e in stats.contracts.values()), 1.0)
        assert stats.make_rate.n == sum(stats.declarer_scores.values())
        assert all(e.low <= e.value <= e.high for e in stats.make_rates.values())
    (difference,) = result.differences
    assert (difference.left, difference.right) == tuple(PAIR)
    assert difference.seat_scores[0].n == 60


def test_paired_difference_is_the_mean_of_the_differences() -> None:
    result = simulate(PAIR, hands=30, seed=2)
    left, right = result.stats
    for seat, estimate in enumerate(result.differences[0].seat_scores):
        assert math.isclose(estimate.value,
                            right.seat_scores[seat].value - left.seat_scores[seat].value,
                            abs_tol=1e-9)


def test_intervals_shrink_with_more_hands() -> None:
    few, many = (simulate(["altenburg-1988"], hands=n, seed=5).stats[0] for n in (40, 320))
    assert many.make_rate.width < few.make_rate.width
    assert many.seat_scores[0].width < few.seat_scores[0].width
    assert many.role_scores["declarer"].width < few.role_scores["declarer"].width


def test_variants_of_other_packs_are_not_paired() -> None:
    result = simulate(["foster", "heart-solo"], hands=10)
    assert result.differences == ()
    assert result.unpaired == {"heart-solo": "foster is played by 4 players and heart-solo by 3"}


def test_table_and_plot(tmp_path: Path) -> None:
    result = simulate(PAIR, hands=20, seed=4)
    table = result.table()
    assert "foster minus altenburg-1988 on the same deals:" in table
    assert "mean score  seat 0" in table and "by role     declarer" in table
    result.plot(tmp_path / "plot.png")
    assert (tmp_path / "plot.png").read_bytes().startswith(b"\x89PNG")


def test_wilson_and_mean_intervals() -> None:
    assert proportion(0, 10).low == 0.0 and 0 < proportion(0, 10).high < 0.35
    assert math.isclose(mean([1.0, 3.0]).value, 2.0)
    assert math.isnan(mean([1.0]).low)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"hands": 0}, "hands must be a positive number, got 0"),
    ({"hands": 5, "bots": "clever"}, "unknown bot 'clever'; bots are heuristic, random, sampling"),
    ({"hands": 5, "seed": -1}, "seed must be an int >= 0, got -1"),
])
def test_bad_input_is_one_line(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SoloRulesError) as error:
        simulate(PAIR, **kwargs)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_unknown_variant_is_one_line() -> None:
    with pytest.raises(VariantError, match="unknown variant 'nope'"):
        simulate(["nope"], hands=5)
