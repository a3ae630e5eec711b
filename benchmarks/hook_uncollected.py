"""Does a coding agent's edit of one file see what a scan of the whole tree sees? (issue 12: the pytest
collection config). No registry is asked.

    PYTHONPATH=. python benchmarks/hook_uncollected.py TREE [TREE ...]   # the checkout's depguard

For each TREE (an extracted repository, e.g. ``benchmarks/realrepos/run.py``'s ``--trees`` folders), the
scan's Python view (``python_project`` of git's file list) gives the folders the project's own pytest
configuration does not collect (``norecursedirs``, ``testpaths``, conftest ``collect_ignore``). Every Python file
in them is then read the way the hooks read one edited file (``guarding.collect_file_text``, the view of the
root without the file list); the script prints how many of those files the hook path would judge imports
of, which a scan does not (0 is consistent), and the first few of them.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from depguard.config import Settings
from depguard.ecosystems.pypi.project import python_project
from depguard.guarding import collect_file_text
from depguard.model import Origin
from depguard.parsers import formats_for
from depguard.project import fixture_root


def tree_files(tree: Path) -> list[str]:
    out = subprocess.run(["git", "-C", str(tree), "ls-files", "-z"], capture_output=True, check=True).stdout
    return [f for f in out.decode("utf-8", "surrogateescape").split("\0") if f]


def measure(tree: Path) -> tuple[int, int, int, list[str]]:
    """(uncollected folders, Python files in them, of which the hook path judges imports, some of those)."""
    files = tree_files(tree)
    view = python_project(tree, files)
    # a fixture folder by name is left out by the hook before any parse (hooks.check_file_change), as by a scan
    inside = [f for f in files if f.endswith(".py") and view.in_uncollected(f) and fixture_root(f) is None]
    settings = Settings()
    judged: list[str] = []
    for rel in inside:
        path = tree / rel
        fmts = [f for f in formats_for(path.as_posix()) if f.kind != "document"]
        text = path.read_text(encoding="utf-8", errors="replace")
        found = collect_file_text(path, text, tree, fmts, settings).mentions
        if any(m.origin is Origin.IMPORT for m in found):
            judged.append(rel)
    return len(view.uncollected), len(inside), len(judged), judged[:3]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", type=Path)
    args = ap.parse_args(argv)
    print("| tree | uncollected folders | Python files in them | judged by the hook path, not by a scan |")
    print("|---|---:|---:|---:|")
    total = 0
    for tree in args.trees:
        folders, files, judged, some = measure(tree)
        total += judged
        print(f"| {tree.name} | {folders} | {files} | {judged} |" + (f" e.g. {', '.join(some)}" if some else ""))
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
