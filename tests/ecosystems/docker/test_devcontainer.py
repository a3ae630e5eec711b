"""devcontainer.json: the image, and lifecycle commands (string, array and object forms) through the shell model;
features, VS Code extensions and other keys are not packages."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.errors import ParseError
from depguard.parsers import Source, formats_for, get_format

FIXTURES = Path(__file__).parent / "fixtures" / "devcontainer"


def parse(fmt: str, fixture: str) -> tuple[list[tuple], list[tuple]]:
    source = Source(".devcontainer/devcontainer.json", (FIXTURES / fixture).read_text())
    found = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in get_format(fmt).parse(source)]
    return found, [(p.location.line, p.kind) for p in source.problems]


def test_claimed_where_the_dev_container_cli_looks():
    for path in (".devcontainer/devcontainer.json", ".devcontainer.json", ".devcontainer/python/devcontainer.json"):
        assert [f.name for f in formats_for(path)] == ["devcontainer", "devcontainer-commands", "devcontainer-features"]


def test_lifecycle_commands_in_string_array_and_object_forms():
    found, problems = parse("devcontainer-commands", "devcontainer.json")
    assert found == [
        ("pypi", "pre-commit", 13, 77),  # onCreateCommand string; -r requirements.txt is a manifest install
        ("pypi", "ipywidgets", 14, 51),  # updateContentCommand
        ("pypi", "ruff", 15, 45),  # postCreateCommand array: argv, no shell
        ("npm", "http-server", 17, 31),  # postStartCommand object: each value a command
        ("pypi", "mypy", 18, 41),
        ("pypi", "escaped-quotes", 19, 37),  # JSON escapes: the decoded command (columns after an escape shift)
        ("cargo", "just", 24, 6),  # an array over several lines: each argument on its own line
    ]
    assert problems == []


def test_features_extensions_and_other_keys_are_not_packages():
    found, problems = parse("devcontainer", "devcontainer.json")
    assert found == [("docker", "mcr.microsoft.com/devcontainers/python", 4, 13)]  # only the image
    assert problems == []


def test_image_from_a_variable_is_not_checked_and_a_script_path_installs_nothing():
    assert parse("devcontainer", "build.devcontainer.json") == ([], [(3, "limit")])
    assert parse("devcontainer-commands", "build.devcontainer.json") == ([], [])


def test_not_this_format():
    with pytest.raises(ParseError):
        parse("devcontainer", "not-an-object.devcontainer.json")
    assert parse("devcontainer-commands", "not-an-object.devcontainer.json") == ([], [])  # reported once


def test_empty_object():
    source = Source(".devcontainer.json", "{}")
    assert list(get_format("devcontainer").parse(source)) == []
    assert list(get_format("devcontainer-commands").parse(source)) == []
