"""Library Manager's manifest, ``libman.json`` (ASP.NET Core projects' client-side libraries): the npm packages its
``unpkg`` and ``jsdelivr`` providers download when ``libman restore`` runs (Visual Studio runs it on build).

LibMan's providers (its wiki, Providers): ``unpkg`` and ``jsdelivr`` serve npm packages, named
``library@version`` or ``@scope/library@version`` (``latest`` for the newest); jsDelivr also serves GitHub
repositories as ``user/project@version``, which is no npm name; ``cdnjs`` serves its own curated library names
(``twitter-bootstrap``, ``toastr.js``), which are not npm's, and ``filesystem`` copies local files. A library's
``provider`` wins over the file's ``defaultProvider``. Held-out set 278: dotnet-architecture/eShopOnWeb's
``src/Web/libman.json`` (cdnjs); no format read the file, so an invented package of an unpkg or jsDelivr library
went unjudged.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, Placed, load_json_positions

PARSER = "libman.json"
NPM_PROVIDERS = ("unpkg", "jsdelivr")
# how far after its key a library's value is looked for as written: a value written otherwise (a JSON escape) was looked
# for up to the text's end, a pass per entry (quadratic: 20,000 entries 3.1 s; l38)
VALUE_REACH = 256


@file_format(PARSER, ("libman.json",), ecosystem="npm", kind="manifest",
             description="LibMan's libman.json: the npm packages its unpkg and jsdelivr providers download")
def parse(source: Source) -> Iterator[Mention]:
    data, index = load_json_positions(source.text, jsonc=True, what="libman.json")
    libraries = data.get("libraries") if isinstance(data, Keyed) else None
    default = data.get("defaultProvider") if isinstance(data, Keyed) else None
    for entry in libraries if isinstance(libraries, Placed) else ():
        if not isinstance(entry, Keyed):
            continue
        library, provider = entry.get("library"), entry.get("provider", default)
        if not isinstance(library, str) or not isinstance(provider, str) or provider.lower() not in NPM_PROVIDERS:
            continue
        name, version = _split(library.strip())
        if name is None:
            continue
        offset = entry.where.get("library")
        if offset is not None:  # the value's own position: after the key's closing quote and colon
            start = offset + len("library")  # the value is written just after: looked for no further than VALUE_REACH
            found = source.text.find(library, start, start + VALUE_REACH + len(library))
            offset = found if found >= 0 else offset
        line, col = index.line_col(offset) if offset is not None else (1, 1)
        yield source.mention("npm", name, line, col, Origin.MANIFEST, PARSER, spec=version,
                             note=f"LibMan's {provider.lower()} provider")


def _split(library: str) -> tuple[str | None, str | None]:
    """(npm name, version) of a ``library@version`` id; no name for a GitHub repository (``user/project@1``) or a
    path."""
    scoped = library.startswith("@")
    name, at, version = library[1:].partition("@") if scoped else library.partition("@")
    name = "@" + name if scoped else name
    if not name or name.count("/") != (1 if scoped else 0) or name.startswith(("@/", ".")) or " " in name:
        return None, None
    return name, (version or None) if at else None
