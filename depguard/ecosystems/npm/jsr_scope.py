"""npm's ``@jsr`` scope: JSR's packages as JSR serves them to npm clients, judged on JSR.

JSR publishes every package ``@scope/name`` to npm-style clients as ``@jsr/scope__name`` from its own npm
registry (``npm.jsr.io``): pnpm, Yarn and vlt fetch the ``@jsr`` scope from there by themselves, npm and older
clients once an ``.npmrc`` line ``@jsr:registry=https://npm.jsr.io`` maps it (what the ``jsr`` CLI writes). JSR's
own documentation shows ``npm install @jsr/luca__cases@1`` for ``jsr:@luca/cases``; a Node project's package.json
lists ``"@luca/cases": "npm:@jsr/luca__cases@^1"`` and its lockfile the tarball from ``npm.jsr.io``. The public
npm registry's answer says nothing about such a name (it does not hold JSR's packages), and JSR does: so a name
of that shape is judged as the JSR package it stands for, wherever it is written (a manifest, a lockfile, an
install command, an import). A made-up ``@jsr/acme__nothing`` is then missing on JSR, as strict as before; only
where the answer comes from changes.

A ``@jsr/`` name without the ``scope__name`` shape is no JSR package and stays an npm name. JSR's scope and
package names hold no ``_`` (lowercase letters, digits, ``-``), so the first ``__`` is the separator; what the
two parts make is checked by JSR's name rule like any JSR name (a bad one is invalid there).
"""

from __future__ import annotations

PREFIX = "@jsr/"


def jsr_package(npm_name: str) -> str | None:
    """``@luca/cases`` for ``@jsr/luca__cases``; None for a name that is not JSR's npm form."""
    if not npm_name.startswith(PREFIX):
        return None
    scope, sep, package = npm_name[len(PREFIX):].partition("__")
    if not sep or not scope or not package or "/" in package:
        return None
    return f"@{scope}/{package}"


def served_elsewhere(npm_name: str) -> tuple[str, str, str] | None:
    """(ecosystem, name, note) of the registry that serves ``npm_name``: JSR for ``@jsr/scope__name``; else None."""
    on_jsr = jsr_package(npm_name)
    if on_jsr is None:
        return None
    return "jsr", on_jsr, f"JSR's {on_jsr}, served to npm clients as {npm_name}"
