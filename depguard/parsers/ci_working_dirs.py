"""A GitHub Actions step's ``working-directory``: its ``run`` script starts in that folder.

Each step of a GitHub workflow runs in a new shell at the checkout's root, or in the folder its ``working-directory``
key names. The CI reader (:func:`depguard.parsers.scripts.yaml_run_blocks`) reads a job's ``run`` values as one
script, so before this a step's key was blanked and its commands were read at the root: jupyter-book's deploy
workflow runs ``npm install`` and then ``npx myst build``, both with ``working-directory: docs``, and the runner was
taken for one in the root's project, whose dependencies do not install ``myst`` (docs/package.json's mystmd does).

Here the script of such a step is written as a subshell that changes into the folder first, ``(cd docs; npm
install)``, in the blanks the YAML key leaves before the value (a single-line ``run:``) or on the key's own line (a
block scalar, ``run: |``), and closed on the first line after the value: no command moves and no line is added, so
every mention keeps its place. Only a literal relative folder is read (``${{ … }}``, a variable, an absolute path or
a folder with blanks or shell operators in it is left as before), and only where the subshell fits in the blanks the
YAML leaves; otherwise the step is read at the root, as before.
"""

from __future__ import annotations

from .. import lazyre

# the key of a step (`working-directory: docs`, or the step's first key after its `- `), its column and its value
WORKING_DIRECTORY = lazyre.compile(r"^(\s*)(-\s+)?working-directory\s*:(.*)$")
# a literal relative folder: no expression, variable, quote, blank, glob or shell operator in it
FOLDER = lazyre.compile(r"[A-Za-z0-9_.][A-Za-z0-9_./-]*")
STEP_ITEM = lazyre.compile(r"^(\s*)-(?:\s|$)")


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def run_folders(lines: list[str], run_keys: dict[int, int]) -> dict[int, str]:
    """The line of each ``run`` key of ``run_keys`` (line -> the key's column) whose step has a ``working-directory``
    key naming a literal relative folder (module docstring) -> that folder. A key belongs to the list item whose ``-``
    is two columns left of it, as long as no line in between is indented less than the key: one pass over the lines,
    keeping the items open at each depth (a stack), so a crafted file of many keys is read in linear time."""
    if not run_keys or "working-directory" not in "".join(lines):
        return {}
    open_items: list[tuple[int, int]] = []  # (the item's dash column, the item's line), shallowest first
    step_of_run: dict[int, int] = {}  # a run key's line -> its item's line
    folder_of_step: dict[int, str] = {}
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        x = _indent(line)
        while open_items and open_items[-1][0] >= x:
            open_items.pop()
        item = STEP_ITEM.match(line)
        if item is not None:
            open_items.append((x, i))
        key_column = x + 2 if item is not None else x
        step = open_items[-1][1] if open_items and open_items[-1][0] + 2 == key_column else None
        if step is None:
            continue
        if i in run_keys and run_keys[i] == key_column:
            step_of_run[i] = step
        elif "working-directory" in line and (m := WORKING_DIRECTORY.match(line)) is not None:
            folder = _literal_folder(m.group(3))
            if folder is not None:
                folder_of_step.setdefault(step, folder)
    return {run: folder_of_step[step] for run, step in step_of_run.items() if step in folder_of_step}


def _literal_folder(value: str) -> str | None:
    value = value.split(" #", 1)[0].strip()
    if value[:1] in ("'", '"') and value[-1:] == value[:1] and len(value) >= 2:
        value = value[1:-1]
    return value if FOLDER.fullmatch(value) and not value.startswith("..") else None


def wrap(out: list[str], wraps: list[tuple[int, int, str, bool]]) -> None:
    """Each (the run key's line, the first line after its value, folder, whether the value is on the key's line)
    of ``wraps`` written into ``out`` (the script, the YAML blanked around its run values) as a subshell that
    changes into the folder: ``(cd F; `` in the blanks before a single-line value (``(cd F`` on a block scalar's
    blank key line) and ``)`` (``);`` before a value on that line) at the start of the first line after it, a line
    added past the end when the value ends the file. A step whose subshell does not fit in the blanks is left as it
    is, both ends."""
    heads: dict[int, str] = {}

    def fits(line: int, head: str) -> bool:
        text = out[line] if line < len(out) else ""
        blanks = _indent(text) if text.strip() else len(head) + 1
        return len(head) + 1 <= blanks

    for run_line, after, folder, single in sorted(wraps):
        opening = f"(cd {folder}; " if single else f"(cd {folder}"
        here = heads.get(run_line, "") + opening
        there = heads.get(after, "") + ");"
        if after == run_line or not fits(run_line, here) or not fits(after, there):
            continue
        heads[run_line] = here
        heads[after] = there
    for line, head in heads.items():
        while line >= len(out):
            out.append("")
        text = out[line]
        out[line] = head + text[len(head):] if text.strip() else head
