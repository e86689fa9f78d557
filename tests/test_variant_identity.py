"""Variant identity: one deeply immutable Variant per (id, content hash) in a process, however,
from where and in which thread it was loaded or unpickled; an edited file is loaded anew.
"""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Any

import attrs
import pytest

from solo_rules import Variant, VariantError, load_variant, new_game
from solo_rules.rules.scoring import MackersFirstLast
from solo_rules.variant import variant_dir

NIESE = (variant_dir() / "niese.yaml").resolve()
PRIME = "rules:\n  scoring:\n    params: {{prime: {}}}\n"


def write(directory: Path, name: str, body: str, *, extends: str = "altenburg-1988",
          status: str = "house") -> Path:
    """A variant file ``name.yaml`` with the given body after the header lines."""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.yaml"
    header = f"schema: 1\nid: {name}\nextends: {extends}\nstatus: {status}\n"
    path.write_text(header + body, encoding="utf-8")
    return path


def rewrite(path: Path, text: str) -> None:
    """Replace the file's text and move its mtime a second on, so no clock tick can hide it."""
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def module(variant: Variant, slot: str) -> Any:
    """The rule module filling ``slot`` (typed loosely: each test knows which one it reads)."""
    return variant.modules[slot]


def prime(variant: Variant) -> int:
    return int(module(variant, "scoring").prime)


# -- one object per content ---------------------------------------------------------------------


def test_loading_by_path_keeps_the_identity_of_a_pickled_state() -> None:
    """Was: a load by path replaced the variant an earlier pickle unpickles to."""
    state = new_game("niese", seed=3)
    data = pickle.dumps(state)
    by_path = load_variant(NIESE)
    assert by_path is load_variant("niese") is load_variant(str(NIESE))
    assert pickle.loads(data).variant is by_path
    assert pickle.loads(data) == state


def test_a_copy_of_the_file_elsewhere_is_the_same_variant(tmp_path: Path) -> None:
    """The id and the resolved content make the variant, not the file's name or folder."""
    copy = tmp_path / "elsewhere.yaml"
    shutil.copyfile(NIESE, copy)
    variant = load_variant(copy)
    assert variant is load_variant("niese")
    assert len(variant.content_hash) == 64
    assert int(variant.content_hash, 16) >= 0


def test_equality_and_hash_follow_id_and_content(tmp_path: Path) -> None:
    three = load_variant(write(tmp_path / "a", "prime", PRIME.format(3)))
    same = load_variant(write(tmp_path / "b", "prime", PRIME.format(3)))
    four = load_variant(write(tmp_path / "c", "prime", PRIME.format(4)))
    assert same is three
    assert four.id == three.id and four.content_hash != three.content_hash
    assert four != three and len({three, same, four}) == 2
    assert three != "prime"
    # a look-alike built outside the loader is equal (not identical) by id and content hash
    twin = Variant(three.id, three.title, three.status, three.summary, three.sources,
                   three.lineage, three.slots, three.tree, three.overlays)
    assert twin is not three
    assert twin == three and hash(twin) == hash(three)
    assert twin.content_hash == three.content_hash


def test_threads_loading_one_path_get_one_object(tmp_path: Path) -> None:
    path = write(tmp_path, "threaded", PRIME.format(5))
    barrier = threading.Barrier(8)
    results: list[Variant] = []
    errors: list[BaseException] = []

    def load() -> None:
        barrier.wait()
        try:
            results.append(load_variant(path))
        except BaseException as exc:  # reported below, not lost in the thread
            errors.append(exc)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads often, so that the loads overlap
    try:
        threads = [threading.Thread(target=load) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors
    assert len(results) == 8
    assert all(result is results[0] for result in results)


# -- edits --------------------------------------------------------------------------------------


def test_an_edited_file_is_loaded_anew(tmp_path: Path) -> None:
    """Was: a second load returned the rules of the file as first read."""
    path = write(tmp_path, "edited", PRIME.format(3))
    before = load_variant(path)
    assert prime(before) == 3
    rewrite(path, path.read_text(encoding="utf-8").replace("prime: 3", "prime: 4"))
    after = load_variant(path)
    assert prime(after) == 4
    assert after != before and after.content_hash != before.content_hash
    assert prime(before) == 3
    assert load_variant(path) is after


def test_an_edited_parent_is_seen_through_its_child(tmp_path: Path) -> None:
    parent = write(tmp_path, "parent", PRIME.format(3))
    child = write(tmp_path, "child", "", extends="parent")
    assert prime(load_variant(child)) == 3
    rewrite(parent, parent.read_text(encoding="utf-8").replace("prime: 3", "prime: 6"))
    assert prime(load_variant(child)) == 6


def test_a_link_moved_to_another_file_loads_that_file(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The resolved path is cached per file identity: a link (or a path) that comes to name
    another file resolves anew, and a relative path follows the working directory."""
    three = write(tmp_path, "three", PRIME.format(3))
    five = write(tmp_path, "five", PRIME.format(5))
    link = tmp_path / "link.yaml"
    link.symlink_to(three)
    assert prime(load_variant(link)) == 3
    link.unlink()
    link.symlink_to(five)
    assert prime(load_variant(link)) == 5
    for folder, value in (("a", 7), ("b", 8)):
        (tmp_path / folder).mkdir()
        write(tmp_path / folder, "same", PRIME.format(value))
    for folder, value in (("a", 7), ("b", 8), ("a", 7)):
        monkeypatch.chdir(tmp_path / folder)
        assert prime(load_variant(Path("same.yaml"))) == value


# -- deep immutability --------------------------------------------------------------------------


def test_a_variant_is_deeply_immutable() -> None:
    variant = load_variant("niese")
    tree: Any = variant.tree
    with pytest.raises(TypeError):
        tree["id"] = "other"
    with pytest.raises(TypeError):
        tree["rules"]["scoring"]["params"]["min_mackers"] = 1
    packets = tree["rules"]["deal"]["params"]["packets"]
    assert packets == (3, 2, 3)
    with pytest.raises(TypeError):
        packets[0] = 4
    sources: Any = variant.sources
    with pytest.raises(TypeError):
        sources["S-NIE"] = "another book"
    slots: Any = variant.slots
    with pytest.raises(TypeError):
        del slots["deal"]
    param_provenance: Any = variant.slots["deal"].param_provenance
    assert "cut" in param_provenance
    with pytest.raises(TypeError):
        del param_provenance["cut"]
    club_values = module(variant, "scoring").club_values
    with pytest.raises(TypeError):
        club_values["question"] = 1
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        variant.tree = {}  # type: ignore[misc]
    again = load_variant("niese")
    assert again.tree["id"] == "niese"
    assert module(again, "scoring").club_values["question"] == 4


def test_club_values_are_a_read_only_copy_and_still_checked(tmp_path: Path) -> None:
    values = {"question": 4}
    module = MackersFirstLast(club_values=values)
    values["question"] = 9
    assert module.club_values == {"question": 4}
    body = "rules:\n  scoring:\n    params:\n      club_values: {question: two}\n"
    path = write(tmp_path, "bad-clubs", body, extends="niese")
    with pytest.raises(VariantError) as excinfo:
        load_variant(path)
    assert str(excinfo.value).startswith(
        f"{path}: rules.scoring.params.club_values: 'club_values' must be <class 'int'> "
        "(got 'two'")


# -- pickling -----------------------------------------------------------------------------------


def test_pickle_round_trip_after_loading_by_path(tmp_path: Path) -> None:
    variant = load_variant(NIESE)
    assert pickle.loads(pickle.dumps(variant)) is variant
    state = new_game("niese", seed=3)
    copy_ = pickle.loads(pickle.dumps(state))
    assert copy_.variant is variant
    assert copy_ == state
    layer = tmp_path / "big-prime.yaml"
    layer.write_text("schema: 1\nid: big-prime\nstatus: overlay\ndeclares: {}\n"
                     + PRIME.format(3), encoding="utf-8")
    layered = load_variant(write(tmp_path, "pickled", ""), overlays=[layer])
    back = pickle.loads(pickle.dumps(layered))
    assert back is layered
    assert (back.id, back.overlays, back.lineage) == (
        "pickled+big-prime", ("big-prime",), ("pickled", "altenburg-1988", "german-solo-family"))


CHILD = textwrap.dedent("""
    import pickle
    import sys

    from solo_rules import load_variant, new_game
    from solo_rules.variant import variant_dir

    by_path = load_variant((variant_dir() / "niese.yaml").resolve())
    load_variant(variant_dir() / "foster.yaml")
    with open(sys.argv[1], "rb") as file:
        state, variant = pickle.load(file)
    assert variant is by_path is load_variant("niese"), "not the interned variant"
    assert state.variant is variant, "the state's variant is another object"
    assert state == new_game("niese", seed=3), "the state differs"
    print("ok")
""")


def test_a_pickled_state_unpickles_equal_in_a_fresh_process(tmp_path: Path) -> None:
    """The child loads niese by path (and another variant) before unpickling."""
    data = tmp_path / "state.pickle"
    data.write_bytes(pickle.dumps((new_game("niese", seed=3), load_variant("niese"))))
    result = subprocess.run([sys.executable, "-c", CHILD, str(data)], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
