"""PEP 723 inline script metadata: the ``# /// script`` block of any ``*.py`` file declares dependencies."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError
from depguard.model import Origin
from depguard.parsers import formats_for, get_format
from tests.ecosystems.pypi.test_pypi_files import _source

PARSER = get_format("pep723-script")


def _mentions(rel: str) -> list[tuple[str, int, int]]:
    return [(m.written, m.location.line, m.location.column) for m in PARSER.parse(_source(f"pep723/{rel}"))]


def test_script_block_dependencies_with_their_lines_and_columns():
    mentions = list(PARSER.parse(_source("pep723/script_block.py")))
    assert [(m.written, m.location.line, m.location.column) for m in mentions] == [("requests", 5, 6), ("rich", 6, 6)]
    assert [m.spec for m in mentions] == ["requests<3", "rich[jupyter]"]
    assert all(m.origin is Origin.MANIFEST and m.key.ecosystem == "pypi" for m in mentions)


def test_dependencies_outside_a_script_block_are_not_read():
    assert _mentions("no_block.py") == []  # a closing '# ///' without an opening one; the docstring's list
    assert _mentions("other_block_type.py") == []  # '# /// pyproject' is not the script block


def test_two_script_blocks_are_an_error_at_the_second():
    with pytest.raises(ParseError) as info:
        _mentions("two_blocks.py")
    assert info.value.line == 5


def test_script_blocks_inside_string_literals_are_data_the_code_writes():
    # marimo's tests write PEP 723 notebooks from (f-)strings: only the file's own comment block is its metadata
    assert _mentions("blocks_in_strings.py") == [("marimo", 3, 8)]


def test_a_single_script_block_counts_inside_the_module_docstring():
    # uv's scripts/registries-test.py: `uv run` reads the block by the PEP's regex, inside the docstring too
    assert _mentions("block_in_docstring.py") == [("colorama", 7, 20)]


def test_a_version_left_as_a_slot_keeps_the_name_and_an_elision_is_no_requirement():
    # marimo's docs: "pandas==<version>"; hatch's docs: dependencies = ["..."]
    assert _mentions("version_slots.py") == [("pandas", 4, 8), ("torch", 5, 8)]


def test_broken_toml_in_the_block_is_an_error_with_a_line():
    with pytest.raises(ParseError) as info:
        _mentions("not_toml.py")
    assert info.value.line == 1


def test_every_python_file_is_read_for_a_block():
    assert "pep723-script" in [f.name for f in formats_for("scripts/tool.py")]
    assert "pep723-script" not in [f.name for f in formats_for("scripts/tool.pyi")]


def test_a_dependency_the_blocks_own_uv_sources_take_from_git_is_not_a_registry_name():
    # ruff's scripts/setup_primer_project.py: mypy-primer comes from git, as the block's [tool.uv.sources] says
    assert _mentions("uv_sources.py") == [("rich", 5, 35)]
