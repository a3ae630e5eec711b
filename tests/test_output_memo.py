"""The kept report text of a scan (depguard.outputmemo): a warm scan of an unchanged tree writes what a fresh
scan writes, byte for byte, in every format; the text is reused only while the files (and what their parse
consulted), every answer, every judgement, the settings, the render options and depguard are as they were."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from depguard import lookup
from depguard.config import Settings
from depguard.model import Existence, PackageKey, RegistryAnswer, Report, Verdict
from depguard.report import FORMATS, RenderOptions, render
from depguard.scan import scan_paths

NOW = datetime(2026, 12, 1, tzinfo=timezone.utc)


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return plant(tmp_path / "proj", {
        "requirements.txt": "requests==2.31.0\n-r other.txt\nflask  # depguard: ignore reviewed\n",
        "other.txt": "numpy\n",
        "app.py": "import requests\nimport yaml\nimport reqeusts\n",
        "package.json": '{"name": "top", "dependencies": {"left-pad": "1.0.0"}}\n',
        "README.md": "Install:\n\n```sh\npip install rich\n```\n"})


def plant(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        write(root / name, text)
    return root


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(use_cache=True, cache_dir=tmp_path / "cache", now=NOW)


class Registry:
    """Answers given in place of the lookup stage (which a warm run takes from its answer cache)."""

    def __init__(self) -> None:
        self.missing = {"reqeusts"}
        self.asked = 0

    def answer(self, key: PackageKey) -> RegistryAnswer:
        if key.name in self.missing:
            return RegistryAnswer(key, Existence.MISSING, "PyPI", "HTTP 404", at=NOW, cached=True)
        return RegistryAnswer(key, Existence.EXISTS, "PyPI", "HTTP 200", at=NOW, cached=True,
                              first_release=datetime(2015, 1, 1, tzinfo=timezone.utc), version_count=40,
                              downloads=10_000_000)

    def resolve(self, keys, settings, **_kw):
        self.asked += 1
        return {k: self.answer(k) for k in dict.fromkeys(keys)}


@pytest.fixture
def registry(monkeypatch) -> Registry:
    reg = Registry()
    monkeypatch.setattr(lookup, "resolve", reg.resolve)
    return reg


@pytest.fixture(autouse=True)
def parse_cache_filled(tree: Path, settings: Settings, registry: Registry) -> None:
    """A first scan of the tree, as any tree has had before the scans these tests look at: every file in
    the parse cache (a scan that parses files keeps no text, see the test below)."""
    scan_paths([tree], settings)


def kept_scan(root: Path, settings: Settings) -> Report:
    return scan_paths([root], settings, keep_output=True)


# formats that show every finding: JSON (written from the parse cache's entries, then kept) and a table
SHOWN = [("json", None), ("table", RenderOptions(verbose=True))]
BOTH = pytest.mark.parametrize(("fmt", "options"), SHOWN)
KEPT = BOTH  # formats whose text is kept: every one


def fresh(root: Path, settings: Settings, fmt: str = "json", options: RenderOptions | None = None) -> str:
    return render(scan_paths([root], replace(settings, use_cache=False)), fmt, options)


def reused(report: Report) -> bool:
    return bool(getattr(report, "reused", False))


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_warm_scan_of_an_unchanged_tree_writes_the_fresh_scans_text_without_judging_each_mention(
        tree: Path, settings: Settings, registry: Registry, fmt: str) -> None:
    cold = kept_scan(tree, settings)
    assert not reused(cold)
    assert render(cold, fmt) == fresh(tree, settings, fmt)
    warm = kept_scan(tree, settings)
    # nothing made per mention: the text the last scan kept (JSON too: that scan wrote it from the parse cache)
    assert reused(warm) and "_findings" not in vars(warm)
    assert render(warm, fmt) == fresh(tree, settings, fmt)
    for fail_on in (Verdict.SUSPICIOUS, Verdict.MISSING):
        assert warm.exit_code(fail_on) == cold.exit_code(fail_on) == 1
    assert "_findings" not in vars(warm)  # the exit code came from the kept verdicts


def test_the_kept_report_makes_its_findings_when_asked(tree: Path, settings: Settings, registry: Registry) -> None:
    cold = kept_scan(tree, settings)
    render(cold, "table")
    warm = kept_scan(tree, settings)
    assert reused(warm)
    assert warm.findings == cold.findings and warm.problems == cold.problems
    assert render(warm, "sarif") == fresh(tree, settings, "sarif")  # a format not kept: rendered from them


@BOTH
def test_editing_a_file_another_one_pulls_in_changes_the_output(tree: Path, settings: Settings,
                                                                 registry: Registry, fmt: str, options: RenderOptions | None) -> None:
    render(kept_scan(tree, settings), fmt, options)
    write(tree / "other.txt", "numpy\nscipy\n")  # read through requirements.txt's -r as well
    again = kept_scan(tree, settings)
    assert not reused(again)
    text = render(again, fmt, options)
    assert "scipy" in text and text == fresh(tree, settings, fmt, options)
    assert render(kept_scan(tree, settings), fmt, options) == text


@BOTH
def test_a_changed_answer_changes_the_output(tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None) -> None:
    before = render(kept_scan(tree, settings), fmt, options)
    registry.missing.add("yaml")  # pyyaml's import name resolves elsewhere; left-pad is npm
    registry.missing.add("left-pad")
    again = kept_scan(tree, settings)
    assert not reused(again)
    text = render(again, fmt, options)
    assert text != before and text == fresh(tree, settings, fmt, options)
    assert again.exit_code() == 1


class Clock:
    """The judging's clock (``depguard.checks.datetime`` when the settings give no time), moved by the test."""

    def __init__(self, at: datetime) -> None:
        self.at = at

    def now(self, tz=None) -> datetime:
        return self.at


@pytest.fixture
def clock(monkeypatch) -> Clock:
    from depguard import checks

    got = Clock(NOW)
    monkeypatch.setattr(checks, "datetime", got)
    return got


def counting_judge(monkeypatch, extra_reason: str | None = None) -> list[str]:
    """Count the judgements made (``checks.judge`` calls); with ``extra_reason``, each one also gives it."""
    from depguard import checks

    real = checks.judge
    calls: list[str] = []

    def judge(mention, answer, ctx, invalid=None):
        calls.append(mention.key.name)
        got = real(mention, answer, ctx, invalid)
        return got if extra_reason is None else replace(got, reasons=(*got.reasons, extra_reason))

    monkeypatch.setattr(checks, "judge", judge)
    return calls


@BOTH
def test_a_changed_judgement_of_the_same_answers_changes_the_output(tree: Path, settings: Settings,
                                                                     registry: Registry, fmt: str, options: RenderOptions | None,
                                                                     clock: Clock, monkeypatch) -> None:
    """A judgement depends on the time too (a young package ages): once a day count a rule read has changed, the
    pairs are judged again, and the same answers judged differently are written as judged now."""
    live = replace(settings, now=None)  # the time from the clock, as a command's run has it
    render(kept_scan(tree, live), fmt, options)
    before = render(kept_scan(tree, live), fmt, options)
    calls = counting_judge(monkeypatch, "judged later")
    clock.at = NOW + timedelta(hours=23)  # every day count the rules read is the same: nothing judged again
    same = kept_scan(tree, live)
    assert reused(same) and render(same, fmt, options) == before and calls == []
    clock.at = NOW + timedelta(days=1)  # the counts of days since each release date have changed
    again = kept_scan(tree, live)
    assert not reused(again) and calls
    text = render(again, fmt, options)
    assert text != before and "judged later" in text and text == fresh(tree, live, fmt, options)


@BOTH
def test_a_new_day_judges_the_pairs_again_and_reuses_the_text_when_no_judgement_changed(
        tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None, clock: Clock,
        monkeypatch) -> None:
    live = replace(settings, now=None)
    render(kept_scan(tree, live), fmt, options)
    calls = counting_judge(monkeypatch)
    clock.at = NOW + timedelta(days=3)
    again = kept_scan(tree, live)
    assert reused(again) and calls  # judged again (the kept judgements' day counts ran out), the same judgements
    assert render(again, fmt, options) == fresh(tree, live, fmt, options)


@BOTH
def test_a_changed_answer_text_judges_the_pairs_again(tree: Path, settings: Settings, registry: Registry, fmt: str,
                                                      options: RenderOptions | None, clock: Clock, monkeypatch) -> None:
    """The kept judgements stand for the answers they were made from: another answer of the same key (here one
    more release, which no rule weighs differently) has them made again, and the text is reused when equal."""
    live = replace(settings, now=None)
    render(kept_scan(tree, live), fmt, options)
    real = registry.answer
    monkeypatch.setattr(registry, "answer", lambda key: replace(real(key), version_count=41)
                        if key.name == "numpy" else real(key))
    calls = counting_judge(monkeypatch)
    again = kept_scan(tree, live)
    assert calls and render(again, fmt, options) == fresh(tree, live, fmt, options)


@BOTH
def test_a_changed_setting_changes_the_output(tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None) -> None:
    before = render(kept_scan(tree, settings), fmt, options)
    allowing = replace(settings, allow={"pypi": ("reqeusts",)})
    again = kept_scan(tree, allowing)
    assert not reused(again)
    text = render(again, fmt, options)
    assert text != before and text == fresh(tree, allowing, fmt, options)
    assert again.exit_code() == 0


def test_other_render_options_are_rendered_and_kept_apart(tree: Path, settings: Settings, registry: Registry) -> None:
    render(kept_scan(tree, settings), "table")
    verbose = RenderOptions(verbose=True)
    warm = kept_scan(tree, settings)
    assert render(warm, "table", verbose) == fresh(tree, settings, "table", verbose) != fresh(tree, settings, "table")
    again = kept_scan(tree, settings)
    assert render(again, "table") == fresh(tree, settings, "table")
    assert render(again, "table", verbose) == fresh(tree, settings, "table", verbose)
    assert "_findings" not in vars(again)  # both texts were kept


@BOTH
def test_another_depguard_does_not_reuse_the_text(tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None,
                                                  monkeypatch) -> None:
    from depguard import parsecache

    render(kept_scan(tree, settings), fmt, options)
    monkeypatch.setattr(parsecache, "code_stamp", lambda: b"another depguard")
    again = kept_scan(tree, settings)
    assert not reused(again)
    assert render(again, fmt, options) == fresh(tree, settings, fmt, options)


@KEPT
def test_a_damaged_kept_text_is_not_used(tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None) -> None:
    render(kept_scan(tree, settings), fmt, options)
    assert settings.cache_dir is not None
    (kept,) = (settings.cache_dir / "output").iterdir()
    blob = bytearray(kept.read_bytes())
    blob[-10] ^= 1
    kept.write_bytes(bytes(blob))
    again = kept_scan(tree, settings)
    assert not reused(again)
    assert render(again, fmt, options) == fresh(tree, settings, fmt, options)


def test_a_scan_without_keep_output_returns_a_plain_report(tree: Path, settings: Settings, registry: Registry) -> None:
    render(kept_scan(tree, settings), "json")
    assert type(scan_paths([tree], settings)) is Report  # the API's scans


@BOTH
def test_files_parsed_again_by_a_run_that_keeps_no_text_are_not_taken_for_the_kept_ones(
        tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None) -> None:
    """Every file answered by the parse cache is not enough: the entries must be those the text was made
    from (an API scan in between parsed the edited files and kept their new entries, but no text)."""
    render(kept_scan(tree, settings), fmt, options)
    write(tree / "other.txt", "numpy\nscipy\n")
    scan_paths([tree], settings)  # no text kept
    again = kept_scan(tree, settings)
    assert not reused(again)
    text = render(again, fmt, options)
    assert "scipy" in text and text == fresh(tree, settings, fmt, options)


@KEPT
def test_a_scan_that_parses_files_keeps_no_text_and_the_next_scan_of_the_unchanged_tree_does(
        tree: Path, settings: Settings, registry: Registry, fmt: str, options: RenderOptions | None) -> None:
    """Keeping the text costs about a third of a warm scan of a large tree, which only a later scan of the
    unchanged tree gets back: a cold scan, or the first after an edit, keeps nothing."""
    assert settings.cache_dir is not None
    write(tree / "other.txt", "numpy\nscipy\n")
    edited = kept_scan(tree, settings)
    assert not reused(edited)
    text = render(edited, fmt, options)
    assert not (settings.cache_dir / "output").exists() or not any((settings.cache_dir / "output").iterdir())
    unchanged = kept_scan(tree, settings)
    assert not reused(unchanged) and render(unchanged, fmt, options) == text  # this one keeps it
    again = kept_scan(tree, settings)
    assert reused(again) and render(again, fmt, options) == text == fresh(tree, settings, fmt, options)


def test_json_is_written_from_the_parse_cache_once_and_then_from_the_kept_text(
        tree: Path, settings: Settings, registry: Registry) -> None:
    """The first warm scan (after a cold one, or an edit) writes JSON from the parse cache's entries without a
    Finding per mention and keeps the text; the next scan of the unchanged tree writes the kept text without
    making the compact scan again (issue 18, figure 2)."""
    write(tree / "other.txt", "numpy\nscipy\n")
    edited = kept_scan(tree, settings)
    first = kept_scan(tree, settings)
    assert not reused(first) and render(first, "json") == render(edited, "json") == fresh(tree, settings)
    again = kept_scan(tree, settings)
    assert reused(again) and render(again, "json") == fresh(tree, settings)
    assert callable(again.rendered.compact)  # what would make the compact scan: never called
    assert "_findings" not in vars(again) and again.exit_code() == first.exit_code() == 1


# -- JSON written from the parse cache's entries (depguard.compactscan) ------------------------------------

@pytest.fixture
def varied(tmp_path: Path) -> Path:
    """A tree with what the merge and the judging treat apart: a file read through another (-r) with an inline
    suppression in it, suppressions with and without a reason, a placeholder in documentation (an example's
    note), a file that does not parse, fixture data left out, several parsers naming one package."""
    return plant(tmp_path / "varied", {
        "requirements.txt": "requests==2.31.0\n-r requirements_extra.txt\nflask  # depguard: ignore\nreqeusts\n",
        "requirements_extra.txt": "numpy  # depguard: ignore vendored\nscipy\n",
        "app.py": "import requests\nimport yaml\nimport reqeusts\nimport numpy\n",
        "package.json": '{"name": "top", "dependencies": {"left-pad": "1.0.0", "expresss": "1.0.0"}}\n',
        "README.md": "Install:\n\n```sh\npip install rich your-package\n```\n",
        "Dockerfile": "FROM python:3.11\nRUN pip install httpx reqeusts\n",
        "sub/package.json": "{not json\n",
        "package-lock.json": '{"name": "top", "lockfileVersion": 3, "packages": {"": {"name": "top"}, '
                             '"node_modules/left-pad": {"version": "1.0.0"}, "node_modules/lodahs": {"version": "4.17.21"}}}\n',
        "tests/fixtures/data/requirements.txt": "fixturepkg\n"})


def full_json(root: Path, settings: Settings) -> str:
    """The JSON of the full path: every mention made, judged and written (no kept text, no compact scan)."""
    report = scan_paths([root], settings)
    assert type(report) is Report
    return render(report, "json")


def test_json_written_from_the_parse_cache_is_the_full_reports_text(varied: Path, settings: Settings,
                                                                      registry: Registry) -> None:
    registry.missing |= {"your-package", "expresss"}
    scan_paths([varied], settings)  # cold: every file parsed
    edits = [None, ("app.py", "import requests\nimport rich\n"), ("requirements_extra.txt", "scipy  # depguard: ignore old\n"),
             ("requirements.txt", "flask\n-r requirements_extra.txt\n")]
    for edit in edits:
        if edit is not None:
            write(varied / edit[0], edit[1])
        got = kept_scan(varied, settings)
        text = render(got, "json")
        assert "_findings" not in vars(got)  # written from the stored entries
        assert text == full_json(varied, settings)
        for fail_on in (Verdict.SUSPICIOUS, Verdict.MISSING):
            assert got.exit_code(fail_on) == scan_paths([varied], settings).exit_code(fail_on)
    assert '"suppressed inline: old"' in text and "placeholder name in documentation" in text
    assert '"kind": "parse"' in text and '"end_line": null' in text and "locked only as another package" in text
    assert got.extra == scan_paths([varied], settings).extra and "fixture" in str(got.extra.get("skipped"))


def test_the_json_follows_each_input_byte_for_byte(varied: Path, settings: Settings, registry: Registry,
                                                   monkeypatch) -> None:
    """An answer, a judgement of the same answers (the time), a setting: each changes the text as the full
    path writes it."""
    from depguard import checks

    clock = Clock(NOW)
    monkeypatch.setattr(checks, "datetime", clock)
    live = replace(settings, now=None)
    render(kept_scan(varied, live), "json")
    registry.missing.add("numpy")
    assert render(kept_scan(varied, live), "json") == full_json(varied, live)
    counting_judge(monkeypatch, "judged later")
    clock.at = NOW + timedelta(days=1)  # a judgement changed by the time alone
    text = render(kept_scan(varied, live), "json")
    assert "judged later" in text and text == full_json(varied, live)
    allowing = replace(settings, allow={"pypi": ("reqeusts",)})
    assert render(kept_scan(varied, allowing), "json") == full_json(varied, allowing)


def test_mention_lines_are_written_as_the_reporter_writes_them() -> None:
    """The lines of a finding, formatted in one operation, are the reporter's: a head holding ``%`` is text,
    a null number or path is written as json_format writes it."""
    from depguard.compactscan import _body
    from depguard.report.json_format import MENTION_SEPARATOR, NULL_LOCATION, NUMBERS, numbers_text

    head = '{"written": "a%sb%d", "location": '
    flat = [head, '{"path": "x%s", "line": ', 1, 2, 3, 4, head, '{"path": "y", "line": ', 5, 6, 7, 8]
    lines = [head + '{"path": "x%s", "line": ' + NUMBERS % (1, 2, 3, 4), head + '{"path": "y", "line": ' + NUMBERS % (5, 6, 7, 8)]
    assert _body(flat) == MENTION_SEPARATOR.join(lines)
    nulls = [head, '{"path": "x", "line": ', 1, None, None, None, head, None, None, None, None, None]
    assert _body(nulls) == MENTION_SEPARATOR.join([head + '{"path": "x", "line": ' + numbers_text((1, None, None, None)),
                                                    head + NULL_LOCATION])
