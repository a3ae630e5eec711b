"""depguard.github_action: what the Action computes besides the scan (base revision, cache key, outputs and
the registry-unreachable policy), called as plain functions."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from depguard import github_action
from depguard.cache import MISSING_TTL, AnswerCache
from depguard.model import Existence, PackageKey, RegistryAnswer

TTL = MISSING_TTL.total_seconds()


def test_cache_key_changes_every_missing_ttl_and_shares_a_restore_prefix():
    start = 1_800_000_000 // TTL * TTL  # the start of a bucket
    key, prefix = github_action.cache_key("Linux", start)
    assert key.startswith(prefix) and prefix.startswith("depguard-answers-") and prefix.endswith("-Linux-")
    assert github_action.cache_key("Linux", start + TTL - 1)[0] == key
    assert github_action.cache_key("Linux", start + TTL)[0] != key
    assert github_action.cache_key("Windows", start)[1] != prefix


def test_a_restored_older_snapshot_never_serves_a_missing_answer_past_its_ttl(tmp_path):
    cache = AnswerCache(tmp_path)
    key = PackageKey("pypi", "reqeusts-x")
    t0 = 1_800_000_000.0
    at = datetime.fromtimestamp(t0, timezone.utc)
    cache.put_many([RegistryAnswer(key=key, existence=Existence.MISSING, source="PyPI", at=at)], now=t0)
    cache.close()
    restored = AnswerCache(tmp_path)  # what actions/cache brings back by prefix, hours later
    assert key in restored.get_many([key], now=t0 + TTL - 1)
    assert restored.get_many([key], now=t0 + TTL + 1) == {}
    restored.close()


REPORT = {"findings": [
    {"ecosystem": "pypi", "name": "a", "verdict": "missing"}, {"ecosystem": "pypi", "name": "a", "verdict": "missing"},
    {"ecosystem": "npm", "name": "b", "verdict": "suspicious"}, {"ecosystem": "pypi", "name": "c", "verdict": "not-checked"},
    {"ecosystem": "pypi", "name": "d", "verdict": "ok"}], "problems": []}


def test_outputs_count_packages_once_however_often_named(tmp_path):
    assert github_action.counts(REPORT) == {"flagged": 2, "missing": 1, "suspicious": 1, "not-checked": 1, "problems": 0}


@pytest.mark.parametrize(("code", "policy", "problems", "step"), [
    (3, "fail", [], 3),
    (3, "warn", [], 0),
    (3, "pass", [], 0),
    (3, "pass", [{"kind": "read", "message": "x"}], 3),  # an unreadable file is not a registry's silence
    (3, "warn", [{"kind": "registry", "message": "PyPI did not answer"}], 0),
    (1, "pass", [], 1),
    (0, "warn", [], 0),
])
def test_registry_unreachable_policy(code, policy, problems, step):
    assert github_action.step_exit(code, dict(REPORT, problems=problems), policy)[0] == step


def test_outputs_written_for_later_steps_and_a_missing_report_keeps_the_failure(tmp_path):
    out = tmp_path / "out.txt"
    report = tmp_path / "r.json"
    report.write_text(json.dumps(REPORT))
    env = {"GITHUB_OUTPUT": str(out)}
    assert github_action.main(["outputs", str(report), "3", "warn", "/tmp/x.sarif"], env) == 0
    lines = out.read_text().splitlines()
    assert lines[:3] == ["exit-code=3", "flagged=2", "missing=1"] and "sarif-file=/tmp/x.sarif" in lines
    out.unlink()
    assert github_action.main(["outputs", str(tmp_path / "none.json"), "2", "warn", "s"], env) == 2
    assert out.read_text() == "exit-code=2\n"
    assert github_action.main(["outputs", str(report), "3", "maybe", "s"], env) == 2


@pytest.mark.parametrize(("event", "environ", "base"), [
    ({"pull_request": {"base": {"sha": "abc123"}}}, {"GITHUB_BASE_REF": "main"}, "abc123"),
    ({}, {"GITHUB_BASE_REF": "main"}, "origin/main"),
    ({"before": "def456"}, {}, "def456"),
    ({"before": "0" * 40}, {}, ""),  # a new branch: nothing before it
    ("not an object", {}, ""),
])
def test_base_revision(tmp_path, event, environ, base):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(event))
    assert github_action.base_revision({"GITHUB_EVENT_PATH": str(path), **environ}) == base


def test_missing_ttl_is_the_shortest_time_an_answer_is_kept():
    from depguard.cache import EXISTS_TTL

    assert MISSING_TTL <= EXISTS_TTL
