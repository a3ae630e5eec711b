"""depguard.cstdlib hands out the very objects of ``datetime`` and ``sqlite3`` (issue 19: the C modules are
imported without the Python modules around them), and falls back to the Python modules where the C ones are
missing or lack what depguard uses."""

from __future__ import annotations

import datetime
import importlib
import sqlite3
import subprocess
import sys
import types

from depguard import cstdlib


def test_the_date_and_time_classes_are_the_datetime_modules_own():
    for name in ("date", "datetime", "timedelta", "timezone"):
        assert getattr(cstdlib, name) is getattr(datetime, name)


def test_the_sqlite_module_gives_what_sqlite3_gives():
    for name in cstdlib.SQLITE_NAMES:
        assert getattr(cstdlib.sqlite3, name) is getattr(sqlite3, name)


def test_a_c_module_without_what_depguard_uses_falls_back_to_the_sqlite3_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "_sqlite3", types.ModuleType("_sqlite3"))  # no connect, no errors
    try:
        fresh = importlib.reload(cstdlib)
        assert fresh.sqlite3 is sqlite3
    finally:
        monkeypatch.undo()
        importlib.reload(cstdlib)
    assert cstdlib.sqlite3.connect is sqlite3.connect


def test_without_the_c_datetime_module_the_python_one_is_used():
    code = ("import sys; sys.modules['_datetime'] = None\n"
            "from depguard import cstdlib\n"
            "import datetime\n"
            "assert cstdlib.datetime is datetime.datetime and cstdlib.datetime.__module__ == 'datetime'\n"
            "assert 'datetime' in sys.modules\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_round_trip_through_an_answer_cache_file(tmp_path):
    conn = cstdlib.sqlite3.connect(tmp_path / "x.sqlite3", timeout=5, isolation_level=None)
    conn.execute("CREATE TABLE t (k TEXT, v REAL)")
    conn.execute("INSERT INTO t VALUES (?, ?)", ("a", 1.5))
    assert conn.execute("SELECT k, v FROM t").fetchall() == [("a", 1.5)]
    conn.close()
