"""What makes a registry's 200 a real answer about the asked package, declared per ecosystem in data.

Proxies, mirrors and captive portals answer 200 with ``{}``, ``{"error": "..."}``, an HTML page, a document
with no versions, or the document of another package. None of those says the package exists: only a
document that names the asked package (and, where the registry always lists versions, lists at least one)
is ``exists``; anything else is ``unknown`` with the reason, which the checks turn into ``not-checked``.

``[registry.identity]`` in ``ecosystem.toml``:

- ``name``: templates whose ``{dotted.path}`` placeholders are read from the document (see :mod:`.fields`);
  one must render the asked name, compared after the ecosystem's own normalisation (PyPI's ``Foo_Bar`` is
  ``foo-bar``). A template that is a single placeholder may fan out (``{aliases.*}``).
- ``versions``: paths of which at least one must hold a non-empty value (a list, an object, a number > 0).
  Checked after the marker rules, so a tombstone (npm's unpublished package) stays ``missing``.
- ``ignore_case``: compare names case-insensitively (GitHub's ``owner/repo``).
- ``renamed``: ``"redirect"`` accepts another name only when the registry redirected to it (a GitHub
  repository that was renamed or transferred); without it a different name is never the asked package.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..ecosystems import Ecosystem
from ..errors import ConfigError
from ..records import record
from . import fields

PLACEHOLDER = re.compile(r"\{([^{}]+)\}")
ERROR_KEYS = ("error", "message", "detail", "errors")


@record(frozen=True)
class Identity:
    names: tuple[str, ...] = ()
    versions: tuple[str, ...] = ()
    ignore_case: bool = False
    renamed_by_redirect: bool = False

    @classmethod
    def of(cls, eco: Ecosystem) -> Identity:
        raw = eco.data.get("registry", {}).get("identity", {})
        where = f"{eco.folder}/ecosystem.toml: registry.identity"
        if not isinstance(raw, dict):
            raise ConfigError(f"{where}: expected a table")
        names, versions = raw.get("name", ()), raw.get("versions", ())
        names = (names,) if isinstance(names, str) else tuple(names)
        versions = (versions,) if isinstance(versions, str) else tuple(versions)
        if not all(isinstance(n, str) and PLACEHOLDER.search(n) for n in names):
            raise ConfigError(f"{where}.name: expected templates with {{path}} placeholders")
        if not all(isinstance(v, str) for v in versions):
            raise ConfigError(f"{where}.versions: expected paths")
        renamed = raw.get("renamed")
        if renamed not in (None, "redirect"):
            raise ConfigError(f"{where}.renamed: expected \"redirect\"")
        return cls(names, versions, bool(raw.get("ignore_case", False)), renamed == "redirect")

    def rendered_names(self, doc: Any) -> list[str]:
        """Every name the document gives at the declared places."""
        out: list[str] = []
        for template in self.names:
            holes = PLACEHOLDER.findall(template)
            if template == "{" + holes[0] + "}":
                out.extend(v for v in fields.values(doc, holes[0]) if isinstance(v, str) and v)
                continue
            parts = {h: fields.first(doc, h) for h in holes}
            if all(isinstance(v, str) and v for v in parts.values()):
                out.append(PLACEHOLDER.sub(lambda m: parts[m.group(1)], template))  # noqa: B023 (used at once)
        return out

    def name_problem(self, asked: str, doc: Any, normalise: Callable[[str], str], redirected: bool) -> str | None:
        """Why ``doc`` is not the document of ``asked``, or None when it is (or no name is declared)."""
        if not self.names:
            return None
        found = self.rendered_names(doc)
        if not found:
            return f"the answer names no package{_error_text(doc)}"
        fold = (lambda s: normalise(s).casefold()) if self.ignore_case else normalise
        want = fold(asked)
        if any(fold(n) == want for n in found):
            return None
        if redirected and self.renamed_by_redirect:
            return None
        return f"the answer describes {_short(found[0])!r}, not {_short(asked)!r}"

    def versions_problem(self, doc: Any) -> str | None:
        """Why ``doc`` lists no version, or None."""
        if not self.versions:
            return None
        if any(_non_empty(v) for path in self.versions for v in fields.values(doc, path)):
            return None
        return f"the answer lists no versions{_error_text(doc)}"


def _non_empty(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value > 0
    return value not in (None, "", [], {})


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _error_text(doc: Any) -> str:
    """The registry's (or proxy's) own error words, when the document carries some."""
    if not isinstance(doc, dict):
        return ""
    for key in ERROR_KEYS:
        value = doc.get(key)
        if isinstance(value, dict):
            value = value.get("message") or value.get("detail")
        if isinstance(value, list) and value:
            value = value[0].get("detail") if isinstance(value[0], dict) else value[0]
        if isinstance(value, str) and value.strip():
            return f" (it says: {_short(value.strip())!r})"
    return ""

