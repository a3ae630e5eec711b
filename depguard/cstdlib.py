"""``datetime`` and ``sqlite3`` as their C modules, which every run on the warm path needs.

``datetime`` is a Python module that defines the whole date and time API in Python and then replaces it with
the C module ``_datetime``'s classes (``from _datetime import *``): a process importing ``datetime`` builds
classes it throws away, ~4M instructions. ``sqlite3`` is ``sqlite3.dbapi2`` over the C module ``_sqlite3``,
whose own additions are the DB-API constants, registering ``Row`` as a ``Sequence`` and the default adapters
and converters for dates, and which imports ``datetime`` for them (~4M more). depguard uses neither addition:
it binds only text and numbers and asks for no type detection. So both are taken from the C modules, which
hold the very objects the Python modules export (``datetime.datetime is _datetime.datetime``,
``sqlite3.connect is _sqlite3.connect``, the same exception classes); a Python without them, or with a
``_sqlite3`` that lacks what depguard uses, gets the Python modules instead. Importing ``datetime`` or
``sqlite3`` elsewhere in the same process stays correct: they hand out the same objects.
"""

from __future__ import annotations

SQLITE_NAMES = ("connect", "Connection", "Error", "DatabaseError", "OperationalError")  # what depguard uses

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from datetime import date, datetime, timedelta, timezone
else:
    try:
        from _datetime import date, datetime, timedelta, timezone
    except ImportError:  # a Python built without the C module: the pure-Python one
        from datetime import date, datetime, timedelta, timezone

    try:
        import _sqlite3 as sqlite3
    except ImportError:
        import sqlite3
    else:
        if not all(hasattr(sqlite3, name) for name in SQLITE_NAMES):
            import sqlite3

__all__ = ["date", "datetime", "sqlite3", "timedelta", "timezone"]
