"""package.json: dependency kinds, specs that are not registry names, aliases, workspaces, exact lines."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.errors import ParseError
from depguard.parsers import Hints
from depguard.scan import collect_paths

from .conftest import FIXTURES


def test_every_dependency_kind_at_its_own_line(parse_fixture):
    # "eslint" and "left-pad" are also written earlier (description, scripts): the lines are the keys'
    parsed = parse_fixture("package.json", "package-json/all-kinds.json")
    assert parsed.names_lines == [
        ("left-pad", 9), ("@babel/core", 10), ("eslint", 13), ("react", 16), ("fsevents", 19),
        ("left-pad", 22), ("semver", 25), ("foo", 26), ("bar", 28), ("@types/node", 32),
    ]
    notes = [m.note for m in parsed.mentions]
    assert notes == [None, None, "devDependencies", "peerDependencies", "optionalDependencies",
                     "bundleDependencies", "overrides", "overrides", "overrides", "resolutions"]
    assert [m.spec for m in parsed.mentions][6:9] == ["7.5.4", "1.0.0", "2.0.1"]
    assert parsed.mentions[9].location.column == 9  # after "**/"


def test_only_registry_specs_are_mentions(parse_fixture):
    # git, git@, GitHub shorthand, http, file:, link:, paths (~/ too), workspace:, jsr:, an unknown protocol
    # (unsupported:~2.0.6) are skipped; the own
    # name too; a tilde range (~0.6.0) is a registry version
    parsed = parse_fixture("package.json", "package-json/specs.json")
    assert parsed.names_lines == [("string-width", 4), ("react", 15), ("lodash", 16), ("latest-thing", 17),
                                  ("star-thing", 18), ("tilde-range", 19)]
    alias = parsed.mentions[0]
    assert (alias.written, alias.spec, alias.note) == ("string-width-cjs", "^4.2.0", "alias string-width-cjs of string-width")
    assert parsed.mentions[2].spec == "4.17.21"


def test_comments_and_trailing_commas_are_tolerated(parse_fixture):
    assert parse_fixture("package.json", "package-json/snippet.jsonc").names_lines == [("express", 4)]


def test_empty_object(parse_fixture):
    assert parse_fixture("package.json", "package-json/empty.json").names_lines == []


@pytest.mark.parametrize("fixture, message", [
    ("package-json/not-json.txt", "not valid JSON"), ("package-json/array.json", "not a JSON object"),
], ids=["not JSON", "not an object"])
def test_not_this_format(parse_fixture, fixture, message):
    with pytest.raises(ParseError, match=message):
        parse_fixture("package.json", fixture)


def test_workspace_members_from_hints_are_local(parse_fixture):
    parsed = parse_fixture("package.json", "package-json/workspace/package.json",
                           hints=Hints(local_packages=frozenset({"@ws/a", "@ws/b"})))
    assert parsed.names_lines == [("lodash", 8)]


def test_workspace_members_are_read_beside_a_lone_file(tmp_path, parse_fixture):
    shutil.copytree(FIXTURES / "package-json" / "workspace", tmp_path / "ws")
    stray = tmp_path / "ws" / "packages" / "node_modules"  # matched by packages/*, but never a member
    stray.mkdir(parents=True)
    (stray / "package.json").write_text('{"name": "lodash"}')
    root = tmp_path / "ws" / "package.json"
    parsed = parse_fixture("package.json", "package-json/workspace/package.json", fs_path=root, root=root.parent)
    assert parsed.names_lines == [("lodash", 8)]  # the node_modules copy named lodash is not a member


def test_scan_of_a_workspace_tree_fills_the_hints(tmp_path, monkeypatch):
    shutil.copytree(FIXTURES / "package-json" / "workspace", tmp_path / "ws")
    monkeypatch.chdir(tmp_path / "ws")
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    found = sorted((m.location.path, m.key.name, m.location.line) for m in collected.mentions)
    assert found == [("package.json", "lodash", 8), ("packages/a/package.json", "chalk", 6)]


def test_scan_of_the_root_file_alone_still_knows_the_members(tmp_path, monkeypatch):
    shutil.copytree(FIXTURES / "package-json" / "workspace", tmp_path / "ws")
    monkeypatch.chdir(tmp_path / "ws")
    collected = collect_paths([Path("package.json")], Settings(use_cache=False))
    assert [(m.key.name, m.location.line) for m in collected.mentions] == [("lodash", 8)]


def test_pnpm_overrides_selectors_and_resolution_paths_name_the_overridden_package(parse_fixture):
    # pnpm.overrides "a>b" pins b under a; yarn resolutions "parent/child" pins child; "npm:^1.2.3" names
    # no package, so the entry's own name stands (never "^1.3.0"); a ">" in a version range is the range's
    # (mem0's "glob@>=10.2.0 <10.5.0" pins glob, never "=10.2.0 <10.5.0")
    parsed = parse_fixture("package.json", "package-json/override-selectors.json")
    assert parsed.names_lines == [("left-pad", 4), ("terser", 16), ("@types/react", 17), ("bar", 8),
                                  ("@scope/child", 9), ("qux", 10), ("glob", 11), ("chownr", 12)]
    by_name = {m.key.name: m for m in parsed.mentions}
    assert (by_name["left-pad"].spec, by_name["left-pad"].note) == ("^1.3.0", "npm: alias without a package name")
    assert by_name["bar"].location.column == 14  # the 'bar' after "foo@1>"
    assert by_name["terser"].location.column == 14  # the 'terser' after "webpack/"
    assert by_name["bar"].note == "pnpm.overrides"


def test_a_pnpm_catalog_npm_alias_names_the_package_it_aliases(tmp_path, monkeypatch):
    # nuxt/nuxt: packages/vite/package.json has "h3-next": "catalog:dev", pnpm-workspace.yaml's catalogs.dev has
    # h3-next: 'npm:h3@2.0.1-rc.22'; the source imports 'h3-next'. Both mean h3; plain catalog entries keep their name.
    files = {
        "pnpm-workspace.yaml": "packages:\n  - packages/*\ncatalog:\n  vite: ^7.1.0\ncatalogs:\n  dev:\n"
                               "    h3-next: 'npm:h3@2.0.1-rc.22' # pinned to match nitro\n    vitest: ^3.2.4\n",
        "packages/vite/package.json": '{\n  "name": "@nuxt/vite-builder",\n  "dependencies": {\n'
                                      '    "h3-next": "catalog:dev",\n    "vite": "catalog:"\n  },\n'
                                      '  "devDependencies": {\n    "vitest": "catalog:dev"\n  }\n}\n',
        "packages/vite/src/dev-server.ts": "import { H3 } from 'h3-next'\nimport { createServer } from 'vite'\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    found = sorted((m.location.path, m.written, m.key.name) for m in collected.mentions)
    assert found == [("packages/vite/package.json", "h3-next", "h3"), ("packages/vite/package.json", "vite", "vite"),
                     ("packages/vite/package.json", "vitest", "vitest"),
                     ("packages/vite/src/dev-server.ts", "h3-next", "h3"),
                     ("packages/vite/src/dev-server.ts", "vite", "vite")]


def test_a_dependency_on_a_package_of_the_tree_that_the_lockfile_fetches_is_still_the_manifests(tmp_path, monkeypatch):
    # plotly/dash: components/dash-core-components/package.json depends on "@plotly/dash-component-plugins": "^1.2.3",
    # a package the tree holds in @plotly/dash-component-plugins/ outside any workspace; its package-lock.json resolves
    # it from registry.npmjs.org with an integrity hash. npm fetches the release, so the manifest names a registry
    # package: reported (marked as the tree's own, as its lockfile entry is: ok passes, a missing one is not checked),
    # where it was dropped. A workspace member (linked, not fetched) stays the tree's own and unreported.
    files = {
        "@plotly/dash-component-plugins/package.json": '{"name": "@plotly/dash-component-plugins", "version": "1.2.3"}',
        "components/dcc/package.json": ('{"name": "dash-core-components", "dependencies": {\n'
                                        '  "@plotly/dash-component-plugins": "^1.2.3",\n  "ws-member": "^1.0.0"\n}}\n'),
        "components/dcc/package-lock.json": (
            '{"name": "dash-core-components", "lockfileVersion": 3, "packages": {\n'
            '  "": {"name": "dash-core-components"},\n'
            '  "node_modules/@plotly/dash-component-plugins": {"version": "1.2.3", "resolved": '
            '"https://registry.npmjs.org/@plotly/dash-component-plugins/-/dash-component-plugins-1.2.3.tgz", '
            '"integrity": "sha512-AAAA"},\n'
            '  "node_modules/ws-member": {"resolved": "../ws-member", "link": true}\n}}\n'),
        "components/ws-member/package.json": '{"name": "ws-member", "version": "1.0.0"}',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    manifest = [m for m in collected.mentions if m.location.path == "components/dcc/package.json"]
    assert [(m.key.name, m.location.line) for m in manifest] == [("@plotly/dash-component-plugins", 2)]
    assert manifest[0].example is not None and manifest[0].example.unchecked and manifest[0].example.ok_passes


def test_a_clib_manifest_names_github_repositories_not_npm_packages(parse_fixture):
    # llama.cpp's examples/gguf-hash/deps/sha256/package.json (held-out spot set 76) is clib's, the C package
    # manager's: "repo", "src" and dependencies keyed by GitHub owner/name; `jb55/rotate-bits.h` was an invalid npm
    # name (DG004). One npm name among them (left-pad) keeps the file npm's, its owner/name key still judged
    assert parse_fixture("package.json", "package-json/clib.json").names_lines == []
    assert parse_fixture("package.json", "package-json/repo-field-npm.json").names_lines == [("left-pad", 6),
                                                                                               ("corp/helper", 7)]


BACKSTAGE_APP = {
    ".yarnrc.yml": "nodeLinker: node-modules\nplugins:\n  - checksum: 0a1b\n    path: .yarn/plugins/@yarnpkg/plugin-backstage.cjs\n"
                   "    spec: 'https://versions.backstage.io/v1/releases/1.44.2/yarn-plugin'\nyarnPath: .yarn/releases/yarn-4.9.2.cjs\n",
    "backstage.json": '{\n  "version": "1.44.2"\n}\n',
    "packages/app/package.json": '{\n  "name": "app",\n  "private": true,\n  "dependencies": {\n'
                                 '    "@backstage/core-plugin-api": "backstage:^",\n    "@backstage/plugin-catalog-extras": "backstage:^",\n'
                                 '    "react": "^18.0.2"\n  },\n  "devDependencies": {\n    "@backstage/cli": "backstage:^",\n'
                                 '    "asap": "unsupported:~2.0.6"\n  }\n}\n',
}
BACKSTAGE_LOCK = (
    '# This file is generated by running "yarn install" inside your project.\n\n__metadata:\n  version: 8\n  cacheKey: 10c0\n\n'
    '"@backstage/cli@backstage:^::backstage=1.44.2&npm=0.34.4, @backstage/cli@npm:^0.34.4":\n  version: 0.34.4\n'
    '  resolution: "@backstage/cli@npm:0.34.4"\n  checksum: 10c0/ab12\n  languageName: node\n  linkType: hard\n\n'
    '"@backstage/core-plugin-api@backstage:^::backstage=1.44.2&npm=1.11.1":\n  version: 1.11.1\n'
    '  resolution: "@backstage/core-plugin-api@npm:1.11.1"\n  languageName: node\n  linkType: hard\n\n'
    '"app@workspace:packages/app":\n  version: 0.0.0-use.local\n  resolution: "app@workspace:packages/app"\n'
    '  languageName: unknown\n  linkType: soft\n\n'
    '"react@npm:^18.0.2":\n  version: 18.3.1\n  resolution: "react@npm:18.3.1"\n  languageName: node\n  linkType: hard\n')


def _app_mentions(tmp_path, monkeypatch, files: dict[str, str]) -> list[tuple[str, str]]:
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    return sorted((m.location.path, m.key.name) for m in collected.mentions if m.location.path.endswith("package.json"))


def test_a_yarn_plugins_protocol_that_the_lockfile_resolves_from_npm_names_a_registry_package(tmp_path, monkeypatch):
    # held-out set 98, RoadieHQ/roadie-backstage-plugins: every Backstage package is written "backstage:^" (the
    # Backstage Yarn plug-in picks the version of the release in backstage.json); yarn.lock resolves each such
    # descriptor to "@backstage/cli@npm:0.34.4". They were dropped as a protocol no package manager knows (66 of 154
    # dependencies of 6 package.json files unjudged). A name the lockfile lacks with that protocol is judged too
    # (invented here); a protocol the lockfile does not resolve from npm still names nothing.
    got = _app_mentions(tmp_path, monkeypatch, {**BACKSTAGE_APP, "yarn.lock": BACKSTAGE_LOCK})
    assert got == [("packages/app/package.json", "@backstage/cli"),
                   ("packages/app/package.json", "@backstage/core-plugin-api"),
                   ("packages/app/package.json", "@backstage/plugin-catalog-extras"),
                   ("packages/app/package.json", "react")]


def test_a_yarn_plugins_protocol_without_a_lockfile_that_resolves_it_names_nothing(tmp_path, monkeypatch):
    # the same app without a yarn.lock that resolves backstage: from npm: the protocol is unknown (as unsupported:),
    # nothing says where a package of it comes from, so its names are not read as registry packages
    lock = BACKSTAGE_LOCK.replace('resolution: "@backstage/cli@npm:0.34.4"', 'resolution: "@backstage/cli@workspace:cli"') \
        .replace('resolution: "@backstage/core-plugin-api@npm:1.11.1"', 'resolution: "@backstage/core-plugin-api@link:../api"')
    assert _app_mentions(tmp_path, monkeypatch, {**BACKSTAGE_APP, "yarn.lock": lock}) == [("packages/app/package.json", "react")]
    (tmp_path / "yarn.lock").unlink()
    assert _app_mentions(tmp_path, monkeypatch, BACKSTAGE_APP) == [("packages/app/package.json", "react")]


def test_a_pnpm_catalog_entry_no_registry_serves_makes_no_npm_name(tmp_path, monkeypatch):
    # fedify-dev/fedify: packages/amqp/package.json has "@std/assert": "catalog:", pnpm-workspace.yaml's catalog has
    # "@std/assert": "jsr:^1.0.13" (pnpm's jsr: protocol, as "jsr:^0.226.0" written in a package.json directly);
    # npm was asked for @std/assert and said 404; so it would be for an import of it. The catalog's plain ranges, a
    # name the catalog lacks, and the name declared from npm by a nearer package.json stay npm names.
    files = {
        "pnpm-workspace.yaml": "packages:\n- packages/*\ncatalog:\n  \"@std/assert\": \"jsr:^1.0.13\"\n"
                               "  left-pad: ^1.3.0\n  gitdep: github:user/gitdep#v1\n"
                               "catalogs:\n  test:\n    \"@std/async\": jsr:^1.0.13\n",
        "packages/amqp/package.json": '{\n  "name": "@fedify/amqp",\n  "devDependencies": {\n'
                                      '    "@std/assert": "catalog:",\n    "@std/async": "catalog:test",\n'
                                      '    "left-pad": "catalog:",\n    "gitdep": "catalog:",\n'
                                      '    "not-in-catalog-pkg": "catalog:"\n  }\n}\n',
        "packages/amqp/src/mq.test.ts": 'import { assert } from "@std/assert";\nimport { delay } from "@std/async";\n'
                                        'import lp from "left-pad";\nimport x from "@std/not-declared-here";\n',
        # a member declaring the same name from npm itself: its own package.json is nearer, so its import is npm's
        "packages/other/package.json": '{"name": "other", "dependencies": {"@std/assert": "^1.0.0"}}\n',
        "packages/other/index.js": 'const { assert } = require("@std/assert");\n',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    found = sorted((m.location.path, m.key.name, m.location.line) for m in collected.mentions)
    assert found == [("packages/amqp/package.json", "left-pad", 6),
                     ("packages/amqp/package.json", "not-in-catalog-pkg", 8),
                     ("packages/amqp/src/mq.test.ts", "@std/not-declared-here", 4),
                     ("packages/amqp/src/mq.test.ts", "left-pad", 3),
                     ("packages/other/index.js", "@std/assert", 1),
                     ("packages/other/package.json", "@std/assert", 1)]


def test_a_bun_catalog_in_the_workspace_root_package_json_decides_as_a_pnpm_catalog_does(tmp_path, monkeypatch):
    # Bun keeps its catalogs in the root package.json (inside "workspaces" or at its top); a probe of held-out set
    # 226's category (Bun monorepos): the alias "h3-next": "catalog:" (catalog entry 'npm:h3@2.0.1') was asked of npm
    # as h3-next, and a jsr: entry as its own name. Both now decide as pnpm-workspace.yaml's do; plain entries, a name
    # the catalog lacks and a named catalog's plain entry stay npm names.
    files = {
        "package.json": '{"name": "root", "private": true, "workspaces": {"packages": ["packages/*"],\n'
                        '  "catalog": {"h3-next": "npm:h3@2.0.1", "jsr-flag": "jsr:@luca/flag@^1", "react": "^19.0.0"},\n'
                        '  "catalogs": {"test": {"vitest": "^3.2.4"}}}}\n',
        "packages/web/package.json": '{"name": "web", "dependencies": {"h3-next": "catalog:", "jsr-flag": "catalog:",\n'
                                     '  "react": "catalog:", "vitest": "catalog:test", "absent-zq": "catalog:"}}\n',
        "packages/web/src/index.ts": "import { H3 } from 'h3-next';\nimport flag from 'jsr-flag';\nimport React from 'react';\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    found = sorted((m.location.path, m.written, m.key.name) for m in collected.mentions)
    assert found == [("packages/web/package.json", "absent-zq", "absent-zq"),
                     ("packages/web/package.json", "h3-next", "h3"), ("packages/web/package.json", "react", "react"),
                     ("packages/web/package.json", "vitest", "vitest"),
                     ("packages/web/src/index.ts", "h3-next", "h3"), ("packages/web/src/index.ts", "react", "react")]


def test_an_esy_manifests_opam_scope_names_opam_packages_not_npm_ones(parse_fixture):
    # esy takes a package.json's @opam/ dependencies from opam-repository (esy's docs, what-why.md); grain-lang/grain's
    # compiler (held-out set 280) declares @opam/dune, @opam/reason ... so. Its npm names stay judged, an invented one
    # too; without the "esy" field an @opam/ name is npm's (npm install asks the registry for it)
    assert parse_fixture("package.json", "package-json/esy.json").names_lines == [
        ("@esy-ocaml/reason", 9), ("ocaml", 11), ("imagined-esy-helper", 15)]
    assert parse_fixture("package.json", "package-json/opam-scope-npm.json").names_lines == [("@opam/dune", 4),
                                                                                               ("left-pad", 5)]


def test_an_absent_sibling_of_the_workspaces_own_scope_at_any_version_is_not_checked(tmp_path, monkeypatch):
    # cawa-93/vite-electron-builder (held-out set 292): packages/main/package.json depends on "@app/renderer": "*",
    # the workspace member that `npm run init` creates (packages/integrate-renderer renames the Vite app it scaffolds to
    # @app/renderer); the tree holds @app/main, @app/preload, @app/electron-versions. npm's 404 said it was missing
    # (DG001). It is now not checked (never a pass): the registry's ok still passes. A pinned range of the same scope,
    # "*" in a scope with one package of the tree and "*" in another scope stay judged.
    files = {
        "package.json": '{"name": "root", "private": true, "workspaces": ["packages/*"]}',
        "packages/preload/package.json": '{"name": "@app/preload"}',
        "packages/versions/package.json": '{"name": "@app/electron-versions"}',
        "packages/solo/package.json": '{"name": "@solo/one"}',
        "packages/main/package.json": ('{"name": "@app/main", "dependencies": {\n  "@app/preload": "*",\n'
                                       '  "@app/renderer": "*",\n  "@app/rendrer": "^1.0.0",\n  "@solo/two": "*",\n'
                                       '  "@other/renderer": "*"\n}}\n'),
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    monkeypatch.chdir(tmp_path)
    collected = collect_paths([Path(".")], Settings(use_cache=False))
    manifest = {m.key.name: m for m in collected.mentions if m.location.path == "packages/main/package.json"}
    assert sorted(manifest) == ["@app/renderer", "@app/rendrer", "@other/renderer", "@solo/two"]
    marked = manifest["@app/renderer"].example
    assert marked is not None and marked.unchecked and marked.ok_passes and "@app/" in marked.reason
    assert [manifest[n].example for n in ("@app/rendrer", "@other/renderer", "@solo/two")] == [None, None, None]


def test_an_absent_sibling_of_the_own_scope_that_npm_has_and_doubts_stays_judged():
    # reviewer r39: the mark made every verdict of "@app/renderer": "*" not checked, so a five-day-old package npm has
    # under that name (npm installs a sibling the workspace lacks from the registry: a scope the project does not own
    # there is dependency confusion) was DG100 instead of DG003. npm's 404 is still not checked, its ok passes
    from depguard.ecosystems.npm.package_json import own_scope_member
    from depguard.examples import as_note
    from depguard.model import Finding, Location, Mention, Origin, PackageKey, Verdict

    m = Mention(PackageKey("npm", "@app/renderer"), "@app/renderer", Location("packages/main/package.json", 3, 4),
                Origin.MANIFEST, "package.json", example=own_scope_member("@app/renderer"))
    young = Finding(m, Verdict.SUSPICIOUS, "DG003", ("first published 5 day(s) ago (threshold 30)", "only 1 release(s)"))
    assert as_note(young) is young
    assert as_note(Finding(m, Verdict.MISSING, "DG001", ("not on npm",))).verdict is Verdict.NOT_CHECKED
    ok = Finding(m, Verdict.OK, None, ())
    assert as_note(ok) is ok
