"""Conformance against aquasecurity/trivy's dependency-parser fixtures and the packages its tests expect.

    python benchmarks/conformance_trivy.py TRIVY [--detail]

TRIVY is a trivy checkout or a bare git directory (the ``fetch`` tool's ``/work/.mirror/aquasecurity+trivy/repo``);
``$DEPGUARD_TRIVY`` names it when the argument is left out; without either the runner says so and exits 0.
trivy is Apache-2.0; its files are read in place, nothing is copied into depguard.

trivy's parser tests pair a fixture (``"testdata/…"`` or ``filepath.Join("testdata", …)``) with a ``want…``
list of ``ftypes.Package`` values, written inline or as a variable of the folder's ``*_testcase.go``; each
``Name: "…"`` of that list is an expected name. POM expectations are Maven's resolved view (the project, its
modules, parents, imported BOMs and transitive dependencies): what a POM does not declare itself is set apart
by :func:`pom_deliberate`, each with its reason. The folder of the parser says the ecosystem and the file name the fixture stands for
(``nodejs/npm`` -> npm, ``package-lock.json``). Comparison, deliberate differences and the report are
``conformance_syft``'s.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conformance_syft import WHY_NOT_REGISTRY, WHY_SELF, compare, print_report, tree_of  # noqa: E402

PARSERS = "pkg/dependency/parser"
FOLDERS = {  # parser folder -> (depguard ecosystem, the file name its fixtures stand for)
    "python/pipenv": ("pypi", "Pipfile.lock"), "python/poetry": ("pypi", "poetry.lock"),
    "python/pip": ("pypi", "requirements.txt"), "python/uv": ("pypi", "uv.lock"),
    "python/pylock": ("pypi", "pylock.toml"),
    "nodejs/npm": ("npm", "package-lock.json"), "nodejs/yarn": ("npm", "yarn.lock"),
    "nodejs/pnpm": ("npm", "pnpm-lock.yaml"), "nodejs/bun": ("npm", "bun.lock"),
    "php/composer": ("composer", "composer.lock"), "ruby/bundler": ("rubygems", "Gemfile.lock"),
    "rust/cargo": ("cargo", "Cargo.lock"), "golang/mod": ("go", "go.mod"), "golang/sum": ("go", "go.sum"),
    "gradle/lockfile": ("maven", "gradle.lockfile"), "hex/mix": ("hex", "mix.lock"),
    "nuget/lock": ("nuget", "packages.lock.json"), "nuget/config": ("nuget", "packages.config"),
    "nuget/packagesprops": ("nuget", "Directory.Packages.props"), "dart/pub": ("pub", "pubspec.lock"),
    "swift/cocoapods": ("cocoapods", "Podfile.lock"), "swift/swift": ("swift", "Package.resolved"),
    "conda/environment": ("conda", "environment.yml"), "julia/manifest": ("julia", "Manifest.toml"),
    "java/pom": ("maven", "pom.xml"),
}
FIXTURE = re.compile(r'"(testdata/[^"\s]+)"')
FIXTURE_JOIN = re.compile(r'filepath\.Join\(\s*"testdata"\s*(?P<rest>(?:,\s*"[^"\n]*"\s*)*)\)')
WANT = re.compile(r"\bwant\w*\s*:\s*(?P<var>[A-Za-z_]\w*)\b(?!\s*\()")
WANT_INLINE = re.compile(r"\bwant\w*\s*:\s*\[\]ftypes\.Package\{")
VAR = re.compile(r"^\s*(?P<var>[A-Za-z_]\w*)\s*=\s*\[\]ftypes\.Package\{", re.M)
NAME = re.compile(r'\bName:\s*"(?P<name>[^"]+)"')
WHY_SUBSPEC = "a CocoaPods subspec (Pod/Sub): depguard reports the pod, the name trunk knows"
WHY_WORKSPACE = "a workspace member of the project (its own package): local, never looked up"
WHY_STDLIB = "part of the language's standard library (Julia stdlib without git-tree-sha1; Go's stdlib): not a registry package"
DELIBERATE: list[tuple[str, str, str]] = [
    ("*/rust/cargo/testdata/*", "cargo:normal", WHY_SELF), ("*/rust/cargo/testdata/*", "cargo:app", WHY_SELF),
    ("*/python/uv/testdata/*", "pypi:normal", WHY_SELF),
    ("*/golang/mod/testdata/*", "go:github.com/org/repo", WHY_SELF),  # the module line
    ("*/golang/mod/testdata/*", "go:stdlib", WHY_STDLIB),
    ("*/julia/manifest/testdata/primary/*", "julia:*", WHY_STDLIB),
    ("*/julia/manifest/testdata/shadowed_dep_v1.9/*", "julia:*", WHY_STDLIB),
    ("*/julia/manifest/testdata/julia_v1.0_format/*", "julia:*", WHY_NOT_REGISTRY),  # path = "deps/Foo1"
    ("*/nodejs/npm/testdata/*workspace*", "npm:*", WHY_WORKSPACE),
    ("*/nodejs/npm/testdata/*without_root_deps_field*", "npm:func1", WHY_WORKSPACE),
    ("*/nodejs/bun/testdata/*multiple_ws*", "npm:my-*", WHY_WORKSPACE),
    ("*/nodejs/pnpm/testdata/*", "npm:*", WHY_NOT_REGISTRY),  # GitHub/codeload tarballs and file: entries
    ("*/swift/cocoapods/testdata/*", "cocoapods:*/*", WHY_SUBSPEC),
    ("*/dart/pub/testdata/*", "pub:flutter_test", WHY_NOT_REGISTRY),  # source: sdk
    ("*/python/pip/testdata/requirements_comments.txt", "pypi:jinja2",
     "'Jinja2==3.0.0#comment': pip starts a comment only after whitespace, so it refuses the line; depguard "
     "reports it as a problem"),
]


def _block(text: str, start: int) -> str:
    """The brace-balanced text from the ``{`` at ``start``."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start:i + 1]
    return text[start:]


def expectations(root: Path) -> tuple[dict[str, set[tuple[str, str]]], dict[str, str]]:
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    real: dict[str, str] = {}
    for folder, (eco, file_name) in FOLDERS.items():
        where = root / PARSERS / folder
        if not where.is_dir():
            continue
        texts = {p: p.read_text(encoding="utf-8", errors="replace") for p in sorted(where.glob("*.go"))}
        lists = {m.group("var"): {n.group("name") for n in NAME.finditer(_block(t, m.end() - 1))}
                 for t in texts.values() for m in VAR.finditer(t)}
        for path, text in texts.items():
            if not path.name.endswith("_test.go"):
                continue
            joined = [(m.start(), "f", "/".join(["testdata", *re.findall(r'"([^"]*)"', m.group("rest"))]))
                      for m in FIXTURE_JOIN.finditer(text)]
            inline = [(m.start(), "w", {n.group("name") for n in NAME.finditer(_block(text, m.end() - 1))})
                      for m in WANT_INLINE.finditer(text)]
            marks = sorted([(m.start(), "f", m.group(1)) for m in FIXTURE.finditer(text)] + joined + inline +
                           [(m.start(), "w", lists[m.group("var")]) for m in WANT.finditer(text) if m.group("var") in lists],
                           key=lambda mark: mark[0])
            fixture = None
            for _, kind, value in marks:
                if kind == "f":
                    fixture = value
                elif fixture is not None and value:
                    key = (where / fixture).relative_to(root).as_posix()
                    found[key] |= {(eco, n) for n in value}
                    real[key] = file_name
    return found, real


WHY_MODULE = "a module of the same multi-module build (its own POM in the tree): local, never looked up"
WHY_OWN_GROUP = ("in the project's own groupId, in a POM of a multi-module build (a parent or modules): a sibling "
                 "module; depguard's pom.xml reader does not ask Maven Central about it")
WHY_ELSEWHERE = ("declared in another POM (the parent, an imported BOM, or a dependency's own POM that trivy resolves "
                 "from its testdata/repository): depguard reads each POM of a tree for what that POM declares")


def pom_deliberate(root: Path, expected: dict[str, set[tuple[str, str]]]) -> list[tuple[str, str, str]]:
    """trivy resolves a POM the way Maven does (parents, imported BOMs, the dependencies' own POMs, modules) and
    lists the project itself; depguard reads what each file declares. For each pom fixture, an expected name
    the file does not declare is set apart with the reason that holds: the project itself, one of its modules,
    or a name declared in another POM. A name whose ``<artifactId>`` this file declares stays a real miss unless
    it is in the project's own groupId in a POM with a parent or modules (a sibling module, which the reader leaves
    out on purpose; a POM that builds alone has its own-group dependencies read)."""
    from depguard.errors import ParseError
    from depguard.parsers._xml import parse_xml

    out: list[tuple[str, str, str]] = []
    for fixture, names in expected.items():
        if "/java/pom/" not in fixture or not (root / fixture).is_file():
            continue
        text = (root / fixture).read_text(encoding="utf-8", errors="replace")
        try:
            project = parse_xml(text)
        except ParseError:
            continue
        own = project.child_text("artifactId")
        parent = project.child("parent")
        own_group = project.child_text("groupId") or (parent.child_text("groupId") if parent is not None else None)
        modules = set()
        for module in project.all("modules", "module"):
            for pom in (root / fixture).parent.joinpath(module.text).glob("**/pom.xml"):
                try:
                    modules.add(parse_xml(pom.read_text(encoding="utf-8", errors="replace")).child_text("artifactId"))
                except ParseError:
                    continue
        declared = {n.text for n in project.iter("artifactId")} - {own}
        for _eco, name in names:
            artifact = name.rsplit(":", 1)[-1]
            if artifact in declared and artifact not in modules:
                if name.rsplit(":", 1)[0] == own_group and (parent is not None or project.child("modules") is not None):
                    out.append((fixture, f"maven:{name}", WHY_OWN_GROUP))
                continue
            why = WHY_SELF if artifact == own else WHY_MODULE if artifact in modules else WHY_ELSEWHERE
            out.append((fixture, f"maven:{name}", why))
    return out


def measure(root: Path) -> dict:
    """The comparison for a trivy tree: its expectations, the fixed and the computed (pom) deliberate differences."""
    expected, real = expectations(root)
    return compare(root, expected, real, DELIBERATE + pom_deliberate(root, expected), ())


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("trivy", nargs="?", default=os.environ.get("DEPGUARD_TRIVY"))
    ap.add_argument("--detail", action="store_true")
    args = ap.parse_args(argv)
    if not args.trivy or not Path(args.trivy).exists():
        print("conformance_trivy: no trivy checkout given (argument or $DEPGUARD_TRIVY); nothing measured")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        root = tree_of(Path(args.trivy), Path(tmp), PARSERS)
        result = measure(root)
    print_report(result, args.detail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
