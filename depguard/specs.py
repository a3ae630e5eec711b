"""Package specs as people paste them (``requests==2.31.0``, ``flask[async]>=3``, ``lodash@4.17.21``,
``@types/node@^20``, ``serde@1.0``) to (name, version spec), in each ecosystem's own spelling.

Each ecosystem's spelling is read by the shell model's reader of that ecosystem's install word (the word
after ``pip install``, ``npm install``, ``cargo add``, ``gem install`` …, see :mod:`depguard.commands`), so
``depguard check`` reads a spec exactly as a scanned install command would. A text no reader takes is
returned whole: the ecosystem's name rule then says why it is not a name.
"""

from __future__ import annotations

import re

from .errors import ConfigError
from .records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_QUOTES = ("'", '"')


@record(frozen=True)
class Spec:
    ecosystem: str
    name: str
    version: str | None = None  # the version or range written after the name, when there is one
    note: str | None = None  # what the reader said (e.g. "alias x")


def reader(ecosystem: str) -> Any:
    """``ecosystem``'s reader of one spec word (``reader(Word) -> Target | None``), as its ecosystem.toml declares
    it (``[spec] reader = "module:function"``), or None when it declares none."""
    if ecosystem in _READERS:
        return _READERS[ecosystem]
    from .ecosystems import catalog, declared_function

    known = catalog()
    found = None
    if ecosystem in known.ids():
        eco = known.get(ecosystem)
        ref = eco.data.get("spec", {}).get("reader")
        if ref is not None:
            found = declared_function(eco, ref, f"{eco.folder / 'ecosystem.toml'}: spec.reader")
    _READERS[ecosystem] = found
    return found


_READERS: dict[str, Any] = {}


@record(frozen=True)
class Guesses:
    """How a bare name's ecosystem is assumed (``[spec]`` tables): by shape, in order, else the default."""

    shapes: tuple[tuple[re.Pattern[str], str], ...]  # (shape, ecosystem id), tried in order
    default: str  # the ecosystem of a name no shape claims
    respelled: tuple[str, ...]  # tried when the default cannot read the spec (npm's name@range)
    often: tuple[str, ...]  # the ecosystems a bare name is most often meant for


_GUESSES: tuple[object, Guesses] | None = None


def guesses() -> Guesses:
    global _GUESSES
    from .ecosystems import catalog

    known = catalog()
    if _GUESSES is None or _GUESSES[0] is not known:
        shapes: list[tuple[int, str, re.Pattern[str]]] = []
        defaults: list[str] = []
        for eco in known:
            table = eco.data.get("spec", {})
            where = f"{eco.folder / 'ecosystem.toml'}: spec"
            if "shape" in table:
                try:
                    shapes.append((int(table.get("order", 0)), eco.id, re.compile(table["shape"])))
                except (re.error, TypeError, ValueError) as exc:
                    raise ConfigError(f"{where}.shape: {exc}") from None
            if table.get("default"):
                defaults.append(eco.id)
        if len(defaults) != 1:
            raise ConfigError(f"exactly one ecosystem declares [spec] default = true, not {defaults or 'none'}")
        _GUESSES = (known, Guesses(
            tuple((rx, eco_id) for _order, eco_id, rx in sorted(shapes, key=lambda t: (t[0], t[1]))), defaults[0],
            tuple(e.id for e in known if e.data.get("spec", {}).get("respelled")),
            tuple(e.id for e in known if e.data.get("spec", {}).get("often"))))
    return _GUESSES[1]


def guess_ecosystem(name: str) -> str:
    """The ecosystem a bare name most likely belongs to: the first whose declared shape the name has (scoped
    names are npm's, ``group.id:artifact[:version]`` Maven's, ``host.tld/path`` a Go module), else the default."""
    found = guesses()
    return next((eco_id for rx, eco_id in found.shapes if rx.match(name)), found.default)


def unquote(text: str) -> str:
    """A spec pasted with its shell quotes (``'django>=4,<5'`` passed through another layer of quoting)."""
    text = text.strip()
    if len(text) >= 2 and text[0] in _QUOTES and text[-1] == text[0]:
        return text[1:-1].strip()
    return text


def read_spec(text: str, ecosystem: str) -> Spec:
    """``text`` read as ``ecosystem`` writes a package spec; the text whole when no reader takes it."""
    from .commands.shell import Word

    text = unquote(text)
    read = reader(ecosystem)
    if read is not None and text:
        target = read(Word(text, 1, 1, quoted=True, raw=text, expands=False))
        if target is not None and target.ecosystem == ecosystem:
            return Spec(ecosystem, target.name, target.spec or None, target.note)
    return Spec(ecosystem, text)


def readable(text: str, ecosystem: str) -> bool:
    """Whether ``ecosystem``'s reader takes ``text`` as one of its specs."""
    from .commands.shell import Word

    read = reader(ecosystem)
    text = unquote(text)
    return bool(read and text and read(Word(text, 1, 1, quoted=True, raw=text, expands=False)))
