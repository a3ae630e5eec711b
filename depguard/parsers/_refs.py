"""Reducing references to the names their registries use: Git URLs of Swift packages, container image
references, conda channel specs. Shared by the parsers (and usable by command grammars); no I/O."""

from __future__ import annotations

import re

# --- Swift packages: repository URL -> host/owner/repo -------------------------------------------------
_SCP = re.compile(r"^(?:[A-Za-z0-9._-]+@)?(?P<host>[A-Za-z0-9.-]+):(?!//)(?P<path>[^\s]+)$")  # git@github.com:o/r.git
_URL = re.compile(r"^(?:(?:git\+)?(?:https?|ssh|git)://)(?:[^@/\s]+@)?(?P<host>[A-Za-z0-9.-]+(?::[0-9]+)?)(?P<path>/[^\s?#]*)")


def swift_package_name(url: str) -> str | None:
    """``https://github.com/Apple/swift-nio.git`` -> ``github.com/Apple/swift-nio``; None for local paths."""
    url = url.strip()
    m = _URL.match(url) or _SCP.match(url)
    if not m:
        return None
    host = m.group("host").lower()
    if host.endswith(":22") or host.endswith(":443"):
        host = host.rsplit(":", 1)[0]
    path = m.group("path").strip("/")
    path = path.removesuffix("/").removesuffix(".git").strip("/")
    if not path:
        return None
    return f"{host}/{path}"


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


# --- conda specs ---------------------------------------------------------------------------------------
DEFAULT_CHANNELS = frozenset({"conda-forge", "defaults", "main", "anaconda", "pkgs/main", "pkgs/r", "nodefaults"})
_ANACONDA_URL = re.compile(r"^https?://(?:conda\.anaconda\.org|anaconda\.org|repo\.anaconda\.com/pkgs)/(?P<ch>[^/\s]+)", re.I)
_CONDA_SPEC = re.compile(r"^\s*(?:(?P<ch>[^\s:]+(?::[^\s:]+)*?)::)?(?P<name>[A-Za-z0-9_][A-Za-z0-9_.-]*)(?P<rest>.*)$")


def conda_channel(channel: str) -> str | None:
    """The anaconda.org channel name for a channel as written, or None for a URL elsewhere."""
    channel = channel.strip().rstrip("/")
    m = _ANACONDA_URL.match(channel)
    if m:
        return m.group("ch").lower()
    if "://" in channel or channel.startswith(("/", ".", "file:")):
        return None
    return channel.lower()


def conda_key_name(name: str, channels: list[str]) -> str:
    """The conda key name: ``name``, or ``ch1,ch2::name`` for channels other than the defaults."""
    extra = [c for c in dict.fromkeys(channels) if c not in DEFAULT_CHANNELS]
    return f"{','.join(extra)}::{name}" if extra else name


def split_conda_spec(spec: str) -> tuple[str | None, str, str] | None:
    """(channel or None, name, version spec) for ``conda-forge::numpy>=1.2`` / ``numpy 1.21 py39_0``."""
    m = _CONDA_SPEC.match(spec)
    if not m:
        return None
    return m.group("ch"), m.group("name"), m.group("rest").strip()
