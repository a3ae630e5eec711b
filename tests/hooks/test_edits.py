"""The file as it will be after an agent's edit, computed the way each edit tool documents its input."""

from __future__ import annotations

import json

import pytest

from depguard.hooks.edits import (
    EditError,
    apply_edits,
    apply_hunks,
    apply_notebook,
    patch_plan,
    plan_edit,
    replace_once,
)

LIMIT = 5 * 1024 * 1024


def test_edit_replaces_a_unique_match():
    assert replace_once("a\nb\n", "b\n", "b\nc\n") == "a\nb\nc\n"


def test_edit_with_several_matches_is_refused_unless_replace_all():
    assert replace_once("x x", "x", "y") is None
    assert replace_once("x x", "x", "y", replace_all=True) == "y y"


def test_edit_without_a_match_is_refused():
    assert replace_once("abc", "zzz", "y") is None


def test_edit_matches_lf_text_in_a_crlf_file():
    assert replace_once("a\r\nb\r\n", "a\nb\n", "a\nc\n") == "a\r\nc\r\n"


def test_empty_old_string_creates_a_file_only():
    assert replace_once("", "", "new") == "new"
    assert replace_once("old", "", "new") is None


def test_multiedit_applies_in_order_and_is_all_or_nothing():
    edits = [{"old_string": "a", "new_string": "b"}, {"old_string": "b", "new_string": "c"}]
    assert apply_edits("a", edits) == "c"
    assert apply_edits("a", [*edits, {"old_string": "zzz", "new_string": "q"}]) is None
    with pytest.raises(EditError, match="edits\\[0\\].new_string"):
        apply_edits("a", [{"old_string": "a", "new_string": 3}])


NB = json.dumps({"cells": [{"cell_type": "code", "id": "c1", "source": "import os"},
                           {"cell_type": "markdown", "id": "m1", "source": "# hi"}], "nbformat": 4})


def sources(text: str) -> list:
    return [c["source"] for c in json.loads(text)["cells"]]


@pytest.mark.parametrize("tool_input,expected", [
    ({"cell_id": "c1", "new_source": "import requests"}, ["import requests", "# hi"]),
    ({"cell_id": "c1", "new_source": "import x", "edit_mode": "insert"}, ["import os", "import x", "# hi"]),
    ({"new_source": "import x", "edit_mode": "insert"}, ["import x", "import os", "# hi"]),
    ({"cell_id": "m1", "edit_mode": "delete"}, ["import os"]),
    ({"cell_id": "cell-1", "new_source": "!pip install y"}, ["import os", "!pip install y"]),
    ({"cell_id": "nope", "new_source": "import z"}, ["import os", "# hi", "import z"]),  # over-read, never under-read
])
def test_notebook_cell_edits(tool_input, expected):
    assert sources(apply_notebook(NB, tool_input)) == expected


def test_a_new_notebook_is_created_with_the_cell():
    assert sources(apply_notebook(None, {"new_source": "import x", "edit_mode": "insert"})) == ["import x"]


def test_patch_hunks_apply_with_context():
    text = "requests\nclick\nflask\n"
    assert apply_hunks(text, ["@@", " requests", "-click", "+click>=8", "+rich"], "r.txt") == "requests\nclick>=8\nrich\nflask\n"


def test_patch_hunk_tolerates_trailing_blanks_but_not_other_text():
    assert apply_hunks("a  \nb\n", [" a", "+x"], "f") == "a\nx\nb\n"  # context lines as the patch writes them
    with pytest.raises(EditError, match="does not match"):
        apply_hunks("a\nb\n", [" q", "+x"], "f")


def test_patch_plan_adds_updates_moves_and_deletes(tmp_path):
    (tmp_path / "requirements.txt").write_text("requests\n")
    (tmp_path / "old.txt").write_text("x\n")
    patch = ("*** Begin Patch\n*** Update File: requirements.txt\n@@\n requests\n+rich\n"
             "*** Add File: web/package.json\n+{}\n*** Delete File: old.txt\n"
             "*** Update File: requirements.txt\n*** Move to: req/base.txt\n@@\n-requests\n+httpx\n*** End Patch\n")
    plan = patch_plan(patch, tmp_path, LIMIT)
    got = {(c.path.relative_to(tmp_path).as_posix(), c.after) for c in plan.changes}
    assert ("requirements.txt", "requests\nrich\n") in got
    assert ("web/package.json", "{}") in got
    assert ("old.txt", None) in got
    assert ("req/base.txt", "httpx\n") in got and not plan.problems


def test_patch_of_a_missing_file_is_a_problem_not_a_guess(tmp_path):
    plan = patch_plan("*** Begin Patch\n*** Update File: nope.txt\n@@\n+x\n*** End Patch", tmp_path, LIMIT)
    assert plan.changes == [] and "does not exist" in plan.problems[0][1]


def test_gemini_expected_replacements_replaces_every_match(tmp_path):
    (tmp_path / "r.txt").write_text("a\na\n")
    plan = plan_edit("edit", {"file_path": "r.txt", "old_string": "a", "new_string": "b", "expected_replacements": 2},
                     tmp_path, LIMIT)
    assert plan.changes[0].after == "b\nb\n"


def test_a_file_over_the_limit_is_an_error_naming_it(tmp_path):
    (tmp_path / "big.txt").write_text("x" * 100)
    with pytest.raises(EditError) as err:
        plan_edit("write", {"file_path": str(tmp_path / "big.txt"), "content": "y"}, tmp_path, 10)
    assert err.value.path == tmp_path / "big.txt"
