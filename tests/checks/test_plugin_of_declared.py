"""DG002: a look-alike named as the plug-in of another dependency the same manifest declares is a note (issue 12).

Shaped like the false alarm of held-out set 127: cncjs's package.json declares ``"stylint": "~1.5.9"`` (the Stylus
linter its ``stylint`` script runs) and ``"stylint-loader": "~1.0.0"`` (webpack's loader for it), and DG002 read
``stylint-loader`` as two edits from ``tslint-loader``. The words it differs in are the declared dependency's name.

What must stay flagged: the same name in a manifest that does not declare ``stylint`` (a typo of
``tslint-loader``), a name whose closing words differ from its target's (``babel-loaders`` beside ``babel``: a
typo of ``babel-loader``), a base declared only by another manifest, a base that is flagged itself, a command
that installs the name, and everything with ``judge-declared-lookalikes = true``.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from depguard.declarers import named_after
from depguard.model import Verdict
from depguard.scan import scan_paths

from .test_declared_lookalikes import Registry, _packument, _settings

OLD = [3900, 3850, 3800, 3700, 3600, 3000]
DOCS = {
    "stylint": _packument("stylint", OLD, "Stylus Linter", "rossPatton"),
    "stylint-loader": _packument("stylint-loader", [3700], "stylint loader (for webpack)", "guerrero"),
    "tslint-loader": _packument("tslint-loader", OLD, "tslint loader for webpack", "wbuchwalter"),
    "stylus": _packument("stylus", OLD, "Robust, expressive, and feature-rich CSS superset", "tj"),
    "babel": _packument("babel", OLD, "Turn ES6 code into readable vanilla ES5 with source maps", "sebmck"),
    "babel-loaders": _packument("babel-loaders", [3700], "babel loaders for webpack", "someone"),
    "babel-loader": _packument("babel-loader", OLD, "babel module loader for webpack", "hzoo"),
}


COUNTS = {"stylint": 41_187, "stylint-loader": 1_538, "stylus": 4_000_000, "babel": 90_000, "babel-loaders": 120}  # npm.tsv


class Counting(Registry):
    """The loopback registry with npm's download counts (one name or several joined by commas)."""

    def __call__(self, request: httpx.Request) -> httpx.Response:
        prefix = "/downloads/point/last-month/"
        path = request.url.path
        if not path.startswith(prefix):
            return super().__call__(request)
        self.asked.append(path)
        names = path[len(prefix):].split(",")
        one = {n: {"downloads": COUNTS[n], "package": n} if n in COUNTS else None for n in names}
        if len(names) == 1:
            got = one[names[0]]
            return httpx.Response(200, json=got) if got else httpx.Response(404, json={"error": "not found"})
        return httpx.Response(200, json=one)


def _tree(root: Path, dev: dict[str, str], other: dict[str, str] | None = None) -> Path:
    (root / "package.json").write_text(json.dumps({"name": "cncjs-like", "version": "1.11.1",
                                                   "scripts": {"stylint": "stylint src/app"},
                                                   "devDependencies": dev}, indent=2))
    if other is not None:
        (root / "tools").mkdir()
        (root / "tools" / "package.json").write_text(json.dumps({"name": "tools", "dependencies": other}))
    return root


def _findings(root: Path, settings, name: str, docs: dict | None = None):
    report = scan_paths([root], settings, transport=httpx.MockTransport(Counting(docs or DOCS)))
    return [f for f in report.findings if f.mention.key.name == name]


def test_the_plugin_of_a_declared_dependency_is_a_note(tmp_path, settings):
    root = _tree(tmp_path, {"stylint": "~1.5.9", "stylint-loader": "~1.0.0", "stylus": "~0.63.0"})
    (f,) = _findings(root, _settings(settings), "stylint-loader")
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("stylint-loader is named as a plug-in of stylint, which this manifest declares too")
    assert any("tslint-loader" in r for r in f.reasons[1:])  # what DG002 said is kept below the note


def test_without_the_declared_base_the_same_name_is_still_a_lookalike(tmp_path, settings):
    root = _tree(tmp_path, {"stylint-loader": "~1.0.0", "stylus": "~0.63.0"})
    (f,) = _findings(root, _settings(settings), "stylint-loader")
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "tslint-loader")


def test_a_base_declared_by_another_manifest_only_excuses_nothing(tmp_path, settings):
    root = _tree(tmp_path, {"stylint-loader": "~1.0.0"}, other={"stylint": "~1.5.9"})
    (f,) = _findings(root, _settings(settings), "stylint-loader")
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG002")


def test_a_typo_in_the_closing_words_is_still_flagged(tmp_path, settings):
    root = _tree(tmp_path, {"babel": "^6.23.0", "babel-loaders": "^1.0.0"})
    (f,) = _findings(root, _settings(settings), "babel-loaders")
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "babel-loader")


def test_a_flagged_base_excuses_nothing(tmp_path, settings):
    docs = {k: v for k, v in DOCS.items() if k != "stylint"}  # the base is missing from the registry
    root = _tree(tmp_path, {"stylint": "~1.5.9", "stylint-loader": "~1.0.0"})
    (f,) = _findings(root, _settings(settings), "stylint-loader", docs)
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG002")


def test_a_command_is_judged_and_the_setting_judges_strictly(tmp_path, settings):
    root = _tree(tmp_path, {"stylint": "~1.5.9", "stylint-loader": "~1.0.0"})
    (root / "ci.sh").write_text("npm install -g stylint-loader\n")
    got = {(f.mention.origin.value, f.verdict) for f in _findings(root, _settings(settings), "stylint-loader")}
    assert got == {("manifest", Verdict.ALLOWED), ("command", Verdict.SUSPICIOUS)}
    strict = _findings(root, _settings(settings, judge_declared_lookalikes=True), "stylint-loader")
    assert {f.verdict for f in strict} == {Verdict.SUSPICIOUS}


def test_named_after():
    assert named_after("stylint-loader", "tslint-loader", {"stylint", "stylus"}) == "stylint"
    assert named_after("stylint-loader", "tslint-loader", {"stylus"}) is None
    assert named_after("babel-loaders", "babel-loader", {"babel"}) is None  # the closing words differ
    assert named_after("babel-loadr", "babel-loader", {"babel"}) is None
    assert named_after("stylint-loader", "stylint-loaders", {"stylint"}) is None  # the target's own base
    assert named_after("@acme/x-loader", "tslint-loader", {"@acme/x"}) is None  # a scoped name is not split
    assert named_after("stylint", "tslint", {"stylint"}) is None
