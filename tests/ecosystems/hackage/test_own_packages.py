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
