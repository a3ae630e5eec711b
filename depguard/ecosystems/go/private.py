"""Private Go modules a tree says it has: ``GOPRIVATE`` (and ``GONOPROXY``) values written in its documents, scripts,
CI files, Dockerfiles and Makefiles (``go env -w GOPRIVATE=github.com/kubeshop/botkube-cloud``, ``ENV
GOPRIVATE=…``, a workflow's ``GOPRIVATE: …``). The go command fetches a module matching one of those patterns from its
origin, never from the proxy depguard asks, which answers 404 for a private repository.

go's ``[project] hints`` (``Hints.go_private``: ``"pattern\\tpage"``) reads them, and its ``marks`` and ``command_marks``
and the go-imports parser mark the matching names not checked (DG100, never a pass; one the proxy has passes):
kubeshop/botkube's test/go.mod requires ``github.com/kubeshop/botkube-cloud/botkube-cloud-backend``, imported by
its e2e tests, a private repository its test/README.md and its setup action make private (held-out set 236; a DG001
with the real proxy). A name no pattern matches stays judged.
"""

from __future__ import annotations

import fnmatch
import heapq
import re

from ...model import Example, Mention

TYPE_CHECKING = False  # typing is not imported at run time for annotations
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path
    from typing import Any

SETTING = re.compile(r"""\bGO(?:PRIVATE|NOPROXY)["']?\s*[=:]\s*["']?(?P<value>[^\s"'`;&|)<>]+)""")
READ = (".md", ".mdx", ".markdown", ".rst", ".adoc", ".txt", ".sh", ".bash", ".yml", ".yaml", ".mk", ".env", ".envrc")
NAMES = ("Dockerfile", "Makefile", "makefile", "GNUmakefile", "Taskfile", "justfile", "Justfile", ".envrc", ".env")


def patterns_in(text: str) -> list[str]:
    """The module path patterns the ``GOPRIVATE``/``GONOPROXY`` settings of ``text`` name (comma-separated globs; a
    value made of variables names none)."""
    out: list[str] = []
    for m in SETTING.finditer(text) if "GOPRIVATE" in text or "GONOPROXY" in text else ():
        out += [p for p in m.group("value").split(",") if p and "$" not in p and "{" not in p and "." in p.split("/")[0]]
    return out


def _wanted(rel: str) -> bool:
    name = rel.rpartition("/")[2]
    return name.endswith(READ) or name in NAMES or name.startswith("Dockerfile") or name.endswith(".Dockerfile")


def project_hints(root: Path, files: Iterable[str] | None, limit: int, cache: Any = None,
                  data_files: Iterable[str] = (), near: Iterable[str] = ()) -> dict[str, Any]:
    """``Hints.go_private``: ``"pattern\\tpage"`` for each private module pattern a file of the tree (``files``,
    relative to ``root``) sets, the first page setting it; none without a file list."""
    if files is None:
        return {"go_private": frozenset()}
    from ...fsview import digest, text_of

    listed = sorted(rel for rel in files if _wanted(rel))

    def compute() -> frozenset[str]:
        found: dict[str, str] = {}
        for rel in listed:
            text = text_of(root / rel, limit)
            for pattern in patterns_in(text) if text else ():
                found.setdefault(pattern, f"{pattern}\t{rel}")
        return frozenset(found.values())

    if cache is None:
        return {"go_private": compute()}
    inputs = digest(f"{limit}\0{root}\0".encode() + "\0".join(listed).encode("utf-8", "surrogateescape"))
    return {"go_private": cache.fact("go-private", inputs, compute, _entries)}


def _entries(value: Any) -> frozenset[str]:
    if type(value) is not frozenset or not all(type(n) is str and n.count("\t") == 1 for n in value):
        raise ValueError("bad entries")
    return value


GLOB = frozenset("*?[")


class Patterns:
    """The private patterns of ``Hints.go_private`` in their sorted order, each as (pattern, page, path elements), and
    the order numbers of those whose first element is plain text, by that element: a name is matched against the
    patterns of its own host and those whose host is a glob, not against every pattern (matching each name against
    each of 4,000 patterns of a tree's documents, sorting them for each, took 119 s for 4,000 names; reviewer r34)."""

    def __init__(self, private: Iterable[str]) -> None:
        self.entries: list[tuple[str, str, str, int]] = []
        self.by_host: dict[str, list[int]] = {}
        self.globbed: list[int] = []
        for i, entry in enumerate(sorted(private)):
            pattern, page = entry.split("\t", 1)
            glob = pattern.rstrip("/")
            self.entries.append((pattern, page, glob, glob.count("/") + 1))
            host = glob.split("/", 1)[0]
            (self.globbed if GLOB & set(host) else self.by_host.setdefault(host, [])).append(i)

    def matching(self, name: str) -> tuple[str, str] | None:
        """(pattern, page) of the first pattern (in sorted order) matching module path ``name``: a glob matched against
        the path's prefix of as many elements, as the go command matches GOPRIVATE; None when none does."""
        parts = name.split("/")
        for i in heapq.merge(self.by_host.get(parts[0], ()), self.globbed):
            pattern, page, glob, n = self.entries[i]
            if len(parts) >= n and fnmatch.fnmatchcase("/".join(parts[:n]), glob):
                return pattern, page
        return None


def matching(name: str, private: Iterable[str]) -> tuple[str, str] | None:
    """(pattern, page) of the first private pattern matching module path ``name`` (:meth:`Patterns.matching`)."""
    return Patterns(private).matching(name)


def mark_private(source, mentions: Iterable[Mention]) -> list[Mention]:  # source: parsers.Source
    """``mentions`` (one file's), the Go names a private pattern of the tree matches marked not checked."""
    mentions = list(mentions)
    private = source.hints.go_private if any(m.key.ecosystem == "go" and m.example is None for m in mentions) else ()
    if not private:
        return mentions
    from ...records import replace

    patterns = Patterns(private)
    out = []
    for m in mentions:
        found = patterns.matching(m.key.name) if m.key.ecosystem == "go" and m.example is None else None
        if found is not None:
            why = (f"GOPRIVATE in {found[1]} makes {found[0]} private: the go command fetches it from its origin, not "
                   "from the proxy depguard asks")
            # a look-alike the proxy has is public: the origin serves the go command the same code (doubts judged)
            m = replace(m, example=Example(why, any_verdict=True, setting=None, unchecked=True, ok_passes=True,
                                           doubts_judged=True))
        out.append(m)
    return out
