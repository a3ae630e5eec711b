"""The commands a tree's npm lockfiles install into a project's ``node_modules/.bin``: the ``bin`` of each package
an ``npm ci`` or ``yarn install`` lays out at a project's top level, as the lockfile records it. ``npx napi …`` in
tokenizers' release workflow runs the ``napi`` of ``@napi-rs/cli``, which its ``bindings/node`` package declares and
its ``yarn.lock`` records (``bin: napi: dist/cli.js``); npx runs a bin the project installed before it fetches a
package of that name, so ``napi`` is no registry name there.

Read: ``package-lock.json`` and ``npm-shrinkwrap.json`` (lockfile v2/v3 ``packages``: an entry
``node_modules/<name>`` or ``<member>/node_modules/<name>``, at the top of the project or of a workspace member,
not one nested below another package), and a
berry ``yarn.lock`` (``__metadata``) whose folder's ``.yarnrc.yml`` sets ``nodeLinker: node-modules`` (the default
Plug'n'Play linker makes no ``node_modules/.bin``, so npx would fetch), and bun's text ``bun.lock`` (a ``packages``
entry keyed by the bare package name, the one ``bun install`` lays out at the top of ``node_modules``, whose metadata
object records ``"bin"``: expo-apple-targets' ``create-target`` package runs ``npx expo-module prepublishOnly``, the
``expo-module`` bin of its locked ``expo-module-scripts``, held-out set 285). Classic yarn.lock and pnpm-lock.yaml
record no bin names (pnpm's ``hasBin`` only), so they add none."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path

LOCKFILES = ("package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "bun.lock")
YARNRC = ".yarnrc.yml"
NODE_MODULES_LINKER = re.compile(r"""^nodeLinker:\s*["']?node-modules["']?\s*(?:#.*)?$""", re.M)
BERRY_METADATA = re.compile(r"^__metadata:", re.M)  # a berry lockfile (a classic one records no bins)
_BIN_KEY = re.compile(r"""^ {4}("(?:[^"\\]|\\.)+"|[^\s:#"][^:]*?):(?:\s|$)""")


def locked_bins(texts: Iterable[tuple[Path, str]]) -> set[str]:
    """The bin names the lockfiles among ``texts`` ((path, text) of lockfiles and ``.yarnrc.yml`` files) install."""
    texts = list(texts)
    node_modules = {path.parent for path, text in texts if path.name == YARNRC and NODE_MODULES_LINKER.search(text)}
    bins: set[str] = set()
    for path, text in texts:
        if path.name == "yarn.lock":
            if path.parent in node_modules and BERRY_METADATA.search(text):
                bins |= _berry_bins(text)
        elif path.name == "bun.lock":
            bins |= _bun_lock_bins(text)
        elif path.name in LOCKFILES:
            bins |= _npm_lock_bins(text)
    return bins


def _bun_lock_bins(text: str) -> set[str]:
    """The ``bin`` of each top-level ``packages`` entry of a ``bun.lock`` (``"name": ["name@1.0.0", "", {"bin":
    {"cmd": "cli.js"}}, "sha512-…"]``; a ``"bin": "cli.js"`` string installs the package's unscoped name). An entry
    keyed ``parent/name`` is nested below another package, so its bin is not the project's."""
    from ...errors import ParseError
    from ...parsers._lines_js import load_json_positions

    try:
        data = load_json_positions(text, jsonc=True, what="bun.lock (JSONC)")[0]
    except (ParseError, ValueError, RecursionError):
        return set()
    # a package nested below another one is keyed ``parent/name`` (``@scope/parent/name``)
    return _packages_bins(data, lambda where: where.count("/") == (1 if where.startswith("@") else 0), _bun_meta_bin)


def _bun_meta_bin(entry: object) -> object:
    """The ``bin`` of a ``bun.lock`` packages entry's metadata object (the first object after its resolution)."""
    meta = next((item for item in entry[1:] if isinstance(item, dict)), None) if isinstance(entry, list) else None
    return meta.get("bin") if meta is not None else None


def _npm_lock_bins(text: str) -> set[str]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return set()
    # not the root, a workspace member itself, or a package nested below another package
    return _packages_bins(data, lambda where: where.count("node_modules/") == 1 and (
        where.startswith("node_modules/") or "/node_modules/" in where),
                          lambda entry: entry.get("bin") if isinstance(entry, dict) else None)


def _packages_bins(data: object, top: Callable[[str], bool], bin_of: Callable[[object], object]) -> set[str]:
    """The bin names of the ``packages`` entries of a parsed lockfile whose key ``top`` accepts: ``bin_of(entry)`` is
    an object of commands, or a string installing the package's unscoped name."""
    packages = data.get("packages") if isinstance(data, dict) else None
    if not isinstance(packages, dict):
        return set()
    bins: set[str] = set()
    for where, entry in packages.items():
        if not isinstance(where, str) or not top(where):
            continue
        got = bin_of(entry)
        if isinstance(got, dict):
            bins.update(name for name in got if isinstance(name, str) and name)
        elif isinstance(got, str) and got:
            bins.add(where.rpartition("/")[2])
    return bins


def _berry_bins(text: str) -> set[str]:
    """The keys of each entry's ``bin:`` block (two spaces in, its commands four in)."""
    bins: set[str] = set()
    inside = False
    for line in text.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            inside = line.rstrip() == "  bin:"
        elif not line.startswith("    "):
            inside = False
        elif inside and (m := _BIN_KEY.match(line)):
            key = m.group(1)
            bins.add(json.loads(key) if key.startswith('"') else key)
    return {b for b in bins if b}
