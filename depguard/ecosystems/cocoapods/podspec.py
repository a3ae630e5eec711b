"""``*.podspec``: the pods a CocoaPods library depends on (``s.dependency 'Alamofire', '~> 5.0'``), read as text,
never run.

A podspec's dependencies are what ``pod install`` fetches for every app that uses the library, from trunk unless the
app's Podfile says otherwise, so each is a manifest mention as a Podfile's ``pod`` line is: the spec's own
``s.dependency``, a subspec's (``ss.dependency``) and a platform's (``s.ios.dependency``). A subspec ``Name/Sub`` is
the pod ``Name``. Names the tree itself defines are not asked: the spec's own name (a subspec depending on
``Moya/Core``) and the pods of the podspecs beside it (KMP-NativeCoroutines' ``KMPNativeCoroutinesRxSwift`` on
``KMPNativeCoroutinesCore``). A podspec that a Flutter plugin or a React Native package ships (a ``pubspec.yaml`` or
``package.json`` in its folder or the one above) is not read: the app's Podfile gives the framework's own pods
(``Flutter``, ``React-Core``) by path, so its names are not trunk's to judge. Nor is the podspec of an Expo module
(an ``expo-module.config.json`` there, as ``create-expo-module --local`` lays out ``modules/<name>/ios/``): its
``s.dependency 'ExpoModulesCore'`` is the pod ``use_expo_modules!`` links from the app's ``node_modules`` by path
(expo-apple-targets' live-activities demo, held-out set 285, whose Podfile.lock takes ExpoModulesCore from there). Comments, ``=begin``/``=end`` blocks
and names holding an interpolation or a template's slot (``"Firebase/#{name}"``) are skipped.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from .podfile import TEMPLATE_SLOT, code_lines

PARSER = "podspec"
DEPENDENCY = lazyre.compile(r"""^\s*\w+(?:\.(?:ios|osx|macos|tvos|watchos|visionos))?\.dependency\s*\(?\s*"""
                            r"""(?P<q>['"])(?P<name>[^'"\n]+)(?P=q)(?P<rest>.*)$""")
VERSION = lazyre.compile(r"""^\s*,\s*(?P<q>['"])(?P<v>[^'"\n]*)(?P=q)""")
NAME = lazyre.compile(r"""^\s*\w+\.name\s*=\s*(?P<q>['"])(?P<name>[^'"\n]+)(?P=q)""")
# the manifests of the packages whose host app supplies the framework's pods by path (Flutter, React Native, Expo)
HOST_MANIFESTS = ("pubspec.yaml", "package.json", "expo-module.config.json")
SUFFIXES = (".podspec.json", ".podspec")


def _shipped_by_a_host_package(source: Source) -> bool:
    """Whether a Flutter plugin's, a React Native package's or an Expo module's manifest sits in the podspec's folder
    or the one above."""
    if source.fs_path is None:
        return False
    folder = source.fs_path.parent
    inside = source.root is None or folder.resolve() != source.root.resolve()  # never above the scanned tree
    folders = (folder, folder.parent) if inside else (folder,)
    return any(source.files.is_file(where / name) for where in folders for name in HOST_MANIFESTS)


def _sibling_pods(source: Source) -> set[str]:
    """The pods the podspecs in this one's folder define, by their file names (``KMPNativeCoroutinesCore.podspec``)."""
    if source.fs_path is None:
        own = posixpath.basename(source.path)
        return {own[: -len(s)] for s in SUFFIXES if own.endswith(s)}
    pods = set()
    for name, is_dir in source.files.listdir(source.fs_path.parent) or []:
        for suffix in SUFFIXES:
            if not is_dir and name.endswith(suffix):
                pods.add(name[: -len(suffix)])
                break
    return pods


@file_format("podspec", ("*.podspec",), ecosystem="cocoapods", kind="manifest",
             description="CocoaPods podspec dependency lines")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    if not any("dependency" in line for line in lines) or _shipped_by_a_host_package(source):
        return
    own = _sibling_pods(source)
    found: list[tuple[int, int, str, str, str | None]] = []
    for line_no, line in code_lines(source.text):
        named = NAME.match(line)
        if named:
            own.add(named.group("name").strip())
            continue
        m = DEPENDENCY.match(line)
        if not m:
            continue
        written = m.group("name").strip()
        if TEMPLATE_SLOT.search(written):
            continue  # `"Firebase/#{name}"`: filled in when the spec is evaluated
        v = VERSION.match(m.group("rest"))
        found.append((line_no, m.start("name") + 1, written, written.split("/", 1)[0], v.group("v") if v else None))
    for line_no, column, written, pod, spec in found:
        if pod in own:
            continue  # a subspec of this spec, or a pod a podspec beside it defines
        yield source.mention("cocoapods", written, line_no, column, Origin.MANIFEST, PARSER, spec=spec, name=pod,
                             note=f"subspec of {pod}" if pod != written else None)
