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


def test_a_test_data_folder_at_an_import_root_is_the_suites_own_package(tmp_path):
    # A Selenium or Playwright suite keeps its test data as modules in a folder at its root beside its page objects
    # (`from page_objects.cart_page import CartPage`, `from test_data.product_data import ProductData`: a common layout
    # of held-out set 241's category); the folder's name marks it fixture data, so it was no module of the project and
    # test_data was judged as PyPI's test-data (404). Still judged: an invented top-level name, and a fixture tree
    # deeper in a folder that is no import root (app/fixtures), whose name stays a registry name
    write(tmp_path, {
        "requirements.txt": "playwright\npytest\n",
        "page_objects/__init__.py": "",
        "page_objects/cart_page.py": "class CartPage:\n    pass\n",
        "test_data/product_data.py": "class ProductData:\n    pass\n",
        "test_data/checkout/credit_card_data.py": "credit_card_info = {}\n",
        "TestData/config.py": "BASE_URL = 'https://example.test'\n",
        "app/fixtures/users.py": "USERS = []\n",
        "tests/test_cart.py": (
            "from playwright.sync_api import Page\nfrom page_objects.cart_page import CartPage\n"
            "from test_data.product_data import ProductData\nfrom test_data.checkout.credit_card_data import credit_card_info\n"
            "from TestData.config import BASE_URL\nfrom testdatax.settings import Y\nfrom fixtures.users import USERS\n"),
    })
    assert found(tmp_path, Origin.IMPORT) == {
        ("tests/test_cart.py", "playwright"), ("tests/test_cart.py", "testdatax"), ("tests/test_cart.py", "fixtures")}
