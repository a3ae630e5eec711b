"""The install commands of a Databricks notebook kept in git as source (``# Databricks notebook source``).

Databricks Repos and the workspace export write a Python notebook as a ``.py`` file: its first line is ``# Databricks
notebook source``, ``# COMMAND ----------`` lines separate its cells, and a cell written in a magic is kept as
comments, each line prefixed ``# MAGIC`` (``# MAGIC %pip install mlflow``, ``# MAGIC %sh`` followed by the shell lines
of that cell). Databricks runs them when the notebook runs, so they are install commands like a Jupyter notebook's
``%pip`` lines, but a Python reader sees only comments: mlflow's recipes-examples install their requirements in
``notebooks/databricks_notebook.py`` with ``# MAGIC %pip install -r ../requirements.txt``.

Read here: the ``%pip``/``%conda`` line magics of a Python cell (the rest of the line is the installer's command line,
as IPython's ``%pip``; recipes-examples' cell is ``# MAGIC %pip install -r …`` then ``dbutils.library.restartPython()``)
and the lines of a cell whose first line is ``%sh`` (a shell runs them, one command line each; ``%sh pip install x`` on
that first line too). A ``# MAGIC`` line of a Markdown (``%md``), SQL or other cell says nothing, nor does a comment
that merely looks like one in a file without the header line.
"""

from __future__ import annotations

import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

HEADER = "# Databricks notebook source"
CELL_BREAK = re.compile(r"^# COMMAND -{4,}\s*$")
MAGIC_LINE = re.compile(r"^# MAGIC(?: (?P<code>.*))?$")
LINE_MAGIC = re.compile(r"^%(?P<installer>pip|conda)\b")
SHELL_CELL = re.compile(r"^%sh\b[ \t]*")
# ``%run ./Includes/Classroom-Setup``: another notebook of the workspace run in this one's context (its path relative
# to this notebook's folder, no extension); an absolute workspace path or one a widget fills in is not the tree's
RUN = re.compile(r"^# MAGIC %run[ \t]+(?P<q>[\"']?)(?P<path>\.{1,2}/[^\s\"'$]+)(?P=q)[ \t]*$", re.M)
TITLE = "# DBTITLE "  # a cell's title (``# DBTITLE 1,Install Dependencies``), above its first line
PARSER = "databricks-notebook"


def is_databricks_source(text: str) -> bool:
    """Whether ``text`` is a Python notebook Databricks exported as source (its first line is :data:`HEADER`)."""
    return text.lstrip("\ufeff").startswith(HEADER)


def magic_commands(source: Source) -> Iterator[Mention]:
    """The mentions of the install commands the notebook's magic cells run, each at its line and column."""
    from ...commands import mentions_in_script

    kind: str | None = None  # the cell's magic, by its first line: "sh", "pip", another ("md", "sql" …), or "" (Python)
    for number, line in enumerate(source.text.split("\n"), start=1):
        line = line.rstrip("\r")
        if CELL_BREAK.match(line):
            kind = None
            continue
        magic = MAGIC_LINE.match(line)
        if magic is None:
            if line.strip() and kind is None and not line.startswith((TITLE, HEADER)):
                kind = ""  # a Python cell: a "# MAGIC %pip" line of it is still the line magic
            continue
        code = magic.group("code") or ""
        column = magic.start("code") + 1 if magic.group("code") is not None else len(line) + 1
        if kind is None:
            opened = SHELL_CELL.match(code)
            if opened is not None:
                kind, code, column = "sh", code[opened.end():], column + opened.end()
            else:
                kind = "pip" if LINE_MAGIC.match(code) else "other"
        if kind == "sh" and code.strip():
            yield from mentions_in_script(source.fragment(code, number, column), parser=PARSER)
        elif kind in ("pip", "") and LINE_MAGIC.match(code):
            yield from mentions_in_script(source.fragment(code[1:], number, column + 1), parser=PARSER)


def run_notebooks(text: str, folder: str) -> list[str]:
    """The notebooks of the tree that ``%run`` lines of ``text`` (a notebook in ``folder``, relative to the scan root,
    POSIX, "" at the root) run in its context, as paths relative to the notebook's folder (``./_common.py``): each
    shares its imports and installs with the notebook (Databricks Academy's ``%run ./_common``, whose setup installs
    the course's helper library from GitHub). A path leaving the scan root names nothing here."""
    import posixpath

    out: list[str] = []
    for m in RUN.finditer(text):
        path = m.group("path")
        inside = posixpath.normpath(posixpath.join(folder, path))
        if inside.startswith("../") or inside == "..":
            continue
        out.append(path if path.endswith(".py") else path + ".py")
    return list(dict.fromkeys(out))

