"""The folders Apache Airflow puts on ``sys.path`` for the code of an Airflow home: its ``dags/``, ``plugins/`` and
``config/`` folders.

Airflow's ``settings.prepare_syspath`` appends the DAGs folder, ``$AIRFLOW_HOME/config`` and the plugins folder to
``sys.path`` before it parses a DAG file, so a DAG imports a module of the plugins folder by its bare name
(Amsterdam's dataservices-airflow: ``src/dags/bbga.py`` does ``from http_fetch_operator import HttpFetchOperator``,
which is ``src/plugins/http_fetch_operator.py``), and a DAG in a sub-folder imports a package of the DAGs folder
(``from common.db import pg_params`` for ``dags/common/``). Read from the layout, never by running anything: a
folder named ``dags`` holding a Python file (in it or below) that imports ``airflow`` marks its parent as an Airflow
home; the
``dags``, ``plugins`` and ``config`` folders of that home that hold Python are then on the path. A ``plugins`` or
``dags`` folder of any other tree (a pytest plug-in folder, a build tool's) adds nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ... import lazyre

DAGS = "dags"
PATH_FOLDERS = ("dags", "config", "plugins")  # in the order prepare_syspath appends them
IMPORTS_AIRFLOW = lazyre.compile(r"(?m)^[ \t]*(?:from[ \t]+airflow(?:[ \t.])|import[ \t]+airflow\b)")
MAX_READ = 20  # DAG files read to find one that imports airflow: one is enough, most of them do


def airflow_path_folders(files: Iterable[str], folders: set[str], has_python: set[str],
                         read: Callable[[str], str | None]) -> set[str]:
    """The folders (relative to the scan root) that Airflow puts on ``sys.path`` for the Airflow homes of the tree:
    ``files`` are the tree's files, ``folders`` its folders, ``has_python`` the folders with Python in or below them,
    ``read`` gives a file's text (None when it cannot be read)."""
    dag_files: dict[str, list[str]] = {}  # a dags folder -> the Python files in and below it
    for rel in files:
        parts = rel.split("/")
        if rel.endswith(".py") and DAGS in parts[:-1]:
            last = len(parts) - 2 - parts[-2::-1].index(DAGS)  # the innermost folder named dags
            dag_files.setdefault("/".join(parts[: last + 1]), []).append(rel)
    out: set[str] = set()
    for dags, found in sorted(dag_files.items()):
        if not any((text := read(rel)) and IMPORTS_AIRFLOW.search(text) for rel in sorted(found)[:MAX_READ]):
            continue
        home = dags.rpartition("/")[0]
        for name in PATH_FOLDERS:
            path = f"{home}/{name}" if home else name
            if path in folders and path in has_python:
                out.add(path)
    return out
