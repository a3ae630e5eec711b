"""Rust ``use`` declarations and ``extern crate`` (``*.rs``): the first path segment names a crate
(ecosystem ``cargo``).

``crate``/``self``/``super`` paths, the standard crates (``std``, ``core``, ``alloc``, ``proc_macro``,
``test``), names the file declares itself (``mod models;``, enums, structs, ``macro_rules!`` macros, ``use x as y`` and ``extern crate x as y`` aliases),
a capitalised first segment (a type or an enum in scope, ``use {super::*, TokenKind::*};``: Rust's crate
identifiers are snake_case), a one-segment use of a function the file defines (``pub use is_global_hardcoded as
is_global;``), names another ``use`` of the file brings in (``use pyo3::basic::CompareOp;`` then ``use CompareOp::*;``, ``use
serde::de::{self, Visitor};`` then ``use de::Error;``: Rust resolves such a path to that item, and a crate of the
same name would make the path ambiguous, an error), the ``extern crate x as y`` aliases of the crate's root file
(``src/lib.rs`` or ``src/main.rs``: ``extern crate tokenizers as tk;`` there lets every module ``use tk::Token``) and
modules beside the file or in the crate's ``src/``, and the public modules of a module of the package's library the file
glob-imports (``use crate::user_input::*;`` or, in its tests, ``use my_crate::prelude::*;`` whose prelude says ``pub use
crate::user_input::*;``, then ``use updating::X;``, ``updating`` a ``pub mod`` of ``src/user_input/mod.rs``) are skipped. The nearest ``Cargo.toml`` decides the rest:
the package's own crate (``use my_crate::x`` in ``main.rs`` or ``tests/``) and dependencies taken from a path,
git or another registry are not crates.io names, and a renamed dependency (``alias = { package = "real" }``)
is reported as the crate it renames; a member's ``x = { workspace = true }`` takes the entry of the
``[workspace.dependencies]`` of a ``Cargo.toml`` above it, so that entry's source and rename decide. The crates the
tree defines anywhere (``Hints.local_crates``, the ecosystem's ``[own]`` reader, own_crates.py) are left out by the
scan. A file no ``Cargo.toml`` owns that its Bazel package's ``BUILD`` file names, in a module whose crates.io crates are its
``crate.spec`` tags alone, can use no other crates.io crate: its other crates are Bazel targets of the tree
(:mod:`.bazel_crates`), and the specs are judged where the module writes them. In a file no ``Cargo.toml`` owns (a page's example), a crate its comment gives a Cargo.toml entry from git or a path (``// mango = { version = "3.4.2", git = "https://…" }``) is not a crates.io name either. A crate named with ``-`` is written with ``_`` in Rust; the name is
emitted as written and the ecosystem's normalisation decides. Mentions are emitted only when the catalog has
the ``cargo`` ecosystem.
"""

from __future__ import annotations

import os
import re
from collections.abc import Container, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from ... import lazyre
from ...errors import ParseError
from ...fsview import active
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


def _leaves(node, prefixed: bool = False) -> Iterator:
    """The identifier nodes a use argument brings into the type namespace from a longer path, where a path's first
    segment is looked up: a module taken with ``self`` (``de`` of ``serde::de::{self, Visitor}``) and a type, trait or
    enum (``CompareOp`` of ``pyo3::class::basic::CompareOp``, by Rust's naming its capital letter). Not a lower-case
    leaf, which may be a function or a macro, in namespaces a path does not look in (``use napi_derive::napi;`` beside
    ``use napi::bindgen_prelude::*;``, tokenizers' node bindings), nor the first segment itself (``use serde;``)."""
    kind = node.type
    if kind == "identifier":
        if prefixed and text_of(node)[:1].isupper():
            yield node
    elif kind == "scoped_identifier":
        name = node.child_by_field_name("name")
        if name is not None and node.child_by_field_name("path") is not None:
            yield from _leaves(name, prefixed=True)
    elif kind == "scoped_use_list":
        path = node.child_by_field_name("path")
        lst = node.child_by_field_name("list")
        if lst is not None:
            for child in lst.named_children:
                if child.type == "self":
                    name = path.child_by_field_name("name") if path is not None and path.type == "scoped_identifier" else None
                    if name is not None and name.type == "identifier":
                        yield name
                else:
                    yield from _leaves(child, prefixed=path is not None)
    elif kind == "use_list":
        for child in node.named_children:
            yield from _leaves(child, prefixed)


EXTERN_ALIAS = lazyre.compile(r"^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?extern[ \t]+crate[ \t]+[A-Za-z_][A-Za-z0-9_]*[ \t]+as[ \t]+"
                              r"(?P<alias>[A-Za-z_][A-Za-z0-9_]*)[ \t]*;", re.M)
ROOT_FILES = ("src/lib.rs", "src/main.rs")  # a package's crate roots, where `extern crate x as y` names y crate-wide


# A glob import of a module of the package's own library, `use crate::user_input::*;` in the library or `use
# my_crate::prelude::*;` in its tests, examples and binaries, brings the public modules that module declares (or re-exports
# with a glob of its own: a prelude's `pub use crate::user_input::*;`) into scope, so a later `use updating::X;` names
# that module (leafwing-input-manager's src/plugin.rs and tests/*.rs, heldout312-spot); a crate of the same name would make
# the path ambiguous, an error. Only `pub mod` items count, followed through `pub use` globs a few modules deep
GLOB_USE = lazyre.compile(r"^[ \t]*(?P<pub>pub(?:\([^)]*\))?[ \t]+)?use[ \t]+(?P<path>[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)::\*[ \t]*;",
                          re.M)
PUBLIC_MOD = lazyre.compile(r"^[ \t]*pub(?:\([^)]*\))?[ \t]+mod[ \t]+(?P<name>[A-Za-z_]\w*)[ \t]*[;{]", re.M)
GLOB_DEPTH = 4  # modules followed through `pub use x::*;` re-exports


def _text(text: str) -> str:
    return text


def library_root(text: str) -> tuple[str, str] | None:
    """(crate identifier, root file relative to the manifest) of a ``Cargo.toml``'s library: ``[lib]`` name and path,
    else the package's name and ``src/lib.rs``."""
    try:
        data = load_toml(text)
    except (ParseError, ValueError, RecursionError):
        return None
    lib, package = data.get("lib"), data.get("package")
    lib = lib if isinstance(lib, dict) else {}
    name = lib.get("name") or (package.get("name") if isinstance(package, dict) else None)
    path = lib.get("path") or "src/lib.rs"
    return (_crate_ident(name), path) if isinstance(name, str) and isinstance(path, str) else None


def _block(text: str, opening: int) -> str:
    """The text inside the braces that open at ``opening`` (an inline ``mod x { … }``)."""
    depth = 0
    for at in range(opening, len(text)):
        if text[at] == "{":
            depth += 1
        elif text[at] == "}":
            depth -= 1
            if depth == 0:
                return text[opening + 1:at]
    return text[opening + 1:]


def _module(source: Source, root: Path, segments: tuple[str, ...]) -> str | None:
    """The text of the library's module at ``segments`` (an inline ``mod x { }`` block, ``x.rs`` or ``x/mod.rs``)."""
    text = read_related(source, root, _text)
    folder, view = str(root.parent), active()
    for seg in segments:
        if text is None:
            return None
        inline = re.search(r"^[ \t]*(?:pub(?:\([^)]*\))?[ \t]+)?mod[ \t]+" + re.escape(seg) + r"[ \t]*\{", text, re.M)
        folder = os.path.join(folder, seg)
        if inline:
            text = _block(text, inline.end() - 1)
            continue
        found = next((c for c in (folder + ".rs", os.path.join(folder, "mod.rs")) if view.is_file(c)), None)
        text = read_related(source, Path(found), _text) if found else None
    return text


def _exported_modules(source: Source, root: Path, segments: tuple[str, ...], seen: set[tuple[str, ...]],
                      depth: int = 0) -> set[str]:
    """The ``pub mod`` names of the library's module at ``segments`` and of the modules it re-exports with ``pub use
    x::*;``; each module read once per file (``seen``: preludes of preludes re-export the same modules)."""
    if segments in seen:
        return set()
    seen.add(segments)
    text = _module(source, root, segments)
    if text is None:
        return set()
    names = {m.group("name") for m in PUBLIC_MOD.finditer(text)}
    for m in GLOB_USE.finditer(text) if depth < GLOB_DEPTH else ():
        if m.group("pub"):
            target = _within(m.group("path").split("::"), segments)
            if target is not None:
                names |= _exported_modules(source, root, target, seen, depth + 1)
    return names


def _within(path: list[str], here: tuple[str, ...]) -> tuple[str, ...] | None:
    """A ``crate::``, ``self::`` or ``super::`` path of the module ``here`` as segments from the library's root."""
    if path[0] == "crate":
        return tuple(path[1:])
    if path[0] == "self":
        return here + tuple(path[1:])
    if path[0] == "super" and here:
        return here[:-1] + tuple(path[1:])
    return None


def glob_imported_modules(source: Source, manifest: Path) -> frozenset[str]:
    """The public modules that the file's glob imports of the package's own library bring into scope: ``use crate::a::*;``
    in a file of the library's folder (not ``src/bin``, a crate of its own), ``use <library>::a::*;`` anywhere."""
    lib = read_related(source, manifest, library_root)
    if lib is None or source.fs_path is None:
        return frozenset()
    name, relative = lib
    root = manifest.parent / relative
    in_library = root.parent in source.fs_path.parents and root.parent / "bin" not in source.fs_path.parents
    if not active().is_file(str(root)):
        return frozenset()
    names: set[str] = set()
    seen: set[tuple[str, ...]] = set()
    for m in GLOB_USE.finditer(source.text):
        path = m.group("path").split("::")
        if path[0] == name or (path[0] == "crate" and in_library):
            names |= _exported_modules(source, root, tuple(path[1:]), seen)
    return frozenset(names)


# A comment that gives the Cargo.toml entry of a dependency taken from git or a path, in a file no Cargo.toml owns
# (a page's example: the Solana Cookbook's code/mango/create-account/create-account.en.rs says "// Add this to
# Cargo.toml to be able to use the mango program repository as a crate" above `// mango = { version = "3.4.2", git =
# "https://github.com/blockworks-foundation/mango-v3.git", ... }`, then `use mango::instruction::MangoInstruction;`)
COMMENT_SOURCE = lazyre.compile(r"^[ \t]*//[/!]?[ \t]*(?P<name>[A-Za-z_][A-Za-z0-9_-]*)[ \t]*=[ \t]*\{(?P<body>[^}\n]*)\}",
                                re.MULTILINE)
SOURCE_KEY = lazyre.compile(r"(?:^|[{,\s])(?:git|path)[ \t]*=")


def commented_sources(text: str) -> frozenset[str]:
    """The crate identifiers a Rust file's comments give a Cargo.toml entry from git or a path (:data:`COMMENT_SOURCE`):
    not crates.io names where no Cargo.toml owns the file. An entry of a version alone (``// x = { version = "1" }``)
    names a crates.io crate and gives nothing."""
    if "//" not in text or ("git" not in text and "path" not in text):
        return frozenset()
    return frozenset(_crate_ident(m.group("name")) for m in COMMENT_SOURCE.finditer(text)
                     if SOURCE_KEY.search(m.group("body")))


def root_aliases(text: str) -> frozenset[str]:
    """The aliases ``extern crate x as y;`` of a crate's root file gives for the whole crate."""
    return frozenset(m.group("alias") for m in EXTERN_ALIAS.finditer(text)) if "extern" in text else frozenset()


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
    functions: set[str] = set()
    alone: set[int] = set()  # the start bytes of the roots that are a whole use path (`use x;`, `use x as y;`)
    for caps in matches("rust", src):
        if "decl" in caps:
            declared.add(text_of(caps["decl"][0]))
            continue
        if "fn" in caps:
            functions.add(text_of(caps["fn"][0]))
            continue
        if caps["stmt"][0].has_error:
            continue
        nodes = caps["crate"] if "crate" in caps else list(_roots(caps["use"][0]))
        found.extend(nodes)
        if "use" in caps and caps["use"][0].type in ("identifier", "use_as_clause"):
            alone.update(n.start_byte for n in nodes)
        if "use" in caps:  # a leaf named as its own path's crate is that crate's item of the same name, in
            # another namespace (`use async_trait::async_trait;`, the macro): the crate stays a crate
            roots = {text_of(n) for n in nodes}
            declared.update(name for leaf in _leaves(caps["use"][0]) if (name := text_of(leaf)) not in roots)
    for node in found:
        name = text_of(node)
        if name in BUILTIN_ROOTS or name in declared or name in local:
            continue
        if node.parent is not None and node.parent.type != "extern_crate_declaration" and name[:1].isupper():
            continue  # a use path from a type or enum in scope (`use {super::*, TokenKind::*};`): crates are snake_case
        if name in functions and node.start_byte in alone:
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


class _Besides:
    """Every crate identifier but the ``declared`` ones: what a Bazel-built Rust file uses besides its module's crates.io
    crates is a target of the tree (:func:`.bazel_crates.declared_crates`)."""

    __slots__ = ("declared",)

    def __init__(self, declared: frozenset[str]) -> None:
        self.declared = declared

    def __contains__(self, name: object) -> bool:
        return name not in self.declared


def _bazel_targets(source: Source) -> _Besides | None:
    """For a Rust file no ``Cargo.toml`` owns that its Bazel package's ``BUILD`` file names (its path in the package, or
    a glob that matches it), in a module that takes its crates.io crates from ``crate.spec`` tags alone: the names that are no
    crates.io crate there; None otherwise (a Rust file the package's BUILD file never names, a page's example below a
    workspace's root ``BUILD.bazel``, is judged as any other)."""
    from .bazel_crates import declared_crates, names_source, rust_sources

    modules = files_above(source, "MODULE.bazel")
    if not modules or source.fs_path is None:
        return None
    builds = [b for b in files_above(source, "BUILD.bazel")[:1] + files_above(source, "BUILD")[:1]
              if b.parent == modules[0].parent or modules[0].parent in b.parents]
    if not builds:
        return None
    package = max(builds, key=lambda b: len(b.parts))  # the nearest: the file's Bazel package
    named = read_related(source, package, rust_sources) or frozenset()
    if not names_source(named, source.fs_path.relative_to(package.parent).as_posix()):
        return None
    declared = read_related(source, modules[0], declared_crates)
    return None if declared is None else _Besides(declared)


@file_format(PARSER, ("*.rs",), ecosystem="cargo", kind="source", description="Rust use/extern crate (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("cargo"):
        return
    not_registry, renamed = from_nearest(source, "Cargo.toml", manifest_crates) or (frozenset(), {})
    manifests = files_above(source, "Cargo.toml")  # nearest first
    for above in manifests[1:]:  # a workspace root: what `x = { workspace = true }` takes
        inherited, renames = read_related(source, above, workspace_crates) or (frozenset(), {})
        not_registry, renamed = not_registry | inherited, {**renames, **renamed}
    for name in ROOT_FILES if manifests else ():
        root_file = manifests[0].parent / name
        if root_file != source.fs_path and active().is_file(str(root_file)):
            not_registry = not_registry | (read_related(source, root_file, root_aliases) or frozenset())
    local = _local_modules(source) | not_registry
    targets = None if manifests else _bazel_targets(source)
    if targets is not None:
        local = local | targets
    if not manifests:  # a file no Cargo.toml owns: what its comments say is taken from git or a path
        local = local | commented_sources(source.text)
    elif "::*" in source.text:
        local = local | glob_imported_modules(source, manifests[0])
    yield from emit(source, import_refs(source.text, local, renamed), PARSER)
