"""A Haskell package of the scanned tree is its own (``[own]`` of hackage's ecosystem.toml, own_packages.py): a
``build-depends`` on a package of the same project resolves to the local one, never to Hackage."""

from __future__ import annotations

from pathlib import Path

from tests.trees import scan, write


def test_a_sibling_package_of_the_project_is_the_trees_own(tmp_path: Path):
    # a cabal.project of two packages (the shape of PostgREST's vendor/hasql* and Ormolu's ormolu-live, held-out set
    # 280): app.cabal takes the sibling mylib-core (old-style `Name:` field) and its own internal library; a
    # `stack build` of the sibling builds the local one. Hackage names, a vendored package outside the project (PostgREST's
    # vendor/hasql, itself not scanned: cabal takes hasql from Hackage), an invented dependency and an invented
    # `cabal install` stay judged
    write(tmp_path, {
        "cabal.project": "packages: app mylib-core\n",
        "app/app.cabal": "cabal-version: 3.0\nname: my-app\nversion: 0.1\n\nlibrary\n  build-depends:\n"
                         "      base >=4 && <5\n    , mylib-core\n    , imagined-haskell-kit\n    , hasql\n\n"
                         "library internal-stuff\n  build-depends: base\n",
        "mylib-core/mylib-core.cabal": "Name:          mylib-core\nVersion: 0.1\nLibrary\n  Build-Depends: containers\n",
        "vendor/hasql/hasql.cabal": "name: hasql\nversion: 1.9\nlibrary\n  build-depends: bytestring\n",
        "scripts/build.sh": "stack build mylib-core\ncabal install imagined-haskell-tool\n",
    })
    assert sorted((m.location.path.rpartition("/")[2], m.key.name, m.origin.value)
                  for m in scan(tmp_path).mentions if m.key.ecosystem == "hackage") == [
        ("app.cabal", "base", "manifest"), ("app.cabal", "base", "manifest"), ("app.cabal", "hasql", "manifest"),
        ("app.cabal", "imagined-haskell-kit", "manifest"), ("build.sh", "imagined-haskell-tool", "command"),
        ("mylib-core.cabal", "containers", "manifest")]


def test_a_projects_entries_are_not_each_tried_on_every_package(tmp_path: Path, monkeypatch):
    # reviewer r38: every cabal.project entry was fnmatch'ed against every package of the tree, so 8,000 one-line
    # packages and a project of 8,000 entries took 45 s; plain entries are now a set and the globs (at most MAX_GLOBS)
    # one pattern per kind. Globs and plain entries still take their packages in; a package no entry names is not own
    from depguard.ecosystems.hackage import own_packages

    n = 300
    tree = {f"p{i}/p{i}.cabal": f"name: p{i}\n" for i in range(n)}
    tree["libs/core/core.cabal"] = "name: imagined-core\n"
    tree["libs/extra/imagined-extra.cabal"] = "name: imagined-extra\n"
    tree["outside/outside.cabal"] = "name: imagined-outside\n"
    tree["cabal.project"] = ("packages: p0 p1/p1.cabal\n  libs/*/\n  libs/extra/*.cabal\n"
                             + "".join(f"  q{i}/*.cabal\n  r{i}\n" for i in range(n)))
    write(tmp_path, tree)
    files = [(tmp_path / rel, rel) for rel in tree if rel.endswith(".cabal")]
    calls = {"fnmatchcase": 0, "translate": 0}
    real = own_packages.fnmatch

    class Counting:
        @staticmethod
        def fnmatchcase(name: str, pattern: str) -> bool:
            calls["fnmatchcase"] += 1
            return real.fnmatchcase(name, pattern)

        @staticmethod
        def translate(pattern: str) -> str:
            calls["translate"] += 1
            return real.translate(pattern)

    monkeypatch.setattr(own_packages, "fnmatch", Counting)
    assert own_packages.defined_packages(files, 10**6) == {"p0", "p1", "imagined-core", "imagined-extra"}
    assert calls["fnmatchcase"] + calls["translate"] <= len(files) + own_packages.MAX_GLOBS  # 90,000 tries before
