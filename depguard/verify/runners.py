"""Script runners: the tools whose commands name a script of a manifest (``npm run build``, ``yarn test``),
as the ecosystems declare them in the ``[scripts]`` table of their ``ecosystem.toml`` (the verifier itself
names no ecosystem).

The ``[scripts]`` table::

    [scripts]
    manifest = "package.json"          # the file, in the folder a runner runs in, whose scripts it runs
    table = "scripts"                  # the manifest's (JSON) object of scripts by name
    dependencies = ["dependencies"]    # the manifest's objects of dependencies (whose binaries a runner may run)
    binaries = "node_modules/.bin"     # the folder, beside the manifest, of the installed binaries

    [scripts.runners.<tool>]
    run = ["run", "run-script"]        # `<tool> run X` runs script X
    lifecycle = { test = "test", t = "test", x = "" }  # `<tool> t` runs script test; "" reads no claim
    bare = true                        # `<tool> X` runs script X unless X is one of `builtins`
    builtins = ["add", "install"]
    files = true                       # `<tool> run x.ts` runs the file x.ts (a script claim)
    binaries = true                    # without script X, `<tool> X` may run a dependency's binary X
    defaults = { start = "node server.js" }  # without script start, `<tool> start` runs this (its last word a file)
"""

from __future__ import annotations

from ..errors import ConfigError
from ..records import field, record
from ..tables import flag
from ..tables import strings as _strings
from ..tables import texts as _mapping

SCRIPTS_KEYS = {"manifest", "table", "dependencies", "binaries", "runners"}
RUNNER_KEYS = {"run", "lifecycle", "bare", "builtins", "files", "binaries", "defaults"}


@record(frozen=True)
class Runner:
    """One tool that runs the scripts of a manifest (see the module's docstring for each field)."""

    tool: str
    manifest: str
    table: str = "scripts"
    dependencies: tuple[str, ...] = ()
    binaries_folder: str = ""
    run: frozenset[str] = frozenset()
    lifecycle: dict[str, str] = field(default_factory=dict)
    bare: bool = False
    builtins: frozenset[str] = frozenset()
    files: bool = False
    binaries: bool = False
    defaults: dict[str, str] = field(default_factory=dict)


_RUNNERS: dict[str, Runner] = {}


def runners() -> dict[str, Runner]:
    """Every declared script runner by tool name, from the catalog's ``[scripts]`` tables (read once)."""
    if not _RUNNERS:
        from ..ecosystems import catalog

        found: dict[str, Runner] = {}
        for eco in catalog():
            table = eco.data.get("scripts")
            if table is not None:
                found.update(_read(table, f"{eco.folder / 'ecosystem.toml'}: scripts"))
        _RUNNERS.update(found)
    return _RUNNERS


def _read(table: object, where: str) -> dict[str, Runner]:
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: expected a table")
    unknown = set(table) - SCRIPTS_KEYS
    if unknown:
        raise ConfigError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    manifest = table.get("manifest")
    if not isinstance(manifest, str) or not manifest or "/" in manifest:
        raise ConfigError(f"{where}.manifest: expected a file name, got {manifest!r}")
    scripts = str(table.get("table", "scripts"))
    dependencies = _strings(table.get("dependencies", []), f"{where}.dependencies")
    binaries_folder = str(table.get("binaries", ""))
    found: dict[str, Runner] = {}
    runners = table.get("runners", {})
    if not isinstance(runners, dict):
        raise ConfigError(f"{where}.runners: expected a table of tools")
    for tool, spec in runners.items():
        at = f"{where}.runners.{tool}"
        if not isinstance(spec, dict):
            raise ConfigError(f"{at}: expected a table")
        unknown = set(spec) - RUNNER_KEYS
        if unknown:
            raise ConfigError(f"{at}: unknown key {sorted(unknown)[0]!r}")
        found[tool] = Runner(tool=tool, manifest=manifest, table=scripts, dependencies=dependencies,
                             binaries_folder=binaries_folder,
                             run=frozenset(_strings(spec.get("run", []), f"{at}.run")),
                             lifecycle=_mapping(spec.get("lifecycle", {}), f"{at}.lifecycle"),
                             bare=flag(spec.get("bare", False), f"{at}.bare"),
                             builtins=frozenset(_strings(spec.get("builtins", []), f"{at}.builtins")),
                             files=flag(spec.get("files", False), f"{at}.files"),
                             binaries=flag(spec.get("binaries", False), f"{at}.binaries"),
                             defaults=_mapping(spec.get("defaults", {}), f"{at}.defaults"))
    return found
