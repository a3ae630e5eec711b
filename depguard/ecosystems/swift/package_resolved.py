"""``Package.resolved``: SwiftPM's pins, in format version 1 (``object.pins[].repositoryURL``) and versions
2 and 3 (``pins[].location`` with a ``kind``). Local and registry pins are not Git repositories to ask."""

from __future__ import annotations

from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_json
from ._refs import swift_package_name

PARSER = "Package.resolved"


@file_format("Package.resolved", ("Package.resolved",), ecosystem="swift", kind="lockfile",
             description="SwiftPM Package.resolved pins (versions 1, 2 and 3)")
def parse(source: Source) -> Iterator[Mention]:
    data = load_json(source.text)
    if not isinstance(data, dict):
        raise ParseError("Package.resolved is not a JSON object", 1)
    version = data.get("version")
    if version == 1:
        pins = (data.get("object") or {}).get("pins") if isinstance(data.get("object"), dict) else None
        url_key = "repositoryURL"
    elif isinstance(version, int) and version >= 2:
        pins = data.get("pins")
        url_key = "location"
    else:
        raise ParseError(f"unsupported Package.resolved version {version!r}", 1)
    if not isinstance(pins, list):
        raise ParseError("Package.resolved has no list of pins", 1)
    lines = KeyLines(source.text)
    for pin in pins:
        if not isinstance(pin, dict):
            continue
        if pin.get("kind") not in (None, "remoteSourceControl"):
            continue  # localSourceControl, registry
        url = pin.get(url_key)
        if not isinstance(url, str):
            source.problem(f"a pin without {url_key}")
            continue
        name = swift_package_name(url)
        if name is None:
            continue
        given = pin.get("state")
        state = given if isinstance(given, dict) else {}
        spec = state.get("version") or state.get("branch") or state.get("revision")
        line, col = lines.find(url)
        yield source.mention("swift", url, line or 1, col, Origin.LOCKFILE, PARSER,
                             spec=spec if isinstance(spec, str) else None, name=name)
