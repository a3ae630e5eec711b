"""Held-out set 115 (mathematics software: computer algebra, numerical libraries, optimisation modelling, theorem-prover
tooling, math animation): the causes of its first-sight false alarms, each on a small realistic tree, beside an
invented name in the same place without the evidence that excuses it (still judged)."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from tests.trees import found, write

# Pyomo/pyomo setup.py: the keywords live in a dict the call unpacks (`setup_kwargs = dict(..., extras_require={...})`,
# then `setup(**setup_kwargs)` inside a try), and pyomo/contrib/piecewise/transform/nonlinear_to_pwl.py imports the
# optional linear-tree as lineartree
PYOMO_SETUP = """import os
from setuptools import setup, find_packages

setup_kwargs = dict(
    name='Pyomo',
    packages=find_packages(exclude=("scripts",)),
    python_requires='>=3.10',
    install_requires=[],
    extras_require={
        'tests': ['coverage', 'parameterized'],
        'optional': [
            'ipython',  # contrib.viewer
            'DECLARED; python_version<"3.14"',  # contrib.piecewise
        ],
    },
)

try:
    setup(**UNPACKED)
except SystemExit as e_info:
    raise
"""
PIECEWISE = "def _lt_importer():\n    import acmetree\n    import importlib.metadata\n    return acmetree\n"


def _pyomo(tmp_path: Path, declared: str, unpacked: str) -> tuple[set[str], set[str]]:
    write(tmp_path, {"setup.py": PYOMO_SETUP.replace("DECLARED", declared).replace("UNPACKED", unpacked),
                     "pyomo/__init__.py": "", "pyomo/contrib/piecewise/transform/nonlinear_to_pwl.py": PIECEWISE})
    manifest = {name for path, name in found(tmp_path, Origin.MANIFEST) if path == "setup.py"}
    imports = {name for path, name in found(tmp_path, Origin.IMPORT) if path.endswith("nonlinear_to_pwl.py")}
    return manifest, imports


def test_setup_reads_the_keywords_of_a_dict_it_unpacks(tmp_path):
    # the unpacked dict's extras are the project's requirements, so the import of the declared acme-tree is that
    # distribution's (a declared name with the module's letters), not a module of its own name
    manifest, imports = _pyomo(tmp_path, "acme-tree", "setup_kwargs")
    assert manifest == {"coverage", "parameterized", "ipython", "acme-tree"}
    assert imports == {"acme-tree"}


def test_an_import_no_unpacked_dict_declares_is_still_judged_as_its_own_name(tmp_path):
    # another distribution declared, or a mapping computed at run time (nothing to read): the import stands alone
    manifest, imports = _pyomo(tmp_path / "other", "linear-tree", "setup_kwargs")
    assert "linear-tree" in manifest and imports == {"acmetree"}
    manifest, imports = _pyomo(tmp_path / "computed", "acme-tree", "load_kwargs()")
    assert manifest == set() and imports == {"acmetree"}


def test_modules_whose_distribution_is_named_otherwise(tmp_path):
    # sympy/sympy sympy/parsing/latex/_antlr/latexparser.py (`from antlr4 import *`) and sympy/core/basic.py
    # (`from sage.interfaces.sympy import sympy_init` in _sage_); cvxpy/cvxpy cvxpy/reductions/solvers/conic_solvers/
    # cuopt_conif.py and sdpa_conif.py; Pyomo/pyomo pyomo/contrib/parmest/parmest.py (mpisppy), pyomo/solvers/plugins/
    # solvers/GAMS.py (gams) and pyomo/contrib/pynumero/interfaces/cyipopt_interface.py (ipopt_wrapper). PyPI has none
    # of those module names; an invented module beside each is still judged as its own name
    write(tmp_path, {
        "sympy/parsing/latex/_antlr/latexparser.py": "from antlr4 import *\nimport antlr4_grammars\n",
        "sympy/core/basic.py": "def _sage_(self):\n    from sage.interfaces.sympy import sympy_init\n    import sagecell\n",
        "cvxpy/conic_solvers/cuopt_conif.py": (
            "def params():\n    from cuopt.linear_programming.solver import solver_parameters\n    import cuopt_extras\n"),
        "cvxpy/conic_solvers/sdpa_conif.py": "def import_solver():\n    import sdpap  # noqa F401\n    import sdpapy\n",
        "pyomo/contrib/parmest/parmest.py": "import mpisppy.opt.ef as st\nimport mpisppy_tools\n",
        "pyomo/solvers/plugins/solvers/GAMS.py": "def solve():\n    from gams import GamsWorkspace\n    import gamsx\n",
        "pyomo/contrib/pynumero/interfaces/cyipopt_interface.py": (
            "import cyipopt\nif not hasattr(cyipopt, 'STATUS_MESSAGES'):\n    import ipopt_wrapper\n"
            "    import ipopt_wrappers\n"),
    })
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "antlr4-python3-runtime", "antlr4-grammars", "sagemath-standard", "sagecell", "cuopt-cu12", "cuopt-extras",
        "sdpa-python", "sdpapy", "mpi-sppy", "mpisppy-tools", "gamsapi", "gamsx", "cyipopt", "ipopt-wrappers"}


# sympy/sympy doc/src/explanation/active-deprecations.md: a plain block of two dotted paths after prose about a
# deprecated submodule, sniffed as a requirements list; the package's __init__.py imports both names from sympy.core
DEPRECATIONS = """### The `sympy.core.compatibility` submodule

The `sympy.core.compatibility` submodule is deprecated.

Some of the functions that were in this module are available from the
top-level SymPy namespace, i.e.,

```
sympy.ordered
sympy.default_sort_key
EXTRA
```

or

```py
from sympy import ordered, default_sort_key
```
"""
SYMPY_INIT = ("from .core import (sympify, SympifyError, cacheit, Basic, Atom,\n"
              "        postorder_traversal, default_sort_key, ordered, num_digits)\n"
              "from . import polys\n__all__ = ['ordered', 'default_sort_key']\n")


def _sympy(tmp_path: Path, own: str, extra: str = "") -> set[str]:
    write(tmp_path, {"pyproject.toml": f'[project]\nname = "{own}"\ndependencies = ["mpmath"]\n',
                     "sympy/__init__.py": SYMPY_INIT, "sympy/core/__init__.py": "", "sympy/polys/__init__.py": "",
                     "doc/src/explanation/active-deprecations.md": DEPRECATIONS.replace("EXTRA\n", extra)})
    return {name for path, name in found(tmp_path, Origin.MANIFEST) if path.endswith(".md")}


def test_a_document_listing_paths_into_the_projects_own_package_lists_no_distributions(tmp_path):
    assert _sympy(tmp_path, "sympy") == set()
    assert _sympy(tmp_path / "module", "sympy", "sympy.polys\n") == set()  # a subpackage of its own


def test_a_dotted_name_the_own_package_does_not_bind_or_another_projects_page_is_still_judged(tmp_path):
    # a name sympy/__init__.py does not bind; a version on the line; the same page in a project named otherwise
    assert _sympy(tmp_path / "unbound", "sympy", "sympy.pretend\n") == {"sympy-pretend"}
    assert _sympy(tmp_path / "pinned", "sympy", "sympy.ordered==1.0\n") == {"sympy-ordered"}
    assert _sympy(tmp_path / "other", "sympy-docs") == {"sympy-ordered", "sympy-default-sort-key"}


def test_a_requirements_file_under_docs_naming_a_path_into_the_own_package_is_still_judged(tmp_path):
    # a docs build installs docs/requirements.txt: `sympy.polys` there asks PyPI for sympy-polys, whatever sympy binds
    write(tmp_path / "req", {"doc/requirements.txt": "sphinx\nsympy.polys\n"})
    _sympy(tmp_path / "req", "sympy")
    assert {name for path, name in found(tmp_path / "req", Origin.MANIFEST)
            if path == "doc/requirements.txt"} == {"sphinx", "sympy-polys"}
