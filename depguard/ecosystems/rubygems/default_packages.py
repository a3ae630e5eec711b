"""The packages asdf-ruby, mise and rbenv-default-gems install with every Ruby: a gem a line, its version or
options after it (depguard/parsers/default_packages.py)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers.default_packages import default_packages


@file_format("default-gems", (".default-gems", "default-gems", "dot_default-gems"),
             ecosystem="rubygems", kind="manifest",
             description="the packages a version manager installs with every runtime")
def parse(source: Source) -> Iterator[Mention]:
    yield from default_packages(source, "rubygems", names_after_first=False)
