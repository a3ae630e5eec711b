"""The Python modules a tree's scripts put in place by copying: what a shell script, a Makefile or a Dockerfile copies,
moves or links.

A test harness often makes the module its test imports just before the test runs, from a file the tree does not hold
under that name: triton-inference-server's ``qa/L0_pytorch_python_runtime/test.sh`` runs ``cp
$BACKENDS/pytorch/model.py py_runtime.py`` and its ``unit_test.py`` then imports ``py_runtime``. And a compiled
extension module built from another repository is copied where the code that imports it lies: the same tree's
``Dockerfile.QA`` runs ``cp tritonbuild/python/install/backends/python/triton_shm_monitor*.so qa/common/.`` (its
``qa/L0_backend_python/setup_python_enviroment.sh`` copies ``triton_shm_monitor.cpython-*``), and
``qa/common/shm_util.py`` imports ``triton_shm_monitor``. Neither name is a registry package (PyPI: 404 for
py-runtime and triton-shm-monitor); both are the tree's own build products.

Read: a ``cp``, ``mv``, ``ln``, ``install`` or ``rsync`` command (after ``sudo``, a Dockerfile's ``RUN``, a shell
separator) of a script the tree holds. Its last argument, when it names a file ``<name>.py`` (the command writes that
module), and any of its arguments naming a compiled extension module file, ``<name>.so``, ``<name>*.so``,
``<name>.cpython-….so``, ``<name>.abi3.so``, ``<name>.pyd`` or ``<name>.cpython-*`` (the command puts that module in
place), give ``<name>``. A name made of a variable (``$NAME.py``) tells nothing and is left out, as is ``__init__``.

A package is a folder, and a script puts one in place the same way: Nixtla's ``experiments/lag-llama/Makefile`` runs
``git clone https://github.com/time-series-foundation-models/lag-llama tempdir`` and ``cp -R tempdir/lag_llama/ .``,
and the experiment's code then imports ``lag_llama`` (PyPI: 404 for lag-llama; the clone is the only source). So a
folder copy, ``cp`` or ``rsync`` with ``-r``/``-R``/``-a`` (``--recursive``, ``--archive``), ``mv``, or ``ln -s``, into a
folder (its last argument ``.``, or ending in ``/`` or ``/.``) gives each source's last part that is a module name
(``tempdir/lag_llama/`` gives ``lag_llama``; ``rsync``'s ``src/`` copies the folder's contents, not the folder, and
gives nothing); with one source and a last argument naming no folder, the copy of a folder is made under that
argument's last part (``cp -r build/lib/fastkern fastkern``; ``mv annotations/x.json /tmp`` moves a file and gives
nothing). A file's name (a dot in it) and a name made of a variable or a glob give nothing.

A clone makes a folder too: Determined's ``computer_vision/deformabledetr_coco_pytorch/startup-hook.sh`` runs ``git clone
https://github.com/fundamentalvision/Deformable-DETR ddetr`` ("Since it is not an installable package, we will have to
add this to system path") and the experiment's data.py imports ``ddetr.datasets.coco`` (PyPI: 404 for ddetr). So a
``git clone URL folder`` of a script gives the folder it names when that is a module name beside the script (no ``/``)
and not the repository's own name: a clone under its own name (electrum's ``git clone …/libwallycore``, then
``./configure``) or into another folder (``tools/buildozer``) is a checkout to build or install, which excuses nothing
unless it is installed (:func:`.project.cloned_installs`).

A download puts a module in place too: New Relic's Python agent's ``scripts/azure-prebuild.sh`` runs ``curl -L
https://raw.githubusercontent.com/newrelic/newrelic-agent-init-container/…/newrelic_k8s_operator.py >
newrelic_k8s_operator.py`` and moves it into the installed agent's folder, and ``newrelic/bootstrap/sitecustomize.py``
imports ``newrelic_k8s_operator`` from there (PyPI: 404 for newrelic-k8s-operator). So a ``curl`` or ``wget`` command
of a script whose saved file is ``<name>.py`` (curl's ``-o FILE``, ``-O`` or a ``> FILE`` redirect, wget's URL or
``-O FILE``, as :func:`.project.downloaded_files` reads them for a notebook's own downloads) gives ``<name>``; a
download to standard output or of another kind of file gives nothing.

A name found so is the project's own, given to the import judge as a namespace folder is (as the modules a CMake build
writes, :mod:`.cmake_writes`): a declared distribution still explains the import first, and an invented name that no
script copies is still judged.
"""

from __future__ import annotations

from ... import lazyre

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

SOURCE_LIMIT = 1 << 20
COPIERS = frozenset({"cp", "mv", "ln", "install", "rsync"})
# the bytes a script that copies a module file holds (read no further without them)
MARKERS = (b"cp ", b"mv ", b"ln ", b"install ", b"rsync ", b"curl", b"wget")
MODULE_BYTES = (b".py", b".so", b".pyd", b"cpython-")
# or the bytes of a command that may copy a folder (read no further without them either)
FOLDER_BYTES = (b" -r", b" -R", b" -a", b"--recursive", b"--archive", b"mv ", b"ln ")
# a shell separator, or what may stand before a command on a line (a Dockerfile's RUN, a Makefile recipe's @ or -)
SEPARATORS = lazyre.compile(r"&&|\|\||[;|&()`]|\$\(")
LEADERS = frozenset({"sudo", "RUN", "command", "exec", "time", "nohup"})
# a compiled extension module's file name: `x.so`, `x*.so`, `x.cpython-310-x86_64-linux-gnu.so`, `x.abi3.so`, `x.pyd`,
# or `x.cpython-*` (the suffix left to a wildcard)
EXTENSION = lazyre.compile(r"(?P<name>[A-Za-z_]\w*)(?:(?:\.cpython-[\w.*-]*|\.abi3|\*)?\.(?:so|pyd)|\.cpython-[\w.*-]*)\Z")
MODULE_FILE = lazyre.compile(r"(?P<name>[A-Za-z_]\w*)\.py\Z")
PACKAGE_FOLDER = lazyre.compile(r"[A-Za-z_]\w*\Z")  # a folder an import can name


def _repository(url: str) -> str:
    """The folder ``git clone`` makes of ``url`` when none is given (its last part, without ``.git``)."""
    name = url.rstrip("/").rpartition("/")[2].rpartition(":")[2]
    return name[:-4] if name.endswith(".git") else name


def _folder_copy(copier: str, options: list[str]) -> bool:
    """Whether the command ``copier`` with ``options`` copies, moves or links folders whole."""
    if copier == "mv":
        return True
    letters = "".join(o[1:] for o in options if not o.startswith("--"))
    if copier == "ln":
        return "s" in letters or "--symbolic" in options
    if copier in ("cp", "rsync"):
        return bool(set(letters) & {"r", "R", "a"}) or "--recursive" in options or "--archive" in options
    return False


def copied_folders(copier: str, args: list[str]) -> set[str]:
    """The package folders a folder copy of ``args`` (sources, then where to) puts in place (module docstring)."""
    *sources, where = args
    into = where.rstrip("/").rpartition("/")[2] in (".", "") or where.endswith("/")
    if not into and len(sources) == 1:
        # a folder copied to a new name; a file moved into a folder (`mv annotations/x.json /tmp`) names none
        names = [where.rpartition("/")[2]] if PACKAGE_FOLDER.match(sources[0].rstrip("/").rpartition("/")[2]) else []
    else:
        names = [s.rstrip("/").rpartition("/")[2] for s in sources if not (copier == "rsync" and s.endswith("/"))]
    return {n for n in names if PACKAGE_FOLDER.match(n)}


def copied_modules_in(text: str) -> set[str]:
    """The modules the script ``text`` copies into place (module docstring)."""
    out: set[str] = set()
    said = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("#"))
    if "clone" in said:
        from ...commands.git_clone import clones

        out |= {folder for url, folder, _end in clones(said)
                if PACKAGE_FOLDER.match(folder) and folder != _repository(url)}
    if "curl" in said or "wget" in said:  # a download saving a module file: `curl -L URL > name.py`, `wget URL/name.py`
        from .project import downloaded_files

        out |= {found.group("name") for saved in downloaded_files(said) if (found := MODULE_FILE.match(saved))}
    for line in text.replace("\\\n", " ").split("\n"):
        if line.lstrip().startswith("#"):
            continue
        for part in SEPARATORS.split(line):
            words = part.split()
            while words and (words[0] in LEADERS or words[0].lstrip("@-") in LEADERS):
                words = words[1:]
            if not words or words[0].lstrip("@-") not in COPIERS:
                continue
            args = [w.strip("'\"") for w in words[1:] if not w.startswith("-")]
            copier = words[0].lstrip("@-")
            if len(args) >= 2 and _folder_copy(copier, [w for w in words[1:] if w.startswith("-")]):
                out |= copied_folders(copier, args)
            for arg in args:
                found = EXTENSION.match(arg.rstrip("/").rpartition("/")[2])
                if found and "$" not in arg.rpartition("/")[2]:
                    out.add(found.group("name"))
            if len(args) >= 2:
                last = args[-1].rpartition("/")[2]
                found = MODULE_FILE.match(last)
                if found and "$" not in last:
                    out.add(found.group("name"))
    out.discard("__init__")
    return out


def copied_modules(scripts: Iterable[str], read: Callable[[str], bytes | None]) -> set[str]:
    """The modules the tree's ``scripts`` (paths relative to the root, POSIX) copy into place; ``read(rel)`` a file's
    bytes (None when unreadable or larger than :data:`SOURCE_LIMIT`)."""
    out: set[str] = set()
    for rel in scripts:
        data = read(rel)
        if not data or (b"git clone" not in data and (not any(m in data for m in MARKERS)
                                                    or not any(m in data for m in MODULE_BYTES + FOLDER_BYTES))):
            continue
        out |= copied_modules_in(data.decode("utf-8", errors="replace"))
    return out
