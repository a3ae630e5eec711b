"""Ansible tasks that install packages: the ``pip``/``npm``-style modules of a playbook or a role's task file, and
the commands of its ``shell``/``command`` tasks.

A playbook is a YAML list of plays (``hosts:`` … ``tasks:``, ``pre_tasks:``, ``post_tasks:``, ``handlers:``); a
role's ``tasks/*.yml`` is a YAML list of tasks; ``block:``/``rescue:``/``always:`` nest more. Any ``*.yml`` whose
document is such a list is read, whatever its path; a document that is a mapping (a workflow, a compose file, a
Kubernetes object, Helm values) is no task list and is left alone, and so is a file YAML cannot read (a Jinja
template of one): nothing says it is Ansible's, so it is never a problem.

Which module installs from which registry is each ecosystem's ``[ansible] modules`` (PyPI's ``pip``,
``ansible.builtin.pip``, ``community.general.pipx``; npm's ``npm``, ``community.general.npm``, ``yarn``,
``pnpm``); this module names none. A task's arguments are its module's mapping, its free-form ``k=v`` string
(``npm: name=forever global=yes``) and its ``args:``. ``name`` is a string, a list, or a comma-separated string
(Ansible splits it; ``django>1.11.0,<1.12.0`` stays one requirement, as the pip module rejoins it), with
``version``; ``{{ item }}`` (or ``{{ item.key }}``) takes each entry of the task's ``loop``/``with_items`` list, and
``{{ item.name | default(item) }}`` (``d(item)``: the roles' idiom for a list of names and ``{name:, version:}``
mappings) each entry's ``name`` or the entry itself, an entry whose own ``state`` is absent left out when the task's
``state`` is the entry's. A literal name whose version alone is a template (``boto3>={{ boto3_version }}``,
``typescript@{{ ts_version }}``, before one of the ecosystem's ``[ansible] version_operators``) is that name; a
free-form ``name=x=={{ v }}`` keeps its template whole, spaces and all, as Ansible's own splitting does.
Not a registry name: a name made of another template expression, ``state: absent``, a ``requirements`` file, an
npm ``path`` without a name, a URL, path or VCS name (each ecosystem's reader decides, as for pre-commit's
``additional_dependencies``). A task that installs from another index (pip's ``extra_args`` with one of the
ecosystem's declared index options, ``--index-url``/``-i``, ``--extra-index-url``, ``--find-links``; an npm/yarn
``registry``) still names its packages, each with a note ``from <index>``, as the shell model reads the same
install written as a command: pip asks PyPI too with ``--extra-index-url`` or ``--find-links`` (the
dependency-confusion route), and a name an attacker wants hidden must not be hidden by one more argument.

``shell``/``command`` tasks (``ansible.builtin.*`` too; their string, or ``cmd:``) are read with the shell model,
as CI ``run:`` steps are, with each Jinja expression (``{{ venv }}/bin/pip``) read as a shell variable: a value
unknown here, never a name.
"""

from __future__ import annotations

import functools
import re
import shlex
from collections.abc import Iterator

from .. import delimited
from ..commands import mentions_in_script
from ..errors import ParseError
from ..model import Mention
from ..records import replace
from . import Source, file_format
from ._lines_js import Keyed, LineIndex, Placed, load_yaml_positions
from .pre_commit import _readers
from .scripts import _fold

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

PARSER = "ansible-tasks"
PLAY_LISTS = ("tasks", "pre_tasks", "post_tasks", "handlers")
BLOCK_LISTS = ("block", "rescue", "always")
COMMAND_MODULES = frozenset({f"{p}{m}" for p in ("", "ansible.builtin.", "ansible.legacy.") for m in ("shell", "command")})
# a line that may start a module the file is worth parsing for (the cheap test before YAML is read)
MODULE_LINE = re.compile(r"^[ \t]*(?:-[ \t]+)?(?:[a-z_]+\.[a-z_]+\.)?(?P<m>pip|pipx|npm|yarn|pnpm|shell|command)[ \t]*:",
                         re.M)
ITEM = re.compile(r"\{\{-?\s*item(?:\.(?P<key>\w+)|\[['\"](?P<quoted>\w+)['\"]\])?"
                  r"(?:\s*\|\s*(?:default|d)\(\s*(?P<fallback>[^()]*?)\s*\))?\s*-?\}\}")
# one variable holding a list: ``{{ var }}``, ``{{ var | default([]) }}``, ``{{ var | flatten }}``, debops'
# ``{{ q("flattened", var) }}`` (lookup/query of flattened, list or items)
VARIABLE = re.compile(r"\{\{-?\s*(?:(?:q|query|lookup)\(\s*['\"](?:flattened|list|items)['\"]\s*,\s*(?P<inner>[A-Za-z_]\w*)\s*\)"
                      r"|(?P<var>[A-Za-z_]\w*)(?:\s*\|\s*(?:(?:default|d)\(\s*\[\s*\]\s*\)|flatten|list))*)\s*-?\}\}")
ROLE_VARIABLES = ("../vars/main.yml", "../vars/main.yaml", "../defaults/main.yml", "../defaults/main.yaml")
ITEM_STATE = re.compile(r"\bitem(?:\.state\b|\[['\"]state['\"]\])")
# Jinja's expressions and statements, found in linear time (:mod:`depguard.delimited`; a lazy pattern of them was
# quadratic on a task of many openings and no closing: reviewer r37)
JINJA = (("{{", "}}"), ("{%", "%}"))
ABSENT = frozenset({"absent", "removed", "uninstall", "uninstall_all"})
MAX_TASKS = 20000
# a shell task over a loop is read again once per entry (:func:`_command`): the characters a task file may have read
# so, in all (reviewer r37: a command of 250 statements over a loop of 250 entries took 11 s, 1,000 over 1,000 144 s)
MAX_LOOP_READING = 100_000


def _modules() -> dict[str, tuple[str, str, tuple[str, ...]]]:
    """Module name -> (ecosystem, how a ``version`` argument joins the name, the operators a version follows the name
    with), from the ecosystems' ``[ansible]`` tables (``modules``, ``versioned``: ``{name}=={version}``,
    ``version_operators``), the operators longest first."""
    if not _MODULES:
        from ..ecosystems import catalog

        for eco in catalog():
            table = eco.data.get("ansible")
            if isinstance(table, dict):
                joined = str(table.get("versioned", "{name}"))
                ops = tuple(sorted((str(o) for o in table.get("version_operators", ())), key=len, reverse=True))
                _MODULES.update(dict.fromkeys(table.get("modules", ()), (eco.id, joined, ops)))
    return _MODULES


_MODULES: dict[str, tuple[str, str, tuple[str, ...]]] = {}


@file_format("ansible-tasks", ("*.yml", "*.yaml"), ecosystem=None, kind="manifest",
             description="Ansible tasks that install packages (pip, npm … modules; shell and command tasks)")
def parse(source: Source) -> Iterator[Mention]:
    found = {m.group("m") for m in MODULE_LINE.finditer(source.text)}
    if not found or (found <= {"shell", "command"} and "install" not in source.text):
        return
    try:
        data, index = load_yaml_positions(source.text)
    except (ParseError, ValueError, RecursionError):
        return  # no YAML list of tasks: nothing here is Ansible's to read
    if not isinstance(data, Placed) or not any(isinstance(d, Keyed) for d in data):
        return
    lines = source.text.splitlines()
    here = Written(source, lines, index)
    for task in _tasks(data):
        yield from _task_mentions(here, task)


class Written:
    """Where values are written: the task file, or a role's defaults or vars file its tasks name a list of."""

    __slots__ = ("index", "lines", "loop_reading", "role_lists", "source")

    def __init__(self, source: Source, lines: list[str], index: LineIndex) -> None:
        self.source, self.lines, self.index = source, lines, index
        self.role_lists: dict[str, tuple[Placed, Written] | None] = {}  # variable -> (its list, where it is written)
        self.loop_reading = MAX_LOOP_READING  # the characters of commands left to read again per loop entry

    def role_list(self, variable: str) -> tuple[Placed, Written] | None:
        """The literal list a role's ``vars/main.yml`` (first, as Ansible's precedence has it) or
        ``defaults/main.yml`` gives ``variable``, when this file is one of the role's task files (in its ``tasks``
        folder); read through the project view, once per file and variable."""
        if variable in self.role_lists or variable == "item":  # the loop variable is no role's
            return self.role_lists.get(variable)
        found = None
        if self.source.path.replace("\\", "/").rsplit("/", 2)[-2:-1] == ["tasks"]:
            for relative in ROLE_VARIABLES:
                got = self.source.read_related(relative)
                if got is None:
                    continue
                try:
                    data, index = load_yaml_positions(got[1])
                except (ParseError, ValueError, RecursionError):
                    continue
                if isinstance(data, Keyed) and variable in data:
                    value = data[variable]
                    if isinstance(value, Placed):
                        fs_path = self.source.fs_path.parent / relative if self.source.fs_path is not None else None
                        there = replace(self.source, path=got[0], text=got[1], fs_path=fs_path, line_offset=0,
                                        column_offset=0, indent=0)
                        found = (value, Written(there, got[1].splitlines(), index))
                    break  # a variable the role defines otherwise (a template, a mapping) is unknown here
        self.role_lists[variable] = found
        return found


def _tasks(plays: Placed) -> Iterator[Keyed]:
    """Every task of a playbook or a task file (plays' task lists, blocks' lists), at most MAX_TASKS."""
    todo: list[Any] = list(reversed(plays))
    seen = 0
    while todo and seen < MAX_TASKS:
        item = todo.pop()
        if not isinstance(item, Keyed):
            continue
        seen += 1
        nested = [item[k] for k in (*PLAY_LISTS, *BLOCK_LISTS) if isinstance(item.get(k), Placed)]
        if nested:
            for lst in nested:
                todo.extend(reversed(lst))
            continue
        yield item


def _task_mentions(here: Written, task: Keyed) -> Iterator[Mention]:
    modules = _modules()
    for key, value in task.items():
        if not isinstance(key, str):
            continue
        if key in COMMAND_MODULES:
            yield from _command(here, task, key, value)
        elif key in modules:
            yield from _install(here, task, key, value, *modules[key])


def _arguments(task: Keyed, value: Any) -> dict[str, Any]:
    """The module's arguments: its mapping or free-form ``k=v`` words, and the task's ``args:``."""
    args: dict[str, Any] = {}
    if isinstance(task.get("args"), dict):
        args.update(task["args"])
    if isinstance(value, dict):
        args.update(value)
    elif isinstance(value, str):
        # a template is one value, whatever spaces and quotes it holds (``name=x=={{ v }}``), as Ansible splits k=v
        kept: list[str] = []

        def mask(template: str) -> str:
            kept.append(template)
            return f"\0{len(kept) - 1}\0"

        masked = delimited.sub(value, JINJA, mask)
        try:
            words = shlex.split(masked)
        except ValueError:
            return {}
        for word in words:
            k, eq, v = word.partition("=")
            if eq:
                args[k] = MASKED.sub(lambda m: kept[int(m.group(1))], v)
    return args


MASKED = re.compile(r"\0(\d+)\0")


def _install(here: Written, task: Keyed, key: str, value: Any, ecosystem: str, versioned: str,
             operators: tuple[str, ...]) -> Iterator[Mention]:
    index = here.index
    args = _arguments(task, value)
    state = args.get("state")
    if isinstance(state, str) and state.strip().lower() in ABSENT:
        return
    other = _other_index(args, ecosystem)  # judged all the same, with a note: as the shell model reads the command
    names = args.get("source") if key.endswith("pipx") and isinstance(args.get("source"), str) else args.get("name")
    version = args.get("version")
    version = version if isinstance(version, str) and version.strip() and "{" not in version else None
    line, col = index.key(task, key)
    holder = value if isinstance(value, Keyed) and "name" in value else task.get("args") if isinstance(
        task.get("args"), Keyed) else None
    if holder is not None and "name" in holder.where:
        line, col = index.line_col(holder.where["name"])
    reader = _readers().readers.get(ecosystem)
    if reader is None:
        return
    each_state = isinstance(state, str) and ITEM_STATE.search(state) is not None  # the entries' own state
    for item, at, where in _names(names, here, task, line, col, operators, each_state):
        if version and not re.search(r"[<>=!~@ ]", item):
            item = versioned.format(name=item, version=version)
        for m in reader(where.source, where.lines, item, at[0], at[1], PARSER):
            yield m if other is None else replace(m, note=f"{m.note + '; ' if m.note else ''}from {other}")


def _other_index(args: dict[str, Any], ecosystem: str) -> str | None:
    """The other index or registry a task installs from: an index option of the ecosystem's tools (its declared
    ``[commands] index_options``) in ``extra_args``, or the module's ``registry`` argument; None for none or for
    the public registry itself."""
    from ..commands.declared import ecosystem as commands_of
    from ..commands.declared import public_index

    found: str | None = None
    registry = args.get("registry")
    if isinstance(registry, str) and registry.strip():
        found = registry.strip()
    extra = args.get("extra_args")
    facts = commands_of(ecosystem)
    options = facts.index_options if facts is not None else frozenset()
    if found is None and isinstance(extra, str) and options:
        try:
            words = shlex.split(extra)
        except ValueError:
            words = extra.split()
        for j, word in enumerate(words):
            opt, eq, value = word.partition("=")
            if opt in options:
                found = (value if eq else words[j + 1] if j + 1 < len(words) else opt) or opt
                break
            short = next((o for o in options if len(o) == 2 and word.startswith(o) and len(word) > 2), None)
            if short is not None:  # -ihttps://… : a short option with its value attached
                found = word[2:]
                break
    return None if found is None or public_index(found) else found


def _names(names: Any, here: Written, task: Keyed, line: int, col: int, operators: tuple[str, ...] = (),
           each_state: bool = False) -> Iterator[tuple[str, tuple[int, int], Written]]:
    """(name, (line, column), the file it is written in) per package a module's ``name`` gives: ``{{ var }}`` is the
    role's literal list of that name."""
    index = here.index
    variable = VARIABLE.fullmatch(names.strip()) if isinstance(names, str) else None
    listed = here.role_list(variable.group("var") or variable.group("inner")) if variable else None
    if listed is not None:
        names, here = listed
        index = here.index
    if isinstance(names, Placed):
        entries = [(n, index.line_col(at)) for n, at in zip(names, names.where)]
    elif isinstance(names, str):
        entries = [(n, (line, col)) for n in _split(names)]
    else:
        return
    for name, at in entries:
        if not isinstance(name, str) or not name.strip():
            continue
        name = name.strip()
        item = ITEM.fullmatch(name)
        if item:
            fallback = item.group("fallback")
            for entry, spot, where in _loop_items(here, task, item.group("key") or item.group("quoted"),
                                                  fallback is None or fallback == "item", each_state):
                literal = _literal(entry, operators)
                if literal:
                    yield literal, spot, where
        else:
            literal = _literal(name, operators)
            if literal:
                yield literal, at, here


def _literal(name: str, operators: tuple[str, ...]) -> str | None:
    """``name`` itself, or with a template in it the literal name before a templated version (:func:`_literal_head`)."""
    return name if "{{" not in name and "{%" not in name else _literal_head(name, operators)


def _literal_head(name: str, operators: tuple[str, ...]) -> str | None:
    """The literal name of a requirement whose version alone is a template: ``boto3>={{ v }}`` -> ``boto3``,
    ``@scope/x@{{ v }}`` -> ``@scope/x`` (npm's ``@`` is no operator at the start); None when a template is in the
    name itself (``{{ prefix }}-client``, ``python{{ v }}``) or the text before it is no version (a URL, a path,
    an npm alias, PEP 508's ``x @ https://…``)."""
    starts = [i for i in (name.find("{{"), name.find("{%")) if i >= 0]
    head = name[:min(starts)] if starts else name
    cuts = [(i, op) for op in operators if (i := head.find(op, 1)) > 0]
    if not cuts:
        return None
    at, op = min(cuts)
    literal, rest = head[:at].strip(), head[at + len(op):]
    if not literal or any(c in literal for c in "{}%") or any(c in rest for c in ":/@"):
        return None
    return literal


def _split(text: str) -> list[str]:
    """A comma-separated ``name`` as Ansible splits it, a piece starting with a version operator joined back to
    the requirement before it (``django>1.11.0,<1.12.0``), as the pip module does."""
    out: list[str] = []
    for piece in text.split(","):
        if out and re.match(r"\s*[<>=!~]", piece):
            out[-1] += "," + piece
        else:
            out.append(piece)
    return out


def _loop_items(here: Written, task: Keyed, field: str | None, whole: bool = True,
                each_state: bool = False) -> Iterator[tuple[str, tuple[int, int], Written]]:
    """The entries of the task's literal loop list (``loop:``, ``with_items:``, ``with_list:``, or ``{{ var }}`` naming
    the role's literal list), or their ``field``; with ``whole`` (``field | default(item)``) a string entry itself.
    With ``each_state`` an entry whose own ``state`` is absent installs nothing."""
    for k in ("loop", "with_items", "with_list"):
        items = task.get(k)
        variable = VARIABLE.fullmatch(items.strip()) if isinstance(items, str) else None
        listed = here.role_list(variable.group("var") or variable.group("inner")) if variable else None
        if listed is not None:
            items, here = listed
        if not isinstance(items, Placed):
            continue
        index = here.index
        for entry, at in zip(items, items.where):
            if isinstance(entry, Keyed):
                state = entry.get("state")
                if each_state and isinstance(state, str) and state.strip().lower() in ABSENT:
                    continue
                if field is not None and isinstance(entry.get(field), str):
                    yield entry[field], (index.line_col(entry.where[field]) if field in entry.where
                                         else index.line_col(at)), here
            elif (field is None or whole) and isinstance(entry, str):
                yield entry, index.line_col(at), here
        return


def _with_entry(template: str, entry: str, found: str) -> str:
    """The loop's entry for the loop variable's template, a shell variable of its width for any other template."""
    return entry if found == template else "${" + "_" * max(len(found) - 3, 1) + "}"


def _command(here: Written, task: Keyed, key: str, value: Any) -> Iterator[Mention]:
    """A shell/command task's command line, read by the shell model at the line it is written on; with the loop
    variable in it (``pip install {{ item }}``) once more per entry of the task's literal loop (or the role's list),
    each name the entry gives reported where the entry is written."""
    source, lines, index = here.source, here.lines, here.index
    owner, field = (value, "cmd") if isinstance(value, Keyed) else (task, key)
    text = owner.get(field)
    if not isinstance(text, str) or "install" not in text or field not in owner.where:
        return
    line, col = index.line_col(owner.where[field])
    after = lines[line - 1][col - 1 + len(field):].lstrip(" \t\"'")
    rest = after[1:].strip() if after.startswith(":") else ""
    if rest[:1] in ("|", ">"):  # a block scalar: its own lines, where they are written (columns kept)
        key_indent = col - 1
        end = line
        while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > key_indent):
            end += 1
        block = lines[line:end]
        if rest.startswith(">"):
            folded = list(block)
            _fold(block, folded, 0, len(block))
            block = folded
        text, first, column = "\n".join(block), line + 1, 1
    else:  # on the key's line, where the value starts (quoted or not)
        first = line
        head = text.split("\n", 1)[0][:20]
        found = lines[line - 1].find(head, col - 1 + len(field)) if head else -1
        column = found + 1 if found >= 0 else 1
    # each Jinja expression becomes a variable of its own width: a value unknown here, never a word of the command
    shell = delimited.sub(text, JINJA, lambda template: "${" + "_" * max(len(template) - 3, 1) + "}")
    yield from mentions_in_script(source.fragment(shell, first, column), parser=PARSER)
    items = {text[a:b] for a, b in delimited.spans(text, JINJA) if ITEM.fullmatch(text[a:b])}
    if len(items) != 1:
        return
    (template,) = items
    item = ITEM.fullmatch(template)
    assert item is not None
    fallback = item.group("fallback")
    for entry, (line_at, col_at), where in _loop_items(here, task, item.group("key") or item.group("quoted"),
                                                       fallback is None or fallback == "item"):
        if "{{" in entry or "{%" in entry or not entry.strip():
            continue
        if here.loop_reading < len(text):  # the rest of the loop is not read: said once, where the command is
            if here.loop_reading >= 0:
                source.problem("the later entries of a loop are not read into its command: reading the command "
                               f"once per entry would read more than {MAX_LOOP_READING:,} characters", first,
                               kind="limit")
                here.loop_reading = -1
            return
        here.loop_reading -= len(text)
        one = delimited.sub(text, JINJA, functools.partial(_with_entry, template, entry))
        name = entry.strip()
        for m in mentions_in_script(source.fragment(one, first, column), parser=PARSER):
            if m.written == name or (m.written.startswith(name) and m.written[len(name):][:1] in "=<>!~[@"):
                yield replace(m, location=where.source.loc(line_at, col_at, line_at, col_at + len(entry)))
