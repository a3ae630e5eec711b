"""The endpoint table: every registry address depguard uses by default, in one place.

Each entry is a base URL under which the registry's usual paths (the ``path`` template of the ecosystem's
``ecosystem.toml``) are served. Users override one per ecosystem with ``[tool.depguard.registries]`` or the
environment variable ``DEPGUARD_REGISTRY_<ID>`` (for example ``DEPGUARD_REGISTRY_PYPI``), so mirrors,
private registries and test servers work without code changes. Both arrive here as ``Settings.registries``
(:mod:`depguard.config` reads the environment, and lets it beat the file); this module reads no environment.

Secondary endpoints an ecosystem needs (a download-count API, a search API) are keyed ``<id>.<purpose>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

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
    "conan": "https://center2.conan.io",
}


ENV_PREFIX = "DEPGUARD_REGISTRY_"


def env_var(key: str) -> str:
    return ENV_PREFIX + key.upper().replace(".", "_").replace("-", "_")


def from_environment(environ: Mapping[str, str], keys: Iterable[str] = ()) -> dict[str, str]:
    """The endpoint overrides ``DEPGUARD_REGISTRY_*`` sets, by endpoint key (called by depguard.config only).
    ``keys`` adds endpoint keys beyond the table (ecosystem ids); any other variable names its key in lower
    case with '_' read as '-'."""
    by_var = {env_var(key): key for key in (*ENDPOINTS, *keys)}
    out: dict[str, str] = {}
    for var, value in environ.items():
        if var.startswith(ENV_PREFIX) and len(var) > len(ENV_PREFIX) and value.strip():
            out[by_var.get(var) or var[len(ENV_PREFIX):].lower().replace("_", "-")] = value.strip()
    return out


def base_url(key: str, overrides: Mapping[str, str] | None = None) -> str:
    """The base URL for ``key``: the settings' override, else the table. No trailing slash."""
    value = (overrides or {}).get(key) or ENDPOINTS.get(key)
    if not value:
        raise KeyError(key)
    return value.rstrip("/")


def registry_identity(eco_id: str, overrides: Mapping[str, str] | None, secret_key: bytes,
                      github_token: str | None = None) -> str:
    """Which registry answers ``eco_id``'s questions: its base URL and any of its secondary endpoints that are
    overridden, with credentials in a URL replaced by their identity (the user name and a keyed digest of the
    password, never the password; for GitHub's API asked with a token, a keyed digest of the token). Answers
    are cached under this, so one registry's answer is never served for another (a mirror's for public PyPI,
    or one account's for another)."""
    overrides = overrides or {}
    try:
        urls = [base_url(eco_id, overrides)]
    except KeyError:
        urls = [f"unknown-endpoint:{eco_id}"]
    urls += [base_url(k, overrides) for k in sorted(overrides) if k.startswith(eco_id + ".")]
    from ..http import github_api

    ids = []
    for u in urls:
        ids.append(_identity_of(u, secret_key))
        if github_token and github_api(u):
            import hashlib  # here, not at the top: most runs have no credential to digest (OpenSSL loads slowly)
            import hmac

            digest = hmac.new(secret_key, github_token.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()
            ids[-1] += f" (token {digest[:16]})"
    return " ".join(ids)


def _identity_of(url: str, secret_key: bytes) -> str:
    from ..http import redact

    parts = urlsplit(url)
    if parts.username is None and parts.password is None:
        return url
    bare = redact(url)
    import hashlib
    import hmac

    digest = hmac.new(secret_key, (parts.password or "").encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest()
    return f"{bare} (as {parts.username or ''}, credential {digest[:16]})"
