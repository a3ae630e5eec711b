"""CocoaPods: ``pod try NAME`` names a pod on trunk, ecosystem ``cocoapods``. ``pod install`` and
``pod update`` install what the Podfile says (the Podfile is parsed as a file); a URL is not a pod name."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain, project
from ...commands.shell import Word

POD_NAME = lazyre.compile(r"^[A-Za-z0-9_][A-Za-z0-9_+.-]*$")
POD = Options(with_value=frozenset({"--project-directory"}))


@grammar("pod")
def pod(args: list[Word]) -> Iterator[Item]:
    sub, rest = POD.subcommand(args)
    if sub is not None and sub.text in ("install", "update"):
        yield project("cocoapods", "pod", sub, ("Podfile", "Podfile.lock"))
        return
    if sub is None or sub.text != "try":
        return
    pos = POD.positionals(rest)
    if pos and plain(pos[0]) and POD_NAME.match(pos[0].text):
        yield Target("cocoapods", pos[0], pos[0].text, runs=True, note="pod try")
