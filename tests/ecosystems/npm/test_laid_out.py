"""A package.json dependency whose module the project laid out by hand in the node_modules beside it (issue 12,
apostrophe's moog-require test project): not checked, never a pass; a module an installer put there (its
package.json) and every other name are judged as before."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.config import Settings
from tests.trees import judged, verdicts, write

EXISTING = {"apostrophe", "lodash"}


def report(root: Path):
    return judged(root, EXISTING)


def test_a_dependency_the_project_laid_out_beside_its_manifest_is_not_checked(tmp_path):
    write(tmp_path, {
        # packages/moog-require/test: the test project lists the modules its committed node_modules holds
        "test/package.json": json.dumps({"dependencies": {"testModule": "1.0.0", "failingModuleSync": "1.0.0",
                                                          "@company/bundle": "1.0.0", "singleFile": "1.0.0",
                                                          "lodash": "^4.17.21", "invented-helper-kit": "1.0.0",
                                                          "installed-but-invented": "1.0.0", "empty-folder": "1.0.0"}}),
        "test/node_modules/testModule/index.js": "module.exports = { construct() {} };\n",
        "test/node_modules/failingModuleSync/index.js": "throw new Error('fails');\n",
        "test/node_modules/@company/bundle/index.js": "module.exports = {};\n",
        "test/node_modules/singleFile.js": "module.exports = {};\n",
        # what an install leaves: the package's own package.json (a developer's checkout): judged
        "test/node_modules/installed-but-invented/package.json": '{"name": "installed-but-invented", "version": "1.0.0"}',
        "test/node_modules/installed-but-invented/index.js": "module.exports = {};\n",
        "test/node_modules/empty-folder/README.md": "nothing to load\n",
        # a manifest elsewhere: the folder beside test/package.json is not beside it
        "other/package.json": json.dumps({"dependencies": {"testModule": "1.0.0"}}),
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("test/package.json", "testModule"): "not-checked",
        ("test/package.json", "failingModuleSync"): "not-checked",
        ("test/package.json", "@company/bundle"): "not-checked",
        ("test/package.json", "singleFile"): "not-checked",
        ("test/package.json", "lodash"): "ok",
        ("test/package.json", "invented-helper-kit"): "missing",
        ("test/package.json", "installed-but-invented"): "missing",
        ("test/package.json", "empty-folder"): "missing",
        ("other/package.json", "testModule"): "missing",
    }
    reasons = {f.reasons[0] for f in rep.findings if f.mention.written == "testModule" and f.verdict.value == "not-checked"}
    assert reasons == {"its module is laid out by the project in node_modules/testModule/ beside this manifest "
                       "(no package.json: no installer put it there)"}
    assert rep.exit_code(Settings().fail_on) == 1  # the invented names still fail


def test_a_package_in_a_node_modules_the_projects_gitignore_un_ignores_is_not_checked(tmp_path):
    # rushstack (set 48): libraries/heft-config-file/src/test/project-referencing-rig/ lists test-rig, and its
    # .gitignore (`!node_modules`) un-ignores the node_modules/test-rig/ it commits, package.json and all, against
    # the root's `node_modules/` rule. Without the negation, a node_modules with a package.json is an install: judged
    write(tmp_path, {
        ".gitignore": "node_modules/\n",
        "src/test/project-referencing-rig/.gitignore": "!node_modules\n",
        "src/test/project-referencing-rig/package.json": json.dumps({"dependencies": {"test-rig": "1.0.0",
                                                                                     "invented-rig-kit": "1.0.0"}}),
        "src/test/project-referencing-rig/node_modules/test-rig/package.json": '{"name": "test-rig"}',
        "src/test/plain/package.json": json.dumps({"dependencies": {"test-rig": "1.0.0"}}),
        "src/test/plain/node_modules/test-rig/package.json": '{"name": "test-rig"}',
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("src/test/project-referencing-rig/package.json", "test-rig"): "not-checked",
        ("src/test/project-referencing-rig/package.json", "invented-rig-kit"): "missing",
        ("src/test/plain/package.json", "test-rig"): "missing",
    }
    [reason] = {f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"}
    assert reason == ("its module is laid out by the project in node_modules/test-rig/ (committed: "
                      "src/test/project-referencing-rig/.gitignore:1 un-ignores it) beside this manifest")


def test_an_import_of_a_declared_dependency_the_project_laid_out_resolves_to_that_module(tmp_path):
    # Lion (held-out set 200): docs/fundamentals/tools/singleton-manager/example-complex/package.json declares page-a,
    # its .gitignore (`!**/*`) commits node_modules/page-a/ (package.json and all), and demo-app.js imports
    # 'page-a/page-a.js': the manifest's entry was not checked (laid out) while the import of the same module was
    # judged missing. Node resolves the import to the committed folder, as it does for a module laid out by hand (no
    # package.json). Still judged: an invented import beside it, a declared name with no such folder, the same import
    # where the folder is an install the project does not commit
    write(tmp_path, {
        ".gitignore": "node_modules/\n",
        "example-complex/.gitignore": "!**/*\n",
        "example-complex/package.json": json.dumps({"dependencies": {"page-a": "^1.0.0", "invented-page": "^1.0.0"}}),
        "example-complex/node_modules/page-a/package.json": '{"name": "page-a", "version": "1.0.0"}',
        "example-complex/node_modules/page-a/page-a.js": "export const a = 1;\n",
        "example-complex/demo-app.js": "import 'page-a/page-a.js';\nimport 'invented-page';\nimport 'undeclared-kit';\n",
        "hand/package.json": json.dumps({"dependencies": {"testModule": "1.0.0"}}),
        "hand/node_modules/testModule/index.js": "module.exports = {};\n",
        "hand/src/load.js": "const t = require('testModule');\n",
        "plain/package.json": json.dumps({"dependencies": {"page-a": "^1.0.0"}}),
        "plain/node_modules/page-a/package.json": '{"name": "page-a"}',
        "plain/app.js": "import 'page-a/page-a.js';\n",
    })
    rep = report(tmp_path)
    got = {k: v for k, v in verdicts(rep).items() if not k[0].endswith("package.json")}
    assert got == {
        ("example-complex/demo-app.js", "invented-page"): "missing",
        ("example-complex/demo-app.js", "undeclared-kit"): "missing",
        ("plain/app.js", "page-a"): "missing",
    }
