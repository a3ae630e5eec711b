"""``if``/``elif``/``else`` in the shell model (depguard/commands/branches.py): each branch starts in the folder the
``if`` started in, and after ``fi`` the folder is known only when every path ends in it."""

from __future__ import annotations

from depguard.commands import analyze


def _manifests(script: str) -> list[str]:
    return [m.path for m in analyze(script).manifests]


def test_an_else_branch_does_not_start_in_the_folder_the_then_branch_moved_to():
    assert _manifests('if [ "$CI" = true ]; then cd web; else cd web; fi\npip install -r req.txt\n') == ["web/req.txt"]


def test_a_folder_only_one_branch_moves_to_is_not_certain_after_fi():
    plan = analyze("if [ -d frontend ]; then cd frontend; fi\nnpm ci\n")
    assert plan.manifests == () and "cannot tell" in plan.unresolved[0].reason


def test_tests_of_one_variable_rule_out_the_paths_of_other_values_and_a_changed_variable_does_not():
    script = ('if [ "$JOB" = a ]; then pushd a; elif [ "$JOB" = b ]; then pushd b; fi\n'
              'if [ "$JOB" = c ]; then pip install -r c.txt; fi\n'  # neither a nor b ran: the starting folder
              'if test "$JOB" != a; then pip install -r d.txt; fi\n')  # b may have run: not known
    assert _manifests(script) == ["c.txt"]
    changed = 'if [[ $JOB == a* ]]; then cd a; fi\nJOB=x\nif [[ $JOB == b ]]; then pip install -r b.txt; fi\n'
    assert _manifests(changed) == []
