"""One TOML position finder (issue 18: there were two classes named ``TomlLines``): ``parsers._util.TomlLines``
answers both by table and key (pyproject, Pipfile, pixi) and by a key's full path (Cargo.toml, Gradle's version
catalog), on the same lines."""

from __future__ import annotations

import ast
from pathlib import Path

from depguard.parsers._util import TomlLines

ROOT = Path(__file__).resolve().parents[2]

TEXT = '''# a Cargo manifest
[package]
name = "app"
description = """
[dependencies]
not = "a table"
"""

[dependencies]
serde = { version = "1", features = ["derive"] }
tokio.version = "1"
"quoted-name" = "0.3"

[target.'cfg(unix)'.dependencies]
nix = "0.29"
'''


def test_there_is_one_class_named_toml_lines():
    defined = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in sorted((ROOT / "depguard").rglob("*.py"))
               for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
               if isinstance(node, ast.ClassDef) and node.name == "TomlLines"]
    assert [d.rsplit(":", 1)[0] for d in defined] == ["depguard/parsers/_util.py"], defined


def test_positions_by_full_path():
    lines = TomlLines(TEXT)
    assert lines.line(("package",)) == 2
    assert lines.line(("dependencies",)) == 9  # the header inside the multi-line string is text, not a table
    assert (lines.line(("dependencies", "serde")), lines.column(("dependencies", "serde"))) == (10, 1)
    assert lines.line(("dependencies", "tokio")) == lines.line(("dependencies", "tokio", "version")) == 11
    assert (lines.line(("dependencies", "quoted-name")), lines.column(("dependencies", "quoted-name"))) == (12, 2)
    assert (lines.line(("target", "cfg(unix)", "dependencies", "nix")), lines.column(("target", "cfg(unix)", "dependencies"))) \
        == (15, 21)
    assert lines.line(("dependencies", "absent")) is None and lines.column(("absent",)) is None


def test_positions_by_table_and_key_on_the_same_lines():
    lines = TomlLines(TEXT)
    assert lines.key(("dependencies",), "serde") == (10, 1)  # the [dependencies] of line 5 is a string's text
    assert lines.value(("package",), "name") == (3, 9)
    assert lines.entry(("dependencies",), "serde", "derive") == (10, 39)
    assert lines.span(("dependencies",)) == (9, 13)


def test_key_lines_stop_looking_again_from_the_start_after_a_budget():
    # l38: a needle not after the cursor (a value written otherwise than it parses: an escaped YAML string) was looked
    # for again from the text's start, a pass each: an XcodeGen spec of 4,000 packages whose urls carry an escape took
    # 12.5 s (benchmarks/crafted_inputs.py). After WRAP_PASSES such passes, a find looks near the cursor only: the
    # lines read stay linear in the finds, and a needle near the cursor is still placed on its line
    from depguard.parsers import _util

    class Counted(list):
        reads = 0

        def __getitem__(self, i):
            Counted.reads += 1
            return super().__getitem__(i)

    n = 500
    lines = _util.KeyLines("".join(f'name{i} = "value-{i}"\n' for i in range(n)))
    lines.lines = Counted(lines.lines)
    misses = 4 * n
    assert all(lines.find(f"absent-{i}") == (None, None) for i in range(misses))
    assert Counted.reads <= 8 * _util.WRAP_PASSES * n + 4 * _util.NEAR_LINES * misses  # 6 M reads before
    assert lines.find("value-5") == (6, 10) and lines.find("value-100", quoted=False) == (101, 12)
