"""Whether the tree's ``.gitignore`` files ignore a folder: read statically, as git reads them (no git process).

A folder that git ignores and that is absent from the tree is build output: what a build step or a script
generates into it (protoc's bindings in ``bin/_generated/``) cannot be seen in the tree. The rules are git's
(``gitignore(5)``): blank lines and ``#`` comments skipped, ``\\#``/``\\!`` escapes, trailing spaces dropped
unless escaped, ``!`` re-includes, a trailing ``/`` matches folders only, a ``/`` at the start or in the middle
anchors the pattern to the folder of its ``.gitignore`` (else it matches a name at any depth), ``*``/``?``/``[…]``
do not cross ``/``, ``**/``, ``/**`` and ``/**/`` do; a deeper ``.gitignore`` overrides a shallower one, a later
line an earlier one, and nothing below an ignored folder is re-included. Files are read through the active
recording view (:func:`depguard.fsview.active`), so a parse that depends on them is cached with them.
"""

from __future__ import annotations

import os
import re

from .fsview import memo, text_of
from .records import record

MAX_BYTES = 256 * 1024  # a .gitignore larger than this is not a hand-written one; it is not read


@record(frozen=True)
class Rule:
    """One pattern line of a ``.gitignore``."""

    file: str  # the .gitignore, relative to the scan root (POSIX)
    line: int  # 1-based
    pattern: str  # as written (trailing spaces dropped)
    regex: re.Pattern[str]  # matched against a path relative to the .gitignore's folder
    negated: bool = False
    folders_only: bool = False


def _glob(segment: str) -> str:
    """The regular expression of one path segment of a pattern: ``*`` and ``?`` do not match ``/``."""
    out: list[str] = []
    i = 0
    while i < len(segment):
        c = segment[i]
        if c == "\\" and i + 1 < len(segment):
            out.append(re.escape(segment[i + 1]))
            i += 2
            continue
        if c == "*":
            out.append("[^/]*")
        elif c == "?":
            out.append("[^/]")
        elif c == "[":
            end = segment.find("]", i + 2 if segment[i + 1:i + 2] in ("!", "^") else i + 1)
            if end < 0:
                out.append(re.escape(c))
            else:
                body = segment[i + 1:end]
                negate = body[:1] in ("!", "^")
                body = body[1:] if negate else body
                out.append("[" + ("^/" if negate else "") + body.replace("\\", "\\\\").replace("[", "\\[") + "]")
                i = end + 1
                continue
        else:
            out.append(re.escape(c))
        i += 1
    return "".join(out)


def compile_pattern(pattern: str) -> re.Pattern[str] | None:
    """The regular expression (full match, against a path relative to the .gitignore's folder) of one pattern
    without its ``!`` and trailing ``/``; None for an empty one."""
    anchored = "/" in pattern
    segments = pattern.strip("/").split("/")
    if segments == [""]:
        return None
    if not anchored:  # a name at any depth below the .gitignore's folder
        return re.compile("(?:.*/)?" + _glob(segments[0]) + r"\Z", re.S)
    out: list[str] = []
    for i, seg in enumerate(segments):
        last = i == len(segments) - 1
        if seg == "**":
            out.append(".*" if last else "(?:.*/)?")
        else:
            out.append(_glob(seg) + ("" if last else "/"))
    return re.compile("".join(out) + r"\Z", re.S)


def parse_rules(text: str, file: str) -> tuple[Rule, ...]:
    """The rules of one ``.gitignore`` (``file``: its path relative to the scan root)."""
    rules: list[Rule] = []
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        stripped = line.rstrip(" ")
        if stripped.endswith("\\") and len(stripped) < len(line):
            stripped += " "  # an escaped trailing space stays
        if not stripped or stripped.startswith("#"):
            continue
        negated = stripped.startswith("!")
        body = stripped[1:] if negated else stripped
        if body.startswith(("\\#", "\\!")):
            body = body[1:]
        folders_only = body.endswith("/")
        regex = compile_pattern(body.rstrip("/") if folders_only else body)
        if regex is not None:
            rules.append(Rule(file, number, stripped, regex, negated, folders_only))
    return tuple(rules)


@memo(maxsize=1024)
def _rules_of(root: str, folder: str) -> tuple[Rule, ...]:
    """The rules of the ``.gitignore`` in ``folder`` (relative to ``root``), none when it has none."""
    rel = f"{folder}/.gitignore" if folder else ".gitignore"
    text = text_of(os.path.join(root, rel), MAX_BYTES)
    return parse_rules(text, rel) if text else ()


def ignoring_rule(root: str, folder: str) -> Rule | None:
    """The rule of the tree's ``.gitignore`` files that makes git ignore ``folder`` (relative to ``root``,
    POSIX), or one of the folders above it, whose contents git never looks into; None when git does not
    ignore it. Only the tree's own ``.gitignore`` files count (not ``.git/info/exclude`` or a user's global
    excludes: they are no part of the project)."""
    parts = [p for p in folder.split("/") if p]
    if not parts or any(p in ("..", ".") for p in parts):
        return None
    for depth in range(1, len(parts) + 1):  # from the topmost folder down: an ignored parent ignores all below
        found: Rule | None = None
        for at in range(depth):  # the .gitignore files above the folder, shallow to deep: a deeper one overrides
            base = "/".join(parts[:at])
            below = "/".join(parts[at:depth])
            for rule in _rules_of(root, base):
                if rule.regex.match(below):
                    found = rule
        if found is not None and not found.negated:
            return found
    return None
