"""A plug-in host that installs an existing path before it asks the registry (issue 12, jupyterlab's CI script):
``jupyter labextension install mimeextension`` after ``pushd jupyterlab/tests/mock_packages`` installs that folder of
the tree. The bare name is that path when the tree has it, a folder with or without a package.json, where the command
runs (from the script's folder or the scan root); an unknown folder, a name the tree does not have, and other tools stay judged."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.model import Origin
from tests.trees import scan, write

CI = """#!/bin/bash
set -ex
if [[ $GROUP == usage ]]; then
    jupyter lab build --debug
    pushd jupyterlab/tests/mock_packages
    jupyter labextension link mimeextension --no-build --debug
    # Test with a source package install
    jupyter labextension install mimeextension --debug
    jupyter labextension install invented-lab-ext-zzz --debug
    npm install extension
    popd
    jupyter labextension install mimeextension
    cd "$SOMEWHERE"
    jupyter labextension install extension
fi
"""


def commands(root: Path) -> set[tuple[str, int]]:
    collected = scan(root)
    return {(m.key.name, m.location.line) for m in collected.mentions if m.origin is Origin.COMMAND}


def test_a_bare_labextension_name_is_the_folder_the_script_moved_to_when_the_tree_has_it(tmp_path):
    package = json.dumps({"name": "@jupyterlab/mock-mime-extension", "version": "3.0.0", "jupyterlab": {"mimeExtension": True}})
    write(tmp_path, {
        "scripts/ci_script.sh": CI,
        "jupyterlab/tests/mock_packages/mimeextension/package.json": package,
        "jupyterlab/tests/mock_packages/extension/package.json": package.replace("mime-", ""),
    })
    assert commands(tmp_path) == {
        ("invented-lab-ext-zzz", 9),  # no such folder there: npm's
        ("extension", 10),  # npm install reads a bare name as a registry name, whatever the folder
        ("mimeextension", 12),  # after popd: no mimeextension folder at the start
        ("extension", 14),  # a folder given by a variable: not known, judged
    }


# jupyterlab 6ef5a17's scripts/ci_script.sh, cut down: one `if [[ $GROUP == … ]]` block per CI job, and the js job's
# pushd has no popd, so reading the blocks in sequence left the usage job in an unknown folder
CI_JOBS = """#!/bin/bash
set -ex
if [[ $GROUP == js* ]]; then
    export PKG="${GROUP#*-}"
    pushd "packages/${PKG}"
    jlpm build:test; true
fi
if [[ $GROUP == docs ]]; then
    pushd docs
    make html
    popd
fi
if [[ $GROUP == usage ]]; then
    pushd jupyterlab/tests/mock_packages
    jupyter labextension install mimeextension --debug
    jupyter labextension install invented-lab-ext-zzz --debug
    popd
fi
if [[ $GROUP == js-other ]]; then
    jupyter labextension install mimeextension
fi
if [ -d jupyterlab ]; then
    cd jupyterlab/tests/mock_packages
fi
jupyter labextension install mimeextension
"""


def test_a_branch_starts_where_the_if_started_and_a_test_that_rules_out_a_branch_drops_its_folder(tmp_path):
    package = json.dumps({"name": "@jupyterlab/mock-mime-extension", "version": "3.0.0", "jupyterlab": {"mimeExtension": True}})
    write(tmp_path, {"scripts/ci_script.sh": CI_JOBS, "jupyterlab/tests/mock_packages/mimeextension/package.json": package})
    assert commands(tmp_path) == {
        ("invented-lab-ext-zzz", 16),  # the usage job's folder is known, and the tree has no such folder: npm's
        ("mimeextension", 20),  # js-other may follow the js* job's pushd into packages/$PKG: not known, judged
        ("mimeextension", 25),  # after an if without else that cds: either folder, not known, judged
    }


# flekschas/jupyter-scatter's Makefile (held-out set 294): its JS package was first called jscatter; the targets stayed
# while the Python package beside the Makefile is jscatter/ (no package.json): JupyterLab packs the existing folder
# (`npm pack` fails there, "not a valid npm package") and never asks npm for the name
MAKEFILE = """# Jupyter Lab Extension
labext-install:
\tjupyter labextension install jscatter

labext-typo:
\tjupyter labextension install jscater

labext-elsewhere:
\tjupyter labextension install scatterwidget
"""


def test_a_bare_labextension_name_is_an_existing_folder_of_the_tree_even_without_a_package_json(tmp_path):
    write(tmp_path, {
        "Makefile": MAKEFILE,
        "jscatter/__init__.py": "from .jscatter import Scatter\n",
        "docs/scatterwidget/index.md": "# the widget\n",  # a folder of that name, but not where the command runs
    })
    assert commands(tmp_path) == {
        ("jscater", 6),  # no such folder: npm's
        ("scatterwidget", 9),  # the folder is elsewhere in the tree: npm's
    }
