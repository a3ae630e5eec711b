#!/usr/bin/env python3
"""A tree that declares a squat AND imports it by its own name: what DG002's declared-and-imported note
(``depguard/declarers.py``, ``imported_by_own_name``) lets pass.

    python benchmarks/attacks/imported.py [--port 18860] [--downloads-port PORT]

For each real PyPI squat of ``squats.tsv`` a small project is written whose ``pyproject.toml`` declares it and
whose package imports it by its own module name (``aiiohttp`` -> ``import aiiohttp``): the tree a victim would
have if its code were written against the squat (a typist who misspells the requirement still imports the
target's module, which is judged under the target's name, so this is the case the note must be weighed on:
code and manifest written alike, by a person copying the squat's name or by an AI). Each squat is planted as a
sleeper (``described.SLEEPERS``: 800 days with six releases, awake or quiet for 90 days, or one release 800 days
old) with each kind of description of ``described.py`` (none, as mockreg plants them; its target's copied; the
target's reworded; an unrelated real summary: a description of its own, which costs an attacker nothing). Every
tree is scanned with ``scan_paths`` (a full scan, the path the note runs in); the table counts the squats still
flagged in the manifest and those made a note. As a control, the real dependencies the note is for (PyPI's real
summaries from the package lists, mockreg's histories) in the same kind of tree.

The note's defence is the registry description (reviewer r30): with none, a squat's words or a copy of its
target's, nothing passes; a squat with a description of its own that a tree both declares and imports passes.
That row is the trade-off, measured and kept in the README.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))  # first: this folder's run.py, not benchmarks/run.py

import described  # noqa: E402
from run import read, serve  # noqa: E402

from depguard.api import scan_paths  # noqa: E402
from depguard.config import load_settings  # noqa: E402

# real little-used PyPI dependencies that projects declare and import (benchmarks/realrepos/review.tsv, DG002 rows)
CONTROLS = ("pnoise", "pyodm", "pyperscan", "pandana", "pyodc", "remfile", "datamol", "boule")
STYLES = ("none", *described.STYLES)


def module_of(name: str) -> str:
    """The module a project would import for distribution ``name`` (``aiohttp-socks`` -> ``aiohttp_socks``)."""
    return re.sub(r"[^0-9a-zA-Z_]", "_", name).lower()


def write_tree(root: Path, names: list[str], command: bool = False) -> None:
    root.mkdir(parents=True)
    if command:  # a set-up script installing them too (--command)
        (root / "setup.sh").write_text("".join(f"pip install {n}\n" for n in names), encoding="utf-8")
    (root / "pyproject.toml").write_text('[project]\nname = "victim-app"\nversion = "0.1"\ndependencies = [\n'
                                         + "".join(f'  "{n}",\n' for n in names) + "]\n", encoding="utf-8")
    (root / "victim_app").mkdir()
    (root / "victim_app" / "__init__.py").write_text("", encoding="utf-8")
    (root / "victim_app" / "main.py").write_text("".join(f"import {module_of(n)}\n" for n in names), encoding="utf-8")


def judge(tree: Path, names: list[str], registry: str, cache: Path, command: bool = False) -> tuple[int, int]:
    """(flagged, made a note by the declared-and-imported evidence) among ``names`` in the tree's manifest; with
    ``command``, a name counts as flagged when its manifest line or its set-up script's command is."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEPGUARD_", "GITHUB_", "GH_"))}
    env.update(DEPGUARD_REGISTRY_PYPI=registry, DEPGUARD_CACHE_DIR=str(cache))
    report = scan_paths([tree], load_settings(None, environ=env))
    wanted = {described.norm("pypi", n) for n in names}
    got = [f for f in report.findings if f.mention.key.name in wanted and f.mention.location.path
           and f.mention.location.path.endswith("pyproject.toml")]
    flagged = sum(1 for f in got if f.verdict.value not in ("ok", "allowed"))
    if command:
        flagged = len({f.mention.key.name for f in report.findings if f.mention.key.name in wanted
                       and f.mention.location.path and f.mention.location.path.endswith(("pyproject.toml", "setup.sh"))
                       and f.verdict.value not in ("ok", "allowed")})
    noted = sum(1 for f in got if f.rule == "DG200" and "imports by its own name" in (f.reasons[0] if f.reasons else ""))
    return flagged, noted


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=18860, help="mockreg's port")
    ap.add_argument("--packages", default="/work/.library/env/packages")
    ap.add_argument("--command", action="store_true",
                    help="each tree also has a set-up script installing the names (pip install NAME); a name counts as "
                         "flagged when its manifest line or its command is")
    a = ap.parse_args()
    squats = [r for r in read("squats.tsv") if r["ecosystem"] == "pypi"]
    names = [r["name"] for r in squats]
    known = described.summaries(Path(a.packages))
    print("| squats (PyPI) | history | description | flagged | made a note |")
    print("|---:|---|---|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        plant = Path(tmp) / "plant.txt"
        plant.write_text("")
        proc = serve(a.port, a.packages, plant)
        try:
            upstream = f"http://127.0.0.1:{a.port}"
            for label, age, releases, quiet in described.SLEEPERS:
                for style in STYLES:
                    texts = ({n: "" for n in names} if style == "none"
                             else described.descriptions(squats, style, known))
                    docs = {("pypi", n): (texts[n], age, releases, quiet) for n in names}
                    with described.Registry(upstream, docs) as registry:
                        tree = Path(tmp) / f"{age}-{releases}-{quiet}-{style}"
                        write_tree(tree, names, a.command)
                        flagged, noted = judge(tree, names, registry, Path(tmp) / f"cache-{tree.name}", a.command)
                    print(f"| {len(names)} | {label} | {style} | {flagged} | {noted} |")
            tree = Path(tmp) / "control"
            write_tree(tree, list(CONTROLS), a.command)
            flagged, noted = judge(tree, list(CONTROLS), upstream, Path(tmp) / "cache-control", a.command)
            print(f"\ncontrol (real dependencies, real summaries, mockreg's histories): {len(CONTROLS)} declared and "
                  f"imported, {flagged} flagged, {noted} made a note")
        finally:
            proc.kill()
            proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
