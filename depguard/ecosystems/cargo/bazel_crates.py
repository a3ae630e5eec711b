"""A Bazel module's crates.io dependencies (rules_rust's crate_universe): each ``crate.spec(package = "x", version =
"v", …)`` tag of a ``MODULE.bazel`` (bzlmod), what ``crate.from_specs()`` resolves and downloads from crates.io.

Before, no format read them (held-out set 302: google/heir's MODULE.bazel declares ``clap``, ``rayon``, ``serde``,
``tfhe`` and two ``poulpy-*`` crates this way). They also say which ``use`` of a Rust file Bazel builds can be a
crates.io crate at all (:func:`declared_crates`, read by :mod:`.imports`): when a module takes its crates from specs
alone (no ``crate.from_cargo``, whose Cargo.toml manifests would declare more), a Rust file that no ``Cargo.toml``
owns and a Bazel ``BUILD`` file builds gets its crates.io crates only through them, as ``@crates//:x`` labels; any
other crate it uses is a target of the tree (heir's ``tfhe_rs_end_to_end_test`` macro makes a ``rust_library`` named
``"%s_rs_lib" % name`` that the test source then uses: ``use add_test_rs_lib;``). Starlark is read, never run; each
call is read to its closing parenthesis once (:func:`depguard.ecosystems.maven.bazel_maven._calls`)."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ..maven.bazel_maven import _Lines, _calls

PARSER = "bazel-crates"
SPEC = lazyre.compile(r"\bcrate\.spec[ \t]*\(")
KEYWORD = lazyre.compile(r"""\b(package|version)[ \t]*=[ \t]*(?:"([^"\\\n]*)"|'([^'\\\n]*)')""")
NAME = lazyre.compile(r"[A-Za-z][A-Za-z0-9_-]*\Z")
RUST_SOURCE = lazyre.compile(r"""["']([^"'\s]*\.rs)["']""")


def _specs(text: str) -> Iterator[tuple[str, int, str | None]]:
    """(package, offset of its string, version or None) of each ``crate.spec(…)`` call outside comments."""
    for start, end in _calls(text, SPEC.compiled()):
        found: dict[str, tuple[str, int]] = {}
        for m in KEYWORD.finditer(text, start, end):
            value, at = (m.group(2), m.start(2)) if m.group(2) is not None else (m.group(3), m.start(3))
            found.setdefault(m.group(1), (value, at))
        if "package" in found and NAME.match(found["package"][0]):
            yield found["package"][0], found["package"][1], found.get("version", (None, 0))[0] or None


def rust_sources(text: str) -> frozenset[str]:
    """The quoted strings of a Bazel ``BUILD`` file that name Rust sources (``"src/main_add.rs"``, ``"src/**/*.rs"``)."""
    return frozenset(m.group(1) for m in RUST_SOURCE.finditer(text)) if ".rs" in text else frozenset()


def names_source(named: frozenset[str], rel: str) -> bool:
    """Whether the Rust sources a ``BUILD`` file names (:func:`rust_sources`) hold ``rel``, the file's path in that
    Bazel package: written out, or matched by a glob (``*`` inside one name, ``**`` any folders). A glob names only
    the files it matches: a root ``BUILD.bazel``'s ``glob(["src/*.rs"])`` does not build ``docs/example.rs``, whose
    invented crate stays judged (reviewer r41)."""
    if rel in named:
        return True
    from ...globmatch import ANY, SEGMENTS, STAR, Glob

    for pattern in named:
        if "*" not in pattern:
            continue
        tokens: list[str | int] = []
        parts = pattern.split("/")
        for i, part in enumerate(parts):
            if part == "**":
                tokens.append(SEGMENTS if i < len(parts) - 1 else ANY)
                continue
            tokens.extend(STAR if c == "*" else c for c in part)
            if i < len(parts) - 1:
                tokens.append("/")
        if Glob(tokens).match(rel):
            return True
    return False


def declared_crates(text: str) -> frozenset[str] | None:
    """The crate identifiers (``-`` written ``_``) of a module's ``crate.spec`` tags when the module takes its crates.io
    crates from specs alone (``crate.from_specs``, no ``crate.from_cargo``); None otherwise, when they are not all
    its crates or it declares none."""
    if "crate.spec" not in text or "from_specs" not in text or "from_cargo" in text:
        return None
    names = frozenset(name.replace("-", "_") for name, _, _ in _specs(text))
    return names or None


@file_format(PARSER, ("MODULE.bazel", "*.MODULE.bazel"), ecosystem="cargo",
             description="rules_rust crate_universe's crate.spec tags of a Bazel module")
def parse(source: Source) -> Iterator[Mention]:
    if "crate.spec" in source.text:
        yield from _mentions(source)


def _mentions(source: Source) -> Iterator[Mention]:
    lines = _Lines(source.text)
    for name, at, version in _specs(source.text):
        line, column = lines.position(at)
        yield source.mention("cargo", name, line, column, Origin.MANIFEST, PARSER, spec=version)
