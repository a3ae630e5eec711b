"""Carthage's ``Cartfile`` (and ``Cartfile.private``) and ``Cartfile.resolved``: the Git repositories Carthage checks
out and builds, named as Swift packages are (host/owner/repo), so their existence is asked of the Git host the same way.

    github "Alamofire/Alamofire" ~> 5.0          # github.com/Alamofire/Alamofire
    github "https://ghe.example.com/team/Kit"    # a GitHub Enterprise address: that host
    git "https://gitlab.com/group/kit.git" "main"
    git "file:///Users/me/kit" "main"            # a local repository: nothing
    binary "https://example.com/Kit.json" ~> 2.3 # a binary framework's release list: no repository, nothing

Each line is ``origin "location" [requirement]``; ``#`` starts a comment. Read as text, line by line.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part
from ._refs import swift_package_name

LINE = lazyre.compile(r'^\s*(?P<origin>github|git)\s+"(?P<where>[^"\n]+)"(?P<rest>[^\n]*)$')
# `github "owner/repo"`: two path parts and no scheme or host
SHORT = lazyre.compile(r"[\w.-]+/[\w.-]+")


def _mentions(source: Source, origin: Origin, parser: str) -> Iterator[Mention]:
    for line_no, raw in enumerate(source.text.splitlines(), 1):
        m = LINE.match(code_part(raw))
        if not m:
            continue
        where = m.group("where").strip()
        if m.group("origin") == "github" and SHORT.fullmatch(where):
            name: str | None = f"github.com/{where.removesuffix('.git')}"
        else:
            name = swift_package_name(where)
        if name is None:
            continue  # a local path or file:// repository
        spec = m.group("rest").strip().strip('"').strip() or None
        yield source.mention("swift", where, line_no, m.start("where") + 1, origin, parser, spec=spec, name=name)


@file_format("Cartfile", ("Cartfile", "Cartfile.private"), ecosystem="swift", kind="manifest",
             description="Carthage Cartfile github/git dependencies")
def parse(source: Source) -> Iterator[Mention]:
    yield from _mentions(source, Origin.MANIFEST, "Cartfile")


@file_format("Cartfile.resolved", ("Cartfile.resolved",), ecosystem="swift", kind="lockfile",
             description="Carthage Cartfile.resolved pins")
def parse_resolved(source: Source) -> Iterator[Mention]:
    yield from _mentions(source, Origin.LOCKFILE, "Cartfile.resolved")
