"""The ``npm:`` aliases a tree's lockfile installs at a project's top level: the name an import finds in
``node_modules`` and the registry package it is.

A package.json alias (``"ethers-v6": "npm:ethers@6"``) is read where it is declared (``imports.manifests_above``).
A dependency's own alias is installed too, and npm and Yarn's ``node-modules`` linker hoist it to the project's
``node_modules`` under the alias: safe-wallet-web's Ledger module imports ``ethers-v6`` and ``ethers-v5``, the
aliases ``@ledgerhq/device-signer-kit-ethereum`` declares, which its root ``yarn.lock`` locks as
``"ethers-v6@npm:ethers@6.13.4, …"``. The registry has no ``ethers-v6``; the import is ``ethers``, and is judged so.
An import of a name the lockfile does not lock as an alias is judged as written.

Read: a ``yarn.lock`` (classic and berry: the entry headers' ``name@npm:real@range`` descriptors), and a
``package-lock.json`` / ``npm-shrinkwrap.json`` (v2/v3 ``packages`` entries ``node_modules/<alias>`` or
``<member>/node_modules/<alias>`` with a ``name`` field, not one nested below another package; v1's top-level
``dependencies`` whose ``version`` is ``npm:real@1``). A name the same lockfile also locks as itself is left out
(which of the two is hoisted is not known). pnpm's strict layout keeps a dependency's aliases out of the
project's ``node_modules``, so ``pnpm-lock.yaml`` adds none."""

from __future__ import annotations

import json

from ._npm_specs import split_descriptor
from .package_json import registry_target

NODE_MODULES = "node_modules/"


def yarn_lock_aliases(text: str) -> dict[str, str]:
    from .yarn_lock import _descriptors

    aliases: dict[str, str] = {}
    itself: set[str] = set()
    for line in text.splitlines():
        if not line or line[0] in " \t#" or not line.rstrip().endswith(":"):
            continue
        header = line.rstrip()[:-1].strip()
        if len(header) >= 2 and header[0] == header[-1] == '"' and '"' not in header[1:-1]:
            header = header[1:-1]  # berry quotes the whole list of descriptors
        for desc in _descriptors(header):
            name, rng = split_descriptor(desc)
            target = registry_target(name, rng) if rng.startswith("npm:") else None
            if target is not None and target[0] != name:
                aliases.setdefault(name, target[0])
            elif name:
                itself.add(name)
    return {k: v for k, v in aliases.items() if k not in itself}


def npm_lock_aliases(text: str) -> dict[str, str]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    aliases: dict[str, str] = {}
    itself: set[str] = set()
    packages = data.get("packages")
    if isinstance(packages, dict):
        for where, entry in packages.items():
            if not isinstance(where, str) or not isinstance(entry, dict) or where.count(NODE_MODULES) != 1 or not (
                    where.startswith(NODE_MODULES) or "/" + NODE_MODULES in where):
                continue  # the root, a workspace member itself, or a package nested below another package
            written = where[where.rfind(NODE_MODULES) + len(NODE_MODULES):]
            real = entry.get("name")
            if isinstance(real, str) and real and real != written:
                aliases.setdefault(written, real)
            else:
                itself.add(written)
    else:
        deps = data.get("dependencies")
        for written, entry in (deps.items() if isinstance(deps, dict) else ()):
            version = entry.get("version") if isinstance(entry, dict) else None
            if isinstance(written, str) and isinstance(version, str) and version.startswith("npm:"):
                real = split_descriptor(version[4:])[0]
                if real and real != written:
                    aliases.setdefault(written, real)
    return {k: v for k, v in aliases.items() if k not in itself}


# (lockfile name, its reader of alias -> registry name)
READERS = (("yarn.lock", yarn_lock_aliases), ("package-lock.json", npm_lock_aliases),
           ("npm-shrinkwrap.json", npm_lock_aliases))
