"""The Python project model on real repositories (issue 12, categories 1, 2, 5, 7): PyPI names flagged per tree.

    python3 ../shared/tools/mockreg.py 18801 --packages /work/.library/env/packages &
    python benchmarks/python_project.py --registry http://127.0.0.1:18801 TREE [TREE ...] [--src OLD_CHECKOUT]

Each TREE is an extracted repository (``git archive <commit> | tar -x``, then ``git init && git add -A`` so
the scan takes git's file list); ``benchmarks/python_project_repos.tsv`` lists the ones measured for the
README, with their commits. The scan runs as a user runs it (``depguard scan TREE --format json``) with PyPI,
npm and GitHub pointed at the loopback stand-in registry and a fresh cache per tree; ``--src`` runs the
depguard found in another checkout (``git archive <commit> | tar -x -C OLD``) for a before/after count.

Prints, per tree: the exit code, the PyPI names flagged (missing, suspicious, invalid) by origin (import,
manifest, lockfile, command), and each flagged name with its first place, for review by hand; the folders
the scan left out (``depguard: not scanned …``). Names of other ecosystems (GitHub actions the stand-in does
not serve, npm names absent from its partial list) are counted apart: they are not this model's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

from depguard.report.json_format import per_mention  # either schema of the JSON report, one record per place

FLAGGED = ("missing", "suspicious", "invalid")
MAIN = "import sys; from depguard.cli import entry; sys.argv[0] = 'depguard'; sys.exit(entry())"


def scan(tree: Path, registry: str, src: Path | None) -> tuple[int, dict, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.update(DEPGUARD_REGISTRY_PYPI=registry, DEPGUARD_REGISTRY_NPM=registry, DEPGUARD_REGISTRY_GITHUB_ACTIONS=registry)
    if src is not None:
        env["PYTHONPATH"] = str(src)
    with tempfile.TemporaryDirectory() as cache:
        env["DEPGUARD_CACHE_DIR"] = cache
        run = subprocess.run([sys.executable, "-c", MAIN, "scan", ".", "--format", "json", "--no-progress"],
                             cwd=tree, env=env, capture_output=True, text=True, timeout=1800)
    return run.returncode, json.loads(run.stdout or "{}"), run.stderr


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trees", nargs="+", type=Path)
    ap.add_argument("--registry", required=True, help="base URL of the stand-in registry (mockreg)")
    ap.add_argument("--src", type=Path, help="run the depguard of this checkout instead of the installed one")
    args = ap.parse_args(argv)
    total = Counter()
    for tree in args.trees:
        code, report, err = scan(tree, args.registry, args.src)
        flagged = [f for f in per_mention(report) if f["verdict"] in FLAGGED]
        pypi = [f for f in flagged if f["ecosystem"] == "pypi"]
        names: dict[tuple[str, str], list[dict]] = defaultdict(list)
        for f in pypi:
            names[(f["name"], f["verdict"])].append(f)
        by_origin = Counter(f["origin"] for f in {(f["name"], f["origin"]): f for f in pypi}.values())
        other = len({(f["ecosystem"], f["name"]) for f in flagged if f["ecosystem"] != "pypi"})
        total.update(pypi_names=len(names), other_names=other, trees=1, exit0=int(code == 0))
        print(f"== {tree.name}: exit {code}; {len(names)} PyPI names flagged "
              f"({', '.join(f'{o} {n}' for o, n in sorted(by_origin.items())) or 'none'}); {other} other-ecosystem names")
        for (name, verdict), found in sorted(names.items()):
            where = found[0]["location"]
            print(f"   {name} {verdict} x{len(found)}: {where['path']}:{where['line']} "
                  f"({found[0]['origin']}, written {found[0]['written']!r})")
        for line in err.splitlines():
            if "not scanned" in line:
                print(f"   {line[:300]}")
    print(f"total: {total['pypi_names']} PyPI names flagged in {total['trees']} trees "
          f"({total['other_names']} other-ecosystem names); {total['exit0']} exited 0")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
