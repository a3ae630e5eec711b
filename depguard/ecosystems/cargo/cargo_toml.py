"""``Cargo.toml``: ``[dependencies]``, ``[dev-dependencies]``, ``[build-dependencies]``, their
``[target.<cfg>.*]`` variants and ``[workspace.dependencies]``.

``alias = { package = "real" }`` is a rename: the registry name is ``real``. Entries with ``path`` or
``git`` (and ``workspace = true``, which points at the workspace table) are not asked of crates.io, nor are
entries from another ``registry``. The crate itself is not a dependency.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import TomlLines
from ...parsers.template_directives import load_template_toml

PARSER = "Cargo.toml"
KINDS = ("dependencies", "dev-dependencies", "build-dependencies", "dev_dependencies", "build_dependencies")
NOT_REGISTRY = ("path", "git", "workspace", "registry", "registry-index")


def dependency_tables(data: dict[str, Any]) -> Iterator[tuple[tuple[str, ...], Any]]:
    for kind in KINDS:
        if kind in data:
            yield (kind,), data[kind]
    targets = data.get("target")
    if isinstance(targets, dict):
        for cfg, body in targets.items():
            if isinstance(body, dict):
                for kind in KINDS:
                    if kind in body:
                        yield ("target", cfg, kind), body[kind]
    workspace = data.get("workspace")
    if isinstance(workspace, dict) and "dependencies" in workspace:
        yield ("workspace", "dependencies"), workspace["dependencies"]


@file_format("Cargo.toml", ("Cargo.toml",), ecosystem="cargo", kind="manifest",
             description="Cargo manifests: all dependency tables, target-specific and workspace dependencies")
def parse(source: Source) -> Iterator[Mention]:
    data = load_template_toml(source.text)  # a cargo-generate template's: {{project-name}}, {% if %} inside a line
    lines = TomlLines(source.text)
    for path, table in dependency_tables(data):
        where = ".".join(path)
        if not isinstance(table, dict):
            raise ParseError(f"[{where}] is not a table", lines.line(path))
        for key, value in table.items():
            line = lines.line((*path, key)) or lines.line(path) or 1
            column = lines.column((*path, key))
            if isinstance(value, str):
                yield source.mention("cargo", key, line, column, Origin.MANIFEST, PARSER, spec=value)
                continue
            if not isinstance(value, dict):
                source.problem(f"[{where}] {key}: expected a version string or a table", line)
                continue
            bad = [k for k in ("git", "path", "package", "version", "registry") if k in value and not isinstance(value[k], str)]
            if bad:
                source.problem(f"[{where}] {key}: {bad[0]} should be a string", line)
                continue
            if any(k in value for k in NOT_REGISTRY):
                continue
            real = value.get("package", key)
            note = f"renamed {key} of {real}" if real != key else None
            yield source.mention("cargo", key, line, column, Origin.MANIFEST, PARSER, spec=value.get("version"),
                                 name=real, note=note)
