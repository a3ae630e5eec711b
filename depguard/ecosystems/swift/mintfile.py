"""Mint's ``Mintfile``: the Swift command-line tools ``mint bootstrap`` clones and builds, one a line.

    nicklockwood/SwiftFormat@0.45.5              # github.com/nicklockwood/SwiftFormat
    https://gitlab.com/group/tool.git@1.0.0      # another host's repository
    realm/SwiftLint                              # no version: the latest tag

A package is a GitHub ``owner/repo`` or a Git URL, with an optional ``@version``; ``#`` starts a comment. Each is
named as a Swift package is (host/owner/repo) and asked of the Git host the same way.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part
from ._refs import mint_package

PARSER = "Mintfile"


@file_format("Mintfile", ("Mintfile",), ecosystem="swift", kind="manifest",
             description="Mint Mintfile packages (owner/repo@version or a Git URL)")
def parse(source: Source) -> Iterator[Mention]:
    for line_no, raw in enumerate(source.text.splitlines(), 1):
        line = code_part(raw)
        written = line.strip()
        if not written:
            continue
        package = mint_package(written)
        if package is None:
            continue
        repo, name, version = package
        yield source.mention("swift", repo, line_no, line.index(written) + 1, Origin.MANIFEST, PARSER,
                             spec=version, name=name)
