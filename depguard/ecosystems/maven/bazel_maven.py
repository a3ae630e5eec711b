"""A Bazel workspace's Maven artifacts (rules_jvm_external): the ``artifacts`` of each ``maven.install(…)`` call of a
``MODULE.bazel`` (bzlmod) and ``maven_install(…)`` call of a ``WORKSPACE``, written as coordinates
(``"junit:junit:4.12"``, ``"g:a:packaging:version"``, ``"g:a:packaging:classifier:version"``; the name is
``group:artifact``, the last part its version when there are three or more), or as ``maven.artifact(group = "g", artifact
= "a", version = "v")`` (a bzlmod tag, or the specs.bzl helper inside the list). Coursier resolves them from the call's
``repositories``: when one is not a repository depguard asks (``https://jcenter.bintray.com/``, a company's mirror), the
call's names are not checked where Central lacks them, as a Gradle build's (:mod:`.repositories`). A list named by a
variable (``artifacts = MAVEN_ARTIFACTS``) and a coordinate built by formatting (``"g:a:%s" % VERSION``) name nothing
here. Before, no format read these files (held-out set 288: bazelbuild/examples' java-maven and Android examples).
Starlark is read, never run; each call is read to its closing parenthesis (quoted strings and comments skipped), once."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from .repositories import ASKED, mark_unasked

PARSER = "bazel-maven"
INSTALL = re.compile(r"\b(?:maven\.install|maven_install)[ \t]*\(")
ARTIFACT_CALL = re.compile(r"\bmaven\.artifact[ \t]*\(")
LIST_OF = re.compile(r"\b(artifacts|repositories)[ \t]*=[ \t]*\[")
STRING = re.compile(r"""#[^\n]*|"([^"\\\n]*)"|'([^'\\\n]*)'""")  # a comment (no groups) or a string
KEYWORD = re.compile(r"""\b(group|artifact|version)[ \t]*=[ \t]*(?:"([^"\\\n]*)"|'([^'\\\n]*)')""")
PART = re.compile(r"[A-Za-z0-9_.-]+\Z")
NEWLINE = re.compile(r"\n")
COMMENT_LOOKBACK = 200
CALL_LIMIT = 512 * 1024  # a call read to its closing parenthesis, at most this many characters
OPENING, CLOSING = "([{", ")]}"


def _closing(text: str, start: int, limit: int = CALL_LIMIT) -> int:
    """The index just past the bracket closing the one before ``start`` (strings and ``#`` comments skipped), or the
    end of what is read."""
    depth, i, end = 1, start, min(len(text), start + limit)
    while i < end:
        c = text[i]
        if c in "\"'":
            close = text.find(c, i + 1)
            newline = text.find("\n", i + 1)
            i = (close if close != -1 and (newline == -1 or close < newline) else (newline if newline != -1 else end)) + 1
            continue
        if c == "#":
            newline = text.find("\n", i)
            i = newline if newline != -1 else end
            continue
        if c in OPENING:
            depth += 1
        elif c in CLOSING:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return end


class _Lines:
    """Line and column of an offset of one text (the line starts found once, each offset by bisection)."""

    def __init__(self, text: str) -> None:
        self.starts = [0, *(m.end() for m in NEWLINE.finditer(text))]

    def position(self, offset: int) -> tuple[int, int]:
        k = bisect_right(self.starts, offset) - 1
        return k + 1, offset - self.starts[k] + 1


def _coordinate(value: str) -> tuple[str, str | None] | None:
    """(group:artifact, version or None) of a rules_jvm_external coordinate, None when it is no plain one."""
    parts = value.split(":")
    if len(parts) < 2 or len(parts) > 5 or not all(PART.match(p) for p in parts):
        return None
    return f"{parts[0]}:{parts[1]}", parts[-1] if len(parts) >= 3 else None


def _artifact_call(source: Source, text: str, at: int, end: int, lines: _Lines) -> Mention | None:
    """The mention of a ``maven.artifact(group = …, artifact = …, version = …)`` call whose body is ``text[at:end]``."""
    found: dict[str, tuple[str, int]] = {}
    for m in KEYWORD.finditer(text, at, end):
        value = m.group(2) if m.group(2) is not None else m.group(3)
        found.setdefault(m.group(1), (value, m.start(2) if m.group(2) is not None else m.start(3)))
    if "group" not in found or "artifact" not in found:
        positional = [(m.group(1) if m.group(1) is not None else m.group(2), m.start() + 1)
                      for m in STRING.finditer(text, at, end) if m.group(1) is not None or m.group(2) is not None]
        if len(positional) < 2 or found:
            return None
        found = {"group": positional[0], "artifact": positional[1]}
        if len(positional) >= 3:
            found["version"] = positional[2]
    group, where = found["group"]
    artifact = found["artifact"][0]
    if not PART.match(group) or not PART.match(artifact):
        return None
    version = found.get("version", ("", 0))[0]
    line, column = lines.position(where)
    return source.mention("maven", f"{group}:{artifact}", line, column, Origin.MANIFEST, PARSER,
                          spec=version if version and PART.match(version) else None)


def _calls(text: str, pattern: re.Pattern[str], start: int = 0, end: int | None = None) -> Iterator[tuple[int, int]]:
    """(start, end) of each call's body of ``pattern`` in ``text[start:end]`` outside comments; a call inside another's
    body is not looked for again (each character is read once, however many calls open and none closes)."""
    stop = len(text) if end is None else end
    pos = start
    while pos < stop:
        call = pattern.search(text, pos, stop)
        if call is None:
            return
        line_start = text.rfind("\n", max(0, call.start() - COMMENT_LOOKBACK), call.start()) + 1
        if "#" in text[max(line_start, call.start() - COMMENT_LOOKBACK):call.start()]:
            pos = call.end()
            continue  # a commented-out call (a '#' before it on its line, looked for a few characters back)
        closed = _closing(text, call.end())
        yield call.end(), closed
        pos = max(closed, call.end())


@file_format("bazel-maven", ("MODULE.bazel", "*.MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "WORKSPACE.bzlmod"),
             ecosystem="maven", description="rules_jvm_external's maven.install / maven_install artifacts and "
                                            "maven.artifact tags of a Bazel workspace")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "maven" not in text:
        return
    lines = _Lines(text)
    artifact_calls: list[tuple[int, int]] = []  # maven.artifact(…) calls read as a list's items
    for start, end in _calls(text, INSTALL):
        mentions: list[Mention] = []
        urls: list[str] = []
        for listed in LIST_OF.finditer(text, start, end):
            list_end = _closing(text, listed.end())
            if listed.group(1) == "repositories":
                urls += [m.group(1) or m.group(2) or "" for m in STRING.finditer(text, listed.end(), list_end)
                         if m.group(1) is not None or m.group(2) is not None]
                continue
            inner = list(_calls(text, ARTIFACT_CALL, listed.end(), list_end))
            artifact_calls += inner
            mentions += [found for found in (_artifact_call(source, text, s, e - 1, lines) for s, e in inner) if found is not None]
            starts = [s for s, _ in inner]  # in order: the call a string may lie in is found by bisection
            for m in STRING.finditer(text, listed.end(), list_end):
                k = bisect_right(starts, m.start()) - 1
                if k >= 0 and m.start() < inner[k][1]:
                    continue  # a maven.artifact(…) item's string, read above
                value = m.group(1) if m.group(1) is not None else m.group(2)
                coordinate = _coordinate(value) if value is not None else None  # None: a comment
                if coordinate is None:
                    continue
                line, column = lines.position(m.start() + 1)
                mentions.append(source.mention("maven", coordinate[0], line, column, Origin.MANIFEST, PARSER,
                                               spec=coordinate[1]))
        where = source.path.replace("\\", "/").rpartition("/")[2]
        unasked = [(url, where) for url in urls if url.startswith(("http://", "https://")) and not ASKED.match(url)]
        yield from mark_unasked(mentions, unasked.copy)
    read = set(artifact_calls)
    for start, end in _calls(text, ARTIFACT_CALL):
        if (start, end) in read:
            continue  # read with its install's list
        found = _artifact_call(source, text, start, end - 1, lines)
        if found is not None:
            yield found
