""".NET namespaces a Python file imports through pythonnet's (or IronPython's) ``clr`` module: served by the CLR.

``import clr`` makes the namespaces of the loaded .NET assemblies importable as modules (``System``, the core library's,
at once: a runtime-modules.tsv row), any other after ``clr.AddReference("Assembly.Name")`` (or ``AddReferenceToFile``,
``AddReferenceToFileAndPath``, a path to the ``.dll``): ``from System.Windows.Forms import Form``, and xlwings'
scripts/build_excel_files.py, which joins a path to ``"Aspose.Cells.dll"``, hands it to ``clr.AddReference(dll)``
and then runs ``from Aspose.Cells import License, Workbook``. The evidence for a namespace is an assembly the file
itself hands to ``AddReference``: the first component of a literal argument, of a ``.dll`` file name written in the
call's argument, or of the literal (or the ``.dll`` file name in the expression) the file binds a name to that the call
is given (``clr.AddReference(dll)``, ``clr.AddReference(self.PATH_TO_DRIVER)``). A ``.dll`` string that reaches no
``AddReference`` (a native library ``ctypes.WinDLL("codec.dll")`` loads) names no namespace. A name the call is given
is looked up where Python looks it up from the call (r25 #3): in the function holding the call when it binds the name
(nothing when the name is one of its parameters: the caller's argument is not the file's), else at module level, never
in another function; ``self.X``/``cls.X`` in the class of the method holding the call (its body's ``X = …`` or a
method's ``self.X = …``). A namespace written in lower case only (Python's style, not .NET's) counts only when a
literal of a reference call names it. A namespace of no assembly the file references stays a Python import and is
judged, as is every such import in a file that does not import ``clr``.
"""

from __future__ import annotations

import bisect
import re

from ... import lazyre

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

# `import clr` (pythonnet's and IronPython's module), alone or among others on the line
HOOK = lazyre.compile(r"(?m)^[ \t]*import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*clr\b")
# the literal argument of a reference: `clr.AddReference("System.Windows.Forms")`, `clr.AddReference(r"C:\x\A.B.dll")`
LITERAL_REFERENCE = lazyre.compile(r"""\bclr\.AddReference\w*[ \t]*\(\s*[rRuU]?["']([^"'\n]+)["']""")
# the opening of a reference call, whose argument runs to the matching parenthesis
CALL = lazyre.compile(r"\bclr\.AddReference\w*[ \t]*\(")
# an argument that is a name: `self.PATH_TO_DRIVER` (group 1: `self.`), `DRIVER`, `dll`
NAME_ARGUMENT = lazyre.compile(r"\s*((?:self|cls)\.)?([A-Za-z_]\w*)\s*,?\s*")
# an assembly file named in a string (of the call's argument, or of the expression a name it is given is bound to)
DLL_NAME = lazyre.compile(r"""["'](?:[^"'\n]*[/\\])?([^"'\n/\\]+)\.dll["']""", re.I)
# a bound value that is one string literal (a comment may follow it)
LITERAL = lazyre.compile(r"""\s*[rRuU]?["']([^"'\n]+)["']\s*(?:#[^\n]*)?""")
# a string literal on one line (escapes kept inside), read whole so its brackets and `#` count for nothing
STRING = lazyre.compile(r"""(["'])(?:\\.|(?!\1)[^\\\n])*\1""")
# what ends or continues a logical line: a string (triple-quoted ones across lines) or a comment, read whole; a
# bracket; an escaped line end; a line end
TOKEN = lazyre.compile(r'''[rRbBuUfF]{0,2}(?:"""(?:\\.|[^\\])*?"""|\'\'\'(?:\\.|[^\\])*?\'\'\'|"(?:\\.|[^"\\\n])*"|'''
                       r"""'(?:\\.|[^'\\\n])*')|#[^\n]*|[()\[\]{}]|\\\n|\n""")
# a logical line that opens a function or a class (group 1); group 2: a function's parameter list opens
HEADER = lazyre.compile(r"[ \t]*(?:async[ \t]+)?(def|class)[ \t]+\w+[ \t]*(\()?")
# a parameter's name in a parameter list (a default's own words may count too: more names, never fewer)
PARAMETER = lazyre.compile(r"(?:^|[,(])\s*\*{0,2}([A-Za-z_]\w*)")
# assemblies whose types live under a namespace of another name than the assembly's (held-out set 250): LibreOffice's
# CLI-UNO binding, whose cli_types.dll holds the UNO types under `unoidl` (`unoidl.com.sun.star.uno.XInterface`) and
# cli_basetypes.dll the `uno` namespace (`uno.Any`: LibreOffice's CLI language binding documentation;
# CyrilWaechter/pyRevitMEP's libreoffice.py references cli_types.dll by path and imports unoidl.com.sun.star); Revit's
# RevitAPI.dll and RevitAPIUI.dll (`Autodesk.Revit.DB`, `Autodesk.Revit.UI`); Rhino's RhinoCommon.dll (`Rhino`)
ASSEMBLY_NAMESPACES = {"cli_types": "unoidl", "cli_basetypes": "uno", "RevitAPI": "Autodesk",
                       "RevitAPIUI": "Autodesk", "RhinoCommon": "Rhino"}
# the longest expression read after a call's parenthesis or a binding's `=`
SPAN = 4000
# at most this many reference calls, and bindings of one name, are read (r24 #12: each read walks up to SPAN
# characters, so an unbounded count times SPAN made a file of 300 calls and 300 open bindings take 37 s)
MAX_READ = 64


def clr_namespaces(text: str) -> frozenset[str]:
    """The top-level .NET namespaces of the assemblies the file references through ``clr``; empty without ``clr``."""
    if "clr.AddReference" not in text or not HOOK.search(text):
        return frozenset()
    written = [_stem(name) for name in LITERAL_REFERENCE.findall(text)]  # literals of the calls
    bound: list[str] = []  # of names the calls are given
    scopes: _Scopes | None = None
    read: set[tuple[str, int]] = set()  # each name's bindings are read once per scope, whatever the number of calls
    for count, call in enumerate(CALL.finditer(text)):
        if count >= MAX_READ:
            break
        argument = _expression(text, call.end(), closing=True)
        written += DLL_NAME.findall(argument)
        if not (named := NAME_ARGUMENT.fullmatch(argument)):
            continue
        scopes = scopes or _Scopes(text)
        holder = scopes.owner(call.start())
        attribute = bool(named[1])
        # self.X / cls.X: the class of the method holding the call; a name: where Python finds it from the call
        scope = scopes.enclosing_class(holder) if attribute else scopes.binding_scope(named[2], holder, text)
        if scope is None or (attribute and scope < 0) or (named[0], scope) in read:
            continue
        read.add((named[0], scope))
        bound += _bound_assemblies(text, named[2], scopes, scope, attribute=attribute)
    tops = {a.split(".", 1)[0] for a in written} | {ASSEMBLY_NAMESPACES[a] for a in written if a in ASSEMBLY_NAMESPACES}
    tops |= {top for top in (a.split(".", 1)[0] for a in bound) if top != top.lower()}
    return frozenset(top for top in tops if top.isidentifier())


class _Scopes:
    """The functions and classes of a file by its logical lines' indentation (strings, comments and bracketed
    continuations skipped): each block's kind, parent and parameters, and the innermost block holding an offset."""

    def __init__(self, text: str) -> None:
        self.starts: list[int] = []  # the file's logical lines' starts (blank and comment lines left out)
        self.owners: list[int] = []  # the innermost block holding each (-1: the module)
        self.kinds: list[str] = []  # per block: "def" or "class"
        self.parents: list[int] = []
        self.parameters: list[frozenset[str]] = []
        stack: list[tuple[int, int]] = []  # (indentation, block)
        for start in _logical_lines(text):
            line_end = text.find("\n", start)
            line = text[start:line_end if line_end >= 0 else len(text)]
            stripped = line.lstrip(" \t")
            if not stripped or stripped.startswith("#"):
                continue
            indent = len(line) - len(stripped)
            while stack and indent <= stack[-1][0]:
                stack.pop()
            owner = stack[-1][1] if stack else -1
            self.starts.append(start)
            self.owners.append(owner)
            if header := HEADER.match(line):
                block = len(self.kinds)
                self.kinds.append(header[1])
                self.parents.append(owner)
                listed = _expression(text, start + header.end(), closing=True) if header[2] else ""
                self.parameters.append(frozenset(PARAMETER.findall("(" + listed)))
                stack.append((indent, block))

    def owner(self, at: int) -> int:
        """The innermost function or class whose body holds offset ``at`` (-1: module level)."""
        index = bisect.bisect_right(self.starts, at) - 1
        return self.owners[index] if index >= 0 else -1

    def enclosing_class(self, block: int) -> int:
        """The class whose method (or body) ``block`` is, or -1."""
        while block >= 0 and self.kinds[block] != "class":
            block = self.parents[block]
        return block

    def binding_scope(self, name: str, block: int, text: str) -> int | None:
        """Where Python finds ``name`` from code in ``block``: the innermost function binding it (a class body only
        for code directly in it), else the module (-1); None when it is a parameter of a function on the way."""
        owners = {self.owner(binding.start()) for binding in _bindings(text, name, attribute=False)}
        direct = True
        while block >= 0:
            if self.kinds[block] == "def" and name in self.parameters[block]:
                return None
            if (direct or self.kinds[block] == "def") and block in owners:
                return block
            direct = False
            block = self.parents[block]
        return -1


def _logical_lines(text: str) -> Iterator[int]:
    """The starts of the file's logical lines: a line end outside brackets, strings and escapes ends one."""
    yield 0
    depth = 0
    for token in TOKEN.finditer(text):
        char = token[0]
        if char == "\n":
            if depth == 0:
                yield token.end()
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)


def _bindings(text: str, name: str, *, attribute: bool) -> list[re.Match[str]]:
    """The first ``MAX_READ`` lines binding ``name`` (and ``self.name``/``cls.name`` with ``attribute``)."""
    target = rf"(?:(?:self|cls)\.)?{re.escape(name)}" if attribute else re.escape(name)
    found = re.finditer(rf"(?m)^[ \t]*{target}[ \t]*(?::[^=\n]*)?=(?!=)", text)
    return [binding for binding, _ in zip(found, range(MAX_READ))]


def _bound_assemblies(text: str, name: str, scopes: _Scopes, scope: int, *, attribute: bool) -> list[str]:
    """The assemblies of what ``scope`` binds ``name`` to: a literal (``PATH_TO_DRIVER_45 =
    r"mcl_RF_Switch_Controller_NET45"``, a class attribute QCoDeS' Mini-Circuits driver hands to
    ``clr.AddReference(self.PATH_TO_DRIVER_45)``) or the ``.dll`` file names in the bound expression (xlwings' ``dll =
    os.path.abspath(os.path.join(..., "Aspose.Cells.dll"))`` before ``clr.AddReference(dll)``). For ``self.X`` the
    scope is the class: its body's ``X = …`` and its methods' ``self.X = …``."""
    assemblies: list[str] = []
    for binding in _bindings(text, name, attribute=attribute):
        owner = scopes.owner(binding.start())
        if attribute and "." in binding[0]:  # self.X = … in a method of the class
            if owner == scope or scopes.enclosing_class(owner) != scope:
                continue
        elif owner != scope:
            continue
        value = _expression(text, binding.end(), closing=False)
        literal = LITERAL.fullmatch(value)
        assemblies += [_stem(literal[1])] if literal else DLL_NAME.findall(value)
    return assemblies


def _expression(text: str, start: int, *, closing: bool) -> str:
    """The text from ``start`` to the parenthesis that closes an open one (``closing``), or to the end of the
    statement (a line end outside brackets); strings and comments are skipped whole; at most ``SPAN`` characters."""
    depth, at, end = 1 if closing else 0, start, min(len(text), start + SPAN)
    while at < end:
        char = text[at]
        if char in "\"'":
            if not (string := STRING.match(text, at)):
                return text[start:at]
            at = string.end()
            continue
        if char == "#":
            line_end = text.find("\n", at, end)
            at = line_end if line_end >= 0 else end
            continue
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth == 0 and closing:
                return text[start:at]
        elif char == "\n" and depth == 0 and text[at - 1] != "\\":
            return text[start:at]
        at += 1
    return text[start:at]


def _stem(reference: str) -> str:
    """``Aspose.Cells`` of ``C:\\libs\\Aspose.Cells.dll`` or of ``Aspose.Cells, Version=…``; a name as written."""
    name = re.split(r"[/\\]", reference)[-1].split(",", 1)[0].strip()
    return name[:-4] if name.lower().endswith(".dll") else name
