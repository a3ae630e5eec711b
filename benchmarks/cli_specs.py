"""How `depguard check` reads package specs as people paste them, on names nobody on the project wrote.

The (name, version) pairs the peers' tests assert for their lockfile fixtures (/work/shared/corpora/lockfiles
/expected.json: osv-scanner and osv-scalibr) are written the way each ecosystem's install command takes them
(``name==1.0`` for PyPI, ``name@1.0`` for npm, crates.io and Go, ``name:1.0`` for RubyGems, Packagist and pub,
``group:artifact:1.0`` for Maven), given to depguard.scan.collect_names (what `depguard check` runs) with an
``eco:`` prefix and without one, and the name read is compared with the name asserted. Nothing is asked.

    python benchmarks/cli_specs.py [--corpus /work/shared/corpora/lockfiles]

Exits 0 (prints nothing to compare) when the corpus is absent.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

# corpus ecosystem -> (depguard id, how its install command writes name and version)
SPELLING = {
    "PyPI": ("pypi", "{n}=={v}"), "npm": ("npm", "{n}@{v}"), "crates.io": ("cargo", "{n}@{v}"),
    "Go": ("go", "{n}@v{v}"), "RubyGems": ("rubygems", "{n}:{v}"), "Packagist": ("composer", "{n}:{v}"),
    "Pub": ("pub", "{n}:{v}"), "Maven": ("maven", "{n}:{v}"),
}


def pairs(corpus: Path):
    data = json.loads((corpus / "expected.json").read_text(encoding="utf-8"))
    seen = set()
    for key, case in data.items():
        if key == "_meta" or not isinstance(case, dict) or case.get("ecosystem") not in SPELLING:
            continue
        for p in case.get("packages", ()):
            name, version = p.get("name", ""), p.get("version", "")
            # names the peers' parsers report that no install command takes (local paths, Go stdlib, quoted code)
            if not name or not version or name.startswith((".", "/")) or '"' in name or name == "stdlib":
                continue
            if (case["ecosystem"], name, version) not in seen:
                seen.add((case["ecosystem"], name, version))
                yield case["ecosystem"], name, version


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default="/work/shared/corpora/lockfiles")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    if not (corpus / "expected.json").is_file():
        print(f"{corpus}: no expected.json; nothing measured")
        return 0
    from depguard.ecosystems import catalog
    from depguard.scan import collect_names

    cat = catalog()
    total, prefixed_ok, bare_ok = Counter(), Counter(), Counter()
    wrong = []
    for eco, name, version in pairs(corpus):
        eco_id, form = SPELLING[eco]
        spec = form.format(n=name, v=version.lstrip("v") if eco == "Go" else version)
        expected = cat.key(eco_id, name)
        total[eco] += 1
        [m] = collect_names([f"{eco_id}:{spec}"]).mentions
        if m.key == expected:
            prefixed_ok[eco] += 1
        else:
            wrong.append(f"{eco_id}:{spec} -> {m.key.ecosystem}:{m.key.name}")
        try:
            [b] = collect_names([spec]).mentions
            bare_ok[eco] += b.key == expected
        except Exception:  # noqa: BLE001 (a bare spec may be refused as 'not an ecosystem': counted as not read)
            pass
    print("| ecosystem | specs | name read with eco: prefix | name and ecosystem read without prefix |")
    print("|---|---:|---:|---:|")
    for eco in sorted(total, key=lambda e: -total[e]):
        print(f"| {eco} | {total[eco]} | {prefixed_ok[eco]} | {bare_ok[eco]} |")
    print(f"| all | {sum(total.values())} | {sum(prefixed_ok.values())} | {sum(bare_ok.values())} |")
    for line in wrong[:20]:
        print("not read:", line, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
