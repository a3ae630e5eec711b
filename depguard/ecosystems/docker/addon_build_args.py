"""Build arguments the Home Assistant builder passes to an add-on's Dockerfile: the add-on's folder holds its
``Dockerfile`` and a ``build.yaml`` (``build.yml``, ``build.json``) whose ``build_from`` maps each architecture to a
base image, which the builder passes as ``BUILD_FROM`` (``FROM $BUILD_FROM``, with ``ARG BUILD_FROM`` and no
default, in every add-on of home-assistant/addons); its ``args`` are passed by name as well, and ``BUILD_ARCH`` is
each architecture ``build_from`` names. A build file without ``build_from`` is no add-on build file (any project
may keep a ``build.yaml``) and passes nothing; a value that is not a plain string or number passes nothing known.
Only the build file beside the Dockerfile counts: the builder reads the add-on's own folder.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import ParseError
from ...parsers._util import load_json, load_yaml, read_small

BUILD_FILES = ("build.yaml", "build.yml", "build.json")


def addon_build_args(dockerfile: Path, limit: int) -> dict[str, set[str]]:
    """``{argument: {value, …}}`` that the add-on build file beside ``dockerfile`` passes to it."""
    for name in BUILD_FILES:
        text = read_small(dockerfile.parent / name, limit)
        if text is None or "build_from" not in text:
            continue
        try:
            data = load_json(text) if name.endswith(".json") else load_yaml(text)
        except (ParseError, ValueError, RecursionError):  # a build file that does not read passes nothing known
            return {}
        return _passed(data)
    return {}


def _passed(data: object) -> dict[str, set[str]]:
    if not isinstance(data, dict):
        return {}
    base = data.get("build_from")
    images = base if isinstance(base, dict) else {}
    values = {v for v in images.values() if isinstance(v, str) and v} if images else (
        {base} if isinstance(base, str) and base else set())
    if not values:
        return {}
    out: dict[str, set[str]] = {"BUILD_FROM": values}
    arches = {k for k in images if isinstance(k, str) and k}
    if arches:
        out["BUILD_ARCH"] = arches
    args = data.get("args")
    for key, value in args.items() if isinstance(args, dict) else ():
        if isinstance(key, str) and not isinstance(value, bool) and isinstance(value, (str, int, float)) and \
                str(value):
            out.setdefault(key, set()).add(str(value))
    return out
