"""Modules a Dockerfile checks that its image can import: ``RUN python3 -c 'import vamanapy'``.

A benchmark or deployment that builds a library from its source inside an image often ends the build with an import
of the module it built, so that a broken build fails there: erikbern/ann-benchmarks gives each algorithm a folder
with its ``module.py`` and a ``Dockerfile`` that clones and builds the library (DiskANN's python bindings, ``pip
install -e .`` in the clone, then ``RUN python3 -c 'import vamanapy'``; expANN's ``ENV PYTHONPATH=…/expANN/build``,
then ``RUN python3 -c "import expann_py"`` and its five siblings). The ``module.py`` beside it imports that module,
which no registry has. The Dockerfile's check says the image provides it.

Read: the ``python``/``python3``/``python3.x`` ``-c`` commands of the Dockerfiles of a file's folder and the folders
above it, and the modules their code imports (``import a, b``, ``import a as x``, ``from a.b import c``; a statement
after ``;`` too); a commented-out check (ann-benchmarks' parlayann: ``#RUN python3 -c 'import parlaypy'``) says nothing. Only a name no registry has becomes a note (:func:`image_check_note`): a module the image installs
from the registry is judged as usual, and a module the check does not name (a typo of it) stays flagged.
"""

from __future__ import annotations

from ... import lazyre
from ...model import Example

# a python -c command of a RUN line, its code quoted (options such as -u or -W x before -c are skipped; an option's
# value never starts with "-", so each word is an option or a value one way only: with any word as a value, a line of
# many options and no quoted -c code was split every way, 32 options 7.9 s, each one more 1.6 times: reviewer r37)
CHECK = lazyre.compile(r"""\bpython(?:[0-9](?:\.[0-9]+)?)?(?:\s+-[A-Za-z]+(?:\s+[^\s-]\S*)?)*?\s+-c\s+(?P<q>['"])"""
                       r"""(?P<code>.*?)(?P=q)""")
# the modules an import statement of that code names: `import a.b as x, c` or `from a.b import c`
IMPORT = lazyre.compile(r"(?:^|[;\n])\s*(?:from\s+(?P<origin>[A-Za-z_][\w.]*)\s+import\b|import\s+(?P<names>[A-Za-z_][\w.]*"
                        r"(?:\s+as\s+\w+)?(?:\s*,\s*[A-Za-z_][\w.]*(?:\s+as\s+\w+)?)*))")


def checked_modules(text: str) -> frozenset[str]:
    """The top-level modules the ``python -c`` commands of Dockerfile ``text`` import."""
    if "-c" not in text or "import" not in text:
        return frozenset()
    out: set[str] = set()
    live = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))  # not a commented check
    for check in CHECK.finditer(live):
        for m in IMPORT.finditer(check.group("code")):
            if m.group("origin"):
                out.add(m.group("origin").split(".", 1)[0])
            else:
                for part in m.group("names").split(","):
                    out.add(part.split()[0].split(".", 1)[0])
    return frozenset(out)


def image_check_note(top: str, where: str | None) -> Example | None:
    """A note for an import of ``top`` that nothing declared explains, where a Dockerfile of the file's folder or one
    above (``where``) checks at build time that its image can import ``top``. None when none does."""
    if where is None:
        return None
    return Example(f"{top!r} is declared nowhere, but {where} checks that its image can import it (a `python -c` import "
                   "at build time): a module the image builds or installs from outside the registry", setting=None)
