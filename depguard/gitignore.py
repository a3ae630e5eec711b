"""Whether the tree's ``.gitignore`` files ignore a folder: read statically, as git reads them (no git process;
each pattern line translated by the ``pathspec`` library's gitignore pattern).

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
from collections.abc import Iterator

from .fsview import memo, text_of
from .records import record

MAX_BYTES = 256 * 1024  # a .gitignore larger than this is not a hand-written one; it is not read
# pathspec's expression for a folder name of several stars (``*a*a*a*b`` → ``[^/]*a[^/]*a[^/]*a[^/]*b``) backtracks over
# every way the stars can split a long name it does not match, each star multiplying the work (l39, session 39: nine
# stars against a folder of 40 letters, 11 s; the tree writes both). A rule with more stars than this in one part of
# its path is not used: 33 of the 85,915 lines of the top-level .gitignore files of the 1,418 mirrored corpus
# repositories have 3 or more, all file names (Node's template ``report.[0-9]*.[0-9]*.[0-9]*.[0-9]*.json``,
# ``cypress*env*json*``), none a folder of code
MAX_STARS = 2


@record(frozen=True)
class Rule:
    """One pattern line of a ``.gitignore``."""

    file: str  # the .gitignore, relative to the scan root (POSIX)
    line: int  # 1-based
    pattern: str  # as written (trailing spaces dropped)
    regex: re.Pattern[str]  # matched against a folder's path relative to the .gitignore's folder, with a "/" after
    negated: bool = False


def parse_rules(text: str, file: str) -> tuple[Rule, ...]:
    """The rules of one ``.gitignore`` (``file``: its path relative to the scan root). Each line is translated by
    pathspec's gitignore pattern (comments, escapes, trailing spaces, ``!``, anchoring, ``**`` and a trailing
    ``/`` as git reads them); its expression is matched against a folder's path with a trailing ``/``."""
    from pathspec.patterns.gitignore.spec import GitIgnorePatternError, GitIgnoreSpecPattern

    rules: list[Rule] = []
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip("\r")
        try:
            regex, include = GitIgnoreSpecPattern.pattern_to_regex(line)
        except (GitIgnorePatternError, ValueError, re.error):
            continue  # a line git would not use either (a lone "!", an unclosed range git reads literally: skipped)
        if regex is None or include is None:
            continue  # blank or a comment
        if max((len(re.findall(r"\*+", part)) for part in line.split("/") if part != "**"), default=0) > MAX_STARS:
            continue  # a name of many stars (see MAX_STARS): its expression's work grows as a power of the name's length
        try:
            compiled = re.compile(regex, re.S)
        except re.error:
            continue
        rules.append(Rule(file, number, line.rstrip(" "), compiled, not include))
    return tuple(rules)


@memo(maxsize=1024)
def _rules_of(root: str, folder: str) -> tuple[Rule, ...]:
    """The rules of the ``.gitignore`` in ``folder`` (relative to ``root``), none when it has none."""
    rel = f"{folder}/.gitignore" if folder else ".gitignore"
    text = text_of(os.path.join(root, rel), MAX_BYTES)
    return parse_rules(text, rel) if text else ()


def _deciding_rules(root: str, folder: str) -> Iterator[Rule | None]:
    """For ``folder`` (relative to ``root``, POSIX) and each folder above it, from the topmost down, the last rule of
    the tree's ``.gitignore`` files that matches it (shallow to deep: a deeper file overrides), None where none does."""
    parts = [p for p in folder.split("/") if p]
    if not parts or any(p in ("..", ".") for p in parts):
        return
    for depth in range(1, len(parts) + 1):
        found: Rule | None = None
        for at in range(depth):
            base = "/".join(parts[:at])
            below = "/".join(parts[at:depth])
            for rule in _rules_of(root, base):
                if rule.regex.match(below + "/"):
                    found = rule
        yield found


def ignoring_rule(root: str, folder: str) -> Rule | None:
    """The rule of the tree's ``.gitignore`` files that makes git ignore ``folder`` (relative to ``root``,
    POSIX), or one of the folders above it, whose contents git never looks into; None when git does not
    ignore it. Only the tree's own ``.gitignore`` files count (not ``.git/info/exclude`` or a user's global
    excludes: they are no part of the project)."""
    for found in _deciding_rules(root, folder):  # an ignored parent ignores all below
        if found is not None and not found.negated:
            return found
    return None


def unignoring_rule(root: str, folder: str) -> Rule | None:
    """The negated rule (``!node_modules``) of the tree's ``.gitignore`` files that decides last about ``folder``
    (relative to ``root``, POSIX): the project tells git to look into a folder another rule ignores, so what it
    holds is committed on purpose. None when no negation decides, or when a folder above it is ignored."""
    found: Rule | None = None
    for found in _deciding_rules(root, folder):
        if found is not None and not found.negated:
            return None
    return found if found is not None and found.negated else None


# a rule that ignores every file of a kind, at any depth or at its folder's top (``*.js``, ``/*.map``)
_EXTENSION_ONLY = re.compile(r"/?\*\.[A-Za-z0-9.]+")


def ignoring_file_rule(root: str, path: str) -> Rule | None:
    """The rule that makes git ignore the file ``path`` (relative to ``root``, POSIX): a rule of the folders above it
    (:func:`ignoring_rule`), else the last rule of the ``.gitignore`` files above it, shallow to deep, that matches
    the file's own path; a folder-only rule (``build/``) does not match a file. None when git does not ignore it."""
    parts = [p for p in path.split("/") if p]
    if not parts or any(p in ("..", ".") for p in parts):
        return None
    if len(parts) > 1:
        above = ignoring_rule(root, "/".join(parts[:-1]))
        if above is not None:
            return above
    found: Rule | None = None
    for at in range(len(parts)):
        for rule in _rules_of(root, "/".join(parts[:at])):
            if not rule.pattern.endswith("/") and rule.regex.match("/".join(parts[at:])):
                found = rule
    return found if found is not None and not found.negated else None


def ignored_in_a_folder_it_names(root: str, name: str) -> Rule | None:
    """A rule of the root's ``.gitignore`` that names a folder and makes git ignore a file ``name`` in it
    (``data/*.sheet.json`` ignores ``data/strings.sheet.json``): a file the project's build writes into that folder.
    Only rules whose folder part is a plain path count (no glob, no ``**``); None when no such rule ignores it."""
    for rule in _rules_of(root, ""):
        folder = rule.pattern.lstrip("/").rpartition("/")[0]
        if rule.negated or not folder or any(ch in folder for ch in "*?[\\"):
            continue
        path = f"{folder}/{name}"
        if rule.regex.match(path) and ignoring_file_rule(root, path) is not None:  # and no later "!" re-includes it
            return rule
    return None


def ignores_every_file_of_a_kind(rule: Rule) -> bool:
    """Whether ``rule`` ignores files by their extension alone (``*.js``): what a project that compiles in place
    writes beside each source, which says nothing of a file whose source the tree lacks."""
    return bool(_EXTENSION_ONLY.fullmatch(rule.pattern))
