"""``bun.lock``, bun's JSONC text lockfile (comments and trailing commas allowed), and ``bun.lockb``.

``packages`` maps an install path (``name``, ``parent/name``) to a tuple whose first item is
``name@resolution``: a version for registry packages, ``github:``/``git+…``/``file:``/``link:``/
``workspace:``/``root:`` or a tarball URL otherwise, which are not registry names. The real name comes from
the tuple, so aliases (``"alias": ["real@1.0.0", …]``) are reported under the real name. The tuple's second item is
the tarball URL of a package fetched from another registry than the default one (``""`` otherwise): such an entry is
not checked when the public registry lacks it, as package-lock.json's (``npm_lock.py``). Every mention
points at the tuple's first item. The binary ``bun.lockb`` is not parsed: it is reported with the command
that writes the text lockfile instead.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, Placed, document_mapping, load_json_positions, section
from ._npm_specs import is_version, locked_elsewhere, other_registry, registry_ref, split_descriptor

PARSER = "bun.lock"


@file_format("bun.lock", ("bun.lock",), ecosystem="npm", kind="lockfile", description="bun.lock (text lockfile)")
def parse(source: Source) -> Iterator[Mention]:
    data, index = load_json_positions(source.text, jsonc=True, what="bun.lock (JSONC)")
    packages = section(document_mapping(data, "bun.lock"), index, "packages", "bun.lock") or Keyed()
    for path, entry in packages.items():
        line, col = index.key(packages, path)
        if not isinstance(entry, Placed) or not entry or not isinstance(entry[0], str) or "@" not in entry[0][1:]:
            source.problem(f"could not extract {path!r}: its packages entry is not a [\"name@version\", …] tuple; "
                           "skipped", line, col)
            continue
        written, ref = split_descriptor(entry[0])
        if not written or not registry_ref(ref):
            continue  # git, github:, file:, link:, workspace:, root:, tarball URLs
        line, col = index.line_col(entry.where[0])
        installed = _installed_name(path)
        note = f"alias {installed} of {written}" if installed != written else None
        # the second item is the tarball URL of a package from another registry than the default one ("" otherwise)
        tarball = entry[1] if len(entry) > 1 else None
        yield locked_elsewhere(source.mention("npm", written, line, col, Origin.LOCKFILE, PARSER,
                                              spec=ref if is_version(ref) else None, note=note),
                               other_registry(tarball), PARSER)


def _installed_name(path: str) -> str:
    """The folder name a package is installed under: the last segment of its path (two when scoped)."""
    parts = path.split("/")
    return "/".join(parts[-2:]) if len(parts) >= 2 and parts[-2].startswith("@") else parts[-1]


@file_format("bun.lockb", ("bun.lockb",), ecosystem="npm", kind="binary",
             description="bun.lockb (binary): reported, not parsed")
def parse_binary(source: Source) -> Iterator[Mention]:
    raise ParseError("binary bun.lockb: run `bun install --save-text-lockfile` to write bun.lock, which depguard reads")
