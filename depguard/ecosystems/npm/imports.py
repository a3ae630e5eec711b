"""JavaScript and TypeScript imports (``*.js``, ``*.mjs``, ``*.cjs``, ``*.jsx``, ``*.ts``, ``*.mts``,
``*.cts``, ``*.tsx``, the ``<script>`` blocks of ``*.vue`` and ``*.svelte`` files, and an Astro component's
frontmatter and bundled ``<script>`` blocks, TypeScript both, in ``*.astro`` files).

``import … from 'm'``, ``import 'm'``, ``import type``, ``export … from 'm'``, ``require('m')``,
``require.resolve('m')``, dynamic ``import('m')`` and TypeScript's ``import x = require('m')``; a worker's
``importScripts(...)`` names packages only by pinned CDN URLs (a bare file name is a script beside it). A template
literal with substitutions names no package. Relative and absolute paths, URLs, other schemes
(``virtual:``, ``bun:``), Node built-ins with or without ``node:`` (``depguard/ecosystems/npm/node-builtins.txt``;
its internal ids too, and any ``internal/…`` id in a Node test run with ``--expose-internals``: :mod:`.node_tests`),
path aliases (``@/x``, ``~/x``, ``#x``, ``$lib``), the project's own workspace packages and the dependencies
the nearest ``package.json`` or one above it (Node's resolution walks every ``node_modules`` up to the root) takes
from elsewhere (``file:``, ``link:``, git, tarball URLs) are skipped; an
``npm:`` alias there (``"my-lodash": "npm:lodash@4"``) is reported as the package it names. Ids the project
resolves itself (config aliases, tsconfig ``paths`` and ``baseUrl``, ambient ``declare module``), ids a
runtime or dev server provides (``pnpapi``, ``@vite/client``) and ids no npm package can have
(``__CONFIG__``) are skipped; a types-only package is reported as such (``estree`` → ``@types/estree`` when
that is what the package.json declares): see :mod:`depguard.ecosystems.npm._js_project`.
Subpaths map to their package (``lodash/debounce`` → ``lodash``, ``@scope/pkg/sub`` → ``@scope/pkg``);
webpack loader chains (``style-loader!css-loader!x``) name each loader; Deno's ``npm:x@1`` names an npm
package and ``jsr:@s/p`` a JSR one; a CDN URL pinned to a version (``https://esm.sh/x@1``, unpkg, jsDelivr,
Skypack) names the npm package it serves.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterator
from pathlib import PurePosixPath

from ...imports import ImportRef, emit, files_above, matches, position, read_related, string_value
from ...imports import parse as parse_tree
from ...model import Example, Mention
from ...parsers import Source, file_format
from ...says_missing import file_says_it_requires_missing, says_missing
from .. import catalog
from ._js_project import JsView, provided, read_by_python, view_for
from .addon_sdk import addon_sdk_modules
from .app_module_path import app_module_path_modules
from .gjs import gjs_modules
from .guarded import guard
from .lwc_platform import lwc_platform_modules
from .moodle_amd import moodle_amd_modules
from .node_tests import node_test_modules
from .odoo_assets import odoo_asset
from .phantomjs import phantomjs_modules
from .plugin_hosts import plugin_host_modules
from .quarto_run import quarto_modules
from .sfcc import sfcc_modules
from .wix_velo import velo_modules

PARSER = "js-imports"
GRAMMAR_BY_SUFFIX = {
    ".js": "javascript", ".mjs": "javascript", ".cjs": "javascript", ".jsx": "javascript",
    ".ts": "typescript", ".mts": "typescript", ".cts": "typescript", ".tsx": "tsx",
}
SCRIPT_LANG = {"ts": "typescript", "typescript": "typescript", "tsx": "tsx", "jsx": "javascript", "js": "javascript",
               "javascript": "javascript"}
SCRIPT_BLOCK = re.compile(r"<script\b(?P<attrs>[^>]*)>(?P<body>.*?)</script\s*>", re.S | re.I)
LANG_ATTR = re.compile(r"""\blang\s*=\s*["']?(?P<lang>[\w-]+)""", re.I)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
PACKAGE = re.compile(r"(?P<name>(?:@[^/@\s]+/)?[^/@\s][^/@\s]*)(?:@(?P<version>[^/\s]*))?")
CDN = re.compile(
    r"^https?://(?:esm\.sh|unpkg\.com|cdn\.skypack\.dev|esm\.run|cdn\.jsdelivr\.net/npm)/"
    r"(?P<name>(?:@[\w.~-]+/)?[\w.~-]+)@(?P<version>[^/?#\s]+)", re.I)


# A test that mocks a module with a factory provides it (``vi.mock('vscode', () => ({...}))``, ``vi.doMock``,
# ``jest.mock('x', factory, {virtual: true})``): the file's imports of that id need no package, unless a
# package.json above declares it (then it is judged as usual).
MOCK_FACTORY = re.compile(r"""\b(?:vi|vitest|jest)\s*\.\s*(?:do)?[mM]ock\(\s*(["'`])(?P<id>[^"'`\n]+)\1\s*,""")
# A file that binds ``require`` itself (a browserify bundle's ``var require; require = (function (e, t, n) {…})``,
# its modules' ``function (require, module, exports)``, AMD's ``define(function (require) {…})``, a loader's
# ``const { require } = ChromeUtils.importESModule("resource://devtools/shared/loader/Loader.sys.mjs")``, Firefox
# DevTools' and its WebExtension experiments', a component(1) build's own ``function require(path, parent, orig)`` and
# its modules' ``require.register("x/index.js", function(exports, require, module){…})``: okpy/ok's vendored
# list.pagination.js, held-out set 252): its require calls look ids up in the bundle or the loader's
# configuration (``devtools/client/…``, ``Services``), not in node_modules. ``createRequire`` is Node's; a
# destructuring that renames (``{ require: load }``) binds another name. (The destructured pattern is bounded, so a
# long unclosed one is read in linear time; so is a function's name before its parameters, one word: read as any run of
# words and blanks, a run of `function` words with no parenthesis was read to its end from each one, 10,000 of them
# 18 s, reviewer r36.)
REBOUND_REQUIRE = re.compile(
    r"\b(?:var|let|const)\s+require\s*(?:[;,\n]|=(?!\s*(?:[\w$]+\.)?createRequire\b))"
    r"|\b(?:var|let|const)\s*\{[^{}=;]{0,200}?(?<![\w$.])require\b(?!\s*:)[^{}=;]{0,200}\}\s*="
    r"|\bfunction\b\s*[\w$]*\s*\(\s*require\s*[,)]"
    r"|\bfunction[ \t]+require[ \t]*\("
    r"|\bfunction\b\s*[\w$]*\s*\((?![^()]{0,200}__filename)(?:\s*[\w$]+\s*,){1,4}\s*require\s*[,)]")


@functools.lru_cache(maxsize=1)
def npm_name_rule():
    return catalog().get("npm").name_rule


@functools.lru_cache(maxsize=1)
def node_builtins() -> frozenset[str]:
    eco = catalog().get("npm")
    name = eco.data.get("imports", {}).get("builtins")
    if not name:
        return frozenset()
    lines = eco.data_file(name).read_text(encoding="utf-8").splitlines()
    return frozenset(ln.strip() for ln in lines if ln.strip() and not ln.startswith("#"))


def package_of(spec: str) -> tuple[str, int] | None:
    """(package name, offset in spec) for a bare specifier: ``@s/p/sub`` → ``@s/p``, ``x/y`` → ``x``,
    ``node_modules/x/y`` → ``x``."""
    parts = spec.split("/")
    if parts[0] == "node_modules" and len(parts) > 1:
        # a path into the installed packages, which a tsconfig baseUrl of the project's root resolves (withastro/docs'
        # `from 'node_modules/@astrojs/starlight/utils/path'`): the package below it
        inner = package_of(spec[len("node_modules/"):])
        return None if inner is None else (inner[0], inner[1] + len("node_modules/"))
    if spec.startswith("@"):
        if len(parts) < 2 or len(parts[0]) < 2 or not parts[1]:
            return None  # "@/x" or "@components": an alias, not a scoped package
        return f"{parts[0]}/{parts[1]}", 0
    return (parts[0], 0) if parts[0] else None


def specifier_refs(spec: str, aliases: tuple[str, ...] = ("@/", "~/", "#"),
                   local: frozenset[str] = frozenset(),
                   resolves: Callable[[str], bool] | None = None) -> Iterator[tuple[str, str, int, str | None]]:
    """(ecosystem, name, offset of the name in ``spec``, note) for each package an import specifier names;
    ``resolves(spec)`` says whether the project resolves an id itself (its aliases, ambient modules)."""
    if "!" in spec and not SCHEME.match(spec):  # webpack inline loaders: -!a!b?opts!c
        offset = 0
        for part in spec.split("!"):
            if part and part != "-":
                clean = part.split("?", 1)[0]
                for eco, name, off, note in specifier_refs(clean, aliases, local, resolves):
                    yield eco, name, offset + off, note or ("webpack loader" if offset + len(part) < len(spec) else None)
            offset += len(part) + 1
        return
    if spec.startswith(("npm:", "jsr:")):
        eco = spec[:3]
        rest = spec[4:]
        lead = len(rest) - len(rest.lstrip("/"))
        m = PACKAGE.match(rest[lead:])
        if m and (eco == "npm" or m.group("name").startswith("@")):
            yield eco, m.group("name"), 4 + lead, f"Deno {eco}: specifier"
        return
    cdn = CDN.match(spec)
    if cdn:
        yield "npm", cdn.group("name"), cdn.start("name"), "pinned CDN URL"
        return
    if not spec or SCHEME.match(spec) or spec.startswith((".", "/", "\\", "~", "$")) or spec.startswith(aliases):
        return
    spec = spec.split("?", 1)[0]
    if provided(spec):
        return
    found = package_of(spec)
    if found is None:
        return
    name, offset = found
    if (name in node_builtins() or spec in node_builtins()) and spec != name + "/":  # "punycode/" is npm's
        return
    if name in local or npm_name_rule().invalid_reason(name):
        return  # an id no npm package can have (__CONFIG__, App.react's kin): a bundler's, not the registry's
    if resolves is not None and resolves(spec):  # last: it may look at files (module folders, siblings)
        return
    yield "npm", name, offset, None


def grammar_for(path: str) -> str:
    return GRAMMAR_BY_SUFFIX.get(PurePosixPath(path).suffix.lower(), "tsx")


def manifest_names(text: str) -> tuple[frozenset[str], dict[str, str], frozenset[str]]:
    """(dependency names that are not registry packages, alias -> registry name, every dependency name) of a
    ``package.json``."""
    from .package_json import DEP_KINDS, json_object, overridden_off_registry, registry_target

    data = json_object(text)
    if data is None:
        return frozenset(), {}, frozenset()
    local: set[str] = set()
    renamed: dict[str, str] = {}
    declared: set[str] = set()
    for kind in DEP_KINDS:
        table = data.get(kind)
        if not isinstance(table, dict):
            continue
        for name, spec in table.items():
            declared.add(name)
            target = registry_target(name, spec)
            if target is None:
                local.add(name)
            elif target[0] != name:
                renamed[name] = target[0]
    # a name the file's overrides or resolutions pin to a path, a link or a git URL (fiftyone-plugins' root:
    # "@fiftyone/plugins": "portal:../fiftyone/app/packages/plugins") is installed from there, unless the file declares
    # it from the registry itself
    local.update(overridden_off_registry(data) - declared)
    return frozenset(local), renamed, frozenset(declared)


def manifests_above(source: Source) -> tuple[frozenset[str], dict[str, str], frozenset[str]]:
    """(names not from a registry, alias -> registry name, every name declared) that an import in ``source``
    resolves through: those of the nearest ``package.json`` and of every one above it, whose ``node_modules`` Node's
    resolution also walks (a workspace root's ``"engine.io-client-v3": "npm:engine.io-client@3"`` or git
    dependency, required by a member's tests). A name a nearer package.json declares is that one's (its
    node_modules is found first)."""
    local: set[str] = set()
    renamed: dict[str, str] = {}
    seen: set[str] = set()
    for path in files_above(source, "package.json"):
        found = read_related(source, path, manifest_names)
        if found is None:
            continue
        not_registry, aliases, declared = found
        local.update(not_registry - seen)
        renamed.update({k: v for k, v in aliases.items() if k not in seen})
        seen |= declared
    return frozenset(local), renamed, frozenset(seen)


def catalogued_off_registry(source: Source, declared: frozenset[str]) -> frozenset[str]:
    """The names the package.json files above take from a pnpm or Bun catalog whose entry no registry serves (fedify's
    ``"@std/assert": "catalog:"`` with ``"@std/assert": "jsr:^1.0.13"`` in pnpm-workspace.yaml): pnpm installs them
    from JSR (or git, a tarball), as it does ``"jsr:^1.0.13"`` written in the package.json, so an import of one is no
    npm name. The nearest package.json declaring a name decides, as in :func:`manifests_above`."""
    from .package_json import catalog_specs, registry_target, workspace_catalogs

    if not declared:
        return frozenset()
    catalogs = workspace_catalogs(source)
    if not catalogs:
        return frozenset()
    out: set[str] = set()
    seen: set[str] = set()
    for path in files_above(source, "package.json"):
        names = read_related(source, path, manifest_names)
        if names is None:
            continue
        for name, table in (read_related(source, path, catalog_specs) or {}).items():
            if name not in seen and registry_target(name, f"catalog:{table}", catalogs) is None:
                out.add(name)
        seen |= names[2]
    return frozenset(out)


class _Renamed(dict):
    """alias -> registry name: the aliases the package.json files above and the pnpm catalog declare, and, asked
    about a name none of those package.json files declares, the aliases the lockfiles above install
    (:func:`_locked_aliases`). The lockfiles are read on the first such name only: a file whose imports are all
    declared (most files) does not depend on them, so a lockfile's edit (every ``npm install``) does not invalidate
    its cached parse (reviewer r27)."""

    def __init__(self, known: dict[str, str], source: Source, declared: frozenset[str]) -> None:
        super().__init__(known)
        self._source = source
        self._declared = declared
        self._locked: dict[str, str] | None = None

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]
        if name in self:
            return self[name]
        if name in self._declared:
            return default  # declared as itself: no lockfile alias of that name stays (locked_aliases.py)
        if self._locked is None:
            self._locked = _locked_aliases(self._source)
        return self._locked.get(name, default)


def _locked_aliases(source: Source) -> dict[str, str]:
    """alias -> registry name for the aliases the lockfiles in the file's folder and above install
    (:mod:`.locked_aliases`); a nearer lockfile's alias wins."""
    from .locked_aliases import READERS

    found: dict[str, str] = {}
    for name, read in READERS:
        for path in files_above(source, name):
            aliases = read_related(source, path, read)  # (a module function: the read is cached per lockfile)
            for alias, real in (aliases or {}).items():
                found.setdefault(alias, real)
    return found


def import_refs(text: str, lang: str, aliases: tuple[str, ...] = ("@/", "~/", "#"),
                local: frozenset[str] = frozenset(), renamed: dict[str, str] | None = None,
                view: JsView | None = None, judge_guarded: bool = False) -> Iterator[ImportRef]:
    """Every package named by an import in JS/TS ``text`` parsed with grammar ``lang``; ``renamed`` maps
    an ``npm:`` alias to the package it names; ``view`` is what the project resolves itself; a ``require`` or
    ``import()`` in a try that handles its absence (:mod:`.guarded`) of a package no package.json declares is a
    note when it is missing, unless ``judge_guarded``."""
    if "import" not in text and "require" not in text and "export" not in text:
        return  # every pattern needs one of these words: no parse for files without them
    mocked = frozenset(m.group("id") for m in MOCK_FACTORY.finditer(text)) if "ock(" in text else frozenset()
    own_require = REBOUND_REQUIRE.search(text) is not None
    src = text.encode("utf-8", errors="surrogatepass")
    root = parse_tree(lang, src)
    if root.has_error and lang == "javascript":  # Flow or TypeScript syntax in a .js file
        alt = parse_tree("tsx", src)
        if not alt.has_error:
            lang, root = "tsx", alt
    for caps in matches(lang, root=root):
        if caps["stmt"][0].has_error or (own_require and ("fn" in caps or "obj" in caps)):
            continue  # (a require the file binds itself: a bundle's module table, not Node's)
        node = caps["spec"][0]
        worker = "worker" in caps  # importScripts(...): every argument is a script
        if not worker and node.parent is not None and node.parent.type == "arguments" and not _first_argument(node):
            continue
        spec = string_value(node)
        if spec is None or "\n" in spec:
            continue
        if worker and CDN.match(spec.strip()) is None:
            continue  # a script beside the worker ('browser-polyfill.js', '/lib/x.js'), not a package id
        if spec.strip() in mocked and (view is None or (package_of(spec.strip()) or ("",))[0] not in view.aliases.declared):
            continue  # (a declared package the test mocks is still judged as the import it is)
        if _asserted_to_throw(caps["stmt"][0]) and (view is None or (package_of(spec.strip()) or ("",))[0]
                                                     not in view.aliases.declared):
            continue  # `expect(() => require('x')).toThrow(...)`: the test asserts x cannot be loaded
        line, col = position(src, node)
        for eco, name, offset, note in specifier_refs(spec.strip(), aliases, local, view.local if view else None):
            if eco == "npm" and says_missing(name) and (view is None or name not in view.aliases.declared):
                continue  # `import('non-existent')`: made up to fail (says_missing.py), and no package.json declares it
            written = spec.strip()[offset:offset + len(name)]
            real = renamed.get(name) if eco == "npm" and renamed is not None else None
            types = view.types_package(name) if eco == "npm" and view is not None and real is None else None
            if types is not None and types in local:
                continue  # the declared @types package comes from git or a path (py-shiny's @types/rstudio-shiny)
            if real is not None:
                yield ImportRef(eco, real, line, col + 1 + offset, written, note=f"alias {name} of {real}")
            elif types is not None and renamed is not None and renamed.get(types) is not None:
                # the declared types package is itself an npm: alias (opentelemetry-js-contrib's instrumentation-ioredis:
                # "@types/ioredis4": "npm:@types/ioredis@4.28.10" for `import type … from 'ioredis4'`): the package it names
                aliased = renamed.get(types) or types
                yield ImportRef(eco, aliased, line, col + 1 + offset, written,
                                note=f"types of {name}: the package.json declares {types}, an alias of {aliased}")
            elif types is not None:
                yield ImportRef(eco, types, line, col + 1 + offset, written,
                                note=f"types of {name}: the package.json declares {types}, not {name}")
            else:
                example = None if judge_guarded else (_guarded(caps["stmt"][0], eco, name, view)
                                                      or _ts_suppressed(text, line, eco, name, view))
                if example is None and "obj" in caps and _resolved_elsewhere(caps["stmt"][0]):
                    example = RESOLVED_ELSEWHERE
                if example is None and eco == "npm" and view is not None:
                    example = _readers_own(name, view)
                yield ImportRef(eco, name, line, col + 1 + offset, written, note=note, example=example)


def _readers_own(name: str, view: JsView) -> Example | None:
    """A note for an import of the reader's own package, a slot described (``your`` and a placeholder: :func:`~depguard.
    examples.placeholder_name`) in a file of no npm project (:meth:`JsView.loose`): awesome-cheatsheets'
    frontend/ember.js says "importing from `your-application-name/config/environment`" and imports it (held-out set
    210), as a Python template's ``your_dependency`` is a note (pypi/imports.py's ``template_note``). Only a name no
    registry has becomes the note; ``my-…`` names (as likely an invented client) and a file of a project are judged."""
    from ...examples import placeholder_name

    if not name.lower().startswith("your") or not placeholder_name(name) or not view.loose():
        return None
    return Example(f"{name!r} is a placeholder name in a file of no npm project, written to be replaced by the "
                   "reader's own package")


def _guarded(stmt, eco: str, name: str, view: JsView | None) -> Example | None:
    """The note for a guarded call of an npm package no package.json declares (:mod:`.guarded`), else None."""
    if eco != "npm" or stmt.type != "call_expression" or (view is not None and name in view.aliases.declared):
        return None
    why = guard(stmt)
    return None if why is None else Example(f"an optional import, {why}", setting="judge-guarded-imports")


# `require.resolve(id, { paths: [...] })` looks the id up from those folders instead of the file's own: the package
# of another project (a CLI resolving the user's eslint or typescript from their working directory; Jest's e2e test
# of the option), not a dependency of this one. A name no registry has is a note; a registered one is judged
RESOLVED_ELSEWHERE = Example("require.resolve looks it up from the folders its paths option names, another "
                             "project's packages", setting=None)


def _resolved_elsewhere(stmt) -> bool:
    """Whether the ``require.resolve`` call ``stmt`` passes an options object with a ``paths`` key."""
    from ...imports import text_of

    args = stmt.child_by_field_name("arguments")
    options = [a for a in args.named_children if a.type != "comment"][1:2] if args is not None else []
    if not options or options[0].type != "object":
        return False
    return any(pair.type in ("pair", "shorthand_property_identifier") and text_of(
        pair.child_by_field_name("key") if pair.type == "pair" else pair).strip("'\"") == "paths"
        for pair in options[0].named_children)


# TypeScript's directives that silence the errors of the next line: on an import, the module's absence
TS_SUPPRESS = re.compile(r"@ts-(?:ignore|expect-error)\b")


def _ts_suppressed(text: str, line: int, eco: str, name: str, view: JsView | None) -> Example | None:
    """The note for an import of an npm package no package.json declares on a line that a ``// @ts-ignore`` or
    ``@ts-expect-error`` comment just before it covers (the Anthropic SDK's type-only ``import('node-fetch.js')``
    "for users with node-fetch@3"): the code tolerates the module's absence, as a guarded import does."""
    if eco != "npm" or line < 2 or (view is not None and name in view.aliases.declared):
        return None
    if "@ts-" not in text:
        return None
    start = -1
    for _ in range(line - 2):  # the start of the line before the import's, without splitting the whole text
        start = text.find("\n", start + 1)
        if start < 0:
            return None
    before = text[start + 1:text.find("\n", start + 1)].strip()
    directive = TS_SUPPRESS.search(before) if before.startswith(("//", "/*", "*")) else None
    if directive is None:
        return None
    return Example(f"an optional import: the {directive.group(0)} comment on line {line - 1} "
                   "tolerates its absence", setting="judge-guarded-imports")


# what a test framework's assertion that a function throws is called: Jest's and Vitest's `toThrow`/`toThrowError`,
# chai's `to.throw`/`to.throws`, `assert.throws(() => …)`
THROWS_ASSERTIONS = frozenset({"toThrow", "toThrowError", "toThrowErrorMatchingSnapshot",
                               "toThrowErrorMatchingInlineSnapshot", "throw", "throws"})


def _asserted_to_throw(stmt) -> bool:
    """Whether the ``require``/``import()`` call ``stmt`` is the body of a function a test asserts throws: Jest's
    ``expect(() => require('Test7')).toThrow(…)`` (jest's e2e/resolve, set 77), chai's ``expect(fn).to.throw()`` and
    ``assert.throws(() => require('x'))``: the test's made-up or broken module, never a dependency."""
    if stmt.type != "call_expression":
        return False
    node = stmt.parent
    while node is not None and node.type in ("parenthesized_expression", "expression_statement", "statement_block",
                                               "return_statement", "await_expression"):
        node = node.parent
    if node is None or node.type not in ("arrow_function", "function_expression", "function"):
        return False
    args = node.parent
    call = args.parent if args is not None and args.type == "arguments" else None
    if call is None or call.type != "call_expression":
        return False
    from ...imports import text_of

    callee = call.child_by_field_name("function")
    if callee is None:
        return False
    if callee.type == "member_expression":  # assert.throws(() => require('x'))
        prop = callee.child_by_field_name("property")
        return prop is not None and text_of(prop) in ("throws", "rejects")
    if text_of(callee) != "expect":
        return False
    outer = call.parent
    while outer is not None and outer.type == "member_expression":  # expect(fn).toThrow, expect(fn).to.throw
        prop = outer.child_by_field_name("property")
        if prop is not None and text_of(prop) in THROWS_ASSERTIONS:
            return True
        outer = outer.parent
    return False


def _first_argument(node) -> bool:
    """Whether a call argument is the first one (comments such as webpack's magic comments may precede it)."""
    prev = node.prev_named_sibling
    while prev is not None:
        if prev.type != "comment":
            return False
        prev = prev.prev_named_sibling
    return True


# an Astro component's frontmatter: a `---` line first, its code, a `---` line
ASTRO_FENCE = re.compile(r"\A\ufeff?\s*^---[ \t]*$(?P<body>.*?)^---[ \t]*$", re.S | re.M)
INLINE_SCRIPT = re.compile(r"\bis:inline\b")


def astro_blocks(text: str) -> Iterator[tuple[str, str]]:
    """(grammar, text with everything else blanked) for an Astro component's frontmatter and each ``<script>`` block
    Astro bundles, TypeScript both (Astro's own reading; a ``lang`` attribute is not needed there). A script marked
    ``is:inline`` is left as written in the page, unbundled: the browser resolves its ids, no package is installed
    for them. The template between is markup: its expressions import nothing."""
    end = 0
    fm = ASTRO_FENCE.match(text)
    if fm:
        end = fm.end()
        yield "typescript", _blanked(text, fm.start("body"), fm.end("body"))
    for m in SCRIPT_BLOCK.finditer(text, end):
        if INLINE_SCRIPT.search(m.group("attrs")):
            continue
        lang_m = LANG_ATTR.search(m.group("attrs"))
        lang = SCRIPT_LANG.get(lang_m.group("lang").lower()) if lang_m else "typescript"
        if lang is not None:
            yield lang, _blanked(text, m.start("body"), m.end("body"))


def _blanked(text: str, start: int, end: int) -> str:
    """``text`` with everything outside ``start:end`` blanked, line breaks kept (so are lines and columns)."""
    return re.sub(r"[^\n]", " ", text[:start]) + text[start:end] + re.sub(r"[^\n]", " ", text[end:])


def script_blocks(text: str) -> Iterator[tuple[str, str]]:
    """(grammar, text with everything but one <script> block blanked) for each script block of a component.

    Blanking keeps every other character's line and column, so positions need no adjustment.
    """
    for m in SCRIPT_BLOCK.finditer(text):
        lang_m = LANG_ATTR.search(m.group("attrs"))
        lang = SCRIPT_LANG.get(lang_m.group("lang").lower()) if lang_m else "javascript"
        if lang is None:  # lang="coffee" and friends: not parsed
            continue
        before = re.sub(r"[^\n]", " ", text[: m.start("body")])
        yield lang, before + m.group("body")


@file_format(PARSER, ("*.js", "*.mjs", "*.cjs", "*.jsx", "*.ts", "*.mts", "*.cts", "*.tsx", "*.vue", "*.svelte", "*.astro"),
             ecosystem="npm", kind="source",
             description="JavaScript/TypeScript imports (tree-sitter), Vue and Svelte scripts, Astro components")
def parse(source: Source) -> Iterator[Mention]:
    found = _parse(source)
    if source.fs_path is None:
        yield from found
        return
    from .lock_registries import mark_locked_elsewhere
    from .scoped_registries import mark_other_registries
    from .tstl import mark_lua_host_imports

    if source.root is not None:
        from .ohpm import mark_ohpm_imports, ohpm_manifest

        manifest = ohpm_manifest(source)
        if manifest is not None:  # an OpenHarmony package's file: ohpm's and hvigor's ids (ohpm.py)
            yield from mark_ohpm_imports(list(found), manifest)
            return
    # an import of a scope a tracked .npmrc sends to another registry is that registry's package, not checked, as
    # the manifest's entry is (dbt-core's docs SPA imports @dbt-labs/sourdough, from GitHub Packages), and so is one of
    # a name a lockfile above locks from another registry (novu imports @taskforcesh/bullmq-pro: lock_registries.py)
    # a TypeScriptToLua program's undeclared import is Lua's require of a module its host may give (tstl.py)
    yield from mark_lua_host_imports(source, mark_locked_elsewhere(source, mark_other_registries(source, found)),
                                     manifests_above(source)[2])


def _parse(source: Source) -> Iterator[Mention]:
    aliases = source.hints.local_js_aliases
    not_registry, renamed, declared = manifests_above(source)
    not_registry |= catalogued_off_registry(source, declared)
    from .package_json import catalog_aliases, workspace_catalogs

    aliased = catalog_aliases(workspace_catalogs(source))
    if aliased:  # a pnpm or Bun catalog's npm: alias ("h3-next": "catalog:dev" -> 'npm:h3@2'): the package it names
        renamed = {**aliased, **renamed}
    # a dependency's npm: alias the lockfile hoists ('ethers-v6' -> ethers): the package it names, looked up only
    # for a name no package.json above declares
    renamed = _Renamed(renamed, source, declared)
    linked = {entry.partition(" ")[0] for entry in source.hints.submodule_links}
    local = source.hints.local_packages | source.hints.submodule_packages | linked | not_registry  # submodules: imports
    local |= phantomjs_modules(source.text)  # a PhantomJS script's webpage, system and webserver (phantomjs.py)
    local |= gjs_modules(source.text)  # a GJS module's cairo, gettext, system and console (gjs.py)
    local |= addon_sdk_modules(source.text)  # a Firefox Add-on SDK module's chrome, sdk/…, @loader/… (addon_sdk.py)
    local |= plugin_host_modules(source)  # a host application plug-in's script: photoshop, uxp, sketch… (plugin_hosts.py)
    local |= sfcc_modules(source)  # a B2C Commerce cartridge's script: the server's dw/… and SFRA's server (sfcc.py)
    local |= app_module_path_modules(source)  # the folders app-module-path's addPath() adds (app_module_path.py)
    local |= velo_modules(source)  # a Wix site's code: the Velo API's wix-… modules, backend/ and public/ (wix_velo.py)
    local |= lwc_platform_modules(source)  # a Salesforce DX project's lightning/… and c/… (lwc_platform.py)
    local |= moodle_amd_modules(source)  # a Moodle plug-in's amd/src: core/…, qtype_x/… (moodle_amd.py)
    local |= quarto_modules(source)  # a script Quarto runs: its Deno standard library's stdlib/… (quarto_run.py)
    local |= node_test_modules(source.text)  # a Node test run with --expose-internals: internal/… (node_tests.py)
    view = view_for(source)
    if view is not None and read_by_python(view.file, view.root, view.limit) is not None:
        return  # a Python program's data, its ids the host's modules (_js_project.read_by_python)
    if source.fs_path is not None and source.root is not None and odoo_asset(str(source.fs_path), str(source.root)):
        return  # an Odoo add-on's browser code: its ids are Odoo's modules, bundled by Odoo (odoo_assets.py)
    hidden = _hidden_scopes(source, view)
    strict = source.hints.judge_guarded_imports
    if source.path.endswith((".vue", ".svelte", ".astro")):
        blocks = astro_blocks(source.text) if source.path.endswith(".astro") else script_blocks(source.text)
        for lang, text in blocks:
            yield from _in_hidden_scopes(emit(source, import_refs(text, lang, aliases, local, renamed, view, strict),
                                              PARSER), hidden)
        return
    found = emit(source, import_refs(source.text, grammar_for(source.path), aliases, local, renamed, view, strict), PARSER)
    if file_says_it_requires_missing(source.path):
        found = _built_to_fail(found, view)
    yield from _in_hidden_scopes(found, hidden)


BUILT_TO_FAIL = Example("the file's own name says it requires a module that does not exist: a test's input built "
                        "to fail", setting=None)


def _built_to_fail(mentions: Iterator[Mention], view: JsView | None) -> Iterator[Mention]:
    """``mentions`` of a file whose name says it requires a missing module (jest's e2e/resolve/requiresUnexistingModule.js
    and its ``require('nope')``: says_missing.py), each undeclared import that has no other note made a note when no
    registry has the name (a registered one, a look-alike, is judged as usual)."""
    from ...records import replace

    declared = view.aliases.declared if view is not None else frozenset()
    for m in mentions:
        if m.example is None and m.key.ecosystem == "npm" and m.key.name not in declared:
            m = replace(m, example=BUILT_TO_FAIL)
        yield m


def _hidden_scopes(source: Source, view: JsView | None) -> tuple[dict[str, str], frozenset[str]]:
    """scope -> the submodule, not checked out, whose workspace packages of that scope a pnpm lockfile links
    (``Hints.submodule_links``, submodule_links.py), and the names the package.json files above declare (an
    import of one of those is judged as the manifest's dependency is)."""
    found: dict[str, str] = {}
    for entry in source.hints.submodule_links:
        name, _, rel = entry.partition(" ")
        if name.startswith("@") and "/" in name:
            found.setdefault(name.split("/", 1)[0], rel)
    declared = frozenset(view.aliases.declared) if found and view is not None else frozenset()
    return found, declared


def _in_hidden_scopes(mentions: Iterator[Mention], hidden: tuple[dict[str, str], frozenset[str]]) -> Iterator[Mention]:
    """``mentions``, an undeclared import of a scope whose packages live in a submodule that is not checked out
    marked not checked (DG100): the tree does not show which names that submodule's workspace packages have."""
    scopes, declared = hidden
    if not scopes:
        yield from mentions
        return
    from ...model import Example
    from ...records import replace

    for m in mentions:
        scope = m.key.name.split("/", 1)[0] if m.key.name.startswith("@") else None
        rel = scopes.get(scope) if scope is not None else None
        if rel is not None and m.example is None and m.key.name not in declared:
            m = replace(m, example=Example(
                f"its scope's packages live in the git submodule {rel}, not checked out, which the pnpm lockfile "
                "links as workspace packages: the tree does not show their names", any_verdict=True, setting=None,
                unchecked=True))
        yield m
