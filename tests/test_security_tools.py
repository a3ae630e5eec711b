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
