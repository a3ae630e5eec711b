"""The packages asdf-nodejs and mise install with every Node.js: npm names, blank-separated, `name@version`
(depguard/parsers/default_packages.py)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers.default_packages import default_packages


@file_format("default-npm-packages", (".default-npm-packages", "default-npm-packages", "dot_default-npm-packages"),
             ecosystem="npm", kind="manifest",
             description="the packages a version manager installs with every runtime")
def parse(source: Source) -> Iterator[Mention]:
    yield from default_packages(source, "npm", names_after_first=True)
