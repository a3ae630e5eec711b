"""Paket ``paket.lock``: the resolved ``Name (version)`` lines of ``NUGET`` sections. The deeper-indented
lines under each are its requirements (listed again as resolved entries); ``GITHUB``, ``GIT`` and ``HTTP``
sections are not NuGet packages. A section's ``remote:`` names the feed its entries below were resolved from: an
entry of a feed other than nuget.org is not checked when nuget.org lacks it (:mod:`depguard.ecosystems.nuget.feeds`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers.other_sources import mark_from_other_sources
from .feeds import NUGET_ORG

PARSER = "paket.lock"
REMOTE = re.compile(r"^  remote:\s*(?P<url>\S+)")
ENTRY = re.compile(r"^    (?P<name>[^\s(]+) \((?P<version>[^)]*)\)")


@file_format("paket.lock", ("paket.lock",), ecosystem="nuget", kind="lockfile", description="Paket lockfiles: NUGET sections")
def parse(source: Source) -> Iterator[Mention]:
    section, remote = None, None
    for no, raw in enumerate(source.text.splitlines(), 1):
        if raw and not raw[0].isspace():
            word = raw.split()[0]
            section, remote = (word if word.isupper() else None), None  # NUGET, GITHUB, HTTP, GROUP <name> ...
            continue
        if section != "NUGET":
            continue
        feed = REMOTE.match(raw)
        if feed:
            remote = None if NUGET_ORG.match(feed.group("url")) else (feed.group("url"), f"paket.lock:{no}")
            continue
        m = ENTRY.match(raw)
        if m:
            mention = source.mention("nuget", m.group("name"), no, 5, Origin.LOCKFILE, PARSER, spec=m.group("version"))
            yield from mark_from_other_sources([mention], "nuget", lambda r=remote: [r] if r else [],
                                               "it was resolved from {url} ({where}), a feed depguard does not ask")
