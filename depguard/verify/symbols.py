"""Definitions in a source file, found with tree-sitter: functions, classes, methods and (TypeScript) types.

Python: ``function_definition`` and ``class_definition`` (a function directly in a class body is a method).
JavaScript/TypeScript: ``function_declaration``, ``generator_function_declaration``, ``class_declaration``,
``abstract_class_declaration``, ``method_definition``, class fields holding an arrow function or function
(``field_definition``/``public_field_definition``), ``variable_declarator`` inside a ``lexical_declaration``
or ``variable_declaration`` whose value is an arrow function, function or class, ``exports.x = function``
assignments, and ``interface_declaration``, ``type_alias_declaration``, ``enum_declaration``. The text is
only parsed, never run.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..records import record

if TYPE_CHECKING:
    from tree_sitter import Node

LANGUAGES = {
    ".py": "python", ".pyi": "python",
    ".js": "javascript", ".jsx": "javascript", ".mjs": "javascript", ".cjs": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
}
FUNCTION_VALUES = {"arrow_function", "function_expression", "function", "generator_function"}
CLASS_VALUES = {"class", "class_expression"}
SIMPLE = {
    "function_declaration": "function", "generator_function_declaration": "function",
    "class_declaration": "class", "abstract_class_declaration": "class", "class_definition": "class",
    "interface_declaration": "interface", "type_alias_declaration": "type", "enum_declaration": "enum",
}
CLASSES = {"class_declaration", "abstract_class_declaration", "class_definition", "class"}


@record(frozen=True)
class Definition:
    name: str
    qualname: str  # Class.method for methods, the name otherwise
    kind: str  # function, class, method, interface, type, enum
    line: int  # 1-based line of the name


def language_of(path: str) -> str | None:
    dot = path.rfind(".")
    return LANGUAGES.get(path[dot:].lower()) if dot >= 0 else None


@lru_cache(maxsize=None)
def _parser(lang: str):
    from tree_sitter import Language, Parser

    if lang == "python":
        import tree_sitter_python

        return Parser(Language(tree_sitter_python.language()))
    if lang == "javascript":
        import tree_sitter_javascript

        return Parser(Language(tree_sitter_javascript.language()))
    import tree_sitter_typescript as ts

    return Parser(Language(ts.language_tsx() if lang == "tsx" else ts.language_typescript()))


def _name(node) -> str | None:
    n = node.child_by_field_name("name") or node.child_by_field_name("property")
    return n.text.decode("utf-8", errors="replace") if n is not None and n.text else None


def definitions(text: str, lang: str) -> list[Definition]:
    """Every definition in ``text`` (a file of language ``lang``), in source order."""
    tree = _parser(lang).parse(text.encode("utf-8", errors="replace"))
    out: list[Definition] = []
    # (node, enclosing class names); iterative so deep nesting cannot exhaust the stack
    stack: list[tuple[Node, tuple[str, ...]]] = [(tree.root_node, ())]
    while stack:
        node, classes = stack.pop()
        kind = None
        name = None
        t = node.type
        if t in SIMPLE:
            kind, name = SIMPLE[t], _name(node)
        elif t == "function_definition":  # Python
            name = _name(node)
            parent = node.parent.parent if node.parent is not None and node.parent.type == "decorated_definition" else node
            holder = parent.parent if parent is not None else None  # block
            kind = "method" if holder is not None and holder.type == "block" and holder.parent is not None \
                and holder.parent.type == "class_definition" else "function"
        elif t == "method_definition":
            kind, name = "method", _name(node)
        elif t in ("field_definition", "public_field_definition"):
            value = node.child_by_field_name("value")
            if value is not None and value.type in FUNCTION_VALUES:
                kind, name = "method", _name(node)
        elif t == "variable_declarator":
            value = node.child_by_field_name("value")
            target = node.child_by_field_name("name")
            if value is not None and target is not None and target.type == "identifier":
                if value.type in FUNCTION_VALUES:
                    kind = "function"
                elif value.type in CLASS_VALUES:
                    kind = "class"
                name = (target.text or b"").decode("utf-8", errors="replace") if kind else None
        elif t == "assignment_expression":  # exports.x = function () {}, module.exports.x = () => {}
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None and left.type == "member_expression" and right.type in FUNCTION_VALUES:
                kind, name = "function", _name(left)
        if kind and name:
            qual = ".".join((*classes, name)) if kind == "method" else name
            name_node = node.child_by_field_name("name") or node.child_by_field_name("property") or node
            out.append(Definition(name, qual, kind, name_node.start_point[0] + 1))
        inner = (*classes, name) if t in CLASSES and name else classes
        for child in reversed(node.children):
            stack.append((child, inner))
    out.sort(key=lambda d: d.line)
    return out
