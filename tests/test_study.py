"""Studies (issue 27): study files and their checks, sweeps as house rules, deals from every
rotation with common random numbers, the metrics and their intervals, sensitivity and the notes
on metrics that cannot respond, identical numbers on every executor, chunks that survive an
interrupt and are not played again, and the reports. Small studies of cheap metrics (and of
short solves: Münsterland's six-card hands) keep them fast in pure Python."""

from __future__ import annotations

import json
import pickle
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from distributed import Client, LocalCluster
from every_variant import SEARCHED

import solo_rules
from solo_rules import StudyError, VariantError
from solo_rules.analysis import make_study, simulate, study
from solo_rules.analysis import studies as study_module
from solo_rules.analysis.deals import Work, play_chunk, rotated, rotations_of
from solo_rules.analysis.plan import load_study
from solo_rules.analysis.players import BOTS, play
from solo_rules.analysis.report import html_page, markdown, plot
from solo_rules.compare import seeded_deal
from solo_rules.describe import note_of
from solo_rules.variant import with_params

DOCS = Path(__file__).parents[1] / "docs"
SOLO = "rules.contracts.params.contracts.solo.base"
CHEAP = ["contracts", "seats", "roles", "reveal"]


def _sweep(bots: str = "heuristic", **keys: object) -> solo_rules.analysis.Study:
    return make_study(base="altenburg-1988", sweep={"path": SOLO, "values": [4, 6, 8]},
                      bots=bots, hands=keys.pop("hands", 6), metrics=CHEAP, **keys)  # type: ignore[arg-type]


# -- sweeps and study files --------------------------------------------------------------------

def test_a_swept_value_is_a_house_rule_of_the_sweep_never_the_base_variants_citation() -> None:
    base = solo_rules.load_variant("altenburg-1988")
    swept = with_params(base, {SOLO: 4}, name="solo-4")
    assert swept.id == "altenburg-1988+solo-4"
    assert {c.id: c.base for c in swept.modules["contracts"].contracts}["solo"] == 4
    note = note_of(swept.slots["contracts"], "contracts.solo.base")
    assert (note.basis, note.set_by, note.refs) == ("house", "solo-4", ())
    assert note_of(base.slots["contracts"], "contracts.solo.base").basis == "editorial"
    kept = note_of(swept.slots["contracts"], "contracts.solo.tricks")  # left alone: its source
    assert kept == note_of(base.slots["contracts"], "contracts.solo.tricks")


@pytest.mark.parametrize(("path", "message"), [
    ("rules.contracts.params.contracts.sol.base",
     "no item 'sol' in rules.contracts.params.contracts; items: mussfrage, frage, grossfrage"),
    ("rules.contract.params.prime", "rules.contract is not in the variant; there: ranks"),
    ("contracts.solo.base", "a parameter's path is rules.SLOT.params.NAME[.ITEM].FIELD"),
])
def test_a_sweep_path_the_variant_lacks_is_one_line(path: str, message: str) -> None:
    with pytest.raises(VariantError, match=message.replace(".", r"\.").replace("[", r"\[")):
        with_params(solo_rules.load_variant("altenburg-1988"), {path: 4}, name="x")


def test_the_sweep_takes_the_base_itself_for_its_own_value_and_compares_with_it() -> None:
    spec = _sweep()
    assert spec.sweep is not None and spec.sweep.reference == 1
    assert spec.variants[1] is solo_rules.load_variant("altenburg-1988")
    assert [v.id for v in spec.variants] == ["altenburg-1988+contracts-solo-base-4",
                                            "altenburg-1988",
                                            "altenburg-1988+contracts-solo-base-8"]


def test_the_example_sweep_file_reads() -> None:
    spec = load_study(DOCS / "examples" / "solo-sweep.yaml")
    assert spec.sweep is not None and spec.sweep.values == (4, 6, 8)
    assert spec.bots == "value" and spec.metrics == ("contracts", "seats", "roles")


@pytest.mark.parametrize(("text", "message"), [
    ("hands: 5\nvariants: [foster]\ncolour: red\n", "'colour': unknown key; keys are schema"),
    ("hands: 5\nvariants: [foster]\nbots: clever\n", "bots: unknown bot 'clever'"),
    ("hands: 5\nvariants: [foster]\nmetrics: [luck, wit]\n", "metrics: unknown metric 'wit'"),
    ("hands: 0\nvariants: [foster]\n", "hands: expected a whole number from 1"),
    ("variants: [foster]\n", "hands: missing"),
    ("hands: 5\nvariants: [foster]\nmetrics: [skill]\n", "skill compares two bots"),
    ("hands: 5\nbase: foster\nsweep: {path: rules.scoring.params.prime, values: [1]}\n",
     "sweep.values: expected a list of at least two values"),
    ("hands: 5\nvariants: [foster, foster]\n", "variants: foster is named twice"),
    ("hands: 5\nvariants: [nowhere]\n", "variants: unknown variant 'nowhere'"),
    ("hands: 5\nvariants: shipped\nplayers: 9\n", "players: no shipped variant is played by 9"),
    ("- a list\n", "a study file is a mapping of keys, got list"),
    ("hands: [5\n", ":2:1: "),
])
def test_a_bad_study_file_is_one_line_naming_the_file_and_key(tmp_path: Path, text: str,
                                                              message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(StudyError) as error:
        load_study(path)
    assert str(error.value).startswith(str(path))
    assert message in str(error.value) and "\n" not in str(error.value)


def test_shipped_takes_every_searched_variant_and_players_keeps_one_count() -> None:
    """``shipped``: every shipped variant the double-dummy solver searches (not Quadrille)."""
    every = make_study(variants="shipped", hands=1)
    assert [v.id for v in every.variants] == SEARCHED
    assert "quadrille" in solo_rules.available_variants() and "quadrille" not in SEARCHED
    four = make_study(variants="shipped", players=4, hands=1)
    assert all(solo_rules.compile(v).players == 4 for v in four.variants)
    assert 0 < len(four.variants) < len(every.variants)


# -- deals and rotations ------------------------------------------------------------------------

@pytest.mark.parametrize("variant", solo_rules.available_variants())
def test_over_the_rotations_each_hand_is_held_at_every_seat_dealt_alike(variant: str) -> None:
    rules = solo_rules.compile(solo_rules.load_variant(variant))
    hands, _ = seeded_deal(rules, 7)
    count = rotations_of(hands)
    held = {seat: {rotated(hands, r)[seat] for r in range(count)} for seat in range(len(hands))}
    for seat, hand in enumerate(hands):
        alike = [s for s in range(len(hands)) if hands[s].bit_count() == hand.bit_count()]
        assert held[seat] == {hands[s] for s in alike}
    assert rotated(hands, 0) == hands


def test_rotation_0_without_rotations_plays_the_hands_simulate_plays() -> None:
    spec = make_study(variants=["altenburg-1988", "foster"], hands=30, rotations=False,
                      metrics=["contracts"])
    result = study(spec)
    simulated = simulate(["altenburg-1988", "foster"], hands=30)
    for metrics, stats in zip(result.variants, simulated.stats, strict=True):
        for kind, share in stats.contracts.items():
            assert metrics[f"share.{kind}"].estimate.value == share.value


def test_the_rotations_count_every_hand_and_the_seats_in_every_place() -> None:
    result = study(make_study(variants=["altenburg-1988"], hands=5, metrics=CHEAP))
    metrics = result.variants[0]
    assert metrics.hands == 20 and metrics.deals == 5
    shares = [metrics[f"share.{k}"].estimate.value for k in ("frage", "grossfrage", "solo",
                                                            "mussfrage")]
    assert sum(shares) == pytest.approx(1.0)
    assert [metrics[f"score.p{p}"].estimate.n for p in range(4)] == [20, 20, 20, 20]
    roles = [metrics[f"role.{r}"].estimate.value for r in ("declarer", "partner", "defender")]
    assert sum(roles) == pytest.approx(1.0)


def test_the_solvers_facts_of_each_hand_agree_with_its_result(tmp_path: Path) -> None:
    spec = make_study(variants=["muensterland-sollo"], hands=4,
                      metrics=["contracts", "double_dummy", "decisiveness", "luck"])
    result = study(spec)
    assert [p.name for p in plot(result, tmp_path)] == ["decisiveness.png", "contracts.png"]
    metrics = result.variants[0]
    made, makeable = metrics["made"].estimate, metrics["makeable"].estimate
    assert made.n == makeable.n == 16
    decided = sum(metrics[f"decisive.t{k}"].estimate.value for k in range(7))
    assert decided == pytest.approx(1.0)
    assert 0 <= metrics["luck.r2"].estimate.value <= 1


def test_a_hand_decided_at_the_first_lead_is_made_exactly_when_makeable() -> None:
    packed = pickle.dumps((solo_rules.load_variant("muensterland-sollo"),))
    hands, _ = play_chunk(packed, Work("heuristic", None, 0, True, True, True, True), 0, 4)
    solved = [h for h in hands if h.makeable >= 0]
    assert solved
    for hand in solved:
        assert 0 <= hand.decisive <= 6
        if hand.decisive == 0:
            assert hand.made == bool(hand.makeable)
        if hand.solved_score is not None and hand.makeable:
            assert hand.solved_score > 0  # made double-dummy: the declarer scores



def test_the_skill_gap_pairs_the_challenger_with_the_regular_bots_hand_in_the_same_seat() -> None:
    def gain(challenger: str) -> solo_rules.analysis.Estimate:
        spec = make_study(variants=["muensterland-sollo"], bots="heuristic",
                          challenger=challenger, hands=3, rotations=False, metrics=["skill"])
        return study(spec).variants[0]["skill.gain"].estimate

    same = gain("heuristic")  # the same bot, seeded alike: every hand played again exactly
    assert same.n == 12 and same.value == 0 and same.low == same.high == 0
    assert gain("random").value != 0

# -- sensitivity and its notes ------------------------------------------------------------------

def test_value_blind_bots_cannot_respond_to_a_change_of_scoring_and_the_study_says_so() -> None:
    result = study(_sweep())
    assert any(note.startswith("Cannot respond:") and "heuristic bots do not read" in note
               for note in result.notes)
    for comparison in result.sensitivity:
        silent = {c.key for c in comparison.changes if not c.responds}
        assert "share.solo" in silent and "declares.p1" in silent
        assert all(c.key.startswith(("score.", "role_score.")) for c in comparison.ranked)
        assert comparison.ranked[0].effect >= comparison.ranked[-1].effect


def test_a_change_of_words_only_lets_no_metric_respond() -> None:
    spec = make_study(base="altenburg-1988", sweep={
        "path": "rules.contracts.params.contracts.solo.name", "values": ["Solo", "Alone"]},
        hands=2, metrics=["contracts"])
    result = study(spec)
    assert any("changes no rule's behaviour" in note for note in result.notes)
    assert all(not c.responds for comparison in result.comparisons
               for c in comparison.changes)



def test_a_hands_checksum_is_kept_whatever_the_metrics() -> None:
    # a sweep without the solver's metrics must still see that two values played differently
    rules = solo_rules.compile(solo_rules.load_variant("altenburg-1988"))
    sums = set()
    def hand(deal: int, starts: bool) -> int:
        bots = [BOTS["heuristic"](deal * 8 + seat, rules) for seat in range(4)]
        return play(rules, rules.start(*seeded_deal(rules, deal)), bots, starts=starts).checksum

    for deal in range(3):
        assert hand(deal, False) == hand(deal, True)
        sums.add(hand(deal, False))
    assert len(sums) == 3

def test_value_aware_bots_are_not_called_blind() -> None:
    spec = make_study(base="muensterland-sollo", sweep={
        "path": SOLO, "values": [2, 40]},
        bots="value", hands=1, rotations=False, metrics=["contracts"])
    result = study(spec)
    assert not any(note.startswith("Cannot respond:") for note in result.notes)


def test_differences_are_paired_on_the_same_deals() -> None:
    result = study(_sweep())
    comparison = result.comparisons[0]
    change = next(c for c in comparison.changes if c.key == "score.p0")
    assert change.difference.value == pytest.approx(change.right.value - change.left.value)
    assert change.difference.n == 6


# -- scale: executors, chunks and resuming ----------------------------------------------------

@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Several chunks in a small study, so the executors really share the work."""
    monkeypatch.setattr(study_module, "CHUNK", 3)


def test_identical_numbers_serially_on_a_process_pool_and_on_dask(small_chunks: None) -> None:
    spec = _sweep(hands=9)
    alone = study(spec)
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = study(spec, executor=pool)
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        dasked = study(spec, executor=client.get_executor())
    assert alone.result_hash == pooled.result_hash == dasked.result_hash
    assert json.dumps(alone.to_dict()["variants"]) == json.dumps(dasked.to_dict()["variants"])
    assert pooled.run["chunks"] == 3


def test_an_interrupted_study_resumes_from_its_chunks_without_playing_one_again(
        small_chunks: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = _sweep(hands=9)
    whole = study(spec)
    played: Counter[int] = Counter()
    real = study_module.play_chunk

    def counting(*job: object) -> object:
        played[job[2]] += 1  # type: ignore[index]
        return real(*job)  # type: ignore[arg-type]

    monkeypatch.setattr(study_module, "play_chunk", counting)

    def stop_after_two(done: int, total: int) -> None:
        if done == 6 and total == 9:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        study(spec, store=tmp_path, progress=stop_after_two)
    assert played == Counter({0: 1, 3: 1})
    resumed = study(spec, store=tmp_path)
    assert played == Counter({0: 1, 3: 1, 6: 1})
    assert resumed.run["resumed"] == 2 and resumed.result_hash == whole.result_hash
    again = study(spec, store=tmp_path)
    assert again.run["resumed"] == 3 and sum(played.values()) == 3


def test_a_chunk_of_another_study_or_half_written_is_not_taken(small_chunks: None,
                                                              tmp_path: Path) -> None:
    first = study(_sweep(hands=6), store=tmp_path)
    other = study(_sweep(hands=6, seed=1), store=tmp_path)
    assert other.run["resumed"] == 0 and other.result_hash != first.result_hash
    chunk = next((tmp_path / first.provenance["key"][:16]).glob("chunk-*.json"))
    chunk.write_text(chunk.read_text()[:40])  # a torn file, as a full disk might leave
    redone = study(_sweep(hands=6), store=tmp_path)
    assert redone.run["resumed"] == 1 and redone.result_hash == first.result_hash


def test_a_chunk_played_by_other_code_of_the_library_is_not_taken(
        small_chunks: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = study(_sweep(hands=3), store=tmp_path)
    assert first.provenance["code"] == study_module._code()
    monkeypatch.setattr(study_module, "_code", lambda: "0" * 64)  # an edited bot, say
    changed = study(_sweep(hands=3), store=tmp_path)
    assert changed.run["resumed"] == 0 and changed.provenance["key"] != first.provenance["key"]


# -- reports ------------------------------------------------------------------------------------

def test_the_reports_carry_the_provenance_and_the_ranked_sentences(tmp_path: Path) -> None:
    result = study(_sweep(hands=4))
    data = json.loads(result.to_json())
    provenance = data["provenance"]
    assert provenance["result_hash"] == result.result_hash
    assert provenance["variants"]["altenburg-1988"] == \
        solo_rules.load_variant("altenburg-1988").content_hash
    assert provenance["bots"] == "heuristic" and provenance["deals"] == 4
    text = markdown(result)
    assert "contracts.solo.base 4 instead of 6 moves" in text and "Could not respond:" in text
    assert "deals needed" in text and result.result_hash in text
    figures = plot(result, tmp_path)
    assert {p.name for p in figures} == {"seats.png", "contracts.png", "sensitivity.png"}
    page = html_page(result, figures)
    assert page.count("data:image/png;base64,") == 3 and "<table>" in page


def test_the_committed_study_of_the_variants_compared_is_of_every_shipped_variant() -> None:
    # docs/variants-compared.md: regenerate with the command in docs/variants-compared.yaml
    committed = json.loads((DOCS / "variants-compared" / "study.json").read_text())
    assert list(committed["provenance"]["variants"]) == SEARCHED
    assert load_study(DOCS / "variants-compared.yaml").variants == tuple(
        solo_rules.load_variant(v) for v in SEARCHED)
