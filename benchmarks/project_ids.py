"""What the project view takes out of a scan, measured on data nobody on the project wrote (issue 12, cat. 3, 4, 6).

    python benchmarks/project_ids.py --packages /work/.library/env/packages [--trees DIR ...]

1. DG003's description signal over real registry summaries (``npm.tsv``, ``pypi.tsv``: name, downloads or
   rank, summary): how many descriptions say the package itself is a placeholder, and how many of those
   the usage evidence (the shipped popular list, or downloads at least its least-used name's) leaves alone.
   The matches of the less used are printed for review (they should all be placeholders, reserved names,
   squats or empty packages).
2. For each tree (an extracted repository): the JS/TS imports and container images a scan reads with and
   without the project view (config aliases, tsconfig paths, ambient modules, provided and framework ids,
   ``@types``; images the tree builds), and the names the view resolves, for review. Nothing is asked of
   any registry (``--inventory`` view of the parsers).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from depguard.checks.unestablished import says_placeholder  # noqa: E402


def descriptions(packages: Path) -> None:
    from depguard.checks.typosquat import popular_index

    for eco, file, usage_col in (("npm", "npm.tsv", 2), ("pypi", "pypi.tsv", 3)):
        path = packages / file
        if not path.is_file():
            continue
        idx = popular_index(eco)
        floor = idx.popularity[-1] if idx is not None and idx.has_downloads else None
        total = matched = used = 0
        unused: list[tuple[str, str]] = []
        for line in path.open(encoding="utf-8"):
            cols = line.rstrip("\n").split("\t")
            if len(cols) < 4 or cols[0] == "name":
                continue
            total += 1
            summary = re.sub(r"^\[tested here:.*?\]\s*", "", cols[-1])  # the list's own notes are not the authors'
            if not says_placeholder(summary):
                continue
            matched += 1
            downloads = int(cols[usage_col]) if eco == "npm" and cols[usage_col].isdigit() else None
            key_name = cols[0] if eco == "npm" else re.sub(r"[-_.]+", "-", cols[0]).lower()
            if idx is not None and (key_name in idx.rank or (floor is not None and downloads is not None
                                                             and downloads >= floor)):
                used += 1
            else:
                unused.append((cols[0], summary[:90]))
        print(f"{eco}: {total:,} summaries, {matched:,} say the package is a placeholder; {used} of those have "
              f"usage evidence (no signal); {len(unused):,} would be signalled")
        for name, summary in unused[:: max(1, len(unused) // 25)][:25]:
            print(f"    {name}: {summary}")


def tree(path: Path) -> None:
    import depguard.scan as scan
    from depguard.config import Settings
    from depguard.ecosystems.npm import imports as js
    from depguard.scan import collect_paths

    settings = Settings(use_cache=False)
    with_view = collect_paths([path], settings).mentions
    saved = js.view_for, js.provided, scan._built_images
    try:  # the same scan without the project view: no JS view, no provided ids, no built images
        js.view_for, js.provided = (lambda source: None), (lambda spec: False)
        scan._built_images = lambda entries, settings: frozenset()
        without = collect_paths([path], settings).mentions
    finally:
        js.view_for, js.provided, scan._built_images = saved

    def names(mentions, eco, parser=None):
        return Counter(m.key.name for m in mentions if m.key.ecosystem == eco and (parser is None or m.parser == parser))

    for eco, parser in (("npm", "js-imports"), ("docker", None)):
        a, b = names(without, eco, parser), names(with_view, eco, parser)
        gone = sorted(set(a) - set(b))
        print(f"{path.name} {eco}{' imports' if parser else ' images'}: {sum(a.values())} mentions of {len(a)} names "
              f"without the view, {sum(b.values())} of {len(b)} with it; resolved by the project: "
              f"{', '.join(gone[:30]) or '-'}{' …' if len(gone) > 30 else ''}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--packages", type=Path, default=Path("/work/.library/env/packages"))
    ap.add_argument("--trees", type=Path, nargs="*", default=[])
    args = ap.parse_args()
    descriptions(args.packages)
    for t in args.trees:
        tree(t)


if __name__ == "__main__":
    main()
