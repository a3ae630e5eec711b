"""``setup.py``, read statically with :mod:`ast` (the file is never executed): the literal lists passed to
``setup(...)`` as ``install_requires``, ``setup_requires``, ``tests_require`` and the literal dict of lists
passed as ``extras_require``. A keyword may name a module-level variable assigned a literal once
(``install_requires=REQUIRES``); anything computed (a list read from a file, a comprehension) is not
guessed at and is recorded as a problem."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ..errors import ParseError
from ..model import Mention
from . import Source, file_format
from ._python import own_name, requirement_mention

PARSER = "setup.py"
LIST_KEYWORDS = ("install_requires", "setup_requires", "tests_require")
SETUP_FUNCTIONS = {"setup", "setuptools.setup", "distutils.core.setup"}


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def _module_literals(tree: ast.Module) -> dict[str, ast.expr]:
    """Module-level names assigned exactly once, to their value."""
    seen: dict[str, list[ast.expr]] = {}
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                if isinstance(target, ast.Name):
                    seen.setdefault(target.id, []).append(stmt.value)
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value is not None:
            seen.setdefault(stmt.target.id, []).append(stmt.value)
    return {name: values[0] for name, values in seen.items() if len(values) == 1}


class _Reader:
    def __init__(self, source: Source, tree: ast.Module) -> None:
        self.source = source
        self.lines = source.text.splitlines()
        self.names = _module_literals(tree)

    def resolve(self, node: ast.expr) -> ast.expr:
        if isinstance(node, ast.Name) and node.id in self.names:
            return self.names[node.id]
        return node

    def strings(self, node: ast.expr, where: str, own: str | None) -> Iterator[Mention]:
        node = self.resolve(node)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            items: list[ast.expr] = [node]  # setuptools accepts one string of lines too
        elif isinstance(node, (ast.List, ast.Tuple)):
            items = list(node.elts)
        else:
            self.source.problem(f"{where} is not a literal list; not read", node.lineno, node.col_offset + 1)
            return
        for item in items:
            if not (isinstance(item, ast.Constant) and isinstance(item.value, str)):
                self.source.problem(f"{where}: an entry is not a literal string; not read", item.lineno, item.col_offset + 1)
                continue
            for offset, text in enumerate(item.value.splitlines() or [""]):
                requirement = text.split(" #", 1)[0].strip()
                if not requirement or requirement.startswith("#"):
                    continue
                line = item.lineno + offset
                col = item.col_offset + 1 if offset == 0 else 1
                mention = requirement_mention(self.source, self.lines, requirement, line, col, PARSER, where, own)
                if mention is not None:
                    yield mention

    def setup_call(self, call: ast.Call) -> Iterator[Mention]:
        keywords = {kw.arg: kw.value for kw in call.keywords if kw.arg}
        name = self.resolve(keywords["name"]) if "name" in keywords else None
        own = own_name(name.value) if isinstance(name, ast.Constant) and isinstance(name.value, str) else None
        for key in LIST_KEYWORDS:
            if key in keywords:
                yield from self.strings(keywords[key], key, own)
        if "extras_require" in keywords:
            extras = self.resolve(keywords["extras_require"])
            if not isinstance(extras, ast.Dict):
                self.source.problem("extras_require is not a literal dict; not read", extras.lineno, extras.col_offset + 1)
                return
            for key, value in zip(extras.keys, extras.values):
                label = key.value if isinstance(key, ast.Constant) else "?"
                yield from self.strings(value, f"extras_require[{label!r}]", own)


@file_format("setup.py", ("setup.py",), ecosystem="pypi", kind="manifest",
             description="setuptools setup.py literals (read with ast, never executed)")
def parse(source: Source) -> Iterator[Mention]:
    try:
        tree = ast.parse(source.text, filename=source.path)
    except SyntaxError as exc:
        raise ParseError(f"not valid Python: {exc.msg}", exc.lineno, exc.offset) from None
    except (ValueError, RecursionError, MemoryError) as exc:
        raise ParseError(f"cannot read as Python: {type(exc).__name__}") from None
    reader = _Reader(source, tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _dotted(node.func) in SETUP_FUNCTIONS:
            yield from reader.setup_call(node)
