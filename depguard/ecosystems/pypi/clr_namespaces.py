""".NET namespaces a Python file imports through pythonnet's (or IronPython's) ``clr`` module: served by the CLR.

``import clr`` makes the namespaces of the loaded .NET assemblies importable as modules (``System``, the core library's,
at once: a runtime-modules.tsv row), any other after ``clr.AddReference("Assembly.Name")`` (or ``AddReferenceToFile``,
``AddReferenceToFileAndPath``, a path to the ``.dll``): ``from System.Windows.Forms import Form``, and xlwings'
scripts/build_excel_files.py, which joins a path to ``"Aspose.Cells.dll"``, hands it to ``clr.AddReference(dll)``
and then runs ``from Aspose.Cells import License, Workbook``. The evidence for a namespace is an assembly the file
itself names: the first component of a literal ``AddReference`` argument, or of a ``.dll`` file name written in a
file that calls ``AddReference``. A namespace of no assembly the file names stays a Python import and is judged,
as is every such import in a file that does not import ``clr``.
"""

from __future__ import annotations

import re

from ... import lazyre

# `import clr` (pythonnet's and IronPython's module), alone or among others on the line
HOOK = lazyre.compile(r"(?m)^[ \t]*import[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*clr\b")
# the literal argument of a reference: `clr.AddReference("System.Windows.Forms")`, `clr.AddReference(r"C:\x\A.B.dll")`
LITERAL_REFERENCE = lazyre.compile(r"""\bclr\.AddReference\w*[ \t]*\(\s*[rRuU]?["']([^"'\n]+)["']""")
# a reference through a name: `clr.AddReference(self.PATH_TO_DRIVER)`, `clr.AddReference(DRIVER)`
NAMED_REFERENCE = lazyre.compile(r"\bclr\.AddReference\w*[ \t]*\(\s*(?:self\.|cls\.)?([A-Za-z_]\w*)\s*\)")
# an assembly file the file names in a string (a path it builds and then references)
DLL_NAME = lazyre.compile(r"""["'](?:[^"'\n]*[/\\])?([^"'\n/\\]+)\.dll["']""", re.I)


def clr_namespaces(text: str) -> frozenset[str]:
    """The top-level .NET namespaces of the assemblies the file references through ``clr``; empty without ``clr``."""
    if "clr.AddReference" not in text or not HOOK.search(text):
        return frozenset()
    assemblies = ([_stem(name) for name in LITERAL_REFERENCE.findall(text)] + DLL_NAME.findall(text)
                  + [_stem(value) for name in NAMED_REFERENCE.findall(text) for value in _bound_literals(text, name)])
    return frozenset(top for top in (a.split(".", 1)[0] for a in assemblies) if top.isidentifier())


def _bound_literals(text: str, name: str) -> list[str]:
    """The string literals the file binds ``name`` to (``PATH_TO_DRIVER_45 = r"mcl_RF_Switch_Controller_NET45"``, a
    class attribute QCoDeS' Mini-Circuits driver hands to ``clr.AddReference(self.PATH_TO_DRIVER_45)``)."""
    return re.findall(rf"""(?m)^[ \t]*{re.escape(name)}[ \t]*(?::[^=\n]*)?=[ \t]*[rRuU]?["']([^"'\n]+)["'][ \t]*(?:#.*)?$""", text)


def _stem(reference: str) -> str:
    """``Aspose.Cells`` of ``C:\\libs\\Aspose.Cells.dll`` or of ``Aspose.Cells, Version=…``; a name as written."""
    name = re.split(r"[/\\]", reference)[-1].split(",", 1)[0].strip()
    return name[:-4] if name.lower().endswith(".dll") else name
