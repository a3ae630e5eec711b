"""The endpoint table: every registry address depguard uses by default, in one place.

Each entry is a base URL under which the registry's usual paths (the ``path`` template of the ecosystem's
``ecosystem.toml``) are served. Users override one per ecosystem with ``[tool.depguard.registries]`` or the
environment variable ``DEPGUARD_REGISTRY_<ID>`` (for example ``DEPGUARD_REGISTRY_PYPI``), so mirrors,
private registries and test servers work without code changes.

Secondary endpoints an ecosystem needs (a download-count API, a search API) are keyed ``<id>.<purpose>``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

ENDPOINTS: dict[str, str] = {
    "pypi": "https://pypi.org",
    "npm": "https://registry.npmjs.org",
    "npm.downloads": "https://api.npmjs.org",
    "cargo": "https://crates.io",
    "cargo.index": "https://index.crates.io",
    "go": "https://proxy.golang.org",
    "composer": "https://repo.packagist.org",
    "composer.site": "https://packagist.org",
    "maven": "https://repo1.maven.org/maven2",
    "maven.search": "https://search.maven.org",
    "nuget": "https://api.nuget.org",
    "nuget.search": "https://azuresearch-usnc.nuget.org",
    "rubygems": "https://rubygems.org",
    "pub": "https://pub.dev",
    "hex": "https://hex.pm",
    "swift": "https://api.github.com",
    "swift.index": "https://raw.githubusercontent.com/SwiftPackageIndex/PackageList/main",
    "cocoapods": "https://trunk.cocoapods.org",
    "cocoapods.cdn": "https://cdn.cocoapods.org",
    "cpan": "https://fastapi.metacpan.org",
    "hackage": "https://hackage.haskell.org",
    "cran": "https://crandb.r-pkg.org",
    "cran.logs": "https://cranlogs.r-pkg.org",
    "conda": "https://api.anaconda.org",
    "homebrew": "https://formulae.brew.sh",
    "jsr": "https://jsr.io",
    "julia": "https://raw.githubusercontent.com/JuliaRegistries/General/master",
    "github-actions": "https://api.github.com",
    "docker": "https://hub.docker.com",
    "docker.registry": "https://registry-1.docker.io",
    "docker.auth": "https://auth.docker.io",
}


def env_var(key: str) -> str:
    return "DEPGUARD_REGISTRY_" + key.upper().replace(".", "_").replace("-", "_")


def base_url(key: str, overrides: Mapping[str, str] | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The base URL for ``key``: config override, then environment, then the table. No trailing slash."""
    environ = os.environ if environ is None else environ
    value = (overrides or {}).get(key) or environ.get(env_var(key)) or ENDPOINTS.get(key)
    if not value:
        raise KeyError(key)
    return value.rstrip("/")
