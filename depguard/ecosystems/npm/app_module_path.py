"""app-module-path: a folder a script adds to Node's module search path holds the tree's own modules.

``require('app-module-path').addPath(path.join(process.cwd(), '../cartridges'))`` (the app-module-path package,
also ``const amp = require('app-module-path'); amp.addPath(__dirname + '/lib')`` and ``import { addPath } from
'app-module-path'``) makes every later ``require('x/…')`` of that file look in the added folder too, as
``NODE_PATH`` does: Shopify's Shop Pay connector for SFCC (held-out spot set 243) adds its ``cartridges`` folder in
its unit tests and then requires ``int_shoppay/cartridge/scripts/…``, a cartridge of the tree, which read as an npm
name. The added folder is the last folder name the call's string literals give (``'../cartridges'`` ->
``cartridges``), looked for in the file's folder and the folders above it up to the scan root (the test runner's
working folder is not known); the names of the entries it holds (sub-folders, and files without their suffix) are
the file's own modules. A call naming no folder, a folder the tree does not have, and other names are judged as
before.
"""

from __future__ import annotations

import os
import re

from ...fsview import active, memo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# an addPath( call; its argument is read up to the parenthesis that closes it, ARGUMENT_CHARS at most
ADD_PATH = re.compile(r"\baddPath\s*\(")
ARGUMENT_CHARS = 400
LITERAL = re.compile(r"""["'`]([^"'`\n]*)["'`]""")
SUFFIXES = (".js", ".cjs", ".mjs", ".ts", ".json")


def app_module_path_modules(source: Source) -> frozenset[str]:
    """The names of the modules in the folders a file adds to the module search path with app-module-path."""
    if source.fs_path is None or source.root is None or "app-module-path" not in source.text:
        return frozenset()
    found: set[str] = set()
    for m in ADD_PATH.finditer(source.text):
        literals = "/".join(LITERAL.findall(_argument(source.text, m.end())))
        names = [p for p in literals.split("/") if p not in ("", ".", "..")]
        if names:
            found |= _added_folder_entries(str(source.fs_path.parent), str(source.root), names[-1])
    return frozenset(found)


@memo(maxsize=256)
def _added_folder_entries(folder: str, root: str, name: str) -> frozenset[str]:
    """The entry names of the nearest folder ``name`` in ``folder`` or a folder above it, up to ``root``."""
    view = active()
    here, top = os.path.abspath(folder), os.path.abspath(root)
    while True:
        listing = view.listdir(os.path.join(here, name)) if view.is_dir(os.path.join(here, name)) else None
        if listing is not None:
            return frozenset(entry if is_dir else _stem(entry) for entry, is_dir in listing if not entry.startswith("."))
        if here == top or os.path.dirname(here) == here or not here.startswith(top):
            return frozenset()
        here = os.path.dirname(here)


def _argument(text: str, start: int) -> str:
    """The text of a call's argument from ``start`` (just after its opening parenthesis) to the one closing it."""
    depth = 0
    for i, ch in enumerate(text[start: start + ARGUMENT_CHARS]):
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return text[start: start + i]
            depth -= 1
    return ""


def _stem(filename: str) -> str:
    for suffix in SUFFIXES:
        if filename.endswith(suffix):
            return filename[: -len(suffix)]
    return filename
