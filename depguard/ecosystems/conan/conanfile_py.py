"""``conanfile.py``: the recipes a Conan recipe requires, read with ``ast``: never imported, never run.

Counted: the class attributes ``requires``, ``tool_requires``, ``build_requires``, ``test_requires`` and
``python_requires`` (a string, or a tuple or list of strings); calls ``self.requires("zlib/1.3")``,
``self.tool_requires(...)``, ``self.build_requires(...)``, ``self.test_requires(...)`` and Conan 1's
``self.requires.add(...)`` and ``python_requires("base/1.0")``. Only literal references count; an f-string whose
text before the first ``/`` is literal (``f"boost/{v}"``) names its recipe, anything computed is not read.
References with a user or channel come from another remote and are not asked of ConanCenter (see ``reference``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_python
from .reference import parse_reference

PARSER = "conanfile.py"
KINDS = frozenset({"requires", "tool_requires", "build_requires", "test_requires", "python_requires"})


def _strings(value: ast.expr) -> Iterator[ast.expr]:
    """The string-like elements of an attribute's value: itself, or the items of a tuple or list."""
    if isinstance(value, (ast.Tuple, ast.List)):
        yield from (e for e in value.elts if isinstance(e, (ast.Constant, ast.JoinedStr)))
    elif isinstance(value, (ast.Constant, ast.JoinedStr)):
        yield value


def _is_self(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "self"


def _declared(tree: ast.Module) -> Iterator[ast.expr]:
    """Every expression that declares a requirement."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target] if isinstance(stmt, ast.AnnAssign) else []
                value = getattr(stmt, "value", None)
                if value is not None and any(isinstance(t, ast.Name) and t.id in KINDS for t in targets):
                    yield from _strings(value)
        elif isinstance(node, ast.Call) and node.args:
            f = node.func
            if isinstance(f, ast.Attribute) and f.attr in KINDS and _is_self(f.value):  # self.requires(...)
                yield node.args[0]
            elif isinstance(f, ast.Attribute) and f.attr == "add" and isinstance(f.value, ast.Attribute) \
                    and f.value.attr in KINDS and _is_self(f.value.value):  # self.requires.add(...)
                yield node.args[0]
            elif isinstance(f, ast.Name) and f.id == "python_requires":  # Conan 1: python_requires("x/1.0@u/c")
                yield node.args[0]


def _text(node: ast.expr) -> tuple[str, bool] | None:
    """(the reference text, whether it is complete) of a literal, or of an f-string's literal start."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, True
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and "/" in first.value:
            return first.value, False
    return None


@file_format("conanfile.py", ("conanfile.py",), ecosystem="conan", kind="manifest",
             description="conanfile.py requires/tool_requires (read, never run): ConanCenter recipes")
def parse(source: Source) -> Iterator[Mention]:
    tree = load_python(source.text, source.path)
    lines = source.text.splitlines()
    found = sorted(_declared(tree), key=lambda n: (n.lineno, n.col_offset))
    for node in found:
        got = _text(node)
        if got is None:
            continue
        text, complete = got
        line = lines[node.lineno - 1] if 0 < node.lineno <= len(lines) else ""
        start = len(line.encode("utf-8")[: node.col_offset].decode("utf-8", errors="ignore"))
        if not complete:
            name = text.split("/", 1)[0].strip()
            at = line.find(name, start)
            if parse_reference(f"{name}/0") is not None:
                yield source.mention("conan", name, node.lineno, at + 1 if at >= 0 else None, Origin.MANIFEST, PARSER)
            continue
        ref = parse_reference(text)
        at = line.find(text.strip(), start)
        column = at + 1 if at >= 0 else None
        if ref is None:
            source.problem(f"{text[:80]!r} is not a Conan reference (name/version)", node.lineno, column)
            continue
        if ref.on_conancenter:
            yield source.mention("conan", ref.name, node.lineno, column, Origin.MANIFEST, PARSER, spec=ref.version)
