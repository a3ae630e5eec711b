"""What the ecosystems declare about their command-line tools, in the ``[commands]`` table of each
``ecosystem.toml``, gathered over the catalog: the shell model (:mod:`depguard.commands._analysis`) names no
ecosystem.

The ``[commands]`` table::

    [commands]
    names_file = "requirements"       # a file read line by line for names (`$(cat F)`, `xargs -a F`) is read
                                      # as this format ("names", one name a line, when not given)
    tool_file = "Brewfile"            # a file its tools are told to install from (`brew bundle --file F`) is
                                      # read as this format when its name matches none ("": not read)
    index_options = ["--index-url"]   # options of the ecosystem's tools that name another index
    index_option_pattern = '--@[^:]+:registry$'  # … and options matching this
    exclusive_index_options = ["-i"]  # those of them that replace the registry (pip's --index-url): a name the
                                      # registry lacks is then not checked, the index named is the one asked
    index_env = '(?i)^(pip_index_url)$'          # environment variables that send its installs elsewhere
    index_config_files = ["pip.conf"]  # config files (in the folder or home) whose index a line may set
    no_index_options = ["--no-index"]  # options that keep its tools off every index: the names come only from
                                       # local places (`pip install --no-index -f dist/ pkg`), never the registry
    no_index_env = '(?i)^pip_no_index$'  # … and environment variables that do so (unless 0/false/no/off)
    public_index = '(?i)(https?://)?pypi[.]org(/simple)?/?'  # the registry's own public addresses, as an index
                                      # option or variable writes them: not another index (the whole value matches)
    runs_installed_bins = true        # its runners (npx) run a bin an earlier install put there before they
                                      # fetch: after `npm i -g uglify-js`, `npx uglifyjs` is that package's bin
    fetching_runners = '[(]pnpm dlx[)]$'  # … except the runners whose note (a Target's) this matches: they
                                      # always fetch the registry's package of that name (pnpm dlx)

    [[commands.script_installs]]      # an interpreter running this script with one of these words installs
    script = "setup.py"               # the project of the script's folder, read from these manifests
    words = ["install", "develop"]
    manifests = ["setup.py", "setup.cfg", "pyproject.toml"]

    [commands.tools.<tool>]           # one command-line tool
    index = true                      # it installs from this ecosystem's registry (or the index set above)
    placeholder = "dgx{n}q/dgx{n}q"   # the shape a word of unknown value takes in its grammar (a composer
                                      # package is vendor/name; {n} is the placeholder's number)
    code_options = ["-e"]             # options whose value is code the tool runs (install commands in it)
    runs = ["run"]                    # `<tool> run … COMMAND` runs COMMAND (a runner) …
    run_options = ["-n"]              # … and these of its options take a value
    run_options_of = "tools:UV"       # … and those of this Options value (module:name of the package)
    runs_tools = true                 # the word after the tool is the tool it runs (`corepack npm …`)
    env_prefix = true                 # the command may be written ENV:COMMAND (`hatch run test:pytest`)
    config_set = { registry = "npm_config_registry" }  # `<tool> config set KEY VALUE` sets this variable
    config_set_scoped = "npm_config_registry"          # … as a `@scope:registry` key does
    config_set_short = true           # `<tool> set KEY VALUE` is `<tool> config set KEY VALUE`
    installs_too = ["pypi"]           # other ecosystems whose registries it installs from (pixi add --pypi)
    adds_source = "tap"               # `<tool> tap NAME` adds a source its later installs on the line may take a
                                      # name from besides the registry (`brew tap wix/brew`, then `brew install
                                      # applesimutils`): a name the registry lacks is then not checked
    listed_sources = '(?i)homebrew/.+'  # … except the sources this matches (the whole name): the registry's own,
                                      # which add no name it lacks (Homebrew's own taps: homebrew/cask-fonts)

A tool declared by two ecosystems, an unknown key or a value of the wrong type is a ConfigError naming the
file and key.
"""

from __future__ import annotations

from .. import lazyre
from ..errors import ConfigError
from ..records import field, record
from ..tables import check_keys as _check_keys
from ..tables import flag, texts
from ..tables import strings as _strings
from ..tables import text as _text

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    from ..ecosystems import Ecosystem

COMMANDS_KEYS = {"names_file", "tool_file", "index_options", "index_option_pattern", "index_env", "index_config_files",
                 "exclusive_index_options", "no_index_options", "no_index_env", "public_index",
                 "runs_installed_bins", "fetching_runners", "script_installs", "tools"}
SCRIPT_KEYS = {"script", "words", "manifests"}
TOOL_KEYS = {"index", "placeholder", "code_options", "runs", "run_options", "run_options_of", "runs_tools",
             "env_prefix", "config_set", "config_set_scoped", "config_set_short", "installs_too", "adds_source",
             "listed_sources"}


@record(frozen=True)
class ScriptInstall:
    """``python setup.py install``: a script that installs its folder's project when run with one of ``words``."""

    ecosystem: str
    script: str
    words: frozenset[str]
    manifests: tuple[str, ...]


@record(frozen=True)
class EcosystemCommands:
    """One ecosystem's ``[commands]`` facts (see the module's docstring)."""

    id: str
    names_file: str = "names"
    index_options: frozenset[str] = frozenset()
    index_option_pattern: lazyre.Pattern | None = None
    index_env: lazyre.Pattern | None = None
    index_config_files: tuple[str, ...] = ()
    runs_installed_bins: bool = False
    tool_file: str = ""
    no_index_options: frozenset[str] = frozenset()
    no_index_env: lazyre.Pattern | None = None
    public_index: lazyre.Pattern | None = None
    exclusive_index_options: frozenset[str] = frozenset()
    fetching_runners: lazyre.Pattern | None = None


@record(frozen=True)
class Tool:
    """One tool's ``[commands.tools.<tool>]`` facts (see the module's docstring)."""

    name: str
    ecosystem: str
    index: bool = False
    placeholder: str = ""
    code_options: tuple[str, ...] = ()
    runs: frozenset[str] | None = None  # None: not a runner
    run_options: frozenset[str] = frozenset()
    run_options_of: str = ""
    runs_tools: bool = False
    env_prefix: bool = False
    config_set: dict[str, str] = field(default_factory=dict)
    config_set_scoped: str = ""
    config_set_short: bool = False
    # the other ecosystems whose registries it installs from besides its own (pixi: conda, and PyPI with `--pypi`)
    installs_too: tuple[str, ...] = ()
    # the subcommand adding a source its later installs may take names from (brew's "tap"; "": none)
    adds_source: str = ""
    # the sources (whole names) whose names the registry itself lists, so adding one adds nothing (None: none)
    listed_sources: lazyre.Pattern | None = None


@record
class Declared:
    ecosystems: dict[str, EcosystemCommands]
    tools: dict[str, Tool]
    script_installs: dict[str, ScriptInstall]  # by script file name


_DECLARED: list[Declared] = []
# what the catalog declares, not yet read into records: a run asks about a few tools, each read when first asked
_RAW: list[tuple[dict[str, tuple[Ecosystem, Any]], dict[str, Ecosystem]]] = []
_TOOLS: dict[str, Tool | None] = {}
_ECOSYSTEMS: dict[str, EcosystemCommands | None] = {}


def _where(eco: Ecosystem) -> str:
    return f"{eco.folder / 'ecosystem.toml'}: commands"


def _raw() -> tuple[dict[str, tuple[Ecosystem, Any]], dict[str, Ecosystem]]:
    """(tool -> (its ecosystem, its table), ecosystem id -> ecosystem) of the catalog's ``[commands]`` tables."""
    if not _RAW:
        from ..ecosystems import catalog

        tools: dict[str, tuple[Ecosystem, Any]] = {}
        ecosystems: dict[str, Ecosystem] = {}
        for eco in catalog():
            table = eco.data.get("commands")
            if table is None:
                continue
            ecosystems[eco.id] = eco
            specs = table.get("tools", {}) if isinstance(table, dict) else None
            if not isinstance(specs, dict):
                _check_keys(specs, None, f"{_where(eco)}.tools")  # raises: not a table
                continue
            for name, spec in specs.items():
                if name in tools:
                    raise ConfigError(f"{_where(eco)}.tools.{name}: the tool is declared by {tools[name][0].id} too")
                tools[name] = (eco, spec)
        _RAW.append((tools, ecosystems))
    return _RAW[0]


def declared() -> Declared:
    """Every ``[commands]`` table of the catalog, read and checked whole (the engine asks :func:`tool` and
    :func:`ecosystem`, which read one entry when it is first needed)."""
    if not _DECLARED:
        from ..ecosystems import catalog

        _DECLARED.append(read_tables((eco.id, eco.data.get("commands"), _where(eco)) for eco in catalog()))
    return _DECLARED[0]


def tool(name: str) -> Tool | None:
    """What an ecosystem declares about the tool ``name``, or None."""
    if name not in _TOOLS:
        found = _raw()[0].get(name)
        _TOOLS[name] = None if found is None else _tool(name, found[0].id, found[1], f"{_where(found[0])}.tools.{name}")
    return _TOOLS[name]


def ecosystem(eco_id: str) -> EcosystemCommands | None:
    """What the ecosystem ``eco_id`` declares about its installs (another index, names files), or None."""
    if eco_id not in _ECOSYSTEMS:
        eco = _raw()[1].get(eco_id)
        _ECOSYSTEMS[eco_id] = None if eco is None else _ecosystem(eco_id, eco.data["commands"], _where(eco))
    return _ECOSYSTEMS[eco_id]


def script_install(script: str) -> ScriptInstall | None:
    """What running the script ``script`` (``setup.py``) with an interpreter installs, or None."""
    for eco in _raw()[1].values():
        for i, spec in enumerate(eco.data["commands"].get("script_installs", ())):
            if isinstance(spec, dict) and spec.get("script") == script:
                return _script_install(eco.id, spec, f"{_where(eco)}.script_installs[{i}]")
    return None


def runner_names() -> set[str]:
    """The tools the ecosystems declare as runners (``runs``)."""
    return {name for name, (_, spec) in _raw()[0].items() if isinstance(spec, dict) and "runs" in spec}


VERSIONED_TOOL = lazyre.compile(r"(?P<base>\D.*?)-?\d+(\.\d+)*$")  # pip3, pip3.12, pip-3.12: pip with its version


def installing_tool(name: str) -> Tool | None:
    """What an ecosystem declares about the tool ``name`` or, named with its version (``pip3``, ``pip3.12``), about
    the tool itself: ``pip3 install x -i URL`` installs from URL as ``pip`` does (h220: set 220's SGLang guide)."""
    found = tool(name)
    if found is None and (versioned := VERSIONED_TOOL.fullmatch(name)) is not None:
        found = tool(versioned.group("base"))
    return found


def index_ecosystem(name: str) -> str | None:
    """The ecosystem whose registry the tool ``name`` installs from (``pip`` -> pypi, ``pip3`` -> pypi, ``npx`` ->
    npm), or None."""
    found = installing_tool(name)
    return found.ecosystem if found is not None and found.index else None


def installed_ecosystems(name: str) -> tuple[str, ...]:
    """Every ecosystem whose registry the tool ``name`` installs from: its own (:func:`index_ecosystem`) and those
    it installs from too (pixi: conda and PyPI); empty for a tool that installs nothing by name."""
    found = installing_tool(name)
    if found is None or not found.index:
        return ()
    return (found.ecosystem, *found.installs_too)


def runner_options(found: Tool) -> frozenset[str]:
    """The options a runner takes with a value: declared, and those of the Options value it names."""
    if not found.run_options_of:
        return found.run_options
    from ..ecosystems import catalog, declared_function

    eco = catalog().get(found.ecosystem)
    options = declared_function(eco, found.run_options_of,
                                f"{eco.folder / 'ecosystem.toml'}: commands.tools.{found.name}.run_options_of")
    return found.run_options | frozenset(options.with_value)


def read_tables(tables: Any) -> Declared:
    """The facts of (ecosystem id, ``[commands]`` table or None, where) triples; errors name ``where``."""
    out = Declared({}, {}, {})
    for eco_id, table, where in tables:
        if table is None:
            continue
        out.ecosystems[eco_id] = _ecosystem(eco_id, table, where)
        for i, spec in enumerate(table.get("script_installs", [])):
            installs = _script_install(eco_id, spec, f"{where}.script_installs[{i}]")
            out.script_installs[installs.script] = installs
        tools = table.get("tools", {})
        _check_keys(tools, None, f"{where}.tools")
        for name, spec in tools.items():
            at = f"{where}.tools.{name}"
            if name in out.tools:
                raise ConfigError(f"{at}: the tool is declared by {out.tools[name].ecosystem} too")
            out.tools[name] = _tool(name, eco_id, spec, at)
    return out


def _ecosystem(eco_id: str, table: Any, where: str) -> EcosystemCommands:
    _check_keys(table, COMMANDS_KEYS, where)
    pattern = table.get("index_option_pattern")
    env = table.get("index_env")
    no_index_env = table.get("no_index_env")
    public = table.get("public_index")
    fetching = table.get("fetching_runners")
    return EcosystemCommands(
        eco_id, _text(table.get("names_file", "names"), f"{where}.names_file"),
        frozenset(_strings(table.get("index_options", []), f"{where}.index_options")),
        _pattern(pattern, f"{where}.index_option_pattern") if pattern is not None else None,
        _pattern(env, f"{where}.index_env") if env is not None else None,
        _strings(table.get("index_config_files", []), f"{where}.index_config_files"),
        flag(table.get("runs_installed_bins", False), f"{where}.runs_installed_bins"),
        _text(table.get("tool_file", ""), f"{where}.tool_file"),
        frozenset(_strings(table.get("no_index_options", []), f"{where}.no_index_options")),
        _pattern(no_index_env, f"{where}.no_index_env") if no_index_env is not None else None,
        _pattern(public, f"{where}.public_index") if public is not None else None,
        frozenset(_strings(table.get("exclusive_index_options", []), f"{where}.exclusive_index_options")),
        _pattern(fetching, f"{where}.fetching_runners") if fetching is not None else None)


def public_index(address: str) -> bool:
    """Whether ``address`` (an index option's or variable's value) is a public registry itself, as an ecosystem
    declares its own (``public_index``: ``https://pypi.org/simple``, ``registry.npmjs.org``): not another index."""
    for eco_id in _raw()[1]:
        facts = ecosystem(eco_id)
        if facts is not None and facts.public_index is not None and facts.public_index.fullmatch(address):
            return True
    return False


def _script_install(eco_id: str, spec: Any, at: str) -> ScriptInstall:
    _check_keys(spec, SCRIPT_KEYS, at)
    return ScriptInstall(eco_id, _text(spec.get("script"), f"{at}.script"),
                         frozenset(_strings(spec.get("words"), f"{at}.words")), _strings(spec.get("manifests"), f"{at}.manifests"))


def _tool(name: str, eco_id: str, spec: Any, at: str) -> Tool:
    _check_keys(spec, TOOL_KEYS, at)
    runs = spec.get("runs")
    return Tool(
        name, eco_id, flag(spec.get("index", False), f"{at}.index"), _text(spec.get("placeholder", ""), f"{at}.placeholder"),
        _strings(spec.get("code_options", []), f"{at}.code_options"),
        frozenset(_strings(runs, f"{at}.runs")) if runs is not None else None,
        frozenset(_strings(spec.get("run_options", []), f"{at}.run_options")),
        _text(spec.get("run_options_of", ""), f"{at}.run_options_of"),
        flag(spec.get("runs_tools", False), f"{at}.runs_tools"), flag(spec.get("env_prefix", False), f"{at}.env_prefix"),
        texts(spec.get("config_set", {}), f"{at}.config_set"),
        _text(spec.get("config_set_scoped", ""), f"{at}.config_set_scoped"),
        flag(spec.get("config_set_short", False), f"{at}.config_set_short"),
        _strings(spec.get("installs_too", []), f"{at}.installs_too"),
        _text(spec.get("adds_source", ""), f"{at}.adds_source"),
        _pattern(spec["listed_sources"], f"{at}.listed_sources") if "listed_sources" in spec else None)


def _pattern(value: object, where: str) -> lazyre.Pattern:
    """Compiled when first used (tests/commands/test_declared.py compiles every declared one)."""
    return lazyre.compile(_text(value, where))
