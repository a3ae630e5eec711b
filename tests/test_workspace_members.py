"""Workspace members in folders named like fixture data are the project's own packages (npm/workspace_members.py).

Held-out set 226 (modern JavaScript runtimes and monorepos): fedify-dev/fedify's `packages/fixture` is
`@fedify/fixture`, listed in pnpm-workspace.yaml's `packages` and the root deno.json's `workspace`; the walk left the
folder out as fixture data, so its package.json name was unknown and packages/sqlite/src/mq.test.ts's
`import { test } from "@fedify/fixture";` (no package.json declares it there; Deno's workspace resolves it) was asked
of npm: DG001. Still data: fixture folders inside a member, a fixture's own workspace (a package manager's test
projects), a fixtures folder no workspace lists, and a member a negation excludes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.ecosystems.npm.workspace_members import member_folders
from depguard.model import Origin
from tests.trees import found, write

FEDIFY = {
    "pnpm-workspace.yaml": "packages:\n- packages/fixture\n- packages/sqlite\n",
    "deno.json": '{\n  "workspace": [\n    "./packages/fixture",\n    "./packages/sqlite"\n  ]\n}\n',
    "package.json": '{"scripts": {"prepare": "pnpm -r run build:self"}}\n',
    "packages/fixture/package.json": '{"name": "@fedify/fixture", "dependencies": {"@std/assert": "jsr:^1.0.13"}}\n',
    "packages/fixture/deno.json": '{"name": "@fedify/fixture", "exports": {".": "./src/mod.ts"}}\n',
    "packages/fixture/src/mod.ts": "export { test } from './test.ts';\nimport chalk from 'chalk';\n",
    "packages/sqlite/package.json": '{"name": "@fedify/sqlite", "dependencies": {"es-toolkit": "^1.0.0"}}\n',
    "packages/sqlite/src/mq.test.ts": 'import { test } from "@fedify/fixture";\nimport x from "@fedify/fixtur";\n',
    # fixture data inside the member: its tests' input, still left out
    "packages/fixture/test/fixtures/app.js": "import 'data-only-zq';\n",
    # a fixture folder no workspace lists: data
    "packages/sqlite/test/fixtures/pkg/package.json": '{"name": "fixture-pkg-zq", "dependencies": {"nope-zq": "1"}}\n',
}


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_a_workspace_member_named_like_fixture_data_is_the_projects_package(tmp_path):
    write(tmp_path, FEDIFY)
    assert imports(tmp_path) == {("packages/fixture/src/mod.ts", "chalk"),
                                 ("packages/sqlite/src/mq.test.ts", "@fedify/fixtur")}
    assert found(tmp_path, Origin.MANIFEST) == {("packages/sqlite/package.json", "es-toolkit")}


@pytest.mark.parametrize("workspace", [
    {"pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n  - '!**/test/**'\n"},
    {"package.json": '{"private": true, "workspaces": ["packages/*"]}\n'},
    {"package.json": '{"private": true, "workspaces": {"packages": ["packages/**"]}}\n'},
    {"deno.jsonc": '{\n  // members\n  "workspace": ["./packages/fixtures", "./packages/core"],\n}\n'},
], ids=["pnpm globs", "npm workspaces", "yarn packages", "deno.jsonc"])
def test_the_member_globs_of_each_workspace_file(tmp_path, workspace):
    files = {**workspace, "packages/fixtures/package.json": '{"name": "@acme/fixtures"}\n',
             "packages/fixtures/test/fixtures/demo/package.json": '{"name": "demo"}\n',
             "packages/core/deno.json": '{"name": "@acme/core"}\n'}
    write(tmp_path, files)
    assert member_folders(list(files), str(tmp_path)) == {"packages/fixtures"}
    # without a sibling package the same globs list, a lone fixtures folder is not one package among others: data
    assert member_folders([f for f in files if not f.startswith("packages/core")], str(tmp_path)) == frozenset()


def test_test_projects_a_workspace_lists_below_a_data_folder_stay_data(tmp_path):
    # Vite's pnpm-workspace.yaml lists 'playground/**', its test projects (playground/alias, …), and Nuxt's lists
    # 'test/fixtures/*' and 'playground': the input of their tests, installed by the workspace to be tested
    files = {
        "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n  - 'playground/**'\n  - 'test/fixtures/*'\n"
                               "  - playground-top\n",
        "packages/vite/package.json": '{"name": "vite", "dependencies": {"esbuild": "^0.21.0"}}\n',
        "playground/package.json": '{"name": "@vitejs/playground", "private": true}\n',
        "playground/alias/package.json": '{"name": "@vitejs/test-alias", "dependencies": {"invented-zq": "1"}}\n',
        "playground/alias/index.js": "import 'dep-that-does-not-exist-zq';\n",
        "test/fixtures/basic/package.json": '{"name": "fixture-basic", "dependencies": {"invented2-zq": "1"}}\n',
        "playground-top/package.json": '{"name": "pt"}\n',
    }
    write(tmp_path, files)
    assert member_folders(list(files), str(tmp_path)) == frozenset()
    assert found(tmp_path, Origin.MANIFEST) == {("packages/vite/package.json", "esbuild")}
    assert imports(tmp_path) == set()


def test_a_fixtures_own_workspace_and_an_excluded_member_stay_data(tmp_path):
    write(tmp_path, {
        # a package manager's test project: a workspace inside fixture data lists its own members
        "test/fixtures/monorepo/pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n",
        "test/fixtures/monorepo/packages/a/package.json": '{"name": "a", "dependencies": {"invented-zq": "1"}}\n',
        # a root workspace whose negation excludes the fixtures
        "pnpm-workspace.yaml": "packages:\n  - 'packages/*'\n  - '!packages/fixtures'\n",
        "packages/fixtures/package.json": '{"name": "not-a-member-zq", "dependencies": {"invented2-zq": "1"}}\n',
        "packages/core/package.json": '{"name": "core", "dependencies": {"left-pad": "1"}}\n',
    })
    assert found(tmp_path, Origin.MANIFEST) == {("packages/core/package.json", "left-pad")}
