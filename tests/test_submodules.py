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
