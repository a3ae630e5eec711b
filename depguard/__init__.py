"""depguard: stop hallucinated and typosquatted package names before anything is installed.

The public API (imported lazily, so ``import depguard`` stays cheap)::

    from depguard import check_text, check_names, scan_paths, Settings
    report = check_text("pip install reqeusts")  # depguard: ignore the example's typo
    report.exit_code()      # 1
    [f.verdict for f in report.findings]
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing costs every run (and the client of depguard serve) ~5 ms

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "check_names",
    "check_text",
    "scan_paths",
    "inventory",
    "Settings",
    "Report",
    "Finding",
    "Mention",
    "Verdict",
]

if TYPE_CHECKING:
    from typing import Any

    from .api import check_names, check_text, inventory, scan_paths
    from .config import Settings
    from .model import Finding, Mention, Report, Verdict


def __getattr__(name: str) -> Any:
    if name in ("check_names", "check_text", "scan_paths", "inventory"):
        from . import api

        return getattr(api, name)
    if name == "Settings":
        from .config import Settings

        return Settings
    if name in ("Report", "Finding", "Mention", "Verdict"):
        from . import model

        return getattr(model, name)
    raise AttributeError(f"module 'depguard' has no attribute {name!r}")
