"""shadcn registries: ``registry.json`` and ``registry-item.json``, the component registries the ``shadcn`` CLI
installs from.

A registry item (``{"name": "button", "type": "registry:ui", "dependencies": ["@radix-ui/react-slot"],
"devDependencies": ["@types/x"], "registryDependencies": ["utils"]}``) names the npm packages that ``npx shadcn add``
installs into the user's project with the project's package manager: each ``dependencies`` and ``devDependencies``
entry is an npm package, with an optional version (``zod@^3.23``, ``is-even@3.0.0``). ``registryDependencies`` name
other registry items (``button``, ``@acme/input``, a URL) and are not npm names. ``registry.json`` lists its items
under ``items``; ``registry-item.json`` is one item. A JSON file of either name whose items carry no ``registry:``
type is another tool's and names nothing; an entry that is a git, file or URL source is no registry name.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, LineIndex, Placed, load_json_positions
from ._npm_specs import NON_REGISTRY_PROTOCOLS, split_descriptor

PARSER = "shadcn-registry"
DEPENDENCY_KEYS = ("dependencies", "devDependencies")


@file_format(PARSER, ("registry.json", "registry-item.json"), ecosystem="npm", kind="manifest",
             description="shadcn registry.json / registry-item.json (the npm packages its items install)")
def parse(source: Source) -> Iterator[Mention]:
    data, index = load_json_positions(source.text, what="registry JSON")
    for item in _items(data):
        for key in DEPENDENCY_KEYS:
            listed = item.get(key)
            if not isinstance(listed, Placed):
                continue
            for entry, offset in zip(listed, listed.where):
                if isinstance(entry, str) and entry.strip():
                    yield from _mention(source, index, entry.strip(), offset, key)


def _items(data: object) -> list[Keyed]:
    """The registry items of a ``registry.json`` (its ``items``) or a ``registry-item.json`` (the document)."""
    if not isinstance(data, Keyed):
        return []
    listed = data.get("items")
    candidates = list(listed) if isinstance(listed, Placed) else [data]
    return [i for i in candidates if isinstance(i, Keyed) and isinstance(i.get("type"), str)
            and i["type"].startswith("registry:")]


def _mention(source: Source, index: LineIndex, entry: str, offset: int, key: str) -> Iterator[Mention]:
    if entry.startswith(NON_REGISTRY_PROTOCOLS) or entry.startswith((".", "/")):
        return  # a git, file or URL source: not a registry name
    name, version = split_descriptor(entry)
    line, col = index.line_col(offset)
    yield source.mention("npm", name, line, col, Origin.MANIFEST, PARSER, spec=version or None,
                         note="installed by `shadcn add`" if key == "dependencies" else "installed by `shadcn add` (dev)")
