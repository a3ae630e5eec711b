"""Inline script metadata (PEP 723) in any ``*.py`` file: the ``# /// script`` … ``# ///`` comment block is
TOML whose ``dependencies`` list (PEP 508 strings) ``uv run`` / ``pipx run`` install before running the script.

The block is found the way the PEP's reference implementation finds it: a line ``# /// script``, then only
lines that are ``#`` or start with ``# ``, then ``# ///``. Its TOML is read with ``tomllib`` from the block's
lines with the ``# `` prefix blanked out (so lines and columns are the file's own). Other block types
(``# /// pyproject``) are not dependency lists; two ``script`` blocks are an error, as the PEP says. Where a
file holds several, a block inside a multi-line string literal is data the code writes (a test building a
script), not the file's own; a single block counts wherever it stands (uv's ``scripts/registries-test.py``
keeps its block in the module docstring, and ``uv run`` reads it there).
A dependency the block's own ``[tool.uv.sources]`` takes from git, a path, a URL or the workspace is not a
registry name (as in pyproject.toml).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import TomlLines, load_toml
from .pyproject import pep508_list, uv_sourced_elsewhere

PARSER = "pep723"
_BLOCK = re.compile(r"(?m)^# /// (?P<type>[a-zA-Z0-9-]+)$\s(?P<content>(^#(| .*)$\s)+)^# ///$")


def script_blocks(text: str) -> list[tuple[int, int]]:
    """(first, last) 1-based lines of the content of each ``# /// script`` block."""
    if "# /// script" not in text:
        return []
    out = []
    for m in _BLOCK.finditer(text):
        if m.group("type") == "script":
            first = text.count("\n", 0, m.start("content")) + 1
            out.append((first, first + m.group("content").count("\n") - 1))
    if len(out) > 1:  # one block is the script's, wherever it stands (uv reads it by the PEP's regex)
        in_strings = _string_lines(text)
        out = [(first, last) for first, last in out if first - 1 not in in_strings]
    return out


def _string_lines(text: str) -> set[int]:
    """The 1-based lines that lie inside a multi-line string literal of the Python source ``text`` (not its
    first line): a ``# /// script`` block there, beside others, is data the code writes (marimo's tests build
    PEP 723 notebooks in f-strings), not the file's own metadata. Empty when the text does not tokenize."""
    import io
    import tokenize

    lines: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type in (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)) and tok.end[0] > tok.start[0]:
                lines.update(range(tok.start[0] + 1, tok.end[0] + 1))
    except (tokenize.TokenError, SyntaxError, ValueError):
        return set()
    return lines


def script_dependencies(text: str) -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """(registry names, names from elsewhere, requirements fetched from a URL or a VCS) that the file's one
    ``# /// script`` block declares, the names canonical: a direct URL (``x @ git+https://…``) or an entry of
    the block's ``[tool.uv.sources]`` is from elsewhere; a direct URL or a git/url source is fetched (as
    written: what it installs cannot be known). Empty when the file has no block, or a block that is not
    valid TOML (the scan reports that one)."""
    from ...compat import tomllib
    from ...names import canonicalize_name
    from .project import PEP508_NAME, URL, fetched_sources

    blocks = script_blocks(text)
    if len(blocks) != 1:
        return frozenset(), frozenset(), frozenset()
    first, last = blocks[0]
    try:
        data = tomllib.loads("\n".join(raw[2:] for raw in text.splitlines()[first - 1:last]))
    except (ValueError, RecursionError):
        return frozenset(), frozenset(), frozenset()
    deps = data.get("dependencies")
    sourced = uv_sourced_elsewhere(data)
    fetched = set(fetched_sources(data))
    registry: set[str] = set()
    elsewhere: set[str] = set()
    opaque: set[str] = set()
    for req in deps if isinstance(deps, list) else ():
        m = PEP508_NAME.match(req) if isinstance(req, str) else None
        if m:
            name = canonicalize_name(m.group("name"))
            (elsewhere if m.group("at") or name in sourced else registry).add(name)
            if (m.group("at") and URL.search(req, m.end())) or name in fetched:
                opaque.add(req.strip())
    return frozenset(registry), frozenset(elsewhere), frozenset(opaque)


@file_format("pep723-script", ("*.py",), ecosystem="pypi", kind="manifest",
             description="PEP 723 inline script metadata: the # /// script block's dependencies")
def parse(source: Source) -> Iterator[Mention]:
    blocks = script_blocks(source.text)
    if not blocks:
        return
    if len(blocks) > 1:
        raise ParseError("more than one '# /// script' block (PEP 723 allows one)", blocks[1][0] - 1)
    first, last = blocks[0]
    lines = source.text.splitlines()
    blanked = ["" if not first <= no <= last else "  " + raw[2:] for no, raw in enumerate(lines, 1)]
    text = "\n".join(blanked)
    try:
        data = load_toml(text)
    except ParseError as exc:  # tomllib names no line for an error at the end: the block's opening line
        raise ParseError(exc.message, exc.line or first - 1, exc.column) from None
    if "dependencies" in data:
        elsewhere = uv_sourced_elsewhere(data)  # the block's own [tool.uv.sources]: git, path, url, workspace
        yield from (m for m in pep508_list(source, TomlLines(text), data["dependencies"], (), "dependencies", None, PARSER)
                    if m.key.name not in elsewhere)
