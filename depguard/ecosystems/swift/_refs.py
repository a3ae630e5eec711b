"""Git URLs of Swift packages reduced to the names the package index uses (host/owner/repo); no I/O."""

from __future__ import annotations

from ... import lazyre

# --- Swift packages: repository URL -> host/owner/repo -------------------------------------------------
_SCP = lazyre.compile(r"^(?:[A-Za-z0-9._-]+@)?(?P<host>[A-Za-z0-9.-]+):(?!//)(?P<path>[^\s]+)$")  # git@github.com:o/r.git
_URL = lazyre.compile(r"^(?:(?:git\+)?(?:https?|ssh|git)://)(?:[^@/\s]+@)?(?P<host>[A-Za-z0-9.-]+(?::[0-9]+)?)(?P<path>/[^\s?#]*)")


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


# --- Mint's packages: GitHub's owner/repo or a Git URL, then an optional @version ----------------------------------
_MINT_SHORT = lazyre.compile(r"(?P<repo>[\w-][\w.-]*/[\w-][\w.-]*?)(?:\.git)?(?:@(?P<v>[^\s@]+))?")
_MINT_URL = lazyre.compile(r"(?P<repo>\S+?)(?:@(?P<v>[^\s@/:]+))?")


def mint_package(text: str) -> tuple[str, str, str | None] | None:
    """(repository as written, host/owner/repo, version or None) of a Mint package (``realm/SwiftLint@0.50.0``,
    ``https://gitlab.com/g/tool.git@1.0``), or None (a bare name, a local path)."""
    short = _MINT_SHORT.fullmatch(text)
    if short:
        name = swift_package_name(f"https://github.com/{short.group('repo')}")
        return (short.group("repo"), name, short.group("v")) if name else None
    url = _MINT_URL.fullmatch(text)
    if url is None:
        return None
    name = swift_package_name(url.group("repo"))
    return (url.group("repo"), name, url.group("v")) if name else None
