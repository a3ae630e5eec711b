"""``deno.lock``: the packages Deno resolved, JSR's and npm's.

Version 4 and 5 keep them at the top level, version 3 under ``packages``: ``"jsr": {"@std/path@1.0.8": {…}}`` and
``"npm": {"chalk@5.3.0": {…}, "@types/node@22.5.4_undici-types@6.19.8": {…}}`` (a ``_`` after the version lists the
peers it was resolved with). Every key is a registry package at an exact version; ``remote`` (URL imports, pinned by
hash) and ``specifiers`` (what the code asked for, resolved into those keys) name no further package. Version 2
had only ``npm.packages``, read the same way. Every mention points at its key.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, document_mapping, load_json_positions, section

PARSER = "deno.lock"


def _name_version(key: str) -> tuple[str, str] | None:
    """(name, version) of ``@std/path@1.0.8`` or ``chalk@5.3.0_peer@1``; None for a key of another shape."""
    at = key.find("@", 1)
    if at <= 0:
        return None
    return key[:at], key[at + 1:].split("_", 1)[0]


@file_format("deno.lock", ("deno.lock",), ecosystem="jsr", kind="lockfile",
             description="Deno's deno.lock (v2-v5): its jsr and npm packages")
def parse(source: Source) -> Iterator[Mention]:
    data, index = load_json_positions(source.text, what="deno.lock (JSON)")
    top = document_mapping(data, "deno.lock")
    holder = section(top, index, "packages", "deno.lock") if "jsr" not in top and "npm" not in top else top
    if holder is None:
        return
    npm = section(holder, index, "npm", "deno.lock")
    if npm is not None and isinstance(npm.get("packages"), Keyed):  # version 2: npm.{specifiers, packages}
        npm = section(npm, index, "packages", "deno.lock")
    for ecosystem, table in (("jsr", section(holder, index, "jsr", "deno.lock")), ("npm", npm)):
        if table is None:
            continue
        for key in table:
            found = _name_version(key) if isinstance(key, str) else None
            line, col = index.key(table, key)
            if found is None:
                source.problem(f"could not extract {key!r}: not a name@version key of deno.lock's {ecosystem!r}; "
                               "skipped", line, col)
                continue
            name, version = found
            yield source.mention(ecosystem, name, line, col, Origin.LOCKFILE, PARSER, spec=version or None)
