"""The Maven artifacts the scanned tree builds itself (this ecosystem's ``[own]`` reader, ``ecosystem.toml``): those
its POMs define (:func:`pom_xml.built_artifacts`) and the AARs ``flutter build aar`` makes of each Flutter module of
the tree. A module's ``pubspec.yaml`` says ``flutter: module: androidPackage: X``, and the build writes
``X:flutter_debug``, ``X:flutter_profile`` and ``X:flutter_release`` into a local repository the Android host app
declares (Flutter's add-to-app guide: ``debugImplementation 'com.example.flutter_module:flutter_debug:1.0'``;
flutter/samples' ``add_to_app/prebuilt_module``, held-out set 227: a DG001 with a real Maven Central). Another
artifact of that group, and those names without such a module in the tree, are still judged."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from .pom_xml import built_artifacts

# the build types `flutter build aar` makes an artifact of
FLUTTER_BUILDS = ("debug", "profile", "release")


def tree_artifacts(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """``groupId:artifactId`` of what the tree builds: its POMs' artifacts and its Flutter modules' AARs, read
    through the active recording view (:func:`depguard.fsview.text_of`)."""
    from ...fsview import texts_named

    listed = list(files)
    out = set(built_artifacts(listed, limit))
    for _path, text in texts_named(listed, ("pubspec.yaml",), limit):
        if "androidPackage" not in text:
            continue
        from ...errors import ParseError
        from ...parsers._util import load_yaml

        try:
            data = load_yaml(text)
        except (ParseError, ValueError, RecursionError):
            continue
        flutter = data.get("flutter") if isinstance(data, dict) else None
        module = flutter.get("module") if isinstance(flutter, dict) else None
        package = module.get("androidPackage") if isinstance(module, dict) else None
        if isinstance(package, str) and package:
            out.update(f"{package}:flutter_{build}" for build in FLUTTER_BUILDS)
    return frozenset(out)
