"""Swift's package tools, ecosystem ``swift`` (repositories named host/owner/repo, as Package.swift's are).

``swift package add-dependency URL [--from V | --exact V | --branch B | --revision R | --up-to-next-minor-from V]``
(SwiftPM 6) writes the package into Package.swift and resolves it: the URL is the package. A path or a registry
identity (``--type path``, ``--type registry``) names no repository to ask. ``swift package resolve`` and
``swift package update`` fetch what Package.swift and Package.resolved say.

Mint (``mint install yonaskolb/XcodeGen@2.38.0``, ``mint run realm/SwiftLint swiftlint``) clones and builds a
package given as GitHub's ``owner/repo`` or a Git URL, with an optional ``@version``; a bare name (``mint run
swiftlint``) is one the Mintfile already lists, and ``mint bootstrap`` builds the Mintfile's packages.
``carthage bootstrap``, ``update`` and ``checkout`` fetch the Cartfile's repositories.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import Item, Options, Target, grammar, project
from ...commands.shell import Word
from ._refs import mint_package, swift_package_name

SWIFT = Options(with_value=frozenset({"--package-path", "--scratch-path", "--cache-path", "--config-path",
                                      "--security-path", "--swift-sdks-path", "--toolset", "--pkg-config-path",
                                      "-j", "--jobs", "-c", "--configuration", "--triple", "--sdk", "--swift-sdk",
                                      "--from", "--exact", "--branch", "--revision", "--to", "--up-to-next-minor-from",
                                      "--type", "--build-system"}))
SPEC_OPTIONS = ("--from", "--exact", "--branch", "--revision", "--up-to-next-minor-from")
MINT = Options(with_value=frozenset({"--mintfile", "-m", "--path"}))


@grammar("swift")
def swift(args: list[Word]) -> Iterator[Item]:
    sub, rest = SWIFT.subcommand(args)
    if sub is None or sub.text != "package":
        return
    verb, rest = SWIFT.subcommand(rest)
    if verb is None:
        return
    if verb.text in ("resolve", "update"):
        yield project("swift", "swift", verb, ("Package.swift", "Package.resolved"))
        return
    if verb.text != "add-dependency" or any(v.text in ("path", "registry") for v in SWIFT.values(rest, "--type")):
        return
    pos = SWIFT.positionals(rest)
    if not pos or pos[0].dynamic:
        return  # (a URL is this tool's package name: `plain` would refuse it)
    name = swift_package_name(pos[0].text)
    if name is None:
        return
    given = next(((o, v) for o in SPEC_OPTIONS for v in SWIFT.values(rest, o)), None)
    spec = f"{given[0].removeprefix('--')} {given[1].text}" if given else None
    yield Target("swift", pos[0], name.lower(), spec=spec)


@grammar("mint")
def mint(args: list[Word]) -> Iterator[Item]:
    sub, rest = MINT.subcommand(args)
    if sub is None:
        return
    if sub.text == "bootstrap":
        yield project("swift", "mint", sub, ("Mintfile",))
        return
    if sub.text not in ("install", "run", "which"):
        return
    pos = MINT.positionals(rest)[:1]  # `mint run PACKAGE COMMAND ARGS…`: the rest are the command's
    if not pos or pos[0].dynamic:
        return
    package = mint_package(pos[0].text)
    if package is not None:
        yield Target("swift", pos[0], package[1].lower(), spec=package[2], runs=sub.text == "run")


@grammar("carthage")
def carthage(args: list[Word]) -> Iterator[Item]:
    sub, _ = Options().subcommand(args)
    if sub is not None and sub.text in ("bootstrap", "update", "checkout"):
        yield project("swift", "carthage", sub, ("Cartfile", "Cartfile.private", "Cartfile.resolved"))
