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


def _judged(root: Path, settings) -> dict[tuple[str, str], str]:
    """(path, name as written) -> verdict, every name missing from the registry but adafruit-circuitpython-*."""
    collected = scan(root, settings)
    answers = {key: RegistryAnswer(key, Existence.EXISTS if key.name.startswith("adafruit-circuitpython-")
                                   else Existence.MISSING, "stand-in")
               for key in {m.key for m in collected.mentions}}
    return verdicts(judge_all(collected, answers, replace(settings, now=CASSETTE_DAY)))


def test_a_circuitpython_projects_circup_list_names_bundle_libraries(tmp_path, settings):
    # aramcon-badge/aramcon-firmware: requirements.txt lists the bundles' libraries (`adafruit_il0373==1.3.7`,
    # `adafruit_display_text==2.18.3`) and its docs say `circup install -r requirements.txt`; todbot/qtpy-knob's file
    # says so in its own comment. circup installs them from Adafruit's bundles, not pip from PyPI
    write(tmp_path, {
        "badge/requirements.txt": "adafruit_il0373==1.3.7\nadafruit_display_text==2.18.3\nneopixel==6.0.3\n",
        "badge/README.md": "Update the libraries with circup:\n\n```\ncd badge\ncircup install -r requirements.txt\n```\n",
        "badge/code.py": "import board\nimport adafruit_il0373\nfrom adafruit_display_text import label\n",
        "knob/requirements.txt": "# use this file with circup to install needed libraries\n# pip3 install circup\n"
                                 "# circup install -r requirements\n#\nneopixel\nadafruit_hid\n",
        "knob/code.py": "import adafruit_hid\n",
    })
    got = _judged(tmp_path, settings)
    assert not {k for k in got if k[0].endswith("requirements.txt")}  # neither list is read as PyPI's
    assert got.get(("badge/code.py", "adafruit_il0373")) != "missing"  # a bundle library, not a PyPI guess
    assert got.get(("badge/code.py", "adafruit_display_text")) != "missing"
    assert got.get(("knob/code.py", "adafruit_hid")) != "missing"


def test_a_requirements_file_circup_does_not_install_is_still_pips(tmp_path, settings):
    # a made-up name in a requirements file whose README installs another list with circup, or this one with pip too,
    # is still judged as PyPI's
    write(tmp_path, {
        "host/requirements.txt": "adafruit_zq_invented==1.0\n",
        "host/README.md": "```\ncircup install -r device/requirements.txt\npip install -r requirements.txt\n```\n",
        "both/requirements.txt": "zq_invented_lib\n",
        "both/README.md": "```\ncircup install -r requirements.txt\npip install -r requirements.txt\n```\n",
    })
    got = _judged(tmp_path, settings)
    assert got[("host/requirements.txt", "adafruit_zq_invented")] == "missing"
    assert got[("both/requirements.txt", "zq_invented_lib")] == "missing"


def test_adafruits_libraries_whose_module_is_named_otherwise(tmp_path):
    # a CircuitPython board's code.py (CircuitPython 9's requests setup, a display button, an SD card logger): the
    # modules of adafruit-circuitpython-connectionmanager, -display-button and -sd (their docs); a made-up neighbour
    # keeps its own name
    write(tmp_path, {
        "code.py": "import adafruit_connection_manager\nimport adafruit_requests\nfrom adafruit_button import Button\n"
                   "import adafruit_sdcard\nimport adafruit_sdcard_logger_x\n",
    })
    assert imports(tmp_path) == {
        ("code.py", "adafruit-circuitpython-connectionmanager"),
        ("code.py", "adafruit-circuitpython-requests"),
        ("code.py", "adafruit-circuitpython-display-button"),
        ("code.py", "adafruit-circuitpython-sd"),
        ("code.py", "adafruit-sdcard-logger-x"),
    }


def test_micropython_lib_drivers_are_micropythons(tmp_path, settings):
    # a MicroPython board's main.py imports drivers of micropython-lib (installed with `mip install ssd1306`, or the
    # .py copied to the board), absent from PyPI: a note while PyPI lacks the name; a made-up neighbour stays judged
    write(tmp_path, {
        "main.py": "from machine import Pin, SoftI2C\nfrom ssd1306 import SSD1306_I2C\nimport sdcard\nimport ssd1306_fonts_x\n",
    })
    collected = scan(tmp_path, settings)
    answers = {key: RegistryAnswer(key, Existence.MISSING, "stand-in") for key in {m.key for m in collected.mentions}}
    got = verdicts(judge_all(collected, answers, replace(settings, now=CASSETTE_DAY)))
    assert got[("main.py", "ssd1306")] == "allowed"
    assert got[("main.py", "sdcard")] == "allowed"
    assert got[("main.py", "ssd1306_fonts_x")] == "missing"


def test_a_long_line_of_circup_words_is_read_once(tmp_path, settings):
    # reviewer r36: each `circup` of a line was read to the line's end looking for its install command, so a comment of
    # 8,000 `circup` words took 18 s (benchmarks/crafted_inputs.py). With the options between them bounded, a list whose
    # comment ends in circup's command after such a run is still circup's, and one whose run has no install stays pip's
    run = "# " + "circup " * 20_000
    write(tmp_path, {
        "board/requirements.txt": run + "install -r requirements.txt\nadafruit_hid\n",
        "board/code.py": "import adafruit_hid\n",
        "host/requirements.txt": run + "\nzq_invented_after_circup\n",
    })
    got = _judged(tmp_path, settings)
    assert not {k for k in got if k[0] == "board/requirements.txt"}
    assert got.get(("board/code.py", "adafruit_hid")) != "missing"
    assert got[("host/requirements.txt", "zq_invented_after_circup")] == "missing"
