"""Golden files of what users see: redaction of what changes from run to run, and one comparison.

Shared by the command-line snapshots (tests/cli/test_cli_table.py) and the reporter goldens
(tests/report/test_goldens.py). A golden is rewritten, on purpose, by running the tests with
``DEPGUARD_UPDATE_GOLDENS=1`` (``DEPGUARD_UPDATE_SNAPSHOTS=1`` and ``DEPGUARD_UPDATE_GOLDEN=1`` are the same);
read the diff before committing it.
"""

from __future__ import annotations

import difflib
import os
import re
from pathlib import Path

# read at import, before tests/conftest.py clears every DEPGUARD_* variable of the test's environment
UPDATE = "1" in (os.environ.get("DEPGUARD_UPDATE_GOLDENS"), os.environ.get("DEPGUARD_UPDATE_SNAPSHOTS"),
                 os.environ.get("DEPGUARD_UPDATE_GOLDEN"))

# a time may be wrapped onto the next line of a terminal table, and its dashes escaped in Markdown ("2026\\-12\\-01")
TIME = re.compile(r"\d{4}\\?-\d\d\\?-\d\d(?:[ T]|\n +)\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d| UTC)?")
DURATION = re.compile(r"\b\d+(\.\d+)? ?(ms|s)\b")


def redact(text: str, replacements: dict[str, str] | None = None, *, durations: bool = True) -> str:
    """``text`` with depguard's version (after "depguard ", or as a JSON string) as ``[VERSION]``, each key of ``replacements`` (absolute paths,
    addresses) as its value, times as ``[TIME]`` and, unless ``durations`` is false, durations as ``[DURATION]``."""
    from depguard import __version__

    text = text.replace(f"depguard {__version__}", "depguard [VERSION]").replace(f'"{__version__}"', '"[VERSION]"')
    for old, new in sorted((replacements or {}).items(), key=lambda kv: -len(kv[0])):  # the longest path first
        text = text.replace(old, new)
    text = TIME.sub("[TIME]", text)
    return DURATION.sub("[DURATION]", text) if durations else text


def assert_golden(path: Path, shown: str) -> None:
    """``shown`` equals the golden file ``path`` (written instead under ``DEPGUARD_UPDATE_GOLDENS=1``);
    a difference fails with a unified diff, golden first."""
    if UPDATE:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(shown, encoding="utf-8")
        return
    if not path.exists():
        raise AssertionError(f"{path}: no golden file; run with DEPGUARD_UPDATE_GOLDENS=1 to write it, then read it")
    golden = path.read_text(encoding="utf-8")
    if shown != golden:
        diff = "".join(difflib.unified_diff(golden.splitlines(keepends=True), shown.splitlines(keepends=True),
                                            fromfile=f"{path} (golden)", tofile="rendered now"))
        raise AssertionError(f"{path.name} differs from what is rendered now (rerun with DEPGUARD_UPDATE_GOLDENS=1 "
                             f"if the change is intended, and read the diff):\n{diff}")
