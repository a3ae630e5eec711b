"""Conda channel specs reduced to the names the anaconda.org index uses; no I/O."""

from __future__ import annotations

import re

# --- conda specs ---------------------------------------------------------------------------------------
DEFAULT_CHANNELS = frozenset({"conda-forge", "defaults", "main", "anaconda", "pkgs/main", "pkgs/r", "nodefaults"})
_ANACONDA_URL = re.compile(r"^https?://(?:conda\.anaconda\.org|anaconda\.org|repo\.anaconda\.com/pkgs)/(?P<ch>[^/\s]+)", re.I)
_CONDA_SPEC = re.compile(r"^\s*(?:(?P<ch>[^\s:]+(?::[^\s:]+)*?)::)?(?P<name>[A-Za-z0-9_][A-Za-z0-9_.-]*)(?P<rest>.*)$")


# a channel's label (anaconda.org's `<owner>/label/<label>`: conda-forge/label/python_rc, the release candidates
# conda-forge builds for a new Python) is a subset of the owner's files: the package is asked of the owner
_LABEL = re.compile(r"^(?P<ch>[^/\s]+)/label/[^/\s]+$")
# prefix.dev's mirrors of anaconda.org's channels, pixi's default channel URLs (a pixi.lock names every package
# `https://prefix.dev/conda-forge/...`): the same channel's packages. prefix.dev's own channels stay elsewhere
_PREFIX_MIRROR = re.compile(r"^https?://(?:repo\.)?prefix\.dev/(?P<ch>conda-forge|bioconda)(?:/|$)", re.I)


def conda_channel(channel: str) -> str | None:
    """The anaconda.org channel name for a channel as written, or None for a URL elsewhere."""
    channel = channel.strip().rstrip("/")
    m = _ANACONDA_URL.match(channel) or _PREFIX_MIRROR.match(channel)
    if m:
        return m.group("ch").lower()
    if "://" in channel or channel.startswith(("/", ".", "file:")):
        return None
    labelled = _LABEL.match(channel)
    return (labelled.group("ch") if labelled else channel).lower()


def conda_file_package(url: str) -> tuple[str, str | None] | None:
    """(name, version) of a conda package file: ``…/linux-64/_openmp_mutex-4.5-20_gnu.conda``."""
    stem = re.sub(r"\.(?:conda|tar\.bz2)$", "", url.rsplit("/", 1)[-1])
    parts = stem.rsplit("-", 2)
    return (parts[0], parts[1]) if len(parts) == 3 and parts[0] else None


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
