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


PACMAN_NOTICE = ("# dataClassifier.py\n# -----------------\n"
                 "# Licensing Information:  You are free to use or extend these projects for\n"
                 "# educational purposes provided that (1) you do not distribute or publish\n"
                 "# solutions, (2) you retain this notice, and (3) you provide clear\n"
                 "# attribution to UC Berkeley, including a link to http://ai.berkeley.edu.\n")


def test_a_berkeley_pacman_projects_file_is_a_course_assignment(tmp_path):
    # molson194/Artificial-Intelligence-Berkeley-CS188 (held-out set 233-spot), Project-5/dataClassifier.py:410, the
    # course's classification project file with the Pacman AI projects' notice at its top:
    #   elif(options.classifier == 'minicontest'):
    #       import minicontest
    # minicontest.py is the course's contest file, which this student's Project-5 lacks; it was reported missing. A
    # registered name there is judged as usual, and a file without the notice keeps its unexplained import judged
    write(tmp_path, {
        "Project-5/dataClassifier.py": PACMAN_NOTICE + "import util\nimport numpy\n\ndef run(options):\n"
                                       "    if options.classifier == 'minicontest':\n        import minicontest\n",
        "Project-5/mine.py": "# my notes on the project\nimport minicontest_helperz\n",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("Project-5/dataClassifier.py", "minicontest")] == "allowed"
    assert got[("Project-5/dataClassifier.py", "numpy")] == "ok"
    assert got[("Project-5/mine.py", "minicontest_helperz")] == "missing"


OK_CONFIG = ('{\n    "name": "Project 2: Cats",\n    "endpoint": "ucb/cs61a/sp24/proj02",\n'
             '    "src": ["utils.py", "cats.py"],\n    "tests": {"tests/01.py": "ok_test"},\n'
             '    "protocols": ["file_contents", "grading", "backup"]\n}\n')


def test_a_folder_of_an_okpy_assignment_holds_course_files(tmp_path):
    # jruota/cs61a (held-out set 233-spot): projects/cats/cats_gui.py:8 `from gui_files.common_server import Server,
    # route, sendto, start` (also projects/cats/multiplayer/multiplayer.py:7 and projects/hog/hog_gui.py:7): CS61A's
    # project ships a gui_files/ folder the student did not commit; the folder's proj02.ok is the course's okpy
    # configuration (its autograder's endpoint, sources, tests), and .ok_history is what the ok client writes where it
    # runs. gui_files was reported missing. A folder with neither, or with a `.ok` file that is no okpy configuration,
    # keeps its unexplained imports judged, and a registered name is judged as usual
    write(tmp_path, {
        "projects/cats/proj02.ok": OK_CONFIG,
        "projects/cats/cats_gui.py": "import cats\nfrom gui_files.common_server import Server, route\nimport numpy\n",
        "projects/cats/cats.py": "from utils import lower\n",
        "projects/cats/utils.py": "def lower(s):\n    return s.lower()\n",
        "projects/cats/multiplayer/multiplayer.py": "from gui_files.common_server import route\n",
        "homework/hw03/.ok_history": "",
        "homework/hw03/hw03.py": "from construct_check import check\n",
        "scratch/gui.py": "from gui_files.common_server import route\n",
        "notes/todo.ok": "buy milk\n",
        "notes/gui.py": "from gui_files.common_server import route\n",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("projects/cats/cats_gui.py", "gui_files")] == "allowed"
    assert got[("projects/cats/multiplayer/multiplayer.py", "gui_files")] == "allowed"
    assert got[("homework/hw03/hw03.py", "construct_check")] == "allowed"
    assert got[("projects/cats/cats_gui.py", "numpy")] == "ok"
    assert got[("scratch/gui.py", "gui_files")] == "missing"
    assert got[("notes/gui.py", "gui_files")] == "missing"


def test_a_module_beside_the_file_that_a_named_gitignore_family_keeps_out_of_git_is_a_note(tmp_path):
    # Cal-CS-61A-Staff/cs61a-apps (held-out set 233-spot2), code/src/web-server/language_apis.py:10
    # `from IGNORE_scheme_debug import (Buffer, SchemeError, …)`: .gitignore:93 keeps `IGNORE_*` out of git, the
    # staff's convention for files the build copies in (code/deploy.yaml: dest src/web-server/IGNORE_scheme_debug.py;
    # the README: "You will need a copy of IGNORE_scheme_debug.py put at …"). The file is absent by design, so no
    # registry has the name: a note. A registered name under the same rule is judged, and so is a module that a rule
    # of wildcards and a suffix alone (`*.py`, `*`) ignores, or one beside another folder
    write(tmp_path, {
        ".gitignore": "__pycache__/\n*.py[cod]\nIGNORE_*\nbuild/*.py\n",
        "code/src/web-server/language_apis.py": "from IGNORE_scheme_debug import Buffer\nimport IGNORE_numpy_alias\n",
        "code/src/web-server/main.py": "import language_apis\n",
        "build/gen.py": "import generated_madeup_mod\n",
        "tools/x.py": "import scheme_debug_madeup\n",
    })
    got = verdicts(judged(tmp_path, {"ignore-numpy-alias"}))
    assert got[("code/src/web-server/language_apis.py", "IGNORE_scheme_debug")] == "allowed"
    assert got[("code/src/web-server/language_apis.py", "IGNORE_numpy_alias")] == "ok"
    assert got[("build/gen.py", "generated_madeup_mod")] == "missing"  # `build/*.py`: any module there
    assert got[("tools/x.py", "scheme_debug_madeup")] == "missing"


def test_a_file_is_in_an_assignment_folder_by_the_folders_above_it():
    # reviewer r34, crafted: each file was compared with every okpy assignment folder of the tree (20,000 folders and
    # 20,000 files: 103 s); now the folders above the file are looked up. A file in or below a folder is in it, one in
    # a sibling whose name starts alike is not, and the root folder holds every file
    from depguard.ecosystems.pypi.course_assignments import in_folders

    folders = frozenset({f"course/hw{i}" for i in range(20_000)} | {"projects/cats"})
    assert in_folders("projects/cats/cats_gui.py", folders) and in_folders("projects/cats/gui_files/common.py", folders)
    assert in_folders("course/hw7/hw7.py", folders)
    assert not in_folders("projects/catsgame/main.py", folders) and not in_folders("projects/x.py", folders)
    assert not any(in_folders(f"student/proj{i}/main.py", folders) for i in range(20_000))
    assert in_folders("main.py", frozenset({""})) and not in_folders("main.py", frozenset())


def test_a_folder_the_tree_links_into_a_bundled_app_takes_that_apps_bundler_config(tmp_path):
    # Cal-CS-61A-Staff/cs61a-apps (held-out set 233-spot2): examtool_web_common/js/Exam.js:3 `import { typeset } from
    # "MathJax"`, a folder the exam apps link in by a symbolic link git tracks (exam-write/examtool_web_common ->
    # ../examtool_web_common/), each app's webpack.config.js declaring externals { MathJax: "MathJax" }, the page's
    # global. npm has no MathJax; it was reported missing. The id a linking app's config resolves is local; an
    # invented one beside it, and the same import in a folder nothing links, stay judged
    import os
    import subprocess

    write(tmp_path, {
        "examtool_web_common/js/Exam.js": 'import { typeset } from "MathJax";\nimport x from "quux-madeup-widget";\n',
        "examtool_web_common/package.json": '{"name": "robust-exams", "private": true}\n',
        "exam-write/webpack.config.js": 'module.exports = {\n  entry: "./index.js",\n  externals: {\n'
                                        '    react: "React",\n    MathJax: "MathJax",\n  },\n};\n',
        "exam-write/package.json": '{"name": "exam-write", "private": true}\n',
        "other/Page.js": 'import { typeset } from "MathJax";\n',
    })
    os.symlink("../examtool_web_common/", tmp_path / "exam-write" / "examtool_web_common")
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
    got = verdicts(judged(tmp_path, set()))
    assert ("examtool_web_common/js/Exam.js", "MathJax") not in got
    assert got[("examtool_web_common/js/Exam.js", "quux-madeup-widget")] == "missing"
    assert got[("other/Page.js", "MathJax")] == "missing"
