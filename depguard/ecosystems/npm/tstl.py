"""TypeScriptToLua programs: an import the project does not declare is a Lua module of the program's host.

TypeScriptToLua (``tstl``) compiles TypeScript to Lua for a host that runs Lua (Factorio's mods, LÖVE, World of
Warcraft's add-ons, Defold): each ``import … from "x"`` becomes Lua's ``require("x")``. A package the project declares
in a package.json is bundled from ``node_modules`` and judged as the npm name it is; an id it does not declare is a
module the host gives, its TypeScript shape declared by a types package (``typed-factorio/runtime`` declares
Factorio's ``mod-gui`` and ``util``), which the host resolves, not npm (GlassBricks/FactorioTest, held-out set 273:
``import * as modGui from "mod-gui"`` was a DG001 with npm). depguard cannot list a host's modules, so such an id is
marked as a name from a source it does not ask: one npm has passes as before, one npm lacks is not checked (DG100,
never a pass), and a look-alike of an npm name is still judged. A file is a TypeScriptToLua program's when the
nearest ``tsconfig.json`` above it, or one it ``extends``, has a ``tstl`` block; any other file's undeclared import is
judged as usual.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator

from ...model import Example, Mention, Origin

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

MAX_EXTENDS = 4
WHY = ("an import of a TypeScriptToLua program ({where}) that no package.json declares: compiled to Lua's require, "
       "a module its Lua host may give, which depguard does not ask")


def _tstl_options(text: str) -> tuple[bool, str | None]:
    """(whether a tsconfig's text has a ``tstl`` block, the relative file it ``extends``)."""
    from ._js_project import load_jsonc

    data = load_jsonc(text) if "tstl" in text or "extends" in text else None
    if not isinstance(data, dict):
        return False, None
    extends = data.get("extends")
    return isinstance(data.get("tstl"), dict), extends if isinstance(extends, str) and extends.startswith(".") else None


def tstl_config(source: Source) -> str | None:
    """The tsconfig (as shown) that makes ``source`` a TypeScriptToLua program's file, else None."""
    from pathlib import Path

    from ...imports import files_above, read_related

    found = files_above(source, "tsconfig.json")
    if not found:
        return None
    path: Path | None = found[0]
    for _ in range(MAX_EXTENDS):
        if path is None or source.root is None or source.root not in path.parents:
            return None
        read = read_related(source, path, _tstl_options)
        if read is None:
            return None
        tstl, extends = read
        if tstl:
            return found[0].relative_to(source.root).as_posix()
        path = Path(os.path.normpath(path.parent / extends)) if extends else None
        if path is not None and path.suffix != ".json":
            path = path.with_name(path.name + ".json")
    return None


def mark_lua_host_imports(source: Source, mentions: Iterable[Mention], declared: frozenset[str]) -> Iterator[Mention]:
    """``mentions`` (one file's), its undeclared npm imports marked not checked when npm lacks them, if the file is a
    TypeScriptToLua program's."""
    mentions = list(mentions)
    if not any(m.origin is Origin.IMPORT and m.example is None and m.key.name not in declared for m in mentions):
        yield from mentions
        return
    where = tstl_config(source)
    if where is None:
        yield from mentions
        return
    from ...records import replace

    example = Example(WHY.format(where=where), any_verdict=True, setting=None, unchecked=True, ok_passes=True,
                      doubts_judged=True)
    for m in mentions:
        marked = m.key.ecosystem == "npm" and m.origin is Origin.IMPORT and m.example is None and m.key.name not in declared
        yield replace(m, example=example) if marked else m
