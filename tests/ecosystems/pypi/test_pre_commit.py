"""``.pre-commit-config.yaml``: hooks' additional_dependencies, PyPI for python hooks, npm for node hooks."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError
from depguard.parsers import Source, formats_for, get_format
from tests.ecosystems.pypi.test_pypi_files import FIXTURES

PARSER = get_format("pre-commit")


def _parse(name: str) -> list[tuple[str, str, int, int]]:
    path = FIXTURES / "pre_commit" / name
    source = Source(path=".pre-commit-config.yaml", text=path.read_text(encoding="utf-8"), fs_path=path)
    return [(m.key.ecosystem, m.written, m.location.line, m.location.column) for m in PARSER.parse(source)]


def test_additional_dependencies_by_hook_language_with_lines():
    assert _parse("config.yaml") == [
        ("pypi", "types-requests", 8, 35), ("pypi", "pydantic", 8, 52),  # no language: PEP 508 strings
        ("npm", "eslint", 14, 13), ("npm", "@typescript-eslint/parser", 15, 14),  # no language: npm descriptors
        ("pypi", "pylint", 23, 13),  # language: python; 'mylib @ git+…' is not a registry name
        ("npm", "prettier", 32, 35),  # language: node; 'owner/repo' is a GitHub repository
    ]  # language: ruby is not read; repo: URLs, ids and entries are not names


def test_not_yaml_is_an_error_with_a_line():
    with pytest.raises(ParseError) as info:
        _parse("not_yaml.yaml")
    assert info.value.line is not None


@pytest.mark.parametrize("name", [".pre-commit-config.yaml", "sub/.pre-commit-config.yml"])
def test_config_file_names_are_claimed(name):
    assert "pre-commit" in [f.name for f in formats_for(name)]


def test_hooks_file_of_a_hook_repository_is_not_claimed():
    assert "pre-commit" not in [f.name for f in formats_for(".pre-commit-hooks.yaml")]


def test_a_url_or_path_entry_is_an_install_from_elsewhere_not_a_problem():
    # trl: additional_dependencies: ["git+https://github.com/huggingface/doc-builder@<sha>", ruff]
    text = ("repos:\n  - repo: local\n    hooks:\n      - id: style\n        name: style\n        language: python\n"
            "        entry: doc-builder style\n        additional_dependencies: [\"git+https://github.com/huggingface/"
            "doc-builder@2430c1ec91d04667414e2fa31ecfc36c153ea391\", ruff, ./tools/plugin, \"https://x.example/p.whl\"]\n")
    source = Source(path=".pre-commit-config.yaml", text=text)
    assert [m.written for m in PARSER.parse(source)] == ["ruff"]
    assert source.problems == []



def test_anchors_and_aliases_are_read_and_a_shared_list_once(tmp_path):
    # aiogram's .pre-commit-config.yaml (held-out set 32): ruff's two hooks share `files: &files '^(aiogram|tests)'`;
    # pre-commit loads YAML with PyYAML's safe loader, anchors included. A shared additional_dependencies list
    # installs the same names into each hook: one mention each, at the anchored list's line
    from tests.trees import scan, write

    write(tmp_path, {".pre-commit-config.yaml": (
        "repos:\n  - repo: https://github.com/astral-sh/ruff-pre-commit\n    rev: 'v0.15.12'\n    hooks:\n"
        "      - id: ruff-check\n        files: &files '^(aiogram|tests|examples)'\n"
        "      - id: ruff-format\n        files: *files\n"
        "  - repo: https://github.com/pre-commit/mirrors-mypy\n    rev: v1.10.0\n    hooks:\n"
        "      - id: mypy\n        additional_dependencies: &deps [types-requests, aiogram-invented-stubs]\n"
        "      - id: mypy\n        alias: mypy-strict\n        additional_dependencies: *deps\n")})
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    assert [(m.written, m.location.line) for m in collected.mentions] == [
        ("types-requests", 13), ("aiogram-invented-stubs", 13)]


def test_a_merge_key_gives_a_hook_the_merged_mapping_keys_it_does_not_set(tmp_path):
    # msgspec's .pre-commit-config.yaml (held-out set 55): `local: &local {language: system, …}`, then each hook
    # `<<: *local-pre-commit`, itself `<<: *local`: PyYAML's safe loader (pre-commit's) merges them; the file was a
    # read problem ("YAML tag …merge is not accepted here") and none of its hooks was read. A bare list's ecosystem
    # comes from the merged `language`; a key the hook sets itself wins over the merged one
    from tests.trees import scan, write

    write(tmp_path, {".pre-commit-config.yaml": (
        "node: &node\n  language: node\n  pass_filenames: false\n"
        "node-ci: &node-ci\n  <<: *node\n  stages: [pre-commit]\n"
        "py: &py {language: python}\n"
        "repos:\n- repo: local\n  hooks:\n"
        "  - id: lint\n    entry: eslint\n    additional_dependencies: [left-pad]\n    <<: *node-ci\n"
        "  - id: types\n    entry: mypy\n    <<: [*py, *node]\n    additional_dependencies: [tomli]\n"
        "  - id: fmt\n    entry: prettier\n    language: python\n    <<: *node\n    additional_dependencies: [black]\n")})
    collected = scan(tmp_path)
    assert [p.message for p in collected.problems] == []
    assert [(m.key.ecosystem, m.written, m.location.line) for m in collected.mentions] == [
        ("npm", "left-pad", 13), ("pypi", "tomli", 18), ("pypi", "black", 23)]


def test_a_merge_key_of_a_scalar_is_an_error_with_a_line():
    text = "repos:\n- repo: local\n  hooks:\n  - id: x\n    <<: 3\n    additional_dependencies: [tomli]\n"
    with pytest.raises(ParseError) as info:
        list(PARSER.parse(Source(path=".pre-commit-config.yaml", text=text)))
    assert info.value.line is not None
