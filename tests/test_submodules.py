"""Git submodules are the project's own code: a submodule laid out as a scoped npm package folder is the tree's
own package, so importing it is not a registry lookup (mattermost-mobile's private ``libraries/@mattermost/intune``
submodule, imported as ``@mattermost/intune`` and flagged missing)."""

from __future__ import annotations

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


def _names(root: Path) -> set[str]:
    out = collect_paths([root], Settings())
    return {m.key.name for m in out.mentions if m.key.ecosystem == "npm"}


def test_a_scoped_package_folder_submodule_is_the_trees_own_package(tmp_path):
    for rel, text in APP.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    (tmp_path / "libraries/@acme/intune").mkdir(parents=True)  # not checked out: an empty folder
    names = _names(tmp_path)
    assert "@acme/intune" not in names
    # an unscoped folder name says nothing, nor does a path outside a [submodule] section; invented ids stay judged
    assert {"react-native", "left-pad-fork", "invented-helper-zz", "@acme/not-a-submodule"} <= names


def test_gitmodules_paths_are_read_as_text():
    assert submodule_paths(GITMODULES) == ["libraries/@acme/intune", "vendor/left-pad-fork"]
    assert submodule_paths('[submodule "a"]\n  path = "x/@s/n"\n[submodule "b"]\n path = ../outside\n') == ["x/@s/n"]
