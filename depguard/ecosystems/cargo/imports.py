"""Rust ``use`` declarations and ``extern crate`` (``*.rs``): the first path segment names a crate
(ecosystem ``cargo``).

``crate``/``self``/``super`` paths, the standard crates (``std``, ``core``, ``alloc``, ``proc_macro``,
``test``), names the file declares itself (``mod models;``, enums, structs, ``macro_rules!`` macros, ``use x as y`` and ``extern crate x as y`` aliases) and
modules beside the file or in the crate's ``src/`` are skipped. The nearest ``Cargo.toml`` decides the rest:
the package's own crate (``use my_crate::x`` in ``main.rs`` or ``tests/``) and dependencies taken from a path,
git or another registry are not crates.io names, and a renamed dependency (``alias = { package = "real" }``)
is reported as the crate it renames; a member's ``x = { workspace = true }`` takes the entry of the
``[workspace.dependencies]`` of a ``Cargo.toml`` above it, so that entry's source and rename decide. The crates the
tree defines anywhere (``Hints.local_crates``, the ecosystem's ``[own]`` reader, own_crates.py) are left out by the
scan. A crate named with ``-`` is written with ``_`` in Rust; the name is
emitted as written and the ecosystem's normalisation decides. Mentions are emitted only when the catalog has
the ``cargo`` ecosystem.
"""

from __future__ import annotations

from collections.abc import Container, Iterator
from typing import TYPE_CHECKING

from ...errors import ParseError
from ...imports import (
    AnyOf,
    ImportRef,
    emit,
    files_above,
    from_nearest,
    knows,
    matches,
    position,
    read_related,
    sibling_modules,
    text_of,
)
from ...model import Mention
from ...parsers import Source, file_format
from ...parsers._util import load_toml
from .cargo_toml import NOT_REGISTRY, dependency_tables

if TYPE_CHECKING:
    from tree_sitter import Node

PARSER = "rust-imports"
BUILTIN_ROOTS = frozenset({"crate", "self", "super", "Self", "std", "core", "alloc", "proc_macro", "test"})


def _roots(node) -> Iterator:
    """The first-segment identifier nodes of a use argument (several for `{a::x, b}`)."""
    kind = node.type
    if kind == "identifier":
        yield node
    elif kind in ("crate", "self", "super", "metavariable"):
        return
    elif kind == "scoped_identifier":
        path = node.child_by_field_name("path")
        if path is None:  # `::serde::x`: an explicit crate
            name = node.child_by_field_name("name")
            if name is not None:
                yield name
        else:
            yield from _roots(path)
    elif kind in ("scoped_use_list", "use_as_clause"):
        path = node.child_by_field_name("path")
        if path is not None:
            yield from _roots(path)
        elif kind == "scoped_use_list":  # `::{a, b}` or `{a, b}` under a path-less list
            lst = node.child_by_field_name("list")
            if lst is not None:
                yield from _roots(lst)
    elif kind == "use_list":
        for child in node.named_children:
            yield from _roots(child)
    elif kind == "use_wildcard":
        for child in node.named_children:
            yield from _roots(child)


def _crate_ident(name: str) -> str:
    return name.replace("-", "_")


def manifest_crates(text: str, workspace_only: bool = False) -> tuple[frozenset[str], dict[str, str]]:
    """(crate identifiers that are not crates.io names, identifier -> crates.io name of renamed dependencies)
    of a ``Cargo.toml`` (``workspace_only``: of its ``[workspace.dependencies]`` alone, what a member inherits);
    nothing for a manifest that cannot be read."""
    try:
        data = load_toml(text)
    except (ParseError, ValueError, RecursionError):
        return frozenset(), {}
    local: set[str] = set()
    renamed: dict[str, str] = {}
    for table in () if workspace_only else (data.get("package"), data.get("lib")):
        if isinstance(table, dict) and isinstance(table.get("name"), str):
            local.add(_crate_ident(table["name"]))
    for path, deps in dependency_tables(data):
        if not isinstance(deps, dict) or (workspace_only and path != ("workspace", "dependencies")):
            continue
        for key, value in deps.items():
            if not isinstance(value, dict):
                continue
            if any(k in value for k in NOT_REGISTRY if k != "workspace"):
                local.add(_crate_ident(key))
            elif isinstance(value.get("package"), str) and value["package"] != key:
                renamed[_crate_ident(key)] = value["package"]
    return frozenset(local), renamed


def workspace_crates(text: str) -> tuple[frozenset[str], dict[str, str]]:
    """:func:`manifest_crates` of a ``Cargo.toml``'s ``[workspace.dependencies]`` alone."""
    return manifest_crates(text, workspace_only=True)


def import_refs(text: str, local: Container[str] = frozenset(),
                renamed: dict[str, str] | None = None) -> Iterator[ImportRef]:
    """(cargo, crate as written, line, column) for each crate a Rust file uses; ``renamed`` maps a
    dependency's identifier to the crate it renames."""
    if "use" not in text and "extern" not in text:
        return
    src = text.encode("utf-8", errors="surrogatepass")
    found: list[Node] = []
    declared: set[str] = set()
    for caps in matches("rust", src):
        if "decl" in caps:
            declared.add(text_of(caps["decl"][0]))
            continue
        if caps["stmt"][0].has_error:
            continue
        nodes = caps["crate"] if "crate" in caps else list(_roots(caps["use"][0]))
        found.extend(nodes)
    for node in found:
        name = text_of(node)
        if name in BUILTIN_ROOTS or name in declared or name in local:
            continue
        line, col = position(src, node)
        real = (renamed or {}).get(name)
        if real is not None:
            yield ImportRef("cargo", real, line, col, name, note=f"renamed {name} of {real}")
        else:
            yield ImportRef("cargo", name, line, col, name)


def _local_modules(source: Source) -> AnyOf:
    mods = AnyOf(sibling_modules(source.fs_path, (".rs",)))  # a union per file would copy the folder's set
    if source.fs_path is not None:
        for parent in source.fs_path.parents:
            if parent.name == "src":
                mods |= sibling_modules(parent / "lib.rs", (".rs",))
                break
            if source.root is not None and parent == source.root:
                break
    return mods


@file_format(PARSER, ("*.rs",), ecosystem="cargo", kind="source", description="Rust use/extern crate (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("cargo"):
        return
    not_registry, renamed = from_nearest(source, "Cargo.toml", manifest_crates) or (frozenset(), {})
    for above in files_above(source, "Cargo.toml")[1:]:  # a workspace root: what `x = { workspace = true }` takes
        inherited, renames = read_related(source, above, workspace_crates) or (frozenset(), {})
        not_registry, renamed = not_registry | inherited, {**renames, **renamed}
    yield from emit(source, import_refs(source.text, _local_modules(source) | not_registry, renamed), PARSER)
