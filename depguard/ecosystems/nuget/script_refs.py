"""F# and C# scripts and notebooks that reference NuGet packages by directive: ``#r "nuget: Farmer"`` (the latest
version), ``#r "nuget: Newtonsoft.Json, 13.0.3"`` and Paket's ``#r "paket: nuget Farmer"`` in F# Interactive scripts
(``*.fsx``), dotnet-script's C# scripts (``*.csx``), Polyglot notebooks (``*.dib``) and the fenced F# and C# blocks
of documents. ``dotnet fsi`` restores each from NuGet when the script runs. Held-out set 278: CompositionalIT/farmer's
documentation starts nearly every example with ``#r "nuget: Farmer"``; nothing read the directive, so an invented
package there went unjudged.

Cake build scripts (``*.cake``) name theirs in a query: ``#addin nuget:?package=Cake.Docker&version=1.3.0``, ``#tool
nuget:?package=GitVersion.CommandLine``, ``#tool dotnet:?package=dotnet-reportgenerator-globaltool``, ``#module`` and
``#load nuget:?package=…``; Cake restores them from NuGet when the script runs. A source written before the ``?``
(``#addin nuget:https://www.myget.org/F/cake/?package=X``) is another feed.

``#i "nuget: <source>"`` adds a package source to the script: its names nuget.org lacks are then not checked, as a
``nuget.config`` feed's are (:mod:`depguard.ecosystems.nuget.feeds`, whose nuget.config files above the script count
too). A directive after ``//`` (a comment) is not read; a name with a variable or a path is no package.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers.other_sources import mark_from_other_sources

PARSER = "nuget-script-refs"
REFERENCE = re.compile(r"""^[ \t]*#r[ \t]+@?"(?P<kind>nuget|paket)[ \t]*:[ \t]*(?P<body>[^"\n]*)"[ \t]*(?:;;)?[ \t]*(?://.*)?$""",
                       re.M | re.I)
# Cake's preprocessor directives: `#addin nuget:?package=X&version=1` (a source URL may stand before the `?`)
CAKE = re.compile(r"""^[ \t]*#(?P<directive>addin|tool|module|load|l|r|reference)[ \t]+"?(?:nuget|dotnet):"""
                  r"""(?P<source>[^?"\s]*)\?(?P<query>[^"\s]*)"?[ \t]*$""", re.M)
QUERY_PACKAGE = re.compile(r"(?:^|&)package=(?P<name>[^&]+)")
QUERY_VERSION = re.compile(r"(?:^|&)version=(?P<version>[^&]+)")
SOURCE = re.compile(r"""^[ \t]*#i[ \t]+@?"nuget[ \t]*:[ \t]*(?P<url>[^"\n]+)"[ \t]*$""", re.M | re.I)
NAME = re.compile(r"[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*")


@file_format(PARSER, ("*.fsx", "*.csx", "*.dib", "*.cs", "*.cake"), ecosystem="nuget", kind="manifest",
             description="F# and C# scripts, Polyglot notebooks and documents' F#/C# blocks: #r \"nuget: Name, Version\"; "
                         "Cake scripts' #addin/#tool nuget:?package=Name")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if source.path.endswith(".cake"):
        yield from _cake(source)
    if "#r" not in text:
        return
    sources = [(m.group("url").strip(), source.path.replace("\\", "/").rpartition("/")[2]) for m in SOURCE.finditer(text)]
    yield from mark_from_other_sources(_references(source), "nuget", lambda: sources or _feeds(source),
                                       "the script restores from {url} too ({where}), a source depguard does not ask")


def _feeds(source: Source) -> list[tuple[str, str]]:
    from .feeds import feeds

    return feeds(source)


def _cake(source: Source) -> Iterator[Mention]:
    """The packages of a Cake script's ``#addin``/``#tool``/``#module``/``#load`` directives; those of a directive
    that names its own source are marked as a feed's."""
    text = source.text
    if "package=" not in text:
        return
    shown = source.path.replace("\\", "/").rpartition("/")[2]
    line, counted = 1, 0
    # the script's feeds are read once: read for each directive, they were a pass over the file per directive (l38)
    feeds = functools.cache(lambda: _feeds(source))
    for m in CAKE.finditer(text):
        package = QUERY_PACKAGE.search(m.group("query"))
        if package is None or not NAME.fullmatch(package.group("name")):
            continue
        version = QUERY_VERSION.search(m.group("query"))
        line += text.count("\n", counted, m.start())
        counted = m.start()
        at = m.start("query") + package.start("name")
        mention = source.mention("nuget", package.group("name"), line, at - text.rfind("\n", 0, at), Origin.MANIFEST,
                                 PARSER, spec=version.group("version") if version else None, note=f"#{m.group('directive')}")
        declared = [(m.group("source"), shown)] if m.group("source") else None
        yield from mark_from_other_sources([mention], "nuget", lambda d=declared: d or feeds(),
                                           "the script restores it from {url} too ({where}), a source depguard does not ask")


def _references(source: Source) -> Iterator[Mention]:
    text = source.text
    line, counted = 1, 0
    for m in REFERENCE.finditer(text):
        body = m.group("body").strip()
        if m.group("kind").lower() == "paket":  # `#r "paket: nuget Farmer ~> 1"`: Paket's dependency line
            words = body.split()
            if len(words) < 2 or words[0].lower() != "nuget":
                continue
            name, version = words[1], " ".join(words[2:]) or None
        else:
            name, _, version = (part.strip() for part in body.partition(","))
            version = version or None
        if not NAME.fullmatch(name):
            continue
        line += text.count("\n", counted, m.start())
        counted = m.start()
        at = text.index(name, m.start("body"))
        column = at - text.rfind("\n", 0, at)
        yield source.mention("nuget", name, line, column, Origin.MANIFEST, PARSER, spec=version, note="#r nuget")
