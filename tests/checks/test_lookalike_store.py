"""DG002's look-alike matches kept on disk (typosquat.MatchStore): a rescan in a fresh process reuses them, and
anything they depend on (the popular list, the ecosystem's affixes, depguard itself) makes them searched again.

A "fresh process" is simulated by dropping the indexes this process holds (``typosquat._INDEXES``), so the
matches an index remembers in memory are gone too; the searches are counted by wrapping
``PopularIndex._matches`` (counts, never timings).
"""

from __future__ import annotations

import os
import shutil
from datetime import timedelta
from pathlib import Path

import pytest

from depguard.checks import CheckContext
from depguard.checks import typosquat as ts
from depguard.config import Settings
from depguard.ecosystems import load_catalog
from depguard.model import Existence, Location, Mention, Origin, RegistryAnswer
from depguard.scan import collect_names, judge_all

from ..conftest import CASSETTE_DAY

FIXTURES = Path(__file__).parent / "fixtures"
PYPI = ["reqeusts", "python-requests", "djang0", "zqxjkvbnm-unrelated", "requests", "numpy2", "sckit-lern"]
NPM = ["lodahs", "types-node", "@types/nod", "leftpad", "express", "zqxjkvbnm-unrelated-js"]
MISSING = {"reqeusts", "lodahs"}  # answered missing: the did-you-mean searches too


@pytest.fixture
def searched(monkeypatch) -> list[str]:
    """The names the look-alike search ran for, in order (a fresh process each test)."""
    names: list[str] = []
    real = ts.PopularIndex._matches

    def counting(self, name):
        names.append(name)
        return real(self, name)

    monkeypatch.setattr(ts.PopularIndex, "_matches", counting)
    fresh_process()
    yield names
    fresh_process()


def fresh_process() -> None:
    ts._INDEXES.clear()


def answers_for(collected):
    out = {}
    for m in collected.mentions:
        if m.key.name in MISSING:
            out[m.key] = RegistryAnswer(m.key, Existence.MISSING, "registry", "HTTP 404", at=CASSETTE_DAY)
        else:  # young: judged as a look-alike whatever its popularity
            out[m.key] = RegistryAnswer(m.key, Existence.EXISTS, "registry", "HTTP 200", at=CASSETTE_DAY,
                                        first_release=CASSETTE_DAY - timedelta(days=20), version_count=2)
    return out


def scan_names(settings: Settings):
    """Judge PYPI and NPM as a scan does; the findings as plain values."""
    collected = collect_names(PYPI, "pypi")
    npm = collect_names(NPM, "npm")
    collected.mentions.extend(npm.mentions)
    report = judge_all(collected, answers_for(collected), settings)
    return [(f.mention.key.ecosystem, f.mention.key.name, f.verdict.value, f.rule, f.reasons, f.suggestion)
            for f in report.findings]


def stored_files(cache: Path) -> list[Path]:
    return sorted((cache / "typosquat").glob("*-matches.marshal"))


@pytest.fixture
def cached(tmp_path) -> Settings:
    return Settings(cache_dir=tmp_path / "cache", now=CASSETTE_DAY)


def test_a_second_run_reuses_the_lookalike_matches(cached, searched):
    first = scan_names(cached)
    unpopular = {n for n in PYPI + NPM if n not in ("requests", "express")}
    assert set(searched) >= unpopular - {"@types/nod"} and len(searched) >= len(unpopular) - 1
    assert [p.name for p in stored_files(cached.cache_dir)] == ["npm-matches.marshal", "pypi-matches.marshal"]
    stamps = {p: p.stat().st_mtime_ns for p in stored_files(cached.cache_dir)}
    searched.clear()
    fresh_process()
    assert scan_names(cached) == first
    assert searched == []  # every match came from the store
    assert {p: p.stat().st_mtime_ns for p in stored_files(cached.cache_dir)} == stamps  # nothing new: not rewritten


def test_findings_are_identical_with_and_without_the_store(tmp_path, cached, searched):
    without = scan_names(Settings(use_cache=False, now=CASSETTE_DAY))
    assert not (tmp_path / "cache" / "typosquat").exists() or not stored_files(tmp_path / "cache")
    fresh_process()
    assert scan_names(cached) == without  # searching, then keeping
    fresh_process()
    assert scan_names(cached) == without  # from the store
    assert any(f[3] == "DG002" for f in without) and any(f[5] for f in without)  # the names do flag and suggest


def test_the_thresholds_apply_to_stored_matches(cached, searched):
    from dataclasses import replace

    scan_names(cached)
    strict = replace(cached, thresholds=replace(cached.thresholds, typosquat_max_rank=3))
    fresh_process()
    from_store = scan_names(strict)
    fresh_process()
    assert from_store == scan_names(replace(strict, use_cache=False))  # a rank limit the store was not made with


def test_without_the_cache_nothing_is_stored(tmp_path, searched):
    scan_names(Settings(use_cache=False, cache_dir=tmp_path / "cache", now=CASSETTE_DAY))
    assert stored_files(tmp_path / "cache") == []


def rewrite_body(path: Path, change, keep_digest: bool) -> None:
    """Rewrite a store's entries with ``change``; ``keep_digest``: leave the old digest (a damaged file)."""
    import marshal

    from depguard.fsview import digest

    blob = path.read_bytes()
    head = len(ts.MATCHES_FORMAT) + 32
    entries = marshal.loads(blob[head:])
    change(entries)
    body = marshal.dumps(entries)
    path.write_bytes(blob[:head - 16] + (blob[head - 16:head] if keep_digest else digest(body)) + body)


def test_a_damaged_store_is_ignored_and_rewritten(cached, searched):
    first = scan_names(cached)
    n = len(searched)
    pypi, npm = (cached.cache_dir / "typosquat" / f"{e}-matches.marshal" for e in ("pypi", "npm"))

    def wrong(entries):  # well-formed, but not what the file's digest was made of
        entries["djang0"] = (("flask", "homoglyph", 5, 1e8, "", ""),)

    rewrite_body(pypi, wrong, keep_digest=True)
    npm.write_bytes(npm.read_bytes()[: npm.stat().st_size // 2])  # cut short
    searched.clear()
    fresh_process()
    assert scan_names(cached) == first
    assert len(searched) == n  # all searched again
    searched.clear()
    fresh_process()
    assert scan_names(cached) == first and searched == []  # and the rewritten store is whole again


def test_a_stored_entry_of_the_wrong_shape_is_searched_again(cached, searched):
    first = scan_names(cached)

    def bad(entries):
        entries["djang0"] = (("django", "no-such-kind", 1, 1.0, "", ""),)
        entries["numpy2"] = "not matches"

    rewrite_body(cached.cache_dir / "typosquat" / "pypi-matches.marshal", bad, keep_digest=False)
    searched.clear()
    fresh_process()
    assert scan_names(cached) == first
    assert sorted(searched) == ["djang0", "numpy2"]


def test_a_store_others_could_write_or_a_link_is_not_read(tmp_path, cached, searched):
    scan_names(cached)
    pypi = cached.cache_dir / "typosquat" / "pypi-matches.marshal"
    os.chmod(pypi, 0o666)
    searched.clear()
    fresh_process()
    scan_names(cached)
    assert sorted(searched) == sorted(PYPI)  # pypi's searched again (all young names), npm's not
    assert (pypi.stat().st_mode & 0o077) == 0  # rewritten user-only
    elsewhere = tmp_path / "planted.marshal"
    shutil.copy(pypi, elsewhere)
    pypi.unlink()
    pypi.symlink_to(elsewhere)
    searched.clear()
    fresh_process()
    scan_names(cached)
    assert sorted(searched) == sorted(PYPI)
    assert not pypi.is_symlink()  # replaced by a file of its own; the link's target untouched
    assert elsewhere.read_bytes() != b""


def test_another_depguard_searches_again(cached, searched, monkeypatch):
    import depguard

    scan_names(cached)
    monkeypatch.setattr(depguard, "__version__", depguard.__version__ + ".post1")
    searched.clear()
    fresh_process()
    scan_names(cached)
    assert "reqeusts" in searched and "lodahs" in searched


# --- what the matches depend on: the popular list and the ecosystem's affixes (a fixture ecosystem) ---------

def toy_catalog(root: Path, popular: str | None = None, prefixes: str | None = None):
    folder = root / "ecosystems"
    if not folder.exists():
        shutil.copytree(FIXTURES / "ecosystems", folder)
    eco = folder / "toy"
    if popular is not None:
        (eco / "popular.txt").write_text(popular)
    if prefixes is not None:
        toml = (eco / "ecosystem.toml").read_text()
        (eco / "ecosystem.toml").write_text(toml.replace('prefixes = ["toy"]', f"prefixes = {prefixes}"))
    load_catalog.cache_clear()  # as a fresh process: this one remembers the catalog of a folder
    return load_catalog(folder)


def mention(key, name: str) -> Mention:
    return Mention(key, name, Location("requirements.txt", 1, 1), Origin.MANIFEST, "test")


def judge_toy(cat, settings: Settings, names: list[str]) -> list[str | None]:
    """DG002's suggestion for each name (None: not a look-alike), then the run's end (the store is written)."""
    ctx = CheckContext.for_settings(settings)
    ctx.memo["catalog"] = cat
    out = []
    for name in names:
        key = cat.key("toy", name)
        answer = RegistryAnswer(key, Existence.EXISTS, "toy", "HTTP 200", at=CASSETTE_DAY,
                                first_release=CASSETTE_DAY - timedelta(days=3), version_count=1)
        signals = ts.check(mention(key, name), answer, ctx)
        out.append(signals[0].suggestion if signals else None)
    ts.finish(ctx)
    return out


def test_a_changed_popular_list_searches_again(tmp_path, cached, searched):
    cat = toy_catalog(tmp_path)
    before = judge_toy(cat, cached, ["gadgte", "sprokcet"])
    assert before == ["gadget", None]
    lines = (tmp_path / "ecosystems" / "toy" / "popular.txt").read_text()
    searched.clear()
    fresh_process()
    assert judge_toy(toy_catalog(tmp_path), cached, ["gadgte", "sprokcet"]) == before and searched == []
    # a refreshed list that now holds a popular "sprocket": the stored "no match" must not be served
    newer = lines.replace("transformer\t", "sprocket\t90000000\ntransformer\t").replace("count: 8", "count: 9")
    cat = toy_catalog(tmp_path, popular=newer)
    searched.clear()
    fresh_process()
    assert judge_toy(cat, cached, ["gadgte", "sprokcet"]) == ["gadget", "sprocket"]
    assert sorted(searched) == ["gadgte", "sprokcet"]


def test_changed_ecosystem_affixes_search_again(tmp_path, cached, searched):
    names = ["toy-widget", "kiddo-widget"]
    assert judge_toy(toy_catalog(tmp_path), cached, names) == ["widget", None]
    searched.clear()
    fresh_process()
    cat = toy_catalog(tmp_path, prefixes='["kiddo"]')
    assert judge_toy(cat, cached, names) == [None, "widget"]
    assert sorted(searched) == sorted(names)


def test_matches_a_concurrent_run_kept_stay(tmp_path, cached, searched):
    cat = toy_catalog(tmp_path)
    a = CheckContext.for_settings(cached)
    b = CheckContext.for_settings(cached)
    for ctx, name in ((a, "gadgte"), (b, "widgte")):
        ctx.memo["catalog"] = cat
        key = cat.key("toy", name)
        answer = RegistryAnswer(key, Existence.EXISTS, "toy", "HTTP 200", at=CASSETTE_DAY)
        ts.check(mention(key, name), answer, ctx)
    ts.finish(b)
    ts.finish(a)  # read its store before b wrote
    searched.clear()
    fresh_process()
    judge_toy(cat, cached, ["gadgte", "widgte"])
    assert searched == []


def test_the_store_keeps_the_latest_names(tmp_path, cached, searched, monkeypatch):
    monkeypatch.setattr(ts, "MATCHES_KEEP", 2)
    cat = toy_catalog(tmp_path)
    judge_toy(cat, cached, ["gadgte", "widgte"])
    judge_toy(cat, cached, ["mapperr"])
    searched.clear()
    fresh_process()
    judge_toy(cat, cached, ["gadgte", "widgte", "mapperr"])
    assert searched == ["gadgte"]  # the oldest run's first name went


def test_the_stored_index_is_user_only_and_one_others_could_write_is_rebuilt(cached, searched):
    from depguard.ecosystems import catalog

    scan_names(cached)
    keys = cached.cache_dir / "typosquat" / "pypi-keys.marshal"
    assert keys.stat().st_mode & 0o077 == 0
    fresh_process()
    assert "_head" in vars(ts.index_for(catalog().get("pypi"), store=cached.cache_dir))  # read from the file
    os.chmod(keys, 0o664)
    fresh_process()
    assert "_head" not in vars(ts.index_for(catalog().get("pypi"), store=cached.cache_dir))  # built again
    assert keys.stat().st_mode & 0o077 == 0  # and stored user-only
