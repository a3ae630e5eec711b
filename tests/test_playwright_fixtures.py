"""Playwright Test's fixture modules in a folder named fixtures are read as code (npm/playwright_fixtures.py).

A probe of held-out set 209's category (browser automation): Playwright's page-object layouts keep their fixtures,
`base.extend({...})` on Playwright's `test`, in `tests/fixtures/index.ts`, which every test imports and which imports
the suite's helper packages (`@axe-core/playwright`); the walk left the folder out as fixture data, so a helper
package misspelt or invented there went unjudged. Still data: the folder's other files, a sample that only imports
Playwright, a fixture module in a subfolder of the data, a folder the walk skips for another reason.
"""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from tests.trees import found, write

FIXTURE = ("import { test as base } from '@playwright/test';\nimport AxeBuilder from '@axe-core/playwright';\n"
           "import { helpers } from 'playwright-helpers-zq';\nimport { LoginPage } from '../pages/LoginPage';\n\n"
           "export const test = base.extend<{ login: LoginPage }>({\n"
           "  login: async ({ page }, use) => { await use(new LoginPage(page)); },\n});\n")


def imports(root: Path) -> set[tuple[str, str]]:
    return found(root, Origin.IMPORT)


def test_a_playwright_fixture_module_in_a_fixtures_folder_is_code_and_the_folders_data_stays_data(tmp_path):
    write(tmp_path, {
        "package.json": '{"name": "shop-e2e", "devDependencies": {"@playwright/test": "^1.47.0"}}\n',
        "tests/fixtures/index.ts": FIXTURE,
        "tests/pages/LoginPage.ts": "import type { Page } from '@playwright/test';\nexport class LoginPage {}\n",
        "tests/login.spec.ts": "import { test } from './fixtures';\n",
        # the folder's data: a sample page script, and a sample that only imports Playwright
        "tests/fixtures/sample-app.js": "import confetti from 'canvas-confetti-zq';\n",
        "tests/fixtures/only-imports.ts": "import { chromium } from 'playwright/test';\nimport 'stub-lib-zq';\n",
        # a fixture module kept in a subfolder of the data
        "tests/fixtures/projects/demo/fixtures.ts": FIXTURE.replace("playwright-helpers-zq", "demo-helpers-zq"),
    })
    assert imports(tmp_path) == {
        ("tests/fixtures/index.ts", "@playwright/test"), ("tests/fixtures/index.ts", "@axe-core/playwright"),
        ("tests/fixtures/index.ts", "playwright-helpers-zq"), ("tests/pages/LoginPage.ts", "@playwright/test")}
