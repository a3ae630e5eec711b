"""The Python view of the scanned tree, built once per scan root: what the project itself provides (the pypi
package's ``[project]`` ``hints``, asked by :func:`depguard.scan.project_hints`).

An import is judged against this view before any registry is asked:

* **Importable modules** (:attr:`PythonProject.modules`): the top-level names importable from every folder
  that the project's code runs with on ``sys.path``: the scan root; every sub-project (a folder holding
  ``pyproject.toml``, ``setup.py``, ``setup.cfg``, a requirements file or a ``Pipfile``) and its ``lib/``;
  every ``src/`` folder (a src layout, with or without a manifest); every ``site-packages`` folder the walk keeps
  (one the project laid out itself, with no installer's records); a Django project's folder (``manage.py``); an
  Airflow home's ``dags/``, ``config/`` and ``plugins/`` folders (:mod:`.airflow_folders`);
  folders that configuration puts on ``sys.path`` (pytest's ``pythonpath`` in pyproject.toml,
  pytest.ini, setup.cfg or tox.ini; setuptools' ``package-dir``/``where``; maturin's ``python-source``; hatch and
  Poetry package folders) and folders a ``conftest.py`` adds with ``sys.path.insert/append`` and a literal path;
  the folders a desktop application puts on ``sys.path`` (a Blender ``addons/`` folder, a Maya module's ``scripts/``,
  Houdini's ``pythonX.Ylibs/``) and vendor folders (:mod:`.host_folders`).
  The modules a MicroPython package manifest (``manifest.py``: ``module("x.py")``, ``package("x")``) installs at the
  device's library root are the project's own wherever imported (:mod:`.micropython_manifest`).
  In each such folder a module file (``x.py``, ``x.pyi``, ``x.so`` …) and a folder holding Python code below it
  (a package, or a PEP 420 namespace folder without ``__init__.py``) are importable: the sub-project's own
  ``tests`` package included. As in Python's import system, a namespace folder comes last: when the file's
  manifests declare a distribution that provides the import, the import is that distribution's (a
  ``claude_code_sdk/`` folder of examples does not shadow the declared ``claude-code-sdk``).
* **Declared dependencies** (:class:`Scope`): per folder holding Python manifests or lockfiles, the
  distributions they name from the registry, and the names that come from elsewhere (a direct URL
  ``x @ https://…``, a ``[tool.uv.sources]`` path, git or workspace entry, Poetry path/git/url entries, a Frappe
  app's ``[tool.bench.frappe-dependencies]``, which bench clones, the project's own name). A file sees the scopes of its own folder and every folder above it (a ``requirements/``
  folder declares for the folder holding it). The install commands the tree itself runs (Makefiles, shell
  scripts, CI workflows, Dockerfiles, justfiles, devcontainer and Compose commands; not documents) declare
  the PyPI names they install for the nearest sub-project above them (:func:`_installed_names`), and so do the
  spec lists and environment files their conda commands install from (:mod:`.conda_lists`).

Per-file facts live with the file (:func:`path_additions`, :func:`env_python_path`, :func:`writes_module`): a
script's own ``sys.path`` additions, the ``PYTHONPATH`` of the ``.env`` files of its folder and those above, and
the modules a notebook (``%%writefile x.py``) or a test (``(tmp_path / "x.py").write_text(...)``) writes at run
time count as local for that file. Nothing here touches the network.
"""

from __future__ import annotations

import bisect
import functools
import json
import posixpath
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ... import lazyre
from ...commands.git_clone import clone_spans, clones
from ...names import canonicalize_name
from ...project import DOCS_DIRS, TEST_DIRS, docs_path, fixture_root
from ...records import field, record, replace
from .airflow_folders import airflow_path_folders
from .build_systems import build_view
from .cmake_writes import SOURCE_LIMIT as CMAKE_SOURCE_LIMIT
from .cmake_writes import cmake_modules
from .codegen_outputs import CODEGEN_DOCUMENT_LIMIT, codegen_modules
from .conda_lists import ENV_SUFFIXES, conda_installs, conda_spec_text
from .course_assignments import OKPY_CONFIG_MAX, assignment_folders, in_folders
from .gdb_scripts import gdb_loaded
from .host_folders import host_path_folders, vim_python_folders, vim_run_files
from .image_requirements import copied_requirements, is_dockerfile
from .kodi_addon import NAME as KODI_ADDON
from .kodi_addon import module_addons as kodi_module_addons
from .micropython_manifest import NAME as MICROPYTHON_MANIFEST
from .micropython_manifest import read_manifest
from .native_modules import SOURCE_LIMIT as NATIVE_SOURCE_LIMIT
from .native_modules import maturin_modules, native_modules
from .package_control import NAME as PACKAGE_CONTROL
from .package_control import libraries as package_control_libraries
from .requirements import (
    DEBIAN_CONTROL,
    circup_list,
    circup_names,
    in_debian_folder,
    os_package_list,
    pip_lists,
    reads_as_debian_list,
    system_lists,
)
from .ros_package import NAME as ROS_PACKAGE
from .ros_package import ros_dependencies, ros_package_name, ros_workspace, workspace_wide
from .script_copies import SOURCE_LIMIT as COPIES_SOURCE_LIMIT
from .script_copies import copied_modules
from .written_modules import written_modules

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    import configparser
    from typing import Any

    from ...parsecache import ParseCache

INSTALL_FOLDERS = frozenset({"site-packages", "dist-packages"})  # folders on sys.path by their name
# the names of the JSON manifests whose requirements a host pip-installs for a plug-in (:func:`_plugin_requirements`)
PLUGIN_MANIFESTS = frozenset({"info.json", "manifest.json", "fastmcp.json", "langgraph.json"})
PROJECT_FILES = frozenset({"pyproject.toml", "setup.py", "setup.cfg", "Pipfile", "pixi.toml"})
# formats of no one ecosystem whose mentions are conda and PyPI packages: pixi's workspace manifest (``pixi.toml``,
# ``[tool.pixi]``), whose ``dependencies`` come from conda and ``pypi-dependencies`` from PyPI
CONDA_AND_PYPI_FORMATS = ("pixi",)
PIXI_TABLE = lazyre.compile(r"^\[tool\.pixi[.\]]", re.M)  # a pyproject.toml that is a pixi workspace too
# a module file: Python source, stubs, extensions, and the sources an import hook in the tree loads (pyximport's
# ``x.pyx``, Hy's ``x.hy``, xonsh's ``x.xsh``: xonsh's tests import ``sample`` from ``tests/sample.xsh``)
MODULE_SUFFIXES = (".py", ".pyi", ".pyw", ".pyx", ".so", ".pyd", ".hy", ".xsh")
IDENTIFIER = lazyre.compile(r"[A-Za-z_]\w*\Z")
# a folder of requirements files: ``requirements``, or a dotted prefix before it (behave's ``py.requirements``); a
# phrase ending in the word (rules_python's test case ``with_std_requirements/`` of Bazel files) is none
REQUIREMENTS_FOLDER = lazyre.compile(r"(?:.*\.)?requirements\Z", re.I)
REQUIREMENTS_FILE = lazyre.compile(r"(?:.*[-_.])?requirements?(?:[-_.].*)?\.(?:txt|in)\Z|constraints?(?:[-_.].*)?\.txt\Z", re.I)


@record(frozen=True)
class Scope:
    """What the manifests of one folder declare, for the files in and below it."""

    folder: str  # relative to the scan root, POSIX; "" is the root
    registry: frozenset[str] = frozenset()  # canonical names declared from the registry
    elsewhere: frozenset[str] = frozenset()  # canonical names from URLs, paths, git, workspaces, the project's own
    # the dependencies taken from a direct URL or a VCS (``x @ git+https://…``, a git/url source, an unnamed
    # ``git+https://…`` line), as written: what modules they install cannot be known without fetching them
    opaque: frozenset[str] = frozenset()


@record(frozen=True)
class PythonProject:
    """The importable Python modules of a tree and what its manifests declare (picklable, read-only)."""

    modules: frozenset[str] = frozenset()  # module files and regular packages (with __init__.py)
    namespaces: frozenset[str] = frozenset()  # PEP 420 namespace folders: an installed package comes first
    roots: tuple[str, ...] = ()  # the sys.path folders found, relative to the scan root
    scopes: tuple[Scope, ...] = ()
    # module files and packages of fixture-data trees ("folder/name", relative): importable only when something
    # puts their folder on sys.path at run time (a test's ``inject_sys_path(f"{FLOWS}/multiple_entries")``)
    data_modules: frozenset[str] = frozenset()
    # folders below a test folder that the project's pytest configuration does not collect (``norecursedirs``,
    # ``testpaths``, a conftest's ``collect_ignore``/``collect_ignore_glob``) and no test imports as a package:
    # the tests' input, whose imports are fixture data (:func:`uncollected_folders`)
    uncollected: frozenset[str] = frozenset()
    # requirements-named files that the tree's scripts hand to ``conda install --file``: conda spec lists, whose
    # names are conda's (:mod:`.conda_lists`; conda's ``tests/requirements.txt``)
    conda_lists: frozenset[str] = frozenset()
    # folders holding a ROS package.xml: the ROS packages of the tree, whose code imports the generated interface
    # modules of other ROS packages (``from service_msgs.msg import ServiceEventInfo``: :mod:`.ros_package`)
    ros_packages: frozenset[str] = frozenset()
    # every module file and regular package of the tree, wherever it lies, with its path ((name, "path"), sorted;
    # the first path of a name): a module of the project that no sys.path addition the view can see reaches
    # (diffusers' scripts/convert_zero123_to_diffusers.py imports examples/community/pipeline_zero1to3.py, run
    # with that folder on PYTHONPATH): an import of it that no registry has is a note (:func:`held_module_note`)
    held: tuple[tuple[str, str], ...] = ()
    # the module files of regular packages, which :attr:`held` leaves out ((name, "path"), sorted, every path of a
    # name): ``from text import split_text`` in marqo's examples/GPT-examples/utilities.py names its own
    # src/marqo/s2_inference/processing/text.py, which defines split_text, copied beside the script
    # (:class:`~depguard.ecosystems.pypi.imports.OwnDefinitions` reads it only for a name nothing else explains)
    packaged: tuple[tuple[str, str], ...] = ()
    # the Python files the tree's scripts and GDB command files load into GDB (gef's CI: ``echo "source /gef/gef.py" >
    # /root/.gdbinit``), whose ``import gdb`` is GDB's embedded module (:mod:`.gdb_scripts`)
    gdb_loaded: frozenset[str] = frozenset()
    # requirements-named files whose name says they may list an OS's packages that a script or requirements file of
    # the tree hands to pip with -r (requirements-ubuntu.txt: ``pip install -r requirements-ubuntu.txt``): pip's lists
    pip_lists: frozenset[str] = frozenset()
    # requirements-named files of bare names that a script or Dockerfile of the tree feeds to an OS's installer
    # (pygraphistry's docs/requirements-system.txt: ``apt-get install -y $(cat /requirements-system.txt)``): the OS's
    os_lists: frozenset[str] = frozenset()
    # the python3, pythonx and python2 folders of the tree's Vim plug-ins, whose files import Vim's ``vim`` module
    # (:func:`.host_folders.vim_python_folders`), and the Python files their Vim script runs by name (``py3file``,
    # :func:`.host_folders.vim_run_files`)
    vim_folders: frozenset[str] = frozenset()
    # (module, file) of each import that a Python file of the tree makes right after putting a folder known only at run
    # time on sys.path (:func:`run_time_path_imports`; sorted): ms-swift's model loaders clone a model's repository,
    # append it to sys.path and import its package, which the templates in other files of the package import too
    # (:meth:`run_time_import_in`)
    run_time_imports: tuple[tuple[str, str], ...] = ()
    # the folders a module file inside each puts on sys.path through its own __file__ (:func:`self_rooted_folders`;
    # sorted): their modules are importable by the files below them (:meth:`self_rooted_above`)
    self_rooted: tuple[str, ...] = ()
    # the folders of okpy-graded course assignments (an ``hw03.ok`` configuration, the client's ``.ok_history``):
    # their files and those below are the course's, whose helper modules the course hands out beside them
    # (:func:`.course_assignments.assignment_folders`)
    assignment_folders: frozenset[str] = frozenset()
    # the tree's protobuf schemas (``.proto`` files in a folder, sorted): protoc writes each one's Python modules at the
    # schema's path below its include folder (``-I``), so ``otel_test_json/test/v1/test.proto`` gives the package path
    # ``otel_test_json.test.v1`` (:meth:`schema_of`)
    schemas: tuple[str, ...] = ()

    def __hash__(self) -> int:
        """The hash of the compared fields, as the record's own, computed once: the helpers memoised per file take the
        view as an argument (``imports._declared``), and its tuples hold every module of the tree, so hashing it
        for every file took time in the tree's size squared (reviewer r31)."""
        known = self.__dict__.get("_hash")
        if known is None:
            spec = type(self).__record__  # type: ignore[attr-defined]
            known = hash(tuple(getattr(self, name) for name, f in spec.fields if f.compare))
            object.__setattr__(self, "_hash", known)
        return known

    def self_rooted_above(self, folder: str) -> tuple[str, ...]:
        """The :attr:`self_rooted` folders at or above ``folder`` (relative to the root)."""
        return tuple(f for f in self.self_rooted if folder == f or folder.startswith(f + "/"))

    def run_time_import_in(self, name: str, rel: str) -> str | None:
        """Another file of the sub-project of the file ``rel`` that imports the module ``name`` right after putting a
        folder known only at run time on ``sys.path`` (:attr:`run_time_imports`), or None: the project's code says
        where that module comes from, a folder no registry fills."""
        project = self.project_folder(rel.rpartition("/")[0])
        for module, other in self.run_time_imports:
            if module == name and other != rel and self.project_folder(other.rpartition("/")[0]) == project:
                return other
        return None

    def schema_of(self, dotted: str) -> str | None:
        """The tree's protobuf schema (:attr:`schemas`) whose generated module the dotted path ``dotted`` is, laid out
        as protoc lays its outputs out, or None: ``a.b.c_pb2`` (protoc's messages), ``a.b.c_pb2_grpc`` (grpcio-tools'
        stubs), ``a.b.c_grpc`` (grpclib's) or ``a.b.c`` (a protoc plug-in writing ``c.py`` for ``c.proto``) of a
        schema whose path ends in ``a/b/c.proto``. The path needs a package part: the include folder may be any folder
        above the schema, but the import names every folder below it, so a bare ``import c`` says nothing (protoc's
        bare ``c_pb2`` is :func:`generated_modules`')."""
        return self._schema_map.get(dotted) if "." in dotted else None

    @functools.cached_property
    def _schema_map(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for rel in self.schemas:  # sorted: of two schemas of one path, the first in order
            # protoc's Python module of a path: its '-' become '_' (python_generator.cc's ModuleName)
            parts = schema_stem(rel).replace("-", "_").split("/")
            if not IDENTIFIER.match(parts[-1]):
                continue
            for k in range(2, len(parts) + 1):
                tail = parts[-k:]
                if not IDENTIFIER.match(tail[0]):
                    break  # a folder no import can name: the include folder is at or below the next one
                base = ".".join(tail)
                for suffix in SCHEMA_OUTPUTS:
                    out.setdefault(base + suffix, rel)
        return out

    def held_at(self, name: str) -> str | None:
        """Where the tree holds a module file or package ``name`` (:attr:`held`), or None."""
        return self._held_map.get(name)

    def packaged_at(self, name: str) -> tuple[str, ...]:
        """The module files named ``name`` that lie in regular packages (:attr:`packaged`), shortest path first."""
        return self._packaged_map.get(name, ())

    @functools.cached_property
    def _packaged_map(self) -> dict[str, tuple[str, ...]]:
        out: dict[str, list[str]] = {}
        for name, path in self.packaged:
            out.setdefault(name, []).append(path)
        return {name: tuple(sorted(paths, key=len)) for name, paths in out.items()}

    @functools.cached_property
    def _held_map(self) -> dict[str, str]:
        return dict(self.held)  # once per view: an lru_cache keyed by the tuple would hash all of it per import

    def in_assignment(self, rel: str) -> bool:
        """Whether the file ``rel`` (relative to the root) lies in an okpy assignment's folder (:attr:`assignment_folders`)."""
        return in_folders(rel, self.assignment_folders)

    def in_ros_package(self, rel: str) -> bool:
        """Whether the file ``rel`` (relative to the root) lies in a ROS package (:attr:`ros_packages`)."""
        return bool(self.ros_packages) and any(not f or rel.startswith(f + "/") for f in self.ros_packages)

    def declared_for(self, rel: str) -> tuple[frozenset[str], frozenset[str]]:
        """(registry names, names from elsewhere) declared for the file ``rel`` (relative to the root)."""
        registry: set[str] = set()
        elsewhere: set[str] = set()
        for scope in self.scopes:
            if not scope.folder or rel.startswith(scope.folder + "/"):
                registry |= scope.registry
                elsewhere |= scope.elsewhere
        return frozenset(registry), frozenset(elsewhere)

    def opaque_for(self, rel: str) -> frozenset[str]:
        """The direct-URL and VCS dependencies declared for the file ``rel`` (:attr:`Scope.opaque`)."""
        out: set[str] = set()
        for scope in self.scopes:
            if scope.opaque and (not scope.folder or rel.startswith(scope.folder + "/")):
                out |= scope.opaque
        return frozenset(out)

    def in_uncollected(self, rel: str) -> bool:
        """Whether the file ``rel`` (relative to the root) lies in an :attr:`uncollected` folder."""
        return bool(self.uncollected) and any(rel.startswith(f + "/") for f in self.uncollected)

    def data_folders(self, name: str) -> tuple[str, ...]:
        """The folders of fixture-data trees holding a module file or package ``name`` (:attr:`data_modules`)."""
        return _data_index(self.data_modules).get(name, ())

    def project_folder(self, folder: str) -> str:
        """The sub-project ``folder`` (relative to the root) belongs to: the nearest folder at or above it whose
        manifests declare for it, where the sub-project's scripts run from; "" (the scan root) when none."""
        best = ""
        for scope in self.scopes:
            if scope.folder and len(scope.folder) > len(best) and (folder + "/").startswith(scope.folder + "/"):
                best = scope.folder
        return best


@functools.lru_cache(maxsize=8)
def _data_index(paths: frozenset[str]) -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for path in paths:
        folder, _, name = path.rpartition("/")
        index.setdefault(name, []).append(folder)
    return {name: tuple(sorted(folders)) for name, folders in index.items()}


def data_packages(files: Iterable[str], roots: Iterable[str]) -> frozenset[str]:
    """The names of the fixture-data folders among ``files`` (the files of fixture-data trees, relative to the scan
    root) that lie right at one of the import ``roots`` and hold a module file there or below: the test data a
    Selenium or Playwright suite imports as a package from its root, beside its page objects (``test_data/``,
    ``testdata/``, ``TestData/``: ``from test_data.product_data import ProductData`` next to ``from
    page_objects.cart_page import CartPage``, a shape of held-out set 241's category, test automation). A fixture tree
    deeper in a folder of the root (``tests/fixtures``) names no top-level module; its own modules stay data."""
    tops = {root: (root + "/" if root else "") for root in roots}
    out: set[str] = set()
    for rel in files:
        if not rel.endswith(MODULE_SUFFIXES):
            continue
        tree = fixture_root(rel)
        if tree is None or tree == rel:
            continue
        folder, _, name = tree.rpartition("/")
        if folder in tops and IDENTIFIER.match(name) and rel.startswith(tree + "/"):
            out.add(name)
    return frozenset(out)


def _data_modules(files: Iterable[str]) -> frozenset[str]:
    """``folder/name`` of every module file (``x.py``) and package (``x/__init__.py``) among ``files``, the files
    of fixture-data trees."""
    out: set[str] = set()
    for rel in files:
        if not rel.endswith(MODULE_SUFFIXES):
            continue
        folder, _, name = rel.rpartition("/")
        stem = name.split(".", 1)[0]
        if stem == "__init__" and folder:
            out.add(folder)
        elif IDENTIFIER.match(stem):
            out.add(f"{folder}/{stem}" if folder else stem)
    return frozenset(out)


# --- per-file facts ---------------------------------------------------------------------------------------

SYS_PATH = lazyre.compile(r"\bsys\.path(?:\.(?:insert\s*\(\s*[^,()\n]+,|append\s*\(|extend\s*\(\s*[\[(])|\s*\+=\s*[\[(])"
                      r"(?P<arg>[^\n]*)|\bsyspath_prepend\s*\((?P<parg>[^\n]*)")
# a module's own file (``kivy.__file__``): the path of an imported package, the project's own when the tree holds it
MODULE_FILE = lazyre.compile(r"\b(?P<module>[A-Za-z_]\w*)\s*\.\s*__file__\b")
STRING = lazyre.compile(r"""(?P<q>['"])(?P<s>[^'"\n]*)(?P=q)""")
PARENTS = lazyre.compile(r"\.parents\s*\[\s*(\d+)\s*\]")
# an f-string whose path starts with a slot built from the file's own place (lm-evaluation-harness's tests:
# ``MODULE_DIR = os.path.dirname(os.path.realpath(__file__))``, ``sys.path.append(f"{MODULE_DIR}/../scripts")``), and
# any f-string slot left after that one and the working directory's (:func:`_cwd_slots`) are taken out
FILE_SLOT = lazyre.compile(r"""\b[fF](?P<q>['"])\{(?P<expr>[^{}'"\n]*__file__[^{}'"\n]*)\}[/\\]*""")
F_SLOT = lazyre.compile(r"""\b[fF](?P<q>['"])[^'"\n]*\{[^{}'"\n]*\}""")


FILE_PATH_NAME = lazyre.compile(r"^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*([^\n#]*(?:__file__|\.parents?\b)[^\n#]*)", re.M)
ASSIGNED = lazyre.compile(r"^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)[ \t]*([^\n#]+)", re.M)


QUOTED = lazyre.compile(r"'[^'\n]*'|\"[^\"\n]*\"")


def logical_lines(text: str) -> str:
    """``text`` with the lines an open bracket continues joined into one, as Python reads them: klipper's
    ``KLIPPER_DIR = os.path.abspath(os.path.join(`` then ``os.path.dirname(__file__), "../"))`` on the next line
    is one assignment. Brackets inside one-line string literals and comments do not count; a bracket still open
    after a few lines (a literal table, a docstring's parenthesis) joins nothing."""
    if "(" not in text and "[" not in text:
        return text
    out: list[str] = []
    pending: list[str] = []
    depth = 0
    for line in text.split("\n"):
        bare = QUOTED.sub("", line).split("#", 1)[0]
        depth += bare.count("(") + bare.count("[") + bare.count("{") - bare.count(")") - bare.count("]") - bare.count("}")
        pending.append(line)
        if depth <= 0:
            out.append(" ".join([pending[0], *(p.strip() for p in pending[1:])]))
            pending, depth = [], 0
        elif len(pending) >= CONTINUED_LINES_MAX:
            out.extend(pending)
            pending, depth = [], 0
    out.extend(pending)
    return "\n".join(out)


CONTINUED_LINES_MAX = 6  # a path expression spans a few lines; a longer bracketed run is data or prose


def _file_path_names(text: str) -> dict[str, str]:
    """Name -> expression for the names ``text`` binds to a path built from the file's own: directly
    (``SCRIPTS_DIR = os.path.join(os.path.dirname(__file__), "..", "scripts")``) or from such a name, two
    steps deep (mem0's conftest: ``abs_scripts = os.path.abspath(SCRIPTS_DIR)``)."""
    named = {m.group(1): m.group(2) for m in FILE_PATH_NAME.finditer(text)}
    for _ in range(2):
        words = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(named))) + r")\b") if named else None
        more = {m.group(1): m.group(2) for m in ASSIGNED.finditer(text) if m.group(1) not in named
                and words is not None and words.search(m.group(2))}
        if not more:
            break
        named.update(more)
    return named


# `from sys import path` (katib's test/conftest.py: `path.extend([os.path.join(root, "pkg/…"), …])`), or `as p`
SYS_PATH_IMPORTED = lazyre.compile(r"^[ \t]*from[ \t]+sys[ \t]+import[ \t]+(?:\(?[ \t]*(?:\w+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*)"
                                   r"path(?:[ \t]+as[ \t]+(?P<alias>[A-Za-z_]\w*))?[ \t]*(?:[,)#]|$)", re.M)
PATH_LIST_LINES_MAX = 40  # the folders one `sys.path.extend([...])` lists, one a line


def _as_sys_path(text: str, name: str) -> str:
    """``text`` with the additions to ``sys.path`` made through the name the file imported it as (``path.extend(``,
    ``path.insert(``, ``path.append(``, ``path +=``) written as ``sys.path``; ``os.path`` and other attributes aside."""
    return re.sub(rf"(?<![\w.]){re.escape(name)}(?=[ \t]*(?:\.[ \t]*(?:insert|append|extend)[ \t]*\(|\+=))", "sys.path", text)


def _joined_path_lists(text: str) -> str:
    """``text`` with each ``sys.path.extend(`` / ``sys.path +=`` whose list goes on over the next lines joined into
    one line, up to its closing bracket (at most :data:`PATH_LIST_LINES_MAX` lines): katib's conftest lists four
    folders over eight lines, more than :func:`logical_lines` joins."""
    if not re.search(r"sys\.path(?:\.extend\s*\(|\s*\+=)", text):
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if re.search(r"\bsys\.path(?:\.extend\s*\(|\s*\+=)", line):
            depth, j = 0, i
            while j < len(lines) and j - i < PATH_LIST_LINES_MAX:
                bare = QUOTED.sub("", lines[j]).split("#", 1)[0]
                depth += bare.count("(") + bare.count("[") - bare.count(")") - bare.count("]")
                if depth <= 0:
                    break
                j += 1
            if 0 < j - i < PATH_LIST_LINES_MAX and depth <= 0:
                out.append(" ".join([line, *(p.strip() for p in lines[i + 1:j + 1])]))
                i = j + 1
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def path_additions(text: str, folder: str, project_folder: str | None = None, own_file_only: bool = False) -> list[str]:
    """Folders (relative to the scan root, POSIX) that code in ``text``, a file in ``folder``, puts on
    ``sys.path`` with a literal path (or pytest's ``monkeypatch.syspath_prepend``): ``sys.path.insert(0, "src")``,
    ``sys.path.append(str(Path(__file__).parent / "lib"))``, ``os.path.join(os.path.dirname(__file__), "..")``,
    ``sys.path += [join(dirname(kivy.__file__), 'extras')]`` (a package's own file: its folder where the tree holds it),
    also through names the file binds to such a path (``HERE = Path(__file__).resolve().parent`` …
    ``sys.path.insert(0, str(HERE.parent))``). A path not built from ``__file__`` is relative to the working directory: the file's folder or its
    sub-project's folder. ``own_file_only``: only the paths built from the file's own ``__file__``."""
    if "path" in text and "sys" in text and (imported := SYS_PATH_IMPORTED.search(text)):
        text = _as_sys_path(text, imported.group("alias") or "path")
    if "sys.path" not in text and "syspath_prepend" not in text:
        return []
    out: list[str] = []
    text = logical_lines(_joined_path_lists(text))
    named = _file_path_names(text) if "__file__" in text else {}
    cwd = "cwd" in text  # os.getcwd(), Path.cwd()
    cwd_names = _cwd_names(text) if cwd else frozenset()
    loops = _LoopIndex(_loops(text)) if "for" in text else None
    for m in SYS_PATH.finditer(text):
        args: list[str] = []
        # a loop's name over a literal list of folders: one addition per folder, as written (`for p in (A, B)`) or
        # through a name bound inside the loop (`_path = os.path.join(_LAMBDAS, _sp)`)
        for arg in (a for written in _path_arguments(m) for a in _loop_expanded(written, m.start(), loops)):
            if cwd:
                arg = _cwd_slots(arg, cwd_names)
            for _ in range(3):  # a name bound to the file's path (HERE = Path(__file__).parent; ROOT = HERE.parent)
                if not named or "__file__" in arg:
                    break
                arg = re.sub(r"(?<![\w.])[A-Za-z_]\w*\b", lambda w: named.get(w.group(0), w.group(0)), arg)
            args.extend(_loop_expanded(arg, m.start(), loops))
        for arg in args:
            if own_file_only and ("__file__" not in arg or MODULE_FILE.search(arg)):
                continue
            if "__file__" in arg and "{" in arg:  # f"{os.path.dirname(__file__)}/../scripts": the slot is the file's place
                arg = FILE_SLOT.sub(r"\g<expr>, \g<q>", arg)
            if "__file__" not in arg and F_SLOT.search(arg):
                continue  # f"{sys.argv[1]}/x": a slot of a value known only at run time
            literals = [s.group("s") for s in STRING.finditer(arg)]
            if "__file__" in arg:  # a literal after the file's folder continues it: dirname(__file__) + "/.."
                literals = [lit.lstrip("/") for lit in literals]
            if any(lit.startswith(("/", "~")) or ":" in lit for lit in literals):
                continue  # an absolute path: outside the tree
            if "__file__" in arg:
                ups = arg.count(".parent") - len(PARENTS.findall(arg)) + len(re.findall(r"dirname\s*\(", arg))
                ups += sum(min(int(n), 64) + 1 for n in PARENTS.findall(arg))
                module = MODULE_FILE.search(arg)
                # the file's own path, or a package's (``dirname(kivy.__file__)``: the package's folder, at the root or
                # under src/ or lib/ where the tree holds it; a folder the tree lacks holds no module)
                starts = [folder] if module is None else [posixpath.join(top, module.group("module"))
                                                          for top in ("", "src", "lib")]
                bases = []
                for base in starts:
                    for _ in range(min(max(ups - 1, 0), base.count("/") + 2)):  # past the root it is outside anyway
                        base = posixpath.dirname(base) if base else ".."
                    bases.append(base)
            elif literals or (cwd and CWD_ONLY.fullmatch(arg)):
                # the working directory: the file's folder, its sub-project's, or the repository's root, where its
                # Makefile and CI run it from (klipper's Makefile runs scripts/buildcommands.py, which adds ./klippy);
                # `sys.path.append(now_dir)` with `now_dir = os.getcwd()` adds that folder itself
                bases = working_dirs(folder, project_folder)
            else:
                continue
            for base in bases:
                joined = posixpath.normpath(posixpath.join(base or ".", *literals)) if literals else (base or ".")
                if joined == ".":
                    joined = ""
                if not joined.startswith(".."):
                    out.append(joined)
    return list(dict.fromkeys(out))


# a loop over a literal tuple or list, on one line: ``for _sp in ("ingestion", "compute", "coach"):``,
# ``for p in (CDK_DIR, CDK_STACKS):``, ``for _p in (_REPO, os.path.join(_REPO, "scripts")):``
LOOP_HEAD = lazyre.compile(r"^[ \t]*for[ \t]+(?P<name>[A-Za-z_]\w*)[ \t]+in[ \t]*(?=[(\[])", re.M)
LOOP_ITEMS_MAX = 64  # the folders one loop adds; a longer list is data


def _loops(text: str) -> list[tuple[int, str, tuple[str, ...]]]:
    """(offset, name, items as written) of each one-line loop of ``text`` over a literal tuple or list: life-platform's
    tests/conftest.py puts each sub-package of ``lambdas/`` on ``sys.path`` with ``for _sp in ("ingestion", "compute",
    …):`` then ``sys.path.insert(0, os.path.join(_LAMBDAS, _sp))``, and a test with ``for p in (CDK_DIR, CDK_STACKS):``
    then ``sys.path.insert(0, p)``. The items are split at the list's own commas; a list left open on the line, or
    longer than :data:`LOOP_ITEMS_MAX`, is none."""
    out: list[tuple[int, str, tuple[str, ...]]] = []
    for m in LOOP_HEAD.finditer(text):
        written, closed = _list_items(text[m.end() + 1:text.find("\n", m.end()) % (len(text) + 1)])
        items = [i for i in (w.strip() for w in written) if i]
        if closed and items and len(items) <= LOOP_ITEMS_MAX:
            out.append((m.start(), m.group("name"), tuple(items)))
    return out


def _list_items(text: str) -> tuple[list[str], bool]:
    """The items of a list or tuple literal whose opening bracket ``text`` starts right after, as written, split at the
    literal's own commas (a string's or a nested bracket's kept whole), and whether its closing bracket came."""
    items: list[str] = []
    item: list[str] = []
    depth, quote = 0, ""
    for ch in text:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:  # the literal's own closing bracket
                items.append("".join(item))
                return items, True
            depth -= 1
        elif ch == "," and depth == 0:
            items.append("".join(item))
            item = []
            continue
        item.append(ch)
    items.append("".join(item))
    return items, False


# a name as a word of an expression (not an attribute, not inside a string's quotes)
EXPRESSION_NAME = lazyre.compile(r"(?<![\w.'\"])[A-Za-z_]\w*")


class _LoopIndex:
    """The loops of :func:`_loops` by name: each name's loop offsets, in order, and their items."""

    def __init__(self, loops: list[tuple[int, str, tuple[str, ...]]]) -> None:
        self.by_name: dict[str, tuple[list[int], list[tuple[str, ...]]]] = {}
        for offset, name, items in sorted(loops):
            offsets, lists = self.by_name.setdefault(name, ([], []))
            offsets.append(offset)
            lists.append(items)

    def nearest(self, names: set[str], at: int) -> tuple[int, str, tuple[str, ...]] | None:
        """The nearest loop above offset ``at`` over one of ``names``: (offset, name, items), or None."""
        best = None
        for name in names:
            offsets, lists = self.by_name[name]
            i = bisect.bisect_left(offsets, at) - 1
            if i >= 0 and (best is None or offsets[i] > best[0]):
                best = (offsets[i], name, lists[i])
        return best


def _loop_expanded(arg: str, at: int, loops: _LoopIndex | None) -> list[str]:
    """``arg``, a ``sys.path`` argument at offset ``at``, once per item of the nearest literal loop above it
    (:func:`_loops`) whose name it uses, the name written as that item; ``arg`` itself when it uses none. The names
    ``arg`` uses are looked up among the loops' (each loop tried on each argument, with a pattern compiled for it,
    took 53 s for 1,000 loops and as many additions; reviewer r34)."""
    if loops is None or not loops.by_name:
        return [arg]
    used = {w.group(0) for w in EXPRESSION_NAME.finditer(arg)} & loops.by_name.keys()
    found = loops.nearest(used, at) if used else None
    if found is None:
        return [arg]
    _, name, items = found
    word = re.compile(rf"(?<![\w.'\"]){re.escape(name)}\b")
    return [word.sub(item.replace("\\", "\\\\"), arg) for item in items]

def _path_arguments(m: re.Match[str]) -> list[str]:
    """The paths one ``sys.path`` addition (a :data:`SYS_PATH` match) adds, as written: its argument, or each element
    of the list ``sys.path.extend([...])`` and ``sys.path += [...]`` add (GIMP-ML's plug-ins:
    ``sys.path.extend([baseLoc + 'gimpenv/lib/python2.7', …, baseLoc + 'Inpainting'])``, four folders, not one path
    joined from all four)."""
    arg = m.group("arg") or m.group("parg") or ""
    if not m.group("arg") or not re.search(r"\.extend\s*\(\s*[\[(]\Z|\+=\s*[\[(]\Z", m.group(0)[: m.start("arg") - m.start()]):
        return [arg]
    return [a for a in _list_items(arg)[0] if a.strip()] or [arg]


# the working directory as code names it, and a name bound to it (GPT-SoVITS: ``now_dir = os.getcwd()``)
CWD_CALL = r"(?:os\.getcwd|(?:pathlib\.)?Path\.cwd)\(\s*\)"
CWD_NAME = lazyre.compile(rf"^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*(?:str\(\s*)?{CWD_CALL}\)?[ \t]*(?:#[^\r\n]*)?\r?$", re.M)
# the argument of a sys.path addition that is the working directory alone: ``now_dir)``, ``os.getcwd())``
CWD_ONLY = lazyre.compile(rf"[ \t]*(?:str\(\s*)?(?:{CWD_CALL}|__CWD__)[ \t]*\)?[ \t]*\)?[ \t\r]*")


def _cwd_names(text: str) -> frozenset[str]:
    """The names the file binds to the working directory (``now_dir = os.getcwd()``)."""
    return frozenset(CWD_NAME.findall(text))


def _cwd_slots(arg: str, names: frozenset[str]) -> str:
    """A ``sys.path`` argument with the working directory written as a format slot at the start of a path taken out
    of its string, the rest being a path relative to it: ``f"{os.getcwd()}/GPT_SoVITS/eres2net"``, ``f"{now_dir}/x"``,
    ``"%s/GPT_SoVITS" % (now_dir)``, ``"{}/x".format(now_dir)``; a name alone (``now_dir``) is marked ``__CWD__``.
    Any other slot is left as it is (a value known only at run time)."""
    cwd = rf"(?:{CWD_CALL}|" + "|".join(re.escape(n) for n in sorted(names)) + r")" if names else CWD_CALL
    arg = re.sub(rf"(\b[fF])(['\"])\{{\s*{cwd}\s*\}}[/\\]+", r"\1\2", arg)
    arg = re.sub(rf"(['\"])%s[/\\]+([^'\"\n]*)\1\s*%\s*\(?\s*{cwd}\s*,?\s*\)?", r"\1\2\1", arg)
    arg = re.sub(rf"(['\"])\{{\}}[/\\]+([^'\"\n]*)\1\s*\.format\(\s*{cwd}\s*\)", r"\1\2\1", arg)
    if names:
        arg = re.sub(rf"^(\s*(?:str\(\s*)?)(?:{'|'.join(re.escape(n) for n in sorted(names))})(?=\s*\)?\s*\))", r"\1__CWD__", arg)
    return arg


# a sys.path addition whose own line says which modules it is for: ``sys.path.append(os.path.join(args.micropython,
# "tools"))  # for manifestfile``
SYS_PATH_FOR = lazyre.compile(r"^[^\n#]*\bsys\.path\.(?:insert|append)[ \t]*\((?P<arg>[^#\n]*)\)[ \t]*#[ \t]*for[ \t]+"
                              r"(?P<names>[A-Za-z_]\w*(?:[ \t]*(?:,|\band\b)[ \t]*[A-Za-z_]\w*)*)[ \t]*$", re.M)
# the words of a path built from the file's own place or the working directory, known without running anything
PATH_WORDS = frozenset({"os", "path", "join", "dirname", "abspath", "realpath", "normpath", "str", "Path", "resolve",
                        "absolute", "parent", "parents", "sys", "getcwd", "cwd", "__file__", "pathlib", "fspath"})


# any sys.path addition, and an import whose own line tells the linters it cannot be resolved (pylint's import-error,
# mypy's import-not-found / import-untyped, pyright's reportMissingImports) or follows PyCharm's
# `# noinspection PyUnresolvedReferences` line
# (pytest's ``monkeypatch.syspath_prepend(path)`` puts a folder first on sys.path as ``sys.path.insert(0, path)`` does)
SYS_PATH_ADD = lazyre.compile(r"^[^\n#]*\b(?:sys\.path\.(?:insert|append)|syspath_prepend)[ \t]*\((?P<arg>[^#\n]*)\)", re.M)
UNRESOLVED_IMPORT = lazyre.compile(
    r"^(?:[ \t]*#[ \t]*noinspection[ \t]+PyUnresolvedReferences[ \t]*\n)?[ \t]*(?:from[ \t]+(?P<from>[A-Za-z_]\w*)(?:\.[\w.]*)?"
    r"[ \t]+import\b|import[ \t]+(?P<import>[A-Za-z_]\w*))[^#\n]*(?P<said>#[^\n]*(?:\bimport-error\b|\bE0401\b|"
    r"\btype:[ \t]*ignore\[[^\]\n]*\bimport|\bpyright:[ \t]*ignore\[[^\]\n]*reportMissingImports))?[^\n]*$", re.M)


def _words(code: str) -> set[str]:
    """The names ``code`` uses, its string literals and their prefixes (``f"…"``, ``r'…'``) left out."""
    return set(re.findall(r"\b[A-Za-z_]\w*\b", STRING.sub("", re.sub(r"\b[rRbBfFuU]{1,2}(?=['\"])", "", code))))


# a line binding a name (``x = …``, ``x: T = …``; not ``x == …``) and what it is bound to, the rest of the line
BINDING = lazyre.compile(r"^[ \t]*(?P<name>[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)(?P<value>[^\n]*)", re.M)


@functools.lru_cache(maxsize=4)  # asked per sys.path addition of one text: one pass over it (reviewer r29)
def _bindings(text: str) -> dict[str, tuple[str, ...]]:
    """Each name ``text`` binds at a line's start and the values it is bound to (:data:`BINDING`), in order."""
    out: dict[str, list[str]] = {}
    for m in BINDING.finditer(text):
        out.setdefault(m.group("name"), []).append(m.group("value"))
    return {name: tuple(values) for name, values in out.items()}


@functools.lru_cache(maxsize=4)
def _assigned(text: str) -> dict[str, tuple[str, ...]]:
    """Each name ``text`` binds (:data:`ASSIGNED`) and the values, stripped, it is bound to, in order."""
    out: dict[str, list[str]] = {}
    for m in ASSIGNED.finditer(text):
        out.setdefault(m.group(1), []).append(m.group(2).strip())
    return {name: tuple(values) for name, values in out.items()}


def _run_time_folder(arg: str, text: str) -> bool:
    """Whether a ``sys.path`` addition's argument is built from a value the code is given (an argument, an
    attribute, the environment), not from a literal, the file's own place or the working directory; names the
    file binds (``_LOCAL_PROTO_DIR = _HERE / "_generated"``, ``_HERE = Path(__file__).parent``) are followed.
    The file's bindings are found in one pass (:func:`_bindings`), not once per addition and name: N additions of
    one name took N passes over the file (reviewer r29: 2,000 ``sys.path.append(d)`` lines, 40 KB, 11 s)."""
    bindings = _bindings(text)
    words: set[str] = _words(arg)
    seen: set[str] = set()
    for _ in range(4):  # a chain of a few bound names at most
        bound = {w for w in words - seen - PATH_WORDS if w in bindings}
        seen |= words
        for w in bound:
            for value in bindings[w]:
                words = words | _words(value)
        if not bound:
            break
    if "__file__" in words:
        return False
    given = {w for w in words - PATH_WORDS if w not in bindings}
    return bool(given)


def run_time_path_modules(text: str) -> frozenset[str]:
    """The modules that ``text`` (a file's Python) says a folder known only at run time brings: a ``sys.path``
    addition built from a value the code is given (a command-line argument, an environment variable), not from a
    literal, the file's own place or the working directory, whose own line ends in a comment naming the modules it is
    for (micropython-lib's ``tools/build.py``: ``sys.path.append(os.path.join(args.micropython, "tools"))  # for
    manifestfile``, a module of the MicroPython checkout named by ``--micropython``). Nothing in the tree holds such a
    module; the comment is the author's word that it comes from there, not from a registry. In a file with such an
    addition, an import whose own line tells the linters it cannot be resolved is the author's word too (MONAI's
    test: ``sys.path.append(os.path.join(f"{item['name']}", "custom"))`` for a bundle it downloads, then ``from
    vit_network import ViTAutoEnc  # pylint: disable=E0401``). A folder the tree resolves (:func:`path_additions`) is
    looked into instead, and an import neither names stays judged."""
    if "sys.path" not in text:
        return frozenset()
    out: set[str] = set()
    for m in SYS_PATH_FOR.finditer(text) if "for" in text else ():
        if _run_time_folder(m.group("arg"), text):  # not a path the tree resolves, nor a literal one
            out.update(n for n in re.findall(r"[A-Za-z_]\w*", m.group("names")) if n != "and")
    if any(_run_time_folder(m.group("arg"), text) for m in SYS_PATH_ADD.finditer(text)) and (
            "import-error" in text or "E0401" in text or "ignore[" in text or "PyUnresolvedReferences" in text):
        for m in UNRESOLVED_IMPORT.finditer(text):
            after_noinspection = "\n" in m.group(0)  # the optional PyCharm line matched above the import
            if m.group("said") is not None or after_noinspection:
                out.add(m.group("from") or m.group("import"))
    return frozenset(out)


# an import statement's first line: its indentation and top-level module; a `from m import (` left open. The dotted
# rest begins with its dot, so the top-level name cannot be split anew at each letter (r24 #7: quadratic otherwise)
IMPORT_LINE = lazyre.compile(r"(?P<indent>[ \t]*)(?:from[ \t]+(?P<from>[A-Za-z_]\w*)(?:\.[\w.]*)?[ \t]+import\b"
                             r"|import[ \t]+(?P<import>[A-Za-z_]\w*))(?P<rest>[^\n]*)")


# a statement that imports a module by its name in a string, binding it or not: `x = __import__('m')`,
# `self.m = importlib.import_module("m")`, `importlib.import_module("m")` (a top-level name only: the string's first part)
DYNAMIC_IMPORT_LINE = lazyre.compile(r"(?P<indent>[ \t]*)(?:[A-Za-z_][\w.]*[ \t]*=[ \t]*)?(?:__import__|(?:importlib\.)?"
                                     r"import_module)\([ \t]*['\"](?P<module>[A-Za-z_]\w*)(?:\.[\w.]*)?['\"][ \t]*\)[ \t]*(?:#[^\n]*)?")


# a `sys.path` argument that is one name (``sys.path.append(LD_LIBRARY_PATH)``), after an index when inserted
ONE_NAME_ARG = lazyre.compile(r"\s*(?:[0-9]+\s*,\s*)?(?P<name>[A-Za-z_]\w*)\s*")


def run_time_headed_folders(text: str) -> tuple[tuple[str, str], ...]:
    """(folder name, literal tail as written) of each ``sys.path`` addition of ``text`` whose folder joins a value
    known only at run time (:func:`_run_time_folder`: a function's result, an argument) with literal folders that end
    the path, the last one an identifier: Genesis' ``genesis/utils/particle.py`` binds ``LD_LIBRARY_PATH =
    os.path.join(miu.get_src_dir(), "ext/ParticleMesher/ParticleMesherPy")`` and does ``sys.path.append(LD_LIBRARY_PATH)``
    (a name bound once is followed). Where the head points is unknown; the tail alone is read, and the caller says
    whose folder it is (:func:`.imports.submodule_tail_imports`). A tail with a slot, an absolute part or ``..`` is
    none, and so is a path whose last part is not a literal (``os.path.join("ext", name)``)."""
    if "sys.path" not in text and "syspath_prepend" not in text:
        return ()
    out: dict[str, str] = {}
    assigned: dict[str, tuple[str, ...]] | None = None
    for m in SYS_PATH_ADD.finditer(text):
        arg = m.group("arg")
        if not _run_time_folder(arg, text):
            continue
        expr = arg
        one = ONE_NAME_ARG.fullmatch(arg)
        if one is not None:
            assigned = _assigned(text) if assigned is None else assigned
            values = assigned.get(one.group("name"), ())
            if len(values) != 1:
                continue  # bound twice, or not by a plain assignment
            expr = values[0]
        found = list(STRING.finditer(expr))
        if not found or not set(STRING.sub("", expr[found[0].start():])) <= set(" \t,/+)"):
            continue  # no literal, or something else among or after them: the path does not end in literal folders
        literals = [s.group("s") for s in found]
        if any(not lit or "{" in lit or lit.startswith(("/", "~")) or ":" in lit for lit in literals):
            continue
        parts = [p for lit in literals for p in lit.replace("\\", "/").split("/") if p not in ("", ".")]
        if not parts or ".." in parts or not parts[-1].isidentifier():
            continue
        out.setdefault(parts[-1], "/".join(parts))
    return tuple(out.items())


def run_time_path_imports(text: str) -> frozenset[str]:
    """The top-level modules imported right after a ``sys.path`` addition of a folder known only at run time
    (:func:`_run_time_folder`), in the same block (:func:`_imports_right_after`): the addition is there for them,
    so a name no registry has may be that folder's module. Weaker evidence than a comment naming the module
    (:func:`run_time_path_modules`): such an import stays a mention, and only a name no registry has becomes a note
    (``Declared.unknowable``)."""
    if "sys.path" not in text and "syspath_prepend" not in text:
        return frozenset()
    out: set[str] = set()
    for m in SYS_PATH_ADD.finditer(text):
        if _run_time_folder(m.group("arg"), text):
            out.update(_imports_right_after(text, m.start(), m.end()))
    return frozenset(out)


def run_time_imports(files: Iterable[str], read: Callable[[str], str | None]) -> tuple[tuple[str, str], ...]:
    """(module, file) of the imports right after a ``sys.path`` addition of a folder known only at run time
    (:func:`run_time_path_imports`) in the tree's Python files (``files``, read with ``read`` only when a ``.py``
    file), sorted: :attr:`PythonProject.run_time_imports`."""
    return sys_path_facts(files, read)[0]


def sys_path_facts(files: Iterable[str], read: Callable[[str], str | None]
                   ) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """What the tree's Python files (``files``, read with ``read`` only when a ``.py`` file) say of ``sys.path``, in
    one reading: (:attr:`PythonProject.run_time_imports`, :attr:`PythonProject.self_rooted`), each sorted."""
    found: set[tuple[str, str]] = set()
    rooted: set[str] = set()
    for rel in files:
        if not rel.endswith(".py"):
            continue
        text = read(rel)
        if text and "sys.path" in text:
            found.update((module, rel) for module in run_time_path_imports(text))
            rooted.update(self_rooted_folders(text, rel))
    return tuple(sorted(found)), tuple(sorted(rooted))


def self_rooted_folders(text: str, rel: str) -> list[str]:
    """The folders that the module file ``rel`` (relative to the scan root), whose code is ``text``, puts on
    ``sys.path`` through its own ``__file__`` and that hold it: its own folder or one above it, short of the root
    (whose modules are the project's anyway). A vendored research package adds its own root so that its modules'
    root-relative imports work wherever it is copied: LivePortrait's ``src/utils/dependencies/XPose/transforms.py``
    appends ``os.path.dirname(os.path.abspath(__file__))``, and ``XPose/models/UniPose/backbone.py`` imports
    ``util.misc`` from ``XPose/util/``. A path from the working directory (``sys.path.insert(0, '.')``) is none."""
    if "__file__" not in text:
        return []
    folder = rel.rpartition("/")[0]
    return [added for added in path_additions(text, folder, own_file_only=True)
            if added and (folder == added or folder.startswith(added + "/"))]


# the words a literal path may be wrapped in without naming any other place: os.path.abspath('../x'), Path("../x")
LITERAL_PATH_WORDS = frozenset({"os", "path", "abspath", "realpath", "normpath", "join", "Path", "pathlib", "str",
                                "resolve", "fspath", "r", "u"})


# an absolute folder as a literal names: a POSIX root, a home folder (``~/src/x``), a Windows drive (``C:\\x``, ``D:/x``)
ABSOLUTE_FOLDER = lazyre.compile(r"^(?:/|~|[A-Za-z]:[\\/])")
# the words an absolute literal folder may be wrapped in besides :data:`LITERAL_PATH_WORDS`: ``os.path.expanduser``
ABSOLUTE_PATH_WORDS = LITERAL_PATH_WORDS | {"expanduser"}


def _bound_literal(arg: str, text: str) -> str | None:
    """The string literal a ``sys.path`` argument that is one name stands for, when the file binds that name once and
    to that literal alone (AllenSDK's ``twok_dir = "/shared/bioapps/itk/itk_shared/jp2/build"``, then
    ``sys.path.append(twok_dir)``); a name bound twice or to anything else is not one."""
    name = re.fullmatch(r"\s*(?:[0-9]+\s*,\s*)?(?P<name>[A-Za-z_]\w*)\s*", arg)
    if name is None:
        return None
    values = _assigned(text).get(name.group("name"), ())
    if len(values) != 1:
        return None
    lit = STRING.fullmatch(values[0])
    return lit.group("s") if lit is not None else None


def working_dirs(folder: str, project_folder: str | None) -> list[str]:
    """The folders a file of ``folder`` may be run from, relative to the scan root: its own, its sub-project's and the
    root, each once."""
    return list(dict.fromkeys([folder, project_folder if project_folder is not None else folder, ""]))


def _literal_additions(text: str) -> Iterator[tuple[re.Match[str], str, list[str]]]:
    """(the match, its argument as written, the string literals in it) of each ``sys.path`` addition of ``text``."""
    for m in SYS_PATH_ADD.finditer(text):
        arg = m.group("arg")
        yield m, arg, [s.group("s") for s in STRING.finditer(arg)]


def outside_path_imports(text: str, folder: str, project_folder: str | None = None) -> tuple[tuple[str, str], ...]:
    """(top-level module, folder as written) of each import right after a ``sys.path`` addition (in the same block,
    :func:`_imports_right_after`) of a literal relative path that leaves the repository from every working
    directory the file may be run in (its ``folder``, its sub-project's, the scan root): OpenDSSDirect.py's
    ``docs/conf.py`` does ``sys.path.append('../../dss-extensions/docs')``, the organisation's common repository
    cloned beside this one, then ``from common_conf import *``. Such a folder is another checkout, whose modules the
    tree cannot show; a path built from anything but literals (``__file__``, a variable) or one that stays inside the
    tree is no such folder. So is a literal absolute folder, written in the addition or bound once to the one name it
    adds: a folder of the machine the script runs on (AllenSDK's ``sys.path.append('/allen/programs/braintv/…/src/
    pbstools')``, then ``from pbstools import PythonJob``: the institute's shared file system). Only a name no
    registry has becomes a note (``Declared.unknowable``)."""
    if "sys.path" not in text:
        return ()
    out: dict[str, str] = {}
    bases = working_dirs(folder, project_folder)
    for m, arg, literals in _literal_additions(text):
        bound = _bound_literal(arg, text) if not literals else None
        if bound is not None:
            literals = [bound]
        if not literals:
            continue
        words = set(re.findall(r"[A-Za-z_]\w*", STRING.sub("", arg))) if bound is None else set()
        if ABSOLUTE_FOLDER.match(literals[0]) and literals[0] not in ("/", "~") and words <= ABSOLUTE_PATH_WORDS:
            for module in _imports_right_after(text, m.start(), m.end()):
                out.setdefault(module, "/".join(literals).replace("//", "/"))
            continue
        if ".." not in arg or any(lit.startswith(("/", "~")) or ":" in lit for lit in literals):
            continue
        if not words <= LITERAL_PATH_WORDS:
            continue  # built from something else too (__file__, a variable): judged by path_additions
        if all(posixpath.normpath(posixpath.join(base or ".", *literals)).startswith("..") for base in bases):
            for module in _imports_right_after(text, m.start(), m.end()):
                out.setdefault(module, literals[-1] if len(literals) == 1 else "/".join(literals))
    return tuple(out.items())


def absent_path_imports(text: str, folder: str, project_folder: str | None,
                        is_folder: Callable[[str], bool]) -> tuple[tuple[str, str, str], ...]:
    """(top-level module, the path's first folder, path as written) of each import right after a ``sys.path``
    addition (in the same block, :func:`_imports_right_after`) of a literal relative path that stays inside the
    repository and names no folder of the tree (``is_folder``: relative to the scan root) from any working directory
    the file may be run in (its ``folder``, its sub-project's, the scan root): ml-engineering's
    ``debug/tiny-scripts/mt5-make-tiny-model.py`` does ``sys.path.append("./sentencepiece/python/src/sentencepiece")``,
    a folder of a checkout the reader makes, then ``import sentencepiece_model_pb2``. The caller says whose folder it
    is (:func:`.imports.documented_checkout_imports`); a path built from anything but literals, one leaving the
    repository (:func:`outside_path_imports`) or one the tree holds is none."""
    if "sys.path" not in text:
        return ()
    out: dict[str, tuple[str, str]] = {}
    bases = working_dirs(folder, project_folder)
    for m, arg, literals in _literal_additions(text):
        if not literals or any(not lit or lit.startswith(("/", "~")) or ":" in lit for lit in literals):
            continue
        if not set(re.findall(r"[A-Za-z_]\w*", STRING.sub("", arg))) <= LITERAL_PATH_WORDS:
            continue  # built from something else too (__file__, a variable): judged by path_additions
        written = "/".join(literals).replace("\\", "/")
        parts = [p for p in written.split("/") if p not in ("", ".", "..")]
        if not parts:
            continue
        joined = [posixpath.normpath(posixpath.join(base or ".", written)) for base in bases]
        if any(j.startswith("..") or j == "." or is_folder(j) for j in joined):
            continue  # outside the repository, the folder itself, or a folder the tree holds
        for module in _imports_right_after(text, m.start(), m.end()):
            out.setdefault(module, (parts[0], written))
    return tuple((module, first, written) for module, (first, written) in out.items())


def named_path_folders(text: str, folder: str, project_folder: str | None,
                       is_folder: Callable[[str], bool]) -> tuple[tuple[str, str], ...]:
    """(folder name, path as written) of each ``sys.path`` addition of ``text`` whose argument is a literal path
    (relative or absolute) ending in a folder whose name is an identifier, when the tree holds no folder there from
    any working directory the file may be run in (its ``folder``, its sub-project's, the scan root): the file names a
    folder of the machine it runs on. RSNA 2023's winning solution's ``rough_codes/5_coat_lite_medium_….py`` does
    ``sys.path.append('../')`` and ``sys.path.append('../src_inference1')`` and, 670 lines on, imports
    ``from src_inference1.coat import CoaT``: the authors' copy of the CoaT model code beside their checkout. An import
    of that very name is the folder's (the caller makes it a note only when no registry has the name); an import of
    any other name, or a folder the tree holds, is not."""
    if "sys.path" not in text:
        return ()
    out: dict[str, str] = {}
    bases = working_dirs(folder, project_folder)
    for _m, arg, literals in _literal_additions(text):
        if not literals or not set(re.findall(r"[A-Za-z_]\w*", STRING.sub("", arg))) <= ABSOLUTE_PATH_WORDS:
            continue  # built from something else too (__file__, a variable)
        written = "/".join(literals).replace("\\", "/")
        parts = [p for p in written.split("/") if p not in ("", ".", "..")]
        if not parts or not parts[-1].isidentifier():
            continue
        if not ABSOLUTE_FOLDER.match(written) and any(
                is_folder(j) for base in bases
                if not (j := posixpath.normpath(posixpath.join(base or ".", written))).startswith("..")):
            continue  # a folder the tree holds: its modules are the tree's to show
        out.setdefault(parts[-1], written)
    return tuple(out.items())


def _lines_from(text: str, pos: int) -> Iterator[str]:
    """The lines of ``text`` from ``pos`` on, one at a time: a caller that stops early reads (and copies) no more
    of the file (reviewer r29: splitting the whole rest at each of N ``sys.path`` additions was quadratic)."""
    while pos < len(text):
        nl = text.find("\n", pos)
        if nl < 0:
            yield text[pos:]
            return
        yield text[pos:nl]
        pos = nl + 1


TRY_LINE = lazyre.compile(r"[ \t]*try[ \t]*:[ \t]*(?:#[^\n]*)?")  # a `try:` on its own line


def _imports_right_after(text: str, start: int, end: int) -> list[str]:
    """The top-level modules of the imports that directly follow a ``sys.path`` addition (the statement at
    ``text[start:end]``), in the same block, before any other statement: the addition is there for them
    (modelscope's loader: ``sys.path.insert(0, model_dir)``, then ``from configuration_baichuan import …``, the
    model checkout's own files). Blank and comment lines between them are skipped; the first other statement,
    or a line indented otherwise, ends the run. A ``try:`` that directly follows the addition (or its imports) is
    read into: the imports opening its body are there for the addition too (ms-swift's DeepSeek-VL2 loader:
    ``sys.path.append(local_repo_path)``, then ``try: from deepseek_vl2.models import …``)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", line_start)
    first = text[line_start:line_end if line_end >= 0 else len(text)]  # the addition's line
    indent: str | None = first[: len(first) - len(first.lstrip(" \t"))]
    following = text.find("\n", end)
    out: list[str] = []
    open_parens = 0
    try_indent: str | None = None  # the indentation of the `try:` read into, once
    for line in _lines_from(text, following + 1 if following >= 0 else len(text)):
        if open_parens:  # the continuation lines of `from m import (`
            open_parens += line.count("(") - line.count(")")
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        leading = line[: len(line) - len(line.lstrip(" \t"))]
        if indent is None:  # the first line of the try's body: deeper than the try, or the run ends
            if try_indent is None or len(leading) <= len(try_indent) or not leading.startswith(try_indent):
                break
            indent = leading
        elif try_indent is None and leading == indent and TRY_LINE.fullmatch(line):
            try_indent, indent = indent, None
            continue
        m = IMPORT_LINE.fullmatch(line)
        if m is None and (d := DYNAMIC_IMPORT_LINE.fullmatch(line)) is not None and d.group("indent") == indent:
            out.append(d.group("module"))  # `self.decoder = __import__('payload_decoder')`
            continue
        if m is None or m.group("indent") != indent:
            break
        out.append(m.group("from") or m.group("import"))
        open_parens = max(0, m.group("rest").count("(") - m.group("rest").count(")"))
    return out


ENV_FILE = ".env"  # the environment file VS Code's Python extension, python-dotenv and pipenv load by default
ENV_PYTHONPATH = lazyre.compile(r"^[ \t]*(?:export[ \t]+)?PYTHONPATH[ \t]*=[ \t]*(?P<value>[^\n#]*)", re.M)
# VS Code's variable for the workspace folder, whose .env the extension loads: the .env's own folder
WORKSPACE_VARIABLE = lazyre.compile(r"\$\{workspace(?:Folder|Root)\}")


def env_python_path(text: str, folder: str) -> list[str]:
    """The folders (relative to the scan root, POSIX) that a ``.env`` file in ``folder`` puts on ``sys.path``
    through ``PYTHONPATH``: each relative entry, from the file's folder (where the tools that load it run the
    code: VS Code's workspace folder, pipenv's project; vscode-python's test workspace ``workspace4/.env`` holds
    ``PYTHONPATH=../workspace5``); ``${workspaceFolder}`` is that folder. An absolute entry, one naming another
    variable (``${REPO}/foo``, ``$PYTHONPATH``) or one outside the tree adds nothing."""
    out: list[str] = []
    for m in ENV_PYTHONPATH.finditer(text):
        value = m.group("value").strip().strip("'\"")
        value = WORKSPACE_VARIABLE.sub(".", value)
        for entry in re.split(r"[:;]", value):
            entry = entry.strip().replace("\\", "/")
            if not entry or entry.startswith(("/", "~")) or "$" in entry or "%" in entry:
                continue
            joined = posixpath.normpath(posixpath.join(folder or ".", entry))
            if joined == ".":
                joined = ""
            if not joined.startswith(".."):
                out.append(joined)
    return list(dict.fromkeys(out))




# a curl or wget command, its words up to the end of the command (a pipe, a separator, the line's end)
DOWNLOAD_COMMAND = lazyre.compile(r"(?<![\w.$/-])(curl|wget)(?:\.exe)?[ \t]+([^\n;&|]*)")
REDIRECT = lazyre.compile(r"(?<![0-9&>])>>?[ \t]*(\S+)")
# urllib's urlretrieve(url, "file"): the file it saves (a download of a data file is no write of other files: r27)
URLRETRIEVE = lazyre.compile(r"""\burlretrieve\([^\n)]*?,\s*(?:filename\s*=\s*)?[rRbBfF]{0,2}['"]([^'"\n]+)['"]""")
# huggingface_hub's hf_hub_download(...) of one file of a repository into the working directory (local_dir "." or
# "./"): a Space's app fetches a module file of a model repository beside itself, then imports it
HUB_FILE_CALL = lazyre.compile(r"\bhf_hub_download[ \t]*\((?P<args>[^()]{0,1000})\)")
HUB_FILE_NAME = lazyre.compile(r"""\bfilename\s*=\s*['"](?P<file>[\w.-]+\.py)['"]""")
HUB_HERE = lazyre.compile(r"""\blocal_dir\s*=\s*['"]\.?/?['"]""")


@functools.lru_cache(maxsize=8)  # asked per imported name of one text (writes_module): read once (reviewer r27)
def downloaded_files(text: str) -> frozenset[str]:
    """The names of the files (their last path segments) that the ``curl`` and ``wget`` commands of ``text`` (a
    notebook's ``!`` lines and shell cells, a script) save: curl's ``-O``/``--remote-name`` (each URL's last
    segment, also in a cluster of short options: ``-sSLO``), ``-o``/``--output FILE`` and a ``> FILE`` redirect;
    wget's URLs' last segments, unless ``-O``/``--output-document FILE`` names the file (``-`` is standard output,
    which saves nothing). curl without any of these writes to standard output. Words are read as written, nothing
    is run; a slot (``$OUT``, ``{name}``) names no file. And the file ``urlretrieve(url, "name.py")`` saves, and the
    module file ``hf_hub_download(repo_id=…, filename="name.py", local_dir=".")`` saves beside the script."""
    out: set[str] = {m.group(1).rsplit("/", 1)[-1] for m in URLRETRIEVE.finditer(text)} if "urlretrieve" in text else set()
    if "hf_hub_download" in text:  # a module file of a Hub repository saved into the working directory
        for m in HUB_FILE_CALL.finditer(text):
            hub_file = HUB_FILE_NAME.search(m.group("args"))
            if hub_file is not None and HUB_HERE.search(m.group("args")):
                out.add(hub_file.group("file"))
    for m in DOWNLOAD_COMMAND.finditer(text):
        tool, args = m.group(1), m.group(2)
        saved: list[str] = [r.group(1) for r in REDIRECT.finditer(args)]
        words = [w.strip("'\"\\") for w in REDIRECT.sub(" ", args).split()]
        urls = [w for w in words if "://" in w]
        named: str | None = None  # the file an output option names
        remote = tool == "wget"  # wget saves under the URL's name by default
        for i, word in enumerate(words):
            after = words[i + 1] if i + 1 < len(words) else None
            if tool == "curl":
                if word in ("--remote-name", "--remote-name-all") or re.fullmatch(r"-[A-Za-z]*O[A-Za-z]*", word):
                    remote = True
                if word == "--output" or re.fullmatch(r"-[A-Za-z]*o", word):
                    named = after
                elif word.startswith("--output="):
                    named = word.partition("=")[2]
            else:
                short = re.fullmatch(r"-[A-Za-z]*O(\S*)", word)
                if word == "--output-document" or (short is not None and not short.group(1)):
                    named = after
                elif short is not None:
                    named = short.group(1)
                elif word.startswith("--output-document="):
                    named = word.partition("=")[2]
        if named is not None:
            saved.append(named)
            if tool == "wget":
                remote = False
        if remote:
            saved.extend(re.split(r"[?#]", url, maxsplit=1)[0] for url in urls)
        out.update(path.rstrip("/").rsplit("/", 1)[-1] for path in saved if path and path != "-")
    return frozenset(out)


def writes_module(text: str, name: str) -> bool:
    """Whether ``text`` writes the module ``name`` at run time, so that its own ``import name`` finds it:
    a ``%%writefile name.py`` / ``%%file name.py`` cell, a ``"name.py"`` literal (``(tmp_path / "name.py")
    .write_text(...)``, ``open("name.py", "w")``), a package folder made there (``tmp_path / "name"``,
    ``.joinpath("name")``, ``os.path.join(tmpdir, "name")`` onto a temporary folder's variable: django-oscar's test
    forks an app into a ``tempfile.mkdtemp()`` and imports it, or through a variable bound to ``"name"``; a module file joined onto it:
    ``os.path.join("name", "answer.py")``), a folder of that name the code enters (``os.chdir("name")``), pytester's
    ``makepyfile(name=...)``, an egg or wheel of it the file names (``"testegg-1.0.0-py3.4.egg"``: dask/distributed's
    test uploads it to its workers, then ``import testegg``), a ``git clone`` whose folder it is (``!git clone
    https://github.com/org/name.git``, or ``git clone URL name``), a download that saves ``name.py``
    (:func:`downloaded_files`: OpenFermion's FQE tutorial runs ``!curl -O https://…/build_lih_data.py``, then
    ``import build_lih_data``; ``urlretrieve(URL, "name.py")``). A module file is ``name.py``, ``name/__init__.py``
    (pyodide's test writes ``Path(f"{mount_dir}/test_idbfs/__init__.py")``), a module file in a folder ``name/`` (a
    PEP 420 namespace package: panda3d's VFS importer test writes ``"/ram/testnspkg/test.py"``, then ``from testnspkg
    import test``), or the source an import hook loads:
    ``name.pyx`` through pyximport (cython's ``os.path.join(tempdir, "dummy.pyx")``), ``name.hy`` through Hy's
    importer (hy's ``writestr("zip_hy.hy", …)`` into a zip on ``sys.path``); its name may be a variable bound to
    ``"name"`` (numba's ``modname = "tmp_module"``, then ``f"{tmp_dir}/{modname}.py"``); or an extension module the
    file compiles with PyTorch's JIT build, ``torch.utils.cpp_extension.load(name="name", sources=[…])`` or
    ``load_inline`` (modelscope's ``ops/ailut/pyinterfaces.py`` builds ``cudaops_ailut`` from its own CUDA sources
    when the import fails, then imports it); or a package a framework's scaffold command makes
    (:data:`.written_modules.SCAFFOLD`:
    Scrapy's tutorial notebooks run ``!scrapy startproject books``, ``%cd books``, then ``from books.items import
    BookItem``; a ``%%writefile books/spiders/bookspider.py`` cell writes a module file into that folder). Each shape is
    read once per file (:func:`.written_modules.written_modules`), the file's imports looked up in the set."""
    return name in written_modules(text)


# Pyodide's API that makes a JS object importable from Python under a name (JS ``registerJsModule``, Python
# ``pyodide.ffi.register_js_module``)
JS_MODULE_REGISTERED = lazyre.compile(r"""\bregister(?:JsModule|_js_module)\(\s*['"]([A-Za-z_]\w*)['"]""")
SYS_MODULES_SET = lazyre.compile(r"""\bsys\.modules\[\s*['"]([A-Za-z_]\w*)['"]\s*\]\s*=(?!=)""")
# ... or under a name held by a variable: `sys.modules[_pkg_name] = _pkg`, the variable bound once at the file's top
# level to the name as a literal (`_pkg_name = "kicadplugin"`)
SYS_MODULES_SET_BY_NAME = lazyre.compile(r"""\bsys\.modules\[\s*([A-Za-z_]\w*)\s*\]\s*=(?!=)""")
# a name bound at a file's top level (`_pkg_name = "kicadplugin"`, `_pkg_name: str = "x"`), and what it is bound to
TOP_LEVEL_BINDING = lazyre.compile(r"(?m)^([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*([^\n]*)$")
# the machinery that loads a file as a module under a name of the caller's choosing
LOADS_FILE = lazyre.compile(r"\bspec_from_file_location\b|\bSourceFileLoader\b|\bload_source\b")
# one call naming a module and the .py file it is loaded from, in either order: ansible-test's
# `load_module(os.path.join(ANSIBLE_LIB_ROOT, 'release.py'), 'ansible_release')`,
# `spec_from_file_location("version", os.path.join(here, "version.py"))`
NAMED_FILE_LOAD = lazyre.compile(
    r"""['"][^'"\n]*\.py['"][ \t)]*,[ \t]*['"](?P<after>[A-Za-z_]\w*)['"][ \t]*\)"""
    r"""|\([ \t]*['"](?P<before>[A-Za-z_]\w*)['"][ \t]*,[^\n]*?['"][^'"\n]*\.py['"]""")
RUNS_FILE = lazyre.compile(r"\bexec\s*\(|\.exec_module\s*\(|\brun_path\s*\(|\bexecfile\s*\(")


def registered_modules(text: str, rel: str, root: Path, limit: int) -> frozenset[str]:
    """The modules that ``text`` (the file ``rel``, relative to ``root``) registers in ``sys.modules`` under a
    name of its own (``sys.modules["sqla_pytestplugin"] = load_file_as_module("pytestplugin")``), itself or in a
    file of the tree it runs (``exec``, ``exec_module``, ``runpy.run_path``) by a path built from its own
    (sqlalchemy's test/conftest.py: ``os.path.join(os.path.dirname(__file__), "..", "lib", …, "bootstrap.py")``,
    ``exec(code, …)``, then ``from sqla_pytestplugin import *``), or that it loads from a ``.py`` file under a name
    it gives in the same call, in a file that holds the loading machinery and registers modules (ansible-test's
    ``load_module(os.path.join(ANSIBLE_LIB_ROOT, 'release.py'), 'ansible_release')``, whose ``load_module`` calls
    ``spec_from_file_location(name, path)`` and sets ``sys.modules[name]``; then ``from ansible_release import
    __version__``): its later imports of those names are the project's own code. So are the modules it registers
    with Pyodide's ``registerJsModule("name", obj)`` (a JS object importable from Python under that name; pyodide's
    test runs ``pyodide.registerJsModule("my_js_module", my_module)`` and then ``import my_js_module``)."""
    js_registered = set(JS_MODULE_REGISTERED.findall(text)) if "egister" in text else set()
    if "sys.modules" not in text and ("__file__" not in text or ".py" not in text):
        return frozenset(js_registered)
    found = set(SYS_MODULES_SET.findall(text)) | js_registered | _registered_by_name(text)
    if ".py" in text and LOADS_FILE.search(text):  # a file loaded as a module under a name the call gives
        found.update(m.group("after") or m.group("before") for m in NAMED_FILE_LOAD.finditer(text))
    if "__file__" in text and ".py" in text and RUNS_FILE.search(text):
        for path in _own_paths(text, rel):
            if path.endswith(".py") and not path.startswith(".."):
                other = _read(root / path, limit)
                if other and "sys.modules" in other:
                    found.update(SYS_MODULES_SET.findall(other))
    return frozenset(found)


def _registered_by_name(text: str) -> set[str]:
    """The modules ``text`` registers in ``sys.modules`` under a variable's name (``sys.modules[_pkg_name] = _pkg``)
    that the file's top level binds once, to a literal module name (``_pkg_name = "kicadplugin"``: held-out set 261,
    kicad-jlcpcb-tools' tests load the plug-in's folder as the package ``kicadplugin`` and then
    ``importlib.import_module("kicadplugin.bom_widget")``). A variable bound to anything else, or more than once, names
    nothing: a loop's or a parameter's name is not known from the text."""
    names = set(SYS_MODULES_SET_BY_NAME.findall(text))
    if not names:
        return set()
    values: dict[str, list[str]] = {}  # each variable's top-level bindings, read in one pass (one pass per variable
    for m in TOP_LEVEL_BINDING.finditer(text):  # was quadratic: 8,000 variables took 16 s; reviewer r36)
        if m.group(1) in names:
            values.setdefault(m.group(1), []).append(m.group(2))
    out: set[str] = set()
    for bound in values.values():
        literal = re.fullmatch(r"""(['"])([A-Za-z_]\w*)\1[ \t]*(?:#.*)?""", bound[0].strip()) if len(bound) == 1 else None
        if literal is not None:
            out.add(literal[2])
    return out


def _own_paths(text: str, rel: str) -> list[str]:
    """The paths (relative to the scan root, POSIX) that ``text``, the file ``rel``, builds from ``__file__``
    and string literals: ``os.path.join(os.path.dirname(__file__), "..", "x.py")``, ``Path(__file__).parent /
    "x.py"``, directly or through a name bound to one (read with :mod:`ast`; nothing is run)."""
    import ast

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    bound: dict[str, str | None] = {}

    def value(node: ast.AST, depth: int = 0) -> str | None:  # a path relative to the root, or None
        if depth > 20:
            return None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value
        if isinstance(node, ast.Name):
            return rel if node.id == "__file__" else bound.get(node.id)
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            inner = value(node.value, depth + 1)
            return None if inner is None else posixpath.dirname(inner)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.Add)):
            left, right = value(node.left, depth + 1), value(node.right, depth + 1)
            if left is None or right is None:
                return None
            return posixpath.join(left, right) if isinstance(node.op, ast.Div) else left + right
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
            args = [value(a, depth + 1) for a in node.args]
            if called == "join" and args and all(a is not None for a in args):
                return posixpath.join(*[a for a in args if a is not None])
            if called == "dirname" and len(args) == 1 and args[0] is not None:
                return posixpath.dirname(args[0])
            if called in ("abspath", "realpath", "normpath", "Path", "PurePath", "str", "fspath") and len(args) == 1:
                return args[0]
            if called in ("resolve", "absolute") and isinstance(func, ast.Attribute) and not node.args:
                return value(func.value, depth + 1)
        return None

    def from_file(node: ast.AST) -> bool:  # built from the file's own path
        return any(isinstance(n, ast.Name) and (n.id == "__file__" or n.id in of_file) for n in ast.walk(node))

    of_file: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            bound[node.targets[0].id] = value(node.value)
            if from_file(node.value):
                of_file.add(node.targets[0].id)
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.Call, ast.BinOp)):
            expr = node.value if isinstance(node, ast.Assign) else node
            found = value(expr) if from_file(expr) else None
            if found is not None:
                out.append(posixpath.normpath(found))
    return list(dict.fromkeys(out))


# --- what the project's pytest configuration leaves uncollected -------------------------------------------

COLLECTION_OPTIONS = ("norecursedirs", "testpaths")  # pytest's ini options that say where it collects
IGNORE_LISTS = ("collect_ignore", "collect_ignore_glob")  # a conftest.py's module-level lists
# pytest's default norecursedirs that concern a tree git lists (its others, build/dist/venv/node_modules/*.egg,
# are build output or installs the walk already knows)
PYTEST_DEFAULT_NORECURSE = (".*",)
PYTEST_TEST_FILE = lazyre.compile(r"(?:test_[^/]*|[^/]*_test)\.py\Z")  # pytest's default python_files


def collect_ignore(text: str) -> list[tuple[str, list[str]]]:
    """The ``collect_ignore`` and ``collect_ignore_glob`` lists of a conftest.py, as (list, string literals):
    module-level ``collect_ignore = ["data/"]``, ``+= [...]``, ``.append("x")``, ``.extend([...])``. Read with
    :mod:`ast`, never run; a statement under a condition (``if sys.version_info < (3, 10):``) does not count: the
    folder is collected elsewhere."""
    if "collect_ignore" not in text:
        return []
    import ast

    try:
        body = ast.parse(text).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []

    def strings(node: ast.AST | None) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return []

    out: list[tuple[str, list[str]]] = []
    for node in body:
        target: ast.AST | None = None
        value: ast.AST | None = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            target, value = node.target, node.value
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and len(node.value.args) == 1:
            func = node.value.func
            if isinstance(func, ast.Attribute) and func.attr in ("append", "extend"):
                target, value = func.value, node.value.args[0]
                if func.attr == "append" and not isinstance(value, ast.Constant):
                    value = None
        if isinstance(target, ast.Name) and target.id in IGNORE_LISTS:
            found = strings(value)
            if found:
                out.append((target.id, found))
    return out


def _within(folder: str, base: str) -> str | None:
    """``folder`` relative to ``base`` (both relative to the root, POSIX; "" is the root), or None outside it."""
    if not base:
        return folder
    return folder[len(base) + 1:] if folder.startswith(base + "/") else None


def uncollected_folders(tree: _Tree, collection: list[tuple[str, str, list[str]]], roots: set[str],
                        project_dirs: set[str], read: Callable[[str], str | None] | None = None) -> frozenset[str]:
    """The folders below a test folder that the project's pytest configuration tells pytest not to collect
    (``collection``: (option, the folder of the file saying it, values)), outermost only:

    * ``norecursedirs`` (pytest.ini, tox.ini ``[pytest]``, setup.cfg ``[tool:pytest]``, pyproject.toml
      ``[tool.pytest.ini_options]``): a folder below the configuration's folder whose name matches a pattern
      (a pattern with a ``/`` matches the end of its path, as pytest's ``fnmatch_ex`` does); when no file sets
      it, pytest's default ``.*`` (a hidden folder: vscode-python's ``tests/unittestadapter/.data/``, the
      projects its tests discover);
    * a conftest.py's ``collect_ignore`` (paths from the conftest's folder) and ``collect_ignore_glob``;
    * ``testpaths``: a folder in the test folder of a listed test path (``tests/sample_projects`` beside
      ``tests/unit``) that is neither in nor above a listed path and holds no test module by pytest's default
      names (``test_*.py``, ``*_test.py``): CI may run such a folder's tests by name (``pytest
      tests/integration``), so only a folder without tests counts; another language's test folders
      (``galata/test``) are no listed path's.

    A folder that is a package the tests import by name (``__init__.py`` in it and in every folder up to a
    ``sys.path`` root, and a Python file of its test folder or a ``conftest.py`` outside it imports it:
    ``from tests.helpers import make``, ``from .helpers import make``; ``read`` gives a file's text) is code, not
    data, whatever the configuration says. A package nothing imports is the tests' input however importable:
    jedi's ``test/completion`` (``__init__.py`` all the way up), blackbox cases ``test/run.py`` reads by path,
    whose ``thirdparty/PyQt4_.py`` imports PyQt4 to test completion on it. So is a folder
    holding a manifest of its own (``project_dirs``): a suite run on its own, with what it installs (pytest's
    ``testing/plugins_integration``, left out of the main run by ``norecursedirs`` and run by a tox
    environment from its ``requirements.txt``)."""
    from fnmatch import fnmatchcase
    from itertools import repeat

    if not collection and not any("/." in f or f.startswith(".") for f in tree.folders):
        return frozenset()  # no configuration and no hidden folder: pytest's defaults leave nothing out here

    if not any(option == "norecursedirs" for option, _base, _values in collection):
        collection = [*collection, ("norecursedirs", "", list(PYTEST_DEFAULT_NORECURSE))]
    rules: list[tuple[str, str, list[str]]] = []
    for option, base, values in collection:
        paths = [posixpath.normpath(p).strip("/") for p in values if p.strip("/") and not p.startswith(("/", "~"))]
        paths = [p for p in paths if p != "." and not p.startswith("..")]
        if option == "testpaths":  # only the listed paths that exist (a stale entry would make every folder data)
            everything = tree.folders | tree.files
            paths = [p for p in paths if (f"{base}/{p}" if base else p) in everything
                     or (any(c in p for c in "*?[") and any(fnmatchcase(r, p) for r in map(_within, everything,
                                                                                                    repeat(base)) if r))]
        if paths:
            rules.append((option, base, paths))
    if not rules:
        return frozenset()
    with_tests = {rel.rpartition("/")[0] for rel in tree.files if PYTEST_TEST_FILE.match(rel.rpartition("/")[2])}
    above: set[str] = set()  # the folders holding a test module in or below them
    for f in with_tests:
        while f and f not in above:
            above.add(f)
            f = f.rpartition("/")[0]
    found: set[str] = set()
    for folder in tree.folders:
        parts = folder.split("/")
        if len(parts) < 2 or not any(p.lower() in TEST_DIRS for p in parts[:-1]):
            continue
        for option, base, paths in rules:
            rel = _within(folder, base)
            if not rel:
                continue
            if option == "norecursedirs":  # a pattern with a "/" matches the end of the path (pytest's fnmatch_ex)
                hit = any(fnmatchcase(rel, p) or fnmatchcase(rel, "*/" + p) if "/" in p else fnmatchcase(parts[-1], p)
                          for p in paths)
            elif option == "collect_ignore":
                hit = rel in paths
            elif option == "collect_ignore_glob":
                hit = any(fnmatchcase(rel, p) for p in paths)
            else:  # testpaths: beside a listed path in its test folder, and no test module in or below it
                top = next(i for i, p in enumerate(parts) if p.lower() in TEST_DIRS)
                suite = _within("/".join(parts[: top + 1]), base)  # the test folder, from the configuration's
                hit = folder not in above and bool(suite) and any(p == suite or p.startswith(f"{suite}/")
                                                                  for p in paths) and not any(
                    rel == p or rel.startswith(p + "/") or p.startswith(rel + "/") or fnmatchcase(rel, p)
                    or fnmatchcase(rel, p + "/*") for p in paths)
            if hit:
                found.add(folder)
                break
    out = {f for f in found if f not in project_dirs and not _imported_package(tree, f, roots, read)}
    return frozenset(f for f in out if not any(f.startswith(o + "/") for o in out))


def _package_names(tree: _Tree, folder: str, roots: set[str]) -> list[str]:
    """The dotted names ``folder`` is importable by as a regular package, one per ``sys.path`` root it is reached
    from (``__init__.py`` in it and in every folder between it and the root); [] when it is none."""
    out = []
    here = folder
    while here and f"{here}/__init__.py" in tree.files:
        parent = here.rpartition("/")[0]
        if parent in roots:
            out.append((folder[len(parent) + 1:] if parent else folder).replace("/", "."))
        here = parent
    return out


IMPORTS_SEARCH_BYTES = 64 << 20  # the most the search for an import of a package reads; past it, it is imported


def _imported_package(tree: _Tree, folder: str, roots: set[str], read: Callable[[str], str | None] | None) -> bool:
    """Whether ``folder`` is a regular package (:func:`_package_names`) that the Python files of the test folder
    holding it, or a ``conftest.py`` anywhere, import by name, outside the folder itself: absolutely (``import
    tests.helpers``, ``from tests.helpers.x import y``, ``from tests import helpers``, a dotted string as
    ``importlib.import_module`` takes) or, from a file in or below its parent folder, relatively (``from .helpers
    import x``, ``from . import helpers``). Without ``read``, or past ``IMPORTS_SEARCH_BYTES``, every such package
    counts as imported (code: the safe side)."""
    dotted = _package_names(tree, folder, roots)
    if not dotted:
        return False
    if read is None:
        return True
    leaf = re.escape(folder.rpartition("/")[2])
    # "import x, leaf" on its line, or "import (\n    x,\n    leaf,\n)"
    listed = r"import[ \t]*(?:\([^)#]*?|[^\n#(]*?)\b" + leaf + r"\b"
    absolute = [re.compile(r"(?m)^[ \t]*(?:from|import)[ \t]+(?:[\w.]+[ \t]*,[ \t]*)*" + re.escape(d) + r"\b|[\"']"
                           + re.escape(d) + r"\b") for d in dotted]
    absolute += [re.compile(r"(?m)^[ \t]*from[ \t]+" + re.escape(d.rpartition(".")[0]) + r"[ \t]+" + listed)
                 for d in dotted if "." in d]
    relative = re.compile(r"(?m)^[ \t]*from[ \t]+\.+(?:" + leaf + r"\b|[ \t]+" + listed + ")")
    parts = folder.split("/")
    top = next((i for i, p in enumerate(parts) if p.lower() in TEST_DIRS), 0)
    suite = "/".join(parts[: top + 1]) + "/"
    parent = folder.rpartition("/")[0]
    budget = IMPORTS_SEARCH_BYTES
    for rel in sorted(tree.files):
        if not rel.endswith(".py") or rel.startswith(folder + "/"):
            continue
        if not (rel.startswith(suite) or rel.rpartition("/")[2] == "conftest.py"):
            continue
        text = read(rel)
        if not text or folder.rpartition("/")[2] not in text:
            continue
        budget -= len(text)
        if budget < 0:
            return True
        if any(rx.search(text) for rx in absolute):
            return True
        if (not parent or rel.startswith(parent + "/")) and relative.search(text):
            return True
    return False


# --- building the view ------------------------------------------------------------------------------------

def held_modules(files: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """(module name, path) of every module file (``x.py``; ``__init__`` and ``setup`` aside) and package (a folder
    holding module files, with or without ``__init__.py``: litgpt's ``extensions/xla/``, whose init file lacks its
    suffix) among ``files`` that lies in a plain folder, one a script puts on ``sys.path``; a module of a regular
    package (its folder has ``__init__.py``) is imported by its package's name, never alone (pwntools'
    ``pwnlib/gdb.py`` says nothing of an example's ``import gdb``). Sorted; a name held twice keeps its shortest path,
    of two as short the first in sorted order: the same value whatever the order of ``files`` (the scan hands a set,
    whose order changes from process to process, and the parse cache keeps a file's parse only while the view's
    digest holds; reviewer r30)."""
    files = [rel for rel in files if rel.endswith(MODULE_SUFFIXES)]
    packages = {rel.rpartition("/")[0] for rel in files if rel.rpartition("/")[2].startswith("__init__.")}
    found: dict[str, str] = {}

    def hold(stem: str, path: str) -> None:
        if IDENTIFIER.match(stem) and stem != "setup" and path.rpartition("/")[0] not in packages \
                and (stem not in found or (len(path), path) < (len(found[stem]), found[stem])):
            found[stem] = path

    for rel in files:
        folder, _, name = rel.rpartition("/")
        if folder:
            hold(folder.rpartition("/")[2], folder)
        if not name.startswith("__init__."):
            hold(name.split(".", 1)[0], rel)
    return tuple(sorted(found.items()))


def packaged_modules(files: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """(module name, path) of every module file (``x.py``, ``__init__`` and ``setup`` aside) among ``files`` that lies
    in a regular package (its folder has ``__init__.py``): what :func:`held_modules` leaves out. Sorted."""
    files = [rel for rel in files if rel.endswith(".py")]
    packages = {rel.rpartition("/")[0] for rel in files if rel.rpartition("/")[2] == "__init__.py"}
    found: set[tuple[str, str]] = set()
    for rel in files:
        folder, _, name = rel.rpartition("/")
        stem = name[:-3]
        if folder in packages and stem not in ("__init__", "setup") and IDENTIFIER.match(stem):
            found.add((stem, rel))
    return tuple(sorted(found))


@record
class _Tree:
    """The scanned files as folders: immediate children and the folders holding Python code below them."""

    files: set[str] = field(default_factory=set)
    children: dict[str, set[str]] = field(default_factory=dict)
    folders: set[str] = field(default_factory=set)
    has_python: set[str] = field(default_factory=set)  # folders with a module file in or below them

    @classmethod
    def of(cls, files: Iterable[str]) -> _Tree:
        tree = cls()
        for rel in files:
            tree.files.add(rel)
            parts = rel.split("/")
            python = parts[-1].endswith(MODULE_SUFFIXES)
            for i in range(len(parts)):
                folder = "/".join(parts[:i])
                tree.folders.add(folder)
                tree.children.setdefault(folder, set()).add(parts[i])
                if python:
                    tree.has_python.add(folder)
        return tree

    def modules_in(self, folder: str) -> tuple[set[str], set[str]]:
        """(modules and regular packages, PEP 420 namespace folders) importable from ``folder``."""
        regular: set[str] = set()
        namespace: set[str] = set()
        for name in self.children.get(folder, ()):
            path = f"{folder}/{name}" if folder else name
            if path in self.files:
                if name.endswith(MODULE_SUFFIXES) and name != "__init__.py":
                    stem = name.split(".", 1)[0]
                    if IDENTIFIER.match(stem):
                        regular.add(stem)
            elif IDENTIFIER.match(name) and path in self.has_python:
                (regular if f"{path}/__init__.py" in self.files else namespace).add(name)
        return regular, namespace


def _read(path: Path, limit: int) -> str | None:
    """The text of a regular file of at most ``limit`` bytes (newlines as text mode reads them), through the
    active recording view (:func:`depguard.fsview.active`): the model is cached with what it read."""
    from ...fsview import text_of

    return text_of(path, limit)


def _read_bytes(path: Path, limit: int) -> bytes | None:
    """The bytes of a regular file of at most ``limit`` bytes, through the active recording view (as :func:`_read`)."""
    from ...fsview import active

    return active().read_bytes(path, limit=limit)


def _as_list(value) -> list[str]:
    if isinstance(value, str):
        return value.split()
    if isinstance(value, list):
        return [v for v in value if isinstance(v, str)]
    return []


def _table(data, *keys) -> dict:
    for key in keys:
        data = data.get(key) if isinstance(data, dict) else None
    return data if isinstance(data, dict) else {}


PEP508_NAME = lazyre.compile(r"\s*(?P<name>[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(?P<at>@)?")


def _pep508(req: str, registry: set[str], elsewhere: set[str], opaque: set[str]) -> None:
    m = PEP508_NAME.match(req)
    if m:
        (elsewhere if m.group("at") else registry).add(canonicalize_name(m.group("name")))
        if m.group("at") and URL.search(req, m.end()):
            opaque.add(req.strip())  # ``x @ git+https://…``: what it installs is known only from its files


def setup_own_name(text: str) -> str | None:
    """The distribution a setup.py names itself, written as a literal (``name="x"``) or through a module-level constant
    bound once to a literal (``NAME = "x"`` … ``setup(name=NAME)``); None when neither is read."""
    own = SETUP_NAME.search(text)
    if own:
        return own.group(1)
    constant = SETUP_NAME_CONSTANT.search(text)
    if constant is None:
        return None
    bound = re.findall(rf"""^{constant.group(1)}\s*=\s*(.*)$""", text, re.M)
    literal = re.fullmatch(r"""['"]([A-Za-z0-9][A-Za-z0-9._-]*)['"]\s*(?:#.*)?""", bound[0].strip()) if len(bound) == 1 else None
    return literal.group(1) if literal else None


def _pyproject(text: str, folder: str, roots: set[str], registry: set[str], elsewhere: set[str],
               opaque: set[str], collection: list | None = None) -> None:
    from ...compat import tomllib
    from .pyproject import HATCH_ENV_LISTS

    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError):
        return
    project = _table(data, "project")
    poetry = _table(data, "tool", "poetry")
    for own in (project.get("name"), poetry.get("name")):
        if isinstance(own, str):
            elsewhere.add(canonicalize_name(own))
    lists = [_table(data, "build-system").get("requires"), project.get("dependencies"),
             *_table(project, "optional-dependencies").values(), *_table(data, "dependency-groups").values(),
             *_table(data, "tool", "pdm", "dev-dependencies").values(), _table(data, "tool", "uv").get("dev-dependencies"),
             *(env.get(key) for env in _table(data, "tool", "hatch", "envs").values() if isinstance(env, dict)
               for key in HATCH_ENV_LISTS)]  # what hatch installs into an environment the tests run in
    for reqs in lists:
        for req in reqs if isinstance(reqs, list) else ():
            if isinstance(req, str):
                _pep508(req, registry, elsewhere, opaque)
    elsewhere.update(canonicalize_name(n) for n in _table(data, "tool", "uv", "sources"))
    # a Frappe app's apps (bench gets them from their git repositories, not pip): hrms's erpnext
    elsewhere.update(canonicalize_name(n) for n in _table(data, "tool", "bench", "frappe-dependencies"))
    for table in (poetry.get("dependencies"), poetry.get("dev-dependencies"),
                  *(_table(g).get("dependencies") for g in _table(poetry, "group").values())):
        for name, spec in (table.items() if isinstance(table, dict) else ()):
            if name.lower() == "python":
                continue
            specs = spec if isinstance(spec, list) else [spec]
            from_elsewhere = any(isinstance(s, dict) and any(k in s for k in ("path", "git", "url", "file")) for s in specs)
            (elsewhere if from_elsewhere else registry).add(canonicalize_name(name))
            opaque.update(f"{name} @ {s.get('git') or s.get('url')}" for s in specs if isinstance(s, dict) and _fetched(s))
    opaque.update(fetched_sources(data).values())
    if collection is not None:  # pytest's ini options in pyproject.toml (and pytest 9's own [tool.pytest])
        for table in (_table(data, "tool", "pytest", "ini_options"), _table(data, "tool", "pytest")):
            for key in COLLECTION_OPTIONS:
                if key in table:
                    collection.append((key, folder, _as_list(table[key])))
    # folders the build or the tests put on sys.path
    found = _as_list(_table(data, "tool", "pytest", "ini_options").get("pythonpath"))
    found += tox_toml_python_path(_table(data, "tool", "tox"))
    maturin = _table(data, "tool", "maturin").get("python-source")
    if isinstance(maturin, str):
        found.append(maturin)
    setuptools = _table(data, "tool", "setuptools")
    found += _as_list(_table(setuptools, "packages", "find").get("where"))
    found += [v for v in _table(setuptools, "package-dir").values() if isinstance(v, str)]
    for pkg in _as_list(_table(data, "tool", "hatch", "build", "targets", "wheel").get("packages")):
        found.append(posixpath.dirname(pkg))
    for pkg in poetry.get("packages", []) if isinstance(poetry.get("packages"), list) else ():
        if isinstance(pkg, dict) and isinstance(pkg.get("from"), str):
            found.append(pkg["from"])
    _add_roots(roots, folder, found)


TOX_SUBSTITUTION = lazyre.compile(r"\{(?P<what>env:(?P<name>[A-Za-z_]\w*)(?::(?P<default>[^{}]*))?|toxinidir|tox_root)\}")
TOX_SETENV_LINE = lazyre.compile(r"^(?:(?P<factors>[\w.,!-]+)[ \t]*:[ \t]*)?(?P<key>[A-Za-z_]\w*)[ \t]*=[ \t]*(?P<value>.*)$")
TOX_DEPTH = 8  # {env:X} inside {env:Y} inside …: deeper than any real tox.ini, and no loop runs forever


UNKNOWN = "\0"  # what an unknown substitution leaves: the entry holding it adds nothing
TOX_BUDGET = 256  # substitutions one PYTHONPATH value may take, its names' own values included (r26 #3: a bomb)
TOX_LENGTH = 4096  # characters an expanded value may have; a longer one is unknown


def _tox_expand(value: str, env: dict[str, str]) -> str:
    """A tox ``setenv`` value with ``{toxinidir}``/``{tox_root}`` as ``.`` and each ``{env:NAME[:default]}`` filled from
    the same ``setenv`` (then its default); what stays unknown (another variable, ``{envdir}``…) is marked
    :data:`UNKNOWN`, so that only the ``PYTHONPATH`` entries holding it are dropped. Untrusted text: each name is
    expanded once (a name met again while it is being expanded, a cycle tox cannot resolve either, is unknown), at
    most :data:`TOX_DEPTH` deep, with :data:`TOX_BUDGET` substitutions and :data:`TOX_LENGTH` characters in all; a
    self-referencing ``X = {env:X}{env:X}…`` costs a few substitutions, not X's length to the eighth power."""
    done: dict[str, str] = {}
    active: set[str] = set()
    left = TOX_BUDGET

    def expand(text: str, depth: int) -> str:
        def fill(m: re.Match[str]) -> str:
            nonlocal left
            left -= 1
            if left < 0 or depth >= TOX_DEPTH:
                return UNKNOWN
            name = m.group("name")
            if name is None:
                return "."
            if name in done:
                return done[name]
            got = env.get(name, m.group("default"))
            if got is None or name in active:
                return UNKNOWN
            active.add(name)
            out = expand(got, depth + 1)
            active.discard(name)
            if len(out) > TOX_LENGTH:
                out = UNKNOWN
            done[name] = out
            return out

        out = TOX_SUBSTITUTION.sub(fill, text)
        return UNKNOWN if len(out) > TOX_LENGTH else out

    return expand(value, 0)


def _tox_entries(assignments: Iterable[tuple[str, str]]) -> list[str]:
    """The relative folders that tox's ``PYTHONPATH`` settings put on ``sys.path`` (``os.pathsep``-separated, from
    the tox configuration's folder); an absolute entry, or one naming what the configuration does not set, adds
    nothing."""
    pairs = list(assignments)
    env: dict[str, str] = {}
    for key, value in pairs:
        env.setdefault(key, value)  # the first setting of a name (a factor's own line may set it again)
    out: list[str] = []
    for key, value in pairs:
        if key != "PYTHONPATH":
            continue
        for entry in _tox_expand(value, env).split(":"):
            entry = entry.strip()
            if entry and not entry.startswith(("/", "~")) and not any(c in entry for c in (UNKNOWN, "{", "$")):
                out.append(entry)
    return out


def tox_python_path(parser: configparser.RawConfigParser) -> list[str]:
    """The folders a tox.ini (or pyproject.toml's ``legacy_tox_ini``) puts on its test environments' ``sys.path``:
    ``PYTHONPATH`` in the ``setenv`` of ``[testenv]`` and ``[testenv:NAME]`` sections, factor-conditional lines
    (``mcp-client: PYTHONPATH = {env:MCPCLIENT_PYTHONPATH}``) included, with ``{toxinidir}`` and the ``{env:…}``
    names the same settings define filled in. Archivematica's tests import ``databaseFunctions`` and its client
    scripts by module name from ``src/archivematicaCommon/lib`` and ``src/MCPClient/lib/clientScripts``, which its
    ``legacy_tox_ini`` builds up that way."""
    pairs: list[tuple[str, str]] = []
    for section in parser.sections():
        if section != "testenv" and not section.startswith("testenv:"):
            continue
        for option in ("setenv", "set_env"):
            if parser.has_option(section, option):
                for line in parser.get(section, option).splitlines():
                    m = TOX_SETENV_LINE.match(line.strip())
                    if m:
                        pairs.append((m.group("key"), m.group("value").strip()))
    return _tox_entries(pairs)


def tox_toml_python_path(tox: dict) -> list[str]:
    """The same for tox's own TOML configuration in pyproject.toml: ``[tool.tox] legacy_tox_ini`` (read as a tox.ini)
    and the ``set_env`` tables of ``[tool.tox.env_run_base]`` and ``[tool.tox.env.NAME]`` (string values only)."""
    legacy = tox.get("legacy_tox_ini")
    parser = _ini_parser(legacy) if isinstance(legacy, str) else None
    found = tox_python_path(parser) if parser is not None else []
    tables = [_table(tox, "env_run_base")] + [t for t in _table(tox, "env").values() if isinstance(t, dict)]
    pairs = [(str(k), v.replace("{tox_root}", "{toxinidir}")) for t in tables
             for k, v in _table(t, "set_env").items() if isinstance(v, str)]
    return found + _tox_entries(pairs)


def _add_roots(roots: set[str], folder: str, found: Iterable[str]) -> None:
    for rel in found:
        if not isinstance(rel, str) or rel.startswith(("/", "~")):
            continue
        joined = posixpath.normpath(posixpath.join(folder or ".", rel))
        if not joined.startswith(".."):
            roots.add("" if joined == "." else joined)


def _ini_parser(text: str) -> configparser.RawConfigParser | None:
    """``text`` read as an INI file the way setup.cfg, pytest.ini and tox.ini are (no interpolation, a repeated key
    or section allowed), or None when it is no such file."""
    import configparser  # here: most projects have no setup.cfg, pytest.ini or tox.ini

    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(text)
    except (configparser.Error, ValueError):
        return None
    return parser


def _ini(text: str, folder: str, roots: set[str], registry: set[str], elsewhere: set[str], opaque: set[str],
         collection: list | None = None) -> None:
    """setup.cfg, pytest.ini, tox.ini: pytest's pythonpath (and, into ``collection``, its ``norecursedirs`` and
    ``testpaths``), setuptools' package_dir/where and requirements."""
    parser = _ini_parser(text)
    if parser is None:
        return
    found: list[str] = []
    for section in ("pytest", "tool:pytest"):
        if parser.has_option(section, "pythonpath"):
            found += parser.get(section, "pythonpath").split()
        for key in COLLECTION_OPTIONS:
            if collection is not None and parser.has_option(section, key):
                collection.append((key, folder, parser.get(section, key).split()))
    found += tox_python_path(parser)
    if parser.has_option("options.packages.find", "where"):
        found += parser.get("options.packages.find", "where").split()
    if parser.has_option("options", "package_dir"):
        found += [v.split("=", 1)[1].strip() for v in parser.get("options", "package_dir").splitlines() if "=" in v]
    _add_roots(roots, folder, found)
    if parser.has_option("metadata", "name"):
        elsewhere.add(canonicalize_name(parser.get("metadata", "name").strip()))
    reqs: list[str] = []
    if parser.has_option("options", "install_requires"):
        reqs += parser.get("options", "install_requires").splitlines()
    if parser.has_section("options.extras_require"):
        for _, value in parser.items("options.extras_require"):
            reqs += value.splitlines()
    for req in reqs:
        if req.strip() and not req.lstrip().startswith("#"):
            _pep508(req, registry, elsewhere, opaque)


EGG = lazyre.compile(r"[#&]egg=(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)")
# a requirement fetched from a URL or a version-control system (``git+https://…``, ``https://…/x.whl``, ``hg+…``)
URL = lazyre.compile(r"(?:\b(?:git|hg|svn|bzr)\+[a-z]+://|\bhttps?://|\bgit@[\w.-]+:)\S")


def _fetched(spec: dict) -> bool:
    """Whether a git/url source table (uv's ``[tool.uv.sources]``, a Poetry dependency) fetches its package."""
    return isinstance(spec.get("git") or spec.get("url"), str)


def fetched_sources(data: dict) -> dict[str, str]:
    """Canonical name -> ``name @ where`` for each ``[tool.uv.sources]`` entry of a TOML document (a
    pyproject.toml, a PEP 723 block) that fetches its package from git or a URL; a path or workspace entry
    is in the tree, where the project model finds its modules."""
    out: dict[str, str] = {}
    for name, spec in _table(data, "tool", "uv", "sources").items():
        for s in spec if isinstance(spec, list) else [spec]:
            if isinstance(s, dict) and _fetched(s):
                out[canonicalize_name(name)] = f"{name} @ {s.get('git') or s.get('url')}"
    return out


def _requirements(text: str, registry: set[str], elsewhere: set[str], opaque: set[str]) -> None:
    """The names of a requirements file, read line by line (the scan reads it in full with pip's own
    parser; here only names count): ``x @ url``, ``git+…#egg=x`` and ``-e`` lines come from elsewhere; a
    line fetched from a URL or a VCS, named or not (``git+https://github.com/org/repo.git``), is opaque."""
    for raw in text.splitlines():
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        egg = EGG.search(line)
        fetched = URL.search(line) is not None and not line.startswith(("-r", "-c", "--requirement", "--constraint",
                                                                         "-i", "--index-url", "--extra-index-url",
                                                                         "-f", "--find-links", "--trusted-host"))
        if fetched:
            opaque.add(line)
        if egg:
            elsewhere.add(canonicalize_name(egg.group("name")))
        elif not line.startswith(("-", ".", "/")):
            m = PEP508_NAME.match(line)
            if m and m.group("at"):  # ``x @ https://…``: a direct reference names its distribution
                elsewhere.add(canonicalize_name(m.group("name")))
            elif m and "://" not in line:  # a bare URL's scheme (``https://…/x.whl``) is no name
                registry.add(canonicalize_name(m.group("name")))


CONDA_ENV = lazyre.compile(r"(?:.*\.)?environment(?:-.*)?\.ya?ml\Z|conda-env\.ya?ml\Z")
LOCKFILES = ("uv.lock", "poetry.lock", "pdm.lock", "Pipfile.lock", "pylock.toml", ".pylock.toml", "conda-lock.yml")
SETUP_NAME = lazyre.compile(r"""\bname\s*=\s*['"]([A-Za-z0-9][A-Za-z0-9._-]*)['"]""")
# ... or given through a module-level constant (``PACKAGE_NAME = "opensearch-py"`` … ``setup(name=PACKAGE_NAME, …)``,
# opensearch-py's setup.py; ``NAME = "x"`` of the common setup.py template): the constant, then its one literal binding
SETUP_NAME_CONSTANT = lazyre.compile(r"""\bname\s*=\s*([A-Za-z_][A-Za-z0-9_]*)\s*[,)\n]""")
SETUP_PACKAGE_DIR = lazyre.compile(r"""package_dir\s*=\s*\{\s*['"]{2}\s*:\s*['"]([^'"]+)['"]""")
# the whole package_dir mapping of a setup.py, and each literal "package": "folder" pair in it: a package whose
# folder has another name (allure-python-commons-test: {"allure_commons_test": "src"})
SETUP_PACKAGE_DIR_MAP = lazyre.compile(r"""package_dir\s*=\s*\{([^{}]{0,2000})\}""")
PACKAGE_DIR_PAIR = lazyre.compile(r"""['"]([A-Za-z_][A-Za-z0-9_]*)['"]\s*:\s*['"]([^'"\n]+)['"]""")


LOCKED_NAME = lazyre.compile(r'^name = "(?P<name>[A-Za-z0-9][A-Za-z0-9._-]*)"', re.M)
LOCKED_ENTRY = lazyre.compile(r"^\[\[packages?\]\]\s*$", re.M)  # uv, Poetry, PDM: [[package]]; pylock: [[packages]]


def _locked_names(text: str) -> tuple[set[str], set[str]]:
    """(registry names, names from elsewhere) of a TOML lockfile, read entry by entry without a TOML parse.
    An entry the lockfile's own parser skips as not from a registry (the same keys: uv's ``source = { git =
    … }``/path/editable/virtual, Poetry's ``[package.source] type = "git"``, PDM's ``git = …``, pylock's
    ``vcs``/``directory``/``archive``) names a package taken from elsewhere: an import it provides is not a
    registry name (ruff's ``mypy_primer``, locked from git)."""
    from .pdm_lock import NON_REGISTRY_KEYS as PDM
    from .poetry_lock import NON_REGISTRY_SOURCES as POETRY
    from .pylock import NON_REGISTRY_KEYS as PYLOCK
    from .uv_lock import NON_REGISTRY_SOURCES as UV

    keys = "|".join(sorted({*PDM, *PYLOCK}))
    at_top = re.compile(rf"^(?:source = \{{ *(?:{'|'.join(UV)}) *=|(?:{keys}) *=)", re.M)
    in_table = re.compile(rf"^\[packages?\.(?:{'|'.join(PYLOCK)})\]|^\[package\.source\][^\[]*?^type = \"(?:{'|'.join(POETRY)})\"",
                          re.M | re.S)
    registry: set[str] = set()
    elsewhere: set[str] = set()
    for chunk in LOCKED_ENTRY.split(text)[1:]:
        named = LOCKED_NAME.search(chunk)
        if named is None:
            continue
        top = re.split(r"^\[", chunk, maxsplit=1, flags=re.M)[0]  # the entry's own keys, before its sub-tables
        (elsewhere if at_top.search(top) or in_table.search(chunk) else registry).add(canonicalize_name(named.group("name")))
    return registry, elsewhere


def pex_locked_names(text: str) -> set[str]:
    """The projects of a PEX lockfile (Pants' lockfiles: JSON under a ``//`` comment header; ``locked_resolves``
    → ``locked_requirements`` → ``project_name``); empty when it is not one."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    try:
        data = json.loads(body)
    except ValueError:
        return set()
    out: set[str] = set()
    resolves = data.get("locked_resolves") if isinstance(data, dict) else None
    for resolve in resolves if isinstance(resolves, list) else ():
        reqs = resolve.get("locked_requirements") if isinstance(resolve, dict) else None
        for req in reqs if isinstance(reqs, list) else ():
            name = req.get("project_name") if isinstance(req, dict) else None
            if isinstance(name, str) and name:
                out.add(canonicalize_name(name))
    return out


# RoboStack's conda names for ROS packages: ros-<distro>-<package> (ros-humble-rclpy, ros-noetic-desktop)
ROBOSTACK = lazyre.compile(r"ros2?-(?P<distro>[a-z]+)-(?P<package>[a-z0-9][a-z0-9-]*)")
ROS1_DISTROS = frozenset({"kinetic", "lunar", "melodic", "noetic"})


def robostack_packages(names: set[str]) -> set[str]:
    """The ROS packages that conda names of RoboStack's channels bring (canonical names, ``ros-humble-rclpy`` ->
    ``rclpy``, ``ros-noetic-visualization-msgs`` -> ``visualization-msgs``), with the distribution's Python client
    library, which every ROS environment has (``rospy`` for ROS 1, ``rclpy`` for ROS 2): pixi's turtlesim example
    declares ``ros-humble-desktop`` and imports ``rclpy`` and ``visualization_msgs.msg``. Empty without such a name."""
    out: set[str] = set()
    for name in names:
        m = ROBOSTACK.fullmatch(name)
        if m is not None:
            out.add(canonicalize_name(m.group("package")))
            out.add("rospy" if m.group("distro") in ROS1_DISTROS else "rclpy")
    return out


def _declared_names(path: Path, rel: str, root: Path, limit: int, opaque: set[str]) -> tuple[set[str], set[str]]:
    """(PyPI names, names another package manager provides) that depguard's own manifest parsers find in
    one file: a conda environment's conda dependencies come from conda, not PyPI (``basemap`` provides
    ``mpl_toolkits.basemap``), its ``pip:`` list from PyPI, where an entry fetched from a URL or a VCS is read as a
    requirements line (CompVis/stable-diffusion's ``-e git+https://…/taming-transformers.git@master#egg=taming-transformers``,
    which provides the ``taming`` its code imports: the egg's name comes from elsewhere, the line goes to ``opaque``).
    In a TOML lockfile (uv.lock, poetry.lock, pdm.lock, pylock.toml) each package's ``name = "…"`` and source are
    read without a TOML parse (a monorepo's lockfiles are large, and the scan parses them in full anyway):
    :func:`_locked_names`."""
    from ...fsview import active
    from ...parsers import Source, formats_for
    from ..conda.conda_env import PARSER as CONDA_ENV_PARSER
    from ..conda.conda_env import pip_entries

    fmts = [f for f in formats_for(rel) if (f.ecosystem in ("pypi", "conda") or f.name in CONDA_AND_PYPI_FORMATS)
            and f.kind in ("manifest", "lockfile")]
    if not fmts:
        return set(), set()
    text = _read(path, limit)
    if text is None:
        return set(), set()
    if rel.endswith((".lock", ".toml")) and all(f.kind == "lockfile" and f.ecosystem == "pypi" for f in fmts):
        return _locked_names(text)
    pypi: set[str] = set()
    other: set[str] = set()
    source = Source(path=rel, text=text, fs_path=path, root=root, max_related_bytes=limit, files=active())
    for fmt in fmts:
        try:
            for m in fmt.parse(source):
                if m.key.ecosystem == "pypi":
                    pypi.add(m.key.name)
                elif m.key.ecosystem == "conda":  # "bioconda::name" (the file's channels), "channel/name" -> name
                    other.add(canonicalize_name(m.key.name.rpartition("::")[2].rpartition("/")[2]))
        except Exception:  # noqa: BLE001 - the scan itself reports this file's parse problems
            continue
    if any(f.name in CONDA_AND_PYPI_FORMATS for f in fmts) and "path" in text:
        from ..conda.pixi import built_names

        # what pixi-build builds from a folder for the workspace (pixi's docs: [package.run-dependencies] cpp_math =
        # { path = "packages/cpp_math" }, a CMake package whose module the Python package imports): pixi's, not PyPI's
        other.update(built_names(text, pyproject=rel.rsplit("/", 1)[-1] == "pyproject.toml"))
    if any(f.name == CONDA_ENV_PARSER for f in fmts):
        fetched = [req for req in pip_entries(source) if URL.search(req)]
        _requirements("\n".join(fetched), set(), other, opaque)
    return pypi, other - pypi


# a PEP 508 direct reference: ``name [extras] @ <url>`` (``"panopticapi @ https://github.com/…/master.zip"``)
DIRECT_REFERENCE = lazyre.compile(r"\s*[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\s*(?:\[[^\]]*\])?\s*@\s*"
                                  r"(?:(?:git|hg|svn|bzr)\+[a-z]+://|https?://|file:)\S")


def setup_direct_references(text: str) -> list[str]:
    """The string literals of a setup.py that are PEP 508 direct references (detectron2's ``extras_require``
    ``"panopticapi @ https://github.com/cocodataset/panopticapi/archive/master.zip"``): requirements taken from a
    URL, whose names are no registry's. Read with ``ast``, never run; a file ``ast`` cannot parse gives none."""
    if "@" not in text:
        return []
    import ast  # not at module level: a warm small scan imports nothing heavy (tests/performance/test_import_cost.py)

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and DIRECT_REFERENCE.match(n.value)]


def setup_pip_urls(text: str) -> list[str]:
    """The URLs a setup.py's custom build commands hand to pip as argument lists: Apache Beam's Dataflow setup.py
    shape (its juliet example's ``CUSTOM_COMMANDS``), kubeflow/examples' code_search/src/setup.py ``['pip',
    'install', 'https://github.com/kubeflow/batch-predict/tarball/master']``, run on each worker before the job's
    code imports ``kubeflow_batch_predict``. What such a list fetches is known only from its files, as a direct
    reference's: opaque, so it excuses only an import whose name relates to it. A list that is no ``pip install``
    (``['python', '-m', 'spacy', 'download', 'en']``) and a registry name in one (``['pip', 'install', 'spacy']``,
    judged by nothing here) give nothing. Read with ``ast``, never run."""
    if "install" not in text or "://" not in text:
        return []
    import ast

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    out: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, (ast.List, ast.Tuple)):
            continue
        words = [e.value if isinstance(e, ast.Constant) and isinstance(e.value, str) else None for e in node.elts]
        pip = next((i for i, w in enumerate(words) if w is not None and w.rpartition("/")[2] in PIP_WORDS), None)
        if pip is None or "install" not in words[pip + 1:]:
            continue
        out.extend(w for w in words[words.index("install", pip + 1) + 1:]
                   if w is not None and URL.search(w) and not w.startswith("-"))
    return out


PIP_WORDS = frozenset({"pip", "pip3"})


def _image_requirements(rel: str, root: Path, limit: int, files: set[str],
                        scopes: dict[str, tuple[set[str], set[str], set[str]]]) -> None:
    """What the requirements files the Dockerfile ``rel`` copies into its image declare, added to the scope of its
    build context (:mod:`depguard.ecosystems.pypi.image_requirements`)."""
    text = _read(root / rel, limit)
    if not text or "requirement" not in text.lower():
        return
    for context, listed_rel in copied_requirements(text, rel, files, lambda n: bool(REQUIREMENTS_FILE.match(n))):
        listed_text = _read(root / listed_rel, limit)
        if listed_text:
            _requirements(listed_text, *scopes.setdefault(context, (set(), set(), set())))


def setup_read_files(text: str, rel: str, root: Path, limit: int, files: Iterable[str]) -> list[str]:
    """The requirements files (relative to the root) a setup.py reads its requirement lists from at build time, as
    its parser finds them (string literals naming them: electrum's ``open('contrib/requirements/requirements-hw.txt')``
    into ``extras_require['hardware']``): they declare for the setup.py's folder, whatever folder they lie in (a
    ``contrib/requirements/`` folder alone declares for ``contrib``, where no plug-in of electrum's code lies). A
    named ``requirements`` folder gives its ``.txt``/``.in`` files."""
    if "requirement" not in text.lower():
        return []
    import ast  # not at module level: a warm small scan imports nothing heavy (tests/performance/test_import_cost.py)

    from ...fsview import active
    from ...parsers import Source
    from .setup_py import requirement_files

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []
    source = Source(path=rel, text=text, fs_path=root / rel, root=root, max_related_bytes=limit, files=active())
    folder = posixpath.dirname(rel)
    known = files if isinstance(files, (set, frozenset)) else set(files)
    out: list[str] = []
    for named in requirement_files(tree, source):
        path = posixpath.join(folder, named) if folder else named
        if path in known:
            out.append(path)
        else:
            out.extend(sorted(f for f in known if f.startswith(path + "/") and f.endswith((".txt", ".in"))))
    return out


def _documented_url_installs(path: Path, limit: int, readme: bool) -> frozenset[str]:
    """What the install commands of a project's own document (a README, an INSTALL.md beside its manifests) fetch
    from a URL or a VCS, as written (Stability-AI/generative-models' README: ``pip3 install -e
    git+https://github.com/Stability-AI/datapipelines.git@main#egg=sdata``, which provides the ``sdata`` that
    ``sgm/data/dataset.py`` imports): like a manifest's ``x @ git+…``, it excuses only an import whose name
    relates to it (its egg, repository or subdirectory), as a note. Its registry names declare nothing: install
    commands in documents are judged, not trusted. A ``readme`` (a folder's README, with or without a manifest
    beside it) also gives the repositories its paragraphs about installing link to (:func:`.imports.linked_installs`:
    DETR's ``d2/README.md`` sends the reader to Detectron2's install instructions, and ``d2/`` imports
    ``detectron2``)."""
    text = _read(path, limit)
    if not text or "://" not in text or "install" not in text.lower():
        return frozenset()
    from .imports import acronym_installs, linked_installs, url_installs  # here: the import reader only for a
    # document that may need it
    fetched = url_installs(text)
    return fetched | acronym_installs(text, fetched) | (linked_installs(text) if readme else frozenset())


# the installer script a host application runs for each of its extensions at start-up: AUTOMATIC1111's Stable Diffusion
# web UI (launch_utils.run_extension_installer) and ComfyUI-Manager for ComfyUI's custom nodes run their install.py
EXTENSION_INSTALLER = "install.py"
# a string literal that is the address of a wheel or a VCS checkout: what an installer script hands to pip
FETCHED_LITERAL = lazyre.compile(r"""['"]((?:git\+)?https?://[^'"\s]+?\.whl|git\+https?://[^'"\s]+)['"]""")


def installer_urls(text: str) -> set[str]:
    """The wheel and VCS addresses that an extension's installer script (:data:`EXTENSION_INSTALLER`) spells as string
    literals: it hands them to pip, often through a variable or a helper (sd-webui-controlnet's install.py:
    ``try_install_from_wheel("dsine", wheel_url=os.environ.get("DSINE_WHEEL", "https://github.com/sdbds/DSINE/releases/
    download/1.0.2/dsine-2024.3.23-py3-none-any.whl"))``, whose helper runs ``launch.run_pip(f"install {wheel_url}")``;
    its annotator imports ``dsine``, and ``hand_refiner`` from the handrefinerportable wheel). Like a manifest's ``x @
    https://…``, each excuses only a related import, as a note."""
    if "://" not in text:
        return set()
    return {m.group(1) for m in FETCHED_LITERAL.finditer(text)}


README = lazyre.compile(r"readme(?:\.[\w]+)?\Z", re.I)  # a folder's README (README.md, readme.rst, README)
INSTALL_WORD = lazyre.compile(r"\binstall\b|\badd\b")  # a script without it installs nothing (read no further)


# a pip install's arguments, to the end of its command (a line continued with a backslash goes on): ``pip install .``,
# ``pip install -e .``, ``python3 -m pip install --no-deps -e ./x``, ``uv pip install -e ~/VLABench -e ~/rrt mujoco``
LOCAL_INSTALL = lazyre.compile(r"\bpip3?\s+install\s+(?P<args>(?:[^\n;&|\\]|\\\n|\\(?!\n))*)")
# one of those arguments that names a local folder: relative, in the home folder (``~/x``) or a plain word
LOCAL_PATH_ARG = lazyre.compile(r"(?:\.{1,2}(?:/[\w./-]*)?|~/[\w./-]+|[\w./-]+/?)\Z")


# a local archive an install names: a wheel's distribution is its file name up to the first "-" (PEP 427), an sdist's up
# to the "-" before its version
LOCAL_ARCHIVE = lazyre.compile(r"(?:^|/)(?P<base>[A-Za-z0-9][\w.-]*?)\.(?P<kind>whl|tar\.gz|tgz|zip)\Z")


def archive_installs(text: str) -> set[str]:
    """The local wheels and sdists a script installs with pip, as ``name @ path`` (ann-benchmarks' kgn Dockerfile:
    ``git clone https://github.com/Henry-yan/kgn.git``, then ``pip3 install
    kgn/pykgn-1.0.0-cp310-cp310-linux_x86_64.whl``): the distribution the file names comes from that file, not the
    registry, and what modules it ships is unknown, so, like a manifest's ``x @ file:…``, it excuses only an import whose
    name relates to it. A file name that is a pattern (``dist/*.whl``) names no distribution."""
    out: set[str] = set()
    if "pip" not in text or not any(ext in text for ext in (".whl", ".tar.gz", ".tgz", ".zip")):
        return out
    for install in LOCAL_INSTALL.finditer(text):
        for word in install.group("args").replace("\\\n", " ").split():
            if word.startswith("-") or "://" in word or "$" in word:
                continue
            m = LOCAL_ARCHIVE.search(word.strip("'\""))
            if m is None:
                continue
            base = m.group("base")
            name = base.split("-", 1)[0] if m.group("kind") == "whl" else re.split(r"-(?=\d)", base, maxsplit=1)[0]
            if name and "*" not in name and re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?", name):
                out.add(f"{name} @ {word.strip(chr(39) + chr(34))}")
    return out


def cloned_installs(text: str) -> set[str]:
    """The repositories a script clones and then installs with pip from the clone (electrum's Android Dockerfile:
    ``git clone https://github.com/spesmilo/python-for-android && cd python-for-android && pip install -e .``): a
    version-control install written in two steps, as ``git+URL`` (what it fetches may provide any module, so, like
    a manifest's ``x @ git+…``, it excuses only an import whose name relates to the repository's). A clone is
    installed when a ``pip install`` of a local folder follows that names the clone's folder, or is ``.`` after a
    ``cd`` into it; any of the install's folders counts (lerobot's VLABench Dockerfile: ``git clone
    https://github.com/OpenMOSS/VLABench.git ~/VLABench`` and later ``uv pip install -e ~/VLABench -e ~/rrt-algorithms
    mujoco==3.2.2 gdown``). ``python setup.py install`` (or ``develop``) installs the folder it runs in as ``pip install
    .`` does, and a folder inside the clone, entered by a ``cd`` into a path in it or by the relative ``cd`` commands after
    entering it, makes ``git+URL#subdirectory=PATH``, as pip writes an install from a repository's sub-folder (TGI's
    server/Makefile-flash-att: ``git clone https://github.com/Narsil/flash-attention.git``, then ``cd flash-attention &&
    … python setup.py install && cd csrc/layer_norm && python setup.py install``, which builds ``dropout_layer_norm``;
    Makefile-awq: ``cd llm-awq/awq/kernels && python setup.py install``)."""
    out: set[str] = set()
    if "clone" not in text:
        return out
    # one pass each (r23 finding 7): the installs by the local folders they name, those of ".", the changes of folder
    naming: dict[str, list[int]] = {}
    here: list[int] = []
    for install in LOCAL_INSTALL.finditer(text):
        paths = [w.rstrip("/") for w in install.group("args").replace("\\\n", " ").split()
                 if not w.startswith("-") and LOCAL_PATH_ARG.match(w)]
        for path in dict.fromkeys(p.removeprefix("./") for p in paths):
            naming.setdefault(path, []).append(install.start())
        if "." in paths:
            here.append(install.start())
    if "setup.py" in text:
        here = sorted(here + [m.start() for m in SETUP_INSTALL.finditer(text)])
    if not naming and not here:
        return out
    changes: dict[str, list[int]] = {}
    moves: list[tuple[int, str]] = []  # every change of folder, in order: (where, the path as written)
    for m in CHANGE_INTO.finditer(text):
        changes.setdefault(m.group("path"), []).append(m.start())
        moves.append((m.start(), m.group("path")))
    made = list(clones(text))
    for url, folder, end in made:
        entered = _first_from(changes.get(folder, []), end)
        if _first_from(naming.get(folder, []), end) is not None \
                or (entered is not None and _first_from(here, entered + 1) is not None):
            out.add(f"git+{url}")
    return out | _subfolder_installs(made, moves, here)


# ``python setup.py install`` / ``develop`` (``python3 setup.py``, ``MAX_JOBS=8 python setup.py``, options between):
# setuptools installs the project of the folder it runs in, as ``pip install .`` does
SETUP_INSTALL = lazyre.compile(r"\bpython[\d.]*[ \t]+(?:-[\w-]+[ \t]+)*(?:\./)?setup\.py[ \t]+(?:-[\w=-]+[ \t]+)*"
                               r"(?:install|develop)\b")


def _subfolder_installs(made: list[tuple[str, str, int]], moves: list[tuple[int, str]], here: list[int]) -> set[str]:
    """``git+URL#subdirectory=PATH`` for each install of ``.`` (``here``: positions) that runs in a folder inside a
    clone (``made``: URL, folder, end), followed through the changes of folder (``moves``) in one pass over the text: a
    ``cd`` to a path that starts with a clone's folder enters it (``cd llm-awq/awq/kernels``), a relative one then moves
    inside it (``cd csrc/layer_norm``, ``cd ../rotary``), and any other leaves it."""
    out: set[str] = set()
    events = sorted([(end, 0, k) for k, (_, _, end) in enumerate(made)] + [(at, 1, k) for k, (at, _) in enumerate(moves)]
                    + [(at, 2, 0) for at in here])
    cloned: dict[str, str] = {}  # folder -> the URL of its latest clone so far
    depth = 1  # the most parts a cloned folder has (``src/repo``: 2): only so many leading parts of a path are tried
    url: str | None = None  # the clone the script is in, and where in it
    inside: list[str] = []
    for _, kind, k in events:
        if kind == 0:
            cloned[made[k][1]] = made[k][0]
            depth = max(depth, made[k][1].count("/") + 1)
        elif kind == 1:
            path = moves[k][1].removeprefix("./")
            parts = path.split("/")
            prefix = next((n for n in range(min(len(parts), depth), 0, -1) if "/".join(parts[:n]) in cloned), None)
            if prefix is not None:
                url, inside = cloned["/".join(parts[:prefix])], [p for p in parts[prefix:] if p and p != "."]
            elif url is not None and not path.startswith(("/", "~", "$", "-")):
                for part in parts:
                    if part == ".." and not inside:
                        url = None  # out of the clone
                        break
                    if part == "..":
                        inside.pop()
                    elif part and part != ".":
                        inside.append(part)
            else:
                url = None
        elif url is not None and inside and inside[-1].lower() not in BUILD_FOLDERS:
            out.add(f"git+{url}#subdirectory={'/'.join(inside)}")
    return out


# a sub-folder's name that says where sources are built, not what: its words would relate any import that has them
# (llm-awq's awq/kernels and ``stale_kernels_ext``), so an install there is no ``#subdirectory=`` of its own
BUILD_FOLDERS = frozenset({"kernels", "kernel", "csrc", "src", "cpp", "cuda", "ext", "ops", "lib", "python", "bindings",
                           "build", "native", "core", "extension", "extensions"})


# a pip uninstall's arguments, to the end of its command; a build or install of a local source folder after it
UNINSTALL = lazyre.compile(r"\bpip3?\s+uninstall\s+(?P<args>[^\n;&|]*)")
SOURCE_BUILD = lazyre.compile(r"\bsetup\.py\s+(?:install|build|develop|bdist_wheel)\b"
                              r"|\bpip3?\s+install\s+(?:-\S+\s+)*\.{1,2}(?:/\S*)?(?=\s|$|[;&|])")
DISTRIBUTION_WORD = lazyre.compile(r"[A-Za-z0-9][\w.-]*")


def rebuilt_installs(text: str) -> set[str]:
    """The distributions a script removes and then builds again from the source of a repository it cloned before:
    ``pip uninstall flash_attn rotary_emb dropout_layer_norm -y`` after ``git clone
    https://github.com/HazyResearch/flash-attention.git`` and before ``cd flash-attention/csrc/layer_norm && python
    setup.py install`` (lorax's server/Makefile-flash-att; its Makefile-awq likewise removes awq_inference_engine
    before building llm-awq's kernels). Each is that clone's build, ``<name> @ git+<the last clone before>``: like a
    manifest's ``x @ git+…``, it excuses only an import whose name relates to it. Without a clone before the
    uninstall, or a source build after it, nothing."""
    out: set[str] = set()
    if "uninstall" not in text or "clone" not in text:
        return out
    cloned = list(clones(text))
    for m in UNINSTALL.finditer(text):
        before = [url for url, _folder, end in cloned if end <= m.start()]
        if not before or not SOURCE_BUILD.search(text, m.end()):
            continue
        out.update(f"{word} @ git+{before[-1]}" for word in m.group("args").split()
                   if not word.startswith("-") and DISTRIBUTION_WORD.fullmatch(word))
    return out


# a shell's change of folder (``cd path``, ``cd "path/"``), the path as written captured
CHANGE_INTO = lazyre.compile(r"\bcd\s+[\"']?(?P<path>[^\s\"';&|]+?)/?[\"']?(?=\s|$|[;&|])")


# a change of folder (``%cd name``, ``cd path/name``, ``os.chdir("name")``), the last part of its path captured
CHANGE_FOLDER = lazyre.compile(r"""(?:(?<![\w.-])cd[ \t]+|\bchdir\(\s*)["']?(?:[^\s"'();&|]*/)?(?P<name>[^\s"'();&|/]+)/?"""
                               r"""["']?(?=[\s;&|)]|$)""")
BINDING = lazyre.compile(r"^[ \t]*(?P<name>[A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)(?P<value>[^\n]*)", re.M)
BINDINGS_PER_NAME = 20  # the latest bindings of a name before a sys.path addition that are read for its folder


class _CloneReading:
    """What the readers of a text's clones look up per clone, each collected in one pass over the text and then
    found by name and position (bisect): the changes of folder, the import lines, the triple quotes, a name's
    bindings. A search per clone to the end of the text made a script of 4,000 clones take a minute (r23 finding 7)."""

    def __init__(self, text: str) -> None:
        self.text = text

    @functools.cached_property
    def _changes(self) -> dict[str, tuple[list[int], list[int]]]:
        """The last part of each changed-into folder -> the (starts, ends) of the changes into it, in order."""
        found: dict[str, tuple[list[int], list[int]]] = {}
        for m in CHANGE_FOLDER.finditer(self.text):
            starts, ends = found.setdefault(m.group("name"), ([], []))
            starts.append(m.start())
            ends.append(m.end())
        return found

    def entered(self, name: str, start: int) -> int | None:
        """The end of the first change into the folder ``name`` from ``start`` on, or None."""
        found = self._changes.get(name)
        if found is None:
            return None
        i = bisect.bisect_left(found[0], start)
        return found[1][i] if i < len(found[0]) else None

    @functools.cached_property
    def _imports(self) -> tuple[list[int], list[str]]:
        """(the starts of the import lines, any indentation, their top-level modules), in order."""
        starts: list[int] = []
        tops: list[str] = []
        at = 0
        for line in self.text.split("\n"):
            imported = IMPORT_LINE.fullmatch(line)
            if imported is not None:
                starts.append(at)
                tops.append(imported.group("from") or imported.group("import"))
            at += len(line) + 1
        return starts, tops

    def imports(self, start: int, stop: int) -> list[str]:
        """The top-level modules of the import lines from ``start`` on (the rest of its line, then the lines that
        begin after it) up to the lines that begin at or after ``stop``."""
        line_end = self.text.find("\n", start)
        rest = IMPORT_LINE.fullmatch(self.text[start:line_end if line_end >= 0 else len(self.text)])
        starts, tops = self._imports
        found = tops[bisect.bisect_right(starts, start):bisect.bisect_right(starts, stop)]
        return found if rest is None else [rest.group("from") or rest.group("import"), *found]

    @functools.cached_property
    def _triple_ends(self) -> list[int]:
        return [m.end() for m in TRIPLE_QUOTE.finditer(self.text)]

    def in_triple_quotes(self, at: int) -> bool:
        """Whether an odd number of triple quotes ends before ``at`` (a docstring or a long string is open)."""
        return bisect.bisect_right(self._triple_ends, at) % 2 == 1

    def triple_end_after(self, at: int) -> int:
        """The end of the first triple quote that ends after ``at`` (the end of the text if none)."""
        i = bisect.bisect_right(self._triple_ends, at)
        return self._triple_ends[i] if i < len(self._triple_ends) else len(self.text)

    @functools.cached_property
    def _bindings(self) -> dict[str, list[tuple[int, int, int]]]:
        """Each name a line binds (``name = …``, ``name: T = …``) -> the (starts, value's starts, value's ends)."""
        found: dict[str, list[tuple[int, int, int]]] = {}
        for m in BINDING.finditer(self.text):
            found.setdefault(m.group("name"), []).append((m.start(), m.start("value"), m.end("value")))
        return found

    def bindings(self, word: str, before: int) -> list[str]:
        """The values of the latest ``BINDINGS_PER_NAME`` bindings of ``word`` before ``before``."""
        found = self._bindings.get(word, [])
        i = bisect.bisect_left(found, (before,))
        return [self.text[a:min(b, before)] for _, a, b in found[max(0, i - BINDINGS_PER_NAME):i] if a <= before]


def checkout_imports(text: str) -> tuple[tuple[str, str], ...]:
    """(top-level module, repository) of each import that follows, in ``text`` (a notebook's cells, a script), a
    ``git clone URL [DIR]`` and then a change into the clone's folder (``%cd hgraph2graph``, ``cd DIR``,
    ``os.chdir("DIR")``): from then on the working directory is the checkout, which Python and Jupyter put on
    ``sys.path``, so the import may be one of its modules, whose names the tree cannot show (deepchem's HierVAE
    tutorial: ``!git clone https://github.com/saithat/hgraph2graph.git``, ``%cd hgraph2graph``, then ``import hgraph``).
    An import before the change of folder stays judged as usual."""
    if "clone" not in text:
        return ()
    out: dict[str, str] = {}
    reading = _CloneReading(text)
    taken = len(text)  # the imports from here on are taken already (by an earlier clone's url)
    for url, folder, end in clones(text):
        name = folder.rpartition("/")[2]
        entered = reading.entered(name, end) if name else None
        if entered is None or entered >= taken:
            continue
        for top in reading.imports(entered, taken):
            out.setdefault(top, url)
        taken = entered
    return tuple(sorted(out.items()))


def _path_literals(arg: str, before: int, reading: _CloneReading) -> list[str]:
    """The string literals of a ``sys.path`` addition's argument (at ``before``) and of the values of the names it
    uses that the file binds before it, a few bindings deep (unsloth's marimo notebook: ``repo =
    pathlib.Path("unsloth").resolve()``, then ``sys.path.insert(0, str((repo / "studio" / "backend").resolve()))``)."""
    literals = [m.group("s") for m in STRING.finditer(arg)]
    words, seen = _words(arg) - PATH_WORDS, set[str]()
    for _ in range(3):
        values = [v for w in words - seen for v in reading.bindings(w, before)]
        seen |= words
        literals += [m.group("s") for v in values for m in STRING.finditer(v)]
        words = {w for v in values for w in _words(v)} - PATH_WORDS - seen
        if not words:
            break
    return literals


# a call that runs a command line: ``os.system("git clone …")``, ``subprocess.run(["git", "clone", …])``
RUNS_COMMAND = lazyre.compile(r"(?<![\w.])(?:os\.(?:system|popen)|subprocess\.\w+|getoutput|getstatusoutput|check_call"
                              r"|check_output|Popen|run|call|system)[ \t]*\(")
TRIPLE_QUOTE = lazyre.compile(r"\"\"\"|\'\'\'")
# a string literal or a comment (a string still open at the end of its line, or of the text, runs to it): what the
# walk through a runner call's arguments leaves out (r23 finding 6: `subprocess.run(["notify-send", ":("])` is closed)
CODE_NOISE = lazyre.compile(r"\"\"\"[\s\S]*?(?:\"\"\"|\Z)|\'\'\'[\s\S]*?(?:\'\'\'|\Z)"
                            r"|\"(?:[^\"\\\n]|\\.)*(?:\"|$)|\'(?:[^\'\\\n]|\\.)*(?:\'|$)|#[^\n]*", re.M)


def _runs_clone(text: str, start: int, shell_cells: Iterable[tuple[int, int]], reading: _CloneReading) -> bool:
    """Whether the ``git clone`` at ``start`` is a command the file runs: a notebook's ``!git clone`` line (or
    ``%sx``/``%system``, or any line of a ``%%bash``-like cell: ``shell_cells``, spans of ``text``), or the argument
    of a call that runs a command (``os.system(…)``, ``subprocess.run([…])``) that is still open there. A clone in a
    comment, in a docstring (a setup note: "git clone URL" for the reader) or in any other string is none."""
    line_start = text.rfind("\n", 0, start) + 1
    prefix = text[line_start:start]
    if "#" in prefix or reading.in_triple_quotes(start):
        return False
    if any(a <= start < b for a, b in shell_cells) or re.match(r"[ \t]*(?:!|%(?:sx|system)\b)", prefix):
        return True
    window = max(0, start - 2000)
    # the code before the clone from a line's start, strings and comments blanked (their offsets kept): a call in a
    # string or a comment runs nothing, and a parenthesis in one ("report starting :(") opens or closes nothing
    top = max(text.rfind("\n", max(0, window - 2000), window) + 1, window - 2000, 0)
    if reading.in_triple_quotes(top):  # in a long string there (a marimo cell's mo.md(r"""…""")): after it
        top = min(reading.triple_end_after(top), start)
    code = CODE_NOISE.sub(lambda m: " " * len(m.group()), text[top:start])
    calls = [m for m in RUNS_COMMAND.finditer(text, max(window, top), start) if code[m.start() - top] != " "
             and not re.search(r"\b(?:def|class)[ \t]+$", text[max(0, m.start() - 12):m.start()])]  # r22: `def run(`
    if not calls:
        return False
    depth = 1  # the call's own "(": the clone is its argument while that stays open (r22: print(...) after it)
    for ch in code[calls[-1].end() - top:]:
        depth += 1 if ch == "(" else -1 if ch == ")" else 0
        if depth == 0:
            return False
    return True


HUB = "https://huggingface.co/"
# huggingface_hub's snapshot_download(...) call, its arguments on one line or a few (no nested call)
SNAPSHOT_CALL = lazyre.compile(r"\bsnapshot_download[ \t]*\((?P<args>[^()]{0,1000})\)")
HUB_REPO_ARG = lazyre.compile(r"""^\s*(?:repo_id\s*=\s*)?(['"])(?P<repo>[\w.-]+/[\w.-]+)\1|\brepo_id\s*=\s*(['"])(?P<kw>[\w.-]+/[\w.-]+)\3""")
LOCAL_DIR_ARG = lazyre.compile(r"""\blocal_dir\s*=\s*(?:[rf]?)(['"])(?P<dir>[^'"{}\n]+)\1""")


def hub_downloads(text: str, reading: _CloneReading) -> Iterator[tuple[str, str, int, int]]:
    """(repository URL, folder, start, end) of each ``snapshot_download(repo_id="org/name", local_dir="folder")`` call
    of huggingface_hub in ``text``'s code (not in a comment or a docstring), with literal arguments: a Space's app
    downloads a repository of the Hub into a folder, then puts it on ``sys.path`` and imports its modules, as a clone
    (:func:`checkout_path_imports`; a Space of set 208's category: ``snapshot_download(repo_id="fffiloni/…",
    local_dir="instantmesh")``, ``sys.path.append("instantmesh")``)."""
    for m in SNAPSHOT_CALL.finditer(text):
        args = m.group("args")
        repo = HUB_REPO_ARG.search(args)
        folder = LOCAL_DIR_ARG.search(args)
        if repo is None or folder is None:
            continue
        start = m.start()
        line_start = text.rfind("\n", 0, start) + 1
        if "#" in text[line_start:start] or reading.in_triple_quotes(start):
            continue
        name = (repo.group("repo") or repo.group("kw"))
        path = folder.group("dir").strip().rstrip("/")
        if path and path not in (".", ".."):
            yield f"{HUB}{name}", path, start, m.end()


def checkout_path_imports(text: str, shell_cells: Iterable[tuple[int, int]] = ()) -> tuple[tuple[str, str], ...]:
    """(top-level module, repository) of each import that follows, in ``text`` (a notebook's cells, a script), a
    ``git clone URL [DIR]`` and then a ``sys.path`` addition of the clone's folder or of a folder in it: a literal
    path one of whose parts is the clone's folder (t81_558's StyleGAN lessons: ``!git clone
    https://github.com/NVlabs/stylegan3.git``, ``sys.path.insert(0, "/content/stylegan3")``, then ``import dnnlib``;
    unsloth's Spark-TTS notebook: ``sys.path.append('Spark-TTS')``, ``from sparktts.models… import …``), or a relative
    one after a change into the clone's folder (``%cd OpenEnv``, ``sys.path.insert(0, './envs')``, later ``from
    textarena_env import TextArenaEnv``). The file adds the checkout to ``sys.path`` to import its modules, whose
    names the tree cannot show: unlike a mere change of folder (:func:`checkout_imports`, which excuses only an import
    whose name relates to the repository), any import after the addition may be one of them. An import before the
    addition, a clone without one, a clone the file does not run (:func:`_runs_clone`: a setup note in a docstring)
    and an addition of another folder stay judged. Only a name no registry has becomes a note (the caller's
    ``Example`` is not ``any_verdict``): a registered look-alike imported there stays judged (r22 finding 1)."""
    if ("clone" not in text and "snapshot_download" not in text) or "sys.path" not in text:
        return ()
    out: dict[str, str] = {}
    shell_cells = tuple(shell_cells)
    reading = _CloneReading(text)
    # each addition's position by the folder parts its literals name, and those of the additions of a relative
    # folder; a name's bindings count only before the addition (a later ``repo = …`` is no folder the addition put there)
    naming: dict[str, list[int]] = {}
    relative: list[int] = []
    for m in SYS_PATH_ADD.finditer(text):
        literals = _path_literals(m.group("arg"), m.start(), reading)
        for part in dict.fromkeys(x for p in literals for x in p.replace("\\", "/").split("/")):
            naming.setdefault(part, []).append(m.start())
        if any(p and not p.startswith(("/", "~")) and ":" not in p for p in literals):
            relative.append(m.start())
    if not naming and not relative:
        return ()
    taken = len(text)  # the imports from here on are taken already (by an earlier clone's url)
    downloads = list(hub_downloads(text, reading)) if "snapshot_download" in text else []
    for url, folder, start, end in sorted([*clone_spans(text), *downloads], key=lambda span: span[2]):
        name = folder.rpartition("/")[2]
        if not name or name in (".", ".."):
            continue
        # the first addition after the clone that names its folder, or of a relative folder after a change into it
        at = _first_from(naming.get(name, []), end)
        entered = reading.entered(name, end)
        if entered is not None:
            after = _first_from(relative, entered)
            at = after if at is None or (after is not None and after < at) else at
        if at is None:
            continue
        line_end = text.find("\n", at)
        line_end = line_end if line_end >= 0 else len(text)
        if line_end >= taken or not (url.startswith(HUB) and (url, folder, start, end) in downloads
                                     or _runs_clone(text, start, shell_cells, reading)):
            continue
        for top in reading.imports(line_end, taken):
            out.setdefault(top, url)
        taken = line_end
    return tuple(sorted(out.items()))


def _first_from(positions: list[int], start: int) -> int | None:
    """The first of the sorted ``positions`` at or after ``start``, or None."""
    i = bisect.bisect_left(positions, start)
    return positions[i] if i < len(positions) else None


# the note of an install command's mention taken from another index only (depguard.commands: "from <index>")
OTHER_INDEX_NOTE = lazyre.compile(r"(?:^|; )from (?P<index>https?://\S+)$")


def _popular_on_pypi(name: str) -> bool:
    """Whether ``name`` is on PyPI's shipped popular list (read by the import reader's module, loaded only here)."""
    from .imports import popular_names

    return canonicalize_name(name) in popular_names()


def _installed_names(rel: str, root: Path, limit: int) -> tuple[set[str], set[str]]:
    """(the PyPI names, what is fetched from a URL or a VCS: the repositories cloned and installed,
    :func:`cloned_installs`, and the ``pip install git+…`` arguments, :func:`.imports.url_installs`) that the install
    commands of one script file of the tree install (a Makefile recipe's ``pip install``, a workflow step's ``uv pip
    install``, a Dockerfile's ``RUN pip install``, a shell script's ``poetry add``): the tree runs them, so they
    declare what the code beside them imports (streamlit's e2e tests import ``st_aggrid``, which only its Makefile
    installs, as ``streamlit-aggrid``; stable-dreamfusion's ``docker/Dockerfile`` runs ``pip3 install
    git+https://github.com/NVlabs/tiny-cuda-nn/#subdirectory=bindings/torch``, which provides the ``tinycudann`` its
    renderer imports: like a manifest's ``x @ git+…``, it excuses only an import whose name relates to it). A
    distribution installed from another package index only (``uv pip install flash-attn-3 --index-url
    https://download.pytorch.org/whl/cu130``, whose module is ``flash_attn_interface``) is fetched as
    ``name @ index``: depguard asks no such index, so what it ships is unknown and it too excuses a related import."""
    from ...fsview import active
    from ...model import Origin
    from ...parsers import Source, formats_for

    fmts = [f for f in formats_for(rel) if f.kind == "script"]
    if not fmts:
        return set(), set()
    path = root / rel  # made only for a script (most files are not)
    text = _read(path, limit)
    if not text or not INSTALL_WORD.search(text):
        return set(), set()
    names: set[str] = set()
    fetched: set[str] = set()
    source = Source(path=rel, text=text, fs_path=path, root=root, max_related_bytes=limit, files=active())
    for fmt in fmts:
        try:
            for m in fmt.parse(source):
                if m.key.ecosystem != "pypi" or m.origin is not Origin.COMMAND:
                    continue
                if m.example is None:
                    names.add(m.key.name)
                elif m.example.unchecked and m.note and (index := OTHER_INDEX_NOTE.search(m.note)) \
                        and not _popular_on_pypi(m.key.name):
                    # installed from another index only (`--index-url`): what that index's distribution ships is
                    # as unknown as a URL dependency's, so it excuses an import whose name relates to it; not a
                    # popular PyPI distribution that index mirrors (torch from PyTorch's wheel index ships torch, and
                    # says nothing of torch_geometric_utilz: reviewer r27)
                    fetched.add(f"{m.key.name} @ {index.group('index')}")
        except Exception:  # noqa: BLE001 - the scan itself reports this file's parse problems
            continue
    fetched |= cloned_installs(text) | archive_installs(text)
    # a distribution removed and built again from a clone's source (not a popular PyPI one, as above)
    fetched |= {dep for dep in rebuilt_installs(text) if not _popular_on_pypi(dep.split(" @ ", 1)[0])}
    if "://" in text:
        from .imports import url_installs  # here: the import reader (tree-sitter) only for a script that may need it

        fetched |= url_installs(text, clones=False)
    return names, fetched


def python_project(root: Path, files: Iterable[str], limit: int = 5 * 1024 * 1024,
                   data_files: Iterable[str] = (), run_time: bool = True) -> PythonProject:
    """The view of the tree at ``root`` from the scan's file list (paths relative to ``root``, POSIX) and the
    files of the fixture-data trees the walk left out (``data_files``: their module names only, nothing read;
    with ``judge-fixtures`` those trees are in the file list, and their modules are counted from it)."""
    from ...parsers import JINJA2_SUFFIXES, rendered_path

    tree = _Tree.of(files)
    project_dirs = {""} | {rel.rpartition("/")[0] for rel in tree.files if _declares(rel.rpartition("/")[2])}
    declaring = frozenset(project_dirs)  # the folders with a manifest of their own (see _requirements_owner)
    project_dirs |= {_requirements_owner(rel, tree, declaring) for rel in tree.files if _in_requirements_folder(rel)}
    scopes: dict[str, tuple[set[str], set[str], set[str]]] = {}
    ros_packages: set[str] = set()  # folders with a ROS package.xml
    ros_declared: dict[str, set[str]] = {}  # folder with a ROS package.xml -> the ROS packages it declares and is
    roots: set[str] = {""}
    renamed: dict[str, str] = {}  # package -> its folder, from a setup.py's package_dir
    on_device: set[str] = set()  # the top-level modules MicroPython package manifests install on the device
    collection: list[tuple[str, str, list[str]]] = []  # (pytest option, config folder, values): uncollected_folders
    scripts = [rel for rel in tree.files if _is_script(rel)]
    conda_installed = conda_installs(scripts, frozenset(tree.files), lambda rel: _read(root / rel, limit))
    conda_lists = frozenset(f for named in conda_installed.values() for f in named if not f.endswith(ENV_SUFFIXES))
    for script, named in sorted(conda_installed.items()):  # what a script's conda commands install from declares
        registry, elsewhere, opaque = scopes.setdefault(_nearest_project(script.rpartition("/")[0], project_dirs),
                                                        (set(), set(), set()))
        for rel in sorted(named):
            if rel in conda_lists:  # one conda spec a line: conda provides the names
                text = _read(root / rel, limit)
                if text:
                    _requirements(text, elsewhere, elsewhere, opaque)
            else:  # an environment file: its conda packages from conda, its pip: list from PyPI
                from_pypi, from_conda = _declared_names(root / rel, rel, root, limit, opaque)
                registry |= from_pypi
                elsewhere |= from_conda
    handed_to_os = _os_lists(tree, root, limit)
    handed_to_pip = _pip_lists(tree, root, limit, handed_to_os)
    for rel in sorted(tree.files):
        folder, _, name = rel.rpartition("/")
        # a requirements file, read below; not a list of the operating system's packages (apt-requirements.txt,
        # debian/build_requirements.txt: AutoKey's lists `dbus`, the D-Bus daemon, beside pip-requirements.txt's
        # dbus-python): those declare no distribution of an import
        listed = ((REQUIREMENTS_FILE.match(name) or _in_requirements_folder(rel))
                  and not ((os_package_list(rel) or rel in handed_to_os) and rel not in handed_to_pip
                           and reads_as_debian_list(_read(root / rel, limit) or ""))
                  and not (in_debian_folder(rel) and f"{folder}/{DEBIAN_CONTROL}" in tree.files
                           and reads_as_debian_list(_read(root / rel, limit) or "")))
        if listed and (text := _read(root / rel, limit)) is not None \
                and circup_list(rel, text, lambda path: _read(root / path, limit) if path in tree.files else None):
            # circup's list (a CircuitPython project's): the libraries of Adafruit's bundles, not PyPI's distributions
            scopes.setdefault(folder, (set(), set(), set()))[1].update(map(canonicalize_name, circup_names(text)))
            continue
        if name.endswith(JINJA2_SUFFIXES) and rendered_path(rel) != rel:
            # an environment file kept as a Jinja2 template (compass's deploy/pixi.toml.j2, which its deploy script
            # renders into the environment the project runs in) declares for the project it is in, as a folder of
            # environment files does: a template is no sub-project of its own (parsers.JINJA2_ENVIRONMENT)
            registry, elsewhere, opaque = scopes.setdefault(_nearest_project(folder, project_dirs), (set(), set(), set()))
            from_pypi, from_conda = _declared_names(root / rel, rel, root, limit, opaque)
            registry |= from_pypi
            elsewhere |= from_conda
            continue
        if _environment_folder(rel, tree):  # a folder of environment files declares for the project above it
            outer = _nearest_project(posixpath.dirname(folder), project_dirs)
            registry, elsewhere, opaque = scopes.setdefault(outer, (set(), set(), set()))
            from_pypi, from_conda = _environment_names(root / rel, rel, root, limit, opaque)
            registry |= from_pypi
            elsewhere |= from_conda
            if ros_names := robostack_packages(from_conda):  # RoboStack: the project is a ROS workspace
                elsewhere |= ros_names
                ros_packages.add(outer)
            if from_pypi or from_conda:
                continue
        if name == MICROPYTHON_MANIFEST:  # a MicroPython package: its folder's modules install at the library root
            text = _read(root / rel, limit)
            manifest = read_manifest(text) if text else None
            if manifest is not None:
                on_device.update(manifest.installs)
                if manifest.required:  # from micropython-lib's index, which mip installs from: not PyPI names
                    scopes.setdefault(folder, (set(), set(), set()))[1].update(map(canonicalize_name, manifest.required))
                continue
        if name == PACKAGE_CONTROL:  # a Sublime Text package's libraries, which Package Control installs, not pip
            text = _read(root / rel, limit)
            listed_libraries = package_control_libraries(text) if text else []
            if listed_libraries:
                scopes.setdefault(folder, (set(), set(), set()))[1].update(map(canonicalize_name, listed_libraries))
            continue
        if name == KODI_ADDON:  # a Kodi add-on's module add-ons, which Kodi installs from its repositories, not pip
            text = _read(root / rel, limit)
            required = kodi_module_addons(text) if text else []
            if required:
                scopes.setdefault(folder, (set(), set(), set()))[1].update(map(canonicalize_name, required))
            continue
        if name == ROS_PACKAGE:  # a ROS package's dependencies are ROS packages, resolved by rosdep, not pip
            text = _read(root / rel, limit)
            ros = ros_dependencies(text) if text else []
            if ros:
                scopes.setdefault(folder, (set(), set(), set()))[1].update(map(canonicalize_name, ros))
                ros_packages.add(folder)
                ros_own = ros_package_name(text) if text else None
                ros_declared[folder] = set(map(canonicalize_name, workspace_wide(ros, ros_own)))
            continue
        plugin_requirements = _plugin_requirements(name, rel, root, limit)
        if plugin_requirements is not None:  # a host pip-installs them for the plug-in in this folder
            _requirements("\n".join(plugin_requirements), *scopes.setdefault(folder, (set(), set(), set())))
            continue
        if not _declares(name) and not listed and name not in ("pytest.ini", "tox.ini", "conftest.py") \
                and not name.endswith(LOCKFILES):
            if not docs_path(rel):  # an install command the tree runs declares for its sub-project (not docs)
                installed, cloned = _installed_names(rel, root, limit)
                if name == EXTENSION_INSTALLER:  # the wheels and repositories a host's extension installer fetches
                    cloned = cloned | installer_urls(_read(root / rel, limit) or "")
                if installed or cloned:
                    scope = scopes.setdefault(_nearest_project(folder, project_dirs), (set(), set(), set()))
                    scope[0].update(installed)
                    scope[2].update(cloned)
                if is_dockerfile(name):  # a requirements file copied into the image declares for its build context
                    _image_requirements(rel, root, limit, tree.files, scopes)
            else:  # a project's or a folder's README, or a page of a project's docs folder, installing from git:
                owners = {folder} if folder in project_dirs or README.match(name) else set()
                documented = _documented_project(folder, project_dirs)
                if documented is None and README.match(name) and folder not in project_dirs \
                        and folder not in tree.has_python:
                    # a README of a folder of pages and data, no code below it (X-AnyLabeling's examples/: one folder
                    # per labelling task, README and sample images): it documents the project above, as docs/ does
                    documented = _nearest_project(folder, project_dirs)
                if documented is not None:
                    owners.add(documented)
                fetched = _documented_url_installs(root / rel, limit, bool(README.match(name))) if owners else frozenset()
                for owner in sorted(owners) if fetched else ():  # what it fetches is opaque
                    scopes.setdefault(owner, (set(), set(), set()))[2].update(fetched)
            continue
        if name == "conftest.py":
            text = _read(root / rel, limit)
            if text:
                near = _nearest_project(folder, project_dirs)
                roots.update(p for p in path_additions(text, folder, near) if p in tree.folders)
                collection.extend((key, folder, values) for key, values in collect_ignore(text))
            continue
        # requirements/extras/x.txt declares for the folder above (.riot/requirements/x.txt for the project above .riot)
        scope_folder = _requirements_owner(rel, tree, declaring) if _in_requirements_folder(rel) else _requirements_scope(rel)
        registry, elsewhere, opaque = scopes.setdefault(folder if scope_folder is None else scope_folder,
                                                        (set(), set(), set()))
        text = None
        if name in ("pyproject.toml", "setup.cfg", "pytest.ini", "tox.ini", "setup.py") or listed:
            text = _read(root / rel, limit)
        if text is not None:
            if name == "pyproject.toml":
                _pyproject(text, folder, roots, registry, elsewhere, opaque, collection)
            elif name in ("setup.cfg", "pytest.ini", "tox.ini"):
                _ini(text, folder, roots, registry, elsewhere, opaque, collection)
            elif name == "setup.py":
                own_name = setup_own_name(text)
                if own_name:
                    elsewhere.add(canonicalize_name(own_name))
                pkg_dir = SETUP_PACKAGE_DIR.search(text)
                if pkg_dir:
                    _add_roots(roots, folder, [pkg_dir.group(1)])
                mapping = SETUP_PACKAGE_DIR_MAP.search(text)
                for package, where in PACKAGE_DIR_PAIR.findall(mapping.group(1)) if mapping else ():
                    renamed[package] = posixpath.normpath(posixpath.join(folder or ".", where))
                for req in setup_direct_references(text):
                    _pep508(req, registry, elsewhere, opaque)
                fetched_urls = setup_pip_urls(text)
                if fetched_urls:  # a custom build command's `['pip', 'install', URL]`: fetched, opaque
                    _requirements("\n".join(fetched_urls), registry, elsewhere, opaque)
                for listed_rel in setup_read_files(text, rel, root, limit, tree.files):
                    listed_text = _read(root / listed_rel, limit)
                    if listed_text:
                        _requirements(listed_text, registry, elsewhere, opaque)
            elif rel in conda_lists or conda_spec_text(text.splitlines()):  # a conda spec list: conda provides its names
                _requirements(text, elsewhere, elsewhere, opaque)
            else:
                _requirements(text, registry, elsewhere, opaque)
        # what pyproject.toml, setup.cfg and requirements files declare was read above; the parsers read the rest
        read = name in ("pyproject.toml", "setup.cfg") and not (text and PIXI_TABLE.search(text)) or listed
        from_pypi, from_elsewhere = (set(), set()) if read else _declared_names(root / rel, rel, root, limit, opaque)
        registry |= from_pypi
        elsewhere |= from_elsewhere
        ros_names = robostack_packages(from_elsewhere)
        if ros_names:  # a conda environment of ROS packages (RoboStack): a ROS workspace without package.xml
            elsewhere |= ros_names
            ros_packages.add(folder if scope_folder is None else scope_folder)
    if ros_declared:  # the ROS workspace the package.xml files make: what one of them names is a ROS package for all
        workspace = ros_workspace(sorted(ros_declared))
        scopes.setdefault(workspace, (set(), set(), set()))[1].update(*ros_declared.values())
    for folder in sorted(project_dirs):  # pytest.ini is no scanned format: looked for beside each manifest
        rel = f"{folder}/pytest.ini" if folder else "pytest.ini"
        text = None if rel in tree.files else _read(root / rel, limit)
        if text:
            _ini(text, folder, roots, set(), set(), set(), collection)
    build = build_view(tree.files, lambda rel: _read(root / rel, limit))
    for workspace, rel in build.declaring:  # what the build resolves from declares for its whole workspace
        registry, elsewhere, opaque = scopes.setdefault(workspace, (set(), set(), set()))
        text = _read(root / rel, limit)
        if text is None:
            continue
        if REQUIREMENTS_FILE.match(rel.rpartition("/")[2]):
            _requirements(text, registry, elsewhere, opaque)
        elif rel.endswith(".lock") and "locked_resolves" in text:
            registry |= pex_locked_names(text)
        elif rel.endswith("pyproject.toml"):
            _pyproject(text, workspace, set(), registry, elsewhere, opaque, [])
        else:
            from_pypi, from_elsewhere = _declared_names(root / rel, rel, root, limit, opaque)
            registry |= from_pypi
            elsewhere |= from_elsewhere
    roots |= project_dirs
    roots |= test_run_folders(tree.files)
    # a Django project's folder (manage.py runs from it) and every src/ layout, with or without a manifest
    roots |= {rel.rpartition("/")[0] for rel in tree.files if rel.rpartition("/")[2] == "manage.py"}
    # an Airflow home's dags/, config/ and plugins/ folders, which Airflow appends to sys.path for its DAGs
    roots |= airflow_path_folders(tree.files, tree.folders, tree.has_python, lambda rel: _read(root / rel, limit))
    # the folders Blender, Maya and Houdini put on sys.path for add-ons and tools (an ``addons/`` folder of Blender
    # add-ons, a Maya module's ``scripts/``, Houdini's ``python3.11libs/``) and the tree's vendor folders
    roots |= host_path_folders(tree.files, tree.folders, tree.has_python,
                               lambda rel, most: _read(root / rel, min(limit, most)))
    roots |= {f for f in tree.folders if f.rpartition("/")[2] == "src" and f in tree.has_python}
    # a site-packages folder the project wrote itself (the walk leaves out one an installer filled): the folder
    # an interpreter, or a build's ``imports = ["site-packages"]``, puts on sys.path, as its name says
    roots |= {f for f in tree.folders if f.rpartition("/")[2] in INSTALL_FOLDERS and f in tree.has_python}
    for folder in project_dirs:
        path = f"{folder}/lib" if folder else "lib"
        if path in tree.folders:
            roots.add(path)
    modules: set[str] = set()
    namespaces: set[str] = set()
    for folder in roots:
        regular, namespace = tree.modules_in(folder)
        modules |= regular
        namespaces |= namespace
    modules |= generated_modules(tree.files) | on_device
    # and the packages the Thrift compiler writes from the tree's IDL files (their `namespace py`)
    modules |= thrift_modules(tree.files, lambda rel: _read(root / rel, min(limit, THRIFT_LIMIT)))
    # and those a documented protoc command writes from a checkout's schemas (a README's grpc_tools.protoc)
    modules |= documented_protoc_modules(tree.files, lambda rel: _read(root / rel, min(limit, PROTOC_DOCUMENT_LIMIT)))
    # and those an API code generator the tree runs writes (datamodel-codegen --output, openapi-generator's packageName)
    modules |= codegen_modules(tree.files, lambda rel: _read(root / rel, min(limit, CODEGEN_DOCUMENT_LIMIT)))
    # a top-level package a setup.py maps to a folder of another name, when that folder holds its __init__.py
    modules |= {package for package, where in renamed.items() if f"{where}/__init__.py" in tree.files}
    namespaces |= build.modules  # a build workspace's modules: its own unless a declared distribution explains them
    # the extension modules the tree's C, C++, Rust and Cython sources define, judged as namespace folders are
    namespaces |= native_modules(tree.files, lambda rel: _read_bytes(root / rel, min(limit, NATIVE_SOURCE_LIMIT)))
    # and the module each maturin build makes (its module-name, else its crate's), whatever its bindings
    namespaces |= maturin_modules(tree.files, lambda rel: _read_bytes(root / rel, min(limit, NATIVE_SOURCE_LIMIT)))
    # the modules its CMake build writes (rclpy's file(WRITE …/test_rclpy/__init__.py)), judged as those
    namespaces |= cmake_modules(tree.files, lambda rel: _read_bytes(root / rel, min(limit, CMAKE_SOURCE_LIMIT)))
    # the modules its scripts copy into place (triton's test.sh: `cp …/model.py py_runtime.py`), judged as those
    namespaces |= copied_modules(scripts, lambda rel: _read_bytes(root / rel, min(limit, COPIES_SOURCE_LIMIT)))
    # (``run_time`` False: left to a fact of its own, see project_hints)
    data = [*data_files, *(rel for rel in tree.files if fixture_root(rel) is not None)]
    # a fixture-data folder right at an import root that holds modules: a package of the project there, judged as a
    # namespace folder (a UI suite's test data beside its page objects: `from test_data.product_data import ProductData`)
    namespaces |= data_packages(data, roots)
    after, rooted = sys_path_facts(tree.files, lambda rel: _read(root / rel, limit)) if run_time else ((), ())
    return PythonProject(
        run_time_imports=after,
        self_rooted=rooted,
        modules=frozenset(modules),
        namespaces=frozenset(namespaces - modules),
        roots=tuple(sorted(roots)),
        scopes=tuple(Scope(f, frozenset(r), frozenset(e), frozenset(o)) for f, (r, e, o) in sorted(scopes.items())),
        data_modules=_data_modules(data),
        uncollected=uncollected_folders(tree, collection, roots, project_dirs, lambda rel: _read(root / rel, limit)),
        conda_lists=conda_lists,
        ros_packages=frozenset(ros_packages),
        held=held_modules(tree.files),
        packaged=packaged_modules(tree.files),
        gdb_loaded=gdb_loaded([rel for rel in tree.files if _is_script(rel)],
                              frozenset(tree.files), lambda rel: _read(root / rel, limit)),
        pip_lists=handed_to_pip,
        os_lists=handed_to_os,
        vim_folders=frozenset(vim_python_folders(tree.files, tree.has_python,
                                                 read=lambda rel, most: _read(root / rel, min(limit, most)))
                              | vim_run_files(tree.files, tree.has_python,
                                              lambda rel, most: _read(root / rel, min(limit, most)))),
        assignment_folders=assignment_folders(tree.files, lambda rel: _read(root / rel, min(limit, OKPY_CONFIG_MAX))),
        schemas=proto_schemas(tree.files),
    )


def _os_lists(tree: _Tree, root: Path, limit: int) -> frozenset[str]:
    """The requirements files of bare names only (:func:`.requirements.reads_as_debian_list`), not named as an OS's
    list, that a script or Dockerfile of the tree feeds to an OS's installer (:func:`.requirements.system_lists`);
    the scripts are read only when the tree has such a file."""
    named = [rel for rel in tree.files if not os_package_list(rel)
             and (REQUIREMENTS_FILE.match(rel.rpartition("/")[2]) or _in_requirements_folder(rel))
             and reads_as_debian_list(_read(root / rel, limit) or "")]
    if not named:
        return frozenset()
    return system_lists(named, (text for rel in tree.files if _is_script(rel) and (text := _read(root / rel, limit))))


def _pip_lists(tree: _Tree, root: Path, limit: int, fed_to_os: frozenset[str] = frozenset()) -> frozenset[str]:
    """The requirements files named as an OS's lists (``os_package_list``) or fed to an OS's installer
    (``fed_to_os``) that a script or requirements file of the tree hands to pip (:func:`.requirements.pip_lists`);
    nothing is read when the tree has no such file."""
    named = [rel for rel in tree.files if (os_package_list(rel) or rel in fed_to_os)
             and (REQUIREMENTS_FILE.match(rel.rpartition("/")[2]) or _in_requirements_folder(rel))]
    if not named:
        return frozenset()
    readers = (rel for rel in tree.files if _is_script(rel) or REQUIREMENTS_FILE.match(rel.rpartition("/")[2])
               or rel.rpartition("/")[2] in ("tox.ini", "setup.cfg", "noxfile.py"))
    return pip_lists(named, (text for rel in readers if (text := _read(root / rel, limit))))


def _environment_folder(rel: str, tree: _Tree) -> bool:
    """Whether ``rel`` is a YAML file, of any name, in a folder below the root that holds no Python code and is no
    fixture or document folder: where a project keeps its conda environment files (the MolSSI cookiecutter's
    ``devtools/conda-envs/test_env.yaml``, psi4's ``devtools/conda-envs/linux-64-buildrun-addons.yaml``, deepchem's
    ``requirements/env_common.yml``, a ``binder/environment.yml``). No code runs from such a folder: its
    environments are the ones the project's code runs in (:func:`_environment_names`)."""
    folder, _, name = rel.rpartition("/")
    return bool(folder) and name.endswith(ENV_SUFFIXES) and folder not in tree.has_python \
        and fixture_root(rel) is None and not docs_path(rel)


ENVIRONMENT_DEPENDENCIES = lazyre.compile(r"^dependencies[ \t]*:", re.M)


def _environment_names(path: Path, rel: str, root: Path, limit: int, opaque: set[str]) -> tuple[set[str], set[str]]:
    """(PyPI names, conda names) of a conda environment file in a folder of environment files
    (:func:`_environment_folder`), which declare for the nearest project above that folder, not for the folder
    alone: psi4's ``psi4/driver/driver.py`` imports the ``optking`` and ``pylibefp`` its add-ons environment
    installs from conda-forge, and ``einsums`` from its ``pyeinsums`` (PyPI has none of the three), while the
    environment's file name (``linux-64-buildrun-addons.yaml``) is none that marks a sub-project. Nothing for a
    YAML file without a top-level ``dependencies:`` list (a workflow, a compose file)."""
    text = _read(path, limit)
    if text is None or not ENVIRONMENT_DEPENDENCIES.search(text):
        return set(), set()
    return _declared_names(path, rel, root, limit, opaque)


def _is_script(rel: str) -> bool:
    """Whether one of depguard's script formats reads the file ``rel`` (a shell script, workflow, Makefile …)."""
    from ...parsers import formats_for

    return any(f.kind == "script" for f in formats_for(rel))


TEST_FOLDERS = ("tests", "test")


def test_run_folders(files: Iterable[str]) -> set[str]:
    """The folders the project's tests run from: the one holding each test folder (``tests``, ``test``) with a
    test module (pytest's default names) in or below it. ``python -m pytest tests/unit`` and ``python -m unittest``
    put the folder they run from on ``sys.path``, so a test imports the packages beside its test folder by name
    (a SAM project template's ``tests/unit/test_handler.py`` imports ``hello_efs`` from the project folder, which
    holds no manifest: its requirements files lie in ``hello_efs/`` and ``tests/``)."""
    found: set[str] = set()
    for rel in files:
        parts = rel.split("/")
        if len(parts) < 3 or not PYTEST_TEST_FILE.match(parts[-1]):
            continue
        for i, part in enumerate(parts[1:-1], start=1):
            if part in TEST_FOLDERS:
                found.add("/".join(parts[:i]))
    return found


# a protobuf schema, or the template a build renders or copies into one (``x.proto.template``, ``x.proto.in``: the
# template a Bazel genrule copies to ``x.proto`` in rules_proto_grpc's generated_proto test, CMake's configure_file input)
PROTO = lazyre.compile(r"(?:.*/)?([A-Za-z_][\w-]*)\.proto(?:\.(?:template|tmpl|tpl|in|j2|jinja2?))?\Z")
SCHEMA_SUFFIX = lazyre.compile(r"\.proto(?:\.(?:template|tmpl|tpl|in|j2|jinja2?))?\Z")
# the Python modules generated from a schema ``x.proto``: a plug-in's ``x``, protoc's ``x_pb2``, grpcio-tools' ``x_pb2_grpc``
# and grpclib's ``x_grpc``
SCHEMA_OUTPUTS = ("", "_pb2", "_pb2_grpc", "_grpc")


def schema_stem(rel: str) -> str:
    """A schema's path (:data:`SCHEMA_SUFFIX`) without its ``.proto`` and a template's suffix after it."""
    m = SCHEMA_SUFFIX.search(rel)
    return rel[: m.start()] if m else rel


def proto_schemas(files: Iterable[str]) -> tuple[str, ...]:
    """The protobuf schemas (and schema templates, :data:`PROTO`) among ``files`` that lie in a folder
    (:attr:`PythonProject.schemas`), sorted."""
    return tuple(sorted(rel for rel in files if ".proto" in rel and "/" in rel and SCHEMA_SUFFIX.search(rel)))


def generated_modules(files: Iterable[str]) -> set[str]:
    """The modules a build generates from the tree's own files, wherever they are written: protoc's
    ``x_pb2`` and gRPC's ``x_pb2_grpc`` for each protobuf schema ``x.proto`` (its output folder is the build's
    choice, ``--python_out=``, so the schema's folder says nothing about where the import is), or a template of one
    (:data:`PROTO`); protoc writes a ``-`` of the schema's name as ``_`` (``my-api.proto`` gives ``my_api_pb2``)."""
    out: set[str] = set()
    for rel in files:
        m = PROTO.match(rel) if ".proto" in rel else None
        if m:
            stem = m.group(1).replace("-", "_")
            out |= {f"{stem}_pb2", f"{stem}_pb2_grpc"}
    return out


# a Thrift IDL file's Python namespace (``namespace py thrift_example.gen``; ``py.twisted`` and ``*`` apply to Python too):
# the Thrift compiler writes the file's ``ttypes``, ``constants`` and service modules in that package
THRIFT_NAMESPACE = lazyre.compile(r"^[ \t]*namespace[ \t]+(?:py(?:\.twisted)?|\*)[ \t]+([A-Za-z_]\w*)(?=[.;\s]|\Z)", re.M)
THRIFT_LIMIT = 256 * 1024


def thrift_modules(files: Iterable[str], read: Callable[[str], str | None]) -> set[str]:
    """The top-level packages the Thrift compiler writes from the tree's IDL files, wherever a build puts them: the
    first part of each ``.thrift`` file's Python namespace (pantsbuild/example-codegen's person_test.py imports
    ``thrift_example.gen.ttypes`` of src/thrift/person.thrift, ``namespace py thrift_example.gen``). A file with no
    Python namespace names no package here (the compiler then takes the file's name, left judged)."""
    out: set[str] = set()
    for rel in files:
        if rel.endswith(".thrift"):
            text = read(rel)
            if text and "namespace" in text:
                out |= {m.group(1) for m in THRIFT_NAMESPACE.finditer(text)}
    return out


# a protoc run written in a document or script: ``protoc`` or ``python -m grpc_tools.protoc`` with its arguments, up to
# the end of the logical line (a backslash-continued command is one)
PROTOC_COMMAND = lazyre.compile(r"\bprotoc\b(?P<args>(?:[^\n\\]|\\\n|\\(?!\n))*)")
# (a schema's path is matched from its start only, never after one of its own '/' or '~': from each of those the pattern
# backtracked over the rest of a long path-like word, quadratic: reviewer r29)
PROTO_ARGUMENT = lazyre.compile(r"(?<![\w.~/-])(?:[\w.~-]+/)*([A-Za-z_]\w*)\.proto(?![\w.])")
PYTHON_OUT = lazyre.compile(r"--python_out[= ]")
GRPC_PYTHON_OUT = lazyre.compile(r"--grpc_python_out[= ]")
PROTOC_DOCUMENT = lazyre.compile(r"(?:readme(?:\.[\w]+)?|[^/]*\.sh|makefile)\Z", re.I)
PROTOC_DOCUMENT_LIMIT = 256 * 1024


def documented_protoc_modules(files: Iterable[str], read: Callable[[str], str | None]) -> set[str]:
    """The modules protoc writes where a README, a shell script or a Makefile of the tree runs it on schemas it
    names, whether or not the tree holds them: ``x_pb2`` for each ``x.proto`` of a command with ``--python_out``
    and ``x_pb2_grpc`` when it has ``--grpc_python_out`` too (kserve's TorchServe sample: its README clones
    pytorch/serve and runs ``python -m grpc_tools.protoc … --python_out=. --grpc_python_out=. …/inference.proto
    …/management.proto``, and the client beside it imports the four modules). Only the command's own schemas
    and options count: a schema named in prose or a command writing no Python output generates nothing."""
    out: set[str] = set()
    for rel in files:
        if not PROTOC_DOCUMENT.match(rel.rpartition("/")[2]):
            continue
        text = read(rel)
        if not text or "protoc" not in text or ".proto" not in text:
            continue
        for m in PROTOC_COMMAND.finditer(text):
            args = m.group("args")
            if not PYTHON_OUT.search(args):
                continue
            grpc = GRPC_PYTHON_OUT.search(args) is not None
            for schema in PROTO_ARGUMENT.finditer(args):
                out.add(f"{schema.group(1)}_pb2")
                if grpc:
                    out.add(f"{schema.group(1)}_pb2_grpc")
    return out


def plain_project(view: PythonProject) -> tuple:
    """``view`` as plain values (for the parse cache: :func:`project_from_plain` reads them back)."""
    return (view.modules, view.namespaces, view.roots,
            tuple((s.folder, s.registry, s.elsewhere, s.opaque) for s in view.scopes), view.data_modules,
            view.uncollected, view.conda_lists, view.ros_packages, view.held, view.packaged, view.gdb_loaded,
            view.pip_lists, view.os_lists, view.vim_folders, view.run_time_imports, view.self_rooted,
            view.assignment_folders, view.schemas)


def _pairs_from_plain(plain: object) -> tuple[tuple[str, str], ...]:
    """A tuple of (str, str) pairs as stored (:func:`run_time_imports`); ValueError on any other shape."""
    if type(plain) is not tuple or not all(type(p) is tuple and len(p) == 2 and all(type(x) is str for x in p)
                                           for p in plain):
        raise ValueError("bad pairs")
    return plain


def _sys_path_from_plain(plain: object) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """(pairs, folders) as stored (:func:`sys_path_facts`); ValueError on any other shape."""
    if type(plain) is not tuple or len(plain) != 2 or type(plain[1]) is not tuple \
            or not all(type(f) is str for f in plain[1]):
        raise ValueError("bad sys.path facts")
    return _pairs_from_plain(plain[0]), plain[1]


def project_from_plain(plain: tuple) -> PythonProject:
    """The :class:`PythonProject` of :func:`plain_project`'s values; ValueError on any other shape."""
    (modules, namespaces, roots, scopes, data_modules, uncollected, conda_lists, ros_packages, held, packaged,
     loaded, handed_to_pip, handed_to_os, vim_folders, run_time, rooted, assignments, schemas) = plain

    def names(value: object) -> frozenset[str]:
        if type(value) is not frozenset or not all(type(n) is str for n in value):
            raise ValueError("bad names")
        return value

    if type(roots) is not tuple or not all(type(r) is str for r in roots) or type(scopes) is not tuple:
        raise ValueError("bad project")
    read = []
    for folder, registry, elsewhere, opaque in scopes:
        if type(folder) is not str:
            raise ValueError("bad scope")
        read.append(Scope(folder, names(registry), names(elsewhere), names(opaque)))
    for pairs in (held, packaged, run_time):
        if type(pairs) is not tuple or not all(type(h) is tuple and len(h) == 2 and all(type(x) is str for x in h)
                                               for h in pairs):
            raise ValueError("bad held modules")
    for folders in (rooted, schemas):
        if type(folders) is not tuple or not all(type(r) is str for r in folders):
            raise ValueError("bad folders")
    return PythonProject(names(modules), names(namespaces), roots, tuple(read), names(data_modules),
                         names(uncollected), names(conda_lists), names(ros_packages), held, packaged, names(loaded),
                         names(handed_to_pip), names(handed_to_os), names(vim_folders), run_time, rooted,
                         names(assignments), schemas)


def _plugin_requirements(name: str, rel: str, root: Path, limit: int) -> list[str] | None:
    """The requirements a host pip-installs for the plug-in whose JSON manifest ``rel`` is (a Red-DiscordBot cog's
    ``info.json``, a Home Assistant integration's ``manifest.json``, a FastMCP server's ``fastmcp.json``, a LangGraph
    application's ``langgraph.json``: the same checks as their parsers), None for any other file. They declare for the plug-in's folder as a requirements file
    there would: Trusty-cogs' NotSoBot cog imports the ``jpglitch`` its info.json installs from
    ``git+https://github.com/Kareeeeem/jpglitch``, and a module named otherwise than its listed distribution is that
    distribution's."""
    if name not in PLUGIN_MANIFESTS and not name.endswith(".fastmcp.json"):
        return None
    from . import (  # their parser modules only for a file of their names
        fastmcp_json,
        hass_manifest,
        langgraph_json,
        red_cog,
    )

    if name == red_cog.NAME:
        reader = red_cog.requirements_of
    elif name == hass_manifest.NAME:
        reader = hass_manifest.requirements_of
    elif fastmcp_json.named(name):
        reader = fastmcp_json.requirements_of
    elif name == langgraph_json.NAME:
        reader = langgraph_json.requirements_of
    else:
        return None
    text = _read(root / rel, limit)
    if text is None:
        return None
    from ...fsview import active
    from ...parsers import Source

    reqs = reader(Source(path=rel, text=text, fs_path=root / rel, root=root, max_related_bytes=limit, files=active()))
    return None if reqs is None else [r.strip() for r in reqs if isinstance(r, str) and "\n" not in r]


def _declares(name: str) -> bool:
    """Whether a file of this name makes its folder a sub-project (one runs its code from there)."""
    return name in PROJECT_FILES or bool(REQUIREMENTS_FILE.match(name)) or bool(CONDA_ENV.match(name))


def _requirements_scope(rel: str) -> str | None:
    """The folder that a file in a ``requirements*`` folder declares for: the one holding the outermost such
    folder (``requirements/extras/gcs.txt`` declares for the root, ``sub/requirements/base.txt`` for ``sub``);
    None for a file in no such folder."""
    parts = rel.split("/")[:-1]
    at = next((i for i, p in enumerate(parts) if p.lower().startswith("requirement") or REQUIREMENTS_FOLDER.match(p)),
              None)
    return None if at is None else "/".join(parts[:at])


def _requirements_owner(rel: str, tree: _Tree, declaring: frozenset[str]) -> str:
    """The folder a file in a ``requirements`` folder declares for: the folder holding that requirements folder
    (:func:`_requirements_scope`), or, when that folder holds no Python code and no manifest of its own, the
    nearest project above it (``declaring``: the folders with a manifest). A tool's folder of generated
    environments is such a folder: dd-trace-py's riot test runner pins each test environment's packages in
    ``.riot/requirements/<hash>.txt`` (pip-compile output, 1,886 of them), for the tests and the integrations of
    the project above it (``tests/contrib/elasticsearch/test_opensearch.py`` imports ``opensearchpy`` from the
    ``opensearch-py`` they pin); no code runs from ``.riot``. A holder with code of its own
    (``tools/requirements/x.txt`` beside ``tools/run.py``) keeps its requirements."""
    holder = _requirements_scope(rel) or ""
    if not holder or holder in tree.has_python or holder in declaring:
        return holder
    return _nearest_project(posixpath.dirname(holder), set(declaring))


def _in_requirements_folder(rel: str) -> bool:
    """Whether ``rel`` is a requirements file by its folder: a ``.txt``/``.in`` file anywhere below a
    ``requirements`` folder, whatever its own name (celery's ``requirements/extras/gcs.txt``, ``-r``-included
    by setup.py; the requirements parser reads ``requirements/*.txt`` too), or one whose name puts a dotted prefix
    before it (behave's ``py.requirements/testing.txt``, read by the parser as well)."""
    return rel.endswith((".txt", ".in")) and any(REQUIREMENTS_FOLDER.match(p) for p in rel.split("/")[:-1]) \
        and fixture_root(rel) is None


def _documented_project(folder: str, project_dirs: set[str]) -> str | None:
    """The project whose documentation folder (``doc``, ``docs``, ``documentation`` right below the project's
    folder) ``folder`` is or lies in, or None. Its pages document that project as its README does: astroquery's
    ``docs/index.rst`` and ``docs/vamdc/vamdc.rst`` install the ``vamdclib`` that ``astroquery/vamdc/core.py``
    imports with ``python -m pip install git+https://github.com/keflavich/vamdclib-1.git`` (PyPI has none)."""
    parts = folder.split("/") if folder else []
    for i, part in enumerate(parts):
        if part.lower() in DOCS_DIRS and "/".join(parts[:i]) in project_dirs:
            return "/".join(parts[:i])
    return None


def _nearest_project(folder: str, project_dirs: set[str]) -> str:
    here = folder
    while here:
        if here in project_dirs:
            return here
        here = posixpath.dirname(here)
    return ""


NEAR_WALK_LIMIT = 20_000  # files looked at below the test folder of the one file a hook judges


def uncollected_near(root: Path, rels: Iterable[str], limit: int = 5 * 1024 * 1024) -> frozenset[str]:
    """The :attr:`PythonProject.uncollected` folders that the files ``rels`` (relative to ``root``, POSIX) lie
    in, for a check of those files without the scan's file list (a coding agent's edit, files named one by one):
    the view of the configuration files of every folder from the root down to each file's outermost test
    folder (pyproject.toml, setup.cfg, pytest.ini, tox.ini, conftest.py, read as a scan reads them: never run)
    and of the Python files and manifests in and below that test folder (``testpaths`` asks which folders hold
    tests). A file below no test folder is in none, and nothing is read for it."""
    from ...project import TEST_DIRS

    suites: dict[str, list[str]] = {}  # outermost test folder -> the files below it
    for rel in rels:
        parts = rel.split("/")[:-1]
        top = next((i for i, p in enumerate(parts) if p.lower() in TEST_DIRS), None)
        if top is not None and top < len(parts) - 1:  # uncollected folders lie below a test folder
            suites.setdefault("/".join(parts[: top + 1]), []).append(rel)
    found: set[str] = set()
    for suite, below in sorted(suites.items()):
        parts = suite.split("/")
        files: list[str] = []
        for depth in range(len(parts)):  # the folders above the test folder: their configuration files
            folder = "/".join(parts[:depth])
            try:
                children = list((root / folder).iterdir() if folder else root.iterdir())
            except OSError:
                continue
            files += [f"{folder}/{c.name}" if folder else c.name for c in children
                      if (c.name in NEAR_CONFIG or _declares(c.name)) and c.is_file()]
        files += _python_and_manifests(root, suite)
        view = python_project(root, files, limit)
        found |= {f for f in view.uncollected if any(rel.startswith(f + "/") for rel in below)}
    return frozenset(found)


NEAR_CONFIG = frozenset({"pytest.ini", "tox.ini", "conftest.py", "__init__.py"})


def _python_and_manifests(root: Path, folder: str) -> list[str]:
    """The Python files, pytest configuration files and manifests in and below ``folder`` (relative, POSIX), at
    most :data:`NEAR_WALK_LIMIT` of them; dot-folders, ``node_modules`` and virtualenvs left out."""
    import os

    out: list[str] = []
    for here, dirs, names in os.walk(root / folder):
        if "pyvenv.cfg" in names:
            dirs[:] = []
            continue
        dirs[:] = [d for d in dirs if not d.startswith(".") and d not in ("node_modules", "__pycache__")]
        base = Path(here).relative_to(root).as_posix()
        for name in names:
            if name.endswith(".py") or name in NEAR_CONFIG or _declares(name):
                out.append(f"{base}/{name}")
                if len(out) >= NEAR_WALK_LIMIT:
                    return out
    return out


def shallow_python_project(root: Path, limit: int = 5 * 1024 * 1024) -> PythonProject:
    """A quick view for text checks run from ``root`` (hooks, the chat filter): the modules in the root,
    its ``src/`` and ``lib/``, and what the root's own manifests declare; no walk of the whole tree."""
    files: list[str] = []
    for base in ("", "src", "lib"):
        folder = root / base if base else root
        try:
            children = list(folder.iterdir())
        except OSError:
            continue
        for child in children:
            rel = f"{base}/{child.name}" if base else child.name
            try:
                if child.is_dir():
                    if (child / "__init__.py").exists() or any(child.glob("*.py")):
                        files.append(f"{rel}/__init__.py")
                elif child.is_file():
                    files.append(rel)
            except OSError:
                continue
    return python_project(root, files, limit)


def project_hints(root: Path, files: Iterable[str] | None, limit: int, cache: ParseCache | None = None,
                  data_files: Iterable[str] = (), near: Iterable[str] = ()) -> dict[str, Any]:
    """The Python facts of the tree at ``root`` for the parsers (``[project] hints`` in this package's
    ecosystem.toml): the view of ``files`` (the scan's files, relative to ``root``), or a quick view of the
    root alone when there is no file list (text checks run from a folder). With the root's parse ``cache``, the
    view of a file list is reused while the list and every file the view read are unchanged
    (:meth:`depguard.parsecache.ParseCache.fact`). ``data_files``: the files of fixture-data trees the walk left
    out (:attr:`PythonProject.data_modules`). ``near``: without a file list, the files (relative to ``root``)
    that are judged, whose folders' pytest collection is worked out as a scan would (:func:`uncollected_near`)."""
    if files is None:
        view = shallow_python_project(root, limit)
        if near:  # the files judged (a hook's edit): whether pytest collects their folders, as a scan sees it
            view = replace(view, uncollected=uncollected_near(root, near, limit))
    elif cache is None:
        view = python_project(root, files, limit, data_files)
    else:
        from ...fsview import digest

        listed = list(files)
        data = [rel for rel in data_files if rel.endswith(MODULE_SUFFIXES)]
        inputs = digest(f"{limit}\0{root}\0".encode() + "\0".join(listed).encode("utf-8", "surrogateescape")
                        + b"\0\0" + "\0".join(data).encode("utf-8", "surrogateescape"))
        view = cache.fact("python-project", inputs,
                          lambda: plain_project(python_project(root, listed, limit, data, run_time=False)),
                          project_from_plain)
        # the imports right after a run-time sys.path addition read every .py file: a fact of its own, so that an edit
        # of any Python file computes that again (cheap: a text search a file) and not the whole view (reviewer r30:
        # dd-trace-py's view takes 4 s, and a warm scan after a comment added to one .py file took 14 s instead of 3)
        # (and the folders a module inside each puts on sys.path through its own __file__, from the same reading)
        after, rooted = cache.fact("python-sys-path-facts", inputs,
                                   lambda: sys_path_facts(listed, lambda rel: _read(root / rel, limit)), _sys_path_from_plain)
        if after or rooted:
            view = replace(view, run_time_imports=after, self_rooted=rooted)
    return {"local_python_modules": view.modules, "python": view, "conda_lists": view.conda_lists,
            "pip_lists": view.pip_lists, "os_lists": view.os_lists}
