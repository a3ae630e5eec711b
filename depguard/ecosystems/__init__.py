"""The ecosystems: the one explicit list :data:`ALL`, and the catalog of their data.

Each ecosystem is one package, ``depguard/ecosystems/<id>/`` (``github_actions`` for ``github-actions``):
its ``__init__.py`` exports one :class:`~depguard.ecosystems._model.EcosystemPackage` value, ``ECOSYSTEM``,
that declares its file formats, install-tool grammars, import rules and registry client; its folder holds its
data (``ecosystem.toml``: how names are spelled and normalised, how the registry is asked and which answer
fields mean what; the popular list, import maps). The engine knows ecosystems only through this package:
adding one is one folder and one line in :data:`ALL` (CONTRIBUTING.md, "Adding an ecosystem").

Importing this package stays cheap: the ecosystem packages are imported by :func:`declarations` when first
needed, and the catalog's tables are read from the cache directory while the files are unchanged.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from .. import lazyre
from ..errors import ConfigError
from ..model import PackageKey
from ..records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    from ._model import EcosystemPackage

# The ecosystem packages, by folder name: the one explicit list. An ecosystem is known to depguard when its
# folder is named here (with its ecosystem.toml and an __init__.py exporting ECOSYSTEM).
ALL: tuple[str, ...] = (
    "cargo",
    "cocoapods",
    "composer",
    "conan",
    "conda",
    "cpan",
    "cran",
    "docker",
    "github_actions",
    "go",
    "hackage",
    "hex",
    "homebrew",
    "jsr",
    "julia",
    "maven",
    "npm",
    "nuget",
    "pub",
    "pypi",
    "rubygems",
    "swift",
)


def data_root() -> Path:
    """The folder of the ecosystem packages, each holding its data files."""
    return Path(__file__).parent


_DECLARED: list[EcosystemPackage] = []


def declarations() -> tuple[EcosystemPackage, ...]:
    """The ``ECOSYSTEM`` value of every package in :data:`ALL`, in that order (imported on first use)."""
    if not _DECLARED:
        import importlib

        found = [importlib.import_module(f"{__name__}.{folder}").ECOSYSTEM for folder in ALL]
        for folder, declared in zip(ALL, found):
            if declared.folder != folder:
                raise ConfigError(f"{__name__}.{folder}: ECOSYSTEM.package names {declared.package!r}")
        _DECLARED[:] = found
    return tuple(_DECLARED)


_TOOLS: list[tuple[dict[str, str], frozenset[str]]] = []
TOOLS_FORMAT = 1


def declared_tools() -> tuple[dict[str, str], frozenset[str]]:
    """(every declared install-tool name -> the module registering its grammar, the names read only as
    themselves (``Tools(versioned=False)``)), from the engine's declaration and each ecosystem's in order.

    Reading them means importing every ecosystem package (~10M instructions), and the text reader's pre-filter
    needs every tool name of every run: the result is kept in the cache folder and used while the files the
    declarations are made of (each package's ``__init__.py``, the engine's and the model's) are unchanged."""
    if not _TOOLS:
        stamp = _tools_stamp()
        stored = _read_declared("tools.marshal", stamp)
        found = stored if stored is not None and len(stored) == 2 and isinstance(stored[0], dict) and isinstance(
            stored[1], frozenset) and all(isinstance(k, str) and isinstance(v, str) for k, v in stored[0].items()) else None
        if found is None:
            from ._engine import ENGINE

            modules: dict[str, str] = {}
            unversioned: set[str] = set()
            for package in (ENGINE, *declarations()):
                for tools in package.tools:
                    for name in tools.names:
                        modules[name] = package.module(tools.module)
                        if not tools.versioned:
                            unversioned.add(name)
            found = modules, frozenset(unversioned)
            _write_declared("tools.marshal", stamp, found)
        _TOOLS[:] = [found]
    return _TOOLS[0]


def _tools_stamp() -> tuple[Any, ...] | None:
    import os

    from .. import __version__

    here = os.path.dirname(__file__)
    stamp: list[Any] = [TOOLS_FORMAT, __version__]
    for path in (__file__, os.path.join(here, "_engine.py"), os.path.join(here, "_model.py"),
                 *(os.path.join(here, folder, "__init__.py") for folder in ALL)):
        try:
            st = os.stat(path)
        except OSError:
            return None
        stamp.append((path, st.st_size, st.st_mtime_ns))
    return tuple(stamp)


_FORMATS: list[tuple[tuple[Any, ...], ...]] = []


def declared_formats() -> tuple[tuple[Any, ...], ...]:
    """Every declared file format and import rule as ``(group, place, seq, name, module, patterns)``: group 0
    for file formats, 1 for import rules; place 0 for the engine's declaration, then each ecosystem's in
    :data:`ALL` order; seq the order within its group. What :func:`depguard.parsers.formats_for` indexes: an
    agent hook's Write of one file needs it, and reading it from the declarations imports every ecosystem
    package, so it is kept in the cache folder as :func:`declared_tools` is (the same stamp)."""
    if not _FORMATS:
        stamp = _tools_stamp()
        stored = _read_declared("formats.marshal", stamp)
        found = stored[0] if stored is not None and len(stored) == 1 and _rows_ok(stored[0]) else None
        if found is None:
            from ._engine import ENGINE

            found = tuple((rank, place, seq, f.name, package.module(f.module), tuple(f.patterns))
                          for place, package in enumerate((ENGINE, *declarations()))
                          for rank, group in enumerate((package.formats, package.imports))
                          for seq, f in enumerate(group))
            _write_declared("formats.marshal", stamp, (found,))
        _FORMATS[:] = [found]
    return _FORMATS[0]


def _rows_ok(rows: object) -> bool:
    return isinstance(rows, tuple) and all(
        isinstance(r, tuple) and len(r) == 6 and all(isinstance(x, int) for x in r[:3])
        and isinstance(r[3], str) and isinstance(r[4], str) and isinstance(r[5], tuple)
        and all(isinstance(p, str) for p in r[5]) for r in rows)


def _declared_file(name: str) -> Path:
    from ..paths import cache_dir

    return cache_dir() / name


def _read_declared(name: str, stamp: tuple[Any, ...] | None) -> tuple[Any, ...] | None:
    """What :func:`_write_declared` kept in the cache folder's ``name`` under ``stamp``, else None."""
    import marshal

    if stamp is None:
        return None
    try:
        stored = marshal.loads(_declared_file(name).read_bytes())
    except (OSError, EOFError, ValueError, TypeError, ConfigError):
        return None
    if not isinstance(stored, tuple) or not stored or stored[0] != stamp:
        return None
    return stored[1:]


def _write_declared(name: str, stamp: tuple[Any, ...] | None, found: tuple[Any, ...]) -> None:
    import marshal

    from ..paths import write_atomic

    if stamp is not None:
        try:
            write_atomic(_declared_file(name), marshal.dumps((stamp, *found)), 0o600)
        except (OSError, ValueError, ConfigError):
            pass


@record(frozen=True)
class NameRule:
    """How an ecosystem spells names: a validity pattern and the normalisation its registry applies."""

    pattern: lazyre.Pattern  # compiled when a name of this ecosystem is first judged
    lowercase: bool = False
    separators: lazyre.Pattern | None = None  # runs of these collapse to `separator`
    separator: str = "-"
    max_length: int = 214
    strip_suffix: str | None = None  # e.g. ".jl" for Julia package names written with their suffix
    description: str = ""

    def normalise(self, name: str) -> str:
        name = name.strip()
        if self.strip_suffix and name.endswith(self.strip_suffix) and len(name) > len(self.strip_suffix):
            name = name[: -len(self.strip_suffix)]
        if self.separators is not None:
            name = self.separators.sub(self.separator, name)
        if self.lowercase:
            name = name.lower()
        return name

    def invalid_reason(self, name: str) -> str | None:
        """Why ``name`` cannot be a name on this registry, or None when it can."""
        if not name:
            return "empty name"
        if len(name) > self.max_length:
            return f"longer than {self.max_length} characters"
        if any(ord(c) < 32 or ord(c) == 127 for c in name):
            return "contains control characters"
        if any(part in (".", "..") for part in name.split("/")):
            # a path's dot segment: no registry's name, and quoted into a lookup's URL it would name another path
            # (Swift's github.com/o/.. asked /repos/o/..; reviewer r38)
            return "holds a '.' or '..' path segment"
        if not name.isascii():
            from ..confusables import reason

            misleading = reason(name)  # a look-alike or invisible character: reported, never looked up
            if misleading:
                return misleading
        if not self.pattern.fullmatch(name):
            return f"not a valid name ({self.description or self.pattern.pattern})"
        return None


@record(frozen=True)
class MarkerRule:
    """A fact read off a registry answer: ``marker`` is set when the value at ``path`` meets ``when``."""

    marker: str
    path: str
    when: str = "present"  # present | equals | contains | all | any
    value: Any = None
    existence: str | None = None  # "missing" turns the answer into missing (tombstones)


@record(frozen=True)
class RegistryConfig:
    client: str  # name of the client class (see depguard.registries)
    display: str  # "PyPI", "the npm registry": how the registry is named to users
    path: str = ""  # path template under the base URL; {name} is the encoded name
    accept: str = "application/json"
    concurrency: int = 8
    answer: dict[str, str] = field(default_factory=dict)  # field -> path in the JSON answer
    markers: tuple[MarkerRule, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)  # client-specific settings
    safe: str = ""  # characters that url-quoting keeps (never '/')


@record(frozen=True)
class Ecosystem:
    id: str
    display: str
    name_rule: NameRule
    registry: RegistryConfig
    folder: Path
    aliases: tuple[str, ...] = ()
    popular_file: str | None = None
    popular_source: str = ""
    import_map_file: str | None = None
    data: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def key(self, name: str) -> PackageKey:
        return PackageKey(self.id, self.name_rule.normalise(name))

    def data_file(self, name: str) -> Path:
        return self.folder / name


def _read_toml(path: Path) -> dict[str, Any]:
    from ..compat import tomllib  # here: the parsed tables are usually read from the cache directory

    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        return data
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from None


def _load_one(path: str | Path, raw: dict[str, Any] | None = None, checked: bool = False) -> Ecosystem:
    """The ecosystem ``raw`` (else ``path``'s TOML) declares; ``checked``: ``raw`` comes from the stored
    tables (made from tables that loaded)."""
    import os

    where = str(path)
    parent = os.path.dirname(where)
    if raw is None:
        raw = _read_toml(Path(path))
    try:
        eco_id = raw["id"]
        if eco_id.replace("-", "_") != os.path.basename(parent):
            raise ConfigError(f"{where}: id {eco_id!r} does not match its folder {os.path.basename(parent)!r}")
        n = raw.get("name", {})
        rule = NameRule(
            pattern=lazyre.declared(n.get("pattern", r".+"), f"{where}: name.pattern", checked),
            lowercase=bool(n.get("lowercase", False)),
            separators=lazyre.declared(n["separators"], f"{where}: name.separators", checked) if "separators" in n else None,
            separator=n.get("separator", "-"),
            max_length=int(n.get("max_length", 214)),
            strip_suffix=n.get("strip_suffix"),
            description=n.get("description", ""),
        )
        r = raw["registry"]
        markers = tuple(
            MarkerRule(m["marker"], m["path"], m.get("when", "present"), m.get("value"), m.get("existence"))
            for m in r.get("markers", [])
        )
        safe = r.get("safe", "")
        if "/" in safe:
            raise ConfigError(f"{where}: registry.safe may not keep '/' unencoded")
        reg = RegistryConfig(
            client=r["client"],
            display=r.get("display", raw.get("display", eco_id)),
            path=r.get("path", ""),
            accept=r.get("accept", "application/json"),
            concurrency=int(r.get("concurrency", 8)),
            answer=dict(r.get("answer", {})),
            markers=markers,
            options=dict(r.get("options", {})),
            safe=safe,
        )
        popular = raw.get("popular", {})
        return Ecosystem(
            id=eco_id,
            display=raw.get("display", eco_id),
            name_rule=rule,
            registry=reg,
            folder=Path(parent),
            aliases=tuple(raw.get("aliases", [])),
            popular_file=popular.get("file"),
            popular_source=popular.get("source", ""),
            import_map_file=raw.get("imports", {}).get("map"),
            data=raw,
        )
    except KeyError as exc:
        raise ConfigError(f"{where}: missing key {exc.args[0]!r}") from None
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{where}: {exc}") from None


class Catalog:
    """All ecosystems, by id and alias. ``stored``: every table came from the stored tables (see
    :func:`load_catalog`), so what they declare has been checked when they were stored."""

    def __init__(self, ecosystems: dict[str, Ecosystem], stored: bool = False) -> None:
        self.stored = stored
        self._by_id = ecosystems
        self._aliases = {a: e.id for e in ecosystems.values() for a in (e.id, *e.aliases)}
        self._keys: dict[tuple[str, str], PackageKey] = {}

    def __iter__(self) -> Iterator[Ecosystem]:
        return iter(sorted(self._by_id.values(), key=lambda e: e.id))

    def __contains__(self, eco_id: str) -> bool:
        return eco_id.lower() in self._aliases

    def ids(self) -> list[str]:
        return sorted(self._by_id)

    def get(self, eco_id: str) -> Ecosystem:
        try:
            return self._by_id[self._aliases[eco_id.lower()]]
        except KeyError:
            raise ConfigError(
                f"unknown ecosystem {eco_id!r}; known: {', '.join(self.ids())}"
            ) from None

    def key(self, eco_id: str, name: str) -> PackageKey:
        """``name`` normalised the way ``eco_id`` does it (memoised: a tree names one package many times)."""
        memo = self._keys.get((eco_id, name))
        if memo is None:
            memo = self.get(eco_id).key(name)
            if len(self._keys) >= 200_000:
                self._keys.clear()
            self._keys[(eco_id, name)] = memo
        return memo


@functools.lru_cache(maxsize=4)
def load_catalog(root: Path | None = None) -> Catalog:
    paths: list[str] | list[Path]
    if root is None:  # joined as text: 66 Path operations were ~1M instructions of every run (issue 19)
        import os

        top = str(data_root())
        paths = [os.path.join(top, folder, "ecosystem.toml") for folder in ALL]
    else:
        paths = sorted(root.glob("*/ecosystem.toml"))
    found: dict[str, Ecosystem] = {}
    stamp = _tables_stamp(paths)
    stored = _read_tables(stamp)
    tables: dict[str, dict[str, Any]] = {}
    for path in paths:
        raw = stored.get(str(path)) if stored is not None else None
        checked = raw is not None
        tables[str(path)] = raw = raw if raw is not None else _read_toml(Path(path))
        eco = _load_one(path, raw, checked)
        found[eco.id] = eco
    if not found:
        raise ConfigError(f"no ecosystems found under {root or data_root()}")
    if stored is None and _routing_builds(found.values()):
        _write_tables(stamp, tables)
    return Catalog(found, stored=stored is not None)


def _routing_builds(ecosystems: Iterable[Ecosystem]) -> bool:
    """Whether the chat-answer routing the ecosystems' ``[text]`` tables declare builds, every pattern compiled.
    Only such tables are stored: the routing of stored tables compiles its patterns when first used (a run
    needs a few of ~34), and a bad table stays a ConfigError of every run that reads text."""
    from ..text.routing import build

    try:
        build((eco.id, eco.folder, eco.data.get("text", {})) for eco in ecosystems)
    except (ConfigError, re.error):
        return False
    return True


# Parsing every ecosystem.toml is most of the catalog's cost, and every run loads the catalog: the parsed
# tables are kept in the cache directory, used while each file has the size and modification time it had.
TABLES_FORMAT = 2  # 2: stored only when the routing of their [text] tables builds (see _routing_builds)


def _tables_stamp(paths: list[str] | list[Path]) -> tuple[Any, ...] | None:
    import os

    from .. import __version__

    stamp: list[Any] = [TABLES_FORMAT, __version__]
    for path in paths:
        try:
            st = os.stat(path)
        except OSError:
            return None
        stamp.append((str(path), st.st_size, st.st_mtime_ns))
    return tuple(stamp)


def _tables_file() -> Path:
    from ..paths import cache_dir

    return cache_dir() / "ecosystems.marshal"


def _read_tables(stamp: tuple[Any, ...] | None) -> dict[str, dict[str, Any]] | None:
    import marshal

    if stamp is None:
        return None
    try:
        stored_stamp, tables = marshal.loads(_tables_file().read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    return tables if stored_stamp == stamp and isinstance(tables, dict) else None


def _write_tables(stamp: tuple[Any, ...] | None, tables: dict[str, dict[str, Any]]) -> None:
    import marshal
    import os

    if stamp is None:
        return
    try:
        blob = marshal.dumps((stamp, tables))  # ValueError for a TOML date: such tables are not kept
        where = _tables_file()
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_name(f".{where.name}.{os.getpid()}.tmp")
        tmp.write_bytes(blob)
        os.replace(tmp, where)
    except (OSError, ValueError):
        pass


def catalog() -> Catalog:
    return load_catalog(None)


def declared_function(eco: Ecosystem, ref: object, where: str) -> Any:
    """The function an ecosystem's data names as ``"module:function"`` (the module relative to its package, as
    in its ``ECOSYSTEM`` declaration), imported now; a bad reference is a ConfigError naming ``where``."""
    import importlib

    module, _, function = str(ref).partition(":")
    if not module or not function.isidentifier():
        raise ConfigError(f"{where}: expected 'module:function' (module relative to the ecosystem's package), got {ref!r}")
    try:
        return getattr(importlib.import_module(f"{__name__}.{eco.folder.name}.{module}"), function)
    except (ImportError, AttributeError) as exc:
        raise ConfigError(f"{where}: {ref!r}: {exc}") from None
