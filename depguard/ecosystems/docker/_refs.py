"""Container image references reduced to the names registries use (``python:3.12`` -> ``library/python``).
Shared by the docker parsers (and usable by command grammars); no I/O."""

from __future__ import annotations

import re

# --- container images --------------------------------------------------------------------------------
DOCKER_HUB_HOSTS = ("docker.io", "index.docker.io", "registry-1.docker.io", "registry.hub.docker.com")
_DIGEST = re.compile(r"@[A-Za-z0-9_+.-]+:[A-Fa-f0-9]+$")


def split_image(ref: str) -> tuple[str, str | None] | None:
    """(name, tag-or-digest) for an image reference; Docker Hub names get ``library/`` filled in.

    ``nginx:1.25`` -> ``("library/nginx", "1.25")``; ``ghcr.io/o/i@sha256:..`` -> ``("ghcr.io/o/i", "sha256:..")``.
    None when the reference is empty or holds variables (``$VAR``, ``{{ }}``) in its name.
    """
    ref = ref.strip()
    if not ref:
        return None
    version: str | None = None
    m = _DIGEST.search(ref)
    if m:
        version = m.group(0)[1:]
        ref = ref[: m.start()]
    head, slash, last = ref.rpartition("/")
    if ":" in last:  # the tag follows the first ':' of the last component (a port sits in the first)
        last, _, tag = last.partition(":")
        ref = head + slash + last
        version = version or tag
    if not ref or "$" in ref or "{" in ref or "}" in ref:
        return None
    parts = ref.split("/")
    first = parts[0]
    has_host = len(parts) > 1 and ("." in first or ":" in first or first == "localhost")
    if has_host and first.lower() in DOCKER_HUB_HOSTS:
        parts = parts[1:]
        has_host = False
    if has_host:
        return "/".join([first.lower(), *parts[1:]]), version
    if len(parts) == 1:
        parts = ["library", parts[0]]
    return "/".join(parts), version
