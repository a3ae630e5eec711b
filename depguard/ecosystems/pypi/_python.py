"""Pieces shared by the PyPI manifest and lockfile parsers: PEP 508 strings to mentions, and the
``[[package]]`` tables of TOML lockfiles (poetry.lock, uv.lock, pdm.lock, pylock.toml)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...names import canonicalize_name
from ...parsers import Source
from ...parsers._util import KeyLines, TomlLines, find_line, load_toml
from .pep508 import split_requirement

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

# A whole value that is a template's placeholder (Jinja, cookiecutter, Handlebars: ``{{name}}``, ``{% … %}``)
TEMPLATE_SLOT = re.compile(r"\{\{[^{}]*\}\}|\{%[^{}]*%\}")

_EXTRAS = re.compile(r"\[[^\]]*\]$")
# A string that only says "more here" (hatch's docs: ``dependencies = ["..."]``)
ELIDED = re.compile(r"\s*(?:\.\.\.|\u2026)\s*")
# A version left for the reader to fill in (marimo's docs: ``"pandas==<version>"``) or for a project template to
# fill in (kedro-starters' cookiecutter requirements: ``kedro[jupyter]~={{ cookiecutter.kedro_version }}``): the
# name is written, the version is a slot
VERSION_SLOT = re.compile(r"\s*(?:===|==|~=|!=|<=|>=|<|>)\s*(?:<[A-Za-z][\w .-]{0,30}>"
                          r"|(?=\{[{%])(?:\{\{[^{}]{1,200}\}\}|\{%[^{}]{1,200}%\}|[\w.*+!-])+)")
# Extras a project template fills in (crawlee-python's cookiecutter template: ``crawlee[{{ extras|join(',') }}]``,
# the extras chosen by the crawler type): the name is written, the extras are a slot
EXTRAS_SLOT = re.compile(r"\[(?=[^\]]*\{[{%])(?:\{\{[^{}]{1,200}\}\}|\{%[^{}]{1,200}%\}|[^\[\]{}])*\]")


def name_column(lines: list[str], line: int | None, name: str, start_col: int | None = None) -> int | None:
    """1-based column of ``name`` on ``line`` at or after ``start_col`` (the string that holds it)."""
    if line is None or not 1 <= line <= len(lines):
        return start_col
    idx = lines[line - 1].find(name, max((start_col or 1) - 1, 0))
    if idx < 0:
        idx = lines[line - 1].lower().find(name.lower(), max((start_col or 1) - 1, 0))
    return idx + 1 if idx >= 0 else start_col


def requirement_mention(
    source: Source,
    lines: list[str],
    text: str,
    line: int | None,
    column: int | None,
    parser: str,
    where: str,
    own: str | None = None,
    origin: Origin = Origin.MANIFEST,
) -> Mention | None:
    """A mention for the PEP 508 string ``text`` found at (line, column), or None when it is not a registry
    name (``name @ url``, the project itself, a template's placeholder). An unparseable string is recorded as a
    problem."""
    if TEMPLATE_SLOT.fullmatch(text.strip()) or ELIDED.fullmatch(text):
        return None  # "{{crewai_tools_dependency}}" in a project template, "..." in docs: what goes there is not here
    try:
        parsed = split_requirement(text)
    except ValueError as exc:
        try:
            parsed = without_template_slots(text)
        except ValueError:
            source.problem(f"{where}: cannot parse {text!r}: {exc}", line, column)
            return None
    if parsed is None:
        return None
    name, spec = parsed
    if own and canonicalize_name(name) == own:
        return None
    return source.mention("pypi", name, line or 1, name_column(lines, line, name, column), origin, parser, spec=spec)


def json_requirement_mentions(source: Source, reqs: list, positions: dict, key: tuple[str, ...],
                              parser: str) -> Iterator[Mention]:
    """The mentions of a JSON list of PEP 508 strings at ``key`` (``("requirements",)`` of a Home Assistant
    manifest, ``("environment", "dependencies")`` of a fastmcp.json), each at its position in ``positions``
    (:func:`depguard.parsers._util.json_key_positions`); an entry that is not a string is a problem, and a URL or VCS
    requirement names no registry package."""
    lines = source.text.splitlines()
    for index, req in enumerate(reqs):
        line, col = positions.get((*key, index), (None, None))
        where = f"{'.'.join(key)}[{index}]"
        if not isinstance(req, str):
            source.problem(f"{where} is not a string", line, col)
            continue
        if "://" in req:
            continue  # a URL or VCS requirement: what it installs is not a registry name
        mention = requirement_mention(source, lines, req, line, col, parser, where)
        if mention is not None:
            yield mention


def yaml_requirement_mentions(source: Source, reqs: list, lines: KeyLines, parser: str,
                              where: str) -> Iterator[Mention]:
    """The mentions of a YAML list of PEP 508 strings (``where``: its key path, for problems), each found on its line
    from the ``lines`` cursor on (the list's key found first): pip's options (``-r requirements.txt``), URL and VCS
    requirements and local paths name no registry package; an entry that is not a string is a problem."""
    for index, req in enumerate(reqs):
        if not isinstance(req, str):
            source.problem(f"{where}[{index}] is not a string", lines.cursor)
            continue
        if req.startswith("-") or "://" in req or LOCAL_PATH.match(req) or req.startswith(("/", "file:")):
            continue
        line, col = lines.find(req, quoted=False, whole=True)
        mention = requirement_mention(source, lines.lines, req, line, col, parser, f"{where}[{index}]")
        if mention is not None:
            yield mention


def without_template_slots(text: str) -> tuple[str, str | None] | None:
    """:func:`split_requirement` of ``text`` without its version and extras slots (``pandas==<version>``,
    ``kedro~={{ cookiecutter.kedro_version }}`` and ``crawlee[{{ extras|join(',') }}]`` are ``pandas``, ``kedro``
    and ``crawlee``); ValueError when it has none or is no requirement without them either. A slot in the name
    (``kedro-{{ flavour }}``) stays unreadable."""
    if "<" not in text and "{" not in text:
        raise ValueError("no template slot")
    slotless = EXTRAS_SLOT.sub("", VERSION_SLOT.sub("", text)) if "{" in text else VERSION_SLOT.sub("", text)
    if slotless == text:
        raise ValueError("no template slot")
    return split_requirement(slotless)


def own_name(value: Any) -> str | None:
    return canonicalize_name(value) if isinstance(value, str) and value.strip() else None


def locked_packages(
    source: Source,
    array_key: str,
    parser: str,
    skip: Callable[[dict[str, Any]], bool],
    index_of: Callable[[dict[str, Any]], str | None] | None = None,
) -> Iterator[Mention]:
    """Mentions for the ``[[array_key]]`` tables of a TOML lockfile, one per entry that ``skip`` keeps.

    ``index_of``: the address of another package index an entry was locked from (None for PyPI's own): the installer
    fetches that entry from there, so PyPI's answer says nothing about it, and the mention is reported not checked
    (DG100: never a pass, never a note), as an npm scope another registry serves is."""
    data = load_toml(source.text)
    entries = data.get(array_key, [])
    if not isinstance(entries, list):
        raise ParseError(f"{array_key!r} is not an array of tables")
    toml = TomlLines(source.text)
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            source.problem(f"{array_key}[{index}] is not a table")
            continue
        name = entry.get("name")
        line, col = toml.value((array_key,), "name", index)
        if not isinstance(name, str) or not name.strip():
            section = toml.section((array_key,), index)
            source.problem(f"{array_key}[{index}] has no name", section.start if section else None)
            continue
        if skip(entry):
            continue
        name = _EXTRAS.sub("", name.strip())  # old pdm locks name extras as "foo[bar]"
        if line is None:
            line, col = find_line(toml.lines, name)
        version = entry.get("version")
        found = source.mention("pypi", name, line or 1, col, Origin.LOCKFILE, parser,
                               spec=f"=={version}" if isinstance(version, str) and version else None)
        elsewhere = index_of(entry) if index_of is not None else None
        yield found if elsewhere is None else from_other_index(found, f"it is locked from {elsewhere} ({parser})")


def from_other_index(mention: Mention, said: str, ok_passes: bool = False) -> Mention:
    """``mention`` of a name its manifest or lockfile takes from a package index other than PyPI (``said``: from
    where), reported not checked (DG100): PyPI's answer says nothing about it (:class:`Example` ``unchecked``).
    ``ok_passes``: the index is searched before PyPI, not in its place, so a name PyPI has passes."""
    from ...model import Example
    from ...records import replace

    return replace(mention, example=Example(f"{said}, an index depguard does not ask", any_verdict=True, setting=None,
                                            unchecked=True, ok_passes=ok_passes))


def other_index_url(url: object) -> str | None:
    """A package index address as it may be shown (no credentials, query or fragment), or None when it is PyPI's own."""
    if not isinstance(url, str) or not url.strip():
        return None
    from ...commands.declared import public_index
    from ..npm.scoped_registries import shown_url

    return None if public_index(url.strip()) else shown_url(url.strip())


# pip's local path, with or without extras: ".", "..", "./sub", ".[jinjafmt]" (a hook installing its own repository)
LOCAL_PATH = re.compile(r"\.\.?(?:[/\\]|\[|\Z)")


def precommit_dependency(source: Source, lines: list[str], item: str, line: int, col: int | None,
                         parser: str) -> Iterator[Mention]:
    """One ``additional_dependencies`` entry of a python pre-commit hook: a PEP 508 requirement (declared as
    ``[pre-commit] reader`` in this folder's ecosystem.toml). pre-commit hands the entries to ``pip install``, so
    a URL (``git+https://github.com/huggingface/doc-builder@<sha>``, trl's) or a local path is an install from
    elsewhere, no registry name and no problem."""
    if "://" in item or item.startswith(("git+", "/", "file:")) or LOCAL_PATH.match(item):
        return
    mention = requirement_mention(source, lines, item, line, col, parser, "additional_dependencies")
    if mention is not None:
        yield mention
