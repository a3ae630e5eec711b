"""Python in a Bazel, Buck2 or Pants workspace: what the build, not the folder layout, puts on the import path.

In these build systems a target's build file decides under which name its sources are imported (Bazel's
``imports =`` and proto ``strip_import_prefix``, Buck2's ``base_module =``, Pants' source roots), and every
repository the build depends on is importable by its name (Bazel's runfiles tree). So in a workspace:

* every module file and every package folder of the workspace, and every Buck2 target's ``base_module`` (a folder with Python or a build file in or below
  it) is one of its own modules, wherever the importing file lies: buck2's ``prelude/apple/tools/swift_exec.py``
  imports ``writable`` from ``prelude/apple/tools/re_compatibility_utils/writable.py``; rules_python's proto
  example imports ``another_proto`` from ``example.com/another_proto/BUILD.bazel``'s generated library. They are
  given to the import judge as namespace folders are: the project's own *unless a declared distribution explains
  the import* (a declared package always wins, an undeclared invented name matching nothing is still judged);
* the Bazel module's own name, its ``bazel_dep`` repositories and the external repositories a ``WORKSPACE`` fetches
  with a repository rule (``http_archive(name = "rules_python", …)``, ``git_repository``, ``local_repository`` and
  their ``new_`` forms) are importable top-level names (``from rules_python.python.runfiles import runfiles``;
  sphinxdocs' ``from stardoc.proto import …``; mesop's WORKSPACE fetches rules_python with ``http_archive``), and a
  repository the build depends on provides the modules :data:`BAZEL_REPO_MODULES` lists (rules_python's runfiles
  library is ``python.runfiles``);
* the requirements files and lockfiles the build resolves from declare for the whole workspace, not just their
  folder: a requirements label of Bazel's ``pip_parse``/``pip.parse`` in ``MODULE.bazel``/``WORKSPACE``
  (``"//build:requirements_lock_3_12.txt"``, a ``"{}"``-formatted label matched as a pattern), and Pants'
  ``python_requirements``/``poetry_requirements``/``pipenv_requirements`` targets (their ``source``, by
  default the file beside the BUILD file) and the lockfiles of ``[python.resolves]`` in ``pants.toml``.

Everything is read as text or with :mod:`ast`; nothing is run.
"""

from __future__ import annotations

import posixpath
import re

from ... import lazyre
from ...records import field, record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

# the file that makes its folder a workspace root, and the build system it belongs to
# (depguard/discover.py hands these to the project view although no parser reads them: NAMED_ONLY_FILES)
WORKSPACE_FILES = {"MODULE.bazel": "bazel", "WORKSPACE": "bazel", "WORKSPACE.bazel": "bazel",
                   "WORKSPACE.bzlmod": "bazel", ".buckconfig": "buck", "pants.toml": "pants"}
BUILD_FILES = frozenset({"BUILD", "BUILD.bazel", "BUCK", "TARGETS", "BUCK.v2", "TARGETS.v2"})
MODULE_SUFFIXES = (".py", ".pyi", ".pyx", ".so", ".pyd")
IDENTIFIER = lazyre.compile(r"[A-Za-z_]\w*\Z")
# modules a Bazel repository provides on the import path of the targets depending on it (not the repository's
# own name, which is importable anyway): rules_python's runfiles library lives in its ``python/runfiles`` package
BAZEL_REPO_MODULES = {"rules_python": ("python",)}
# the calls that name a repository of the build: the module itself, its bazel_dep, and the repository rules that fetch
# an external repository (a WORKSPACE's, or a MODULE.bazel's use_repo_rule of them)
BAZEL_NAME = lazyre.compile(r"""\b(?:module|workspace|bazel_dep|(?:new_)?(?:git|local)_repository|http_archive)\s*"""
                            r"""\(([^)]*)\)""", re.S)
BAZEL_NAME_ARG = lazyre.compile(r"""\b(?:name|repo_name)\s*=\s*["']([A-Za-z_][\w.-]*)["']""")
# a label of the main repository naming a requirements file: "//build:requirements_lock_3_12.txt", "@//:r.txt"
LABEL = lazyre.compile(r"""["'](?:@@?)?//([\w./{}+-]*):([\w./{}+-]+)["']""")
REQUIREMENTS_NAME = lazyre.compile(r"(?:.*[-_.])?requirements?(?:[-_.].*)?\.(?:txt|in)\Z", re.I)
BASE_MODULE = lazyre.compile(r"""\bbase_module\s*=\s*["']([A-Za-z_][\w.]*)["']""")
PANTS_TARGETS = {"python_requirements": "requirements.txt", "poetry_requirements": "pyproject.toml",
                 "pipenv_requirements": "Pipfile.lock"}


@record(frozen=True)
class BuildView:
    """What the build workspaces of a tree add to its Python view."""

    modules: frozenset[str] = frozenset()  # own module names, local unless a declared distribution explains them
    # (workspace root, file): a requirements file or lockfile the build resolves from, declaring for the root
    declaring: tuple[tuple[str, str], ...] = ()
    kinds: dict[str, str] = field(default_factory=dict)  # workspace root -> "bazel" | "buck" | "pants"


def build_view(files: Iterable[str], read: Callable[[str], str | None]) -> BuildView:
    """The :class:`BuildView` of the tree whose files (relative, POSIX) are ``files``; ``read(rel)`` gives a
    file's text (None when unreadable or too large)."""
    files = sorted(files)
    roots: dict[str, str] = {}
    for rel in files:
        folder, _, name = rel.rpartition("/")
        if name in WORKSPACE_FILES:
            roots.setdefault(folder, WORKSPACE_FILES[name])
    if not roots:
        return BuildView()
    modules: set[str] = set()
    declaring: list[tuple[str, str]] = []
    fileset = set(files)
    built: set[str] = set()  # folders with a build file or a module file in or below them
    for rel in files:
        parts = rel.split("/")
        name = parts[-1]
        if not (name in BUILD_FILES or name.endswith(MODULE_SUFFIXES)):
            continue
        nearest = [r for r in _ancestors(rel) if r in roots]
        if not nearest:
            continue  # outside every workspace
        built.update("/".join(parts[:i]) for i in range(1, len(parts)))
        if name.endswith(MODULE_SUFFIXES):
            stem = name.split(".", 1)[0]
            if name != "__init__.py" and IDENTIFIER.match(stem):
                modules.add(stem)
            continue
        kind = roots[nearest[0]]
        text = read(rel) if kind in ("buck", "pants") else None
        if text and kind == "buck" and "base_module" in text:  # base_module = "printlib": the printlib package
            modules.update(m.group(1).partition(".")[0] for m in BASE_MODULE.finditer(text))
        elif text and kind == "pants" and "_requirements" in text:
            declaring += [(nearest[0], r) for r in _pants_requirements(text, "/".join(parts[:-1]), fileset)]
    modules |= {f.rpartition("/")[2] for f in built if IDENTIFIER.match(f.rpartition("/")[2])}
    for root, kind in sorted(roots.items()):
        prefix = f"{root}/" if root else ""
        for name, of in WORKSPACE_FILES.items():
            text = read(prefix + name) if of == kind and prefix + name in fileset else None
            if text and kind == "bazel":
                modules |= _bazel_names(text)
                declaring += [(root, r) for r in _bazel_requirements(text, prefix, fileset)]
            elif text and kind == "pants":
                declaring += [(root, r) for r in _pants_resolves(text, prefix, fileset)]
    return BuildView(frozenset(modules), tuple(dict.fromkeys(declaring)), dict(roots))


def _ancestors(rel: str) -> list[str]:
    """The folders above ``rel``, nearest first, the root ("") last."""
    parts = rel.split("/")[:-1]
    return ["/".join(parts[:i]) for i in range(len(parts), -1, -1)]


def _bazel_names(text: str) -> set[str]:
    """The module's own name and its ``bazel_dep`` repositories (name and repo_name), with the modules
    :data:`BAZEL_REPO_MODULES` says they provide."""
    out: set[str] = set()
    for call in BAZEL_NAME.finditer(text):
        for m in BAZEL_NAME_ARG.finditer(call.group(1)):
            name = m.group(1)
            if IDENTIFIER.match(name):
                out.add(name)
            out.update(BAZEL_REPO_MODULES.get(name, ()))
    return out


def _bazel_requirements(text: str, prefix: str, files: set[str]) -> list[str]:
    """The tree's requirements files that a label of the workspace file names (``"//build:requirements_lock
    _{}.txt".format(v)`` is matched as a pattern)."""
    out: list[str] = []
    for m in LABEL.finditer(text):
        package, target = m.group(1).strip("/"), m.group(2)
        if not REQUIREMENTS_NAME.match(target.rpartition("/")[2].replace("{}", "x")):
            continue
        path = prefix + (f"{package}/{target}" if package else target)
        if "{" in path:
            from ...globmatch import STAR, Glob  # (a label of many slots took exponential time as a regex: l39)

            pattern = Glob([t for part in re.split(r"(\{[^}]*\})", path)
                            for t in ([STAR] if part.startswith("{") else list(part))])
            out += [f for f in sorted(files) if pattern.match(f)]
        elif path in files:
            out.append(path)
    return out


def _pants_resolves(text: str, prefix: str, files: set[str]) -> list[str]:
    """The lockfiles of ``[python.resolves]`` in ``pants.toml`` (paths relative to the build root)."""
    from ...compat import tomllib

    try:
        python = tomllib.loads(text).get("python")
    except (tomllib.TOMLDecodeError, UnicodeError):
        return []
    resolves = python.get("resolves") if isinstance(python, dict) else None
    paths = [posixpath.normpath(prefix + v.lstrip("/")) for v in (resolves.values() if isinstance(resolves, dict) else ())
             if isinstance(v, str) and "%(" not in v]
    return [p for p in paths if p in files]


def _pants_requirements(text: str, folder: str, files: set[str]) -> list[str]:
    """The files a BUILD file's ``python_requirements``-like targets read (``source=``, else the default)."""
    import ast  # here: a hook's warm run on a manifest imports nothing heavy

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return []
    out = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PANTS_TARGETS):
            continue
        source = PANTS_TARGETS[node.func.id]
        for kw in node.keywords:
            if kw.arg == "source" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                source = kw.value.value
        path = posixpath.normpath(f"{folder}/{source}" if folder else source)
        if path in files:
            out.append(path)
    return out
