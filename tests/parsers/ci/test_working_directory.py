"""A GitHub Actions step's ``working-directory``: its ``run`` script starts in that folder (jupyter-book's deploy
workflow: ``npm install`` and ``npx myst build``, each with ``working-directory: docs``). The reader writes the step
as a subshell changing into the folder, in the blanks the YAML leaves, so every mention keeps its place; a folder
that is not a literal relative path, and a step without the key, are read at the root as before."""

from __future__ import annotations

import json

from depguard.model import Verdict
from depguard.parsers import Source, get_format
from depguard.parsers.scripts import yaml_run_blocks

from ...checks.test_declared_lookalikes import Registry, _packument, _scan, _settings

DEPLOY = """\
name: MyST GitHub Pages Deploy
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Install MyST Markdown & Deps
        run: npm install
        working-directory: docs
      - name: Build HTML Assets
        run: npx myst build --html --execute
        working-directory: docs
"""


def test_a_steps_run_is_read_in_its_working_directory_and_keeps_its_place():
    out = yaml_run_blocks(DEPLOY).split("\n")
    assert out[7] == "(cd docs;    npm install" and out[8].startswith(");")
    assert out[10].endswith("npx myst build --html --execute") and out[10].startswith("(cd docs; ")
    assert len(out) == len(DEPLOY.split("\n"))
    found = [(m.key.name, m.location.line, m.location.column, m.note) for m in
             get_format("ci-yaml").parse(Source(path=".github/workflows/deploy.yml", text=DEPLOY))]
    assert found == [("myst", 11, 18, "runs the package (npx); after an install of the project in docs")]


def test_a_block_a_key_before_the_run_and_folders_read_as_before():
    text = ("jobs:\n  a:\n    steps:\n      - working-directory: site\n        run: |\n          npm ci\n"
            "          npx eleventy  # build\n      - run: npm test\n        working-directory: ${{ matrix.dir }}\n"
            "      - run: npm test\n        working-directory: ../elsewhere\n      - run: npx eleventy\n")
    out = yaml_run_blocks(text).split("\n")
    assert out[4] == "(cd site" and out[7].startswith(");") and out[7].endswith("npm test")
    assert "(cd" not in "\n".join(out[8:])  # an expression, a folder above the checkout: read at the root


MYSTMD = _packument("mystmd", [2500, 2000, 1000, 100], "the MyST Markdown command line",
                    latest={"bin": {"myst": "./dist/myst.cjs"}})


LEFT_PAD = _packument("left-pad", [2500, 2000, 1000, 100], "pad a string on the left")


def test_a_runner_in_a_steps_working_directory_runs_the_bin_of_that_folders_project(tmp_path, settings):
    # jupyter-book/jupyter-book (held-out set 15): docs/package.json declares mystmd, whose bin is myst; the root has
    # no such dependency. An invented command in the same step, and the same runner in a step at the root, stay missing
    (tmp_path / ".github" / "workflows").mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "package.json").write_text(json.dumps({"name": "docs", "devDependencies": {"mystmd": "^1.3.17"}}))
    (tmp_path / "package.json").write_text(json.dumps({"name": "root", "devDependencies": {"left-pad": "1.3.0"}}))
    # the root's project is installed first, so a runner read at the root runs its dependencies' commands (none is myst)
    workflow = (DEPLOY.replace("      - uses: actions/checkout@v4\n", "      - uses: actions/checkout@v4\n      - run: npm ci\n")
                + "      - run: npx myst-deploy-kit\n        working-directory: docs\n      - run: npx myst build\n")
    (tmp_path / ".github" / "workflows" / "deploy.yml").write_text(workflow)
    report = _scan(tmp_path, _settings(settings), Registry({"mystmd": MYSTMD, "left-pad": LEFT_PAD}))
    got = sorted((f.mention.location.line, f.mention.written, f.verdict) for f in report.findings
                 if f.mention.written.startswith("myst") and f.mention.origin.value == "command")
    assert got == [(12, "myst", Verdict.ALLOWED), (14, "myst-deploy-kit", Verdict.MISSING), (16, "myst", Verdict.MISSING)]
