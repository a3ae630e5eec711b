"""GitHub repositories (GitHub Actions ``uses: owner/repo@ref``): ``GET /repos/{owner}/{repo}``.

404 means no such public repository. GitHub answers 403 when the unauthenticated rate limit (60 an hour) is
used up and 401 for bad credentials: both are unknown, never missing. A repository answered under another
name was renamed or transferred: it exists, marked ``moved`` (its old name could be re-registered).
"""

from __future__ import annotations

import json

from ...http import Fetched
from ...model import Existence, PackageKey, RegistryAnswer
from ...records import replace
from ...registries import Context
from ...registries.segmented import SegmentedJsonRegistry


class GitHubRegistry(SegmentedJsonRegistry):
    def interpret(self, key: PackageKey, fetched: Fetched, ctx: Context) -> RegistryAnswer:
        if fetched.status in (401, 403, 429):
            message = ""
            try:
                doc = json.loads(fetched.body)
                message = str(doc.get("message", ""))[:200] if isinstance(doc, dict) else ""
            except ValueError:
                pass
            why = "rate limited" if "rate limit" in message.lower() or fetched.status == 429 else "refused"
            answer = self.answer(key, Existence.UNKNOWN, f"HTTP {fetched.status} from {self.display} ({why}"
                                 + (f": {message})" if message else ")"), ctx)
            if why == "rate limited":
                answer = replace(answer, markers=("rate-limited",))
            return answer
        return super().interpret(key, fetched, ctx)

    def read_document(self, key: PackageKey, doc: object, ctx: Context) -> RegistryAnswer:
        answer = super().read_document(key, doc, ctx)
        full = doc.get("full_name") if isinstance(doc, dict) else None
        if isinstance(full, str) and full.lower() != key.name.lower():
            answer = replace(answer, markers=(*answer.markers, "moved"), reason=f"HTTP 200 from {self.display}: now {full}")
        return answer


CLIENT = GitHubRegistry
