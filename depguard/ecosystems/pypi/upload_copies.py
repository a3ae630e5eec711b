"""The modules a file's uploaded siblings provide under a time-stamped name.

Replit keeps the files a user uploads to its Agent in ``attached_assets/`` with the upload's time, milliseconds
since 1970 (13 digits), after an underscore: ``ocr_engine.py`` lands as ``ocr_engine_1754835364031.py``, a pasted
file twice stamped (``..._1754688949176_1754688949177.txt``). An uploaded script's ``from ocr_engine import run``
names its uploaded sibling without the stamp, so the module is the project's own, not a distribution. Only the
importing file's own folder is read (the listing :func:`~depguard.imports.sibling_modules` records); a module no
stamped file there names, a sibling with another suffix (``report_2024.py``) and the same import in another folder
are still judged.
"""

from __future__ import annotations

from pathlib import Path

from ... import lazyre
from ...fsview import memo
from ...imports import sibling_modules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# `name_1754835364031`, `name_1754688949176_1754688949177`: a time in milliseconds, September 2001 (1e12) to May 2033
STAMPED = lazyre.compile(r"^([A-Za-z_]\w*?)(?:_1\d{12})+$")


def uploaded_modules(source: Source) -> frozenset[str]:
    """The module names the time-stamped ``.py`` files and packages beside ``source`` give without their stamp
    (module docstring)."""
    if source.fs_path is None:
        return frozenset()
    return _stamped_in(str(source.fs_path.parent))


@memo(maxsize=1024)
def _stamped_in(directory: str) -> frozenset[str]:
    """:func:`uploaded_modules` of the folder ``directory`` (once a folder: every file of it shares the answer)."""
    beside = sibling_modules(Path(directory, "__init__.py"), (".py",))
    return frozenset(match.group(1) for match in map(STAMPED.match, beside) if match)
