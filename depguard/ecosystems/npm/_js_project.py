"""The JavaScript/TypeScript side of the project view: module ids the project resolves itself.

An import specifier is judged against these before the registry, all read statically from the tree (no
config file is ever executed):

* **Aliases** of the configuration files in the importing file's folder and every folder above it, up to
  the scan root (a config governs the files below it):

  - ``alias`` entries of bundler and framework configs (``vite.config.*``, ``vitest.config.*``,
    ``webpack*.config.*``, ``rollup.config.*``, ``rolldown.config.*``, ``astro.config.*``, ``svelte.config.*``,
    ``nuxt.config.*``, ``vue.config.*``, ``quasar.config.*``, ``babel.config.*``/``.babelrc`` module-resolver),
    and the ``resolver.extraNodeModules`` of a React Native app's ``metro.config.*`` (an object of ids mapped to
    folders, written as an option or assigned, ``config.resolver.extraNodeModules = {'shared-utils': path}``):
    an object (``{'@lib': path}``, webpack's exact ``'vue$'``) or Rollup's array form (``[{find: '@lib',
    replacement}]``, ``find`` a string or a regular expression). ``find`` matches the id itself and ids below
    it (``@lib/x``), as Vite and Rollup do.
  - ``compilerOptions.paths`` of ``tsconfig*.json``/``jsconfig*.json`` (JSON with comments), following
    ``extends`` chains to files in the repository; a ``*`` pattern matches as TypeScript does, and the id is
    local when one of its targets exists (``"@vue/*": ["packages/*/src"]`` makes ``@vue/shared`` local when
    ``packages/shared/src`` is there; ``@vue/repl`` goes on to node_modules and is judged; a target named
    ``index.js`` exists as ``index.ts`` too, as TypeScript looks it up: :data:`TS_FOR_JS`). With a
    ``baseUrl``, a bare id naming a file or folder there is local.

* **Import maps**: the ids a Rails app's ``config/importmap.rb`` (importmap-rails) pins to a file of its own
  (``pin "@hotwired/stimulus-loading", to: "stimulus-loading.js"``, ``pin "d3-array-src", to: "d3-array.js"``),
  or to one of ``app/javascript`` (``pin "application"``), and the ``under:`` of its ``pin_all_from``
  (``controllers/…``), for the files of the app's folder; and the keys of the ``imports`` of an
  ``importmap.json``/``import_map.json`` or a ``deno.json``/``deno.jsonc`` in the folder or above (Deno's
  ``"@std/path": "jsr:@std/path@^1"``, ``"docsearch": "npm:@docsearch/js@^3"``: the registry names are the
  targets, which the ``deno.json`` reader judges), and of a web page's inline ``<script type="importmap">`` in the
  folder or above (its CDN URLs judged by the page reader). The browser or Deno resolves them through the map. A pin ``bin/importmap`` downloaded from the
  registry carries the version it took (``pin "d3" # @7.9.0``, ``pin "@github/hotkey", to:
  "@github--hotkey.js" # @3.1.1``) and is still judged by its name.
* **A Mix project's esbuild** (``config/config.exs``'s ``NODE_PATH``, or the ``nodePaths`` of an esbuild script of
  its own naming the deps/ folder beside its mix.exs): ids of the Hex dependencies under ``deps/`` (an umbrella's
  apps' too) and the colocated hooks LiveView writes to the build folder (``phoenix-colocated/my_app``).
* **Bundler calls beside the file**: the ``alias`` entries of a script in the importing file's own folder that
  calls a bundler (``esbuild.build({alias: {...}})`` in a test runner), read only for an id no package.json
  above declares.
* **A Bazel workspace's own paths**: ``<workspace name>/<path>`` of a file or folder of the workspace whose
  ``WORKSPACE``/``MODULE.bazel`` is nearest above the importing file (rules_nodejs' ts_library module names).
* **Ambient modules**: ``declare module 'x'`` (and wildcard ``'virtual:*'``) in the tree's ``.d.ts`` files
  that are scripts; in a file with a top-level ``import``/``export`` the same words augment a real package
  (``declare module 'estree' { … }``) and resolve nothing.
* **Declared types**: an import of ``x`` that the ``package.json`` files above it do not declare while they
  declare ``@types/x`` is TypeScript's resolution to ``@types/x`` (``import type { Node } from 'estree'``).
* **Provided modules** (``depguard/ecosystems/npm/provided-modules.txt``): ids a runtime or dev server serves
  (Yarn PnP's ``pnpapi``, Vite's ``@vite/client``); Node's built-ins are listed beside them. **Framework
  modules** (``framework-modules.tsv``): ids a framework's own bundler aliases resolve, when the package.json
  files above declare that framework, or a package of it that depends on it (Docusaurus' ``@theme/Layout`` and
  ``@docusaurus/Link``, in a site or in a plugin that peer-depends on ``@docusaurus/plugin-content-docs``).
* Wildcards with nothing before the ``*`` (``declare module '*.vue'``) describe files, not package ids:
  ``some-ui/dist/style.css`` is still judged. A tsconfig ``"*"`` path (``"*": ["./src/*"]``, locust's web UI)
  is tried for every id before node_modules, so an id is local only where its target exists (``App`` with
  ``src/App.tsx``, ``styles/theme`` with ``src/styles/theme.ts``); ``react`` goes on to the registry.

Everything is cached per folder for the run and reads only files no larger than the scan's file limit.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path

from ...fsview import active, memo
from ...parsers._util import read_small
from ...parsers.template_json import rendered_json_text
from ...records import field, record

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from ...globmatch import Glob

CONFIG_FILE = re.compile(
    r"^(?:vite|vitest|rollup|rolldown|rspack|astro|svelte|nuxt|vue|quasar|electron\.vite|babel|metro)\.config\.[cm]?[jt]s$"
    r"|^vitest\.workspace\.[cm]?[jt]s$|^webpack(?:\.[\w-]+)*\.[cm]?[jt]s$|^\.babelrc(?:\.[cm]?js(?:on)?)?$", re.I)
TSCONFIG = re.compile(r"^[tj]sconfig(?:\.[\w.-]+)?\.json$", re.I)
SOURCE_SUFFIXES = (".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".json", ".vue", ".svelte", ".astro")
DECLARE_MODULE = re.compile(r"""\bdeclare\s+module\s+(["'])([^"'\n]+)\1""")
TOP_LEVEL_MODULE_SYNTAX = re.compile(r"^(?:import|export)\b", re.M)
MAX_EXTENDS = 10
MAX_SPEC = 300  # longer ids are not matched against config regexes
MAX_DTS_FILES = 5000
SKIP_DIRS = frozenset({"node_modules", ".git", ".hg", ".svn", "bower_components", "jspm_packages"})
DEP_KINDS = ("dependencies", "devDependencies", "peerDependencies", "optionalDependencies")


@record
class Aliases:
    """Module ids a folder's configuration resolves itself."""

    prefixes: set[str] = field(default_factory=set)  # the id and ids below it (Vite/Rollup/webpack keys)
    exact: set[str] = field(default_factory=set)  # only the id itself (webpack ``x$``, tsconfig keys without *)
    patterns: set[tuple[str, str]] = field(default_factory=set)  # tsconfig ``pre*suf``, ambient ``virtual:*``
    regexes: list[re.Pattern[str]] = field(default_factory=list)
    # tsconfig paths: (prefix, suffix or None for an exact key, target templates); an id they match is local
    # only when a target exists (else TypeScript goes on to node_modules: "@vue/*" -> packages/*/src)
    mapped: list[tuple[str, str | None, tuple[str, ...]]] = field(default_factory=list)
    base_urls: set[str] = field(default_factory=set)  # folders bare ids resolve into
    # webpack ``resolve.modules`` folders other than node_modules, as written (relative: looked for from the
    # importing file's folder upward, as webpack does): ``'build/public/src/modules'`` (:func:`module_dir_holds`)
    module_dirs: set[str] = field(default_factory=set)
    declared: set[str] = field(default_factory=set)  # package.json dependency names
    # frameworks a config file of theirs in the folder shows the project is built with (``docusaurus.config.js``:
    # Docusaurus), whichever package installs them (framework-modules.tsv's fourth column)
    frameworks: set[str] = field(default_factory=set)
    own: set[str] = field(default_factory=set)  # package.json ``name``s: what the project itself publishes
    sources: list[str] = field(default_factory=list)  # the files read, for notes

    def merge(self, other: Aliases) -> None:
        self.prefixes |= other.prefixes
        self.exact |= other.exact
        self.patterns |= other.patterns
        self.regexes.extend(other.regexes)
        self.mapped.extend(other.mapped)
        self.base_urls |= other.base_urls
        self.module_dirs |= other.module_dirs
        self.declared |= other.declared
        self.frameworks |= other.frameworks
        self.own |= other.own
        self.sources.extend(other.sources)

    def covers(self, spec: str) -> bool:
        """Whether the project resolves ``spec`` itself."""
        if spec in self.exact or spec in self.prefixes:
            return True
        for prefix in self.prefixes:
            if spec.startswith(prefix) and (prefix.endswith("/") or spec[len(prefix)] == "/"):
                return True
        for lead, trail in self.patterns:
            if len(spec) >= len(lead) + len(trail) and spec.startswith(lead) and spec.endswith(trail):
                return True
        if len(spec) <= MAX_SPEC and any(rx.search(spec) for rx in self.regexes):
            return True
        if ".." in spec.split("/") or "\\" in spec:
            return False  # files are looked for inside the mapped folders only
        for pre, suf, targets in self.mapped:
            if suf is None:
                if spec == pre and any(_exists_target(t) for t in targets):
                    return True
            elif len(spec) >= len(pre) + len(suf) and spec.startswith(pre) and spec.endswith(suf):
                middle = spec[len(pre):len(spec) - len(suf)]
                if any(_exists_target(t.replace("*", middle, 1)) for t in targets):
                    return True
        first = spec.split("/", 2)
        head = "/".join(first[:2]) if spec.startswith("@") else first[0]
        for base in self.base_urls:
            if _exists_module(base, head) or _exists_module(base, spec):
                return True
        return False


def built_by_the_project(aliases: Aliases, spec: str, root: str) -> bool:
    """Whether a tsconfig ``paths`` entry maps ``spec`` into a folder the tree lacks and git ignores: build output
    (``gitignore.py``), so the id is the project's own once it builds (bokehjs's test tsconfig maps ``@bokehjs/*``
    to ``../../build/js/lib/*``, its compiled library, and ``/build`` is in bokehjs/.gitignore). A mapped folder the
    tree has (``packages/*/src`` without this package) leaves the id to node_modules, as TypeScript does; so does a
    mapped file the tree lacks in a folder it has, unless git ignores that file by a rule about generated files
    (tridactyl maps ``@src/*`` to ``./src/*`` and imports ``@src/grammars/.bracketexpr.generated``, which its build
    compiles from ``src/grammars/bracketexpr.ne``; .gitignore: ``.*.generated.ts``). A rule that ignores every file
    of an extension (``*.js`` in a project compiling in place) builds nothing whose source the tree lacks: judged.
    A target in a git submodule that is not checked out is the project's own as well (:func:`_in_absent_submodule`).
    So is an id whose ``*`` names a folder the tree has, mapped to what is built inside it (aspect-build/bazel-examples'
    Angular workspace maps ``"@my-org/*"`` to ``./projects/*/dist``, which ng-packagr and its Bazel ``ng_library``
    write, and ``@my-org/my-lib`` is its projects/my-lib): the tree's own sub-project, whose build output the checkout
    lacks; a ``*`` naming no folder there (``@my-org/invented``) leaves the id to node_modules."""
    if not root or ".." in spec.split("/") or "\\" in spec:
        return False
    from ...gitignore import ignoring_rule

    view = active()
    for pre, suf, targets in aliases.mapped:
        if suf is None:
            if spec != pre:
                continue
            folders = [os.path.dirname(t) for t in targets]
            files = list(targets)
        elif len(spec) >= len(pre) + len(suf) and spec.startswith(pre) and spec.endswith(suf):
            folders = [os.path.dirname(t.partition("*")[0] + "x") for t in targets]  # the fixed part before the *
            middle = spec[len(pre):len(spec) - len(suf)]
            files = [t.replace("*", middle, 1) for t in targets]
            if middle and _names_a_sub_project(targets, middle, root):
                return True
        else:
            continue
        for folder in folders:
            rel = os.path.relpath(folder, root)
            if rel == "." or rel.startswith(".."):
                continue
            if not view.is_dir(folder) and ignoring_rule(root, rel.replace(os.sep, "/")) is not None:
                return True
        if any(_generated_file(f, root) for f in files) or _in_absent_submodule(files, root):
            return True
    return False


def _names_a_sub_project(targets: tuple[str, ...], middle: str, root: str) -> bool:
    """Whether a ``paths`` target ``<folder>/*/<more>`` with ``middle`` for its ``*`` names a folder of the tree inside
    ``root`` (``projects/my-lib`` of ``./projects/*/dist``) whose ``<more>`` the tree lacks: build output of the
    tree's own sub-project (see :func:`built_by_the_project`)."""
    view = active()
    for target in targets:
        lead, star, more = target.partition("*")
        if not star or not lead.endswith(("/", os.sep)) or not more.startswith(("/", os.sep)) or "*" in more:
            continue
        folder = os.path.normpath(lead + middle)
        rel = os.path.relpath(folder, root)
        if rel != "." and not rel.startswith("..") and view.is_dir(folder) and not _exists_target(folder + more):
            return True
    return False


MAX_GITMODULES = 256 * 1024


def _in_absent_submodule(targets: list[str], root: str) -> bool:
    """Whether one of the mapped ``targets`` lies in a git submodule of the tree (a ``path`` of the ``.gitmodules``
    at ``root``) that is not checked out (its folder holds nothing): readest's tsconfig maps ``js-mdict`` to
    ``../../packages/js-mdict/src/index.ts`` and ``tauri-plugin-turso`` to the plug-in's ``guest-js``, both in
    submodules a checkout without ``git submodule update`` lacks. The project says where the id comes from, and it
    is its own code; a target in a checked-out submodule, or in a folder no ``.gitmodules`` names, is not."""
    from ...fsview import text_of
    from ...submodules import submodule_paths

    text = text_of(os.path.join(root, ".gitmodules"), MAX_GITMODULES)
    if not text:
        return False
    view = active()
    for rel in submodule_paths(text):
        folder = os.path.normpath(os.path.join(root, *rel.split("/")))
        if any(os.path.normpath(t) == folder or os.path.normpath(t).startswith(folder + os.sep) for t in targets) \
                and not view.listdir(folder):
            return True
    return False


def _generated_file(target: str, root: str) -> bool:
    """Whether the mapped file ``target`` (a path without or with its extension) is absent from a folder the tree
    has and git ignores it, as one of the source files it may be, by a rule that is no extension alone."""
    from ...gitignore import ignores_every_file_of_a_kind, ignoring_file_rule

    view = active()
    rel = os.path.relpath(target, root)
    if rel.startswith("..") or not view.is_dir(os.path.dirname(target)) or _exists_target(target):
        return False
    for candidate in (rel, *(rel + suffix for suffix in SOURCE_SUFFIXES)):
        rule = ignoring_file_rule(root, candidate.replace(os.sep, "/"))
        if rule is not None and not ignores_every_file_of_a_kind(rule):
            return True
    return False


# TypeScript looks a file named with a JavaScript extension up as its TypeScript source too (moduleResolution
# node16/nodenext/bundler, and path mappings: "@other/js-aliased": ["./js-aliased/index.js"] finds index.ts)
TS_FOR_JS = {".js": (".ts", ".tsx", ".d.ts"), ".jsx": (".tsx", ".ts", ".d.ts"), ".mjs": (".mts", ".d.mts"),
             ".cjs": (".cts", ".d.cts")}


def _exists_target(path: str) -> bool:
    view = active()
    if view.exists(path) or any(view.is_file(path + suffix) for suffix in SOURCE_SUFFIXES):
        return True
    stem, ext = os.path.splitext(path)
    return any(view.is_file(stem + suffix) for suffix in TS_FOR_JS.get(ext, ()))


def _exists_module(base: str, rel: str) -> bool:
    path = os.path.join(base, *rel.split("/"))
    view = active()
    if view.is_dir(path):
        return True
    return any(view.is_file(path + suffix) for suffix in SOURCE_SUFFIXES) or view.is_file(path)


# --- JSON with comments (tsconfig) -----------------------------------------------------------------

_JSONC_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|//[^\n]*|/\*.*?\*/|,(?=\s*[}\]])', re.S)


def load_jsonc(text: str):
    """JSON that may hold ``//`` and ``/* */`` comments and trailing commas (tsconfig.json); None when not JSON."""
    def keep(m: re.Match[str]) -> str:
        token = m.group(0)
        return token if token.startswith('"') else ""

    try:
        return json.loads(_JSONC_TOKEN.sub(keep, text))
    except (ValueError, RecursionError):
        return None


def _tsconfig_options(path: str, limit: int, depth: int = 0) -> list[tuple[str, dict]]:
    """(folder of the file that set them, compilerOptions) along ``extends``, the base first."""
    text = read_small(path, limit)
    data = load_jsonc(text) if text is not None else None
    if not isinstance(data, dict):
        return []
    out: list[tuple[str, dict]] = []
    parents = data.get("extends")
    for parent in ([parents] if isinstance(parents, str) else parents if isinstance(parents, list) else []):
        if depth >= MAX_EXTENDS or not isinstance(parent, str) or not parent.startswith("."):
            continue  # a package's tsconfig (@tsconfig/node20) sets no paths of this project
        target = os.path.normpath(os.path.join(os.path.dirname(path), parent))
        if not target.endswith(".json") and not active().is_file(target):
            target += ".json"
        out.extend(_tsconfig_options(target, limit, depth + 1))
    options = data.get("compilerOptions")
    if isinstance(options, dict):
        out.append((os.path.dirname(path), options))
    return out


def tsconfig_aliases(path: str, limit: int) -> Aliases:
    found = Aliases(sources=[path])
    paths: dict = {}
    paths_base = base_url = None
    for folder, options in _tsconfig_options(path, limit):
        if isinstance(options.get("baseUrl"), str):
            base_url = os.path.normpath(os.path.join(folder, options["baseUrl"]))
        if isinstance(options.get("paths"), dict):
            paths = options["paths"]  # a later file's paths replace the base's, as TypeScript does
            paths_base = folder
    base = base_url or paths_base or os.path.dirname(path)  # targets are relative to baseUrl, else the file
    for key, targets in paths.items():
        if not isinstance(key, str) or not key or not isinstance(targets, list):
            continue
        where = tuple(os.path.normpath(os.path.join(base, t)) for t in targets if isinstance(t, str) and t)
        if "*" in key:
            pre, _, suf = key.partition("*")
            # "*": ["./src/*"] is tried before node_modules for every id: local only where the target exists
            found.mapped.append((pre, suf, where))
        else:
            found.mapped.append((key, None, where))
    if base_url and active().is_dir(base_url):
        found.base_urls.add(base_url)
    return found


# --- alias entries of bundler configs (tree-sitter) -----------------------------------------------

def _key_text(node) -> str | None:
    from ...imports import string_value, text_of

    if node.type in ("property_identifier", "identifier", "shorthand_property_identifier"):
        return text_of(node)
    if node.type in ("string", "template_string"):
        return string_value(node)
    return None


# a quantified group holding a quantifier or an alternation: (a+)+, (a|a)* backtrack without end
NESTED_QUANTIFIER = re.compile(r"\((?:[^()\\]|\\.)*[+*}|](?:[^()\\]|\\.)*\)\s*[+*{]")


# Jest's module map: the keys of ``moduleNameMapper`` are regular expressions of ids Jest resolves to the files (or
# other packages) their values name, in a ``jest.config.*`` or a package.json's ``"jest"`` table (jest's own
# ``e2e/resolve-with-paths``: ``"^@foo/js$": "<rootDir>/js/index.js"``; a CRA app's ``"^@/(.*)$"``). The package a
# value names, when it is one, is judged where it is declared.
JEST_CONFIG = re.compile(r"^jest\.config\.(?:[cm]?[jt]s|json)$", re.I)
JEST_MAPPER_KEY = "moduleNameMapper"
# and the folders Jest resolves bare ids in besides node_modules: ``moduleDirectories`` names looked for from the
# requiring file's folder upward, as node_modules is (webpack's resolve.modules: Aliases.module_dirs), or a folder of
# the config's own (``path.join(__dirname, 'src')``, Kent C. Dodds' workshops: ``moduleDirectories: ['node_modules',
# path.join(__dirname, 'src'), 'shared']``), and ``modulePaths`` folders (``'<rootDir>/src'``): ``import Button from
# 'components/Button'`` in a test of such a project is src/components/Button.js, no npm package
JEST_DIRS_KEY = "moduleDirectories"
JEST_PATHS_KEY = "modulePaths"
JEST_KEYS = (JEST_MAPPER_KEY, JEST_DIRS_KEY, JEST_PATHS_KEY)
ROOT_DIR = "<rootDir>"


def jest_mapper_aliases(path: str, limit: int, text: str | None = None) -> Aliases:
    """The ``moduleNameMapper`` keys of a Jest configuration (a ``jest.config.*`` or a package.json's ``"jest"``;
    ``text``: the file's, when the caller has read it), and its ``moduleDirectories`` and ``modulePaths`` folders
    (:data:`JEST_DIRS_KEY`)."""
    found = Aliases(sources=[path])
    text = read_small(path, limit) if text is None else text
    if not text or not any(key in text for key in JEST_KEYS):
        return found
    keys: list[str] = []
    folder = os.path.dirname(path)
    if path.endswith(".json"):
        data = load_jsonc(text)
        table = data.get("jest") if isinstance(data, dict) and os.path.basename(path) == "package.json" else data
        mapper = table.get(JEST_MAPPER_KEY) if isinstance(table, dict) else None
        if isinstance(mapper, dict):
            keys = [k for k in mapper if isinstance(k, str)]
        if isinstance(table, dict):
            _jest_json_dirs(table, folder, found)
    else:
        from ...imports import parse as parse_tree
        from ...imports import string_value

        root = parse_tree("typescript" if path.endswith("ts") else "javascript",
                          text.encode("utf-8", errors="surrogatepass"))
        objects: dict[str, object] = {}  # const x = { … } of the file: a mapper may be written as `moduleNameMapper,`
        named: list[str] = []  # the identifiers a moduleNameMapper property takes its object from
        stack = [root]
        while stack:
            node = stack.pop()
            if node.type == "pair" and _key_text(node.child_by_field_name("key")) == JEST_MAPPER_KEY:
                value = node.child_by_field_name("value")
                if value is not None and value.type == "object":
                    keys += _object_keys(value)
                elif value is not None and value.type == "identifier":
                    named.append(_key_text(value) or "")
            elif node.type == "pair" and _key_text(node.child_by_field_name("key")) == JEST_DIRS_KEY:
                value = node.child_by_field_name("value")
                _module_dirs(value, found)  # the names, looked for upward
                _webpack_roots(value, folder, found)  # __dirname and path.join(__dirname, 'x'): the config's folders
            elif node.type == "pair" and _key_text(node.child_by_field_name("key")) == JEST_PATHS_KEY:
                value = node.child_by_field_name("value")
                _jest_module_paths([string_value(v) or "" for v in _items(value) if v.type == "string"], folder, found)
                _webpack_roots(value, folder, found)
            elif node.type == "shorthand_property_identifier" and _key_text(node) == JEST_MAPPER_KEY:
                named.append(JEST_MAPPER_KEY)  # { moduleNameMapper, … } (kolibri-tools' shared jest.conf)
            elif node.type == "variable_declarator":
                name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
                if name is not None and value is not None and name.type == "identifier" and value.type == "object":
                    objects[_key_text(name) or ""] = value
            stack.extend(node.children)
        for ref in named:
            if ref in objects:
                keys += _object_keys(objects[ref])
    for key in keys:
        rx = compile_alias_regex(key)
        if rx is not None:
            found.regexes.append(rx)
    return found


def _jest_json_dirs(table: dict, folder: str, found: Aliases) -> None:
    """A JSON Jest table's ``moduleDirectories`` names and ``modulePaths`` folders (:data:`JEST_DIRS_KEY`)."""
    dirs = table.get(JEST_DIRS_KEY)
    for entry in dirs if isinstance(dirs, list) else ():
        if isinstance(entry, str) and entry.strip().startswith(ROOT_DIR):
            _jest_module_paths([entry], folder, found)  # a folder of the config's own
        elif isinstance(entry, str) and (name := _module_dir(entry)):
            found.module_dirs.add(name)
    paths = table.get(JEST_PATHS_KEY)
    _jest_module_paths([p for p in paths if isinstance(p, str)] if isinstance(paths, list) else [], folder, found)


def _jest_module_paths(entries: list[str], folder: str, found: Aliases) -> None:
    """``modulePaths`` entries of the config's own folders (``<rootDir>/src``, the config's folder as Jest's default
    rootDir; a relative path from it): bare ids resolve in them. Absolute paths and globs cannot be read."""
    for entry in entries:
        entry = entry.strip()
        if entry == ROOT_DIR or entry.startswith(ROOT_DIR + "/"):
            entry = "." + entry[len(ROOT_DIR):]
        if not entry or entry.startswith("/") or GLOB_CHARS.search(entry):
            continue
        where = os.path.normpath(os.path.join(folder, entry))
        if (where == folder or where.startswith(folder + os.sep)) and active().is_dir(where):
            found.base_urls.add(where)


def _object_keys(node) -> list[str]:
    return [k for pair in node.named_children if pair.type == "pair" and (k := _key_text(pair.child_by_field_name("key")))]


def compile_alias_regex(source: str, flags: int = 0) -> re.Pattern[str] | None:
    """An alias pattern from a config file, or None when Python would read it differently or it could
    backtrack without end on a crafted id (a quantified group holding a quantifier: ``(a+)+``)."""
    if len(source) > 500 or NESTED_QUANTIFIER.search(source) or re.search(r"\(\?<[A-Za-z]|\\[pPuk]|\\c", source):
        return None
    try:
        return re.compile(source, flags)
    except (re.error, RecursionError, OverflowError):
        return None


def _js_regex(node) -> re.Pattern[str] | None:
    """A JavaScript regular expression literal as a Python pattern, when Python reads it the same way."""
    from ...imports import text_of

    pattern = next((c for c in node.children if c.type == "regex_pattern"), None)
    flags = next((c for c in node.children if c.type == "regex_flags"), None)
    if pattern is None:
        return None
    return compile_alias_regex(text_of(pattern), re.I if flags is not None and "i" in text_of(flags) else 0)


def config_aliases(path: str, limit: int) -> Aliases:
    """The ``alias`` entries of a bundler or framework config file."""
    from ...imports import parse as parse_tree
    from ...imports import string_value, text_of

    found = Aliases(sources=[path])
    text = read_small(path, limit)
    if text is None or not any(word in text for word in CONFIG_KEYS):
        return found
    if path.endswith((".json", ".babelrc")) or os.path.basename(path) == ".babelrc":
        data = load_jsonc(text)
        _json_aliases(data, found, 0)
        _json_resolver_roots(data, os.path.dirname(path), found, 0)
        return found
    lang = "typescript" if path.endswith(("ts",)) else "javascript"
    root = parse_tree(lang, text.encode("utf-8", errors="surrogatepass"))
    stack = [root]
    extraction = DEPENDENCY_EXTRACTION in text and REQUEST_TO_EXTERNAL in text  # see DEPENDENCY_EXTRACTION
    named: dict[str, object] = {}  # const name -> the object or array it is bound to
    by_name: list = []  # alias values that name a binding of the file (``alias: resolveAlias``)
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if name is not None and name.type == "identifier" and value is not None and value.type in ("object", "array"):
                named.setdefault(text_of(name), value)
        elif node.type == "assignment_expression" and _assigns_extra_node_modules(node.child_by_field_name("left")):
            by_name.append(node.child_by_field_name("right"))  # config.resolver.extraNodeModules = {…}
        elif node.type == "pair":
            key = _key_text(node.child_by_field_name("key"))
            if key in ("alias", EXTRA_NODE_MODULES):
                by_name.append(node.child_by_field_name("value"))
            elif key == "modules" and _in_resolve(node):
                _module_dirs(node.child_by_field_name("value"), found)
            elif key == "root" and _in_resolve(node):
                _webpack_roots(node.child_by_field_name("value"), os.path.dirname(path), found)
            elif key == "root" and _in_module_resolver(node):
                _resolver_roots([string_value(v) for v in _items(node.child_by_field_name("value"))
                                 if v.type == "string"], os.path.dirname(path), found)
            elif key == "remotes":
                _remote_keys(node.child_by_field_name("value"), found)
            elif key == "scope" and _in_dll_reference(node):
                scope = _key_text(node.child_by_field_name("value"))
                if scope:
                    found.prefixes.add(scope)
            elif key == "externals" and not REQUIRED_EXTERNALS.search(text):
                _global_externals(node.child_by_field_name("value"), found)
            elif extraction and key and key.startswith("@") and "/" in key:
                if _global_path(node.child_by_field_name("value")):
                    found.exact.add(key)
        stack.extend(node.children)
    for value in by_name:
        _alias_value(value, found, named)
    return found


# Besides ``alias``, the ids a webpack/rspack config (or a federation plugin's options in a Vite config) resolves
# itself: Module Federation ``remotes`` (``"mfe-b": "mfeB@/dist/b.js"``: ``import("mfe-b/Button")`` loads the
# remote container at run time) and a ``DllReferencePlugin``'s ``scope`` (``require("beta/b")``: a module of the
# DLL's manifest). And a web bundle's ``externals`` whose value is a plain string: webpack's default external type
# (``var``, and ``window``/``global``/``this``/``self``/``assign``) reads the id from a global variable the page
# defines (WebODM's ``"React": "React"``, ``"THREE": "THREE"``, ``"SystemJS": "SystemJS"``), and ``amd``/``system``
# hand it to the page's module loader: npm never installs it. A typed value (``{ lodash: "commonjs lodash" }``)
# and every string of a config that builds for Node or makes a CommonJS, UMD or ES-module library (``require("x")``
# or ``import "x"`` in the output, which the consumer's npm install resolves) are still installed and judged.
CONFIG_KEYS = ("alias", "remotes", "DllReferencePlugin", "externals", "modules", "root", "requestToExternal",
               "extraNodeModules")
# Metro's resolver option (metro.config.js): ids it resolves to the folders given, before and besides node_modules (a
# monorepo's shared package, a Node core module's React Native shim: ``crypto: require.resolve('react-native-crypto')``,
# whose target the import of that name in metro.config.js is judged as). The keys are resolved, never fetched
EXTRA_NODE_MODULES = "extraNodeModules"
# WordPress's dependency extraction webpack plug-in (and WooCommerce's) hands an id to a global of the page, never to
# npm: ``externals`` and its ``requestToExternal`` option map an id to the global's path as an array of property names
# (``'@woocommerce/blocks-registry': [ 'wc', 'wcBlocksRegistry' ]``; ``@woocommerce/block-data`` has no npm package,
# says WooCommerce's plug-in README). In a config that passes the plug-in a ``requestToExternal``, a scoped id mapped
# to such an array anywhere in the file (the ``wcDepMap`` object the function looks the request up in) is resolved.
DEPENDENCY_EXTRACTION = "DependencyExtractionWebpackPlugin"
REQUEST_TO_EXTERNAL = "requestToExternal"
REQUIRED_EXTERNALS = re.compile(
    r"""\b(?:libraryTarget|externalsType|type)\s*:\s*["'`](?:commonjs|umd|module|import|node-commonjs|promise)"""
    r"""|\btarget\s*:\s*\[?\s*["'`](?:node|async-node|electron|nwjs|node-webkit)""")
EXTERNAL_REQUEST = re.compile(r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\Z")  # a global's name, no type word


def _assigns_extra_node_modules(left) -> bool:
    """Whether an assignment's left side is a member ``….extraNodeModules`` (Metro's ``config.resolver.…``)."""
    from ...imports import text_of

    if left is None or left.type != "member_expression":
        return False
    prop = left.child_by_field_name("property")
    return prop is not None and text_of(prop) == EXTRA_NODE_MODULES


def _in_resolve(pair) -> bool:
    """Whether an object ``pair`` is an option of a ``resolve: {…}`` object (not ``resolveLoader``'s)."""
    obj = pair.parent
    outer = obj.parent if obj is not None and obj.type == "object" else None
    return outer is not None and outer.type == "pair" and _key_text(outer.child_by_field_name("key")) == "resolve"


# Folders bare ids resolve into besides node_modules: webpack 1's ``resolve.root`` (an absolute folder or an array of
# them, written from the config's ``__dirname``: eslint-plugin-import's tests/files/webpack.config.js has ``root:
# __dirname``, and its no-cycle fixture imports "cycles/external/depth-one" from there), and the ``root`` option of
# babel-plugin-module-resolver (``["module-resolver", {"root": ["./src/"]}]``: eslint-plugin-import's tests
# ``require('rules/no-cycle')``, src/rules/no-cycle.js), relative to the config's folder; a glob root is not read.
GLOB_CHARS = re.compile(r"[*?\[\]{}]")
MODULE_RESOLVER = frozenset({"module-resolver", "babel-plugin-module-resolver"})
PATH_JOIN = frozenset({"path.resolve", "path.join", "resolve", "join"})


def _items(value) -> list:
    """The nodes of an array value, or the value itself."""
    if value is None:
        return []
    return list(value.named_children) if value.type == "array" else [value]


def _webpack_roots(value, folder: str, found: Aliases) -> None:
    """The folders of a webpack 1 ``resolve.root``: ``__dirname`` and ``path.resolve``/``path.join`` of it and
    literal parts; anything computed otherwise, and an absolute literal, cannot be read."""
    from ...imports import string_value, text_of

    for item in _items(value):
        where: str | None = None
        if item.type == "identifier" and text_of(item) == "__dirname":
            where = folder
        elif item.type == "call_expression" and (call := item.child_by_field_name("function")) is not None \
                and text_of(call) in PATH_JOIN:
            args = item.child_by_field_name("arguments")
            parts = list(args.named_children) if args is not None else []
            if parts and parts[0].type == "identifier" and text_of(parts[0]) == "__dirname" \
                    and all(p.type == "string" for p in parts[1:]):
                where = os.path.normpath(os.path.join(folder, *(string_value(p) or "" for p in parts[1:])))
        if where is not None and (where == folder or where.startswith(folder + os.sep)) and active().is_dir(where):
            found.base_urls.add(where)


def _in_module_resolver(pair) -> bool:
    """Whether an object ``pair`` is an option of babel-plugin-module-resolver (``['module-resolver', {…}]``)."""
    from ...imports import string_value

    obj = pair.parent
    array = obj.parent if obj is not None and obj.type == "object" else None
    if array is None or array.type != "array":
        return False
    first = next(iter(array.named_children), None)
    return first is not None and first.type == "string" and string_value(first) in MODULE_RESOLVER


def _json_resolver_roots(data, folder: str, found: Aliases, depth: int) -> None:
    """The ``root`` folders of the module-resolver plug-ins a JSON babel config (``.babelrc``) lists, at any depth
    (``env.test.plugins``)."""
    if depth > 20:
        return
    if isinstance(data, list):
        if len(data) >= 2 and data[0] in MODULE_RESOLVER and isinstance(data[1], dict):
            roots = data[1].get("root")
            _resolver_roots(roots if isinstance(roots, list) else [roots], folder, found)
            return
        for value in data:
            _json_resolver_roots(value, folder, found, depth + 1)
    elif isinstance(data, dict):
        for value in data.values():
            _json_resolver_roots(value, folder, found, depth + 1)


def _resolver_roots(roots: list, folder: str, found: Aliases) -> None:
    """Relative ``root`` folders of module-resolver, from the config's folder (globs and absolute paths left out)."""
    for entry in roots:
        if not isinstance(entry, str) or not entry.strip() or GLOB_CHARS.search(entry) or entry.startswith("/"):
            continue
        where = os.path.normpath(os.path.join(folder, entry.strip()))
        if (where == folder or where.startswith(folder + os.sep)) and active().is_dir(where):
            found.base_urls.add(where)


def _module_dirs(value, found: Aliases) -> None:
    """The relative folders of a webpack ``resolve.modules`` array (``node_modules`` itself and absolute or computed
    entries left out: node_modules is judged as usual, and a computed path cannot be read)."""
    from ...imports import string_value

    if value is None or value.type != "array":
        return
    for item in value.named_children:
        entry = _module_dir(string_value(item) or "") if item.type == "string" else None
        if entry:
            found.module_dirs.add(entry)


def _module_dir(entry: str) -> str | None:
    """A module folder name as written (``./src/`` -> ``src``), None for node_modules, an absolute path or a way out."""
    entry = entry.strip().removeprefix("./").rstrip("/")
    parts = entry.split("/")
    return entry if entry and not entry.startswith("/") and "node_modules" not in parts and ".." not in parts else None


def _global_path(value) -> bool:
    """Whether ``value`` is an array of global property names (``[ 'wc', 'wcBlocksRegistry' ]``: ``wc.wcBlocksRegistry``
    for webpack's default external type); a module's path (``['./math', 'subtract']``) is not."""
    from ...imports import string_value

    items = value.named_children if value is not None and value.type == "array" else []
    return bool(items) and all(i.type == "string" and EXTERNAL_REQUEST.match(string_value(i) or "") for i in items)


def _global_externals(value, found: Aliases) -> None:
    """The ids of an ``externals`` object (or an array's objects) whose value names a global variable
    (``"jquery": "jQuery"``) or a path below one (``[ 'wc', 'wcBlocksRegistry' ]``); a typed string (``"commonjs
    lodash"``), a module's path in an array, a function or ``true`` names no global and leaves its id judged."""
    if value is None:
        return
    for item in (value.named_children if value.type == "array" else [value]):
        if item.type != "object":
            continue
        for pair in item.named_children:
            if pair.type != "pair":
                continue
            key, target = _key_text(pair.child_by_field_name("key")), pair.child_by_field_name("value")
            request = _key_text(target) if target is not None and target.type in ("string", "template_string") else None
            if key and (request and EXTERNAL_REQUEST.match(request) or _global_path(target)):
                found.exact.add(key)


def _remote_keys(value, found: Aliases) -> None:
    """The remote names of a ``remotes`` value: an object's keys or an array's strings (ids below them resolve
    too); other shapes (a function) name nothing statically."""
    if value is None:
        return
    items = value.named_children if value.type == "array" else [value]
    for item in items:
        if item.type == "object":
            for pair in item.named_children:
                key = _key_text(pair.child_by_field_name("key")) if pair.type == "pair" else None
                if key:
                    found.prefixes.add(key)
        elif item.type == "string":
            key = _key_text(item)
            if key:
                found.prefixes.add(key)


def _in_dll_reference(pair) -> bool:
    """Whether an object ``pair`` is an option of ``new (webpack.)DllReferencePlugin({...})``."""
    from ...imports import text_of

    obj = pair.parent
    args = obj.parent if obj is not None else None
    call = args.parent if args is not None and args.type == "arguments" else None
    if call is None or call.type != "new_expression":
        return False
    ctor = call.child_by_field_name("constructor")
    return ctor is not None and text_of(ctor).endswith("DllReferencePlugin")


def _json_aliases(data, found: Aliases, depth: int) -> None:
    if depth > 20:
        return
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "alias" and isinstance(value, dict):
                for k in value:
                    if isinstance(k, str) and k:
                        _add_key(k, found)
            else:
                _json_aliases(value, found, depth + 1)
    elif isinstance(data, list):
        for value in data:
            _json_aliases(value, found, depth + 1)


def _add_key(key: str, found: Aliases) -> None:
    if key.endswith("$"):
        found.exact.add(key[:-1])
    elif key.startswith("^"):  # babel-plugin-module-resolver: a key starting with ^ is a regular expression
        rx = compile_alias_regex(key)
        if rx is not None:
            found.regexes.append(rx)
    else:
        found.prefixes.add(key)


def _alias_value(value, found: Aliases, named: dict | None = None) -> None:
    """The keys of an ``alias`` value: an object, Rollup's array, or the name of a binding of the same file that
    holds one (electron-vite configs share ``const resolveAlias = {'@assets': …}`` between their main, preload and
    renderer builds as ``alias: resolveAlias``), and the bindings an object spreads (``{...shared, '@x': …}``)."""
    from ...imports import text_of

    if value is None:
        return
    if value.type == "identifier" and named:
        value = named.get(text_of(value))
        named = None  # one step: a binding naming another binding is not followed
        if value is None:
            return
    if value.type == "object":
        for pair in value.named_children:
            if pair.type == "spread_element" and named:
                spread = pair.named_children[0] if pair.named_children else None
                if spread is not None and spread.type == "identifier":
                    _alias_value(spread, found, named)
            elif pair.type == "pair":
                key = _key_text(pair.child_by_field_name("key"))
                if key:
                    _add_key(key, found)
    elif value.type == "array":  # [{ find: '@lib', replacement: ... }, { find: /^~(.*)$/, ... }]
        for item in value.named_children:
            if item.type != "object":
                continue
            for pair in item.named_children:
                if pair.type != "pair" or _key_text(pair.child_by_field_name("key")) != "find":
                    continue
                find = pair.child_by_field_name("value")
                if find is not None and find.type == "regex":
                    rx = _js_regex(find)
                    if rx is not None:
                        found.regexes.append(rx)
                elif find is not None:
                    key = _key_text(find)
                    if key:
                        found.prefixes.add(key)


# --- per folder, per file --------------------------------------------------------------------------

def _package_data(path: str, limit: int, text: str | None = None):
    """A ``package.json`` parsed (``text``: its, when already read); a generator's template of one rendered first."""
    text = read_small(path, limit) if text is None else text
    try:
        return json.loads(text) if text is not None else None
    except (ValueError, RecursionError):
        rendered = rendered_json_text(text or "")  # a generator's EJS or Jinja template of a package.json
        return load_jsonc(rendered) if rendered is not None else None


def _package_declared(path: str, limit: int, text: str | None = None) -> tuple[set[str], set[str]]:
    """(dependency names, the package's own ``name``) of a ``package.json`` (``text``: its, when already read)."""
    data = _package_data(path, limit, text)
    names: set[str] = set()
    own: set[str] = set()
    if isinstance(data, dict):
        for kind in DEP_KINDS:
            table = data.get(kind)
            if isinstance(table, dict):
                names.update(k for k in table if isinstance(k, str))
        if isinstance(data.get("name"), str):
            own.add(data["name"])
    return names, own


# A Firefox Add-on SDK (Jetpack) add-on: its package.json carries the add-on's id (cfx's generated ``jid1-…@jetpack``,
# a GUID, or an ``extension@domain`` name), which no npm package.json does; the SDK's loader looks a bare id up in the
# add-on's own module folder, ``lib`` unless the manifest's ``lib`` (or ``directories.lib``) names another (the SDK's
# package.json reference: "lib: the top-level module directory provided in this add-on, defaults to lib").
# retire.js's firefox/lib/main.js requires "toolbarbutton/toolbarbutton", its lib/toolbarbutton/toolbarbutton.js.
ADD_ON_ID = re.compile(r"jid\d-[\w-]+(?:@jetpack)?|\{[0-9A-Fa-f]{8}(?:-[0-9A-Fa-f]{4}){3}-[0-9A-Fa-f]{12}\}|[\w.+-]+@[\w-]+(?:\.[\w-]+)*")


def _add_on_lib(folder: str, path: str, limit: int, text: str | None) -> str | None:
    """The module folder of an Add-on SDK add-on whose ``package.json`` (``path``, in ``folder``) this is (see
    ``ADD_ON_ID``), when it exists; None for any other package.json."""
    if not text or '"id"' not in text:
        return None
    data = _package_data(path, limit, text)
    if not isinstance(data, dict) or not isinstance(data.get("id"), str) or not ADD_ON_ID.fullmatch(data["id"]):
        return None
    lib = data.get("lib")
    if not isinstance(lib, str) and isinstance(data.get("directories"), dict):
        lib = data["directories"].get("lib")
    lib = lib if isinstance(lib, str) and lib and ".." not in lib.split("/") and not lib.startswith("/") else "lib"
    base = os.path.join(folder, *lib.strip("./").split("/")) if lib.strip("./") else folder
    return base if active().is_dir(base) else None


PIN = re.compile(r"""^[ \t]*pin[ \t(]+(["'])(?P<name>[^"'\n]+)\1(?P<rest>[^\n#]*)(?P<comment>\#[^\n]*)?""", re.M)
VENDORED = re.compile(r"#\s*@\d")  # bin/importmap's note of the registry version it downloaded: "# @7.9.0"
# the folder is a string or a Ruby expression (an engine's `SolidusAdmin::Engine.root.join("app/javascript/…")`):
# either way the ids it pins are the `under:` prefix's
PIN_ALL = re.compile(r"""^[ \t]*pin_all_from\b(?P<rest>[^\n#]*)""", re.M)
UNDER = re.compile(r"""\bunder:\s*(["'])(?P<under>[^"'\n]+)\1""")
TO = re.compile(r"""\bto:\s*(["'])[^"'\n]*\1""")
IMPORT_MAPS = ("importmap.json", "import_map.json", "import-map.json", "deno.json", "deno.jsonc")
# a Deno config named on the command line (`deno test -c runtime-tests/deno.precompile.json`): its imports map too
DENO_CONFIG = re.compile(r"deno\.[\w-]+\.jsonc?\Z")
# Symfony AssetMapper's importmap.php: `'app' => ['path' => './assets/app.js']` maps an id to a file of the app
# (or of a Composer package under vendor/); an entry with a 'version' is downloaded from the npm registry: judged
PHP_ENTRY = re.compile(r"""(?P<q>['"])(?P<name>[^'"\n]+)(?P=q)\s*=>\s*(?:\[|array\s*\()(?P<body>[^\[\]()]*)[\])]""")
PHP_PATH = re.compile(r"""(['"])path\1\s*=>""")


def rails_importmap_aliases(path: str, app: str, limit: int) -> Aliases:
    """The ids a Rails app's ``config/importmap.rb`` resolves to files of its own (see the module docstring)."""
    found = Aliases(sources=[path])
    text = read_small(path, limit)
    if not text:
        return found
    view = active()
    for m in PIN.finditer(text):
        name = m.group("name")
        if VENDORED.match(m.group("comment") or ""):
            continue  # a registry package bin/importmap vendored, named as on the registry: judged
        # a pin without `to:` is the file of that name in the app's asset folders (or a gem's); one bin/importmap
        # did not download (no version note) is the app's own, vendored by hand (`pin "webauthn-json"`)
        if TO.search(m.group("rest")) or any(view.is_file(os.path.join(app, folder, "javascript", name + suffix))
                                            for folder in ("app", "vendor") for suffix in (".js", ".mjs", "/index.js")):
            found.exact.add(name)
    for m in PIN_ALL.finditer(text):
        under = UNDER.search(m.group("rest"))
        if under:
            found.prefixes.add(under.group("under").rstrip("/"))
    return found


def php_importmap_aliases(path: str, limit: int) -> Aliases:
    """The ids a Symfony ``importmap.php`` maps to a ``path`` (see ``PHP_ENTRY``); read as text, never run."""
    found = Aliases(sources=[path])
    text = read_small(path, limit)
    for m in PHP_ENTRY.finditer(text or ""):
        if PHP_PATH.search(m.group("body")):
            found.exact.add(m.group("name"))
    return found


# An import map under a name of the project's choosing, handed to Deno (`deno run --import-map=Imports.json`) or a
# page (`<script type="importmap" src=…>`): a JSON file named for imports whose content is an import map and nothing
# else (react-hook-form's scripts/README/Imports.json maps `Link`, `Path`, `YAML` for the scripts beside it)
NAMED_IMPORT_MAP = re.compile(r"(?i)[\w.-]*import[\w.-]*\.jsonc?")
IMPORT_MAP_KEYS = frozenset({"imports", "scopes", "integrity", "$schema"})


def json_importmap_aliases(path: str, limit: int, shaped: bool = False) -> Aliases:
    """The keys of the ``imports`` of a JSON import map or a Deno config (a key ending in ``/`` maps the ids below
    it): the map resolves them; a registry target (``"docsearch": "npm:@docsearch/js@^3"``, ``jsr:@std/path``)
    is judged where the map is read as a manifest (the ``deno.json`` reader), under its own name, and Deno
    resolves the key's subpaths through it too (``"fresh": "jsr:@fresh/core"`` serves ``fresh/runtime``)."""
    found = Aliases(sources=[path])
    text = read_small(path, limit)
    data = load_jsonc(text) if text else None
    if shaped and not (isinstance(data, dict) and data.keys() <= IMPORT_MAP_KEYS):
        return found  # a file named so that is something else (a bundler's import report, a tool's settings)
    _map_keys(found, data)
    return found


def _map_keys(found: Aliases, data: object) -> None:
    """Add the keys of an import map's ``imports`` to ``found`` (a key ending in ``/`` maps the ids below it)."""
    imports = data.get("imports") if isinstance(data, dict) else None
    if isinstance(imports, dict):
        for key, target in imports.items():
            if isinstance(key, str) and isinstance(target, str):
                below = key.endswith("/") or target.startswith(("jsr:", "npm:"))
                (found.prefixes if below else found.exact).add(key.rstrip("/") if below else key)


# a web page's inline import map: `<script type="importmap">{"imports": {…}}</script>` (the HTML standard's)
# (the start tag only: the map runs to the next `</script`, and the next map is looked for after it, so a page of
# unclosed tags or of many start tags before one end tag is read in linear time; coordinator c35)
HTML_IMPORT_MAP = re.compile(r"""<script\b[^<>]*?\btype\s*=\s*["']?importmap\b[^<>]*>""", re.I)
HTML_SUFFIXES = (".html", ".htm")


def html_importmap_aliases(path: str, limit: int) -> Aliases:
    """The keys of the inline import maps of a web page in the folder (held-out set 250: mcneel/rhino-developer-samples'
    compute/js samples, whose index.html maps ``"rhinocompute"`` to unpkg's compute-rhino3d and whose script.js
    imports ``rhinocompute``): the browser resolves the page's module imports through the map; its URL targets are
    judged by the web page reader (``html_cdn``) under the names the CDN serves."""
    found = Aliases(sources=[path])
    text = read_small(path, limit)
    if not text or "importmap" not in text.lower():
        return found
    lowered = text.lower()
    at = 0
    while (m := HTML_IMPORT_MAP.search(text, at)) is not None:
        end = lowered.find("</script", m.end())
        if end < 0:
            break
        _map_keys(found, load_jsonc(text[m.end():end]))
        at = end  # the next map starts after this one's end tag: each stretch of the page is read once
    return found


@memo(maxsize=4096)
def folder_aliases(folder: str, limit: int) -> Aliases:
    """What the config files in ``folder`` itself resolve (not its parents')."""
    found = Aliases()
    for name, is_dir in active().listdir(folder) or ():
        if is_dir:
            continue
        path = os.path.join(folder, name)
        if name == "package.json":
            text = read_small(path, limit)  # read once for its dependencies and its Jest table
            declared, own = _package_declared(path, limit, text)
            found.declared |= declared
            found.own |= own
            found.merge(jest_mapper_aliases(path, limit, text))
            lib = _add_on_lib(folder, path, limit, text)
            if lib is not None:
                found.base_urls.add(lib)
        elif JEST_CONFIG.match(name):
            found.merge(jest_mapper_aliases(path, limit))
        elif TSCONFIG.match(name):
            found.merge(tsconfig_aliases(path, limit))
        elif CONFIG_FILE.match(name):
            found.merge(config_aliases(path, limit))
        elif name in framework_configs():
            found.frameworks.add(framework_configs()[name])
        elif name in IMPORT_MAPS or DENO_CONFIG.match(name):
            found.merge(json_importmap_aliases(path, limit))
        elif NAMED_IMPORT_MAP.fullmatch(name):
            found.merge(json_importmap_aliases(path, limit, shaped=True))
        elif name == "importmap.php":
            found.merge(php_importmap_aliases(path, limit))
        elif name.lower().endswith(HTML_SUFFIXES):
            found.merge(html_importmap_aliases(path, limit))
        elif name in BAZEL_BUILD_FILES:
            found.prefixes |= bazel_linked_packages(path, limit)
    rails = os.path.join(folder, "config", "importmap.rb")
    view = active()  # existence asked through the recording view: a cached parse sees these files appear
    if view.is_file(rails):
        found.merge(rails_importmap_aliases(rails, folder, limit))
    mix_config = os.path.join(folder, "config", "config.exs")
    if view.is_file(mix_config):
        found.merge(mix_node_path_aliases(mix_config, os.path.join(folder, "mix.exs"), limit))
    found.merge(mix_script_node_paths(folder, limit))
    return found


# rules_js (Bazel) links a first-party package into the node_modules of its BUILD file's folder by name:
# `npm_link_package(name = "node_modules/@repro/jslib", src = "//pkg:src", package = "@repro/jslib")`, or
# `npm_package(package = "@mycorp/pkg-b")`; the files in and below that folder import it by that name
BAZEL_BUILD_FILES = ("BUILD.bazel", "BUILD")
RULES_JS_PACKAGE_RULES = frozenset({"npm_link_package", "npm_package"})


def bazel_linked_packages(path: str, limit: int) -> set[str]:
    """The package names a Bazel BUILD file's rules_js ``npm_link_package``/``npm_package`` targets give
    (``package = "…"``); read with :mod:`ast` (Starlark is Python's syntax), never run."""
    import ast

    text = read_small(path, limit)
    if not text or not any(rule in text for rule in RULES_JS_PACKAGE_RULES):
        return set()
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError):
        return set()
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in RULES_JS_PACKAGE_RULES:
            for kw in node.keywords:
                if kw.arg == "package" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str) \
                        and kw.value.value.strip():
                    out.add(kw.value.value.strip())
                elif kw.arg == "package" and isinstance(kw.value, ast.BinOp) and isinstance(kw.value.left, ast.Constant) \
                        and isinstance(kw.value.left.value, str):
                    # a macro naming every package it makes in its own scope: `package = "@formatjs_generated/%s" %
                    # package_name` (formatjs' tools/generated.bzl): the scope is the project's
                    scope = SCOPE_TEMPLATE.match(kw.value.left.value.strip())
                    if scope is not None:
                        out.add(scope.group(1))
    return out


SCOPE_TEMPLATE = re.compile(r"(@[a-z0-9][\w.-]*)/(?:%s|\{[^}]*\})$", re.I)


def _popular_scopes() -> frozenset[str]:
    """The scopes of the popular npm names (``@types``, ``@angular`` …; the list DG002 compares with,
    :func:`depguard.popular.load`): a scope a macro of the tree claims is the project's only when it is none of these."""
    from ...popular import load
    from .. import catalog

    eco = catalog().get("npm")
    plist = load(eco) if eco is not None else None
    return frozenset(n.split("/", 1)[0].lower() for n in (plist.names if plist else ()) if n.startswith("@") and "/" in n)


# a load() of a .bzl file of this workspace: "//tools:generated.bzl", ":defs.bzl" (another repository's,
# "@aspect_rules_js//npm:defs.bzl", is not the tree's)
LOADED_BZL = re.compile(r"""\bload\(\s*["'](?P<pkg>//[\w./-]*)?:(?P<file>[\w./-]+\.bzl)["']""")


# A Mix project's esbuild runs with `"NODE_PATH" => [Path.expand("../deps", __DIR__), Mix.Project.build_path()]`
# (config/config.exs, Phoenix's generator): a bare id is looked up in deps/ (the Hex dependencies mix.exs declares,
# judged there) and in the build folder, where LiveView writes the colocated hooks as `phoenix-colocated/<app>`.
NODE_PATH = re.compile(r"""["']NODE_PATH["']\s*(?:=>|:)\s*(?P<value>\[[^\]]*\]|[^,}\n]+)""")
MIX_DEP = re.compile(r"""\{\s*:(?P<name>[a-z_][a-z0-9_]*)\s*,""")


# An umbrella project (``apps_path: "apps"`` in its mix.exs) shares one deps/ folder among its apps, each of which
# declares its own dependencies in apps/<app>/mix.exs
MIX_APPS_PATH = re.compile(r"""\bapps_path\s*:\s*["'](?P<path>[^"'\n]+)["']""")
MAX_UMBRELLA_APPS = 200


def mix_deps(mix: str, limit: int) -> set[str]:
    """The dependencies a mix.exs declares, with its apps' when it is an umbrella's (what its deps/ folder holds)."""
    text = read_small(mix, limit) or ""
    names = {d.group("name") for d in MIX_DEP.finditer(text)}
    apps = MIX_APPS_PATH.search(text)
    if apps is not None:
        folder = os.path.normpath(os.path.join(os.path.dirname(mix), apps.group("path")))
        entries = sorted(n for n, is_dir in active().listdir(folder) or () if is_dir)
        for app in entries[:MAX_UMBRELLA_APPS]:
            names |= {d.group("name") for d in MIX_DEP.finditer(read_small(os.path.join(folder, app, "mix.exs"), limit) or "")}
    return names


def mix_node_path_aliases(config: str, mix: str, limit: int) -> Aliases:
    """The ids a Mix project's esbuild ``NODE_PATH`` resolves (see ``NODE_PATH``); read as text, never run."""
    found = Aliases(sources=[config])
    m = NODE_PATH.search(read_small(config, limit) or "")
    if m is None:
        return found
    if "build_path" in m.group("value"):
        found.prefixes.add("phoenix-colocated")
    if "deps" in m.group("value"):
        found.prefixes.update(mix_deps(mix, limit))
    return found


# The same folder given to esbuild's JavaScript API: a Mix project that bundles with a script of its own (Phoenix's
# asset guide for esbuild plug-ins, LiveSvelte's generated assets/build.js) passes ``nodePaths: ["../deps"]``; a
# folder named deps beside a mix.exs holds that project's Hex dependencies (their JS: phoenix_live_view, backpex).
# Read in a folder with a package.json at or below a Mix project only (a mix.exs in it or up to MIX_SCRIPT_DEPTH
# folders above).
# the list holds no bracket: a value running to the next "]" made a file of many unclosed "nodePaths: [" quadratic
# (reviewer r37: 240 KB 14.5 s, 480 KB 58 s); each match attempt now stops at the next "[", the next list's
NODE_PATHS = re.compile(r"""\bnodePaths\s*:\s*\[(?P<value>[^\[\]]*)\]""")
QUOTED = re.compile(r"""["'`](?P<s>[^"'`\n]+)["'`]""")
MIX_SCRIPT_DEPTH = 4


def mix_script_node_paths(folder: str, limit: int) -> Aliases:
    """The Hex dependencies the ``nodePaths`` of an esbuild script in ``folder`` resolves (see ``NODE_PATHS``)."""
    found = Aliases()
    view, here = active(), folder
    if not view.is_file(os.path.join(folder, "package.json")):
        return found  # the script's own npm packages (esbuild, its plug-ins) are declared beside it
    for _ in range(MIX_SCRIPT_DEPTH + 1):
        if view.is_file(os.path.join(here, "mix.exs")):
            break
        here = os.path.dirname(here)
    else:
        return found
    names = [n for n, is_dir in view.listdir(folder) or () if not is_dir and n.endswith(SCRIPT_SUFFIXES)]
    for name in sorted(names)[:MAX_SCRIPTS]:
        path = os.path.join(folder, name)
        text = read_small(path, limit) or ""
        for m in NODE_PATHS.finditer(text) if "nodePaths" in text else ():
            for q in QUOTED.finditer(m.group("value")):
                deps = os.path.normpath(os.path.join(folder, q.group("s")))
                mix = os.path.join(os.path.dirname(deps), "mix.exs")
                if os.path.basename(deps) == "deps" and view.is_file(mix):
                    found.sources.append(path)
                    found.prefixes.update(mix_deps(mix, limit))
    return found


@memo(maxsize=1024)
def _view(folder: str, root: str, limit: int) -> Aliases:
    """The aliases of ``folder`` and every folder above it up to ``root`` (a loop: trees may be deep)."""
    here, top = Path(folder), Path(root)
    view = Aliases()
    view.merge(folder_aliases(folder, limit))
    if here != top and top in here.parents:
        for parent in here.parents:
            view.merge(folder_aliases(str(parent), limit))
            if parent == top:
                break
    return view


# A bundler config written as a template (``webpack.config.js.tmpl``, ``vite.config.ts.j2``): the project's code fills
# it in and writes it where it decides (WebODM's ``app/plugins/templates/webpack.config.js.tmpl``, which
# ``app/plugins/functions.py`` writes into each plug-in's ``public/`` folder at run time, aliasing ``webodm`` to
# ``app/static/app/js``), so no folder of the tree tells which files it governs
# A Jest configuration shared by the packages of a monorepo, under a name Jest does not look for by itself: a preset or
# base config a package's own config requires or names as its ``preset`` (kolibri's packages/kolibri-tools/jest.conf/
# index.js, which the root jest.conf.js extends with require('kolibri-tools/jest.conf') and every package's tests run
# with): its ``moduleNameMapper`` ('^testUtils$' -> its testUtils.js) resolves ids in the tests that config runs: the
# test files at and below the folder of the Jest config that uses it (kolibri's root, so every package's tests). A
# script file whose name, or whose folder's, starts with "jest" (jest.conf/, jest-preset.js, jest.base.config.js); a
# jest.config.* governs its own folder (:func:`folder_aliases`)
JEST_CONF = re.compile(r"^jest\.conf(?:ig)?(?:\.[\w-]+)*\.(?:[cm]?[jt]s|json)$", re.I)  # also jest.conf.js (a --config)
SHARED_JEST_CONFIG = re.compile(r"(?:^|/)jest[.-][^/]*(?:/index)?\.(?:[cm]?[jt]s|json)$", re.I)
MAX_SHARED_JEST_CONFIGS = 20
CONFIG_TEMPLATE_SUFFIX = re.compile(r"\.(?:tmpl|tpl|template|j2|jinja2?|mustache|hbs|ejs)$", re.I)
MAX_CONFIG_TEMPLATES = 20


# React Native's packager before Metro's 0.60 (and Facebook's other Haste projects) names a module by the
# ``@providesModule Name`` of its docblock, wherever the file is: ``require('Name')`` loads it, never npm. The name is
# the file's own (``Libraries/Thing.js``, ``Thing.ios.js`` for one platform), so only files of that stem are read.
HASTE_SUFFIXES = (".js", ".jsx", ".ts", ".tsx")
HASTE_HEAD = 4096  # the docblock is the file's first comment
MAX_HASTE_FILES = 200_000


def haste_module(root: str, limit: int, spec: str) -> bool:
    """Whether a JavaScript file of the tree named ``spec`` (with a platform suffix or not) declares
    ``@providesModule spec`` in its header."""
    said = re.compile(r"@providesModule[ \t]+" + re.escape(spec) + r"[ \t]*$", re.M)
    for path in _haste_files(root, limit).get(spec, ()):
        text = active().read_text(path, limit)
        if text and said.search(text[:HASTE_HEAD]):
            return True
    return False


def _haste_files(root: str, limit: int) -> dict[str, tuple[str, ...]]:
    """The tree's JavaScript files by stem (``Thing`` for ``Thing.ios.js``), outside node_modules (the tree walk's)."""
    return _tree_walk(root, limit)[4]


@memo(maxsize=64)
def tree_wide_ids(root: str, limit: int) -> Aliases:
    return _tree_walk(root, limit)[0]


# Ids the tree resolves only below one of its folders (absolute), for every file there or only for its test code
Scoped = tuple[tuple[str, Aliases, bool], ...]


def scoped_covers(file: str, root: str, limit: int, spec: str) -> bool:
    """Whether a tree-walk finding that governs only a folder of the tree resolves ``spec`` for ``file``: a shared
    Jest config's keys for the test code below the config that uses it, a Bazel workspace's macro scope below it."""
    from ...project import TEST_DIRS, TEST_FILE

    for folder, aliases, tests_only in _tree_walk(root, limit)[3]:
        if os.path.relpath(file, folder).startswith(".."):
            continue
        if tests_only:
            parts = os.path.relpath(file, root).replace(os.sep, "/").split("/")
            if not (TEST_FILE.match(parts[-1]) or any(p.lower() in TEST_DIRS or p == "__mocks__" for p in parts[:-1])):
                continue
        if aliases.covers(spec):
            return True
    return False


@memo(maxsize=64)
def _tree_walk(root: str, limit: int) -> tuple[Aliases, tuple[str, ...], tuple[str, ...], Scoped,
                                                dict[str, tuple[str, ...]]]:
    """(:func:`tree_wide_ids`, the tree's tsconfig files, its Dockerfiles, the ids it resolves below a folder only, its
    JavaScript files by stem for :func:`haste_module`): one walk of the tree gives all five."""
    from ..pypi.image_path import DOCKERFILE

    found = Aliases()
    tsconfigs: list[str] = []
    dockerfiles: list[str] = []
    seen = templates = 0
    starlark: list[str] = []  # BUILD files and .bzl files: which macros the tree loads
    macros: dict[str, set[str]] = {}  # .bzl file (relative) -> the package scopes its rules_js macros make
    workspaces: set[str] = set()  # folders holding a Bazel workspace's MODULE.bazel/WORKSPACE: what a //label names
    manifests: list[str] = []  # package.json files: which scopes hold registry packages
    jest_configs: list[str] = []  # the tree's Jest configs (jest.config.*, jest.conf.*): which shared ones they use
    shared: list[str] = []  # shared Jest configs (SHARED_JEST_CONFIG)
    haste: dict[str, list[str]] = {}
    haste_seen = 0
    for folder, _dirs, files in active().walk(root, skip=frozenset(SKIP_DIRS)):  # no recursion, whatever the depth
        for name in files:
            if name.endswith(HASTE_SUFFIXES) and not name.startswith(".") and haste_seen < MAX_HASTE_FILES:
                haste_seen += 1
                stem = name.split(".", 1)[0]
                if stem and len(haste.setdefault(stem, [])) < 8:
                    haste[stem].append(os.path.join(folder, name))
            if TSCONFIG.match(name):
                tsconfigs.append(os.path.join(folder, name))
                continue
            if DOCKERFILE.match(name):
                if len(dockerfiles) < MAX_DOCKERFILES:
                    dockerfiles.append(os.path.join(folder, name))
                continue
            if name in BAZEL_WORKSPACE_FILES:
                workspaces.add(folder)
                continue
            if name == "package.json":
                if len(manifests) < MAX_STARLARK_FILES:
                    manifests.append(os.path.join(folder, name))
                continue
            if name in BAZEL_BUILD_FILES or name.endswith(".bzl"):
                if len(starlark) < MAX_STARLARK_FILES:
                    starlark.append(os.path.join(folder, name))
                if name in BAZEL_BUILD_FILES:
                    continue
                # a Starlark macro's rules_js packages in a scope of its own: kept once a BUILD file loads it
                scopes = {p for p in bazel_linked_packages(os.path.join(folder, name), limit) if "/" not in p}
                if scopes:
                    macros.setdefault(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"), set()).update(scopes)
                continue
            if JEST_CONFIG.match(name) or JEST_CONF.match(name):
                jest_configs.append(os.path.join(folder, name))
            if SHARED_JEST_CONFIG.search(os.path.join(folder, name)) and not JEST_CONFIG.match(name):
                if len(shared) < MAX_SHARED_JEST_CONFIGS:
                    shared.append(os.path.join(folder, name))
                continue
            if CONFIG_TEMPLATE_SUFFIX.search(name) and CONFIG_FILE.match(CONFIG_TEMPLATE_SUFFIX.sub("", name)):
                templates += 1
                if templates <= MAX_CONFIG_TEMPLATES:
                    found.merge(config_aliases(os.path.join(folder, name), limit))
                continue
            if not name.endswith((".d.ts", ".d.mts", ".d.cts")) or seen > MAX_DTS_FILES:
                continue
            seen += 1
            text = read_small(os.path.join(folder, name), limit)
            if text is None or "declare" not in text or TOP_LEVEL_MODULE_SYNTAX.search(text):
                continue  # in a file with top-level import/export, declare module augments a real package
            for m in DECLARE_MODULE.finditer(text):
                spec = m.group(2)
                if "*" in spec:
                    pre, _, suf = spec.partition("*")
                    if pre:  # '*.vue', '*?raw' describe files: 'some-ui/dist/style.css' is still a package
                        found.patterns.add((pre, suf))
                elif not spec.startswith("."):
                    found.exact.add(spec)
    scoped: list[tuple[str, Aliases, bool]] = []
    for workspace, scopes in (_loaded_scopes(macros, starlark, workspaces, manifests, root, limit) if macros else {}).items():
        if workspace == root:
            found.prefixes |= scopes
        else:  # a workspace of its own below the tree's (an example's, a test fixture's): its files only
            scoped.append((workspace, Aliases(prefixes=scopes), False))
    if shared and jest_configs:
        for folder, path in _used_jest_configs(shared, jest_configs, root, limit):
            scoped.append((folder, jest_mapper_aliases(path, limit), True))
    return found, tuple(tsconfigs), tuple(dockerfiles), tuple(scoped), {k: tuple(v) for k, v in haste.items()}


MAX_STARLARK_FILES = 5000
BAZEL_WORKSPACE_FILES = frozenset({"MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "REPO.bazel"})


def _loaded_scopes(macros: dict[str, set[str]], starlark: list[str], workspaces: set[str], manifests: list[str],
                   root: str, limit: int) -> dict[str, set[str]]:
    """Workspace folder -> the scopes of ``macros`` (.bzl file relative to ``root`` -> scopes its npm_package calls
    make) whose .bzl a BUILD or .bzl file of that workspace loads (``load("//tools:generated.bzl", …)``, the label
    read against the workspace that holds the loading file: the nearest folder with a MODULE.bazel/WORKSPACE above
    it, else ``root``). r22: none of them a scope of the popular npm names (an unused fixture's
    ``npm_package(package = "@angular/%s" % name)`` claimed @angular tree-wide); r23: a label names one file (another
    folder's defs.bzl is not loaded by ``//:defs.bzl``), a fixture workspace's own BUILD files make the scope its
    files' only, and a scope in which a package.json of the tree depends on a package the tree does not hold
    (``@acme/ui-kit``, a registry package) is not the project's."""
    def workspace_of(folder: str) -> str:
        here = folder
        while here not in workspaces and here != root and os.path.dirname(here) != here:
            here = os.path.dirname(here)
        return here if here in workspaces else root

    loaded: dict[str, set[str]] = {}  # loaded file (relative to root) -> workspaces whose files load it
    for path in starlark:
        text = read_small(path, limit)
        if text and "load" in text:
            folder = os.path.dirname(path)
            workspace = workspace_of(folder)
            # who the scope is for: the workspace holding the loader; in a tree without a workspace file (r23 2c: an
            # npm monorepo's e2e/bazel-fixture/BUILD.bazel), only the loading file's folder and below
            owner = workspace if workspace in workspaces else folder
            for m in LOADED_BZL.finditer(text):
                base = os.path.join(workspace, m["pkg"][2:]) if m["pkg"] is not None else folder
                target = os.path.relpath(os.path.normpath(os.path.join(base, m["file"])), root).replace(os.sep, "/")
                loaded.setdefault(target, set()).add(owner)
    popular = _popular_scopes()
    out: dict[str, set[str]] = {}
    for rel, scopes in macros.items():
        for workspace in loaded.get(rel, ()):
            out.setdefault(workspace, set()).update(s for s in scopes if s.lower() not in popular)
    claimed = set().union(*out.values()) if out else set()
    if claimed:
        declared: set[str] = set()
        own: set[str] = set()
        for path in manifests:
            names, mine = _package_declared(path, limit)
            declared |= {n for n in names if n.startswith("@") and n.split("/", 1)[0] in claimed}
            own |= mine
        registry = {n.split("/", 1)[0] for n in declared - own}
        out = {w: scopes - registry for w, scopes in out.items()}
    return {w: scopes for w, scopes in out.items() if scopes}


def _used_jest_configs(shared: list[str], configs: list[str], root: str, limit: int) -> list[tuple[str, str]]:
    """(folder of the Jest config, shared config) for each shared Jest config a Jest config of the tree requires,
    imports or names as its preset, by the package that holds it and its path in it (kolibri's root jest.conf.js:
    ``require('kolibri-tools/jest.conf')`` for packages/kolibri-tools/jest.conf/index.js; ``preset:
    'jest-preset-acme'`` for a package's jest-preset.js). r22: a preset the tree publishes for others, which none of
    its configs uses, resolves nothing here; r23: only a parsed ``require``/``import``/``preset`` counts (not the
    name in a comment), and only for the folder of the config that uses it (an example app's config governs the
    example, not the packages beside it)."""
    uses = [(os.path.dirname(c), {_module_path(u) for u in _jest_config_uses(c, limit)}) for c in configs]
    used = []
    for path in shared:
        package = package_folder(os.path.dirname(path), root, limit)
        if package is None:
            continue
        name = _package_declared(os.path.join(package, "package.json"), limit)[1]
        below = _module_path(os.path.relpath(path, package).replace(os.sep, "/"))
        wanted = {f"{n}/{below}" for n in name} | (name if below.startswith("jest-preset") else set())
        used += [(folder, path) for folder, ids in uses if ids & wanted]
    return used


def _module_path(spec: str) -> str:
    """A module id or path without its ``/index`` and script suffix (``kolibri-tools/jest.conf/index.js`` ->
    ``kolibri-tools/jest.conf``)."""
    return re.sub(r"(?:/index)?\.(?:[cm]?[jt]s|json)$", "", spec)


def _jest_config_uses(path: str, limit: int) -> set[str]:
    """The module ids a Jest config requires or imports and the preset it names (``preset: 'x'``), as parsed: an id
    in a comment or in another string is none."""
    text = read_small(path, limit)
    if not text:
        return set()
    if path.endswith(".json"):
        data = load_jsonc(text)
        preset = data.get("preset") if isinstance(data, dict) else None
        return {preset} if isinstance(preset, str) else set()
    from ...imports import parse as parse_tree
    from ...imports import string_value, text_of

    out: set[str | None] = set()
    stack = [parse_tree("typescript" if path.endswith("ts") else "javascript", text.encode("utf-8", errors="surrogatepass"))]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type == "call_expression":  # require('x'), import('x')
            callee, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
            first = next(iter(arguments.named_children), None) if arguments is not None else None
            if callee is not None and text_of(callee) in ("require", "import") and first is not None and first.type == "string":
                out.add(string_value(first))
        elif node.type in ("import_statement", "export_statement"):  # import base from 'x'
            source = node.child_by_field_name("source")
            if source is not None and source.type == "string":
                out.add(string_value(source))
        elif node.type == "pair" and _key_text(node.child_by_field_name("key")) == "preset":
            value = node.child_by_field_name("value")
            if value is not None and value.type == "string":
                out.add(string_value(value))
    return {u for u in out if u}


MAX_DOCKERFILES = 128  # Dockerfiles of one tree read for the node_modules their stages fill


@memo(maxsize=64)
def image_filled_packages(root: str, limit: int) -> frozenset[tuple[str, str]]:
    """(package folder relative to ``root``, package name) for each ``node_modules/<name>`` a Dockerfile of the tree
    fills from another build stage beside a package folder of the tree it copies in
    (:func:`..pypi.image_path.image_node_modules`: Katib's UI image builds kubeflow/kubeflow's common library and
    copies it into the UI's ``node_modules/kubeflow``)."""
    from ..pypi.image_path import image_node_modules

    view = active()
    out: set[tuple[str, str]] = set()
    for path in _tree_walk(root, limit)[2]:
        text = read_small(path, limit)
        if not text or "node_modules" not in text or "--from" not in text:
            continue
        here = os.path.relpath(os.path.dirname(path), root).replace(os.sep, "/")
        out.update(image_node_modules(text, "" if here == "." else here,
                                      lambda rel: view.exists(os.path.join(root, rel)),
                                      lambda rel: view.is_dir(os.path.join(root, rel))))
    return frozenset(out)


def image_filled(folder: str, root: str, limit: int, head: str) -> bool:
    """Whether a Dockerfile of the tree fills ``node_modules/<head>`` of the package folder holding ``folder``."""
    rel = os.path.relpath(folder, root).replace(os.sep, "/")
    return any(name == head and (pkg == "" or rel == pkg or rel.startswith(pkg + "/"))
               for pkg, name in image_filled_packages(root, limit))


# A tsconfig's program holds the files its ``include``/``files`` entries name, also outside its own folder (bokehjs's
# test/unit/tsconfig.json includes "../framework.ts" and "../*.d.ts"), and the files its files import by a relative
# path, transitively (test/unit/…/document.ts imports "../../util"): TypeScript compiles them all with that tsconfig's
# ``paths`` and ``baseUrl``, though no folder above them holds it. Asked only for an id nothing else resolves, and
# only of tsconfigs that set ``paths`` or ``baseUrl`` (nothing else changes how an id resolves), whose program
# reaches the file from outside: by an ``include`` entry, or by imports from a folder below the file's.
RELATIVE_IMPORT = re.compile(r"""(?:\bfrom|\bimport|\brequire\s*\(|\bimport\s*\()\s*(["'])(\.\.?/[^"'\n]{1,300})\1""")
MAX_PROGRAM_FILES = 3000
RESOLVE_SUFFIXES = (".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")


def _include_regex(pattern: str) -> Glob:
    """A tsconfig ``include`` pattern (absolute, ``/``-separated) as a pattern over file paths: ``**/`` is any
    folders, ``*`` and ``?`` stay inside one name, and a last name with neither a wildcard nor a dot is a folder,
    whose files below it all match. Matched without backtracking (:mod:`depguard.globmatch`: an entry of many stars
    took exponential time on a long file name, l39)."""
    from ...globmatch import NOT_SLASH, SEGMENTS, STAR, Glob

    names = pattern.rstrip("/").split("/")
    if not any(c in names[-1] for c in "*?.") or names[-1] == "**":
        names = [n for n in names if n != "**"] + ["**", "*"]
    out: list[str | int] = []
    for i, name in enumerate(names):
        if name == "**":
            out.append(SEGMENTS)
            continue
        out.extend(STAR if c == "*" else NOT_SLASH if c == "?" else c for c in name)
        if i < len(names) - 1:
            out.append("/")
    return Glob(out)


def _script_files(base: str, wanted: Glob | None, cap: int) -> list[str]:
    out: list[str] = []
    for at, _dirs, files in active().walk(base, skip=frozenset(SKIP_DIRS)):
        for name in files:
            path = os.path.join(at, name)
            if name.endswith(RESOLVE_SUFFIXES) and (wanted is None or wanted.match(path.replace(os.sep, "/"))):
                out.append(path)
                if len(out) >= cap:
                    return out
    return out


@memo(maxsize=256)
def include_outside(tsconfig: str, root: str, limit: int) -> tuple[str, ...]:
    """The files of ``tsconfig``'s own ``include``/``files`` entries that lie outside its folder and inside ``root``."""
    text = read_small(tsconfig, limit)
    data = load_jsonc(text) if text else None
    if not isinstance(data, dict):
        return ()
    folder = os.path.dirname(tsconfig)
    view = active()
    out: list[str] = []
    for key in ("files", "include"):
        entries = data.get(key)
        for entry in entries if isinstance(entries, list) else ():
            if not isinstance(entry, str) or not entry.strip() or os.path.isabs(entry):
                continue
            target = os.path.normpath(os.path.join(folder, entry.strip()))
            if not os.path.relpath(target, folder).startswith("..") or os.path.relpath(target, root).startswith(".."):
                continue  # inside the tsconfig's folder (its folders give it), or outside the scan
            fixed = target.split("*", 1)[0].split("?", 1)[0]
            if fixed == target and view.is_file(target):
                out.append(target)
            elif view.is_dir(base := fixed if fixed == target else os.path.dirname(fixed)):
                out.extend(_script_files(base, _include_regex(target.replace(os.sep, "/")), MAX_PROGRAM_FILES))
    return tuple(out[:MAX_PROGRAM_FILES])


def _relative_target(folder: str, spec: str) -> str | None:
    view = active()
    base = os.path.normpath(os.path.join(folder, spec))
    stem = os.path.splitext(base)[0] if base.endswith((".js", ".mjs", ".cjs", ".jsx")) else base
    for candidate in (base, *(stem + s for s in RESOLVE_SUFFIXES), *(os.path.join(base, "index" + s) for s in RESOLVE_SUFFIXES)):
        if view.is_file(candidate):
            return candidate
    return None


@memo(maxsize=256)
def program_outside(tsconfig: str, root: str, limit: int) -> frozenset[str]:
    """The files of ``tsconfig``'s program outside its folder: its outside ``include`` entries and what its files
    import by relative paths, transitively (``MAX_PROGRAM_FILES`` read at most)."""
    folder = os.path.dirname(tsconfig)
    todo = list(include_outside(tsconfig, root, limit)) + _script_files(folder, None, MAX_PROGRAM_FILES)
    seen: set[str] = set()
    outside: set[str] = set()
    while todo and len(seen) < MAX_PROGRAM_FILES:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        if not path.startswith(folder + os.sep):
            outside.add(path)
        for m in RELATIVE_IMPORT.finditer(read_small(path, limit) or ""):
            target = _relative_target(os.path.dirname(path), m.group(2))
            if target is not None and target not in seen and not os.path.relpath(target, root).startswith(".."):
                todo.append(target)
    return frozenset(outside)


@memo(maxsize=1024)
def tsconfig_view(path: str, limit: int) -> Aliases:
    """:func:`tsconfig_aliases`, once per run (read, never changed, by its callers)."""
    return tsconfig_aliases(path, limit)


def programs_of(file: str, root: str, limit: int) -> list[str]:
    """The tsconfigs with ``paths`` or ``baseUrl`` whose program holds ``file`` from outside their folder."""
    here = os.path.dirname(file) + os.sep
    out = []
    for tsconfig in _tree_walk(root, limit)[1]:
        folder = os.path.dirname(tsconfig) + os.sep
        if here.startswith(folder):
            continue  # the file's own folders give it
        found = tsconfig_view(tsconfig, limit)
        if not found.mapped and not found.base_urls:
            continue
        if file in include_outside(tsconfig, root, limit) or (folder.startswith(here)
                                                              and file in program_outside(tsconfig, root, limit)):
            out.append(tsconfig)
    return out


# A JS/TS file no package.json governs (none in its folder or above it, up to the scan root) whose file name a Python
# file beside it writes as a string literal is that Python program's data: it reads the file as text and hands it to
# a host that compiles or injects it in a page (a Bokeh custom model's ``__implementation__ = "custom.ts"``;
# distributed's ``open(os.path.join(os.path.dirname(__file__), "export_tool.js"))`` then ``JavaScript(JS_CODE)``).
# Its bare ids are the host's own modules (BokehJS's ``models/…``, ``core/…``), which no npm install provides. A JS
# file with a package.json above, or one no Python file names, is judged as usual.
MAX_HOST_FILES = 50


def read_by_python(path: str, root: str, limit: int) -> str | None:
    """The Python file beside ``path`` that names it as its data, when no package.json governs it (see above)."""
    folder, name = os.path.split(path)
    if nearest_file(folder, root, ("package.json",)) is not None:
        return None
    named = re.compile(r"""(["'])""" + re.escape(name) + r"\1")
    hosts = sorted(n for n, is_dir in active().listdir(folder) or () if not is_dir and n.endswith(".py"))
    for host in hosts[:MAX_HOST_FILES]:
        if named.search(read_small(os.path.join(folder, host), limit) or ""):
            return host
    return None


# the suffixes of data files a bundler's transform reads (JSON, text, markup), never of a package's script
DATA_SUFFIXES = (".json", ".txt", ".csv", ".tsv", ".html", ".md", ".yml", ".yaml")
SCRIPT_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".mts", ".cts")
BUNDLER_CALL = re.compile(r"\b(?:build|buildSync|context|defineConfig|rollup|rolldown|webpack|createServer|bundle)\s*\(")
MAX_SCRIPTS = 200


@memo(maxsize=1024)
def script_aliases(folder: str, limit: int) -> Aliases:
    """``alias`` entries of bundler calls in the scripts of ``folder`` (a test runner's
    ``esbuild.build({alias: {...}})`` beside the files it bundles)."""
    found = Aliases()
    names = [n for n, is_dir in active().listdir(folder) or () if not is_dir and n.endswith(SCRIPT_SUFFIXES)
             and not n.endswith((".d.ts", ".d.mts", ".d.cts"))]
    for name in names[:MAX_SCRIPTS]:
        path = os.path.join(folder, name)
        if CONFIG_FILE.match(name):
            continue  # read as a config already
        text = read_small(path, limit)
        if text and "alias" in text and BUNDLER_CALL.search(text):
            found.merge(config_aliases(path, limit))
    return found


# A package whose own code runs a bundler over its files gives them the ids of that bundler's ``resolve.alias``,
# wherever in the package the options object lies: a CMS that builds its modules' browser code with a webpack config
# kept in its lib/ (apostrophe's ``resolve: {alias: {Modules: path.resolve(modulesDir)}}``, then ``import … from
# 'Modules/@apostrophecms/ui/lib/vue'`` in 97 files), an Astro integration's ``updateConfig({vite: {resolve: {alias:
# {'apostrophe-astro-config/config': …}}}})``. Only an ``alias`` inside a ``resolve`` object counts (a CLI option's
# ``alias: 'h'`` is no module id), only the package's own scripts are read (not a nested package's, not
# node_modules), and only for an id no package.json above declares (each package read once, and only then).
MAX_PACKAGE_SCRIPTS = 5000
RESOLVE_ALIAS = re.compile(r"\bresolve\s*:\s*\{[^{}]*?\balias\s*:|\.resolve[!?]*\.alias\b", re.S)
# (and the same ids set on a config object a function is handed: Storybook's ``webpackFinal(config)`` writes
# ``config.resolve.alias = {...config.resolve.alias, x: …}``, ``config.resolve.alias['x'] = …`` or
# ``Object.assign(config.resolve.alias, {x: …})``, as its docs and held-out set 241's category, test tooling, do)
# So does a virtual-module plug-in the package's scripts construct: its options object maps each module id it serves
# to the module's text (vant-cli's ``new RspackVirtualModulePlugin({'site-mobile-shared': genSiteMobileShared()})``,
# imported by the site's ``App.vue``; webpack-virtual-modules keys a file path, ``'node_modules/x.js'``, the id
# ``x``; @rollup/plugin-virtual's and vite-plugin-virtual's ``virtual({x: …})``). Only a binding imported from a
# module whose id says ``virtual`` counts, called with an object whose keys are written out.
VIRTUAL_BINDING = re.compile(
    r"""\bimport\s+(?:(\w+)\s*,?\s*)?(?:\{([^{}]*)\})?\s*from\s*['"]([^'"\n]*virtual[^'"\n]*)['"]"""
    r"""|\b(?:const|let|var)\s+(?:(\w+)|\{([^{}]*)\})\s*=\s*require\(\s*['"]([^'"\n]*virtual[^'"\n]*)['"]\s*\)""", re.I)


# Rspack's built-in plug-in of the same options (``const { experiments } = require('@rspack/core')``, then ``new
# experiments.VirtualModulesPlugin({'node_modules/typeshed-json': …})``: basedpyright's browser build): a member of
# that name counts in a script that loads @rspack/core.
RSPACK_VIRTUAL = "VirtualModulesPlugin"
RSPACK_CORE = re.compile(r"""\b(?:from|require\(|import\()\s*['"]@rspack/core['"]""")


def _virtual_bindings(text: str) -> set[str]:
    """The names a script binds from a module whose id says ``virtual`` (its default and named imports)."""
    names: set[str] = set()
    for m in VIRTUAL_BINDING.finditer(text):
        default, named = (m.group(1), m.group(2)) if m.group(3) else (m.group(4), m.group(5))
        if default:
            names.add(default)
        for part in (named or "").split(","):
            local = part.strip().split(" as ")[-1].strip()
            if local.isidentifier():
                names.add(local)
    return names


def _virtual_modules(path: str, text: str, names: set[str], found: Aliases, rspack: bool = False) -> None:
    """The module ids of the virtual-module plug-ins ``names`` that a script constructs or calls (and, when
    ``rspack``, of Rspack's ``experiments.VirtualModulesPlugin``)."""
    from ...imports import parse as parse_tree
    from ...imports import text_of

    lang = "typescript" if path.endswith(("ts",)) else "javascript"
    stack = [parse_tree(lang, text.encode("utf-8", errors="surrogatepass"))]
    while stack:
        node = stack.pop()
        stack.extend(node.children)
        if node.type not in ("new_expression", "call_expression"):
            continue
        callee = node.child_by_field_name("constructor" if node.type == "new_expression" else "function")
        arguments = node.child_by_field_name("arguments")
        if callee is None or arguments is None:
            continue
        if not (callee.type == "identifier" and text_of(callee) in names) and not (
                rspack and callee.type == "member_expression"
                and (prop := callee.child_by_field_name("property")) is not None and text_of(prop) == RSPACK_VIRTUAL):
            continue
        options = next(iter(arguments.named_children), None)
        if options is None or options.type != "object":
            continue
        for pair in options.named_children:
            key = _key_text(pair.child_by_field_name("key")) if pair.type == "pair" else None
            if not key:
                continue
            if key.startswith("node_modules/"):
                key = key[len("node_modules/"):]
                for suffix in SCRIPT_SUFFIXES:
                    key = key.removesuffix(suffix)
                key = key.removesuffix("/index")
            if key and not key.startswith((".", "/")):
                found.exact.add(key)


def _named_package(folder: str, limit: int) -> bool:
    path = os.path.join(folder, "package.json")
    return active().is_file(path) and bool(_package_declared(path, limit)[1])


@memo(maxsize=1024)
def package_folder(folder: str, root: str, limit: int) -> str | None:
    """The nearest folder from ``folder`` up to ``root`` whose package.json has a ``name``: the package it is in."""
    here, top = Path(folder), Path(root)
    for at in (here, *here.parents):
        if _named_package(str(at), limit):
            return str(at)
        if at == top or top not in at.parents:
            break
    return None


def _resolve_aliases(path: str, text: str, found: Aliases) -> None:
    """The ``alias`` entries of the ``resolve: {…}`` objects in a script, and those it sets on an ``x.resolve.alias``
    (assigned an object, given a key by subscript or member, or ``Object.assign``-ed objects: :data:`RESOLVE_ALIAS`)."""
    from ...imports import parse as parse_tree
    from ...imports import text_of

    lang = "typescript" if path.endswith(("ts",)) else "javascript"
    stack = [parse_tree(lang, text.encode("utf-8", errors="surrogatepass"))]
    while stack:
        node = stack.pop()
        if node.type == "pair" and _key_text(node.child_by_field_name("key")) == "resolve":
            value = node.child_by_field_name("value")
            if value is not None and value.type == "object":
                for pair in value.named_children:
                    if pair.type == "pair" and _key_text(pair.child_by_field_name("key")) == "alias":
                        _alias_value(pair.child_by_field_name("value"), found)
        elif node.type == "assignment_expression":
            left = node.child_by_field_name("left")
            if _resolve_alias_object(left):  # config.resolve.alias = {...config.resolve.alias, x: …}
                _alias_value(node.child_by_field_name("right"), found)
            elif left is not None and left.type in ("subscript_expression", "member_expression") \
                    and _resolve_alias_object(left.child_by_field_name("object")):  # config.resolve.alias['x'] = …
                key = _key_text(left.child_by_field_name("index" if left.type == "subscript_expression" else "property"))
                if key:
                    _add_key(key, found)
        elif node.type == "call_expression" and (call := node.child_by_field_name("function")) is not None \
                and text_of(call) == "Object.assign":
            arguments = node.child_by_field_name("arguments")
            given = list(arguments.named_children) if arguments is not None else []
            if given and _resolve_alias_object(given[0]):  # Object.assign(config.resolve.alias, {x: …})
                for value in given[1:]:
                    _alias_value(value, found)
        stack.extend(node.children)


def _resolve_alias_object(node) -> bool:
    """Whether ``node`` is ``<something>.resolve.alias`` (``!`` and ``?.`` allowed): a bundler config's alias map."""
    while node is not None and node.type == "non_null_expression":
        node = node.named_children[0] if node.named_children else None
    if node is None or node.type != "member_expression" or _key_text(node.child_by_field_name("property")) != "alias":
        return False
    inner = node.child_by_field_name("object")
    while inner is not None and inner.type == "non_null_expression":
        inner = inner.named_children[0] if inner.named_children else None
    return inner is not None and inner.type == "member_expression" \
        and _key_text(inner.child_by_field_name("property")) == "resolve"


@memo(maxsize=64)
def package_resolve_aliases(package: str, limit: int) -> Aliases:
    """The ``resolve.alias`` ids of the bundler options a package's own scripts give (see ``RESOLVE_ALIAS``), and the
    ids of the virtual-module plug-ins they construct (``VIRTUAL_BINDING``)."""
    found = Aliases()
    seen = 0
    for folder, dirs, files in active().walk(package, skip=frozenset(SKIP_DIRS)):
        dirs[:] = [d for d in dirs if not _named_package(os.path.join(folder, d), limit)]  # another package's
        for name in files:
            if not name.endswith(SCRIPT_SUFFIXES) or name.endswith((".d.ts", ".d.mts", ".d.cts")):
                continue
            seen += 1
            if seen > MAX_PACKAGE_SCRIPTS:
                return found
            path = os.path.join(folder, name)
            text = read_small(path, limit)
            if text and "alias" in text and RESOLVE_ALIAS.search(text):
                found.sources.append(path)
                _resolve_aliases(path, text, found)
            if not text:
                continue
            names = _virtual_bindings(text) if "irtual" in text else set()
            rspack = RSPACK_VIRTUAL in text and RSPACK_CORE.search(text) is not None
            if names or rspack:
                found.sources.append(path)
                _virtual_modules(path, text, names, found, rspack)
    return found


# A plug-in package built by the app it plugs into: its package.json links the app, one of the tree's own packages
# (``"baserow": "link:/baserow/web-frontend"`` in Baserow's cookiecutter plug-in template, whose scripts run nuxt in
# the app's folder), so its code is compiled with the app's configuration and imports the app's modules through the
# app's own path aliases (web-frontend/jsconfig.json: ``"@baserow/*": ["./*"]``; ``import { BaserowPlugin } from
# '@baserow/modules/core/plugins'``). The linked folder is the link's path when that is a folder of the tree, else the
# tree's package of the linked name whose folder has the link's last name (an absolute path inside the app's image).
# Only the app's tsconfig/jsconfig ``paths`` count, and only where the mapped file exists in the app: an id naming
# nothing there, or a package that links no app of the tree, is judged as usual.
LINK_PROTOCOLS = ("link:", "file:", "portal:")


@memo(maxsize=64)
def tree_package_folders(root: str, limit: int) -> dict[str, tuple[str, ...]]:
    """The folders of the tree's package.json files by the ``name`` each gives."""
    out: dict[str, list[str]] = {}
    for folder, _dirs, files in active().walk(root, skip=frozenset(SKIP_DIRS)):
        if "package.json" in files:
            for name in _package_declared(os.path.join(folder, "package.json"), limit)[1]:
                out.setdefault(name, []).append(folder)
    return {name: tuple(folders) for name, folders in out.items()}


def _linked_folder(package: str, name: str, target: str, root: str, limit: int) -> str | None:
    """The folder of the tree a ``link:``/``file:``/``portal:`` dependency of ``package`` names (see above)."""
    view = active()
    target = target.strip().rstrip("/\\")
    if not target:
        return None
    if not os.path.isabs(target):
        path = os.path.normpath(os.path.join(package, target))
        inside = not os.path.relpath(path, root).startswith("..")
        return path if inside and view.is_file(os.path.join(path, "package.json")) else None
    last = os.path.basename(target)
    found = [f for f in tree_package_folders(root, limit).get(name, ()) if os.path.basename(f) == last]
    return found[0] if len(found) == 1 else None


@memo(maxsize=1024)
def linked_host_aliases(package: str, root: str, limit: int) -> Aliases:
    """The tsconfig/jsconfig ``paths`` of the tree's packages that ``package`` links as a dependency (see above)."""
    found = Aliases()
    data = _package_data(os.path.join(package, "package.json"), limit)
    if not isinstance(data, dict):
        return found
    for kind in DEP_KINDS:
        table = data.get(kind)
        if not isinstance(table, dict):
            continue
        for name, spec in table.items():
            if not isinstance(name, str) or not isinstance(spec, str) or not spec.startswith(LINK_PROTOCOLS):
                continue
            host = _linked_folder(package, name, spec.split(":", 1)[1], root, limit)
            if host is None or host == package:
                continue
            for config, is_dir in active().listdir(host) or ():
                if not is_dir and TSCONFIG.match(config):
                    found.mapped.extend(tsconfig_view(os.path.join(host, config), limit).mapped)
                    found.sources.append(os.path.join(host, config))
    return found


# webpack looks for a bare id in each ``resolve.modules`` folder, a relative one from the importing file's folder
# upward (as for node_modules): NodeBB's webpack.common.js lists 'build/public/src/modules', so ``import { alert }
# from 'alerts'`` is public/src/modules/alerts.js. A folder the tree lacks and git ignores is build output: NodeBB's
# build copies public/src to build/public/src before bundling, so the same path without its first folder, when that
# is a folder of the tree, is where the modules are written from. Only a module file or folder that exists there
# counts: an id naming nothing in those folders goes on to node_modules and is judged.
def module_dir_holds(dirs: set[str], folder: str, root: str, head: str, spec: str) -> bool:
    """Whether a ``resolve.modules`` folder (``dirs``), looked for from ``folder`` up to ``root``, holds ``spec``."""
    from ...gitignore import ignoring_rule

    view = active()
    here, top = Path(folder), Path(root)
    for at in (here, *here.parents):
        for entry in sorted(dirs):
            base = os.path.join(str(at), *entry.split("/"))
            if not view.is_dir(base):
                rel = os.path.relpath(base, root).replace(os.sep, "/")
                rule = ignoring_rule(root, rel) if not rel.startswith("..") else None
                if rule is None or rule.negated or "/" not in entry:
                    continue
                base = os.path.join(str(at), *entry.split("/")[1:])  # build output copied from the tree
                if not view.is_dir(base):
                    continue
            if _exists_module(base, head) or _exists_module(base, spec):
                return True
        if at == top or top not in at.parents:
            break
    return False


# A native addon's loader (napi-rs's generated index.js, biome's) requires one package per platform under the
# package's own npm scope (`@tauri-apps/cli` -> `@tauri-apps/cli-linux-x64-gnu`, `@biomejs/biome` ->
# `@biomejs/cli-darwin-arm64`), inside a try, and the project publishes only the platforms it builds. Nobody but
# the scope's owner can publish such a name, so it is the project's own; an unscoped one
# (`lightningcss-freebsd-x64`) anybody could take, and another scope's is not the project's: both still judged.
PLATFORM_PACKAGE = re.compile(
    r"(?P<scope>@[^/]+)/[^/]+?-(?:android|darwin|freebsd|linux|win32|openbsd|netbsd|sunos|aix|wasm32)(?:-[a-z0-9]+){1,3}")


def own_platform_package(name: str, own: set[str]) -> bool:
    """Whether ``name`` is a per-platform package in the npm scope of a package of the project (``PLATFORM_PACKAGE``)."""
    m = PLATFORM_PACKAGE.fullmatch(name)
    return m is not None and any(mine.startswith(m.group("scope") + "/") for mine in own)


# Folders a bare id is looked for in, in the importing file's folder and each one above it inside the scan:
# ``node_modules`` (Node's own resolution: webpack's examples and test cases commit ``node_modules/vendor1.js``; an
# installed package is there because something the scan judges declared it) and ``__mocks__`` (a manual mock of a
# module, jest's and vitest's: ``__mocks__/vscode.ts`` serves ``vi.mock('vscode')``, a module the tests provide)
MODULE_FOLDERS = ("node_modules", "__mocks__")
LOCKFILES = ("pnpm-lock.yaml", "yarn.lock", "package-lock.json", "bun.lock", "npm-shrinkwrap.json")
TYPES_IN_LOCK = re.compile(r"@types/([a-z0-9][\w.-]*)")


@memo(maxsize=4096)
def module_folders(folder: str, root: str) -> tuple[str, ...]:
    """The ``MODULE_FOLDERS`` in ``folder`` and each folder above it up to ``root``, nearest first."""
    view = active()
    here, top = Path(folder), Path(root)
    out = []
    for at in (here, *here.parents):
        for name in MODULE_FOLDERS:
            path = os.path.join(str(at), name)
            if view.is_dir(path):
                out.append(path)
        if at == top or top not in at.parents:
            break
    return tuple(out)


@memo(maxsize=4096)
def laid_out_above(folder: str, root: str, name: str) -> bool:
    """Whether the ``node_modules/<name>`` Node finds first from ``folder`` (the nearest ``node_modules`` holding it, up
    to ``root``) is a module the project laid out itself, by :mod:`.laid_out`'s rule: written by hand (no
    ``package.json``), or committed on purpose (a ``.gitignore`` of the tree un-ignores that ``node_modules``)."""
    from .laid_out import laid_out_module

    view = active()
    for base in module_folders(folder, root):
        if os.path.basename(base) != "node_modules" or not _exists_module(base, name):
            continue
        return laid_out_module(view, os.path.dirname(base), name, _committed_rule(root, base)) is not None
    return False


@memo(maxsize=1024)
def _committed_rule(root: str, node_modules: str) -> str | None:
    """``file:line`` of the ``.gitignore`` rule of the tree that un-ignores ``node_modules`` (a path below ``root``),
    or None (one answer per folder: every import resolved through it asks the same)."""
    from ...gitignore import unignoring_rule

    rel = os.path.relpath(node_modules, root).replace(os.sep, "/")
    rule = None if rel.startswith("../") else unignoring_rule(root, rel)
    return None if rule is None else f"{rule.file}:{rule.line}"


@memo(maxsize=4096)
def nearest_file(folder: str, root: str, names: tuple[str, ...]) -> str | None:
    """The first of ``names`` in ``folder`` or, failing that, in the nearest folder above it up to ``root``."""
    view = active()
    here, top = Path(folder), Path(root)
    for at in (here, *here.parents):
        for name in names:
            path = os.path.join(str(at), name)
            if view.is_file(path):
                return path
        if at == top or top not in at.parents:
            break
    return None


# A Bazel workspace's JS/TS code may import its own files by the workspace's name and their path from the workspace
# root, as rules_nodejs' ts_library and rollup_bundle resolve them (thundergolfer/example-bazel-monorepo's
# frontend imports "example_bazel_monorepo/frontend/src/lib/Snackbar/Snackbar", its WORKSPACE.bazel saying
# `workspace(name = "example_bazel_monorepo")`): the id is local when the nearest folder above the file holding a
# WORKSPACE or MODULE.bazel names that workspace and holds that path; an id of another head, or a path the
# workspace lacks, is judged.
BAZEL_WORKSPACE_NAME = re.compile(r"""^[ \t]*(?:workspace|module)\([ \t\n]*name[ \t]*=[ \t]*["']([\w.-]+)["']""", re.M)
BAZEL_FILE_LIMIT = 256 * 1024


@memo(maxsize=64)
def bazel_workspace_names(folder: str, limit: int) -> frozenset[str]:
    """The names the Bazel workspace files of ``folder`` give the workspace (``workspace(name = …)``, ``module(name = …)``)."""
    view = active()
    names: set[str] = set()
    for name in sorted(BAZEL_WORKSPACE_FILES):
        path = os.path.join(folder, name)
        text = view.read_text(path, min(limit, BAZEL_FILE_LIMIT)) if view.is_file(path) else None
        if text and "name" in text:
            names |= {m.group(1) for m in BAZEL_WORKSPACE_NAME.finditer(text)}
    return frozenset(names)


def bazel_workspace_module(spec: str, folder: str, root: str, limit: int) -> bool:
    """Whether ``spec`` is ``<workspace name>/<path>`` of a file or folder of the Bazel workspace above ``folder``."""
    head, _, rest = spec.partition("/")
    if not rest or head.startswith(("@", ".")) or ".." in rest.split("/") or "\\" in rest:
        return False
    found = nearest_file(folder, root, tuple(sorted(BAZEL_WORKSPACE_FILES)))
    if found is None:
        return False
    workspace = os.path.dirname(found)
    return head in bazel_workspace_names(workspace, limit) and _exists_module(workspace, rest)


def nearest_lockfile(folder: str, root: str) -> str | None:
    """The npm lockfile (``LOCKFILES``) in ``folder`` or the nearest folder above it up to ``root``."""
    return nearest_file(folder, root, LOCKFILES)


@memo(maxsize=64)
def _lockfile_types(path: str, limit: int) -> frozenset[str]:
    text = active().read_text(path, limit)
    return frozenset("@types/" + m.group(1) for m in TYPES_IN_LOCK.finditer(text or ""))


def project_names(source, names: tuple[str, ...]) -> str | None:  # source: parsers.Source
    """The first of ``names`` that the package.json files above ``source`` declare or name, else that the nearest lockfile
    in its folder or above pins (a package it names as ``name@``, ``'name':`` or ``node_modules/name``); None for
    text that is no file of the tree, and when the project has none of them."""
    view = view_for(source)
    if view is None:
        return None
    for name in names:
        if name in view.aliases.declared or name in view.aliases.own:  # a module's own README: its package's name
            return name
    path = nearest_lockfile(view.folder, view.root or view.folder)
    text = active().read_text(path, view.limit) if path is not None else None
    for name in names:
        if text and re.search(rf"""(?:^|[\s'"/]){re.escape(name)}(?:@|['"]?:)""", text, re.M):
            return name
    return None


def locked_types(folder: str, root: str, limit: int) -> frozenset[str]:
    """The ``@types/x`` packages the nearest lockfile in ``folder`` or above pins: a workspace installs (and
    hoists) every member's types, so ``import type … from 'estree'`` in one member finds the ``@types/estree``
    another declares."""
    path = nearest_lockfile(folder, root)
    return frozenset() if path is None else _lockfile_types(path, limit)


@record(frozen=True)
class JsView:
    """What the project resolves for one file."""

    aliases: Aliases
    tree_wide: Aliases  # :func:`tree_wide_ids`
    folder: str = ""
    limit: int = 0
    root: str = ""
    file: str = ""

    def local(self, spec: str) -> bool:
        if self._resolved(spec):
            return True
        # last, as it may read a whole tsconfig's program: a tsconfig whose program holds this file from outside
        return bool(self.file and self.root) and any(
            tsconfig_view(path, self.limit).covers(spec) or built_by_the_project(tsconfig_view(path, self.limit), spec, self.root)
            for path in programs_of(self.file, self.root, self.limit))

    def _resolved(self, spec: str) -> bool:
        if self.aliases.covers(spec) or self.tree_wide.covers(spec) or framework_module(spec, self.aliases.declared | self.aliases.frameworks):
            return True
        if self.file and self.root and scoped_covers(self.file, self.root, self.limit, spec):
            return True
        if self.aliases.mapped and built_by_the_project(self.aliases, spec, self.root):
            return True
        parts = spec.split("/")
        head = "/".join(parts[:2]) if spec.startswith("@") else parts[0]
        if own_platform_package(head, self.aliases.own):
            return True
        if not self.folder:
            return False
        if self.root and "/" in spec and bazel_workspace_module(spec, self.folder, self.root, self.limit):
            return True
        if head in self.aliases.declared:
            # a declared id is judged through the registry, unless Node resolves it to a module the project itself laid
            # out in a node_modules (the rule that marks the manifest's entry not checked: laid_out.py)
            return bool(self.root) and laid_out_above(self.folder, self.root, head)
        # an id nothing above declares: a module folder of the tree, a sibling module, or a bundler call beside
        # this file may resolve it (each read only then)
        for base in module_folders(self.folder, self.root or self.folder):
            if _exists_module(base, head) or _exists_module(base, spec):
                return True
            # WebdriverIO's browser runner also finds a scoped module's manual mock without the "@" (its MockHandler
            # compares the id less its first letter: e2e/browser-runner mocks @namespace/module with
            # __mocks__/namespace/module.ts)
            if spec.startswith("@") and os.path.basename(base) == "__mocks__" and _exists_module(base, spec[1:]):
                return True
        if "/" not in spec and any(active().is_file(os.path.join(self.folder, spec + suffix))
                                   for suffix in ("", *SCRIPT_SUFFIXES)):
            # babel-helpers' ``import getPrototypeOf from "getPrototypeOf"`` beside ``getPrototypeOf.ts``: a bare
            # id naming a module file beside the importer, resolved by the project's own build; and one that is
            # the file's whole name (workers-playground's ``import welcome from "welcome.html"`` beside
            # ``welcome.html``: a Worker's modules are uploaded by name, side by side, and resolved by it)
            return True
        if "/" not in spec and self.root and haste_module(self.root, self.limit, spec):
            return True  # `require('RNThingHaste')`: a module of the tree whose docblock says `@providesModule RNThingHaste`
        if "/" not in spec and self.root and spec.endswith(DATA_SUFFIXES) and not spec.startswith("."):
            from ...gitignore import ignored_in_a_folder_it_names

            if ignored_in_a_folder_it_names(self.root, spec) is not None:
                # elections20-primaries' ``require("strings.sheet.json")``, which browserify's ``paths: ["data"]``
                # finds in data/, filled from Google Sheets by its build (.gitignore: ``data/*.sheet.json``)
                return True
        if "/" not in spec and self._page_module(spec):
            return True
        if spec.startswith("@") and framework_module(spec) and self.loose():
            return True
        if self.aliases.module_dirs and module_dir_holds(self.aliases.module_dirs, self.folder, self.root or self.folder,
                                                         head, spec):
            return True
        if self.root and image_filled(self.folder, self.root, self.limit, head):
            return True  # the project's image build puts its own build of the package in node_modules
        if script_aliases(self.folder, self.limit).covers(spec):
            return True
        if self.file and self.root:
            from .python_import_map import served  # a Python web framework's import map (NiceGUI's esm=)

            if served(spec, head, self.file, self.root, self.limit):
                return True
        package = package_folder(self.folder, self.root or self.folder, self.limit)
        if package is None:
            return False
        if package_resolve_aliases(package, self.limit).covers(spec):
            return True
        return bool(self.root) and linked_host_aliases(package, self.root, self.limit).covers(spec)

    def loose(self) -> bool:
        """Whether no package.json is at or above the importer: a file of no npm project (a cheat sheet, a snippet
        collection), where no manifest says which framework it is written for. An id of a framework's own API in a
        scope (``@ember/component``, ``@docusaurus/Link``: framework-modules.tsv) is then that framework's, as it is
        where a package.json declares the framework (awesome-cheatsheets' frontend/ember.js, held-out set 210); an id
        of the same scope that no framework lists (``@ember/imagined``) and any unscoped id stay judged, and so do they
        all in a project whose package.json does not declare the framework."""
        return nearest_file(self.folder, self.root or self.folder, ("package.json",)) is None

    def _page_module(self, spec: str) -> bool:
        """Whether a bare id names a module file in a folder right below the importer's, in a tree with no
        package.json at or above the importer: no npm project, so its bare ids resolve only through the import map
        of the page that loads it (good_job's app/frontend/good_job/application.js imports "form_controller", one of
        the modules/ beside it that its Rails engine serves under an import map of their names)."""
        root = self.root or self.folder
        if nearest_file(self.folder, root, ("package.json",)) is not None:
            return False
        view = active()
        return any(is_dir and any(view.is_file(os.path.join(self.folder, name, spec + suffix)) for suffix in SCRIPT_SUFFIXES)
                   for name, is_dir in view.listdir(self.folder) or ())

    def types_package(self, name: str) -> str | None:
        """``@types/x`` when the package.json files above declare it, or the workspace's lockfile pins it, and
        not ``x`` itself."""
        if name in self.aliases.declared or name.startswith("@types/"):
            return None
        mangled = name[1:].replace("/", "__") if name.startswith("@") else name
        candidate = f"@types/{mangled}"
        if candidate in self.aliases.declared:
            return candidate
        if self.folder and candidate in locked_types(self.folder, self.root or self.folder, self.limit):
            return candidate
        return None


def view_for(source) -> JsView | None:  # source: parsers.Source
    """The project view of a file on disk inside the scan (None for text that is not a file)."""
    if source.fs_path is None:
        return None
    folder = str(source.fs_path.parent)
    root = str(source.root or source.fs_path.parent)
    limit = source.max_related_bytes
    aliases = _view(folder, root, limit)
    links = source.hints.linked_folders if source.root is not None else frozenset()
    if links:
        aliases = _linked_view(aliases, os.path.relpath(folder, root).replace(os.sep, "/"), root, limit, links)
    return JsView(aliases, tree_wide_ids(root, limit), folder, limit, root, str(source.fs_path))


def _linked_view(aliases: Aliases, here: str, root: str, limit: int, links: frozenset[str]) -> Aliases:
    """``aliases`` (the view of the folder ``here``, relative to ``root``) with the views of the folders the tree's
    symbolic links make it part of (:attr:`~depguard.parsers.Hints.linked_folders`): a shared folder an app links in
    (cs61a-apps' ``exam-write/examtool_web_common -> ../examtool_web_common/``) is bundled with that app's configuration,
    whose ``externals`` and aliases resolve its ids too (``import { typeset } from "MathJax"``)."""
    here = "" if here == "." else here
    merged: Aliases | None = None
    for entry in sorted(links):
        link, _, target = entry.partition("\t")
        if not target or not (here == target or here.startswith(target + "/")):
            continue
        if merged is None:
            merged = Aliases()
            merged.merge(aliases)
        merged.merge(_view(os.path.join(root, link + here[len(target):]), root, limit))
    return aliases if merged is None else merged


@functools.lru_cache(maxsize=1)
def provided_modules() -> tuple[frozenset[str], tuple[str, ...]]:
    """(exact ids, id prefixes) a runtime or dev server provides (``depguard/ecosystems/npm/provided-modules.txt``)."""
    from .. import catalog

    eco = catalog().get("npm")
    name = eco.data.get("imports", {}).get("provided")
    if not name:
        return frozenset(), ()
    exact: set[str] = set()
    prefixes: list[str] = []
    for line in eco.data_file(name).read_text(encoding="utf-8").splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            (prefixes.append(entry) if entry.endswith("/") else exact.add(entry))
    return frozenset(exact), tuple(prefixes)


@functools.lru_cache(maxsize=1)
def framework_modules() -> dict[str, tuple[frozenset[str], tuple[str, ...], frozenset[str]]]:
    """framework package -> (exact ids, id prefixes) it resolves, and the packages that install it (their own
    dependencies name it: a Docusaurus plugin's peer dependency on ``@docusaurus/plugin-content-docs`` runs it in a
    site with ``@docusaurus/core``) (``depguard/ecosystems/npm/framework-modules.tsv``)."""
    from ...imports import data_rows

    out: dict[str, tuple[frozenset[str], tuple[str, ...], frozenset[str]]] = {}
    for row in data_rows("npm", "frameworks"):
        if len(row) >= 2:
            ids = row[1].split()
            bringers = frozenset(row[2].split()) if len(row) >= 3 else frozenset()
            out[row[0]] = (frozenset(i for i in ids if not i.endswith("/")), tuple(i for i in ids if i.endswith("/")),
                           bringers | {row[0]})
    return out


@functools.lru_cache(maxsize=1)
def framework_configs() -> dict[str, str]:
    """config file name -> the framework whose project it makes its folder (framework-modules.tsv's fourth column):
    a Docusaurus site builds from its ``docusaurus.config.js`` with @docusaurus/core, which a third-party preset may
    be what installs (ionic-team/capacitor-docs declares only ``@ionic-docs/preset-classic``, held-out set 289)."""
    from ...imports import data_rows

    return {name: row[0] for row in data_rows("npm", "frameworks") if len(row) >= 4 for name in row[3].split()}


def framework_module(spec: str, declared: set[str] | None = None) -> bool:
    """Whether a framework the package.json files above declare (or a package of theirs that depends on it)
    resolves ``spec`` itself; with ``declared`` None, whether any framework of the list does."""
    for exact, prefixes, bringers in framework_modules().values():
        if (spec in exact or spec.startswith(prefixes)) and (declared is None or not bringers.isdisjoint(declared)):
            return True
    return False


def provided(spec: str) -> bool:
    exact, prefixes = provided_modules()
    return spec in exact or spec.split("/", 1)[0] in exact or spec.startswith(prefixes)
