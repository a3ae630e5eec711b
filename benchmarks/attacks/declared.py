#!/usr/bin/env python3
"""The pull request that adds a squat to a popular project's manifest: DG002's declaring-package evidence
(``depguard/declarers.py``) must excuse none of them.

    python benchmarks/attacks/declared.py [--port 18850] [--downloads-port PORT] [--mirrors /work/.mirror]

The real manifests of two popular packages, at the commits ``benchmarks/realrepos`` scans (vite's
``packages/vite/package.json`` and SQLAlchemy's ``pyproject.toml``, read from the git mirrors), each get every
real squat of ``squats.tsv`` of their ecosystem added (npm: to ``devDependencies``; PyPI: as a new extra of
``[project.optional-dependencies]``), as a pull request would add them. The squats are planted in mockreg as
sleepers (800 days, six releases: the age at which DG002 alone flags them, so the one at which the declaring
package's evidence could matter), npm's download counts come from the stand-in (the squats at 0 a month), and
the facts proxy of ``described.py`` serves the reviewed names' real histories (``registry_facts.tsv``, as the
realrepos benchmark does) and the declarers' real latest releases (``benchmarks/realrepos/
releases.tsv``: vite 8.4.1, SQLAlchemy 2.1.9). Each tree is scanned with ``scan_paths`` (the full scan, the only
path that asks a declarer) with and without ``judge-declared-lookalikes``; the table counts the squats flagged
either way and those made a note by a declarer, and the project's own real dependency DG002 flags
(``fresh-import``, ``cymysql``) as the control.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))  # first: this folder's run.py, not benchmarks/run.py

import described  # noqa: E402
from downloads_standin import Standin, load_counts  # noqa: E402
from run import read, serve  # noqa: E402

from depguard.api import scan_paths  # noqa: E402
from depguard.config import apply_mapping, load_settings  # noqa: E402
from depguard.ecosystems import catalog  # noqa: E402

# (ecosystem, repository mirror, commit, manifest path, the real dependency DG002 flags there)
PROJECTS = (
    ("npm", "vitejs+vite", "a98c8d95d552c6fa98ab66fb810f5b39ad5abf49", "packages/vite/package.json", "fresh-import"),
    ("pypi", "sqlalchemy+sqlalchemy", "f35da7e2b9349a08b8de1f6bd3b07c8bf8616790", "pyproject.toml", "cymysql"),
)


def with_squats(eco: str, text: str, squats: list[str]) -> str:
    """The manifest with ``squats`` added as a pull request would add them."""
    if eco == "npm":
        data = json.loads(text)
        data.setdefault("devDependencies", {}).update({name: "^1.0.0" for name in squats})
        return json.dumps(data, indent=2) + "\n"
    marker = "[project.optional-dependencies]\n"
    assert marker in text, "no optional-dependencies table"
    return text.replace(marker, marker + f"squats = {json.dumps(squats)}\n", 1)


def _realrepos():  # benchmarks/realrepos/run.py (its registry_facts), beside this folder's run.py of the same name
    import importlib.util

    spec = importlib.util.spec_from_file_location("realrepos_run", ROOT / "benchmarks" / "realrepos" / "run.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules[spec.name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", type=int, default=18850, help="mockreg's port")
    ap.add_argument("--downloads-port", type=int, default=None)
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--mirrors", default="/work/.mirror")
    a = ap.parse_args()
    squats = read("squats.tsv")
    releases = described.recorded_releases(ROOT / "benchmarks" / "realrepos" / "releases.tsv")
    facts = _realrepos().registry_facts(ROOT / "benchmarks" / "realrepos" / "registry_facts.tsv")
    print("| ecosystem | manifest | squats added | flagged (strict) | flagged | made a note by the declarer | "
          "control (the project's own dependency) |")
    print("|---|---|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory() as tmp:
        plant = Path(tmp) / "plant.txt"
        plant.write_text("".join(f"{r['ecosystem']} {r['name']} 800 6\n" for r in squats))
        proc = serve(a.port, a.packages, plant)
        try:
            planted = {r["name"]: 0 for r in squats if r["ecosystem"] == "npm"}
            with Standin(a.downloads_port or a.port + 1, counts=load_counts(a.packages), planted=planted) as dl, \
                    described.Registry(f"http://127.0.0.1:{a.port}", facts, releases) as registry:
                for eco, mirror, commit, path, own in PROJECTS:
                    names = [r["name"] for r in squats if r["ecosystem"] == eco]
                    text = subprocess.run(["git", "--git-dir", str(Path(a.mirrors) / mirror / "repo"), "show",
                                           f"{commit}:{path}"], capture_output=True, text=True, check=True).stdout
                    tree = Path(tmp) / mirror
                    (tree / path).parent.mkdir(parents=True, exist_ok=True)
                    (tree / path).write_text(with_squats(eco, text, names), encoding="utf-8")
                    counts = []
                    for strict in (True, False):
                        env = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "GITHUB_", "GH_"))}
                        env.update(DEPGUARD_REGISTRY_PYPI=registry, DEPGUARD_REGISTRY_NPM=registry,
                                   DEPGUARD_REGISTRY_NPM_DOWNLOADS=dl, DEPGUARD_CACHE_DIR=str(Path(tmp) / f"cache-{strict}"))
                        settings = apply_mapping(load_settings(None, environ=env),
                                                 {"judge-declared-lookalikes": strict}, "benchmark")
                        report = scan_paths([tree], settings)
                        by_name = {f.mention.key.name: f for f in report.findings if f.mention.location.path
                                   and f.mention.location.path.endswith(path)}
                        found = [by_name.get(catalog().key(eco, n).name) for n in names]
                        flagged = sum(1 for f in found if f is not None and f.verdict.value not in ("ok", "allowed"))
                        noted = sum(1 for f in found if f is not None and f.rule == "DG200"
                                    and "declares" in (f.reasons[0] if f.reasons else ""))
                        control = by_name.get(own)
                        counts.append((flagged, noted, f"{own}: {control.verdict.value} ({control.rule})"
                                       if control else f"{own}: not found"))
                    print(f"| {eco} | {mirror.split('+')[1]}/{path} | {len(names)} | {counts[0][0]} | {counts[1][0]} | "
                          f"{counts[1][1]} | strict {counts[0][2]}; default {counts[1][2]} |")
        finally:
            proc.kill()
            proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
