"""The Python API for embedding depguard (used by the CLI itself).

    >>> from depguard import check_text
    >>> report = check_text("pip install reqeusts")        # doctest: +SKIP  # depguard: ignore the typo
    >>> [(f.mention.key.name, f.verdict.value) for f in report.findings]   # doctest: +SKIP
    [('reqeusts', 'missing')]
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from .config import Settings, load_settings
from .model import Report
from .scan import collect_names, collect_paths, collect_text, evaluate
from .scan import inventory as _inventory
from .scan import scan_paths as _scan_paths

if TYPE_CHECKING:
    import httpx


def check_text(text: str, settings: Settings | None = None, path: str = "<text>", root: Path | None = None,
               transport: httpx.AsyncBaseTransport | None = None) -> Report:
    """Check every package named in LLM text or Markdown (code blocks, inline commands, prompt lines).

    Args:
        text: the answer or document; prose outside code is not guessed at.
        settings: run settings; default: loaded from the nearest config file of the working directory,
            then ``DEPGUARD_*`` variables.
        path: how the text is named in locations (``Location.path``).
        root: a project folder whose local module names are not registry names.
        transport: an ``httpx`` transport for the registry requests (tests, proxies).

    Returns:
        A :class:`~depguard.model.Report`: one ``Finding`` per mention, with ``verdict``, ``rule``,
        ``reasons``, ``suggestion`` and the registry evidence; ``report.exit_code()`` gives the CLI's code.
        Registry trouble never raises: such names are ``not-checked``.
    """
    settings = settings or load_settings(Path.cwd())
    return evaluate(collect_text(text, path, settings, root=root), settings, transport=transport)


def check_names(names: Iterable[str], ecosystem: str | None = None, settings: Settings | None = None,
                transport: httpx.AsyncBaseTransport | None = None) -> Report:
    """Check package names directly.

    Args:
        names: names as a user writes them; ``eco:name`` picks the ecosystem (``npm:lodash``).
        ecosystem: the ecosystem of every name; default: a guess per name (scoped names are npm,
            ``eco:name`` names its ecosystem, anything else is PyPI).
        settings, transport: as for :func:`check_text`.

    Returns:
        A :class:`~depguard.model.Report` with one finding per name (``location.path`` is None).
    """
    settings = settings or load_settings(Path.cwd())
    return evaluate(collect_names(names, ecosystem), settings, transport=transport)


def scan_paths(paths: Iterable[str | Path], settings: Settings | None = None,
               transport: httpx.AsyncBaseTransport | None = None) -> Report:
    """Scan files and trees: manifests, lockfiles, scripts, Dockerfiles, workflows, sources, docs."""
    roots = [Path(p) for p in paths] or [Path(".")]
    settings = settings or load_settings(roots[0])
    return _scan_paths(roots, settings, transport=transport)


def inventory(paths: Iterable[str | Path], settings: Settings | None = None) -> Report:
    """Every mention found, without asking any registry."""
    roots = [Path(p) for p in paths] or [Path(".")]
    settings = settings or load_settings(roots[0])
    return _inventory(collect_paths(roots, settings))
