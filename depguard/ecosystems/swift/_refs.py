"""Git URLs of Swift packages reduced to the names the package index uses (host/owner/repo); no I/O."""

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
