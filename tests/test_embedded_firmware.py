"""Embedded and IoT firmware trees (held-out set 254: ESP-IDF components, Zephyr modules, PlatformIO projects,
MicroPython and CircuitPython libraries): the Python tooling in them is judged, and an import of a module an SDK's own
tools hold, or a distribution installs under another name, is not guessed as a PyPI name of its own; an invented
module imported beside them is still judged."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from depguard.model import Existence, Origin, RegistryAnswer
from depguard.scan import judge_all
from tests.conftest import CASSETTE_DAY
from tests.trees import found, scan, verdicts, write


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_espressifs_tools_modules_are_judged_as_their_distributions(tmp_path):
    # esptool installs espefuse and espsecure beside esptool, idf-component-manager installs idf_component_tools
    # (their docs); a provisioning script and an idf.py extension import them, and an invented neighbour keeps its name
    write(tmp_path, {
        "tools/provision.py": "import esptool\nimport espefuse\nfrom espsecure import sign_data\nimport espfuse_tools_x\n",
        "idf_ext.py": "from idf_component_tools.build_system_tools import CMAKE_PROJECT_LINE\n",
    })
    assert imports(tmp_path) == {
        ("tools/provision.py", "esptool"),
        ("tools/provision.py", "espfuse-tools-x"),
        ("idf_ext.py", "idf-component-manager"),
    }


def test_an_idf_py_extension_imports_idf_pys_own_package(tmp_path, settings):
    # idf.py runs a project's idf_ext.py in its own process, whose tools folder holds idf_py_actions (ESP-IDF's, not
    # PyPI's: a note while PyPI lacks the name); a made-up neighbour stays judged
    write(tmp_path, {
        "idf_ext.py": "from idf_py_actions.tools import ensure_build_directory\nfrom idf_py_actions.errors import FatalError\n"
                      "import idf_py_actions_extra_x\n",
    })
    collected = scan(tmp_path, settings)
    answers = {key: RegistryAnswer(key, Existence.MISSING, "stand-in") for key in {m.key for m in collected.mentions}}
    got = verdicts(judge_all(collected, answers, replace(settings, now=CASSETTE_DAY)))
    assert got[("idf_ext.py", "idf_py_actions")] == "allowed"
    assert got[("idf_ext.py", "idf_py_actions_extra_x")] == "missing"
