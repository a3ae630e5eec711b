"""pre-commit hooks whose language the config does not tell (issue 12, held-out set 27: OctoPrint's ``lessc`` hook).

A remote hook's language is written in its repository's ``.pre-commit-hooks.yaml``, not in the project. A list of
bare names (``additional_dependencies: ["less-plugin-clean-css"]``) fits PyPI's and npm's names alike, so judging
it as PyPI's flagged a real npm plug-in as missing; passing it would let an invented name through. Each entry is
reported not checked (DG100, exit 3) with the hook repository named; ``language:`` or syntax one registry's names
have (``eslint@9``, ``black==24.1``, ``bandit[toml]``) still decides, and those lists stay judged."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.model import Existence, RegistryAnswer
from depguard.scan import judge_all
from tests.trees import scan, write

# OctoPrint 744c835's .pre-commit-config.yaml, cut down: the lessc hook of OctoPrint/pre-commit-lessc is a node hook
CONFIG = """\
default_language_version:
  python: python3
repos:
  - repo: https://github.com/pre-commit/mirrors-eslint
    rev: v9.29.0
    hooks:
      - id: eslint
        additional_dependencies: ["eslint@9.29.0", "globals@16.2.0"]
  - repo: https://github.com/OctoPrint/pre-commit-lessc
    rev: 4.3.0
    hooks:
      - id: lessc
        args: ["--wrapper-quiet", "--clean-css=--s1 --advanced --compatibility=ie8"]
        additional_dependencies: ["less-plugin-clean-css"]
  - repo: https://github.com/pre-commit/mirrors-mypy
    rev: v1.8.0
    hooks:
      - id: mypy
        additional_dependencies: [types-requests, "pydantic>=2", types-invented-stubs]
  - repo: https://github.com/PyCQA/bandit
    rev: 1.7.5
    hooks:
      - id: bandit
        additional_dependencies: ["bandit[toml]"]
  - repo: https://github.com/some/hook
    rev: v1
    hooks:
      - id: something
        language: python
        additional_dependencies: [invented-python-helper]
"""
EXISTING = {("npm", "eslint"), ("npm", "globals"), ("npm", "less-plugin-clean-css"), ("pypi", "types-requests"),
            ("pypi", "pydantic"), ("pypi", "bandit"), ("pypi", "tomli")}


def _report(root: Path):
    collected = scan(root)
    answers = {k: RegistryAnswer(k, Existence.EXISTS if (k.ecosystem, k.name) in EXISTING else Existence.MISSING, "stand-in")
               for k in {m.key for m in collected.mentions}}
    return judge_all(collected, answers, Settings())


def test_bare_names_of_a_hook_whose_language_is_written_elsewhere_are_not_checked_and_shaped_lists_judged(tmp_path):
    write(tmp_path, {".pre-commit-config.yaml": CONFIG, "pyproject.toml": '[project]\nname = "app"\nversion = "1"\n'})
    rep = _report(tmp_path)
    got = {(f.mention.key.ecosystem, f.mention.written, f.mention.location.line): (f.verdict.value, f.rule) for f in rep.findings}
    assert got == {
        ("npm", "eslint", 8): ("ok", "DG000"), ("npm", "globals", 8): ("ok", "DG000"),  # npm descriptors: npm's
        ("pypi", "less-plugin-clean-css", 14): ("not-checked", "DG100"),  # bare: neither registry's answer holds
        ("pypi", "types-requests", 19): ("ok", "DG000"), ("pypi", "pydantic", 19): ("ok", "DG000"),  # pydantic>=2: PyPI's
        ("pypi", "types-invented-stubs", 19): ("missing", "DG001"),  # ... so an invented name beside it is flagged
        ("pypi", "bandit", 24): ("ok", "DG000"),  # extras: PyPI's
        ("pypi", "invented-python-helper", 30): ("missing", "DG001"),  # language: python
    }
    untold = next(f for f in rep.findings if f.mention.written == "less-plugin-clean-css")
    assert "https://github.com/OctoPrint/pre-commit-lessc" in untold.reasons[0]
    assert rep.exit_code(Settings().fail_on) == 1


# (hook repository, its bare entry, the verdict, the exit code): a pull request cannot make an invented dependency pass
# by leaving the language out (exit 3, not 0); codespell's hook (a python one, its language written in codespell's own
# repository) with `[tomli]`, as 14 of the 339 scanned repositories have it, is found on PyPI: a healthy tree exits 0
UNTOLD = [("https://github.com/pycqa/flake8", "flake8-invented-plugin", "not-checked", 3),
          ("https://github.com/codespell-project/codespell", "tomli", "ok", 0)]


@pytest.mark.parametrize(("repo", "entry", "verdict", "code"), UNTOLD, ids=["invented-never-passes", "on-pypi-passes"])
def test_a_bare_entry_of_an_untold_hook_passes_only_when_pypi_has_it_and_does_not_doubt_it(tmp_path, repo, entry,
                                                                                           verdict, code):
    write(tmp_path, {".pre-commit-config.yaml": f"repos:\n  - repo: {repo}\n    rev: v1.0.0\n    hooks:\n"
                                                f"      - id: hook\n        additional_dependencies: [{entry}]\n"})
    rep = _report(tmp_path)
    assert [(f.mention.written, f.verdict.value) for f in rep.findings] == [(entry, verdict)]
    assert rep.exit_code(Settings().fail_on) == code


def test_a_go_package_path_of_a_golang_hook_is_gos_not_a_pypi_parse_error(tmp_path):
    # mypy 8b3e7d8's actionlint hook (a golang hook, its language written in rhysd/actionlint): the shellcheck it
    # bundles is a Go package path with its version, which pre-commit installs with `go install`; read as PEP 508 it
    # was a parse problem. Its shape tells Go's, as `language: golang` does; a bare name beside it stays untold.
    write(tmp_path, {".pre-commit-config.yaml": (
        "repos:\n  - repo: https://github.com/rhysd/actionlint\n    rev: v1.7.7\n    hooks:\n      - id: actionlint\n"
        "        additional_dependencies:\n          - \"github.com/wasilibs/go-shellcheck/cmd/shellcheck@v0.11.1\"\n"
        "  - repo: local\n    hooks:\n      - id: tool\n        name: tool\n        entry: tool\n        language: golang\n"
        "        additional_dependencies: [golang.org/x/tools/cmd/goimports@latest, ./local/...]\n")})
    collected = scan(tmp_path)
    assert collected.problems == []
    assert sorted((m.key.ecosystem, m.key.name, m.spec, m.location.line) for m in collected.mentions) == [
        ("go", "github.com/wasilibs/go-shellcheck/cmd/shellcheck", "v0.11.1", 7),
        ("go", "golang.org/x/tools/cmd/goimports", "latest", 14)]

