"""The Python API for embedding depguard (used by the CLI itself).

    >>> from depguard import check_text
    >>> report = check_text("pip install reqeusts")        # doctest: +SKIP
    >>> [(f.mention.key.name, f.verdict.value) for f in report.findings]   # doctest: +SKIP
    [('reqeusts', 'missing')]
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from .config import Settings, load_settings
from .model import Report
from .scan import collect_names, collect_paths, collect_text, evaluate, scan_streaming
from .scan import inventory as _inventory

if TYPE_CHECKING:
    import httpx


def check_text(text: str, settings: Settings | None = None, path: str = "<text>", root: Path | None = None,
               transport: httpx.AsyncBaseTransport | None = None) -> Report:
    """Check every package named in LLM text or Markdown (code blocks, inline commands, prompt lines)."""
    settings = settings or load_settings(Path.cwd())
    return evaluate(collect_text(text, path, settings, root=root), settings, transport=transport)


def check_names(names: Iterable[str], ecosystem: str | None = None, settings: Settings | None = None,
                transport: httpx.AsyncBaseTransport | None = None) -> Report:
    """Check package names. ``ecosystem`` defaults to a guess from each name (scoped names are npm,
    ``eco:name`` names its ecosystem, anything else is PyPI)."""
    settings = settings or load_settings(Path.cwd())
    return evaluate(collect_names(names, ecosystem), settings, transport=transport)


def scan_paths(paths: Iterable[str | Path], settings: Settings | None = None,
               transport: httpx.AsyncBaseTransport | None = None) -> Report:
    """Scan files and trees: manifests, lockfiles, scripts, Dockerfiles, workflows, sources, docs."""
    paths = [Path(p) for p in paths] or [Path(".")]
    settings = settings or load_settings(paths[0])
    return scan_streaming(paths, settings, transport=transport)


def inventory(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Every mention found, without asking any registry."""
    paths = [Path(p) for p in paths] or [Path(".")]
    settings = settings or load_settings(paths[0])
    return _inventory(collect_paths(paths, settings))
