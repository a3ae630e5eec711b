"""Python imports (``*.py``, ``*.pyi``, ``*.pyw`` and the code cells of ``*.ipynb`` notebooks).

``import a.b``, ``from a.b import c`` (anywhere: in functions, ``try`` blocks, ``if TYPE_CHECKING:``) and
``importlib.import_module("x")`` / ``__import__("x")`` with a literal name. Relative imports, the standard
library (``sys.stdlib_module_names``, ``__future__`` and ``ecosystems/pypi/stdlib-extra.txt``), the
project's own modules (``Hints.local_python_modules``, and modules beside the file) and statements holding
syntax errors are skipped. The import name becomes a distribution through ``ecosystems/pypi/import-map.tsv``
(dotted rows and namespace ``prefix.*`` rows, longest match first), then the running environment's
``importlib.metadata.packages_distributions()``, else the top-level name itself.
"""

from __future__ import annotations

import functools
import json
import re
import sys
from collections.abc import Iterator

from ..ecosystems import catalog
from ..errors import ParseError
from ..model import Mention
from ..names import canonicalize_name
from ..parsers import Source, file_format
from ..runcache import per_run
from . import ImportRef, emit, matches, position, sibling_modules, text_of

PARSER = "python-imports"
PY_SUFFIXES = (".py", ".pyi", ".pyw", ".so", ".pyd")
MAGIC = re.compile(r"^(\s*)([!%].*)$", re.M)


# --- the import name -> distribution table -------------------------------------------------------------

@functools.lru_cache(maxsize=1)
def import_map() -> tuple[dict[str, str], dict[str, str]]:
    """(exact rows, namespace rows keyed by prefix) from ecosystems/pypi/import-map.tsv."""
    eco = catalog().get("pypi")
    exact: dict[str, str] = {}
    wild: dict[str, str] = {}
    if not eco.import_map_file:
        return exact, wild
    for raw in eco.data_file(eco.import_map_file).read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        module, _, dist = raw.partition("\t")
        module, dist = module.strip(), dist.strip()
        if not module or not dist:
            continue
        if module.endswith(".*"):
            wild.setdefault(module[:-2], dist)
        else:
            exact.setdefault(module, dist)
    return exact, wild


@functools.lru_cache(maxsize=1)
def stdlib() -> frozenset[str]:
    eco = catalog().get("pypi")
    names = set(sys.stdlib_module_names) | {"__future__", "__main__"}
    extra = eco.data.get("imports", {}).get("stdlib")
    if extra:
        for raw in eco.data_file(extra).read_text(encoding="utf-8").splitlines():
            if raw.strip() and not raw.startswith("#"):
                names.add(raw.strip())
    return frozenset(names)

@per_run(maxsize=1)
def environment_map() -> dict[str, tuple[str, ...]]:
    """Top-level import name -> distributions installed in the running environment.

    Reading every installed distribution's metadata takes tens of milliseconds, so the map is kept in the
    cache directory, valid while the interpreter, ``sys.path`` and the metadata folders in each of its
    folders (names and modification times) stay the same: installing, upgrading or removing a
    distribution changes them. Folders without metadata are left out of that stamp, so running from
    another directory (``python -m depguard`` puts it on ``sys.path``) does not rebuild the map."""
    import os

    from ..paths import cache_dir

    stamp: list = [ENVIRONMENT_MAP_FORMAT, sys.executable, sys.version, []]
    for entry in sys.path:
        found = []
        try:
            with os.scandir(entry or ".") as it:
                for e in it:
                    if e.name.endswith((".dist-info", ".egg-info")):
                        found.append([e.name, e.stat().st_mtime_ns])
        except OSError:
            found = None
        if found == []:
            continue  # a folder with no metadata adds no distribution (the current directory, most often)
        stamp[3].append([entry, sorted(found) if found is not None else None])
    where = cache_dir() / "environment-map.json"
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
        if data["stamp"] == stamp:
            return {k: tuple(v) for k, v in data["map"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        pass
    from importlib.metadata import packages_distributions

    try:
        found = {k: tuple(dict.fromkeys(v)) for k, v in packages_distributions().items()}
    except Exception:  # a broken installed distribution must not stop a scan
        return {}
    try:
        where.parent.mkdir(parents=True, exist_ok=True)
        tmp = where.with_name(f".{where.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "map": found}), encoding="utf-8")
        os.replace(tmp, where)
    except OSError:
        pass
    return found


ENVIRONMENT_MAP_FORMAT = 1


def distribution_for(dotted: str) -> tuple[str, str]:
    """(distribution, the part of the import it was found from) for an absolute import path."""
    exact, wild = import_map()
    parts = dotted.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in exact:
            return exact[prefix], prefix
        if n < len(parts) and prefix in wild:
            return wild[prefix].replace("*", parts[n]), ".".join(parts[: n + 1])
    top = parts[0]
    dists = environment_map().get(top, ())
    if len(dists) == 1:
        return dists[0], top
    for dist in dists:  # a namespace shared by several: only the one named like the import is sure
        if canonicalize_name(dist) == canonicalize_name(top):
            return dist, top
    return top, top


# --- extraction -----------------------------------------------------------------------------------------

def _dynamic_name(node):
    """(module, node of the name) for a literal string argument, or None (f-strings, relative names)."""
    if any(c.type == "interpolation" for c in node.children):
        return None
    content = [c for c in node.children if c.type == "string_content"]
    if len(content) != 1:
        return None
    value = text_of(content[0])
    return (value, content[0]) if re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", value) else None


def import_refs(text: str, local: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """Every third-party import in Python source ``text``: (pypi, distribution, line, column) and more."""
    if "import" not in text:  # every pattern needs the word: no parse for files without it
        return
    src = text.encode("utf-8", errors="surrogatepass")
    std = stdlib()
    done: set[tuple[int, str]] = set()  # (statement, distribution): `from m import a, b` is one mention
    for caps in matches("python", src):
        stmt = caps["stmt"][0]
        if stmt.has_error:
            continue
        if "dynamic" in caps:
            found_name = _dynamic_name(caps["dynamic"][0])
            if found_name is None:
                continue
            dotted, node = found_name
        else:
            node = caps["module"][0]
            dotted = "".join(text_of(node).split())
        top = dotted.split(".", 1)[0]
        if top in std or top in local:
            continue
        # from ns import sub: for namespace packages the submodule chooses the distribution
        path = f"{dotted}.{text_of(caps['name'][0])}" if "name" in caps else dotted
        dist, found = distribution_for(path)
        if (stmt.start_byte, dist) in done:
            continue
        done.add((stmt.start_byte, dist))
        written = found if len(found) <= len(dotted) else dotted  # as it appears in the source
        module = found if found != written or canonicalize_name(dist) != canonicalize_name(found) else None
        line, col = position(src, node)
        yield ImportRef("pypi", dist, line, col, written, module=module)


def notebook_cells(text: str) -> Iterator[tuple[str, list[int], list[int]]]:
    """(code, line of each code line in the notebook file, column offset of each) for every code cell."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("cells"), list):
        raise ParseError("not a Jupyter notebook (no cells list)", 1)
    language = (data.get("metadata") or {}).get("language_info", {}) if isinstance(data.get("metadata"), dict) else {}
    if isinstance(language, dict) and language.get("name") not in (None, "python"):
        return
    file_lines = text.split("\n")
    cursor = 0
    for cell in data["cells"]:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source")
        pieces = source if isinstance(source, list) else ([source] if isinstance(source, str) else [])
        code_lines = "".join(p for p in pieces if isinstance(p, str)).split("\n")
        lines: list[int] = []
        cols: list[int] = []
        for code_line in code_lines:
            needle = json.dumps(code_line)[1:-1]
            found = -1
            if code_line.strip():
                for i in range(cursor, len(file_lines)):
                    # a list item starts with '"'; a cell kept as one string has '\\n' before its later lines
                    idx = file_lines[i].find('"' + needle)
                    if idx < 0 and i == cursor and lines:
                        idx = file_lines[i].find("\\n" + needle)
                        idx = idx + 1 if idx >= 0 else idx
                    if idx >= 0:
                        found = i
                        cols.append(idx + 1)
                        cursor = i
                        break
            if found < 0:
                cols.append(0)
            lines.append(found + 1 if found >= 0 else (lines[-1] if lines else cursor + 1))
        yield "\n".join(code_lines), lines, cols


@file_format(PARSER, ("*.py", "*.pyi", "*.pyw", "*.ipynb"), ecosystem="pypi", kind="source",
             description="Python imports (tree-sitter), notebook code cells included")
def parse(source: Source) -> Iterator[Mention]:
    local = source.hints.local_python_modules | sibling_modules(source.fs_path, PY_SUFFIXES)
    if source.path.endswith(".ipynb") and source.text.lstrip().startswith("{"):
        yield from _parse_notebook(source, local)
        return
    yield from emit(source, import_refs(source.text, local), PARSER)


def _parse_notebook(source: Source, local: frozenset[str]) -> Iterator[Mention]:
    from ..commands import mentions_in_script

    try:
        cells = list(notebook_cells(source.text))
    except ValueError as exc:
        raise ParseError(f"not valid notebook JSON: {exc}", 1) from None
    for code, lines, cols in cells:
        # IPython magics and shell escapes are not Python; "!pip install x" is an install command
        python = MAGIC.sub(lambda m: m.group(1) + " " * len(m.group(2)), code)
        refs = []
        for ref in import_refs(python, local):
            line = lines[ref.line - 1]
            col = cols[ref.line - 1]
            # a cell line sits inside a JSON string: its column is the string's plus the (escaped) offset
            prefix = code.split("\n")[ref.line - 1][: ref.column - 1]
            column = col + len(json.dumps(prefix)) - 1 if col else ref.column
            refs.append(ImportRef(ref.ecosystem, ref.name, line, column, ref.written, ref.module, ref.note))
        yield from emit(source, refs, PARSER)
        for ln, (code_line, file_line, col) in enumerate(zip(code.split("\n"), lines, cols), 1):
            m = MAGIC.match(code_line)
            if m and col:
                shell = m.group(2)[1:]
                offset = col + len(json.dumps(code_line[: len(m.group(1)) + 1])) - 1
                yield from mentions_in_script(source.fragment(shell, file_line, offset), parser="notebook")
