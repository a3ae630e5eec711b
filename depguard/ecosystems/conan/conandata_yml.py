"""``conandata.yml``: the requirement lists a recipe keeps beside itself, read where the ``conanfile.py`` of the
same folder requires them.

Conan loads ``conandata.yml`` into ``self.conan_data``; a recipe may keep its requirements there
(Ultimaker's CuraEngine: ``requirements: ["libpng/1.6.48", …]`` and ``for req in self.conan_data["requirements"]:
self.requires(req)``). A list counts only when the recipe beside it passes its items to ``self.requires``,
``self.tool_requires``, ``self.build_requires`` or ``self.test_requires`` in a ``for`` loop over
``self.conan_data["key"]`` (or ``.get("key", …)``); anything else in the file (ConanCenter's ``sources:`` URLs and
``patches:``, a version) is not a requirement and is not read. Both files are read, never run; each reference
is reported at its line in ``conandata.yml``. References with a user or channel come from another remote
(see ``reference``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_yaml
from .reference import parse_reference

PARSER = "conandata.yml"
CALLS = frozenset({"requires", "tool_requires", "build_requires", "test_requires"})


def _conan_data_key(node: ast.expr) -> str | None:
    """``K`` of ``self.conan_data["K"]`` or ``self.conan_data.get("K", …)``; None for anything else."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" and node.args:
        base, key = node.func.value, node.args[0]
    elif isinstance(node, ast.Subscript):
        base, key = node.value, node.slice
    else:
        return None
    if not (isinstance(base, ast.Attribute) and base.attr == "conan_data" and isinstance(base.value, ast.Name)
            and base.value.id == "self"):
        return None
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def required_keys(recipe: str) -> list[str]:
    """The ``conan_data`` keys whose items the recipe passes to a requirement call, in the order it reads them."""
    try:
        tree = ast.parse(recipe)
    except (SyntaxError, ValueError):
        return []
    keys: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.For) or not isinstance(node.target, ast.Name):
            continue
        key = _conan_data_key(node.iter)
        if key is None or key in keys:
            continue
        var = node.target.id
        for inner in (n for stmt in node.body for n in ast.walk(stmt)):
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in CALLS \
                    and isinstance(inner.func.value, ast.Name) and inner.func.value.id == "self" and inner.args \
                    and isinstance(inner.args[0], ast.Name) and inner.args[0].id == var:
                keys.append(key)
                break
    return keys


@file_format("conandata.yml", ("conandata.yml",), ecosystem="conan", kind="manifest",
             description="conandata.yml requirement lists that the conanfile.py beside it requires (read, never run)")
def parse(source: Source) -> Iterator[Mention]:
    related = source.read_related("conanfile.py")
    if related is None:
        return  # no recipe beside it: a ConanCenter recipe's sources and patches, or data of its own
    keys = required_keys(related[1])
    if not keys:
        return
    data = load_yaml(source.text)
    if data is None:
        return
    if not isinstance(data, dict):
        raise ParseError("conandata.yml is not a mapping", 1)
    lines = KeyLines(source.text)
    for key in keys:
        items = data.get(key)
        if not isinstance(items, list):
            continue
        start, _ = lines.find(f"{key}:", quoted=False, reset=True)
        lines.cursor = start or 1
        for item in items:
            if not isinstance(item, str):
                continue
            line, col = lines.find(item, quoted=False)
            ref = parse_reference(item)
            if ref is None:
                source.problem(f"{item[:80]!r} is not a Conan reference (name/version)", line, col)
                continue
            if ref.on_conancenter:
                yield source.mention("conan", ref.name, line or 1, col, Origin.MANIFEST, PARSER, spec=ref.version)
