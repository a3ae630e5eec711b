"""How many files a one-file edit makes the parse cache parse again, for two revisions (issue 18's parse cache,
issue 12's project model): an edit should re-parse the edited file and the files whose parse read it, no more.

    python benchmarks/edit_reparse.py TREE [TREE ...] --revs REV_A REV_B [--edits 5]

Each TREE (a checked-out repository: ``git --git-dir /work/.mirror/owner+name/repo archive COMMIT | tar -x``) is
copied for each revision (a git revision of this repository, or ``worktree`` for the files as they are, exported as
``benchmarks/warm_ab.py`` does), scanned once with an empty parse cache (``collect_paths``: discovery and parsing,
no registry), and then, ``--edits`` times, one Python file of the folder holding the most Python files gets a
comment line appended and the copy is collected again. The figure per edit is the files parsed again (files minus
those served from the cache); the table prints the median and the largest per tree and revision, and the
cold collection's wall time. No registry is asked: collection ends before look-ups.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from warm_ab import export  # noqa: E402

CHILD = """
import json, sys, time
from pathlib import Path
from depguard.config import Settings
from depguard.scan import collect_paths
settings = Settings(use_cache=True, cache_dir=Path(sys.argv[2]))
start = time.perf_counter()
got = collect_paths([Path(sys.argv[1])], settings)
print(json.dumps({"files": got.files, "cached": got.cached, "wall": time.perf_counter() - start}))
"""


def collect(code: Path, tree: Path, cache: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(code)}
    proc = subprocess.run([sys.executable, "-c", CHILD, str(tree), str(cache)], cwd=code, env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"collecting {tree} with {code} failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def edited_files(tree: Path, count: int) -> list[Path]:
    """``count`` Python files of the folder holding the most (sorted by name: the same ones for every revision)."""
    folders = Counter(p.parent for p in tree.rglob("*.py") if p.is_file() and ".git" not in p.parts)
    if not folders:
        return []
    folder = max(folders, key=lambda f: (folders[f], str(f)))
    return sorted(p for p in folder.iterdir() if p.suffix == ".py" and p.is_file())[:count]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trees", nargs="+", type=Path)
    ap.add_argument("--revs", nargs=2, required=True, metavar="REV", help="two git revisions, or worktree")
    ap.add_argument("--edits", type=int, default=5)
    a = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="depguard-edit-reparse-"))
    rows = []
    try:
        codes = [export(rev, work / f"code{i}") for i, rev in enumerate(a.revs)]
        for tree in a.trees:
            for rev, code in zip(a.revs, codes):
                copy = work / "tree"
                shutil.rmtree(copy, ignore_errors=True)
                shutil.copytree(tree, copy, symlinks=True)
                cache = work / "cache"
                shutil.rmtree(cache, ignore_errors=True)
                cold = collect(code, copy, cache)
                again = []
                folder = ""
                for path in edited_files(copy, a.edits):
                    folder = str(path.parent.relative_to(copy))
                    with path.open("a", encoding="utf-8") as f:
                        f.write("\n# edited by benchmarks/edit_reparse.py\n")
                    got = collect(code, copy, cache)
                    again.append(got["files"] - got["cached"])
                rows.append((tree.name, rev, cold["files"], cold["wall"], folder, again))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("| tree | revision | files | cold collection (s) | edited folder | re-parsed per edit (median, largest) |")
    print("|---|---|---:|---:|---|---:|")
    for name, rev, files, wall, folder, again in rows:
        spread = f"{statistics.median(again):g}, {max(again)}" if again else "–"
        print(f"| {name} | {rev} | {files:,} | {wall:.1f} | `{folder}` | {spread} |")


if __name__ == "__main__":
    main()
