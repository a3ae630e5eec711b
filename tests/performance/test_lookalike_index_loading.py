"""The look-alike index is read from its stored form, and only as far as a name needs it (issue 19).

A warm run that judges only popular names reads one file, unpacks what tells whether a name is popular,
and never parses the popular list nor unpacks the look-alike tables. Structural assertions, no timings.
"""

from __future__ import annotations

import os

import pytest

from depguard import popular
from depguard.checks import typosquat as ts
from depguard.ecosystems import catalog


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(tmp_path / "data"))  # no refreshed list of the user's
    ts._INDEXES.clear()
    popular._LOADED.clear()
    yield tmp_path / "cache"
    ts._INDEXES.clear()
    popular._LOADED.clear()


def _reopen(eco, store):
    ts._INDEXES.clear()
    popular._LOADED.clear()
    return ts.index_for(eco, store=store)


def test_stored_index_is_used_without_parsing_the_popular_list(fresh, monkeypatch):
    eco = catalog().get("pypi")
    built = ts.index_for(eco, store=fresh)
    monkeypatch.setattr(popular, "parse_list", lambda *a, **k: pytest.fail("the popular list was parsed again"))
    again = _reopen(eco, fresh)
    assert again is not built
    assert again.rank == built.rank and list(again.popularity) == list(built.popularity) and len(again) == len(built)
    assert "requests" in again.rank


def test_popular_names_do_not_unpack_the_lookalike_tables(fresh):
    eco = catalog().get("npm")
    ts.index_for(eco, store=fresh)
    idx = _reopen(eco, fresh)
    assert idx.popularity_of("express") is not None and "lodash" in idx.rank
    assert not any(part in idx.__dict__ for part in (*ts.PopularIndex.LOOKALIKE, "names", "plist"))
    # a name that is not popular needs them: unpacked on first use, and the same as built
    assert [m.target for m in idx.matches("expres")] == ["express"]
    assert all(part in idx.__dict__ for part in ts.PopularIndex.LOOKALIKE)
    assert idx.keys == ts.PopularIndex(idx.plist, idx.prefixes, idx.suffixes).keys


def test_a_changed_list_file_is_read_again(fresh, tmp_path):
    eco = catalog().get("pypi")
    shipped = ts.index_for(eco, store=fresh)
    user_list = popular.user_list_path(eco)
    plist = popular.PopularList("pypi", ("requests", "numpy", "zzz-newly-popular"), taken="2999-01")
    popular.write_list(plist, user_list)  # a refreshed list, newer than the shipped one
    idx = _reopen(eco, fresh)
    assert "zzz-newly-popular" in idx.rank and len(idx) == 3
    popular.write_list(popular.PopularList("pypi", ("requests", "other-name"), taken="2999-01"), user_list)
    os.utime(user_list, ns=(1, 1))  # even with an old mtime: size and inode differ
    assert "other-name" in _reopen(eco, fresh).rank
    user_list.unlink()
    assert _reopen(eco, fresh).rank == shipped.rank


def test_damaged_lookalike_part_is_rebuilt_from_the_names(fresh):
    eco = catalog().get("pypi")
    ts.index_for(eco, store=fresh)
    stored = next((fresh / "typosquat").iterdir())
    data = stored.read_bytes()
    stored.write_bytes(data[:-1000] + b"\x00" * 1000)  # the head intact, the look-alike tables not
    idx = _reopen(eco, fresh)
    assert "requests" in idx.rank
    assert [m.target for m in idx.matches("reqeusts")][:1] == ["requests"]


def test_stored_index_pickles(fresh):
    import pickle

    eco = catalog().get("pypi")
    ts.index_for(eco, store=fresh)
    idx = _reopen(eco, fresh)
    copy = pickle.loads(pickle.dumps(idx))
    assert copy.rank == idx.rank and [m.target for m in copy.matches("reqeusts")][:1] == ["requests"]


def test_ranks_read_from_the_names_string_are_the_dict_ones():
    names = ("requests", "numpy", "Requests", "numpy", "a.b", "x-y_z", "q")
    built: dict[str, int] = {}
    for i, n in enumerate(names):
        built.setdefault(n, i + 1)
    ranks = ts.Ranks("\n".join(names))
    for n in (*names, "missing", "", "requests\nnumpy", "umpy", "numpy\n", "a"):
        assert ranks.get(n) == built.get(n), n
        assert (n in ranks) == (n in built)
    assert ranks._dict is None  # answered from the string
    assert ranks == built and len(ranks) == len(built) and dict(ranks.items()) == built
    many = ts.Ranks("\n".join(f"name{i}" for i in range(100)))
    for i in range(ts.Ranks.DICT_AFTER + 5):  # a large run: a dict after a few questions
        assert many[f"name{i}"] == i + 1
    assert many._dict is not None and many.get("name99") == 100 and "nope" not in many


def _use(idx, got, errors):
    try:
        got.append([m.target for m in idx.matches("reqeusts")][:1])
    except Exception as exc:  # noqa: BLE001 -- any failure is the finding
        errors.append(exc)


def test_threads_unpacking_at_once_all_get_the_tables(fresh):
    import threading

    eco = catalog().get("pypi")
    ts.index_for(eco, store=fresh)
    for _ in range(5):
        idx = _reopen(eco, fresh)
        got: list = []
        errors: list = []
        threads = [threading.Thread(target=_use, args=(idx, got, errors)) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [] and got == [["requests"]] * 4


def test_where_the_lists_are_is_worked_out_once_per_environment_not_per_name(tmp_path, monkeypatch):
    """index_for is asked for every judged name (twice for npm's); the user's data folder is worked out once
    for a set of environment variables, and a changed DEPGUARD_DATA_DIR is followed."""
    eco = catalog().get("npm")
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(tmp_path / "one"))
    asked: list[int] = []
    real = popular.data_dir
    monkeypatch.setattr(popular, "data_dir", lambda: asked.append(1) or real())
    first = [ts._list_files(eco) for _ in range(50)]
    assert len(asked) <= 1 and len(set(first)) == 1
    (tmp_path / "two" / "popular").mkdir(parents=True)
    (tmp_path / "two" / "popular" / "npm.txt").write_text("left-pad\n")
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(tmp_path / "two"))
    user_list = ts._list_files(eco)[1]
    assert user_list is not None and user_list[0] == str(tmp_path / "two" / "popular" / "npm.txt")
