"""What npm, yarn, pnpm and bun write about where a package comes from, shared by the JavaScript lockfiles.

A lockfile entry names a registry package only when it was resolved from a registry: a version, an
``npm:`` descriptor, or a tarball URL on a registry host or shaped like a registry tarball
(``/<name>/-/<basename>-<version>.tgz``, as every npm-compatible registry serves them, private ones
included). Git, GitHub shorthand, ``file:``, ``link:``, ``workspace:``, ``portal:`` and other tarball URLs
are not registry names and are never looked up.
"""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

# the public registries, and the placeholder host the conformance corpora put in their place
# npm.jsr.io is JSR's npm registry: its @jsr/scope__name packages are judged on JSR (jsr_scope.py)
REGISTRY_HOSTS = frozenset({"registry.npmjs.org", "registry.yarnpkg.com", "registry.npmjs.com", "npm-registry.invalid",
                            "npm.jsr.io"})
# the file name is the package's bare name, or (Verdaccio's and Artifactory's form) its scoped name:
# ``/@taskforcesh/bullmq-pro/-/@taskforcesh/bullmq-pro-5.1.14.tgz``
_TARBALL_PATH = re.compile(r"/(?:(?P<scope>@[^/]+)/)?(?P<name>[^/@][^/]*)/-/(?:(?P<file_scope>@[^/]+)/)?"
                           r"(?P<base>[^/]+)-(?P<version>\d[^/]*)\.tgz$")
# GitHub Packages serves a scoped package's tarball from ``/download/@scope/name/<version>/<digest>`` (no ``/-/``)
GITHUB_PACKAGES = "npm.pkg.github.com"
_GITHUB_DOWNLOAD = re.compile(r"^/download/(?P<scope>@[^/]+)/(?P<name>[^/@][^/]*)/(?P<version>\d[^/]*)/[0-9A-Fa-f]+/?$")
VERSION = re.compile(r"^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]*)?$")
NON_REGISTRY_PROTOCOLS = ("file:", "link:", "workspace:", "portal:", "patch:", "exec:", "git:", "git+", "github:",
                          "gitlab:", "bitbucket:", "gist:", "ssh:", "http:", "https:", "jsr:")


def split_descriptor(descriptor: str) -> tuple[str, str]:
    """``name@range`` -> (name, range); a scoped name keeps its leading ``@``; no range gives ``""``."""
    at = descriptor.find("@", descriptor.find("/") + 1 if descriptor.startswith("@") else 1)
    if at <= 0:
        return descriptor, ""
    return descriptor[:at], descriptor[at + 1:]


def tarball_name(url: str) -> str | None:
    """The package name a registry-shaped tarball URL serves (``/@s/n/-/n-1.0.0.tgz`` -> ``@s/n``; GitHub Packages'
    ``/download/@s/n/1.0.0/<digest>`` too), or None."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    if (parts.hostname or "") == GITHUB_PACKAGES:
        got = _GITHUB_DOWNLOAD.match(path)
        if got:
            return f"{got.group('scope')}/{got.group('name')}"
    m = _TARBALL_PATH.search(path)
    if not m or m.group("base") != m.group("name") or m.group("file_scope") not in (None, m.group("scope")):
        return None
    return f"{m.group('scope')}/{m.group('name')}" if m.group("scope") else m.group("name")


def is_registry_url(url: str) -> bool:
    """True for a tarball served by an npm registry (public host, the placeholder host, or registry-shaped)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https"):
        return False
    if (parts.hostname or "") in REGISTRY_HOSTS:
        return True
    return tarball_name(url) is not None


def other_registry(resolved: object) -> str | None:
    """The registry a registry-shaped tarball URL was fetched from, shown without credentials, when it is not the public
    one or a public mirror of it (npm's ``[commands] public_index``: registry.npmmirror.com …); None otherwise: a
    lockfile entry locked from it was fetched there (a company's registry, a private cnpm, Verdaccio or Artifactory),
    so a name the public registry lacks is not checked, never missing."""
    if not isinstance(resolved, str) or not resolved:
        return None
    try:
        parts = urlsplit(resolved)
    except ValueError:
        return None
    host, name = parts.hostname or "", tarball_name(resolved)
    if not host or host in REGISTRY_HOSTS or name is None:
        return None
    at = parts.path.find(f"/{name}/-/")  # the registry's own path before the package's (Tencent Cloud's /npm)
    # the host and port as written, credentials left out (parts.port raises on a port that is no number: reviewer r32)
    base = f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}{parts.path[:at] if at > 0 else ''}"
    return None if public_registry(base) else base


def locked_elsewhere(found: Mention, registry: str | None, parser: str) -> Mention:
    """``found`` (a lockfile entry) marked not checked when it was locked from ``registry``, another registry
    (:func:`other_registry`): a name the public registry has still passes."""
    if registry is None:
        return found
    from ...model import Example
    from ...records import replace

    return replace(found, example=Example(f"it is locked from {registry} ({parser}), a registry depguard does not ask",
                                          any_verdict=True, setting=None, unchecked=True, ok_passes=True))


def is_version(text: str) -> bool:
    return bool(VERSION.match(text.strip()))


def registry_ref(ref: str) -> bool:
    """True when a resolved reference (the part after ``name@``) is a registry version or registry tarball."""
    ref = ref.strip()
    if ref.startswith("npm:"):
        return True
    if ref.startswith(("http:", "https:")):
        return is_registry_url(ref)
    if ref.startswith(NON_REGISTRY_PROTOCOLS) or "://" in ref or ref.startswith((".", "/", "~")):
        return False
    return is_version(ref)


def precommit_dependency(source: Source, lines: list[str], item: str, line: int, col: int | None,
                         parser: str) -> Iterator[Mention]:
    """One ``additional_dependencies`` entry of a node pre-commit hook: an npm descriptor (``eslint@8``); a
    path, git or URL one is no registry package (declared as ``[pre-commit] reader`` in ecosystem.toml)."""
    from ...model import Origin
    from ..pypi._python import name_column

    name, spec = split_descriptor(item)
    if spec.startswith(("file:", "git", "http:", "https:", "link:", "github:")) or "/" in name and not name.startswith("@"):
        return
    yield source.mention("npm", name, line, name_column(lines, line, name, col), Origin.MANIFEST, parser, spec=item)


def public_registry(url: str) -> bool:
    """Whether ``url`` is the public registry or a public mirror of it (npm's ``[commands] public_index``:
    registry.npmjs.org, registry.yarnpkg.com, registry.npmmirror.com, Tencent's and Huawei's mirrors …): what is
    fetched there is a copy of npm's own packages, judged on npm."""
    from ...commands.declared import ecosystem

    facts = ecosystem("npm")
    return facts is not None and facts.public_index is not None and facts.public_index.fullmatch(url) is not None
