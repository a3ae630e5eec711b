"""Walking a tree: which files to read, and reading them within limits.

Inside a git work tree the file list comes from ``git ls-files`` (tracked plus untracked-but-not-ignored),
so ``.gitignore`` is honoured, and a folder git lists is the project's whatever its name (``third_party``,
``deps``, ``env``, ``target``). Skipped everywhere: version-control folders, the folders package managers
install into (``node_modules``; a ``site-packages`` holding an installer's ``*.dist-info``, and the package folders
an installer's records list in a folder of another name, ``pip install --target``'s; the package folders of
a ``vendor`` that ``go mod vendor`` or Composer filled, beside its ``modules.txt``/``installed.json``) and virtualenvs, conda
environments and caches, found by their ``pyvenv.cfg``, ``conda-meta/history`` (inside git, with a package record
beside it: conda's ``tests/conda-meta/history`` alone is a test's stand-in) or ``CACHEDIR.TAG``; outside git,
also the usual names of build output and tool caches (``target``, ``.tox``, ``vendor``, ``site-packages`` …). Fixture-data trees (``tests/data``, ``fixtures``,
``testdata`` …: the input of the project's tests) are left out unless ``judge-fixtures`` is set. What was
skipped is told once. Symbolic links are not followed unless configured (and never
out of the scanned tree), and files over the size limit or holding NUL bytes are reported, not read.
"""

from __future__ import annotations

import bisect
import fnmatch
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

from . import lazyre
from .config import Settings
from .fsview import bom_text
from .model import Location, Problem
from .parsers import FileFormat, formats_for, formats_of, keep_names
from .project import (
    SYNTAX_TEST_PREFIX,
    code_as_data,
    fixture_folder,
    golden_case_roots,
    manifest_ecosystem,
    mirrored_roots,
    named_data_roots,
    snapshot_inputs,
    unnamed_test_inputs,
)
from .records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

# Never the project, whatever git says: version-control data and the folders package managers install into.
ALWAYS_SKIP = frozenset({
    ".git", ".hg", ".svn", ".bzr", "_darcs", "node_modules", "bower_components", "jspm_packages", "__pycache__",
    ".yarn", ".pnpm-store",
})
# The folders Python's installers install into. Outside git they are skipped by name; inside git, by content: one
# holding an installer's records (``x.dist-info/``, PEP 376; setuptools' ``x.egg-info``, ``x.egg``) holds installed
# distributions, while one git tracks without them is a layout the project wrote itself (rules_python's tests put
# their libraries in ``nspkg_alpha/site-packages/`` and a ``py_library(imports = ["site-packages"])`` on the path)
INSTALL_FOLDERS = frozenset({"site-packages", "dist-packages"})
INSTALLER_RECORDS = (".dist-info", ".egg-info", ".egg")
# Outside a git work tree nothing says what is build output or a tool's cache: these names are taken for it.
# Inside one, git's ignore rules decide, and a folder git tracks is scanned whatever its name.
UNTRACKED_SKIP = frozenset({
    ".tox", ".nox", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis", "vendor", "third_party",
    "third-party", "Pods", ".bundle", ".gradle", ".idea", ".vscode", ".next", ".nuxt", ".cache", "target", "_build",
    "deps", ".dart_tool", ".pub-cache", "elm-stuff", ".stack-work", "dist-newstyle", "renv", ".eggs",
})
SKIP_DIRS = ALWAYS_SKIP | INSTALL_FOLDERS | UNTRACKED_SKIP  # what a walk without git skips by name (virtualenvs are found by content)
# a folder holding one of these is a virtualenv, a conda environment or a tool's cache, whatever its name
MARKERS = {"pyvenv.cfg": "virtualenv", "conda-meta/history": "conda environment", "CACHEDIR.TAG": "cache"}
# files no parser reads whose names the project model uses: a protobuf schema ``x.proto`` makes the ``x_pb2`` (and
# ``x_pb2_grpc``) modules protoc generates; a C, C++, Rust or Cython source may define an extension module
# (pypi/native_modules.py reads those holding its markers)
NAMED_ONLY = (".proto", ".proto.template", ".proto.tmpl", ".proto.tpl", ".proto.in", ".proto.j2", ".proto.jinja",
              ".proto.jinja2",  # a schema's template a build copies or renders into x.proto (pypi/project.py PROTO)
              ".thrift",  # a Thrift IDL file, whose `namespace py` names the package its compiler writes (pypi/project.py)
              ".c", ".cc", ".cpp", ".cxx", ".rs", ".pyx", ".i", ".cmake", ".hy", ".xsh",  # .hy, .xsh: modules import hooks load
              ".mod",  # a Maya module description, which puts its scripts/ folder on sys.path (pypi/host_folders.py)
              ".vim", ".lua",  # Vim script, by which a Vim plug-in's python3/ folders are known (pypi/host_folders.py)
              ".ok",  # an okpy assignment's configuration (hw03.ok), whose folder holds course files (pypi/course_assignments.py)
              ".app.src")  # an OTP application's resource file (src/<app>.app.src): a rebar3 dependency of its name (hex/otp_apps.py)
# build-system files whose presence (and, for the workspace files, text) the Python project view reads: a Bazel,
# Buck2 or Pants workspace decides import paths and what its requirements declare for (pypi/build_systems.py); a
# ROS package's package.xml names the ROS packages its code imports (pypi/ros_package.py); a CMake build may write
# the Python package its tests import (pypi/cmake_writes.py); a Sublime Text package's dependencies.json names the
# Package Control libraries its code imports (pypi/package_control.py); a Kodi add-on's addon.xml names the module
# add-ons its code imports (pypi/kodi_addon.py); OpenAPI Generator's npm wrapper configuration, openapitools.json,
# names the Python packages its generators write (pypi/codegen_outputs.py). A Bazel workspace's MODULE.bazel and
# WORKSPACE files are a format's (maven's bazel-maven): scanned entries, which the project view sees as every entry
NAMED_ONLY_FILES = frozenset({".buckconfig",
                              "pants.toml", "BUILD", "BUILD.bazel", "BUCK", "TARGETS", "BUCK.v2", "TARGETS.v2",
                              "package.xml", "CMakeLists.txt", "dependencies.json", "meson.build", "addon.xml",
                              "openapitools.json",
                              ".ok_history", ".ok_storage"})  # what okpy's client writes in an assignment's folder


@record(frozen=True)
class FileEntry:
    path: Path  # on disk
    shown: str  # relative to the scan root, POSIX separators
    root: Path
    formats: tuple[FileFormat, ...]
    data_imports: bool = False  # code that is data (project.code_as_data): its imports are not judged
    # the walk's lstat of a file that is no link (its stat too): the parse cache checks the entry against it
    # rather than asking again (a change after the walk is seen by the next scan, as one after the scan is)
    lstat: os.stat_result | None = field(default=None, compare=False, repr=False)


class Skipped:
    """The folders a walk left out, and why: told once per scan (``depguard: not scanned …``)."""

    def __init__(self) -> None:
        self.folders: dict[str, str] = {}  # folder as shown -> reason
        # scan root -> the files of its fixture-data trees left out (relative, POSIX): not read, but the project
        # model knows their names (a test may put a fixture's folder on sys.path and import its module)
        self.data_files: dict[Path, list[str]] = {}
        # scan root -> the files no parser reads whose names the project model uses (:data:`NAMED_ONLY`: a
        # ``users.proto`` makes the ``users_pb2`` module a build generates), relative, POSIX; nothing read
        self.named_only: dict[Path, list[str]] = {}
        # scan root -> "link\ttarget" (relative, POSIX) of each symbolic link of the file list that points at a folder
        # inside the root (not followed: Hints.linked_folders)
        self.linked_folders: dict[Path, list[str]] = {}
        # scan root -> the manifests git lists in an installer's folder (relative, POSIX; not read): a package the
        # repository ships in its node_modules, unlike a local install git ignores (Hints.listed_installed)
        self.listed_installed: dict[Path, list[str]] = {}

    def add(self, folder: str, reason: str) -> None:
        if folder in self.folders:  # once per file below it: the common case first
            return
        if not any(folder.startswith(f + "/") for f in self.folders):
            self.folders.setdefault(folder, reason)

    def summary(self) -> str | None:
        """One line naming what was skipped, or None."""
        if not self.folders:
            return None
        by_reason: dict[str, list[str]] = {}
        for folder, reason in self.folders.items():
            by_reason.setdefault(reason, []).append(folder)
        parts = []
        for reason, folders in sorted(by_reason.items()):
            shown = ", ".join(sorted(folders)[:4]) + (f" and {len(folders) - 4} more" if len(folders) > 4 else "")
            parts.append(f"{reason} ({shown})")
        return "not scanned, not the project: " + "; ".join(parts)


# a path below a folder package managers install into (:data:`ALWAYS_SKIP` but version control and bytecode)
BELOW_INSTALLER = lazyre.compile("(?:^|/)(?:" + "|".join(sorted(n.replace(".", r"\.") for n in ALWAYS_SKIP - {
    ".git", ".hg", ".svn", ".bzr", "_darcs", "__pycache__"})) + ")/")


def _reason(name: str, tracked: bool) -> str | None:
    if name in (".git", ".hg", ".svn", ".bzr", "_darcs"):
        return "version control"
    if name in ALWAYS_SKIP:
        return "installed packages" if name != "__pycache__" else "bytecode"
    if not tracked and name in INSTALL_FOLDERS:
        return "installed packages"
    if not tracked and (name in UNTRACKED_SKIP or name.endswith(".egg-info")):
        return "build output or cache"
    return None


def _git_skips(names: list[str], root: Path) -> dict[str, str]:
    """Folders (relative) of a git file list that are not the project, found by content: those holding a marker
    file (:data:`MARKERS`), the install folders holding an installer's records (:data:`INSTALL_FOLDERS`), and the
    package folders of a vendor folder an installer filled (:func:`_vendored`) or an installer's records list
    (:func:`_target_installs`)."""
    return {folder: reason for folder, (reason, _file) in content_skips(names, root).items()}


def content_skips(names: list[str], root: Path) -> dict[str, tuple[str, str]]:
    """:func:`_git_skips` with its evidence: folder -> (why it is not the project, the file that says so: the marker,
    the installer's record). A review of a change asks it of the tree with and without the files the change writes,
    so that a marker the change adds does not hide what it adds (:func:`depguard.diff.hidden_by_the_change`)."""
    out: dict[str, tuple[str, str]] = {}
    kinds = vendor_records()
    found = [rel for rel in names if rel.endswith(tuple(kinds))] if kinds else []
    if found:
        out.update(_vendored(names, found, kinds, root))
    for rel in names:
        for marker, reason in MARKERS.items():
            if rel == marker or rel.endswith("/" + marker):
                folder = rel[: -len(marker) - 1]
                if folder and (marker != CONDA_HISTORY or _conda_records(names, folder)):
                    out.setdefault(folder, (reason, rel))
        if "-packages/" in rel:  # the common case (no install folder) costs one test
            parts = rel.split("/")
            for i in range(len(parts) - 2):
                if parts[i] in INSTALL_FOLDERS and parts[i + 1].endswith(INSTALLER_RECORDS):
                    out.setdefault("/".join(parts[: i + 1]), ("installed packages", rel))
    records = [rel for rel in names if rel.endswith(INSTALLED_RECORD)]
    if records:
        for folder, why in _target_installs(names, records, root).items():
            out.setdefault(folder, why)
    return out


def may_mark(rels: list[str]) -> bool:
    """Whether any of these files of the tree can be evidence for :func:`content_skips` (a marker, an installer's
    record, or a file such a rule looks for beside one): a review of a change that writes none needs no second look."""
    kinds = vendor_records()
    beside = {manifest for manifest, _what, _read in kinds.values()}
    for rel in rels:
        name = rel.rpartition("/")[2]
        if name in ("RECORD", "INSTALLER") or name in beside or "-packages/" in rel or "conda-meta/" in rel \
                or rel.endswith(tuple(kinds)) or any(rel == m or rel.endswith("/" + m) for m in MARKERS):
            return True
    return False


# what an installer writes in each distribution's .dist-info folder (PEP 376: RECORD lists the files it installed;
# INSTALLER names the tool, and a wheel's own unpacked .dist-info has none)
INSTALLED_RECORD = ".dist-info/RECORD"


def _target_installs(names: list[str], records: list[str], root: Path) -> dict[str, tuple[str, str]]:
    """The package folders an installer put into a folder of another name than site-packages (``pip install --target
    lib``), found by the records it wrote beside them: each ``x.dist-info`` holding both ``RECORD`` and ``INSTALLER``
    lists the files it installed, and the folders those lie in (``numpy/``, ``matplotlib/``, the ``.dist-info`` itself)
    are the installed distributions, their authors' code, not the project's (PrairieLearn/pl-prairielearn101's
    ``serverFilesCourse/digital_logic/lib/``: numpy, matplotlib, Pillow and schemdraw as pip installed them, whose
    build scripts and web back end's package.json read as the course's). A folder a record does not list stays the
    project's, and so does a ``.dist-info`` without an ``INSTALLER`` (a wheel's unpacked contents)."""
    listed = set(names)
    out: dict[str, tuple[str, str]] = {}
    for rel in records:
        if rel[: -len("RECORD")] + "INSTALLER" not in listed:
            continue
        info = rel[: -len("/RECORD")]
        parent = info.rpartition("/")[0]
        prefix = parent + "/" if parent else ""
        if parent.rpartition("/")[2] in INSTALL_FOLDERS:
            continue  # a site-packages folder: skipped whole above
        text = _record_text(root, rel)
        if text is None:
            continue
        tops = {info}
        for line in text.splitlines():
            first = line.split(",", 1)[0].strip().strip('"')
            top, sep, _rest = first.partition("/")
            if sep and top not in ("", ".", "..", "__pycache__"):
                tops.add(prefix + top)
        for folder in tops:
            out.setdefault(folder, ("installed packages", rel))
    return out


def vendor_records() -> dict[str, tuple[str, str, Any]]:
    """The installers' vendor-folder records the ecosystems declare (``[project] vendored``: ``go mod vendor``'s
    ``vendor/modules.txt`` beside a ``go.mod``): record -> (manifest beside the vendor folder, what it holds, the
    function reading the package folders the record lists)."""
    from .ecosystems import catalog, declared_function

    out: dict[str, tuple[str, str, Any]] = {}
    for eco in catalog():
        v = eco.data.get("project", {}).get("vendored")
        if v is not None:
            read = declared_function(eco, v["folders"], f"{eco.folder / 'ecosystem.toml'}: project.vendored.folders")
            out[v["record"]] = (v["manifest"], v["what"], read)
    return out


RECORD_LIMIT = 8 * 1024 * 1024  # an installer's record larger than this is not read: its folders stay the project's


def _record_text(root: Path, rel: str) -> str | None:
    """An installer's record's text (a ``.dist-info/RECORD``, a vendor folder's ``modules.txt``), or None for a link, a
    record over :data:`RECORD_LIMIT` or one that cannot be read: its folders then stay the project's."""
    try:
        path = root / rel
        if path.is_symlink() or path.stat().st_size > RECORD_LIMIT:
            return None
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None


def _vendored(names: list[str], records: list[str], kinds: dict[str, tuple[str, str, Any]],
              root: Path) -> dict[str, tuple[str, str]]:
    """The package folders of a vendor folder that its installer's record (one of ``kinds``, :func:`vendor_records`)
    lists, when the record lies in it beside the manifest it was filled from: gotosocial commits ``vendor/`` as ``go
    mod vendor`` wrote it, 6,450 names of other modules' code (a Python test script of ugorji/go imports
    ``msgpackrpc``). Like an installer's ``node_modules``, those copies are their authors' code, not the project's;
    the record itself (a lockfile its ecosystem reads) is, and so is every folder the record does not list (a legacy
    PHP project's own code kept in ``vendor/acme/``). A ``vendor`` folder without the record, or without the manifest
    beside it, is the project's whatever its name (a tool's ``_vendor``, Python's vendor folders)."""
    listed = set(names)
    out: dict[str, tuple[str, str]] = {}
    for rel in records:
        for written, (manifest, what, read) in kinds.items():
            if rel != written and not rel.endswith("/" + written):
                continue
            top = rel[: -len(written)]  # "" or "sub/project/"
            if top + manifest not in listed:
                continue
            text = _record_text(root, rel)
            if text is None:
                continue
            vendor = top + written.partition("/")[0] + "/"  # "vendor/"
            for folder in read(text):
                out.setdefault(vendor + folder.strip("/"), (f"installed packages: {what}", rel))
    return out


CONDA_HISTORY = "conda-meta/history"


def _conda_records(names: list[str], folder: str) -> bool:
    """Whether a tracked ``conda-meta`` folder holds a package record (``<name>-<version>-<build>.json``), as every
    environment conda installed into does. A ``history`` file alone is a test's stand-in: conda commits
    ``tests/conda-meta/history`` so that its tests can treat the folder as an environment, and its 220 test modules,
    requirements lists and fixtures are the project, not an environment."""

    prefix = f"{folder}/conda-meta/"
    at = bisect.bisect_left(names, prefix)  # git's list is sorted
    while at < len(names) and names[at].startswith(prefix):
        if names[at].endswith(".json") and "/" not in names[at][len(prefix):]:
            return True
        at += 1
    return False


def _marked(path: str) -> str | None:
    for marker, reason in MARKERS.items():
        if os.path.isfile(os.path.join(path, marker)):
            return reason
    return None


def git_files(root: Path) -> list[str] | None:
    """Files git knows below ``root`` (tracked and untracked-not-ignored), or None outside a work tree."""
    if not _may_be_in_git(root):
        return None  # git would say so too: no process started, no process module imported
    import subprocess  # here: runs that walk no folder (check, hook, text) need no process module

    try:
        top = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"], capture_output=True, text=True, timeout=30)
        if top.returncode != 0:
            return None
        out = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "."],
            capture_output=True, timeout=120,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    if out.returncode != 0:
        return None
    names = [n for n in out.stdout.decode("utf-8", errors="surrogateescape").split("\0") if n]
    return sorted(set(names))


# variables that point git at a repository whatever the folder (then only git can tell)
_GIT_LOCATING = ("GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM")


def _may_be_in_git(root: Path) -> bool:
    """False only when git would find no work tree at ``root``: no ``.git`` (a folder, or the file a linked work
    tree or submodule has) in it or any folder above, and none of git's variables that locate a repository set
    (it looks for exactly that on its way up)."""
    if any(var in os.environ for var in _GIT_LOCATING):
        return True
    here = os.path.abspath(root)
    while True:
        if os.path.lexists(os.path.join(here, ".git")):
            return True
        up = os.path.dirname(here)
        if up == here:
            return False
        here = up


def _walk_fs(root: Path, follow: bool, skipped: Skipped | None = None) -> Iterator[str]:
    seen_dirs: set[tuple[int, int]] = set()
    from .treewalk import walk as walk_tree  # no recursion: a 1,500-deep tree crashed os.walk (CPython < 3.12)

    for dirpath, dirnames, filenames in walk_tree(root, followlinks=follow):
        try:
            st = os.stat(dirpath)
        except OSError:
            dirnames[:] = []
            continue
        if (st.st_dev, st.st_ino) in seen_dirs:  # a symlink loop, or a second way into the same folder
            dirnames[:] = []
            continue
        seen_dirs.add((st.st_dev, st.st_ino))
        rel = Path(dirpath).relative_to(root)
        prefix = rel.as_posix() + "/" if rel.parts else ""  # names joined as text: a Path per file cost ~0.1 s per 10,000
        kept = []
        for d in sorted(dirnames):
            why = _reason(d, tracked=False) or _marked(os.path.join(dirpath, d))
            if why is None:
                kept.append(d)
            elif skipped is not None:
                skipped.add(prefix + d, why)
        dirnames[:] = kept
        for name in sorted(filenames):
            yield prefix + name


SHEBANG_BYTES = 256  # enough for any ``#!`` line (Linux reads no more of it)


# a cheat(1) cheat sheet's front matter (cheat/cheatsheets: ``---``, ``tags: [ packaging ]``, ``syntax: bash``, ``---``):
# its keys only, a shell's syntax or none
CHEAT_FRONT_MATTER = re.compile(rb"\A---[ \t]*\r?\n(?:(?:tags[ \t]*:[^\n]*|syntax[ \t]*:[ \t]*(?:ba|z|k|da)?sh[ \t]*)\r?\n)"
                                rb"{1,2}---[ \t]*\r?\n")


# the suffixes of batch schedulers' job scripts (SLURM's `sbatch job.slurm`, PBS/Torque's `qsub run.pbs`, LSF's
# `bsub < job.lsf`, Cobalt's, Grid Engine's): a script in whatever language its `#!` names (sbatch refuses a script
# without one), which a job often opens with `module load …` and `pip install --user …`
JOB_SCRIPT_SUFFIXES = frozenset({".slurm", ".sbatch", ".sbat", ".pbs", ".qsub", ".lsf", ".bsub", ".sge", ".job",
                                 ".batch", ".cobalt", ".moab", ".msub", ".torque", ".submit"})


def shebang_formats(path: str, name: str) -> tuple[FileFormat, ...]:
    """The formats of a file no name pattern matches, told by its first line: a file with no suffix whose ``#!``
    names a POSIX shell (``script/bootstrap``, ``bin/setup``, thoughtbot's laptop script ``mac``) is a shell
    script, read as one; so is a batch job script whose ``#!`` names one (a suffix of :data:`JOB_SCRIPT_SUFFIXES`:
    ``submit.slurm``, ``run.pbs``; held-out set 281); so is a cheat(1) cheat sheet, a file with no suffix that opens
    with cheat's front matter (:data:`CHEAT_FRONT_MATTER`; cheat/cheatsheets' ``npm``, ``pip``: the commands people
    copy, held-out set 210). Anything else (another suffix, no ``#!``, another interpreter, unreadable) has none."""
    job = "." in name and name[name.rindex("."):].lower() in JOB_SCRIPT_SUFFIXES
    if "." in name and not job:
        return ()
    try:
        with open(path, "rb") as f:
            head = f.read(SHEBANG_BYTES)
    except OSError:
        return ()
    if not job and head.startswith(b"---") and CHEAT_FRONT_MATTER.match(head):
        from .parsers import get_format

        return (get_format("markdown"),)
    if not head.startswith(b"#!"):
        return ()
    from .parsers import get_format
    from .parsers.scripts import is_shell_interpreter

    line = head.split(b"\n", 1)[0].decode("utf-8", errors="replace")
    return (get_format("shell"),) if is_shell_interpreter(line) else ()


def ignored(rel: str, settings: Settings) -> bool:
    """Whether the ``ignore`` globs of the settings exclude ``rel`` (a path relative to the scan root)."""
    rel = rel.removeprefix("./")
    return any(fnmatch.fnmatch(rel, pat) or fnmatch.fnmatch(rel, pat.rstrip("/") + "/*") for pat in settings.ignore)


def walk(paths: list[Path], settings: Settings, skipped: Skipped | None = None) -> tuple[list[FileEntry], list[Problem]]:
    """The files to read below ``paths`` and the problems met; ``skipped`` collects the folders left out."""
    entries: list[FileEntry] = []
    problems: list[Problem] = []
    seen: set[str] = set()  # the real path of every file taken
    for given in paths:
        if not given.exists() and not given.is_symlink():
            problems.append(Problem(f"{given}: no such file or directory", Location(str(given)), "read"))
            continue
        if given.is_file():
            # the path within its repository: workflow patterns name folders (.github/workflows/ci.yml)
            fmts = tuple(formats_for(_in_repository(given.absolute().parent, given.as_posix(), given.name))) \
                or shebang_formats(str(given), given.name)
            if not fmts:
                problems.append(Problem("depguard does not know this file format; not scanned",
                                        Location(str(given)), "unsupported"))
                continue
            path, root = _file_and_root(given)
            entries.append(FileEntry(path, given.as_posix(), root, fmts))
            continue
        root = given.resolve()
        names = git_files(root)
        tracked = names is not None
        if names is None:
            names = list(_walk_fs(root, settings.follow_symlinks, skipped))
        marked = _git_skips(names, root) if tracked else {}
        own = declared_own_installed(names, str(root)) if tracked else frozenset()  # the project's, in node_modules
        within = _in_repository(root, "", "")  # the root's own path in its repository ("" at its top)
        # code that is data: sub-projects of another language, snapshot and golden-file inputs, and the folders the
        # ecosystems declare from their configuration (the folders the tests' tsconfig excludes)
        as_data = {} if settings.judge_fixtures else {**code_as_data(names), **declared_test_inputs(names, str(root))}
        # golden-file trees and data folders named for their tests' kind: fixture data found from the whole tree
        mirrored = frozenset() if settings.judge_fixtures else \
            mirrored_roots(names) | named_data_roots(names) | golden_case_roots(names, str(root))
        # (a scan of a folder inside a repository cannot see every file that may name one: none is left out)
        inputs = frozenset() if settings.judge_fixtures or within else unnamed_test_inputs(names, str(root))
        snapshots = frozenset() if settings.judge_fixtures else snapshot_inputs(names)  # a snapshot test's input
        # the files of fixture-data folders that are the suite's code (Playwright's fixture modules)
        fixture_code = frozenset() if settings.judge_fixtures else declared_fixture_code(names, str(root))
        # workspace members named like fixture data (fedify's packages/fixture): the project's own packages
        members = frozenset() if settings.judge_fixtures else declared_member_folders(names, str(root))
        shown_top = "" if str(given) in (".", "") else given.as_posix().rstrip("/") + "/"
        folders: dict[str, _Folder | None] = {}  # what every file of a folder shares; None: not the project
        data: set[str] = set()  # the folders left out as fixture data
        for rel in names:
            folder, _, name = rel.rpartition("/")
            if tracked and skipped is not None and BELOW_INSTALLER.search(rel) and manifest_ecosystem(name):
                skipped.listed_installed.setdefault(root, []).append(rel)  # a package the repository ships there
            here = folders.get(folder, _UNSEEN)
            if here is _UNSEEN:
                here = folders[folder] = _folder(folder, root, shown_top, tracked, marked, mirrored, settings, skipped,
                                                 data, own, members)
            if here is None and folder in data and rel in fixture_code:  # its folder is fixture data, the file code
                here = _Folder(root / folder if folder else root, shown_top + folder + "/" if folder else shown_top)
            if here is None:
                if skipped is not None and folder in data:
                    skipped.data_files.setdefault(root, []).append(rel)
                continue
            if not settings.judge_fixtures and name.lower().startswith(SYNTAX_TEST_PREFIX):
                if skipped is not None:  # a syntax-test file is its own fixture (project.fixture_root)
                    skipped.add(_shown(given, rel), "fixture data (judge-fixtures = true scans it)")
                continue
            if rel in inputs:  # a requirements file nothing names below another language's tests
                if skipped is not None:
                    skipped.add(_shown(given, rel), "test input no file names (judge-fixtures = true scans it)")
                continue
            if rel in snapshots:  # its snapshot lies beside it below a test folder
                if skipped is not None:
                    skipped.add(_shown(given, rel), "snapshot test input (judge-fixtures = true scans it)")
                continue
            if settings.ignore and ignored(rel, settings):
                continue
            fmts = formats_of(within + rel) or shebang_formats(here.text + name, name)
            if not fmts:
                if skipped is not None and (name.endswith(NAMED_ONLY) or name in NAMED_ONLY_FILES):
                    skipped.named_only.setdefault(root, []).append(rel)
                elif skipped is not None and tracked and "." not in name:
                    target = _linked_folder(root, here.text + name)
                    if target is not None:
                        skipped.linked_folders.setdefault(root, []).append(f"{rel}\t{target}")
                continue
            full = here.child(name)
            text = here.text + name
            try:
                full._str = text  # type: ignore[union-attr]  # pathlib's own memo of str(full): the same text
            except AttributeError:  # pragma: no cover - a pathlib without it
                pass
            try:
                st = os.lstat(text)
            except OSError:
                st = None
            link = st is not None and stat.S_ISLNK(st.st_mode)
            if link and not settings.follow_symlinks:
                continue
            real = _real_path(root, rel, full, st, link, here.real)
            if real is None:
                problems.append(Problem("symbolic link points outside the scanned tree or nowhere; not followed",
                                        Location(here.shown + name), "read"))
                continue
            if st is None or not (stat.S_ISREG(st.st_mode) if not link else os.path.isfile(real)):
                continue
            if real in seen:
                continue
            seen.add(real)
            entries.append(FileEntry(full, here.shown + name, root, fmts, rel in as_data, None if link else st))
    keep_names()
    return entries, problems


def _below(rel: str, roots: frozenset[str]) -> str | None:
    """The folder of ``roots`` that ``rel`` lies in, or None."""
    parts = rel.split("/")
    return next((f for f in ("/".join(parts[:i]) for i in range(1, len(parts))) if f in roots), None)


def _in_repository(folder: Path, fallback: str, name: str) -> str:
    """``folder/name`` as a path within its repository, so a file's format never depends on the folder a scan
    started from (``scan .github/workflows`` finds workflows as ``scan .`` does). The repository's top is the
    nearest folder holding ``.git``, else the folder above the nearest ``.github``; with neither, ``fallback``.
    For a folder (``name`` ""), the result is its path with a trailing ``/`` ("" at the top)."""
    try:
        real = folder.resolve()
    except (OSError, RuntimeError):
        return fallback
    top = next((d for d in (real, *real.parents) if (d / ".git").exists()), None)
    if top is None:
        top = next((d.parent for d in (real, *real.parents) if d.name == ".github"), None)
    if top is None:
        return fallback
    inner = real.relative_to(top).as_posix()
    inner = "" if inner == "." else inner + "/"
    return inner + name if name else inner


def _skip_tracked(parts: list[str], marked: dict[str, str], skipped: Skipped | None, shown_top: str,
                  own: frozenset[str] = frozenset()) -> bool:
    """Whether a file git lists (``parts``: its path's) lies in a folder that is not the project (noted in
    ``skipped``; ``shown_top``: the scanned path as shown, "" or ending in "/"); a ``node_modules`` holding a package of
    ``own`` (the project's own, :func:`declared_own_installed`) is the project's for that package."""
    for i in range(len(parts) - 1):
        if own and parts[i] == "node_modules" and _owns(parts, i, own):
            continue
        why = _reason(parts[i], tracked=True)
        if why is None and marked:
            why = marked.get("/".join(parts[: i + 1]))
        if why is not None:
            if skipped is not None:
                skipped.add(shown_top + "/".join(parts[: i + 1]), why)
            return True
    return False


def _real_path(root: Path, rel: str, full: Path, st: os.stat_result | None, link: bool, folder_real: list[str | None]) -> str | None:
    """The resolved path of ``full`` when it exists inside ``root`` (as text, case-folded where the file
    system folds case: one text per file), else None. A file that is not itself a link resolves to its
    folder's real path plus its name; ``folder_real`` holds that folder's real path once resolved
    (``[text or None]``; empty before)."""
    if st is None:
        return None
    name = rel.rpartition("/")[2]
    if not link and name not in ("", ".", ".."):
        if not folder_real:
            inside = _inside(root, full.parent)
            folder_real.append(None if inside is None else os.path.normcase(inside))
        base = folder_real[0]
        return None if base is None else os.path.join(base, os.path.normcase(name))
    inside = _inside(root, full)
    return None if inside is None else os.path.normcase(inside)


class _Folder:
    """What the walk knows of one folder of the file list: its Path, its files' shown prefix, its real path."""

    __slots__ = ("path", "shown", "real", "child", "text")

    def __init__(self, path: Path, shown: str) -> None:
        self.path = path
        self.shown = shown  # the folder as shown, with a trailing "/" ("" for the top of a scan of ".")
        self.text = os.path.join(str(path), "")  # the folder's path as text, with a trailing separator
        self.real: list[str | None] = []  # filled by _real_path
        # a file's Path: made from the folder's parts (pathlib's own way for a listed name), not parsed again
        make = getattr(path, "_make_child_relpath", None)
        self.child = make if make is not None else path.joinpath


_UNSEEN = _Folder(Path(), "")


def _owns(parts: list[str], i: int, own: frozenset[str]) -> bool:
    """Whether the package folder right below the ``node_modules`` at ``parts[i]`` is one of ``own`` (files directly
    in ``node_modules`` or in a scope's folder, like npm's ``.package-lock.json``, are an installer's)."""
    name = parts[i + 1] if i + 1 < len(parts) else ""
    if name.startswith("@"):
        name = name + "/" + parts[i + 2] if i + 2 < len(parts) and parts[i + 2] else ""
    return bool(name) and "/".join(parts[: i + 1]) + "/" + name in own


def _folder(folder: str, root: Path, shown_top: str, tracked: bool, marked: dict[str, str], mirrored: frozenset[str],
            settings: Settings, skipped: Skipped | None, data: set[str],
            own: frozenset[str] = frozenset(), members: frozenset[str] = frozenset()) -> _Folder | None:
    """The walk's view of ``folder`` (relative, POSIX, "" for the root), or None when its files are not the
    project: a folder git lists that is no project's (:func:`_skip_tracked`), or fixture data (noted in
    ``skipped``, and the folder added to ``data``), unless a workspace lists it as a member (``members``:
    :func:`declared_member_folders`)."""
    shown = shown_top + folder + "/" if folder else shown_top
    if tracked and folder and _skip_tracked([*folder.split("/"), ""], marked, skipped, shown_top, own):
        return None
    if not settings.judge_fixtures:
        fixture = fixture_folder(folder) or (_below(folder + "/", mirrored) if mirrored and folder else None)
        if fixture is not None and members:
            fixture = _outside_members(folder, fixture, members)
        if fixture is not None:
            if skipped is not None:
                skipped.add(shown_top + fixture, "fixture data (judge-fixtures = true scans it)")
            data.add(folder)
            return None
    return _Folder(root / folder if folder else root, shown)


def _outside_members(folder: str, fixture: str, members: frozenset[str]) -> str | None:
    """The fixture-data root of ``folder`` once the workspace ``members`` are the project's: a member at or below the
    fixture root ``fixture`` that holds ``folder`` is walked as the project, the fixture folders inside it staying
    data (``packages/fixture/test/fixtures`` of a member ``packages/fixture``)."""
    member = max((m for m in members if (folder == m or folder.startswith(m + "/"))
                  and (m == fixture or m.startswith(fixture + "/"))), key=len, default=None)
    if member is None:
        return fixture
    inner = fixture_folder(folder[len(member) + 1:]) if folder != member else None
    return None if inner is None else f"{member}/{inner}"


def _linked_folder(root: Path, text: str) -> str | None:
    """The folder (relative to ``root``, POSIX) that the file-list entry at ``text`` (on disk) links to, when it is a
    symbolic link to a folder inside ``root`` (a git-tracked link: git lists it as a file); None otherwise."""
    if not os.path.islink(text):
        return None
    inside = _inside(root, Path(text))
    if inside is None or not inside.is_dir():
        return None
    rel = inside.relative_to(root).as_posix()
    return None if rel in ("", ".") else rel


def _inside(root: Path, path: Path) -> Path | None:
    try:
        real = path.resolve(strict=True)
        real.relative_to(root)
    except (OSError, ValueError, RuntimeError):
        return None
    return real


def _file_and_root(given: Path) -> tuple[Path, Path]:
    """(path, scan root) of a file named on the command line: the root is the current folder when the file
    is below it (pre-commit passes a repository's files from its top, and ``-r ../base.txt``, the project's
    own modules and the nearest Cargo.toml or go.mod are judged from there), else the file's folder."""
    path = given.absolute()
    cwd = Path.cwd()
    return path, (cwd if cwd in path.parents else path.parent)


def _shown(given: Path, rel: str) -> str:
    return rel if str(given) in (".", "") else f"{given.as_posix().rstrip('/')}/{rel}"


def _by_suffix_only(patterns: tuple[str, ...], shown: str) -> bool:
    """Whether a format takes the file (``shown``: its path from the scan root) by its suffix alone (a pattern
    ``*.ext``), not by a name of its own (compose takes ``compose.yaml`` by name, ``templates/x.yaml`` by its
    suffix for a look at its content); a pattern with a folder (``.github/workflows/*.yml``) is a name of its own."""
    import fnmatch

    name = shown.rpartition("/")[2]
    return not any(("/" in p or fnmatch.fnmatch(name, p)) for p in patterns
                   if not (p.startswith("*.") and not any(c in p[2:] for c in "*?[/")))


PYTHON_SOURCE_SUFFIXES = (".py", ".pyw", ".pyi")
# PEP 263: a comment on the first or second line that declares the source file's encoding
CODING_DECLARATION = lazyre.compile(r"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


def python_source_encoding(shown: str, data: bytes) -> str | None:
    """A Python source file's text decoded as its PEP 263 declaration says (``# coding: latin_1`` on line 1 or 2,
    as Python itself reads it), or None: not a Python file, no declaration, an unknown codec, or bytes the codec
    cannot decode."""
    import codecs

    if not shown.lower().endswith(PYTHON_SOURCE_SUFFIXES):
        return None
    for line in data.decode("latin-1").split("\n", 2)[:2]:
        m = CODING_DECLARATION.match(line)
        if m:
            try:
                return data.decode(codecs.lookup(m.group(1)).name)
            except (LookupError, UnicodeDecodeError):
                return None
        if line.strip() and not line.lstrip().startswith("#"):
            return None  # PEP 263: the second line counts only below a comment or blank first line
    return None


def read_text(entry: FileEntry, settings: Settings, seen: list[Any] | None = None) -> tuple[str | None, Problem | None]:
    """The file's text, or a Problem saying why it was not read (size, binary, permissions). ``seen``: given
    the validator of the bytes read (:func:`depguard.fsview.content_validator`), for the parse cache."""
    try:
        st = entry.path.stat()
        size = st.st_size
        if size > settings.max_file_bytes:
            return None, Problem(f"larger than the {settings.max_file_bytes:,}-byte limit ({size:,} bytes); not scanned",
                                 Location(entry.shown), "limit")
        with entry.path.open("rb") as fh:
            # ask for what stat said (+1 to see growth): read(n) allocates n bytes up front, and n = the
            # size limit cost ~0.1 ms per file
            data = fh.read(size + 1)
            if len(data) > size:  # grown since stat: read on, up to the limit
                data += fh.read(settings.max_file_bytes - len(data) + 1)
        if len(data) > settings.max_file_bytes:
            return None, Problem(f"larger than the {settings.max_file_bytes:,}-byte limit ({len(data):,}+ bytes); not scanned",
                                 Location(entry.shown), "limit")
    except OSError as exc:
        return None, Problem(f"cannot read: {exc.strerror or exc}", Location(entry.shown), "read")
    if seen is not None:
        from .fsview import content_validator

        seen.append(content_validator(st, data))
    bom = bom_text(data)
    if bom is not None:  # UTF-16/32 with a byte-order mark: pip and most tools read these as text
        return bom, None
    if b"\0" in data[:8192]:
        if entry.formats and all(f.kind == "binary" for f in entry.formats):
            return "", None  # a binary format's parser reports the file itself (bun.lockb)
        if entry.formats and all(_by_suffix_only(f.patterns, entry.shown) for f in entry.formats):
            # taken by its suffix alone (``*.yml``, ``*.js``) for a look at its content, and not text: a binary
            # file with a text suffix (a linter's deliberately broken input), not a manifest that cannot be read
            return None, None
        return None, Problem("binary file (NUL bytes); not scanned", Location(entry.shown), "read")
    text = data.decode("utf-8-sig", errors="replace")
    if "\ufffd" in text and b"\xef\xbf\xbd" not in data:
        declared = python_source_encoding(entry.shown, data)
        if declared is not None:
            return declared, None
        first_bad = text.index("\ufffd")
        line = text.count("\n", 0, first_bad) + 1
        return text, Problem("not valid UTF-8; undecodable bytes replaced", Location(entry.shown, line), "encoding")
    return text, None


def _declared_project(key: str, names: list[str], root: str) -> list[Any]:
    """What each ecosystem's declared ``[project] <key>`` function answers for the tree at ``root`` (``names``,
    relative): the engine reads no ecosystem's file by name, it asks the functions the ecosystems declare."""
    from .ecosystems import catalog, declared_function

    return [declared_function(eco, ref, f"{eco.folder / 'ecosystem.toml'}: project.{key}")(names, root)
            for eco in catalog() if (ref := eco.data.get("project", {}).get(key)) is not None]


def declared_test_inputs(names: list[str], root: str) -> dict[str, str]:
    """The files of the tree at ``root`` (``names``, relative) that an ecosystem's declared ``[project] test_inputs``
    function finds to be its tests' input (npm: the folders the tests' tsconfig excludes), with why."""
    out: dict[str, str] = {}
    for found in _declared_project("test_inputs", names, root):
        out.update(found)
    return out


def declared_fixture_code(names: list[str], root: str) -> frozenset[str]:
    """The files of the tree at ``root`` (``names``, relative) in fixture-data folders that an ecosystem's declared
    ``[project] fixture_code`` function finds to be the test suite's code (npm: Playwright's fixture modules)."""
    return frozenset().union(*_declared_project("fixture_code", names, root))


def declared_member_folders(names: list[str], root: str) -> frozenset[str]:
    """The folders of the tree at ``root`` (``names``, relative) named like fixture data that an ecosystem's declared
    ``[project] member_folders`` function finds a workspace lists as members (npm: pnpm, npm/yarn and Deno workspaces)."""
    return frozenset().union(*_declared_project("member_folders", names, root))


def declared_own_installed(names: list[str], root: str) -> frozenset[str]:
    """The folders below a tracked installer's folder (``node_modules``) of the tree at ``root`` (``names``, relative)
    that an ecosystem's declared ``[project] own_installed`` function finds to be the project's own packages."""
    return frozenset().union(*_declared_project("own_installed", names, root))
