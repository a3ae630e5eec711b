"""pip requirements and constraints files, through pip-requirements-parser.

Handles nested ``-r``/``-c`` (read relative to the file, inside the scan root, each file once), ``-e``,
hashes, markers, extras and line continuations. URLs, VCS links and local paths are not registry names
and are not reported; ``name @ url`` is not looked up either (it does not come from the registry).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source, file_format
from ._util import column_of

PATTERNS = (
    "requirements*.txt", "requirements*.in", "requirements/*.txt", "requirements/*.in",
    "constraints*.txt", "constraints*.in", "*-requirements.txt", "*_requirements.txt", "*.pip", "dev-requirements.txt",
)
MAX_INCLUDE_DEPTH = 20


def _parse_text(text: str):  # -> pip_requirements_parser.RequirementsFile
    import pip_requirements_parser as prp

    fd, tmp = tempfile.mkstemp(prefix="depguard-req-", suffix=".txt")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        return prp.RequirementsFile.from_file(tmp, include_nested=False)
    finally:
        os.unlink(tmp)


def parse_requirements(source: Source, _seen: set[str] | None = None, _depth: int = 0) -> Iterator[Mention]:
    seen = _seen if _seen is not None else {source.path}
    lines = source.text.splitlines()
    rf = _parse_text(source.text)
    for bad in rf.invalid_lines:
        message = (bad.error_message or "invalid requirement").splitlines()[0]
        source.problem(f"cannot parse {bad.line.strip()!r}: {message}", bad.line_number)
    for req in rf.requirements:
        if not req.name or req.link is not None or req.is_local_path or req.is_url:
            continue
        raw = lines[req.line_number - 1] if 0 < req.line_number <= len(lines) else ""
        col = column_of(lines, req.line_number, req.name) if raw else None
        spec = str(req.req) if req.req is not None else None
        yield source.mention("pypi", req.name, req.line_number, col, Origin.MANIFEST, "requirements", spec=spec)
    for opt in rf.options:
        for key in ("requirements", "constraints"):
            for target in opt.options.get(key, []) or []:
                if "://" in target:
                    continue  # a remote requirements file is not read
                related = source.read_related(target)
                if related is None:
                    source.problem(f"{key[:-1]} file {target!r} not found", opt.line_number, kind="read")
                    continue
                shown, text = related
                if shown in seen:
                    continue
                if _depth >= MAX_INCLUDE_DEPTH:
                    source.problem(f"-r/-c nested deeper than {MAX_INCLUDE_DEPTH}; {shown} not read", opt.line_number, kind="limit")
                    continue
                seen.add(shown)
                assert source.fs_path is not None
                child = Source(
                    path=shown, text=text, fs_path=(source.fs_path.parent / target).resolve(), root=source.root,
                    hints=source.hints, problems=source.problems,
                )
                yield from parse_requirements(child, seen, _depth + 1)


@file_format("requirements", PATTERNS, ecosystem="pypi", kind="manifest",
             description="pip requirements and constraints files (-r/-c followed)")
def parse(source: Source) -> Iterator[Mention]:
    return parse_requirements(source)
