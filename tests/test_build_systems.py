"""Python in Bazel, Buck2 and Pants workspaces: the build decides import paths and what the requirements declare for
(depguard/ecosystems/pypi/build_systems.py). Trees shaped like facebook/buck2, bazelbuild/rules_python, jax-ml/jax
and pantsbuild/pants (held-out set 23)."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.build_systems import build_view
from depguard.ecosystems.pypi.project import pex_locked_names
from tests.test_project_model import git_tree, imports, write


def test_buck2_modules_imported_by_their_base_module_are_the_workspaces_own(tmp_path: Path) -> None:
    # buck2's prelude: swift_exec.py imports `writable` from re_compatibility_utils/writable.py and the bundling
    # tools import `apple.tools...`, not from their own folder, and hello/main.py the `printlib` a BUCK file's base_module
    # names; an invented name stays judged.
    write(tmp_path, {
        ".buckconfig": "[cells]\nroot = .\nprelude = prelude\n",
        "prelude/apple/tools/BUCK": 'python_binary(name = "swift_exec", main = "swift_exec.py")\n',
        "prelude/apple/tools/swift_exec.py": "from writable import make_path_user_writable\nimport quantumjsonlib\n",
        "prelude/apple/tools/re_compatibility_utils/BUCK": 'python_library(name = "w", srcs = ["writable.py"])\n',
        "prelude/apple/tools/re_compatibility_utils/writable.py": "def make_path_user_writable(p): pass\n",
        "prelude/apple/tools/bundling/main.py": "from apple.tools.bundling.assemble import run\n",
        "prelude/apple/tools/bundling/assemble.py": "def run(): pass\n",
        # examples/with_prelude: python_library(name = "printlib", base_module = "printlib") over library/print.py
        "examples/python/library/BUCK": 'python_library(name = "printlib", srcs = ["print.py"], base_module = "printlib")\n',
        "examples/python/library/print.py": "def print_string(s): print(s)\n",
        "examples/python/hello/main.py": "from printlib.print import print_string\n",
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("prelude/apple/tools/swift_exec.py", "quantumjsonlib")}


def test_without_a_build_workspace_a_module_elsewhere_in_the_tree_is_still_judged(tmp_path: Path) -> None:
    write(tmp_path, {
        "tools/swift_exec.py": "from writable import make_path_user_writable\n",
        "tools/re_compatibility_utils/writable.py": "def make_path_user_writable(p): pass\n",
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("tools/swift_exec.py", "writable")}


def test_bazel_proto_packages_repository_names_and_workspace_wide_requirements(tmp_path: Path) -> None:
    # rules_python's proto example imports `another_proto` (a BUILD.bazel folder of .proto files, its import prefix
    # stripped), the module's own name (`from rules_python.python.runfiles import runfiles`), a bazel_dep's
    # (`stardoc.proto`), rules_python's runfiles library (`python.runfiles`); jax's pip.parse lock files in build/
    # declare for the whole module (`hcl2` is the locked python-hcl2), a declared distribution still wins over a
    # folder of the same name, and an undeclared invented import is judged.
    write(tmp_path, {
        "MODULE.bazel": ('module(name = "rules_python", version = "0.0.0")\n'
                         'bazel_dep(name = "stardoc", version = "0.7.2", repo_name = "io_bazel_stardoc")\n'
                         'pip = use_extension("@rules_python//python/extensions:pip.bzl", "pip")\n'
                         '[pip.parse(hub_name = "pypi", python_version = v,\n'
                         '    requirements_lock = "//build:requirements_lock_{}.txt".format(v.replace(".", "_")))\n'
                         '    for v in ["3.12", "3.13"]]\n'),
        "build/BUILD.bazel": "",
        "build/requirements_lock_3_12.txt": "python-hcl2==4.3.0 \\\n    --hash=sha256:00\nyaml-ish==1.0\n",
        "build/requirements_lock_3_13.txt": "python-hcl2==4.3.0\n",
        "example.com/another_proto/BUILD.bazel": 'proto_library(name = "m", srcs = ["message.proto"])\n',
        "example.com/another_proto/message.proto": 'syntax = "proto3";\n',
        "lib/yaml_ish/BUILD.bazel": "",
        "pkg/BUILD.bazel": 'py_library(name = "pkg", srcs = glob(["*.py"]))\n',
        "pkg/main.py": ("from another_proto import message_pb2\nfrom rules_python.python.runfiles import runfiles\n"
                        "from stardoc.proto import stardoc_output_pb2\nfrom python.runfiles import Runfiles\n"
                        "import hcl2\nimport yaml_ish\nimport quantumjsonlib\n"),
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("pkg/main.py", "python-hcl2"), ("pkg/main.py", "yaml-ish"),
                                 ("pkg/main.py", "quantumjsonlib")}


def test_external_repositories_a_workspace_fetches_are_importable_by_their_name(tmp_path: Path) -> None:
    # google/mesop: its WORKSPACE fetches rules_python with http_archive (no MODULE.bazel, no bazel_dep), and
    # mesop/utils/runfiles.py imports `rules_python.python.runfiles`. A repository rule's name is the repository's;
    # a name no rule of the workspace gives (an invented import) is still judged.
    write(tmp_path, {
        "WORKSPACE": ('workspace(name = "mesop")\n'
                      'load("@bazel_tools//tools/build_defs/repo:http.bzl", "http_archive")\n'
                      'http_archive(\n    name = "rules_python",\n    sha256 = "9d04",\n'
                      '    strip_prefix = "rules_python-0.26.0",\n'
                      '    url = "https://github.com/bazelbuild/rules_python/releases/download/0.26.0/r.tar.gz",\n)\n'
                      'git_repository(name = "io_example_tools", remote = "https://example.com/t.git")\n'),
        "mesop/utils/BUILD": 'py_library(name = "utils", srcs = ["runfiles.py"])\n',
        "mesop/utils/runfiles.py": ("from rules_python.python.runfiles import runfiles\nimport io_example_tools\n"
                                    "import quantumjsonlib\n"),
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("mesop/utils/runfiles.py", "quantumjsonlib")}


def test_pants_source_roots_resolves_and_python_requirements_declare_for_the_build_root(tmp_path: Path) -> None:
    # pantsbuild/pants: code in src/python imports plugins of the /pants-plugins source root; 3rdparty/python/BUILD's
    # python_requirements (requirements.txt by default, or source=) and pants.toml's resolve lockfiles (PEX JSON
    # under a // header) declare for the whole repository.
    write(tmp_path, {
        "pants.toml": ('[source]\nroot_patterns = ["src/*", "/pants-plugins"]\n'
                       '[python.resolves]\npython-default = "3rdparty/python/user_reqs.lock"\n'),
        "3rdparty/python/BUILD": ('python_requirements(module_mapping={"node-semver": ["nodesemver"]})\n'
                                  'python_requirements(name="t", source="tool-requirements.txt", resolve="t")\n'),
        "3rdparty/python/requirements.txt": "python-lsp-jsonrpc==1.1.2\n",
        "3rdparty/python/tool-requirements.txt": "python-hcl2==4.3.0\n",
        "3rdparty/python/user_reqs.lock": ('// This lockfile was autogenerated by Pants.\n// {"version": 4}\n'
                                           '{"locked_resolves": [{"locked_requirements": [\n'
                                           '  {"project_name": "python-lsp-jsonrpc", "version": "1.1.2"},\n'
                                           '  {"project_name": "Ujson", "version": "5.0"}]}]}\n'),
        "pants-plugins/internal_plugins/BUILD": "python_sources()\n",
        "pants-plugins/internal_plugins/register.py": "",
        "src/python/pants/BUILD": "python_sources()\n",
        "src/python/pants/protocol.py": ("import pylsp_jsonrpc\nimport hcl2\nimport ujson\n"
                                         "from internal_plugins.register import x\nimport quantumjsonlib\n"),
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("src/python/pants/protocol.py", "python-lsp-jsonrpc"),
                                 ("src/python/pants/protocol.py", "python-hcl2"),
                                 ("src/python/pants/protocol.py", "ujson"),
                                 ("src/python/pants/protocol.py", "quantumjsonlib")}


def test_build_view_reads_nothing_outside_a_workspace_and_pex_locks_by_name() -> None:
    assert build_view(["a/b.py", "BUILD"], lambda rel: "").modules == frozenset()
    assert pex_locked_names('// header\n{"locked_resolves": [{"locked_requirements": '
                            '[{"project_name": "Foo_Bar"}]}]}') == {"foo-bar"}
    assert pex_locked_names("not json") == set()


def test_rules_js_packages_a_build_file_links_are_the_folders_own_imports(tmp_path: Path) -> None:
    # aspect-build/rules_js e2e/coverage: BUILD.bazel links a first-party js_library as @repro/jslib into its folder's
    # node_modules; first_party_jslib.js imports it. A file outside that folder, and an invented id, stay judged.
    write(tmp_path, {
        "MODULE.bazel": 'module(name = "e2e")\n',
        "package.json": '{"name": "root", "private": true}\n',
        "coverage/BUILD.bazel": ('load("@aspect_rules_js//npm:defs.bzl", "npm_link_package")\n'
                                 'npm_link_package(\n    name = "node_modules/@repro/jslib",\n    src = "//pkg:src",\n'
                                 '    package = "@repro/jslib",\n    version = "0.0.0",\n)\n'),
        "coverage/first_party_jslib.js": "const lib = require('@repro/jslib');\nconst x = require('quantum-json-lib');\n",
        "other/use.js": "const lib = require('@repro/jslib');\n",
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("coverage/first_party_jslib.js", "quantum-json-lib"), ("other/use.js", "@repro/jslib")}


def test_a_starlark_macro_making_packages_in_its_own_scope_makes_that_scope_the_projects(tmp_path: Path) -> None:
    # formatjs (held-out spot set 101): tools/generated.bzl's formatjs_generated_package macro runs
    # npm_package(package = "@formatjs_generated/%s" % package_name) for each generated CLDR table, and the packages
    # import @formatjs_generated/tz; another scope, and a macro whose package is a bare variable, stay judged
    write(tmp_path, {
        "MODULE.bazel": 'module(name = "formatjs")\n',
        "package.json": '{"name": "root", "private": true}\n',
        "tools/generated.bzl": ('load("@aspect_rules_js//npm:defs.bzl", "npm_package")\n\n'
                                'def formatjs_generated_package(name, package_name, srcs):\n'
                                '    npm_package(\n        name = name,\n        srcs = srcs,\n'
                                '        package = "@formatjs_generated/%s" % package_name,\n    )\n\n'
                                'def plain(name, package_name):\n    npm_package(name = name, package = package_name)\n'),
        "packages/intl-datetimeformat/core.ts": ("import {TZ} from '@formatjs_generated/tz/data'\n"
                                                 "import x from '@formatjs_generatedx/tz'\nimport y from 'tz-tables-zz'\n"
                                                 "import a from '@angular/animations-plusz'\nimport t from '@types/reqeustsz'\n"
                                                 "import u from '@zentrixa/ui-kit-tablez'\n"),
        "packages/generated/tz/BUILD.bazel": 'load("//tools:generated.bzl", "formatjs_generated_package")\n',
        # r22: a popular scope stays npm's, and a macro no BUILD file loads (an unused fixture) claims nothing
        "tools/public.bzl": 'def ng(name):\n    npm_package(name = name, package = "@angular/%s" % name)\n',
        "e2e/bazel-fixture/defs.bzl": ('def acme(name):\n    npm_package(name = name, package = "@zentrixa/%s" % name)\n'
                                       'def typed(name):\n    npm_package(name = name, package = "@types/" + name)\n'),
        "packages/ng/BUILD.bazel": 'load("//tools:public.bzl", "ng")\n',
    })
    git_tree(tmp_path)
    assert imports(tmp_path) == {("packages/intl-datetimeformat/core.ts", n) for n in (
        "@formatjs_generatedx/tz", "tz-tables-zz", "@angular/animations-plusz", "@types/reqeustsz", "@zentrixa/ui-kit-tablez")}


def test_a_starlark_macro_scope_is_its_loading_workspaces_and_never_a_registry_scope(tmp_path: Path) -> None:
    # r23 finding 2 (/tmp/r23/t2, t2b): a label names one file of the loading file's workspace (the root's
    # load("//:defs.bzl") is not e2e/bazel-fixture/defs.bzl); a nested workspace's own BUILD file makes the scope its
    # own files', not the tree's; and a scope in which a package.json depends on a package the tree does not hold
    # (@acme/ui-kit, from the registry) is not the project's, wherever the macro is loaded
    fixture = ('load("@aspect_rules_js//npm:defs.bzl", "npm_package")\n\n'
               'def acme(name, srcs):\n    npm_package(name = name, srcs = srcs, package = "@acme/%s" % name)\n')
    web = {"package.json": '{"name": "acme-monorepo", "private": true}\n',
           "packages/web/package.json": '{"name": "@acme/web", "version": "1.0.0"}\n',
           "packages/web/src/main.ts": 'import { Table } from "@acme/ui-kit-tablez";\n'}
    cases = {
        "t2b": {"BUILD.bazel": 'load("//:defs.bzl", "web_pkg")\nweb_pkg(name = "web")\n',
                "defs.bzl": "def web_pkg(name):\n    native.filegroup(name = name, srcs = [])\n",
                "e2e/bazel-fixture/defs.bzl": fixture},
        "t2": {"e2e/workspace/MODULE.bazel": "",
               "e2e/workspace/BUILD.bazel": 'load(":defs.bzl", "acme")\nacme(name = "widgets", srcs = ["index.js"])\n',
               "e2e/workspace/defs.bzl": fixture,
               "e2e/workspace/index.js": 'import w from "@acme/widgets";\n'},
        "registry": {"MODULE.bazel": "", "tools/defs.bzl": fixture,
                     "packages/widgets/BUILD.bazel": 'load("//tools:defs.bzl", "acme")\nacme(name = "widgets", srcs = [])\n',
                     "packages/web/package.json": '{"name": "@acme/web", "dependencies": {"@acme/ui-kit": "^3.0.0"}}\n'},
        # r23 2c: no workspace file anywhere: a fixture folder's BUILD loading its own .bzl makes the scope that
        # folder's files' only (its own index.js import is the project's, web's is judged)
        "t2c": {"e2e/bazel-fixture/BUILD.bazel": 'load(":defs.bzl", "acme")\nacme(name = "widgets", srcs = ["index.js"])\n',
                "e2e/bazel-fixture/defs.bzl": fixture,
                "e2e/bazel-fixture/index.js": 'import w from "@acme/widgets";\n'},
    }
    for case, files in cases.items():
        write(tmp_path / case, {**web, **files})
        git_tree(tmp_path / case)
        assert imports(tmp_path / case) == {("packages/web/src/main.ts", "@acme/ui-kit-tablez")}, case
