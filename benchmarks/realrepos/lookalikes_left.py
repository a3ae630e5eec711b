"""The real, little-used look-alikes the review left flagged (review.tsv: false alarms of DG002 whose owner column
says ``left``), judged by name against the stand-in registry with the hand-checked facts of registry_facts.tsv.

    python benchmarks/realrepos/lookalikes_left.py --port P --downloads-port Q [--facts ''] [--show]

Each (ecosystem, name) is judged once with depguard's API (``check_names``: as an install command names it, the
strictest place; a manifest's declarer, a declared-and-imported name or a lockfile-only name can only make it
quieter). It serves what ``run.py`` serves: mockreg with the reviewed stand-in names planted, npm's real download
counts (downloads_standin.py) and registry_facts.tsv's real histories and descriptions in front (``--facts ''``: the
stand-in's invented histories only). Prints each name's verdict and the count still flagged per ecosystem, and, with
``--facts``, how many of the names have recorded facts.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE.parent / "attacks"))
sys.path.insert(0, str(HERE.parent))

from described import Registry, recorded_releases  # noqa: E402
from downloads_standin import Standin  # noqa: E402

from depguard.api import check_names  # noqa: E402
from depguard.config import load_settings  # noqa: E402


def _module(path: Path, name: str):  # two files named run.py: each loaded under its own name
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


realrepos = _module(HERE / "run.py", "realrepos_run")
attacks = _module(HERE.parent / "attacks" / "run.py", "attacks_run")
read_tsv, registry_facts, serve = realrepos.read_tsv, realrepos.registry_facts, attacks.serve


def left_rows(review: Path) -> list[dict[str, str]]:
    """The review's DG002 false alarms still left."""
    return [r for r in read_tsv(review) if r["verdict"] == "false-alarm" and "DG002" in (r.get("rule") or "")
            and "left" in r["owner"]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=18850)
    ap.add_argument("--downloads-port", type=int, default=None)
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--facts", default=str(HERE / "registry_facts.tsv"))
    ap.add_argument("--show", action="store_true", help="print every name's verdict and reason")
    ap.add_argument("--review", default=str(HERE / "review.tsv"),
                    help="the review whose left rows are judged (e.g. an older revision's: git show REV:benchmarks/realrepos/review.tsv)")
    ap.add_argument("--config", help="a depguard config file (its [thresholds]: e.g. typosquat-long-history-days = 0)")
    a = ap.parse_args()
    rows = left_rows(Path(a.review))
    names: dict[str, list[str]] = defaultdict(list)
    for r in rows:
        if r["name"] not in names[r["ecosystem"]]:
            names[r["ecosystem"]].append(r["name"])
    facts = registry_facts(Path(a.facts)) if a.facts else {}
    stand_ins = sorted({(r["ecosystem"], r["name"]) for r in read_tsv(HERE / "review.tsv") if r["verdict"] == "stand-in"})
    with tempfile.TemporaryDirectory() as tmp:
        plant = Path(tmp) / "plant.txt"
        plant.write_text("".join(f"{e} {n} 3650 10\n" for e, n in stand_ins if e in ("pypi", "npm")))
        proc = serve(a.port, a.packages, plant)
        try:
            with Standin(a.downloads_port or a.port + 1, packages=a.packages) as downloads, \
                    Registry(f"http://127.0.0.1:{a.port}", facts,
                             recorded_releases(HERE / "releases.tsv")) as registry:
                env = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "GITHUB_", "GH_"))}
                env.update(DEPGUARD_REGISTRY_PYPI=registry, DEPGUARD_REGISTRY_NPM=registry,
                           DEPGUARD_CACHE_DIR=str(Path(tmp) / "cache"), DEPGUARD_REGISTRY_NPM_DOWNLOADS=downloads)
                if a.config:
                    env["DEPGUARD_CONFIG"] = a.config
                settings = load_settings(None, environ=env)
                found = {}
                for eco, group in names.items():
                    for f in check_names(group, ecosystem=eco, settings=settings).findings:
                        found[(eco, f.mention.key.name)] = f
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    for eco in sorted(names):
        group = names[eco]
        flagged = [n for n in group if (f := found.get((eco, n))) is not None and f.rule == "DG002"]
        with_facts = sum((eco, n) in facts for n in group)
        print(f"{eco}: {len(group)} names, {with_facts} with recorded facts, {len(flagged)} flagged DG002")
        if a.show:
            for n in group:
                f = found.get((eco, n))
                known = "facts" if (eco, n) in facts else "stand-in"
                print(f"  {n}\t{known}\t{f.verdict.value if f else '-'}\t{f.rule if f else ''}\t"
                      f"{(f.reasons[0] if f and f.reasons else '')[:160]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
