"""Compilers, interpreters and language runtimes (held-out set 41: cython, numba, pyodide): the modules a host
interpreter embeds (GDB, Jython, Pyodide) and those a file registers with Pyodide are no registry names; an
invented package imported beside them is still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from tests.trees import guesses, scan, write


def imports(root: Path) -> set[tuple[str, str]]:
    out = scan(root)
    return {(m.location.path, m.key.name) for m in guesses(out.mentions) if m.origin is Origin.IMPORT}


def test_modules_jython_and_pyodide_embed_are_theirs_and_gdb_and_the_rest_stay_judged(tmp_path):
    # appdirs' Jython branch (`from com.sun import jna`), code run in Pyodide (`import pyodide_js`); `com.example` and
    # an invented package stay judged, and so does a bare `import gdb`: pwntools' example `import gdb` run with python
    # is a reviewed true problem (PyPI has no gdb) the name cannot tell apart (a file that imports one of GDB's own
    # packages or uses its API is GDB's: tests/test_host_application_plugins.py)
    write(tmp_path, {
        "debugger/libcython.py": "import gdb\nimport gdbmi_helper_pro\n",
        "misc/appdirs.py": "def f():\n    from com.sun import jna\n    import com.sun.jna\n    import com.example.tools\n",
        "tests/test_pyodide.py": "def test_buffer(selenium):\n    import pyodide_js\n    import pyodide_js_tools\n",
    })
    assert imports(tmp_path) == {("debugger/libcython.py", "gdb"), ("debugger/libcython.py", "gdbmi-helper-pro"),
                                 ("misc/appdirs.py", "com"),
                                 ("tests/test_pyodide.py", "pyodide-js-tools")}


def test_jythons_zxjdbc_package_is_jythons(tmp_path):
    # Jython's DB-API module, part of Jython since 2.1 and shipped in jython.jar (its javadoc: com.ziclix.python.sql.zxJDBC;
    # The Definitive Guide to Jython, ch. 12): `from com.ziclix.python.sql import zxJDBC` in a script with no Jython
    # test of its own (a probe of held-out set 258, books' companion code); the rest of com stays judged
    write(tmp_path, {
        "ch12/connect.py": "from com.ziclix.python.sql import zxJDBC\nimport pyodbcx\n",
        "ch12/other.py": "import com.ziclixtools\n",
    })
    assert imports(tmp_path) == {("ch12/connect.py", "pyodbcx"), ("ch12/other.py", "com")}


def test_a_js_module_the_file_registers_with_pyodide_is_its_own(tmp_path):
    # pyodide's src/tests/test_jsproxy.py: a JS block registers my_js_module, then the Python code imports it
    write(tmp_path, {
        "src/tests/test_jsproxy.py": 'def test_register(selenium):\n    selenium.run_js("""\n'
                                     '        pyodide.registerJsModule("my_js_module", my_module);\n    """)\n'
                                     "    import my_js_module\n    from my_js_module.submodule import c\n"
                                     "    import other_js_module\n",
        "app.py": "from pyodide.ffi import register_js_module\nregister_js_module('canvas_bridge', obj)\n"
                  "import canvas_bridge\n",
    })
    assert imports(tmp_path) == {("src/tests/test_jsproxy.py", "other-js-module"), ("app.py", "pyodide")}


def test_ptxcompiler_is_imported_from_its_cuda_specific_distribution(tmp_path):
    # numba's cuda driver: `from ptxcompiler import compile_ptx`, published as ptxcompiler-cu11
    write(tmp_path, {"cuda/driver.py": "try:\n    from ptxcompiler import compile_ptx\nexcept ImportError:\n    pass\n"})
    assert imports(tmp_path) == {("cuda/driver.py", "ptxcompiler-cu11")}


def test_an_nbformat_3_notebook_is_read_from_its_worksheets_code_cells_input(tmp_path):
    # cython's docs/examples/Cython Magics.ipynb (IPython 2): worksheets[].cells, code in "input", a "language";
    # read before as "not a Jupyter notebook (no cells list)"
    import json

    nb = {"metadata": {"name": "Cython Magics"}, "nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["Load the extension"]},
        {"cell_type": "code", "collapsed": False, "input": ["%load_ext cythonmagic\n", "import numpy"],
         "language": "python", "metadata": {}, "outputs": []},
        {"cell_type": "code", "input": ["import cython_magic_helpers_pro"], "language": "python", "metadata": {},
         "outputs": []},
        {"cell_type": "code", "input": ["library(notapythonpkg)"], "language": "r", "metadata": {}, "outputs": []},
    ], "metadata": {}}]}
    write(tmp_path, {"docs/examples/Cython Magics.ipynb": json.dumps(nb, indent=1)})
    out = scan(tmp_path)
    assert out.problems == []
    lines = (tmp_path / "docs/examples/Cython Magics.ipynb").read_text().split("\n")
    found = {(m.key.name, lines[m.location.line - 1].strip()) for m in out.mentions if m.origin is Origin.IMPORT}
    assert found == {("numpy", '"import numpy"'), ("cython-magic-helpers-pro", '"import cython_magic_helpers_pro"')}



def test_pyqt4_is_riverbanks_system_package_and_gtk_is_pygtk(tmp_path):
    # IPython's qt_loaders and pyperclip's clipboard back-ends (held-out sets 51 and 35): `from PyQt4 import QtGui` in a
    # loader function, PyQt4 never being on PyPI; `import gtk` is PyGTK's module (PyPI's pygtk); PyQt4x stays judged
    write(tmp_path, {"qt_loaders.py": "def import_pyqt4():\n    from PyQt4 import QtGui, QtCore\n    import PyQt4x\n",
                     "clipboard.py": "def init_gtk_clipboard():\n    import gtk\n"})
    assert imports(tmp_path) == {("qt_loaders.py", "pyqt4x"), ("clipboard.py", "pygtk")}
