"""Workflow ``run: >`` folded scalars: YAML joins the block's lines into one command line."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format

FIXTURE = Path(__file__).parent / "fixtures" / "folded_run.yml"


def test_folded_run_block_is_one_command_and_literal_blocks_keep_their_lines():
    source = Source(path=".github/workflows/ci.yml", text=FIXTURE.read_text(encoding="utf-8"))
    mentions = list(get_format("ci-yaml").parse(source))
    # '>' folds 'python -m pip install' + 'requests-toolbelt' + '--upgrade' into one line; the blank line ends it.
    # In the '|' block, 'pip install' and 'echo done' stay two commands: 'echo' is not a package
    assert [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("pypi", "requests-toolbelt", 9, 11)]
