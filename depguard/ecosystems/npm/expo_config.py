"""Expo's app configuration, ``app.json``: the config plugins ``npx expo prebuild`` loads.

Expo's docs (docs.expo.dev/config-plugins/introduction, /guides/config-plugins): ``"expo": {"plugins":
["expo-router", ["expo-splash-screen", {"backgroundColor": "#ffffff"}], "./plugins/withFoo"]}`` names each plugin by
the npm package that ships it (its ``app.plugin.js``), alone or as the first item of a ``[name, options]`` pair; a
name with a path below the package (``@sentry/react-native/expo``) is that package's file, and a local path
(``./plugins/withFoo.js``) is the project's own. A package the project has not installed stops the build, so a
plugin is a name the project depends on, of origin ``manifest``. ``app.json`` is also the name of Heroku's app
manifest, Obsidian's settings and many translation tables: only an object under the ``expo`` key is Expo's, or a
top-level ``plugins`` list (Expo reads an ``app.json`` without the ``expo`` key as its config) when the
``package.json`` beside it names ``expo``. Session 36 (h256) counted the shape in the mirrors here: 47 Expo
``app.json`` files in 5 repositories (expo/examples, Ignite's boilerplate, two apps), about 110 plugin names, which no
parser read.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, LineIndex, Placed, load_json_positions
from ._npm_specs import NON_REGISTRY_PROTOCOLS
from .imports import package_of

PARSER = "expo-config"
NOTE = "an Expo config plugin, loaded by expo prebuild"


@file_format(PARSER, ("app.json",), ecosystem="npm", kind="manifest",
             description="Expo's app.json: the config plugins expo prebuild loads")
def parse(source: Source) -> Iterator[Mention]:
    if '"plugins"' not in source.text:
        return
    data, index = load_json_positions(source.text, jsonc=True, what="Expo app configuration (JSON)")
    if not isinstance(data, Keyed):
        return
    expo = data.get("expo")
    if isinstance(expo, Keyed):
        plugins = expo.get("plugins")
    elif "expo" not in data and _expo_project(source):
        plugins = data.get("plugins")
    else:
        return
    if not isinstance(plugins, Placed):
        return
    for entry, offset in zip(plugins, plugins.where):
        if isinstance(entry, Placed) and entry and isinstance(entry[0], str):  # ["expo-camera", {options}]
            yield from _plugin(source, index, entry[0], entry.where[0])
        elif isinstance(entry, str):
            yield from _plugin(source, index, entry, offset)


def _expo_project(source: Source) -> bool:
    """Whether the ``package.json`` beside ``source`` names ``expo`` (read through the project view)."""
    if source.fs_path is None:
        return False
    text = source.files.read_text(os.path.join(os.path.abspath(source.fs_path.parent), "package.json"), limit=1 << 20)
    return text is not None and '"expo"' in text


def _plugin(source: Source, index: LineIndex, entry: str, offset: int) -> Iterator[Mention]:
    if entry != entry.strip() or not entry or entry.startswith(NON_REGISTRY_PROTOCOLS) or \
            entry.startswith((".", "/", "~")):
        return  # a local file, a git or URL source: no registry name
    found = package_of(entry)  # @sentry/react-native/expo: a file of the package @sentry/react-native
    if found is None:
        return
    line, col = index.line_col(offset)
    yield source.mention("npm", found[0], line, col, Origin.MANIFEST, PARSER, note=NOTE)
