"""Module ids a JS/TS project resolves itself (depguard.ecosystems.npm._js_project), on a small monorepo fixture:
bundler aliases (object, array and regex forms; webpack's exact ``x$``), tsconfig ``paths`` through an
``extends`` chain and ``baseUrl``, ambient ``declare module``, package.json ``imports``, workspace packages,
ids a runtime or dev server provides, framework aliases and ``@types`` packages. What nothing resolves is
still reported."""

from __future__ import annotations

from depguard.ecosystems.npm._js_project import load_jsonc

from ._helpers import parse_fixture

FMT = "js-imports"


def judged(rel: str) -> list[tuple[str, str, int]]:
    mentions, source = parse_fixture(FMT, rel, root="js-project")
    assert source.problems == []
    return [(m.written, m.key.name, m.location.line) for m in mentions]


def test_ids_the_project_resolves_itself_are_not_registry_names():
    assert judged("js-project/packages/app/src/main.tsx") == [
        ("react", "react", 1),
        ("estree", "@types/estree", 2),  # only @types/estree is declared: TypeScript resolves it there
        ("some-ui-kit", "some-ui-kit", 16),  # declare module '*.css' describes files, not this package
        ("glittery-hooks", "glittery-hooks", 17),  # nothing resolves it: judged by the registry
        ("legacy-store", "legacy-store", 18),  # webpack's 'legacy-store$' is that id only, not legacy-store/extra
        ("@acme/shared", "@acme/shared", 19),  # the paths target packages/shared/src/scheduler does not exist
    ]


def test_an_alias_governs_the_files_below_its_config_only():
    # packages/app's vite alias '@components' does not reach packages/ui
    assert judged("js-project/packages/ui/src/index.ts") == [("clsx", "clsx", 1), ("@components/Button", "@components/Button", 2)]


def test_framework_aliases_count_where_the_framework_is_a_dependency():
    assert judged("js-project/docs-site/src/pages/index.jsx") == [
        ("@docusaurus/plugin-content-docs", "@docusaurus/plugin-content-docs", 5)]


def test_types_note_says_where_the_name_comes_from():
    mentions, _ = parse_fixture(FMT, "js-project/packages/app/src/main.tsx", root="js-project")
    assert mentions[1].note == "types of estree: the package.json declares @types/estree, not estree"


def test_ids_no_npm_package_can_have_are_not_reported(tmp_path):
    (tmp_path / "driver.js").write_text("import main from '__MAIN__'\nimport x from '.hidden'\nimport y from 'ok-pkg'\n")
    from depguard.parsers import Source, get_format

    path = tmp_path / "driver.js"
    source = Source(path="driver.js", text=path.read_text(), fs_path=path, root=tmp_path)
    assert [m.key.name for m in get_format(FMT).parse(source)] == ["ok-pkg"]


def test_tsconfig_is_json_with_comments_and_trailing_commas():
    assert load_jsonc('{\n  // c\n  "a": "http://x/*y*/", /* b */ "b": [1, 2,],\n}') == {"a": "http://x/*y*/", "b": [1, 2]}
    assert load_jsonc("{ not json") is None


def test_alias_regexes_that_could_backtrack_without_end_are_not_used():
    from depguard.ecosystems.npm._js_project import compile_alias_regex

    assert compile_alias_regex(r"^@icons\/(.*)$") is not None
    assert compile_alias_regex(r"^(react|react-dom)$") is not None
    for hostile in (r"^(a+)+$", r"^(\w*)*x", r"^(a|aa)*b", r"^(?<name>x)"):
        assert compile_alias_regex(hostile) is None, hostile


def test_a_bundler_call_beside_the_file_aliases_ids_for_it():
    # run.ts's esbuild.build({alias}) serves 'assert.js' (and '__MAIN__', no npm name anyway) to driver.js
    assert judged("js-project/packages/app/tests/browser/driver.js") == [
        ("react-dom", "react-dom", 3), ("made-up-helper", "made-up-helper", 4)]


def test_a_js_file_1100_folders_deep_is_read(tmp_path):
    from depguard.parsers import Source, get_format

    folders = [tmp_path]
    for _ in range(1100):  # deeper than Python's recursion limit
        folders.append(folders[-1] / "d")
        folders[-1].mkdir()
    (tmp_path / "types.d.ts").write_text("declare module 'acme-virtual'\n")
    path = folders[-1] / "index.js"
    path.write_text("import v from 'acme-virtual'\nimport x from 'real-pkg'\n")
    try:
        source = Source(path="index.js", text=path.read_text(), fs_path=path, root=tmp_path)
        assert [m.key.name for m in get_format(FMT).parse(source)] == ["real-pkg"]
    finally:  # pytest's own clean-up of tmp_path recurses once per level
        path.unlink()
        for folder in reversed(folders[1:]):
            folder.rmdir()


def _parsed(root, rel: str) -> list[str]:
    from depguard.parsers import Source, get_format

    path = root / rel
    source = Source(path=rel, text=path.read_text(), fs_path=path, root=root)
    return [m.key.name for m in get_format(FMT).parse(source)]


def test_a_catch_all_tsconfig_path_makes_an_id_local_only_where_its_target_exists(tmp_path):
    # locust's web UI: tsconfig "paths": {"*": ["./src/*"]}, then `import App from 'App'`, `'styles/theme'`
    files = {
        "webui/tsconfig.json": '{\n  "compilerOptions": {\n    "moduleResolution": "bundler",\n'
                               '    "paths": {\n      "*": ["./src/*"]\n    }\n  },\n  "include": ["src"]\n}\n',
        "webui/package.json": '{"name": "webui", "dependencies": {"react": "^18.0.0"}}\n',
        "webui/src/App.tsx": "export default function App() { return null }\n",
        "webui/src/styles/theme.ts": "export default {}\n",
        "webui/src/index.tsx": "import React from 'react'\nimport App from 'App'\nimport createTheme from 'styles/theme'\n"
                               "import missing from 'styles-kit-imagined'\nimport x from 'App/nope'\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert _parsed(tmp_path, "webui/src/index.tsx") == ["react", "styles-kit-imagined", "App"]


def test_ids_a_rails_import_map_pins_to_its_own_files_are_not_registry_names(tmp_path):
    # maybe-finance/maybe: config/importmap.rb pins stimulus-loading and d3 shims to files of the app
    files = {
        "web/config/importmap.rb": '# Pin npm packages by running ./bin/importmap\n\npin "application"\n'
                               'pin "@hotwired/stimulus-loading", to: "stimulus-loading.js"\n'
                               'pin_all_from "app/javascript/controllers", under: "controllers"\n'
                               'pin "d3" # @7.9.0\npin "d3-array", to: "shims/d3-array-default.js"\n'
                               'pin "@github/hotkey", to: "@github--hotkey.js" # @3.1.1\n'
                               'pin "d3-array-src", to: "d3-array.js"\n',
        "web/app/javascript/application.js": 'import "controllers"\nimport { x } from "application"\n',
        "web/app/javascript/controllers/index.js": 'import { eagerLoadControllersFrom } from "@hotwired/stimulus-loading"\n'
                                               'import "controllers/chart"\nimport * as d3 from "d3"\nimport "lodash"\n'
                                               'import { install } from "@github/hotkey"\n',
        "web/app/javascript/shims/d3-array-default.js": 'import * as d3Array from "d3-array-src";\nexport * from "d3-array-src";\n',
        "web/vendor/javascript/d3.js": "export default {}\n",
        "other/importmap.json": '{"imports": {"lit": "https://cdn.example/lit.js", "utils/": "./utils/"}}\n',
        "other/main.js": 'import "lit"\nimport "utils/a"\nimport "pkg"\nimport "@hotwired/stimulus-loading"\n',
        # denoland/fresh: a Deno workspace's maps at the root and in the member
        "deno.json": '{\n  // the workspace\n  "imports": {"docsearch": "npm:@docsearch/js@^3.5.2", "@astral/astral": "jsr:@astral/astral@^0.5.6",'
                     ' "lit": "https://cdn.example/lit.js"},\n}\n',
        "packages/core/deno.json": '{"name": "@fresh/core", "imports": {"@std/path": "jsr:@std/path@^1.1.2"}}\n',
        "packages/core/src/app.ts": 'import * as path from "@std/path"\nimport docsearch from "docsearch"\n'
                                    'import { launch } from "@astral/astral"\nimport { z } from "zod"\n'
                                    'import * as colors from "@std/path/posix"\nimport "lit/decorators.js"\n',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    # d3 and @github/hotkey: vendored from npm by bin/importmap (its "# @version" note), judged by name
    assert _parsed(tmp_path, "web/app/javascript/controllers/index.js") == ["d3", "lodash", "@github/hotkey"]
    assert _parsed(tmp_path, "web/app/javascript/shims/d3-array-default.js") == []
    assert _parsed(tmp_path, "web/app/javascript/application.js") == []
    assert _parsed(tmp_path, "other/main.js") == ["pkg", "@hotwired/stimulus-loading"]  # web/'s import map is not other/'s
    # the rest: judged as deno.json's targets; a URL target maps the id itself only
    assert _parsed(tmp_path, "packages/core/src/app.ts") == ["zod", "lit"]
