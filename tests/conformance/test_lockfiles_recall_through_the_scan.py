"""Lockfile conformance for swift, cocoapods, hackage, cran and julia over ../shared/corpora/lockfiles.

Each fixture is copied to a temporary folder under its real file name (the ``format`` field of
expected.json) and scanned through the normal pipeline, so file routing is tested too. Recall is the share
of the peer's expected packages that depguard reports. Deliberate differences are listed in ``BY_DESIGN``
with the reason; they are checked to stay absent. (ConanCenter's conan.lock is measured per format, in
test_lockfiles_recall_per_format.py.)
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict

import pytest

from depguard.ecosystems import catalog
from depguard.scan import collect_paths

OSV_TO_DEPGUARD = {"CRAN": "cran", "CocoaPods": "cocoapods", "Hackage": "hackage", "Julia": "julia", "SwiftURL": "swift"}
# fixture -> names the peer expects that depguard leaves out on purpose
BY_DESIGN = {
    # added from a Git URL (repo-url): not a General registry name; asking General would call it missing
    "Julia/julia/git-dependency-with-commit.toml": {"Unregistered"},
}


def cases(shared):
    expected = json.loads((shared / "corpora" / "lockfiles" / "expected.json").read_text(encoding="utf-8"))
    return {k: v for k, v in expected.items() if k != "_meta" and v.get("ecosystem") in OSV_TO_DEPGUARD}


def scan_fixture(shared, tmp_path, rel, case, settings):
    folder = tmp_path / rel.replace("/", "_")
    folder.mkdir()
    target = folder / case["format"].split("/")[-1]
    shutil.copyfile(shared / "corpora" / "lockfiles" / rel, target)
    return collect_paths([target], settings)


def test_lockfile_recall_through_the_scan(shared_dir, tmp_path, settings):
    recall: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses = []
    for rel, case in sorted(cases(shared_dir).items()):
        eco = OSV_TO_DEPGUARD[case["ecosystem"]]
        collected = scan_fixture(shared_dir, tmp_path, rel, case, settings)
        if "expect_error" in case:
            assert any(p.kind == "parse" for p in collected.problems), f"{rel}: expected a parse problem"
            continue
        got = {m.key.name for m in collected.mentions if m.key.ecosystem == eco}
        skipped = BY_DESIGN.get(rel, set())
        for pkg in case["packages"]:
            key = catalog().key(eco, pkg["name"]).name
            if pkg["name"] in skipped:
                assert key not in got, f"{rel}: {pkg['name']} should be left out by design"
                continue
            recall[case["format"]][1] += 1
            if key in got:
                recall[case["format"]][0] += 1
            else:
                misses.append((rel, pkg["name"]))
    report = {fmt: f"{hit}/{total}" for fmt, (hit, total) in sorted(recall.items())}
    print("lockfile recall through the scan:", report)
    assert set(report) == {"Package.resolved", "Podfile.lock", "cabal.project.freeze", "stack.yaml.lock",
                           "renv.lock", "Manifest.toml"}
    assert misses == []


@pytest.mark.parametrize("rel", ["CocoaPods/cocoapods/valid2/Podfile.lock", "Hackage/cabal/valid/cabal.project.freeze"])
def test_lines_point_at_the_packages(shared_dir, tmp_path, settings, rel):
    case = cases(shared_dir)[rel]
    collected = scan_fixture(shared_dir, tmp_path, rel, case, settings)
    text = (shared_dir / "corpora" / "lockfiles" / rel).read_text(encoding="utf-8").splitlines()
    for m in collected.mentions:
        assert m.written in text[m.location.line - 1], (m.written, m.location.line)
