"""The extension modules NumPy's f2py builds from the Fortran sources beside a Python file.

``f2py -c -m <name> <source>.f90`` compiles a Fortran source into a Python module called ``<name>``; the name is
the command's, not the source's, and a teaching tree often keeps the source and the file that imports it side by
side without the command (Scientific Python Lectures' ``intro/numpy/solutions/``: ``2_a_call_fortran.py`` imports
``fortran_module`` and calls ``fortran_module.some_function(...)``, the subroutine ``2_a_fortran_module.f90``
beside it defines). In the importing file's folder, a module is f2py's when:

* a Fortran source there is named like it (``fib1.f`` for ``import fib1``, NumPy's f2py guide:
  ``f2py -c fib1.f -m fib1``), as a Cython ``<name>.pyx`` names its module;
* an f2py signature file there (``*.pyf``) declares it: ``python module <name>``;
* the file calls a routine of it, ``<name>.<routine>(``, that a Fortran source there defines (``subroutine
  <routine>`` or ``function <routine>``; f2py gives the routines their lower-case names).

Only the importing file's own folder is read, at most :data:`FILES_READ` Fortran and signature files of it, each
up to :data:`SOURCE_LIMIT` bytes. A module whose calls name no routine there, and the same import in a folder
without Fortran sources, are still judged.
"""

from __future__ import annotations

import os
import re

from ... import lazyre
from ...fsview import active, memo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# fixed form (.f, .for, .f77) and free form (.f90 …); an upper-case suffix (.F, .F90) is the preprocessed kind
FORTRAN_SUFFIXES = frozenset({".f", ".for", ".f77", ".f90", ".f95", ".f03", ".f08"})
SIGNATURE_SUFFIX = ".pyf"
FILES_READ = 32  # Fortran and signature files of one folder read for their routines and module names
SOURCE_LIMIT = 1 << 20  # a hand-written Fortran source is far smaller; a larger file is not read
# a routine's definition: `subroutine x(`, `double precision function x(`, `recursive subroutine x`, any case;
# the words before the keyword are a type or prefixes on the same line (bounded: no line is scanned twice)
ROUTINE = lazyre.compile(r"^[ \t]*(?:[A-Za-z][\w*(),= \t]{0,80}?[ \t])?(?:subroutine|function)[ \t]+([A-Za-z_]\w*)",
                         re.I | re.M)
PYF_MODULE = lazyre.compile(r"^[ \t]*python[ \t]+module[ \t]+([A-Za-z_]\w*)", re.I | re.M)
# a call of a module's attribute in the Python file: `fortran_module.some_function(`
ATTRIBUTE_CALL = lazyre.compile(r"(?<![\w.])([A-Za-z_]\w*)\.([A-Za-z_]\w*)[ \t]*\(")


def fortran_modules(source: Source) -> frozenset[str]:
    """The modules f2py builds from the Fortran sources of ``source``'s folder (module docstring)."""
    if source.fs_path is None:
        return frozenset()
    named, routines = _fortran_in(str(source.fs_path.parent))
    if not named and not routines:
        return frozenset()
    called = {module for module, attribute in ATTRIBUTE_CALL.findall(source.text) if attribute.lower() in routines}
    return named | frozenset(called)


@memo(maxsize=1024)
def _fortran_in(directory: str) -> tuple[frozenset[str], frozenset[str]]:
    """(modules named by a Fortran source's stem or a signature file's ``python module``, the routines the Fortran
    sources define, lower-case) of the folder ``directory``."""
    view = active()
    named: set[str] = set()
    routines: set[str] = set()
    read = 0
    for name, is_dir in sorted(view.listdir(directory) or ()):
        stem, dot, suffix = name.rpartition(".")
        kind = f".{suffix.lower()}" if dot and not is_dir else ""
        if kind not in FORTRAN_SUFFIXES and kind != SIGNATURE_SUFFIX:
            continue
        if kind in FORTRAN_SUFFIXES and stem.isidentifier():
            named.add(stem)
        if read >= FILES_READ:
            continue
        read += 1
        text = view.read_text(os.path.join(directory, name), limit=SOURCE_LIMIT)
        if text is None:
            continue
        if kind == SIGNATURE_SUFFIX:
            named.update(PYF_MODULE.findall(text))
        else:
            routines.update(r.lower() for r in ROUTINE.findall(text))
    return frozenset(named), frozenset(routines)
