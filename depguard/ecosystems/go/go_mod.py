"""``go.mod``: ``require`` lines and blocks, with ``replace`` directives applied.

A required module replaced by a local directory (``=> ./fork``) is not fetched from the proxy, so it is not
asked; one replaced by another module is fetched as that module, which is reported at the ``replace`` line.
A replace with a version applies to that version only. The ``module`` line (the project itself), ``go``,
``toolchain``, ``exclude`` and ``retract`` name nothing to look up.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...records import record

PARSER = "go.mod"
DIRECTIVES = frozenset({"module", "go", "toolchain", "require", "replace", "exclude", "retract", "tool", "godebug",
                        "ignore"})


@record(frozen=True)
class Entry:
    directive: str
    words: tuple[str, ...]  # the fields of the entry, quotes removed
    line: int
    text: str


def _strip_comment(line: str) -> str:
    idx = line.find("//")
    return line[:idx] if idx >= 0 else line


def _fields(text: str) -> tuple[str, ...]:
    return tuple(w.strip('"`') for w in re.findall(r'"[^"]*"|`[^`]*`|\S+', text))


def entries(text: str) -> Iterator[Entry]:
    """Every directive entry of a go.mod (block entries one by one), with its 1-based line."""
    block: str | None = None
    seen_directive = False
    for no, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        if block is not None:
            if line == ")":
                block = None
                continue
            yield Entry(block, _fields(line), no, raw)
            continue
        words = _fields(line)
        directive = words[0]
        if directive not in DIRECTIVES:
            raise ParseError(f"unknown go.mod directive {directive!r}" if seen_directive else
                             "not a go.mod file (no module, go or require directive)", no)
        seen_directive = True
        if len(words) >= 2 and words[1] == "(":
            block = directive
            continue
        yield Entry(directive, words[1:], no, raw)
    if block is not None:
        raise ParseError(f"unterminated {block} ( block")


def is_local(path: str) -> bool:
    return path.startswith(("./", "../", "/", ".\\", "..\\")) or path in (".", "..") or re.match(r"^[A-Za-z]:[\\/]", path) is not None


@file_format("go.mod", ("go.mod",), ecosystem="go", kind="manifest",
             description="Go module files: require directives with replace applied")
def parse(source: Source) -> Iterator[Mention]:
    requires: list[Entry] = []
    replaces: list[Entry] = []
    for e in entries(source.text):
        if e.directive == "require":
            if len(e.words) < 2:
                source.problem(f"require needs a module path and a version: {e.text.strip()!r}", e.line)
                continue
            requires.append(e)
        elif e.directive == "replace":
            if "=>" not in e.words:
                source.problem(f"replace without '=>': {e.text.strip()!r}", e.line)
                continue
            replaces.append(e)

    def replacement(module: str, version: str) -> Entry | None:
        exact = [r for r in replaces if r.words[0] == module and r.words.index("=>") == 2 and r.words[1] == version]
        general = [r for r in replaces if r.words[0] == module and r.words.index("=>") == 1]
        found = exact or general
        return found[-1] if found else None

    reported_replacements: set[tuple[str, str, int]] = set()
    for e in requires:
        module, version = e.words[0], e.words[1]
        rep = replacement(module, version)
        if rep is None:
            yield source.mention("go", module, e.line, _column(e.text, module), Origin.MANIFEST, PARSER, spec=version,
                                 note="indirect" if "// indirect" in e.text else None)
            continue
        target = rep.words[rep.words.index("=>") + 1:]
        if not target or is_local(target[0]):
            continue
        new_module, new_version = target[0], (target[1] if len(target) > 1 else "")
        if (new_module, new_version, rep.line) in reported_replacements:
            continue
        reported_replacements.add((new_module, new_version, rep.line))
        arrow = rep.text.find("=>")
        yield source.mention("go", new_module, rep.line, _column(rep.text, new_module, max(arrow, 0)), Origin.MANIFEST,
                             PARSER, spec=new_version or None, note=f"replaces {module}")


def _column(text: str, needle: str, start: int = 0) -> int | None:
    idx = text.find(needle, start)
    return idx + 1 if idx >= 0 else None
