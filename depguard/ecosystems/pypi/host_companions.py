"""Modules a host application's Python gives a script only beside another module of that host (r25 #7).

OpenROAD runs a script with ``openroad -python script.py`` in its own Python, where ``odb`` (OpenDB, its database) and
``openroad`` (``Tech``, ``Design``) are its modules: openlane2's ``openlane/scripts/odbpy/reader.py`` writes ``import
odb`` and ``from openroad import Tech, Design``, and its siblings (``io_place.py``, ``defutil.py`` …) ``import odb`` and
``from reader import click_odb``. ``odb`` is a short, generic name no PyPI project holds (anyone may register it, and
"ODB" names more than one database library), so it is OpenROAD's only where the file says it runs in OpenROAD: it
imports ``openroad`` itself, or imports a module of its own folder that does (the sibling's import of ``openroad``
works only inside OpenROAD, so the file runs there too). Elsewhere ``import odb`` is judged as any other import.

Read: the file's import statements, and those of at most ``MAX_SIBLINGS`` module files beside it that it imports, as
text.
"""

from __future__ import annotations

from ... import lazyre
from ...imports import sibling_modules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# a host's module -> the host's other module whose import says the file runs in that host
COMPANIONS = {"odb": "openroad"}
# an import statement's modules: `import a, b.c as d` (group 2) or `from a.b import x`, `from .a import x` (group 1).
# A dotted path's rest is read from its dot (r25 #13): `\w*[\w.]*` would split a long word anew at every letter when
# what follows fails (a docstring's `from AAAA… blob`), quadratic in the word's length
IMPORT = lazyre.compile(r"(?m)^[ \t]*(?:from[ \t]+(\.?[A-Za-z_]\w*)(?:\.[\w.]*)?[ \t]+import\b|import[ \t]+([^\n#;]+))")
MODULE = lazyre.compile(r"[ \t]*([A-Za-z_]\w*)(?:\.[\w.]*)?(?:[ \t]+as[ \t]+\w+)?[ \t]*")
# a host module's name as a word: only a file naming one is read for its imports (`goodbye` holds no `odb`)
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(COMPANIONS))
MAX_SIBLINGS = 16  # modules of the file's folder read for the host's import, at most


def host_companions(source: Source) -> frozenset[str]:
    """The host modules (``COMPANIONS``) the file imports that the host's Python gives it (module docstring)."""
    if NAMED.search(source.text) is None:
        return frozenset()
    imported = imported_modules(source.text)
    wanted = {module: host for module, host in COMPANIONS.items() if module in imported}
    given = {module for module, host in wanted.items() if host in imported}
    hosts = {host for module, host in wanted.items() if module not in given}
    if hosts:
        beside = sibling_modules(source.fs_path, (".py",))
        siblings = sorted(name for name in (n.lstrip(".") for n in imported) if name in beside and name not in hosts)
        for name in siblings[:MAX_SIBLINGS]:
            related = source.read_related(f"{name}.py")
            found = hosts & imported_modules(related[1]) if related is not None else set()
            given |= {module for module, host in wanted.items() if host in found}
    return frozenset(given)


def host_imports(source: Source, modules: frozenset[str], named: lazyre.Pattern) -> frozenset[str]:
    """The modules of a host application (``modules``) the file imports; none when its text does not even name one
    (``named``, one search before the import statements are read). The host modules' callers then look for the
    evidence that the file is that host's (a plug-in's entry point, a project file, a manifest)."""
    if named.search(source.text) is None:
        return frozenset()
    return frozenset(modules & imported_modules(source.text))


def imported_modules(text: str) -> set[str]:
    """The top-level modules a text's import statements name (``.x`` for a relative ``from .x import``)."""
    out: set[str] = set()
    for statement in IMPORT.finditer(text):
        if statement[1]:
            out.add(statement[1])
            continue
        for part in statement[2].strip().rstrip("\\").strip("()").split(","):
            if module := MODULE.fullmatch(part):
                out.add(module[1])
    return out
