"""University computer-science courses and their students' repositories (held-out set 233: CS50, CS61A, CS188,
CS336, 15-445, nand2tetris, fullstack-open …): what a course hands its students beside the assignment is the
course's, not a registry's, and an invented name in the same place is still judged."""

from __future__ import annotations

import io
import zipfile

from tests.trees import judged, verdicts, write


def _zip(members: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, text in members.items():
            z.writestr(name, text)
    return buf.getvalue()


def test_a_package_inside_a_zip_archive_a_script_puts_on_sys_path_is_the_projects_own(tmp_path):
    # PKUFlyingPig/CS61A (held-out set 233), hws/hw07/editor/ok_interface.py:270, CS61A's Scheme editor:
    #   sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ok"))
    # then `from client.api import assignment`: `ok` is the course's autograder, a zip archive (a zipapp) beside the
    # editor, holding the okpy client's `client` package; Python's zipimport imports from it. `client` was reported
    # missing (36 imports). A name the archive does not hold stays judged, and so does a zip nothing puts on sys.path
    write(tmp_path, {
        "hw07/editor/ok_interface.py": (
            "import os, sys\n\ndef run():\n"
            "    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'ok'))\n"
            "    from client.api import assignment\n    from client.cli.ok import parse_input\n"
            "    import okhelper\n    import quux_madeup_grader\n"),
        "other/run.py": "import os, sys\n\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), 'notes.txt'))\n"
                        "import zipped_elsewhere\n",
        "other/notes.txt": "not a zip archive\n",
    })
    (tmp_path / "hw07/ok").write_bytes(_zip({
        "__main__.py": "from client.cli import ok\n", "client/__init__.py": "", "client/api/assignment.py": "",
        "client/cli/ok.py": "", "okhelper.py": "", "docs/readme.txt": "",
    }))
    (tmp_path / "elsewhere.zip").write_bytes(_zip({"zipped_elsewhere/__init__.py": ""}))
    got = verdicts(judged(tmp_path, set()))
    assert ("hw07/editor/ok_interface.py", "client.api") not in got  # the project's own: not asked
    assert ("hw07/editor/ok_interface.py", "client.cli.ok") not in got
    assert ("hw07/editor/ok_interface.py", "okhelper") not in got  # a module file at the archive's top
    assert got[("hw07/editor/ok_interface.py", "quux_madeup_grader")] == "missing"  # the archive lacks it
    assert got[("other/run.py", "zipped_elsewhere")] == "missing"  # the file put on sys.path is no archive
