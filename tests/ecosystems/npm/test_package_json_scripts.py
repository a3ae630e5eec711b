"""Commands in package.json ``scripts`` are install commands too: ``npx`` there runs a package."""

from __future__ import annotations

from depguard.model import Origin
from depguard.parsers import Source, get_format

TEXT = """{
  "name": "app",
  "scripts": {
    "postinstall": "npx prisma generate",
    "setup": "npm install --save-dev husky && pip install black",
    "build": "tsc -p .",
    "weird": "echo \\"quoted\\""
  },
  "dependencies": {"next": "14.0.0"}
}
"""


def test_script_commands_with_positions():
    src = Source(path="package.json", text=TEXT)
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column, m.origin)
           for m in get_format("package.json").parse(src)]
    assert got == [
        ("npm", "next", 9, 21, Origin.MANIFEST),
        ("npm", "prisma", 4, 25, Origin.COMMAND),
        ("npm", "husky", 5, 38, Origin.COMMAND),
        ("pypi", "black", 5, 59, Origin.COMMAND),
    ]
    lines = TEXT.split("\n")
    for _eco, name, line, col, _origin in got:
        assert lines[line - 1][col - 1:].startswith(name)
