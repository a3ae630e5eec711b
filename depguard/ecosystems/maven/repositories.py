"""The Maven repositories a build resolves from besides the ones depguard asks (Maven Central, Google's Maven
repository, the Gradle Plugin Portal, JitPack: maven.py): a POM's ``<repositories>``/``<pluginRepositories>``
``<url>``, a Gradle script's ``repositories { maven { url "…" } }`` (``maven("…")``, ``url = uri("…")``, a URL named by
a variable too), in the build file itself or in the build files of the folders above it (a multi-project build's
root ``build.gradle``/``settings.gradle``, a parent ``pom.xml``), read through the view.

An artifact such a build declares may be published there only: Confluent's ``io.confluent:kafka-avro-serializer``
comes from ``https://packages.confluent.io/maven/``, which Kafka services declare beside it, and Maven Central has no
such name, so it was a DG001 with the real Central. The build's Maven names are marked not checked when the asked
repositories lack them (:class:`~depguard.model.Example` with ``unchecked`` and ``ok_passes``): a name Central has
passes as before, one it lacks is not checked (DG100, never a pass), since it may be in that repository.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator

from ...model import Mention
from ...parsers import Source
from ...parsers.other_sources import mark_from_other_sources

ASKED = re.compile(r"^https?://(?:repo1\.maven\.org|repo\.maven\.apache\.org|repo\.maven\.org|central\.sonatype\.com"
                   r"|maven\.google\.com|dl\.google\.com|plugins\.gradle\.org|jitpack\.io|www\.jitpack\.io)(?:[/:]|$)")
# the <repositories> and <pluginRepositories> a build resolves from (not <distributionManagement>'s, where it deploys)
POM_REPOSITORIES = re.compile(r"<(?P<tag>repositories|pluginRepositories)>(?P<body>.*?)</(?P=tag)>", re.S)
POM_URL = re.compile(r"<url>\s*(?P<url>[^<\s]+)\s*</url>")
GRADLE_BLOCK = re.compile(r"\brepositories\s*\{")
PUBLISHING = re.compile(r"\b(?:publishing|uploadArchives)\s*\{")  # where a build deploys, not where it resolves from
# maven { url "…" } / maven { url = uri("…") } / maven { setUrl("…") } / maven("…") / maven(url = "…") / ivy { url … }
# (the body of a maven { … } block is read to its closing brace: it may hold a content { includeGroup … } block, as
# each repository of a Minecraft mod's build does (XFactHD/FramedBlocks, held-out set 273))
GRADLE_REPO = re.compile(r"""\b(?:maven|ivy)\s*(?:\(\s*(?:url\s*=\s*)?(?:uri\(\s*)?(?P<call>["'][^"'\n]+["']|[\w.$]+)"""
                         r"""|(?P<body>\{))""")
GRADLE_URL = re.compile(r"""\b(?:url|setUrl)\b\s*(?:=\s*)?\(?\s*(?:uri\(\s*|file\(\s*)?(?P<url>["'][^"'\n]+["']|[\w.$]+)""")
REPO_BODY_LIMIT = 4000  # a repository's block is a few lines: a run of unclosed "maven {" is not read to its end from each
BUILD_FILES = ("pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts")


def _shown(url: str) -> str | None:
    """The URL as shown, None for a repository depguard asks; a variable is shown as the words it is written with."""
    if url[:1] in "\"'":
        url = url[1:-1]
        return None if ASKED.match(url) else url
    return f"the repository {url} names" if url not in ("true", "false") else None


def _block(text: str, start: int, limit: int | None = None) -> str:
    """The text of the ``{ … }`` block whose brace is just before ``start`` (read ``limit`` characters at most)."""
    depth, i, end = 1, start, len(text) if limit is None else min(len(text), start + limit)
    while i < end and depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[start:i - 1]


def other_repositories(text: str, name: str) -> list[str]:
    """The repositories (URLs as shown) a build file ``name`` declares that depguard does not ask."""
    out: list[str] = []
    if name == "pom.xml" or name.endswith(".pom"):
        for block in POM_REPOSITORIES.finditer(text) if "epositories>" in text else ():
            for url in POM_URL.finditer(block.group("body")):
                shown = _shown(f'"{url.group("url")}"')
                if shown:
                    out.append(shown if "${" not in shown else f"the repository {shown} names")
        return out
    if "repositories" not in text:
        return out
    deploying = [(m.end(), m.end() + len(_block(text, m.end()))) for m in PUBLISHING.finditer(text)]
    for block in GRADLE_BLOCK.finditer(text):
        if any(start <= block.start() < end for start, end in deploying):
            continue
        body = _block(text, block.end())
        for repo in GRADLE_REPO.finditer(body):
            found = repo.group("call")
            if found is None:
                in_body = GRADLE_URL.search(_block(body, repo.end(), REPO_BODY_LIMIT))
                found = in_body.group("url") if in_body else None
            shown = _shown(found) if found else None
            if shown:
                out.append(shown)
    return out


def _declared(text: str, name: str) -> tuple[str, ...]:
    return tuple(other_repositories(text, name))


def build_repositories(source: Source) -> list[tuple[str, str]]:
    """(repository as shown, the build file declaring it) for ``source`` and the build files of the folders above it."""
    from ...imports import files_above, read_related

    name = source.path.replace("\\", "/").rpartition("/")[2]
    out = [(url, _where(source, source.fs_path) if source.fs_path else name) for url in other_repositories(source.text, name)]
    if source.fs_path is None:
        return out
    for build in BUILD_FILES:
        for path in files_above(source, build):
            if path != source.fs_path:
                out += [(url, _where(source, path)) for url in read_related(source, path, lambda t, n=build: _declared(t, n)) or ()]
    return out


def _where(source: Source, path) -> str:  # path: pathlib.Path
    root = source.root
    return path.relative_to(root).as_posix() if root is not None and root in path.parents else path.name


def mark_other_repositories(source: Source, mentions: Iterable[Mention]) -> Iterator[Mention]:
    """``mentions`` (one build file's), its Maven manifest names marked not checked when the build resolves from a
    repository depguard does not ask and the asked ones lack them."""
    yield from mark_unasked(mentions, lambda: build_repositories(source))


def mark_unasked(mentions: Iterable[Mention], repositories: Callable[[], list[tuple[str, str]]]) -> Iterator[Mention]:
    """``mentions`` marked not checked when ``repositories`` (asked only when a name is missing: (url, where it is
    set)) holds one depguard does not ask: Gradle's and Maven's builds, sbt's resolvers, Mill's repositories."""
    yield from mark_from_other_sources(mark_snapshots(mentions), "maven", repositories,
                                       "its build also resolves from {url} ({where}), a repository depguard does not ask")


SNAPSHOT = "a -SNAPSHOT version, which Maven Central never serves: it comes from a snapshot repository depguard does not ask"


def mark_snapshots(mentions: Iterable[Mention]) -> Iterator[Mention]:
    """``mentions`` whose version is a ``-SNAPSHOT`` marked not checked when Maven Central lacks the name: Central
    holds releases only (Maven's super POM disables snapshots for it), so a build asking for a snapshot takes it from a
    snapshot repository of its own settings (rn-calendars' pom.xml, held-out set 285: the parent
    ``com.wixpress.common:wix-master-parent`` at ``100.0.0-SNAPSHOT``, Wix's internal parent POM), and a name Central
    lacks cannot be served to it from there. A name Central has is judged as usual."""
    from ...model import Example, Origin
    from ...records import replace

    example = None
    for m in mentions:
        if (m.key.ecosystem == "maven" and m.origin in (Origin.MANIFEST, Origin.LOCKFILE) and m.example is None
                and (m.spec or "").strip().upper().endswith("-SNAPSHOT")):
            example = example or Example(SNAPSHOT, any_verdict=True, setting=None, unchecked=True, ok_passes=True,
                                         doubts_judged=True)
            m = replace(m, example=example)
        yield m
