"""Conformance of the npm lockfile parsers against ``../shared/corpora/lockfiles`` (osv-scanner/osv-scalibr).

Each npm fixture is copied to a temporary folder under its real file name (the ``format`` field), parsed
with the parsers :func:`depguard.parsers.formats_for` picks for that name, and its names compared with
``expected.json``. The peer also lists git dependencies (they carry a ``commit``) and yarn workspace
members (version ``0.0.0-use.local``); depguard deliberately does not report those, because they are not
registry names, so they are expected *absent*. Everything else the peer lists must be found (recall), and
nothing outside the peer's list may be reported (precision). Fixtures where the peer expects an error must
give a problem, never a crash. Skipped when ``../shared`` is not present.
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pytest

from depguard.errors import ParseError
from depguard.parsers import Source, formats_for

CORPUS = "corpora/lockfiles"
# problems depguard reports on purpose where the peer silently drops an entry
KNOWN_PROBLEMS = {
    "npm/pnpm/exotic.yaml": ["invalid package path '/foo/bar': cannot tell the package name; skipped"],
}
LOCAL_VERSION = "0.0.0-use.local"


@dataclass
class Outcome:
    fixture: str
    format: str
    names: set[str]
    pairs: set[tuple[str, str]]  # (name, version) found
    problems: list[str]
    registry: set[str]  # names the peer lists that are registry packages
    not_registry: set[str]  # names the peer lists only as git or workspace entries
    listed: set[str]
    expect_error: str | None
    registry_pairs: set[tuple[str, str]]


def _expected(shared: Path) -> dict[str, dict]:
    data = json.loads((shared / CORPUS / "expected.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k != "_meta" and v.get("ecosystem") == "npm"}


def run_fixture(shared: Path, key: str, record: dict, workdir: Path) -> Outcome:
    """Parse one corpus fixture under its real name; ParseError becomes a problem, anything else propagates."""
    real_name = record["format"]
    target = workdir / real_name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(shared / CORPUS / key, target)
    text = target.read_bytes().decode("utf-8-sig", errors="replace")
    source = Source(path=real_name, text=text, fs_path=target, root=workdir)
    formats = formats_for(real_name)
    assert formats, f"no parser owns {real_name}"
    mentions = []
    problems: list[str] = []
    for fmt in formats:
        try:
            mentions.extend(fmt.parse(source))
        except ParseError as exc:
            problems.append(exc.message)
    names = {m.key.name for m in mentions}
    pairs = {(m.key.name, m.spec or "") for m in mentions}
    problems.extend(p.message for p in source.problems)
    packages = record.get("packages", [])
    registry = {p["name"] for p in packages if not p.get("commit") and p.get("version") != LOCAL_VERSION}
    listed = {p["name"] for p in packages}
    registry_pairs = {(p["name"], p.get("version", "")) for p in packages if p["name"] in registry and not p.get("commit")}
    return Outcome(key, real_name, names, pairs, problems, registry, listed - registry, listed,
                   record.get("expect_error"), registry_pairs)


def _fixture_keys() -> list[str]:
    from tests.conftest import SHARED

    return sorted(_expected(SHARED)) if (SHARED / CORPUS / "expected.json").is_file() else []


FIXTURES = _fixture_keys()


@pytest.mark.skipif(not FIXTURES, reason="../shared is not present")
@pytest.mark.parametrize("key", FIXTURES)
def test_fixture(shared_dir, key, tmp_path):
    record = _expected(shared_dir)[key]
    out = run_fixture(shared_dir, key, record, tmp_path)
    if out.expect_error:
        assert out.problems, f"{key}: the peer expects an error ({out.expect_error!r}); depguard recorded no problem"
        return
    assert out.registry - out.names == set(), "missed registry packages"
    assert out.names - out.listed == set(), "reported names the peer does not list"
    assert out.names & (out.not_registry - out.registry) == set(), "reported git or workspace entries"
    assert out.pairs >= out.registry_pairs, "missed registry name@version pairs"
    assert out.problems == KNOWN_PROBLEMS.get(key, [])


def recall_by_format(shared: Path, workdir: Path) -> dict[str, tuple[int, int, int, int, int]]:
    """format -> (names found, names expected, name@version found, expected, fixtures), per fixture."""
    found: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])
    for n, (key, record) in enumerate(sorted(_expected(shared).items())):
        out = run_fixture(shared, key, record, workdir / str(n))
        row = found[out.format]
        row[4] += 1
        if out.expect_error:
            continue
        row[0] += len(out.registry & out.names)
        row[1] += len(out.registry)
        row[2] += len(out.registry_pairs & out.pairs)
        row[3] += len(out.registry_pairs)
    return {k: (v[0], v[1], v[2], v[3], v[4]) for k, v in sorted(found.items())}


def test_recall_is_complete_for_every_npm_format(shared_dir, tmp_path):
    table = recall_by_format(shared_dir, tmp_path)
    assert set(table) == {"bun.lock", "npm-shrinkwrap.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock"}
    assert {fmt: (row[0], row[2]) for fmt, row in table.items()} == {fmt: (row[1], row[3]) for fmt, row in table.items()}


if __name__ == "__main__":  # python -m tests.conformance.test_lockfiles_npm: print the recall table
    import tempfile

    from tests.conftest import SHARED

    with tempfile.TemporaryDirectory() as tmp:
        for fmt, (hit, total, vhit, vtotal, fixtures) in recall_by_format(SHARED, Path(tmp)).items():
            print(f"{fmt:20} names {hit:3}/{total:<3} name@version {vhit:3}/{vtotal:<3} ({fixtures} fixtures)")
