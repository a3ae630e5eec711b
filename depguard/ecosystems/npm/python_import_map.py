"""Module ids a Python web framework serves to the browser through the page's import map (read as text, never run).

NiceGUI, and frameworks built like it, write the page's ``<script type="importmap">`` from Python. An element class
hands the browser its front-end file (``component='aggrid.js'``) and registers the ES module bundle it ships under an
id: ``esm={'nicegui-aggrid': 'dist'}`` maps the id to the ``dist/`` folder beside the Python file, which the element's
own rollup build fills from the npm packages its package.json declares (ag-grid-community). It names a library file by
its path (``dependencies=['lib/widget.js']``), served under the file's name (``widget``). The browser resolves ``import
… from "nicegui-aggrid"`` in every module of the page through that map, never through npm. So, for an id no
package.json above the importing file declares (a declared one is judged as usual):

* an id that a Python *host* of the tree (a Python file naming a JS file beside it) maps, as a dict entry written out
  (``'id': 'path'``), to a folder or file that exists beside it is the tree's own module, wherever the importing file
  lies: an import map is the page's (``elements/markdown.js`` imports the ``nicegui-mermaid`` that
  ``elements/mermaid/mermaid.py`` registers, ``scene/objects/box.js`` the ``nicegui-scene`` of ``scene/scene.py``);
* a bare id that is the file name, without its extension, of a JS file that the importing file's host (a Python file
  beside it naming it) names by its relative path is that file (``anywidget.py``: ``component='anywidget.js',
  dependencies=['lib/widget.js']``, and anywidget.js imports ``widget``).

An id nothing maps (an invented package) is still judged, and so is every manifest and lockfile.
"""

from __future__ import annotations

import os
import re

from ...fsview import active, memo
from ...parsers._util import read_small

# 'id': 'relative/path' written out in a Python file (an npm-shaped id, a relative path without a scheme)
ENTRY = re.compile(r"""(["'])(?P<id>(?:@[a-z0-9][\w.-]*/)?[a-z0-9][\w.-]*)\1\s*:\s*(["'])"""
                   r"""(?P<path>(?:\.{1,2}/)?[\w-][\w.-]*(?:/[\w.-]+)*/?)\3""", re.I)
JS_PATH = re.compile(r"""(["'])(?P<path>(?:[\w.-]+/)*(?P<stem>[\w-][\w.-]*?)\.m?js)\1""")
JS_SUFFIXES = (".js", ".mjs")
SKIP_DIRS = frozenset({"node_modules", ".git", ".hg", ".svn", "bower_components", "jspm_packages"})
MAX_HOSTS = 2000


def _named_js(text: str, folder: str) -> list[tuple[str, str]]:
    """(path, stem) of every JS file beside ``folder`` or below it that ``text`` names by its relative path."""
    return [(m.group("path"), m.group("stem")) for m in JS_PATH.finditer(text)
            if active().is_file(os.path.join(folder, m.group("path")))]


@memo(maxsize=8)
def registered_ids(root: str, limit: int) -> frozenset[str]:
    """The ids the tree's Python hosts map to a folder or file beside them (see above), read once per tree."""
    found: set[str] = set()
    hosts = 0
    top = os.path.normpath(root)
    for folder, _dirs, files in active().walk(root, skip=SKIP_DIRS):
        if not any(n.endswith(JS_SUFFIXES) for n in files):
            continue  # a host hands the browser a JS file of its own folder
        for name in sorted(n for n in files if n.endswith(".py")):
            hosts += 1
            if hosts > MAX_HOSTS:
                return frozenset(found)
            text = read_small(os.path.join(folder, name), limit)
            if not text or not _named_js(text, folder):
                continue
            for m in ENTRY.finditer(text):
                target = os.path.normpath(os.path.join(folder, m.group("path")))
                if (target + os.sep).startswith(top + os.sep) and target != folder and active().exists(target):
                    found.add(m.group("id"))
    return frozenset(found)


def host_files(importer: str, limit: int) -> frozenset[str]:
    """The names (without extension) of the JS files that a Python file beside ``importer`` names by path, when that
    Python file names ``importer`` too (it is the importer's host)."""
    folder, own = os.path.split(importer)
    if not own.endswith(JS_SUFFIXES):
        return frozenset()
    found: set[str] = set()
    for name, is_dir in sorted(active().listdir(folder) or ()):
        if is_dir or not name.endswith(".py"):
            continue
        text = read_small(os.path.join(folder, name), limit)
        named = _named_js(text, folder) if text else []
        if any(path == own for path, _ in named):
            found.update(stem for path, stem in named if path != own)
    return frozenset(found)


def served(spec: str, head: str, importer: str, root: str, limit: int) -> bool:
    """Whether a Python host of the tree serves the undeclared id ``spec`` (package ``head``) through the page's
    import map (see above)."""
    if head in registered_ids(root, limit):
        return True
    return "/" not in spec and spec in host_files(importer, limit)
