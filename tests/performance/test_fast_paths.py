"""The fast paths give exactly what the plain ones give: the file-format index, the JSON writer and the
stored typosquat keys (issue 7). No timings here: speed is measured by benchmarks/run.py."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from depguard.checks import typosquat as ts
from depguard.ecosystems import catalog
from depguard.model import (
    Existence,
    Finding,
    Location,
    Mention,
    Origin,
    PackageKey,
    Problem,
    RegistryAnswer,
    Report,
    Verdict,
)
from depguard.parsers import formats, formats_for, formats_of
from depguard.report import RenderOptions, render
from depguard.report.json_format import as_dict

REPO = Path(__file__).resolve().parent.parent.parent


def _example_paths() -> list[str]:
    """Paths made from every registered pattern (wildcards filled in several ways), plus awkward spellings."""
    out = []
    for f in formats().values():
        for pattern in f.patterns:
            for fill in ("", "x", "a.b", "a-b_c"):
                p = pattern.replace("*", fill).replace("?", "q")
                out += [p, f"sub/{p}", f"deep/er/{p}", f"./{p}", f"/abs/{p}", f"/abs/deep/{p}", p.upper(), p + ".bak",
                        "x" + p]
    out += ["", ".", "a/", "a/.", "a//b.py", "/abs/Cargo.toml", "a/requirements/x/y.txt", "requirements/sub/a.txt",
            ".github/workflows/ci.yml", "x/.github/workflows/ci.yml", ".github/workflows/deep/ci.yml",
            "gradle/x/libs.versions.toml", "vendor/modules.txt", "a/vendor/modules.txt", "README", "Makefile.am"]
    return out


@pytest.mark.slow
def test_format_index_matches_every_pattern_like_fnmatch():
    every = list(formats().values())
    paths = _example_paths() + [p.relative_to(REPO).as_posix() for p in (REPO / "tests").rglob("*") if p.is_file()]
    for path in paths:
        assert formats_for(path) == [f for f in every if f.matches(path)], path


def test_format_index_remembers_a_file_name_without_mixing_up_folders():
    every = list(formats().values())
    # the same names, first where a folder pattern applies, then where none does, then again
    paths = [".github/workflows/ci.yml", "ci.yml", "requirements/dev.txt", "dev.txt", "gradle/libs.versions.toml",
             "libs.versions.toml", "docs/ci.yml", ".github/workflows/ci.yml", "dev.txt", "requirements/dev.txt"]
    for path in paths:
        assert formats_for(path) == [f for f in every if f.matches(path)], path
        assert formats_of(path) == tuple(formats_for(path)), path  # the walk's tuple, shared per answer
    assert formats_for(".github/workflows/ci.yml") != formats_for("ci.yml")
    assert formats_of("a/requirements.txt") is formats_of("b/requirements.txt")


def test_an_absolute_path_compiles_only_the_expressions_its_text_could_match():
    """A hook asks about an absolute path (an agent's Write): the index tests an expression's literal head
    before compiling it, as it does for a relative path, instead of compiling every path expression."""
    from depguard.parsers import _PatternIndex

    index = _PatternIndex(list(formats().values()))
    path = "/home/u/project/web/package.json"
    assert index.lookup(path) == [f for f in formats().values() if f.matches(path)]
    compiled = [literal for _, literal, rx, _ in index.slashed if "compiled" in vars(rx)]
    assert len(index.slashed) > 10 and all(literal == "" for literal in compiled)


def _answer(name, existence=Existence.EXISTS, **kw):
    return RegistryAnswer(PackageKey("pypi", name), existence, "PyPI", reason=kw.pop("reason", "HTTP 200 from PyPI"),
                          asked=f"https://pypi.org/pypi/{name}/json", at=datetime(2026, 12, 2, tzinfo=timezone.utc), **kw)


def _report() -> Report:
    shared = _answer("requests", first_release=datetime(2011, 2, 14, tzinfo=timezone.utc), version_count=150,
                     markers=("deprecated", "yanked"), description="HTTP for Humans ✓ \x1b[31m")
    missing = _answer("reqeusts", Existence.MISSING, reason="HTTP 404 from PyPI")
    def mention(name, written, loc, origin=Origin.MANIFEST, **kw):
        return Mention(PackageKey("pypi", name), written, loc, origin, "requirements", **kw)
    findings = [
        Finding(mention("requests", "requests", Location("a/requirements.txt", 1, 1, 1, 9), spec=">=2"), Verdict.OK,
                "DG000", ("answer from PyPI",), answer=shared),
        Finding(mention("requests", "Requests", Location("b.py", 3, 8, 3, 16), Origin.IMPORT, module="requests"),
                Verdict.OK, "DG000", ("answer from PyPI",), answer=shared),
        Finding(mention("reqeusts", "reqeusts", Location("c.md", 12), Origin.TEXT, note="in a \"quoted\"\tspan\u2028"),
                Verdict.MISSING, "DG001", ("not found on PyPI", "did you mean 'requests'?"), suggestion="requests",
                answer=missing),
        Finding(mention("x\u00e9", "x\u00e9\x07", Location(None), Origin.ARGUMENT), Verdict.INVALID, "DG004", ()),
        Finding(mention("lib", "lib", Location("d.txt", None, None)), Verdict.NOT_CHECKED, "DG100", ("no answer",)),
    ]
    problems = (Problem("bad \"line\"", Location("e.txt", 4, 2), "parse"), Problem("no location", None, "read"))
    return Report(tuple(findings), problems)


@pytest.mark.parametrize("report", [
    pytest.param(_report(), id="varied"),
    pytest.param(Report(), id="empty"),
    pytest.param(Report(_report().findings[:1], mentions_only=True), id="inventory-one"),
    pytest.param(Report((), _report().problems), id="problems-only"),
    pytest.param(Report(tuple(
        Finding(Mention(f.mention.key, f.mention.written, Location(f.mention.location.path, i + 1, 1, i + 1, 5),
                        f.mention.origin, f.mention.parser, f.mention.module, f.mention.spec, f.mention.note),
                f.verdict, f.rule, f.reasons, f.suggestion, f.answer)
        for i in range(4) for f in _report().findings[:3])), id="one-pair-many-places"),
])
def test_json_writer_equals_the_indenting_encoder_with_one_line_mentions(report):
    """The hand-written writer's text is json.dumps(indent=2) of as_dict, except that each mention is one line
    (json.dumps without indent): built here by encoding every mention in its place as a marker."""
    data = as_dict(report)
    lines = {}
    for finding in data["findings"]:
        for i, mention in enumerate(finding["mentions"]):
            marker = f"@mention-{len(lines)}@"
            lines[marker] = json.dumps(mention, ensure_ascii=True)
            finding["mentions"][i] = marker
    expected = json.dumps(data, indent=2, ensure_ascii=True) + "\n"
    for marker, line in lines.items():
        expected = expected.replace(f'"{marker}"', line)
    text = render(report, "json", RenderOptions())
    assert text == expected
    assert json.loads(text) == as_dict(report)


def _fresh(eco_id: str) -> ts.PopularIndex:
    eco = catalog().get(eco_id)
    stored = ts.index_for(eco)
    return ts.PopularIndex(stored.plist, stored.prefixes, stored.suffixes, display=eco.display)


@pytest.mark.slow
def test_stored_typosquat_keys_are_the_built_ones(tmp_path):
    eco = catalog().get("npm")
    ts._INDEXES.clear()
    built = ts.index_for(eco, store=tmp_path)  # builds and stores
    [stored_file] = (tmp_path / "typosquat").iterdir()
    ts._INDEXES.clear()
    loaded = ts.index_for(eco, store=tmp_path)  # reads the stored keys
    assert loaded is not built and loaded.keys == built.keys == _fresh("npm").keys
    assert [m.target for m in loaded.matches("expres")] == [m.target for m in built.matches("expres")]
    assert stored_file.name == "npm-keys.marshal"


@pytest.mark.slow
@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xe3\x00\x00\x00\x00"])
def test_corrupt_stored_keys_are_rebuilt(tmp_path, damage):
    eco = catalog().get("pypi")
    ts._INDEXES.clear()
    ts.index_for(eco, store=tmp_path)
    stored = tmp_path / "typosquat" / "pypi-keys.marshal"
    stored.write_bytes(damage)
    ts._INDEXES.clear()
    idx = ts.index_for(eco, store=tmp_path)
    assert idx.keys == _fresh("pypi").keys
    assert stored.read_bytes() != damage  # written again


def test_stored_keys_of_another_list_are_not_used(tmp_path):
    from depguard.popular import PopularList

    eco = catalog().get("pypi")
    ts._INDEXES.clear()
    ts.index_for(eco, store=tmp_path)  # the shipped list's keys
    other = PopularList("pypi", ("requests", "numpy", "py-dotenv"), path=Path("/elsewhere/list.txt"), taken="2026-12")
    idx = ts.index_for(eco, other, store=tmp_path)
    assert idx.keys == ts.PopularIndex(other, idx.prefixes, idx.suffixes).keys
    assert "s:numpy" in idx.keys and len(idx) == 3
    ts._INDEXES.clear()


def test_cache_integrity_is_checked_once_a_day(tmp_path, monkeypatch):
    import sqlite3

    from depguard import cache as cache_mod

    key = PackageKey("pypi", "requests")
    first = cache_mod.AnswerCache(tmp_path)
    first.put_many([_answer("requests")])
    first.close()
    stamp = lambda: sqlite3.connect(tmp_path / "answers.sqlite3").execute("SELECT v FROM meta WHERE k = 'checked'").fetchone()[0]
    checked = stamp()
    again = cache_mod.AnswerCache(tmp_path)
    assert key in again.get_many([key])
    again.close()
    assert stamp() == checked  # not checked again within the day
    monkeypatch.setattr(cache_mod, "CHECK_EVERY", 0)
    later = cache_mod.AnswerCache(tmp_path)
    assert key in later.get_many([key])
    later.close()
    assert float(stamp()) > float(checked)


def test_unreadable_cache_file_is_set_aside_and_rebuilt(tmp_path):
    from depguard.cache import AnswerCache, CacheWarning

    (tmp_path / "answers.sqlite3").write_bytes(b"not a database at all" * 100)
    cache = AnswerCache(tmp_path)
    with pytest.warns(CacheWarning, match="moved aside"):
        assert cache.get_many([PackageKey("pypi", "requests")]) == {}
    assert cache.put_many([_answer("requests")]) == 1
    cache.close()
    assert len(list(tmp_path.glob("answers.corrupt-*.sqlite3"))) == 1


def _tree(root: Path) -> Path:
    (root / "pkg").mkdir(parents=True)
    (root / "requirements.txt").write_text("requests>=2\nflask  # depguard: ignore known\n")
    (root / "pkg" / "package.json").write_text('{"name": "app", "dependencies": {"lodash": "^4", "left-pad": "1"}}\n')
    (root / "Dockerfile").write_text("FROM python:3.12\nRUN pip install numpy pandas\n")
    (root / "broken.json.lock").write_text("")
    for i in range(40):
        (root / "pkg" / f"m{i}.py").write_text(f"import yaml\nimport mod{i % 7}_lib\n")
        (root / "pkg" / f"w{i}.js").write_text(f"import x from 'pkg-{i % 5}';\n")
    (root / "bad.yml").write_text("key: [unclosed\n")
    return root


def test_mentions_handed_over_batch_by_batch_are_the_scans_mentions(tmp_path, monkeypatch, settings):
    from depguard import scan
    from depguard.scan import collect_paths

    root = _tree(tmp_path / "tree")
    whole = collect_paths([root], settings.with_(use_cache=False))
    monkeypatch.setattr(scan, "PARSE_BATCH", 7)
    batches: list = []
    there = collect_paths([root], settings.with_(use_cache=False), on_mentions=batches.append)
    assert len(batches) > 5  # one hand-over per batch of files
    assert there.mentions == whole.mentions and there.problems == whole.problems
    # 85: broken.json.lock is a file a format reads since f21d373f (pex-lock takes any *.lock holding its keys)
    assert there.suppressed == whole.suppressed and there.files == whole.files == 85
    seen = [m for batch in batches for m in batch]
    assert sorted(seen, key=lambda m: m.location) == sorted(whole.mentions, key=lambda m: m.location)


@pytest.mark.parametrize("name", ["Django", "oslo.concurrency", "requests", "Foo__Bar..baz", "a-_.-b", "", "-x-", "ÄÖ.Ü",
                                  "zope.interface", "PyYAML", "ruamel.yaml.clib"])
def test_canonical_names_are_packagings(name):
    from packaging.utils import canonicalize_name as theirs

    from depguard.names import canonicalize_name

    assert canonicalize_name(name) == theirs(name)


def test_environment_map_is_kept_while_the_environment_stays(tmp_path, monkeypatch):
    from depguard.ecosystems.pypi import imports as py

    py.environment_map.cache_clear()
    fresh = py.environment_map()
    stored = tmp_path / "cache" / "environment-map.json"
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    py.environment_map.cache_clear()
    assert py.environment_map() == fresh and stored.is_file()
    data = json.loads(stored.read_text())
    data["map"] = {"only": ["marker-dist"]}
    stored.write_text(json.dumps(data))
    py.environment_map.cache_clear()
    assert py.environment_map() == {"only": ("marker-dist",)}  # the stored map is what is used ...
    data["stamp"][3].append(["/a/new/folder", [["new-1.0.dist-info", 1]]])  # ... until what is installed changes
    stored.write_text(json.dumps(data))
    py.environment_map.cache_clear()
    assert py.environment_map() == fresh
    py.environment_map.cache_clear()


def test_environment_map_survives_a_new_working_directory_but_not_new_metadata(tmp_path, monkeypatch):
    import sys

    from depguard.ecosystems.pypi import imports as py

    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    py.environment_map.cache_clear()
    py.environment_map()
    stored = tmp_path / "cache" / "environment-map.json"
    data = json.loads(stored.read_text())
    data["map"] = {"only": ["marker-dist"]}
    stored.write_text(json.dumps(data))
    plain = tmp_path / "project"  # what `python -m depguard` run from a project folder puts on sys.path
    plain.mkdir()
    monkeypatch.setattr(sys, "path", [str(plain), *sys.path])
    py.environment_map.cache_clear()
    assert py.environment_map() == {"only": ("marker-dist",)}  # no metadata there: the stored map holds
    (plain / "local_thing-1.0.dist-info").mkdir()
    py.environment_map.cache_clear()
    assert py.environment_map() != {"only": ("marker-dist",)}  # a distribution there: rebuilt
    py.environment_map.cache_clear()


def test_stored_ecosystem_tables_are_used_only_while_the_files_are_unchanged(tmp_path, monkeypatch):
    import shutil

    from depguard import ecosystems

    root = tmp_path / "ecos"
    shutil.copytree(ecosystems.data_root() / "pypi", root / "pypi")
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))
    first = ecosystems.load_catalog.__wrapped__(root)
    assert (tmp_path / "cache" / "ecosystems.marshal").is_file()
    again = ecosystems.load_catalog.__wrapped__(root)  # from the stored tables
    assert again.get("pypi").data == first.get("pypi").data and again.key("pypi", "Foo_Bar") == PackageKey("pypi", "foo-bar")
    toml = root / "pypi" / "ecosystem.toml"
    toml.write_text(toml.read_text().replace('display = "PyPI"', 'display = "PyPI (edited)"', 1) + "\n")
    edited = ecosystems.load_catalog.__wrapped__(root)
    assert edited.get("pypi").display == "PyPI (edited)"
    toml.write_text("not = [valid")
    with pytest.raises(ecosystems.ConfigError, match="ecosystem.toml"):
        ecosystems.load_catalog.__wrapped__(root)


def test_findings_copied_per_mention_carry_every_field():
    import dataclasses

    # judge_all builds each repeated mention's Finding field by field (dataclasses.replace is slow)
    assert [f.name for f in dataclasses.fields(Finding)] == ["mention", "verdict", "rule", "reasons", "suggestion", "answer"]
