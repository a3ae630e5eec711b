"""Recall on real projects: is an invented import an assistant writes into a real repository still flagged?

    python benchmarks/realrepos/planted.py --trees T [T ...] [--src DIR] [--port 18207]

Each ``T`` holds trees that ``run.py`` extracted (its ``--trees``; each with the ``.git`` index run.py made). Into one
source folder of each repository of ``PLANTS`` a module is written that imports ``--count`` package names
LLMs invented (``realistic-library-hallucinations/hallucinated_names.csv`` of the shared corpora: PyPI names
that are identifiers and absent from mockreg's real PyPI list, a seeded sample), it is added to the git index,
the tree is scanned against mockreg, and the module is removed again. Each planted name should come out
``missing``; one that comes out ``allowed`` (a note) is a recall loss. The three repositories chosen each
declare a dependency from a URL in their root manifest (pydantic-ai ``strict-no-cover @ git+…``, Django REST
framework ``django @ https://…/main.tar.gz``, ansible-lint ``ansible-core @ git+…`` in a uv group), the case
the ``url-dependency-imports`` setting is about. ``--src`` runs depguard from another checkout (``git archive
REV | tar -x -C DIR``), for a before/after comparison.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from run import closed_port, wait_for  # noqa: E402

PLANTS = {  # repository (run.py's tree name) -> the package folder the module goes into
    "pydantic-ai": "pydantic_ai_slim/pydantic_ai",
    "django-rest-framework": "rest_framework",
    "ansible-lint": "src/ansiblelint",
}
CORPUS = "corpora/hallucinations/realistic-library-hallucinations/hallucinated_names.csv"
FLAGGED = ("missing", "suspicious", "invalid")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def invented(shared: Path, packages: Path, count: int, seed: int) -> list[str]:
    """``count`` PyPI names from the corpus that are identifiers and not on the real PyPI list."""
    with (shared / CORPUS).open(encoding="utf-8", newline="") as fh:
        names = {row["name"] for row in csv.DictReader(fh) if row["ecosystem"].lower() in ("pypi", "python")}
    with (packages / "pypi.tsv").open(encoding="utf-8", errors="replace") as fh:
        real = {canonical(line.split("\t", 1)[0].strip()) for line in fh}
    fit = sorted(n for n in names if re.fullmatch(r"[a-z][a-z0-9_]*", n) and canonical(n) not in real)
    return sorted(random.Random(seed).sample(fit, min(count, len(fit))))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--trees", nargs="+", required=True, help="run.py's --trees folders")
    ap.add_argument("--src", default=str(HERE.parents[1]), help="the depguard checkout to run (PYTHONPATH)")
    ap.add_argument("--shared", default="/work/shared")
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--mockreg", default="/work/shared/tools/mockreg.py")
    ap.add_argument("--port", type=int, default=18207)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--config", default=str(HERE / "depguard.toml"))
    args = ap.parse_args(argv)
    names = invented(Path(args.shared), Path(args.packages), args.count, args.seed)
    body = '"""A module an assistant wrote."""\n' + "".join(f"import {n}\n" for n in names)
    closed = closed_port()
    dead = f"http://127.0.0.1:{closed.getsockname()[1]}"
    server = subprocess.Popen([sys.executable, args.mockreg, str(args.port), "--packages", args.packages],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    totals = [0, 0, 0]
    try:
        wait_for(args.port, server)
        live = f"http://127.0.0.1:{args.port}"
        env = {**os.environ, "PYTHONPATH": args.src, "DEPGUARD_REGISTRY_PYPI": live, "DEPGUARD_REGISTRY_NPM": live,
               "DEPGUARD_REGISTRY_GITHUB_ACTIONS": dead, "DEPGUARD_REGISTRY_DOCKER": dead}
        print(f"# {len(names)} invented names: {' '.join(names)}")
        print("repository\tplanted\tflagged\tnoted\tabsent")
        for repo, folder in PLANTS.items():
            tree = next((Path(t) / repo for t in args.trees if (Path(t) / repo / folder).is_dir()), None)
            if tree is None:
                print(f"{repo}\t-\t(no tree holds {repo}/{folder}: extract it with run.py first)")
                continue
            planted = tree / folder / "planted_by_assistant.py"
            planted.write_text(body, encoding="utf-8")
            rel = str(planted.relative_to(tree))
            try:
                subprocess.run(["git", "add", "-f", rel], cwd=tree, check=True, capture_output=True)
                with tempfile.TemporaryDirectory() as cache:
                    proc = subprocess.run([sys.executable, "-P", "-m", "depguard.cli", "scan", ".", "--format", "json",
                                           "--no-progress", "--config", args.config], cwd=tree, capture_output=True,
                                          env={**env, "DEPGUARD_CACHE_DIR": cache}, check=False)
            finally:
                subprocess.run(["git", "rm", "-q", "--cached", "-f", rel], cwd=tree, check=False, capture_output=True)
                planted.unlink()
            report = json.loads(proc.stdout or "{}")
            verdicts = {f["name"]: f["verdict"] for f in report.get("findings", []) if f.get("ecosystem") == "pypi"}
            got = [verdicts.get(canonical(n)) for n in names]
            row = [sum(v in FLAGGED for v in got), sum(v == "allowed" for v in got), sum(v is None for v in got)]
            totals = [a + b for a, b in zip(totals, row)]
            print(f"{repo}\t{len(names)}\t" + "\t".join(map(str, row)))
        print(f"TOTAL\t{len(names) * len(PLANTS)}\t" + "\t".join(map(str, totals)))
    finally:
        server.terminate()
        server.wait(timeout=10)
        closed.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
