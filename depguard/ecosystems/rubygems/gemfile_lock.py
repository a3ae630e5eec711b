"""``Gemfile.lock`` (and ``gems.locked``): the ``specs:`` of ``GEM`` sections whose remote is rubygems.org.

``GIT`` and ``PATH`` sections (and ``GEM`` sections of other gem servers) are not asked of rubygems.org.
Entries are ``name (version[-platform])`` at four spaces; the six-space lines under them are requirements.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "Gemfile.lock"
SPEC = re.compile(r"^    (?P<name>[^\s(]+)(?: \((?P<version>[^)]*)\))?\s*$")
REMOTE = re.compile(r"^  remote:\s*(?P<url>\S+)")
RUBYGEMS = re.compile(r"^https?://(www\.|index\.)?rubygems\.org/?$")
PLATFORM_SUFFIX = re.compile(r"-(x86|x64|arm|aarch|universal|java|mswin|mingw|darwin|linux|ruby)[\w.-]*$")


@file_format("Gemfile.lock", ("Gemfile.lock", "gems.locked"), ecosystem="rubygems", kind="lockfile",
             description="Bundler lockfiles: GEM specs from rubygems.org")
def parse(source: Source) -> Iterator[Mention]:
    section: str | None = None
    remotes: list[str] = []
    in_specs = False
    for no, raw in enumerate(source.text.splitlines(), 1):
        if raw and not raw[0].isspace():
            section = raw.strip()
            remotes = []
            in_specs = False
            continue
        if section != "GEM":
            continue
        m = REMOTE.match(raw)
        if m:
            remotes.append(m.group("url"))
            continue
        if raw.strip() == "specs:":
            in_specs = True
            continue
        if not in_specs:
            continue
        m = SPEC.match(raw)
        if not m:
            continue
        if remotes and not any(RUBYGEMS.match(r) for r in remotes):
            continue
        version = m.group("version")
        if version:
            version = PLATFORM_SUFFIX.sub("", version)
        yield source.mention("rubygems", m.group("name"), no, 5, Origin.LOCKFILE, PARSER, spec=version)
