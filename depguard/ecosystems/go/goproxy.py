"""The Go module proxy protocol (``GOPROXY``): ``/{module}/@v/list`` and ``/{module}/@latest``.

Module paths are case-sensitive and sent case-encoded (every capital becomes ``!`` plus its lowercase:
``github.com/BurntSushi/toml`` -> ``github.com/!burnt!sushi/toml``). A 404 or 410 with a ``not found:`` text
body (or an empty one, through proxies) means the proxy has no such module. An import path names a
package inside a module, so a missing path is walked up to its parents (``github.com/a/b/c`` ->
``github.com/a/b``), never past a major-version suffix (``/v2``) nor above ``owner/repo`` on hosts such as
github.com. Elsewhere the walk ends at the bare host, which is a module path too (``go.opencensus.io``,
``encore.dev``, ``gocloud.dev``: ``go.opencensus.io/trace`` is a package of the module ``go.opencensus.io``,
and the proxy answers 404 for the package's path).
"""

from __future__ import annotations

import json
import re

from ...errors import RateLimited, RegistryError
from ...http import Fetched, fetch
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import MISSING_STATUSES, Context, RegistryClient, fields

MAJOR_SUFFIX = re.compile(r"^v[0-9]+$")
ELEMENT = re.compile(r"^[A-Za-z0-9_~+-][A-Za-z0-9._~+-]*$")
VERSION = re.compile(r"^v[0-9]+\.[0-9]+\.[0-9]+(?:[-+][0-9A-Za-z.+-]*)?$")  # semver with the Go 'v'



def case_encode(path: str) -> str:
    """The proxy's escaping of a module path or version: capitals become '!' + lowercase."""
    return re.sub(r"[A-Z]", lambda m: "!" + m.group(0).lower(), path)


def candidate_modules(path: str, repo_hosts: frozenset[str] = frozenset()) -> list[str]:
    """``path`` and the parent paths that could be its module, longest first."""
    parts = path.split("/")
    minimum = 3 if parts[0] in repo_hosts else 1
    out = [path]
    while len(parts) > minimum and not MAJOR_SUFFIX.match(parts[-1]):
        parts = parts[:-1]
        out.append("/".join(parts))
    return out


class GoProxy(RegistryClient):
    def __init__(self, ecosystem, overrides=None) -> None:
        super().__init__(ecosystem, overrides)
        self.repo_hosts = frozenset(self.config.options.get("repo_hosts", ()))

    def module_url(self, module: str, tail: str) -> str:
        return f"{self.base}/{case_encode(module)}/{tail}"

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        parts = key.name.split("/")
        if "." not in parts[0] or any(not ELEMENT.match(p) or p.endswith(".") for p in parts):
            return self.answer(key, Existence.UNKNOWN, f"{key.name!r} is not a module path the proxy can be asked for", ctx)
        first_missing: RegistryAnswer | None = None
        for module in candidate_modules(key.name, self.repo_hosts):
            answer = await self.ask_module(key, module, ctx)
            if answer.existence is Existence.MISSING:
                first_missing = first_missing or answer
                continue
            return answer
        assert first_missing is not None
        return first_missing

    async def get(self, url: str, ctx: Context) -> Fetched | str:
        try:
            return await fetch(ctx.client, url, self.config.accept, ctx.http)
        except RateLimited as exc:
            return f"rate-limited: {exc}"
        except RegistryError as exc:
            return str(exc)

    async def ask_module(self, key: PackageKey, module: str, ctx: Context) -> RegistryAnswer:
        url = self.module_url(module, "@v/list")
        got = await self.get(url, ctx)
        if isinstance(got, str):
            limited = ("rate-limited",) if got.startswith("rate-limited") else ()
            return replace(self.answer(key, Existence.UNKNOWN, got, ctx), asked=url, markers=limited)
        if got.status in MISSING_STATUSES:
            body = got.text().strip().splitlines()[0][:200] if got.body.strip() else "empty body"
            return replace(self.answer(key, Existence.MISSING, f"HTTP {got.status} from {self.display} ({body})", ctx), asked=url)
        if got.status != 200:
            return replace(self.answer(key, Existence.UNKNOWN, f"unexpected HTTP {got.status} from {self.display}", ctx), asked=url)
        listed = [line.split()[0] for line in got.text().splitlines() if line.strip()]
        stray = next((v for v in listed if not VERSION.match(v)), None)
        if stray is not None:  # an HTML page, a JSON error, a portal's text: not the proxy's version list
            return replace(self.not_described(key, f"its version list holds {stray[:60]!r}, not a version", ctx), asked=url)
        latest = await self.latest(module, ctx)
        if not listed and latest is None:
            # an untagged module lists nothing but still has a @latest pseudo-version; with neither, the
            # empty answer says nothing about the module
            return replace(self.not_described(key, "it lists no versions and @latest names none", ctx), asked=url)
        markers: list[str] = [] if listed else ["no-tagged-versions"]
        within = "" if module == key.name else f" (in module {module})"
        return replace(
            self.answer(key, Existence.EXISTS, f"HTTP 200 from {self.display}{within}", ctx,
                        version_count=len(listed), latest_release=fields.parse_time(latest.get("Time")) if latest else None,
                        markers=tuple(markers)),
            asked=url,
        )

    async def latest(self, module: str, ctx: Context) -> dict | None:
        """The module's ``@latest`` document when it names a version, else None."""
        got = await self.get(self.module_url(module, "@latest"), ctx)
        if isinstance(got, str) or got.status != 200:
            return None
        try:
            doc = json.loads(got.body)
        except ValueError:
            return None
        if not isinstance(doc, dict) or not isinstance(doc.get("Version"), str) or not VERSION.match(doc["Version"]):
            return None
        return doc


CLIENT = GoProxy
