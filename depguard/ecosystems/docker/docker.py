"""Docker Hub: ``GET /v2/repositories/{namespace}/{repository}/`` on the Hub API.

Names come from the parsers as ``namespace/repository`` (``library/`` filled in for Official Images).
Images on other registries (``ghcr.io/...``, ``quay.io/...``) keep their host and are not checked: they are
not Docker Hub names. 404 means Hub has no public repository of that name; 401/403/429 are never "missing".
"""

from __future__ import annotations

from ...model import PackageKey, RegistryAnswer
from ...registries import Context
from ...registries._steps import StepRegistry


def hub_repository(name: str) -> tuple[str, str] | None:
    parts = name.split("/")
    if len(parts) != 2 or "." in parts[0] or ":" in parts[0] or parts[0] == "localhost":
        return None
    return parts[0], parts[1]


class DockerHub(StepRegistry):
    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        repo = hub_repository(key.name)
        if repo is None:
            first = key.name.split("/", 1)[0]
            if "." in first or ":" in first or first == "localhost":
                why = f"the image is on {first}, not Docker Hub; that registry is not checked"
            else:
                why = "Docker Hub repositories are namespace/repository; this name has more parts"
            return self.not_checked(key, why, ctx)
        url = self.base + self.config.path.format(namespace=self.encode(repo[0]), repository=self.encode(repo[1]))
        fetched = await self.get_found(key, url, ctx, f"no public repository {repo[0]}/{repo[1]}")
        if isinstance(fetched, RegistryAnswer):
            return fetched
        return self.read(key, fetched, ctx)


CLIENT = DockerHub
