"""Whether a JavaScript/TypeScript ``require('x')``, ``require.resolve('x')`` or ``import('x')`` is *guarded*: it lies
in the body of a ``try`` whose ``catch`` lets the program run on without the package (napi-rs's platform loader:
``try { nativeBinding = require('pkg-linux-riscv64-gnu') } catch (e) { loadErrors.push(e) }``; an optional peer:
``try { require.resolve('sharp') } catch {}``). A static ``import`` cannot be guarded so.

A ``catch`` that tells its reader to install something (``npm install x``, ``yarn add x``, ``pnpm add x``), one that
ends the process (``process.exit(1)``), and one that throws at the top level of the file (the file requires the
package) guard nothing; nor does a ``try`` around a function, whose body runs when it is called. Such a call of a
package no registry has, that no package.json declares, is reported as a note (``depguard/ecosystems/npm/imports.py``),
unless ``judge-guarded-imports`` is true. The Python counterpart is :mod:`depguard.ecosystems.pypi.guarded`.
"""

from __future__ import annotations

import re

from ...imports import text_of

FUNCTIONS = frozenset({"function_declaration", "function_expression", "function", "arrow_function",
                       "method_definition", "generator_function_declaration", "generator_function", "program"})
INSTALL_COMMAND = re.compile(r"\b(?:npm|yarn|pnpm|bun|npx)\s+(?:i|install|add)\b", re.I)
EXITS = re.compile(r"\bprocess\.exit\s*\(")


def guard(stmt) -> str | None:
    """How the call ``stmt`` is guarded, in words with the catch clause's line, or None (module docstring)."""
    scope = stmt.parent
    while scope is not None and scope.type not in FUNCTIONS:
        scope = scope.parent
    in_function = scope is not None and scope.type != "program"
    child, node = stmt, stmt.parent
    while node is not None and node.type not in FUNCTIONS:
        if node.type == "try_statement" and node.child_by_field_name("body") == child:
            handler = node.child_by_field_name("handler")
            if handler is None:
                return None  # try/finally: the failure is not caught
            said = text_of(handler)
            body = handler.child_by_field_name("body")
            throws = body is not None and any(c.type == "throw_statement" for c in body.named_children)
            if INSTALL_COMMAND.search(said) or EXITS.search(said) or (throws and not in_function):
                return None
            return f"in a try whose catch (line {handler.start_point[0] + 1}) handles its absence"
        child, node = node, node.parent
    return None
