"""js-imports: tree-sitter JS/TS imports, specifier rules, Vue/Svelte scripts, Deno specifiers."""

from __future__ import annotations

import pytest

from depguard.ecosystems import catalog
from depguard.ecosystems.npm import imports as js
from depguard.model import Origin
from depguard.parsers import Hints
from tests.trees import found, judged, write

from ._helpers import assert_registered, only_text_mention, parse_fixture, triples

FMT = "js-imports"


def imported(root) -> set[str]:
    """The registry names of every import a scan of the tree at ``root`` finds."""
    return {name for _, name in found(root, Origin.IMPORT)}


def judged_as_written(root, existing: set[str]) -> dict[str, tuple[str, str]]:
    """name as written -> (verdict, rule) of every finding, the names in ``existing`` existing, the rest missing."""
    return {f.mention.written: (f.verdict.value, f.rule) for f in judged(root, existing).findings}


@pytest.mark.parametrize(("fixture", "expected"), [
    pytest.param("empty.js", [], id="empty"),
    pytest.param("one.js", [("react", 1, 20)], id="one"),
    pytest.param("two.mjs", [("express", 1, 22), ("cors", 2, 23)], id="two"),
    pytest.param("comments.js", [("chalk", 4, 20)], id="comments-and-strings-are-not-imports"),
    pytest.param("forms.ts", [
        ("vite", 1, 30), ("zod", 2, 21), ("mixed-pkg", 3, 29), ("reexported", 4, 16), ("@scope/reexported", 5, 25),
        ("types-only", 6, 25), ("legacy-cjs", 7, 26), ("lazy-loaded", 8, 28), ("resolved-pkg", 9, 35),
        ("type-query", 10, 23),
    ], id="every-import-form"),
    pytest.param("skipped.js", [], id="builtins-paths-aliases-urls-templates-workspace"),
    pytest.param("subpaths.js", [
        ("lodash", 1, 23), ("@babel/core", 2, 20), ("plain-template", 3, 21), ("punycode", 4, 18),
        ("style-loader", 5, 20), ("css-loader", 5, 33), ("chunked", 6, 55),
    ], id="subpaths-templates-loaders-magic-comments"),
    pytest.param("component.tsx", [("mobx-react", 1, 27), ("react", 2, 26)], id="tsx-with-decorators"),
    pytest.param("flow.js", [("react", 2, 28), ("classnames", 3, 25)], id="flow-types-in-js"),
    pytest.param("broken.js", [("before-error", 1, 17), ("after-error", 3, 19)], id="syntax-error-elsewhere"),
    pytest.param("component.vue", [("axios", 6, 20), ("vue", 10, 22)], id="vue-script-blocks"),
    pytest.param("App.svelte", [("svelte", 6, 28), ("svelte", 7, 29), ("dayjs", 8, 22)], id="svelte-script-blocks"),
])
def test_js_fixture(fixture, expected):
    mentions, source = parse_fixture(FMT, f"js/{fixture}", Hints(local_packages=frozenset({"my-workspace-pkg"})))
    assert triples(mentions) == expected
    assert all(m.origin is Origin.IMPORT and m.parser == FMT and m.key.ecosystem == "npm" for m in mentions)
    assert all(m.location.end_column == m.location.column + len(m.written) for m in mentions)
    assert source.problems == []


def test_deno_specifiers_and_pinned_cdn_urls():
    mentions, _ = parse_fixture(FMT, "js/deno.ts")
    got = [(m.key.name, m.location.line, m.location.column, m.note) for m in mentions]
    expected = [("cowsay", 1, 26, "Deno npm: specifier"),
                ("canvas-confetti", 3, 38, "pinned CDN URL"),
                ("lodash-es", 4, 45, "pinned CDN URL")]
    if "jsr" in catalog():
        expected.insert(1, ("@luca/cases", 2, 32, "Deno jsr: specifier"))
    assert got == expected


def test_a_workers_import_scripts_name_packages_by_pinned_cdn_urls_only():
    # a web worker's or a Manifest V2 background page's importScripts() (held-out set 206's category): a pinned
    # jsDelivr/unpkg URL is the npm package it serves, an invented one included; a bare file name is a script beside
    # the worker (an extension's 'browser-polyfill.js'), and every argument is read, not only the first
    text = ('importScripts("https://cdn.jsdelivr.net/npm/pyodide@0.24.1/full/pyodide.js");\n'
            "importScripts('browser-polyfill.js', 'https://unpkg.com/zqxv-worker-kit@1.0.0/dist/x.js', '/lib/z.js');\n"
            "self.importScripts('https://cdn.jsdelivr.net/npm/comlink@4.4.1/dist/umd/comlink.js');\n"
            "importScripts('https://unpkg.com/unpinned/x.js', `https://unpkg.com/${name}@1/x.js`);\n")
    got = [(r.name, r.line, r.column, r.note) for r in js.import_refs(text, "javascript")]
    assert got == [("pyodide", 1, 45, "pinned CDN URL"), ("zqxv-worker-kit", 2, 57, "pinned CDN URL"),
                   ("comlink", 3, 50, "pinned CDN URL")]


@pytest.mark.parametrize(("spec", "expected"), [
    pytest.param("lodash/debounce", [("npm", "lodash", 0)], id="subpath"),
    pytest.param("@scope/pkg/sub/deep", [("npm", "@scope/pkg", 0)], id="scoped-subpath"),
    pytest.param("node:fs", [], id="node-prefix"),
    pytest.param("node:test", [], id="prefix-only-builtin"),
    pytest.param("test", [("npm", "test", 0)], id="bare-test-is-npm"),
    pytest.param("fs/promises", [], id="builtin-subpath"),
    pytest.param("punycode/", [("npm", "punycode", 0)], id="trailing-slash-means-npm"),
    # Node's internal modules, which its tests (and readable-stream's copy of its test/common) require with
    # --expose-internals; an id Node does not have stays a subpath of npm's `internal` package
    pytest.param("internal/test/binding", [], id="node-internal-module"),
    pytest.param("internal/streams/utils", [], id="node-internal-stream-module"),
    pytest.param("internal/zqxv-made-up", [("npm", "internal", 0)], id="not-a-node-internal-module"),
    pytest.param("@/x", [], id="at-slash-alias"),
    pytest.param("@components", [], id="scope-without-name"),
    pytest.param("~/x", [], id="tilde-alias"),
    pytest.param("#x/y", [], id="subpath-import"),
    pytest.param("./x", [], id="relative"),
    pytest.param("/abs", [], id="absolute"),
    pytest.param("C:\\x", [], id="windows-path"),
    pytest.param("https://esm.sh/x", [], id="unpinned-url"),
    pytest.param("https://esm.sh/x@1.2.3/y", [("npm", "x", 15)], id="pinned-esm-sh"),
    pytest.param("https://cdn.jsdelivr.net/npm/@s/p@1/x.js", [("npm", "@s/p", 29)], id="pinned-jsdelivr-scoped"),
    pytest.param("https://deno.land/x/oak@v12/mod.ts", [], id="deno-land-x-is-not-npm"),
    pytest.param("npm:@s/p@^1/sub", [("npm", "@s/p", 4)], id="npm-scoped-with-subpath"),
    pytest.param("npm:/cowsay", [("npm", "cowsay", 5)], id="npm-slash"),
    pytest.param("jsr:@std/path@1", [("jsr", "@std/path", 4)], id="jsr"),
    pytest.param("jsr:unscoped", [], id="jsr-needs-a-scope"),
    pytest.param("bun:test", [], id="other-scheme"),
    pytest.param("-!a-loader!b-loader?x=1!pkg", [("npm", "a-loader", 2), ("npm", "b-loader", 11), ("npm", "pkg", 24)],
                 id="webpack-loader-chain"),
    pytest.param("pkg?worker", [("npm", "pkg", 0)], id="query-suffix"),
])
def test_specifier_rules(spec, expected):
    assert [(e, n, o) for e, n, o, _ in js.specifier_refs(spec)] == expected


def test_custom_aliases_from_hints():
    assert list(js.specifier_refs("@app/x", aliases=("@app/",))) == []
    assert [r[1] for r in js.specifier_refs("@app/x")] == ["@app/x"]


def test_jsr_mentions_only_when_the_catalog_has_jsr():
    refs = list(js.import_refs('import { x } from "jsr:@luca/cases@1";\n', "typescript"))
    assert [r.astuple() for r in refs] == [("jsr", "@luca/cases", 1, 24)]
    mentions, _ = parse_fixture(FMT, "js/deno.ts")
    assert any(m.key.ecosystem == "jsr" for m in mentions) == ("jsr" in catalog())


def test_builtins_are_data():
    assert {"fs", "path", "child_process", "fs/promises", "worker_threads"} <= js.node_builtins()
    assert "test" not in js.node_builtins() and "lodash" not in js.node_builtins()


@pytest.mark.parametrize(("path", "grammar"), [
    ("a.js", "javascript"), ("a.cjs", "javascript"), ("a.mjs", "javascript"), ("a.jsx", "javascript"),
    ("a.ts", "typescript"), ("a.mts", "typescript"), ("a.cts", "typescript"), ("a.tsx", "tsx"),
    ("answer.md", "tsx"),
])
def test_grammar_by_suffix(path, grammar):
    assert js.grammar_for(path) == grammar


def test_registered_patterns():
    assert_registered(FMT, "npm", ("a.js", "a.mjs", "a.cjs", "a.jsx", "a.ts", "a.mts", "a.cts", "a.tsx", "C.vue", "App.svelte"), "a.json")


def test_js_block_in_llm_text_is_read_for_imports():
    text = "Use:\n\n```ts\nimport fs from 'node:fs';\nimport { z } from 'zod/v4';\n```\n"
    m = only_text_mention(text)
    assert (m.key.name, m.location.line, m.location.column, m.origin) == ("zod", 5, 20, Origin.IMPORT)


def test_imports_of_dependencies_the_package_json_takes_from_elsewhere():
    # file:, link:, git and tarball dependencies are not npm names; an npm: alias names its package
    mentions, source = parse_fixture(FMT, "js-manifest/src/index.js", root="js-manifest")
    assert [(m.written, m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("react", "react", 1, 20),
        ("my-lodash", "lodash", 2, 23),
        ("vitest", "vitest", 7, 23),
        ("left-pad", "left-pad", 8, 19),
    ]
    assert mentions[1].note == "alias my-lodash of lodash"
    assert source.problems == []


def test_an_unreadable_package_json_beside_the_imports_changes_nothing(tmp_path):
    from depguard.ecosystems.npm import imports as javascript

    assert javascript.manifest_names("{ not json") == (frozenset(), {}, frozenset())
    assert javascript.manifest_names("[1, 2]") == (frozenset(), {}, frozenset())


def test_a_workspace_members_tests_resolve_the_roots_aliases_and_git_dependencies(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # socket.io: the root package.json declares "engine.io-client-v3": "npm:engine.io-client@^3.5.2" and
    # "uWebSockets.js": "github:uNetworking/uWebSockets.js#v20.56.0"; packages/engine.io/test/common.js requires both,
    # and Node finds them in the root's node_modules (its resolution walks every folder above the file)
    (tmp_path / "package.json").write_text(
        '{"private": true, "workspaces": ["packages/*"], "devDependencies": {'
        '"engine.io-client-v3": "npm:engine.io-client@^3.5.2", "uWebSockets.js": "github:uNetworking/uWebSockets.js#v20.56.0",'
        ' "shadowed": "github:someone/shadowed"}}\n')
    member = tmp_path / "packages/engine.io"
    (member / "test").mkdir(parents=True)
    (member / "package.json").write_text('{"name": "engine.io", "dependencies": {"shadowed": "^1.0.0"}}\n')
    (member / "test/common.js").write_text(
        'const client = require("engine.io-client-v3");\nconst { App } = require("uWebSockets.js");\n'
        'const s = require("shadowed");\nconst made = require("invented-socket-kit");\n')
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.written, m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    # the alias is judged as the package it names; the root's git dependency is not a registry name; the member's
    # own registry "shadowed" is found before the root's git one; an undeclared name is still judged
    assert imported == [("engine.io-client-v3", "engine.io-client"), ("invented-socket-kit", "invented-socket-kit"),
                        ("shadowed", "shadowed")]


def test_an_npm_alias_the_lockfile_installs_is_the_package_it_names(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # safe-wallet-web (held-out set 153): apps/web/src/services/onboard/ledger-module.ts imports 'ethers-v6' and
    # 'ethers-v5', which no package.json declares: @ledgerhq/device-signer-kit-ethereum depends on
    # "ethers-v6": "npm:ethers@6.13.4", and the root yarn.lock (berry, node-modules linker) installs the alias under
    # that name. An import of a name the lockfile never locks is still judged as written
    berry = ('__metadata:\n  version: 8\n  cacheKey: 10\n\n'
             '"@ledgerhq/device-signer-kit-ethereum@npm:^1.1.0":\n  version: 1.1.0\n'
             '  resolution: "@ledgerhq/device-signer-kit-ethereum@npm:1.1.0"\n  dependencies:\n'
             '    ethers-v5: "npm:ethers@^5.7.2"\n    ethers-v6: "npm:ethers@6.13.4"\n  languageName: node\n\n'
             '"ethers-v5@npm:ethers@^5.7.2, ethers@npm:5.7.2":\n  version: 5.7.2\n  resolution: "ethers@npm:5.7.2"\n\n'
             '"ethers-v6@npm:ethers@6.13.4, ethers@npm:6.13.4, ethers@npm:^6.13.4":\n  version: 6.13.4\n'
             '  resolution: "ethers@npm:6.13.4"\n')
    write(tmp_path, {
        "package.json": '{"private": true, "workspaces": ["apps/*"]}\n', "yarn.lock": berry,
        "apps/web/package.json": '{"name": "@safe-global/web", "dependencies": {"ethers": "^6.13.4"}}\n',
        "apps/web/src/ledger.ts": "import type { Transaction } from 'ethers-v6'\n"
                                  "const load = async () => (await import('ethers-v5')).BigNumber\n"
                                  "import { x } from 'ethers-v7'\nimport { y } from 'invented-ledger-kit'\n"})
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.written, m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("ethers-v5", "ethers"), ("ethers-v6", "ethers"), ("ethers-v7", "ethers-v7"),
                        ("invented-ledger-kit", "invented-ledger-kit")]


def test_an_npm_alias_a_package_lock_or_classic_yarn_lock_installs_is_the_package_it_names():
    from depguard.ecosystems.npm.locked_aliases import npm_lock_aliases, yarn_lock_aliases

    classic = ('# yarn lockfile v1\n\n\n"string-width-cjs@npm:string-width@^4.2.0", string-width@^4.1.0:\n'
               '  version "4.2.3"\n  resolved "https://registry.yarnpkg.com/string-width/-/string-width-4.2.3.tgz"\n\n'
               '"lodash-es5@npm:lodash@4":\n  version "4.17.21"\n\n"shadow@npm:other@1", shadow@^2:\n  version "1.0.0"\n')
    # a name also locked as itself (shadow@^2) may be the one hoisted: it stays itself
    assert yarn_lock_aliases(classic) == {"string-width-cjs": "string-width", "lodash-es5": "lodash"}
    lock = ('{"lockfileVersion": 3, "packages": {"": {"name": "app"}, "node_modules/ethers-v6": {"name": "ethers",'
            ' "version": "6.13.4"}, "node_modules/a/node_modules/deep-alias": {"name": "deep"},'
            ' "node_modules/plain": {"version": "1.0.0"}, "packages/m/node_modules/member-alias": {"name": "real"}}}')
    # an alias nested below another package is that package's, not the project's
    assert npm_lock_aliases(lock) == {"ethers-v6": "ethers", "member-alias": "real"}
    v1 = '{"lockfileVersion": 1, "dependencies": {"old-alias": {"version": "npm:real-pkg@1.0.0"}, "x": {"version": "1.0.0"}}}'
    assert npm_lock_aliases(v1) == {"old-alias": "real-pkg"}
    assert npm_lock_aliases("not json") == {} and yarn_lock_aliases("") == {}


def test_an_import_whose_name_says_it_does_not_exist_is_a_failure_input_unless_a_package_json_declares_it(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # rushstack's build-tests/localization-plugin-test-02/src/indexA.ts: the webpack build test imports a module that
    # must fail to resolve (`// @ts-expect-error` above it)
    test = tmp_path / "build-tests/localization-plugin-test-02"
    (test / "src").mkdir(parents=True)
    (test / "package.json").write_text('{"name": "localization-plugin-test-02", "private": true, '
                                       '"devDependencies": {"webpack": "5", "nonexistent-lib": "1"}}\n')
    (test / "src/indexA.ts").write_text(
        "import './chunks/a';\n// @ts-expect-error\nimport('non-existent')\n  .then(() => {})\n  .catch((e) => {});\n"
        "import('@scope/does-not-exist');\nimport('invented-helper-kit');\nimport 'nonexistent-lib';\n"
        "import 'existent-lib';\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = {m.key.name for m in out.mentions if m.origin is Origin.IMPORT}
    # a package.json declares nonexistent-lib: the import is judged with it; existent-lib says nothing of the kind
    assert imported == {"invented-helper-kit", "nonexistent-lib", "existent-lib"}


def test_ids_whose_words_say_they_are_not_installed_or_no_module_are_made_up_to_fail(tmp_path):
    # jest (held-out spot set 77): jest-config's preset test requires `library-that-is-not-installed`, the haste
    # example `fakeModuleName` (a capital starts a word as a separator does); `fakeredis`-like words alone, and
    # `notifications`, say nothing of the kind
    write(tmp_path, {"src/preset.test.js": (
        "require('library-that-is-not-installed');\nrequire('fakeModuleName');\nrequire('not-a-package');\n"
        "require('fakeredis');\nrequire('notifications-kit');\n")})
    assert imported(tmp_path) == {"fakeredis", "notifications-kit"}


def test_an_import_a_ts_ignore_comment_covers_is_optional_when_no_package_json_declares_it(tmp_path):
    # the Anthropic TypeScript SDK (held-out spot set 78), src/internal/types.ts: `/** @ts-ignore For users with
    # node-fetch@3 ... */` over a type-only `import('node-fetch.js')`: TypeScript silences the next line's errors, the
    # module's absence among them. Missing, it is a note (DG200); a line the comment does not cover stays judged
    write(tmp_path, {"src/types.ts": (
        "/** @ts-ignore For users with node-fetch@3 */ /* prettier-ignore */\n"
        "type A = NotAny<import('node-fetch.js').RequestInit>;\n"
        "// @ts-expect-error\nimport 'invented-optional-kit';\n\nimport 'invented-required-kit';\n")})
    assert judged_as_written(tmp_path, existing=set()) == {"node-fetch.js": ("allowed", "DG200"), "invented-optional-kit": ("allowed", "DG200"),
                   "invented-required-kit": ("missing", "DG001")}


def test_a_require_a_test_asserts_throws_is_the_tests_made_up_module(tmp_path):
    # jest's e2e/resolve/__tests__/resolve.test.js (held-out spot set 77): `expect(() => require('Test7')).toThrow(...)`
    # asserts the module cannot be loaded; chai's `expect(fn).to.throw()` and `assert.throws` say the same. A require
    # in an expect that does not assert a throw, and one the package.json declares, stay judged
    write(tmp_path, {
        "package.json": '{"name": "t", "devDependencies": {"declared-kit": "1"}}\n',
        "__tests__/resolve.test.js": (
            "test('x', () => {\n  expect(() => require('Test7')).toThrow(expect.objectContaining({code: 'MODULE_NOT_FOUND'}));\n"
            "  expect(function () { return require('chai-broken'); }).to.throw();\n"
            "  assert.throws(() => require('assert-broken'));\n"
            "  expect(() => require('declared-kit')).toThrow();\n"
            "  expect(require('kept-kit')).toBeDefined();\n});\n")})
    assert imported(tmp_path) == {"declared-kit", "kept-kit"}


def test_an_import_in_a_file_whose_name_says_it_requires_a_missing_module_is_a_tests_input(tmp_path):
    # jest's e2e/resolve/requiresUnexistingModule.js (held-out spot set 77): `require('nope')`, which resolve.test.js
    # expects to fail with "Cannot find module 'nope' from 'requiresUnexistingModule.js'": the file's own name says it
    # requires a module that does not exist. A name no registry has is a note there; a registered look-alike (a squat
    # of express), a declared name and the same require in a file of another name stay judged
    write(tmp_path, {
        "package.json": '{"name": "t", "devDependencies": {"declared-made-up": "1"}}\n',
        "e2e/resolve/requiresUnexistingModule.js": (
            "require('nope');\nrequire('expresss');\nrequire('declared-made-up');\n"),
        "e2e/resolve/requiresModule.js": "require('nope-too');\n",
        "src/missing_values.js": "require('invented-kit');\n"})
    assert judged_as_written(tmp_path, existing={"expresss"}) == {
        "nope": ("allowed", "DG200"), "expresss": ("suspicious", "DG002"), "declared-made-up": ("missing", "DG001"),
        "nope-too": ("missing", "DG001"), "invented-kit": ("missing", "DG001")}


def test_a_tools_file_named_for_missing_dependencies_is_judged(tmp_path):
    # r40's review of 1579fb7e: a file named for what it does about missing modules (a script installing or finding
    # them, a handler of one) is no test's input built to fail: its invented require stays DG001. The name must say the
    # file itself requires or imports the module (requiresUnexistingModule), and "missing", a tool's usual word, only
    # counts below a test folder
    write(tmp_path, {
        "package.json": '{"name": "t"}\n',
        "scripts/installMissingDeps.js": "require('invented-kit-one');\n",
        "src/missingModule.js": "require('invented-kit-two');\n",
        "src/importMissingModules.js": "require('invented-kit-three');\n",
        "e2e/requiresUnexistingModule.js": "require('nope');\n"})
    assert judged_as_written(tmp_path, existing=set()) == {
        "invented-kit-one": ("missing", "DG001"), "invented-kit-two": ("missing", "DG001"),
        "invented-kit-three": ("missing", "DG001"), "nope": ("allowed", "DG200")}


def test_says_missing_reads_unexisting_and_a_files_name_needs_the_noun():
    from depguard.says_missing import file_says_it_requires_missing, says_missing

    assert says_missing("unexisting_module") and says_missing("unexistent") and not says_missing("unexpected")
    assert file_says_it_requires_missing("e2e/resolve/requiresUnexistingModule.js")
    assert file_says_it_requires_missing("tests/fixtures/import-missing-package.ts")
    assert not file_says_it_requires_missing("src/missing.js")
    assert not file_says_it_requires_missing("src/missing_values.js")
    assert not file_says_it_requires_missing("scripts/install-missing-deps.js")
    assert not file_says_it_requires_missing("src/importMissingModules.js")
    assert not file_says_it_requires_missing("src/missingModule.js")
    assert file_says_it_requires_missing("spec/withNonexistentDependency.js")


def test_an_id_require_resolve_looks_up_from_other_folders_is_another_projects_package(tmp_path):
    # jest's e2e/resolve-with-paths (held-out spot set 77): `require.resolve('mod', {paths: ['../dir']})` resolves
    # from the folders the option names (a CLI finding the user's eslint from their working directory does the
    # same): a name no registry has is a note; a registered one, and a plain require.resolve, stay judged
    write(tmp_path, {"src/find.js": (
        "const a = require.resolve('mod-made-up', {paths: ['../dir']});\n"
        "const b = require.resolve('left-pad', { paths: [process.cwd()] });\n"
        "const c = require.resolve('plain-made-up');\n")})
    assert judged_as_written(tmp_path, existing={"left-pad"}) == {"mod-made-up": ("allowed", "DG200"), "left-pad": ("ok", "DG000"),
                   "plain-made-up": ("missing", "DG001")}


def test_a_gjs_modules_gettext_system_and_cairo_are_gjs_modules(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # Foliate (held-out spot set 125): src/app.js imports 'gi://Gtk' and `{ gettext as _ } from 'gettext'`, GJS's own
    # ES module; npm's unrelated gettext read as a look-alike. A file importing no gi:// id, and an npm package or an
    # invented id in a GJS file, are still judged
    (tmp_path / "src").mkdir()
    (tmp_path / "src/app.js").write_text(
        "import Gtk from 'gi://Gtk'\nimport Adw from 'gi://Adw?version=1'\nimport { gettext as _ } from 'gettext'\n"
        "import System from 'system'\nimport Cairo from 'cairo'\nimport { marked } from 'marked'\n"
        "import { x } from 'invented-gjs-helper'\n")
    (tmp_path / "src/web.js").write_text("import { gettext } from 'gettext'\n// gi://Gtk in a comment is no import\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("app.js", "invented-gjs-helper"), ("app.js", "marked"), ("web.js", "gettext")]


def test_a_node_test_run_with_expose_internals_requires_nodes_internal_modules(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # Node's tests (and userland ports' copies: readable-stream's test/parallel, held-out spot set 229) start with
    # `// Flags: --expose-internals` and require lib/internal ids, some of which no Node release list has (a newer
    # Node's, a fork's); npm's unrelated `internal` package read as a look-alike of internmap. Without the flag line an
    # id Node v20 lacks is still judged as npm's `internal`, and an invented package beside it is judged too
    (tmp_path / "test").mkdir()
    (tmp_path / "test/test-x.js").write_text(
        "// Flags: --expose-internals --no-warnings\n'use strict';\nconst common = require('../common');\n"
        "const { kState } = require('internal/webstreams/zqxv_newer');\nconst y = require('zqxv-invented-js');\n")
    (tmp_path / "test/other.js").write_text("// no flags here: --expose-internals in prose\n"
                                            "const x = require('internal/webstreams/zqxv_newer');\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("other.js", "internal"), ("test-x.js", "zqxv-invented-js")]


def test_a_phantomjs_scripts_webpage_system_and_webserver_are_phantomjs_modules(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # lodash's test/test.js runs under PhantomJS too: `if (phantom && isModularize) { var page =
    # require('webpage').create(); … phantom.exit(…) }` and `phantom.args || require('system').args`; npm's unrelated
    # webpage read as a look-alike of webpack. A file that does not use PhantomJS's global still has them judged
    (tmp_path / "test").mkdir()
    (tmp_path / "test/test.js").write_text(
        "var phantom = root.phantom;\nif (phantom) {\n  var page = require('webpage').create();\n"
        "  var args = phantom.args || require('system').args;\n  phantom.exit(0);\n}\nvar _ = require('lodash');\n")
    (tmp_path / "test/other.js").write_text("var page = require('webpage');\n// phantom of the opera\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("other.js", "webpage"), ("test.js", "lodash")]


def test_a_firefox_add_on_sdk_modules_chrome_sdk_and_loader_ids_are_the_sdks(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # legacy Firefox add-ons built with the Add-on SDK (jpm/cfx; Firebug's SDK extensions, held-out set 206's probe):
    # `const options = require("@loader/options")` beside `const { Cu, Ci } = require("chrome")` and
    # `require("sdk/core/promise")` are the SDK loader's modules; npm lacks @loader/options (read as missing) and its
    # chrome, sdk and toolkit are unrelated packages. An npm package or an invented id in an SDK module, and the same
    # ids in a file that neither takes XPCOM from chrome nor requires an SDK API, are still judged
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib/main.js").write_text(
        'const options = require("@loader/options");\nconst { Cu, Ci } = require("chrome");\n'
        'const { defer } = require("sdk/core/promise");\nconst { Loader } = require("toolkit/loader");\n'
        'const _ = require("underscore");\nconst x = require("invented-sdk-helper");\n')
    (tmp_path / "lib/prefs.js").write_text(
        'var lo = require("@loader/options");\nlet sp = require(\'sdk/simple-prefs\');\n')
    (tmp_path / "lib/old.js").write_text('const { Locale } = require("api-utils/l10n/locale");\n'
                                         'const { rootURI } = require("@loader/unload");\n')
    (tmp_path / "lib/node.js").write_text(
        'const options = require("@loader/options");\nconst chrome = require("chrome");\n'
        'const s = require("sdk/made-up-api");\n')
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("main.js", "invented-sdk-helper"), ("main.js", "underscore"), ("node.js", "@loader/options"),
                        ("node.js", "chrome"), ("node.js", "sdk")]


def test_the_add_on_sdk_markers_xpcom_from_chrome_and_an_sdk_api():
    from depguard.ecosystems.npm.addon_sdk import addon_sdk_modules

    sdk = {"@loader/options", "chrome", "sdk"}
    assert sdk <= addon_sdk_modules('const { Cc, Ci, Cu } = require("chrome");')
    assert sdk <= addon_sdk_modules("var {Cu} =\n  require('chrome');\nCu.import(x);")
    assert sdk <= addon_sdk_modules('require("chrome").Cu.import("resource://gre/modules/Services.jsm");')
    assert sdk <= addon_sdk_modules('const { Class } = require("sdk/core/heritage");')
    assert not addon_sdk_modules('const chrome = require("chrome");\nconst { foo } = require("chrome");')
    assert not addon_sdk_modules('const s = require("sdk/made-up-api");\nconst t = require("sdkx/tabs");')
    # an open brace before many XPCOM names and no destructuring (benchmarks/crafted_inputs.py times this shape)
    assert not addon_sdk_modules("require('chrome')\n{" + " Cc" * 5000)


def test_a_quarto_scripts_stdlib_ids_are_quartos_deno_standard_library(tmp_path):
    # quarto-web (held-out set 217): _tools/publish-date.ts, run by `quarto run`, imports "stdlib/path", the Deno
    # standard library Quarto's import map gives its scripts (docs/projects/scripts.qmd: `import { parse } from
    # "stdlib/yaml"; // Quarto 1.6 syntax`); read as npm's missing stdlib. A `quarto run` shebang marks a script outside
    # a project too. An npm package or an invented id in such a script, the same id in a Node package inside the
    # Quarto project, and in a tree with no Quarto project, are still judged
    write(tmp_path / "site", {
        "_quarto.yml": "project:\n  type: website\n",
        "_tools/publish-date.ts": 'import * as path from "stdlib/path";\nimport { parse } from "stdlib/yaml";\n'
                                  'import { marked } from "marked";\nimport x from "invented-quarto-helper";\n',
        "_extensions/gallery/_extension.yml": "title: Gallery\n",
        "_extensions/gallery/make.ts": 'import { expandGlob } from "stdlib/fs";\n',
        "_tools/screenshots/package.json": '{"name": "shots", "dependencies": {"playwright": "1.0.0"}}\n',
        "_tools/screenshots/shoot.ts": 'import { join } from "stdlib/path";\n'})
    write(tmp_path / "node", {"src/app.ts": 'import { join } from "stdlib/path";\n',
                              "bin/tool.ts": '#!/usr/bin/env -S quarto run\nimport { parse } from "stdlib/flags";\n'})
    imported = {(path.split("/", 1)[1], name) for path, name in found(tmp_path, Origin.IMPORT)}
    assert imported == {("_tools/publish-date.ts", "marked"), ("_tools/publish-date.ts", "invented-quarto-helper"),
                        ("_tools/screenshots/shoot.ts", "stdlib"), ("src/app.ts", "stdlib")}


def test_imports_of_an_openharmony_package_are_ohpms_not_checked_and_an_npm_package_beside_it_is_judged(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # sherpa-onnx (held-out spot set 162): harmony-os/SherpaOnnxHar is an OpenHarmony project (oh-package.json5,
    # installed by ohpm); its hvigorfile.ts build scripts import hvigor's plug-in '@ohos/hvigor-ohos-plugin', which
    # npm does not have (a false "missing"). A package.json nearer than the oh-package.json5, and a file outside the
    # project, are npm's and judged
    write(tmp_path, {
        "harmony-os/App/oh-package.json5": '{\n  "name": "app",\n  "dependencies": {}\n}\n',
        "harmony-os/App/hvigorfile.ts": "import { appTasks } from '@ohos/hvigor-ohos-plugin';\n",
        "harmony-os/App/entry/hvigorfile.ts": "import { hapTasks } from '@ohos/hvigor-ohos-plugin';\n",
        "harmony-os/App/tools/package.json": '{"name": "tools", "dependencies": {"invented-ohos-toolz": "1"}}\n',
        "harmony-os/App/tools/run.ts": "import x from 'invented-ohos-toolz';\n",
        "web/main.ts": "import { y } from '@ohos/hvigor-ohos-plugin';\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imports = {(m.location.path.split(str(tmp_path) + "/")[1], m.key.name, bool(m.example and m.example.unchecked))
               for m in out.mentions if m.origin is Origin.IMPORT}
    assert imports == {("harmony-os/App/hvigorfile.ts", "@ohos/hvigor-ohos-plugin", True),
                       ("harmony-os/App/entry/hvigorfile.ts", "@ohos/hvigor-ohos-plugin", True),
                       ("harmony-os/App/tools/run.ts", "invented-ohos-toolz", False),
                       ("web/main.ts", "@ohos/hvigor-ohos-plugin", False)}


def test_an_adobe_uxp_plug_ins_host_modules_are_the_hosts_for_the_applications_its_manifest_names(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # AdobeDocs/uxp-photoshop-plugin-samples (held-out spot set 243): vanilla-js-sample/index.js beside its UXP manifest
    # (`"host": [{"app": "PS", ...}]`) has `const app = require("photoshop").app;` and `require("uxp")`; the bundled
    # cross-compatible-js-sample builds src/index.js into plugin/, whose manifest names PS and XD, and requires XD's
    # `scenegraph` and `application` too. The host gives those modules (npm's photoshop, uxp, scenegraph and application
    # are unrelated packages). An invented id in a plug-in's script, an app the manifest does not name (InDesign's
    # module in a Photoshop plug-in), and the same ids under a manifest that is no UXP one are still judged
    write(tmp_path, {
        "vanilla/manifest.json": '{"id": "com.example.vanilla", "manifestVersion": 5,\n'
                                 ' "host": [{"app": "PS", "minVersion": "23.0.0"}], "entrypoints": []}\n',
        "vanilla/index.js": 'const app = require("photoshop").app;\nconst { entrypoints } = require("uxp");\n'
                            'const x = require("zqxv-invented-ps-helper");\nconst id = require("indesign");\n',
        "cross/package.json": '{"name": "cross", "devDependencies": {"webpack": "^5.0.0"}}\n',
        "cross/plugin/manifest.json": '{"host": [{"app": "PS"}, {"app": "XD", "minVersion": "36.0.0"}]}\n',
        "cross/src/index.js": 'import { app } from "photoshop";\nconst sg = require("scenegraph");\n'
                              'const a = require("application");\n',
        "web/manifest.json": '{"name": "A web app", "short_name": "app", "host": "example.com", "start_url": "."}\n',
        "web/main.js": 'const app = require("photoshop");\nconst u = require("uxp");\n',
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.split("/")[-2], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("vanilla", "indesign"), ("vanilla", "zqxv-invented-ps-helper"), ("web", "photoshop"),
                        ("web", "uxp")]


def test_a_plug_in_manifest_names_its_hosts_modules(tmp_path):
    from depguard.ecosystems.npm.plugin_hosts import _host_modules
    from depguard.fsview import FileView, using

    xd = {"uxp", "scenegraph", "application", "commands", "clipboard", "interactions", "assets", "cloud", "viewport"}
    cases = {
        "one.json": ('{"host": {"app": "XD", "minVersion": "13.0"}}', xd),
        "list.json": ('{"host": [{"app": "ID"}, {"app": "premierepro"}]}', {"uxp", "indesign", "premierepro"}),
        "other.json": ('{"host": [{"app": "AEFT"}], "name": "x"}', set()),
        "web.json": ('{"host": "example.com"}', set()),
        "broken.json": ('{"host": [', set()),
        "express.json": ('{"requirements": {"apps": [{"name": "Express", "apiVersion": 1}]}}',
                         {"add-on-sdk-document-sandbox", "express-document-sdk"}),
        "other-app.json": ('{"requirements": {"apps": [{"name": "Acrobat"}]}}', set()),
        "sketch.json": ('{"commands": [{"name": "Run", "identifier": "run", "script": "./run.js"}]}', {"sketch"}),
        "chrome.json": ('{"manifest_version": 3, "commands": {"run": {"suggested_key": "Ctrl+R"}}}', set()),
    }
    with using(FileView(None)):
        for name, (text, modules) in cases.items():
            (tmp_path / name).write_text(text)
            assert _host_modules(str(tmp_path / name)) == modules, name


def test_an_express_add_ons_sandbox_and_a_sketch_plug_ins_modules_are_their_hosts(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # Adobe Express add-ons' document sandbox imports `add-on-sdk-document-sandbox` and `express-document-sdk`
    # (AdobeDocs/express-add-on-samples' per-element-metadata: src/manifest.json requires the Express app, its
    # src/sandbox/code.js imports both; npm has neither), and a Sketch plug-in's script requires `sketch` and
    # `sketch/dom` (npm's sketch is unrelated). An invented id beside them, and the same ids in a folder whose
    # manifest names no such host, are still judged
    write(tmp_path, {
        "addon/src/manifest.json": '{"manifestVersion": 2, "requirements": {"apps": [{"name": "Express"}]},\n'
                                   ' "entryPoints": [{"type": "panel", "documentSandbox": "sandbox/code.js"}]}\n',
        "addon/src/sandbox/code.js": 'import addOnSandboxSdk from "add-on-sdk-document-sandbox";\n'
                                     'import { editor } from "express-document-sdk";\nimport y from "zqxv-invented-addon";\n',
        "Run.sketchplugin/Contents/Sketch/manifest.json":
            '{"identifier": "com.example.run", "commands": [{"identifier": "run", "script": "run.js"}]}\n',
        "Run.sketchplugin/Contents/Sketch/run.js": "const sketch = require('sketch')\nconst { Document } = "
                                                   "require('sketch/dom')\nconst z = require('zqxv-invented-sk')\n",
        "site/manifest.json": '{"name": "site", "short_name": "s", "start_url": "."}\n',
        "site/app.js": "import { editor } from 'express-document-sdk'\nconst s = require('sketch')\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.split("/")[-2], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("Sketch", "zqxv-invented-sk"), ("sandbox", "zqxv-invented-addon"),
                        ("site", "express-document-sdk"), ("site", "sketch")]


def test_a_b2c_commerce_cartridges_scripts_take_dw_and_server_from_the_commerce_server(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # Shopify-Partners/shop-pay-sfcc-connector (held-out spot set 243): cartridges/int_shoppay/cartridge/ holds
    # int_shoppay.properties, and its scripts `require('dw/system/Transaction')` (B2C Commerce's Script API); SFRA's
    # controllers `require('server')`. npm's dw and server are unrelated packages. An invented id in a cartridge's
    # script, a `cartridge` folder without its descriptor, and a test's require of dw/… outside a cartridge are judged
    write(tmp_path, {
        "cartridges/int_x/cartridge/int_x.properties": "## cartridge.properties for cartridge int_x\ndemandware.cartridges.int_x.multipleLanguageStorefront=true\n",
        "cartridges/int_x/cartridge/scripts/helpers/a.js":
            "var Transaction = require('dw/system/Transaction');\nvar URLUtils = require('dw/web/URLUtils');\n"
            "var y = require('zqxv-invented-cartridge-helper');\n",
        "cartridges/int_x/cartridge/controllers/C.js": "var server = require('server');\n",
        "other/cartridge/scripts/b.js": "var Site = require('dw/system/Site');\n",
        "test/unit/a.test.js": "const Money = require('dw/value/Money');\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("a.js", "zqxv-invented-cartridge-helper"), ("a.test.js", "dw"), ("b.js", "dw")]


def test_the_folder_app_module_paths_add_path_adds_holds_the_files_own_modules(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # Shopify-Partners/shop-pay-sfcc-connector (held-out spot set 243): test/src/tests/unit/*.test.js call
    # `require('app-module-path').addPath(path.join(process.cwd(), '../cartridges'))` and then require
    # `int_shoppay/cartridge/scripts/…`, a folder of the tree's cartridges/. A name the added folder lacks, the same
    # require in a file that adds no path, and a call adding a folder the tree does not have are still judged
    write(tmp_path, {
        "cartridges/int_x/cartridge/scripts/a.js": "module.exports = {};\n",
        "cartridges/helpers.js": "module.exports = {};\n",
        "test/unit/a.test.js": "const path = require('path');\n"
                               "require('app-module-path').addPath(path.join(process.cwd(), '../cartridges'));\n"
                               "const a = require('int_x/cartridge/scripts/a');\nconst h = require('helpers');\n"
                               "const z = require('zqxv-invented-after-add-path');\n",
        "test/unit/b.test.js": "const a = require('int_x/cartridge/scripts/a');\n",
        "test/unit/c.test.js": "const amp = require('app-module-path');\namp.addPath(__dirname + '/zqxv_missing_dir');\n"
                               "const a = require('int_y/cartridge/scripts/a');\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("a.test.js", "app-module-path"), ("a.test.js", "zqxv-invented-after-add-path"),
                        ("b.test.js", "int_x"), ("c.test.js", "app-module-path"), ("c.test.js", "int_y")]


def test_a_wix_sites_velo_modules_and_its_backend_and_public_folders_are_the_platforms(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # 123formbuilder/wix-code (held-out spot set 243): http-functions.js exports `post_submit123FormData(request)` and
    # imports `wix-http-functions` and `wix-data`, Velo modules Wix gives a site's code (npm: none, or unrelated); a
    # page's code uses `$w.onReady(` and imports 'public/utils.js', the site's own folder; a Wix CLI site's backend
    # web module (wix.config.json at the root) imports 'wix-web-module'. An invented wix- name in a Velo file, and
    # wix-data in a file that is no Velo code, are judged
    write(tmp_path, {
        "forms/http-functions.js": "import {created, badRequest} from 'wix-http-functions';\nimport wixData from "
                                   "'wix-data';\nexport function post_submit(request) { return created({}); }\n",
        "site/wix.config.json": '{"siteId": "00000000-0000-0000-0000-000000000000", "uiVersion": "6"}\n',
        "site/src/backend/menu.web.js": "import { webMethod, Permissions } from 'wix-web-module';\n",
        "site/src/pages/Home.c1dmp.js": "import { add } from 'public/utils.js';\nimport x from 'wix-zqxv-invented';\n"
                                        "$w.onReady(function () { $w('#text1').text = 'hi'; });\n",
        "node/app.js": "const wixData = require('wix-data');\n",
        "node/users.js": "import wixData from 'wix-data';\nexport function get_user(id) { return id; }\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("Home.c1dmp.js", "wix-zqxv-invented"), ("app.js", "wix-data"), ("users.js", "wix-data")]


def test_a_salesforce_dx_projects_lightning_and_c_modules_are_the_platforms(tmp_path):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    # trailheadapps/easy-spaces-lwc (held-out set 243): its Lightning web components import 'lightning/navigation'
    # and the org's own 'c/errorPanel'; the LWC platform resolves both, and they passed as npm's unrelated lightning
    # and c packages. An invented package beside them, and the same ids outside a Salesforce DX project, are judged
    write(tmp_path, {
        "app/sfdx-project.json": '{"packageDirectories": [{"path": "force-app", "default": true}]}\n',
        "app/force-app/main/default/lwc/foo/foo.js":
            "import { LightningElement } from 'lwc';\nimport { NavigationMixin } from 'lightning/navigation';\n"
            "import { reduceErrors } from 'c/ldsUtils';\nimport z from 'zqxv-invented-lwc-helper';\n",
        "web/src/a.js": "import { NavigationMixin } from 'lightning/navigation';\nimport { x } from 'c/ldsUtils';\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.rsplit("/", 1)[-1], m.key.name) for m in out.mentions if m.origin is Origin.IMPORT)
    assert imported == [("a.js", "c"), ("a.js", "lightning"), ("foo.js", "lwc"), ("foo.js", "zqxv-invented-lwc-helper")]


def test_a_bare_id_a_web_pages_inline_import_map_maps_is_resolved_by_the_map(tmp_path):
    # held-out set 250: mcneel/rhino-developer-samples' compute/js/SampleBrepIsocurves: index.html's
    # <script type="importmap"> maps "rhinocompute" to unpkg's compute-rhino3d, and script.js (a module the page loads)
    # imports 'rhinocompute'. The map resolves it (the page reader judges the URLs' packages); an id the map does
    # not name, and the same id where no page beside or above maps it, stay judged
    page = ('<script type="importmap">\n{\n "imports": {\n  "three": "https://unpkg.com/three@0.144.0/build/three.module.js",\n'
            '  "rhinocompute": "https://www.unpkg.com/compute-rhino3d@0.13.0-beta/compute.rhino3d.module.js"\n }\n}\n'
            '</script>\n<script type="module" src="script.js"></script>\n')
    write(tmp_path, {
        "compute/js/Sample/index.html": page,
        "compute/js/Sample/script.js": "import * as THREE from 'three'\nimport { RhinoCompute } from 'rhinocompute'\n"
                                       "import kit from 'zqxv-compute-kit'\n",
        "other/app.js": "import { RhinoCompute } from 'rhinocompute'\n",
    })
    got = found(tmp_path, Origin.IMPORT)
    assert {name for path, name in got if path.endswith("script.js")} == {"zqxv-compute-kit"}
    assert ("other/app.js", "rhinocompute") in got
    assert ("compute/js/Sample/index.html", "three") in found(tmp_path, Origin.MANIFEST)  # the page's unpkg URL


def test_a_pages_import_maps_are_read_once_each_after_the_last_ones_end_tag(tmp_path):
    # each map runs from its start tag to the next </script, and the next map is looked for after that end tag: a page
    # of many start tags before one end tag is one map, read once (10824b74 re-read the rest of the page from each
    # start tag: 8,000 tags took 68 s); two maps, each closed, both count
    from depguard.ecosystems.npm._js_project import html_importmap_aliases

    many = tmp_path / "many.html"
    many.write_text('<script type="importmap">{"imports": {"a": "b"}}' * 200 + "</script>", encoding="utf-8")
    assert html_importmap_aliases(str(many), 10**8).exact == set()  # one map of 200 start tags: no JSON
    two = tmp_path / "two.html"
    two.write_text('<script type="importmap">{"imports": {"a": "https://x.example/a.js"}}</script>\n'
                   '<script type="importmap">{"imports": {"b/": "https://x.example/b/"}}</script>\n', encoding="utf-8")
    aliases = html_importmap_aliases(str(two), 10**8)
    assert (aliases.exact, aliases.prefixes) == ({"a"}, {"b"})


def test_a_typescript_to_lua_programs_undeclared_import_is_its_lua_hosts_module(tmp_path):
    from tests.trees import judged, verdicts

    # GlassBricks/FactorioTest (held-out set 273, game mods): mod/tsconfig.json has a "tstl" block (TypeScriptToLua,
    # compiled for Factorio) and "types": ["typed-factorio/runtime"], and mod/control/mod-select-gui.ts has
    # `import * as modGui from "mod-gui"`: Lua's require of Factorio's own mod-gui module, which typed-factorio declares;
    # npm has no such name (DG001). An undeclared id there is not checked when npm lacks it, and passes when npm has
    # it; a declared name npm lacks, and the same import in a TypeScript project without "tstl" (one whose tsconfig
    # extends a tstl one is a tstl program too), are judged as before
    write(tmp_path, {
        "mod/package.json": '{"devDependencies": {"typed-factorio": "^3.33.0", "zqxv-declared-lua-lib": "1.0.0"}}\n',
        "mod/tsconfig.json": '{\n  // comments are allowed\n  "compilerOptions": {"types": ["typed-factorio/runtime"]},\n'
                             '  "tstl": {"luaTarget": "5.2"},\n}\n',
        "mod/control/gui.ts": 'import * as modGui from "mod-gui"\nimport { x } from "zqxv-declared-lua-lib"\n'
                              'import { y } from "lodash"\n',
        "mod/release/tsconfig.json": '{"extends": "../tsconfig", "compilerOptions": {}}\n',
        "mod/release/r.ts": 'import * as util from "util-lua-host"\n',
        "web/package.json": '{"dependencies": {"react": "^18.0.0"}}\n',
        "web/tsconfig.json": '{"compilerOptions": {"types": ["node"]}}\n',
        "web/app.ts": 'import * as modGui from "mod-gui"\nimport React from "react"\n',
    })
    got = {k: v for k, v in verdicts(judged(tmp_path, {"typed-factorio", "lodash", "react"})).items() if k[0].endswith(".ts")}
    assert got == {
        ("mod/control/gui.ts", "mod-gui"): "not-checked",
        ("mod/control/gui.ts", "zqxv-declared-lua-lib"): "missing",
        ("mod/control/gui.ts", "lodash"): "ok",
        ("mod/release/r.ts", "util-lua-host"): "not-checked",
        ("web/app.ts", "mod-gui"): "missing",
        ("web/app.ts", "react"): "ok",
    }
