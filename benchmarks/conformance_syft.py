"""Conformance against an independent suite: anchore/syft's cataloger fixtures and the packages its tests expect.

    python benchmarks/conformance_syft.py SYFT [--json OUT] [--detail]

SYFT is a syft checkout or a bare git directory (the ``fetch`` tool's ``/work/.mirror/anchore+syft/repo``);
``$DEPGUARD_SYFT`` names it when the argument is left out, and the runner says so and exits 0 when neither is
there. syft is Apache-2.0; nothing of it is copied into depguard: its files are read in place (a bare git
directory is read through ``git archive`` into a temporary folder).

What is compared: syft's Go tests pair a fixture (``"testdata/…"``) with the packages they expect, written as
``PURL: "pkg:<type>/<namespace>/<name>@…"``. Each PURL is given to the fixture it follows in the same test
function (or to the function's only fixture). The fixture (a file, or every file of a folder) is parsed with the
parsers depguard would choose for its file name (``depguard.parsers.formats_for``, source-import readers left
out), and the names compared after each ecosystem's own normalisation, per file name. Fixtures named after no
format depguard claims are counted apart ("not claimed"); expected names of PURL types depguard has no
ecosystem for are not counted.

Differences depguard makes on purpose are listed in ``DELIBERATE`` with the reason (``--detail`` prints each);
what remains is printed as "real misses" (expected, not found) and "extra" (found, not expected: a wrong name,
or a name syft does not report, such as unpinned requirements and manifests' dependencies; reviewed by hand in
README.md).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path, PurePosixPath
from urllib.parse import unquote

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from depguard.discover import bom_text  # noqa: E402
from depguard.ecosystems import catalog  # noqa: E402
from depguard.errors import ParseError  # noqa: E402
from depguard.parsers import Source, formats_for  # noqa: E402

CATALOGERS = "syft/pkg/cataloger"
PURL_TYPES = {  # PURL type -> depguard ecosystem
    "pypi": "pypi", "npm": "npm", "gem": "rubygems", "cargo": "cargo", "golang": "go", "maven": "maven",
    "composer": "composer", "hex": "hex", "nuget": "nuget", "pub": "pub", "cocoapods": "cocoapods",
    "swift": "swift", "hackage": "hackage", "cran": "cran", "cpan": "cpan", "conda": "conda", "github": "github-actions",
}
FIXTURE = re.compile(r'"(testdata/[^"\s]+)"')
PURL = re.compile(r'PURL:\s*"(pkg:[^"]+)"')

# syft's test file -> the file name its fixtures stand for (fixtures are often named after the case:
# "package-lock-2.json", "multiline-split-setup.py"); a fixture of such a test is
# read under this one (always: "workflow-multi-job.yaml" is claimed by the Kubernetes reader under its own
# name), as the shared harness reads its corpus under the ``format`` field.
REAL_NAMES = {
    "parse_package_lock_test.go": "package-lock.json", "parse_package_json_test.go": "package.json",
    "parse_yarn_lock_test.go": "yarn.lock", "parse_pnpm_lock_test.go": "pnpm-lock.yaml",
    "parse_bun_lock_test.go": "bun.lock", "parse_deno_lock_test.go": "deno.lock",
    "parse_setup_test.go": "setup.py", "parse_requirements_test.go": "requirements.txt",
    "parse_pipfile_lock_test.go": "Pipfile.lock", "parse_poetry_lock_test.go": "poetry.lock",
    "parse_pdm_lock_test.go": "pdm.lock", "parse_uv_lock_test.go": "uv.lock",
    "parse_cargo_lock_test.go": "Cargo.lock", "parse_go_mod_test.go": "go.mod",
    "parse_package_resolved_test.go": "Package.resolved", "parse_podfile_lock_test.go": "Podfile.lock",
    "parse_pubspec_lock_test.go": "pubspec.lock", "parse_pubspec_test.go": "pubspec.yaml",
    "parse_gemfile_lock_test.go": "Gemfile.lock", "parse_composer_lock_test.go": "composer.lock",
    "parse_mix_lock_test.go": "mix.lock", "parse_packages_lock_test.go": "packages.lock.json",
    "parse_pom_xml_test.go": "pom.xml", "parse_gradle_lockfile_test.go": "gradle.lockfile",
    "parse_stack_lock_test.go": "stack.yaml.lock", "parse_stack_yaml_test.go": "stack.yaml",
    "parse_cabal_freeze_test.go": "cabal.project.freeze",
    "parse_workflow_test.go": ".github/workflows/ci.yml", "parse_composite_action_test.go": "action.yml",
}

# Differences on purpose: (fixture glob, "ecosystem:name" glob, why depguard does not report the name).
WHY_SELF = "the package the file describes (its own name): syft reports it, depguard reads what it depends on"
WHY_NOT_REGISTRY = "not from the registry (path, git, SDK or another host): depguard does not look it up"
DELIBERATE: list[tuple[str, str, str]] = [
    ("*/javascript/testdata/pkg-json/*", "npm:*", WHY_SELF),
    ("*/javascript/testdata/pkg-lock/*", "npm:*", WHY_SELF),  # root "" entry / top-level name of the lockfile
    ("*/javascript/testdata/yarn-berry/yarn.lock", "npm:c0n-fab_u.laTION", WHY_SELF),  # the workspace: root
    ("*/ruby/testdata/*.gemspec", "rubygems:*", WHY_SELF),
    ("*/dart/testdata/pubspecs/*", "pub:*", WHY_SELF),
    ("*/r/testdata/installed", "cran:*", WHY_SELF),  # DESCRIPTION of installed packages: they are the packages
    ("*/java/testdata/pom/*", "maven:org.anchore:example-java-app-maven", WHY_SELF),
    ("*/python/testdata/uv/*", "pypi:testpkg", WHY_SELF),  # the project's own editable entry
    ("*/ruby/testdata/Gemfile.lock", "rubygems:*", WHY_NOT_REGISTRY),  # PATH and GIT sections
    ("*/dart/testdata/pubspec_locks/*", "pub:*", WHY_NOT_REGISTRY),  # sdk: flutter, git key_binder, pub.hosted.org
    ("*/golang/testdata/go-mod-fixtures/relative-replace/*", "go:*", WHY_NOT_REGISTRY),  # replace => ../local
    ("*/javascript/testdata/yarn-dups/*", "npm:should-type", WHY_NOT_REGISTRY),  # resolved from a git URL
    ("*/javascript/testdata/yarn*/yarn.lock", "npm:something-i-made-up",
     "the resolved URL's folder and tarball name disagree (a crafted entry): depguard keeps the entry's declared "
     "name, c0n-fab_u.laTION"),
    ("*/swift/testdata/Podfile.lock", "cocoapods:*/*",
     "a subspec (Pod/Sub) is part of its pod: depguard reports the pod, which is the name CocoaPods' trunk knows"),
    ("*/python/testdata/requires/requirements.txt", "pypi:githubsampleproject",
     "'GithubSampleProject == 3.7.1 @ git+…' is not PEP 508 (a version and a URL): pip refuses it; depguard "
     "reports the line as a problem"),
    ("*/javascript/testdata/pnpm/pnpm-lock.yaml", "npm:*",
     "a trimmed fixture: these direct dependencies have no packages entry; depguard reads the resolved packages, "
     "where a real lockfile lists every installed package"),
]
NOT_FIXTURES = ("registry_response*.json",)  # recorded registry answers of syft's remote-licence tests


def purl_name(purl: str) -> tuple[str, str] | None:
    """(depguard ecosystem, package name) of a PURL, or None for a type depguard has no ecosystem for."""
    body = purl[4:].split("#", 1)[0].split("?", 1)[0]
    body = body.rsplit("@", 1)[0] if "@" in body.split("/")[-1] else body
    kind, _, rest = body.partition("/")
    eco = PURL_TYPES.get(kind.lower())
    if eco is None or not rest:
        return None
    parts = [unquote(p) for p in rest.split("/")]
    if eco == "maven":
        return (eco, ":".join(parts[-2:])) if len(parts) >= 2 else None
    if eco in ("pypi", "rubygems", "cargo", "hex", "nuget", "pub", "cocoapods", "hackage", "cran", "conda", "cpan"):
        return eco, parts[-1]
    return eco, "/".join(parts)


def expectations(root: Path) -> tuple[dict[str, set[tuple[str, str]]], dict[str, str]]:
    """fixture path (relative to the syft tree) -> expected (ecosystem, name), from every cataloger test;
    and fixture path -> the real file name it stands for (from the test file's name, where known)."""
    found: dict[str, set[tuple[str, str]]] = defaultdict(set)
    real: dict[str, str] = {}
    for test in sorted((root / CATALOGERS).rglob("*_test.go")):
        text = test.read_text(encoding="utf-8", errors="replace")
        for func in re.split(r"\nfunc ", text):
            fixtures = [(m.start(), m.group(1)) for m in FIXTURE.finditer(func)]
            if not fixtures:
                continue
            for m in PURL.finditer(func):
                named = purl_name(m.group(1))
                if named is None:
                    continue
                before = [f for pos, f in fixtures if pos < m.start()]
                if before:
                    fixture = before[-1]
                elif len({f for _, f in fixtures}) == 1:
                    fixture = fixtures[0][1]
                else:
                    continue  # ambiguous: the PURL precedes several fixtures
                key = (test.parent / fixture).relative_to(root).as_posix()
                found[key].add(named)
                if test.name in REAL_NAMES:
                    real[key] = REAL_NAMES[test.name]
    return found, real


def parse_file(path: Path, root: Path) -> tuple[set[tuple[str, str]], list[str], list[str]]:
    """Names depguard reads in one file, the formats that read it, and its problems."""
    rel = path.relative_to(root).as_posix()
    fmts = [f for f in formats_for(rel) if f.kind != "source"]
    names: set[tuple[str, str]] = set()
    problems: list[str] = []
    if not fmts:
        return names, [], problems
    data = path.read_bytes()
    text = bom_text(data) or data.decode("utf-8", errors="replace")  # as a scan reads it (UTF-16/32 with a BOM)
    for fmt in fmts:
        source = Source(path=rel, text=text, fs_path=path, root=root)
        try:
            names |= {(m.key.ecosystem, m.key.name) for m in fmt.parse(source)}
        except ParseError as exc:
            problems.append(str(exc))
        problems += [str(p.message) for p in source.problems]
    return names, [f.name for f in fmts], problems


def staged(path: Path, real: str, root: Path) -> Path:
    """A copy of ``path`` under its real file name, in a folder of its own below ``root``."""
    target = root / "_as" / path.relative_to(root).as_posix().replace("/", "__") / real
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(path.read_bytes())
    return target


def norm(eco: str, name: str) -> str:
    return catalog().key(eco, name).name


def compare(root: Path, expected_by_fixture: dict[str, set[tuple[str, str]]] | None = None,
            real_names: dict[str, str] | None = None, deliberate: list[tuple[str, str, str]] | None = None,
            not_fixtures: tuple[str, ...] = NOT_FIXTURES) -> dict:
    """Per file name: expected, found, deliberate, misses, extra (with the fixtures they come from). Without
    expectations, syft's are read from ``root``."""
    table: dict[str, dict] = defaultdict(lambda: {"expected": 0, "found": 0, "deliberate": [], "misses": [],
                                                  "extra": [], "fixtures": 0, "problems": []})
    unclaimed: dict[str, int] = defaultdict(int)
    if expected_by_fixture is None:
        expected_by_fixture, real_names = expectations(root)
    real_names = real_names or {}
    deliberate = DELIBERATE if deliberate is None else deliberate
    for fixture, expected in sorted(expected_by_fixture.items()):
        if any(fnmatch.fnmatch(PurePosixPath(fixture).name, p) for p in not_fixtures):
            continue
        path = root / fixture
        if path.is_file() and fixture in real_names and path.name != PurePosixPath(real_names[fixture]).name:
            path = staged(path, real_names[fixture], root)
        files = [path] if path.is_file() else sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else []
        read: set[tuple[str, str]] = set()
        claimed: list[str] = []
        problems: list[str] = []
        for f in files:
            names, fmts, probs = parse_file(f, root)
            if fmts:
                read |= names
                claimed.append(f.name)
                problems += [f"{f.relative_to(root)}: {p}" for p in probs]
        wanted = {(e, norm(e, n)) for e, n in expected if e in catalog()}
        if not claimed:
            unclaimed[PurePosixPath(fixture).name] += len(wanted)
            continue
        label = ", ".join(sorted(set(claimed))) if path.is_dir() else PurePosixPath(real_names.get(fixture, path.name)).name
        row = table[label]
        row["fixtures"] += 1
        row["problems"] += problems
        got = {(e, norm(e, n)) for e, n in read}
        for eco, name in sorted(wanted):
            row["expected"] += 1
            why = next((w for f, n, w in deliberate
                        if fnmatch.fnmatch(fixture, f) and fnmatch.fnmatchcase(f"{eco}:{name}".lower(), n.lower())), None)
            if (eco, name) in got:
                row["found"] += 1
            elif why:
                row["deliberate"].append((fixture, eco, name, why))
            else:
                row["misses"].append((fixture, eco, name))
        wanted_ecos = {e for e, _ in wanted}
        for eco, name in sorted(got - wanted):
            if eco in wanted_ecos or not wanted:
                row["extra"].append((fixture, eco, name))
    return {"formats": dict(table), "not_claimed": dict(unclaimed)}


def tree_of(given: Path, tmp: Path, folder: str = CATALOGERS) -> Path:
    """A syft work tree, or the cataloger folder of a bare git directory written out into ``tmp`` (a snapshot
    may lack its largest files: those are left out)."""
    if (given / folder).is_dir():
        return given
    git = ["git", "--git-dir", str(given)]
    listing = subprocess.run(git + ["ls-tree", "-r", "-z", "HEAD", folder], capture_output=True, check=True).stdout
    entries = []
    for item in listing.decode("utf-8", "replace").split("\0"):
        if item:
            meta, _, path = item.partition("\t")
            mode, kind, sha = meta.split()
            if kind == "blob" and mode != "120000":
                entries.append((sha, path))
    batch = subprocess.run(git + ["cat-file", "--batch"], input="".join(f"{sha}\n" for sha, _ in entries).encode(),
                           capture_output=True, check=True).stdout
    pos = 0
    for _sha, path in entries:
        end = batch.index(b"\n", pos)
        header = batch[pos:end].split()
        pos = end + 1
        if header[-1] == b"missing":
            continue
        size = int(header[2])
        target = tmp / "tree" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(batch[pos:pos + size])
        pos += size + 1
    return tmp / "tree"


def print_report(result: dict, detail: bool) -> None:
    print(f"{'file name':40} {'fixtures':>8} {'expected':>8} {'found':>6} {'deliberate':>10} {'misses':>6} {'extra':>6}")
    for label, row in sorted(result["formats"].items()):
        print(f"{label[:40]:40} {row['fixtures']:8} {row['expected']:8} {row['found']:6} {len(row['deliberate']):10} "
              f"{len(row['misses']):6} {len(row['extra']):6}")
        if detail:
            for fixture, eco, name in row["misses"]:
                print(f"    miss   {eco}:{name}  ({fixture})")
            for fixture, eco, name, why in row["deliberate"]:
                print(f"    apart  {eco}:{name}  ({fixture}): {why}")
            for fixture, eco, name in row["extra"]:
                print(f"    extra  {eco}:{name}  ({fixture})")
            for p in row["problems"]:
                print(f"    problem {p}")
    print("not claimed by any depguard format (file name: expected names):",
          ", ".join(f"{k}: {v}" for k, v in sorted(result["not_claimed"].items())))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("syft", nargs="?", default=os.environ.get("DEPGUARD_SYFT"))
    ap.add_argument("--json", type=Path)
    ap.add_argument("--detail", action="store_true", help="list every miss and extra name")
    args = ap.parse_args(argv)
    if not args.syft or not Path(args.syft).exists():
        print("conformance_syft: no syft checkout given (argument or $DEPGUARD_SYFT); nothing measured")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        result = compare(tree_of(Path(args.syft), Path(tmp)))
    print_report(result, args.detail)
    if args.json:
        args.json.write_text(json.dumps(result, indent=1, default=list), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
