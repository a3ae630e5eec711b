"""Go imports (``*.go``): each import path becomes its likely module path (ecosystem ``go``).

The standard library has no dot in its first path element (``fmt``, ``net/http``) and is skipped, as are
``C`` (cgo), paths under the module's own path from the nearest ``go.mod`` inside the scanned tree, under a module
another go.mod of the tree defines (``Hints.local_go_modules``, the ecosystem's ``[own]`` reader, own_modules.py) and
under modules that go.mod replaces with a local directory (``replace example.com/lib => ../lib``), and paths
holding a project template's placeholder (``{{ cookiecutter.project_name }}/hello-world/model``). A path under
a module the nearest go.mod requires belongs to that module, the longest one (``gorm.io/driver/mysql``,
``go.opencensus.io`` for ``go.opencensus.io/trace``, ``encore.dev`` for ``encore.dev/storage/sqldb``; one go.mod
replaces with another module is fetched as that one): the go command resolves it so, and no guess of the module
from the path's shape can know ``gorm.io/driver/mysql`` from ``gorm.io/driver``. Otherwise, for hosts whose
module layout is known the path is cut to the module (``github.com/o/r/v2/pkg`` → ``github.com/o/r/v2``,
``golang.org/x/net/html`` → ``golang.org/x/net``, ``gopkg.in/yaml.v3``); other paths are kept whole, and the
registry's module-path walk finds the module. Mentions are emitted only when the catalog has the ``go``
ecosystem.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

from ...errors import ParseError
from ...fsview import active, memo
from ...imports import ImportRef, emit, from_nearest, knows, matches, position, text_of
from ...model import Mention
from ...parsers import Source, file_format
from .own_modules import MODULE_LINE

PARSER = "go-imports"
MAJOR = re.compile(r"^v[2-9]\d*$|^v1\d+$")
# host -> number of path elements of a module path there
OWNER_REPO_HOSTS = {"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "gitee.com", "git.sr.ht"}
# a template's placeholder inside an import path (cookiecutter, copier, cargo-generate: ``{{ x }}``, ``{{x}}``)
TEMPLATE_EXPRESSION = re.compile(r"\{\{[^{}]{1,200}\}\}")
# hosts whose modules are host/name (or below one: go.etcd.io/etcd/client/v3, go.opentelemetry.io/otel/sdk, whose
# host/name module exists too); not gorm.io (gorm.io/driver/mysql: no gorm.io/driver), honnef.co (honnef.co/go/tools)
# nor gocloud.dev (the host is the module), whose paths are kept whole for the registry's walk
TWO_ELEMENT_HOSTS = {"go.uber.org", "k8s.io", "sigs.k8s.io", "go.etcd.io", "google.golang.org", "go.opentelemetry.io",
                     "mvdan.cc", "go.mongodb.org", "nhooyr.io", "lukechampine.com"}


def module_path(path: str) -> str:
    """The module an import path most likely belongs to."""
    parts = path.split("/")
    host = parts[0]
    if host == "gopkg.in":
        n = 2 if len(parts) > 1 and re.search(r"\.v\d+$", parts[1]) else 3
    elif host in OWNER_REPO_HOSTS or (host == "golang.org" and len(parts) > 1 and parts[1] == "x"):
        n = 3
    elif host == "cloud.google.com" and len(parts) > 2 and parts[1] == "go":
        n = 3
    elif host in TWO_ELEMENT_HOSTS:
        n = 2
    else:
        return path
    if len(parts) > n and MAJOR.match(parts[n]):
        n += 1
    return "/".join(parts[:n])


def is_stdlib(path: str) -> bool:
    return "." not in path.split("/", 1)[0]


@memo(maxsize=512)
def _own_module(directory: str, root: str) -> str | None:
    """The ``module`` line of the nearest go.mod from ``directory`` up to ``root``."""
    here, top = Path(directory), Path(root)
    view = active()
    while True:
        gomod = here / "go.mod"
        text = view.read_text(gomod, 1024 * 1024 - 1) if view.is_file(gomod) else None
        if text is not None:
            m = MODULE_LINE.search(text)
            return m.group(1) if m else None
        if here == top or here.parent == here or top not in here.parents:
            return None
        here = here.parent


class GoMod(NamedTuple):
    """What a go.mod says about the modules its packages import."""

    local: frozenset[str] = frozenset()  # modules replaced with a local directory (never fetched from the proxy)
    required: tuple[tuple[str, str], ...] = ()  # (required module, the module fetched for it), longest path first


def go_mod_modules(text: str) -> GoMod:
    """The modules a go.mod replaces with a local directory, and the ones it requires (each fetched as the
    module a ``replace`` of it names instead, if any: one of the required version, else one of every version)."""
    from .go_mod import entries, is_local

    local: set[str] = set()
    fetched: dict[tuple[str, str | None], str] = {}
    required: list[tuple[str, str | None]] = []
    try:
        for e in entries(text):
            if e.directive == "replace" and "=>" in e.words:
                arrow = e.words.index("=>")
                target = e.words[arrow + 1:]
                if arrow >= 1 and target and is_local(target[0]):
                    local.add(e.words[0])
                elif arrow in (1, 2) and target:
                    fetched[(e.words[0], e.words[1] if arrow == 2 else None)] = target[0]
            elif e.directive == "require" and e.words:
                required.append((e.words[0], e.words[1] if len(e.words) > 1 else None))
    except ParseError:
        return GoMod()
    pairs = {(m, fetched.get((m, v), fetched.get((m, None), m))) for m, v in required if m not in local}
    return GoMod(frozenset(local), tuple(sorted(pairs, key=lambda p: (-len(p[0]), p[0]))))


def import_refs(text: str, own: str | None = None, replaced: frozenset[str] = frozenset(),
                required: tuple[tuple[str, str], ...] = ()) -> Iterator[ImportRef]:
    """(go, module path, line, column) for each non-standard, non-local import of Go source ``text``;
    imports under a module of ``replaced`` (replaced by a local directory) are local too, and one under a module
    of ``required`` ((module, the module fetched for it), longest first) is that module's."""
    if "import" not in text:
        return
    src = text.encode("utf-8", errors="surrogatepass")
    local, fetched = module_index(replaced), module_index(required)
    for caps in matches("go", src):
        if caps["stmt"][0].has_error:
            continue
        node = caps["path"][0]
        path = text_of(node).strip()
        if not path or path == "C" or is_stdlib(path) or path.startswith((".", "/")):
            continue
        if TEMPLATE_EXPRESSION.search(path):  # a project template's "{{ cookiecutter.project_name }}/pkg": filled
            continue                          # in at generation (often the module's own path), no name
        if own and (path == own or path.startswith(own + "/")) or under_module(path, local):
            continue
        module = under_module(path, fetched) or module_path(path)
        line, col = position(src, node)
        yield ImportRef("go", module, line, col, module, module=path if path != module else None)


END = "/"  # the key of a module's own entry in a node of :func:`module_index` (no path element holds a slash)


@functools.lru_cache(maxsize=64)
def module_index(modules: frozenset[str] | tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The module paths of ``modules`` (paths, or (module, the module fetched for it) pairs, the first pair of a
    module kept) as a tree of their path elements, each module's node holding under :data:`END` what it is fetched
    as: an import path finds the longest module it lies under in as many steps as it has elements
    (:func:`under_module`), where looking through every module for each import was quadratic on a go.mod of many
    requires and a file of many imports (reviewer r34: 8,000 of each, 32 s)."""
    root: dict[str, Any] = {}
    for entry in modules:
        module, fetched = (entry, entry) if isinstance(entry, str) else entry
        node = root
        for part in module.split("/"):
            node = node.setdefault(part, {})
        node.setdefault(END, fetched)
    return root


def under_module(path: str, index: dict[str, Any]) -> str | None:
    """What the longest module of ``index`` (:func:`module_index`) that ``path`` is or lies under is fetched as;
    None when it lies under none."""
    found = None
    node = index
    for part in path.split("/"):
        node = node.get(part)  # type: ignore[assignment]
        if node is None:
            break
        found = node.get(END, found)
    return found


@file_format(PARSER, ("*.go",), ecosystem="go", kind="source", description="Go import paths (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("go"):
        return
    own = None
    if source.fs_path is not None:
        own = _own_module(str(source.fs_path.parent), str(source.root or source.fs_path.parent))
    go_mod = from_nearest(source, "go.mod", go_mod_modules) or GoMod()
    local = go_mod.local | source.hints.local_go_modules  # and the modules the tree's other go.mod files define
    from .private import mark_private

    yield from mark_private(source, emit(source, import_refs(source.text, own, local, go_mod.required), PARSER))
