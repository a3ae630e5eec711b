"""Swift packages are Git repositories: ask GitHub's REST API about ``github.com/owner/repo``.

404 means GitHub has no public repository of that name (a private one answers 404 too); 401, 403 and 429
are rate limits or authentication, never "missing". Packages on other Git hosts are not checked.
"""

from __future__ import annotations

from ...model import PackageKey, RegistryAnswer
from ...registries import Context
from ...registries._steps import StepRegistry

GITHUB_HOSTS = ("github.com", "www.github.com")


def github_repo(name: str) -> tuple[str, str] | None:
    """(owner, repo) for a github.com package name, or None."""
    parts = name.split("/")
    if len(parts) != 3 or parts[0] not in GITHUB_HOSTS or not parts[1] or not parts[2]:
        return None
    return parts[1], parts[2]


class SwiftRegistry(StepRegistry):
    def document_name(self, key: PackageKey) -> str:
        repo = github_repo(key.name)
        return "/".join(repo) if repo else key.name

    async def lookup(self, key: PackageKey, ctx: Context) -> RegistryAnswer:
        repo = github_repo(key.name)
        if repo is None:
            host = key.name.split("/", 1)[0]
            return self.not_checked(key, f"only packages on github.com can be checked (this one is on {host})", ctx)
        url = self.base + self.config.path.format(owner=self.encode(repo[0]), repo=self.encode(repo[1]))
        fetched = await self.get_found(key, url, ctx, f"no public repository {repo[0]}/{repo[1]}")
        if isinstance(fetched, RegistryAnswer):
            return fetched
        return self.read(key, fetched, ctx)


CLIENT = SwiftRegistry
