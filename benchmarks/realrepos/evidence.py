"""Evidence for reviewing a flagged npm name by hand: is it in one of the repository's own lockfiles?

    python benchmarks/realrepos/evidence.py TREE NAME [NAME ...]
    python benchmarks/realrepos/evidence.py --propose RESULTS_JSON TREES   # review rows for new npm flags

mockreg's npm universe is a partial list, so an npm name it calls missing may well exist. A lockfile entry
that the package manager resolved from the registry, with an integrity hash, is the evidence that it does
(the package manager downloaded exactly that tarball). Prints, per name, the first such entry:
``path:line resolved-url integrity`` or ``no lockfile entry``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

LOCKFILES = ("package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml")


def lockfiles(tree: Path) -> list[Path]:
    listed = subprocess.run(["git", "-C", str(tree), "ls-files", "-z"], capture_output=True, check=False).stdout
    paths = [tree / p for p in listed.decode("utf-8", "surrogateescape").split("\0") if p] if listed else \
        [p for p in tree.rglob("*") if p.is_file()]
    return sorted(p for p in paths if p.name in LOCKFILES and "node_modules" not in p.parts)


def _line_of(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def find(tree: Path, name: str) -> str | None:
    """``path:line <what the entry says>`` for the first registry-resolved entry of ``name``, or None."""
    esc = re.escape(name)
    for lock in lockfiles(tree):
        text = lock.read_text(encoding="utf-8", errors="replace")
        rel = lock.relative_to(tree)
        if lock.name.endswith(".json"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError:
                continue
            for key, entry in (data.get("packages") or {}).items():
                # an alias install (`"ts6": "npm:@typescript/typescript6@6"`) keeps the real name in "name"
                if name in (key.split("node_modules/")[-1], entry.get("name")) and entry.get("integrity"):
                    at = text.find(json.dumps(key))
                    return f"{rel}:{_line_of(text, at)} {entry.get('resolved', '')} {entry['integrity'][:30]}..."
            stack = [data.get("dependencies") or {}]  # lockfileVersion 1: a nested "dependencies" tree
            while stack:
                for key, entry in stack.pop().items():
                    if not isinstance(entry, dict):
                        continue
                    if key == name and entry.get("integrity"):
                        at = text.find(f'"{key}": {{')
                        return f"{rel}:{_line_of(text, at)} {entry.get('resolved', '')} {entry['integrity'][:30]}..."
                    stack.append(entry.get("dependencies") or {})
        elif lock.name == "yarn.lock":
            # `"name@^1.0.0", "name@npm:^1.0.0":` then indented fields (classic: resolved/integrity; berry: checksum)
            for m in re.finditer(rf'^"?{esc}@[^\n]*:\n((?:[ \t]+[^\n]*\n)+)', text, re.M):
                body = m.group(1)
                sig = re.search(r'^\s+(integrity|checksum):?\s+"?([^"\s]+)', body, re.M)
                # Yarn 2+ writes no checksum for a platform package it did not fetch (`conditions: os=…`);
                # its `resolution: "name@npm:1.2.3"` still says the registry resolved it.
                berry = re.search(rf'^\s+resolution:\s+"{esc}@npm:([^"]+)"', body, re.M)
                if berry and not sig:
                    return f"{rel}:{_line_of(text, m.start())} resolution {name}@npm:{berry.group(1)} (no checksum: " \
                           f"{'conditional platform package' if 'conditions:' in body else 'not fetched'})"
                if sig:
                    res = re.search(r'^\s+resolved:?\s+"?([^"\s]+)', body, re.M)
                    return f"{rel}:{_line_of(text, m.start())} {res.group(1) if res else ''} {sig.group(2)[:30]}..."
        else:  # pnpm-lock.yaml: `  name@1.2.3:` (v9) or `  /name@1.2.3:` / `  /name/1.2.3:` then `resolution: {integrity: …}`
            for m in re.finditer(rf"^\s+'?/?{esc}[@/][^\s:']+'?:\n((?:\s{{4,}}[^\n]*\n)+)", text, re.M):
                sig = re.search(r"integrity:\s*([^\s},]+)", m.group(1))
                if sig:
                    return f"{rel}:{_line_of(text, m.start())} integrity {sig.group(1)[:30]}..."
    return None


def propose(results: Path, trees: Path) -> None:
    """review.tsv rows (verdict stand-in) for the unreviewed npm flags of a run that a lockfile shows real;
    the others are listed as comments to review by hand. Check each before adding it to review.tsv."""
    for repo in json.loads(results.read_text()):
        for flag in repo["flags"]:
            if flag["review"] != "new":
                continue
            # only a name called missing can be the stand-in's gap; a look-alike verdict is judged by hand
            ev = find(trees / repo["repository"], flag["name"]) \
                if flag["ecosystem"] == "npm" and flag["verdict"] == "missing" else None
            row = [repo["repository"], repo["commit"][:12], flag["ecosystem"], flag["name"]]
            if ev:
                print("\t".join(row + ["stand-in", "registry stand-in", "-", flag["where"][0], "lockfile entry: " + ev]))
            else:
                print("# by hand: " + " ".join(row) + " " + " ".join(flag["where"]))


def main(argv: list[str]) -> int:
    if argv[:1] == ["--propose"]:
        propose(Path(argv[1]), Path(argv[2]))
        return 0
    tree = Path(argv[0])
    for name in argv[1:]:
        print(f"{name}\t{find(tree, name) or 'no lockfile entry'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
