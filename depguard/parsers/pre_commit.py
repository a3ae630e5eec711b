"""``.pre-commit-config.yaml``: each hook's ``additional_dependencies``, which pre-commit installs into the
hook's environment: from PyPI for ``python`` hooks, from npm for ``node`` hooks.

A hook's language is written in the hook repository's own ``.pre-commit-hooks.yaml``, which is not here; the
config may repeat it (``language:``, always given for ``repo: local``; pre-commit takes any manifest key from the
config). When it does not, the list's own syntax decides: an npm descriptor (``eslint@8``, ``@scope/name``)
makes it npm's, a requirement only PEP 508 can mean (``black==24.1``, ``bandit[toml]``, a marker) PyPI's. A list
of bare names (``[less-plugin-clean-css]`` of OctoPrint's node ``lessc`` hook, ``[tomli]`` of codespell's python
one) says neither: pre-commit would install it from whichever registry the hook repository's language uses, so
each entry is looked up in the default ecosystem's registry (PyPI: most hooks are python ones, codespell's among
them): a name it has and does not doubt passes; any other answer (missing, a look-alike, unestablished) is reported
**not checked** (DG100), never a flag of that registry's nor a pass. The risk this leaves: a node hook's bare entry
that PyPI also has, established, is not looked up on npm (a `language: node` on the hook has it judged there).
Languages other than python and node (ruby, golang, rust, …) are not read. The ``repo:`` URLs are repositories,
not package names.

Anchors and aliases are read as pre-commit reads them (PyYAML's safe loader): aiogram's ``files: &files '^(aiogram|
tests|examples)'`` shared by two ruff hooks, or one ``additional_dependencies: &deps [...]`` list shared by mypy hooks.
An alias is the anchored value itself, never a copy (nothing expands), and a list two hooks share is read once.

Which languages install from which registry, the shape that tells a list's ecosystem and the reader of one
entry are each ecosystem's ``[pre-commit]`` table (PyPI's and npm's ecosystem.toml); this module names none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..errors import ParseError
from ..model import Example, Mention
from ..records import replace
from . import Source, file_format
from ._lines_js import Keyed, Placed, document_mapping, load_yaml_positions
from .template_directives import blank_statements

PARSER = "pre-commit"


class Readers:
    """What the ecosystems' ``[pre-commit]`` tables declare: the hook languages each installs for, a shape of
    its dependency strings (a list without a ``language:`` whose entry has it is that ecosystem's), the
    default ecosystem, and each one's reader of one entry."""

    def __init__(self) -> None:
        from ..ecosystems import catalog, declared_function

        self.by_language: dict[str, str] = {}
        self.shapes: list[tuple[re.Pattern[str], str]] = []
        self.default: str | None = None
        self.readers: dict[str, Any] = {}
        for eco in catalog():
            table = eco.data.get("pre-commit")
            if not table:
                continue
            where = f"{eco.folder / 'ecosystem.toml'}: pre-commit"
            self.by_language.update(dict.fromkeys(table.get("languages", ()), eco.id))
            if "shape" in table:
                self.shapes.append((re.compile(table["shape"]), eco.id))
            if table.get("default"):
                self.default = eco.id
            self.readers[eco.id] = declared_function(eco, table.get("reader"), f"{where}.reader")

    def ecosystem(self, hook: dict[str, Any], deps: list[Any]) -> tuple[str | None, bool]:
        """The ecosystem the hook installs ``deps`` from, and whether the config tells it (``language:`` or a
        shape); when it does not, the default ecosystem and False."""
        language = hook.get("language")
        if isinstance(language, str):
            return self.by_language.get(language), True
        for rx, eco_id in self.shapes:
            if any(isinstance(d, str) and rx.match(d.strip()) for d in deps):
                return eco_id, True
        return self.default, False


_READERS: list[Readers] = []


def _readers() -> Readers:
    if not _READERS:
        _READERS.append(Readers())
    return _READERS[0]


def _hooks(data: Keyed) -> Iterator[tuple[str, Keyed]]:
    """Each hook with its repository's ``repo:`` (a URL, ``local`` or ``meta``)."""
    repos = data.get("repos")
    for repo in repos if isinstance(repos, list) else []:
        hooks = repo.get("hooks") if isinstance(repo, dict) else None
        url = repo.get("repo") if isinstance(repo, dict) else None
        for hook in hooks if isinstance(hooks, list) else []:
            if isinstance(hook, Keyed):
                yield (url if isinstance(url, str) else "?"), hook


def _untold(repo: str) -> Example:
    """Why an entry of a hook whose language the config does not tell is not checked."""
    return Example(f"the hook's language is written only in the .pre-commit-hooks.yaml of {repo}, not in this file, and "
                   "the entries have no syntax of one registry's names: pre-commit installs them from the registry of "
                   "that language (a `language:` on the hook tells it here)", any_verdict=True, setting=None, unchecked=True,
                   ok_passes=True)


@file_format("pre-commit", (".pre-commit-config.yaml", ".pre-commit-config.yml"), ecosystem=None, kind="manifest",
             description="pre-commit hooks' additional_dependencies (PyPI for python hooks, npm for node hooks)")
def parse(source: Source) -> Iterator[Mention]:
    try:
        data, index = load_yaml_positions(source.text, aliases=True)
    except ParseError:
        rendered = blank_statements(source.text)  # a project template's: args: [--fix{% if x %}, --unsafe-fixes{% endif %}]
        if rendered is None:
            raise
        source = source.fragment(rendered, 1)
        data, index = load_yaml_positions(source.text, aliases=True)
    data = document_mapping(data, ".pre-commit-config.yaml")
    lines = source.text.splitlines()
    read: set[tuple[str, int]] = set()  # (ecosystem, offset) of each entry read: an aliased list is one list
    for repo, hook in _hooks(data):
        deps = hook.get("additional_dependencies")
        if not isinstance(deps, Placed):
            continue
        readers = _readers()
        ecosystem, told = readers.ecosystem(hook, deps)
        if ecosystem is None:
            continue
        for item, offset in zip(deps, deps.where):
            if not isinstance(item, str) or not item.strip() or (ecosystem, offset) in read:
                continue
            read.add((ecosystem, offset))
            line, col = index.line_col(offset)
            for mention in readers.readers[ecosystem](source, lines, item.strip(), line, col, PARSER):
                yield mention if told else replace(mention, example=_untold(repo))
