"""What the scanned tree makes itself is declared per ecosystem (the ``[own]`` table of ``ecosystem.toml``,
read by depguard/scan.py): docker's images the tree builds (read by its own reader) and npm's workspace
package names in install commands are left out of the scan, and the engine names neither ecosystem."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard import scan
from depguard.config import Settings
from depguard.errors import ConfigError
from depguard.model import Origin
from depguard.scan import collect_paths, own_names, read_own


def test_docker_and_npm_declare_what_a_tree_makes_itself():
    declared = {own.ecosystem: own for own in own_names()}
    assert declared["docker"].hints == "local_images" and declared["docker"].reader == "_local_images:built_images"
    assert declared["docker"].origins is None
    assert declared["npm"].hints == "local_packages" and declared["npm"].origins == frozenset({Origin.COMMAND,
                                                                                                  Origin.LOCKFILE})
    assert declared["npm"].reader == "defined_names:defined_names"  # package.json/deno.json/jsr.json names


def test_an_image_the_tree_builds_and_a_package_it_defines_are_left_out_as_declared(tmp_path: Path, monkeypatch):
    (tmp_path / "package.json").write_text('{"name": "@acme/tool", "dependencies": {"@acme/tool": "1"}}\n')
    (tmp_path / "build.sh").write_text("docker build -t acme/api .\ndocker run acme/api\ndocker run redis\n"
                                       "npm install @acme/tool left-pad\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((m.key.ecosystem, m.key.name, m.origin.value) for m in out.mentions)
    assert ("docker", "library/redis", "command") in names and ("npm", "left-pad", "command") in names
    assert not [n for n in names if n[1] in ("acme/api", "library/acme/api")]
    assert ("npm", "@acme/tool", "command") not in names  # the tree's own package, in an install command
    monkeypatch.setattr(scan, "own_names", lambda: [])  # no declaration: nothing is the tree's own
    undeclared = {(m.key.ecosystem, m.key.name) for m in collect_paths([tmp_path], Settings(use_cache=False)).mentions}
    assert ("npm", "@acme/tool") in undeclared and ("docker", "acme/api") in undeclared


def test_a_lockfile_entry_of_a_package_the_tree_defines_is_its_own_as_the_manifests_dependency_is(tmp_path: Path):
    # rushstack: a Rush autoinstaller (common/autoinstallers/plugins) depends on the repository's own Rush plug-in,
    # a project of rush.json, at the version the company feed served; its package.json dependency was already the
    # tree's own (package_json.py), its pnpm-lock.yaml entry was judged and reported missing from npm
    (tmp_path / "rush-plugins/rush-versions-plugin").mkdir(parents=True)
    (tmp_path / "rush-plugins/rush-versions-plugin/package.json").write_text(
        '{"name": "@acme/rush-versions-plugin", "version": "0.1.18"}\n')
    auto = tmp_path / "common/autoinstallers/plugins"
    auto.mkdir(parents=True)
    (auto / "package.json").write_text('{"name": "plugins", "private": true, "dependencies": '
                                       '{"@acme/rush-versions-plugin": "0.1.16", "left-pad": "1.3.0"}}\n')
    feed = "https://feed.example/npm/registry"
    (auto / "pnpm-lock.yaml").write_text(
        "lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      '@acme/rush-versions-plugin':\n"
        "        specifier: 0.1.16\n        version: 0.1.16\n      left-pad:\n        specifier: 1.3.0\n"
        "        version: 1.3.0\n\npackages:\n\n"
        f"  '@acme/rush-versions-plugin@0.1.16':\n    resolution: {{integrity: sha1-pRylMSKCfYzdJ80CP4GQVpuubik=, "
        f"tarball: {feed}/@acme/rush-versions-plugin/-/rush-versions-plugin-0.1.16.tgz}}\n\n"
        "  left-pad@1.3.0:\n    resolution: {integrity: sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ==}\n\n"
        "  invented-helper-kit@1.0.0:\n    resolution: {integrity: sha512-XI5MPzVNApjAyhQzphX8BkmKsKUxD4LdyK24iZeQ==}\n\n"
        "snapshots:\n\n  '@acme/rush-versions-plugin@0.1.16': {}\n\n  left-pad@1.3.0: {}\n\n"
        "  invented-helper-kit@1.0.0: {}\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    locked = {m.key.name for m in out.mentions if m.origin is Origin.LOCKFILE}
    assert locked == {"left-pad", "invented-helper-kit"}  # a name the tree does not define stays judged
    assert not [m for m in out.mentions if m.key.name == "@acme/rush-versions-plugin"]


@pytest.mark.parametrize("table, says", [
    ([], "expected a table"),
    ({"hints": "no_such_fact"}, "whose hints names a set of parsers.Hints"),
    ({"hints": "python"}, "whose hints names a set"),
    ({"hints": "local_images", "colour": 1}, "expected a table"),
    ({"hints": "local_images", "origins": ["prose"]}, ".origins: expected a list of"),
])
def test_a_bad_own_table_is_an_error_naming_the_file(table, says):
    with pytest.raises(ConfigError, match=f"^x/ecosystem.toml: own.*{says}"):
        read_own("x", table, "x/ecosystem.toml: own")
