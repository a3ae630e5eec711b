"""Generate a synthetic monorepo for benchmarks.

Default: 10,000 files (Python and JS/TS sources, requirements files, pyproject/package.json manifests,
lockfiles, shell scripts and Dockerfiles) mentioning about 3,000 unique names, a tenth of them missing.
Deterministic for a given seed. Returns the names and which ones are missing, so a loopback registry can
answer accordingly.

    python benchmarks/make_monorepo.py /tmp/mono --files 10000 --names 3000
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass
from pathlib import Path

SYLLABLES = ["ab", "ar", "bel", "cor", "dex", "en", "fir", "gal", "hum", "ix", "jor", "kel", "lum", "mor", "nex",
             "op", "par", "qua", "ris", "sol", "tor", "ul", "ver", "wix", "yon", "zed"]


@dataclass
class Monorepo:
    root: Path
    pypi: list[str]
    npm: list[str]
    missing: set[str]  # "pypi:name" / "npm:name"
    files: int

    @property
    def unique(self) -> int:
        return len(self.pypi) + len(self.npm)


def _name(rng: random.Random, i: int) -> str:
    return "-".join(rng.choice(SYLLABLES) + rng.choice(SYLLABLES) for _ in range(2)) + f"{i}"


def generate(root: Path, files: int = 10_000, names: int = 3_000, seed: int = 7) -> Monorepo:
    rng = random.Random(seed)
    root.mkdir(parents=True, exist_ok=True)
    half = names // 2
    pypi = [f"py{_name(rng, i)}" for i in range(half)]
    npm = [f"js{_name(rng, i)}" for i in range(names - half)]
    missing = {f"pypi:{n}" for n in rng.sample(pypi, len(pypi) // 10)} | {f"npm:{n}" for n in rng.sample(npm, len(npm) // 10)}
    py_mods = [n.replace("-", "_") for n in pypi]
    # every name appears at least once in a manifest; sources and scripts repeat them
    written = 0
    pkg_count = max(1, files // 100)
    for p in range(pkg_count):
        d = root / "packages" / f"pkg{p}"
        d.mkdir(parents=True, exist_ok=True)
        py_slice = pypi[p::pkg_count]
        js_slice = npm[p::pkg_count]
        (d / "requirements.txt").write_text("".join(f"{n}>=1.0\n" for n in py_slice))
        deps = ",\n".join(f'    "{n}": "^1.0.0"' for n in js_slice)
        (d / "package.json").write_text(f'{{\n  "name": "@mono/pkg{p}",\n  "dependencies": {{\n{deps}\n  }}\n}}\n')
        lock = {"name": f"@mono/pkg{p}", "lockfileVersion": 3, "packages": {"": {"name": f"@mono/pkg{p}"},
                **{f"node_modules/{n}": {"version": "1.0.0"} for n in js_slice}}}
        (d / "package-lock.json").write_text(json.dumps(lock, indent=2))
        (d / "pyproject.toml").write_text(f'[project]\nname = "pkg{p}"\nversion = "1"\ndependencies = [\n'
                                          + "".join(f'  "{n}",\n' for n in py_slice[:5]) + "]\n")
        # FROM scratch: the loopback registry serves PyPI and npm only, and no other registry may be asked
        (d / "Dockerfile").write_text(f"FROM scratch\nRUN pip install {' '.join(py_slice[:3])}\n")
        (d / "setup.sh").write_text(f"#!/bin/sh\nset -e\nnpm install {' '.join(js_slice[:3])}\n")
        written += 6
    i = 0
    while written < files:
        d = root / "src" / f"m{i // 200}"
        d.mkdir(parents=True, exist_ok=True)
        if i % 2 == 0:
            mods = rng.sample(py_mods, 5)
            body = "".join(f"import {m}\n" for m in mods) + "\n\ndef f(x):\n    return x\n" * 10
            (d / f"mod{i}.py").write_text(body)
        else:
            deps = rng.sample(npm, 5)
            body = "".join(f"import x{k} from '{n}';\n" for k, n in enumerate(deps)) + "\nexport function f(x) { return x; }\n" * 10
            (d / f"mod{i}.{'ts' if i % 4 == 1 else 'js'}").write_text(body)
        written += 1
        i += 1
    return Monorepo(root, pypi, npm, missing, written)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", type=Path)
    ap.add_argument("--files", type=int, default=10_000)
    ap.add_argument("--names", type=int, default=3_000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    m = generate(a.root, a.files, a.names, a.seed)
    print(f"{m.files} files, {m.unique} unique names, {len(m.missing)} missing, in {m.root}")


if __name__ == "__main__":
    main()
