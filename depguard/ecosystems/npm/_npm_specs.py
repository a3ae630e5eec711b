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
_TARBALL_PATH = re.compile(r"/(?:(?P<scope>@[^/]+)/)?(?P<name>[^/@][^/]*)/-/(?P<base>[^/]+)-(?P<version>\d[^/]*)\.tgz$")
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
    """The package name a registry-shaped tarball URL serves (``/@s/n/-/n-1.0.0.tgz`` -> ``@s/n``), or None."""
    path = unquote(urlsplit(url).path)
    m = _TARBALL_PATH.search(path)
    if not m or m.group("base") != m.group("name"):
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
