"""Install commands and manifest blocks hidden in the comments of Markdown documents (issue 12): how many a
scan now weighs as examples (``depguard.text.hidden``). No registry is asked.

    PYTHONPATH=. python benchmarks/hidden_docs.py TREE [TREE ...]

For each TREE (an extracted repository with a git index, e.g. ``benchmarks/realrepos/run.py``'s ``--trees``
folders), every tracked ``.md``/``.markdown``/``.mdx`` file is read as a scan reads it and the command and
manifest mentions inside an HTML comment (or an MDX comment) are printed with their place, for review by hand.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from depguard.model import Origin
from depguard.parsers import Source
from depguard.text import mentions_in_text
from depguard.text.hidden import MARKDOWN_SUFFIXES, hidden_parts, is_hidden


def documents(tree: Path) -> list[str]:
    out = subprocess.run(["git", "-C", str(tree), "ls-files", "-z"], capture_output=True, check=True).stdout
    return [f for f in out.decode("utf-8", "surrogateescape").split("\0") if f.lower().endswith(MARKDOWN_SUFFIXES)]


def hidden_mentions(tree: Path) -> tuple[int, int, list[str]]:
    """(documents read, mentions in them, the hidden ones as ``path:line name``)."""
    docs = documents(tree)
    total = 0
    hidden: list[str] = []
    for rel in docs:
        try:
            text = (tree / rel).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found = [m for m in mentions_in_text(Source(path=rel, text=text)) if m.origin in (Origin.COMMAND, Origin.MANIFEST)]
        total += len(found)
        parts = hidden_parts(text, rel)
        hidden += [f"{rel}:{m.location.line} {m.key.ecosystem}:{m.written}" for m in found
                   if is_hidden(parts, m.location.line, m.location.column)]
    return len(docs), total, hidden


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", type=Path)
    args = ap.parse_args(argv)
    print("| tree | documents | install/manifest mentions | hidden in comments |")
    print("|---|---:|---:|---:|")
    listed: list[str] = []
    for tree in args.trees:
        docs, total, hidden = hidden_mentions(tree)
        print(f"| {tree.name} | {docs} | {total} | {len(hidden)} |")
        listed += [f"{tree.name}: {h}" for h in hidden]
    for line in listed:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
