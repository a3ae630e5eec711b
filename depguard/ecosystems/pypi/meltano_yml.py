"""Meltano's project file (``meltano.yml``, and the ``*.meltano.yml`` files its ``include_paths`` merge into it): each
plugin's ``pip_url``, the arguments ``meltano install`` gives ``pip install`` in the plugin's own virtual environment
(Meltano's docs, "Plugin Management": ``pip_url`` is "the pip install argument(s)"). It is install input like a
requirements line, one plugin per entry of ``plugins.<type>``:

    plugins:
      loaders:
      - name: target-jsonl
        variant: andyh1203
        pip_url: target-jsonl
      utilities:
      - name: sqlfluff
        pip_url: sqlfluff==2.0.3; sqlfluff-templater-dbt==2.0.3
      - name: dbt-snowflake
        pip_url: dbt-core~=1.3.0 dbt-snowflake~=1.3.0 git+https://github.com/meltano/dbt-ext.git@c6a30ca

Several requirements are written apart by blanks (meltano/squared writes them with ``;`` after each too: the ``;``
ends the word, no marker follows). pip's options and the value of those that take one (``-e .``, a Singer tap's own
folder; ``--constraint <url>``) name no package; URL, VCS, archive and local path words, a word made of a variable
(``$MELTANO_PROJECT_ROOT/…``, expanded by Meltano from the environment) and ``name @ url`` neither. A plugin with no
``pip_url`` (a ``inherit_from`` of another, or one Meltano's hub resolves by ``variant``) names nothing here. An
``--index-url`` of another index takes the words from there (not checked unless PyPI has them); an
``--extra-index-url`` alone adds to PyPI, and a name PyPI lacks is still judged.
"""

from __future__ import annotations

import bisect
import itertools
import shlex

from ... import lazyre
from ...parsers import file_format
from ...parsers._util import load_mapping
from ._python import LOCAL_PATH, from_other_index, other_index_url, requirement_mention
from .tools import ARCHIVE, PIP_INSTALL

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

PARSER = "meltano-yml"
# a line holding a plugin's pip_url key (a list item's first key or a later one), not a comment
PIP_URL_LINE = lazyre.compile(r"^[ \t]*(?:-[ \t]+)?pip_url[ \t]*:[ \t]*")
REPLACING_INDEX = frozenset({"-i", "--index-url"})


@file_format(PARSER, ("meltano.yml", "*.meltano.yml"), ecosystem="pypi", kind="manifest",
             description="Meltano's meltano.yml: each plugin's pip_url (pip-installed by `meltano install`)")
def parse(source: Source) -> Iterator[Mention]:
    if "pip_url" not in source.text:
        return
    data = load_mapping(source.text, "meltano.yml")
    if data is None:
        return
    plugins = data.get("plugins")
    if not isinstance(plugins, dict):
        return
    urls = [p["pip_url"] for kind in plugins.values() if isinstance(kind, list)
            for p in kind if isinstance(p, dict) and isinstance(p.get("pip_url"), str)]
    text = source.text
    lines = text.splitlines(keepends=True)
    starts = list(itertools.accumulate((len(one) for one in lines), initial=0))
    keyed = [(n, m.end()) for n, one in enumerate(lines, 1) if (m := PIP_URL_LINE.match(one))]
    by_value: dict[str, list[int]] = {}
    for at in reversed(range(len(keyed))):
        n, end = keyed[at]
        by_value.setdefault(written_value(lines[n - 1][end:]), []).append(at)
    for index, url in enumerate(urls):
        # each plugin's pip_url key: the next one holding this value on its line; else (a value folded over lines,
        # written with escapes) the plugin's place among the file's pip_url keys
        placed = by_value.get(url.strip())
        at = placed.pop() if placed else index
        if at >= len(keyed):
            yield from pip_url_mentions(source, url, None, starts)
            continue
        n, end = keyed[at]
        limit = starts[keyed[at + 1][0] - 1] if at + 1 < len(keyed) else len(text)
        yield from pip_url_mentions(source, url, (starts[n - 1] + end, limit), starts)


def written_value(text: str) -> str:
    """A pip_url key's value as written on its line: without a comment after it and its quotes."""
    value = text.split(" #", 1)[0].strip()
    return value[1:-1] if len(value) > 1 and value[0] == value[-1] and value[0] in "'\"" else value


def pip_url_mentions(source: Source, url: str, span: tuple[int, int] | None, starts: list[int]) -> Iterator[Mention]:
    """The registry names among one ``pip_url``'s pip arguments, each placed where it is written in ``span`` (the
    value's offsets in the file, up to the next pip_url key), found in order from the value's start; a word not found
    there as written (YAML escapes) and every word after it are placed at the value's start."""
    try:
        words = shlex.split(url)
    except ValueError:
        words = url.split()  # an unclosed quote: read word by word
    text = source.text
    lines = text.splitlines()
    found: list[Mention] = []
    replaced: str | None = None
    skip = False
    cursor, limit = span if span is not None else (0, 0)
    home = line_col(starts, cursor) if span is not None else (None, None)
    for i, word in enumerate(words):
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            option, _, value = word.partition("=")
            if option in PIP_INSTALL.with_value and not value:
                skip = True
                value = words[i + 1] if i + 1 < len(words) else ""
            if option in REPLACING_INDEX and other_index_url(value) is not None:
                replaced = f"meltano installs it from {other_index_url(value)} (pip_url's {option}) only"
            continue
        if word == "@":  # ``name @ url``: the name is the URL's, not the registry's
            if found and found[-1].written == words[i - 1]:
                found.pop()
            skip = True
            continue
        word = word.rstrip(";,")
        if (not word or "$" in word or "://" in word or word.startswith(("/", "~", "git+", "file:"))
                or LOCAL_PATH.match(word) or ARCHIVE.search(word) or "/" in word.split("@", 1)[0]
                or "\\" in word):
            continue
        line, col = home
        if cursor < limit:
            at = text.find(word, cursor, limit)
            if at < 0:
                cursor = limit  # not written as read: this word and the rest stay at the value's start
            else:
                line, col = line_col(starts, at)
                cursor = at + len(word)
        mention = requirement_mention(source, lines, word, line, col, PARSER, "pip_url")
        if mention is not None:
            found.append(mention)
    for mention in found:
        yield mention if replaced is None else from_other_index(mention, replaced, ok_passes=True)


def line_col(starts: list[int], offset: int) -> tuple[int, int]:
    """The 1-based line and column of ``offset`` (``starts``: each line's first offset, and the text's end)."""
    n = bisect.bisect_right(starts, offset) - 1
    return n + 1, offset - starts[n] + 1
