"""``Podfile.lock``: the resolved ``PODS`` (with their nested dependencies) and the ``DEPENDENCIES`` asked
for; with a ``SPEC REPOS`` section, only the pods it lists were downloaded from a spec repository. Subspecs ``Name/Sub`` are the pod ``Name``. Pods listed under ``EXTERNAL SOURCES`` (git, path,
podspec) are not trunk names, nor are those ``SPEC REPOS`` lists under another spec repository than trunk (a
company's private specs, ``https://github.com/acme/Specs.git:``). Each name is reported once, at its first line."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import load_yaml
from .podfile import trunk_source

PARSER = "Podfile.lock"
ENTRY = re.compile(r"^(?P<name>[^\s(]+)(?:\s+\((?P<v>[^)]*)\))?\s*$")
SECTIONS = ("PODS", "DEPENDENCIES")


def _entries(items) -> Iterator[str]:
    for item in items or []:
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            for k, v in item.items():
                if isinstance(k, str):
                    yield k
                if isinstance(v, list):
                    yield from _entries(v)


def not_trunk_pods(data: dict) -> set[str]:
    """The pods a Podfile.lock's data says come from elsewhere than trunk: ``EXTERNAL SOURCES`` (git, path, podspec)
    and the pods ``SPEC REPOS`` lists under another spec repository (a company's private specs)."""
    external = data.get("EXTERNAL SOURCES")
    local = {str(k).split("/", 1)[0] for k in external} if isinstance(external, dict) else set()
    repos = data.get("SPEC REPOS")
    if isinstance(repos, dict):  # the pods a private spec repository resolved
        local.update(str(e).split("/", 1)[0] for repo, pods in repos.items()
                     if not trunk_source(str(repo)) and isinstance(pods, list) for e in pods)
    return local


@file_format("Podfile.lock", ("Podfile.lock",), ecosystem="cocoapods", kind="lockfile",
             description="CocoaPods Podfile.lock PODS and DEPENDENCIES")
def parse(source: Source) -> Iterator[Mention]:
    data = load_yaml(source.text)
    if not isinstance(data, dict) or not any(s in data for s in SECTIONS):
        raise ParseError("not a Podfile.lock (no PODS or DEPENDENCIES)", 1)
    local = not_trunk_pods(data)
    repos = data.get("SPEC REPOS")
    # CocoaPods (1.7 on) lists under SPEC REPOS every pod it downloaded from a spec repository: with that list, a pod
    # named only as another pod's dependency and in no list was not fetched for this platform (zulip-flutter's iOS
    # lock: the patrol plug-in's `FlutterMacOS`, a macOS-only dependency the app's macOS Podfile gives by path)
    fetched = {str(e).split("/", 1)[0] for pods in repos.values() if isinstance(pods, list) for e in pods} \
        if isinstance(repos, dict) else None
    lines = source.text.splitlines()
    # line of each entry, scanning the two sections in order
    where: dict[str, int] = {}
    section = None
    for i, line in enumerate(lines, 1):
        if line and not line.startswith((" ", "-")):
            section = line.rstrip(":").strip()
            continue
        if section not in SECTIONS:
            continue
        text = line.strip().lstrip("-").strip().rstrip(":").strip().strip("\"'")
        m = ENTRY.match(text)
        if m:
            where.setdefault(m.group("name").split("/", 1)[0], i)
    seen: set[str] = set()
    for section in SECTIONS:
        for entry in _entries(data.get(section)):
            m = ENTRY.match(entry.strip().strip("\"'"))
            if not m:
                source.problem(f"{section}: cannot read {entry!r}")
                continue
            written = m.group("name")
            pod = written.split("/", 1)[0]
            if pod in seen or pod in local or (fetched is not None and pod not in fetched):
                continue
            seen.add(pod)
            at = where.get(pod, 1)
            col = lines[at - 1].find(written) + 1 if at <= len(lines) else None
            yield source.mention("cocoapods", pod, at, col or None, Origin.LOCKFILE, PARSER,
                                 spec=m.group("v"))
