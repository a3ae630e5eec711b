"""How a block of LLM text reaches a parser: the routing each ecosystem declares in the ``[text]`` table of
its ``ecosystem.toml``, gathered over the catalog (the text reader itself names no ecosystem).

A route says how a block is read:

* ``file:<name>``: as a file of that name (its parsers; a block they cannot parse is a reported problem;
  commands in comments are read too, unless the file is data);
* ``code:<name>``: as source code in that file (its import rules, quietly, and the install commands in it);
* ``prompt:<name>``: as lines typed at a package prompt (Julia's ``] add X``), by the parsers of that file.

The ``[text]`` table::

    [text]
    tags = { python = "code:snippet.py", requirements = "file:requirements.txt" }  # fence tag -> route
    files = ["Pipfile", "*.in"]      # file names a caption or an info string may give (besides *.txt, *.json …)
    data_files = ["*requirements.txt"]  # blocks of these hold no commands in comments (besides JSON/TOML/YAML/lock)
    fallback = { "package.json" = "snippets:lenient_package_json" }  # when the parsers of the file fail: a
                                     # function (module relative to the ecosystem's package) reads the block
    manifest_names_package = true    # a manifest block ("name": "x", name = "x") defines a package of this
                                     # ecosystem: a page that shows one and installs it names its own (examples.py)
    page_marks = "scoped_registries:page_scopes"  # a function of the page's text returning one that marks each
                                     # of this ecosystem's mentions on that page (or None: the page says nothing)

    [[text.prompts]]                 # a line typed at the ecosystem's package prompt, in prose or a block
    pattern = '^[ \\t]*\\]'
    file = "snippet.jl"
    order = 60

    [[text.sniffers]]                # how to recognise an untagged (or data-tagged) block of the ecosystem
    route = "file:pyproject.toml"
    order = 20                       # lower first; the shell-transcript test is at 50; ties by ecosystem id
    json = false                     # true: for blocks that are JSON (start with '{' or '"'), and only those
    data = true                      # also for blocks tagged as a data format (json, toml, yaml, xml …)
    all = ['^\\s*\\[project\\]']     # regular expressions (multi-line mode) that must all be found
    any = []                         # … of which at least one must be found
    none = []                        # … of which none may be found
    lines = ''                       # every line that is not blank or a '#' comment matches this in full
    min_lines = 0                    # at least this many such lines
    before = []                      # the prose just before the block (when there is some) must match one
    not_before = []                  # … and none of these (what the caption says the block lists instead)
    tags = []                        # also for blocks tagged in these code languages (routed ``code:``): the
                                     # block is that file when it matches (an elixir block holding a deps function)
    settings = false                 # true: the shape is a table any client's settings file may hold (an MCP
                                     # client's servers): a block titled with a file no format reads is read for it

A block no sniffer recognises is not read as some other ecosystem's file (see :mod:`depguard.text`).

The patterns are compiled when a block first needs them (a run consults a few of the ~34): tables read from
an ecosystem.toml are checked in full first (a bad pattern is a ConfigError naming the file and key), and the
catalog stores only tables whose routing built (see :func:`depguard.ecosystems.load_catalog`).
"""

from __future__ import annotations

import fnmatch
import re

from .. import lazyre
from ..errors import ConfigError
from ..records import record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

ROUTE = lazyre.compile(r"(?P<kind>file|code|prompt):(?P<name>[\w.@+/-]+)")
FILE_NAME = lazyre.compile(r"[\w.@+-]+")  # a file name a [text] table may list, as opposed to "*.<suffix>"
SHELL_ORDER = 50  # where the engine's own test (a block of shell commands) sits among the sniffers
# file names written in captions or info strings that belong to no one ecosystem: data formats, Makefiles
GENERIC_SUFFIXES = ("txt", "json", "jsonc", "toml", "yaml", "yml", "lock", "cfg", "xml")
GENERIC_NAMES = ("Makefile",)
GENERIC_TAGS = {"makefile": "file:Makefile", "make": "file:Makefile"}
GENERIC_DATA_FILES = ("*.json", "*.toml", "*.yml", "*.yaml", "*.lock")
SNIFFER_KEYS = {"route", "order", "json", "data", "all", "any", "none", "lines", "min_lines", "before", "not_before", "tags",
                "settings"}
TEXT_KEYS = {"tags", "files", "data_files", "fallback", "prompts", "sniffers", "manifest_names_package", "page_marks"}


@record(frozen=True)
class Sniffer:
    route: str
    order: int
    owner: str  # the ecosystem that declared it
    json: bool = False
    data: bool = False
    all: tuple[lazyre.Pattern, ...] = ()
    any: tuple[lazyre.Pattern, ...] = ()
    none: tuple[lazyre.Pattern, ...] = ()
    lines: lazyre.Pattern | None = None
    min_lines: int = 0
    before: tuple[lazyre.Pattern, ...] = ()  # the prose before the block must match one (None: not known)
    not_before: tuple[lazyre.Pattern, ...] = ()  # ... and none of these
    tags: tuple[str, ...] = ()  # code-language tags whose blocks it recognises too (routed code: otherwise)
    settings: bool = False  # a table any settings file may hold: read in a block titled with a file no format reads

    def matches(self, text: str, lines: list[str], context: str | None = None) -> bool:
        if self.lines is not None and not all(self.lines.fullmatch(ln) for ln in lines):
            return False
        if len(lines) < self.min_lines:
            return False
        if self.before and context is not None and not any(rx.search(context) for rx in self.before):
            return False
        if self.not_before and context is not None and any(rx.search(context) for rx in self.not_before):
            return False
        if not all(rx.search(text) for rx in self.all):
            return False
        if self.any and not any(rx.search(text) for rx in self.any):
            return False
        return not any(rx.search(text) for rx in self.none)


@record(frozen=True)
class Prompt:
    pattern: lazyre.Pattern
    route: str  # prompt:<file>
    order: int
    owner: str


@record(frozen=True)
class Routing:
    tags: dict[str, str]
    file_name: lazyre.Pattern  # a file name in a caption or info string
    data_files: tuple[str, ...]
    fallbacks: dict[str, tuple[str, str]]  # file name -> (module, function)
    prompts: tuple[Prompt, ...]
    sniffers: tuple[Sniffer, ...]  # in order
    defining: tuple[str, ...] = ()  # ecosystems whose manifest blocks name the package they define
    page_marks: tuple[tuple[str, str, str], ...] = ()  # (ecosystem, module, function) of the [text] page_marks

    def is_data_file(self, name: str) -> bool:
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in self.data_files)


_ROUTING: tuple[object, Routing] | None = None


def routes() -> Routing:
    """The routing the catalog's ecosystems declare (built once per catalog)."""
    global _ROUTING
    from ..ecosystems import catalog

    known = catalog()
    if _ROUTING is None or _ROUTING[0] is not known:
        _ROUTING = (known, build(((eco.id, eco.folder, eco.data.get("text", {})) for eco in known), known.stored))
    return _ROUTING[1]


def build(declared: Any, checked: bool = False) -> Routing:
    """Routing from (ecosystem id, package folder, its ``[text]`` table) triples; a bad table is a ConfigError
    naming the ecosystem.toml and the key. ``checked``: the tables come from the catalog's stored tables, which
    hold only tables this function built, so their patterns are compiled when first used instead of now."""
    tags = dict(GENERIC_TAGS)
    tag_owner = dict.fromkeys(GENERIC_TAGS, "the engine")
    suffixes = list(GENERIC_SUFFIXES)
    names = list(GENERIC_NAMES)
    data_files = list(GENERIC_DATA_FILES)
    fallbacks: dict[str, tuple[str, str]] = {}
    prompts: list[Prompt] = []
    sniffers: list[Sniffer] = []
    defining: list[str] = []
    page_marks: list[tuple[str, str, str]] = []
    for eco_id, folder, table in declared:
        where = f"{folder}/ecosystem.toml: text"
        if not isinstance(table, dict):
            raise ConfigError(f"{where}: expected a table")
        _known_keys(table, TEXT_KEYS, where)
        for tag, route in _table(table, "tags", where).items():
            _route(route, f"{where}.tags.{tag}")
            if tag in tag_owner:
                raise ConfigError(f"{where}.tags.{tag}: already declared by {tag_owner[tag]}")
            tags[tag], tag_owner[tag] = route, eco_id
        for pattern in _strings(table, "files", where):
            if pattern.startswith("*."):
                suffixes.append(pattern[2:])
            elif FILE_NAME.fullmatch(pattern):
                names.append(pattern)
            else:
                raise ConfigError(f"{where}.files: {pattern!r} is neither a file name nor '*.<suffix>'")
        data_files += _strings(table, "data_files", where)
        if _bool(table, "manifest_names_package", where):
            defining.append(eco_id)
        if "page_marks" in table:
            module, _, function = str(table["page_marks"]).partition(":")
            if not module or not function.isidentifier():
                raise ConfigError(f"{where}.page_marks: expected 'module:function', got {table['page_marks']!r}")
            page_marks.append((eco_id, f"depguard.ecosystems.{folder.name}.{module}", function))
        for name, ref in _table(table, "fallback", where).items():
            module, _, function = str(ref).partition(":")
            if not module or not function.isidentifier():
                raise ConfigError(f"{where}.fallback.{name}: expected 'module:function', got {ref!r}")
            fallbacks[name] = (f"depguard.ecosystems.{folder.name}.{module}", function)
        for k, raw in enumerate(_list(table, "prompts", where)):
            at = f"{where}.prompts[{k}]"
            _known_keys(raw, {"pattern", "file", "order"}, at)
            prompts.append(Prompt(_regex(raw.get("pattern"), f"{at}.pattern", checked), _route("prompt:" + str(raw.get("file")), at),
                                  _order(raw, at), eco_id))
        for k, raw in enumerate(_list(table, "sniffers", where)):
            at = f"{where}.sniffers[{k}]"
            _known_keys(raw, SNIFFER_KEYS, at)
            lines = raw.get("lines")
            sniffers.append(Sniffer(
                route=_route(raw.get("route"), f"{at}.route"), order=_order(raw, at), owner=eco_id,
                json=_bool(raw, "json", at), data=_bool(raw, "data", at),
                all=tuple(_regex(p, f"{at}.all", checked) for p in _strings(raw, "all", at)),
                any=tuple(_regex(p, f"{at}.any", checked) for p in _strings(raw, "any", at)),
                none=tuple(_regex(p, f"{at}.none", checked) for p in _strings(raw, "none", at)),
                lines=_regex(lines, f"{at}.lines", checked) if lines else None,
                min_lines=int(raw.get("min_lines", 0)),
                before=tuple(_regex(p, f"{at}.before", checked) for p in _strings(raw, "before", at)),
                not_before=tuple(_regex(p, f"{at}.not_before", checked) for p in _strings(raw, "not_before", at)),
                tags=tuple(t.lower() for t in _strings(raw, "tags", at)),
                settings=_bool(raw, "settings", at),
            ))
        for prompt in prompts:
            if prompt.owner == eco_id:  # a prompt line in a block is recognised like a sniffed block
                sniffers.append(Sniffer(prompt.route, prompt.order, eco_id, any=(prompt.pattern,)))
    file_name = lazyre.compile(
        r"(?<![\w/.-])(?P<name>(?:[\w.-]+/)*(?:[\w.-]+\.(?:" + "|".join(sorted(set(suffixes), key=lambda s: (-len(s), s)))
        + r")|" + "|".join(re.escape(n) for n in sorted(set(names), key=lambda s: (-len(s), s))) + r"))(?![\w/-])"
    )
    if not checked:
        file_name.compiled()  # a declared suffix is written into it unescaped
    return Routing(tags, file_name, tuple(data_files), fallbacks, tuple(prompts),
                   tuple(sorted(sniffers, key=lambda s: (s.order, s.owner))), tuple(defining), tuple(page_marks))


def _known_keys(table: Any, keys: set[str], where: str) -> None:
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table")
    unknown = sorted(set(table) - keys)
    if unknown:
        raise ConfigError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(keys))})")


def _table(table: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = table.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"{where}.{key}: expected a table")
    return value


def _list(table: dict[str, Any], key: str, where: str) -> list[Any]:
    value = table.get(key, [])
    if not isinstance(value, list):
        raise ConfigError(f"{where}.{key}: expected a list")
    return value


def _strings(table: dict[str, Any], key: str, where: str) -> list[str]:
    value = _list(table, key, where)
    if not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}.{key}: expected a list of strings")
    return value


def _bool(table: dict[str, Any], key: str, where: str) -> bool:
    value = table.get(key, False)
    if not isinstance(value, bool):
        raise ConfigError(f"{where}.{key}: expected true or false")
    return value


def _order(table: dict[str, Any], where: str) -> int:
    value = table.get("order")
    if not isinstance(value, int) or isinstance(value, bool) or value == SHELL_ORDER:
        raise ConfigError(f"{where}.order: expected a whole number other than {SHELL_ORDER} (the shell test's)")
    return value


def _route(value: Any, where: str) -> str:
    if not isinstance(value, str) or not ROUTE.fullmatch(value):
        raise ConfigError(f"{where}: expected 'file:<name>', 'code:<name>' or 'prompt:<name>', got {value!r}")
    return value


def _regex(value: Any, where: str, checked: bool) -> lazyre.Pattern:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{where}: expected a regular expression")
    return lazyre.declared(value, where, checked, re.M)
