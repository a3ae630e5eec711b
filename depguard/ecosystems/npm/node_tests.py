"""Node.js's own tests: the internal modules a test run with ``--expose-internals`` requires.

Node's test runner (tools/test.py) starts each test with the options of its ``// Flags:`` line; a test whose line
gives ``--expose-internals`` requires Node's internal modules, the ids of its lib/internal
(``require('internal/webstreams/util')``), which exist only inside Node. In such a file an ``internal/…`` id is
Node's, whatever the Node version: userland ports carry these tests (readable-stream's test/parallel), and Node
itself and its forks add ids no release list has. ``node-builtins.txt`` lists Node v20's ids for the files without
the line (the harness's test/common/index.js). Any other file's ``internal/…`` id that list lacks is judged as a
subpath of npm's ``internal`` package, as before.
"""

from __future__ import annotations

import re

# the line Node's test runner reads for a test's node options, naming --expose-internals (or its underscore form)
EXPOSE_INTERNALS = re.compile(r"^[ \t]*//[ \t]*Flags:[^\n]*--expose[-_]internals\b", re.M)


def node_test_modules(text: str) -> frozenset[str]:
    """``internal`` (the package part of Node's ``internal/…`` ids) when ``text`` is a Node test run with
    ``--expose-internals``, else nothing."""
    if "internals" not in text or EXPOSE_INTERNALS.search(text) is None:
        return frozenset()
    return frozenset({"internal"})
