"""The commands a Python program runs by a call, read from its code with tree-sitter (never executed): the first
argument of ``subprocess.run([sys.executable, "-m", "pip", "install", "x"])`` (and ``call``, ``check_call``,
``check_output``, ``Popen``), ``os.system("pip install x")`` (and ``os.popen``, ``subprocess.getoutput``, a string
given with ``shell=True``), an invoke/Fabric task's ``c.run("pip install x")``, IPython's
``get_ipython().system("pip install x")``, pip's own entry point ``pip.main(["install", "x"])`` (``pip._internal.main``,
imported as ``pipmain``), Pyodide's ``micropip.install("x")`` / JupyterLite's ``piplite.install(["x", "y"])``, and
Tilt's ``local_resource(name, cmd, serve_cmd=…)``/``custom_build(ref, command, …)`` (a Tiltfile is Starlark, which
Python's grammar reads). In an SCons environment's ``Execute`` (PlatformIO's extra scripts: ``env.Execute("$PYTHONEXE
-m pip install x")``, its "Extra Python packages" example) the construction variable ``$PYTHONEXE`` is the Python
running the build, as ``env.subst("$PYTHONEXE")`` is in a list of command words.

Only a call's own argument is read, written out: a list or tuple of string literals (``sys.executable`` is python;
any other expression is a word the program fills in, which names nothing) or one string literal (not an f-string
with slots, a template). A variable given instead (``cmd = [sys.executable, "-m", "pip", "install", "x"]``
then ``subprocess.run(cmd)``) is read as the one literal the function (or module) around the call assigns it
before the call; a parameter, a loop's item, a name assigned twice or grown (``cmd += extra``) names nothing. A tuple of command words elsewhere (``in (["pip", "install"], ["pip3", "install"])``, a
matcher's table) is no call's argument and says nothing here. The Python readers (``.py`` files, notebooks' code
cells: depguard/ecosystems/pypi/run_calls.py) and the Tiltfile reader (depguard/parsers/scripts.py) use it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from ..model import Mention
from . import mentions_in_script, mentions_of_targets, targets_of_command
from .shell import Word

ESCAPED_BREAK = re.compile(r"\\[ntr]")  # two characters each: columns are kept
Point = tuple[int, int]  # 1-based line, 0-based character column

PARSER = "python-runs"
# the last name of a called function that runs its first argument as a command: subprocess's and os's functions, a
# task runner's context (invoke/Fabric ``c.run``, ``c.sudo``), IPython's ``system``/``getoutput``
RUNS_COMMAND = frozenset({"run", "call", "check_call", "check_output", "popen", "system", "getoutput",
                          "getstatusoutput", "sudo", "local", "spawn", "run_command", "run_cmd", "execute"})
# pip's own entry point, given pip's arguments without the program's name: ``pip.main(["install", "x"])`` (pip < 10),
# ``pip._internal.main([...])``, ``pip._internal.cli.main.main([...])`` and the name a file imports it under
PIP_MAIN = re.compile(r"(?:\bpip(?:\._internal)?(?:\.cli\.main)?\.main|\bpip_?main|\b_internal\.main)")
# a pair of escaped quotes in a string literal (\"x\"), read as the quotes they are once Python unescapes them
ESCAPED_QUOTES = re.compile(r"""\\(["'])([^"'\\\n]*)\\\1""")
# an in-browser Python's installer, given requirements as pip install is: Pyodide's ``micropip.install("x")`` or
# ``micropip.install(["x", "y"])``, JupyterLite's ``piplite.install(...)`` (awaited)
IN_BROWSER = re.compile(r"(?:\w+\.)*(?:micropip|piplite)\.install")
# Tilt's functions (a Tiltfile is Starlark, which Python's grammar reads) that run a command given as their second
# argument or by keyword: ``local_resource(name, cmd, …, serve_cmd=…)``, ``custom_build(ref, command, deps)``
TILT_RUNS = {"local_resource": ("cmd", "serve_cmd", "cmd_bat", "serve_cmd_bat"), "custom_build": ("command", "command_bat")}
# nox's session methods that take the command's words as separate arguments: ``session.run("pip", "install", "x")``,
# ``session.run_always(...)``, ``session.run_install(...)`` (a call whose first argument is one word and that has more)
ARGV_RUNS = frozenset({"run", "run_always", "run_install"})
PYTHON = re.compile(r"""(?:sys\.executable|python[\d.]*|(?:\w+\.)*subst\((["'])\$(?:PYTHONEXE|\{PYTHONEXE\})\1\))""")
# SCons's Environment.Execute, which runs its argument (a command string, or an Action/VerboseAction made of one) with
# the environment's construction variables substituted: PlatformIO's ``$PYTHONEXE`` is the Python running the build
SCONS_EXECUTE = "Execute"
SCONS_ACTIONS = frozenset({"Action", "VerboseAction"})
SCONS_PYTHON = re.compile(r"""(["']?)\$(?:PYTHONEXE\b|\{PYTHONEXE\})\1""")


def code_runs(source, parser: str = PARSER) -> Iterator[Mention]:  # source: parsers.Source
    """:func:`run_calls` for Python code whatever its file (a notebook's code cells, put together; a Tiltfile's
    Starlark), each mention of ``parser``."""
    from tree_sitter import QueryCursor

    from ..imports import parse

    src = source.text.encode("utf-8", errors="surrogatepass")
    found = QueryCursor(_query()).captures(parse("python", src))
    scopes: dict[tuple[int, int], dict[str, list]] = {}  # a scope's (start, end) byte -> name -> its assignments
    for call in found.get("call", ()):
        function, arguments = call.child_by_field_name("function"), call.child_by_field_name("arguments")
        if function is None or arguments is None or arguments.type != "argument_list":
            continue
        name = re.sub(r"\s+", "", (function.text or b"").decode("utf-8", errors="replace"))
        scons = name.rpartition(".")[2] == SCONS_EXECUTE
        for kind, node in _commands(name, [c for c in arguments.named_children if c.type != "comment"]):
            if kind in ("command", "pip", "requirements") and node.type == "identifier":
                node = _assigned(node, call, scopes)  # cmd = [...]; subprocess.run(cmd)
                if node is None:
                    continue
            if scons and kind == "command":
                node = _scons_action(node)
            if kind == "command" and node.type == "string":
                read = _literal(src, node)
                if read is not None:
                    (row, col), text = read
                    if scons:  # "$PYTHONEXE -m pip install x": SCons's Python, padded so the columns are kept
                        text = SCONS_PYTHON.sub(lambda m: "python".ljust(len(m.group(0))), text)
                    yield from mentions_in_script(source.placed(text, row, col), parser)
                continue
            if kind == "argv":  # nox's session.run("pip", "install", "x"): the positional arguments are the argv
                items = node
            elif node.type in ("list", "tuple"):
                items = node.named_children
            elif kind == "requirements" and node.type == "string":
                items = [node]
            else:
                continue
            words = _words(src, items)
            if words is None:
                continue
            if kind in ("pip", "requirements"):  # pip's arguments, or (in the browser) the requirements alone
                at = point(src, function.start_byte, function.start_point)
                lead = ["pip", "install"] if kind == "requirements" else ["pip"]
                words = [Word(w, at[0], at[1] + 1, False, w) for w in lead] + words
            yield from mentions_of_targets(source, targets_of_command(words), parser)


def _scons_action(node):
    """The command string of an SCons action given to ``Execute``: ``env.VerboseAction("cmd", "message")`` and
    ``Action("cmd")`` hold it as their first argument; any other node is itself."""
    if node.type != "call":
        return node
    function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
    name = (function.text or b"").decode("utf-8", errors="replace") if function is not None else ""
    if name.rpartition(".")[2] not in SCONS_ACTIONS or arguments is None:
        return node
    positional = [a for a in arguments.named_children if a.type not in ("comment", "keyword_argument")]
    return positional[0] if positional else node


SCOPES = frozenset({"function_definition", "class_definition", "lambda", "module"})
VALUES = frozenset({"list", "tuple", "string"})


def _assigned(name, call, scopes: dict):
    """The value written out for the variable ``name`` a run call is given (``cmd = [sys.executable, "-m", "pip",
    "install", "x"]`` then ``subprocess.run(cmd)``): the list, tuple or string literal of the one plain assignment to
    it in the function (or module) around the call, made before the call; None when the name is assigned anything
    else, more than once (a branch's choice), or after the call, or not at all (a parameter, a loop's item)."""
    scope = call.parent
    while scope is not None and scope.type not in SCOPES:
        scope = scope.parent
    if scope is None:
        return None
    key = (scope.start_byte, scope.end_byte)
    if key not in scopes:
        scopes[key] = _assignments(scope)
    found = scopes[key].get((name.text or b"").decode("utf-8", errors="replace"), [])
    if len(found) != 1 or found[0].start_byte > call.start_byte:
        return None
    value = found[0].child_by_field_name("right")
    return value if value is not None and value.type in VALUES else None


def _assignments(scope) -> dict[str, list]:
    """name -> the assignment nodes to it directly in ``scope`` (not in a function or class defined inside it); a name
    bound any other way (augmented, a loop's, a ``with``'s, a tuple's part) is counted as assigned once more."""
    out: dict[str, list] = {}
    stack = list(reversed(scope.named_children))
    while stack:
        node = stack.pop()
        if node.type in SCOPES:
            continue
        if node.type in ("assignment", "augmented_assignment"):
            left = node.child_by_field_name("left")
            if left is not None and left.type == "identifier":
                out.setdefault((left.text or b"").decode("utf-8", errors="replace"), []).append(node)
            elif left is not None:
                for part in left.named_children:
                    if part.type == "identifier":
                        out.setdefault((part.text or b"").decode("utf-8", errors="replace"), []).extend((node, node))
        elif node.type in ("for_statement", "as_pattern_target", "named_expression"):
            bound = node.child_by_field_name("left") or node.child_by_field_name("name") or (
                node if node.type == "as_pattern_target" else None)
            if bound is not None:
                for part in [bound, *bound.named_children]:
                    if part.type == "identifier":
                        out.setdefault((part.text or b"").decode("utf-8", errors="replace"), []).extend((node, node))
        stack.extend(reversed(node.named_children))
    return out


def _commands(name: str, arguments: list) -> Iterator[tuple[str, Any]]:
    """("command", node) for each argument of the call of ``name`` that is a command it runs, ("pip", node) for
    pip's own arguments, ("requirements", node) for an in-browser install's requirements."""
    first = arguments[0] if arguments and arguments[0].type != "keyword_argument" else None
    last = name.rpartition(".")[2]
    if PIP_MAIN.fullmatch(name):
        kind = "pip"
    elif IN_BROWSER.fullmatch(name):
        kind = "requirements"
    elif last in TILT_RUNS:  # local_resource('deps', 'npm install x'), cmd=…, serve_cmd=…; custom_build's command
        positional = [a for a in arguments if a.type != "keyword_argument"]
        if len(positional) > 1:
            yield "command", positional[1]
        for a in arguments:
            key = a.child_by_field_name("name") if a.type == "keyword_argument" else None
            value = a.child_by_field_name("value") if key is not None else None
            if key is not None and value is not None and (key.text or b"").decode() in TILT_RUNS[last]:
                yield "command", value
        return
    elif last.lstrip("_").lower() in RUNS_COMMAND or last in ARGV_RUNS:
        positional = [a for a in arguments if a.type != "keyword_argument"]
        if last in ARGV_RUNS and len(positional) > 1 and positional[0].type == "string" and \
                not any(c.isspace() for c in (positional[0].text or b"").decode("utf-8", errors="replace")):
            yield "argv", positional  # session.run("pip", "install", "x"): one word an argument
            return
        kind = "command"
    else:
        return
    if first is not None:
        yield kind, first


@functools.lru_cache(maxsize=1)
def _query():
    from tree_sitter import Query

    from ..imports import language

    return Query(language("python"), "(call) @call")


def _words(src: bytes, items) -> list[Word] | None:
    """The words of the elements ``items`` of an argument list literal: a string literal is its text, ``sys.executable`` (or a
    ``"python3"``) is ``python``, any other expression a word the program fills in. None when no element is a
    string literal (nothing written out to read)."""
    out: list[Word] = []
    literal = False
    for item in items:
        if item.type == "comment":
            continue
        at = point(src, item.start_byte, item.start_point)
        if item.type == "string":
            read = _literal(src, item)
            if read is None:
                out.append(Word("$arg", at[0], at[1] + 1, False, "$arg", expands=True))
                continue
            (row, col), text = read
            out.append(Word(text, row, col, True, '"' + text + '"'))  # placed at the opening quote
            literal = True
        else:
            text = (item.text or b"").decode("utf-8", errors="replace")
            if PYTHON.fullmatch(text):
                out.append(Word("python", at[0], at[1] + 1, False, "python"))
            else:
                out.append(Word("$arg", at[0], at[1] + 1, False, "$arg", expands=True))
    return out if literal else None


def _literal(src: bytes, node) -> tuple[tuple[int, int], str] | None:
    """(where its text starts: 1-based line, 0-based column; its text) of a plain string literal ``node`` (not an
    f-string with slots, not a concatenation), or None."""
    read = string_literal(src, node)
    if read is None:
        return None
    (row, col), text, _ = read
    if "\\" in text:  # os.system("pip install \"x\""): the shell sees the quotes Python unescapes; columns kept
        text = ESCAPED_QUOTES.sub(lambda m: f" {m.group(1)}{m.group(2)}{m.group(1)} ", text)
    return (row, col), text


def point(src: bytes, byte: int, at) -> Point:
    """1-based line and 0-based character column of ``byte``, at tree-sitter's (row, byte column) ``at``
    (tree-sitter counts columns in bytes; each line decoded once as the places come in order, as
    :func:`depguard.imports.position` does: decoding from the line's start for each place was quadratic on one long
    line)."""
    from ..imports import position_at

    row, col = position_at(src, byte, at)
    return row, col - 1


def string_literal(src: bytes, node) -> tuple[Point, str, bool] | None:
    """(where the text of string ``node`` starts, its text, whether on one line and not triple-quoted), or None
    for an f-string with slots or a string tree-sitter's error recovery left open."""
    first = node.children[0] if node.children else None
    if first is None or first.type != "string_start" or any(c.type == "interpolation" for c in node.children):
        return None
    opening = (first.text or b"").decode("utf-8", errors="replace")
    quotes = opening.lstrip("rRbBuUfF")
    body = (node.text or b"").decode("utf-8", errors="replace")
    if not quotes or not body.endswith(quotes) or len(body) < len(opening) + len(quotes):
        return None
    at = point(src, node.start_byte, node.start_point)
    one_line = node.start_point[0] == node.end_point[0] and len(quotes) == 1
    inner = body[len(opening):len(body) - len(quotes)]
    if "\\" in inner and "r" not in opening.lower():  # "…pip install pandas\n": an escaped break ends a word, as printed
        inner = ESCAPED_BREAK.sub("  ", inner)
    return (at[0], at[1] + len(opening)), inner, one_line
