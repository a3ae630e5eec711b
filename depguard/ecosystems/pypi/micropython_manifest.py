"""MicroPython's package manifests: what a ``manifest.py`` installs on the device, and what it requires.

MicroPython's build tools (``tools/manifestfile.py``, mip's package index built from micropython-lib) execute a
``manifest.py`` beside each package with a few functions in scope: ``metadata(...)``, ``module("x.py")``,
``package("x")``, ``require("other")``, ``include(...)``, ``freeze(...)``. ``module`` and ``package`` put
``x.py`` or ``x/`` at the top of the device's library path, so ``x`` is the project's own module wherever it is
imported (micropython-lib's ``python-stdlib/contextlib/contextlib.py`` imports ``ucontextlib``,
installed from ``micropython/ucontextlib/``); ``require`` names packages of micropython-lib's index, which mip
installs, not PyPI distributions. Read with :mod:`ast`, never executed: a file is such a manifest only when its top
level is nothing but calls (and the ``if``/``for`` around them), at least one to ``module``, ``package``,
``require`` or ``metadata``, and no import, function or class (a CPython ``manifest.py`` script has those).
"""

from __future__ import annotations

from ...records import record

TYPE_CHECKING = False  # ast is imported where a manifest is read: the warm paths that never read one stay light
if TYPE_CHECKING:
    import ast

NAME = "manifest.py"
INSTALLS = frozenset({"module", "package", "require", "metadata"})
ALSO_CALLED = frozenset({"include", "freeze", "freeze_as_str", "freeze_as_mpy", "freeze_mpy", "add_library"})


@record(frozen=True)
class PackageManifest:
    """A MicroPython ``manifest.py``: the top-level modules it installs and the micropython-lib packages it
    requires (names as written)."""

    installs: tuple[str, ...] = ()
    required: tuple[str, ...] = ()


def read_manifest(text: str) -> PackageManifest | None:
    """The MicroPython package manifest ``text`` is, or None when it is not one (any other ``manifest.py``)."""
    if "(" not in text:
        return None
    import ast

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    calls: list[ast.Call] = []
    if not _only_calls(tree.body, calls):
        return None
    called = {c.func.id for c in calls if isinstance(c.func, ast.Name)}
    if not called & INSTALLS:
        return None
    named = [(c.func.id, c.args[0].value) for c in calls if isinstance(c.func, ast.Name) and c.args
             and isinstance(c.args[0], ast.Constant) and isinstance(c.args[0].value, str)]
    installs = [top for kind, arg in named if kind in ("module", "package")
                and (top := _top_level(arg, kind)) is not None]
    required = [arg for kind, arg in named if kind == "require"]
    return PackageManifest(installs=tuple(dict.fromkeys(installs)), required=tuple(dict.fromkeys(required)))


def _top_level(arg: str, kind: str) -> str | None:
    """The top-level module name ``module("x.py")`` or ``package("x/sub")`` installs (``base_path`` says only where
    the source lies: ``package("asyncio", base_path="..")`` installs ``asyncio``)."""
    path = arg.strip("/").split("/", 1)[0]
    name = path[:-3] if kind == "module" and path.endswith(".py") else path
    return name if name.isidentifier() else None


def _only_calls(body: list[ast.stmt], calls: list[ast.Call]) -> bool:
    """Whether ``body`` holds only calls of the manifest functions (in ``if``/``for`` blocks too), collected into
    ``calls``; a docstring, an assignment or a ``pass`` may stand between them."""
    import ast

    for stmt in body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            func = stmt.value.func
            if isinstance(func, ast.Name) and func.id not in INSTALLS | ALSO_CALLED:
                return False
            if isinstance(func, ast.Name):
                calls.append(stmt.value)
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue
        elif isinstance(stmt, (ast.If, ast.For)):
            if not _only_calls(stmt.body, calls) or not _only_calls(stmt.orelse, calls):
                return False
        elif not isinstance(stmt, (ast.Assign, ast.Pass)):
            return False
    return True
