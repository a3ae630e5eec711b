"""npm snippets in LLM text: a package.json fragment that is not valid JSON (comments, ``...``, no outer braces)
still lists dependencies; the text reader calls this when the package.json parser cannot read a block
(declared as ``[text] fallback`` in this folder's ecosystem.toml)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source

DEPS_BLOCK = re.compile(r'"(?:dev|peer|optional|bundled?)?[dD]ependencies"\s*:\s*\{(?P<body>[^{}]*)\}', re.S)
DEP_PAIR = re.compile(r'"(?P<name>[^"\s]+)"\s*:\s*"(?P<spec>[^"]*)"')


def lenient_package_json(sub: Source) -> Iterator[Mention]:
    """package.json dependencies from a snippet that is not valid JSON (comments, ``...``, no outer braces)."""
    from ...parsers._lines_js import LineIndex
    from .tools import NOT_REGISTRY, NPM_NAME

    text = sub.text
    index: LineIndex | None = None  # the line starts, found once (a count from the start per pair was quadratic)
    for block in DEPS_BLOCK.finditer(text):
        for pair in DEP_PAIR.finditer(block.group("body")):
            name, spec = pair.group("name"), pair.group("spec")
            if not NPM_NAME.match(name) or NOT_REGISTRY.match(spec) or spec.startswith((".", "/", "~/")):
                continue
            offset = block.start("body") + pair.start("name")
            index = LineIndex(text) if index is None else index
            line, col = index.line_col(offset)
            real = spec[4:].rsplit("@", 1)[0] if spec.startswith("npm:") else name
            yield sub.mention("npm", name, line, col, Origin.MANIFEST, "text:package.json", spec=spec, name=real)
