"""Git submodules are the project's own code: a submodule laid out as a scoped npm package folder is the tree's
own package, so importing it is not a registry lookup (mattermost-mobile's private ``libraries/@mattermost/intune``
submodule, imported as ``@mattermost/intune`` and flagged missing)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths
from depguard.submodules import submodule_paths

GITMODULES = """\
# Intune MAM library submodule (private repository - internal builds only)
[submodule "libraries/@acme/intune"]
\tpath = libraries/@acme/intune
\turl = git@github.com:acme/mobile-intune.git
[submodule "vendor"]
\tpath = vendor/left-pad-fork
\turl = https://github.com/acme/left-pad-fork
[remote "origin"]
\tpath = libraries/@acme/not-a-submodule
"""

APP = {
    ".gitmodules": GITMODULES,
    "package.json": '{"name": "acme-mobile", "dependencies": {"react-native": "0.77.0"},'
                    ' "scripts": {"intune:link": "npm install --install-links --no-save ./libraries/@acme/intune"}}',
    "app/managers/intune.ts": "let Intune = null;\ntry {\n  Intune = require('@acme/intune').default;\n} catch {}\n"
                              "import {Platform} from 'react-native';\nimport pad from 'left-pad-fork';\n"
                              "import x from 'invented-helper-zz';\nimport y from '@acme/not-a-submodule';\n",
}


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def _names(root: Path) -> set[str]:
    out = collect_paths([root], Settings())
    return {m.key.name for m in out.mentions if m.key.ecosystem == "npm"}


def test_a_scoped_package_folder_submodule_is_the_trees_own_package(tmp_path):
    _write(tmp_path, APP)
    (tmp_path / "libraries/@acme/intune").mkdir(parents=True)  # not checked out: an empty folder
    names = _names(tmp_path)
    assert "@acme/intune" not in names
    # an unscoped folder name says nothing, nor does a path outside a [submodule] section; invented ids stay judged
    assert {"react-native", "left-pad-fork", "invented-helper-zz", "@acme/not-a-submodule"} <= names


def test_gitmodules_paths_are_read_as_text():
    assert submodule_paths(GITMODULES) == ["libraries/@acme/intune", "vendor/left-pad-fork"]
    assert submodule_paths('[submodule "a"]\n  path = "x/@s/n"\n[submodule "b"]\n path = ../outside\n') == ["x/@s/n"]


def test_a_submodule_excuses_an_import_never_a_declared_dependency_or_an_install(tmp_path):
    # npm answers "@acme/intune": "^1.0.0" and `npm install @acme/intune` from the registry whatever .gitmodules
    # says: a pull request adding a .gitmodules entry (no folder, no gitlink needed) must not hide either
    _write(tmp_path, {
        ".gitmodules": '[submodule "intune"]\n\tpath = libraries/@acme/intune\n',
        "package.json": '{"name": "acme-mobile", "dependencies": {"@acme/intune": "^1.0.0"}}',
        ".github/workflows/ci.yml": "on: push\njobs:\n  b:\n    runs-on: ubuntu-latest\n    steps:\n"
                                    "      - run: npm install @acme/intune\n",
        "app/intune.ts": "import Intune from '@acme/intune';\n",
    })
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    for checked_out in (False, True):  # then its package.json names it: for the code's imports only too
        if checked_out:  # a repository of its own inside the tree: git lists none of its files
            sub = tmp_path / "libraries/@acme/intune"
            sub.mkdir(parents=True)
            subprocess.run(["git", "init", "-q", str(sub)], check=True)
            (sub / "package.json").write_text('{"name": "@acme/intune"}')
        out = collect_paths([tmp_path], Settings())
        judged = sorted(Path(m.location.path).relative_to(tmp_path).as_posix() for m in out.mentions
                        if m.key.ecosystem == "npm" and m.key.name == "@acme/intune")
        assert judged == [".github/workflows/ci.yml", "package.json"], (checked_out, judged)


TDESIGN_LOCK = """\
lockfileVersion: '9.0'

importers:

  .:
    devDependencies:
      vitest:
        specifier: ^3.2.4
        version: 3.2.4

  packages/common:
    dependencies:
      lodash-es:
        specifier: ^4.17.21
        version: 4.17.21

  packages/common/js: {}

  packages/site:
    dependencies:
      '@tdesign/common':
        specifier: workspace:^
        version: link:../common
      '@tdesign/components':
        specifier: workspace:^
        version: link:../components

packages:

  vitest@3.2.4:
    resolution: {integrity: sha512-x}
"""


def test_packages_a_pnpm_lockfile_links_into_a_submodule_not_checked_out(tmp_path):
    # Tencent/tdesign-vue-next: the submodule packages/common (tdesign-common) is not checked out; pnpm-lock.yaml
    # links '@tdesign/common' to link:../common and lists its workspace projects packages/common/js …, whose
    # names (@tdesign/common-js, 176 imports) no file of the tree shows. The linked name is the submodule's package;
    # an undeclared import of its scope is not checked (never a pass); a declared one, another scope, a manifest's
    # dependency and an install command stay judged.
    _write(tmp_path, {
        ".gitmodules": '[submodule "tdesign-common"]\n\tpath = packages/common\n\turl = https://github.com/Tencent/tdesign-common.git\n',
        "pnpm-workspace.yaml": "packages:\n  - packages/**\n",
        "pnpm-lock.yaml": TDESIGN_LOCK,
        "package.json": '{"name": "root", "private": true, "devDependencies": {"@tdesign/site-components": "^0.19.1"}}',
        "packages/components/package.json": '{"name": "@tdesign/components", "dependencies": {"@tdesign/common-ui": "1.0.0"}}',
        "packages/components/alert/alert.tsx":
            "import { getIEVersion } from '@tdesign/common-js/utils/helper';\nimport '@tdesign/common-style/web/components/alert/_index.less';\n"
            "import '@tdesign/site-components';\nimport '@tdesign/common-ui';\nimport '@other/invented-kit';\n",
        "packages/site/router.ts": "import docs from '@tdesign/common/docs/web/api/alert.md';\n",
        "README.md": "```bash\nnpm i @tdesign/common-js\n```\n",
    })
    (tmp_path / "packages/common").mkdir(parents=True)  # not checked out: an empty folder
    out = collect_paths([tmp_path], Settings())
    npm = [m for m in out.mentions if m.key.ecosystem == "npm"]
    unchecked = {m.key.name for m in npm if m.example is not None and m.example.unchecked}
    names = {m.key.name for m in npm}
    assert "@tdesign/common" not in names
    assert unchecked == {"@tdesign/common-js", "@tdesign/common-style"}
    assert {"@tdesign/site-components", "@tdesign/common-ui", "@other/invented-kit"} <= names
    judged_readme = [m for m in npm if m.location.path.endswith("README.md")]
    assert judged_readme and all(m.example is None or not m.example.unchecked for m in judged_readme)
