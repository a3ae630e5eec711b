"""The formats of file names an earlier run worked out, read back by a run that meets many names (issue 18: a
warm walk of the benchmark tree worked out ~9,400 distinct names, ~40 ms, every run). The answer for a name is
a function of the formats' patterns, which key the stored file: the answers are the same with the store,
without it, with a damaged one, and with another set of formats (whose answers are never taken from it)."""

from __future__ import annotations

import pytest

from depguard import parsers

NAMES = [f"{stem}{i}{ext}" for i in range(40) for stem, ext in (("mod", ".py"), ("page", ".ts"), ("notes", ".txt"),
                                                                  ("requirements-", ".txt"), ("Dockerfile.", ""))]
PATHS = [*NAMES, "requirements.txt", "web/package.json", ".github/workflows/ci.yml", "a/Cargo.lock"]


@pytest.fixture
def again(tmp_path, monkeypatch):
    """A cache folder of its own, a low threshold, and the index made again (as a new process) on each call."""
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(parsers, "NAMES_READ_AFTER", 10)
    monkeypatch.setattr(parsers, "_INDEX", None)

    def fresh() -> None:
        parsers._INDEX = None

    return fresh


def answers() -> dict[str, list[str]]:
    got = {p: [f.name for f in parsers.formats_for(p)] for p in PATHS}
    parsers.keep_names()
    return got


def test_the_next_run_takes_the_names_answers_from_the_store(again, monkeypatch):
    want = answers()
    store = parsers._index()._names_file
    assert store is not None and store.is_file()
    again()
    worked: list[str] = []
    real = parsers._PatternIndex._named

    def named(self, name):
        worked.append(name)
        return real(self, name)

    monkeypatch.setattr(parsers._PatternIndex, "_named", named)
    before = store.stat().st_mtime_ns
    assert answers() == want
    assert len(worked) == parsers.NAMES_READ_AFTER  # those before the store is read; the rest from it
    assert store.stat().st_mtime_ns == before  # nothing new: not written again


def test_a_small_run_reads_no_store(again, monkeypatch):
    answers()
    again()
    monkeypatch.setattr(parsers._PatternIndex, "_read_names", lambda self: pytest.fail("read the store"))
    assert [f.name for f in parsers.formats_for("requirements.txt")] == ["requirements"]


def test_a_damaged_store_gives_the_same_answers(again):
    want = answers()
    store = parsers._index()._names_file
    data = bytearray(store.read_bytes())
    data[-3] ^= 0x55
    store.write_bytes(bytes(data))
    again()
    assert answers() == want


def test_the_store_of_other_formats_is_not_used(again, monkeypatch):
    answers()
    again()
    index = parsers._index()
    # another set of formats (a pattern added): its answers are worked out, never read from the first one's store
    other = parsers._PatternIndex([*index.fmts, parsers._Spec("extra-notes", "", ("notes*.txt",))])
    other._names_file = index._names_file
    for name in NAMES:
        other.lookup(name)
    got = {name: [getattr(f, "name", None) for f in other.lookup(name)] for name in NAMES}
    assert got["notes3.txt"][-1] == "extra-notes"
    assert all("extra-notes" not in v for k, v in got.items() if not k.startswith("notes"))
