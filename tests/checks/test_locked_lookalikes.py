"""Evidence weight by who wrote the name (issue 12): an established look-alike that the tree names only in a
lockfile is another package's dependency, a note; one the tree declares, installs or imports is judged.

Shaped like prometheus' web UI: ``bfj`` declared, its dependency ``tryer`` (one letter from the far more used
``tryor``) locked in package-lock.json. Answers are made here (no registry): every name exists, established.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from depguard.config import Settings, apply_mapping
from depguard.model import Existence, RegistryAnswer, Verdict
from depguard.scan import judge_all

from ..conftest import CASSETTE_DAY
from ..test_project_model import scan


def _tree(root: Path, declared: dict[str, str]) -> None:
    (root / "package.json").write_text(json.dumps({"name": "ui", "dependencies": declared}), encoding="utf-8")
    lock = {"name": "ui", "lockfileVersion": 3, "packages": {
        "": {"name": "ui", "dependencies": declared},
        "node_modules/bfj": {"version": "7.1.0", "resolved": "https://registry.npmjs.org/bfj/-/bfj-7.1.0.tgz",
                             "integrity": "sha512-I6MMLkn+anzNdCUp9hMRyui1HaNEUCco50lxbvNS4+EyXg8lN3nJ48PjPWtbH8UVS9CuMoaKE9U2V3l29DaRQ==",
                             "dependencies": {"tryer": "^1.0.1"}},
        "node_modules/tryer": {"version": "1.0.1", "resolved": "https://registry.npmjs.org/tryer/-/tryer-1.0.1.tgz",
                               "integrity": "sha512-c3zayb8/kWWpycWYg87P71E1S1ZL6b6IJxfb5fvsUgsf0S2MVGaDhDXXjDMpdCpfWXqptc+4mXfMe6zWEBQ=="}}}
    (root / "package-lock.json").write_text(json.dumps(lock, indent=2), encoding="utf-8")


def _verdicts(root: Path, settings: Settings, first: int = 2015, releases: int = 8,
              markers: tuple[str, ...] = ("no-download-count",)) -> dict[tuple[str, str], str]:
    collected = scan(root, settings)
    answers = {m.key: RegistryAnswer(m.key, Existence.EXISTS, "npm registry", version_count=releases, markers=markers,
                                     first_release=datetime(first, 1, 1, tzinfo=timezone.utc)) for m in collected.mentions}
    report = judge_all(collected, answers, settings)
    return {(f.mention.location.path, f.mention.key.name): f.verdict.value for f in report.findings}


def test_an_established_lookalike_locked_only_as_a_dependency_of_a_dependency_is_a_note(tmp_path):
    _tree(tmp_path, {"bfj": "^7.1.0"})
    got = _verdicts(tmp_path, Settings(now=CASSETTE_DAY))
    assert got[("package-lock.json", "tryer")] == Verdict.ALLOWED.value
    assert got[("package.json", "bfj")] == Verdict.OK.value


def test_a_lookalike_the_tree_declares_itself_is_judged_in_every_file(tmp_path):
    _tree(tmp_path, {"bfj": "^7.1.0", "tryer": "^1.0.1"})
    got = _verdicts(tmp_path, Settings(now=CASSETTE_DAY))
    assert got[("package.json", "tryer")] == got[("package-lock.json", "tryer")] == Verdict.SUSPICIOUS.value


def test_locked_lookalikes_are_judged_when_configured(tmp_path):
    _tree(tmp_path, {"bfj": "^7.1.0"})
    settings = apply_mapping(Settings(now=CASSETTE_DAY), {"judge-locked-lookalikes": True}, "depguard.toml")
    assert _verdicts(tmp_path, settings)[("package-lock.json", "tryer")] == Verdict.SUSPICIOUS.value


def test_a_young_lookalike_locked_as_a_dependency_is_still_flagged(tmp_path):
    _tree(tmp_path, {"bfj": "^7.1.0"})
    got = _verdicts(tmp_path, Settings(now=CASSETTE_DAY), first=2026, releases=2)
    assert got[("package-lock.json", "tryer")] == Verdict.SUSPICIOUS.value


def test_a_lookalike_the_registry_marks_is_judged_even_locked_only(tmp_path):
    _tree(tmp_path, {"bfj": "^7.1.0"})
    got = _verdicts(tmp_path, Settings(now=CASSETTE_DAY), markers=("archived",))
    assert got[("package-lock.json", "tryer")] == Verdict.SUSPICIOUS.value
