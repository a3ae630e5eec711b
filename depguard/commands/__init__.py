"""Install-command grammars: shell text -> commands -> the package names they install or run.

Each tool's real option grammar lives in one module of this package, registered with :func:`grammar`:
a function from the argument words (after the tool name) to :class:`Target` values. Options that take a
value (``-r FILE``, ``--index-url URL``) and a runner's own arguments (``npx create-next-app my-app``) are
never package names. Modules here are discovered automatically, so a new tool is one new module.

Example::

    @grammar("cargo")
    def cargo(args: list[Word]) -> Iterator[Target]:
        ...
        yield Target("cargo", word, name="serde", spec="1.0")
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace

from ..model import Mention, Origin
from .shell import Word, inner_word, split_commands, strip_wrappers


@dataclass(frozen=True)
class Target:
    ecosystem: str
    word: Word  # where the name is written
    name: str  # the registry name
    spec: str | None = None
    runs: bool = False  # the command executes the package (npx, uvx, pipx run)
    note: str | None = None
    column_shift: int = 0  # where in the word the name starts (e.g. after "npm:")


Grammar = Callable[[list[Word]], Iterable[Target]]
_GRAMMARS: dict[str, Grammar] = {}
_DISCOVERED = False


def grammar(*tools: str) -> Callable[[Grammar], Grammar]:
    def register(fn: Grammar) -> Grammar:
        for tool in tools:
            if tool in _GRAMMARS and _GRAMMARS[tool] is not fn:
                raise RuntimeError(f"command grammar for {tool!r} registered twice")
            _GRAMMARS[tool] = fn
        return fn

    return register


def _discover() -> None:
    global _DISCOVERED
    if _DISCOVERED:
        return
    for info in pkgutil.iter_modules(__path__):
        if info.name not in ("shell",) and not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    _DISCOVERED = True


def grammars() -> dict[str, Grammar]:
    _discover()
    return dict(_GRAMMARS)


def tool_name(word: str | Word) -> str:
    """The tool a command word names: ``/usr/bin/pip3`` -> pip3, ``C:\\Python312\\python.exe`` -> python."""
    text = word.raw.replace("\\", "/") if isinstance(word, Word) and "\\" in word.raw else str(getattr(word, "text", word))
    base = text.strip("'\"").rsplit("/", 1)[-1]
    for suffix in (".exe", ".cmd", ".bat", ".ps1"):
        if base.lower().endswith(suffix):
            base = base[: -len(suffix)]
    return base


def script_in_word(word: Word) -> Iterator[Target]:
    """The targets of a script held in one word (``bash -c '…'``), placed where that script is written."""
    for t in targets_in_script(word.text):
        yield replace(t, word=inner_word(word, t.word))


def targets_of_command(words: list[Word]) -> Iterator[Target]:
    """The targets of one simple command (wrappers such as sudo and env already allowed for).

    A word with a look-alike or invisible character (``rеquests``, Cyrillic ``е``) is read through its ASCII
    skeleton, so the grammar sees a name where one is written, and the target gives back the name as written:
    the name is then reported for what it is, never dropped."""
    from ..confusables import has_confusable, restore, skeleton

    if not any(has_confusable(w.text) for w in words):
        yield from _targets_of_command(words)
        return
    originals = {}
    plain_words = []
    for w in words:
        if has_confusable(w.text):
            w = replace(w, text=skeleton(w.text))
            originals[w.text] = words[len(plain_words)].text
        plain_words.append(w)
    for t in _targets_of_command(plain_words):
        for skel, orig in originals.items():
            if t.word.text and t.word.text in skel:
                written = restore(t.word.text, skel, orig)
                t = replace(t, word=replace(t.word, text=written), name=restore(t.name, t.word.text, written))
                break
        yield t


def _targets_of_command(words: list[Word]) -> Iterator[Target]:
    _discover()
    words = strip_wrappers(words)
    if not words:
        return
    tool = tool_name(words[0])
    # python -m pip ..., python3.12 -m pip ..., py -3.12 -m pip ...
    if (tool.startswith("python") or tool == "py") and len(words) >= 3:
        rest = words[1:]
        while rest and rest[0].text.startswith("-") and rest[0].text != "-m":
            rest = rest[1:]
        if len(rest) >= 2 and rest[0].text == "-m":
            module = rest[1].text
            if module in _GRAMMARS:
                yield from _GRAMMARS[module](rest[2:])
        return
    fn = _GRAMMARS.get(tool)
    if fn is not None:
        yield from fn(words[1:])


def targets_in_script(script: str) -> Iterator[Target]:
    for words in split_commands(script):
        yield from targets_of_command(words)


def mentions_in_script(source, parser: str = "shell", origin: Origin = Origin.COMMAND) -> Iterator[Mention]:  # source: parsers.Source
    """Mentions for every install or run command in ``source.text`` (a shell script or a fragment)."""
    from ..ecosystems import catalog

    known = catalog()
    for t in targets_in_script(source.text):
        if t.ecosystem not in known:
            continue
        note = t.note or ("runs the package" if t.runs else None)
        lead = 1 if t.word.raw[:1] in ("'", '"') else 0  # the name starts after the opening quote
        yield source.mention(t.ecosystem, t.word.text, t.word.line, t.word.column + lead + t.column_shift, origin, parser,
                             spec=t.spec, name=t.name, note=note)


# --- helpers for grammar modules ---------------------------------------------------------------

@dataclass(frozen=True)
class Options:
    """A tool's option grammar: which options take a value (``-r FILE``) and which are flags."""

    with_value: frozenset[str] = frozenset()
    # options whose value is itself a package to install (``uvx --with rich``, ``npx -p pkg``)
    package_value: frozenset[str] = frozenset()

    def walk(self, args: list[Word]) -> Iterator[tuple[str, Word, Word | None]]:
        """Yield ("pos", word, None), ("opt", word, value-or-None) or ("pkgopt", word, value) in order.

        ``--opt=value`` and clustered short options with an attached value (``-rfile``) are understood;
        after ``--`` everything is positional.
        """
        i = 0
        only_positional = False
        while i < len(args):
            w = args[i]
            text = w.text
            if only_positional or not text.startswith("-") or text == "-":
                yield "pos", w, None
                i += 1
                continue
            if text == "--":
                only_positional = True
                i += 1
                continue
            if text.startswith("--") and "=" in text:
                opt, _, value = text.partition("=")
                val_word = Word(value, w.line, w.column + len(opt) + 1, w.quoted, value)
                yield ("pkgopt" if opt in self.package_value else "opt"), w, val_word
                i += 1
                continue
            if text in self.with_value or text in self.package_value:
                value = args[i + 1] if i + 1 < len(args) else None
                yield ("pkgopt" if text in self.package_value else "opt"), w, value
                i += 2
                continue
            if not text.startswith("--") and len(text) > 2 and text[:2] in self.with_value:
                value = text[2:]
                yield "opt", w, Word(value, w.line, w.column + 2, w.quoted, value)
                i += 1
                continue
            yield "opt", w, None
            i += 1

    def positionals(self, args: list[Word]) -> list[Word]:
        return [w for kind, w, _ in self.walk(args) if kind == "pos"]

    def targets(self, args: list[Word], make: Callable[[Word], Target | None], first_only: bool = False) -> Iterator[Target]:
        """``make(word)`` for each positional word that makes a Target (only the first positional when asked)."""
        for w in self.positionals(args):
            t = make(w)
            if t:
                yield t
            if first_only:
                return

    def subcommand(self, args: list[Word]) -> tuple[Word | None, list[Word]]:
        """The first positional word and the words after it (``cargo add x`` -> (add, [x]))."""
        for kind, w, _ in self.walk(args):
            if kind == "pos":
                i = next(k for k, a in enumerate(args) if a is w)
                return w, args[i + 1:]
        return None, []

    def values(self, args: list[Word], *names: str) -> list[Word]:
        """The values given to any of the options ``names`` (``-c conda-forge`` -> [conda-forge])."""
        wanted = set(names)
        return [v for kind, w, v in self.walk(args)
                if kind != "pos" and v is not None and w.text.split("=", 1)[0] in wanted]


def sub_word(word: Word, start: int, text: str) -> Word:
    """The part of ``word`` that starts ``start`` characters into its text (same line)."""
    return Word(text, word.line, word.column + start + (1 if word.raw[:1] in ("'", '"') else 0), word.quoted, text)


def plain(word: Word) -> bool:
    """Not a path, URL, file or shell expansion: a word that can name a registry package."""
    t = word.text
    return bool(t) and not word.dynamic and "://" not in t and not t.startswith((".", "/", "~", "-")) and "\\" not in t \
        and not (len(t) > 1 and t[1] == ":" and t[0].isalpha() and len(t) > 2 and t[2] in "/\\")
