"""``pixi.toml`` (and ``[tool.pixi]`` of ``pyproject.toml``): conda packages of ``dependencies``,
``host-dependencies`` and ``build-dependencies``, PyPI packages of ``pypi-dependencies``, at the top level,
per ``target.<platform>``, per ``feature.<name>`` and per ``feature.<name>.target.<platform>``.

Conda packages are asked of the workspace's channels (``[workspace]``/``[project]`` ``channels``, plus a
feature's own, or an entry's ``channel = …``). PyPI entries with ``path``, ``git``, ``url`` or another
``index`` are not PyPI names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...model import Mention, Origin
from ...parsers import Source, file_format, rendered_path
from ...parsers._util import TomlLines
from ...parsers.template_directives import load_template_toml
from ._refs import conda_channel, conda_key_name

PARSER = "pixi"
CONDA_TABLES = ("dependencies", "host-dependencies", "build-dependencies")
PYPI_NOT_REGISTRY = ("path", "git", "url", "index")


def pypi_first_index(options: Any) -> list[str]:
    """The package indexes other than PyPI that a ``pypi-options`` table makes pixi search before PyPI or in its place
    (``index-url``, ``extra-index-urls``), as they may be shown; none when its ``index-strategy`` is
    ``unsafe-best-match`` (PyPI's versions weighed too). Pixi resolves PyPI packages with uv, whose default strategy
    takes a name from the first index that has it (session 20 left a pixi example pinning its own package from a
    private extra index as a false alarm)."""
    from ..pypi._python import other_index_url

    if not isinstance(options, dict) or options.get("index-strategy") == "unsafe-best-match":
        return []
    extra = options.get("extra-index-urls")
    urls = (other_index_url(u) for u in [options.get("index-url"), *(extra if isinstance(extra, list) else [])])
    return [f"{url} (pixi pypi-options)" for url in urls if url is not None]


def _channels(table: dict[str, Any]) -> list[str]:
    out = []
    for ch in table.get("channels") or []:
        value = ch.get("channel") if isinstance(ch, dict) else ch
        name = conda_channel(value) if isinstance(value, str) else None
        if name:
            out.append(name)
    return out


def _scopes(root: dict[str, Any]) -> Iterator[tuple[tuple[str, ...], dict[str, Any], list[str]]]:
    """(path, table, extra channels) of every table that may hold dependency tables."""
    yield (), root, []
    for name, body in (root.get("target") or {}).items():
        if isinstance(body, dict):
            yield ("target", name), body, []
    for feature, fbody in (root.get("feature") or {}).items():
        if not isinstance(fbody, dict):
            continue
        own = _channels(fbody)
        yield ("feature", feature), fbody, own
        for name, body in (fbody.get("target") or {}).items():
            if isinstance(body, dict):
                yield ("feature", feature, "target", name), body, own


def pypi_paths(root: dict[str, Any]) -> dict[str, str]:
    """Normalised name -> the folder (as written) that the workspace's ``pypi-dependencies`` (in any scope) take it
    from: pixi installs it from there into its environments (CellProfiler's ``pixi.toml``: ``cellprofiler-library =
    { path = "./src/subpackages/library" }``). Git and URL sources are left out: a member's published requirement of
    such a name is still fetched from PyPI by pip (r25 #8)."""
    return _path_entries([table for _, table, _ in _scopes(root)], ("pypi-dependencies",))


def _path_entries(tables: list[dict[str, Any]], kinds: tuple[str, ...]) -> dict[str, str]:
    """Normalised name -> the folder (as written) of each ``name = { path = "…" }`` entry of the ``kinds`` tables of
    ``tables``, the first one of a name kept."""
    from ...names import canonicalize_name

    out: dict[str, str] = {}
    for table in tables:
        for kind in kinds:
            deps = table.get(kind)
            if not isinstance(deps, dict):
                continue
            for name, value in deps.items():
                if isinstance(name, str) and isinstance(value, dict) and isinstance(value.get("path"), str):
                    out.setdefault(canonicalize_name(name), value["path"])
    return out


# pixi-build's tables of a package's own dependencies (``[package.run-dependencies]``, ``[package.host-dependencies]``
# …), beside the workspace's conda tables: a path entry there is a package pixi builds from that folder
BUILT_TABLES = (*CONDA_TABLES, "run-dependencies")


def built_paths(root: dict[str, Any]) -> dict[str, str]:
    """Normalised name -> the folder (as written) that a conda-side dependency of the workspace (any scope) or of its
    ``[package]`` takes it from: pixi-build builds a package from that folder and installs it (pixi's pixi-build
    workspace docs: ``[package.run-dependencies]`` ``cpp_math = { path = "packages/cpp_math" }``, a CMake package whose
    own ``pixi.toml`` is ``[package] name = "cpp_math"``)."""
    package = root.get("package")
    tables = [table for _, table, _ in _scopes(root)] + ([package] if isinstance(package, dict) else [])
    return _path_entries(tables, BUILT_TABLES)


def built_names(text: str, pyproject: bool = False) -> frozenset[str]:
    """The names of :func:`built_paths` of a pixi manifest's text (``pyproject``: its ``[tool.pixi]`` table): modules
    the workspace's environment gets from pixi-build, not from PyPI; none when the text is not TOML."""
    from ...errors import ParseError

    try:
        data = load_template_toml(text)
    except ParseError:
        return frozenset()
    table: Any = data
    if pyproject:
        tool = data.get("tool") if isinstance(data, dict) else None
        table = tool.get("pixi") if isinstance(tool, dict) else None
    return frozenset(built_paths(table)) if isinstance(table, dict) else frozenset()


def package_name(text: str) -> str | None:
    """The ``[package] name`` of a pixi manifest's text (a package pixi-build builds), normalised; None when none."""
    from ...errors import ParseError
    from ...names import canonicalize_name

    try:
        data = load_template_toml(text)
    except ParseError:  # an unreadable manifest names nothing
        return None
    package = data.get("package") if isinstance(data, dict) else None
    name = package.get("name") if isinstance(package, dict) else None
    return canonicalize_name(name) if isinstance(name, str) else None


def _inline_key(toml: TomlLines, where: tuple[str, ...], name: str) -> tuple[int | None, int | None]:
    """(line, column) of ``name`` inside the inline table that the key ``where[-1]`` of table ``where[:-1]`` holds
    (pixi's example: ``[tool.pixi.feature.gcp]`` then ``pypi-dependencies = { python-library-gcp-keyring = "==0.1.1" }``),
    or (None, None) when that key is not written so."""
    line, _ = toml.key(where[:-1], where[-1])
    if line is None:
        return None, None
    text = toml.lines[line - 1]
    brace = text.find("{")
    m = re.compile(rf"""(?<![\w.-])["']?{re.escape(name)}["']?\s*=""").search(text, brace + 1) if brace >= 0 else None
    return (line, m.start() + 1) if m else (line, None)


@file_format("pixi", ("pixi.toml", "pyproject.toml"), ecosystem=None, kind="manifest",
             description="pixi.toml / [tool.pixi]: conda dependencies and pypi-dependencies")
def parse(source: Source) -> Iterator[Mention]:
    prefix: tuple[str, ...] = ()
    if rendered_path(source.path).rsplit("/", 1)[-1] == "pyproject.toml":
        if "tool.pixi" not in source.text:
            return
        prefix = ("tool", "pixi")
    data = load_template_toml(source.text)  # a template's pyproject.toml: {% if %} lines, {{ x }} keys
    root: Any = data
    for part in prefix:
        root = root.get(part) if isinstance(root, dict) else None
    if not isinstance(root, dict):
        return
    toml = TomlLines(source.text)
    workspace = root.get("workspace") if isinstance(root.get("workspace"), dict) else root.get("project")
    base = _channels(workspace) if isinstance(workspace, dict) else []
    indexes = pypi_first_index(root.get("pypi-options"))
    for path, table, extra in _scopes(root):
        feature = root["feature"][path[1]] if path[:1] == ("feature",) else {}  # a feature's options add to the root's
        first = indexes + pypi_first_index(feature.get("pypi-options"))
        for kind in (*CONDA_TABLES, "pypi-dependencies"):
            deps = table.get(kind)
            if not isinstance(deps, dict):
                continue
            where = (*prefix, *path, kind)
            for name, spec in deps.items():
                line, col = toml.key(where, name)
                if line is None:  # `pypi-dependencies = { x = "==0.1.1" }`: the key inside an inline table
                    line, col = _inline_key(toml, where, name)
                version = spec if isinstance(spec, str) else spec.get("version") if isinstance(spec, dict) else None
                version = version if isinstance(version, str) and version != "*" else None
                if kind == "pypi-dependencies":
                    if isinstance(spec, dict) and any(k in spec for k in PYPI_NOT_REGISTRY):
                        continue
                    found = source.mention("pypi", name, line or 1, col, Origin.MANIFEST, PARSER, spec=version,
                                           note="pixi pypi-dependencies")
                    if first:
                        from ..pypi._python import from_other_index

                        found = from_other_index(found, "pixi looks for it first in " + " and ".join(
                            dict.fromkeys(first)), ok_passes=True)
                    yield found
                    continue
                channels = [*extra, *base]
                if isinstance(spec, dict) and isinstance(spec.get("channel"), str):
                    own = conda_channel(spec["channel"])
                    if own is None:
                        source.problem(f"{name} comes from {spec['channel']}, which is not on anaconda.org; not checked",
                                       line, kind="limit")
                        continue
                    channels = [own]
                yield source.mention("conda", name, line or 1, col, Origin.MANIFEST, PARSER, spec=version,
                                     name=conda_key_name(name.lower(), channels), note=kind if kind != "dependencies" else None)
