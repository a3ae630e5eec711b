"""The format index files each declared pattern from what an earlier run made of it, kept in the cache folder
(issue 19: filing ~250 patterns, ~40 through fnmatch.translate, was ~5M instructions of every Write hook and
scan); the answers are the same with the store, without it, and with a damaged one."""

from __future__ import annotations

import fnmatch
import marshal

import pytest

from depguard import parsers
from depguard.ecosystems import _read_declared

PATHS = ["requirements.txt", "web/package.json", "a/b/requirements-dev.txt", ".github/workflows/ci.yml",
         "Dockerfile", "docker/Dockerfile.prod", "pyproject.toml", "go.mod", "x/Cargo.lock", "README.md",
         "src/app.py", "/abs/path/to/package-lock.json", "conda/environment.yml", "notes.txt", "Gemfile"]


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """A cache folder of its own, and the index made again by the next _index() call (as a new process)."""
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(parsers, "_INDEX", None)

    def again() -> None:
        parsers._INDEX = None

    return tmp_path / "cache" / parsers.ENTRIES_FILE, again


def answers() -> dict[str, list[str]]:
    return {p: [f.name for f in parsers.formats_for(p)] for p in PATHS}


def test_the_entries_stored_are_what_entry_makes_of_every_declared_pattern(fresh):
    store, _ = fresh
    parsers._index()
    stored = _read_declared(parsers.ENTRIES_FILE, parsers._entries_stamp())
    assert stored is not None
    declared = {p for spec in parsers._declared().values() for p in spec.patterns}
    assert stored[0] == {p: parsers._entry(p) for p in declared}


def test_the_next_run_files_every_pattern_from_the_store(fresh, monkeypatch):
    store, again = fresh
    want = answers()
    again()
    monkeypatch.setattr(fnmatch, "translate", lambda pat: pytest.fail(f"translated {pat!r} again"))
    before = store.stat().st_mtime_ns
    assert answers() == want
    assert store.stat().st_mtime_ns == before  # nothing new: not written again


@pytest.mark.parametrize("damage", ["garbage", "wrong shapes", "another python"])
def test_a_damaged_or_foreign_store_gives_the_same_answers_and_is_made_again(fresh, damage):
    store, again = fresh
    want = answers()
    stamp, (entries,) = parsers._entries_stamp(), _read_declared(parsers.ENTRIES_FILE, parsers._entries_stamp())
    if damage == "garbage":
        store.write_bytes(b"\x00not marshal")
    elif damage == "wrong shapes":
        bad = {p: (e[0], 7, *e[2:]) if e[0] != parsers._SLASHED else (e[0], "x") for p, e in entries.items()}
        store.write_bytes(marshal.dumps((stamp, bad)))
    else:
        store.write_bytes(marshal.dumps(((parsers.ENTRIES_FORMAT, "2.7.18", False), {p: (0, "x") for p in entries})))
    again()
    assert answers() == want
    assert _read_declared(parsers.ENTRIES_FILE, stamp) == (entries,)
