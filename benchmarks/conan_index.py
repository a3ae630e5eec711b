"""The conan parsers on data nobody on the project wrote: every conanfile.py of conan-center-index.

conan-center-index (github.com/conan-io/conan-center-index) holds the recipe of every ConanCenter package,
``recipes/<name>/<folder>/conanfile.py``, and a consumer of it, ``…/test_package/conanfile.py``. A recipe
there may require only other ConanCenter recipes, so every name the conanfile.py reader yields should be a
folder under ``recipes/``: a name that is not is a false reading (or a recipe removed since). Reported:
files read, files that are not Python, problems, mentions, distinct names, and names that are no recipe.

``--popular FILE`` also writes the recipes ordered by how many other recipes require them (ties by name):
ConanCenter publishes no download counts, so this in-index dependents count is the popularity the shipped
``depguard/ecosystems/conan/popular.txt`` is ordered by.

    python benchmarks/conan_index.py [--repo /work/.mirror/conan-io+conan-center-index/repo] [--popular FILE]

``--repo`` is a git directory (a bare mirror works); the files are read from its HEAD with ``git cat-file``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from depguard.errors import ParseError  # noqa: E402
from depguard.parsers import Source, get_format  # noqa: E402


def conanfiles(repo: str) -> tuple[str, list[tuple[str, str]]]:
    """(HEAD commit, [(path, text)]) of every recipes/**/conanfile.py at HEAD."""
    head = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    listing = subprocess.run(["git", "-C", repo, "ls-tree", "-r", "HEAD", "recipes"], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    wanted = [(line.split()[2], line.split("\t", 1)[1]) for line in listing if line.endswith("/conanfile.py")]
    batch = subprocess.run(["git", "-C", repo, "cat-file", "--batch"], input="".join(f"{sha}\n" for sha, _ in wanted).encode(),
                           capture_output=True, check=True).stdout
    out, at = [], 0
    for _, path in wanted:
        header_end = batch.index(b"\n", at)
        size = int(batch[at:header_end].split()[2])
        out.append((path, batch[header_end + 1: header_end + 1 + size].decode("utf-8-sig", errors="replace")))  # as a scan reads it
        at = header_end + 1 + size + 1
    return head, out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", default="/work/.mirror/conan-io+conan-center-index/repo")
    ap.add_argument("--popular", help="write the recipes ordered by in-index dependents to this file")
    args = ap.parse_args(argv)
    head, files = conanfiles(args.repo)
    recipes = {path.split("/")[1] for path, _ in files}
    fmt = get_format("conanfile.py")
    errors, problems, mentions = 0, 0, 0
    names: Counter[str] = Counter()
    dependents: dict[str, set[str]] = defaultdict(set)
    not_recipes: Counter[str] = Counter()
    for path, text in files:
        source = Source(path, text)
        try:
            found = list(fmt.parse(source))
        except ParseError:
            errors += 1
            continue
        problems += len(source.problems)
        mentions += len(found)
        owner = path.split("/")[1]
        for m in found:
            names[m.key.name] += 1
            if m.key.name not in recipes:
                not_recipes[m.key.name] += 1
            elif "/test_" not in path and m.key.name != owner:
                dependents[m.key.name].add(owner)
    print(f"conan-center-index {head[:12]}: {len(files)} conanfile.py ({len(recipes)} recipes)")
    print(f"  not Python: {errors}; problems: {problems}; mentions: {mentions}; distinct names: {len(names)}")
    share = 100.0 * sum(not_recipes.values()) / mentions if mentions else 0.0
    print(f"  mentions naming no recipe folder: {sum(not_recipes.values())} ({share:.2f}%): "
          f"{', '.join(f'{n} x{c}' for n, c in not_recipes.most_common(12)) or 'none'}")
    if args.popular:
        ranked = sorted(dependents, key=lambda n: (-len(dependents[n]), n))
        lines = ["# depguard popular-package list", "# ecosystem: conan",
                 f"# source: ConanCenter recipes ordered by how many other recipes of conan-center-index require them "
                 f"(commit {head}); ConanCenter publishes no download counts",
                 f"# count: {len(ranked)}", "# format: one normalised name per line, most popular first"]
        Path(args.popular).write_text("\n".join(lines + ranked) + "\n", encoding="utf-8")
        print(f"  wrote {len(ranked)} names to {args.popular} (first: {', '.join(ranked[:8])})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
