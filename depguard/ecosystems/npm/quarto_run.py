"""Quarto's TypeScript scripts: the ``stdlib/…`` ids of the Deno standard library Quarto bundles.

``quarto run script.ts`` (and so a Quarto project's ``pre-render``/``post-render`` scripts and an extension's
scripts) runs TypeScript with the Deno interpreter Quarto ships, under Quarto's own import map, which gives Deno's
standard library as ``stdlib/…`` since Quarto 1.6 (quarto-web's ``docs/projects/scripts.qmd``: ``import { parse }
from "stdlib/yaml"; // Quarto 1.6 syntax``; quarto-web's ``_tools/publish-date.ts`` imports ``stdlib/path``). Those
ids are Quarto's, not npm's (the stand-in has no ``stdlib``; an npm package of that name would be another project).

A file is such a script when its first line is a ``quarto run`` shebang (``#!/usr/bin/env -S quarto run``), or when
it lies in a Quarto project or extension (a ``_quarto.yml`` or ``_extension.yml`` in its folder or above) and no
``package.json`` or ``deno.json`` lies nearer to it than that file (a Node or Deno package's own ids resolve
through its own manifest). Any other file's ``stdlib/x`` is judged as the npm name it is, and a Quarto script's
other ids (an npm package, an invented one) are judged as usual.
"""

from __future__ import annotations

import re

# the first segment of the ids Quarto's import map gives a script it runs
MODULES = frozenset({"stdlib"})
SHEBANG = re.compile(r"#![^\n]*\bquarto\s+run\b")
QUARTO_FILES = ("_quarto.yml", "_quarto.yaml", "_extension.yml", "_extension.yaml")
PACKAGE_FILES = ("package.json", "deno.json", "deno.jsonc")


def quarto_modules(source) -> frozenset[str]:  # source: parsers.Source
    """The module ids Quarto's Deno gives ``source`` when it is a script Quarto runs (above), else none."""
    text = source.text
    if "stdlib/" not in text:
        return frozenset()
    if SHEBANG.match(text) is not None:
        return MODULES
    from ...imports import nearest_file

    quarto = [found for name in QUARTO_FILES if (found := nearest_file(source, name)) is not None]
    if not quarto:
        return frozenset()
    depth = max(len(found.parts) for found in quarto)  # the nearest Quarto project or extension
    packages = (nearest_file(source, name) for name in PACKAGE_FILES)
    if any(found is not None and len(found.parts) > depth for found in packages):
        return frozenset()  # a Node or Deno package inside the Quarto project: its own ids
    return MODULES
