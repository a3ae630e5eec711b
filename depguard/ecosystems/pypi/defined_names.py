"""The Python distributions the scanned tree defines itself: the ``name`` of every ``pyproject.toml`` (``[project]``,
``[tool.poetry]``; for a maturin build that names none, the ``[package] name`` of the ``Cargo.toml`` beside it, which
maturin takes), ``setup.cfg`` (``[metadata]``) and ``setup.py`` (a literal ``name=`` of a ``setup()`` call, read with
``ast``). Declared as this ecosystem's ``[own]`` reader (``ecosystem.toml``): the names fill
``Hints.local_distributions`` and are left out of install commands, as npm's package.json names are: a script that
builds the tree's test crate and installs the wheel (maturin's ``pip install $test_crate --find-links
test-crates/$test_crate/target/wheels/``) installs what the tree makes, a name the tree is the one to register. A
manifest's dependency on such a name is still judged: pip resolves it from the index (flit's ``flit_core``; mamba's
``libmambapy-stubs`` requires a ``libmambapy`` nobody registered on PyPI)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from ...names import canonicalize_name

MANIFESTS = ("pyproject.toml", "setup.cfg", "setup.py")


def defined_names(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The normalised distribution names the manifests among ``files`` ((path on disk, path relative to the scan
    root)) define, read through the active recording view (:func:`depguard.fsview.text_of`)."""
    from ...fsview import texts_named

    names: set[str] = set()
    for path, text in texts_named(files, MANIFESTS, limit):
        names |= manifest_names(path, text, limit)
    return frozenset(names)


def manifest_names(path: Path, text: str, limit: int) -> frozenset[str]:
    """The normalised distribution names one manifest (``path``'s ``text``: a pyproject.toml, setup.cfg or setup.py)
    defines."""
    return frozenset(canonicalize_name(n) for n in _names(path, text, limit) if n.strip())


def _names(path: Path, text: str, limit: int) -> Iterator[str]:
    if path.name == "pyproject.toml":
        yield from _pyproject(path, text, limit)
    elif path.name == "setup.cfg":
        import configparser  # only for a tree with a setup.cfg (a warm hook imports nothing heavy)

        parser = configparser.ConfigParser(interpolation=None, strict=False)
        try:
            parser.read_string(text)
        except configparser.Error:
            return
        name = parser.get("metadata", "name", fallback=None)
        if name and "%" not in name and "{" not in name:
            yield name
    else:
        yield from _setup_py(text)


def _pyproject(path: Path, text: str, limit: int) -> Iterator[str]:
    from ...compat import tomllib
    from ...fsview import text_of

    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError):
        return
    found = False
    for table in (data.get("project"), (data.get("tool") or {}).get("poetry")):
        if isinstance(table, dict) and isinstance(table.get("name"), str):
            found = True
            yield table["name"]
    build = data.get("build-system")
    if found or not isinstance(build, dict) or build.get("build-backend") != "maturin":
        return
    cargo = text_of(path.with_name("Cargo.toml"), limit)  # maturin names the distribution after the crate
    if cargo is None:
        return
    try:
        package = tomllib.loads(cargo).get("package")
    except (ValueError, RecursionError):
        return
    if isinstance(package, dict) and isinstance(package.get("name"), str):
        yield package["name"]


def _setup_py(text: str) -> Iterator[str]:
    if "setup" not in text or "name" not in text:
        return
    import ast  # only for a tree with a setup.py naming its project
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _called(node.func) == "setup":
            for kw in node.keywords:
                if kw.arg == "name" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str):
                    yield kw.value.value


def _called(func) -> str | None:  # an ast.expr
    import ast

    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else None
