"""``noxfile.py``: the string arguments of ``session.install(...)`` in nox sessions (nox installs them with pip
into the session's virtualenv). Read with ``ast``, never run: only literal strings count; options, the value
of every option pip's install grammar says takes one (``-r FILE``, ``--group docs``: the same table as the
shell model's, :data:`depguard.ecosystems.pypi.tools.PIP_INSTALL`), and local paths (``.``, ``./pkg``) are
not names. The call must be made
on the first parameter of a function decorated as a session (``@nox.session``, ``@session(...)``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import load_python
from ._python import requirement_mention

PARSER = "noxfile"


def _is_session(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return (isinstance(target, ast.Attribute) and target.attr == "session") or \
        (isinstance(target, ast.Name) and target.id == "session")


def _install_calls(tree: ast.AST) -> Iterator[ast.Call]:
    for func in ast.walk(tree):
        if not isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) or not func.args.args:
            continue
        if not any(_is_session(d) for d in func.decorator_list):
            continue
        param = func.args.args[0].arg
        for node in ast.walk(func):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "install" \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == param:
                yield node


@file_format("noxfile", ("noxfile.py",), ecosystem="pypi", kind="manifest",
             description="nox sessions: session.install(...) string arguments")
def parse(source: Source) -> Iterator[Mention]:
    tree = load_python(source.text, source.path)
    from .tools import PIP_INSTALL

    takes_value = PIP_INSTALL.with_value
    lines = source.text.splitlines()
    for call in _install_calls(tree):
        skip_next = False
        for arg in call.args:
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                skip_next = False
                continue
            value = arg.value.strip()
            if skip_next or not value:
                skip_next = False
                continue
            if value.startswith("-"):
                skip_next = value in takes_value
                continue
            if value.startswith((".", "/", "~")) or "/" in value.split("@", 1)[0] and "://" not in value:
                continue
            mention = requirement_mention(source, lines, value, arg.lineno, arg.col_offset + 1, PARSER,
                                          "session.install")
            if mention is not None:
                yield mention
