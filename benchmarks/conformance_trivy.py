"""Conformance against aquasecurity/trivy's dependency-parser fixtures and the packages its tests expect.

    python benchmarks/conformance_trivy.py TRIVY [--detail]

TRIVY is a trivy checkout or a bare git directory (the ``fetch`` tool's ``/work/.mirror/aquasecurity+trivy/repo``);
``$DEPGUARD_TRIVY`` names it when the argument is left out; without either the runner says so and exits 0.
trivy is Apache-2.0; its files are read in place, nothing is copied into depguard.

trivy's parser tests pair a fixture (``"testdata/…"``) with a ``want…`` list of ``ftypes.Package`` values,
written inline or as a variable of the folder's ``*_testcase.go``; each ``Name: "…"`` of that list is an
expected name. The folder of the parser says the ecosystem and the file name the fixture stands for
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
WANT = re.compile(r"\bwant\w*\s*:\s*(?P<var>[A-Za-z_]\w*)\b(?!\s*\()")
VAR = re.compile(r"^\s*(?P<var>[A-Za-z_]\w*)\s*=\s*\[\]ftypes\.Package\{", re.M)
NAME = re.compile(r'\bName:\s*"(?P<name>[^"]+)"')
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
            marks = sorted([(m.start(), "f", m.group(1)) for m in FIXTURE.finditer(text)] +
                           [(m.start(), "w", m.group("var")) for m in WANT.finditer(text) if m.group("var") in lists])
            fixture = None
            for _, kind, value in marks:
                if kind == "f":
                    fixture = value
                elif fixture is not None:
                    key = (where / fixture).relative_to(root).as_posix()
                    found[key] |= {(eco, n) for n in lists[value]}
                    real[key] = file_name
    return found, real


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
        expected, real = expectations(root)
        result = compare(root, expected, real, DELIBERATE, ())
    print_report(result, args.detail)
    return 0


if __name__ == "__main__":
    sys.exit(main())
