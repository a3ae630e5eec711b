"""The packages asdf-rust and mise install with every Rust toolchain: a crate a line, options after it
(depguard/parsers/default_packages.py)."""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers.default_packages import default_packages


@file_format("default-cargo-crates", (".default-cargo-crates", "default-cargo-crates", "dot_default-cargo-crates"),
             ecosystem="cargo", kind="manifest",
             description="the packages a version manager installs with every runtime")
def parse(source: Source) -> Iterator[Mention]:
    yield from default_packages(source, "cargo", names_after_first=False)
