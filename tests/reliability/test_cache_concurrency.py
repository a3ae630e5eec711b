"""Several depguard processes sharing one cache (pre-commit runs hooks in parallel) never corrupt it and
never deadlock; a corrupt cache file is set aside and rebuilt with a warning."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import warnings

from depguard.cache import AnswerCache, CacheWarning
from depguard.model import Existence, PackageKey, RegistryAnswer

WRITER = textwrap.dedent("""
    import sys
    from depguard.cache import AnswerCache
    from depguard.model import Existence, PackageKey, RegistryAnswer
    cache = AnswerCache(sys.argv[1])
    me = int(sys.argv[2])
    for round_ in range(40):
        batch = [RegistryAnswer(PackageKey("pypi", f"p{me}-{round_}-{i}"), Existence.EXISTS, "PyPI", "HTTP 200")
                 for i in range(10)]
        cache.put_many(batch)
        got = cache.get_many([a.key for a in batch])
        assert len(got) == 10, len(got)
    cache.close()
""")


def test_parallel_writers_and_readers(tmp_path):
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(n)]) for n in range(6)]
    codes = [p.wait(timeout=120) for p in procs]
    assert codes == [0] * 6
    cache = AnswerCache(tmp_path)
    stats = cache.stats()
    assert stats.entries == 6 * 40 * 10
    assert stats.exists == stats.entries


def test_corrupt_cache_is_set_aside_and_rebuilt(tmp_path):
    (tmp_path / "answers.sqlite3").write_bytes(b"this is not a database" * 100)
    cache = AnswerCache(tmp_path)
    key = PackageKey("pypi", "requests")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        cache.put_many([RegistryAnswer(key, Existence.EXISTS, "PyPI", "HTTP 200")])
    assert any(issubclass(w.category, CacheWarning) and "moved aside" in str(w.message) for w in seen)
    assert cache.get_many([key])[key].existence is Existence.EXISTS
    assert list(tmp_path.glob("answers.corrupt-*.sqlite3"))


def test_unknown_answers_are_never_stored(tmp_path):
    cache = AnswerCache(tmp_path)
    key = PackageKey("npm", "left-pad")
    assert cache.put_many([RegistryAnswer(key, Existence.UNKNOWN, "npm", "timed out")]) == 0
    assert cache.get_many([key]) == {}


def test_missing_answers_expire_sooner_than_existing_ones(tmp_path):
    cache = AnswerCache(tmp_path)
    here, gone = PackageKey("pypi", "here"), PackageKey("pypi", "gone")
    cache.put_many([RegistryAnswer(here, Existence.EXISTS, "PyPI"), RegistryAnswer(gone, Existence.MISSING, "PyPI")], now=0)
    two_hours = 2 * 3600
    assert set(cache.get_many([here, gone], now=two_hours)) == {here}
    assert set(cache.get_many([here, gone], now=8 * 86400)) == set()


def test_a_locked_cache_is_left_in_place_for_the_processes_sharing_it(tmp_path, monkeypatch):
    # a lock another process holds past the busy timeout (a loaded machine, hooks in parallel) is no damage: moving
    # the live database and its journals aside lost the other writers' answers and could damage the file they share
    import sqlite3

    key = PackageKey("pypi", "requests")
    first = AnswerCache(tmp_path)
    first.put_many([RegistryAnswer(key, Existence.EXISTS, "PyPI", "HTTP 200")])
    first.close()
    busy = AnswerCache(tmp_path)

    def locked(self):
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(AnswerCache, "_open", locked)
    monkeypatch.setattr("depguard.cache.OPEN_WAIT", 0.1)  # tried again for a tenth of a second, then given up
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert busy.get_many([key]) == {}
    assert any("is busy; continuing without it" in str(w.message) for w in seen)
    assert not list(tmp_path.glob("answers.corrupt-*"))
    monkeypatch.undo()
    assert AnswerCache(tmp_path).get_many([key])[key].existence is Existence.EXISTS


def test_a_lock_that_passes_while_opening_is_waited_for(tmp_path, monkeypatch):
    # SQLite answers some lock conflicts at once, not through the busy timeout (a new file switched to WAL while
    # another process opens it): six processes starting on one new cache each went on without it now and then
    import sqlite3

    key = PackageKey("pypi", "requests")
    real_open = AnswerCache._open
    tries = []

    def locked_twice(self):
        tries.append(1)
        if len(tries) <= 2:
            raise sqlite3.OperationalError("database is locked")
        return real_open(self)

    monkeypatch.setattr(AnswerCache, "_open", locked_twice)
    cache = AnswerCache(tmp_path)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert cache.put_many([RegistryAnswer(key, Existence.EXISTS, "PyPI", "HTTP 200")]) == 1
        assert cache.get_many([key])[key].existence is Existence.EXISTS
    assert len(tries) == 3
    assert not [w for w in seen if issubclass(w.category, CacheWarning)]


def test_an_io_error_while_opening_is_not_waited_for(tmp_path, monkeypatch):
    import sqlite3

    tries = []

    def io_error(self):
        tries.append(1)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(AnswerCache, "_open", io_error)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert AnswerCache(tmp_path).get_many([PackageKey("pypi", "requests")]) == {}
    assert len(tries) == 1
