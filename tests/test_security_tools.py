"""Security and penetration-testing tools (held-out set 164: the Snyk CLI, retire.js): the sample projects a
scanner's tests run it on, kept in a ``workspaces`` folder below a test folder."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found as names
from tests.trees import write


def test_a_test_folders_workspaces_are_the_tests_input(tmp_path):
    # the Snyk CLI's test/acceptance/workspaces/<name>/: 128 small projects its acceptance tests copy and scan
    # (getWorkspacePath: path.join(__dirname, '../../acceptance/workspaces', name)), never installed; some pin names
    # since unpublished (cxct 0.0.1-security) or private on purpose; snyk-fix keeps its Pipfile cases the same way
    write(tmp_path, {
        "package.json": '{"name": "snyk", "version": "1.0.0", "dependencies": {"chalk": "^4.0.0"}}\n',
        "test/jest/util/getWorkspacePath.ts": "import * as path from 'path';\n"
                                              "export const getWorkspacePath = (name: string) =>\n"
                                              "  path.join(__dirname, '../../acceptance/workspaces', name);\n",
        "test/acceptance/workspaces/no-fixable/package.json":
            '{"name": "no-fix-app", "version": "1.0.0", "dependencies": {"cxct": "0.0.1-security"}}\n',
        "test/acceptance/workspaces/pip-app-private/requirements.txt":
            "some-package-that-only-exists-in-a-private-repository==0.0.1\n",
        "packages/snyk-fix/test/acceptance/plugins/python/handlers/pipenv-pipfile/workspaces/with-dev-deps/Pipfile":
            '[packages]\ntransitive = "==1.1.1"\n',
        "packages/snyk-fix/test/acceptance/plugins/python/handlers/pipenv-pipfile/update-dependencies.spec.ts":
            "const workspacesPath = pathLib.resolve(__dirname, 'workspaces');\n",
    })
    assert names(tmp_path, Origin.MANIFEST) == {("package.json", "chalk")}


def test_a_workspaces_folder_outside_tests_stays_judged(tmp_path):
    # npm/yarn workspaces at the top (or anywhere outside a test folder) are the project's own packages; an invented
    # dependency there, or in a manifest beside the tests, is still judged
    write(tmp_path, {
        "package.json": '{"name": "root", "private": true, "workspaces": ["workspaces/*"]}\n',
        "workspaces/app/package.json": '{"name": "app", "dependencies": {"invented-workspace-dep": "^1.0.0"}}\n',
        "test/package.json": '{"name": "tests", "devDependencies": {"invented-test-helper": "^1.0.0"}}\n',
        "test/workspaces-helper.ts": "export const helper = 1;\n",
    })
    assert names(tmp_path, Origin.MANIFEST) == {
        ("workspaces/app/package.json", "invented-workspace-dep"), ("test/package.json", "invented-test-helper")}


def test_an_add_on_sdk_packages_bare_ids_resolve_in_its_lib_folder(tmp_path):
    # retire.js's firefox/: an Add-on SDK (Jetpack) add-on, package.json with its add-on id and main lib/main.js; the
    # SDK's loader finds `require("toolbarbutton/toolbarbutton")` in the add-on's own lib/toolbarbutton/; an id
    # naming nothing in lib/ goes on to the registry and is judged
    write(tmp_path, {
        "firefox/package.json": '{"name": "retirejs", "fullName": "Retire.js for Firefox",\n'
                                ' "id": "jid1-WraQ74BxTHiaUw@jetpack", "main": "lib/main.js"}\n',
        "firefox/lib/main.js": 'const toolbarButton = require("toolbarbutton/toolbarbutton").ToolbarButton;\n'
                               'const scanner = require("./scanner");\n'
                               'const extra = require("invented-addon-helper");\n',
        "firefox/lib/scanner.js": "exports.scan = function () {};\n",
        "firefox/lib/toolbarbutton/toolbarbutton.js": "exports.ToolbarButton = function () {};\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {("firefox/lib/main.js", "invented-addon-helper")}


def test_a_packages_lib_folder_is_no_module_root_without_an_add_on_id(tmp_path):
    # an ordinary npm package with a lib/ folder: Node resolves a bare id only in node_modules, so a folder of lib/
    # named like the id does not make it local
    write(tmp_path, {
        "package.json": '{"name": "plain", "version": "1.0.0", "main": "lib/main.js"}\n',
        "lib/main.js": 'const button = require("toolbarbutton/toolbarbutton");\n',
        "lib/toolbarbutton/toolbarbutton.js": "exports.ToolbarButton = function () {};\n",
    })
    assert names(tmp_path, Origin.IMPORT) == {("lib/main.js", "toolbarbutton")}
