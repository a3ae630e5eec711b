"""Lockfile and manifest conformance over ../shared/corpora/lockfiles for crates.io, Go, Packagist, Maven,
NuGet, RubyGems, Pub, Hex and every ecosystem that declares its OSV name in its ecosystem.toml (ConanCenter).

Each fixture is copied into a temporary folder under its real file name (the ``format`` field), with its
``related_files`` beside it, and every depguard format that claims the file parses it. Recall is measured
over the packages the peer expects, except those depguard leaves out on purpose because they do not come
from the ecosystem's registry (listed in NOT_REGISTRY with the reason); those must NOT be reported.
"""

from __future__ import annotations

import json
import shutil
from collections import defaultdict
from pathlib import Path

import pytest

from depguard.ecosystems import catalog
from depguard.errors import ParseError
from depguard.parsers import Source, formats_for

# OSV ecosystem name (as expected.json writes it) -> depguard ecosystem; an ecosystem whose ecosystem.toml
# declares its OSV name (``osv = "ConanCenter"``) is measured here without an edit to this table
ECOSYSTEMS = {"crates.io": "cargo", "Go": "go", "Packagist": "composer", "Maven": "maven", "NuGet": "nuget",
              "RubyGems": "rubygems", "Pub": "pub", "Hex": "hex",
              **{e.data["osv"]: e.id for e in catalog() if isinstance(e.data.get("osv"), str)}}
# formats whose names are patterns or paths in expected.json -> the file name to copy the fixture to
FILE_NAMES = {"*.csproj": "example.csproj", "gradle/libs.versions.toml": "gradle/libs.versions.toml",
              "gradle/verification-metadata.xml": "gradle/verification-metadata.xml",
              "vendor/modules.txt": "vendor/modules.txt"}
# (fixture, expected name) -> why depguard does not ask the registry about it
NOT_REGISTRY = {
    ("crates.io/cargo/two-packages-with-local.lock", "local-rust-pkg"): "workspace crate (no source)",
    ("crates.io/cargo-toml/two-dependencies.toml", "hello_world"): "the crate itself",
    ("crates.io/cargo-toml/git-dependency-with-commit.toml", "hello_world"): "the crate itself",
    ("crates.io/cargo-toml/git-dependency-with-commit.toml", "regex"): "git dependency",
    ("Go/go/indirect-1.16.mod", "stdlib"): "Go standard library pseudo-package",
    ("Go/go/indirect-packages.mod", "stdlib"): "Go standard library pseudo-package",
    ("Go/go/toolchain.mod", "stdlib"): "Go standard library pseudo-package",
    ("Go/go/two-packages.mod", "stdlib"): "Go standard library pseudo-package",
    ("Go/go/replace-local.mod", "./fork/net"): "replaced by a local directory",
    ("Go/go-vendor/valid/vendor/modules.txt", "example.com/local"): "replaced by a local directory",
    ("Hex/mix/git.lock", "foe"): "git dependency",
    ("Hex/mix/git.lock", "foo"): "git dependency",
    ("Hex/mix/git.lock", "bar"): "git dependency",
    ("Packagist/composer/drupal-packages.json", "drupal/tfa"): "from packages.drupal.org",
    ("Packagist/composer/drupal-packages.json", "drupal/field_time"): "from packages.drupal.org",
    ("Pub/pub/source-git.lock", "flutter_rust_bridge"): "git source",
    ("Pub/pub/source-git.lock", "screen_retriever"): "git source",
    ("Pub/pub/source-git.lock", "tray_manager"): "git source",
    ("Pub/pub/source-git.lock", "window_manager"): "git source",
    ("RubyGems/bundler/has-git-gem.lock", "hanami-controller"): "GIT section",
    ("RubyGems/bundler/has-git-gem.lock", "hanami-utils"): "GIT section",
    ("RubyGems/bundler/has-local-gem.lock", "backbone-on-rails"): "PATH section",
    **{("NuGet/paket/paket.dependencies", n): "github file, not a NuGet package"
       for n in ("fsprojects/Paket", "fsharp/FAKE", "tpetricek/FSharp.Formatting")},
    **{("NuGet/paket/paket.lock", n): "GITHUB section, not a NuGet package" for n in ("fsprojects/Paket", "fsharp/FAKE")},
}


def _expected_name(name: str) -> str:
    # the peer's Go test builds one name by concatenation; the corpus kept the source text
    return name.replace('" + "', "").strip('"')


def _cases(shared: Path) -> list[tuple[str, dict]]:
    data = json.loads((shared / "corpora" / "lockfiles" / "expected.json").read_text())
    return sorted((k, v) for k, v in data.items() if k != "_meta" and v["ecosystem"] in ECOSYSTEMS)


def _run(shared: Path, tmp: Path, fixture: str, case: dict):
    base = shared / "corpora" / "lockfiles"
    target = tmp / FILE_NAMES.get(case["format"], case["format"])
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(base / fixture, target)
    paths = [target]
    for rel in case.get("related_files", []):
        other = target.parent / ("go.sum" if rel.endswith(".sum") else Path(rel).name)
        shutil.copyfile(base / rel, other)
        paths.append(other)
    found, errors = [], []
    for path in paths:
        shown = path.relative_to(tmp).as_posix()
        fmts = [f for f in formats_for(shown) if f.ecosystem == ECOSYSTEMS[case["ecosystem"]]]
        assert fmts, f"no format claims {shown}"
        for fmt in fmts:
            source = Source(shown, path.read_text(encoding="utf-8"), fs_path=path, root=tmp)
            try:
                found.extend(fmt.parse(source))
            except ParseError as exc:
                errors.append(str(exc))
            errors.extend(p.message for p in source.problems)
    return found, errors


def test_per_format_recall_is_complete(shared_dir, tmp_path, capsys):
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    failures = []
    for n, (fixture, case) in enumerate(_cases(shared_dir)):
        found, errors = _run(shared_dir, tmp_path / str(n), fixture, case)
        eco = catalog().get(ECOSYSTEMS[case["ecosystem"]])
        got = {m.key for m in found}
        if "expect_error" in case:
            if not errors:
                failures.append(f"{fixture}: expected an error or a problem, got none")
            continue
        for pkg in case["packages"]:
            name = _expected_name(pkg["name"])
            if (fixture, name) in NOT_REGISTRY:
                if eco.key(name) in got:
                    failures.append(f"{fixture}: {name} reported but is {NOT_REGISTRY[(fixture, name)]}")
                continue
            totals[case["format"]][1] += 1
            if eco.key(name) in got:
                totals[case["format"]][0] += 1
            else:
                failures.append(f"{fixture}: {name} not found")
    with capsys.disabled():
        print("\nper-format recall (registry packages):")
        for fmt, (hit, total) in sorted(totals.items()):
            print(f"  {fmt:36} {hit}/{total}")
    assert not failures, "\n".join(failures)


def test_every_mention_points_at_a_line_that_names_it(shared_dir, tmp_path):
    for n, (fixture, case) in enumerate(_cases(shared_dir)):
        if "expect_error" in case:
            continue
        found, _ = _run(shared_dir, tmp_path / str(n), fixture, case)
        for m in found:
            text = (tmp_path / str(n) / m.location.path).read_text(encoding="utf-8").splitlines()
            line = text[m.location.line - 1]
            written = m.written.split(":")[-1] if m.key.ecosystem == "maven" else m.written
            assert written in line, f"{fixture}: {m.written} at line {m.location.line}: {line!r}"


@pytest.mark.parametrize("fixture", ["Maven/maven/invalid-syntax.xml", "crates.io/cargo/not-toml.txt",
                                     "Packagist/composer/not-json.txt", "Pub/pub/not-yaml.txt", "Go/go/not-go-mod.txt",
                                     "NuGet/nuget/empty.v0.json"])
def test_unreadable_fixtures_raise_parse_errors(shared_dir, tmp_path, fixture):
    case = dict(_cases(shared_dir))[fixture]
    _, errors = _run(shared_dir, tmp_path, fixture, case)
    assert errors
