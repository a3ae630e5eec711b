"""The package names the scanned tree defines itself: the ``name`` of every ``package.json`` of the tree, and of
every Deno or JSR config (``deno.json``, ``deno.jsonc``, ``jsr.json``) a workspace member publishes under. Declared
as this ecosystem's ``[own]`` reader (``ecosystem.toml``), so the engine reads no JavaScript manifest itself: the
names fill ``Hints.local_packages``, left out of install commands (``yarn add @prettier/plugin-yuku`` in the
changelog of the release that adds it) and excusing the tree's own imports. The commands a package.json's ``bin``
defines come as ``bin:<command>`` (a ``bin`` string: the package's own name without its scope): a runner given one in
the tree's scripts (``npx vant-cli dev``, where ``@vant/cli`` defines that bin) runs the tree's own command
(depguard/scan.py); a document that runs it is still judged, unless it installs the package defining it first
(``bin:<command> <package>`` entries: a package README's ``npm install --save-dev @prairielearn/pin-github-actions``,
then ``npx pin-github-actions``). So do the commands the tree's lockfiles install into a
project's ``node_modules/.bin`` (:mod:`locked_bins`: ``npx napi`` where ``@napi-rs/cli`` is locked), each also as
``bin:<command>\t<folder>`` (the lockfile's folder relative to the scan root, "" for the root): a document in or below
that folder that has its reader install the project first (a bare ``npm install``) runs the locked bin."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

MANIFESTS = ("package.json", "deno.json", "deno.jsonc", "jsr.json")  # a "name" the tree's code imports


def defined_names(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The ``name`` of each manifest among ``files`` ((path on disk, path relative to the scan root)), read
    through the active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads."""
    import json

    from ...errors import ParseError
    from ...fsview import texts_named
    from ...parsers import OWN_BIN, OWN_BIN_IN, OWN_BIN_OF
    from ...parsers._lines_js import load_json_positions
    from .locked_bins import LOCKFILES, YARNRC, locked_bins

    names: set[str] = set()
    locks: list[tuple[Path, str]] = []
    files = list(files)
    folders = {path.parent: Path(rel).parent.as_posix() for path, rel in files}
    for path, text in texts_named(files, MANIFESTS + LOCKFILES + (YARNRC,), limit):
        if path.name in LOCKFILES or path.name == YARNRC:
            locks.append((path, text))
            continue
        try:
            data = json.loads(text) if path.name == "package.json" else load_json_positions(text, jsonc=True)[0]
        except (ParseError, ValueError, RecursionError):
            continue
        if isinstance(data, dict) and isinstance(data.get("name"), str):
            names.add(data["name"])
            bins = data.get("bin")
            commands: list[str] = []
            if isinstance(bins, str) and bins:  # "bin": "./cli.js" installs the command under the package's name
                commands.append(data["name"].rpartition("/")[2])
            elif isinstance(bins, dict):
                commands.extend(command for command in bins if isinstance(command, str) and command)
            names.update(OWN_BIN + command for command in commands)
            names.update(OWN_BIN + command + OWN_BIN_OF + data["name"] for command in commands if OWN_BIN_OF not in command)
    by_folder: dict[Path, list[tuple[Path, str]]] = {}
    for path, text in locks:  # each folder's lockfiles with its .yarnrc.yml: the bins of that project
        by_folder.setdefault(path.parent, []).append((path, text))
    for folder, texts in by_folder.items():
        where = folders.get(folder, ".")
        for command in locked_bins(texts):
            names.update((OWN_BIN + command, OWN_BIN + command + OWN_BIN_IN + ("" if where == "." else where)))
    return frozenset(names)
