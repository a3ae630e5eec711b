"""``if``/``elif``/``else`` in the shell model: which folder each branch starts in, and which folders a script may be
in after ``fi``.

The model reads every branch (each install in any branch stays judged), but a folder changed in one branch
(``pushd packages/$PKG`` with no ``popd``) is not where the next branch starts, and after ``fi`` the script is in
one of the folders its branches end in. Those folders are kept as *paths*, each with the tests that led there
(``$GROUP == js*``); a later branch whose own test rules out a path's tests (``[[ $GROUP == usage ]]``: ``usage`` is
no ``js*``) does not start in that path's folder. CI scripts dispatch on one variable this way (jupyterlab's
``scripts/ci_script.sh``: one ``if [[ $GROUP == … ]]`` block per job); when the tests say nothing, or the
variable changed in between, the folder stays unknown as before.

Recognised tests: ``[[ $V == P ]]`` (an unquoted ``P`` is a glob pattern), ``[ "$V" = L ]``, ``test "$V" = L``, and
``!=`` of each, alone in the condition, with ``P``/``L`` written out (no expansion).
"""

from __future__ import annotations

import fnmatch
import re

from ..records import record
from .shell import Command

MAX_PATHS = 8  # folders kept after a fi; more is an unknown folder
KEYWORDS = ("then", "do", "else", "elif", "if", "while", "until", "!", "{", "}")
VARIABLE = re.compile(r"\$\{?([A-Za-z_]\w*)\}?")


@record(frozen=True)
class Clause:
    """One branch: its condition's commands (``cond`` .. ``body``; none for ``else``) and its body (.. ``end``)."""

    cond: int | None
    body: int
    end: int


@record(frozen=True)
class IfShape:
    clauses: tuple[Clause, ...]
    has_else: bool
    fi: int  # index of the ``fi`` command


@record(frozen=True)
class Guard:
    """A test a path passed: ``$var`` matched (``equal``) or did not match ``pattern``, while ``$var`` held ``value``."""

    var: str
    equal: bool
    pattern: str
    glob: bool
    value: object

    def negated(self) -> Guard:
        return Guard(self.var, not self.equal, self.pattern, self.glob, self.value)


def _keywords(cmd: Command) -> list[str]:
    out = []
    for w in cmd.words:
        if w.quoted or w.text not in KEYWORDS + ("fi",):
            break
        out.append(w.text)
        if w.text == "fi":
            break
    return out


def if_shape(cmds: list[Command], k: int, end: int) -> IfShape | None:
    """The branches of the ``if`` that command ``k`` opens, when its ``fi`` is before ``end`` and every command
    between lies in the same subshells; None otherwise (the commands are then read in sequence, as before)."""
    kws = _keywords(cmds[k])
    if kws[:1] != ["if"] or kws.count("if") != 1:
        return None
    group = cmds[k].group
    depth = 1
    marks: list[tuple[str, int]] = []  # ("then" | "elif" | "else", index) at this if's own level
    for j in range(k + 1, end):
        cmd = cmds[j]
        if cmd.group[: len(group)] != group:
            return None
        for kw in _keywords(cmd):
            if kw == "if":
                depth += 1
            elif kw == "fi":
                depth -= 1
                if depth == 0:
                    return _shape(k, marks, j)
            elif depth == 1 and kw in ("then", "elif", "else"):
                marks.append((kw, j))
    return None


def _shape(k: int, marks: list[tuple[str, int]], fi: int) -> IfShape | None:
    clauses: list[Clause] = []
    cond: int | None = k
    has_else = False
    for i, (kw, j) in enumerate(marks):
        nxt = marks[i + 1][1] if i + 1 < len(marks) else fi
        if kw == "then":
            if cond is None:
                return None
            clauses.append(Clause(cond, j, nxt))
            cond = None
        elif kw == "elif":
            cond = j
        elif kw == "else":
            if cond is not None or has_else:
                return None
            clauses.append(Clause(None, j, nxt))
            has_else = True
    if cond is not None or not clauses:
        return None
    return IfShape(tuple(clauses), has_else, fi)


def test_guard(cmds: list[Command], clause: Clause, variables: dict) -> Guard | None:
    """The recognised test a clause's condition is, as the guard of the paths through its body."""
    if clause.cond is None or clause.body != clause.cond + 1:
        return None
    words = cmds[clause.cond].words
    j = 0
    while j < len(words) and not words[j].quoted and words[j].text in ("if", "elif"):
        j += 1
    words = words[j:]
    if len(words) == 5 and words[0].text == "[[" and words[4].text == "]]":
        left, op, right, glob_ok = words[1], words[2], words[3], True
    elif len(words) == 5 and words[0].text == "[" and words[4].text == "]":
        left, op, right, glob_ok = words[1], words[2], words[3], False
    elif len(words) == 4 and words[0].text == "test":
        left, op, right, glob_ok = words[1], words[2], words[3], False
    else:
        return None
    if any(w.quoted and w.text in ("[[", "]]", "[", "]", "test") for w in words[:1]) or op.quoted:
        return None
    m = VARIABLE.fullmatch(left.text)
    if m is None or op.text not in ("==", "=", "!=") or "$" in right.raw or "`" in right.raw:
        return None
    glob = glob_ok and not right.quoted and any(c in right.text for c in "*?[")
    return Guard(m.group(1), op.text != "!=", right.text, glob, variables.get(m.group(1)))


def _matches(text: str, g: Guard) -> bool:
    return fnmatch.fnmatchcase(text, g.pattern) if g.glob else text == g.pattern


def _exclusive(a: Guard, b: Guard) -> bool:
    """Whether no value of the variable passes both tests (False whenever that cannot be told)."""
    if a.var != b.var or a.value != b.value:
        return False
    if a.equal and b.equal:
        if not a.glob:
            return not _matches(a.pattern, b)
        if not b.glob:
            return not _matches(b.pattern, a)
        return False
    if a.equal != b.equal:
        pos, neg = (a, b) if a.equal else (b, a)
        return not pos.glob and _matches(pos.pattern, neg)
    return False


Path = tuple[object, tuple, tuple]  # (folder, folder stack, guards); values are compared, never hashed


def possible(paths: list[Path], guards: list[Guard]) -> list[Path]:
    """The paths none of whose guards a branch's ``guards`` rule out."""
    return [p for p in paths if not any(_exclusive(a, b) for a in p[2] for b in guards)]


def merge(ends: list[Path]) -> list[Path]:
    """Paths that end in the same folder (and folder stack) as one, with the tests all of them passed."""
    merged: list[Path] = []
    for cwd, stack, guards in ends:
        for i, (c, s, g) in enumerate(merged):
            if c == cwd and s == stack:
                merged[i] = (c, s, tuple(x for x in g if x in guards))
                break
        else:
            merged.append((cwd, stack, guards))
    return merged
