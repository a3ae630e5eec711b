"""Registry addresses: each ecosystem's defaults (declared in its ``ecosystem.toml``) and the user's overrides.

An ecosystem declares the base URL under which its registry's usual paths (the ``path`` templates) are served
as ``[registry] url``, and secondary endpoints it needs (a download-count API, a search API) under
``[registry.endpoints]``, keyed ``<id>.<purpose>`` here (``npm.downloads``). Users override any of them with
``[tool.depguard.registries]`` or the environment variable ``DEPGUARD_REGISTRY_<KEY>`` (``DEPGUARD_REGISTRY_PYPI``,
``DEPGUARD_REGISTRY_NPM_DOWNLOADS``), so mirrors, private registries and test servers work without code changes.
Both arrive here as ``Settings.registries`` (:mod:`depguard.config` reads the environment, and lets it beat the
file); this module reads no environment.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

TYPE_CHECKING = False  # typing is not imported at run time
if TYPE_CHECKING:
    from ..ecosystems import Ecosystem

_DEFAULTS: tuple[object, dict[str, str]] | None = None  # (the catalog read, its table)


def defaults() -> dict[str, str]:
    """Every default address by endpoint key, from the catalog's ecosystems (kept while the catalog is)."""
    global _DEFAULTS
    from ..ecosystems import catalog

    known = catalog()
    if _DEFAULTS is not None and _DEFAULTS[0] is known:
        return _DEFAULTS[1]
    table: dict[str, str] = {}
    for eco in known:
        table.update(declared(eco))
    _DEFAULTS = (known, table)
    return table


def declared(eco: Ecosystem) -> dict[str, str]:
    """The addresses ``eco`` declares: ``[registry] url`` (key: its id) and ``[registry.endpoints]`` (key:
    ``<id>.<purpose>``)."""
    registry = eco.data.get("registry", {})
    where = f"{eco.folder / 'ecosystem.toml'}: registry"
    table = {eco.id: _address(registry["url"], f"{where}.url")} if "url" in registry else {}
    for purpose, value in registry.get("endpoints", {}).items():
        table[f"{eco.id}.{purpose}"] = _address(value, f"{where}.endpoints.{purpose}")
    return table


def _address(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.startswith(("https://", "http://")):
        from ..errors import ConfigError

        raise ConfigError(f"{where}: expected an http(s) base URL, got {value!r}")
    return value


ENV_PREFIX = "DEPGUARD_REGISTRY_"


def env_var(key: str) -> str:
    return ENV_PREFIX + key.upper().replace(".", "_").replace("-", "_")


def from_environment(environ: Mapping[str, str], keys: Iterable[str] = ()) -> dict[str, str]:
    """The endpoint overrides ``DEPGUARD_REGISTRY_*`` sets, by endpoint key (called by depguard.config only).
    ``keys`` adds endpoint keys beyond the table (ecosystem ids); any other variable names its key in lower
    case with '_' read as '-'."""
    by_var = {env_var(key): key for key in (*defaults(), *keys)}
    out: dict[str, str] = {}
    for var, value in environ.items():
        if var.startswith(ENV_PREFIX) and len(var) > len(ENV_PREFIX) and value.strip():
            out[by_var.get(var) or var[len(ENV_PREFIX):].lower().replace("_", "-")] = value.strip()
    return out


def base_url(key: str, overrides: Mapping[str, str] | None = None, eco: Ecosystem | None = None) -> str:
    """The base URL for ``key``: the settings' override, else what ``eco`` (the ecosystem asking, which may be
    one outside the catalog) or the catalog declares. No trailing slash."""
    value = (overrides or {}).get(key) or (declared(eco).get(key) if eco is not None else None) or defaults().get(key)
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
