"""Code that is data: parser inputs inside a sub-project of another language, snapshot-test inputs, and
syntax-test files are not judged for their imports (manifests still are), unless ``judge-fixtures``."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.project import code_as_data, golden_input_roots
from depguard.scan import collect_paths


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _names(root: Path, settings: Settings | None = None) -> set[tuple[str, str]]:
    out = collect_paths([root], settings or Settings())
    return {(Path(m.location.path).relative_to(root).as_posix(), m.key.name) for m in out.mentions}


RUST_REPO = {
    "pyproject.toml": '[project]\nname = "tool"\ndependencies = ["requests"]\n',
    "Cargo.toml": "[workspace]\nmembers = ['crates/*']\n",
    "crates/py_parser/Cargo.toml": "[package]\nname = 'py_parser'\n",
    "crates/py_parser/resources/inline/ok/import_stmt.py": "import foo\nfrom qux import x\n",
    "crates/py_parser/resources/bench/requirements.txt": "inventedpkg-zzz\n",
    "crates/py_parser/gen_tables.py": "import unicodedata2_invented\n",
    "crates/py_binding/Cargo.toml": "[package]\nname = 'py_binding'\n",
    "crates/py_binding/pyproject.toml": '[project]\nname = "py-binding"\n',
    "crates/py_binding/python/py_binding/__init__.py": "import invented_binding_dep\n",
    "scripts/release.py": "import invented_release_helper\n",
}


def test_python_files_inside_a_cargo_crate_are_parser_input_not_imports(tmp_path):
    _write(tmp_path, RUST_REPO)
    found = _names(tmp_path)
    assert not any(path.endswith("import_stmt.py") for path, _ in found)
    # a manifest in the crate is still read; a script beside Cargo.toml is the crate's tooling
    assert ("crates/py_parser/resources/bench/requirements.txt", "inventedpkg-zzz") in found
    assert ("crates/py_parser/gen_tables.py", "unicodedata2-invented") in found
    # a PyO3 crate with its own pyproject is Python; scripts of the repository's top stay judged
    assert any(p == "crates/py_binding/python/py_binding/__init__.py" for p, _ in found)
    assert any(p == "scripts/release.py" for p, _ in found)


def test_judge_fixtures_judges_python_inside_a_cargo_crate(tmp_path):
    _write(tmp_path, RUST_REPO)
    found = _names(tmp_path, Settings(judge_fixtures=True))
    assert ("crates/py_parser/resources/inline/ok/import_stmt.py", "foo") in found


FORMATTER_REPO = {
    "package.json": '{"name": "fmt", "dependencies": {"chalk": "5"}}',
    "tests/format/js/imports/format.test.js": 'import {run} from "invented-test-runner-zz";\nrun(import.meta);\n',
    "tests/format/js/imports/__snapshots__/format.test.js.snap": "exports[`a.js format 1`] = `...`;\n",
    "tests/format/js/imports/a.js": 'import A from "A";\nimport x from "1DoesntExist";\n',
    "tests/format/flow/es6modules/test_imports_are_frozen.js": 'import {x} from "CommonJS_Clobbering_Lit";\n',
    "tests/format/flow/es6modules/jsfmt.spec.js": 'run_spec(import.meta, ["flow"]);\n',
    "tests/format/flow/es6modules/__snapshots__/jsfmt.spec.js.snap": "exports[`x 1`] = `...`;\n",
    "tests/py/__snapshots__/test_api.ambr": "# serializer version: 1\n",
    "tests/py/conftest.py": "import invented_pytest_plugin_zz\n",
    "tests/py/test_api.py": "import invented_client_zz\n",
    "src/components/Button.js": 'import x from "invented-ui-kit-zz";\n',
    "src/components/Button.test.js": 'import y from "react";\n',
    "src/components/__snapshots__/Button.test.js.snap": "exports[`Button 1`] = `...`;\n",
}


def test_files_beside_a_snapshot_folder_in_tests_are_snapshot_inputs(tmp_path):
    _write(tmp_path, FORMATTER_REPO)
    found = _names(tmp_path)
    assert not any(p == "tests/format/js/imports/a.js" for p, _ in found)
    # the test file itself is code; colocated component snapshots outside tests leave the component judged
    assert ("tests/format/js/imports/format.test.js", "invented-test-runner-zz") in found
    assert ("src/components/Button.js", "invented-ui-kit-zz") in found
    # jest names tests *.test.* / *.spec.*: a flow input named test_*.js is input too
    assert not any(p.endswith("test_imports_are_frozen.js") for p, _ in found)
    # syrupy's __snapshots__ (.ambr, no jest .snap) leaves a pytest folder's conftest judged
    assert ("tests/py/conftest.py", "invented-pytest-plugin-zz") in found
    assert ("tests/py/test_api.py", "invented-client-zz") in found
    found = _names(tmp_path, Settings(judge_fixtures=True))
    assert ("tests/format/js/imports/a.js", "A") in found


def test_a_syntax_test_file_is_no_requirements_file(tmp_path):
    _write(tmp_path, {
        "assets/syntaxes/02_Extra/syntax_test_requirements.txt": '# SYNTAX TEST "Requirements.sublime-syntax"\nhg-diff\n',
        "assets/requirements.txt": "invented-real-dep-zz\n",
        "ci/dev_requirements.txt": "invented-dev-dep-zz\n",
    })
    found = _names(tmp_path)
    assert not any("syntax_test" in p for p, _ in found)
    assert ("assets/requirements.txt", "invented-real-dep-zz") in found
    assert ("ci/dev_requirements.txt", "invented-dev-dep-zz") in found
    assert ("assets/syntaxes/02_Extra/syntax_test_requirements.txt", "hg-diff") in _names(
        tmp_path, Settings(judge_fixtures=True))


def test_code_as_data_says_why():
    names = ["Cargo.toml", "crates/a/Cargo.toml", "crates/a/res/x.py", "crates/a/res/y.ts", "x.py"]
    assert code_as_data(names) == {"crates/a/res/x.py": "inside a cargo sub-project (crates/a)",
                                   "crates/a/res/y.ts": "inside a cargo sub-project (crates/a)"}


# A linter's functional tests (pylint's layout): each input module beside the messages it must produce
LINTER_REPO = {
    "pyproject.toml": '[project]\nname = "lint"\ndependencies = ["astroid"]\n'
                      '[tool.pytest.ini_options]\ntestpaths = ["tests"]\npython_files = ["*test_*.py"]\n',
    "tests/test_functional.py": "import pytest\nFUNCTIONAL_DIR = 'functional'\n",
    "tests/functional/i/import_error.py": "import totally_missing_zz  # [import-error]\n",
    "tests/functional/i/import_error.txt": "import-error:1:0:None:None::Unable to import 'totally_missing_zz':HIGH\n",
    "tests/functional/i/import_aliasing.py": "import foo_zz as foo  # [useless-import-alias]\n",
    "tests/functional/i/import_aliasing.txt": "useless-import-alias:1:0:None:None::Import alias:HIGH\n",
    "tests/functional/u/unused_import.py": "import never_zz  # [unused-import]\n",
    "tests/functional/u/unused_import.txt": "unused-import:1:0:None:None::Unused import never_zz:HIGH\n",
    "tests/functional/u/unused_import_ok.py": "import some_module_zz\nsome_module_zz.run()\n",  # no message: no twin
    "tests/functional/u/unused_import_ok.rc": "[MAIN]\n",
    "tests/functional/s/symlink/symlink_module/__init__.py": "from symlinked_module_zz import *\n",
    "tests/functional/s/test_kept.py": "import invented_kept_zz\n",  # named as a test: stays code
    "tests/regrtest_data/numarray_import.py": "import numarray_zz\n",
    "tests/helpers/utils.py": "import invented_helper_dep_zz\n",
    "tests/helpers/README.txt": "helpers\n",
    "lint/checkers/imports.py": "import invented_checker_dep_zz\n",
}


def test_a_golden_file_corpus_below_tests_is_checker_input(tmp_path):
    _write(tmp_path, LINTER_REPO)
    found = _names(tmp_path)
    paths = {p for p, _ in found}
    assert not any(p.startswith("tests/functional/") and "test_kept" not in p for p in paths)
    assert ("tests/functional/s/test_kept.py", "invented-kept-zz") in found
    # pylint's regrtest_data: a data folder named for its tests' kind below a test folder
    assert not any(p.startswith("tests/regrtest_data/") for p in paths)
    # helpers without twins, and the project's own code, stay judged
    assert ("tests/helpers/utils.py", "invented-helper-dep-zz") in found
    assert ("lint/checkers/imports.py", "invented-checker-dep-zz") in found
    judged = _names(tmp_path, Settings(judge_fixtures=True))
    assert ("tests/functional/i/import_error.py", "totally-missing-zz") in judged
    assert ("tests/regrtest_data/numarray_import.py", "numarray-zz") in judged


def test_a_test_folder_of_modules_with_notes_is_no_golden_corpus():
    # fewer than half the inputs with an expected output beside them, or the test folder's own files: code
    names = ["tests/unit/a.py", "tests/unit/a.txt", "tests/unit/b.py", "tests/unit/b.txt", "tests/unit/c.py",
             "tests/unit/c.txt", "tests/unit/d.py", "tests/unit/e.py", "tests/unit/f.py", "tests/unit/g.py",
             "tests/x.py", "tests/x.txt", "tests/y.py", "tests/y.txt", "tests/z.py", "tests/z.txt"]
    assert golden_input_roots(names) == frozenset()
    assert golden_input_roots([*names, "tests/unit/d.out", "tests/unit/e.expected"]) == frozenset({"tests/unit"})
    assert code_as_data(["tests/unit/a.py", "tests/unit/a.txt", "tests/unit/b.py", "tests/unit/b.out",
                         "tests/unit/c.py", "tests/unit/c.stderr", "tests/unit/test_c.py"]) == {
        "tests/unit/a.py": "golden-file test input (tests/unit)", "tests/unit/b.py": "golden-file test input (tests/unit)",
        "tests/unit/c.py": "golden-file test input (tests/unit)"}


def test_a_data_named_folder_below_tests_that_holds_tests_stays_code(tmp_path):
    # saleor's saleor/csv/tests/export/products_data/: tests of a function named products_data, not data
    _write(tmp_path, {
        "shop/tests/export/products_data/__init__.py": "",
        "shop/tests/export/products_data/test_get_products_data.py": "import invented_export_dep_zz\n",
        "shop/tests/export/products_data/utils.py": "import invented_export_util_zz\n",
        "shop/tests/regrtest_data/absimp/string.py": "import invented_regr_zz\n",
        "shop/tests/regrtest_data/numarray_inf.py": "import numarray_zz\n",
        "shop/tests/regrtest_data/test_no_name_in_module.py": "from invented_regr_zz import x\n",  # an input so named
    })
    found = _names(tmp_path)
    assert ("shop/tests/export/products_data/test_get_products_data.py", "invented-export-dep-zz") in found
    assert ("shop/tests/export/products_data/utils.py", "invented-export-util-zz") in found
    assert not any("regrtest_data" in p for p, _ in found)


TYPEDOC_REPO = {
    "package.json": '{"name": "typedoc", "dependencies": {"markdown-it": "14"}, "devDependencies": {"typescript": "5"}}',
    "src/lib/converter.ts": 'import MarkdownIt from "markdown-it";\nexport const md = new MarkdownIt();\n',
    "src/test/tsconfig.json": ('{\n    "extends": "../tsconfig.base.json",\n    // the converter tests document these\n'
                               '    "include": ["."],\n    "exclude": ["converter2", "renderer/specs", "slow/**/*.ts",'
                               ' "e2e", "apps/**", "../lib"],\n}\n'),
    "src/test/issues.c2.test.ts": 'import { invented_c2_helper } from "invented-c2-helper-zz";\n',
    "src/test/converter2/tsconfig.json": '{"compilerOptions": {"strict": true}}',
    "src/test/converter2/package.json": '{"name": "typedoc", "private": true, "type": "commonjs"}',
    "src/test/converter2/issues/gh2792.ts": ('export type T = {\n    // @ts-expect-error\n'
                                             '    generated: import("@typedoc/dummy").GeneratedType;\n};\n'),
    "src/test/converter2/issues/gh2994.d.ts": 'import { x } from "gh2994";\nexport var y: 2;\ndeclare module "gh2994" {\n    var x: 1;\n}\n',
    "src/test/renderer/specs/page.tsx": 'import { h } from "invented-specs-jsx-zz";\n',
    "src/test/slow/helper.ts": 'import "invented-slow-helper-zz";\n',  # a pattern of files: says nothing of a folder
    # a suite compiled on its own, and a project installed on its own, stay judged
    "src/test/e2e/site.spec.ts": 'import { test } from "invented-e2e-runner-zz";\n',
    "src/test/apps/demo/package.json": '{"name": "demo", "dependencies": {"invented-demo-dep-zz": "1"}}',
    "src/test/apps/demo/main.ts": 'import "invented-demo-dep-zz";\n',
}


def test_folders_the_tests_tsconfig_excludes_are_the_tests_input(tmp_path):
    # TypeDoc's src/test/tsconfig.json excludes converter2, the programs its converter tests document
    _write(tmp_path, TYPEDOC_REPO)
    found, judged = _names(tmp_path), _names(tmp_path, Settings(judge_fixtures=True))
    inputs = {("src/test/converter2/issues/gh2792.ts", "@typedoc/dummy"), ("src/test/converter2/issues/gh2994.d.ts", "gh2994"),
              ("src/test/renderer/specs/page.tsx", "invented-specs-jsx-zz")}
    kept = {("src/lib/converter.ts", "markdown-it"), ("src/test/issues.c2.test.ts", "invented-c2-helper-zz"),
            ("src/test/slow/helper.ts", "invented-slow-helper-zz"), ("src/test/e2e/site.spec.ts", "invented-e2e-runner-zz"),
            ("src/test/apps/demo/main.ts", "invented-demo-dep-zz"), ("src/test/apps/demo/package.json", "invented-demo-dep-zz")}
    assert (inputs & found, kept <= found, inputs <= judged) == (set(), True, True)


def test_a_root_tsconfig_excluding_the_test_folder_leaves_the_tests_judged(tmp_path):
    _write(tmp_path, {
        "package.json": '{"name": "lib", "devDependencies": {"typescript": "5"}}',
        "tsconfig.json": '{"include": ["src"], "exclude": ["test", "test/unit"]}',
        "test/unit/a.ts": 'import "invented-case-dep-zz";\n',
    })
    assert ("test/unit/a.ts", "invented-case-dep-zz") in _names(tmp_path)


# A linter's documentation (pylint's layout): each message's example pair in doc/data/messages/<letter>/<message>/,
# which a docs extension includes in the generated page (literalinclude) and a docs test runs the linter on
LINTER_DOCS_REPO = {
    "pyproject.toml": '[project]\nname = "lint"\ndependencies = ["astroid"]\n',
    "doc/conf.py": "import sphinx_invented_theme_zz\nextensions = ['pylint_messages']\n",
    "doc/exts/pylint_messages.py": "import invented_docs_ext_dep_zz\n",
    "doc/test_messages_documentation.py": "import invented_docs_test_dep_zz\n",
    "doc/data/ruff.toml": "line-length = 103\n",
    "doc/data/messages/d/deprecated-module/bad.py": "import whatever_you_want_zz  # [deprecated-module]\n",
    "doc/data/messages/d/deprecated-module/good.py": "import whatever_replacement_you_want_zz\n",
    "doc/data/messages/d/deprecated-module/details.rst": "Install it with ``pip install invented-docs-install-zz``.\n",
    "doc/data/messages/t/too-many-locals/bad.py": "from childhood_zz import Child\n",
    "lint/checkers/imports.py": "import invented_checker_dep_zz\n",
}


def test_the_docs_builds_data_folder_is_its_input_and_the_docs_code_stays_judged(tmp_path):
    _write(tmp_path, LINTER_DOCS_REPO)
    found = _names(tmp_path)
    assert not any(p.startswith("doc/data/messages/") and p.endswith(".py") for p, _ in found)
    # the docs' own code (Sphinx config, its extensions, its tests), an install command in the data's documents and
    # the project's code stay judged
    for judged in (("doc/conf.py", "sphinx-invented-theme-zz"), ("doc/exts/pylint_messages.py", "invented-docs-ext-dep-zz"),
                   ("doc/test_messages_documentation.py", "invented-docs-test-dep-zz"),
                   ("doc/data/messages/d/deprecated-module/details.rst", "invented-docs-install-zz"),
                   ("lint/checkers/imports.py", "invented-checker-dep-zz")):
        assert judged in found
    assert ("doc/data/messages/t/too-many-locals/bad.py", "childhood-zz") in _names(tmp_path, Settings(judge_fixtures=True))
    assert code_as_data(["docs/source/data/x.py", "docs/datasets/y.py", "data/z.py", "src/docs/data/w.py"]) == {
        "docs/source/data/x.py": "the docs build's data (docs/source/data)",
        "src/docs/data/w.py": "the docs build's data (src/docs/data)"}


def test_a_golden_case_folder_below_tests_is_the_cases_data_unless_it_holds_tests(tmp_path):
    # lingui (held-out spot set 101): packages/cli/test/extractor-experimental-template/ is a project the test
    # copies by name and runs the extractor in, its fixtures/ beside the expected/ catalogs; its package.json
    # declares a placeholder "some-package" its fixtures import
    _write(tmp_path, {
        "packages/cli/package.json": '{"name": "@lingui/cli", "dependencies": {"chokidar": "3"}}\n',
        "packages/cli/test/index.test.ts": 'await prepare("extractor-experimental-template")\n',
        "packages/cli/test/extractor-experimental-template/package.json":
            '{"name": "case", "private": true, "dependencies": {"@lingui/core": "*", "some-package-zz": "*"}}\n',
        "packages/cli/test/extractor-experimental-template/fixtures/pages/about.page.tsx": 'import { bla } from "some-package-zz"\n',
        "packages/cli/test/extractor-experimental-template/expected/en.po": 'msgid ""\n',
        # an expected/ folder with no input folder beside it, or a case folder holding tests, stays judged
        "packages/api/test/snapshots/package.json": '{"name": "snap", "dependencies": {"invented-snap-zz": "1"}}\n',
        "packages/api/test/snapshots/expected/out.json": "{}\n",
        "packages/web/test/e2e/package.json": '{"name": "e2e", "dependencies": {"invented-e2e-zz": "1"}}\n',
        "packages/web/test/e2e/login.spec.ts": 'import "invented-e2e-zz"\n',
        "packages/web/test/e2e/fixtures/user.json": "{}\n",
        "packages/web/test/e2e/expected/login.txt": "ok\n",
        # r22: a case folder with a script of its own is a harness that runs, or a mocha test not named as one
        "packages/cli/test/e2e/package.json": '{"name": "harness", "devDependencies": {"execa-testkit-runnerz": "1"}}\n',
        "packages/cli/test/e2e/run.js": 'require("execa-testkit-runnerz")\n',
        "packages/cli/test/e2e/setup.sh": "pip install pytest-golden-snapz\n",
        "packages/cli/test/e2e/fixtures/a.txt": "a\n",
        "packages/cli/test/e2e/expected/a.txt": "a\n",
        "lib/test/cli/cli.js": 'require("mocha-golden-snapz")\n',
        # r22: a harness in a sub-folder of the case folder runs too
        "app/test/e2e/package.json": '{"name": "e2e-case", "private": true}\n',
        "app/test/e2e/fixtures/a.txt": "a\n",
        "app/test/e2e/expected/a.txt": "a\n",
        "app/test/e2e/harness/run.js": 'require("harness-runner-snapz")\n',
        "app/test/e2e/harness/setup.sh": "npm install --no-save harness-runner-snapz\n",
        "lib/test/cli/fixtures/in.txt": "x\n",
        "lib/test/cli/expected/out.txt": "x\n",
    })
    found = {name for _, name in _names(tmp_path)}
    assert "some-package-zz" not in found
    assert {"invented-snap-zz", "invented-e2e-zz", "chokidar", "execa-testkit-runnerz", "pytest-golden-snapz",
            "mocha-golden-snapz", "harness-runner-snapz"} <= found
    assert "some-package-zz" in {name for _, name in _names(tmp_path, Settings(judge_fixtures=True))}


def test_a_golden_case_folder_is_data_only_when_a_test_names_it_and_nothing_installs_or_runs_there(tmp_path):
    # r23 finding 3 (/tmp/r23/t3): a case folder whose "configuration" is a runnable harness stays judged: a
    # package.json with scripts a root script runs (npm --prefix test/visual test), a requirements.txt CI installs
    case = '{"name": "case", "private": true, "dependencies": {"some-package-zz": "*"}}\n'
    _write(tmp_path, {
        "package.json": '{"name": "acme-charts", "scripts": {"test:visual": "npm --prefix test/visual ci && '
                        'npm --prefix test/visual test"}, "dependencies": {"d3": "^7.0.0"}}\n',
        "test/visual/package.json": '{"name": "acme-charts-visual", "private": true, "scripts": {"test": '
                                    '"chart-snapshot-diffz --input input --expected expected"}, '
                                    '"devDependencies": {"chart-snapshot-diffz": "^2.1.0"}}\n',
        "test/visual/input/bar.json": '{"type": "bar"}\n',
        "test/visual/expected/bar.svg": "<svg/>\n",
        ".github/workflows/ci.yml": "on: push\njobs:\n  r:\n    runs-on: ubuntu-latest\n    steps:\n"
                                    "      - run: pip install -r tests/regression/requirements.txt && pytest tests/regression\n",
        "tests/regression/requirements.txt": "pytest==8.0.0\npytest-golden-snapz==0.4.1\n",
        "tests/regression/inputs/a.csv": "x\n",
        "tests/regression/expected/a.out": "y\n",
        # each piece of evidence alone: a test names the case, but its manifest has scripts / it holds a
        # requirements file / a root script enters it; or no test names it at all
        "a/test/test_cases.py": '@pytest.mark.parametrize("case", ["scripted", "pinned", "entered", "toxed"])\n',
        "a/test/toxed/tox.ini": "[testenv]\ndeps = toxed-case-depz\ncommands = pytest\n",
        "a/test/toxed/inputs/t.txt": "x\n", "a/test/toxed/expected/t.txt": "x\n",
        "a/test/scripted/package.json": '{"name": "s", "scripts": {"test": "run-case"}, '
                                        '"dependencies": {"scripted-case-depz": "*"}}\n',
        "a/test/scripted/fixtures/s.txt": "x\n", "a/test/scripted/expected/s.txt": "x\n",
        "a/test/pinned/requirements-dev.txt": "pinned-case-depz==1\n",
        "a/test/pinned/inputs/p.txt": "x\n", "a/test/pinned/expected/p.txt": "x\n",
        "a/test/entered/package.json": '{"name": "e", "dependencies": {"entered-case-depz": "*"}}\n',
        "a/test/entered/fixtures/e.txt": "x\n", "a/test/entered/expected/e.txt": "x\n",
        "a/package.json": '{"name": "a", "scripts": {"pretest": "cd test/entered && npm install"}}\n',
        "b/test/unnamed/package.json": '{"name": "u", "dependencies": {"unnamed-case-depz": "*"}}\n',
        "b/test/unnamed/fixtures/x.txt": "x\n", "b/test/unnamed/expected/x.txt": "x\n",
        "b/test/other.test.ts": 'test("x", () => {})\n',
        # r23 3b: a test that names the case and runs an installer in it enters it
        "d/test/cli.test.js": ('const dir = path.join(__dirname, "e2e-case");\n'
                               'execSync("npm install --no-audit", { cwd: dir });\n'),
        "d/test/e2e-case/package.json": '{"name": "e2e", "dependencies": {"acme-fixture-helperz": "^1.0.0"}}\n',
        "d/test/e2e-case/input/index.js": "x\n", "d/test/e2e-case/expected/bundle.js": "x\n",
        # the case a test copies by name and nothing enters stays its data (lingui's)
        "c/test/index.test.ts": 'await prepare("extractor-case")\n',
        "c/test/extractor-case/package.json": case,
        "c/test/extractor-case/fixtures/a.tsx": 'import "some-package-zz"\n',
        "c/test/extractor-case/expected/en.po": 'msgid ""\n',
    })
    found = {name for _, name in _names(tmp_path)}
    assert {"chart-snapshot-diffz", "pytest-golden-snapz", "scripted-case-depz", "pinned-case-depz",
            "entered-case-depz", "unnamed-case-depz", "toxed-case-depz", "acme-fixture-helperz"} <= found
    assert "some-package-zz" not in found


# held-out set 155: Payload's packages/codemod keeps each transform's jscodeshift-style cases beside it
# (src/transforms/<t>/basic.input.ts and basic.output.ts, non-matching.input.ts importing a made-up
# `some-other-package/types` the codemod must leave alone), read by the index.spec.ts beside them
CODEMOD_REPO = {
    "packages/codemod/package.json": '{"name": "@acme/codemod", "dependencies": {"jscodeshift": "^17.0.0"}}\n',
    "packages/codemod/src/transforms/migrate/index.ts": "import { API } from 'jscodeshift'\n",
    "packages/codemod/src/transforms/migrate/index.spec.ts":
        "import { readFile } from 'node:fs/promises'\nconst input = readFile('basic.input.ts')\n",
    "packages/codemod/src/transforms/migrate/basic.input.ts": "import type { A } from 'made-up-input-zz/types'\n",
    "packages/codemod/src/transforms/migrate/basic.output.ts": "import type { A } from 'made-up-output-zz'\n",
    "packages/codemod/src/transforms/migrate/non-matching.input.ts": "import type { S } from 'some-other-package-zz/types'\n",
    # the transform's own helpers beside them, and a folder without a test file or without an input/output pair
    "packages/codemod/src/transforms/migrate/helpers.ts": "import { x } from 'invented-helper-zz'\n",
    "packages/codemod/src/transforms/untested/case.input.ts": "import 'invented-untested-zz'\n",
    "packages/codemod/src/transforms/untested/case.output.ts": "import 'invented-untested-out-zz'\n",
    "packages/codemod/src/transforms/unpaired/index.spec.ts": "import 'vitest'\n",
    "packages/codemod/src/transforms/unpaired/form.input.ts": "import 'invented-form-zz'\n",
}


def test_a_codemods_input_and_output_cases_beside_its_test_are_test_input(tmp_path):
    _write(tmp_path, CODEMOD_REPO)
    found = _names(tmp_path)
    npm = {(p.rsplit("/", 2)[-2] + "/" + p.rsplit("/", 1)[-1], n) for p, n in found}
    assert not {n for _, n in npm} & {"made-up-input-zz", "made-up-output-zz", "some-other-package-zz"}
    # the transform's code, and cases no test beside them reads (no test file, no input/output pair), stay judged
    assert {("migrate/helpers.ts", "invented-helper-zz"), ("untested/case.input.ts", "invented-untested-zz"),
            ("untested/case.output.ts", "invented-untested-out-zz"), ("unpaired/form.input.ts", "invented-form-zz"),
            ("migrate/index.ts", "jscodeshift")} <= npm
    assert ("packages/codemod/src/transforms/migrate/non-matching.input.ts", "some-other-package-zz") in _names(
        tmp_path, Settings(judge_fixtures=True))
    assert code_as_data(sorted(CODEMOD_REPO))["packages/codemod/src/transforms/migrate/non-matching.input.ts"] == \
        "a codemod test's input or expected output (packages/codemod/src/transforms/migrate/index.spec.ts)"


def test_a_checkers_pass_and_fail_case_folders_below_tests_are_the_cases_data(tmp_path):
    # checkov (held-out spot set 159): tests/dockerfile/checks/example_AliasIsUnique/ holds success/ and failure/,
    # the inputs the check must pass and fail on; failure/Dockerfile builds FROM baseImage (an invalid image name on
    # purpose) and test_AliasIsUnique.py names the case folder
    _write(tmp_path, {
        "pyproject.toml": '[project]\nname = "scanner"\ndependencies = ["requests"]\n',
        "tests/dockerfile/checks/test_AliasIsUnique.py": 'test_files_dir = current_dir + "/example_AliasIsUnique"\n',
        "tests/dockerfile/checks/example_AliasIsUnique/success/Dockerfile": "FROM python:3.12\n",
        "tests/dockerfile/checks/example_AliasIsUnique/failure/Dockerfile": "FROM baseImage\nRUN x\n",
        "tests/dockerfile/checks/example_AliasIsUnique/failure/setup.py": "import invented_fail_inputz\n",
        # an outcome pair that no test names, one whose case folder holds a script of its own, and a lone failure/
        # folder stay judged
        "tests/lint/example_Unnamed/success/app.py": "import invented_unnamed_casez\n",
        "tests/lint/example_Unnamed/failure/app.py": "import os\n",
        "tests/lint/test_other.py": '"/example_Scripted"\n"/example_Lone"\n',
        "tests/lint/example_Scripted/run.py": "import invented_case_harnessz\n",
        "tests/lint/example_Scripted/pass/app.py": "import invented_scripted_casez\n",
        "tests/lint/example_Scripted/fail/app.py": "import os\n",
        "tests/lint/example_Lone/failure/app.py": "import invented_lone_casez\n",
    })
    found = {name for _, name in _names(tmp_path)}
    assert "invented-fail-inputz" not in found and "library/baseImage" not in found
    assert {"invented-unnamed-casez", "invented-case-harnessz", "invented-scripted-casez",
            "invented-lone-casez", "requests"} <= found


def test_a_checkers_variant_outcome_folders_are_its_cases_too(tmp_path):
    # checkov (held-out spot set 159, rescanned by h218 in session 32): example_AliasIsUnique/ holds success_platform/
    # beside success/ and failure/ (test_AliasIsUnique.py expects "/success_platform/Dockerfile." to pass), and
    # example_ReferenceLatestTag/ holds failure_latest_version_tag/, success2/ ...: a variant of an outcome folder is
    # an outcome folder, not a file of the case's own that makes it a harness (1568cec2 left library/baseImage flagged)
    _write(tmp_path, {
        "pyproject.toml": '[project]\nname = "scanner"\ndependencies = ["requests"]\n',
        "tests/dockerfile/checks/test_AliasIsUnique.py": 'd = current_dir + "/example_AliasIsUnique"\n'
                                                        'e = current_dir + "/example_Variants"\n'
                                                        'f = current_dir + "/example_Lookalike"\n',
        "tests/dockerfile/checks/example_AliasIsUnique/success/Dockerfile": "FROM python:3.12\n",
        "tests/dockerfile/checks/example_AliasIsUnique/success_platform/Dockerfile": "FROM --platform=linux/amd64 node:16\n",
        "tests/dockerfile/checks/example_AliasIsUnique/failure/Dockerfile": "FROM baseImage\nRUN x\n",
        # only variants of both outcomes
        "tests/dockerfile/checks/example_Variants/success2/setup.py": "import invented_variant_passz\n",
        "tests/dockerfile/checks/example_Variants/failure_tcp/setup.py": "import invented_variant_failz\n",
        # words that only start like an outcome (successor, failover) are no outcome folders: the case stays judged
        "tests/dockerfile/checks/example_Lookalike/successor/setup.py": "import invented_successor_casez\n",
        "tests/dockerfile/checks/example_Lookalike/failover/setup.py": "import os\n",
    })
    found = {name for _, name in _names(tmp_path)}
    assert not {"library/baseImage", "invented-variant-passz", "invented-variant-failz"} & found
    assert {"invented-successor-casez", "requests"} <= found


def test_a_copy_of_pythons_standard_library_is_the_interpreters_data_and_a_partial_one_is_judged(tmp_path):
    # RustPython's Lib/, GraalPy's lib-python/3, Brython's www/src/Lib (held-out spot set 170): CPython's library and
    # regression tests, importing the interpreter's built-ins (xxsubtype) and modules tests make (test_pkg's t1);
    # a folder with an os.py, importlib and encodings but no collections package stays the project's
    stdlib = {m: "" for m in ("os.py", "importlib/__init__.py", "encodings/__init__.py", "collections/__init__.py")}
    _write(tmp_path, {
        "Cargo.toml": "[package]\nname = 'rustpython'\n",
        "requirements.txt": "requests\n",
        **{f"Lib/{k}": v for k, v in stdlib.items()},
        "Lib/test/test_descr.py": "import xxsubtype\nimport t1\n",
        "Lib/re.py": "import python_re\n",
        "Lib/browser/__init__.py": "import invented_in_stdlib_depz\n",
        "www/page.py": "import browser\nfrom browser import document\n",
        **{f"shim/{k}": v for k, v in stdlib.items() if k != "collections/__init__.py"},
        "shim/test_shim.py": "import invented_shim_depz\n",
        "tools/gen.py": "import invented_tool_depz\n",
    })
    found = {name for _, name in _names(tmp_path)}
    assert not found & {"xxsubtype", "t1", "python-re", "browser", "invented-in-stdlib-depz"}
    assert {"requests", "invented-shim-depz", "invented-tool-depz"} <= found
    assert {"xxsubtype", "t1"} <= {name for _, name in _names(tmp_path, Settings(judge_fixtures=True))}


def test_expected_output_named_stem_dot_expected_dot_json_makes_a_golden_corpus(tmp_path):
    # held-out set 173: Pyrefly's pyrefly/lib/test/coverage/test_files/ keeps each case's input (stub_reexport_class.py
    # and .pyi, importing the made-up othermod) beside stub_reexport_class.expected.json, the coverage report the test
    # compares with; the expected output's own extension follows the marker. A plain .json beside a module says
    # nothing (a module's data file), and a folder of tests with such twins stays code.
    cases = ("any_annotations", "decorators", "stub_reexport_class")
    _write(tmp_path, {
        "pyproject.toml": '[project]\nname = "checker"\ndependencies = ["requests"]\n',
        **{f"pyrefly/lib/test/coverage/test_files/{c}.py": "from othermod_invented_zz import C\n" for c in cases},
        "pyrefly/lib/test/coverage/test_files/stub_reexport_class.pyi": "from othermod_stub_zz import C as C\n",
        **{f"pyrefly/lib/test/coverage/test_files/{c}.expected.json": "{}\n" for c in cases},
        **{f"tools/tests/unit/{c}.py": "import helper_invented_zz\n" for c in cases},
        **{f"tools/tests/unit/{c}.json": "{}\n" for c in cases},
    })
    found = _names(tmp_path)
    assert not any(p.startswith("pyrefly/lib/test/coverage/") for p, _ in found)
    assert ("tools/tests/unit/decorators.py", "helper-invented-zz") in found
    judged = _names(tmp_path, Settings(judge_fixtures=True))
    assert ("pyrefly/lib/test/coverage/test_files/stub_reexport_class.pyi", "othermod-stub-zz") in judged


# Roboflow Inference's auto-loader tests (inference_models/tests/unit_tests/models/auto_loaders/): conftest.py hands
# the loader the paths of modules in test_modules/, a plain folder of no tests, and one of them is broken on purpose
LOADER_TESTS_REPO = {
    "pyproject.toml": '[project]\nname = "loader"\ndependencies = ["requests"]\n',
    "loader/core.py": "import requests\n",
    "tests/unit/auto/conftest.py": ('import os.path\nimport pytest\n\nMODULES = os.path.abspath(os.path.join('
                                    'os.path.dirname(__file__), "test_modules"))\n\n\n@pytest.fixture\n'
                                    'def broken_module_path() -> str:\n    return os.path.join(MODULES, "broken_module.py")\n'),
    "tests/unit/auto/test_core.py": ("from loader.core import load_class_from_path\n\n\ndef test_example(tmp_path):\n"
                                     "    load_class_from_path(module_path=str(HERE / 'test_modules/example_module.py'))\n"),
    "tests/unit/auto/test_modules/broken_module.py": "import dummy\n\n\nclass MyClass:\n    pass\n",
    "tests/unit/auto/test_modules/example_module.py": "import invented_example_input_zz\n",
    "tests/unit/auto/test_modules/README.md": "Install with `pip install invented-readme-install-zz`.\n",
}


def test_a_module_the_tests_load_by_its_file_path_from_a_folder_of_no_tests_is_their_input(tmp_path):
    _write(tmp_path, LOADER_TESTS_REPO)
    found, judged = _names(tmp_path), _names(tmp_path, Settings(judge_fixtures=True))
    inputs = {("tests/unit/auto/test_modules/broken_module.py", "dummy"),
              ("tests/unit/auto/test_modules/example_module.py", "invented-example-input-zz")}
    kept = {("loader/core.py", "requests"), ("tests/unit/auto/test_modules/README.md", "invented-readme-install-zz")}
    assert (inputs & found, kept <= found, inputs <= judged) == (set(), True, True)


def test_a_module_below_tests_that_no_test_loads_by_path_stays_judged(tmp_path):
    # the same module named by no test, named only by a file that is no test, in a folder that holds a test, or in a
    # package (importable by its package's name): each is the tests' code or nobody's input, and its import is judged
    files = {k: v for k, v in LOADER_TESTS_REPO.items() if "conftest" not in k}
    files.update({
        "scripts/load.py": 'import os\nPATH = os.path.join("tests", "unit", "other", "inputs2", "unnamed_module.py")\n',
        "tests/unit/other/inputs2/unnamed_module.py": "import invented_unnamed_zz\n",
        "tests/unit/mixed/conftest.py": 'PATH = "helpers/helper_module.py"\n',
        "tests/unit/mixed/helpers/helper_module.py": "import invented_helper_zz\n",
        "tests/unit/mixed/helpers/test_helpers.py": "import invented_helper_test_zz\n",
        "tests/unit/pkg/conftest.py": 'PATH = "plugins/plugin_module.py"\n',
        "tests/unit/pkg/plugins/__init__.py": "",
        "tests/unit/pkg/plugins/plugin_module.py": "import invented_plugin_zz\n",
        "tests/conftest.py": 'PATH = "top_module.py"\n',
        "tests/top_module.py": "import invented_top_zz\n",
    })
    _write(tmp_path, files)
    found = _names(tmp_path)
    for judged in (("tests/unit/auto/test_modules/broken_module.py", "dummy"),
                   ("tests/unit/other/inputs2/unnamed_module.py", "invented-unnamed-zz"),
                   ("tests/unit/mixed/helpers/helper_module.py", "invented-helper-zz"),
                   ("tests/unit/pkg/plugins/plugin_module.py", "invented-plugin-zz"),
                   ("tests/top_module.py", "invented-top-zz")):
        assert judged in found, judged


def test_many_test_files_above_many_input_folders_still_find_the_named_module(tmp_path):
    # 2,000 test files in one test folder and 2,000 plain folders below it (its growth is timed in
    # benchmarks/crafted_inputs.py): only the module a test names by its file path is the tests' input
    files = {f"tests/test_{i}.py": "def test_x():\n    pass\n" for i in range(2000)}
    files.update({f"tests/d{i}/x{i}.py": f"import invented_input_zz{i}\n" for i in range(2000)})
    files["tests/test_0.py"] = 'PATH = "d7/x7.py"\n'
    _write(tmp_path, files)
    found = {name for _p, name in _names(tmp_path) if name.startswith("invented-input-zz")}
    assert len(found) == 1999 and "invented-input-zz7" not in found
