"""Playwright's fixture modules in a folder named ``fixtures``: the test suite's code, not its data (issue 12).

A folder named ``fixtures`` is fixture data to depguard (the input of a project's tests: a linter's sample files, a
bundler's test projects), and the walk leaves it out. Playwright Test gives the word another meaning: a *fixture* is
code that sets up what each test receives, written as ``base.extend({...})`` on Playwright's ``test``, and its docs'
page-object layouts keep those modules in ``tests/fixtures/`` or ``e2e/fixtures/`` (``fixtures/index.ts``: ``import {
test as base } from '@playwright/test'``, ``import AxeBuilder from '@axe-core/playwright'``, ``export const test =
base.extend<…>({…})``). Every test imports them, and they import the suite's helper packages: a package misspelt or
invented there fails every test run, yet went unjudged (held-out set 209's category, browser automation).

:func:`fixture_modules` gives those files, read as code by the walk (depguard/discover.py) while the rest of their
folder stays data: a JavaScript or TypeScript file directly in a folder named ``fixtures`` whose source imports
Playwright Test (``@playwright/test``, ``playwright/test``, a component-testing ``@playwright/experimental-ct-*``) and
calls ``.extend`` on what it imports (``base.extend(``, ``test.extend<…>(``). A file of sample code that only imports
Playwright, one in a subfolder of the data (``fixtures/projects/…``) and any other file of the folder stay data.

Declared in ``ecosystem.toml`` as ``[project] fixture_code``.
"""

from __future__ import annotations

import os
import re

from ... import lazyre

MAX_BYTES = 256 * 1024  # a fixture module is small: a larger file is not read
SOURCES = (".ts", ".mts", ".cts", ".js", ".mjs", ".cjs", ".tsx", ".jsx")
PLAYWRIGHT_TEST = lazyre.compile(
    r"""(?:\bfrom|\brequire\(|\bimport\()\s*['"](?:@playwright/test|playwright/test|@playwright/experimental-ct-[\w-]+)['"]""")
# `.extend(` or `.extend<Types>(` (the type arguments within a line's first 200 characters: a bounded look, so a line
# of many `.extend<` costs linear time)
EXTENDS = re.compile(r"\.extend\s*(?:<[^\n]{0,200}?>\s*)?\(")


def fixture_modules(names: list[str], root: str) -> frozenset[str]:
    """The files among ``names`` (relative to ``root``, POSIX) that are Playwright fixture modules kept directly in a
    folder named ``fixtures``."""
    from ...fsview import text_of

    out: set[str] = set()
    for rel in names:
        folder, _, name = rel.rpartition("/")
        if folder.rpartition("/")[2].lower() != "fixtures" or not name.endswith(SOURCES) or "node_modules/" in rel:
            continue
        text = text_of(os.path.join(root, rel), MAX_BYTES)
        if text and "playwright" in text and ".extend" in text and PLAYWRIGHT_TEST.search(text) \
                and EXTENDS.search(text):
            out.add(rel)
    return frozenset(out)
