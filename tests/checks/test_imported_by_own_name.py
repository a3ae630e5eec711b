"""DG002: a long-lived look-alike that the manifest declares and the tree's source imports by its own name is a note.

Shaped like the false alarms left on real repositories (issue 12): vsketch's and vpype's pyproject.toml declare
``pnoise`` (their author's port of Processing's noise) and ``vpype/filters.py`` imports ``pnoise``; WebODM declares
``pyodm`` and imports it; procrastinate declares ``results`` and its tests import it. DG002 reads each as one edit from
a popular name (``noise``, ``pyodk``, ``requests``), and PyPI gives no download counts to say otherwise. The tree's
evidence does: a misspelt requirement leaves the code importing the *target's* module, which is judged under the
target's name; code that imports the look-alike's own module is written against that package.

Here ``pnoise`` (six releases over thirteen years, PyPI's real summary) is one letter from the popular ``noise``. What
must stay flagged: the same requirement beside code that imports ``noise`` (the typo), an import with no declaration,
a young look-alike, one whose registry description gives a squat away (none, a squat's words, a copy of its
target's: reviewer r30's ``botocote``, "A small example package trying to typosquat botocore"), an import in a
document or a fixture tree, npm (where a squat re-exporting its target works under its own name), a command that
installs the name where the tree does not both declare it and import its own module (where it does, the command
installs what the code is written against and is a note with them), the paths that judge a change, and everything
with ``judge-declared-lookalikes = true``.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from depguard.model import Origin, PackageKey, Verdict
from depguard.scan import collect_paths, evaluate

from .test_declared_lookalikes import Registry, _packument, _pypi, _scan, _settings

OLD = [4700, 3000, 2000, 1000, 500, 80]
PYPI = {
    "pypi/pnoise": _pypi("pnoise", OLD, "Vectorized port of Processing noise() function"),
    "pypi/noise": _pypi("noise", [6000, 5000, 4000, 3000, 2000, 20], "Perlin noise for Python"),
}


def _tree(root: Path, imports: str = "import pnoise\n", requirement: str = "pnoise>=0.2") -> Path:
    root.mkdir(exist_ok=True)
    (root / "pyproject.toml").write_text(f'[project]\nname = "shopdb"\nversion = "0.1"\n'
                                         f'dependencies = ["{requirement}"]\n')
    (root / "shopdb").mkdir()
    (root / "shopdb" / "__init__.py").write_text("")
    (root / "shopdb" / "db.py").write_text(imports)
    return root


def _judged(report, name: str) -> dict[str, tuple[Verdict, str]]:
    return {f.mention.origin.value: (f.verdict, f.rule) for f in report.findings if f.mention.key.name == name}


def test_a_declared_lookalike_the_source_imports_by_its_own_name_is_a_note(tmp_path, settings):
    report = _scan(_tree(tmp_path), _settings(settings), Registry(PYPI))
    got = [f for f in report.findings if f.mention.key.name == "pnoise"]
    assert {(f.mention.origin, f.verdict, f.rule) for f in got} == {
        (Origin.MANIFEST, Verdict.ALLOWED, "DG200"), (Origin.IMPORT, Verdict.ALLOWED, "DG200")}
    manifest = next(f for f in got if f.mention.origin is Origin.MANIFEST)
    assert manifest.reasons[0].startswith("pnoise is what this manifest declares and ")
    assert "shopdb/db.py:1 imports by its own name" in manifest.reasons[0]
    assert any("'noise'" in r for r in manifest.reasons[1:])  # what DG002 said is kept below the note


def test_a_misspelt_requirement_beside_code_importing_the_target_is_still_flagged(tmp_path, settings):
    # (the declared pnoise is taken to provide the ``noise`` it imports, a module name of its own: no evidence)
    report = _scan(_tree(tmp_path, imports="import noise\n"), _settings(settings), Registry(PYPI))
    assert _judged(report, "pnoise") == {"manifest": (Verdict.SUSPICIOUS, "DG002"), "import": (Verdict.SUSPICIOUS, "DG002")}


def test_an_import_nothing_declares_is_still_flagged(tmp_path, settings):
    root = _tree(tmp_path, requirement="noise>=1.2")
    report = _scan(root, _settings(settings), Registry(PYPI))
    assert _judged(report, "pnoise") == {"import": (Verdict.SUSPICIOUS, "DG002")}


def test_a_young_lookalike_is_still_flagged(tmp_path, settings):
    registry = Registry({**PYPI, "pypi/pnoise": _pypi("pnoise", [200, 100, 60, 40, 20, 10], "Processing noise() in numpy")})
    report = _scan(_tree(tmp_path), _settings(settings), registry)
    assert {v for v, _ in _judged(report, "pnoise").values()} == {Verdict.SUSPICIOUS}


def test_a_description_that_gives_a_squat_away_excuses_nothing(tmp_path, settings):
    for summary in ("", "A small example package trying to typosquat noise", "Perlin noise for Python",
                    "Perlin noise for Python 3"):  # none, a squat's words, its target's, a reworded copy
        registry = Registry({**PYPI, "pypi/pnoise": _pypi("pnoise", OLD, summary)})
        report = _scan(_tree(tmp_path / str(len(summary))), _settings(settings), registry)
        assert {v for v, _ in _judged(report, "pnoise").values()} == {Verdict.SUSPICIOUS}, summary


def test_an_import_in_a_document_or_a_fixture_tree_excuses_nothing(tmp_path, settings):
    # even where the project asks for docs' and fixtures' imports to be judged: they illustrate, or are test data
    root = _tree(tmp_path, imports="import noise\n")
    (root / "README.md").write_text("# shopdb\n\n```python\nimport pnoise\n\nn = pnoise.noise2(0, 0)\n```\n")
    (root / "tests" / "fixtures").mkdir(parents=True)
    (root / "tests" / "fixtures" / "sample.py").write_text("import pnoise\n")
    s = _settings(settings, judge_docs_imports=True, judge_fixtures=True)
    report = _scan(root, s, Registry(PYPI))
    got = [(f.mention.origin, f.verdict) for f in report.findings if f.mention.key.name == "pnoise"]
    assert len(got) == 4 and {v for _, v in got} == {Verdict.SUSPICIOUS}  # the manifest, db.py's noise, the two


def test_a_command_that_installs_it_is_a_note_with_it_and_the_setting_judges_strictly(tmp_path, settings):
    # the command installs what the manifest declares and the code imports by its own name (meerk40t's CI workflows'
    # `pip install pyclipr` beside its optional requirements and `import pyclipr`; ScrapydWeb's CI `pip install
    # scrapyd==1.4.3`; Auth0's samples' `uv pip install auth0_fastapi`: each flagged there at its command alone)
    root = _tree(tmp_path)
    (root / "docs").mkdir()
    (root / "docs" / "setup.sh").write_text("pip install pnoise\n")
    report = _scan(root, _settings(settings), Registry(PYPI))
    assert _judged(report, "pnoise") == {
        "manifest": (Verdict.ALLOWED, "DG200"), "import": (Verdict.ALLOWED, "DG200"), "command": (Verdict.ALLOWED, "DG200")}
    command = next(f for f in report.findings if f.mention.key.name == "pnoise" and f.mention.origin is Origin.COMMAND)
    assert command.reasons[0].startswith("pnoise is what ") and "pyproject.toml declares and " in command.reasons[0]
    assert "shopdb/db.py:1 imports by its own name" in command.reasons[0]
    strict = _scan(root, _settings(settings, judge_declared_lookalikes=True), Registry(PYPI))
    assert {v for v, _ in _judged(strict, "pnoise").values()} == {Verdict.SUSPICIOUS}


def test_a_command_stays_judged_without_the_declaration_and_the_own_name_import(tmp_path, settings):
    # a command beside code importing its own module but no manifest declaring it (the declaration is the evidence the
    # command joins), one beside the typo's tree (code importing the target's module), and a made-up neighbour
    # installed beside the excused name: each is judged
    registry = Registry({**PYPI, "pypi/noice": _pypi("noice", OLD, "Perlin noise for Python")})  # its target's words
    undeclared = _tree(tmp_path / "undeclared", requirement="noise>=1.2")
    (undeclared / "setup.sh").write_text("pip install pnoise\n")
    assert _judged(_scan(undeclared, _settings(settings), registry), "pnoise") == {
        "import": (Verdict.SUSPICIOUS, "DG002"), "command": (Verdict.SUSPICIOUS, "DG002")}
    typo = _tree(tmp_path / "typo", imports="import noise\n")
    (typo / "setup.sh").write_text("pip install pnoise\n")
    assert {v for v, _ in _judged(_scan(typo, _settings(settings), registry), "pnoise").values()} == {Verdict.SUSPICIOUS}
    neighbour = _tree(tmp_path / "neighbour")
    (neighbour / "setup.sh").write_text("pip install pnoise noice\n")
    report = _scan(neighbour, _settings(settings), registry)
    assert _judged(report, "pnoise")["command"] == (Verdict.ALLOWED, "DG200")
    assert _judged(report, "noice") == {"command": (Verdict.SUSPICIOUS, "DG002")}


def test_paths_that_judge_a_change_stay_strict(tmp_path, settings):
    # scan --diff and the pre-commit hook judge collected mentions with evaluate(): the tree's imports are no evidence
    s = _settings(settings)
    report = evaluate(collect_paths([_tree(tmp_path)], s), s, transport=httpx.MockTransport(Registry(PYPI)))
    assert {f.verdict for f in report.findings if f.mention.key.name == "pnoise"} == {Verdict.SUSPICIOUS}


def test_on_npm_an_import_of_the_name_proves_nothing(tmp_path, settings):
    # a squat that re-exports its target works under its own name there (``loadsh``): the same tree stays flagged
    (tmp_path / "package.json").write_text(json.dumps({"name": "app", "version": "1.0.0",
                                                       "dependencies": {"loadsh": "^0.0.4"}}))
    (tmp_path / "index.js").write_text('const _ = require("loadsh");\n')
    docs = {"loadsh": _packument("loadsh", [3000, 2900, 2800, 2700, 2600, 2500], "Lodash modular utilities."),
            "lodash": _packument("lodash", [5000, 4000, 3000, 2000, 1000, 100], "Lodash modular utilities.", "jdalton")}
    report = _scan(tmp_path, _settings(settings), Registry(docs))
    assert _judged(report, "loadsh") == {"manifest": (Verdict.SUSPICIOUS, "DG002"), "import": (Verdict.SUSPICIOUS, "DG002")}


def test_an_import_a_conda_environment_explains_is_found_in_the_source(tmp_path, settings):
    # aiida-core's plumpy: environment.yml declares it too, so the tree's imports of it are no PyPI mentions; the
    # Python file that imports it is found all the same (and a file that only names it in a string is no import)
    root = _tree(tmp_path, imports='NAME = "pnoise"\n')
    (root / "environment.yml").write_text("name: shopdb\ndependencies:\n  - python>=3.10\n  - pnoise>=0.2\n")
    (root / "shopdb" / "noise_fields.py").write_text('"""Fields."""\n\nfrom pnoise.core import Noise\n')
    report = _scan(root, _settings(settings), Registry(PYPI))
    (f,) = [f for f in report.findings if f.mention.key == PackageKey("pypi", "pnoise")]
    assert (f.mention.origin, f.verdict, f.rule) == (Origin.MANIFEST, Verdict.ALLOWED, "DG200")
    assert "shopdb/noise_fields.py:3 imports by its own name" in f.reasons[0]
    (root / "shopdb" / "noise_fields.py").write_text('"""Fields: pnoise.core is not used."""\n')
    again = _scan(root, _settings(settings), Registry(PYPI))
    (g,) = [f for f in again.findings if f.mention.key == PackageKey("pypi", "pnoise")]
    assert (g.verdict, g.rule) == (Verdict.SUSPICIOUS, "DG002")
