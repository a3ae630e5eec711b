"""Conformance harness over ``../shared/corpora/lockfiles`` (see that folder's README.md and expected.json).

Generic over ecosystems: a test module picks the corpus entries of one OSV ecosystem and the depguard
ecosystem id they map to, then runs each case::

    from tests.conformance.harness import corpus_cases, run_case

    CASES = corpus_cases("npm")              # OSV ecosystem name as written in expected.json

    @pytest.mark.parametrize("key", CASES)
    def test_case(shared_dir, tmp_path, key):
        case = load_case(shared_dir, key)
        result = run_case(case, tmp_path, ecosystem="npm")
        result.assert_conforms()

Each fixture is copied into a temporary tree under its real file name (the ``format`` field) beside its
``related_files`` (kept at their corpus paths, and also under the real file name's stem when they share the
fixture's stem, so ``indirect-1.16.sum`` sits beside ``go.mod`` as ``go.sum``). The parser is chosen by file
name through :func:`depguard.parsers.formats_for`, exactly as a scan would choose it. Names are compared as
sets after normalisation (the ecosystem's own rule unless a ``normalise`` function is given).

Case keys are collected at import time without ``../shared`` being required: when the corpus is absent the
list is empty except for one placeholder key, and :func:`load_case` skips through the ``shared_dir`` fixture.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

import pytest

from depguard.ecosystems import catalog
from depguard.errors import ParseError
from depguard.model import Problem
from depguard.parsers import FileFormat, Source, formats_for

CORPUS = PurePosixPath("corpora/lockfiles")
BESIDE_REPO = Path(__file__).resolve().parents[3] / "shared"  # the same place as tests/conftest.py's SHARED
_OVERRIDE = os.environ.get("DEPGUARD_SHARED_DIR")  # read at import: the autouse fixture clears DEPGUARD_*


def shared_location() -> Path | None:
    """``../shared`` beside the repository, else ``$DEPGUARD_SHARED_DIR`` (for worktrees kept elsewhere)."""
    for candidate in (BESIDE_REPO, Path(_OVERRIDE) if _OVERRIDE else None):
        if candidate is not None and candidate.is_dir():
            return candidate
    return None
ABSENT = "corpus-absent"


@dataclass(frozen=True)
class Case:
    key: str  # fixture path relative to the corpus folder
    corpus: Path  # the corpus folder
    format: str  # the real file name (may hold a '/' or a '*')
    osv_ecosystem: str
    expected: tuple[str, ...]  # package names as the peer reports them
    expect_error: str | None = None
    related_files: tuple[str, ...] = ()

    @property
    def fixture(self) -> Path:
        return self.corpus / self.key


@dataclass
class CaseResult:
    case: Case
    formats: list[str]  # depguard format names that parsed the file
    expected: set[str]
    found: set[str]
    error: ParseError | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def missing(self) -> set[str]:
        return self.expected - self.found

    @property
    def extra(self) -> set[str]:
        return self.found - self.expected

    @property
    def supported(self) -> bool:
        return bool(self.formats)

    def assert_conforms(self, allow_extra: Iterable[str] = (), allow_missing: Iterable[str] = ()) -> None:
        """The expected names were all found (no more, unless allowed); an expected error was reported."""
        if self.case.expect_error is not None:
            assert self.error is not None or self.problems, (
                f"{self.case.key}: expected an error ({self.case.expect_error}); got names {sorted(self.found)}"
            )
        assert self.missing == set(allow_missing), f"{self.case.key}: missing {sorted(self.missing)}"
        assert self.extra == set(allow_extra), f"{self.case.key}: unexpected {sorted(self.extra)}"


def _read_expected(corpus: Path) -> dict:
    return json.loads((corpus / "expected.json").read_text(encoding="utf-8"))


def corpus_cases(osv_ecosystem: str, shared: Path | None = None) -> list[str]:
    """Fixture keys of one OSV ecosystem, sorted; ``[ABSENT]`` when the corpus is not there (skipped later)."""
    shared = shared or shared_location()
    corpus = shared / CORPUS if shared else None
    if corpus is None or not (corpus / "expected.json").is_file():
        return [ABSENT]
    data = _read_expected(corpus)
    return sorted(k for k, v in data.items() if k != "_meta" and v.get("ecosystem") == osv_ecosystem)


def load_case(shared_dir: Path, key: str) -> Case:
    """The corpus entry ``key`` (the ``shared_dir`` fixture has already skipped when ../shared is absent)."""
    corpus = shared_dir / CORPUS
    if key == ABSENT or not (corpus / "expected.json").is_file():
        pytest.skip("lockfile corpus is not present")
    entry = _read_expected(corpus)[key]
    return Case(
        key=key,
        corpus=corpus,
        format=entry["format"],
        osv_ecosystem=entry["ecosystem"],
        expected=tuple(p["name"] for p in entry.get("packages", [])),
        expect_error=entry.get("expect_error"),
        related_files=tuple(entry.get("related_files", [])),
    )


def real_name(case: Case) -> str:
    """The file name a scan would see: the ``format`` field, with a '*' filled from the fixture's name."""
    original = PurePosixPath(case.key).name
    if "*" in case.format:
        return original if fnmatch.fnmatch(original, case.format) else case.format.replace("*", PurePosixPath(original).stem)
    return case.format


def stage(case: Case, tmp: Path) -> Path:
    """Copy the fixture (under its real name) and its related files into ``tmp``; returns the fixture's copy."""
    key = PurePosixPath(case.key)
    target = tmp / key.parent / real_name(case)
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(case.fixture, target)
    shutil.copyfile(case.fixture, tmp / key)  # under its own name too, for files that name it back (cycles)
    for related in case.related_files:
        rel = PurePosixPath(related)
        dest = tmp / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(case.corpus / rel, dest)
        if rel.stem == key.stem and rel.parent == key.parent:
            renamed = target.parent / (PurePosixPath(real_name(case)).stem + rel.suffix)
            if not renamed.exists():
                shutil.copyfile(case.corpus / rel, renamed)
    return target


def parsers_for(path: str, ecosystem: str) -> list[FileFormat]:
    """The manifest/lockfile parsers a scan would run on ``path`` (source-import readers are not what the
    corpus measures: ``setup.py``'s ``import setuptools`` is an import, not a declared dependency)."""
    return [f for f in formats_for(path) if f.ecosystem in (None, ecosystem) and f.kind != "source"]


def run_case(case: Case, tmp: Path, ecosystem: str, normalise: Callable[[str], str] | None = None) -> CaseResult:
    """Parse the staged fixture with every depguard format that claims its file name."""
    norm = normalise or (lambda name: catalog().key(ecosystem, name).name)
    target = stage(case, tmp)
    shown = target.relative_to(tmp).as_posix()
    chosen = parsers_for(shown, ecosystem)
    result = CaseResult(case, [f.name for f in chosen], {norm(n) for n in case.expected}, set())
    text = target.read_bytes().decode("utf-8", errors="replace")
    for fmt in chosen:
        source = Source(path=shown, text=text, fs_path=target, root=tmp)
        try:
            mentions = list(fmt.parse(source))
        except ParseError as exc:
            result.error = exc
            mentions = []
        result.problems.extend(source.problems)
        result.found |= {norm(m.key.name) for m in mentions if m.key.ecosystem == ecosystem}
    return result


def recall_by_format(results: Iterable[CaseResult]) -> dict[str, tuple[int, int]]:
    """format -> (expected names found, expected names), over supported cases (names counted per case)."""
    table: dict[str, tuple[int, int]] = {}
    for r in results:
        if not r.supported:
            continue
        hit, total = table.get(r.case.format, (0, 0))
        table[r.case.format] = (hit + len(r.expected & r.found), total + len(r.expected))
    return table


def recall_report(shared: Path, osv_ecosystem: str, ecosystem: str, tmp: Path,
                  normalise: Callable[[str], str] | None = None) -> list[str]:
    """Human-readable recall per format for one ecosystem (for notes and ``python -m``)."""
    results = []
    unsupported: dict[str, int] = {}
    for i, key in enumerate(corpus_cases(osv_ecosystem, shared)):
        if key == ABSENT:
            return ["lockfile corpus is not present"]
        case = load_case(shared, key)
        result = run_case(case, tmp / str(i), ecosystem, normalise)
        if result.supported:
            results.append(result)
        else:
            unsupported[case.format] = unsupported.get(case.format, 0) + 1
    lines = []
    for fmt, (hit, total) in sorted(recall_by_format(results).items()):
        errors = [r for r in results if r.case.format == fmt and r.case.expect_error]
        errs_ok = sum(1 for r in errors if r.error is not None or r.problems)
        pct = 100.0 * hit / total if total else 100.0
        lines.append(f"{fmt}: recall {hit}/{total} ({pct:.0f}%), expected errors reported {errs_ok}/{len(errors)}")
    lines += [f"{fmt}: not supported ({n} fixtures)" for fmt, n in sorted(unsupported.items())]
    return lines
