"""``package.json``: every dependency kind, ``npm:`` aliases, overrides (npm's and ``pnpm.overrides``,
``a>b`` selectors name ``b``) and resolutions (``parent/child`` paths name ``child``). ``npm:^1.2.3`` names
no package: the entry's own name stands.

Specs that do not come from the registry (git, ``git@host:…``, GitHub shorthand ``user/repo``, ``file:``,
``link:``, ``workspace:``, ``portal:``, ``exec:``, ``jsr:``, tarball URLs, local paths, and a protocol no
package manager knows such as ``unsupported:~2.0.6``) are not looked up, except a Yarn plug-in's protocol that the
project's ``yarn.lock`` resolves from the registry (Backstage's ``"@backstage/cli": "backstage:^"``);
``catalog:`` (pnpm's and Bun's catalogs) and ``patch:`` of an ``npm:`` package still name a registry package; a
catalog entry (of the nearest ``pnpm-workspace.yaml``, else of the nearest package.json above defining Bun's
``catalog``/``catalogs``, :func:`workspace_catalogs`) that is an ``npm:`` alias (``h3-next: 'npm:h3@2.0.1'`` in
``catalogs.dev``, ``"h3-next": "catalog:dev"`` here) names the package it aliases, and one that no registry
serves (``"@std/assert": "jsr:^1.0.13"``, a git URL) makes the entry no registry name, as written here. The
package's own name and the names of workspace members are local, not registry names: members come from
``Hints.local_packages`` (every package.json of a scanned tree) and from the ``workspaces`` globs of this
file, read beside it. Comments and trailing commas are tolerated (LLM answers often carry them). Every
mention points at its key (or list item) in the file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from urllib.parse import unquote

from ...errors import ParseError
from ...model import Example, Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, Placed, load_json_positions
from ...parsers.template_json import rendered_json_text
from .unity_packages import unity_manifest

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

    Entry = tuple[str, str, Any, int | None]  # (kind, name, spec, text offset of the name)

PARSER = "package.json"
DEP_KINDS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")
LOCAL_PREFIXES = ("file:", "link:", "workspace:", "portal:", "exec:", "jsr:")
URLISH = re.compile(r"^(git\+|git:|git@|github:|gitlab:|bitbucket:|gist:|https?:|ssh:)", re.I)
GITHUB_SHORTHAND = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+(#.*)?$")
MAX_WORKSPACE_MEMBERS = 500
# what follows 'npm:' when it is a range rather than a name ('^1.2.3', '1.x', '>=2 <3', '*', '')
# a protocol prefix ('unsupported:~2.0.6'): npm, yarn and pnpm refuse one they do not know, so it names nothing
PROTOCOL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_NAMELESS_RANGE = re.compile(r"^$|^[\^~<>=*]|^v?\d+(?:\.[\dxX*]+){0,2}(?:[-+][0-9A-Za-z.+-]*)?$|.*(?:\|\||\s)")


def registry_target(name: str, spec: Any, catalogs: dict[str, dict[str, str]] | None = None,
                    plugin_protocols: frozenset[str] = frozenset(),
                    ) -> tuple[str, str | None, str | None] | None:
    """(registry name, version spec, note) for a dependency entry, or None when it is not from the registry;
    ``catalogs``: :func:`workspace_catalogs`, for a ``catalog:`` spec; ``plugin_protocols``: the
    protocols of Yarn plug-ins that the project's ``yarn.lock`` resolves from the registry (:func:`lock_protocols`)."""
    if not isinstance(spec, str):
        return (name, None, None) if spec is None else None
    spec = spec.strip()
    if spec.startswith("npm:"):
        target = spec[4:].strip()
        at = target.rfind("@")
        real, version = (target[:at], target[at + 1:]) if at > 0 else (target, None)
        if at <= 0 and _NAMELESS_RANGE.match(target):
            # 'npm:^1.2.3' names no package (npm refuses an alias without a name): the entry's own name stands
            return name, target or None, "npm: alias without a package name"
        return real, version, f"alias {name} of {real}"
    if spec.startswith("catalog:"):
        entry = (catalogs or {}).get(spec[8:].strip() or "default", {}).get(name)
        if isinstance(entry, str) and not entry.strip().startswith("catalog:"):
            resolved = registry_target(name, entry.strip())
            if resolved is None:  # the catalog's 'jsr:^1.0.13', git URL or tarball: installed from no npm registry
                return None
            if resolved[0] != name:
                return resolved[0], resolved[1], f"alias {name} of {resolved[0]} (the workspace catalog, {spec})"
        return name, None, f"version from the workspace catalog ({spec})"
    if spec.startswith("patch:"):
        inner = unquote(spec[6:].split("#", 1)[0])
        at = inner.find("@", 1)
        if at > 0 and inner[at + 1:].startswith("npm:"):
            return inner[:at], inner[at + 5:] or None, "patched"
        return None
    if spec.startswith(LOCAL_PREFIXES) or URLISH.match(spec) or spec.startswith((".", "/", "~/")):
        return None
    if GITHUB_SHORTHAND.match(spec) and not spec.startswith("@"):
        return None
    protocol = unknown_protocol(spec)
    if protocol in plugin_protocols:
        return name, None, f"version from the Yarn plug-in's {protocol} protocol"
    if protocol:
        return None
    return name, spec or None, None


RESOLUTION = re.compile(r"""^\s+resolution:\s*["']?(?P<desc>[^"'\s]+)""")


def lock_protocols(text: str) -> frozenset[str]:
    """The protocols no package manager knows by itself that a Yarn (berry) ``yarn.lock`` resolves from the npm
    registry: a Yarn plug-in's, such as Backstage's ``backstage:`` (``"@backstage/cli@backstage:^::backstage=1.44.2
    &npm=0.34.4, …":`` with ``resolution: "@backstage/cli@npm:0.34.4"``). The project's lockfile shows that a
    ``package.json`` range of that protocol installs the registry package of the entry's name."""
    from ._npm_specs import split_descriptor
    from .yarn_lock import _descriptors

    out: set[str] = set()
    header: list[str] = []
    for line in text.splitlines():
        if line[:1] not in ("", " ", "#") and line.rstrip().endswith(":"):
            header = [p for d in _descriptors(line.rstrip()[:-1]) if (p := unknown_protocol(split_descriptor(d)[1]))]
            continue
        m = RESOLUTION.match(line) if header else None
        if m:
            if split_descriptor(m.group("desc"))[1].startswith("npm:"):
                out.update(header)
            header = []
    return frozenset(out)


def pnpm_catalogs(text: str) -> dict[str, dict[str, str]]:
    """The catalogs of a ``pnpm-workspace.yaml`` (``catalog:`` is the one named ``default``): name -> {package:
    spec}; empty when the file is not YAML of that shape."""
    from ...parsers._util import load_yaml

    try:
        data = load_yaml(text)
    except Exception:  # noqa: BLE001 - a broken workspace file names no catalog; its own parser reports it
        return {}
    return _catalog_tables(data) if isinstance(data, dict) else {}


def json_object(text: str) -> dict[str, Any] | None:
    """The JSON object a ``package.json``'s text holds, or None when it is not valid JSON or not an object."""
    from ...parsers._util import load_json

    try:
        data = load_json(text)
    except (ParseError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def bun_catalogs(text: str) -> dict[str, dict[str, str]]:
    """The catalogs of a workspace root ``package.json`` (Bun's: ``catalog``/``catalogs`` at its top or inside its
    ``workspaces`` object), in :func:`pnpm_catalogs`' shape; empty when it defines none."""
    if '"catalog' not in text:
        return {}  # (most package.json files: not parsed again)
    data = json_object(text)
    if data is None:
        return {}
    out = _catalog_tables(data)
    inner = data.get("workspaces")
    for cname, table in (_catalog_tables(inner) if isinstance(inner, dict) else {}).items():
        out.setdefault(cname, {}).update(table)
    return out


def _catalog_tables(data: dict[str, Any]) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    tables = [("default", data.get("catalog"))]
    named = data.get("catalogs")
    if isinstance(named, dict):
        tables += list(named.items())
    for cname, table in tables:
        if isinstance(cname, str) and isinstance(table, dict):
            out.setdefault(cname, {}).update((k, v) for k, v in table.items() if isinstance(k, str) and isinstance(v, str))
    return out


def workspace_catalogs(source: Source) -> dict[str, dict[str, str]]:
    """The catalogs a ``catalog:`` spec under ``source`` takes its entry from: the nearest ``pnpm-workspace.yaml``'s
    (pnpm), else those of the nearest package.json above that defines some (Bun's workspace root)."""
    from ...imports import files_above, from_nearest, read_related

    found = from_nearest(source, "pnpm-workspace.yaml", pnpm_catalogs)
    if found:
        return found
    for path in files_above(source, "package.json"):
        found = read_related(source, path, bun_catalogs)
        if found:
            return found
    return {}


def catalog_specs(text: str) -> dict[str, str]:
    """dependency name -> catalog name (``default`` for ``catalog:``) of every entry a ``package.json`` takes from a
    pnpm or Bun catalog; empty when the file is not a JSON object."""
    data = json_object(text)
    if data is None:
        return {}
    return {name: spec.strip()[8:].strip() or "default" for kind in DEP_KINDS if isinstance(data.get(kind), dict)
            for name, spec in data[kind].items() if isinstance(spec, str) and spec.strip().startswith("catalog:")}


def catalog_aliases(catalogs: dict[str, dict[str, str]]) -> dict[str, str]:
    """alias -> the package it names, for every ``npm:`` alias of ``catalogs`` (:func:`workspace_catalogs`)."""
    out: dict[str, str] = {}
    for table in catalogs.values():
        for alias, spec in table.items():
            target = registry_target(alias, spec) if spec.strip().startswith("npm:") else None
            if target is not None and target[0] != alias:
                out[alias] = target[0]
    return out


def unknown_protocol(spec: str) -> str | None:
    """The protocol of a spec written with one no package manager knows (``unsupported:~2.0.6``), else None."""
    m = PROTOCOL.match(spec.strip())
    if m is None or URLISH.match(spec) or spec.startswith(("npm:", "catalog:", "patch:") + LOCAL_PREFIXES):
        return None
    return m.group(0)


TEMPLATE_MARKS = ("{{", "{%", "<%")


def dependency_entries(data: dict[str, Any]) -> Iterator[Entry]:
    """(kind, name, spec, offset) for every dependency-like entry of a package.json object.

    The offset is where the name is written when ``data`` came from :func:`load_json_positions`.
    """
    for kind in DEP_KINDS:
        table = data.get(kind)
        if isinstance(table, dict):
            for name, spec in table.items():
                yield kind, name, spec, _where(table, name)
    for kind in ("bundleDependencies", "bundledDependencies"):
        table = data.get(kind)
        if isinstance(table, list):
            for i, name in enumerate(table):
                if isinstance(name, str):
                    yield kind, name, None, table.where[i] if isinstance(table, Placed) else None
    for kind in ("overrides", "resolutions"):
        yield from _nested_overrides(kind, data.get(kind))
    pnpm = data.get("pnpm")
    if isinstance(pnpm, dict):  # pnpm reads its overrides from "pnpm": {"overrides": {"a>b": "1"}}
        yield from _nested_overrides("pnpm.overrides", pnpm.get("overrides"))


def overridden_off_registry(data: Any) -> frozenset[str]:
    """The packages a ``package.json``'s ``overrides``, ``resolutions`` or ``pnpm.overrides`` pin to something no
    registry serves (``"@fiftyone/plugins": "portal:../fiftyone/app/packages/plugins"``: a path, a link, a git URL):
    wherever the project installs them they come from there, so an import of one is no registry name."""
    if not isinstance(data, dict):
        return frozenset()
    tables = [("overrides", data.get("overrides")), ("resolutions", data.get("resolutions"))]
    pnpm = data.get("pnpm")
    if isinstance(pnpm, dict):
        tables.append(("pnpm.overrides", pnpm.get("overrides")))
    return frozenset(name for kind, table in tables for _kind, name, spec, _at in _nested_overrides(kind, table)
                     if isinstance(spec, str) and spec.strip() and registry_target(name, spec) is None)


def _where(table: Any, key: str) -> int | None:
    return table.where.get(key) if isinstance(table, Keyed) else None


def _nested_overrides(kind: str, table: Any) -> Iterator[Entry]:
    if not isinstance(table, dict):
        return
    for key, value in table.items():
        if key == ".":
            continue
        name = _override_key_name(key)
        if name:
            offset = _where(table, key)
            if offset is not None:
                offset += key.rfind(name) if key.rfind(name) >= 0 else 0
            spec = value.get(".") if isinstance(value, dict) else value
            yield kind, name, spec if isinstance(spec, str) else None, offset
        if isinstance(value, dict):
            yield from _nested_overrides(kind, value)


SELECTOR_STEP = re.compile(r"(?<=[^ |@])>")  # pnpm's DELIMITER_REGEX /[^ |@]>/ (parse-overrides)


def _override_key_name(key: str) -> str | None:
    """The package an override/resolution key pins: the last package of its path.

    npm ``overrides`` keys may carry a version (``b@1``); pnpm's may be selectors (``a@1>b``: b under a) whose
    versions are ranges (``glob@>=10.2.0 <10.5.0``): as in pnpm's own parser, a ``>`` after ``@``, a space or
    ``|`` belongs to a range, not to the path; yarn ``resolutions`` keys are paths (``a/b``: b under a,
    ``a/**/b``, ``**/@s/b``)."""
    part = SELECTOR_STEP.split(key)[-1].strip()
    packages: list[str] = []
    pieces = [p for p in part.split("/") if p and p != "**"]
    i = 0
    while i < len(pieces):
        if pieces[i].startswith("@") and i + 1 < len(pieces) and not pieces[i].startswith("@", 1):
            packages.append(pieces[i] + "/" + pieces[i + 1])
            i += 2
        else:
            packages.append(pieces[i])
            i += 1
    if not packages:
        return None
    last = packages[-1]
    at = last.find("@", 1)
    return (last[:at] if at > 0 else last) or None


def workspace_patterns(data: dict[str, Any]) -> list[str]:
    """The ``workspaces`` globs of a package.json (npm/yarn list, or yarn's ``{"packages": [...]}``)."""
    ws = data.get("workspaces")
    if isinstance(ws, dict):
        ws = ws.get("packages")
    return [p for p in ws if isinstance(p, str)] if isinstance(ws, list) else []


def workspace_member_names(source: Source, patterns: list[str]) -> set[str]:
    """Names of the workspace members found beside this file (inside the scanned tree only)."""
    names: set[str] = set()
    if source.fs_path is None or not patterns:
        return names
    base = source.fs_path.parent
    seen = 0
    for pattern in patterns:
        pattern = pattern.strip().rstrip("/")
        if not pattern or pattern.startswith(("!", "/")) or ".." in pattern.split("/") or "**" in pattern:
            continue  # negations, paths out of the tree, and deep globs (a scan of the tree covers those)
        try:
            candidates = [base / os.path.relpath(p, base) for p in source.files.glob(base, f"{pattern}/package.json", hidden=True)]
        except (ValueError, OSError):
            continue
        for candidate in candidates:
            if "node_modules" in candidate.relative_to(base).parts[:-1]:
                continue
            seen += 1
            if seen > MAX_WORKSPACE_MEMBERS:
                return names
            got = source.read_related(candidate.relative_to(base).as_posix())
            if got is None:
                continue
            try:
                member, _ = load_json_positions(got[1], jsonc=True)
            except ParseError:
                continue
            if isinstance(member, dict) and isinstance(member.get("name"), str):
                names.add(member["name"])
    return names


@file_format("package.json", ("package.json",), ecosystem="npm", kind="manifest",
             description="npm package.json: all dependency kinds, aliases, overrides, resolutions")
def parse(source: Source) -> Iterator[Mention]:
    try:
        data, index = load_json_positions(source.text, jsonc=True)
    except ParseError:
        rendered = rendered_json_text(source.text)  # a generator's template: "name": <%- JSON.stringify(name) %>
        if rendered is None:
            raise
        source = source.fragment(rendered, 1)  # the same lines and columns, its tags rewritten
        data, index = load_json_positions(source.text, jsonc=True)
    if not isinstance(data, dict):
        raise ParseError("package.json is not a JSON object", 1)
    if clib_manifest(data):
        return  # clib's package.json: C sources from GitHub repositories, no npm package in it
    own = data.get("name") if isinstance(data.get("name"), str) else None
    esy = isinstance(data.get("esy"), dict)  # esy's package.json: its @opam/ names come from opam-repository
    unity = None  # a Unity package manifest's dependencies come from Unity's registry (unity_packages.py)
    if unity_manifest(data):
        from .unity_packages import UnityDependencies

        unity = UnityDependencies(source)
    # a scan knows the package.json names it met; the workspaces globs also find members it did not scan
    members = workspace_member_names(source, workspace_patterns(data))
    local = source.hints.local_packages | members
    fetched: frozenset[str] | None = None  # the tree's own names the package-lock.json beside resolves from a registry
    catalogs = None
    protocols: frozenset[str] | None = None  # a Yarn plug-in's protocols the project's yarn.lock resolves from npm
    for kind, name, spec, offset in dependency_entries(data):
        if any(mark in name for mark in TEMPLATE_MARKS):
            continue  # a template's placeholder key ("{{ cookiecutter.dep }}": "*"): the name is the rendering's
        if catalogs is None and isinstance(spec, str) and spec.startswith("catalog:"):
            catalogs = workspace_catalogs(source)
        if protocols is None and isinstance(spec, str) and unknown_protocol(spec):
            from ...imports import from_nearest

            protocols = from_nearest(source, "yarn.lock", lock_protocols) or frozenset()
        target = registry_target(name, spec, catalogs, protocols or frozenset())
        if target is None:
            continue
        real, version, note = target
        example = None
        if real == own or real in members or installed_private(source, name) or (esy and real.startswith(OPAM_SCOPE)):
            continue
        if real in local:  # a package of the tree: linked by a workspace, unless the lockfile beside fetches it
            if fetched is None:
                fetched = registry_locked(source)
            if real not in fetched:
                continue
            from .own_locked import OWN_PACKAGE

            example = OWN_PACKAGE
        elif unity is not None:
            example = unity.example(real)
        elif isinstance(spec, str) and spec.strip() == "*" and _in_own_scope(real, local):
            # a sibling of the workspace's own scope at any version that the tree lacks (vite-electron-builder's
            # "@app/renderer": "*", a member its `npm run init` script creates): not checked, never a pass
            example = own_scope_member(real)
        line, col = index.line_col(offset) if offset is not None else (1, None)
        mention = source.mention("npm", name, line, col, Origin.MANIFEST, PARSER, spec=version, name=real,
                                 note=note or (kind if kind != "dependencies" else None))
        if example is not None:
            from ...records import replace

            mention = replace(mention, example=example)
        yield mention
    yield from _script_commands(source, data, index)


def _in_own_scope(name: str, local: frozenset[str] | set[str]) -> bool:
    """Whether ``name`` is in an npm scope that at least two packages of the tree itself are named in (the
    workspace's own scope: ``@app/main``, ``@app/preload``)."""
    scope, slash, rest = name.partition("/")
    if not (name.startswith("@") and slash and rest):
        return False
    return sum(1 for own in local if own.startswith(scope + "/")) >= 2


def own_scope_member(name: str) -> Example:
    """Why a dependency at any version (``"*"``) on an absent package of the tree's own scope is not checked."""
    scope = name.partition("/")[0]
    return Example(f"a package of this tree's own scope ({scope}/…, which its workspace's packages are named in) "
                   "asked for at any version (\"*\", a workspace sibling's usual range) that the tree does not hold: "
                   "a member the project generates or has not checked in, which npm's answer says nothing about",
                   # a name npm has and doubts stays judged: npm installs a sibling the workspace lacks from the
                   # registry, so a young package there under the scope is the dependency-confusion case (reviewer r39)
                   any_verdict=True, setting=None, unchecked=True, ok_passes=True, doubts_judged=True)


def _private(text: str) -> bool:
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("private") is True


# a key that can name a folder below node_modules: an npm name (``left-pad``, ``@scope/name``) or an alias of one
# (``ultimate-answer_1.0.0``); never a path (``/abs``, ``..``, ``C:\\x``, ``.hidden``)
INSTALLED_KEY = re.compile(r"^(?:@[A-Za-z0-9_~-][A-Za-z0-9._~-]*/)?[A-Za-z0-9_~-][A-Za-z0-9._~-]*$")


def installed_private(source: Source, key: str) -> bool:
    """Whether the folder Node resolves dependency ``key`` to, ``node_modules/<key>`` beside the manifest, holds a
    package whose package.json says ``"private": true`` and that the repository ships (git lists that package.json:
    ``Hints.listed_installed``): npm publishes no private package, so that folder never came from a registry; the
    project placed its own package there (OpenFn kit's test repositories commit
    ``test/__repo__/node_modules/ultimate-answer_1.0.0/`` for the ``"ultimate-answer_1.0.0"`` their package.json
    lists). A dependency with no such folder, an installed package not marked private, or one only on this disk (an
    ignored ``npm link`` of a team's internal package, which a fresh ``npm ci`` fetches from the registry: r22
    finding 4) stays judged; a key that is no package name is never looked up (nothing outside the tree is read)."""
    if source.fs_path is None or source.root is None or not INSTALLED_KEY.fullmatch(key) or not source.hints.listed_installed:
        return False
    folder = os.path.normpath(source.fs_path.parent)
    path = os.path.normpath(os.path.join(folder, "node_modules", key, "package.json"))
    if os.path.commonpath([folder, path]) != folder:
        return False
    rel = os.path.relpath(path, os.path.normpath(source.root)).replace(os.sep, "/")
    if rel.startswith("../") or rel not in source.hints.listed_installed:
        return False
    from ...fsview import active

    view = active()
    if not view.is_file(path):
        return False
    text = view.read_text(path, source.max_related_bytes)
    return text is not None and _private(text)


GITHUB_SHORTHAND = re.compile(r"[\w.-]+/[\w.-]+")


# esy (the package manager of Reason and OCaml native projects) reads a package.json holding an "esy" field and takes
# its @opam/ dependencies from opam-repository, not npm: "Access packages published on opam via @opam npm scope (for
# example @opam/lwt to pull lwt library from opam)" (esy/esy docs/what-why.md). grain-lang/grain's compiler (held-out
# set 280) declares @opam/dune, @opam/reason and 20 more so, in an esy.json; the same entries in an esy package.json
# were DG001s. Its other names (@esy-ocaml/reason, ocaml, @reason-native/console) are npm's and stay judged.
OPAM_SCOPE = "@opam/"


def clib_manifest(data: dict[str, Any]) -> bool:
    """Whether a ``package.json`` is clib's, the C package manager's (``"repo": "jb55/sha256.c"``, ``"src": [...]``,
    dependencies keyed by GitHub ``owner/name``: llama.cpp's vendored ``examples/gguf-hash/deps/sha256``): its
    names are repositories, not npm packages (an npm name with a slash is always ``@scope/name``)."""
    repo, deps = data.get("repo"), data.get("dependencies")
    if not (isinstance(repo, str) and GITHUB_SHORTHAND.fullmatch(repo) and isinstance(data.get("src"), list)):
        return False
    tables = [t for t in (deps, data.get("development")) if t is not None]
    return all(isinstance(t, dict) and all(GITHUB_SHORTHAND.fullmatch(k) for k in t) for t in tables)


def registry_locked(source: Source) -> frozenset[str]:
    """The top-level packages the package-lock.json beside ``source`` resolves from a registry: a tarball URL with
    its integrity (a workspace member is a ``link``, a path); empty when there is none or it cannot be read."""
    if source.fs_path is None:
        return frozenset()
    from ...fsview import active
    from ...imports import read_related

    path = source.fs_path.parent / "package-lock.json"
    if not active().is_file(path):
        return frozenset()

    return read_related(source, path, _registry_locked) or frozenset()


def _registry_locked(text: str) -> frozenset[str]:
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return frozenset()
    out: set[str] = set()
    packages = data.get("packages") if isinstance(data, dict) else None
    entries = ((key[len("node_modules/"):], entry) for key, entry in packages.items()
               if key.startswith("node_modules/")) if isinstance(packages, dict) else ()
    for name, entry in entries:
        if ("/node_modules/" not in name and isinstance(entry, dict) and not entry.get("link") and entry.get("integrity")
                and isinstance(entry.get("resolved"), str) and entry["resolved"].startswith(("https://", "http://"))):
            out.add(name)
    return frozenset(out)


def _script_commands(source: Source, data: dict[str, Any], index) -> Iterator[Mention]:
    """Install and run commands in ``scripts`` ("postinstall": "npx prisma generate" runs a package)."""
    import json

    from ...commands import mentions_in_script

    scripts = data.get("scripts")
    if not isinstance(scripts, dict):
        return
    # npm run puts the package's node_modules/.bin on PATH: `npx couchbackup` beside "@cloudant/couchbackup" runs
    # that dependency's bin (its name after the scope), as after an install in the script (commands._analysis.bin_of)
    installed = [("npm", name) for table in ("dependencies", "devDependencies", "optionalDependencies")
                 if isinstance(data.get(table), dict) for name in data[table] if isinstance(name, str)]
    for key, value in scripts.items():
        start = _where(scripts, key)
        if not isinstance(value, str) or start is None:
            continue
        colon = source.text.find(":", start + len(key))
        quote = source.text.find('"', colon)
        if colon < 0 or quote < 0:
            continue
        try:
            raw_value, _end = json.decoder.scanstring(source.text, quote + 1)  # type: ignore[attr-defined]  # not in typeshed
        except ValueError:
            continue
        if raw_value != value:
            continue
        # the decoded text stands where the string starts; escapes inside it shift later columns slightly
        line, col = index.line_col(quote + 1)
        yield from mentions_in_script(source.fragment(value, line, col), parser="package.json:scripts",
                                      installed=installed)


def own_package(text: str) -> str | None:
    """The package a package.json says it is (its ``"name"``), or None (``[declarer]`` in ecosystem.toml:
    :mod:`depguard.declarers` asks whether that package's published release declares a look-alike it names). A
    ``"private": true`` package is never published (npm refuses to): it is no registry package, whatever its name
    (a monorepo's root is often called "root")."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or data.get("private") is True:
        return None
    name = data.get("name")
    return (name.strip() or None) if isinstance(name, str) else None
