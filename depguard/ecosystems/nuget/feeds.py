"""The NuGet feeds a project restores from besides nuget.org: the ``<packageSources>`` ``<add value="…">`` of each
``nuget.config`` (``NuGet.config``, ``NuGet.Config``) in the project's folder and the folders above it (NuGet reads
every one of them, nearest first), and a project file's own ``RestoreSources`` / ``RestoreAdditionalProjectSources``
and those of the nearest ``Directory.Build.props`` above it, which MSBuild imports into the project.

A package only such a feed has (the .NET team's ``dotnet-eng``/``dotnet9`` feeds for Arcade's SDKs and previews, a
company's Azure Artifacts feed, a local folder of packages) was a DG001 against nuget.org. The project's names are
marked as pip's ``--extra-index-url`` marks them (:mod:`depguard.parsers.other_sources`): a name nuget.org has passes,
one it lacks is not checked. A nuget.config naming nuget.org only keeps them judged.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from ...model import Mention
from ...parsers import Source
from ...parsers.other_sources import mark_from_other_sources

CONFIG_NAMES = ("nuget.config", "NuGet.config", "NuGet.Config")
NUGET_ORG = re.compile(r"^https?://(?:api\.nuget\.org|www\.nuget\.org|nuget\.org)(?:[/:]|$)", re.I)
PACKAGE_SOURCES = re.compile(r"<packageSources>(?P<body>.*?)</packageSources>", re.S | re.I)
# an <add> tag (to its '>' or the text's end) and, inside it, the start of its value and the whole value: a lazy
# pattern from each "<add" to a "value" read a run of tags without one to its end from each (20,000 "<add ": 55 s;
# reviewer r34)
ADD_TAG = re.compile(r"<add\b[^>]*", re.I)
VALUE_START = re.compile(r"""\bvalue\s*=\s*["']""", re.I)
VALUE = re.compile(r"""\bvalue\s*=\s*["'](?P<value>[^"']+)["']""", re.I)
RESTORE_PROPERTY = re.compile(r"<(?P<tag>RestoreSources|RestoreAdditionalProjectSources)>(?P<value>[^<]*)</(?P=tag)>")


def config_feeds(text: str) -> tuple[str, ...]:
    """The package sources a nuget.config adds other than nuget.org (a ``<clear/>`` changes nothing here: a name
    nuget.org lacks is then from another feed all the more)."""
    out: list[str] = []
    for block in PACKAGE_SOURCES.finditer(text) if "ackageSources" in text else ():
        out += [value for value in _values(block.group("body")) if not NUGET_ORG.match(value)]
    return tuple(out)


def _values(body: str) -> Iterator[str]:
    """The ``value`` of each ``<add>`` tag of ``body`` (the first whole one each tag holds)."""
    for tag in ADD_TAG.finditer(body):
        at = tag.start()
        while (start := VALUE_START.search(body, at, tag.end())) is not None:
            whole = VALUE.match(body, start.start())
            if whole is not None:
                yield whole.group("value")
                break
            at = start.end()


def project_feeds(text: str) -> list[str]:
    """The sources a project file's ``RestoreSources``/``RestoreAdditionalProjectSources`` name other than nuget.org
    (``$(RestoreSources)`` and other properties left out)."""
    out: list[str] = []
    for m in RESTORE_PROPERTY.finditer(text) if "<Restore" in text else ():
        out += [v.strip() for v in m.group("value").split(";") if v.strip() and "$(" not in v and not NUGET_ORG.match(v.strip())]
    return out


def feeds(source: Source) -> list[tuple[str, str]]:
    """(feed as written, the file adding it) for ``source``: its own restore properties, then the nuget.config files of
    its folder and the folders above it."""
    from ...imports import files_above, read_related

    out = [(url, source.path.replace("\\", "/").rpartition("/")[2]) for url in project_feeds(source.text)]
    if source.fs_path is None:
        return out
    # MSBuild imports the nearest Directory.Build.props above a project into it, restore properties included (a mod
    # repository's shared props adding BepInEx's feed for all its projects)
    props = files_above(source, "Directory.Build.props")
    if props and props[0] != source.fs_path:
        shown = _shown(source, props[0])
        out += [(url, shown) for url in read_related(source, props[0], _project_feeds) or ()]
    for name in CONFIG_NAMES:
        for path in files_above(source, name):
            out += [(url, _shown(source, path)) for url in read_related(source, path, config_feeds) or ()]
    return out


def _shown(source: Source, path) -> str:  # path: pathlib.Path
    return path.relative_to(source.root).as_posix() if source.root and source.root in path.parents else path.name


def _project_feeds(text: str) -> tuple[str, ...]:
    return tuple(project_feeds(text))


def mark_other_feeds(source: Source, mentions: Iterable[Mention]) -> Iterator[Mention]:
    """``mentions`` (one project file's), its NuGet names marked not checked when it restores from a feed besides
    nuget.org and nuget.org lacks them."""
    yield from mark_from_other_sources(mentions, "nuget", lambda: feeds(source),
                                       "it is restored from {url} too ({where}), a feed depguard does not ask")
