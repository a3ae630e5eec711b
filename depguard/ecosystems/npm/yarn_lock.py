"""``yarn.lock``: the classic (v1) text format and the berry (v2+) YAML format.

Classic entries are ``desc1, desc2:`` headers with indented ``version``/``resolved`` lines; an entry is a
registry package when its ``resolved`` URL is a registry tarball (or, without ``resolved``, when its
descriptors are registry ranges). Berry files carry ``__metadata``; an entry is a registry package when its
``resolution`` uses the ``npm:`` protocol, so ``workspace:``, ``patch:``, ``link:``, ``portal:``, ``file:``
and git entries are skipped, and so is a descriptor with a protocol yarn does not know
(``asap@unsupported:~2.0.6``: a problem is recorded). Aliases (``alias@npm:real@^1``) are reported under
the real name, and so is a classic entry whose registry tarball is another package's (``foo@^1`` resolved
from ``/bar/-/bar-1.tgz`` installs ``bar``). A classic entry resolved from a registry-shaped tarball of another host
is not checked when the public registry lacks it, as package-lock.json's (``npm_lock.py``). Every mention points at
the entry's header line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import document_mapping, load_yaml_positions, name_at
from ._npm_specs import is_registry_url, locked_elsewhere, other_registry, split_descriptor, tarball_name
from .package_json import registry_target, unknown_protocol

PARSER = "yarn.lock"
BERRY = re.compile(r"^(?:__metadata:|\s+resolution: )", re.M)
_DESCRIPTOR = re.compile(r'"((?:[^"\\]|\\.)*)"|([^,\s][^,]*?)(?=\s*,|\s*$)')
_PROPERTY = re.compile(r'^("(?:[^"\\]|\\.)*"|\S+)(?:\s+(.*))?$')


@file_format("yarn.lock", ("yarn.lock",), ecosystem="npm", kind="lockfile",
             description="yarn.lock, classic (v1) and berry (v2+)")
def parse(source: Source) -> Iterator[Mention]:
    if BERRY.search(source.text):
        yield from _berry(source)
    else:
        yield from _classic(source)


def _descriptors(header: str) -> list[str]:
    return [(m.group(1) if m.group(1) is not None else m.group(2)).strip() for m in _DESCRIPTOR.finditer(header)]


def _unquote(text: str) -> str:
    text = text.strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] == '"' else text


def _mention(source: Source, line_text: str, line: int, start: int, real: str, first: str, version: str | None) -> Mention:
    """A mention at the real name's place in the header (or at the first descriptor's name)."""
    at = name_at(line_text, real, start)
    written = real if at >= 0 else first
    if at < 0:
        at = max(line_text.find(first, start), start)
    note = f"alias {first} of {real}" if first != real else None
    return source.mention("npm", written, line, at + 1, Origin.LOCKFILE, PARSER, spec=version, name=real, note=note)


# --------------------------------------------------------------------------------------------------- classic


def _classic(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    entries: list[tuple[int, list[str], dict[str, str]]] = []
    prop_indent: int | None = None
    for no, raw in enumerate(lines, 1):
        text = raw.rstrip()
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        indent = len(text) - len(text.lstrip())
        if indent == 0:
            if not text.endswith(":"):
                raise ParseError(f"not a yarn.lock: line {no} is neither an entry header nor an indented property", no)
            entries.append((no, _descriptors(text[:-1]), {}))
            prop_indent = None
            continue
        if not entries:
            raise ParseError(f"not a yarn.lock: indented line {no} before any entry", no)
        if prop_indent is None:
            prop_indent = indent
        if indent != prop_indent:
            continue  # the names inside a dependencies block are ranges, not resolved packages
        m = _PROPERTY.match(text.strip())
        if m and m.group(2) is not None:
            entries[-1][2][_unquote(m.group(1))] = _unquote(m.group(2))
    for no, descriptors, props in entries:
        yield from _classic_entry(source, lines[no - 1], no, descriptors, props)


def _classic_entry(source: Source, header: str, no: int, descriptors: list[str], props: dict[str, str]) -> Iterator[Mention]:
    if not descriptors:
        source.problem("yarn.lock entry without a descriptor; skipped", no)
        return
    resolved = props.get("resolved")
    if resolved and not is_registry_url(resolved):
        return
    targets = []
    for desc in descriptors:
        name, rng = split_descriptor(desc)
        protocol = unknown_protocol(rng)
        if protocol:
            source.problem(f"{desc!r}: unknown protocol {protocol!r} (yarn refuses it); not a registry package", no)
            continue
        target = registry_target(name, rng or None)
        if target is not None:
            targets.append((name, target[0]))
    if not targets:
        return
    first, real = targets[0]
    served = tarball_name(resolved) if resolved else None
    if served and served != real:
        real = served  # the registry tarball installed is another package's (a key rewritten, or an old alias)
    yield locked_elsewhere(_mention(source, header, no, 0, real, first, props.get("version")),
                           other_registry(resolved), PARSER)


# ----------------------------------------------------------------------------------------------------- berry


def _berry(source: Source) -> Iterator[Mention]:
    data, index = load_yaml_positions(source.text)
    data = document_mapping(data, PARSER)
    lines = source.text.split("\n")
    for key, entry in data.items():
        if key == "__metadata":
            continue
        line, col = index.key(data, key)
        if not isinstance(key, str) or not isinstance(entry, dict):
            source.problem(f"yarn.lock entry {key!r} is not a mapping; skipped", line, col)
            continue
        descriptors = _descriptors(key)
        if not descriptors:
            source.problem("yarn.lock entry without a descriptor; skipped", line, col)
            continue
        first = split_descriptor(descriptors[0])[0]
        resolution = entry.get("resolution")
        if isinstance(resolution, str) and resolution:
            real, ref = split_descriptor(resolution)
            if not ref.startswith("npm:"):
                continue  # workspace:, patch:, link:, portal:, file:, exec:, git and tarball URLs
        else:
            ranges = [split_descriptor(d) for d in descriptors]
            npm = [(n, r) for n, r in ranges if r.startswith("npm:")]
            if not npm:
                continue
            target = registry_target(npm[0][0], npm[0][1])
            real = target[0] if target else npm[0][0]
        version = entry.get("version")
        yield _mention(source, lines[line - 1], line, col - 1, real, first, None if version is None else str(version))
