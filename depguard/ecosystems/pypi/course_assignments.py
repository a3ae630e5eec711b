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
"""

from __future__ import annotations

from ... import lazyre
from ...model import Example

ASSIGNMENT = lazyre.compile(r"#[ \t]*GRADED FUNCTION\b|#{2,}[ \t]*START CODE HERE\b|#[ \t]*UNQ_C\d+\b"
                            r"|\"nbgrader\"[ \t]*:[ \t]*\{[^{}]*\"grade_id\"|DON'T MODIFY ANYTHING IN THIS CELL\b")


def course_assignment(text: str) -> bool:
    """Whether ``text`` (a notebook's JSON, a script) holds a grader's mark of a course assignment."""
    return ("GRADED" in text or "START CODE HERE" in text or "UNQ_C" in text or "grade_id" in text
            or "DON'T MODIFY" in text) \
        and ASSIGNMENT.search(text) is not None


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
