"""Judgements kept across runs (depguard.verdicts): a warm scan whose answers all come from the answer cache
reuses each (package, name as written) pair's finding from an earlier run, and only while nothing it was judged
from changed: the answer, a setting, the popular list DG002 compares with, and the time (a rule's day count).
Every report here is compared, byte for byte, with the one judged afresh (no kept judgements)."""

from __future__ import annotations

import ast
import shutil
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from depguard import checks
from depguard import scan as scan_module
from depguard.cache import AnswerCache
from depguard.config import Settings, Thresholds
from depguard.model import Existence, PackageKey, RegistryAnswer
from depguard.records import replace
from depguard.report import render
from depguard.scan import scan_paths

NOW = datetime(2026, 12, 1, 9, 30, tzinfo=timezone.utc)
OLD = datetime(2015, 1, 1, 8, 0, tzinfo=timezone.utc)  # its day count changes at 08:00, 22.5 hours after NOW
YOUNG = NOW - timedelta(days=29, hours=5)  # 29 days old at NOW: the threshold (30 days) is reached 19 hours on

NAMES = ["requests", "flask", "numpy", "fresh-thing", "zebraframewrk", "reqeusts"]


def answer(name: str, **changes) -> RegistryAnswer:
    key = PackageKey("pypi", name)
    if name == "reqeusts":
        return RegistryAnswer(key, Existence.MISSING, "PyPI", "HTTP 404", at=NOW)
    first = YOUNG if name == "fresh-thing" else OLD
    fields = dict(at=NOW, first_release=first, latest_release=first, version_count=40, downloads=None)
    fields.update(changes)
    return RegistryAnswer(key, Existence.EXISTS, "PyPI", "HTTP 200", **fields)


@pytest.fixture
def settings(tmp_path: Path, monkeypatch) -> Settings:
    monkeypatch.setattr(scan_module, "KEEP_JUDGEMENTS_FROM", 2)  # these trees are small: kept all the same
    return Settings(use_cache=True, cache_dir=tmp_path / "cache", now=NOW)


@pytest.fixture
def tree(tmp_path: Path, settings: Settings) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "requirements.txt").write_text("".join(f"{n}\n" for n in NAMES), encoding="utf-8")
    (root / "app.py").write_text("import requests\nimport flask\n", encoding="utf-8")
    store([answer(n) for n in NAMES], settings)
    return root


def store(answers: list[RegistryAnswer], settings: Settings) -> None:
    cache = AnswerCache(settings.cache_dir, registries=settings.registries)
    cache.put_many(answers)
    cache.close()


@pytest.fixture
def judged(monkeypatch) -> list[str]:
    """The names judged by the rules (not taken from a kept judgement), in each scan."""
    names: list[str] = []
    real = checks.judge

    def counting(mention, *args, **kwargs):
        names.append(mention.key.name)
        return real(mention, *args, **kwargs)

    monkeypatch.setattr(checks, "judge", counting)
    return names


def scan(root: Path, settings: Settings) -> str:
    """The JSON report of a scan as the command makes it (``keep_output``: answers read from the cache with their
    texts), with the kept report texts removed first (depguard.outputmemo may reuse a whole text with no pair
    judged; tests/test_output_memo.py): each pair is judged here or taken from its kept judgement."""
    assert settings.cache_dir is not None
    shutil.rmtree(settings.cache_dir / "output", ignore_errors=True)
    return render(scan_paths([root], settings, keep_output=True), "json")


def afresh(root: Path, settings: Settings) -> str:
    """The report with every pair judged now: the kept judgements set aside (and put back after)."""
    kept, aside = settings.cache_dir / "verdicts", settings.cache_dir / "verdicts-aside"
    if kept.exists():
        kept.rename(aside)
    text = scan(root, settings)
    shutil.rmtree(kept, ignore_errors=True)
    if aside.exists():
        aside.rename(kept)
    return text


def kept_then_checked(root: Path, settings: Settings, judged: list[str]) -> tuple[str, list[str]]:
    """A scan that may use kept judgements (those of the scans before), the names it judged, and the check that
    its report is the one judged afresh."""
    judged.clear()
    text = scan(root, settings)
    names = list(judged)
    assert text == afresh(root, settings)
    return text, names


def test_a_warm_scan_reuses_the_judgements_of_the_last_one_and_writes_the_same_report(tree, settings, judged):
    first, names = kept_then_checked(tree, settings, judged)
    assert sorted(names) == sorted(NAMES)  # judged, and kept
    again, names = kept_then_checked(tree, settings, judged)
    assert names == [] and again == first  # every pair's finding kept
    assert '"verdict": "missing"' in again and '"verdict": "suspicious"' in again


def test_a_changed_answer_is_judged_again(tree, settings, judged):
    before, _ = kept_then_checked(tree, settings, judged)
    store([answer("numpy", version_count=1, first_release=NOW - timedelta(days=3))], settings)
    after, names = kept_then_checked(tree, settings, judged)
    assert names == ["numpy"] and after != before
    assert "first published 3 day(s) ago" in after


@pytest.mark.parametrize("changed", [
    {"allow": {"pypi": ("fresh-thing",)}},
    {"thresholds": replace(Thresholds(), new_package_days=10)},
    {"deny": {"pypi": ("flask",)}},
])
def test_a_changed_setting_is_judged_again(tree, settings, judged, changed):
    before, _ = kept_then_checked(tree, settings, judged)
    other = replace(settings, **changed)
    after, names = kept_then_checked(tree, other, judged)
    assert sorted(names) == sorted(NAMES) and after != before
    again, names = kept_then_checked(tree, other, judged)
    # an allowed name is not asked: with no answer from the cache, it is judged in each run (the allow list alone)
    assert names == (["fresh-thing"] if "allow" in changed else []) and again == after
    back, names = kept_then_checked(tree, settings, judged)  # the first settings' judgements were kept too
    assert names == [] and back == before


def test_a_judgement_is_judged_again_when_a_day_count_it_read_changes(tree, settings, judged):
    young, _ = kept_then_checked(tree, settings, judged)
    assert "first published 29 day(s) ago" in young
    # an hour on, and a minute before fresh-thing turns 30 days old: every judgement holds
    for later in (timedelta(hours=1), timedelta(hours=18, minutes=59)):
        text, names = kept_then_checked(tree, replace(settings, now=NOW + later), judged)
        assert names == [] and text == young
    # 30 days old: no longer young; only the judgements whose day counts changed are made again
    aged, names = kept_then_checked(tree, replace(settings, now=NOW + timedelta(hours=19)), judged)
    assert names == ["fresh-thing"]
    assert "first published" not in aged and aged != young
    # the day counts of the old ones change at 08:00: judged again (the same findings); fresh-thing's next
    # changes a day after its last, and reqeusts's judgement (missing: no date read) holds whatever the time
    later, names = kept_then_checked(tree, replace(settings, now=NOW + timedelta(hours=23)), judged)
    assert sorted(names) == ["flask", "numpy", "requests", "zebraframewrk"] and later == aged


def test_another_popular_list_is_judged_again(tree, settings, judged, monkeypatch, tmp_path):
    before, _ = kept_then_checked(tree, settings, judged)
    assert "zebraframework" not in before
    data = tmp_path / "data"
    (data / "popular").mkdir(parents=True)
    (data / "popular" / "pypi.txt").write_text("zebraframework\n", encoding="utf-8")
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(data))  # a refreshed list (depguard popular update)
    after, names = kept_then_checked(tree, settings, judged)
    assert sorted(names) == sorted(NAMES)
    assert "did you mean 'zebraframework'" in after or "zebraframework" in after


def test_a_damaged_store_is_judged_afresh(tree, settings, judged):
    before, _ = kept_then_checked(tree, settings, judged)
    (kept,) = (settings.cache_dir / "verdicts").glob("*.marshal")
    data = bytearray(kept.read_bytes())
    data[-5] ^= 0xFF
    kept.write_bytes(bytes(data))
    after, names = kept_then_checked(tree, settings, judged)
    assert sorted(names) == sorted(NAMES) and after == before


def test_a_scan_of_a_few_packages_neither_reads_nor_keeps_judgements(tree, settings, judged, monkeypatch):
    monkeypatch.setattr(scan_module, "KEEP_JUDGEMENTS_FROM", len(NAMES) + 1)
    first, names = kept_then_checked(tree, settings, judged)
    assert sorted(names) == sorted(NAMES) and not (settings.cache_dir / "verdicts").exists()
    again, names = kept_then_checked(tree, settings, judged)
    assert sorted(names) == sorted(NAMES) and again == first


RULES = Path(checks.__file__).parent


def test_rules_read_the_time_only_as_day_counts():
    """A kept judgement knows until when it holds because a rule reads the time only through
    CheckContext.days_since (which notes when its count next changes): no rule module reads the clock or the
    context's ``now`` itself."""
    for path in sorted(RULES.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        allowed: set[int] = set()
        if path.name == "__init__.py":  # CheckContext: where now is set, and days_since
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name == "CheckContext":
                    allowed = {id(n) for n in ast.walk(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("now", "today", "time", "utcnow", "monotonic") \
                    and id(node) not in allowed:
                raise AssertionError(f"{path.name}:{node.lineno}: reads the time ({node.attr}) other than by days_since")


def test_the_kept_report_text_stands_for_the_answers_texts_it_was_judged_from(tree, settings, judged):
    """With the report's text kept (depguard.outputmemo), a scan of the unchanged tree whose answers the cache
    holds with the same texts judges nothing; a changed answer has its pair judged again (the others' kept
    judgements reused) and the text written anew."""
    def memo_scan() -> tuple[str, list[str], bool]:
        judged.clear()
        report = scan_paths([tree], settings, keep_output=True)
        return render(report, "json"), list(judged), bool(getattr(report, "reused", False))

    memo_scan()  # parses every file: keeps the judgements, not the text
    first, _, _ = memo_scan()  # keeps the text
    again, names, reused = memo_scan()
    assert reused and names == [] and again == first
    store([answer("numpy", version_count=1, first_release=NOW - timedelta(days=3))], settings)
    after, names, reused = memo_scan()
    assert not reused and names == ["numpy"] and after != first and "first published 3 day(s) ago" in after
    assert after == afresh(tree, settings)
