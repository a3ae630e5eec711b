"""File edits an agent is about to make: the file as it would be afterwards, and the names the edit adds.

The edit tools' inputs are applied the way each tool documents them, to the file as it is now:

- Claude Code (https://code.claude.com/docs/en/hooks, tool inputs of ``PreToolUse``): ``Write`` {file_path,
  content}; ``Edit`` {file_path, old_string, new_string, replace_all}; ``MultiEdit`` {file_path, edits: [{old_string,
  new_string, replace_all}]} applied in order, all or nothing; ``NotebookEdit`` {notebook_path, cell_id,
  new_source, cell_type, edit_mode: replace|insert|delete}.
- Gemini CLI (https://geminicli.com/docs/tools/file-system): ``write_file`` {file_path, content}; ``replace``
  {file_path, old_string, new_string, expected_replacements}.
- Codex (https://developers.openai.com/codex/hooks): ``apply_patch``, whose input is a patch in Codex's
  ``*** Begin Patch`` format (Add File / Update File with ``@@`` hunks / Delete File).

An edit the tool itself would refuse (``old_string`` not in the file, or in it more than once without
``replace_all``) changes nothing, so it adds nothing. A patch hunk whose context cannot be found is not
guessed at: the file is reported as not computable, and the caller asks the person.

Then both versions are parsed with the file's own parsers, and only the (ecosystem, name) pairs the edit
adds are judged: an agent fixing a typo next to an old, unrelated dependency is not blocked by that one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from .. import lazyre
from ..records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

MAX_EDITS = 1000  # edits of one MultiEdit call


class EditError(ValueError):
    """The edit's input does not say what the file will be (a malformed input or a patch that does not apply).
    ``path``: the file concerned, when known."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.path = path


@record(frozen=True)
class FileChange:
    """One file an edit touches, before and after (None: the file does not exist / will not exist)."""

    path: Path  # absolute
    before: str | None
    after: str | None


@record
class EditPlan:
    """What an edit tool call does to the files, or why that could not be computed."""

    changes: list[FileChange] = field(default_factory=list)
    problems: list[tuple[Path | None, str]] = field(default_factory=list)  # (file, what could not be computed)


def read_current(path: Path, limit: int) -> str | None:
    """The file's text now (None when it does not exist); a file over ``limit`` bytes raises EditError."""
    try:
        if not path.is_file():
            return None
        if path.stat().st_size > limit:
            raise EditError(f"{path}: larger than {limit} bytes; the edit was not read", path)
        return path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise EditError(f"{path}: cannot be read ({exc.strerror or exc})", path) from None


def replace_once(text: str, old: str, new: str, replace_all: bool = False) -> str | None:
    """``text`` after the Edit tool's replacement, or None when the tool would refuse it (no match, or
    several matches without ``replace_all``). Line endings are matched the way the file writes them."""
    if old == "":
        return None if text else new  # an empty old_string only creates a file
    if old not in text and "\r\n" in text and "\r\n" not in old:
        old, new = old.replace("\n", "\r\n"), new.replace("\n", "\r\n")
    count = text.count(old)
    if count == 0 or (count > 1 and not replace_all):
        return None
    return text.replace(old, new) if replace_all else text.replace(old, new, 1)


def _string(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise EditError(f"{what}: expected a string")
    return value


def apply_edits(text: str | None, edits: list[Mapping[str, Any]]) -> str | None:
    """MultiEdit: each edit on the result of the one before; None when any would be refused (none is made)."""
    current = text or ""
    if len(edits) > MAX_EDITS:
        raise EditError(f"{len(edits)} edits in one call (more than {MAX_EDITS})")
    for i, e in enumerate(edits):
        if not isinstance(e, Mapping):
            raise EditError(f"edits[{i}]: expected an object")
        nxt = replace_once(current, _string(e.get("old_string"), f"edits[{i}].old_string"),
                           _string(e.get("new_string"), f"edits[{i}].new_string"), bool(e.get("replace_all")))
        if nxt is None:
            return None
        current = nxt
    return current


def _cell_index(cells: list, cell_id: str | None) -> int | None:
    if cell_id is None:
        return None
    for i, cell in enumerate(cells):
        if isinstance(cell, dict) and cell.get("id") == cell_id:
            return i
    m = re.fullmatch(r"(?:cell-)?(\d+)", cell_id)
    if m and int(m.group(1)) < len(cells):
        return int(m.group(1))
    return None


def apply_notebook(text: str | None, tool_input: Mapping[str, Any]) -> str:
    """NotebookEdit: the notebook JSON after replacing, inserting or deleting one cell.

    A cell the input names but the notebook does not have is added at the end: the names of its source are
    judged either way (over-reading an edit is safe; under-reading it is not)."""
    try:
        nb = json.loads(text) if text and text.strip() else {"cells": [], "nbformat": 4, "nbformat_minor": 5}
    except (ValueError, RecursionError):
        raise EditError("the notebook is not valid JSON") from None
    if not isinstance(nb, dict) or not isinstance(nb.get("cells", []), list):
        raise EditError("the notebook has no list of cells")
    cells = list(nb.get("cells", []))
    mode = tool_input.get("edit_mode") or "replace"
    raw_id = tool_input.get("cell_id", tool_input.get("cell_number"))
    cell_id = None if raw_id is None else str(raw_id)
    at = _cell_index(cells, cell_id)
    source = tool_input.get("new_source")
    if mode == "delete":
        if at is not None:
            del cells[at]
    else:
        source = _string(source, "new_source")
        kind = tool_input.get("cell_type") or (cells[at].get("cell_type") if at is not None and isinstance(cells[at], dict) else "code")
        cell: dict[str, Any] = {"cell_type": kind if kind in ("code", "markdown", "raw") else "code", "metadata": {}, "source": source}
        if kind == "code":
            cell.update(outputs=[], execution_count=None)
        if mode == "insert":
            cells.insert(0 if at is None and cell_id is None else (len(cells) if at is None else at + 1), cell)
        elif mode == "replace" and at is not None and isinstance(cells[at], dict):
            cells[at] = {**cells[at], "source": source, "cell_type": cell["cell_type"]}
        else:
            cells.append(cell)
    nb["cells"] = cells
    return json.dumps(nb, indent=1, ensure_ascii=False)


# --- Codex apply_patch -------------------------------------------------------------------------------

_PATCH_FILE = lazyre.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$")


def parse_patch(patch: str) -> Iterator[tuple[str, str, list[str], str | None]]:
    """(action, path, body lines, move-to path) for each file of a ``*** Begin Patch`` text."""
    lines = patch.replace("\r\n", "\n").split("\n")
    current: tuple[str, str] | None = None
    body: list[str] = []
    move: str | None = None
    for line in lines:
        m = _PATCH_FILE.match(line)
        if m or line.startswith("*** End Patch"):
            if current:
                yield current[0], current[1], body, move
            current, body, move = ((m.group(1), m.group(2).strip()) if m else None), [], None
            continue
        if line.startswith("*** Move to: ") and current:
            move = line[len("*** Move to: "):].strip()
        elif current and not line.startswith("*** Begin Patch") and line != "*** End of File":
            body.append(line)
    if current:
        yield current[0], current[1], body, move


def apply_hunks(text: str, body: list[str], where: str) -> str:
    """An Update File body (``@@`` hunks of ' '/'-'/'+' lines) applied to ``text``; EditError when a
    hunk's old lines are not in the file."""
    old_lines = text.split("\n")
    out_pos = 0
    result: list[str] = []
    hunks: list[list[str]] = [[]]
    for line in body:
        if line.startswith("@@"):
            if hunks[-1]:
                hunks.append([])
            continue
        hunks[-1].append(line)
    for hunk in hunks:
        if not hunk:
            continue
        old = [ln[1:] for ln in hunk if ln[:1] in (" ", "-") or ln == ""]
        new = [ln[1:] for ln in hunk if ln[:1] in (" ", "+") or ln == ""]
        at = _find(old_lines, old, out_pos)
        if at is None:
            raise EditError(f"{where}: a hunk of the patch does not match the file")
        result.extend(old_lines[out_pos:at])
        result.extend(new)
        out_pos = at + len(old)
    result.extend(old_lines[out_pos:])
    return "\n".join(result)


def _find(lines: list[str], seq: list[str], start: int) -> int | None:
    if not seq:
        return len(lines)
    for strip in (False, True):  # exact first, then ignoring trailing blanks (as Codex's matcher does)
        norm = (lambda s: s.rstrip()) if strip else (lambda s: s)
        want = [norm(s) for s in seq]
        for i in range(start, len(lines) - len(seq) + 1):
            if all(norm(lines[i + k]) == want[k] for k in range(len(seq))):
                return i
    return None


def patch_plan(patch: str, cwd: Path, limit: int) -> EditPlan:
    plan = EditPlan()
    for action, name, body, move in parse_patch(patch):
        path = (cwd / name).resolve() if not Path(name).is_absolute() else Path(name)
        try:
            before = read_current(path, limit)
            if action == "Add":
                after = "\n".join(ln[1:] if ln.startswith("+") else ln for ln in body)
            elif action == "Delete":
                after = None
            else:
                if before is None:
                    raise EditError(f"{name}: the patch updates a file that does not exist", path)
                after = apply_hunks(before, body, name)
        except EditError as exc:
            plan.problems.append((exc.path or path, str(exc)))
            continue
        if move:
            target = (cwd / move).resolve() if not Path(move).is_absolute() else Path(move)
            plan.changes.append(FileChange(path, before, None))
            try:
                plan.changes.append(FileChange(target, read_current(target, limit), after))
            except EditError as exc:
                plan.problems.append((target, str(exc)))
        else:
            plan.changes.append(FileChange(path, before, after))
    return plan


# --- one entry for every host's edit tools ----------------------------------------------------------

def _path(value: Any, cwd: Path, what: str) -> Path:
    if not isinstance(value, str) or not value or "\x00" in value:
        raise EditError(f"{what}: expected a file path")
    p = Path(value)
    return p if p.is_absolute() else (cwd / p)


def plan_edit(kind: str, tool_input: Mapping[str, Any], cwd: Path, limit: int) -> EditPlan:
    """The files an edit tool call changes. ``kind``: write, edit, multiedit, notebook or patch.

    Raises EditError when the input is malformed (a missing path, a non-string replacement)."""
    if kind == "patch":
        patch = tool_input.get("input", tool_input.get("patch", tool_input.get("command")))
        if isinstance(patch, list):  # ["apply_patch", "<patch>"]
            patch = next((p for p in patch if isinstance(p, str) and "*** Begin Patch" in p), None)
        return patch_plan(_string(patch, "patch"), cwd, limit)
    key = "notebook_path" if kind == "notebook" else ("file_path" if "file_path" in tool_input else "path")
    path = _path(tool_input.get(key), cwd, key)
    before = read_current(path, limit)
    if kind == "write":
        after: str | None = _string(tool_input.get("content"), "content")
    elif kind == "edit":
        old = _string(tool_input.get("old_string"), "old_string")
        new = _string(tool_input.get("new_string"), "new_string")
        many = bool(tool_input.get("replace_all")) or bool(tool_input.get("allow_multiple")) or (
            isinstance(tool_input.get("expected_replacements"), int) and tool_input["expected_replacements"] > 1)
        after = replace_once(before or "", old, new, many) if before is not None or old == "" else None
    elif kind == "multiedit":
        edits = tool_input.get("edits")
        if not isinstance(edits, list):
            raise EditError("edits: expected a list")
        after = apply_edits(before, edits)
    elif kind == "notebook":
        after = apply_notebook(before, tool_input)
    else:
        raise EditError(f"unknown edit kind {kind!r}")
    if after is None:  # the tool would refuse this edit: the file stays as it is
        return EditPlan()
    return EditPlan([FileChange(path, before, after)])
