"""Conformance over ../shared/corpora/imports/: recall and precision against four peers' test expectations.

Skipped cleanly when ../shared is absent. Names are compared the way each peer does: pipreqs and
findimports by top-level import name (case-insensitively), depcheck and osv-scalibr by package name.
"""

from __future__ import annotations

import json
from collections import defaultdict

from depguard.model import Origin
from depguard.scan import collect_paths

# What the peers count but a source-import reader cannot see, each for a stated reason:
KNOWN_MISSES = {
    ("pipreqs/_data_notebook/test.ipynb", "analytics"): "not in the notebook's cells (the peer's test says same as test.py)",
    ("pipreqs/_data_notebook/test.ipynb", "flask_seasurf"): "not in the notebook's cells",
    ("depcheck/coffee_script/", "bar"): "CoffeeScript is not parsed (no official tree-sitter grammar wheel)",
    ("depcheck/coffee_script/", "baz"): "CoffeeScript is not parsed",
    ("depcheck/coffee_script/", "foo"): "CoffeeScript is not parsed",
    ("depcheck/svelte/", "svelte"): "implied by a .svelte file, not imported",
    ("osv-scalibr-deno/importSpecifiers.ts", "openai"): "deno.land/x is Deno's own registry, not npm",
    ("osv-scalibr-deno/importSpecifiers.ts", "@luca/cases"): "needs the jsr ecosystem in the catalog",
}
# Names found that a peer does not list, each for a stated reason:
KNOWN_EXTRAS = {
    ("depcheck/typescript/", "@types/typeless-module"):
        "'typeless-module' is imported and only its @types package declared: depcheck's 'using' counts it too",
    ("depcheck/typescript/", "@types/another-typeless-module"): "the same, for 'another-typeless-module'",
    ("depcheck/missing_nested/", "nested-missing-dep"): "imported in a nested package depcheck treats as separate",
}


def _found(paths, settings, ecosystem: str) -> dict[str, str]:
    out = collect_paths(paths, settings)
    names: dict[str, str] = {}
    for m in out.mentions:
        if m.origin not in (Origin.IMPORT, Origin.COMMAND) or m.parser.endswith("json"):
            continue
        if ecosystem == "PyPI":
            written = (m.module or m.written).split(".")[0]
            names[written.lower()] = m.key.name
        else:
            names[m.key.name] = m.key.name
    return names


def measure(shared_dir, settings):
    corpus = shared_dir / "corpora" / "imports"
    expected = json.loads((corpus / "expected.json").read_text(encoding="utf-8"))
    per_source: dict[str, dict[str, int]] = defaultdict(lambda: {"expected": 0, "hit": 0, "found": 0})
    misses, extras, negatives = [], [], []
    for key, entry in expected.items():
        if key == "_meta":
            continue
        source = key.split("/")[0]
        eco = entry["ecosystem"]
        found = _found([corpus / key.rstrip("/")], settings, "PyPI" if eco == "PyPI" else "npm")
        if "distributions" in entry:
            want = {d.lower() for d in entry["distributions"]}
            got = {d.lower() for d in found.values()}
        elif eco == "PyPI":
            want = {n.lower() for n in entry["imports"]}
            got = set(found)
        else:
            want = set(entry["imports"])
            got = set(found)
        stats = per_source[source]
        stats["expected"] += len(want)
        stats["hit"] += len(want & got)
        stats["found"] += len(got)
        misses += [(key, n) for n in sorted(want - got)]
        extras += [(key, n) for n in sorted(got - want)]
        for neg in entry.get("not_imports", []) + entry.get("local_modules", []) + entry.get("stdlib", []):
            if neg.split(".")[0].lower() in got:
                negatives.append((key, neg))
    return per_source, misses, extras, negatives


def test_import_conformance(shared_dir, settings, capsys):
    per_source, misses, extras, negatives = measure(shared_dir, settings)
    with capsys.disabled():
        print()
        for source, s in sorted(per_source.items()):
            recall = s["hit"] / s["expected"] if s["expected"] else 1.0
            precision = s["hit"] / s["found"] if s["found"] else 1.0
            print(f"imports conformance {source}: recall {s['hit']}/{s['expected']} = {recall:.1%}, "
                  f"precision {s['hit']}/{s['found']} = {precision:.1%}")
    assert negatives == [], "stdlib, local or commented-out imports were reported"
    known_misses = {(k, n.lower()) for k, n in KNOWN_MISSES}
    assert [m for m in misses if (m[0], m[1].lower()) not in known_misses] == []
    assert [e for e in extras if e not in KNOWN_EXTRAS] == []
