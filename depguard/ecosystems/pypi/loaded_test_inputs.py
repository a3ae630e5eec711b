"""Python modules the tests load by their file path from a plain folder of no tests: the tests' input (issue 12).

A module loader's tests keep the modules they load in a folder of their own below the test folder and hand the
loader each one's path: Roboflow Inference's ``inference_models/tests/unit_tests/models/auto_loaders/conftest.py``
returns ``os.path.join(TEST_MODULES_DIR, "broken_module.py")``, and ``test_modules/broken_module.py`` starts
``import dummy`` so that the load fails, as ``test_core.py`` expects. Such a module is what the tests feed the code
under test, as a fixture is; its imports are not the project's dependencies. All of these must hold:

* the module ``X.py`` lies in a folder strictly below a test folder (``tests/unit/test_modules/``, not ``tests/``);
* that folder holds no file named as a test (``test_*.py``, ``*_test.py``, ``conftest.py``) and no ``__init__.py``:
  a plain folder, whose modules no import by a package's name reaches and no test runner collects;
* a test file (a file named as a test, ``conftest.py`` included) in a folder above it, within the same test
  folder, holds its file name as the end of a string literal (``"X.py"``, ``'test_modules/X.py'``): the tests
  name the file as a path. A module no test names, one named only by a file that is no test (a script), one
  beside a test or in a package stays judged.

Only the imports of those modules are left unjudged (code that is data); an install command in a document of the
same folder is still read and judged. Test files are read through the file view, never run, each at most
``MAX_TEST_BYTES``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from ... import lazyre
from ...parsers._util import read_small
from ...project import TEST_DIRS, TEST_FILE

MAX_TEST_BYTES = 1 << 20
# a string literal ending in a .py file's name: "x.py", 'test_modules/x.py'
NAMED_FILE = lazyre.compile(r"""(?:['"]|[/\\])([A-Za-z0-9_.-]+\.py)['"]""")


def loaded_test_inputs(names: Iterable[str], root: str) -> dict[str, str]:
    """The ``.py`` files among ``names`` (every file of the tree at ``root``, relative, POSIX) that the tests load by
    their file path from a plain folder of no tests below a test folder (see the module docstring), with why."""
    names = list(names)
    files_of: dict[str, list[str]] = {}  # folder -> its file names
    for rel in names:
        folder, _, name = rel.rpartition("/")
        files_of.setdefault(folder, []).append(name)
    candidates: dict[str, list[str]] = {}  # plain folder of no tests below a test folder -> its modules
    for folder, files in files_of.items():
        top = _test_folder(folder)
        if top is None or top == folder or "__init__.py" in files or any(TEST_FILE.match(n) for n in files):
            continue
        modules = [n for n in files if n.endswith(".py")]
        if modules:
            candidates[folder] = modules
    if not candidates:
        return {}
    named_at: dict[str, dict[str, str]] = {}  # folder -> {file name a test file there names: that test file}

    def names_at(folder: str) -> dict[str, str]:
        got = named_at.get(folder)
        if got is None:
            got = named_at[folder] = {}
            for name in files_of.get(folder, ()):
                if name.endswith(".py") and TEST_FILE.match(name):
                    test = f"{folder}/{name}" if folder else name
                    text = read_small(os.path.join(root, test), MAX_TEST_BYTES) or ""
                    for named in NAMED_FILE.findall(text) if ".py" in text else ():
                        got.setdefault(named, test)
        return got

    out: dict[str, str] = {}
    for folder, modules in candidates.items():
        for above in _folders_above(folder, _test_folder(folder) or ""):  # nearest first
            got = names_at(above)
            for module in modules if got else ():
                test = got.get(module)
                if test is not None and f"{folder}/{module}" not in out:
                    out[f"{folder}/{module}"] = (f"a module {test} loads by its file path from a folder of no tests "
                                                 "below a test folder: the tests' input")
    return out


def _test_folder(folder: str) -> str | None:
    """The outermost test folder (``tests``, ``test`` …) ``folder`` is or lies in, or None."""
    parts = folder.split("/") if folder else []
    at = next((i for i, p in enumerate(parts) if p.lower() in TEST_DIRS), None)
    return None if at is None else "/".join(parts[: at + 1])


def _folders_above(folder: str, top: str) -> list[str]:
    """The folders strictly above ``folder`` up to and including ``top``, nearest first."""
    out = []
    while "/" in folder and folder != top:
        folder = folder.rpartition("/")[0]
        out.append(folder)
        if folder == top:
            break
    return out
