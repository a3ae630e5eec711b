"""Course platforms' plug-ins (held-out set 252, education platforms and autograders): the module ids a learning
platform's own loader resolves are no registry names; an invented package beside them is still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from tests.trees import guesses, scan, write


def imports(root: Path) -> set[tuple[str, str]]:
    return {(m.location.path, m.key.name) for m in scan(root).mentions if m.origin is Origin.IMPORT}


VERSION_PHP = ("<?php\ndefined('MOODLE_INTERNAL') || die();\n$plugin->version  = 2026062300;\n"
               "$plugin->component = 'qtype_coderunner';\n")
SCRATCHPAD = ("import Templates from 'core/templates';\nimport {newUiWrapper} from 'qtype_coderunner/userinterfacewrapper';\n"
              "import Notification from 'core_form/events';\nimport pad from 'invented-moodle-pad';\n")


def test_a_moodle_plugins_amd_modules_are_moodles(tmp_path):
    # trampgeek/moodle-qtype_coderunner's amd/src/ui_scratchpad.js imports core/templates and its own
    # qtype_coderunner/userinterfacewrapper (amd/src/userinterfacewrapper.js), which Moodle's RequireJS serves;
    # qtype_coderunner was DG001. The same ids outside amd/src, and in an amd/src without a Moodle version.php, stay
    # judged, and so does an invented package in the plug-in's file
    write(tmp_path, {
        "coderunner/version.php": VERSION_PHP,
        "coderunner/amd/src/ui_scratchpad.js": SCRATCHPAD,
        "coderunner/amd/src/userinterfacewrapper.js": "export const newUiWrapper = () => null;\n",
        "coderunner/tools/build.js": "import {newUiWrapper} from 'qtype_coderunner/userinterfacewrapper';\n",
        "other/amd/src/ui.js": "import {newUiWrapper} from 'qtype_coderunner/userinterfacewrapper';\n",
    })
    found = imports(tmp_path)
    assert {name for path, name in found if path == "coderunner/amd/src/ui_scratchpad.js"} == {"invented-moodle-pad"}
    assert ("coderunner/tools/build.js", "qtype_coderunner") in found
    assert ("other/amd/src/ui.js", "qtype_coderunner") in found


def test_nwjs_gui_module_is_nwjs(tmp_path):
    # wavedrom's init.js in PrairieLearn/pl-prairielearn101's clientFilesCourse (held-out set 252): its desktop build
    # runs in NW.js, whose built-in GUI module is `require('nw.gui')`; an invented neighbour stays judged
    write(tmp_path, {"wavedrom/init.js": "var gui = require('nw.gui'),\n    fs = require('fs'),\n"
                                         "    x = require('nw.guix');\n"})
    assert imports(tmp_path) == {("wavedrom/init.js", "nw.guix")}


def test_a_test_folders_files_are_the_tests_input(tmp_path):
    # okpy/ok's tests/files/: the difflib_before.py that tests/test_highlight.py opens, and notebook.ipynb, an upload's
    # fixture whose cell `import hi` shows its ImportError (hi was DG001). The tests themselves and a files folder
    # outside a test folder stay the project's
    cell = ('{"cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": ["import hi_invented_fixture"]}], '
            '"metadata": {}, "nbformat": 4, "nbformat_minor": 2}\n')
    write(tmp_path, {
        "tests/files/notebook.ipynb": cell,
        "tests/files/difflib_before.py": "import difflib_invented_fixture\n",
        "tests/test_highlight.py": "import invented_highlight_helper\n",
        "server/files/upload.py": "import invented_upload_lib\n",
    })
    assert imports(tmp_path) == {("tests/test_highlight.py", "invented-highlight-helper"),
                                 ("server/files/upload.py", "invented-upload-lib")}


def test_a_gradescope_autograders_run_script_is_read_as_shell(tmp_path):
    # gradescope/autograder_samples' python/src/run_autograder (held-out set 252): Gradescope runs the file of that name,
    # which copies the student's submission into place (`cp /autograder/submission/calculator.py
    # /autograder/source/calculator.py`) before the tests `from calculator import Calculator`; the module was read as a
    # PyPI name. A submission the tree holds no copy of is the harness's; what the script installs is read, and an
    # invented import beside it is still judged
    write(tmp_path, {
        "run_autograder": "#!/usr/bin/env bash\n\ncp /autograder/submission/hw3_solver.py /autograder/source/hw3_solver.py\n"
                          "pip3 install invented-grading-extra\ncd /autograder/source\npython3 run_tests.py\n",
        "requirements.txt": "gradescope-utils\n",
        "tests/test_simple.py": "import unittest\nfrom gradescope_utils.autograder_utils.decorators import weight\n"
                                "from hw3_solver import solve\nimport invented_grader_pkg\n",
    })
    found = {(m.location.path, m.key.name) for m in guesses(scan(tmp_path).mentions)}
    assert ("tests/test_simple.py", "hw3-solver") not in found
    assert ("tests/test_simple.py", "invented-grader-pkg") in found
    assert ("run_autograder", "invented-grading-extra") in found


def test_an_xblocks_imports_of_edx_platform_are_the_platforms(tmp_path):
    # openedx/xblock-lti-consumer's lti_consumer/plugin/compat.py (held-out set 252) imports edx-platform's packages in
    # functions: openedx.core (PyPI has no openedx: DG001), lms and common (other projects on PyPI), xmodule. A tree
    # that declares XBlock runs inside the platform; the same imports in a tree that does not, and an invented import
    # beside them, stay judged
    compat = ("def flag():\n    from openedx.core.djangoapps.waffle_utils import CourseWaffleFlag\n"
              "    from lms.djangoapps.courseware.block_render import get_block_for_descriptor\n"
              "    from common.djangoapps.student.models import CourseEnrollment\n"
              "    from cms.djangoapps.contentstore.utils import reverse_usage_url\n"
              "    import invented_lti_helper\n    return CourseWaffleFlag\n")
    write(tmp_path / "block", {"setup.py": 'from setuptools import setup\nsetup(name="lti-block", install_requires=["XBlock"])\n',
                               "lti_block/__init__.py": "", "lti_block/compat.py": compat})
    write(tmp_path / "plain", {"setup.py": 'from setuptools import setup\nsetup(name="tool", install_requires=["requests"])\n',
                               "tool/__init__.py": "", "tool/compat.py": compat})
    block = {name for path, name in imports(tmp_path / "block") if path.endswith("compat.py")}
    plain = {name for path, name in imports(tmp_path / "plain") if path.endswith("compat.py")}
    assert block == {"invented-lti-helper"}
    assert {"openedx", "lms", "common", "invented-lti-helper"} <= plain
