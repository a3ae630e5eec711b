"""The Python extension modules a tree's own C, C++, Rust and Cython sources define, wherever they lie.

An import of a compiled module names no file of the tree, and its build target may say nothing (buck2's
``examples/with_prelude/python/use_cextension/cext/cext.py`` imports ``cpprint``, built from
``cpp/python_cextension/print.cpp`` by a target that is commented out). The module's own source names it, in the
forms CPython and the binding libraries require:

* C API: the init function ``PyInit_<name>(...)`` CPython calls to import ``<name>``, and a ``PyModuleDef``'s name
  (``PyModuleDef_HEAD_INIT, "<name>"`` or ``.m_name = "<name>"``); and the name a program that embeds CPython gives
  ``PyImport_AppendInittab("<name>", init)``, which adds a built-in module of that name to its interpreter (pygbag's
  ``packages.d/emsdk/emsdk.c``: ``PyImport_AppendInittab("embed_browser", PyInit_browser);``, imported by its browser
  runtime), outside comments;
* pybind11's ``PYBIND11_MODULE(<name>, m)`` and nanobind's ``NB_MODULE(<name>, m)`` (each defines ``PyInit_<name>``);
  a name the same source ``#define``s as an identifier (``#define MODULE_NAME neural_network``) is read as its value,
  for these and Boost.Python's macro;
* Boost.Python's ``BOOST_PYTHON_MODULE(<name>)`` (``boost/python/module.hpp``, which defines ``PyInit_<name>``: RDKit's
  wrappers and its ``Code/Demos/boost`` demos, whose ``test.py`` imports ``moduleA`` of ``wrapA.cpp``);
* PyO3: ``#[pymodule]`` on ``fn <name>`` or ``mod <name>``, renamed by ``#[pyo3(name = "<name>")]`` or
  ``#[pymodule(name = "<name>")]``;
* a Python file that holds its extension's C source in a string and compiles it before importing it: the
  ``PyInit_<name>(...)`` the string defines (:func:`embedded_init_modules`, for that file alone);
* Cython: ``<name>.pyx`` compiles to the module ``<name>`` (its name alone says so; nothing is read).
* SWIG: an interface file's ``%module <name>`` (``%module(directors="1") <name>``) generates ``<name>.py`` and its
  ``_<name>`` extension (numpy's ``tools/swig/test/SuperTensor.i``, which ``testSuperTensor.py`` imports);
* Meson: ``py.extension_module('<name>', …)`` in a ``meson.build`` builds ``<name>`` from sources that may define
  it under a macro (numpy's limited-API test module ``limited_api_opaque``, compiled from ``limited_api.c`` with
  ``-DMODULE_NAME=limited_api_opaque``).
* PyTorch's C++/CUDA extensions: a source's ``PYBIND11_MODULE(TORCH_EXTENSION_NAME, m)`` takes its name from the build,
  which ``torch.utils.cpp_extension`` passes as ``-DTORCH_EXTENSION_NAME=<name>``: the first argument of the
  extension call (``CUDAExtension("MultiScaleDeformableAttention", sources, …)``, or ``extension(…)`` after
  ``extension = CUDAExtension``) of a ``setup.py`` in the source's folder or one above it (Deformable DETR's
  ``models/ops/setup.py``, copied into X-AnyLabeling's visualgd model, whose ``ms_deform_attn.py`` beside ``ops/``
  imports the module); a dotted name (``groundingdino._C``) gives its top-level package.
* maturin: a ``pyproject.toml`` whose back-end is maturin builds ``[tool.maturin] module-name``, else the module its
  crate names (``[lib] name``, else ``[package] name``), whatever the bindings (:func:`maturin_modules`).

A name found so is the project's own, given to the import judge as a namespace folder is: a declared distribution
still explains the import first, and an invented name no source defines is still judged. Only files whose text
holds one of these markers are searched further, and a Rust file only in a crate that depends on PyO3; each is read
through the recording view (the project view is cached with what it read), at most :data:`SOURCE_LIMIT` bytes.
"""

from __future__ import annotations

import re

from ... import lazyre

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

# the suffixes of the files read (the walk hands the project view their names: depguard/discover.py NAMED_ONLY)
C_SOURCES = (".c", ".cc", ".cpp", ".cxx")
NATIVE_SOURCES = (*C_SOURCES, ".rs")
CYTHON = ".pyx"
SWIG_INTERFACE = ".i"  # also a preprocessed C file's suffix: only a %module line counts
MESON_BUILD = "meson.build"
SWIG_MODULE = lazyre.compile(r"^[ \t]*%module\s*(?:\([^)]*\)\s*)?([A-Za-z_]\w*)", re.M)
MESON_EXTENSION = lazyre.compile(r"""\bextension_module\s*\(\s*['"]([A-Za-z_]\w*)['"]""")
SOURCE_LIMIT = 1 << 20  # a hand-written extension module's source is far smaller; a larger file is not read
MARKERS = ("PyInit_", "PyModuleDef", "PYBIND11_MODULE", "NB_MODULE", "BOOST_PYTHON_MODULE", "pymodule", "AppendInittab")
BYTE_MARKERS = tuple(m.encode() for m in MARKERS)

# PyInit_x( defines or declares the init function (a pointer passed on, ``AppendInittab("y", PyInit_x)``, names no x;
# the name "y" it is given is read by APPEND_INITTAB)
C_INIT = lazyre.compile(r"\bPyInit_([A-Za-z_]\w*)\s*\(")
# an embedding program's built-in module: the name given to PyImport_AppendInittab (CPython's embedding API), read in
# the text less its comments (C_COMMENT), so a call commented out names nothing
APPEND_INITTAB = lazyre.compile(r"""\bPyImport_AppendInittab\s*\(\s*"([A-Za-z_]\w*)"\s*,""")
# an unclosed /* runs to the end of the text, as in C: matched once, not rescanned from each later /* (reviewer r29:
# /\*.*?\*/ was quadratic, 20,000 unclosed openers in 100 KB took 33 s)
C_COMMENT = lazyre.compile(r"/\*.*?(?:\*/|\Z)|//[^\n]*", re.S)
C_MODULE_DEF = lazyre.compile(r"""\bPyModuleDef_HEAD_INIT\s*,\s*"([A-Za-z_]\w*)"|\.m_name\s*=\s*"([A-Za-z_]\w*)\"""")
# the module-defining macros of pybind11 and nanobind (each defines PyInit_<name>)
BINDING_MODULE = re.compile(r"^[ \t]*(?:PYBIND11_MODULE|NB_MODULE)\s*\(\s*([A-Za-z_]\w*)\s*,", re.M)
# an object-like macro defined as a bare identifier (a trailing comment allowed): a binding macro's argument may be one
MACRO_DEFINE = lazyre.compile(r"^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)[ \t]+([A-Za-z_]\w*)[ \t]*(?:/[/*].*)?$", re.M)
# Boost.Python's module macro takes the name alone (boost/python/module.hpp: it defines PyInit_<name>)
BOOST_MODULE = re.compile(r"^[ \t]*BOOST_PYTHON_MODULE\s*\(\s*([A-Za-z_]\w*)\s*\)", re.M)
# #[pymodule] (with its other attributes) on a function or an inline module; a name attribute renames it
PYO3_MODULE = lazyre.compile(
    r"""#\[pymodule(?:\s*\((?P<args>[^\]]*)\))?\]"""
    r"""(?P<attrs>(?:\s*(?://[^\n]*|#\[[^\]]*\]))*)"""
    r"""\s*(?:pub(?:\s*\([^)]*\))?\s+)?(?:fn|mod)\s+(?P<item>[A-Za-z_]\w*)""")
PYO3_NAME = lazyre.compile(r"""#\[pyo3\([^\]]*\bname\s*=\s*"([A-Za-z_]\w*)\"""")
NAME_ARG = lazyre.compile(r"""\bname\s*=\s*"([A-Za-z_]\w*)\"""")
# the name a PyTorch extension's source leaves to the build (module docstring), and the extension call of a setup.py
# that gives it: ``CUDAExtension("x", …)``, ``CppExtension(name="x", …)``, ``extension("x", …)``
TORCH_EXTENSION = b"TORCH_EXTENSION_NAME"
EXTENSION_CALL = lazyre.compile(r"""\b\w*extension\s*\(\s*(?:name\s*=\s*)?(?P<q>["'])(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?P=q)""",
                                re.I)


def defined_modules(text: str) -> set[str]:
    """The extension modules a C, C++ or Rust source ``text`` defines (module docstring)."""
    if not any(marker in text for marker in MARKERS):
        return set()
    out: set[str] = set()
    if "PyInit_" in text:
        out.update(C_INIT.findall(text))
    if "PyModuleDef" in text:
        out.update(a or b for a, b in C_MODULE_DEF.findall(text))
    if "PyImport_AppendInittab" in text:
        out.update(APPEND_INITTAB.findall(C_COMMENT.sub("", text)))
    if "_MODULE" in text:
        named = set(BINDING_MODULE.findall(text))
        if "BOOST_PYTHON_MODULE" in text:
            named.update(BOOST_MODULE.findall(text))
        out |= named
        if "define" in text:
            out.update(_macro_values(text, named))
    if "#[pymodule" in text:
        for m in PYO3_MODULE.finditer(text):
            renamed = NAME_ARG.search(m.group("args") or "") or PYO3_NAME.search(m.group("attrs"))
            out.add(renamed.group(1) if renamed else m.group("item"))
    return out


def _macro_values(text: str, macros: set[str]) -> set[str]:
    """The identifiers the source ``text`` ``#define``s the binding macros' arguments ``macros`` as (``#define
    MODULE_NAME neural_network`` before ``PYBIND11_MODULE(MODULE_NAME, m)``): the preprocessor hands the macro the
    value, so the module is the value's. A macro defined as a string or an expression, or defined nowhere in the
    text, names nothing."""
    return {m.group(2) for m in MACRO_DEFINE.finditer(text) if m.group(1) in macros}


def embedded_init_modules(text: str) -> frozenset[str]:
    """The extension modules whose C source a Python file holds itself, by the init function it defines
    (``PyInit_<name>(void)`` in a string the file compiles: GraalPy's C-API micro-benchmarks build their module with
    ``ccompile("c_to_c_module", code)`` and import it). Only the init function counts: a ``PyModuleDef`` or a
    module name in a string is no definition. The file's whole text is searched, not its strings alone: a comment
    naming ``PyInit_x(`` counts too (reviewer r29), which only a file that speaks of building ``x`` does."""
    return frozenset(C_INIT.findall(text)) if "PyInit_" in text else frozenset()


def native_modules(files: Iterable[str], read: Callable[[str], bytes | None]) -> set[str]:
    """The extension modules the tree's sources define: ``files`` are its paths (relative, POSIX), ``read(rel)`` a
    file's bytes (None when unreadable or larger than :data:`SOURCE_LIMIT`). A Rust source is read only in a crate
    whose ``Cargo.toml`` names ``pyo3`` (nothing else writes ``#[pymodule]``): ruff's and uv's thousands of files are
    not; a C or C++ source is decoded only when its bytes hold a marker."""
    files = list(files)
    crates = {rel.rpartition("/")[0] for rel in files if rel.rpartition("/")[2] == "Cargo.toml"}
    python_crates: dict[str, bool] = {}
    out: set[str] = set()
    torch_folders: set[str] = set()  # folders of sources whose module the build names (TORCH_EXTENSION_NAME)
    for rel in files:
        if rel.endswith(CYTHON):
            stem = rel.rpartition("/")[2][: -len(CYTHON)]
            if stem.isidentifier():
                out.add(stem)
            continue
        if rel.endswith(SWIG_INTERFACE) or rel.rpartition("/")[2] == MESON_BUILD:
            data = read(rel)
            marker = b"%module" if rel.endswith(SWIG_INTERFACE) else b"extension_module"
            if data and marker in data:
                pattern = SWIG_MODULE if rel.endswith(SWIG_INTERFACE) else MESON_EXTENSION
                out.update(pattern.findall(data.decode("utf-8", errors="replace")))
            continue
        if not rel.endswith(NATIVE_SOURCES):
            continue
        if rel.endswith(".rs"):
            crate = _crate(rel, crates)
            if crate is None:
                continue
            if crate not in python_crates:
                manifest = read(f"{crate}/Cargo.toml" if crate else "Cargo.toml")
                python_crates[crate] = manifest is not None and b"pyo3" in manifest
            if not python_crates[crate]:
                continue
        data = read(rel)
        if data and any(marker in data for marker in BYTE_MARKERS):
            out |= defined_modules(data.decode("utf-8", errors="replace"))
            if TORCH_EXTENSION in data:
                torch_folders.add(rel.rpartition("/")[0])
    out.discard(TORCH_EXTENSION.decode())
    if torch_folders:
        out |= _torch_extensions(files, torch_folders, read)
    return out


def _torch_extensions(files: list[str], folders: set[str], read: Callable[[str], bytes | None]) -> set[str]:
    """The top-level modules the extension calls of the ``setup.py`` files in or above ``folders`` (those of sources
    that leave their module's name to a PyTorch build) name (module docstring)."""
    out: set[str] = set()
    for rel in files:
        folder, _, name = rel.rpartition("/")
        if name != "setup.py" or not any(not folder or f == folder or f.startswith(folder + "/") for f in folders):
            continue
        data = read(rel)
        if data and b"xtension" in data:
            out.update(m.group("name").split(".", 1)[0]
                       for m in EXTENSION_CALL.finditer(data.decode("utf-8", errors="replace")))
    return out


def _crate(rel: str, crates: set[str]) -> str | None:
    """The folder of the nearest ``Cargo.toml`` at or above the file ``rel`` (None when there is none)."""
    folder = rel.rpartition("/")[0]
    while True:
        if folder in crates:
            return folder
        if not folder:
            return None
        folder = folder.rpartition("/")[0]


def maturin_modules(files: Iterable[str], read: Callable[[str], bytes | None]) -> set[str]:
    """The top-level modules the tree's maturin builds make, whatever the bindings (PyO3, cffi, uniffi, a binary):
    a ``pyproject.toml`` whose build back-end is maturin builds ``[tool.maturin] module-name`` (its first part), else
    the module named after the crate beside it, its ``[lib] name`` or its ``[package] name`` with ``-`` as ``_``
    (maturin's test crate ``uniffi-pure``: ``[lib] name = "uniffi_pure"``, which ``check_installed.py`` imports; its
    uniffi bindings have no ``#[pymodule]``)."""
    def toml(rel: str) -> dict:
        data = read(rel)
        if not data:
            return {}
        from ...compat import tomllib  # only for a tree with a maturin build (a warm small scan imports no TOML reader)

        try:
            loaded = tomllib.loads(data.decode("utf-8", errors="replace"))
        except (ValueError, RecursionError):
            return {}
        return loaded if isinstance(loaded, dict) else {}

    def table(data: object, *keys: str) -> dict:
        for key in keys:
            data = data.get(key) if isinstance(data, dict) else None
        return data if isinstance(data, dict) else {}

    out: set[str] = set()
    for rel in files:
        if rel.rpartition("/")[2] != "pyproject.toml":
            continue
        data = read(rel)
        if not data or b"maturin" not in data:
            continue
        pyproject = toml(rel)
        if table(pyproject, "build-system").get("build-backend") != "maturin":
            continue
        name = table(pyproject, "tool", "maturin").get("module-name")
        if not isinstance(name, str):
            folder = rel.rpartition("/")[0]
            cargo = toml(f"{folder}/Cargo.toml" if folder else "Cargo.toml")
            name = table(cargo, "lib").get("name") or table(cargo, "package").get("name")
        if isinstance(name, str):
            top = name.split(".", 1)[0].replace("-", "_")
            if top.isidentifier():
                out.add(top)
    return out
