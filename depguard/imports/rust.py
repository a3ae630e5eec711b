"""Rust ``use`` declarations and ``extern crate`` (``*.rs``): the first path segment names a crate
(ecosystem ``cargo``).

``crate``/``self``/``super`` paths, the standard crates (``std``, ``core``, ``alloc``, ``proc_macro``,
``test``), names the file declares itself (``mod models;``, enums, structs, ``use x as y`` aliases) and
modules beside the file or in the crate's ``src/`` are skipped. A crate named with ``-`` is written with
``_`` in Rust; the name is emitted as written and the ecosystem's normalisation decides. Mentions are
emitted only when the catalog has the ``cargo`` ecosystem.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Mention
from ..parsers import Source, file_format
from . import ImportRef, emit, knows, matches, position, sibling_modules, text_of

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


def import_refs(text: str, local: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """(cargo, crate as written, line, column) for each crate a Rust file uses."""
    if "use" not in text and "extern" not in text:
        return
    src = text.encode("utf-8", errors="surrogatepass")
    found = []
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
        yield ImportRef("cargo", name, line, col, name)


def _local_modules(source: Source) -> frozenset[str]:
    mods = sibling_modules(source.fs_path, (".rs",))
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
    yield from emit(source, import_refs(source.text, _local_modules(source)), PARSER)
