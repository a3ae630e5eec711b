"""Definitions found with tree-sitter: names, kinds, qualified names and 1-based lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.verify.symbols import definitions, language_of

REPO = Path(__file__).parent / "fixtures" / "repo1"


def found(rel: str) -> list[tuple[str, str, int]]:
    path = REPO / rel
    return [(d.qualname, d.kind, d.line) for d in definitions(path.read_text(), language_of(rel))]


def test_python_functions_classes_methods_and_decorated():
    assert found("auth/jwt.py") == [
        ("TokenError", "class", 6), ("TokenStore", "class", 10), ("TokenStore.__init__", "method", 11),
        ("TokenStore.revoke", "method", 14), ("validate_token", "function", 18), ("decode_claims", "function", 25),
    ]


def test_typescript_interface_class_method_field_arrow_and_function():
    assert found("src/user.ts") == [
        ("User", "interface", 1), ("UserService", "class", 6), ("UserService.getUser", "method", 7),
        ("UserService.removeUser", "method", 11), ("makeUser", "function", 16), ("fetchUsers", "function", 18),
    ]


@pytest.mark.parametrize("name, source, lang, expected", [
    ("empty", "", "python", []),
    ("one", "def f():\n    pass\n", "python", [("f", "function", 1)]),
    ("nested class", "class A:\n    class B:\n        def m(self): ...\n", "python",
     [("A", "class", 1), ("B", "class", 2), ("A.B.m", "method", 3)]),
    ("js exports assignment and class field", "exports.run = function () {};\nclass K { go = () => 1; }\n", "javascript",
     [("run", "function", 1), ("K", "class", 2), ("K.go", "method", 2)]),
    ("ts type and enum", "type T = string;\nenum E { A }\n", "typescript", [("T", "type", 1), ("E", "enum", 2)]),
    ("tsx component", "export const App = () => <div/>;\n", "tsx", [("App", "function", 1)]),
    ("not code", "this is ( not python\n", "python", []),
    ("a call is not a definition", "validate_token(x)\nconst y = f();\n", "javascript", []),
])
def test_definitions(name, source, lang, expected):
    assert [(d.qualname, d.kind, d.line) for d in definitions(source, lang)] == expected


def test_language_of():
    assert [language_of(p) for p in ("a.py", "b.tsx", "c.mjs", "d.go", "Makefile")] == ["python", "tsx", "javascript", None, None]
