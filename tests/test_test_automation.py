"""Test automation and QA repositories (held-out set 241: Cypress, Playwright, WebdriverIO and Appium, k6, pytest
plug-ins, Testing Library, Storybook's test runner, Pact, Robot Framework's SeleniumLibrary, Nightwatch): modules
published under another name and the commands a project's lockfile installs; an invented name in the same place
without that evidence stays judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write


def test_robot_frameworks_library_core_is_imported_as_robotlibcore(tmp_path):
    # robotframework/SeleniumLibrary src/SeleniumLibrary/__init__.py and requirements.txt: PythonLibCore is published as
    # robotframework-pythonlibcore and imported as robotlibcore (no PyPI name of its own); an invented neighbour is
    # still judged as its own name, declared or not
    write(tmp_path, {
        "requirements.txt": "selenium >= 4.3.0\nrobotframework >= 6.1.1\nrobotframework-pythonlibcore >= 4.4.1\n",
        "src/SeleniumLibrary/__init__.py": (
            "from robot.api import logger\nfrom robotlibcore import DynamicCore\n"
            "from selenium.webdriver.remote.webdriver import WebDriver\nimport robotlibcorex\n"),
        "gen_stub.py": "from robotlibcore import KeywordBuilder  # type: ignore\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("src/SeleniumLibrary/__init__.py", "robotframework"),
        ("src/SeleniumLibrary/__init__.py", "robotframework-pythonlibcore"),
        ("src/SeleniumLibrary/__init__.py", "selenium"),
        ("src/SeleniumLibrary/__init__.py", "robotlibcorex"),
        ("gen_stub.py", "robotframework-pythonlibcore")}
