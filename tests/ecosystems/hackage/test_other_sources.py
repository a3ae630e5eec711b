"""A cabal.project that adds package sources besides Hackage (a ``repository`` stanza, a ``source-repository-package``)
makes a name Hackage lacks not checked, never missing (cabal.py, :mod:`depguard.parsers.other_sources`)."""

from __future__ import annotations

from pathlib import Path

from tests.trees import judged, verdicts, write

APP = ("name: node\nlibrary\n  build-depends: base, cardano-ledger-core\n"
       "test-suite t\n  build-depends: base, imagined-haskell-kit\n")


def test_a_project_adding_a_package_repository_leaves_names_hackage_lacks_not_checked(tmp_path: Path):
    # cardano-node's shape (held-out set 280 probe): its cabal.project adds the Cardano Haskell Packages repository,
    # which serves the cardano-* packages Hackage never had; package.yaml (hpack) below it too
    write(tmp_path, {
        "cabal.project": "repository cardano-haskell-packages\n  url: https://chap.intersectmbo.org/\n\n"
                         "packages: node tool\n",
        "node/node.cabal": APP,
        "tool/package.yaml": "name: tool\nexecutables:\n  tool:\n    main: Main.hs\n    dependencies: [base, cardano-api]\n",
    })
    got = verdicts(judged(tmp_path, {"base"}))
    assert got == {("node/node.cabal", "base"): "ok", ("node/node.cabal", "cardano-ledger-core"): "not-checked",
                   ("node/node.cabal", "imagined-haskell-kit"): "not-checked", ("tool/package.yaml", "base"): "ok",
                   ("tool/package.yaml", "cardano-api"): "not-checked"}


def test_a_source_repository_package_counts_and_a_plain_project_keeps_names_missing(tmp_path: Path):
    write(tmp_path, {
        "with-git/cabal.project": "packages: .\n\nsource-repository-package\n  type: git\n"
                                  "  location: https://github.com/someone/ledger\n  tag: abc123\n",
        "with-git/node.cabal": APP,
        "plain/cabal.project": "packages: .\n",
        "plain/node.cabal": APP,
    })
    got = verdicts(judged(tmp_path, {"base"}))
    assert got[("with-git/node.cabal", "cardano-ledger-core")] == "not-checked"
    assert got[("plain/node.cabal", "cardano-ledger-core")] == "missing"
    assert got[("plain/node.cabal", "imagined-haskell-kit")] == "missing"
