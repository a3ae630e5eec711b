"""The packages a version manager installs with every runtime it installs: ``~/.default-npm-packages`` and its kin.

asdf's and mise's language plug-ins (and rbenv-default-gems) install the packages a file in the home folder lists
right after each Node.js, Python, Ruby, Rust or Go they install; no command names the file, its name is the
contract. Dotfiles repositories keep these files with the dot or without it (an install script links them into
place) or under chezmoi's ``dot_`` name. Each ecosystem declares its file as a format of its own (npm's
``.default-npm-packages``, RubyGems' ``.default-gems``, …; PyPI's ``.default-python-packages`` is a requirements
file, the plug-ins give it to ``pip install -r``) and reads it with :func:`default_packages`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source
from .named_lists import names_list_mentions, without_template_spans


def default_packages(source: Source, ecosystem: str, names_after_first: bool) -> Iterator[Mention]:
    """The names of a default-packages file: with ``names_after_first`` every blank-separated word is a name
    (``name@version``, as npm's and Go's lists write them), else the first word of a line is the name and the rest
    of it is its version or options (``rails 7.1``, ``rubocop --pre``: a gem or crate a line). ``#`` starts a
    comment."""
    if names_after_first:
        yield from names_list_mentions(source, ecosystem)
        return
    for line_no, line in enumerate(source.text.splitlines(), 1):
        line = without_template_spans(line)
        words = line.split("#", 1)[0].split()
        if not words or words[0].startswith("-") or "\0" in words[0]:
            continue
        yield source.mention(ecosystem, words[0], line_no, line.index(words[0]) + 1, Origin.MANIFEST,
                             "default-packages", spec=" ".join(w for w in words[1:] if "\0" not in w) or None)
