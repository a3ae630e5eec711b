"""Package lists a script installs from: files no name pattern makes a manifest, read because a command names them.

Dotfiles and machine-setup repositories keep what they install in plain lists that their scripts feed to an
installer: ``npm install -g $(cat install/npmfile)``, ``xargs -a packages.txt pipx install``, ``cargo install
$(shell cat install/Rustfile)`` in a Makefile, ``brew bundle --file install/Caskfile``. A scan reads such a
file where the shell model says a script or Makefile installs from it (:class:`depguard.commands.Manifest`),
as the list it is: one name a line (``names``), a pip requirements file, or the tool's own manifest format
(a Brewfile for ``brew bundle``). Its names are judged as a manifest's, located in that file.

Only files inside the scanned tree, named by a path the line tells (no variable, no absolute path), found
beside the script or at the scan root, and that the walk does not read anyway under a format of their own.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterable, Iterator

from ..model import Mention, Origin
from . import Source, formats_for, get_format

# where a version or a range starts in a listed word (`prettier@3`, `numpy=1.26`, `cargo-update@^13`); an npm
# scope's own `@` is the first letter
SPEC_START = re.compile(r"(?<=.)[=<>~!;@\[]")


def without_template_spans(line: str) -> str:
    """``line`` with each template expression or statement (Go's and Jinja's ``{{ … }}``, ``{% … %}``: a chezmoi
    template's list) made one word of NUL characters of its width: a word holding one is made by the template, no
    name written there."""
    if "{{" not in line and "{%" not in line:
        return line
    from ..commands.placeholders import EXPRESSION, STATEMENT

    for pattern in (EXPRESSION, STATEMENT):
        line = pattern.sub(lambda m: "\0" * (m.end() - m.start()), line)
    return line


def names_list_mentions(source: Source, ecosystem: str) -> Iterator[Mention]:
    """A list of names, one per line or separated by blanks, each maybe with a version (``name@3``,
    ``name=1.2``); ``#`` starts a comment; a word a template makes (``{{ .extra }}``, ``tool-{{ .v }}``) is none."""
    for line_no, line in enumerate(source.text.splitlines(), 1):
        start = 0
        line = without_template_spans(line)
        for word in line.split():
            if word.startswith("#"):
                break
            if "\0" in word:
                start = line.index(word, start) + len(word)
                continue
            col = line.index(word, start) + 1
            start = col - 1 + len(word)
            at = SPEC_START.search(word)
            name, spec = (word[:at.start()], word[at.start():].lstrip("@")) if at else (word, None)
            yield source.mention(ecosystem, name, line_no, col, Origin.MANIFEST, "names", spec=spec)


def mentions_of_named_lists(source: Source, manifests: Iterable) -> Iterator[Mention]:
    """The mentions of the package lists that the commands of ``source`` (a script or a Makefile) install from."""
    from ..commands._analysis import PLACEHOLDER
    from ..commands.declared import ecosystem

    seen: set[str] = set()
    for m in manifests:
        if m.format not in ("names", "requirements", "file") or m.written or m.appended:
            continue
        if m.format == "file":  # the tool's own manifest format (`brew bundle --file F`: a Brewfile), if declared
            facts = ecosystem(m.ecosystem)
            fmt = facts.tool_file if facts is not None else ""
        else:
            fmt = m.format
        if not fmt:
            continue
        for name in m.files:
            if posixpath.isabs(name) or PLACEHOLDER.search(name) or name.startswith("~") or "$" in name:
                continue
            if any(f.kind != "document" for f in formats_for(name)):
                continue  # a manifest the walk reads where it is
            got = _read(source, posixpath.normpath(name))
            if got is None or got[0] in seen:
                continue
            seen.add(got[0])
            shown, text, fs_path = got
            listed = Source(path=shown, text=text, fs_path=fs_path, root=source.root, hints=source.hints,
                            problems=source.problems, max_related_bytes=source.max_related_bytes, files=source.files)
            if fmt == "names":
                yield from names_list_mentions(listed, m.ecosystem)
            else:
                yield from get_format(fmt).parse(listed)


def _read(source: Source, name: str):
    """(shown, text, path on disk) of ``name`` beside the file ``source`` is, else at the scan root; or None."""
    if source.fs_path is None:
        return None
    here = source.fs_path.parent
    candidates = [name]
    if source.root is not None and here.resolve() != source.root.resolve():
        candidates.append(os.path.relpath(source.root / name, here))
    for relative in candidates:
        got = source.read_related(relative)  # a missing one is recorded too: the parse cache sees it appear
        if got is not None:
            return got[0], got[1], (here / relative).resolve()
    return None
