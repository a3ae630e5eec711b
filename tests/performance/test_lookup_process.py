"""The lookups of a large scan in a process of their own: every key answered once, the same report as
lookups in the scanning process, and nothing lost when that process dies."""

from __future__ import annotations

import json

import pytest

from benchmarks.loopback_registry import LoopbackRegistry
from benchmarks.make_monorepo import generate
from depguard.config import load_settings
from depguard.lookup_process import RemoteLookups
from depguard.model import Existence, PackageKey


@pytest.fixture
def registry(monkeypatch):
    missing = {"pypi:reqeusts", "npm:lodahs"}
    with LoopbackRegistry(latency=0.01, missing=missing) as reg:
        monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", reg.url + "/pypi-root")
        monkeypatch.setenv("DEPGUARD_REGISTRY_NPM", reg.url + "/npm-root")
        yield reg


KEYS = [PackageKey("pypi", "requests"), PackageKey("pypi", "reqeusts"), PackageKey("npm", "lodash"),
        PackageKey("npm", "lodahs"), PackageKey("pypi", "flask")]


def test_keys_go_in_as_found_and_answers_come_back_in_batches(registry, tmp_path):
    settings = load_settings(tmp_path)
    seen: list[int] = []
    lookups = RemoteLookups(settings, progress=seen.append)
    assert lookups.start()
    lookups.submit(KEYS[:3])
    lookups.submit(KEYS[2:])  # a key sent twice is asked once
    batches: list[dict] = []
    answers = lookups.finish(on_answers=batches.append)
    assert set(answers) == set(KEYS)
    assert {k.name for k, a in answers.items() if a.existence is Existence.MISSING} == {"reqeusts", "lodahs"}
    assert all(a.existence is Existence.EXISTS for k, a in answers.items() if k.name not in ("reqeusts", "lodahs"))
    assert {k for b in batches for k in b} == set(KEYS)  # every answer reached the judge's callback
    assert sum(registry.requests.values()) == len(KEYS) and sum(seen) == len(KEYS)


def test_a_lookup_process_that_dies_leaves_its_keys_to_the_scanning_process(registry, tmp_path):
    settings = load_settings(tmp_path)
    lookups = RemoteLookups(settings)
    assert lookups.start()
    lookups._proc.kill()
    lookups._proc.join(10)
    lookups.submit(KEYS)  # the pipe may or may not notice yet
    answers = lookups.finish()
    assert set(answers) == set(KEYS)  # asked here instead: none lost, none made up
    assert answers[PackageKey("pypi", "reqeusts")].existence is Existence.MISSING
    assert answers[PackageKey("npm", "lodash")].existence is Existence.EXISTS


@pytest.mark.slow
def test_a_large_scan_reports_the_same_with_its_lookups_in_a_process_of_their_own(registry, tmp_path, monkeypatch):
    """Both scans run on a frozen clock: each ok finding's last reason names the minute it was asked ("asked
    PyPI at 11:59 UTC"), so two scans on either side of a minute boundary (likelier the longer they take on a
    busy machine) would differ in every ok finding. Nor does the scan's overall deadline apply (it counts from
    the start of the scan, parsing included, so a starved machine could end some lookups in one mode only;
    deadlines have tests of their own). Two parse workers whatever the machine's core count, so the first scan
    always has workers and hence its lookup process."""
    from depguard.cli import main
    from depguard.cli_commands import _shared

    from ..conftest import CASSETTE_DAY

    real_load = _shared.load_settings
    monkeypatch.setattr(_shared, "load_settings",
                        lambda *a, **k: real_load(*a, **k).with_(now=CASSETTE_DAY, deadline=None))
    monkeypatch.setenv("DEPGUARD_WORKERS", "2")
    mono = generate(tmp_path / "mono", files=2000, names=120)
    for name in mono.missing:
        registry.missing.add(name)
    started: list[bool] = []
    real_start = RemoteLookups.start
    monkeypatch.setattr(RemoteLookups, "start", lambda self: started.append(real_start(self)) or started[-1])
    reports = {}
    for mode in ("1", "0"):
        monkeypatch.setenv("DEPGUARD_LOOKUP_PROCESS", mode)
        monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / f"cache{mode}"))
        out = tmp_path / f"report{mode}.json"
        registry.requests.clear()
        code = main(["scan", str(tmp_path / "mono"), "--format", "json", "--no-progress", "--output", str(out)])
        report = json.loads(out.read_text())
        reports[mode] = (code, report, sum(registry.requests.values()))
    (code1, report1, asked1), (code0, report0, asked0) = reports["1"], reports["0"]
    assert started == [True]  # the first scan's lookups ran in their own process, the second's here
    assert code1 == code0 == 1 and report1 == report0
    monkeypatch.setenv("DEPGUARD_LOOKUP_PROCESS", "1")
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache1"))  # warm: every name is cached
    registry.requests.clear()
    assert main(["scan", str(tmp_path / "mono"), "--format", "json", "--no-progress", "--output",
                 str(tmp_path / "warm.json")]) == 1
    assert started == [True] and sum(registry.requests.values()) == 0  # no lookup process for cache hits
    assert asked1 == asked0 == report1["summary"]["packages"]  # each name asked once, either way
    assert report1["summary"]["missing"] > 0


def _children_nice() -> dict[int, int]:
    import os
    from pathlib import Path

    me = os.getpid()
    out = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == me:  # ppid
            out[int(stat.parent.name)] = int(fields[16])  # nice
    return out


@pytest.mark.skipif(not __import__("pathlib").Path("/proc/self/stat").exists(), reason="reads /proc")
def test_request_yield_reaches_running_workers(tmp_path, monkeypatch):
    from depguard import parallel
    from depguard.config import Settings
    from depguard.discover import walk
    from depguard.parsers import Hints

    root = tmp_path / "tree"
    for i in range(64):
        (root / f"p{i}").mkdir(parents=True)
        (root / f"p{i}" / "requirements.txt").write_text(f"pkg{i}\n")
    settings = Settings(use_cache=False)
    entries, _ = walk([root], settings)
    monkeypatch.setattr(parallel, "MIN_FILES", 1)
    monkeypatch.setattr(parallel, "HELP_WHILE_STARTING", False)
    monkeypatch.setattr(parallel, "chunk_size", lambda files, workers: 1)
    monkeypatch.setenv("DEPGUARD_WORKERS", "2")
    seen_nice: list[int] = []
    chunks = parallel.parse_files(entries, settings, {root: Hints()}, parallel=True)
    for i, _ in enumerate(chunks):
        if i == 2:
            parallel.request_yield()
        if i == 40:
            seen_nice = list(_children_nice().values())
    assert parallel._YIELD == []  # nothing left behind for the next scan
    assert any(n >= parallel.YIELD_NICE for n in seen_nice), seen_nice  # the workers took the hint
