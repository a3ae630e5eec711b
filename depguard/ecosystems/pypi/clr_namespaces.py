""".NET namespaces a Python file imports through pythonnet's (or IronPython's) ``clr`` module: served by the CLR.

``import clr`` makes the namespaces of the loaded .NET assemblies importable as modules (``System``, the core library's,
at once: a runtime-modules.tsv row), any other after ``clr.AddReference("Assembly.Name")`` (or ``AddReferenceToFile``,
``AddReferenceToFileAndPath``, a path to the ``.dll``): ``from System.Windows.Forms import Form``, and xlwings'
scripts/build_excel_files.py, which joins a path to ``"Aspose.Cells.dll"``, hands it to ``clr.AddReference(dll)``
and then runs ``from Aspose.Cells import License, Workbook``. The evidence for a namespace is an assembly the file
itself hands to ``AddReference``: the first component of a literal argument, of a ``.dll`` file name written in the
call's argument, or of the literal (or the ``.dll`` file name in the expression) the file binds a name to that the call
is given (``clr.AddReference(dll)``, ``clr.AddReference(self.PATH_TO_DRIVER)``). A ``.dll`` string that reaches no
``AddReference`` (a native library ``ctypes.WinDLL("codec.dll")`` loads) names no namespace. A namespace of no
assembly the file references stays a Python import and is judged, as is every such import in a file that does not
import ``clr``.
"""

from __future__ import annotations

import re

from ... import lazyre

# `import clr` (pythonnet's and IronPython's module), alone or among others on the line
HOOK = lazyre.compile(r"(?m)^[ \t]*import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*clr\b")
# the literal argument of a reference: `clr.AddReference("System.Windows.Forms")`, `clr.AddReference(r"C:\x\A.B.dll")`
LITERAL_REFERENCE = lazyre.compile(r"""\bclr\.AddReference\w*[ \t]*\(\s*[rRuU]?["']([^"'\n]+)["']""")
# the opening of a reference call, whose argument runs to the matching parenthesis
CALL = lazyre.compile(r"\bclr\.AddReference\w*[ \t]*\(")
# an argument that is a name: `self.PATH_TO_DRIVER`, `DRIVER`, `dll`
NAME_ARGUMENT = lazyre.compile(r"\s*(?:self\.|cls\.)?([A-Za-z_]\w*)\s*,?\s*")
# an assembly file named in a string (of the call's argument, or of the expression a name it is given is bound to)
DLL_NAME = lazyre.compile(r"""["'](?:[^"'\n]*[/\\])?([^"'\n/\\]+)\.dll["']""", re.I)
# a bound value that is one string literal (a comment may follow it)
LITERAL = lazyre.compile(r"""\s*[rRuU]?["']([^"'\n]+)["']\s*(?:#[^\n]*)?""")
# a string literal on one line (escapes kept inside), read whole so its brackets and `#` count for nothing
STRING = lazyre.compile(r"""(["'])(?:\\.|(?!\1)[^\\\n])*\1""")
# the longest expression read after a call's parenthesis or a binding's `=`
SPAN = 4000
# at most this many reference calls, and bindings of one name, are read (r24 #12: each read walks up to SPAN
# characters, so an unbounded count times SPAN made a file of 300 calls and 300 open bindings take 37 s)
MAX_READ = 64


def clr_namespaces(text: str) -> frozenset[str]:
    """The top-level .NET namespaces of the assemblies the file references through ``clr``; empty without ``clr``."""
    if "clr.AddReference" not in text or not HOOK.search(text):
        return frozenset()
    assemblies = [_stem(name) for name in LITERAL_REFERENCE.findall(text)]
    names: set[str] = set()  # each name's bindings are read once, whatever the number of calls given it
    for count, call in enumerate(CALL.finditer(text)):
        if count >= MAX_READ:
            break
        argument = _expression(text, call.end(), closing=True)
        assemblies += DLL_NAME.findall(argument)
        if (named := NAME_ARGUMENT.fullmatch(argument)) and named[1] not in names:
            names.add(named[1])
            assemblies += _bound_assemblies(text, named[1])
    return frozenset(top for top in (a.split(".", 1)[0] for a in assemblies) if top.isidentifier())


def _bound_assemblies(text: str, name: str) -> list[str]:
    """The assemblies of what the file binds ``name`` to: a literal (``PATH_TO_DRIVER_45 =
    r"mcl_RF_Switch_Controller_NET45"``, a class attribute QCoDeS' Mini-Circuits driver hands to
    ``clr.AddReference(self.PATH_TO_DRIVER_45)``) or the ``.dll`` file names in the bound expression (xlwings' ``dll =
    os.path.abspath(os.path.join(..., "Aspose.Cells.dll"))`` before ``clr.AddReference(dll)``)."""
    assemblies: list[str] = []
    for count, binding in enumerate(re.finditer(rf"(?m)^[ \t]*{re.escape(name)}[ \t]*(?::[^=\n]*)?=(?!=)", text)):
        if count >= MAX_READ:
            break
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
