"""A lockfile entry of a package the tree defines: the registry's ok passes, a name it lacks is not checked."""

from __future__ import annotations

from pathlib import Path

from tests.trees import judged, write

FEED = "https://feed.example/npm/registry"


def _rush_tree(root: Path) -> None:
    # rushstack: the Rush autoinstaller common/autoinstallers/plugins locks the repository's own Rush plug-in (a
    # rush.json project) at the version the company feed served, and the released heft the build tools build with
    write(root, {
        "rush-plugins/rush-versions-plugin/package.json": '{"name": "@acme/rush-versions-plugin", "version": "0.1.18"}\n',
        "apps/heft/package.json": '{"name": "@acme/heft", "version": "1.2.0"}\n',
        "common/autoinstallers/plugins/package.json": (
            '{"name": "plugins", "private": true, "dependencies": {"@acme/rush-versions-plugin": "0.1.16", '
            '"@acme/heft": "1.1.0", "left-pad": "1.3.0", "invented-helper-kit": "1.0.0"}}\n'),
        "common/autoinstallers/plugins/pnpm-lock.yaml": (
            "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n"
            "      '@acme/rush-versions-plugin':\n        specifier: 0.1.16\n        version: 0.1.16\n"
            "      '@acme/heft':\n        specifier: 1.1.0\n        version: 1.1.0\n"
            "      left-pad:\n        specifier: 1.3.0\n        version: 1.3.0\n"
            "      invented-helper-kit:\n        specifier: 1.0.0\n        version: 1.0.0\n\npackages:\n\n"
            f"  '@acme/rush-versions-plugin@0.1.16':\n    resolution: {{integrity: sha1-pRylMSKCfYzdJ80CP4GQVpuubik=, "
            f"tarball: {FEED}/@acme/rush-versions-plugin/-/rush-versions-plugin-0.1.16.tgz}}\n\n"
            f"  '@acme/heft@1.1.0':\n    resolution: {{integrity: sha1-f/23byNSeLVYWHEBIxO+ORgI4Qs=, "
            f"tarball: {FEED}/@acme/heft/-/heft-1.1.0.tgz}}\n\n"
            "  left-pad@1.3.0:\n    resolution: {integrity: sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ==}\n\n"
            "  invented-helper-kit@1.0.0:\n    resolution: {integrity: sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ==}\n\n"
            "snapshots:\n\n  '@acme/rush-versions-plugin@0.1.16': {}\n\n  '@acme/heft@1.1.0': {}\n\n  left-pad@1.3.0: {}\n\n"
            "  invented-helper-kit@1.0.0: {}\n"),
    })


def test_a_locked_package_the_tree_defines_passes_when_npm_has_it_and_is_not_checked_when_it_lacks_it(tmp_path):
    _rush_tree(tmp_path)
    rep = judged(tmp_path, {"@acme/heft", "left-pad"})
    lock = "common/autoinstallers/plugins/pnpm-lock.yaml"
    got = {f.mention.written: (f.verdict.value, f.rule) for f in rep.findings if f.mention.location.path == lock}
    assert got["@acme/heft"] == ("ok", "DG000")  # the released own package npm serves: judged, and it passes
    assert got["left-pad"] == ("ok", "DG000")
    assert got["invented-helper-kit"] == ("missing", "DG001")  # a name the tree does not define stays judged
    verdict, rule = got["@acme/rush-versions-plugin"]  # the tree's own, which npm lacks: never a pass, never a note
    assert verdict not in ("ok", "allowed", "missing") and rule == "DG100"
    manifest = {f.mention.written for f in rep.findings
                if f.mention.location.path == "common/autoinstallers/plugins/package.json"}
    assert manifest == {"left-pad", "invented-helper-kit"}  # package.json: the tree's own names were already left out


def test_a_shadcn_registry_naming_the_monorepos_own_unreleased_packages_is_not_a_missing_name(tmp_path):
    # held-out set 90: visx's packages/visx-registry/registry.json lists @visx/a11y, @visx/chart and @visx/theme, the
    # monorepo's own packages (packages/visx-a11y, ...) at an unreleased 4.0.0 that npm answers 404 for; the items'
    # released dependencies are judged, and so is a name the tree does not define
    write(tmp_path, {
        "package.json": '{"name": "@visx/visx-monorepo", "private": true, "workspaces": ["packages/*"]}\n',
        "packages/visx-a11y/package.json": '{"name": "@visx/a11y", "version": "4.0.0"}\n',
        "packages/visx-axis/package.json": '{"name": "@visx/axis", "version": "4.0.0"}\n',
        "packages/visx-registry/package.json": (
            '{"name": "@visx/registry", "private": true, "dependencies": {"@visx/a11y": "workspace:*", '
            '"@visx/axis": "workspace:*", "react": "^19.0.0"}}\n'),
        "packages/visx-registry/registry.json": (
            '{\n  "$schema": "https://ui.shadcn.com/schema/registry.json",\n  "name": "visx",\n  "items": [\n'
            '    {"name": "line-chart", "type": "registry:block",\n'
            '     "dependencies": ["@visx/a11y", "@visx/axis", "react", "invented-chart-kit"]}\n  ]\n}\n'),
    })
    rep = judged(tmp_path, {"@visx/axis", "react"})
    got = {f.mention.written: (f.verdict.value, f.rule) for f in rep.findings
           if f.mention.location.path == "packages/visx-registry/registry.json"}
    assert got["@visx/axis"] == ("ok", "DG000")  # released: judged, and it passes
    assert got["react"] == ("ok", "DG000")
    assert got["invented-chart-kit"] == ("missing", "DG001")
    verdict, rule = got["@visx/a11y"]  # the tree's own, not yet on npm: never a pass, never missing
    assert verdict not in ("ok", "allowed", "missing") and rule == "DG100"
