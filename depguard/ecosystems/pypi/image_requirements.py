"""The requirements files a Dockerfile copies into its image, and the build context they come from.

A Dockerfile that builds the project's image copies a requirements file from its build context (``COPY
docker/rockchip/requirements-wheels-rk.txt /requirements-wheels-rk.txt``, ``RUN
--mount=type=bind,source=docker/main/requirements-dev.txt,…``) to install it there, beside the code it copies from
the same context: frigate keeps one requirements file per board under ``docker/<board>/`` and its Python package
under ``frigate/``, whose ``from rknn.api import RKNN`` runs in the Rockchip image with ``rknn-toolkit2`` installed.
Such a file declares for the build context's folder, as the tree's install commands declare for their sub-project
(:mod:`depguard.ecosystems.pypi.project`). The context is the Dockerfile's folder or the nearest folder above it
from which the copied path is a file of the tree (a compose file or a build script names it; the paths say it
too). A copy from another stage or image (``--from=``), a pattern, a URL or a path that is no file of the tree
names nothing here. Read as text; nothing is run.
"""

from __future__ import annotations

import fnmatch
import json
import posixpath
from collections.abc import Callable, Collection

from ... import lazyre

DOCKERFILES = ("Dockerfile", "Dockerfile.*", "*.Dockerfile", "*.dockerfile", "Containerfile", "Containerfile.*")
MOUNT_SOURCE = lazyre.compile(r"--mount=(?P<opts>\S+)")


def is_dockerfile(name: str) -> bool:
    return any(fnmatch.fnmatch(name, pattern) for pattern in DOCKERFILES)


def copied_requirements(text: str, rel: str, files: Collection[str],
                        is_requirements: Callable[[str], bool]) -> list[tuple[str, str]]:
    """(build context folder, requirements file), both relative to the scan root, for each requirements file the
    Dockerfile ``rel`` (with ``text``) copies or bind-mounts from its build context."""
    from ..docker.dockerfile_images import instructions

    folder = posixpath.dirname(rel)
    out: list[tuple[str, str]] = []
    for _line, joined, _pieces in instructions(text):
        op, _, rest = joined.strip().partition(" ")
        op = op.upper()
        if op in ("COPY", "ADD"):
            sources = _copy_sources(rest)
        elif op == "RUN" and "--mount" in rest:
            sources = [source for m in MOUNT_SOURCE.finditer(rest) for source in _mount_source(m.group("opts"))]
        else:
            continue
        for source in sources:
            if not is_requirements(posixpath.basename(source)) or any(c in source for c in "*?[$") or \
                    "://" in source:
                continue
            found = _in_context(source, folder, files)
            if found is not None and found not in out:
                out.append(found)
    return out


def _copy_sources(rest: str) -> list[str]:
    """The source paths of a COPY/ADD instruction's arguments (shell or JSON form), or [] for a copy from another
    stage or image."""
    words = rest.split()
    if any(w.startswith("--from") for w in words):
        return []
    args = [w for w in words if not w.startswith("--")]
    if args and args[0].startswith("["):
        try:
            listed = json.loads(" ".join(args))
        except ValueError:
            return []
        args = [a for a in listed if isinstance(a, str)] if isinstance(listed, list) else []
    return [a.strip("\"'") for a in args[:-1]]


def _mount_source(opts: str) -> list[str]:
    """The ``source=`` of a bind mount from the build context (none from another stage or image)."""
    parts = dict(p.partition("=")[::2] for p in opts.split(","))
    if parts.get("type", "bind") != "bind" or "from" in parts or not parts.get("source"):
        return []
    return [parts["source"]]


def _in_context(source: str, folder: str, files: Collection[str]) -> tuple[str, str] | None:
    """(context, file): the Dockerfile's folder or the nearest folder above it where ``source`` is a file."""
    base = folder
    while True:
        path = posixpath.normpath(posixpath.join(base, source.lstrip("/"))) if base else \
            posixpath.normpath(source.lstrip("/"))
        if path in files and not path.startswith("../"):
            return base, path
        if not base:
            return None
        base = posixpath.dirname(base)
