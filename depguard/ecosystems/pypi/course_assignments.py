"""Graded course assignments: the helper modules a course's workspace provides beside an assignment's notebook.

A course run on a hosted Jupyter workspace (Coursera Labs for DeepLearning.AI's specializations, nbgrader's courses)
hands each student an assignment folder: the graded notebook and, beside it, the course's helper modules and test
cases (``lr_utils.py``, ``dnn_app_utils_v3.py``, ``testCases_v4a.py``, ``public_tests.py``), which the notebook imports
(``from lr_utils import load_dataset``). A student who keeps their work in a repository often downloads the notebook
alone: its imports then name modules neither the tree nor a registry has. They are the course's, not an invented
package's, so a missing one is a note (only a name no registry has: one somebody registered is judged as usual, as
``pip install`` of it would fetch theirs).

An assignment is told by the marks its graders put in its cells: DeepLearning.AI's ``# GRADED FUNCTION: sigmoid``,
``### START CODE HERE ###`` and ``# UNQ_C1`` (UNIQUE CELL IDENTIFIER), nbgrader's cell metadata (``"nbgrader":
{"grade_id": …}``), and Udacity's project notebooks' ``DON'T MODIFY ANYTHING IN THIS CELL THAT IS BELOW THIS LINE``
(whose cells import ``workspace_utils``, ``helper`` and ``problem_unittests``, files of the Udacity workspace).
Held-out spot set 215-2: four students' DeepLearning.AI specialization repositories (bernardoduran95's, epintilii's,
gontzalm's, Dominus11's), 28 flags of the course's helper modules in the notebooks whose folders lack them. A notebook or script with no such mark is judged as before, and so is an import the student
wrote between ``### START CODE HERE ###`` and ``### END CODE HERE ###``: the course's imports are in its own cells.

University courses hand out plain Python files the same way. Every file of Berkeley's Pacman AI projects (CS188 and
the many courses that reuse them) opens with their notice (``# Licensing Information:  You are free to use or extend
these projects for``): held-out spot set 233, molson194's Project-5/dataClassifier.py imports the course's contest file
``minicontest``, which the student's copy lacks. A course graded with okpy (Berkeley's CS61A, CS88, Data 8) puts the
autograder's configuration in each assignment's folder (``hw03.ok``, ``proj02.ok``: JSON naming the ``endpoint``,
``src`` and ``tests``) and its client writes ``.ok_history`` there: the files of such a folder and the folders below
it are the course's assignment (:func:`assignment_folders`; jruota/cs61a's projects/cats imports the ``gui_files``
folder the project ships, which the student did not commit).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ... import lazyre
from ...model import Example

ASSIGNMENT = lazyre.compile(r"#[ \t]*GRADED FUNCTION\b|#{2,}[ \t]*START CODE HERE\b|#[ \t]*UNQ_C\d+\b"
                            r"|\"nbgrader\"[ \t]*:[ \t]*\{[^{}]*\"grade_id\"|DON'T MODIFY ANYTHING IN THIS CELL\b"
                            r"|#[ \t]*Licensing Information:[ \t]+You are free to use or extend these projects\b")


def course_assignment(text: str) -> bool:
    """Whether ``text`` (a notebook's JSON, a script) holds a grader's mark of a course assignment."""
    return ("GRADED" in text or "START CODE HERE" in text or "UNQ_C" in text or "grade_id" in text
            or "DON'T MODIFY" in text or "Licensing Information" in text) \
        and ASSIGNMENT.search(text) is not None


OKPY_TRACES = frozenset({".ok_history", ".ok_storage"})  # what the ok client writes in the folder it runs in
OKPY_CONFIG_MAX = 64 * 1024


def okpy_config(text: str) -> bool:
    """Whether ``text`` (a ``*.ok`` file) is an okpy assignment configuration: a JSON object naming the assignment's
    ``src`` files and its ``tests`` (or ``protocols``)."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    return isinstance(data, dict) and isinstance(data.get("src"), list) \
        and isinstance(data.get("tests") or data.get("protocols"), (dict, list))


def assignment_folders(files: Iterable[str], read: Callable[[str], str | None]) -> frozenset[str]:
    """The folders (relative, POSIX) among ``files`` (the tree's, relative) holding an okpy assignment: an okpy
    configuration (:func:`okpy_config`, read with ``read``) or a trace of its client (:data:`OKPY_TRACES`)."""
    out: set[str] = set()
    for rel in files:
        folder, _, name = rel.rpartition("/")
        if folder in out:
            continue
        if name in OKPY_TRACES or (name.endswith(".ok") and len(name) > 3 and okpy_config(read(rel) or "")):
            out.add(folder)
    return frozenset(out)


def in_folders(rel: str, folders: frozenset[str]) -> bool:
    """Whether the file ``rel`` lies in one of ``folders`` or below it: each folder above the file is looked up (not
    each folder compared with the file: a tree of many assignment folders and many files was quadratic, 20,000 of
    each 103 s; reviewer r34)."""
    if not folders:
        return False
    if "" in folders:
        return True
    folder, sep, _name = rel.rpartition("/")
    while sep:
        if folder in folders:
            return True
        folder, sep, _name = folder.rpartition("/")
    return False


def assignment_note(top: str) -> Example:
    """The note for an import of ``top``, a module neither the tree nor a manifest explains, in a course assignment."""
    return Example(f"{top!r} is no module of the tree and the file is a graded course assignment: the course's "
                   "workspace provides its helper modules beside it", setting=None)


CODE_HERE = lazyre.compile(r"#{2,}[ \t]*(?P<end>START|END) CODE HERE\b")


def student_lines(code: str) -> frozenset[int]:
    """The lines (1-based) of ``code`` between a ``### START CODE HERE ###`` and the next ``### END CODE HERE ###``
    (or the end of the cell): what the student wrote, not the course."""
    if "CODE HERE" not in code:
        return frozenset()
    out: set[int] = set()
    inside = False
    for number, line in enumerate(code.split("\n"), 1):
        mark = CODE_HERE.search(line)
        if mark is not None:
            inside = mark.group("end") == "START"
        elif inside:
            out.add(number)
    return frozenset(out)
