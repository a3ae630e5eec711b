"""Small realistic trees for tests: write one into a folder, and collect what a scan run from inside it finds."""

from __future__ import annotations

import os
from pathlib import Path

from depguard.config import Settings
from depguard.model import Origin
from depguard.scan import Collected, collect_paths


def write(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` (path relative to ``root`` -> text) below ``root``, making the folders they need."""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def scan(root: Path, settings: Settings | None = None) -> Collected:
    """The mentions and problems of a scan of ``root`` run from inside it (paths shown relative to it)."""
    here = os.getcwd()
    os.chdir(root)
    try:
        return collect_paths([Path(".")], settings or Settings())
    finally:
        os.chdir(here)


def guesses(mentions) -> list:
    """``mentions`` less the imports of modules a hosted runtime provides (``runtime-modules.tsv``), which are asked
    but only a note while the registry lacks them (a registered one is judged: tests/test_runtime_modules.py)."""
    from depguard.ecosystems.pypi.imports import is_runtime_note

    return [m for m in mentions if not is_runtime_note(m.example)]


def found(root: Path, origin: Origin) -> set[tuple[str, str]]:
    """(path, name) of every mention of ``origin`` a scan of ``root`` finds (the imports of hosted runtimes'
    modules left out: :func:`guesses`)."""
    return {(m.location.path, m.key.name) for m in guesses(scan(root).mentions) if m.origin is origin}


def judged(root: Path, existing: set[str], settings: Settings | None = None):
    """The report of a scan of ``root`` judged against stand-in answers: the names in ``existing`` exist, every other
    name is missing."""
    from depguard.model import Existence, RegistryAnswer
    from depguard.scan import judge_all

    collected = scan(root, settings)
    answers = {k: RegistryAnswer(k, Existence.EXISTS if k.name in existing else Existence.MISSING, "stand-in")
               for k in {m.key for m in collected.mentions}}
    return judge_all(collected, answers, settings or Settings())


def verdicts(rep) -> dict[tuple[str, str], str]:
    """(path, name as written) -> verdict of every finding of a report."""
    return {(f.mention.location.path, f.mention.written): f.verdict.value for f in rep.findings}
