"""Python imports (``*.py``, ``*.pyi``, ``*.pyw`` and the code cells of ``*.ipynb`` notebooks).

``import a.b``, ``from a.b import c`` (anywhere: in functions, ``try`` blocks, ``if TYPE_CHECKING:``) and
``importlib.import_module("x")`` / ``__import__("x")`` with a literal name. Relative imports, the standard
library (``sys.stdlib_module_names``, ``__future__`` and ``depguard/ecosystems/pypi/stdlib-extra.txt``), the
project's own modules (``Hints.local_python_modules``, and modules beside the file) and statements holding
syntax errors are skipped. The import name becomes a distribution through ``depguard/ecosystems/pypi/import-map.tsv``
(dotted rows and namespace ``prefix.*`` rows, longest match first), then the running environment's
``importlib.metadata.packages_distributions()``, else the top-level name itself.
"""

from __future__ import annotations

import bisect
import functools
import json
import os
import posixpath
import re
import sys
from collections.abc import Callable, Container, Iterable, Iterator
from pathlib import Path

from ... import lazyre
from ...errors import ParseError
from ...fsview import FACTS, active, memo
from ...imports import AnyOf, ImportRef, data_map, emit, folder_modules, matches, position, sibling_modules, text_of
from ...model import Example, Mention, Origin
from ...names import alphanumeric, canonicalize_name
from ...parsers import Source, file_format, rendered_path
from ...records import record, replace
from ...runcache import per_run
from ...says_missing import says_missing, says_missing_in_test
from .. import catalog
from .ableton_scripts import live_modules
from .appdaemon_apps import appdaemon_modules
from .ayon_addons import ayon_addon_modules
from .cad_hosts import cad_host_modules
from .clr_namespaces import clr_namespaces
from .comfyui_nodes import comfyui_modules
from .course_assignments import assignment_note, course_assignment, student_lines
from .databricks_source import is_databricks_source
from .documented_files import documented_file_note
from .exercises import solution_modules
from .f2py_modules import fortran_modules
from .fl_studio_scripts import fl_modules
from .forge_spaces import space_download
from .gdb_scripts import GDB_MODULES, loaded_modules, speaks_gdb
from .gramps_addons import gramps_addon_modules
from .guarded import guard
from .host_companions import host_companions
from .host_folders import vim_modules
from .image_checks import image_check_note
from .irc_client_scripts import irc_client_modules
from .java_packages import jvm_packages, jython_packages
from .launcher_extensions import ulauncher_modules
from .mx_suites import mx_modules
from .native_modules import BINDING_MODULE, C_SOURCES, embedded_init_modules
from .native_modules import SOURCE_LIMIT as C_SOURCE_LIMIT
from .netbox_plugins import netbox_apps
from .nuclio_functions import function_checkouts
from .nvda_addons import nvda_addon_modules
from .openedx_plugins import openedx_platform_modules
from .openhab_scripts import openhab_modules
from .prefect_deployments import deployment_checkouts, named_after
from .project import (
    ABSOLUTE_FOLDER,
    ENV_FILE,
    MODULE_SUFFIXES,
    PEP508_NAME,
    absent_path_imports,
    checkout_imports,
    checkout_path_imports,
    downloaded_files,
    env_python_path,
    named_path_folders,
    outside_path_imports,
    path_additions,
    registered_modules,
    run_time_headed_folders,
    run_time_path_imports,
    run_time_path_modules,
    working_dirs,
    writes_module,
)
from .ros_package import INTERFACE_PACKAGE, LAUNCH_SYSTEM, ros_code
from .scrapy_settings import component_imports
from .sibling_repos import sibling_note
from .slicer_modules import slicer_modules
from .sublime_packages import bundled_packages
from .submodule_copies import absent_submodules, copied_into_submodule, submodule_of
from .touchdesigner import touchdesigner_modules
from .uic_forms import uic_widget_modules
from .upload_copies import uploaded_modules
from .version_aliases import version_alias_note
from .webui_extensions import webui_modules
from .weechat_scripts import weechat_modules
from .written_modules import CELL_WRITES
from .zip_archives import archive_modules

TYPE_CHECKING = False  # typing is not imported at run time for this
if TYPE_CHECKING:
    from typing import Any, Literal

PARSER = "python-imports"

MAGIC = re.compile(r"^(\s*)([!%].*)$", re.M)
# IPython's automagic: a one-line cell whose first word is the name of an installer's line magic (%pip, %conda,
# %mamba, %micromamba) runs as that magic (on by default; InteractiveShell.transform_cell applies it to single-line
# cells only): Colab's `pip install numpy==1.26 google-cloud-iam` cell is %pip
AUTOMAGIC = re.compile(r"^(\s*)((?:pip|conda|mamba|micromamba)[ \t]+[a-z].*)$")


def automagic(code: str) -> re.Match[str] | None:
    """The line of a notebook cell ``code`` that IPython runs as an installer's magic (:data:`AUTOMAGIC`), if any."""
    lines = code.splitlines()
    return AUTOMAGIC.match(lines[0]) if len(lines) == 1 else None


# --- the import name -> distribution table -------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def import_map() -> tuple[dict[str, str], dict[str, str]]:
    """(exact rows, namespace rows keyed by prefix) from depguard/ecosystems/pypi/import-map.tsv."""
    eco = catalog().get("pypi")
    exact: dict[str, str] = {}
    wild: dict[str, str] = {}
    if not eco.import_map_file:
        return exact, wild
    for raw in eco.data_file(eco.import_map_file).read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        module, _, dist = raw.partition("\t")
        module, dist = module.strip(), dist.strip()
        if not module or not dist:
            continue
        if module.endswith(".*"):
            wild.setdefault(module[:-2], dist)
        elif "*" not in module:
            exact.setdefault(module, dist)
    return exact, wild


@functools.lru_cache(maxsize=1)
def suffixed_rows() -> dict[str, tuple[tuple[str, str], ...]]:
    """The ``prefix.*suffix`` rows of the import map, keyed by prefix: (suffix, distribution with ``*``). A
    component with that suffix is a distribution of its own even where an exact row gives the prefix to one
    (``aws_cdk.*_alpha``: the AWS CDK's experimental modules ship outside aws-cdk-lib, each as aws-cdk.X-alpha)."""
    eco = catalog().get("pypi")
    rows: dict[str, list[tuple[str, str]]] = {}
    if eco.import_map_file:
        for raw in eco.data_file(eco.import_map_file).read_text(encoding="utf-8").splitlines():
            module, _, dist = raw.partition("\t")
            prefix, star, suffix = module.strip().partition(".*")
            if raw.startswith("#") or not star or not suffix or not dist.strip():
                continue
            rows.setdefault(prefix, []).append((suffix, dist.strip()))
    return {k: tuple(v) for k, v in rows.items()}


@functools.lru_cache(maxsize=1)
def stdlib() -> frozenset[str]:
    eco = catalog().get("pypi")
    names = set(sys.stdlib_module_names) | {"__future__", "__main__"}
    extra = eco.data.get("imports", {}).get("stdlib")
    if extra:
        for raw in eco.data_file(extra).read_text(encoding="utf-8").splitlines():
            if raw.strip() and not raw.startswith("#"):
                names.add(raw.strip())
    return frozenset(names)

def _runtime_module(dotted: str) -> str | None:
    """The hosted runtime that provides the import (``runtime-modules.tsv``: ``google.colab`` -> "Google Colab"),
    or None. Such a row makes the import a note only while the registry lacks its name (:func:`runtime_note`)."""
    parts = dotted.split(".")
    table = data_map("pypi", "runtimes")
    for n in range(1, len(parts) + 1):
        if (runtime := table.get(".".join(parts[:n]))) is not None:
            return runtime
    return None


def runtime_note(dotted: str, runtime: str) -> Example:
    """The note for an import of a module a hosted runtime provides (a ``runtime-modules.tsv`` row): only a name no
    registry has becomes it. Each row's name was absent from PyPI when it was added; somebody registering it later
    (a squat of ``pcbnew``, an invented package shadowing ``google.colab``) makes the import judged as that name
    again, as every other import (r27 #5: the rows used to excuse the name unasked, whatever the registry says)."""
    return Example(f"{dotted!r} is provided by {runtime}{RUNTIME_NOTE}", setting=None)


RUNTIME_NOTE = ", not by a registry package"  # the end of every runtime_note's reason


def ros_distribution_note(top: str) -> Example | None:
    """The note for an import, in ROS code (:attr:`Declared.ros`), of a package the ROS distributions release
    (``ros-packages.tsv``, from ros/rosdistro: scripts/ros_packages.py), or None. ROS packages come from the ROS
    distribution (apt's ``ros-<distro>-<name>``, rosdep), not PyPI, and a package often imports one its package.xml
    forgets: TurtleBot3's interactive-marker example imports ``interactive_markers`` and Intel RealSense's
    ``set_cams_transforms.py`` imports ``tf_transformations``, neither declared (held-out set 317). As a runtime row,
    it is a note only while PyPI lacks the name; a name somebody registers there is judged as that name, and a name
    no distribution releases (an invented ``interactive_markerz``) is judged as every import is."""
    distros = data_map("pypi", "ros_packages").get(top)
    if distros is None:
        return None
    return runtime_note(top, f"the ROS distribution (a package released for {', '.join(distros.split())} in ros/rosdistro)")


def is_runtime_note(example: Example | None) -> bool:
    """Whether ``example`` is a :func:`runtime_note` (the tests leave such mentions out of the registry guesses)."""
    return example is not None and not example.any_verdict and example.reason.endswith(RUNTIME_NOTE)


@per_run(maxsize=1)
def environment_map() -> dict[str, tuple[str, ...]]:
    """Top-level import name -> distributions installed in the running environment.

    Reading every installed distribution's metadata takes tens of milliseconds, so the map is kept in the
    cache directory, valid while the interpreter, ``sys.path`` and the metadata folders in each of its
    folders (names and modification times) stay the same: installing, upgrading or removing a
    distribution changes them. Folders without metadata are left out of that stamp, so running from
    another directory (``python -m depguard`` puts it on ``sys.path``) does not rebuild the map."""
    import os

    from ...paths import cache_dir

    stamp = environment_stamp()
    where = cache_dir() / "environment-map.json"
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
        if data["stamp"] == stamp:
            return {k: tuple(v) for k, v in data["map"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    try:
        modules = _installed_modules()
    except Exception:  # a broken installed distribution must not stop a scan
        return {}
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_name(f".{where.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "map": modules}), encoding="utf-8")
        os.replace(tmp, where)
    except OSError:
        pass
    return modules


ENVIRONMENT_MAP_FORMAT = 2


def environment_stamp() -> list:
    """What identifies the installed distributions: the interpreter, and per ``sys.path`` folder holding
    metadata the names and modification times of its ``.dist-info``/``.egg-info`` entries."""
    import os

    stamp: list = [ENVIRONMENT_MAP_FORMAT, sys.executable, sys.version, []]
    for entry in sys.path:
        found: list[Any] | None = []
        try:
            with os.scandir(entry or ".") as it:
                found = [[e.name, e.stat().st_mtime_ns] for e in it if e.name.endswith((".dist-info", ".egg-info"))]
        except OSError:
            found = None
        if found == []:
            continue  # a folder with no metadata adds no distribution (the current directory, most often)
        stamp[3].append([entry, sorted(found) if found is not None else None])
    return stamp


def _environment_digest() -> str:
    return json.dumps(environment_stamp())


FACTS.setdefault("python-environment", _environment_digest)  # a parse that asks environment_map() depends on it


def _installed_modules() -> dict[str, tuple[str, ...]]:
    """Import name -> installed distributions providing it, like ``packages_distributions()`` except that a
    namespace package (a top-level folder without ``__init__.py``, shared by several distributions:
    ``google``, ``mpl_toolkits``) is keyed by its first two parts (``google.protobuf``), so one distribution
    that happens to be installed does not claim every import below the namespace."""
    from importlib.metadata import distributions

    out: dict[str, list[str]] = {}
    for dist in distributions():
        name = dist.metadata["Name"] if dist.metadata else None
        files = dist.files or []
        if not name:
            continue
        paths = [f.parts for f in files if f.parts and not f.parts[0].endswith((".dist-info", ".egg-info", ".data"))
                 and f.parts[0] not in ("..", "__pycache__", "bin")]
        regular = {p[0] for p in paths if len(p) == 2 and p[1] == "__init__.py"}
        keys: set[str] = set()
        for p in paths:
            first = p[0].split(".", 1)[0] if len(p) == 1 else p[0]
            if len(p) == 1:
                if p[0].endswith((".py", ".so", ".pyd", ".pyi")):
                    keys.add(first)
            elif first in regular or not first.isidentifier():
                keys.add(first)
            elif len(p) > 2 or p[1].endswith((".py", ".so", ".pyd", ".pyi")):
                keys.add(f"{first}.{p[1].split('.', 1)[0]}")
        if not paths:  # metadata without a file list: the top_level.txt names
            keys.update(t for t in (dist.read_text("top_level.txt") or "").split() if t)
        for key in keys:
            out.setdefault(key, [])
            if name not in out[key]:
                out[key].append(name)
    return {k: tuple(v) for k, v in out.items()}


# an API version a generated client library appends to a versioned module of its service (Google's GAPIC
# generator: ``pubsub_v1``, ``secretmanager_v1beta1``, ``speech_v1p1beta1``, ``compute_v1beta``)
API_VERSION = re.compile(r"(?<=[a-z0-9])_v[0-9]+(?:p[0-9]+)?(?:alpha|beta)?[0-9]*$")


@functools.lru_cache(maxsize=1)
def _popular_spellings() -> tuple[frozenset[str], dict[str, str]]:
    """PyPI's shipped popular list: its names, and the names keyed by their letters and digits
    (``googlecloudsecretmanager`` -> ``google-cloud-secret-manager``; a key two names share is left out). The
    shipped list only, so the answer is the same on every machine."""
    from ...popular import parse_list, shipped_list_path

    path = shipped_list_path(catalog().get("pypi"))
    try:
        names = [canonicalize_name(n) for n in parse_list(path.read_text(encoding="utf-8"), "pypi").names] if path else []
    except OSError:
        names = []
    keyed: dict[str, str] = {}
    shared: set[str] = set()
    for name in names:
        key = alphanumeric(name)
        if keyed.setdefault(key, name) != name:
            shared.add(key)
    return frozenset(names), {k: v for k, v in keyed.items() if k not in shared}


@functools.lru_cache(maxsize=4096)
def wild_guess(row: str, part: str) -> str:
    """The distribution a ``prefix.*`` row of the import map guesses for the namespace's next component ``part``.
    A versioned module of a generated client library is its service's (``google.cloud.pubsub_v1`` ships in
    ``google-cloud-pubsub``, not in a ``google-cloud-pubsub-v1``), and the popular distribution whose name has the
    guess's letters, its words split where the module glues them, is the one meant (``google.cloud.secretmanager``
    ships in ``google-cloud-secret-manager``, ``resourcemanager`` in ``google-cloud-resource-manager``). A guess
    that is itself a popular name stays; one that is neither is asked for as the row spells it, without the
    version: an invented module is still judged under the name it implies."""
    guess = row.replace("*", part)
    popular, spellings = _popular_spellings()
    if canonicalize_name(guess) in popular:
        return guess
    base = row.replace("*", API_VERSION.sub("", part))
    for candidate in dict.fromkeys((base, guess)):
        if canonicalize_name(candidate) in popular:
            return candidate
        spelled = spellings.get(alphanumeric(candidate))
        if spelled is not None:
            return spelled
    return base


@functools.lru_cache(maxsize=256)
def regular_package_prefix(prefix: str) -> bool:
    """Whether the ``prefix.*`` row of ``prefix`` is an own-name row (``acme.*`` -> ``acme.*``, from pipreqs: the
    Zope-era namespaces whose every member was a dotted distribution of its own, acme.dchat, acme.hello) while PyPI's
    popular list has the prefix itself and none of the row's members: then a popular distribution installs
    ``prefix`` as a regular package. Certbot's ``acme`` (``from acme import client, messages``) and DeepMind's dm-acme
    (``from acme import specs, wrappers``, the aim repository's examples/acme_track.py, held-out spot set 242) have
    ``acme.specs`` as a submodule, never an acme-specs distribution. Such an import is the prefix's, unless the
    row's guess is itself a popular name. ``zope.*`` stays a namespace: zope.interface and zope.event are popular."""
    row = import_map()[1].get(prefix)
    popular = _popular_spellings()[0]
    own = canonicalize_name(prefix)
    return (row == f"{prefix}.*" and own in popular
            and not any(name.startswith(f"{own}-") for name in popular))


def _mapped(dotted: str) -> tuple[str, str, bool] | None:
    """(distribution, the part of the import it was found from, whether a ``prefix.*`` row guessed it) from the
    import map, or None (:func:`known_distribution`)."""
    exact, wild = import_map()
    parts = dotted.split(".")
    suffixed = suffixed_rows()
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        for suffix, row in suffixed.get(prefix, ()) if n < len(parts) else ():
            if parts[n].endswith(suffix) and len(parts[n]) > len(suffix):
                return row.replace("*", parts[n][:-len(suffix)].replace("_", "-")), ".".join(parts[: n + 1]), True
        if n < len(parts) and prefix in wild:
            guess = wild_guess(wild[prefix], parts[n])
            if not (regular_package_prefix(prefix) and canonicalize_name(guess) not in _popular_spellings()[0]):
                return guess, ".".join(parts[: n + 1]), True
        if prefix in exact:
            return exact[prefix], prefix, False
    return None


def namespace_guess(dotted: str) -> bool:
    """Whether the import map's answer for ``dotted`` is a ``prefix.*`` row's guess from the import's own next part
    (pipreqs' ``aio.*``: ``aio.gthread`` -> aio.gthread), not a row naming the distribution that provides it."""
    mapped = _mapped(dotted)
    return mapped is not None and mapped[2]


OWN_IMPORT_LINE = r"^[ \t]*(?:import[ \t]+{m}(?![\w])|from[ \t]+{m}(?:\.[\w.]+)?[ \t]+import\b)"


def own_module_import(name: str) -> re.Pattern[str] | None:
    """A pattern of a source line importing the module a distribution named ``name`` would install under its own
    name (``pnoise`` -> ``import pnoise``, ``from pnoise.core import x``; ``py-foo`` -> ``py_foo``), or None when
    that is no module name or the import map gives that module to another distribution (``dateutil``:
    python-dateutil's). For ``[imports] own_module`` (depguard/declarers.py)."""
    module = re.sub(r"[-.]", "_", name)
    if not module.isidentifier():
        return None
    exact, _ = import_map()
    if exact.get(module, name) != name and exact.get(module.lower(), name) != name:
        return None
    return re.compile(OWN_IMPORT_LINE.format(m=re.escape(module)), re.M | re.I)


def known_distribution(dotted: str) -> tuple[str, str] | None:
    """(distribution, the part of the import it was found from) from the import map or the running
    environment, or None when neither knows the import.

    A ``prefix.*`` row is tried before an exact row of the same prefix for a deeper import: ``google`` alone
    is protobuf's, but ``google.colab`` is not (an exact row of a namespace names one of its many owners)."""
    mapped = _mapped(dotted)
    if mapped is not None:
        return mapped[0], mapped[1]
    active().fact("python-environment")  # the answer depends on what is installed: a cached parse must know
    env = environment_map()
    parts = dotted.split(".")
    for n in range(min(len(parts), 2), 0, -1):  # a namespace package is keyed by its first two parts
        prefix = ".".join(parts[:n])
        dists = env.get(prefix, ())
        if len(dists) == 1:
            return dists[0], prefix
        for dist in dists:  # shared by several: only the one named like the import is sure
            if canonicalize_name(dist) == canonicalize_name(prefix):
                return dist, prefix
    return None


def plugin_namespace(dotted: str) -> bool:
    """Whether ``dotted`` is exactly a namespace the import map knows only by its plug-ins' ``prefix.*`` row
    (``mkdocstrings_handlers``, ``sphinxcontrib``): imported whole, as a host does to find the plug-ins installed
    (``for path in mkdocstrings_handlers.__path__``), it is every installed plug-in's and no one distribution's,
    so no registry name can be guessed from it. A member (``mkdocstrings_handlers.python``) is the row's."""
    exact, wild = import_map()
    return dotted in wild and dotted not in exact and not regular_package_prefix(dotted)


def distribution_for(dotted: str) -> tuple[str, str]:
    """(distribution, the part of the import it was found from) for an absolute import path: what the
    import map or the environment knows, else the top-level name itself."""
    known = known_distribution(dotted)
    if known is not None:
        return known
    top = dotted.split(".", 1)[0]
    return top, top


# --- extraction -----------------------------------------------------------------------------------------

REBOUND = re.compile(r"^[ \t]*(?P<name>import_module|__import__)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)


def _rebound_loader(call, text: str) -> bool:
    """Whether a bare ``import_module(...)``/``__import__(...)`` call is of a name the file binds to something else
    (aiohttp's CLI test: ``import_module = mocker.patch("aiohttp.web.import_module")``, then
    ``import_module("alpha.beta")``, a mock's call); ``importlib.import_module(...)`` always imports."""
    fn = call.child_by_field_name("function")
    if fn is None or fn.type != "identifier" or ("=" not in text):
        return False
    name = text_of(fn)
    scope = call.parent
    while scope is not None and scope.type not in ("function_definition", "lambda"):
        scope = scope.parent
    if scope is None:  # a module-level call: only a module-level binding counts
        return any(m.group("name") == name and not m.group(0)[:1].isspace() for m in REBOUND.finditer(text))
    return any(m.group("name") == name for m in REBOUND.finditer(text_of(scope)))


def _dynamic_name(node):
    """(module, node of the name) for a literal string argument, or None (f-strings, relative names)."""
    if any(c.type == "interpolation" for c in node.children):
        return None
    content = [c for c in node.children if c.type == "string_content"]
    if len(content) != 1:
        return None
    value = text_of(content[0])
    return (value, content[0]) if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", value) else None


TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(name: str) -> list[str]:
    return TOKEN.findall(name.lower())


# Words a client library's module adds to the service's name and its distribution may leave out, or the
# reverse (``influxdb_client_3`` from ``influxdb3-python``; ``deepgram`` from ``deepgram-sdk``)
# ``core`` too: a distribution's own core module beside its main one (couchbase 3 ships ``couchbase_core``)
CLIENT_WORDS = frozenset({"client", "clients", "sdk", "api", "python", "py", "lib", "core"})
DIGIT_WORD = re.compile(r"[a-z]+|[0-9]+")


def _digit_words(name: str) -> list[str]:
    """The words of a name with a run of digits a word of its own (``influxdb3`` -> ``influxdb``, ``3``)."""
    return DIGIT_WORD.findall(name.lower())


def popular_names() -> frozenset[str]:
    """The canonical names of PyPI's shipped popular list (:func:`_popular_spellings`)."""
    return _popular_spellings()[0]


@functools.lru_cache(maxsize=1)
def _plugin_hosts() -> frozenset[str]:
    """The names of PyPI's shipped popular list: a declared ``<host>-<distribution>`` whose host is one of them is
    that host's plug-in for the distribution (``pytest-ansible``, ``flake8-django``), never a fork of it; a fork's
    prefix is its publisher's mark (``ft-scikit-optimize``). The shipped list only, so the answer is the same on
    every machine."""
    from ...ecosystems import catalog
    from ...popular import parse_list, shipped_list_path

    path = shipped_list_path(catalog().get("pypi"))
    try:
        return frozenset(parse_list(path.read_text(encoding="utf-8"), "pypi").names) if path else frozenset()
    except OSError:
        return frozenset()


GLUED_CLIENT_PREFIXES = ("python", "py")  # glued before a module's first word: pyinjective, pythonwhois
GLUED_CLIENT_SUFFIXES = ("lib",)  # glued after a distribution's name by its module: trezorlib, keepkeylib, safetlib


def _unglued_py(words: list[str]) -> list[str]:
    """The words with a client word glued before the first one made a word of its own (``pyinjective`` ->
    ``py``, ``injective``), when at least GLUED_MIN letters remain."""
    if words:
        for prefix in GLUED_CLIENT_PREFIXES:
            rest = words[0][len(prefix):]
            if words[0].startswith(prefix) and len(rest) >= GLUED_MIN and rest.isalpha():
                return [prefix, rest, *words[1:]]
    return words


def _abbreviates(module: list[str], dist: list[str]) -> bool:
    """Whether each token of the module, in order, is a token of the distribution or abbreviates one
    (``st_aggrid`` / ``streamlit-aggrid``, ``snowflake.connector`` / ``snowflake-connector-python``). A module with no
    token (``配置``, a module named in Chinese; ``_``) abbreviates no distribution."""
    if not module:
        return False
    i = 0
    for tok in module:
        while i < len(dist) and not (dist[i] == tok or (len(tok) >= 2 and dist[i].startswith(tok))):
            i += 1
        if i == len(dist):
            return False
        i += 1
    return True


GLUED_MIN = 3  # a shorter module is not looked for inside a longer declared name
SHORTENED_MIN = 2  # the fewest letters a module keeps of the distribution's first word (sk of scikit)


def _shortens(glued: str, words: list[str]) -> bool:
    """Whether a glued module is a distribution's first word shortened to some of its letters, in order and from
    its first (at least SHORTENED_MIN, fewer than all), with every other word glued after them: ``skmultilearn``
    from ``scikit-multilearn``, ``ftlangdetect`` from ``fasttext-langdetect`` (``sklearn`` from ``scikit-learn``).
    The glued words are at least GLUED_MIN letters and exactly the distribution's."""
    first, rest = words[0], "".join(words[1:])
    head = glued[: len(glued) - len(rest)]
    if len(rest) < GLUED_MIN or not glued.endswith(rest) or not SHORTENED_MIN <= len(head) < len(first) \
            or head[0] != first[0]:
        return False
    letters = iter(first[1:])
    return all(letter in letters for letter in head[1:])


def _drf_words(words: list[str]) -> list[str] | None:
    """The words of a Django REST framework plug-in's module as its distribution spells them: the plug-ins name the
    distribution ``drf-<name>`` and the module ``rest_<name>`` or ``rest_framework_<name>``, after the framework's own
    ``rest_framework`` (``drf-access-policy`` ships ``rest_access_policy``, ``drf-extensions``
    ``rest_framework_extensions``, ``drf-nested-routers`` ``rest_framework_nested``); None for any other module, and
    for ``rest_framework`` itself (the import map's ``djangorestframework``)."""
    if not words or words[0] != "rest":
        return None
    rest = words[2:] if words[1:2] == ["framework"] else words[1:]
    return ["drf", *rest] if rest else None
# the submodules ROS generates for a package's interface definitions (msg/, srv/, action/ folders: rosidl)
ROS_INTERFACES = frozenset({"msg", "srv", "action"})
LAUNCH_TOP_LEVEL = frozenset(LAUNCH_SYSTEM)  # the launch system's top-level modules, which a launch file imports
ELSEWHERE_WORD_MIN = 5  # a module's words found in a name from elsewhere: one of them at least this long


# words too common in module names to tie an import to a URL dependency by themselves
GENERIC_WORDS = CLIENT_WORDS | frozenset({"utils", "util", "tools", "tool", "common", "helper", "helpers", "base",
                                          "test", "tests", "data", "model", "models", "main", "app", "src"})
ARCHIVE = re.compile(r"\.(?:tar\.gz|tar\.bz2|tar\.xz|tgz|tar|zip|whl)\Z", re.I)
URL_PATH = re.compile(r"(?:[a-z][a-z0-9+.-]*://|git@)[^/\s]+[/:](?P<path>[^\s#?]*)")
CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def url_names(dep: str) -> list[str]:
    """The names a dependency fetched from a URL goes by (``dep`` as written): its requirement name
    (``livecodebench @ …``), its ``#egg=``, the repository (the URL path's last part, without ``.git`` and an
    ``@ref``; the part before GitHub's ``archive/…``, ``tarball/…`` or ``zipball/…``) and the ``#subdirectory=``'s
    last folder."""
    names: list[str] = []
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*@", dep)
    if m:
        names.append(m.group(1))
    names += re.findall(r"[#&]egg=([A-Za-z0-9][A-Za-z0-9._-]*)", dep)
    url = URL_PATH.search(dep)
    if url:
        parts = url.group("path").split("@", 1)[0].rstrip("/").split("/")
        archive = ARCHIVE.search(parts[-1])
        if archive and "archive" in parts[:-1]:  # GitHub's …/org/repo/archive/main.tar.gz: the repository
            names.append(parts[parts.index("archive") - 1] if parts.index("archive") else "")
        elif archive:  # a wheel or sdist file: its distribution name (``pkg-1.0-py3-none-any.whl``)
            names.append(re.split(r"-(?=\d)", parts[-1][: archive.start()], maxsplit=1)[0])
        elif (ball := next((p for p in ("tarball", "zipball") if p in parts[1:-1]), None)) is not None:
            names.append(parts[parts.index(ball) - 1])  # GitHub's …/org/repo/tarball/master: the repository
        else:
            names.append(parts[-1].removesuffix(".git"))
    names += [sub.rstrip("/").rpartition("/")[2] for sub in re.findall(r"[#&]subdirectory=([^&\s]+)", dep)]
    return [n for n in names if n]


def popular_direct_reference(dep: str) -> bool:
    """Whether ``dep``, a dependency fetched from a URL or a VCS, is a direct reference to a distribution on PyPI's
    shipped popular list (``torch @ https://download.pytorch.org/whl/cu121/torch-2.1.0…whl``): a build of PyPI's own
    distribution, whose modules are known, not a dependency that may ship any module (reviewer r28, as r27 did for a
    popular distribution installed from another index: it made ``import torch_geometric_utilz`` a note)."""
    m = PEP508_NAME.match(dep)  # the requirement's name before its `@` (`transformers[torch] @ git+https://…`)
    return m is not None and m.group("at") is not None and canonicalize_name(m.group("name")) in popular_names()


def url_relates(top: str, dep: str) -> bool:
    """Whether the import ``top`` may be a module of ``dep``, a dependency fetched from a URL, by its name alone
    (:func:`url_names`): one contains the other's letters (``splade`` from ``naver/splade.git``; two or three letters
    only when they are the whole name: ``ram`` from the ``ram @ …`` a document's acronym link gives, :func:`acronym_installs`), a word of
    the import of 4+ letters (not a generic one: ``utils``) is in the name's letters (``agent_core`` from
    ``internal-agent``), the import's first word is the initials of the name's words (``lcb_runner`` from
    ``LiveCodeBench``), or the import has two words or more and each is a word of the name, in any order
    (``pt_gdb`` from ``martinradev/gdb-pt-dump``, which pwndbg's Poetry table ``pt = {git = …}`` fetches) and one
    of them (2+ letters) is no generic word: ``utils_data`` or ``test_utils`` says nothing of ``ml-test-data-utils``."""
    letters = alphanumeric(top)
    words = _tokens(top)
    for name in url_names(dep):
        theirs = alphanumeric(name)
        short, long_ = sorted((letters, theirs), key=len)
        if len(short) >= 4 and short in long_ or len(letters) >= 2 and letters == theirs:
            return True
        if (len(words) >= 2 and set(words) <= set(_tokens(name))
                and any(len(w) >= 2 and w not in GENERIC_WORDS for w in words)):
            return True
        if any(len(w) >= 4 and w not in GENERIC_WORDS and w in theirs for w in words):
            return True
        parts = [w.lower() for w in CAMEL.findall(name)]
        if len(parts) >= 2 and words and words[0] == "".join(w[0] for w in parts):
            return True
    return False


def _carried_by(top: str, names: frozenset[str]) -> bool:
    """Whether one of ``names`` carries every word of the top-level module ``top`` in its letters, one of them
    distinctive (5+ letters): ``textarena_env`` in ``openenv-textarena``, ``oenotebook`` in ``openeye-oenotebook``."""
    words = [w for w in _tokens(top) if len(w) >= GLUED_MIN]
    if not words or max(len(w) for w in words) < ELSEWHERE_WORD_MIN:
        return False
    return any(all(w in alphanumeric(d) for w in words) for d in names)


@record(frozen=True, eq=False)
class Declared:
    """What the file's manifests declare: canonical registry names, and names that come from elsewhere
    (direct URLs, path/git/workspace sources, the project's own name)."""

    registry: frozenset[str] = frozenset()
    elsewhere: frozenset[str] = frozenset()
    hinted: frozenset[str] = frozenset()  # named by the file's own install hints: only a same-letters match counts
    # dependencies the file itself fetches from a URL or a VCS (its PEP 723 block's ``x @ git+https://…``, a
    # notebook's or an install hint's ``pip install git+https://…``), as written: the modules they install cannot
    # be known, so an import nothing else explains may be theirs
    opaque: frozenset[str] = frozenset()
    # ... and those its folder's manifests fetch (a sub-project's or the root's ``x @ git+…``): shared by every
    # file below, so they excuse only an import whose name relates to them (``url_dependency_imports``)
    scope_opaque: frozenset[str] = frozenset()
    url_policy: str = "related"  # Hints.url_dependency_imports: "related", "scope" or "none"
    # the project's documents the file names (``See https://github.com/o/r/blob/main/docs/awq.md``) that install
    # from a URL or a VCS, with what they fetch: (the reference as written, fetched): an import guarded by an
    # ImportError handler naming one may be of those (:meth:`guided`)
    guides: tuple[tuple[str, frozenset[str]], ...] = ()
    # the folders the file itself puts on ``sys.path`` that are absent from the tree and that the tree's
    # .gitignore ignores, each with the rule that does: (folder, "path:line: pattern"): build output whose
    # modules the tree cannot show (:func:`generated_folders`)
    generated: tuple[tuple[str, str], ...] = ()
    # the file lies in a ROS package (a package.xml) or is itself a ROS node or launch file (ros_package.ros_code):
    # other ROS packages' interfaces are importable
    ros: bool = False
    # ... and the only evidence is the file's own text (no package.xml): then only interface packages named as
    # rosidl names them (``*_msgs``, ``*_srvs``, ``*_interfaces``, ``*_actions``) are (r26 #7)
    ros_by_text: bool = False
    # the modules the file imports right after putting a folder known only at run time on ``sys.path``
    # (:func:`run_time_path_imports`): a name no registry has may be that folder's
    after_run_time_path: frozenset[str] = frozenset()
    # the modules the file uses as a Kaggle code competition's time-series API (:func:`competition_api_modules`): a
    # name no registry has is the competition environment's
    competition_api: frozenset[str] = frozenset()
    # the image backends the file selects by torchvision's get_image_backend() (:func:`image_backend_modules`)
    image_backends: frozenset[str] = frozenset()
    # looks up another file of the project that imports a module right after putting a folder known only at run time
    # on sys.path (:meth:`.project.PythonProject.run_time_import_in`, bound to this file): a name no registry has that
    # the project's own code takes from such a folder may be that folder's here too
    run_time_import_in: Callable[[str], str | None] | None = None
    # (module, folder) of the imports right after the file puts a literal folder outside the repository on sys.path
    # (:func:`outside_path_imports`): a name no registry has may be a module of that other checkout
    after_outside_path: tuple[tuple[str, str], ...] = ()
    # (folder name, path as written) of the literal folders the file puts on sys.path that the tree lacks
    # (:func:`named_path_folders`): an import of a folder's own name that no registry has may be that folder
    named_on_path: tuple[tuple[str, str], ...] = ()
    # (module, repository) of the imports that follow the file's clone of a repository and its change into the
    # clone's folder (:func:`checkout_imports`): a name no registry has may be a module of that checkout
    in_checkout: tuple[tuple[str, str], ...] = ()
    # the names the file's own comments and strings tell its reader to install from conda or another index
    # (:func:`elsewhere_hints`): an import of one is reported not checked (PyPI's answer says nothing of it), never
    # dropped: a comment is no manifest, and generated code writes such comments too
    said_elsewhere: frozenset[str] = frozenset()
    # (canonical name, URL) of the repositories on a source host that the file's own text names (``# Dependencies:
    # https://github.com/fireeye/flare-emu``, :func:`named_repositories`): an import of a repository's own name is
    # that repository's module, fetched from it, not from PyPI: not checked when PyPI lacks the name; one PyPI has and
    # doubts (a young package, a look-alike) is judged as usual
    said_repositories: tuple[tuple[str, str], ...] = ()
    # (module, repository) of the imports that follow the file's clone of a repository and its addition of the clone's
    # folder to ``sys.path`` (:func:`checkout_path_imports`): an import nothing declares may be a module of that checkout
    on_checkout_path: tuple[tuple[str, str], ...] = ()
    # (module, repository, document) of the imports right after the file puts on ``sys.path`` a literal folder the
    # tree lacks inside the checkout of a repository that a document of its folder or one above clones
    # (:func:`documented_checkout_imports`): a name no registry has may be a module of that checkout
    in_documented_checkout: tuple[tuple[str, str, str], ...] = ()
    # (module, submodule folder) of the imports right after the file puts on ``sys.path`` a folder of a git submodule
    # the tree does not hold (:func:`submodule_path_imports`): a name no registry has may be a module of that submodule
    in_submodule: tuple[tuple[str, str], ...] = ()
    # (folder name, literal tail, submodule folder) of the folders the file puts on ``sys.path`` by joining a value
    # known only at run time with literal folders that lie in a git submodule the tree does not hold
    # (:func:`submodule_tail_imports`): an import of a folder's own name that no registry has may be that folder's
    named_in_submodule: tuple[tuple[str, str, str], ...] = ()
    # (script, submodule folder) when a shell script of the tree copies the file into a git submodule the tree does
    # not hold (:func:`.submodule_copies.copied_into_submodule`): a name no registry has may be a module of that submodule
    copied_into_submodule: tuple[str, str] | None = None
    # (system package, Dockerfile) of the Python bindings that a system package manager installs in an image a
    # Dockerfile copies the file into (:func:`_image_system_packages`): an import of that binding's module is no
    # registry's
    from_system_image: tuple[tuple[str, str], ...] = ()
    # (repository, configuration) of the repositories a Nuclio function configuration of the file's folder or one above
    # clones onto the function's PYTHONPATH (:func:`.nuclio_functions.function_checkouts`): an import nothing
    # declares may be a module of that checkout
    in_function_checkout: tuple[tuple[str, str], ...] = ()
    # (repository, project file) of the repositories the pull steps of a Prefect deployment whose entry point is the
    # file clone (:func:`.prefect_deployments.deployment_checkouts`): an import nothing declares that is named after
    # one of them may be a module of that checkout
    in_deployment_checkout: tuple[tuple[str, str], ...] = ()
    # (Hugging Face repository, meta file) when the file lies in a Stable Diffusion WebUI Forge Space's folder, whose
    # space_meta.json names the repository Forge downloads there and puts on sys.path (:mod:`.forge_spaces`): an import
    # nothing declares may be a module of that download
    in_space_download: tuple[str, str] | None = None
    # (distribution, its extras) the file's own install commands install (``pip install "dist[a,b]"``): a top-level
    # module named after one of those extras may be that distribution's (:meth:`_extra_module`): not checked
    extras: tuple[tuple[str, frozenset[str]], ...] = ()
    # (distribution, its extras) the manifests of the file's folder and the folders above request of a dependency they
    # declare (Flagsmith's api/pyproject.toml: ``"flagsmith-common[flagsmith-schemas,task-processor]"``, whose extras
    # ship the packages ``flagsmith_schemas`` and ``task_processor``): a module named after one is not checked
    manifest_extras: tuple[tuple[str, frozenset[str]], ...] = ()

    def adding(self, registry: frozenset[str] = frozenset(), elsewhere: frozenset[str] = frozenset(),
               hinted: frozenset[str] | None = None, opaque: frozenset[str] = frozenset(),
               guides: tuple[tuple[str, frozenset[str]], ...] = (),
               generated: tuple[tuple[str, str], ...] = ()) -> Declared:
        """This declaration with more names (``hinted`` replaces the file's install hints when given)."""
        return replace(self, registry=self.registry | registry, elsewhere=self.elsewhere | elsewhere,
                       hinted=self.hinted if hinted is None else hinted, opaque=self.opaque | opaque,
                       guides=self.guides + guides, generated=self.generated + generated)

    def guided(self, top: str, handlers: list[str]) -> Example | None:
        """A note for an import nothing declared explains whose ``except ImportError`` handler (``handlers``: their
        text) names a document of the project that installs from a URL or a VCS (FastChat's AWQ loader: ``from
        tinychat.utils import load_quant``, else "See …/docs/awq.md", a page that clones mit-han-lab/llm-awq and
        runs ``pip install -e .``): the code says where the module comes from, a checkout whose modules may have
        any name. None under ``url-dependency-imports = "none"`` or when no handler names such a document."""
        if self.url_policy == "none":
            return None
        for ref, fetched in self.guides:
            if any(ref in said for said in handlers):
                first = sorted(fetched, key=lambda f: (len(f), f))[0]
                shown = first if len(first) <= 90 else first[:87] + "..."
                return Example(f"{top!r} is declared nowhere; the ImportError handler of its import points to "
                               f"{ref!r}, which installs {shown!r} from a URL or a version-control system, which may "
                               "provide it under another name", any_verdict=True, setting="url-dependency-imports")
        return None

    def unknowable(self, top: str) -> Example | None:
        """A note for an import that nothing declared explains, where a dependency is fetched from a URL or a
        VCS that may install the module under any name (trl's ``lcb_runner`` from ``livecodebench @
        git+https://…``), so the import's name is only a guess and a flag of it is a note. Which such
        dependencies count (``url-dependency-imports``): "related" (the default): one the file itself fetches
        (its PEP 723 block, its own ``pip install git+…``), any import of that file; one its folder's manifests
        fetch, only an import whose name relates to the dependency's name, egg, repository or subdirectory
        (:func:`url_relates`), so that one ``git+`` line in a root manifest does not hide an invented import
        anywhere below it; "scope": any import below such a manifest too; "none": every import is judged.
        None when no such dependency counts: the import is judged.

        Before those: a folder the file itself puts on ``sys.path`` that is absent from the tree and that the
        tree's .gitignore ignores (meshtastic's ``bin/seed-json-to-proto.py`` adds ``bin/_generated``, where
        ``bin/regen-py-protos.sh`` writes protobuf bindings) holds build output: any import of that file that
        nothing else explains may be generated there, so the tree cannot judge its name and a flag is a note."""
        if self.said_elsewhere and (canonicalize_name(top) in self.said_elsewhere
                                    or _carried_by(top, self.said_elsewhere)):
            return Example(f"{top!r} is declared nowhere; the file's own text says to install it from conda or another "
                           "index, which depguard does not ask", any_verdict=True, setting=None, unchecked=True,
                           ok_passes=True)
        url = next((u for name, u in self.said_repositories if name == canonicalize_name(top)), None)
        if url is not None:
            # a name PyPI has and doubts stays judged (doubts_judged): `pip install` of the import's name, what a
            # reader or an agent runs, takes PyPI's package, and a squat of a GitHub-only project's name, or a look-alike
            # the text names a repository of, is that package (reviewer r39)
            return Example(f"{top!r} is declared nowhere; the file's own text names its repository, {url}, which is no "
                           "registry depguard asks", any_verdict=True, setting=None, unchecked=True, ok_passes=True,
                           doubts_judged=True)
        extra_of = _extra_module(top, self.extras)
        if extra_of is not None:
            return Example(f"{top!r} is declared nowhere; the file installs {extra_of!r} with an extra of that name, "
                           "which may ship it: not checked, the tree cannot show the module", setting=None,
                           unchecked=True, ok_passes=True)
        extra_of = _extra_module(top, self.manifest_extras)
        if extra_of is not None:
            # PyPI's own answer for the module's name still passes when it has the name and does not doubt it (an
            # undeclared `import openai` beside `pipecat-ai[openai]`, as any undeclared import of an established name
            # passes): only a name it lacks or doubts is not checked, never passed as the declared distribution
            return Example(f"{top!r} is declared nowhere; the project's manifest declares {extra_of!r} with an extra of "
                           "that name, which may ship it: not checked, the tree cannot show the module", setting=None,
                           unchecked=True, ok_passes=True)
        for package, dockerfile in self.from_system_image:
            if alphanumeric(SYSTEM_PYTHON_AFFIX.sub("", package.lower())) == alphanumeric(top):
                # depguard asks no distribution's package index: not checked, never a pass (r23 #9: an invented
                # apt package beside an invented import)
                return Example(f"{top!r} is declared nowhere; {dockerfile}, which copies this file into its image, "
                               f"installs the system package {package!r} there: a module of the system's packages, "
                               "whose index depguard does not ask", setting=None, unchecked=True)
        if top in self.after_run_time_path:
            return Example(f"{top!r} is declared nowhere and is imported right after the file puts a folder known only "
                           "at run time on sys.path: a module of that folder, which the tree cannot show", setting=None)
        if top in self.image_backends:
            return Example(f"{top!r} is declared nowhere and the file imports it when torchvision's get_image_backend() "
                           f"is {top!r}: torchvision's optional image backend, installed from outside PyPI (conda), "
                           "which the tree cannot show", setting=None)  # a registered look-alike stays judged
        if top in self.competition_api:
            return Example(f"{top!r} is declared nowhere and the file uses it as a Kaggle code competition's API "
                           f"({top}.make_env(), then iter_test()): a module the competition's environment provides, "
                           "which the tree cannot show", setting=None)  # a registered look-alike stays judged
        other = self.run_time_import_in(top) if self.run_time_import_in is not None else None
        if other is not None:
            return Example(f"{top!r} is declared nowhere; {other}, of the same project, imports it right after putting a "
                           "folder known only at run time on sys.path: a module of that folder, which the tree cannot "
                           "show", setting=None)
        outside = dict(self.after_outside_path).get(top)
        if outside is not None:
            where = ("an absolute folder of the machine the file runs on" if ABSOLUTE_FOLDER.match(outside)
                     else "a folder outside the repository (another checkout)")
            return Example(f"{top!r} is declared nowhere and is imported right after the file puts {outside!r}, {where}, "
                           "on sys.path: a module of that folder, which the tree cannot show", setting=None)
        named = dict(self.named_on_path).get(top)
        if named is not None:
            return Example(f"{top!r} is declared nowhere and the file puts {named!r}, a folder of that name the tree "
                           "lacks, on sys.path: a folder of the machine the file runs on, which the tree cannot show",
                           setting=None)  # a registered look-alike stays judged
        on_path = dict(self.on_checkout_path).get(top)
        if on_path is not None:
            return Example(f"{top!r} is declared nowhere and is imported after the file clones {on_path!r} and puts the "
                           "clone's folder on sys.path: a module of that checkout, which the tree cannot show",
                           setting=None)  # a registered look-alike (``import reqeusts``) stays judged
        if self.in_function_checkout:
            url, config = self.in_function_checkout[0]
            return Example(f"{top!r} is declared nowhere; {config}, the Nuclio function configuration of this code, "
                           f"clones {url!r} into a folder the function's PYTHONPATH names: a module of that checkout, "
                           "which the tree cannot show", setting=None)  # a registered look-alike stays judged
        deployed = next(((url, config) for url, config in self.in_deployment_checkout if named_after(top, url)), None)
        if deployed is not None:
            return Example(f"{top!r} is declared nowhere; {deployed[1]} deploys this file as a Prefect flow whose pull "
                           f"steps clone {deployed[0]!r}, a repository named after it: a module of that checkout, "
                           "which the tree cannot show", setting=None)  # a registered look-alike stays judged
        if self.in_space_download is not None:
            repo, meta = self.in_space_download
            return Example(f"{top!r} is declared nowhere; {meta} makes this folder a Forge Space, which Forge fills with "
                           f"the Hugging Face repository {repo!r} and puts on sys.path: a module of that download, which "
                           "the tree cannot show", setting=None)  # a registered look-alike stays judged
        documented = {module: (url, doc) for module, url, doc in self.in_documented_checkout}.get(top)
        if documented is not None:
            return Example(f"{top!r} is declared nowhere and is imported right after the file puts on sys.path a folder "
                           f"of a {documented[0]!r} checkout, which {documented[1]} tells the reader to clone: a module "
                           "of that checkout, which the tree cannot show", setting=None)  # a look-alike stays judged
        submodule = dict(self.in_submodule).get(top)
        if submodule is not None:
            return Example(f"{top!r} is declared nowhere and is imported right after the file puts on sys.path the folder "
                           f"of the git submodule {submodule!r} (.gitmodules), which the tree does not check out: a "
                           "module of that submodule, which the tree cannot show", setting=None)  # a look-alike stays judged
        tail = {name: (written, sub) for name, written, sub in self.named_in_submodule}.get(top)
        if tail is not None:
            return Example(f"{top!r} is declared nowhere and the file puts on sys.path a folder ending {tail[0]!r}, a "
                           f"folder of that name in the git submodule {tail[1]!r} (.gitmodules), which the tree does not "
                           "check out: a module of that submodule, which the tree cannot show",
                           setting=None)  # a registered look-alike stays judged
        if self.copied_into_submodule is not None:
            script, sub = self.copied_into_submodule
            return Example(f"{top!r} is declared nowhere, and {script} copies the file into the git submodule {sub!r} "
                           "(.gitmodules), which the tree does not check out, where it runs: a module of that submodule, "
                           "which the tree cannot show", setting=None)  # a look-alike stays judged
        cloned = dict(self.in_checkout).get(top)
        if cloned is not None and url_relates(top, cloned):  # (``import reqeusts`` after the clone stays judged)
            return Example(f"{top!r} is declared nowhere and is imported after the file clones {cloned!r} and changes "
                           "into its folder: a module of that checkout, which the tree cannot show and which comes first "
                           "on sys.path", any_verdict=True, setting=None)
        if self.generated:
            folder, rule = self.generated[0]
            more = f" (and {len(self.generated) - 1} more such folders)" if len(self.generated) > 1 else ""
            return Example(f"{top!r} is declared nowhere and may be generated into {folder}{more}, which the file "
                           f"puts on sys.path and git ignores ({rule}): build output absent from the tree, whose "
                           "modules the tree cannot show", any_verdict=True, setting=None)
        if self.url_policy == "none":
            return None
        fetched = frozenset(dep for dep in self.opaque if not popular_direct_reference(dep))
        scope = frozenset(dep for dep in self.scope_opaque if not popular_direct_reference(dep))
        if self.url_policy == "scope":
            fetched = fetched | scope
        elif scope:
            fetched = fetched | {dep for dep in scope if url_relates(top, dep)}
        if not fetched:
            return None
        first = sorted(fetched, key=lambda s: (len(s), s))[0]
        shown = first if len(first) <= 90 else first[:87] + "..."  # repr below: the reporters escape the rest
        more = f" (and {len(fetched) - 1} more)" if len(fetched) > 1 else ""
        return Example(f"{top!r} is declared nowhere, and its scope installs {shown!r}{more} from a URL or a "
                       "version-control system, which may provide it under another name", any_verdict=True,
                       setting="url-dependency-imports")

    @functools.cached_property
    def _words(self) -> tuple[tuple[str, list[str]], ...]:
        return tuple((d, _tokens(d)) for d in sorted(self.registry | self.elsewhere))

    @functools.cached_property
    def _digit_words(self) -> tuple[tuple[str, list[str]], ...]:
        return tuple((d, _digit_words(d)) for d in sorted(self.registry | self.elsewhere))

    def explain(self, dotted: str, known: tuple[str, str] | None) -> tuple[str, str] | None | Literal[False]:
        """(distribution, import part) the manifests say provides ``dotted``; None when a name from
        elsewhere does (not a registry package); False when the manifests do not explain it.

        In order: a declared name equal to the import or one of its leading parts; the import map's answer
        when it is declared (when only a namespace row guessed it, a declared distribution whose words lead
        the import: :meth:`_namespace_member`); the one declared name with the top-level module's letters (``wikipedia-api``
        provides ``wikipediaapi``); a declared name equal to the second part (``mpl_toolkits.basemap`` from
        ``basemap``); then, when the map knows nothing, a declared name whose words the import's words
        match or abbreviate, fewest extra words first; for a dotted import, a declared name of several words
        all found in its path (``haystack_integrations.components.embedders.google_genai`` from
        ``google-genai-haystack``); last, the one declared name (no other fits) whose words the top-level
        module's words match once its client-library words (``client``, ``sdk``, ``api``, ``python``, ``py``,
        ``lib``, ``core``) are left out and digit runs are words of their own (``influxdb_client_3`` from
        ``influxdb3-python``, ``kafka3`` from ``kafka-python3``; ``openai_helpers`` keeps ``helpers`` and is not
        explained by ``openai``); before that, the one declared name holding every word of a top-level module of
        several words in another order and at most one word more (``fivetran_provider_async`` from
        ``airflow-provider-fivetran-async``: :meth:`_reordered`), and a declared Django REST framework plug-in
        whose ``drf`` the module writes ``rest`` or ``rest_framework`` (``rest_access_policy`` from
        ``drf-access-policy``: :func:`_drf_words`); then
        the one declared name that is the top-level module with a word glued before it (``autoawq``
        provides ``awq``), or that the module glues ``lib`` after (``trezor`` provides ``trezorlib``), or whose words
        the module glues together, its client words left out (``line-bot-sdk`` provides ``linebot``), or that glues the
        words of a module of several words (``py-synologydsm-api`` provides ``synology_dsm``), or whose first word
        the module shortens before gluing the others (``scikit-multilearn`` provides ``skmultilearn``); a name from
        elsewhere that carries every word of the top-level module
        (:meth:`_from_elsewhere`) says the import is not a registry name (None). In a ROS package or a ROS node or
        launch file, another ROS package's generated interface module (``x.msg``, ``x.srv``, ``x.action``) that no registry name declares is
        the ROS distribution's (None)."""
        parts = dotted.split(".")
        if self.ros and len(parts) >= 2 and parts[1] in ROS_INTERFACES and canonicalize_name(parts[0]) not in self.registry \
                and (not self.ros_by_text or INTERFACE_PACKAGE.fullmatch(parts[0])):
            return None  # a ROS package's generated interface module (ros_package.py), from the ROS distribution
        names = self.registry | self.elsewhere
        if not names and not self.hinted:
            return False
        for n in range(len(parts), 0, -1):
            prefix = ".".join(parts[:n])
            if canonicalize_name(prefix) in names:
                return self._judged(canonicalize_name(prefix), prefix)
        if known is not None and canonicalize_name(known[0]) in names:
            return self._judged(canonicalize_name(known[0]), known[1])
        if known is not None:  # a fork published under a prefix: ft-scikit-optimize provides skopt
            # (typeshed's stubs, types-pyyaml, provide no module, and a popular host's plug-in for the distribution,
            # pytest-ansible, provides its own: the import is still the map's distribution's)
            base = canonicalize_name(known[0])
            forks = sorted(d for d in names if d.endswith("-" + base) and not d.startswith("types-")
                           and d[: -len(base) - 1] not in _plugin_hosts())
            if len(forks) == 1:
                return self._judged(forks[0], known[1])
        if len(parts) > 1 and canonicalize_name(parts[1]) in names:
            return self._judged(canonicalize_name(parts[1]), ".".join(parts[:2]))
        if known is not None:
            return self._namespace_member(dotted, known)
        same = [d for d in sorted(names | self.hinted) if alphanumeric(d) == alphanumeric(parts[0])]  # wikipediaapi
        if not same and self.hinted:  # the hint adds only client words: `# needs: pip install python-simplexml`
            own = [w for w in _tokens(parts[0]) if w not in CLIENT_WORDS]
            same = [d for d in sorted(self.hinted) if own and [w for w in _tokens(d) if w not in CLIENT_WORDS] == own]
        if len(same) == 1:
            return self._judged(same[0], parts[0])
        hinted = self._hinted_ends(parts[0])
        if hinted is not None:
            return self._judged(hinted, parts[0])
        for n in range(len(parts), 0, -1):
            words = _tokens(".".join(parts[:n]))
            fits = [(len(dw), d) for d, dw in self._words if _abbreviates(words, dw)]
            if fits:
                return self._judged(min(fits)[1], ".".join(parts[:n]))  # fewest extra words, then by name
        # the one declared name whose words are the top-level module's with runs of digits glued to them: a fork or a
        # major version published under the module's name and a number (``django-q2``, the maintained fork of
        # django-q, provides ``django_q``; a probe of held-out set 279's category, Django back-ends)
        module_words = _tokens(parts[0])
        numbered = [d for d, dw in self._digit_words if any(w.isdigit() for w in dw)
                    and [w for w in dw if not w.isdigit()] == module_words]
        if len(numbered) == 1:
            return self._judged(numbered[0], parts[0])
        if len(parts) > 1:  # a namespace plug-in: every word of the name in the import's path, in any order
            every = set(_tokens(dotted))
            fits = [(-len(dw), d) for d, dw in self._words if len(dw) > 1 and every.issuperset(dw)]
            if fits:
                return self._judged(min(fits)[1], dotted)
        reordered = self._reordered(parts[0])
        if reordered is not None:
            return self._judged(reordered, parts[0])
        drf = _drf_words(_tokens(parts[0]))
        if drf:  # a Django REST framework plug-in: drf-access-policy provides rest_access_policy
            fits = [(len(dw), d) for d, dw in self._words if _abbreviates(drf, dw)]
            if fits:
                return self._judged(min(fits)[1], parts[0])
        words = _digit_words(parts[0])
        unglued = _unglued_py(words)
        top = [w for w in unglued if w not in CLIENT_WORDS]
        # the import's own generic words left out, a digit run glued to a word made a word of its own
        # (``kafka3`` from ``kafka-python3``, whose words are kafka, python, 3), or a ``py`` glued before the
        # first word left out when the distribution names that client word itself (``pyinjective`` from
        # ``injective-py``; sqlalchemy's ``pysqlcipher3`` is not ``sqlcipher3-binary``'s, whose module is sqlcipher3)
        if top and (top != words or top != _tokens(parts[0])):
            fits = [(len(dw), d) for d, dw in self._digit_words if _abbreviates(top, dw)
                    and (unglued == words or any(w in GLUED_CLIENT_PREFIXES for w in dw))]
            if len(fits) == 1:
                return self._judged(fits[0][1], parts[0])
        glued = alphanumeric(parts[0])
        if len(glued) >= GLUED_MIN:  # the one declared name that glues a word before it: autoawq provides awq
            gluing = [d for d in names if len(alphanumeric(d)) > len(glued) and alphanumeric(d).endswith(glued)]
            if len(gluing) == 1:
                return self._judged(gluing[0], parts[0])
            # the one declared name the module glues a ``lib`` after: trezorlib from trezor, safetlib from safet
            suffixed = [d for d in names if len(alphanumeric(d)) >= GLUED_MIN
                        and any(glued == alphanumeric(d) + word for word in GLUED_CLIENT_SUFFIXES)]
            if len(suffixed) == 1:
                return self._judged(suffixed[0], parts[0])
            # the one declared name of several words that the module glues together, its client words left out:
            # linebot from line-bot-sdk (LINE's SDK), the module one word where the distribution spells two; or the
            # other way round, a module of several words the name glues: synology_dsm from py-synologydsm-api
            # (a Home Assistant integration's manifest requirement; held-out set 266's probe)
            split = [w for w in _tokens(parts[0]) if w not in CLIENT_WORDS]
            spelled = "".join(split) if len(split) >= 2 else ""
            joined = [d for d, dw in self._words
                      if (len(own := [w for w in dw if w not in CLIENT_WORDS]) >= 2 and "".join(own) == glued)
                      or (spelled and "".join(own) == spelled)]
            if len(joined) == 1:
                return self._judged(joined[0], parts[0])
            # the one declared name of several words whose first word the module shortens, the others glued after
            # it: skmultilearn from scikit-multilearn, ftlangdetect from fasttext-langdetect (as sklearn, skimage)
            shortened = [d for d, dw in self._words if len(dw) >= 2 and _shortens(glued, dw)]
            if len(shortened) == 1:
                return self._judged(shortened[0], parts[0])
        if self.elsewhere and self._from_elsewhere(parts[0]):
            return None
        return False

    def _hinted_ends(self, top: str) -> str | None:
        """The one name the file's install hints give whose first and last words are those of a top-level module
        of several words, the module's words in order: ``strands_tools`` from the file's own ``pip install
        strands-agents strands-agents-tools``; or, failing that, the one whose leading words are every word of
        such a module, then ``for`` and the host the distribution is named for (leafmap's heremap.py guards
        ``import here_map_widget`` with "pip install here-map-widget-for-jupyter", HERE's distribution of that
        module). A one-word module is not explained so (``requests`` is not ``requests-toolbelt``'s), nor one
        whose words the hint holds in another place or order (``map_widget_here``), nor one the hint adds other
        words to (reviewer r27: an invented, flattened ``llama_index_llms`` under "pip install
        llama-index-llms-openai" is judged as written, not as the hint)."""
        words = _tokens(top)
        if len(words) < 2 or not self.hinted:
            return None
        fits = [d for d in sorted(self.hinted) if (dw := _tokens(d))[0] == words[0] and dw[-1] == words[-1]
                and _abbreviates(words, dw)]
        if not fits:
            fits = [d for d in sorted(self.hinted) if (dw := _tokens(d))[: len(words)] == words
                    and len(dw) > len(words) + 1 and dw[len(words)] == "for"]
        return fits[0] if len(fits) == 1 else None

    def _reordered(self, top: str) -> str | None:
        """The one declared name made of every word of a top-level module of several words, in another order, and
        at most one word more: the host a plug-in names its distribution after (Airflow's third-party provider
        convention, ``airflow-provider-<name>``: ``airflow-provider-fivetran-async`` ships
        ``fivetran_provider_async``, ``airflow-provider-great-expectations`` ships ``great_expectations_provider``).
        Whole words only, none abbreviated; a one-word module is never explained so, and neither is one that two
        declared names fit."""
        words = _tokens(top)
        if len(words) < 2 or len(set(words)) < len(words):
            return None
        fits = [d for d, dw in self._words
                if len(dw) - len(words) <= 1 and len(set(dw)) == len(dw) and set(dw).issuperset(words)]
        return fits[0] if len(fits) == 1 else None

    def _from_elsewhere(self, top: str) -> bool:
        """Whether a name from elsewhere (a direct URL, git, a path: what it installs is not on any index to
        ask) carries every word of the top-level module in its letters, one of them distinctive (5+ letters):
        ``textarena_env`` from ``openenv-textarena @ git+https://…``."""
        return _carried_by(top, self.elsewhere)

    def _namespace_member(self, dotted: str, known: tuple[str, str]) -> tuple[str, str] | None | Literal[False]:
        """For an import whose distribution only a namespace row of the import map guessed (``google.cloud.*``
        -> ``google-cloud-*``): the declared distribution, longest first, whose words are the leading words of
        the import and go past the namespace (``google.cloud.firestore_admin_v1`` ships in the declared
        ``google-cloud-firestore``, not in a ``google-cloud-firestore-admin-v1``), the module's name may glue the
        distribution's words together (``google.cloud.secretmanager_v1`` ships in ``google-cloud-secret-manager``,
        ``resourcemanager_v3`` in ``google-cloud-resource-manager``: microservices-demo); else False."""
        namespace, _, last = known[1].rpartition(".")
        wild = import_map()[1]
        if not namespace or namespace not in wild or wild_guess(wild[namespace], last) != known[0]:
            return False  # an exact row or the environment: what it says stands
        lead, floor = _tokens(dotted), len(_tokens(namespace))
        glued = {"".join(lead[:k]) for k in range(floor + 1, len(lead) + 1)}  # past the namespace, word by word
        fits = [(-len(dw), d) for d, dw in self._words
                if len(dw) > floor and (lead[: len(dw)] == dw or "".join(dw) in glued)]
        return self._judged(min(fits)[1], known[1]) if fits else False

    def _judged(self, name: str, part: str) -> tuple[str, str] | None:
        return None if name in self.elsewhere else (name, part)  # a source elsewhere overrides the registry


def import_refs(text: str, local: Container[str] = frozenset(), declared: Declared | None = None,
                namespaces: frozenset[str] = frozenset(), whole: str | None = None,
                test: bool = False, written_beside: Container[str] = frozenset(),
                judge_guarded: bool = False, held: Callable[[str], str | None] | None = None,
                registered: Container[str] = frozenset(),
                defined: Callable[[str, tuple[str, ...]], str | None] | None = None,
                template: bool = False, sibling: Callable[[str], Example | None] | None = None,
                tree_module: Callable[[str], bool] | None = None,
                documented: Callable[[str], Example | None] | None = None,
                schema: Callable[[str], str | None] | None = None,
                aliased: Callable[[str], Example | None] | None = None,
                image_checked: Callable[[str], str | None] | None = None) -> Iterator[ImportRef]:
    """Every third-party import in Python source ``text``: (pypi, distribution, line, column) and more.

    ``local``: top-level names the project provides; ``declared``: what its manifests declare, which
    decides the distribution of an import they explain (and drops one they take from elsewhere);
    ``namespaces``: the project's PEP 420 namespace folders, local unless a declared distribution explains
    the import; ``whole``: the text in which to look for modules the file writes itself (a notebook's cells
    together; default ``text``); ``test``: the file is a test (its runner's naming or a test folder), where a
    module whose import error the file quotes is the test's made-up data (:func:`_expects_missing`);
    ``written_beside``: modules other files write beside this one at run time (:class:`WrittenBeside`), asked
    only about a name that nothing else explains; ``judge_guarded``: a guarded import that nothing declares
    (:mod:`depguard.ecosystems.pypi.guarded`: its absence handled) is judged strictly, not reported as a note
    when it is missing; ``held``: where the tree holds a module of that name off every import path the view sees
    (:meth:`PythonProject.held_at`), which makes a name no registry has a note (:func:`held_note`); ``registered``:
    the modules the project's own packages that the file imports register in ``sys.modules`` under another name
    (:class:`OwnRegistrations`), asked only about a name nothing else explains; ``defined``: the module file of the
    tree's regular packages named ``top`` that defines every name a ``from top import a, b`` takes
    (:class:`OwnDefinitions`), which makes a name no registry has a note (:func:`defined_note`); ``template``: the
    file is a template its reader copies (:func:`template_file`), where a placeholder name no registry has is a
    note (:func:`template_note`); ``sibling``: the note for a module of a repository of the project's own owner
    that the README links (:func:`~depguard.ecosystems.pypi.sibling_repos.sibling_note`), asked only about a name
    nothing else explains; ``tree_module``: whether a dotted module path is a module file or regular package of the
    tree below one of the view's import roots (:func:`_tree_module`); ``documented``: the note for a module whose
    file a command in a document of the file's folder or one above names
    (:func:`~depguard.ecosystems.pypi.documented_files.documented_file_note`), asked only about a name nothing else
    explains; ``schema``: the tree's protobuf schema whose generated module a dotted path is
    (:meth:`PythonProject.schema_of`), which makes a name no registry has a note (:func:`schema_note`); ``aliased``: the
    note for the project's own package with its major version appended, as a version-suffixed build of the project
    names it (:func:`~depguard.ecosystems.pypi.version_aliases.version_alias_note`), asked only about a name nothing
    else explains; ``image_checked``: the Dockerfile of the file's folder or one above whose build checks that its image
    can import a module (:func:`_image_checked`), which makes a name no registry has a note
    (:func:`~depguard.ecosystems.pypi.image_checks.image_check_note`)."""
    if "import" not in text:  # every pattern needs the word: no parse for files without it
        return
    src = text.encode("utf-8", errors="surrogatepass")
    handles = "except" in text  # asked once: per import it searched the whole text (reviewer r33)
    std = stdlib()
    done: set[tuple[int, str]] = set()  # (statement, distribution): `from m import a, b` is one mention
    made: dict[int, list[tuple[int, str]]] = {}  # per function: the names module-making calls are given
    for caps in matches("python", src):
        stmt = caps["stmt"][0]
        if stmt.has_error or (stmt.type != "call" and not _starts_statement(src, stmt.start_byte)):
            continue
        if "dynamic" in caps:
            found_name = _dynamic_name(caps["dynamic"][0])
            if found_name is None or _rebound_loader(stmt, text):
                continue
            dotted, node = found_name
        else:
            node = caps["module"][0]
            if _runs_into_slot(src, node.end_byte):
                continue  # `import llm_{{ cookiecutter.underscored }}`: a template's module, named when it is filled in
            dotted = "".join(text_of(node).split())
        top = dotted.split(".", 1)[0]
        if top in std or top in local:
            continue
        runtime = _runtime_module(dotted)  # asked all the same: a note only while missing (runtime_note)
        # from ns import sub: for namespace packages the submodule chooses the distribution
        path = f"{dotted}.{text_of(caps['name'][0])}" if "name" in caps else dotted
        known = known_distribution(path)
        by_manifest = declared.explain(path, known) if declared is not None else False
        if by_manifest is None:
            continue  # the manifest takes it from a URL, a path or the project itself
        if by_manifest is False and top in namespaces:
            continue  # a namespace folder of the project, and no declared distribution provides the name
        if by_manifest is False and (writes_module(text if whole is None else whole, top) or top in written_beside):
            continue  # the file, or a file beside it, writes that module before it is imported
        if by_manifest is False and known is None and top in registered:
            continue  # an own package the file imports puts that module in sys.modules (renpy.pygame as pygame_sdl2)
        hint_only = by_manifest is False or (declared is not None and by_manifest[0] not in declared.registry)
        if test and known is None and hint_only and _expects_missing(text if whole is None else whole, top):
            continue  # a test of import failure: it quotes Python's own error for that module (at most a hint names it)
        if known is None and hint_only and (says_missing_in_test(top) if test else says_missing(top)):
            continue  # a module whose name says it does not exist: made up to fail, the input of an import-error test
        if test and known is None and hint_only and _commented_to_fail(src, stmt):
            continue  # `import borken  # fails on purpose`: a test's input, said on its line to fail
        if test and known is None and hint_only and _mocked_by_with(stmt, top):
            continue  # `with mock(["x"]): import x`: the test imports a stand-in it made for that name
        if test and known is None and hint_only and _named_to_a_call_before(stmt, top, made):
            continue  # `add_mock_package("x", modules={"x_mod": …})` then `import x_mod`: the test made that module
        if test and known is None and hint_only and _raises_import_error(stmt):
            continue  # `with pytest.raises(ImportError): import x`: the test asserts x cannot be imported
        if known is None and hint_only and _local_fallback(stmt, node):
            continue  # `try: import x as y / except ImportError: from . import y`: the project's own module
        if known is None and hint_only and tree_module is not None and _vendored_alternative(stmt, dotted, tree_module):
            continue  # `if has("x"): from x.m import A` / `else: from own.libs.x.m import A`: the project's own copy
        if known is None and hint_only and _packaged_fallback(stmt, dotted):
            continue  # `try: import x / except ImportError: from m import x`: x is m's module, and m is judged
        if known is None and hint_only and _walked_namespace(stmt, node, dotted, text):
            continue  # `try: import ns / except ImportError: pass`, then `ns.__path__` walked: a host's plug-in namespace
        if known is None and hint_only and _own_class_for_type_checkers(stmt, dotted):
            continue  # `if TYPE_CHECKING: import BaseWindow as Window` where the file defines `class BaseWindow`
        example = None
        if by_manifest is not False:
            dist, found = by_manifest
        elif known is not None:
            dist, found = known
            if held is not None and namespace_guess(path):
                # a namespace row only guessed the name from the import's words, as the bare top-level guess below
                # does: the tree's own module of that name is a note too while no registry has it (pygbag's aio)
                example = held_note(top, held(top) or _held_path(held, dotted))
        elif top.startswith("_"):
            continue  # no registry name starts with "_": a private or interpreter module (__pypy__), not a guess to judge
        elif plugin_namespace(path):
            continue  # a namespace its plug-in distributions share, imported whole: no one distribution to guess
        else:
            dist, found = top, top
            example = declared.unknowable(top) if declared is not None else None
            if example is None and declared is not None and declared.guides:
                example = declared.guided(top, _import_handlers(stmt))
            if example is None and handles:
                handlers = _import_handlers(stmt, broad=True)
                # the vendor note reads only handlers of the import's absence (r25 #1: an `except Exception` reports
                # whatever else the try did, a failed download of data as well)
                said = _said_in([h for h in _import_handler_nodes(stmt) if _catches_absence(h)])
                example = (downloaded_note(top, handlers) or system_package_note(top, handlers)
                           or (vendor_note(top, said + _comment_pieces(_comments_above(src, stmt).splitlines()))
                               if said is not None else None))
            if example is None and template:
                example = template_note(top)
            if example is None and sibling is not None:
                example = sibling(top)
            if example is None and held is not None:
                example = held_note(top, held(top) or _held_path(held, dotted))
            if example is None and schema is not None:
                example = schema_note(top, schema(path) or schema(dotted))
            if example is None and documented is not None:
                example = documented(top)
            if example is None and aliased is not None:
                example = aliased(top)
            if example is None and image_checked is not None:
                example = image_check_note(top, image_checked(top))
            if example is None:
                example = extension_note(top, text if whole is None else whole)
            if example is None and defined is not None and dotted == top and (
                    taken := _from_names(stmt) or _attributes_taken(stmt, node, top, text)):
                example = defined_note(top, taken, defined(top, taken))
        if example is None and runtime is not None:
            example = runtime_note(dotted, runtime)
        if example is None and by_manifest is False and known is None and declared is not None and declared.ros:
            example = ros_distribution_note(top)
        if example is None and by_manifest is False and not judge_guarded and (why := guard(stmt)) is not None:
            example = Example(f"an optional import, {why}", setting="judge-guarded-imports")
        if (stmt.start_byte, dist) in done:
            continue
        done.add((stmt.start_byte, dist))
        written = found if len(found) <= len(dotted) else dotted  # as it appears in the source
        module = found if found != written or canonicalize_name(dist) != canonicalize_name(found) else None
        line, col = position(src, node)
        yield ImportRef("pypi", dist, line, col, written, module=module, example=example)


def downloaded_note(top: str, handlers: list[str]) -> Example | None:
    """A note for an import nothing declared explains whose exception handler (``handlers``: their text) gives the
    URL of that very module's file (tokenizers' ``from_spm``: ``import sentencepiece_model_pb2`` fails over to "run
    ``wget https://raw.githubusercontent.com/google/sentencepiece/master/python/src/sentencepiece/
    sentencepiece_model_pb2.py``"): the code says the module is a file downloaded by hand, not a registry's package.
    Only a name no registry has becomes the note; a handler naming any other file leaves the import judged."""
    file_url = re.compile(rf"\bhttps?://[^\s'\"`]*/{re.escape(top)}\.py(?![\w.])")
    for said in handlers:
        m = file_url.search(said)
        if m is not None:
            shown = m.group(0) if len(m.group(0)) <= 120 else m.group(0)[:117] + "..."
            return Example(f"{top!r} is declared nowhere; the handler of its import failing gives the URL of its file "
                           f"({shown!r}): a module downloaded by hand, not a registry's package", setting=None)
    return None


# a system package manager's install command (not pip's, not conda's): what it installs comes from the system's
# package repositories (Debian's python3-apt, FontForge's python3-fontforge), not from a Python registry
SYSTEM_INSTALL = re.compile(r"\b(?P<tool>(?:apt-get|apt|aptitude|dnf|yum|zypper|brew|port|pkg)\s+install|pacman\s+-S\w*"
                            r"|apk\s+add)\b(?P<args>[^\n'\"`;&|()<>]*)")
# the Python wrapping of a system package's name: python3-gi, py3-dbus, fontforge-python
SYSTEM_PYTHON_AFFIX = re.compile(r"^(?:python|py)[23]?-|-(?:python|py)[23]?$")
# the system packages of the interpreter itself and its tooling, which ship no module of the name after the affix
# (python3-dev: headers; python3-pip: pip's; python3-venv, python3-full, python3-minimal …)
NO_MODULE_PACKAGE = re.compile(r"^(?:python|py)[23]?(?:\.\d+)?-(?:dev|pip|venv|setuptools|wheel|distutils|all|minimal|full|"
                               r"tk|doc|dbg|examples|stdlib-extensions|is-python3|lib2to3)$")


def system_package_note(top: str, handlers: list[str]) -> Example | None:
    """A note for an import nothing declared explains whose exception handler tells the reader to install it with a
    system package manager, as a package named for the module (skyfield's ``builders/strip_woff.py``: ``try: import
    fontforge`` / ``except ImportError: print('ImportError, try: sudo apt install python-fontforge')``): the code
    says the module comes from the system's packages (``python-``/``python3-``/``py3-`` and the module's name), not
    from a registry. Only a name no registry has becomes the note; a handler installing a package of another name
    (``apt install libfoo-dev``), or with pip, leaves the import judged."""
    want = alphanumeric(top)
    for said in handlers:
        for m in SYSTEM_INSTALL.finditer(said):
            for word in m.group("args").split():
                name = SYSTEM_PYTHON_AFFIX.sub("", word.lower())
                if not word.startswith("-") and len(want) >= 2 and alphanumeric(name) == want:
                    tool = " ".join(m.group("tool").split())
                    return Example(f"{top!r} is declared nowhere; the handler of its import failing tells the reader to "
                                   f"`{tool} {word}`: a module of the system's packages, not a registry's", setting=None)
    return None


# a step that fetches the module from the address right after it, in one sentence: "Download <module> [installer]
# from <address>", "<module>: install the SDK from <address>" (read with the addresses taken out: "install.html" is no
# step; r24 #4, #10 and #13: "required", "get started", "installed", "installation" and "Please install x
# (https://x.dev)" are none, the latter points to a registry package's homepage as often as not; r25 #1: "could not
# download <address> with <module>" says nothing of where the module comes from)
FETCH_FROM = lazyre.compile(r"\b(?:download\w*|obtain\w*|install(?:ers?)?)\b[^.\n]{0,120}?\bfrom[ \t]*[(<]?[ \t]*$", re.I)
# where a sentence ends: its stop and a space, or a line's end (a string's "\n" too)
SENTENCE_END = lazyre.compile(r"[.!?](?=\s)|\n|\\n")
INSTALLER_FILE = lazyre.compile(r"\.(?:exe|msi|pkg|dmg|zip|tar\.gz|tgz|whl|deb|rpm)(?:[?#]|$)", re.I)
PIP_COMMAND = lazyre.compile(r"\bpip3?(?:\.exe)?[ \t]+install\b", re.I)
WEB_ADDRESS = lazyre.compile(r"\bhttps?://[^\s'\"`<>()\[\]]+")
# addresses of Python package indexes: an install from one of them is a registry's (judged as usual)
INDEX_HOSTS = ("pypi.org", "pythonhosted.org", "pypi.python.org", "anaconda.org", "conda-forge.org")
# a private package index's address, by the index software or service its host is named for (a pypi.acme-corp.net,
# artifactory.acme.io, acme.jfrog.io, repo.fury.io, an AWS CodeArtifact domain) or by the index's path (/simple,
# devpi's /+simple, Artifactory's /api/pypi/, Nexus' /repository/pypi-…): what such an index serves pip installs like
# a registry's, and a name only it serves is the dependency-confusion shape (anyone can register it on PyPI), no
# vendor's module (r25 #11)
PRIVATE_INDEX_HOST = lazyre.compile(r"(?:^|[.-])(?:[a-z0-9]*pypi[a-z0-9]*|devpi|artifactory|nexus|jfrog|cloudsmith|"
                                    r"gemfury|fury|packagecloud|codeartifact)(?:[.-]|$)", re.I)
PRIVATE_INDEX_PATH = lazyre.compile(r"/(?:\+?simple|[\w.+-]*pypi[\w.+-]*)(?:/|$)", re.I)
# documentation sites and pages: a link there explains a module, it does not say where the module comes from
DOCS_HOSTS = ("readthedocs.io", "readthedocs.org", "github.io", "gitlab.io")
DOCS_PATH = lazyre.compile(r"/(?:docs?|documentation|wiki|manual)(?:/|$)", re.I)
# code-hosting sites, whose first two path parts name a repository
CODE_HOSTS = ("github.com", "gitlab.com", "bitbucket.org", "codeberg.org")
# what the vendor note reads of one string or comment: an installer's message is a sentence or two with an address, so
# a longer text (a list of mirrors, a license) is not read, and only its first addresses are (r25 #10)
VENDOR_TEXT_LIMIT = 8192
VENDOR_ADDRESSES = 16


def vendor_note(top: str, said: list[str]) -> Example | None:
    """A note for an import nothing declared explains that lies in a ``try`` whose ``except ImportError`` handles its
    absence, where a string or comment of the handler, or the comment right above the import (``said``: each one
    string's text or one comment), tells the reader in one sentence to fetch the module from a web address that is no
    package index and no documentation page: the module named before the address, with a fetch step governing it
    (download, obtain or install(er) … from the address: QCoDeS' Galil driver, ``import gclib``, else "Download gclib
    installer from https://www.galil.com/…"), or with an installer's address; or a code-hosting repository named for its
    owner and the module, which the sentence says the module is required from as a package (PyMeasure's VirtualBench
    driver: ``# Requires 'pyvirtualbench' package:`` / ``# https://github.com/armstrap/armstrap-pyvirtualbench``;
    r25 #2). The code says the module comes from a vendor's
    installer or a repository, not from a registry. Only a name no registry has becomes the note; text naming another
    module, a pip command (the registry's), a documentation link, only a package index's address (a public one's or a
    private one's: r25 #11), or a fetch step about something else ("could not download <address> with <module>": data
    the try fetched) leaves it judged (r24 #4, r25 #1)."""
    named = re.compile(rf"(?<![\w.-]){re.escape(top)}(?![\w-])", re.I)
    for text in said:
        if not text or len(text) > VENDOR_TEXT_LIMIT or named.search(text) is None:
            continue
        bare, spots = _addresses_taken_out(text)
        if PIP_COMMAND.search(bare):
            continue
        ends = [e.end() for e in SENTENCE_END.finditer(bare)]
        for address, spot in spots[:VENDOR_ADDRESSES]:
            host, _, path = address.split("://", 1)[1].partition("/")
            host = host.lower()
            if not host or _on(host, INDEX_HOSTS) or _on(host, DOCS_HOSTS) or host.startswith("docs.") \
                    or DOCS_PATH.search("/" + path) or PRIVATE_INDEX_HOST.search(host) \
                    or PRIVATE_INDEX_PATH.search("/" + path):
                continue
            # the sentence up to the address (other addresses taken out), which must name the module: from the last
            # sentence end before it (a stop right before the address ends no sentence: no space followed it)
            i = bisect.bisect_right(ends, spot)
            if i and ends[i - 1] == spot and bare[spot - 1] in ".!?":
                i -= 1
            sentence = bare[ends[i - 1] if i else 0:spot]
            if named.search(sentence) is None:
                continue
            step = FETCH_FROM.search(sentence) is not None or INSTALLER_FILE.search(address) is not None \
                or (_requires_package(top).search(sentence) is not None and _repository_holds(host, path, top))
            if step:
                shown = address if len(address) <= 100 else address[:97] + "..."
                return Example(f"{top!r} is declared nowhere; the code around its import tells the reader to fetch it "
                               f"from {shown!r}, no package index: a vendor's or a repository's module, not a "
                               "registry's", setting=None)
    return None


def _addresses_taken_out(text: str) -> tuple[str, list[tuple[str, int]]]:
    """``text`` with each web address replaced by one space, and each address (trailing stops off) with where its space
    stands in that text: one pass, however many addresses (r25 #10)."""
    pieces: list[str] = []
    spots: list[tuple[str, int]] = []
    last = length = 0
    for m in WEB_ADDRESS.finditer(text):
        pieces.append(text[last:m.start()])
        length += m.start() - last
        spots.append((m.group(0).rstrip(".,;:!?"), length))
        pieces.append(" ")
        length += 1
        last = m.end()
    pieces.append(text[last:])
    return "".join(pieces), spots


def _on(host: str, hosts: tuple[str, ...]) -> bool:
    return any(host == h or host.endswith("." + h) for h in hosts)


# an owner's name that is a usual affix of a package's repository (github.com/py/py-x), no owner's own name
AFFIX_OWNERS = frozenset({"python", "py", "lib", "node", "sdk", "client", "api", "core"})


def _requires_package(top: str) -> re.Pattern[str]:
    """A sentence ending in "requires '<top>' package:" (PyMeasure's wording), before the address it gives."""
    return re.compile(rf"\brequires?[ \t]+['\"`]?{re.escape(top)}['\"`]?[ \t]+(?:package|library|module)[ \t]*:?[ \t]*$",
                      re.I)


def _repository_holds(host: str, path: str, top: str) -> bool:
    """Whether ``host``/``path`` is a code-hosting repository named for its owner and the module, both whole
    (github.com/armstrap/armstrap-pyvirtualbench for ``pyvirtualbench``). A repository named like the module, alone
    or with any other affix, is where most registry packages keep their source (r24 #10, #14; r25 #2: python-x,
    x-sdk-python, x-rs, x-api, x-core, x2, xs): no evidence."""
    parts = path.split("/")
    if not _on(host, CODE_HOSTS) or len(parts) < 2:
        return False
    owner, name = alphanumeric(parts[0]), alphanumeric(parts[1].removesuffix(".git"))
    want = alphanumeric(top)
    return len(want) >= 4 and len(owner) >= 3 and owner not in AFFIX_OWNERS and owner != want \
        and name in (owner + want, want + owner)


COMMENT_LINES_ABOVE = 8  # at most this many comment lines above an import are read
ADDRESS_ONLY = lazyre.compile(r"^[ \t]*https?://\S+[ \t]*$")


def _comment_pieces(lines: Iterable[str]) -> list[str]:
    """Each comment line's text (``#`` taken off), a line that is only a web address joined to the line above it
    (``# Requires 'x' package:`` / ``# https://…`` is one sentence)."""
    out: list[str] = []
    for line in lines:
        said = line.strip().lstrip("#").strip()
        if out and ADDRESS_ONLY.match(said):
            out[-1] += " " + said
        else:
            out.append(said)
    return out


def _said_in(handlers: list) -> list[str] | None:
    """What the ``except`` clauses ``handlers`` say to their reader: each string literal's text (adjacent literals
    joined: ``"Download x from "`` ``"https://…"`` is one string) and each comment (:func:`_comment_pieces`), in
    order; None without a handler."""
    if not handlers:
        return None
    strings: list[str] = []
    comments: list[str] = []
    todo = list(reversed(handlers))
    while todo:
        node = todo.pop()
        if node.type == "concatenated_string":
            strings.append("".join(_string_text(c) for c in node.children if c.type == "string"))
        elif node.type == "string":
            strings.append(_string_text(node))
        elif node.type == "comment":
            comments.append(text_of(node))
        else:
            todo.extend(reversed(node.children))
    return strings + _comment_pieces(comments)


def _catches_absence(handler) -> bool:
    """Whether the ``except`` clause ``handler`` names ImportError or ModuleNotFoundError among the types it catches
    (its header, not a ``raise ImportError(…)`` in its body)."""
    body = next((c for c in handler.children if c.type == "block"), None)
    header = handler.text[: (body.start_byte if body is not None else handler.end_byte) - handler.start_byte]
    return re.search(rb"\b(?:ImportError|ModuleNotFoundError)\b", header) is not None


def _string_text(node) -> str:
    """A string literal's text between its quotes (an f-string's fields as written)."""
    start = next((c for c in node.children if c.type == "string_start"), None)
    end = next((c for c in node.children if c.type == "string_end"), None)
    if start is None or end is None:
        return text_of(node)
    return node.text[start.end_byte - node.start_byte: end.start_byte - node.start_byte].decode("utf-8", "replace")


def _comments_above(src: bytes, stmt) -> str:
    """The comment lines directly above the import ``stmt`` (``# Requires 'x' package: https://…``), joined."""
    out: list[str] = []
    end = src.rfind(b"\n", 0, stmt.start_byte)  # the end of the line above
    while end > 0 and len(out) < COMMENT_LINES_ABOVE:
        start = src.rfind(b"\n", 0, end) + 1
        line = src[start:end].strip()
        if not line.startswith(b"#"):
            break
        out.append(line.decode("utf-8", errors="replace"))
        end = start - 1
    return "\n".join(reversed(out))


# a file's own words that it is a template to copy and fill in: "This template class is intended to aid in adding …"
SELF_TEMPLATE = lazyre.compile(r"\b(?:this|a)[ \t]+template\b|\btemplate[ \t]+(?:class|file|module|plug-?in|script)\b", re.I)


def template_file(path: str, text: str) -> bool:
    """Whether the Python file at ``path`` is a template its reader copies and fills in: its name holds the word
    (``templates.py``, a file of templates, is not) and its own text calls it one ("This template class is intended to
    aid …": CellProfiler's ``plugins/segmentationtemplatewithdependencies.py``). A name alone says too little: files
    that render templates are named so as often (``template_filters.py``, ``render_template.py``: r25 #6)."""
    stem = path.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0].lower()
    if "template" not in stem or "templates" in stem:
        return False
    return SELF_TEMPLATE.search(text) is not None


def template_note(top: str) -> Example | None:
    """A note for an import nothing declared explains, in a template file (:func:`template_file`), whose name is the
    reader's own slot described: ``your_`` and a placeholder (:func:`~depguard.examples.placeholder_name`;
    CellProfiler's segmentation template imports ``your_dependency_with_a_long_and_improbable_name``). Only a name no
    registry has becomes the note; a placeholder somebody registered, ``my_api_client``-like names (as likely an
    invented client, r25 #6) and any other name in the template are judged as usual."""
    from ...examples import placeholder_name

    if not top.lower().startswith("your_") or not placeholder_name(top):
        return None
    return Example(f"{top!r} is a placeholder name in a template file, written to be replaced by the reader's own "
                   "module")


# the suffixes of a compiled extension module a distribution builds beside its package (torch's CUDAExtension names:
# DeepEP's `deep_ep_cpp`, causal-conv1d's `causal_conv1d_cuda`, `<x>_C`, `<x>_ext`)
EXTENSION_SUFFIX = re.compile(r"(?P<base>[A-Za-z_]\w{2,}?)_(?:cpp|cuda|C|ext|cuda_ext|cpp_ext)\Z")


def extension_note(top: str, text: str) -> Example | None:
    """A note for an import of ``top`` that nothing explains, named ``<x>_cpp``, ``<x>_cuda``, ``<x>_C`` or ``<x>_ext``,
    in a file that imports ``<x>`` itself: the compiled extension module ``<x>``'s distribution builds beside its
    package (xtuner's deepep_op.py: `from deep_ep import Buffer, EventOverlap` and `from deep_ep_cpp import
    EventHandle`, DeepEP's setup.py `CUDAExtension(name='deep_ep_cpp', ...)`; held-out spot set 224). ``<x>`` is judged
    as usual. Only a name no registry has becomes the note, and never beside a distribution of PyPI's popular list,
    whose modules are known (a made-up `torch_cuda` beside `import torch` stays judged)."""
    m = EXTENSION_SUFFIX.match(top)
    if m is None:
        return None
    base = m.group("base")
    known = known_distribution(base)
    if canonicalize_name(known[0] if known else base) in popular_names():
        return None
    if not re.search(rf"(?m)^[ \t]*(?:from[ \t]+{re.escape(base)}(?:[ \t.]|$)|import[ \t]+{re.escape(base)}\b(?!\.))", text):
        return None
    return Example(f"{top!r} is declared nowhere, and its file imports {base!r} too: the compiled extension module "
                   f"the distribution of {base!r} builds beside its package", setting=None)


def _held_path(held: Callable[[str], str | None], dotted: str) -> str | None:
    """Where the tree holds the module file or package of the whole dotted path (``multivariate.datasets.grouper``:
    ``…/multivariate/datasets/grouper.py``), found through the held place of its last part, or None: a folder
    holding no module of its own is a namespace package only for an import that reaches a module below it (gluonts'
    robust-mts-attack/multivariate/; a bare ``import x`` of a module-less folder stays judged: r25 #12)."""
    parts = dotted.split(".")
    if len(parts) < 2:
        return None
    where = held(parts[-1])
    if where is None or not where.endswith(".py"):  # a module file: a folder alone is no module the import can use
        return None
    stem = where.removesuffix("/__init__.py").removesuffix(".py")
    tail = "/".join(parts)
    return where if stem == tail or stem.endswith("/" + tail) else None


def held_note(top: str, where: str | None) -> Example | None:
    """A note for an import of ``top`` that no manifest explains, no import path the view sees reaches, and that the
    tree holds elsewhere (``where``: the module file or package): the project's own module, imported by a script run
    with that folder on its path (``PYTHONPATH=examples/community python scripts/convert.py``, a bootstrap that
    adds it). Only a name no registry has becomes the note (``Example.any_verdict`` is false): a name somebody
    registered is judged as usual, since ``pip install`` of it would fetch theirs. None when the tree has none."""
    if where is None:
        return None
    return Example(f"{top!r} is on no import path the tree shows, but the tree holds a module of that name "
                   f"({where}): the project's own, imported with its folder on the path", setting=None)


def schema_note(top: str, schema: str | None) -> Example | None:
    """A note for an import of ``top`` that no manifest explains, whose dotted path is the module protoc (or a protoc
    plug-in) generates from the tree's protobuf ``schema`` at that path below the schema's include folder
    (opentelemetry-python's codegen tests: their conftest runs ``grpc_tools.protoc -I tests/proto`` into a temporary
    folder put on sys.path, and the tests import ``otel_test_json.test.v1.test_pb2`` of
    ``tests/proto/otel_test_json/test/v1/test.proto``). Only a name no registry has becomes the note (as
    :func:`held_note`); an import whose path mirrors no schema stays judged."""
    if schema is None:
        return None
    return Example(f"{top!r} is on no import path the tree shows, but its dotted path is the module generated from the "
                   f"tree's protobuf schema {schema} (protoc writes it at the schema's path below its include folder): "
                   "the project's own, built before it is imported", setting=None)


def defined_note(top: str, taken: tuple[str, ...], where: str | None) -> Example | None:
    """A note for ``from top import a, b`` that no manifest explains and no import path the view sees reaches, where
    the tree's regular packages hold a module file ``top.py`` (``where``) defining every name it takes: the project's
    own module, copied beside the script or imported with its folder on the path (marqo's GPT example's ``from text
    import split_text``, its src/marqo/s2_inference/processing/text.py). Only a name no registry has becomes the note
    (as :func:`held_note`); a module of that name that lacks one of the names leaves the import judged."""
    if where is None:
        return None
    return Example(f"{top!r} is on no import path the tree shows, but the tree's {where} defines "
                   f"{', '.join(taken)}: the project's own module, copied beside the script or imported with its "
                   "folder on the path", setting=None)


def _from_names(stmt) -> tuple[str, ...]:
    """The names ``from m import a, b as c`` takes (``a``, ``b``); empty for any other statement or a ``*`` import."""
    if stmt.type != "import_from_statement":
        return ()
    taken = []
    for node in stmt.children_by_field_name("name"):
        name = node.child_by_field_name("name") if node.type == "aliased_import" else node
        if name is None or name.type != "dotted_name" or "." in text_of(name):
            return ()
        taken.append(text_of(name))
    return tuple(taken)


ATTRIBUTES_TAKEN = 16  # at most this many names a bare import's module is asked to define
# a bare import must use at least this many names the tree's module defines: one shared name is weak evidence
# (pwntools' examples/android.py runs `import gdb` and `gdb.debug(...)` meaning pwnlib.gdb, which defines debug: the
# reviewed true problem stays flagged)
ATTRIBUTES_NEEDED = 2


def _attributes_taken(stmt, module, top: str, text: str) -> tuple[str, ...]:
    """The names ``import top`` (no alias, a top-level module) goes on to use as ``top.name`` in ``text``, in order
    of first use; empty for any other statement. Asked of the tree's own module of that name like a ``from top
    import name`` (:func:`defined_note`): GNU Radio's ``gr-trellis/docs/test_viterbi_equalization1.py`` runs ``import
    fsm_utils`` and uses ``fsm_utils.pam4``, ``c_channel`` and ``make_isi_lookup``, which
    ``gr-trellis/python/trellis/fsm_utils.py`` defines. Empty when fewer than ``ATTRIBUTES_NEEDED`` names are used."""
    if stmt.type != "import_statement" or module.parent is None or module.parent.type == "aliased_import":
        return ()
    used = _attribute_uses(top, text)
    return used[:ATTRIBUTES_TAKEN] if len(used) >= ATTRIBUTES_NEEDED else ()


# `name.attribute` where name starts a dotted path (not `x.name.attribute`, not the tail of a longer word)
ATTRIBUTE_USE = lazyre.compile(r"(?<![\w.])([A-Za-z_]\w*)\.([A-Za-z_]\w*)")


def _attribute_uses(top: str, text: str) -> tuple[str, ...]:
    """The names ``text`` uses as ``top.name``, in order of first use (:func:`_attributes_taken`)."""
    return _all_attribute_uses(text).get(top, ())


@functools.lru_cache(maxsize=4)  # asked per `import x` statement of one text: one pass for every name (reviewer r29:
def _all_attribute_uses(text: str) -> dict[str, tuple[str, ...]]:  # a search per statement was quadratic)
    """For each name ``text`` uses as ``name.attribute`` (:data:`ATTRIBUTE_USE`), its attributes in order of first use."""
    out: dict[str, dict[str, None]] = {}
    for m in ATTRIBUTE_USE.finditer(text):
        out.setdefault(m.group(1), {})[m.group(2)] = None
    return {name: tuple(attributes) for name, attributes in out.items()}


def _local_fallback(stmt, module) -> bool:
    """Whether the import ``stmt`` (``import x as y``) is the body of a ``try`` whose ``except ImportError`` (or
    ``ModuleNotFoundError``) binds ``y`` by a relative import (``from . import y``): the code says the module is
    its own, loaded under another name when a bootstrap has put it there (sqlalchemy's testing plugin:
    ``import sqla_plugin_base as plugin_base``, else ``from . import plugin_base``)."""
    if stmt.type != "import_statement" or module.parent is None or module.parent.type != "aliased_import":
        return False
    alias = module.parent.child_by_field_name("alias")
    if alias is None:
        return False
    name = re.escape(text_of(alias))
    return any(re.search(rf"^\s*from\s+\.[\w.]*\s+import\s+(?:\(\s*)?(?:[\w\s,]*,\s*)?{name}\b(?!\s+as\b)", said, re.M)
               for said in _import_handlers(stmt))


OWN_COPY_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import\b|import[ \t]+([A-Za-z_][\w.]*))", re.M)


def _vendored_alternative(stmt, dotted: str, tree_module: Callable[[str], bool]) -> bool:
    """Whether the import ``stmt`` of ``dotted`` is one branch of a choice whose other branch imports the same
    module path from inside the project's own package: the ``if`` whose ``else`` (or the ``try`` whose ``except
    ImportError``) does ``from own.vendored.<dotted> import …``. The code says the project ships its own copy of
    that module and uses the external one only when it is installed (sktime's Lag-Llama forecaster: ``if
    _check_soft_dependencies("lag-llama"): from lag_llama.gluon.estimator import LagLlamaEstimator`` / ``else: from
    sktime.libs.lag_llama.gluon.estimator import LagLlamaEstimator``). The copy must be in the tree
    (``tree_module``: sktime/libs/lag_llama/gluon/estimator.py; r25 #9). An alternative from another package, a module
    of another path, or a copy the tree does not hold leaves the import judged."""
    alternatives: list[str] = []
    block = stmt.parent
    owner = block.parent if block is not None and block.type == "block" else None
    if owner is not None and owner.type == "if_statement" and owner.child_by_field_name("consequence") == block:
        alternatives = [text_of(c) for c in owner.children if c.type in ("else_clause", "elif_clause")]
    if not alternatives:
        alternatives = _import_handlers(stmt)
    tail = "." + dotted
    for said in alternatives:
        for m in OWN_COPY_IMPORT.finditer(said):
            path = m.group(1) or m.group(2)
            if path.endswith(tail) and path != dotted and tree_module(path):
                return True
    return False


def _packaged_fallback(stmt, dotted: str) -> bool:
    """Whether the import ``stmt`` of the top-level module ``dotted`` is the body of a ``try`` whose ``except
    ImportError`` imports a module of that same name from another package (``from VideoCapture import vidcap``,
    ``import buildconfig.config_emsdk``): the code says where that module lives, and the package it names is judged
    there (pygame's camera backend: ``try: import vidcap as vc`` / ``except ImportError: from VideoCapture import
    vidcap as vc``). A fallback to another module (``try: import ujson as json`` / ``except ImportError: import
    json``) says nothing of the first one, which stays judged."""
    if stmt.type != "import_statement" or "." in dotted:
        return False
    handlers = _import_handlers(stmt)
    if not handlers:  # (before a pattern is compiled for the name: one per import of a file of thousands, 2 ms each)
        return False
    name = re.escape(dotted)
    pattern = re.compile(rf"^\s*(?:from\s+(?P<package>[A-Za-z_][\w.]*)\s+import\s+(?:\(\s*)?(?:[\w\s,]*,\s*)?{name}\b"
                         rf"|import\s+(?P<parent>[A-Za-z_][\w.]*)\.{name}\b)", re.M)
    for said in handlers:
        for m in pattern.finditer(said):
            package = m.group("package") or m.group("parent") or ""
            if package.split(".", 1)[0] != dotted:
                return True
    return False


def _walked_namespace(stmt, module, dotted: str, text: str) -> bool:
    """Whether the import ``stmt`` of ``dotted`` (``import ns`` or ``import ns.sub``, not ``from``) is the body of a
    ``try`` that catches ImportError (no plug-in installed), and the file reads the imported package's ``__path__``:
    a host importing the namespace its plug-ins install into, only to walk what is installed there (thonny's
    ``import thonnycontrib.backend`` then ``_load_plugins_from_path(thonnycontrib.backend.__path__, …)``). Such a
    namespace is every plug-in's and no one distribution's (as :func:`plugin_namespace`'s rows), so no registry name
    can be guessed from it. An import whose package is used any other way stays judged."""
    if stmt.type != "import_statement" or not _import_handlers(stmt):
        return False
    bound = dotted
    if module.parent is not None and module.parent.type == "aliased_import":
        alias = module.parent.child_by_field_name("alias")
        bound = text_of(alias) if alias is not None else dotted
    return "__path__" in text and re.search(rf"(?<![\w.]){re.escape(bound)}\s*\.\s*__path__\b", text) is not None


# the condition of an ``if`` whose body only type checkers read
TYPE_CHECKING_TEST = re.compile(r"(?:typing\s*\.\s*)?TYPE_CHECKING")


def _own_class_for_type_checkers(stmt, dotted: str) -> bool:
    """Whether the import ``stmt`` (``import X`` or ``import X as Y``, a single name) lies in the body of an ``if
    TYPE_CHECKING:`` (never run) and the same file defines a module-level class ``X``: the annotation means the
    file's own class, a name for the type checker, not a module anyone installs (pyglet's window/__init__.py: ``if
    TYPE_CHECKING: import BaseWindow as Window`` above ``class BaseWindow(EventDispatcher, ...)``). A name the file
    does not define as a class, or such an import outside a type-checking block, stays judged."""
    if stmt.type != "import_statement" or "." in dotted:
        return False
    node, inside = stmt.parent, False
    while node is not None and node.type != "module":
        if node.type in ("function_definition", "class_definition"):
            return False
        condition, body = node.child_by_field_name("condition"), node.child_by_field_name("consequence")
        if node.type == "if_statement" and condition is not None and body is not None \
                and body.start_byte <= stmt.start_byte < body.end_byte:
            inside = inside or TYPE_CHECKING_TEST.fullmatch(text_of(condition).strip()) is not None
        node = node.parent
    if not inside or node is None:
        return False
    for child in node.children:
        defined = child.child_by_field_name("definition") if child.type == "decorated_definition" else child
        if defined is not None and defined.type == "class_definition":
            name = defined.child_by_field_name("name")
            if name is not None and text_of(name) == dotted:
                return True
    return False


def _import_handlers(stmt, broad: bool = False) -> list[str]:
    """The text of each ``except`` clause catching ImportError (or ModuleNotFoundError) of the ``try`` whose body
    holds the import ``stmt`` (through the body's blocks and ifs: ``if not TYPE_CHECKING:``); none outside a try.
    ``broad``: a clause catching ``Exception``, ``BaseException`` or everything counts too."""
    return [text_of(handler) for handler in _import_handler_nodes(stmt, broad)]


def _import_handler_nodes(stmt, broad: bool = False) -> list:
    """The ``except`` clauses of :func:`_import_handlers`."""
    tried = stmt.parent
    while tried is not None and tried.type in ("block", "if_statement", "else_clause", "elif_clause"):
        tried = tried.parent
    body = tried.child_by_field_name("body") if tried is not None and tried.type == "try_statement" else None
    if body is None or not body.start_byte <= stmt.start_byte < body.end_byte:
        return []
    caught = r"\b(?:ImportError|ModuleNotFoundError|Exception|BaseException)\b|^except[ \t]*:" if broad \
        else r"\b(?:ImportError|ModuleNotFoundError)\b"
    return [handler for handler in tried.children if handler.type == "except_clause"
            and re.search(caught, text_of(handler))]


# a comment that says the import on its line is meant to fail: "fails on purpose", "this should fail",
# "intentionally broken", "expected to raise ImportError"
FAILS_ON_PURPOSE = re.compile(
    r"#.*?(?:\b(?:fail|fails|failing|break|breaks|broken|raise|raises)\b.*?\b(?:on purpose|intentional(?:ly)?|deliberate(?:ly)?)\b"
    r"|\b(?:on purpose|intentional(?:ly)?|deliberate(?:ly)?|expected to|should|must|meant to|supposed to)\b.*?"
    r"\b(?:fail|fails|break|broken|raise|raises)\b)", re.I)


def _commented_to_fail(src: bytes, stmt) -> bool:
    """Whether the comment ending the import's last line says the import is meant to fail (errbot's
    ``tests/borken_plugin/broken.py``: ``import borken  # fails on purpose``, a plug-in whose load error a test
    checks): the module is made up to be missing, the test's input."""
    end = src.find(b"\n", stmt.end_byte)
    tail = src[stmt.end_byte: end if end >= 0 else len(src)].decode("utf-8", errors="replace")
    return tail.lstrip().startswith("#") and FAILS_ON_PURPOSE.match(tail.lstrip()) is not None


def _with_headers(stmt) -> Iterator[str]:
    """The header (``with_clause``) text of each ``with`` statement whose body holds ``stmt``, innermost first, up to
    the enclosing function or class."""
    node = stmt.parent
    while node is not None:
        while node is not None and node.type not in ("with_statement", "function_definition", "class_definition",
                                                      "module"):
            node = node.parent
        if node is None or node.type != "with_statement":
            return
        clause = next((c for c in node.children if c.type == "with_clause"), None)
        if clause is not None:
            yield text_of(clause)
        node = node.parent


def _mocked_by_with(stmt, top: str) -> bool:
    """Whether the import ``stmt`` lies in the body of a ``with`` statement whose header names ``top`` in a string
    literal: the context manager stands a module of that name in (Sphinx's ``with mock(["unknown"]): import
    unknown``, ``with patch.dict(sys.modules, {"x": fake}): import x``), so the import is the test's own stand-in."""
    named = re.compile(rf"""(?<![\w.])['"]{re.escape(top)}(?:\.[\w.]*)?['"]""")
    return any(named.search(header) for header in _with_headers(stmt))


# where a string literal hands its text to a call: an argument, an element of a list, tuple or set argument, or the
# key of a dict argument (``f("x")``, ``f(["x"])``, ``f(modules={"x": …})``)
CALL_ARGUMENT_PARENTS = ("argument_list", "keyword_argument", "list", "tuple", "set", "dictionary", "pair")
# a call whose name says it makes a module or a package stand-in: micropip's ``add_mock_package``, ``make_module``,
# ``create_fake_module``, ``types.ModuleType``; never ``patch``/``setattr`` (their targets are the real module's),
# ``importorskip``, a logger's name or an installer's argument list (r24 #1); the noun ends the name (r25 #5: a call
# that reads or analyses modules, ``build_module_graph``, ``create_module_index``, ``fake_package_index``, makes none)
MAKES_A_MODULE = lazyre.compile(r"(?i)(?:mock|fake|stub|dummy)\w*(?:package|module|pkg|distribution)s?$"
                                r"|^(?:make|create|new|build)_?(?:\w+_)?module$|^ModuleType$")


def _named_to_a_call_before(stmt, top: str, made: dict[int, list[tuple[int, str]]]) -> bool:
    """Whether, earlier in the function that holds the import ``stmt``, a call that makes a module stand-in
    (``MAKES_A_MODULE``) is given the module's name as a string of its own (``top`` or ``top.sub``, as an argument, a
    list element or a dict key): the test makes the module it then imports (micropip's ``add_mock_package("test_2",
    "1.2.0", modules={"t1": …})`` then ``import t1``). ``made`` keeps each function's (end, name) pairs, found in
    one walk. An import at module level, a name no such call was given, and a name handed to any other call (a pip
    argument list, a patch target) are judged."""
    func = stmt.parent
    while func is not None and func.type != "function_definition":
        func = func.parent
    if func is None:
        return False
    given = made.get(func.start_byte)
    if given is None:
        given = made[func.start_byte] = _strings_given_to_module_makers(func)
    return any(end <= stmt.start_byte and name == top for end, name in given)


def _strings_given_to_module_makers(func) -> list[tuple[int, str]]:
    """(end byte, top-level name) of each literal module name (:func:`_dynamic_name`) in ``func`` handed to a call
    that makes a module."""
    out: list[tuple[int, str]] = []
    todo = [func]
    while todo:
        node = todo.pop()
        if node.type == "string":
            if (named := _dynamic_name(node)) is not None and _given_to_module_maker(node):
                out.append((node.end_byte, named[0].split(".", 1)[0]))
            continue
        todo.extend(node.children)
    return out


def _given_to_module_maker(node) -> bool:
    """Whether the string ``node`` is handed to a call that makes a module (``MAKES_A_MODULE``, by the callee's last
    name): its parents up to the call's argument list are only containers (``CALL_ARGUMENT_PARENTS``), and it is a
    dict's key, not its value."""
    child, parent = node, node.parent
    while parent is not None and parent.type in CALL_ARGUMENT_PARENTS:
        if parent.type == "pair" and parent.child_by_field_name("key") != child:
            return False
        if parent.type == "keyword_argument" and parent.child_by_field_name("value") != child:
            return False
        if parent.type == "argument_list":
            call = parent.parent
            callee = call.child_by_field_name("function") if call is not None and call.type == "call" else None
            if callee is None:
                return False
            last = text_of(callee).rsplit(".", 1)[-1]
            return MAKES_A_MODULE.search(last) is not None
        child, parent = parent, parent.parent
    return False


# a with header that expects the import in its body to fail: ``pytest.raises(ImportError, match=…)``,
# ``self.assertRaises(ModuleNotFoundError)``, ``assertRaisesRegex((ImportError, …), …)``
EXPECTS_IMPORT_ERROR = re.compile(r"\b(?:raises|assertRaises|assertRaisesRegexp?)\s*\(\s*\(?\s*(?:[\w.]*\.)?"
                                  r"(?:ImportError|ModuleNotFoundError)\b")


def _raises_import_error(stmt) -> bool:
    """Whether the import ``stmt`` lies in the body of a ``with`` whose header expects ImportError (``with
    pytest.raises(ImportError, match="disabled by IPython"): import ipython_denied_module``): the test asserts the
    module cannot be imported, so it is the test's made-up name, never a dependency."""
    return any(EXPECTS_IMPORT_ERROR.search(header) for header in _with_headers(stmt))


def _expects_missing(text: str, top: str) -> bool:
    """Whether ``text`` quotes the interpreter's error for importing ``top``, ``No module named 'top'``: a test
    that imports a name made up to be missing and checks the error (haystack's ``with LazyImport(): import
    a_module`` and its expected message). The import is the test's data, not a dependency."""
    return "No module named" in text and re.search(rf"""No module named \\?['"]?{re.escape(top)}\\?['"]?(?![\w.])""",
                                                   text) is not None


def _starts_statement(src: bytes, start: int) -> bool:
    """Whether an import statement at byte ``start`` begins a statement of its line: nothing before it but
    indentation, or a ``;`` or ``:`` (``if x: import y``). Otherwise it is the tail of a line the grammar
    recovered from, not an import: a template's ``from {{folder_name}}.crews.crew import ContentCrew`` (crewAI's
    project templates) parses as an error and then ``import ContentCrew``."""
    before = src[src.rfind(b"\n", 0, start) + 1:start].strip()
    return not before or before.endswith((b";", b":"))


# what a template's slot opens with (Jinja and cookiecutter ``{{ }}``/``{% %}``, Backstage's ``${{ }}``, ERB/EJS ``<%``,
# ``[[ ]]``, str.format's ``{x}``): no character of them can follow a module's name in Python
SLOT_OPENERS = b"{$[<%"


def _runs_into_slot(src: bytes, end: int) -> bool:
    """Whether an imported module's name runs straight on, with no space, into a template's slot: simonw/llm-plugin's
    cookiecutter test ``import llm_{{ cookiecutter.underscored }}`` parses as ``import llm_`` and a stray set, and
    ``llm_`` is the front of the name the template writes when it is filled in, never a module of its own. Python
    allows none of these characters right after an import's name, so a real import never ends so."""
    return end < len(src) and src[end] in SLOT_OPENERS


PYTHON_WORD = re.compile(r"python|ipython|\bpy\d*\b|pyspark|sage|mojo|xonsh|coconut|\bhy\b", re.I)


def python_kernel(metadata) -> bool:
    """Whether a notebook's code is Python: true unless its metadata names a language and nothing in it
    (language name, kernel name, lexer, CodeMirror mode, file extension) says Python or a superset of it
    (``python3``, ``ipython3``, PySpark, Sage, Mojo …). A notebook that names no language is read."""
    if not isinstance(metadata, dict):
        return True
    info, spec = metadata.get("language_info"), metadata.get("kernelspec")
    info = info if isinstance(info, dict) else {}
    spec = spec if isinstance(spec, dict) else {}
    mode = info.get("codemirror_mode")
    said = [info.get("name"), info.get("pygments_lexer"), mode.get("name") if isinstance(mode, dict) else mode,
            spec.get("language"), spec.get("name"), spec.get("display_name")]
    words = [w for w in said if isinstance(w, str) and w.strip()]
    if info.get("file_extension") in (".py", ".pyw", ".sage", ".mojo", ".🔥"):
        return True
    return not words or any(PYTHON_WORD.search(w) for w in words)


def cell_list(data) -> list | None:
    """A decoded notebook's cells: nbformat 4's ``cells``, or those of nbformat 3's ``worksheets`` (IPython 1 and 2
    wrote them so; cython's ``docs/examples/Cython Magics.ipynb``); None when it has neither."""
    if not isinstance(data, dict):
        return None
    if isinstance(data.get("cells"), list):
        return data["cells"]
    sheets = data.get("worksheets")
    if isinstance(sheets, list) and sheets and all(isinstance(w, dict) and isinstance(w.get("cells"), list)
                                                   for w in sheets):
        return [cell for w in sheets for cell in w["cells"]]
    return None


def notebook_cells(text: str, data=None, kernel: Callable[[object], bool] | None = None,
                   language: re.Pattern[str] = PYTHON_WORD) -> Iterator[tuple[str, list[int], list[int]]]:
    """(code, line of each code line in the notebook file, column offset of each) for every code cell
    (``data``: the notebook already decoded from ``text``). An nbformat 3 code cell keeps its code in ``input``
    and may name its language (``"language": "python"``); a cell of another language is not Python. ``kernel`` and
    ``language``: another language's (whether the notebook's metadata says it, and a cell's language word)."""
    if data is None:
        data = json.loads(text)
    cells = cell_list(data)
    if cells is None:
        raise ParseError("not a Jupyter notebook (no cells list)", 1)
    if not (kernel or python_kernel)(data.get("metadata")):
        return
    file_lines = text.split("\n")
    cursor, pos = 0, 0  # the file line of the last code line found, and where in it its text ends
    misses = 0
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        said = cell.get("language")
        if isinstance(said, str) and said.strip() and not language.search(said):
            continue
        source = cell.get("source", cell.get("input"))
        pieces = source if isinstance(source, list) else ([source] if isinstance(source, str) else [])
        code_lines = "".join(p for p in pieces if isinstance(p, str)).split("\n")
        lines: list[int] = []
        cols: list[int] = []
        for code_line in code_lines:
            found = -1
            if code_line.strip():
                place = _code_line_place(file_lines, code_line, cursor, pos, bool(lines), misses < MAX_MISSED_SCANS)
                if place is None:
                    misses += 1
                else:
                    found, idx, pos = place
                    cols.append(idx + 1)
                    cursor = found
            if found < 0:
                cols.append(0)
            lines.append(found + 1 if found >= 0 else (lines[-1] if lines else cursor + 1))
        yield "\n".join(code_lines), lines, cols


# How far past the last code line found the next one of a cell kept as one string is looked for on the same file line
# (the blank lines between them, each a "\\n"), and how many code lines the file does not show as written (another
# escape of the same text) are looked for to the file's end: each such search reads the rest of the file, so past
# this many a line is looked for only there and on the next file line (reviewer r32: a notebook of 8,000 lines with
# a Chinese comment each took 22 s, every line searched to the end and placed on line 1)
NEXT_LINE_WINDOW = 200
MAX_MISSED_SCANS = 32


def _code_line_place(file_lines: list[str], code_line: str, cursor: int, pos: int, later: bool,
                     scan: bool) -> tuple[int, int, int] | None:
    """(file line index, index of the code line's text in it, where that text ends) for a notebook's ``code_line``,
    looked for from ``pos`` of file line ``cursor`` on, or None. A list item starts with '"'; a cell kept as one string
    has '\\n' before its ``later`` lines. A notebook saved by Jupyter writes non-ASCII text as it is, one saved with
    json's defaults as \\u escapes: both are looked for."""
    escaped = json.dumps(code_line)[1:-1]
    needles = (escaped,) if code_line.isascii() else (json.dumps(code_line, ensure_ascii=False)[1:-1], escaped)
    line = file_lines[cursor]
    for needle in needles:  # right after the last one: the next item of a list, or of a cell kept as one string
        window = pos + NEXT_LINE_WINDOW + len(needle) + 2
        idx = line.find('"' + needle, pos, window)
        if idx < 0 and later:
            idx = line.find("\\n" + needle, pos, window)
            idx = idx + 1 if idx >= 0 else idx
        if idx >= 0:
            return cursor, idx, idx + 1 + len(needle)
    last = len(file_lines) if scan else min(len(file_lines), cursor + 2)
    for i in range(cursor, last):  # further on: the next cell's first line, past the outputs between
        for needle in needles:
            idx = file_lines[i].find('"' + needle, pos if i == cursor else 0)
            if idx >= 0:
                return i, idx, idx + 1 + len(needle)
    return None


@file_format(PARSER, ("*.py", "*.pyi", "*.pyw", "*.ipynb"), ecosystem="pypi", kind="source",
             description="Python imports (tree-sitter), notebook code cells included")
def parse(source: Source) -> Iterator[Mention]:
    found = _parse(source)
    view = source.hints.python
    if view is not None and view.uncollected and not source.hints.judge_fixtures:
        rel = _relative(source)
        if rel is not None and view.in_uncollected(rel):  # the tests' input (PythonProject.uncollected)
            from ...examples import from_code_text

            found = (m for m in found if m.origin is not Origin.IMPORT and not from_code_text(m))
    yield from found


# a chunk Quarto's Jupyter engine or knitr's reticulate runs: ```{python}, ```{python, echo=FALSE}, ```{python3}
PYTHON_CHUNK = lazyre.compile(r"^\s*```+\s*\{\s*(?:python|ipython)3?\b[^}]*\}\s*$", re.I)
CHUNK_PARSER = "rmarkdown-python-imports"


@file_format(CHUNK_PARSER, ("*.qmd", "*.Rmd", "*.rmd", "*.Rmarkdown"), ecosystem="pypi",
             kind="source", description="Python imports in Quarto and R Markdown {python} chunks")
def parse_chunks(source: Source) -> Iterator[Mention]:
    """The imports of a Quarto or R Markdown document's ``{python}`` chunks, read as the Python source they are: Quarto
    and knitr run them when the document renders (a data-science book's chapters: geocompy's ``.qmd``, the ISLP labs'
    ``.Rmd``), as they run ``{r}`` chunks (:mod:`depguard.ecosystems.cran.imports`). A plain ``python`` code block and a
    chunk shown verbatim (``{{python}}``) run nothing and are not read."""
    if "python" not in source.text:
        return
    from ...parsers._util import chunks_of

    code = chunks_of(source.text, PYTHON_CHUNK)
    if code.strip():  # the document's own reading, kept although it is a document (scan._run_by_document)
        yield from (replace(m, parser=CHUNK_PARSER) for m in parse(source.fragment(code, 1)))


def _parse(source: Source) -> Iterator[Mention]:
    local, declared = file_view(source)
    if source.path.endswith(".ipynb") and source.text.lstrip().startswith("{"):
        yield from _parse_notebook(source, local, declared)
        return
    local = (local | path_modules(source, source.text) | _registered(source) | jvm_packages(source.text)
             | jython_packages(source.text) | clr_namespaces(source.text) | downloaded_folders(source.text) | bundled_packages(source.text)
             | host_companions(source) | netbox_apps(source) | comfyui_modules(source) | webui_modules(source) | solution_modules(source)
             | live_modules(source) | fl_modules(source) | gramps_addon_modules(source) | touchdesigner_modules(source) | cad_host_modules(source)
             | nvda_addon_modules(source) | ayon_addon_modules(source) | ulauncher_modules(source) | slicer_modules(source)
             | appdaemon_modules(source) | openhab_modules(source)
             | uic_widget_modules(source) | weechat_modules(source.text) | irc_client_modules(source.text) | embedded_init_modules(source.text)
             | mx_modules(_root(source), _relative(source)) | importer_notebooks(source, source.text)
             | openedx_platform_modules(source.text, declared.registry))
    test = _is_test(source.path)
    if test and source.hints.python is not None and source.hints.python.data_modules:
        local = local | FixtureModules(source.hints.python, source.text)
    if not declared.ros:  # outside a ROS package, the file may show that it is ROS code itself
        node, launch = ros_code(source.text)
        if node:
            declared = replace(declared, ros=True, ros_by_text=True)
        if launch:  # the launch system's own modules, by their exact names (not by the words they carry: r26 #7)
            local = local | LAUNCH_TOP_LEVEL
    said = joined_literals(said_text(source.text))
    hinted = install_hints(said)
    # (a direct reference, ``pip install lit-gpt@git+https://…``, fetches without hinting a registry name)
    fetched = url_installs(said) if hinted or ("://" in said and "install" in said) else frozenset()
    if hinted or fetched:
        declared = declared.adding(hinted=hinted or None, opaque=fetched)
    from_elsewhere = elsewhere_hints(said)
    if from_elsewhere:
        declared = replace(declared, said_elsewhere=from_elsewhere)
    repositories = named_repositories(said)
    if repositories and imports_a_host_module(source.text):
        declared = replace(declared, said_repositories=repositories)
    if "ImportError" in source.text or "ModuleNotFoundError" in source.text:
        declared = declared.adding(guides=install_guides(source))
    spelled = vcs_requirement_strings(source.text)
    if spelled:  # a requirement fetched from a VCS, handed to the file's own installer helper: related imports only
        declared = replace(declared, scope_opaque=declared.scope_opaque | spelled)
    generated = generated_folders(source, source.text)
    if generated:
        declared = declared.adding(generated=generated)
    after_path = run_time_path_imports(source.text)
    if after_path:
        declared = replace(declared, after_run_time_path=after_path)
    backends = image_backend_modules(source.text)
    if backends:  # torchvision's optional image backend (`get_image_backend() == 'accimage'`)
        declared = replace(declared, image_backends=backends)
    api = competition_api_modules(source.text)
    if api:  # a Kaggle code competition's API module (`env = optiver2023.make_env()`, then `env.iter_test()`)
        declared = replace(declared, competition_api=api)
    rel = _relative(source)
    if source.hints.python is not None and source.hints.python.run_time_imports and rel is not None:
        declared = replace(declared, run_time_import_in=functools.partial(source.hints.python.run_time_import_in,
                                                                          rel=rel))
    outside = _outside_path_imports(source, source.text)
    if outside:  # a literal folder above the repository (a sibling checkout) or an absolute one put on sys.path
        declared = replace(declared, after_outside_path=outside)
    named = _named_path_folders(source, source.text)
    if named:  # a literal folder the tree lacks put on sys.path: an import of its own name is that folder's
        declared = replace(declared, named_on_path=named)
    on_path = checkout_path_imports(source.text)
    if on_path:  # a script that clones a repository and puts its folder on sys.path
        declared = replace(declared, on_checkout_path=on_path)
    documented = documented_checkout_imports(source, source.text)
    if documented:  # a folder of a checkout the project's documents clone, put on sys.path
        declared = replace(declared, in_documented_checkout=documented)
    submodule = submodule_path_imports(source, source.text)
    if submodule:  # a folder of a git submodule the tree does not check out, put on sys.path
        declared = replace(declared, in_submodule=submodule)
    tails = submodule_tail_imports(source, source.text)
    if tails:  # a folder of such a submodule, found from a value known only at run time, put on sys.path
        declared = replace(declared, named_in_submodule=tails)
    copied = copied_into_submodule(source)
    if copied is not None:  # a script of the tree copies the file into a git submodule the tree does not check out
        declared = replace(declared, copied_into_submodule=copied)
    installs: list[Mention] = []
    if is_databricks_source(source.text):  # a Databricks notebook's `# MAGIC %pip install x` cells
        from .databricks_source import magic_commands

        installs = list(magic_commands(source))
        installed = frozenset(m.key.name for m in installs if m.key.ecosystem == "pypi")
        if installed:  # what its own %pip cells install explains its imports, as a Jupyter notebook's do
            declared = declared.adding(installed)
        declared = _run_notebooks_install(source, declared)  # the notebooks its `%run` lines run in its context
    from .pipeline_packages import pipeline_packages

    steps = pipeline_packages(source, test)  # KFP packages_to_install, Ray runtime_env pip, Metaflow @pypi, MLflow
    if steps:  # what the file's pipeline steps install explains its imports, as a requirements file would
        declared = declared.adding(frozenset(m.key.name for m in steps if not m.example))
        installs = installs + steps
    from .run_calls import run_calls

    ran = list(run_calls(source, test))  # what the file runs, judged whatever judge-source-installs says
    ran_installed = frozenset(m.key.name for m in ran if m.key.ecosystem == "pypi")
    if ran_installed:  # what the program installs itself explains its imports (os.system("pip install
        declared = declared.adding(ran_installed)  # openai-whisper"), then `import whisper`: openai-whisper's module)
    if "# /// script" in source.text:  # a PEP 723 script declares what `uv run` installs for it alone
        from .pep723 import script_dependencies

        registry, elsewhere, opaque = script_dependencies(source.text)
        declared = declared.adding(registry, elsewhere, opaque=opaque)
    def refs(text: str) -> Iterator[ImportRef]:
        return import_refs(text, local, declared, _namespaces(source), whole=source.text, test=test,
                           written_beside=WrittenBeside(source),
                           registered=OwnRegistrations(source),
                           judge_guarded=source.hints.judge_guarded_imports,
                           held=source.hints.python.held_at if source.hints.python else None,
                           defined=OwnDefinitions(source),
                           template=template_file(rendered_path(source.path), source.text),
                           sibling=functools.partial(sibling_note, root=_root(source)),
                           documented=functools.partial(_unlisted_file_note, root=_root(source),
                                                        folder=_folder(source)),
                           tree_module=functools.partial(_tree_module, source),
                           schema=source.hints.python.schema_of if source.hints.python else None,
                           aliased=functools.partial(version_alias_note, local=local, own=declared.elsewhere),
                           image_checked=functools.partial(_image_checked_by, source))

    assignment = course_assignment(source.text) or _okpy_assignment(source)
    yield from emit(source, _in_assignment(refs(source.text), assignment,
                                           student_lines(source.text) if assignment else frozenset()), PARSER)
    components = component_imports(source.text)
    if components:  # the modules a Scrapy settings module or spider names by dotted paths, imported as Scrapy will
        lines = source.text.split("\n")

        def placed(ref: ImportRef) -> ImportRef:  # at the path in the settings' own line, said to be a setting's
            at = lines[ref.line - 1].find(ref.written) if ref.line <= len(lines) else -1
            return replace(ref, column=at + 1 if at >= 0 else ref.column, note="a Scrapy setting's component path")

        yield from emit(source, (placed(ref) for ref in refs(components)), PARSER)
    yield from installs
    from .said_installs import said_installs

    yield from ran
    at = {(m.key, m.location.line, m.location.column) for m in ran}
    yield from (m for m in said_installs(source, test) if (m.key, m.location.line, m.location.column) not in at)


def _run_notebooks_install(source: Source, declared: Declared) -> Declared:
    """``declared`` with what the Databricks notebooks that ``source``'s ``%run`` lines run in its context install:
    their ``%pip`` cells' PyPI names, what their code installs from a URL, and the VCS requirements they spell out for
    their installer (as each notebook's own reading counts them for itself)."""
    from .databricks_source import magic_commands, run_notebooks

    folder = _folder(source)
    if folder is None:
        return declared
    for path in run_notebooks(source.text, folder):
        read = source.read_related(path)
        if read is None:
            continue
        shown, text = read
        ran = Source(path=shown, text=text, hints=source.hints)
        installed = frozenset(m.key.name for m in magic_commands(ran) if m.key.ecosystem == "pypi")
        said = joined_literals(said_text(text))
        fetched = url_installs(said) if "://" in said else frozenset()
        declared = declared.adding(installed, opaque=fetched)
        spelled = vcs_requirement_strings(text)
        if spelled:
            declared = replace(declared, scope_opaque=declared.scope_opaque | spelled)
    return declared


def _okpy_assignment(source: Source) -> bool:
    """Whether the file lies in the folder of an okpy-graded assignment (:meth:`PythonProject.in_assignment`)."""
    python = source.hints.python
    rel = _relative(source) if python is not None and python.assignment_folders else None
    return rel is not None and python is not None and python.in_assignment(rel)


def _in_assignment(refs: Iterable[ImportRef], assignment: bool, student: frozenset[int]) -> Iterable[ImportRef]:
    """``refs``, each PyPI import nothing else explains given the course's note when the file is a graded course
    assignment (:mod:`.course_assignments`), but those on the ``student`` lines (written in the student's part)."""
    if not assignment:
        return refs
    return [replace(ref, example=assignment_note((ref.module or ref.written).split(".")[0]))
            if ref.ecosystem == "pypi" and ref.example is None and ref.line not in student else ref for ref in refs]


class FixtureModules:
    """The modules of the project's fixture-data trees that a test file reaches (a container of names): a module
    file or package whose folder the test names in a path string (promptflow's ``with
    inject_sys_path(f"{EAGER_FLOWS_DIR}/multiple_entries"): from entry2 import my_flow2``, ``entry2.py`` being
    ``tests/test_configs/eager_flows/multiple_entries/entry2.py``): the test puts that folder on ``sys.path``.
    A name no fixture tree holds, or one in a folder the test never names, is not local."""

    __slots__ = ("view", "text")

    def __init__(self, view, text: str) -> None:
        self.view = view
        self.text = text

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        for folder in self.view.data_folders(name):
            base = folder.rpartition("/")[2]
            # sphinx.testing names the root tests/roots/test-<name> by <name>: testroot="ext-autosummary"
            for said in (base, base[5:]) if base[:5].lower() in ("test-", "test_") else (base,):
                if said and said in self.text and re.search(rf"(?<=[/'\"\\]){re.escape(said)}(?=[/'\"\\])", self.text):
                    return True
        return False

    def __bool__(self) -> bool:
        return True

    def __iter__(self):
        return iter(())


def _is_test(path: str) -> bool:
    """Whether the file is a test: named as one by its runner (``test_x.py``) or in a test folder."""
    from ...project import TEST_DIRS, TEST_FILE

    folders = path.replace("\\", "/").split("/")
    return TEST_FILE.match(folders[-1]) is not None or any(p.lower() in TEST_DIRS for p in folders[:-1])


INSTALL_HINT = re.compile(r"\b(?:pip3?|uv\s+pip|uv|poetry|pipx)\s+(?:install|add)\s+(?P<options>(?:-{1,2}[\w-]+\s+)*)[`'\"]?"
                          r"(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9])")
# a further name of the same command, up to a closing quote or a word of prose: ``pip install strands-agents
# strands-agents-tools mem0ai``
HINT_PROSE = frozenset({"to", "and", "then", "or", "for", "in", "if", "the", "with", "from", "on", "using", "first",
                        "it", "is", "before", "after", "via", "now", "again"})
NEXT_HINT = re.compile(r"(?:\[[^\]\s]*\])?(?:[<>=!~]=?[^\s`'\"]*)?[ \t]+(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9])"
                       r"(?=[\s`'\"\[<>=!~,;)]|$)")


# an escaped break or tab in a string literal (``"not found! Install with: \\npip install git+https://…"``, LLaVA's
# S2 loader): as printed it ends the word before it, but in the source it glues ``n`` to the command (``\\npip``)
ESCAPED_BREAK = re.compile(r"\\[ntr]")


def said_text(text: str) -> str:
    """A Python file's text with its strings' escaped breaks and tabs blanked (two spaces each: columns kept), so
    that an install command after one (``\\npip install x``) starts a word, as it does when printed."""
    return ESCAPED_BREAK.sub("  ", text) if "\\" in text else text


def _extra_module(top: str, installed: tuple[tuple[str, frozenset[str]], ...]) -> str | None:
    """The one distribution of ``installed`` ((distribution, its extras): a file's install commands', or its
    manifests') requested with an extra named like the top-level module: the extra's words, alone or after one
    short prefix word (IBM's Data Prep Kit: ``pip install "data-prep-toolkit-transforms[
    docling2parquet,doc_chunk]"``, then ``from dpk_doc_chunk import DocChunk``: the extra installs that
    transform, shipped as ``dpk_<transform>``). The tree cannot show that the extra ships the module, so such an
    import is not checked (:meth:`Declared.unknowable`), never judged as the distribution (r23: ``py_docx`` after
    ``pip install "unstructured[docx]"`` passed as unstructured); one whose words are no installed extra's is
    judged as its own name."""
    if not installed:
        return None
    words = _tokens(top)
    fits = {dist for dist, extras in installed for extra in extras
            if (ew := _tokens(extra)) and len("".join(ew)) >= EXTRA_MODULE_MIN
            and (words == ew or (len(words) == len(ew) + 1 and words[1:] == ew and len(words[0]) <= EXTRA_PREFIX_MAX))}
    return next(iter(fits)) if len(fits) == 1 else None


EXTRA_MODULE_MIN = 4  # letters of an extra's name, at least, for a module to be taken for it
EXTRA_PREFIX_MAX = 4  # letters of the prefix word before an extra's name in a module's (dpk_doc_chunk)
REQUIREMENT_EXTRAS = re.compile(r"(?<![\w.-])(?P<name>[A-Za-z0-9][\w.-]*)\[(?P<extras>[\w.-]+(?:\s*,\s*[\w.-]+)*)\]")


def installed_extras(text: str, installed: frozenset[str]) -> tuple[tuple[str, frozenset[str]], ...]:
    """(distribution, extras) of each requirement with extras in ``text`` (``dist[a,b]``) whose distribution is one
    of ``installed`` (the file's own install commands' names)."""
    if "[" not in text:
        return ()
    found: dict[str, set[str]] = {}
    for m in REQUIREMENT_EXTRAS.finditer(text):
        name = canonicalize_name(m["name"])
        if name in installed:
            found.setdefault(name, set()).update(e.strip() for e in m["extras"].split(","))
    return tuple((name, frozenset(extras)) for name, extras in sorted(found.items()))


def install_hints(text: str) -> frozenset[str]:
    """The distributions a Python file itself tells its reader to install (``raise ImportError("... run `pip
    install wikipedia-api`")`` beside a guarded ``import wikipediaapi``, in smolagents): one whose letters are
    an import's explains it (only that: ``pip install requests-toolbelt`` does not make ``import requests``
    the toolbelt's). The named distribution is what is then judged."""
    if "install" not in text and " add " not in text:
        return frozenset()
    from .tools import PIP_INSTALL  # here: the command grammar only for a text that says install

    names: set[str] = set()
    for m in INSTALL_HINT.finditer(text):
        options = m.group("options").split()
        if options and options[-1] in PIP_INSTALL.with_value:
            continue  # the value of an option (``pip install -U -r requirements_flax.txt``: a file), no distribution
        if not DIRECT_REFERENCE.match(text, m.end()):
            names.add(canonicalize_name(m.group("name")))
        end = m.end()
        while (more := NEXT_HINT.match(text, end)) is not None and more.group("name").lower() not in HINT_PROSE:
            if not DIRECT_REFERENCE.match(text, more.end()):
                names.add(canonicalize_name(more.group("name")))
            end = more.end()
    return frozenset(names)


# what follows a name that is a PEP 508 direct reference (``"detectron2 @ git+https://github.com/…"``, zamba's
# DensePose instructions): the distribution comes from that URL, not from the registry, so the hint names no registry
# name (:func:`url_installs` keeps the URL, which makes the file's imports nothing else explains a note)
DIRECT_REFERENCE = re.compile(r"(?:\[[^\]\s]*\])?[ \t]*@[ \t]*(?:(?:git|hg|svn|bzr)\+)?[a-z]+://")


# a conda install command, or a pip install from another index than PyPI's, as a file or a notebook tells its reader
CONDA_HINT = re.compile(r"\b(?:micro)?(?:conda|mamba)\s+install\b(?P<args>[^\n`'\"]*)")
PIP_INDEX_HINT = re.compile(r"\bpip3?\s+install\b(?P<args>[^\n`'\"]*?(?:-i|--index-url)[ \t=]+(?P<index>\S+)[^\n`'\"]*)")
CONDA_VALUE_OPTIONS = frozenset({"-c", "--channel", "-n", "--name", "-p", "--prefix", "--file", "-f"})
HINT_NAME = re.compile(r"(?:[\w.-]+(?:/[\w.-]+)*::)?(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9])(?:[<>=!~][^\s]*)?[,.;:)]?")


def elsewhere_hints(text: str) -> frozenset[str]:
    """The packages a file or a notebook tells its reader to install from elsewhere than PyPI: with conda
    (``conda install -c OpenEye/label/Orion -c omnia oeommtools``), or with pip from another index (``pip install -i
    https://pypi.anaconda.org/openeye/simple openeye-oenotebook``): openff-toolkit's host-guest notebook says so in
    its prose before it imports oeommtools and oenotebook, which PyPI has not. Names from elsewhere, as a conda
    environment's are: an import they explain is not judged on PyPI. A pip install from PyPI with an extra index
    (``--extra-index-url``) is PyPI's, and a word of prose ends the names."""
    if "install" not in text or ("conda" not in text and "mamba" not in text and "-i" not in text
                                 and "--index-url" not in text):
        return frozenset()
    names: set[str] = set()
    for m in CONDA_HINT.finditer(text):
        names |= _hinted_names(m.group("args"), CONDA_VALUE_OPTIONS)
    for m in PIP_INDEX_HINT.finditer(text):
        if "pypi.org" not in m.group("index") and "pythonhosted.org" not in m.group("index"):
            names |= _hinted_names(m.group("args"), INDEX_OPTIONS)
    return frozenset(names)


# a repository's address on a source host, as a file's comment or string names it (``https://github.com/fireeye/flare-emu``,
# ``github.com/owner/name.git``): the part after the owner is the repository's name (group "name"); what follows it
# (``/blob/…``, ``#installation``) is no part of the name. Each part is one run of name characters: linear
SOURCE_REPOSITORY = lazyre.compile(r"(?<![\w.-])(?:https?://)?(?:www\.)?(?:github\.com|gitlab\.com|bitbucket\.org|codeberg\.org)"
                                   r"/[\w.-]+/(?P<name>[\w.-]+?)(?:\.git)?(?![\w.-])")
MAX_REPOSITORIES = 64  # addresses read from one file, at most


def named_repositories(text: str) -> tuple[tuple[str, str], ...]:
    """(canonical name, URL) of the repositories on a source host (GitHub, GitLab, Bitbucket, Codeberg) that a file's
    text names: an IDA Pro script's header says ``# Dependencies: https://github.com/fireeye/flare-emu`` and the script
    imports ``flare_emu`` (mandiant/flare-ida, held-out set 286), a module its users copy from that repository into
    IDA's Python folder; PyPI has no flare-emu. Only an import of the repository's own name (canonicalised:
    ``flare_emu`` is ``flare-emu``) is taken for it (:meth:`Declared.unknowable`): not checked, never passed, when PyPI
    lacks the name; an import the text names no repository of is judged as before."""
    if "github.com" not in text and "gitlab.com" not in text and "bitbucket.org" not in text and "codeberg.org" not in text:
        return ()
    out: dict[str, str] = {}
    for m in SOURCE_REPOSITORY.finditer(text):
        out.setdefault(canonicalize_name(m.group("name")), m.group(0))
        if len(out) >= MAX_REPOSITORIES:
            break
    return tuple(out.items())


# an import statement's module at a line's start (``import idaapi``, ``from ghidra.program import …``)
IMPORT_STATEMENT = lazyre.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_][\w.]*)", re.M)


def imports_a_host_module(text: str) -> bool:
    """Whether a file imports a module of a host application's embedded Python (a ``runtime-modules.tsv`` row: IDA's
    ``idaapi``, Blender's ``bpy``): a script run inside the host, whose other modules its users copy into the host's
    folder from where the script says (:func:`named_repositories`). Elsewhere a repository named like a module is the
    usual home of a registry package, and says nothing (reviewer r24 #10; r39: an invented import under
    ``# Requires 'x' package: https://github.com/acme/x`` stays missing)."""
    return any(_runtime_module(m.group(1)) is not None for m in IMPORT_STATEMENT.finditer(text))


def _hinted_names(args: str, valued: frozenset[str]) -> set[str]:
    """The package names among an install command's arguments: options and their values left out, up to the first
    word of prose or anything that is no name."""
    out: set[str] = set()
    words = args.split()
    i = 0
    while i < len(words):
        word = words[i]
        if word in valued:
            i += 2
            continue
        if word.startswith("-"):
            i += 1
            continue
        m = HINT_NAME.fullmatch(word)
        if m is None or m.group("name").lower() in HINT_PROSE or "://" in word:
            break
        out.add(canonicalize_name(m.group("name")))
        i += 1
    return out


# the arguments up to the end of the line, a shell separator (``;``, ``&&``, ``|``), a backquote or a quote that closes
# a string around the command; a quoted argument (``!python -m pip install
# 'git+https://github.com/facebookresearch/detectron2.git'``) is one of them
# (a quoted argument may end where the Python string literal holding the command ends: ``'pip install "x @ git+…"'``)
INSTALL_ARGS = re.compile(r"\b(?:pip3?|uv\s+pip|uv|poetry|pipx)\s+(?:install|add)\b"
                          r"(?P<args>(?:\\\n|(?<=\s)'[^'\n`]*'(?=[\s;&|\"`]|$)|(?<=\s)\"[^\"\n`]*\"(?=[\s;&|'`]|$)"
                          r"|[^\n`'\";&|])*)",
                          re.M)
FETCHED = re.compile(r"(?:(?:git|hg|svn|bzr)\+[a-z]+|https?)://\S+")
# a PEP 508 direct reference written as one word: ``lit-gpt@git+https://github.com/Lightning-AI/lit-gpt@main``
NAMED_FETCH = re.compile(r"[A-Za-z0-9][\w.-]*(?:\[[^\]\s]*\])?@(?P<url>(?:(?:git|hg|svn|bzr)\+[a-z]+|https?)://\S+)")
# the break between two string literals Python concatenates: ``'pip install "x @ '`` then ``'git+https://…'`` on the
# next line (OpenCompass's perspectivegap.py spells its install command so)
LITERAL_BREAK = re.compile(r"""(?<![\\'"])(?P<q>['"])[ \t]*\r?\n[ \t]*(?P=q)(?!(?P=q))""")


def joined_literals(text: str) -> str:
    """``text`` with the string literals Python concatenates across lines joined (``'pip install "x @ '`` and
    ``'git+https://…"'`` read as one command): for the names and URLs a file says to install, not for places."""
    return LITERAL_BREAK.sub("", text) if "install" in text else text
INDEX_OPTIONS = frozenset({"-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--trusted-host"})


# a module imported over the network (httpimport's github_repo/remote_repo …: pinecone's semantic-text-search
# notebook loads its helper from GitHub): fetched from a URL like an install from one
REMOTE_IMPORT = re.compile(r"\bhttpimport\.(?P<how>github_repo|gitlab_repo|bitbucket_repo|remote_repo|add_remote_repo|load)\s*\(")


def url_installs(text: str, clones: bool = True) -> frozenset[str]:
    """What the install commands in ``text`` fetch from a URL or a VCS (``pip install git+https://…``): a
    notebook's ``!pip install git+https://huggingface.co/spaces/…``, an ImportError telling the reader to run
    ``pip install git+https://github.com/hendrycks/math.git``; each may install any module. An index or a
    links page (``--index-url https://…``) names no package: the names beside it are judged as usual. With
    ``clones``, every repository the text clones where it also installs a local folder (a page's loose reading:
    a script's clones are read step by step, ``project.cloned_installs``)."""
    out: set[str] = {f"httpimport.{m.group('how')}(…)" for m in REMOTE_IMPORT.finditer(text)} if "httpimport" in text else set()
    if "://" not in text:
        return frozenset(out)
    for m in INSTALL_ARGS.finditer(text):
        before = ""
        for word in m.group("args").replace("\\\n", " ").split():
            word = word.strip("'\"")
            if (FETCHED.fullmatch(word) or NAMED_FETCH.fullmatch(word)) and before not in INDEX_OPTIONS:
                out.add(word)
            before = word
    if clones and "clone" in text and LOCAL_INSTALL.search(text):
        for m in CLONE.finditer(text):
            out.update(word for word in m.group("args").split() if FETCHED.fullmatch(word))
    return frozenset(out)


# a string literal that is a pip requirement fetched from a version-control system: ``"git+https://github.com/o/r"``,
# ``'name @ git+ssh://…'`` (no spaces in the URL, nothing else in the string)
VCS_REQUIREMENT = re.compile(r"""(?P<q>['"])(?P<req>(?:[A-Za-z0-9][\w.-]*[ \t]*@[ \t]*)?(?:git|hg|svn|bzr)\+"""
                             r"""(?:https?|ssh|git|file)://[^'"\s]+)(?P=q)""")


def vcs_requirement_strings(text: str) -> frozenset[str]:
    """The requirements fetched from a version-control system that ``text`` (a Python file) spells as string
    literals, whatever it hands them to: BlenderProc installs its optional BOP toolkit into Blender's Python with its
    own helper, ``SetupUtility.setup_pip(["git+https://github.com/thodan/bop_toolkit"])``, then imports
    ``bop_toolkit_lib``. Pip's requirement syntax in a string says what the code installs as plainly as an install
    command does; like a manifest's ``x @ git+…`` (what it fetches may provide any module), it excuses only an import
    whose name relates to the repository's (:func:`url_relates`), as a note."""
    if "+" not in text or "://" not in text:
        return frozenset()
    return frozenset(m.group("req") for m in VCS_REQUIREMENT.finditer(text))


# a link to a repository on a code host, or to a page in it (…/blob/master/INSTALL.md): owner and repository
REPO_LINK = re.compile(r"https?://(?:www\.)?(?P<host>github\.com|gitlab\.com)/(?P<owner>[\w.-]+)/(?P<repo>[\w.-]+)")
INSTALL_PROSE = re.compile(r"\binstall(?:s|ing|ed|ation)?\b", re.I)
NOT_OWNERS = frozenset({"orgs", "users", "sponsors", "topics", "features", "marketplace", "apps", "settings", "about"})


def linked_installs(text: str) -> frozenset[str]:
    """The repositories that a document's paragraphs speaking of installing link to, as ``git+https://host/o/r``
    (DETR's ``d2/README.md``: "To install Detectron2, please follow the [official installation
    instructions](https://github.com/facebookresearch/detectron2/blob/master/INSTALL.md)"): the reader is sent to
    install from that repository, which may provide any module. A paragraph that does not say install, and a link
    to a host's own pages (``github.com/orgs/…``), name none."""
    out: set[str] = set()
    if "install" not in text.lower() or "://" not in text:
        return frozenset()
    for paragraph in re.split(r"\n[ \t]*\n", text):
        if not INSTALL_PROSE.search(paragraph):
            continue
        for m in REPO_LINK.finditer(paragraph):
            repo = m.group("repo").removesuffix(".git")
            if m.group("owner").lower() not in NOT_OWNERS and repo.strip("."):
                out.add(f"git+https://{m.group('host')}/{m.group('owner')}/{repo}")
    return frozenset(out)


# a Markdown link whose text is an acronym (2-10 capitals and digits, maybe in bold or code) to a repository on a code
# host: ``[RAM](https://github.com/OPPOMKLab/recognize-anything)``
ACRONYM_LINK = re.compile(r"\[\s*(?:\*\*|`)?(?P<acronym>[A-Z][A-Z0-9]{1,9})(?:\*\*|`)?\s*\]\(\s*https?://(?:www\.)?"
                          r"(?:github\.com|gitlab\.com)/(?P<owner>[\w.-]+)/(?P<repo>[\w.-]+)")


def acronym_installs(text: str, fetched: frozenset[str]) -> frozenset[str]:
    """For each repository in ``fetched`` (what the document ``text`` installs from a URL or a VCS, as written) that
    a link of the same document names by an acronym, that dependency under the acronym's name (``ram @
    git+https://github.com/xinyu1205/recognize-anything.git``): papers name a model by its acronym and its repository
    by the words (Grounded-Segment-Anything's README links ``[RAM](https://github.com/OPPOMKLab/recognize-anything)``
    and clones xinyu1205/recognize-anything, whose package is ``ram``), so an import of exactly that name relates to
    the checkout (:func:`url_relates`). The link's owner may differ (a repository moved between organisations); its
    repository name must be the installed one's. A link text that is a word (``[Github](…)``) names nothing."""
    if "](" not in text or not fetched:
        return frozenset()
    repos: dict[str, list[str]] = {}
    for dep in fetched:
        url = URL_PATH.search(dep)
        if url:
            last = url.group("path").split("@", 1)[0].rstrip("/").rpartition("/")[2].removesuffix(".git").lower()
            if last:
                repos.setdefault(last, []).append(dep)
    out: set[str] = set()
    for m in ACRONYM_LINK.finditer(text):
        for dep in repos.get(m.group("repo").removesuffix(".git").lower(), ()):
            if m.group("owner").lower() not in NOT_OWNERS and not re.match(r"\s*[A-Za-z0-9][A-Za-z0-9._-]*\s*(?:\[[^\]]*\])?\s*@", dep):
                out.add(f"{m.group('acronym').lower()} @ {dep.strip()}")
    return frozenset(out)


# `git clone URL [DIR]` (`gh repo clone`) where the same text installs a project from a folder (`pip install -e .`,
# `pip install ".[extra]"`, `python setup.py install`): a source checkout, installed from that URL (FastChat's
# docs/awq.md clones mit-han-lab/llm-awq and runs `pip install -e .`, which provides `tinychat`)
CLONE = re.compile(r"\b(?:git\s+clone|gh\s+repo\s+clone)\b(?P<args>[^\n;&|`'\"]*)")
LOCAL_INSTALL = re.compile(r"\b(?:pip3?|uv\s+pip)\s+install\b[^\n;&|]*?\s(?:-e\s+|--editable[=\s]+)?['\"]?\.(?:/[\w./-]*)?"
                           r"(?:\[[^\]\s]*\])?['\"]?(?=[\s;&|`]|$)|\bsetup\.py\s+(?:install|develop)\b", re.M)
# a document of the project named in a file: a GitHub page of it (…/blob/<branch>/docs/awq.md) or a relative path
DOC_REF = re.compile(r"""(?:https?://github\.com/[\w.-]+/[\w.-]+/(?:blob|tree)/[^/\s'"]+/|(?<![\w/.:-]))"""
                     r"""(?P<path>(?:[\w.-]+/)*[\w.-]+\.(?:md|markdown|rst))(?![\w/])""")
GUIDE_LIMIT = 256 * 1024


def install_guides(source: Source) -> tuple[tuple[str, frozenset[str]], ...]:
    """The project's documents ``source`` names (at most 8; a GitHub page's path from the tree's root, a relative
    path from the file's folder, then from the root) that install from a URL or a VCS (:func:`url_installs`), as
    (the reference as written, what they fetch). Read through the recording view: the file's parse is cached
    with them."""
    from ...fsview import text_of as read_text

    rel = _relative(source)
    if rel is None or source.root is None:
        return ()
    folder = rel.rpartition("/")[0]
    found: list[tuple[str, frozenset[str]]] = []
    for m in list(DOC_REF.finditer(source.text))[:8]:
        path = m.group("path")
        tries = [path] if m.start("path") > m.start() else [f"{folder}/{path}" if folder else path, path]
        for candidate in dict.fromkeys(os.path.normpath(t).replace("\\", "/") for t in tries):
            if candidate.startswith(".."):
                continue
            doc = read_text(os.path.join(str(source.root), candidate), GUIDE_LIMIT)
            fetched = url_installs(doc) if doc else frozenset()
            if fetched:
                found.append((m.group(0), fetched))
                break
    return tuple(found)


def file_view(source: Source) -> tuple[AnyOf, Declared]:
    """(local top-level names, declared dependencies) for one file: the project's modules, the modules beside
    the file, in the folders the file puts on ``sys.path`` and those it writes at run time; the module files and
    packages of the folders between the file's and its sub-project's (a script run from one of them: graphrag's
    ``app/ui/sidebar.py`` imports ``app_logic`` of ``app/``, run as ``streamlit run app/home_page.py``); the
    manifests of its folder and the folders above."""
    local = AnyOf(source.hints.local_python_modules, sibling_modules(source.fs_path, MODULE_SUFFIXES),  # no copies
                  _own_packages(source), _extension_sources(source), fortran_modules(source), uploaded_modules(source),
                  _page_runtime(source),
                  GDB_MODULES if speaks_gdb(source.text) else frozenset(), _post_processor(source))
    view = source.hints.python
    rel = _relative(source)
    if view is None or rel is None:
        return local, Declared(url_policy=source.hints.url_dependency_imports)
    folder = rel.rpartition("/")[0]
    local = local | _between(str(source.root), folder, view.project_folder(folder)) | _env_modules(str(source.root), folder) \
        | _image_modules(str(source.root), folder) | loaded_modules(rel, view.gdb_loaded) | vim_modules(rel, view.vim_folders)
    if view.self_rooted:  # a folder above that a module inside it puts on sys.path through its own __file__
        local = local | _rooted_modules(str(source.root), view.self_rooted_above(folder))
    declared = _declared(view, folder, source.hints.url_dependency_imports)
    if declared.registry:
        covering = tuple(s.folder for s in view.scopes if not s.folder or rel.startswith(s.folder + "/"))
        extras = _manifest_extras(str(source.root), covering, declared.registry)
        if extras:
            declared = replace(declared, manifest_extras=extras)
    copied = _package_copy_opaque(view, str(source.root), folder)
    if copied:  # the file lies in a copy of a package another sub-project holds: that sub-project's URL dependencies
        declared = replace(declared, scope_opaque=declared.scope_opaque | copied)
    system = _image_system_packages(str(source.root), folder)
    if system:
        declared = replace(declared, from_system_image=system)
    space = space_download(str(source.root), folder)
    if space is not None:
        declared = replace(declared, in_space_download=space)
    checkouts = function_checkouts(str(source.root), folder)
    if checkouts:
        declared = replace(declared, in_function_checkout=checkouts)
    deployed = deployment_checkouts(str(source.root), rel)
    return local, replace(declared, in_deployment_checkout=deployed) if deployed else declared


@memo(maxsize=1024)
def _rooted_modules(root: str, folders: tuple[str, ...]) -> AnyOf:
    """The modules and folders of ``folders`` (relative to ``root``): the folders above a file that a module inside
    each puts on ``sys.path`` through its own ``__file__`` (:func:`.project.self_rooted_folders`), whose modules the
    file's root-relative imports name (LivePortrait's vendored XPose: ``from util.misc import NestedTensor``)."""
    found = AnyOf()
    for folder in folders:
        found = found | sibling_modules(Path(root, folder, "__init__.py"), MODULE_SUFFIXES)
    return found


ENV_LIMIT = 64 * 1024  # an environment file is a few lines; a larger one is not read
EXTRAS_MANIFESTS = ("pyproject.toml", "setup.cfg", "setup.py", "requirements.txt", "requirements.in", "Pipfile")
EXTRAS_MANIFEST_LIMIT = 256 * 1024
LINE_COMMENT = lazyre.compile(r"(?:^|\s)#.*$", re.M)


@memo(maxsize=1024)
def _manifest_extras(root: str, folders: tuple[str, ...], declared: frozenset[str]
                     ) -> tuple[tuple[str, frozenset[str]], ...]:
    """(distribution, its extras) of the requirements with extras (``dist[a,b]``) that the manifests of ``folders``
    (relative to ``root``: those whose scope covers a file) write, for the distributions among ``declared`` (their
    canonical registry names); comments left out. A module named after one of those extras may be the distribution's
    own (:meth:`Declared.unknowable`): Flagsmith's API imports ``task_processor``, which the extra ``task-processor``
    of its declared ``flagsmith-common`` ships. Poetry's and Pipenv's tables write a dependency's extras as a list
    (``flagsmith-common = {version = "^3", extras = ["task-processor"]}``): read too (:func:`_table_extras`)."""
    view = active()
    texts = []
    for folder in folders:
        for name in EXTRAS_MANIFESTS:
            text = view.read_text(os.path.join(root, folder, name), limit=EXTRAS_MANIFEST_LIMIT)
            if text and "[" in text:
                texts.append(LINE_COMMENT.sub("", text))
                if "extras" in text and name in TABLE_EXTRAS_MANIFESTS:
                    texts.extend(_table_extras(text))
    return installed_extras("\n".join(texts), declared) if texts else ()


TABLE_EXTRAS_MANIFESTS = ("pyproject.toml", "Pipfile")


def _table_extras(text: str) -> list[str]:
    """``name[a,b]`` for each dependency of Poetry's tables (``[tool.poetry.dependencies]``, the old
    ``dev-dependencies`` and each group's) and Pipenv's (``[packages]``, ``[dev-packages]``) written with an
    ``extras`` list; an unreadable file gives none."""
    from ...compat import tomllib  # tomllib is 3.11+; depguard supports 3.10

    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return []
    poetry = data.get("tool", {}).get("poetry", {}) if isinstance(data.get("tool"), dict) else {}
    poetry = poetry if isinstance(poetry, dict) else {}
    groups = poetry.get("group")
    tables = [poetry.get("dependencies"), poetry.get("dev-dependencies"), data.get("packages"), data.get("dev-packages")]
    tables += [g.get("dependencies") for g in groups.values() if isinstance(g, dict)] if isinstance(groups, dict) else []
    out = []
    for table in tables:
        for name, spec in (table.items() if isinstance(table, dict) else ()):
            extras = spec.get("extras") if isinstance(spec, dict) else None
            if isinstance(name, str) and isinstance(extras, list):
                listed = [e for e in extras if isinstance(e, str) and e.strip()]
                if listed:
                    out.append(f"{name}[{','.join(listed)}]")
    return out


@memo(maxsize=1024)
def _env_modules(root: str, folder: str) -> AnyOf:
    """The modules in the folders that the ``.env`` files of ``folder`` (relative to ``root``) and every folder
    above it put on ``sys.path`` with ``PYTHONPATH`` (:func:`env_python_path`): the tools that load such a file
    (VS Code's Python extension for its workspace folder, python-dotenv, pipenv) run the code below it with that
    path, so a module there is the project's own (vscode-python's ``workspace4/one.py`` imports ``hello`` from
    ``../workspace5``, which ``workspace4/.env`` adds). Only ``PYTHONPATH`` lines are looked at."""
    view = active()
    found = AnyOf()
    here = folder
    while True:
        text = view.read_text(os.path.join(root, here, ENV_FILE), limit=ENV_LIMIT)
        if text and "PYTHONPATH" in text:
            for added in env_python_path(text, here):
                found = found | sibling_modules(Path(root, added, "__init__.py"), MODULE_SUFFIXES)
        if not here:
            return found
        here = here.rpartition("/")[0]




DOCKERFILES_READ = 8  # Dockerfiles of one folder looked at for a PYTHONPATH


def _dockerfiles_above(root: str, folder: str) -> Iterator[tuple[str, str, str]]:
    """(folder, file name, text) of the Dockerfiles of ``folder`` (relative to ``root``) and of each folder above it,
    at most :data:`DOCKERFILES_READ` a folder, nearest first. Each folder is listed once a run (:func:`_dockerfiles_in`):
    the sibling folders below one folder of many entries share its listing (reviewer r31: listed again for each of
    them, 2,000 one-file folders side by side took 48 s of a 93 s scan)."""
    here = folder
    while True:
        for name, text in _dockerfiles_in(root, here):
            yield here, name, text
        if not here:
            return
        here = here.rpartition("/")[0]


@memo(maxsize=1024)
def _dockerfiles_in(root: str, here: str) -> tuple[tuple[str, str], ...]:
    """(file name, text) of the Dockerfiles of the folder ``here`` (relative to ``root``), at most
    :data:`DOCKERFILES_READ`."""
    from .image_path import DOCKERFILE

    view = active()
    names = [n for n, sub in view.listdir(os.path.join(root, here)) or [] if not sub and DOCKERFILE.match(n)]
    found = []
    for name in names[:DOCKERFILES_READ]:
        text = view.read_text(os.path.join(root, here, name), limit=ENV_LIMIT)
        if text:
            found.append((name, text))
    return tuple(found)


@memo(maxsize=1024)
def _image_modules(root: str, folder: str) -> AnyOf:
    """The modules in the folders that a Dockerfile of ``folder`` (relative to ``root``) or of a folder above it puts
    on the ``PYTHONPATH`` of an image it copies ``folder`` into (:func:`.image_path.image_python_path`): the code
    runs in that image with that path (katib's tfevent metrics collector imports ``const`` from
    ``pkg/metricscollector/v1beta1/common/``, a package of the tree, because its Dockerfile says
    ``ENV PYTHONPATH …:${TARGET_DIR}/pkg/metricscollector/v1beta1/common/``)."""
    from .image_path import image_python_path

    view = active()
    found = AnyOf()

    def exists(rel: str) -> bool:
        return view.exists(os.path.join(root, rel))

    def is_dir(rel: str) -> bool:
        return view.is_dir(os.path.join(root, rel))

    for here, _name, text in _dockerfiles_above(root, folder):
        if "PYTHONPATH" in text:
            for added in image_python_path(text, here, folder, exists, is_dir):
                found = found | sibling_modules(Path(root, added, "__init__.py"), MODULE_SUFFIXES)
    return found


def _image_checked_by(source: Source, top: str) -> str | None:
    """The Dockerfile of the file's folder or one above that checks its image can import ``top``, or None."""
    root, folder = _root(source), _folder(source)
    return None if root is None or folder is None else _image_checks(root, folder).get(top)


@memo(maxsize=1024)
def _image_checks(root: str, folder: str) -> dict[str, str]:
    """Module -> Dockerfile (relative to ``root``) for the modules a Dockerfile of ``folder`` or of a folder above it
    checks at build time that its image can import (:func:`.image_checks.checked_modules`), nearest first."""
    from .image_checks import checked_modules

    found: dict[str, str] = {}
    for here, name, text in _dockerfiles_above(root, folder):
        for module in sorted(checked_modules(text)):
            found.setdefault(module, f"{here}/{name}" if here else name)
    return found


@memo(maxsize=1024)
def _image_system_packages(root: str, folder: str) -> tuple[tuple[str, str], ...]:
    """(system package, Dockerfile) of each Python binding (``py3-x``, ``python3-x``, ``x-python``) that a system
    package manager installs (``apk add``, ``apt-get install`` …: :data:`SYSTEM_INSTALL`) in a build stage of a
    Dockerfile of ``folder`` or of a folder above it which copies ``folder`` into its image
    (:func:`.image_path.image_runs`): the modules the code there imports from the system's packages (mailcow's
    netfilter image: ``apk add … py3-nftables``, and ``modules/NFTables.py`` imports ``nftables``, which PyPI has
    not). A package without a Python affix (``nftables``, the command-line tool) says nothing of a module."""
    from .image_path import image_runs

    view = active()
    found: list[tuple[str, str]] = []

    def exists(rel: str) -> bool:
        return view.exists(os.path.join(root, rel))

    for here, name, text in _dockerfiles_above(root, folder):
        if not SYSTEM_INSTALL.search(text):
            continue
        shown = f"{here}/{name}" if here else name
        for run in image_runs(text, here, folder, exists):
            for m in SYSTEM_INSTALL.finditer(run):
                found.extend((word, shown) for word in m.group("args").split()
                             if not word.startswith("-") and SYSTEM_PYTHON_AFFIX.search(word.lower())
                             and not NO_MODULE_PACKAGE.search(word.lower()))
    return tuple(dict.fromkeys(found))


def _extension_sources(source: Source) -> frozenset[str]:
    """The extension modules built from the file's folder: a C or C++ source beside it that defines ``PyInit_x``
    in ``x.c``, the function CPython calls to import a compiled module named ``x`` (astropy's
    ``wcs/tests/extension/`` test compiles ``wcsapi_test.c`` into a temporary folder it puts on ``sys.path``, then
    imports ``wcsapi_test``), or declares one with pybind11's or nanobind's ``PYBIND11_MODULE(x, m)`` /
    ``NB_MODULE(x, m)`` (which define ``PyInit_x``); and a build script beside it (``setup.py``, ``tasks.py``,
    ``noxfile.py``, a name with ``build`` in it, as cffi's documentation names them) that calls cffi's
    ``set_source("x", ...)``, which builds the module ``x`` (realpython's ``python-bindings/tasks.py`` builds
    ``cffi_example``, which ``cffi_test.py`` beside it imports). Other Python files are not read for it."""
    if source.fs_path is None:
        return frozenset()
    return _extensions_in(str(source.fs_path.parent))


@memo(maxsize=1024)
def _extensions_in(directory: str) -> frozenset[str]:
    view = active()
    names: set[str] = set()
    for name, is_dir in view.listdir(directory) or ():
        stem, dot, suffix = name.rpartition(".")
        kind = f".{suffix.lower()}" if dot and not is_dir else ""
        if kind in C_SOURCES and stem.isidentifier():
            text = view.read_text(os.path.join(directory, name), limit=C_SOURCE_LIMIT)
            if text is not None:
                if re.search(rf"\bPyInit_{re.escape(stem)}\s*\(", text):
                    names.add(stem)
                names.update(BINDING_MODULE.findall(text))
        elif kind == ".py" and (stem in BUILD_SCRIPTS or "build" in stem.lower()):
            text = view.read_text(os.path.join(directory, name), limit=C_SOURCE_LIMIT)
            if text is not None:
                names.update(dotted.partition(".")[0] for dotted in CFFI_SOURCE.findall(text))
    return frozenset(names)


# an import hook a Python file registers (PEP 302's path hooks, or a finder on sys.meta_path), and the file suffix it
# loads, given as a string assigned to a name saying so (pyparsing's examples/statemachine/statemachine.py:
# ``class PystateImporter(SuffixImporter): suffix = "pystate"`` ... ``sys.path_hooks.append(cls)``)
HOOK_REGISTERED = lazyre.compile(r"\bsys\.(?:path_hooks|meta_path)\.(?:append|insert)\(")
HOOK_SUFFIX = lazyre.compile(r"""\b\w*(?:suffix|extension|ext)\w*\s*=\s*['"]\.?([A-Za-z][A-Za-z0-9]{0,15})['"]""", re.I)
HOOK_FILES_READ = 64  # Python files of one folder looked at for an import hook


@memo(maxsize=1024)
def _hooked_in(directory: str) -> frozenset[str]:
    """The modules an import hook of the folder ``directory`` loads: a Python file there that registers a hook
    (``sys.path_hooks`` or ``sys.meta_path``) and names the suffix it loads (``suffix = "pystate"``), and a file there
    with that suffix, whose stem is then importable (pyparsing's state-machine examples ``import trafficlightstate``
    after ``import statemachine``, which loads ``trafficlightstate.pystate``). A suffix file without such a hook
    beside it, or a hook without the file, excuses nothing. Other folders are not read; asked (through
    :class:`WrittenBeside`) only about a name nothing else explains."""
    view = active()
    entries = [(name, is_dir) for name, is_dir in view.listdir(directory) or ()]
    suffixes: set[str] = set()
    for name in [n for n, is_dir in entries if not is_dir and n.endswith(".py")][:HOOK_FILES_READ]:
        text = view.read_text(os.path.join(directory, name), limit=C_SOURCE_LIMIT)
        if text and HOOK_REGISTERED.search(text):
            suffixes.update(x.lower() for x in HOOK_SUFFIX.findall(text))
    suffixes -= {"py", "pyc", "pyi", "pyw", "pyd", "so"}
    if not suffixes:
        return frozenset()
    out = set()
    for name, is_dir in entries:
        stem, dot, suffix = name.rpartition(".")
        if dot and not is_dir and suffix.lower() in suffixes and stem.isidentifier():
            out.add(stem)
    return frozenset(out)


# a module object put in sys.modules under a name the code gives: "name", "name.sub" or "name" + suffix; not a
# test double or a block (``= MagicMock()``, ``= Mock(...)``, ``= None``)
SYS_MODULES_ALIAS = lazyre.compile(
    r"""\bsys\.modules\[\s*['"]([A-Za-z_]\w*)(?:\.[\w.]*)?['"]\s*(?:\+[^\]\n]*)?\]\s*=(?!=)"""
    r"""(?!\s*(?:None\b|(?:[\w.]*\.)?(?:Magic|NonCallable|Async)?Mock\b))""")
IMPORTED_TOP = re.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*)", re.M)
REGISTRARS_READ_MAX = 2000


class OwnRegistrations:
    """The modules that the project's own packages the file imports register in ``sys.modules`` under a name of
    their own, in their non-test code (a container of names, asked by :func:`import_refs` only about a name nothing
    else explains): Ren'Py's launcher is a game the engine runs; its ``gui7/images.py`` imports ``renpy.store``
    and ``import pygame_sdl2``, a module the engine's own package provides: ``renpy/pygame/__init__.py`` registers
    ``sys.modules["pygame_sdl2" + suffix] = mod`` for each of its modules (``import_as_pygame()``, run at boot).
    Only a package the view finds importable (a regular package on one of its ``sys.path`` folders) that the file
    itself imports counts; a name put there as a test double (``MagicMock()``) or a block (``None``), or registered
    by a test file, is not one. The package's files are read on the first such name, not for every file.

    So are the Java packages JPype's import hook serves once a non-test module of such a package installs it
    (:func:`jvm_packages`), and the package the file itself belongs to counts too, since importing the file runs
    its package first: r5py's ``r5/elevation_model.py`` does ``import com.conveyal.r5``, and the hook is
    ``r5py/util/jvm.py``'s ``import jpype.imports``."""

    __slots__ = ("names", "source")

    def __init__(self, source: Source) -> None:
        self.source = source
        self.names: frozenset[str] | None = None

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        if self.names is None:
            self.names = self._registered()
        return name in self.names

    def _registered(self) -> frozenset[str]:
        source, project = self.source, self.source.hints.python
        if project is None or source.root is None or "import" not in source.text:
            return frozenset()
        view, root = active(), str(source.root)
        found: set[str] = set()
        tops = {m for m in IMPORTED_TOP.findall(source.text) if m in project.modules}
        own = _own_package(source, project.roots)
        for top in sorted(tops | ({own} if own else set())):
            for folder in project.roots:
                package = os.path.join(root, folder, top) if folder else os.path.join(root, top)
                if view.is_file(os.path.join(package, "__init__.py")):
                    found |= _registered_in_package(package)
                    break
        return frozenset(found)


def _own_package(source: Source, roots: Iterable[str]) -> str | None:
    """The top-level package the file lies in below one of the project's import roots (``src/r5py/r5/x.py`` with
    root ``src``: ``r5py``), or None for a file outside every root's packages."""
    rel = _relative(source)
    if rel is None or source.root is None:
        return None
    view = active()
    for folder in sorted(roots, key=len, reverse=True):  # the innermost root first: src/ before the scan root
        inner = rel[len(folder) + 1:] if folder and rel.startswith(folder + "/") else (rel if not folder else None)
        if inner and "/" in inner:
            top = inner.split("/", 1)[0]
            if top.isidentifier() and view.is_file(os.path.join(str(source.root), folder, top, "__init__.py")):
                return top
    return None


@memo(maxsize=256)
def _registered_in_package(package: str) -> frozenset[str]:
    """The names the non-test module files below the package folder ``package`` register in ``sys.modules``
    (:data:`SYS_MODULES_ALIAS`), and the Java packages JPype's import hook serves when one of them installs it
    (:func:`jvm_packages`), at most :data:`REGISTRARS_READ_MAX` files read."""
    from ...project import TEST_DIRS, TEST_FILE

    view = active()
    names: set[str] = set()
    read = 0
    for folder, dirs, files in view.walk(package):
        dirs[:] = [d for d in dirs if d.lower() not in TEST_DIRS and d.isidentifier()]
        for name in files:
            if not name.endswith(".py") or TEST_FILE.match(name) or name == "conftest.py":
                continue
            read += 1
            if read > REGISTRARS_READ_MAX:
                return frozenset(names)
            text = view.read_text(os.path.join(folder, name))
            if text and "sys.modules" in text:
                names.update(SYS_MODULES_ALIAS.findall(text))
            if text and ("jpype" in text or "java" in text):
                names.update(jvm_packages(text))
    return frozenset(names)


class WrittenBeside:
    """The modules a Python file beside ``source`` writes into its own folder at run time (a container of names,
    asked by :func:`import_refs` only about a name nothing else explains): a setup script that opens ``"./x.py"`` (or ``"x.py"``) for writing makes the
    module ``x`` the code beside it imports (micropython-lib's ``webrepl_setup.py`` writes ``./webrepl_cfg.py``
    holding the password, which ``webrepl.py`` imports). Only a file that opens something for writing counts, and
    only a literal naming a module file without a folder. So is a module the developer writes beside the file by
    hand and the tree's ``.gitignore`` keeps out of git by its own name (django-oscar's ``sandbox/settings.py``:
    ``try: from settings_local import *``, and ``.gitignore`` lists ``settings_local.py``): absent from the tree,
    named by a rule that is no wildcard (``*.py`` says nothing of one module), never a registry package; and so is
    such a module or package on a ``sys.path`` folder the project view found above the file, other than the scan root
    itself (a Django project's folder: jumpserver's ``apps/`` holds ``manage.py``, its code imports ``xpack``, the
    closed edition's package that ``.gitignore`` lists as ``xpack`` and that is laid out as ``apps/xpack/``). So is a
    module an import hook registered by a Python file beside it loads from a file of the suffix it names
    (:func:`_hooked_in`: pyparsing's ``trafficlightstate.pystate``). So is a module file a notebook or Python file
    beside it downloads into the folder it runs in, or a notebook's ``%%writefile`` cell writes there (:func:`_saved_in`:
    a book's chapter notebook runs ``!wget https://…/coco_text.py``, and the chapter's next notebooks import ``coco_text``).

    The folder's files are read on the first such name, not for every file: most files import
    only what the standard library, the project and its manifests already explain, and their cached parse then
    depends on none of their neighbours (an edit beside them does not invalidate it)."""

    __slots__ = ("folder", "names", "root", "roots", "tests_above")

    def __init__(self, source: Source) -> None:
        self.folder = str(source.fs_path.parent) if source.fs_path is not None else None
        self.root = str(source.root) if source.root is not None else None
        self.names: frozenset[str] | None = None
        self.roots: tuple[str, ...] = ()
        self.tests_above: tuple[str, ...] = ()
        if self.folder is not None and self.root is not None:
            here = os.path.relpath(self.folder, self.root).replace(os.sep, "/")
            self.tests_above = tuple(os.path.join(self.root, f) for f in _test_folders_above(here))
            project = source.hints.python
            if project is not None:
                self.roots = tuple(os.path.join(self.root, r) for r in project.roots
                                   if r and r != here and (here + "/").startswith(r + "/"))

    def __contains__(self, name: object) -> bool:
        if self.folder is None or not isinstance(name, str):
            return False
        if self.names is None:
            self.names = _written_in(self.folder) | _hooked_in(self.folder) | _saved_in(self.folder)
            for folder in self.tests_above:
                self.names |= _written_in(folder, True)  # its test files only
        if name in self.names:
            return True
        root = self.root
        return root is not None and any(_ignored_beside(folder, root, name) for folder in (self.folder, *self.roots))


class OwnDefinitions:
    """Which module file of the tree's regular packages named ``top`` defines every name of ``from top import a, b``
    at its top level (``def a``, ``class a``, ``a = …``), asked by :func:`import_refs` only about a name nothing else
    explains; at most ``DEFINITIONS_READ_MAX`` files of that name are read, shortest path first."""

    __slots__ = ("project", "root")

    def __init__(self, source: Source) -> None:
        self.project = source.hints.python
        self.root = str(source.root) if source.root is not None else None

    def __call__(self, top: str, taken: tuple[str, ...]) -> str | None:
        if self.project is None or self.root is None:
            return None
        view = active()
        for rel in self.project.packaged_at(top)[:DEFINITIONS_READ_MAX]:
            text = view.read_text(os.path.join(self.root, rel), limit=C_SOURCE_LIMIT) or ""
            if all(name in _top_level_names(text) or name in _block_bindings(text) for name in taken):
                return rel
        return None


# a top-level definition or binding: `def name`, `class name`, `name = …` (an annotation allowed) at column 0
TOP_LEVEL_NAME = lazyre.compile(r"^(?:(?:async[ \t]+)?def|class)[ \t]+([A-Za-z_]\w*)\b|^([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)",
                                re.M)


@functools.lru_cache(maxsize=8)
def _top_level_names(text: str) -> frozenset[str]:
    """The names a module defines or binds at its top level (:data:`TOP_LEVEL_NAME`), in one pass kept per text: a
    ``from top import a, b, …`` of many names was one search of the module per name (l40)."""
    return frozenset(m.group(1) or m.group(2) for m in TOP_LEVEL_NAME.finditer(text))


# a top-level compound statement whose body runs when the module is imported, so that the names its body binds are
# the module's (`if 'RDBASE' in os.environ:`, `else:`, `try:`, `except ImportError:`, `with …:`); not a def or class
MODULE_BLOCK_HEAD = lazyre.compile(r"(?:if|elif|else|try|except|finally|with)\b[^\n]*:[ \t]*(?:#[^\n]*)?$")
# a binding at the start of a line of such a body: `def name`, `class name`, `name = …` (an annotation allowed)
BLOCK_BINDING = lazyre.compile(r"(?:(?:async[ \t]+)?def|class)[ \t]+([A-Za-z_]\w*)|([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)")


@functools.lru_cache(maxsize=8)
def _block_bindings(text: str) -> frozenset[str]:
    """The names a module binds in the body of a top-level ``if``/``else``/``try``/``except``/``with`` block, at that
    body's own indentation (not in a block nested in it, nor in a function or class): module attributes as those
    bound at column 0 are. rdkit's ``rdkit/RDConfig.py`` binds ``RDBaseDir`` and ``RDCodeDir`` under ``if 'RDBASE'
    in os.environ:`` and its old demos' ``import RDConfig`` uses both. One pass over the lines, kept per text."""
    out: set[str] = set()
    in_block, body = False, None
    for line in text.splitlines():
        stripped = line.lstrip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(stripped) == len(line):  # column 0: a new top-level statement
            in_block, body = MODULE_BLOCK_HEAD.match(line) is not None, None
            continue
        if not in_block:
            continue
        indent = line[:len(line) - len(stripped)]
        if body is None:
            body = indent
        if indent != body:
            continue  # a nested block's line, or a line continued
        m = BLOCK_BINDING.match(stripped)
        if m is not None:
            out.add(m.group(1) or m.group(2))
    return frozenset(out)


DEFINITIONS_READ_MAX = 8
GITIGNORE_WILDCARD = re.compile(r"[*?\[]")


def _test_folders_above(here: str) -> list[str]:
    """The folders strictly above the folder ``here`` (relative, POSIX) up to and including the outermost test folder
    (``tests``, ``test`` …) it lies below: the test files there may write a module a file of ``here`` imports at run
    time (werkzeug's ``tests/test_serving.py`` writes ``tmp_path / "real_app.py"``, which the dev server it starts
    runs ``tests/live_apps/reloader_app.py`` to import). Empty outside a test folder."""
    from ...project import TEST_DIRS

    parts = here.split("/") if here not in ("", ".") else []
    at = next((i for i, p in enumerate(parts) if p.lower() in TEST_DIRS), None)
    if at is None:
        return []
    return ["/".join(parts[:n]) for n in range(len(parts) - 1, at, -1)]


@memo(maxsize=1024)
def _ignored_beside(folder: str, root: str, name: str) -> bool:
    """Whether the module ``name`` beside the files of ``folder`` is absent from the tree and the tree's .gitignore
    keeps it out by its own name (a rule whose last part is ``name.py`` or ``name``, no wildcard): a file the
    developer writes by hand (``settings_local.py``)."""
    from ...gitignore import ignoring_rule

    view = active()
    if view.exists(os.path.join(folder, name + ".py")) or view.exists(os.path.join(folder, name)):
        return False
    for written in (name + ".py", name):  # the module file, or the package folder (a rule "xpack" or "xpack/")
        rel = os.path.relpath(os.path.join(folder, written), root).replace(os.sep, "/")
        if rel.startswith("../"):
            return False
        rule = ignoring_rule(root, rel)
        if rule is None or rule.negated:
            continue
        last = rule.pattern.strip().strip("/").rsplit("/", 1)[-1]
        if not GITIGNORE_WILDCARD.search(last) and last in (name + ".py", name):
            return True
    return False


# what is left of a gitignore rule's last part once its wildcards and a module suffix are taken out: a rule that
# names a family by a word of its own (``IGNORE_*``, ``*_local.py``, ``secret_*``), not any file (``*``, ``*.py``)
FAMILY_WORD = re.compile(r"[A-Za-z0-9_-]{3,}")


def ignored_file_note(top: str, root: str | None, folder: str | None) -> Example | None:
    """A note for an import of ``top`` that nothing declared explains, whose module file (or package folder) beside
    the importing file (``folder``, relative to ``root``) is absent and kept out of git by a .gitignore rule naming a
    family of files by a word of its own (:data:`FAMILY_WORD`): Cal-CS-61A-Staff/cs61a-apps keeps ``IGNORE_*`` out of
    git, the files its build copies in (``from IGNORE_scheme_debug import …``). A rule naming the module itself makes
    it local (:func:`_ignored_beside`); a family rule only a note, since only a name no registry has gets it."""
    if root is None or folder is None:
        return None
    from ...gitignore import ignoring_rule

    view = active()
    here = os.path.join(root, folder) if folder else root
    if view.exists(os.path.join(here, top + ".py")) or view.exists(os.path.join(here, top)):
        return None
    for written in (top + ".py", top):
        rule = ignoring_rule(root, f"{folder}/{written}" if folder else written)
        if rule is None or rule.negated:
            continue
        last = rule.pattern.strip().strip("/").rsplit("/", 1)[-1]
        if FAMILY_WORD.search(GITIGNORE_WILDCARD.sub(" ", last).removesuffix(".py")):
            return Example(f"{top!r} is declared nowhere, and {rule.file}:{rule.line} ({rule.pattern!r}) keeps its file "
                           f"beside the importing file out of git: a file the project puts there itself (copied in by "
                           "its build, written by hand), not a registry's package", setting=None)
    return None


def _unlisted_file_note(top: str, root: str | None, folder: str | None) -> Example | None:
    """The note for a module whose file a document hands the reader (:func:`documented_file_note`) or .gitignore keeps
    out of git beside the importing file (:func:`ignored_file_note`)."""
    return documented_file_note(top, root=root, folder=folder) or ignored_file_note(top, root, folder)


WRITE_OPEN = re.compile(r"""\bopen\s*\([^)\n]*,\s*(?:mode\s*=\s*)?['"][wax]b?\+?['"]|\.write_(?:text|bytes)\s*\(""")
WRITTEN_MODULE = re.compile(r"""['"](?:\./)?([A-Za-z_]\w*)\.py['"]""")
WRITERS_READ_MAX = 64


@memo(maxsize=1024)
def _written_in(directory: str, tests_only: bool = False) -> frozenset[str]:
    """The modules (``x`` of a literal ``"x.py"``, ``"./x.py"``) a Python file of ``directory`` (only its test
    files with ``tests_only``) writes: a file that opens something for writing or writes a ``pathlib`` path
    (``.write_text(``, ``.write_bytes(``), absent from the folder itself."""
    from ...project import TEST_FILE

    view = active()
    names: set[str] = set()
    files = [name for name, is_dir in view.listdir(directory) or () if not is_dir and name.endswith(".py")]
    writers = [name for name in files if TEST_FILE.match(name)] if tests_only else files
    for name in writers[:WRITERS_READ_MAX]:
        text = view.read_text(os.path.join(directory, name), limit=C_SOURCE_LIMIT)
        if text and ("open" in text or ".write_" in text) and WRITE_OPEN.search(text):
            names.update(m for m in WRITTEN_MODULE.findall(text) if f"{m}.py" not in files)
    return frozenset(names)


DOWNLOAD_WORDS = ("wget", "curl", "urlretrieve", "hf_hub_download")
CELL_WRITE_WORDS = ("%%writefile", "%%file")
SOURCE_KEY = re.compile(r'^"(?:source|input)"\s*:\s*')


def _saved_in(directory: str) -> frozenset[str]:
    """The modules (``x`` of a saved ``x.py``) a notebook or Python file of ``directory`` downloads into the folder
    it runs in (:func:`.project.downloaded_files`: ``!wget URL/x.py``, ``curl -O URL/x.py``, ``urlretrieve(url,
    "x.py")``), or a notebook's cell writes there (``%%writefile x.py``, ``%%file ./x.py``), absent from the folder
    itself. Practical Deep Learning's chapter-8 OCR notebooks (held-out set 258):
    the first runs ``!wget -nc https://raw.githubusercontent.com/bgshih/coco-text/master/coco_text.py`` and the
    fourth, beside it, imports ``coco_text`` (the chapter's README: "this file is being imported in various
    notebooks"). A notebook's lines are read as its JSON strings, one source line each, without decoding the file
    (its outputs may be megabytes): only lines naming a download are decoded."""
    view = active()
    listing = [name for name, is_dir in view.listdir(directory) or () if not is_dir]
    present = frozenset(listing)
    names: set[str] = set()
    for name in [n for n in listing if n.endswith((".py", ".ipynb"))][:WRITERS_READ_MAX]:
        text = view.read_text(os.path.join(directory, name), limit=C_SOURCE_LIMIT)
        if not text or not any(word in text for word in DOWNLOAD_WORDS + CELL_WRITE_WORDS):
            continue
        if name.endswith(".ipynb"):
            said: list[str] = []
            for line in text.split("\n"):
                if any(word in line for word in DOWNLOAD_WORDS + CELL_WRITE_WORDS):
                    literal = SOURCE_KEY.sub("", line.strip(), count=1).rstrip(",")  # a cell kept as one string
                    try:
                        decoded = json.loads(literal)
                    except ValueError:
                        continue
                    if isinstance(decoded, str):
                        said.append(decoded)
            text = "\n".join(said)
            written = [path.removeprefix("./") for path in CELL_WRITES.findall(text)] if "%%" in text else []
            names.update(path[:-3] for path in written
                         if path.endswith(".py") and path[:-3].isidentifier() and path not in present)
        names.update(saved[:-3] for saved in downloaded_files(text)
                     if saved.endswith(".py") and saved[:-3].isidentifier() and saved not in present)
    return frozenset(names)


# cffi's out-of-line build: ffi.set_source("package._module", ...)
CFFI_SOURCE = re.compile(r"""\.set_source\(\s*["']([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)["']""")
BUILD_SCRIPTS = frozenset({"setup", "tasks", "noxfile"})


@memo(maxsize=1024)
def _between(root: str, folder: str, top: str) -> AnyOf:
    """The module files and regular packages of the folders above ``folder`` and below ``top`` (its sub-project's
    folder, whose modules the project view has already), relative to ``root``."""
    found = AnyOf()
    here = folder.rpartition("/")[0] if "/" in folder else ""
    while len(here) > len(top) and (not top or here.startswith(top + "/")):
        found = found | _module_files_in(os.path.join(root, here))
        here = here.rpartition("/")[0] if "/" in here else ""
    return found


@memo(maxsize=1024)
def _module_files_in(directory: str) -> frozenset[str]:
    """Module files (``x.py`` …) and regular packages (a folder with ``__init__.py``) of one folder: not a bare
    folder (an ``examples/openai/`` folder does not make ``import openai`` local to ``examples/chat/x.py``)."""
    view = active()
    names: set[str] = set()
    for name, is_dir in view.listdir(directory) or ():
        if not is_dir and name.endswith(MODULE_SUFFIXES) and name.split(".", 1)[0].isidentifier():
            names.add(name.split(".", 1)[0])
        elif is_dir and name.isidentifier() and view.is_file(os.path.join(directory, name, "__init__.py")):
            names.add(name)
    return frozenset(names)


@per_run(maxsize=4096)
def _package_copy_opaque(view, root: str, folder: str) -> frozenset[str]:
    """The direct-URL and VCS dependencies (:attr:`.project.Scope.opaque`) of the sub-projects that hold the package
    the files of ``folder`` (relative to ``root``) lie in, when that package is a copy: the outermost regular package
    above ``folder`` is named as a package of such a sub-project (at its folder or under its ``src/``) that has the
    same folder below it, and ``folder`` lies outside that sub-project. A copy's imports are judged with the
    dependencies its original's project fetches, as the original's are: IDM-VTON's Gradio demo carries a copy of
    detectron2 (``gradio_demo/detectron2/``, with its compiled extension) whose ``evaluation/panoptic_evaluation.py``
    imports ``panopticapi``, which the tree's other copy of detectron2, a sub-project with its setup.py, documents
    installing with ``pip install git+https://github.com/cocodataset/panopticapi.git``. Only those dependencies'
    related names are excused, as for the original's files (``url-dependency-imports``)."""
    scopes = [scope for scope in view.scopes if scope.opaque and scope.folder]
    if not scopes or not folder:
        return frozenset()
    files = active()
    top = None
    here = folder
    while here and files.is_file(os.path.join(root, here, "__init__.py")):
        top = here
        here = here.rpartition("/")[0]
    if top is None:
        return frozenset()
    name = top.rpartition("/")[2]
    inner = folder[len(top):]  # the folder below the package's own ("" or "/evaluation")
    out: set[str] = set()
    for scope in scopes:
        if folder == scope.folder or folder.startswith(scope.folder + "/"):
            continue  # its own sub-project's dependencies count already
        if any(files.is_file(os.path.join(root, scope.folder, base, name + inner, "__init__.py")) for base in ("", "src")):
            out |= scope.opaque
    return frozenset(out)


@per_run(maxsize=4096)
def _declared(view, folder: str, policy: str) -> Declared:
    """What the manifests declare for the files of ``folder`` (one union per folder, not per file); ``policy``:
    which URL dependencies make a guess a note (:meth:`Declared.unknowable`)."""
    rel = f"{folder}/x" if folder else "x"
    registry, elsewhere = view.declared_for(rel)
    return Declared(registry, elsewhere, scope_opaque=view.opaque_for(rel), url_policy=policy,
                    ros=view.in_ros_package(rel))


def _namespaces(source: Source) -> frozenset[str]:
    """The project's PEP 420 namespace folders, and the one the file's own packages lie in (:func:`_enclosing`)."""
    found = source.hints.python.namespaces if source.hints.python is not None else frozenset()
    if source.fs_path is None or source.root is None:
        return found
    enclosing = _enclosing(str(source.fs_path.parent), str(source.root))
    if enclosing:
        found = found | {enclosing}
    return found | _own_folder_namespaces(source.text, str(source.fs_path.parent), str(source.root))


# an import of a dotted path (``from core.datasets.circs import Circ``, ``import ext.utils``)
DOTTED_IMPORT = lazyre.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)", re.M)


def _own_folder_namespaces(text: str, folder: str, root: str) -> frozenset[str]:
    """The names of the file's own folder and of the folders above it, as long as none has ``__init__.py``, through
    which the file imports a module the tree holds at that path: the folder above such a folder is on ``sys.path``.
    pygame's docs/reST/ext/boilerplate.py: ``from ext.utils import Visitor``, with ``ext/utils.py`` beside it (Sphinx's
    conf.py puts ``docs/reST`` on the path); torchquantum's ``examples/quest/core/datasets/builder.py``: ``from
    core.datasets.circs import Circ``, with ``circs.py`` beside it (``examples/quest/train.py`` runs with its folder on
    the path and imports ``core.datasets.builder``). The dotted path must end at a module file or a regular package
    there: a bare ``import openai`` in an ``openai/`` folder is no such evidence, nor is a module the folder does not
    hold, nor a folder of that name that is no folder of the file's."""
    if "." not in text or len(folder) <= len(root) or not folder.startswith(root):
        return frozenset()
    view = active()
    chain: dict[str, str] = {}  # folder name -> the nearest folder of that name the file lies in
    here = folder
    while len(here) > len(root) and not view.is_file(os.path.join(here, "__init__.py")):
        # a regular package: _enclosing finds the folder its outermost package lies in
        name = os.path.basename(here)
        if name.isidentifier() and f"{name}." in text:
            chain.setdefault(name, here)
        here = os.path.dirname(here)
    if not chain:
        return frozenset()
    found: set[str] = set()
    for m in DOTTED_IMPORT.finditer(text):
        head, *rest = m.group(1).split(".")
        if head in chain and head not in found and _holds(chain[head], rest):
            found.add(head)
    return frozenset(found)


def _holds(folder: str, parts: list[str]) -> bool:
    """Whether ``folder`` holds the module ``parts`` (a dotted path's parts below it) as a module file or a regular
    package, through folders for the parts before the last."""
    view = active()
    for part in parts[:-1]:
        folder = os.path.join(folder, part)
        if not view.is_dir(folder):
            return False
    return parts[-1] in _module_files_in(folder)


@memo(maxsize=1024)
def _enclosing(folder: str, root: str) -> str | None:
    """The folder without ``__init__.py`` that holds the outermost package the file ``folder`` lies in, when it is
    not the scan root: a namespace folder the file's package is imported through (micropython-async's
    ``v3/as_drivers/as_GPS/as_rwGPS.py`` imports ``as_drivers.as_GPS``: the ``as_drivers`` folder is copied to the
    device whole). Judged as the project's namespace folders are: a declared distribution of that name comes first."""
    view = active()
    here = folder
    while len(here) > len(root) and view.is_file(os.path.join(here, "__init__.py")):
        here = os.path.dirname(here)
    if here == folder or len(here) <= len(root) or not here.startswith(root):
        return None
    name = os.path.basename(here)
    return name if name.isidentifier() else None


# In-browser Python: a web page runs a Python file with a runtime's script type, and the runtime provides modules
# no registry has (Brython's ``browser``; PyScript's ``pyscript`` and ``js``, Pyodide's ``pyodide``)
BRYTHON = frozenset({"browser", "javascript"})
PYSCRIPT = frozenset({"pyscript", "js", "pyodide"})
PAGE_RUNTIMES = {"text/python": BRYTHON, "text/python3": BRYTHON, "py": PYSCRIPT, "mpy": PYSCRIPT}
PAGE_ELEMENTS = {"py-script": PYSCRIPT, "mpy-script": PYSCRIPT}
PAGE_SCRIPT = re.compile(r"<(script|py-script|mpy-script)\b([^>]*)>", re.I)
PAGE_ATTRIBUTE = re.compile(r"""\b(type|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.I)
PAGE_MAX_BYTES = 1024 * 1024  # a page that runs a script is small; a larger HTML file is a generated document
PAGE_INLINE_IMPORT = re.compile(r"^[ \t]*(?:from|import)[ \t]+([A-Za-z_]\w*)", re.M)
PAGE_IMPORT = re.compile(r"\b(?:from|import)\s+(?:%s)\b" % "|".join(sorted(BRYTHON | PYSCRIPT)))


def _page_runtime(source: Source) -> frozenset[str]:
    """:func:`page_runtime_modules` of the file, looked for only when the file imports one of those modules (the
    pages beside a file are read for the few files that could need them, not for every Python file)."""
    if source.fs_path is None or not PAGE_IMPORT.search(source.text):
        return frozenset()
    return page_runtime_modules(source.fs_path)


def page_runtime_modules(fs_path) -> frozenset[str]:
    """The modules an in-browser runtime provides to the Python file at ``fs_path`` when a web page beside it
    runs it (``<script type="text/python" src="main.py">``, Brython's; ``<script type="py" src=…>`` or
    ``<py-script src=…>``, PyScript's), or imports it from inline code of such a script (``<script
    type="text/python">import index</script>``): the file runs in that runtime, not in an environment pip installs
    into."""
    if fs_path is None:
        return frozenset()
    return _page_scripts(str(fs_path.parent)).get(fs_path.name, frozenset())


@memo(maxsize=1024)
def _page_scripts(folder: str) -> dict[str, frozenset[str]]:
    """Python file name (beside the pages) -> the modules of the runtime the pages of ``folder`` run it with."""
    view = active()
    out: dict[str, frozenset[str]] = {}
    for name, is_dir in view.listdir(folder) or ():
        if is_dir or not name.lower().endswith((".html", ".htm")):
            continue
        size = view.size(os.path.join(folder, name))
        text = view.read_text(os.path.join(folder, name)) if size is not None and size <= PAGE_MAX_BYTES else None
        if not text:
            continue
        for tag in PAGE_SCRIPT.finditer(text):
            attrs = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
                     for m in PAGE_ATTRIBUTE.finditer(tag.group(2))}
            runtime = PAGE_ELEMENTS.get(tag.group(1).lower()) or PAGE_RUNTIMES.get(attrs.get("type", "").strip().lower())
            src = attrs.get("src", "").strip().removeprefix("./")
            if runtime and src.endswith(".py") and "/" not in src:
                out[src] = out.get(src, frozenset()) | runtime
            elif runtime and not src:  # inline code importing a module beside the page runs that module there too
                end = text.find(f"</{tag.group(1)}", tag.end())  # (SeleniumBase's Brython demo: `import index`)
                for module in PAGE_INLINE_IMPORT.findall(text[tag.end(): end if end >= 0 else tag.end()]):
                    out[module + ".py"] = out.get(module + ".py", frozenset()) | runtime
    return out


# Google's OwlBot: its post-processor runs a repository's ``owlbot.py`` in the container image the OwlBot
# configuration names (``.github/.OwlBot.yaml``: ``docker: image: gcr.io/cloud-devrel-public-resources/owlbot-nodejs``),
# which carries googleapis/synthtool, a library never published to PyPI (the images' Dockerfiles copy it to /synthtool)
OWLBOT_CONFIGS = (".github/.OwlBot.yaml", ".github/.OwlBot.lock.yaml", ".OwlBot.yaml", ".OwlBot.lock.yaml")
OWLBOT_IMAGE = re.compile(r"^docker:[ \t]*\n(?:[ \t]+[^\n]*\n)*?[ \t]+image:[ \t]*\S", re.M)
OWLBOT_MODULES = frozenset({"synthtool"})


def _post_processor(source: Source) -> frozenset[str]:
    """The OwlBot post-processor's modules (:data:`OWLBOT_MODULES`) for an ``owlbot.py`` that imports them, when an
    OwlBot configuration in its folder or one above (up to the scan root) names the image that runs it."""
    if (source.fs_path is None or source.root is None or source.fs_path.name != "owlbot.py"
            or "synthtool" not in source.text):
        return frozenset()
    return OWLBOT_MODULES if _owlbot_configured(str(source.fs_path.parent), str(source.root)) else frozenset()


@memo(maxsize=256)
def _owlbot_configured(folder: str, root: str) -> bool:
    import os

    view = active()
    here = folder
    while here.startswith(root):
        for name in OWLBOT_CONFIGS:
            text = view.read_text(os.path.join(here, name), limit=64 * 1024)
            if text and OWLBOT_IMAGE.search(text.replace("\r\n", "\n")):
                return True
        if len(here) <= len(root):
            break
        here = os.path.dirname(here)
    return False


def _own_packages(source: Source) -> frozenset[str]:
    """The packages the file lies in (folders with ``__init__.py`` from its own up): a package importing
    itself by its absolute name (``from blueprintapp.admin import x`` inside ``blueprintapp/``). A scan root that is
    itself a package (its own ``__init__.py``: a checkout of a Blender add-on, installed as a folder of that name) is
    imported by its folder's name, ``-`` and ``.`` read as ``_`` (Dream Textures' example back-end in
    ``dream-textures/community_backends/test.py``: ``from dream_textures.api import *``)."""
    if source.fs_path is None or source.root is None:
        return frozenset()
    return _packages_above(str(source.fs_path.parent), str(source.root))


@memo(maxsize=1024)
def _packages_above(folder: str, root: str) -> frozenset[str]:
    import os

    names: set[str] = set()
    here = folder
    view = active()
    while here.startswith(root) and len(here) > len(root) and view.is_file(os.path.join(here, "__init__.py")):
        names.add(os.path.basename(here))
        here = os.path.dirname(here)
    if view.is_file(os.path.join(root, "__init__.py")):
        name = re.sub(r"[-.]", "_", os.path.basename(root.rstrip("/\\")))
        if name.isidentifier():
            names.add(name)
    return frozenset(names)


def _outside_path_imports(source: Source, code: str) -> tuple[tuple[str, str], ...]:
    """:func:`outside_path_imports` for the file (its folder and its sub-project's relative to the scan root)."""
    rel = _relative(source)
    if rel is None or "sys.path" not in code:
        return ()
    folder = rel.rpartition("/")[0]
    view = source.hints.python
    out = outside_path_imports(code, folder, view.project_folder(folder) if view is not None else None)
    if any(added.startswith("/") for _, added in out) and source.root is not None:
        # an absolute folder that a Dockerfile of the file's folder or one above fills from the tree (`COPY . /app`)
        # is the tree itself in its image: its modules are the tree's to show (reviewer r28: `sys.path.append("/app")`
        # made an invented import right after it a note)
        inside = _image_destinations(str(source.root), folder)
        out = tuple((module, added) for module, added in out
                    if not any(_below(posixpath.normpath(added), dest) for dest in inside))
    return out


def _named_path_folders(source: Source, code: str) -> tuple[tuple[str, str], ...]:
    """:func:`named_path_folders` for the file; an absolute folder that a Dockerfile above fills from the tree is the
    tree itself (as in :func:`_outside_path_imports`)."""
    rel = _relative(source)
    if rel is None or source.root is None or "sys.path" not in code:
        return ()
    folder = rel.rpartition("/")[0]
    python = source.hints.python
    view, root = active(), source.root
    out = named_path_folders(code, folder, python.project_folder(folder) if python is not None else None,
                             lambda path: view.is_dir(root / path))
    if any(ABSOLUTE_FOLDER.match(added) for _, added in out):
        inside = _image_destinations(str(root), folder)
        out = tuple((name, added) for name, added in out
                    if not any(_below(posixpath.normpath(added), dest) for dest in inside))
    return out


def _below(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


@memo(maxsize=1024)
def _image_destinations(root: str, folder: str) -> tuple[str, ...]:
    """The image folders that a Dockerfile of ``folder`` (relative to ``root``) or of a folder above it fills from the
    tree in a stage that copies ``folder`` (:func:`.image_path.image_destinations`)."""
    from .image_path import image_destinations

    view = active()
    found: list[str] = []
    for here, _name, text in _dockerfiles_above(root, folder):
        if "COPY" in text.upper() or "ADD" in text.upper():
            found.extend(image_destinations(text, here, folder, lambda rel: view.exists(os.path.join(root, rel))))
    return tuple(dict.fromkeys(found))


DOCUMENT_LIMIT = 1024 * 1024  # the bytes of a document read for its clones


def documented_checkout_imports(source: Source, code: str) -> tuple[tuple[str, str, str], ...]:
    """(module, repository, document) of each import right after ``code`` (the file's Python) puts on ``sys.path`` a
    literal folder the tree lacks (:func:`absent_path_imports`) whose first folder is the folder of a ``git clone``
    in a document (Markdown, reStructuredText, AsciiDoc) of the file's folder or of one above it: the project tells
    its reader to make that checkout, and the script imports its modules (ml-engineering's ``debug/pytorch.md``:
    ``git clone https://github.com/google/sentencepiece``; ``debug/tiny-scripts/mt5-make-tiny-model.py``:
    ``sys.path.append("./sentencepiece/python/src/sentencepiece")``, then ``import sentencepiece_model_pb2``).
    A folder no such document clones, a document elsewhere in the tree, and a folder the tree holds say nothing."""
    rel = _relative(source)
    if rel is None or source.root is None or "sys.path" not in code:
        return ()
    from ...commands.git_clone import clone_spans
    from ...project import DOC_SUFFIXES

    folder = rel.rpartition("/")[0]
    python = source.hints.python
    view, root = active(), source.root
    absent = absent_path_imports(code, folder, python.project_folder(folder) if python is not None else None,
                                 lambda path: view.is_dir(root / path))
    if not absent:
        return ()
    wanted = {first for _module, first, _written in absent}
    cloned: dict[str, tuple[str, str]] = {}  # the clone's folder -> (repository, document)
    here = folder
    while True:
        for name, is_dir in view.listdir(root / here if here else root) or ():
            if is_dir or not name.lower().endswith(DOC_SUFFIXES):
                continue
            doc = f"{here}/{name}" if here else name
            text = view.read_text(root / doc, DOCUMENT_LIMIT)
            if not text or "clone" not in text:
                continue
            for url, into, _start, _end in clone_spans(text):
                last = into.rpartition("/")[2]
                if last in wanted:
                    cloned.setdefault(last, (url, doc))
        if not here or wanted <= cloned.keys():
            break
        here = here.rpartition("/")[0]
    return tuple((module, *cloned[first]) for module, first, _written in absent if first in cloned)


def submodule_path_imports(source: Source, code: str) -> tuple[tuple[str, str], ...]:
    """(module, submodule folder) of each import right after ``code`` (the file's Python) puts on ``sys.path`` a
    literal folder (:func:`absent_path_imports`) that is, or lies in, the ``path`` of a submodule the scan root's
    ``.gitmodules`` lists and that the tree holds nothing of (absent, or the empty folder a clone without ``git
    submodule update`` leaves): the project's own code from another repository, which the tree cannot show
    (Grounded-Segment-Anything's ``grounded_sam_osx_demo.py``: ``sys.path.insert(0, 'grounded-sam-osx')``, then
    ``from osx import get_model``). A folder ``.gitmodules`` does not list, and a checked-out submodule (its modules
    are read as any folder's), say nothing."""
    rel = _relative(source)
    if rel is None or source.root is None or "sys.path" not in code:
        return ()
    view, root = active(), source.root
    empty = absent_submodules(str(root))
    if not empty:
        return ()
    folder = rel.rpartition("/")[0]
    python = source.hints.python
    project_folder = python.project_folder(folder) if python is not None else None
    absent = absent_path_imports(code, folder, project_folder,
                                 lambda path: submodule_of(path, empty) is None and view.is_dir(root / path))
    bases = working_dirs(folder, project_folder)
    out: list[tuple[str, str]] = []
    for module, _first, written in absent:
        subs = [submodule_of(posixpath.normpath(posixpath.join(base or ".", written)), empty) for base in bases]
        sub = next((s for s in subs if s is not None), None)
        if sub is not None:
            out.append((module, sub))
    return tuple(out)


def submodule_tail_imports(source: Source, code: str) -> tuple[tuple[str, str, str], ...]:
    """(folder name, literal tail, submodule folder) of each folder ``code`` (the file's Python) puts on ``sys.path``
    by joining a value known only at run time with literal folders (:func:`.project.run_time_headed_folders`) whose
    first ones end the ``path`` of a submodule the scan root's ``.gitmodules`` lists and the tree holds nothing of:
    Genesis' ``genesis/utils/particle.py`` appends ``os.path.join(miu.get_src_dir(), "ext/ParticleMesher/
    ParticleMesherPy")`` and, 340 lines on, inside a function, does ``import ParticleMesherPy``, the build output of its
    ``genesis/ext/ParticleMesher`` submodule. Only an import of the folder's own name is that folder's (the caller
    makes it a note only when no registry has the name); a tail naming no such submodule, a checked-out submodule and
    an import of any other name say nothing."""
    if source.root is None or "sys.path" not in code:
        return ()
    empty = absent_submodules(str(source.root))
    if not empty:
        return ()
    out: list[tuple[str, str, str]] = []
    for name, written in run_time_headed_folders(code):
        parts = written.split("/")
        for sub in empty:
            segs = sub.split("/")
            # the tail's first k folders are the submodule path's last k: the folder lies in that submodule
            if any(segs[-k:] == parts[:k] for k in range(1, min(len(parts), len(segs)) + 1)):
                out.append((name, written, sub))
                break
    return tuple(out)


def _added_folders(source: Source, code: str) -> list[str]:
    """The folders (relative to the scan root) that ``code`` (the file's Python) puts on ``sys.path``: a literal
    relative path (``sys.path.insert(0, 'tests')`` in ``scripts/x.py``) from the file's folder or its sub-project's,
    where its scripts are run from (:func:`path_additions`)."""
    rel = _relative(source)
    if rel is None or source.root is None:
        return []
    folder = rel.rpartition("/")[0]
    view = source.hints.python  # a literal relative path is the working directory's: the sub-project's too
    project_folder = view.project_folder(folder) if view is not None else None
    added = path_additions(code, folder, project_folder)
    for text in _imported_siblings(source, code):  # what a module beside it adds when imported runs first
        added.extend(path_additions(text, folder, project_folder))
    return list(dict.fromkeys(added))


# a top-level import of a plain module name (`import fatfs_lib`, `from board_defs import x`)
PLAIN_IMPORT = re.compile(r"^(?:import|from)[ \t]+([A-Za-z_]\w*)[ \t]*(?:$|[ \t,]|import\b)", re.M)
SIBLINGS_READ_MAX = 16


def _imported_siblings(source: Source, code: str) -> list[str]:
    """The text of the module files beside the file that it imports at its top level and that change
    ``sys.path`` themselves: importing one runs it, so the folders it adds are there for the imports after it
    (klipper's ``scripts/spi_flash/spi_flash.py`` imports ``fatfs_lib``, which appends ``klippy/``, then imports
    ``serialhdl`` from there). Only module files beside it, at most a few, each read once."""
    if source.fs_path is None or "import" not in code:
        return []
    std = stdlib()
    names = [n for n in dict.fromkeys(PLAIN_IMPORT.findall(code)) if n not in std][:SIBLINGS_READ_MAX]
    view = active()
    out: list[str] = []
    for name in names:
        path = source.fs_path.parent / f"{name}.py"
        if path == source.fs_path or not view.is_file(path):
            continue
        text = view.read_text(str(path), limit=source.max_related_bytes)
        if text and "sys.path" in text:
            out.append(text)
    return out


def path_modules(source: Source, code: str) -> AnyOf:
    """Modules that ``code`` (the file's Python) finds in folders it puts on ``sys.path`` (:func:`_added_folders`),
    in zip archives of the tree it puts there (:mod:`.zip_archives`: CS61A's ``ok`` client), and those its addition
    of a folder known only at run time names (:func:`run_time_path_modules`)."""
    local = AnyOf(run_time_path_modules(code))
    root = source.root
    if root is not None:
        for added in _added_folders(source, code):
            local = local | sibling_modules(root / added / "__init__.py", MODULE_SUFFIXES)
            if added:
                local = local | archive_modules(str(root / added))
    return local


def generated_folders(source: Source, code: str) -> tuple[tuple[str, str], ...]:
    """The folders ``code`` puts on ``sys.path`` (:func:`_added_folders`) that are absent from the tree and that
    the tree's .gitignore files ignore, each with the rule that does (``"bin/.gitignore:3: _generated/"``): the
    output folder of a build step (protobuf bindings a script generates, then imports), whose modules nothing in
    the tree shows. A folder that exists, or that git does not ignore, is not one: what it holds is known."""
    if source.root is None or "sys.path" not in code:
        return ()
    from ...gitignore import ignoring_rule

    out: list[tuple[str, str]] = []
    view = active()
    for added in _added_folders(source, code):
        if not added or view.exists(source.root / added):
            continue
        rule = ignoring_rule(str(source.root), added)
        if rule is not None and not rule.negated:
            out.append((added, f"{rule.file}:{rule.line}: {rule.pattern!r}"))
    return tuple(out)


def _registered(source: Source) -> frozenset[str]:
    """The modules the file registers in ``sys.modules`` itself or through a file of the tree it runs
    (:func:`registered_modules`)."""
    rel = _relative(source)
    if rel is None or source.root is None:
        return frozenset()
    return registered_modules(source.text, rel, source.root, source.max_related_bytes)


def _tree_module(source: Source, dotted: str) -> bool:
    """Whether the dotted module path is a module file or a regular package of the tree below one of the project
    view's import roots (``sktime.libs.lag_llama.gluon.estimator``: sktime/libs/lag_llama/gluon/estimator.py)."""
    project = source.hints.python
    if project is None or source.root is None:
        return False
    view, rel = active(), dotted.replace(".", "/")
    for folder in project.roots:
        base = os.path.join(str(source.root), folder, rel) if folder else os.path.join(str(source.root), rel)
        if view.is_file(base + ".py") or view.is_file(os.path.join(base, "__init__.py")):
            return True
    return False


def _root(source: Source) -> str | None:
    """The scan root of the file, as a string, or None."""
    return None if source.root is None else str(source.root)


def _folder(source: Source) -> str | None:
    """The file's folder relative to the scan root (POSIX, "" at the root), or None outside it."""
    rel = _relative(source)
    return None if rel is None else rel.rpartition("/")[0]


def _relative(source: Source) -> str | None:
    """The file's path relative to the scan root (POSIX), or None outside it."""
    if source.fs_path is None or source.root is None:
        return None
    path, root = str(source.fs_path), str(source.root).rstrip("/\\")
    if not path.startswith(root) or path[len(root):len(root) + 1] not in ("/", "\\"):
        return None
    return path[len(root) + 1:].replace("\\", "/")


def _cell_steps(source: Source, code: str, lines: list[int], cols: list[int]) -> list[Mention]:
    """The packages a notebook cell's pipeline steps install (:mod:`.pipeline_packages`: a KFP component defined in a
    cell, a Ray ``runtime_env``), each placed at its line and column of the notebook file (a cell line sits inside a
    JSON string: its column is the string's plus the escaped offset)."""
    from .pipeline_packages import pipeline_packages

    found = pipeline_packages(source.fragment(code, 1), test=False)
    if not found:
        return []
    code_lines = code.split("\n")
    out: list[Mention] = []
    for m in found:
        at = m.location
        n = at.line or 0
        if not 1 <= n <= len(lines):
            continue
        if not cols[n - 1] or at.column is None:
            out.append(replace(m, location=replace(at, line=lines[n - 1], column=None, end_line=None, end_column=None)))
            continue
        column = cols[n - 1] + len(json.dumps(code_lines[n - 1][:at.column - 1])) - 1
        width = (at.end_column or at.column) - at.column
        out.append(replace(m, location=replace(at, line=lines[n - 1], column=column, end_line=lines[n - 1],
                                               end_column=column + width)))
    return out


# a cell a shell runs, by its first line's cell magic (``%%bash``, ``%%sh``, ``%%shell``, ``%%script bash``)
SHELL_CELL = re.compile(r"\s*%%(?:bash|sh|shell|script[ \t]+(?:ba|z)?sh)\b")


def _shell_cells(cells: list[tuple[str, list[int], list[int]]]) -> list[tuple[int, int]]:
    """The spans, in the cells' code joined by newlines, of the cells a shell runs (``%%bash``, ``%%sh``,
    ``%%shell``, ``%%script bash``): a ``git clone`` line there is a command the notebook runs."""
    spans, at = [], 0
    for code, _lines, _cols in cells:
        if SHELL_CELL.match(code):
            spans.append((at, at + len(code)))
        at += len(code) + 1
    return spans


def _parse_notebook(source: Source, local: AnyOf, declared: Declared) -> Iterator[Mention]:
    """A notebook's imports and the commands of its ``!``/``%`` lines. The notebook declares what its own
    install commands install, and the hosted runtime its metadata names (``"colab": {…}``) provides the
    modules named after it (``google.colab``): neither is judged as a guess."""
    from ...commands import mentions_in_script
    from ...text import ipython_expanded

    try:
        data = json.loads(source.text)
        cells = list(notebook_cells(source.text, data))
    except ValueError as exc:
        raise ParseError(f"not valid notebook JSON: {exc}", 1) from None
    whole = "\n".join(code for code, _lines, _cols in cells)
    local = (local | path_modules(source, whole) | named_files(source.text) | jvm_packages(whole)
             | clr_namespaces(whole) | downloaded_folders(whole) | importer_notebooks(source, whole))
    beside = WrittenBeside(source)
    test = _is_test(source.path)
    commands: list[list[Mention]] = []
    for code, lines, cols in cells:
        found: list[Mention] = []
        auto = automagic(code)
        shell_cell = SHELL_CELL.match(code) is not None
        for at, (code_line, file_line, col) in enumerate(zip(code.split("\n"), lines, cols)):
            m = MAGIC.match(code_line)
            if shell_cell and at > 0 and col:
                # a line of a %%bash cell: bash runs it as written (no IPython expansion), one command line each
                offset = col + len(json.dumps(code_line[:len(code_line) - len(code_line.lstrip())])) - 1
                found.extend(mentions_in_script(source.fragment(code_line.lstrip(), file_line, offset), parser="notebook"))
            elif m and col:
                shell = ipython_expanded(m.group(2)[1:]) if m.group(2).startswith("!") else m.group(2)[1:]
                offset = col + len(json.dumps(code_line[: len(m.group(1)) + 1])) - 1
                found.extend(mentions_in_script(source.fragment(shell, file_line, offset), parser="notebook"))
            elif auto is not None and col and code_line == auto.group(0):
                offset = col + len(json.dumps(auto.group(1))) - 1
                found.extend(mentions_in_script(source.fragment(auto.group(2), file_line, offset), parser="notebook"))
        if not test:
            found.extend(_cell_steps(source, code, lines, cols))  # a pipeline step's packages (KFP, Ray, Metaflow…)
            found.extend(_cell_runs(source, _cell_python(code), code, lines, cols))  # subprocess/os.system installs
        commands.append(found)
    installed = frozenset(m.key.name for found in commands for m in found if m.key.ecosystem == "pypi")
    # what its own `!conda install` cells install comes from conda ("bioconda::name", "channel/name" -> name)
    conda_installed = frozenset(canonicalize_name(m.key.name.rpartition("::")[2].rpartition("/")[2])
                                for found in commands for m in found if m.key.ecosystem == "conda")
    prose = markdown_text(data)
    installed |= install_hints(prose)  # what its prose tells the reader to install: dspy's "pip install -U arbor-ai"
    runtime = runtime_names(data.get("metadata") if isinstance(data, dict) else None)
    runtime |= conda_installed  # its own `!conda install` cells: judged there, on conda
    declared = declared.adding(installed, runtime, opaque=url_installs(whole), generated=generated_folders(source, whole))
    # what its code cells' comments and strings tell the reader to install, as a Python file's do (the Pangeo
    # tutorial's `#!pip install sat-search==0.2.2` above `import satsearch`): a same-letters match only
    hinted = install_hints(said_text(whole))
    if hinted:
        declared = declared.adding(hinted=declared.hinted | hinted)
    # the extras of the notebook's own install lines only (r23: never a comment's or the prose's)
    magic = "\n".join([line for code, _lines, _cols in cells for line in code.split("\n") if MAGIC.match(line)]
                      + [auto.group(0) for code, _lines, _cols in cells if (auto := automagic(code)) is not None])
    extras = installed_extras(magic, frozenset(canonicalize_name(n) for n in installed))
    if extras:
        declared = replace(declared, extras=extras)
    # what its prose tells the reader to install from a URL or a VCS (huggingface/notebooks' patch_tst: "pip install
    # git+https://github.com/IBM/tsfm.git", then `from tsfm_public.toolkit… import …`): prose, not a cell the notebook
    # runs, so like a manifest's `x @ git+…` it excuses only an import whose name relates to it
    told = url_installs(prose) if "://" in prose else frozenset()
    if told:
        declared = replace(declared, scope_opaque=declared.scope_opaque | told)
    # from conda or another index by its prose ("conda install … oeommtools"): not checked, as a comment's are
    declared = replace(declared, after_run_time_path=declared.after_run_time_path | run_time_path_imports(whole),
                       in_checkout=checkout_imports(whole), said_elsewhere=elsewhere_hints(prose),
                       on_checkout_path=checkout_path_imports(whole, _shell_cells(cells)),
                       in_documented_checkout=documented_checkout_imports(source, whole),
                       in_submodule=submodule_path_imports(source, whole),
                       named_in_submodule=submodule_tail_imports(source, whole),
                       named_on_path=_named_path_folders(source, whole),
                       after_outside_path=_outside_path_imports(source, whole),
                       competition_api=competition_api_modules(whole),
                       image_backends=image_backend_modules(whole))
    assignment = course_assignment(source.text) or _okpy_assignment(source)
    written = _written_folders(source, [code for code, _lines, _cols in cells])
    for (code, lines, cols), found in zip(cells, commands):
        python = _cell_python(code)
        refs = []
        target = CELL_TARGET.match(code)
        here = local | written[target.group(1)] if target is not None and target.group(1) in written else local
        for ref in import_refs(python, here, declared, _namespaces(source), whole, written_beside=beside,
                               judge_guarded=source.hints.judge_guarded_imports,
                               held=source.hints.python.held_at if source.hints.python else None,
                               schema=source.hints.python.schema_of if source.hints.python else None):
            line = lines[ref.line - 1]
            col = cols[ref.line - 1]
            # a cell line sits inside a JSON string: its column is the string's plus the (escaped) offset
            prefix = code.split("\n")[ref.line - 1][: ref.column - 1]
            column = col + len(json.dumps(prefix)) - 1 if col else ref.column
            refs.append(ImportRef(ref.ecosystem, ref.name, line, column, ref.written, ref.module, ref.note, ref.example))
        student = frozenset(lines[n - 1] for n in student_lines(code)) if assignment else frozenset()
        yield from emit(source, _in_assignment(refs, assignment, student), PARSER)
        yield from found


# a cell IPython hands whole to a cell magic that runs another language (the magic gets the rest of the cell as a
# string): IPython's own display and script magics (IPython/core/magics/display.py: html, javascript, js, latex,
# markdown, svg; script.py: perl, ruby, and %%script given another program than Python), and the magics of language
# bridges and query clients: rpy2's %%R, PyJulia's %%julia, the qsharp package's %%qsharp (microsoft/qsharp,
# source/pip/qsharp/_ipython.py: register_cell_magic), ipython-sql's and JupySQL's %%sql, google-cloud-bigquery's
# %%bigquery, Kqlmagic's %%kql, oct2py's %%octave. A magic that runs the cell as Python (%%time, %%capture, %%prun,
# %%script python3, %%script /usr/bin/env python: r43) or writes it (%%writefile x.py) is not one of them, and neither is a magic nobody documents
OTHER_LANGUAGE_CELL = lazyre.compile(
    r"\s*%%(?:html|HTML|javascript|js|latex|markdown|svg|perl|ruby|R|julia|qsharp|sql|bigquery|kql|octave"
    r"|script[ \t]+(?!(?:\S*/)?(?:env[ \t]+)?(?:i?python|pypy)[\d.]*(?![\w.-]))\S+)(?![\w.-])")


def _cell_python(code: str) -> str:
    """A code cell's Python: IPython magics and shell escapes blanked (not Python; "!pip install x" is an install
    command), and the whole of a cell IPython hands to pip, a shell or another language (:data:`OTHER_LANGUAGE_CELL`:
    microsoft/qsharp's ``%%qsharp`` cells, whose ``import Std.Math.*;`` is Q#)."""
    if automagic(code) is not None or SHELL_CELL.match(code) or OTHER_LANGUAGE_CELL.match(code):
        return re.sub(r"[^\n]", " ", code)
    return MAGIC.sub(lambda m: m.group(1) + " " * len(m.group(2)), code)


def _cell_runs(source: Source, python: str, code: str, lines: list[int], cols: list[int]) -> Iterator[Mention]:
    """What a code cell runs by a call (``subprocess.run([sys.executable, "-m", "pip", "install", "x"])``,
    ``os.system("pip install x")``: depguard/ecosystems/pypi/run_calls.py), each placed at its line and column of the
    notebook file (a cell line sits inside a JSON string: its column is the string's plus the escaped offset)."""
    from ...text import tool_words
    from .run_calls import code_runs

    if not tool_words(python) and ".install(" not in python:
        return
    code_lines = code.split("\n")
    for m in code_runs(source.fragment(python, 1)):
        at = m.location.line
        if at is None or not 0 < at <= len(lines) or not cols[at - 1] or m.location.column is None:
            continue
        shift = cols[at - 1] + len(json.dumps(code_lines[at - 1][: m.location.column - 1])) - 1 - m.location.column
        end = m.location.end_column + shift if m.location.end_line == at and m.location.end_column else None
        yield replace(m, location=replace(m.location, line=lines[at - 1], column=m.location.column + shift,
                                          end_line=lines[at - 1] if end else None, end_column=end))


# the folder a ``%%writefile`` cell writes its module into, below the notebook's (``%%writefile ./pipeline/x.py``)
CELL_TARGET = re.compile(r"""\s*%%(?:writefile|file)[ \t]+(?:-a[ \t]+)?['"]?(?:\./)?((?:[\w.-]+/)+)[\w.-]+\.py['"]?[ \t]*(?:\n|$)""")


def _written_folders(source: Source, cells: list[str]) -> dict[str, frozenset[str]]:
    """For each folder below the notebook's that a ``%%writefile`` cell writes a module into (``pipeline/``): the
    modules beside that file, the folder's own and those other cells write there. The written file runs with its
    folder on ``sys.path`` (Google's ML immersion writes ``%%writefile ./pipeline/pipeline_prebuilt.py`` holding
    ``from retrieve_best_hptune_component import …``, a module of ``pipeline/``, then ``kfp dsl compile --py
    pipeline/pipeline_prebuilt.py``), so those names are local to that cell's code only."""
    targets = [m for code in cells if (m := CELL_TARGET.match(code)) is not None and ".." not in m.group(1).split("/")]
    if not targets or source.fs_path is None:
        return {}
    out: dict[str, frozenset[str]] = {}
    for m in targets:
        folder = m.group(1)
        if folder not in out:
            written = {posixpath.basename(t.group(0).strip().split()[-1].strip("'\"")).rsplit(".", 1)[0]
                       for t in targets if t.group(1) == folder}
            out[folder] = folder_modules(source.fs_path.parent / folder, MODULE_SUFFIXES) | frozenset(written)
    return out


NAMED_FILE = re.compile(r"(?<![\w./-])([A-Za-z_]\w*)\.py\b")


def named_files(text: str) -> frozenset[str]:
    """The modules a notebook names as files of its own (``Here's the `create_config.py` script``, ``# File 1:
    RAG Agent Configuration (faiss_rag_agent_config.py)``): a cookbook that shows a file has the reader save it
    beside the notebook, and its later ``from create_config import …`` imports that file."""
    return frozenset(m.group(1) for m in NAMED_FILE.finditer(text)) if ".py" in text else frozenset()


# the import of a notebook importer, a package whose import installs a finder that loads ``X.ipynb`` from the
# working directory for ``import X``: import-ipynb (``import import_ipynb``) and nbimporter (``import nbimporter``)
NOTEBOOK_IMPORTER = lazyre.compile(r"^[ \t]*(?:import[ \t]+(?:import_ipynb|nbimporter)\b|from[ \t]+(?:import_ipynb|"
                                   r"nbimporter)[ \t]+import\b)", re.M)


# Kaggle's time-series API of the code competitions before kaggle_evaluation: `env = janestreet.make_env()`, then
# `for (test_df, sample) in env.iter_test():` (Jane Street 2020, Riiid, Optiver 2023, Ubiquant, JPX, Enefit, AMP-PD ...;
# `from kaggle.competitions import twosigmanews` for the first ones)
MAKE_ENV = lazyre.compile(r"\b([A-Za-z_]\w*)[ \t]*\.[ \t]*make_env[ \t]*\(")
ITER_TEST = lazyre.compile(r"\.[ \t]*iter_test[ \t]*\(")


# torchvision's image backend switch: `if get_image_backend() == 'accimage': return accimage_loader(path)`, the
# loader torchvision's datasets/folder.py has and many training repositories copy
IMAGE_BACKEND = lazyre.compile(r"""\bget_image_backend[ \t]*\([ \t]*\)[ \t]*==[ \t]*['"]([A-Za-z_]\w*)['"]""")


def image_backend_modules(code: str) -> frozenset[str]:
    """The modules ``code`` compares torchvision's ``get_image_backend()`` to: torchvision's optional image backend
    (its docs: ``set_image_backend`` takes 'PIL' or 'accimage', a package installed from conda), which a copied
    ImageFolder loader imports only when that backend is selected. A name the code does not compare says nothing."""
    if "get_image_backend" not in code:
        return frozenset()
    return frozenset(m.group(1) for m in IMAGE_BACKEND.finditer(code))


def competition_api_modules(code: str) -> frozenset[str]:
    """The top-level modules ``code`` uses as a Kaggle code competition's API: a name whose ``make_env()`` the code
    calls, when the code also calls ``iter_test()`` (the environment's batches of test data). Kaggle's competition
    environment provides that module (``janestreet``, ``optiver2023``, ``riiideducation`` ...; each competition has
    its own name), so only the shape says what it is. A name without both calls says nothing."""
    if "make_env" not in code or ITER_TEST.search(code) is None:
        return frozenset()
    return frozenset(m.group(1) for m in MAKE_ENV.finditer(code))


def importer_notebooks(source: Source, code: str) -> frozenset[str]:
    """The notebooks beside the file, named as modules, when ``code`` (the file's Python, a notebook's cells) imports a
    notebook importer first (:data:`NOTEBOOK_IMPORTER`): import-ipynb's README, ``import import_ipynb`` then ``import
    other_notebook`` for ``other_notebook.ipynb`` in the same folder, a shape of personal learning notebooks that
    split a project into several notebooks. Without the importer's import, a notebook beside says nothing."""
    if "import_ipynb" not in code and "nbimporter" not in code or NOTEBOOK_IMPORTER.search(code) is None:
        return frozenset()
    return sibling_modules(source.fs_path, (".ipynb",))


# a model repository downloaded from the Hugging Face Hub into a folder of the working directory, by the library
# (``snapshot_download("unsloth/DeepSeek-OCR-2", local_dir = "deepseek_ocr2")``) or the command line
# (``!huggingface-cli download org/model --local-dir model_code``, ``hf download``)
HUB_DOWNLOAD = re.compile(r"""\bsnapshot_download\s*\((?P<args>[^()]*)\)|\b(?:huggingface-cli|hf)[ \t]+download\b"""
                          r"""(?P<line>[^\n]*)""")
LOCAL_DIR = re.compile(r"""(?:\blocal_dir\s*=\s*|--local-dir[ \t=]+)(?P<q>['"]?)(?:\./)?(?P<name>[A-Za-z_]\w*)/?(?P=q)"""
                       r"""(?=[\s,)]|$)""")


def downloaded_folders(text: str) -> frozenset[str]:
    """The folders, named as modules, that ``text`` (a notebook's cells, a script) downloads a Hub repository into:
    a model whose code ships with its weights (unsloth's DeepSeek-OCR 2 notebook downloads ``unsloth/DeepSeek-OCR-2``
    into ``deepseek_ocr2``, then ``from deepseek_ocr2.modeling_deepseekocr2 import …``). The file makes that folder
    in its working directory, which is on ``sys.path``: an import of exactly its name is the download, not a registry
    package. Any other folder, and an import of another name, say nothing."""
    if "local_dir" not in text and "--local-dir" not in text:
        return frozenset()
    out: set[str] = set()
    for m in HUB_DOWNLOAD.finditer(text):
        found = LOCAL_DIR.search(m.group("args") if m.group("args") is not None else m.group("line"))
        if found is not None:
            out.add(found.group("name"))
    return frozenset(out)


def markdown_text(data) -> str:
    """The text of a notebook's markdown cells (``data``: the decoded notebook)."""
    cells = cell_list(data)
    out = []
    for cell in cells if isinstance(cells, list) else ():
        if isinstance(cell, dict) and cell.get("cell_type") == "markdown":
            src = cell.get("source")
            out.append("".join(s for s in src if isinstance(s, str)) if isinstance(src, list) else src if isinstance(src, str) else "")
    return "\n".join(out)


JUPYTER_METADATA = frozenset({"kernelspec", "language_info", "nbformat", "orig_nbformat", "widgets", "toc",
                              "celltoolbar", "title", "authors", "interpreter", "latex_envs", "varInspector"})


def runtime_names(metadata) -> frozenset[str]:
    """The hosted runtimes a notebook's metadata names (``colab``, ``kaggle`` …: its top-level keys beyond
    Jupyter's own), as names from elsewhere: an import whose second part is one (``google.colab``) is
    the runtime's module, not a registry package."""
    if not isinstance(metadata, dict):
        return frozenset()
    return frozenset(canonicalize_name(k) for k in metadata if isinstance(k, str) and k not in JUPYTER_METADATA
                     and re.fullmatch(r"[A-Za-z][\w-]*", k))
