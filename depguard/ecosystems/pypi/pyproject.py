"""``pyproject.toml``: PEP 621 ``dependencies`` and ``optional-dependencies``, PEP 735 ``dependency-groups``,
``build-system.requires``, Poetry's ``tool.poetry`` dependencies, dev-dependencies and groups, and the PEP 508
lists of ``tool.uv`` (dev, constraint and override dependencies) and ``tool.pdm.dev-dependencies``, and
Hatch environments' ``[tool.hatch.envs.<env>]`` ``dependencies`` and ``extra-dependencies``, and the dynamic
``dependencies`` and ``optional-dependencies`` of ``[tool.setuptools_dynamic_dependencies]`` (a setuptools plug-in).

References to the project itself (``myproj[test]`` in its own extras), Poetry's ``python`` key, Poetry
entries with ``path``, ``git``, ``url`` or ``file``, and requirements that ``[tool.uv.sources]`` takes from a
path, git, a URL or the workspace are not PyPI names, the sources of the uv workspace root included for a member
(uv applies the root's ``[tool.uv.sources]`` to every member: reflex's ``docs/app`` depends on
``reflex-integrations-docs``, which the root takes from the workspace). A requirement the file's own
``[tool.uv.sources]`` takes from another index (``torch = { index = "pytorch-cpu" }`` with a ``[[tool.uv.index]]``
whose ``url`` is not PyPI's: optuna's) is reported not checked, never dropped: PyPI's answer says nothing about it.
So are requirements that the pixi workspace holding the file installs from a folder of the tree holding the project of
that name (CellProfiler's sub-packages require ``cellprofiler-library``, which its ``pixi.toml`` installs from
``./src/subpackages/library``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

from ... import lazyre
from ...errors import ParseError
from ...model import Mention, Origin
from ...names import canonicalize_name
from ...parsers import Source, file_format
from ...parsers._util import TomlLines, find_line, load_toml
from ...parsers.template_directives import load_template_toml
from ._python import from_other_index, other_index_url, own_name, requirement_mention

PARSER = "pyproject"
NON_REGISTRY_KEYS = ("path", "git", "url", "file")
UV_LISTS = ("dev-dependencies", "constraint-dependencies", "override-dependencies")
DYNAMIC_DEPENDENCIES = "setuptools_dynamic_dependencies"  # the plug-in's table under [tool]
DYNAMIC_FILL = {"{version}": "0"}  # its placeholder: any version reads the requirement's name the same
HATCH_ENV_LISTS = ("dependencies", "extra-dependencies")  # [tool.hatch.envs.<env>]: installed into the env
UV_NOT_PYPI = ("path", "git", "url", "workspace", "index")


def uv_sourced_elsewhere(data: dict[str, Any]) -> frozenset[str]:
    """Normalised names whose ``[tool.uv.sources]`` entry is not PyPI (every alternative, when a list)."""
    out = set()
    for name, value in _tables(data, "tool", "uv", "sources").items():
        alternatives = value if isinstance(value, list) else [value]
        if alternatives and all(isinstance(v, dict) and any(k in v for k in UV_NOT_PYPI) for v in alternatives):
            out.add(canonicalize_name(name))
    return frozenset(out)


def uv_other_indexes(data: dict[str, Any]) -> dict[str, str | None]:
    """Normalised name -> where, for the requirements this file's ``[tool.uv.sources]`` takes only from a named index
    (every alternative an ``index`` source; an index this file does not define is named as written); None where that
    index is PyPI's own under a name."""
    urls = {}
    for entry in _list(data, "tool", "uv", "index"):
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            urls[entry["name"]] = entry.get("url")
    out: dict[str, str | None] = {}
    for name, value in _tables(data, "tool", "uv", "sources").items():
        alternatives = value if isinstance(value, list) else [value]
        named = [v.get("index") for v in alternatives if isinstance(v, dict)]
        if not alternatives or len(named) != len(alternatives) or not all(isinstance(n, str) for n in named):
            continue
        shown = []
        for index in dict.fromkeys(named):
            given = urls.get(index)
            if isinstance(given, str) and given.strip():
                url = other_index_url(given)
                if url is None:  # PyPI itself under a name
                    out[canonicalize_name(name)] = None
                    break
                shown.append(f"{url} (uv index {index!r} in [tool.uv.sources])")
            else:
                shown.append(f"the uv index {index!r} ([tool.uv.sources])")
        else:
            out[canonicalize_name(name)] = "it is fetched from " + " or ".join(shown)
    return out


def uv_first_index(data: dict[str, Any]) -> str | None:
    """Where uv looks for every requirement of this file before PyPI, or None: the ``[[tool.uv.index]]`` entries whose
    ``url`` is not PyPI's and that are not ``explicit`` (uv searches them in the order written, PyPI last, and one
    marked ``default`` in PyPI's place), and ``[tool.uv]``'s ``index-url`` and ``extra-index-url``. With uv's index
    strategy ``first-index`` (its default, and ``unsafe-first-match``) a name such an index has is taken from it and
    PyPI is not asked, so PyPI lacking the name says nothing (Mistral's evaluation docs: ``dependencies =
    ["mistralai-observability"]`` beside a ``[[tool.uv.index]]`` of their private Cloudsmith index). With
    ``unsafe-best-match`` uv weighs PyPI's versions too, as pip does with an extra index, and every name is judged."""
    uv = _tables(data, "tool", "uv")
    if uv.get("index-strategy") == "unsafe-best-match":
        return None
    shown = []
    for entry in _list(data, "tool", "uv", "index"):
        if isinstance(entry, dict) and entry.get("explicit") is not True:
            url = other_index_url(entry.get("url"))
            if url is not None:
                shown.append(f"{url} (uv index {entry.get('name')!r})" if isinstance(entry.get("name"), str) else url)
    extra = uv.get("extra-index-url")
    for given in [uv.get("index-url"), *(extra if isinstance(extra, list) else [extra])]:
        url = other_index_url(given)
        if url is not None:
            shown.append(f"{url} ([tool.uv] index)")
    return "uv looks for it first in " + " and ".join(dict.fromkeys(shown)) if shown else None


def _list(data: dict[str, Any], *path: str) -> list[Any]:
    cur: Any = data
    for part in path:
        cur = cur.get(part) if isinstance(cur, dict) else None
    return cur if isinstance(cur, list) else []


def _placed(source: Source) -> tuple[Path, PurePosixPath] | None:
    """(the scan root, the file's folder relative to it), or None for a file outside the root or not on disk."""
    if source.fs_path is None or source.root is None:
        return None
    root, here = source.root.resolve(), source.fs_path.resolve().parent
    try:
        return root, PurePosixPath(here.relative_to(root).as_posix())
    except ValueError:
        return None


def workspace_sources(source: Source) -> frozenset[str]:
    """The names the uv workspace root above this file (the nearest ``pyproject.toml`` with a
    ``[tool.uv.workspace]`` whose ``members`` include this file's folder, and not ``exclude``) takes from
    elsewhere; nothing for a file that is no member."""
    import fnmatch

    from ...parsers._util import read_small

    placed = _placed(source)
    if placed is None:
        return frozenset()
    root, rel = placed
    for up in rel.parents:
        text = read_small(root / up / "pyproject.toml", source.max_related_bytes)
        if not text or "[tool.uv.workspace]" not in text:
            continue
        try:
            data = load_toml(text)
        except ParseError:
            return frozenset()
        workspace = _tables(data, "tool", "uv", "workspace")
        member = PurePosixPath(rel.as_posix()).relative_to(up.as_posix()).as_posix() if str(up) != "." else rel.as_posix()
        matched = [g for g in workspace.get("members") or [] if isinstance(g, str) and fnmatch.fnmatchcase(member, g)]
        if matched and not any(isinstance(g, str) and fnmatch.fnmatchcase(member, g) for g in workspace.get("exclude") or []):
            return uv_sourced_elsewhere(data)
        return frozenset()
    return frozenset()


def pixi_sources(source: Source) -> frozenset[str]:
    """The names the pixi workspace holding this file (the nearest ``pixi.toml``, or ``pyproject.toml`` with a
    ``[tool.pixi]`` table, in the file's folder or above it) installs from a folder of the tree that holds the
    project of that very name (:func:`~depguard.ecosystems.conda.pixi.pypi_paths`): the tree's own sub-project,
    which pixi installs from there; nothing outside a pixi workspace. A name taken from git or a URL, or from a
    folder holding no project of that name, stays a PyPI name (pip reads the requirement from PyPI: r25 #8)."""
    from ...parsers._util import read_small
    from ..conda.pixi import built_paths, pypi_paths

    placed = _placed(source)
    if placed is None:
        return frozenset()
    root, rel = placed
    for up in (rel, *rel.parents):
        for name, table in (("pixi.toml", ()), ("pyproject.toml", ("tool", "pixi"))):
            text = read_small(root / up / name, source.max_related_bytes)
            if not text or (table and "[tool.pixi" not in text):
                continue
            try:
                data = load_toml(text)
            except ParseError:
                return frozenset()
            workspace = _tables(data, *table) if table else data
            paths = pypi_paths(workspace)
            built = built_paths(workspace)
            return (frozenset(n for n, folder in paths.items() if _project_named(root, root / up / folder, n, source))
                    | frozenset(n for n, folder in built.items() if _pixi_package_named(root, root / up / folder, n, source)))
    return frozenset()


def _pixi_package_named(root: Path, folder: Path, name: str, source: Source) -> bool:
    """Whether ``folder``, inside the scan ``root``, holds the package ``name`` that pixi-build builds (its ``pixi.toml``
    ``[package] name``) or the Python project of that name."""
    from ...parsers._util import read_small
    from ..conda.pixi import package_name

    if _project_named(root, folder, name, source):
        return True
    try:
        folder = folder.resolve()
        folder.relative_to(root)
    except (OSError, ValueError):
        return False
    text = read_small(folder / "pixi.toml", source.max_related_bytes)
    return text is not None and package_name(text) == name


def _project_named(root: Path, folder: Path, name: str, source: Source) -> bool:
    """Whether ``folder``, inside the scan ``root``, holds the Python project ``name`` (what its pyproject.toml,
    setup.cfg or setup.py names: :func:`~depguard.ecosystems.pypi.defined_names.manifest_names`)."""
    from ...parsers._util import read_small
    from .defined_names import MANIFESTS, manifest_names

    try:
        folder = folder.resolve()
        folder.relative_to(root)
    except (OSError, ValueError):
        return False
    for file in MANIFESTS:
        text = read_small(folder / file, source.max_related_bytes)
        if text and name in manifest_names(folder / file, text, source.max_related_bytes):
            return True
    return False


# PDM's editable entry in a dependency list (its monorepo docs: "-e file:///${PROJECT_ROOT}/packages/foo-core",
# "-e ./sub"), a path or URL installed in development mode, as pip's -e takes
EDITABLE = lazyre.compile(r"\s*(?:-e|--editable)(?:\s+|=)\S")


def pep508_list(source: Source, toml: TomlLines, values: Any, table: tuple[str, ...], key: str,
                 own: str | None, parser: str = PARSER, fill: dict[str, str] | None = None) -> Iterator[Mention]:
    """The mentions of a list of PEP 508 strings at ``table.key``; ``fill``: placeholders a build plug-in replaces
    before the list is read (``{version}``), replaced the same way here (the string is still found as written)."""
    where = ".".join((*table, key))
    if not isinstance(values, list):
        source.problem(f"{where} should be a list of requirement strings", toml.key(table, key)[0])
        return
    key_line, _ = toml.key(table, key)
    span = toml.span(table)
    cursor = key_line or 1
    for item in values:
        if isinstance(item, dict):  # PEP 735 {include-group = "..."}
            continue
        if isinstance(item, str) and EDITABLE.match(item):
            continue  # PDM's editable local project, `-e file:///${PROJECT_ROOT}/packages/foo-core`: no registry name
        if not isinstance(item, str):
            source.problem(f"{where}: {item!r} is not a requirement string", key_line)
            continue
        line, col = toml.string(item, cursor, span[1] if span else None)
        if line is None:
            line, col = find_line(toml.lines, item)
        else:
            cursor = line
        text = item.strip()
        for placeholder, value in (fill or {}).items():
            text = text.replace(placeholder, value)
        mention = requirement_mention(source, toml.lines, text, line, col, parser, where, own)
        if mention is not None:
            yield mention


def _from_registry(value: Any) -> bool:
    if isinstance(value, dict):
        return not any(k in value for k in NON_REGISTRY_KEYS)
    if isinstance(value, list):  # multiple-constraint entries: registry when any alternative is
        return not value or any(_from_registry(v) for v in value)
    return True


def _poetry_table(source: Source, toml: TomlLines, table: Any, path: tuple[str, ...], own: str | None,
                  indexes: dict[str, str]) -> Iterator[Mention]:
    if not isinstance(table, dict):
        return
    for name, value in table.items():
        if name.lower() == "python" or not _from_registry(value):
            continue
        if own and canonicalize_name(name) == own:
            continue
        line, col = toml.key(path, name)
        if line is None:
            line, col = find_line(toml.lines, name, quoted=False)
        spec = value if isinstance(value, str) else (value.get("version") if isinstance(value, dict) else None)
        found = source.mention("pypi", name, line or 1, col, Origin.MANIFEST, PARSER,
                               spec=spec if isinstance(spec, str) else None)
        named = value.get("source") if isinstance(value, dict) else None
        if isinstance(named, str) and named in indexes:  # `source = "x"`: Poetry fetches it from that index only
            found = from_other_index(found, f"it is fetched from {indexes[named]} ([[tool.poetry.source]] {named!r})")
        yield found


def poetry_indexes(poetry: dict[str, Any]) -> dict[str, str]:
    """The ``[[tool.poetry.source]]`` indexes other than PyPI, by name: their addresses as they may be shown."""
    out: dict[str, str] = {}
    for entry in poetry.get("source") or []:
        if isinstance(entry, dict) and isinstance(entry.get("name"), str):
            url = other_index_url(entry.get("url"))
            if url is not None:
                out[entry["name"]] = url
    return out


def _tables(data: dict[str, Any], *path: str) -> dict[str, Any]:
    cur: Any = data
    for part in path:
        cur = cur.get(part) if isinstance(cur, dict) else None
    return cur if isinstance(cur, dict) else {}


@file_format("pyproject", ("pyproject.toml",), ecosystem="pypi", kind="manifest",
             description="PEP 621, PEP 735, Poetry, uv and PDM dependencies in pyproject.toml")
def parse(source: Source) -> Iterator[Mention]:
    data = load_template_toml(source.text)
    toml = TomlLines(source.text)
    project = data.get("project", {})
    if not isinstance(project, dict):
        raise ParseError("[project] is not a table")
    poetry = _tables(data, "tool", "poetry")
    own = own_name(project.get("name")) or own_name(poetry.get("name"))

    build = _tables(data, "build-system")
    if "requires" in build:
        yield from pep508_list(source, toml, build["requires"], ("build-system",), "requires", own)
    indexed = uv_other_indexes(data)
    elsewhere = (uv_sourced_elsewhere(data) - indexed.keys()) | workspace_sources(source) | pixi_sources(source)
    first = uv_first_index(data)
    for m in _requirement_lists(source, toml, data, project, own):
        where = indexed.get(m.key.name)
        if where is not None:
            yield from_other_index(m, where)
        elif m.key.name not in elsewhere:  # (PyPI under an index name is PyPI)
            yield m if first is None else from_other_index(m, first, ok_passes=True)
    indexes = poetry_indexes(poetry)
    for table in ("dependencies", "dev-dependencies"):
        yield from _poetry_table(source, toml, poetry.get(table), ("tool", "poetry", table), own, indexes)
    for group, body in _tables(poetry, "group").items():
        if isinstance(body, dict):
            yield from _poetry_table(source, toml, body.get("dependencies"), ("tool", "poetry", "group", group, "dependencies"),
                                     own, indexes)


def _requirement_lists(source: Source, toml: TomlLines, data: dict[str, Any], project: dict[str, Any],
                       own: str | None) -> Iterator[Mention]:
    """The PEP 508 lists of the project, its groups, uv and PDM."""
    if "dependencies" in project:
        yield from pep508_list(source, toml, project["dependencies"], ("project",), "dependencies", own)
    for extra, reqs in _tables(project, "optional-dependencies").items():
        yield from pep508_list(source, toml, reqs, ("project", "optional-dependencies"), extra, own)
    for group, reqs in _tables(data, "dependency-groups").items():
        yield from pep508_list(source, toml, reqs, ("dependency-groups",), group, own)
    uv = _tables(data, "tool", "uv")
    for key in UV_LISTS:
        if key in uv:
            yield from pep508_list(source, toml, uv[key], ("tool", "uv"), key, own)
    for group, reqs in _tables(data, "tool", "pdm", "dev-dependencies").items():
        yield from pep508_list(source, toml, reqs, ("tool", "pdm", "dev-dependencies"), group, own)
    for env, body in _tables(data, "tool", "hatch", "envs").items():
        for key in HATCH_ENV_LISTS:
            if isinstance(body, dict) and key in body:
                yield from pep508_list(source, toml, body[key], ("tool", "hatch", "envs", env), key, own)
    # BeeWare's setuptools plug-in setuptools_dynamic_dependencies (named in build-system.requires) writes the lists of
    # [tool.setuptools_dynamic_dependencies] into the built metadata as the dynamic dependencies and extras, with
    # "{version}" made the project's own version (toga's backends: "toga-core == {version}", "rubicon-objc >= 0.5.1")
    table = ("tool", DYNAMIC_DEPENDENCIES)
    plugin = _tables(data, *table)
    if "dependencies" in plugin:
        yield from pep508_list(source, toml, plugin["dependencies"], table, "dependencies", own, fill=DYNAMIC_FILL)
    for extra, reqs in _tables(plugin, "optional-dependencies").items():
        yield from pep508_list(source, toml, reqs, (*table, "optional-dependencies"), extra, own, fill=DYNAMIC_FILL)


def own_package(text: str) -> str | None:
    """The distribution a pyproject.toml says it is (``[project]`` or ``[tool.poetry]`` ``name``), or None
    (``[declarer]`` in ecosystem.toml, read by :mod:`depguard.declarers`)."""
    try:
        data = load_toml(text)
    except ParseError:
        return None
    for table in (_tables(data, "project"), _tables(data, "tool", "poetry")):
        name = table.get("name")
        if isinstance(name, str) and name.strip():
            return name.strip()
    return None
