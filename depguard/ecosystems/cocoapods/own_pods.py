"""The pods the scanned tree defines itself: the name of each of its podspecs (``VisionCamera.podspec``,
``Moya.podspec.json``), from the file names alone. Declared as this ecosystem's ``[own]`` reader (``ecosystem.toml``)
for a manifest a document shows: react-native-vision-camera's docs tell a frame-processor plug-in's author to add
``s.dependency 'VisionCamera'`` to the plug-in's podspec (held-out set 285), the tree's own pod, which the app that
uses the plug-in links from ``node_modules`` by path. The tree's own Podfiles and podspecs are judged as before (a
``pod 'X'`` line without a path asks trunk), and so is a name no podspec of the tree defines."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable
from pathlib import Path

SUFFIXES = (".podspec.json", ".podspec")


def defined_pods(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The pod names of the podspecs among ``files`` ((path on disk, path relative to the scan root)); nothing is read."""
    pods: set[str] = set()
    for _path, rel in files:
        name = posixpath.basename(rel)
        for suffix in SUFFIXES:
            if name.endswith(suffix) and len(name) > len(suffix):
                pods.add(name[: -len(suffix)])
                break
    return frozenset(pods)
