"""The packages mise (`.default-go-packages`) and asdf-golang (`.default-golang-pkgs`) install with every Go:
package paths, `path@version`
(depguard/parsers/default_packages.py)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers.default_packages import default_packages


@file_format("default-go-packages", (".default-go-packages", "default-go-packages", "dot_default-go-packages",
                                     ".default-golang-pkgs", "default-golang-pkgs", "dot_default-golang-pkgs"),
             ecosystem="go", kind="manifest",
             description="the packages a version manager installs with every runtime")
def parse(source: Source) -> Iterator[Mention]:
    yield from default_packages(source, "go", names_after_first=True)
