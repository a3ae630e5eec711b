"""``build.gradle`` and ``build.gradle.kts``, read as text (never run): dependency declarations in string
notation (``implementation "g:a:v"``, ``api("g:a:v")``, ``platform("g:a:v")``, ForgeGradle's
``implementation fg.deobf("g:a:v")``) and map notation
(``implementation group: "g", name: "a", version: "v"`` / ``group = "g", name = "a"``), plus
``classpath`` lines of ``buildscript``, a dependency made in code (``project.dependencies.create("g:a:v")``), a
settings file's published version catalog (``versionCatalogs { create("x") { from("g:a:v") } }``), the module a
settings script resolves a plugin request to (``eachPlugin { useModule("g:a:v") }``) and a Kotlin/Native framework's
``export("g:a:v")``. Kotlin/JS's ``npm("name", "version")`` (and ``devNpm``, ``peerNpm``, ``optionalNpm``) is an npm
dependency, which the Kotlin Gradle plugin installs with Yarn from npm's registry.

Only calls of dependency configurations count (the standard ones, and any name ending in
``Implementation``, ``Api``, ``CompileOnly``, ``RuntimeOnly``, ``AnnotationProcessor`` or ``Classpath``), so a
coordinate-looking string elsewhere (a task, ``ext`` value or ``exclude``) is not a mention. A plugin requested with a
version in a ``plugins { }`` block (``id("org.x") version "1.0"``, ``id 'org.x' version '1.0'``,
``kotlin("jvm") version "2.0"``, in a build or settings script or its ``pluginManagement``) is resolved from the plugin
repositories as its marker artifact ``org.x:org.x.gradle.plugin``, so that is the name; one without a version is
on the classpath already (a core plugin, a ``build-logic`` convention plug-in) and names nothing. Version-catalog
references (``libs.foo``, ``alias(libs.plugins.x)``) are read from the catalog (``*.versions.toml``).

Coordinates built from the file's own string constants are resolved the way Groovy and Kotlin would:
interpolation (``"$group:core:$ver"``, ``"${rootProject.ext.group}:x"``), concatenation (``group + ":" + name``),
a constant or map entry used whole (``val okhttp = "g:a:v"`` then ``implementation(okhttp)``;
``ext.libraries = [guava: "g:a:v"]`` then ``implementation libraries.guava``). Constants are ``def``/``val``/
``var``/``String``/``const val`` definitions, ``ext.x =``, assignments inside ``ext { }``, ``extra["x"] =``,
``val x by extra("…")``, the ``gradle.properties`` beside the file and the scripts it applies from the tree
(``apply from: "$rootDir/gradle/dependencies.gradle"``, whose ``libs += [x: "g:a:$versions.x"]`` maps give
``libs.x``); Kotlin's ``kotlin("stdlib")`` is ``org.jetbrains.kotlin:kotlin-stdlib``. A coordinate that stays
unresolved is recorded as a problem; a lone name the file does not define (``libs.guava`` of a version
catalog, a ``buildSrc`` constant) or defines by a call (``val core = project(":core")``,
``val lib = libs.x.get().toString() + ":" + classifier()``) is not.

The Spring dependency-management plugin's block is read too: ``mavenBom "g:a:v"``, ``dependency "g:a:v"`` and
``dependencySet(group: "g", version: "v") { entry "a" }`` (Kotlin: ``dependencySet("g:v") { entry("a") }``).
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "build.gradle"
CONFIGS = ("implementation", "api", "compileOnly", "runtimeOnly", "testImplementation", "testCompileOnly",
           "testRuntimeOnly", "annotationProcessor", "kapt", "ksp", "classpath", "compile", "testCompile", "runtime",
           "testRuntime", "provided", "compileOnlyApi", "developmentOnly", "detektPlugins", "lintChecks",
           "coreLibraryDesugaring", "androidTestImplementation", "debugImplementation", "releaseImplementation",
           "mavenBom", "dependency", "export")
# a whole name: `podcastindexApiKey` (AntennaPod's buildConfigField value) or `dependencyResolutionManagement` only
# begin like one
CONFIG = r"(?:" + "|".join(CONFIGS) + r"|[a-z][A-Za-z0-9]*(?:Implementation|Api|CompileOnly|RuntimeOnly|AnnotationProcessor|Classpath))(?![\w$])"
# ForgeGradle's `implementation fg.deobf("g:a:v")` (Forge mods: a dependency remapped to the game's names on download)
CALL = re.compile(r"(?<![\w.$])" + CONFIG + r"""\s*\(?\s*(?:(?:platform|enforcedPlatform|testFixtures|fg\s*\.\s*deobf)\s*\(\s*)?(?=["'A-Za-z_])""")
MAP_CALL = re.compile(r"(?<![\w.])" + CONFIG + r"\s*\(?\s*(?P<args>group\s*[:=].*)$")
MAP_ARG = re.compile(r"""\b(group|name|version)\s*[:=]\s*""")
DEPENDENCY_SET = re.compile(r"(?<![\w.])dependencySet\s*\(\s*")
# a dependency made in code: `project.dependencies.create("g:a:v")` (added to a configuration by add(...))
CREATE_CALL = re.compile(r"""(?<![\w$])(?:(?:rootProject|project)\s*\.\s*)?dependencies\s*\.\s*"""
                         r"""(?:create|platform|enforcedPlatform)\s*\(\s*(?=["'])""")
# inside a dependencies { } block, a call of any configuration a plug-in adds (jmh("g:a:v"), shadow "g:a:v",
# androidTestUtil "g:a:v", ktlint("g:a:v")) and add(configuration, "g:a:v"); names that declare no download are left
DEPENDENCIES_BLOCK = re.compile(r"(?:(?<![\w.$])|(?<=project\.))dependencies\s*\{")  # project.dependencies { } too
ANY_CONFIG_CALL = re.compile(r"""(?<![\w.$"'])(?P<conf>[a-z][A-Za-z0-9_]*)(?:[ \t]*\(\s*|[ \t]+)(?=["'])""")
ADD_CALL = re.compile(r"""(?<![\w$])(?:(?:project\s*\.\s*)?dependencies\s*\.\s*)?add\s*\(\s*[^,()\n]{1,200},\s*(?=["'])""")
NOT_DOWNLOADS = frozenset({"exclude", "because", "requireCapability", "requireCapabilities", "module", "replacedBy",
                           "substitute", "using", "reject", "strictly", "require", "prefer", "version", "println",
                           "print", "error", "project", "file", "files", "fileTree", "npm", "devNpm", "peerNpm",
                           "optionalNpm", "useModule", "add", "id", "alias", "kotlin", "named", "getByName", "create",
                           "register", "dependencySet", "entry",
                           # Kotlin's collection builders; the IntelliJ Platform plug-in's Marketplace plugins
                           # (plugins(listOf("com.redhat.devtools.lsp4ij:0.17.0")): an id and a version, no coordinate)
                           "listOf", "setOf", "arrayOf", "mutableListOf", "plugin", "plugins", "bundledPlugin",
                           "bundledPlugins", "compatiblePlugin", "compatiblePlugins",
                           # Fabric Loom's: the game from Mojang's servers and mappings from Fabric's (Loom adds it)
                           "minecraft", "mappings"})
# Kotlin/JS npm dependencies: implementation(npm("sql.js", "1.8.0")), devNpm/peerNpm/optionalNpm, name = "x" too
NPM_CALL = re.compile(r"""(?<![\w.$])(?:npm|devNpm|peerNpm|optionalNpm)\s*\(\s*(?:name\s*=\s*)?"(?P<name>[^"\n$]+)"\s*"""
                      r"""(?:,\s*(?:version\s*=\s*)?(?:"(?P<version>[^"\n]*)")?)?""")
# an npm version that is no registry's: a path, a git or web address
NPM_NOT_REGISTRY = ("file:", "link:", "git", "http:", "https:", "github:", "./", "../", "/", "workspace:")
# a settings script's eachPlugin { useModule("g:a:v") }: the module a plugin request resolves to
USE_MODULE = re.compile(r"""(?<![\w.$])useModule\s*\(\s*(?=["'])""")
# a settings file's published version catalog: versionCatalogs { create("x") { from("g:a:v") } }
VERSION_CATALOGS = re.compile(r"(?<![\w.])versionCatalogs\s*\{")
CATALOG_FROM = re.compile(r"""(?<![\w.$])from\s*\(\s*(?=["'])""")
# a plugins { } block, and a plugin request in it given a version: id("x") version "v" / id 'x' version 'v' /
# kotlin("jvm") version "v" (org.jetbrains.kotlin.jvm); the version may be a name (version libs.versions.x.get())
PLUGINS_BLOCK = re.compile(r"(?<![\w.$])plugins\s*\{")
PLUGIN_REQUEST = re.compile(
    r"""(?<![\w.$])(?:id\s*(?:\(\s*)?(?P<q>["'])(?P<id>[A-Za-z0-9_][A-Za-z0-9_.\-]*)(?P=q)\s*(?:\)\s*)?"""
    r"""|kotlin\s*\(\s*"(?P<kotlin>[A-Za-z0-9][A-Za-z0-9.\-]*)"\s*\)\s*)"""
    r"""version\s*(?:\(\s*)?(?:(?P<vq>["'])(?P<version>[^"'\n]*)(?P=vq)|(?=[A-Za-z_$]))""")
# pluginManagement { resolutionStrategy { eachPlugin { if (requested.id.id == "x") useModule("g:a:$v") } } }: the
# plugins a settings script maps to a module of its choosing are not downloaded as their markers
EACH_PLUGIN = re.compile(r"(?<![\w.$])eachPlugin\s*\{")
PLUGIN_ID = re.compile(r"[A-Za-z0-9_\-]+(?:\.[A-Za-z0-9_\-]+)+")
SETTINGS_FILES = ("settings.gradle.kts", "settings.gradle")
# includeBuild("build-logic") / includeBuild "$flutterSdkPath/packages/flutter_tools/gradle": a build providing plugins
INCLUDE_BUILD = re.compile(r"""(?<![\w.$])includeBuild\s*\(?\s*(?P<build>"[^"\n]*"|'[^'\n]*'|[^\s()]+)""")
ENTRY = re.compile(r"""(?<![\w.])entry\s*\(?\s*(?=["'])""")
COORD = re.compile(r"^(?P<g>[A-Za-z0-9_.\-]+):(?P<a>[A-Za-z0-9_.\-]+)(?::(?P<v>[^\s:@]*))?(?::[^\s:@]+)?(?:@[A-Za-z0-9]+)?$")
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'')
PATH = re.compile(r"[A-Za-z_]\w*(?:\s*\.\s*[A-Za-z_]\w*|\[\s*[\"'][^\"'\n]+[\"']\s*\])*")
TEMPLATE = re.compile(r"\$(?:\{\s*(?P<braced>[^{}]+?)\s*\}|(?P<plain>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*))")
# where a constant is defined: def/val/var/String/const val x =, ext.x =, extra["x"] =, val x by extra(...)
DEFINITION = re.compile(
    r"""^\s*(?:(?:private|public|internal|static|final|const|def|val|var|String|Object)\s+)*"""
    r"""(?P<name>(?:(?:rootProject|project)\s*\.\s*)?(?:(?:ext|extra)\s*(?:\.\s*|(?=\[)))?"""
    r"""(?:[A-Za-z_]\w*|\[\s*["'][^"'\n]+["']\s*\]))"""
    r"""(?:\s*:\s*String)?\s*(?:\+?=|by\s+extra\s*\()\s*(?P<value>.+?)\s*\)?\s*;?\s*$""")
SET_EXTRA = re.compile(r"""^\s*(?:(?:rootProject|project)\s*\.\s*)?(?:ext|extra)\s*\.\s*set\s*\(\s*["'](?P<name>[^"']+)["']\s*,\s*(?P<value>.+?)\s*\)\s*$""")
MAP_ENTRY = re.compile(r"""(?:(?<=[\[,\s])|^)(?P<key>[A-Za-z_]\w*|["'][^"'\n]+["'])\s*:\s*(?P<value>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')""")
PROPERTY_LINE = re.compile(r"^\s*(?P<name>[A-Za-z_][\w.\-]*)\s*[=:]\s*(?P<value>\S.*?)\s*$")
# shadow's exclude(dependency("g:a")) / include(dependency(…)) pick from what is already resolved: no download
# an exclude(…)/include(…) call's opening: a call just after one (its end) is a filter's argument, no dependency. The ends
# are found once per line: a search from the line's start before each call was quadratic on one long line (l38)
FILTER_CALL = re.compile(r"\b(?:exclude|include)\s*\(\s*")


def _filter_openings(line: str) -> frozenset[int]:
    """Where the ``exclude(``/``include(`` openings of ``line`` end (after their blanks): a call starting there is one's
    argument."""
    return frozenset(m.end() for m in FILTER_CALL.finditer(line)) if "clude" in line else frozenset()
KOTLIN_MODULE = re.compile(
    r"""kotlin\s*\(\s*"(?P<module>[A-Za-z0-9.\-]+)"\s*(?:,\s*(?:version\s*=\s*)?"(?P<version>[^"\s]+)"\s*)?\)""")
APPLY_FROM = re.compile(r"""\bapply\s*\(?\s*from\s*[:=]\s*(?:(?:rootProject\s*\.\s*|project\s*\.\s*)?file\s*\(\s*)?["'](?P<path>[^"'\n]+)["']""")
ROOT_DIR = re.compile(r"^\$\{?(?:(?:rootProject|project)\.)?(?:rootDir|projectDir)\}?/")
MAX_APPLY_DEPTH = 3
SCOPE_PREFIX = re.compile(r"^(?:(?:rootProject|project)\.)?(?:(?:ext|extra|properties)\.)?")


def _blank_comments(text: str) -> list[str]:
    """Lines with ``//`` and ``/* */`` comments blanked (columns kept); text inside string literals (``'…'``,
    ``"…"``, triple-quoted over several lines) is never a comment (``include '**/*.class'``)."""
    out: list[str] = []
    in_block = False
    quote = ""  # the open string's delimiter; only a triple-quoted string goes on past its line
    for line in text.splitlines():
        chars = list(line)
        i = 0
        if len(quote) == 1:
            quote = ""
        while i < len(chars):
            if in_block:
                if line.startswith("*/", i):
                    chars[i] = chars[i + 1] = " "
                    in_block = False
                    i += 2
                    continue
                chars[i] = " "
            elif quote:
                if line[i] == "\\":
                    i += 2
                    continue
                if line.startswith(quote, i):
                    i += len(quote)
                    quote = ""
                    continue
            elif line.startswith(('"""', "'''"), i):
                quote = line[i:i + 3]
                i += 3
                continue
            elif line[i] in "\"'":
                quote = line[i]
            elif line.startswith("/*", i):
                in_block = True
                chars[i] = chars[i + 1] = " "
                i += 2
                continue
            elif line.startswith("//", i):
                chars[i:] = [" "] * (len(chars) - i)
                break
            i += 1
        out.append("".join(chars))
    return out


def _key(path: str) -> str:
    """A constant's name as the file refers to it: ``rootProject.ext.x``, ``extra["x"]`` and ``x`` are one."""
    path = re.sub(r"""\[\s*["']([^"']+)["']\s*\]""", r".\1", re.sub(r"\s+", "", path)).lstrip(".")
    return SCOPE_PREFIX.sub("", path)


class Expression:
    """A Groovy/Kotlin string expression (literals, templates, constant names, ``+``) read from one line."""

    def __init__(self, line: str, start: int, constants: dict[str, str | None]) -> None:
        self.constants = constants
        self.parts: list[str | None] = []  # each term's value, None when it cannot be known
        self.names: list[str] = []  # constant names used
        self.literals = 0
        self.call = False  # the expression is a call (project(":x"), files(...), kotlin("stdlib")): not a coordinate
        self.end = start
        at = start
        while True:
            m = STRING.match(line, at)
            if m:
                self.literals += 1
                self.parts.append(self._string(m.group(0)))
            else:
                m = PATH.match(line, at)
                if not m:
                    break
                rest = line[m.end():].lstrip()
                module = KOTLIN_MODULE.match(line, at) if rest.startswith("(") else None
                if module:  # kotlin("stdlib") is org.jetbrains.kotlin:kotlin-stdlib
                    m = module
                    self.literals += 1
                    self.names.append("kotlin")
                    self.parts.append(f"org.jetbrains.kotlin:kotlin-{m.group('module')}"
                                      + (f":{m.group('version')}" if m.group("version") else ""))
                elif rest.startswith(("(", "{")):
                    self.call = True
                    break
                else:
                    name = _key(m.group(0))
                    self.names.append(name)
                    self.parts.append(constants.get(name))
            self.end = m.end()
            plus = re.match(r"\s*\+\s*", line[self.end:])
            if not plus:
                break
            at = self.end + plus.end()

    def _string(self, quoted: str) -> str | None:
        body = quoted[1:-1]
        if quoted[0] == "'" or "$" not in body:
            return body.replace("\\'", "'").replace('\\"', '"')
        unknown = False

        def fill(m: re.Match[str]) -> str:
            nonlocal unknown
            name = _key(m.group("braced") or m.group("plain"))
            value = self.constants.get(name)
            if value is None:
                unknown = True
                return m.group(0)
            return value

        text = TEMPLATE.sub(fill, body)
        # a version left as a template is only a version; a group or artifact left so is unknown
        if unknown and "$" in ":".join(text.split(":")[:2]):
            return None
        return text

    @property
    def value(self) -> str | None:
        if self.call or not self.parts or any(p is None for p in self.parts):
            return None
        return "".join(p for p in self.parts if p is not None)

    @property
    def plain(self) -> bool:
        """A single string literal with no template: the coordinate is written as it is."""
        return self.literals == 1 and len(self.parts) == 1 and not self.names


def constants(source: Source, lines: list[str], found: dict[str, str | None] | None = None,
              depth: int = 0) -> dict[str, str | None]:
    """String constants of the file, of the ``gradle.properties`` beside it and of the scripts it applies
    (``apply from: "$rootDir/gradle/dependencies.gradle"``): name -> value, None when defined by something
    that is not a string. Map literals (``libs += [guava: "g:a:$versions.guava"]``) give ``libs.guava``."""
    if found is None:
        found = {}
        props = source.read_related("gradle.properties") if source.fs_path is not None else None
        for line in (props[1].splitlines() if props else ()):
            m = PROPERTY_LINE.match(line)
            if m and not line.lstrip().startswith(("#", "!")):
                found[m.group("name")] = m.group("value")
    map_name: str | None = None  # name of a map literal being read over several lines
    for line in lines:
        if map_name is not None:
            _map_entries(map_name, line, found)
            if "]" in line:
                map_name = None
            continue
        applied = APPLY_FROM.search(line)
        if applied and depth < MAX_APPLY_DEPTH:
            _apply(source, applied.group("path"), found, depth)
            continue
        m = DEFINITION.match(line) or SET_EXTRA.match(line)
        if not m:
            continue
        name, value = _key(m.group("name")), m.group("value")
        if value.startswith("["):
            _map_entries(name, value, found)
            if "]" not in value:
                map_name = name
            continue
        expr = Expression(value, 0, found)
        if expr.call and not expr.parts:
            continue  # made by code (project(":core"), libs.x.get().toString() + …): no string of this file
        found[name] = expr.value
    return found


def _map_entries(name: str, text: str, found: dict[str, str | None]) -> None:
    for e in MAP_ENTRY.finditer(text):
        found[f"{name}.{e.group('key').strip(chr(34) + chr(39))}"] = Expression(e.group("value"), 0, found).value


def _apply(source: Source, written: str, found: dict[str, str | None], depth: int) -> None:
    """Read the constants of a script the file applies, when it is a file inside the scanned tree."""
    path = ROOT_DIR.sub("", written.strip())
    if "$" in path or "://" in path or source.fs_path is None or not path.endswith((".gradle", ".gradle.kts")):
        return
    here = source.fs_path.parent.resolve()
    root = (source.root or source.fs_path.parent).resolve()
    for base in [here, *here.parents]:  # relative to this file, or to the build's root folder above it
        target = (base / path).resolve()
        if root != base and root not in base.parents:
            return
        if source.files.is_file(target) and (target == root or root in target.parents):
            related = source.read_related(os.path.relpath(target, here))
            if related:
                constants(source, _blank_comments(related[1]), found, depth + 1)
            return


@file_format("build.gradle", ("build.gradle", "build.gradle.kts", "*.gradle", "*.gradle.kts"), ecosystem="maven",
             kind="manifest", description="Gradle build scripts (read as text): string and map dependency notation")
def parse(source: Source) -> Iterator[Mention]:
    from .repositories import mark_other_repositories

    yield from mark_other_repositories(source, mark_included_builds(source, _parse(source)))


def _parse(source: Source) -> Iterator[Mention]:
    lines = _blank_comments(source.text)
    known = constants(source, lines) if any(w in source.text for w in ("=", "extra", "apply")) else {}
    dependency_set: tuple[str, str | None, int] | None = None  # (group, version, brace depth at its end)
    catalogs: int | None = None  # the brace depth a versionCatalogs { } block opened at
    plugins: int | None = None  # the brace depth a plugins { } block opened at
    dependencies: int | None = None  # the brace depth a dependencies { } block opened at
    mapped_ids = functools.cache(lambda: mapped_plugins(source))
    depth = 0
    for no, line in enumerate(lines, 1):
        if catalogs is None and VERSION_CATALOGS.search(line):
            catalogs = depth
        opened = PLUGINS_BLOCK.search(line) if plugins is None else None
        if opened:
            plugins = depth
        if plugins is not None:
            yield from _plugin_requests(source, line, opened.end() if opened else 0, no, known, mapped_ids)
        opened = DEPENDENCIES_BLOCK.search(line) if dependencies is None else None
        if opened:
            dependencies = depth
        if dependencies is not None or "dependencies" in line:
            yield from _other_configurations(source, line, opened.end() if opened else 0, no, known,
                                             inside=dependencies is not None)
        if catalogs is not None:
            for cf in CATALOG_FROM.finditer(line):
                yield from _string_notation(source, line, cf.end(), no, known, note="version catalog")
        entries_from = 0
        if dependency_set is None:
            m = DEPENDENCY_SET.search(line)
            if m:
                dependency_set = _dependency_set(source, line, m.end(), no, known, depth)
                entries_from = m.end()
        if dependency_set is not None:
            for m in ENTRY.finditer(line, entries_from):
                expr = Expression(line, m.end(), known)
                if expr.value:
                    yield source.mention("maven", f"{dependency_set[0]}:{expr.value}", no, m.end() + 2,
                                         Origin.MANIFEST, PARSER, spec=dependency_set[1], note="dependencySet entry")
        depth += line.count("{") - line.count("}")
        if catalogs is not None and depth <= catalogs:
            catalogs = None
        if plugins is not None and depth <= plugins:
            plugins = None
        if dependencies is not None and depth <= dependencies:
            dependencies = None
        if dependency_set is not None and depth <= dependency_set[2]:
            dependency_set = None
        if dependency_set is not None:
            continue
        mapped, filters = MAP_CALL.search(line), _filter_openings(line)
        if mapped and mapped.start() not in filters:
            yield from _map_notation(source, line, mapped.start("args"), no, known)
            continue
        for m in CALL.finditer(line):
            if m.start() not in filters:
                yield from _string_notation(source, line, m.end(), no, known)
        for cc in CREATE_CALL.finditer(line):
            yield from _string_notation(source, line, cc.end(), no, known)
        for nc in NPM_CALL.finditer(line) if "pm(" in line else ():
            yield from _npm_dependency(source, nc, no)
        for um in USE_MODULE.finditer(line) if "useModule" in line else ():
            # useModule("${requested.id.id}:gradle:${requested.version}") names the module by the request: no problem
            if Expression(line, um.end(), known).value is not None:
                yield from _string_notation(source, line, um.end(), no, known, note="plugin module")


def _string_notation(source: Source, line: str, at: int, no: int, known: dict[str, str | None],
                     note: str | None = None) -> Iterator[Mention]:
    expr = Expression(line, at, known)
    value = expr.value
    if expr.call or (not expr.literals and not any(n in known for n in expr.names)):
        return  # project(":x"), files(...), or a name defined elsewhere (libs.guava, a buildSrc constant)
    coord = COORD.match(value) if value is not None else None
    if coord is None:
        if value is None or "$" in value:
            source.problem(f"coordinate {line[at:expr.end].strip()!r} uses a variable; not resolved", no)
        return  # a string that is no coordinate (a file name, a closure argument)
    group, artifact, version = coord.group("g"), coord.group("a"), coord.group("v") or None
    note = note or (None if expr.plain else "built from constants")
    yield source.mention("maven", f"{group}:{artifact}", no, at + (1 if expr.plain else 0) + 1, Origin.MANIFEST, PARSER,
                         spec=version, note=note)


def _mapped_in(text: str) -> tuple[str, ...]:
    """The plugin ids and namespaces (string literals) of the ``eachPlugin { }`` blocks of a settings script that
    call ``useModule``."""
    from .repositories import _block

    out: list[str] = []
    read_to = 0
    for m in EACH_PLUGIN.finditer(text) if "eachPlugin" in text else ():
        if m.start() < read_to:
            continue  # inside the block just read (a run of unclosed blocks is read once, not from each)
        body = _block(text, m.end(), 2000)  # a few lines
        read_to = m.end() + len(body)
        if "useModule" in body:
            out += [q.group(0)[1:-1] for q in STRING.finditer(body) if PLUGIN_ID.fullmatch(q.group(0)[1:-1])]
    return tuple(out)


def _from_settings(source: Source, read: Callable[[str], tuple[str, ...]]) -> list[tuple[str, str, str | None]]:
    """``read(text)`` of each settings script of the build (this file when it is one, and every ``settings.gradle(.kts)``
    in its folder or above, read through the view): (item, the settings file it came from, that file's folder on disk
    when known)."""
    from ...imports import files_above, read_related
    from .repositories import _where

    name = source.path.replace("\\", "/").rpartition("/")[2]
    here = str(source.fs_path.parent) if source.fs_path is not None else None
    found = [(item, name, here) for item in read(source.text)] if name in SETTINGS_FILES else []
    for settings in SETTINGS_FILES:
        for path in files_above(source, settings):
            if path != source.fs_path:
                found += [(item, _where(source, path), str(path.parent)) for item in read_related(source, path, read) or ()]
    return found


def mapped_plugins(source: Source) -> tuple[str, ...]:
    """The plugin ids and namespaces a settings script of the build (this file, or a ``settings.gradle(.kts)`` in its
    folder or above) maps to a module with ``resolutionStrategy.eachPlugin { useModule(…) }``: voyager (held-out set
    277) requests ``com.android.tools.build`` and resolves it as ``com.android.tools.build:gradle``, so its marker is
    never asked for."""
    return tuple(item for item, _, _ in _from_settings(source, _mapped_in))


def _included_in(text: str) -> tuple[str, ...]:
    return tuple(m.group("build").strip("\"'") for m in INCLUDE_BUILD.finditer(text)) if "includeBuild" in text else ()


# what an included build of the tree declares it provides (the plugin ids of its gradlePlugin { } block, its precompiled
# script plugins, its META-INF/gradle-plugins descriptors), read in at most this many of its files
INCLUDED_BUILD_FILES = 400
DECLARED_ID = re.compile(r"""(?<![\w.$])id\s*(?:=|\.set\s*\(|(?=["']))\s*(?P<q>["'])(?P<id>[A-Za-z0-9_][A-Za-z0-9_.\-]*)(?P=q)""")
# a catalog plugin reference, ``libs.plugins.<alias>.get().pluginId``, is found as the run of alias characters before
# ``().pluginId`` (one start per run), then the run's leftmost ``libs.plugins.`` that no word character or ``$`` precedes:
# a lazy alias after each ``libs.plugins.`` rescanned the rest of a run of them from every start (quadratic, l38)
CATALOG_PLUGIN_RUN = re.compile(r"(?<![A-Za-z0-9_.\-])[A-Za-z0-9_.\-]+(?=\(\)\.pluginId)")
CATALOG_PLUGIN_PREFIX = "libs.plugins."
CATALOG_PLUGIN_NOT_AFTER = re.compile(r"[\w$]")
PACKAGE = re.compile(r"^[ \t]*package[ \t]+(?P<name>[A-Za-z_][\w.]*)", re.M)


def _declared_in_build_file(text: str) -> tuple[str, ...]:
    ids = [m.group("id") for m in DECLARED_ID.finditer(text)] if "id" in text else []
    refs = ["alias:" + re.sub(r"[-_.]", ".", alias) for alias in _catalog_plugin_aliases(text)] \
        if CATALOG_PLUGIN_PREFIX in text else []
    return (*ids, *refs)


def _catalog_plugin_aliases(text: str) -> Iterator[str]:
    """The aliases of the ``libs.plugins.<alias>.get().pluginId`` references of ``text``, one look at each run."""
    for m in CATALOG_PLUGIN_RUN.finditer(text):
        run = m.group(0)
        if not run.endswith(".get"):
            continue
        body, at = run[:-4], run.find(CATALOG_PLUGIN_PREFIX)
        while at != -1 and len(body) > at + len(CATALOG_PLUGIN_PREFIX):
            before = body[at - 1] if at else text[m.start() - 1] if m.start() else ""
            if not CATALOG_PLUGIN_NOT_AFTER.match(before):
                yield body[at + len(CATALOG_PLUGIN_PREFIX):]
                break
            at = run.find(CATALOG_PLUGIN_PREFIX, at + 1)


def _package_of(text: str) -> tuple[str, ...]:
    m = PACKAGE.search(text[:4000])
    return (m.group("name"),) if m else ()


def _declared_plugins(source: Source, folder: str | None, build: str) -> frozenset[str] | None:
    """The plugin ids (and, as ``alias:a.b``, the catalog plugin aliases) the included build ``build`` of the settings
    script in ``folder`` declares it provides; None when the build is not a folder of the scanned tree (a path through a
    variable, ``$flutterSdkPath/packages/flutter_tools/gradle``, or outside the tree: whatever it provides is unknown)
    or too large to read."""
    from ...fsview import active
    from ...imports import read_related

    if folder is None or not build or any(c in build for c in "$~{}") or os.path.isabs(build):
        return None
    target = os.path.normpath(os.path.join(folder, build))
    root = str(source.root) if source.root is not None else None
    if root is None or not (target == root or target.startswith(root.rstrip(os.sep) + os.sep)):
        return None
    view = active()
    if not view.is_dir(target):
        return None
    out: set[str] = set()
    seen = 0
    for here, _dirs, files in view.walk(target, skip=frozenset({"build", ".gradle", ".git", "node_modules", "out"})):
        for name in files:
            seen += 1
            if seen > INCLUDED_BUILD_FILES:
                return None
            path = os.path.join(here, name)
            rel = path[len(target):].replace(os.sep, "/")
            if name.endswith((".gradle.kts", ".gradle")) and "/src/main/" in rel:  # a precompiled script plugin
                stem = name[: -len(".gradle.kts")] if name.endswith(".kts") else name[: -len(".gradle")]
                out.add(stem)
                out.update(f"{package}.{stem}" for package in read_related(source, Path(path), _package_of) or ())
            elif name.endswith(".properties") and "/META-INF/gradle-plugins/" in rel:
                out.add(name[: -len(".properties")])
            if name in ("build.gradle.kts", "build.gradle"):
                out.update(read_related(source, Path(path), _declared_in_build_file) or ())
    return frozenset(out)


def mark_included_builds(source: Source, mentions: Iterable[Mention]) -> Iterator[Mention]:
    """``mentions``, the plugin markers among them marked not checked when the registries lack them if a settings script
    of the build includes a build that may provide them (``includeBuild("$flutterSdkPath/packages/flutter_tools/
    gradle")``: a build outside the tree provides any plugin, a request's version notwithstanding; every Flutter app's
    settings request ``id "dev.flutter.flutter-plugin-loader" version "1.0.0"``, which no registry has). A build of the
    tree (``includeBuild("build-logic")``) provides the plugins it declares (:func:`_declared_plugins`), and only those
    are marked: another plugin requested there is judged as in any build (reviewer r38: an invented id with a version
    beside ``includeBuild("build-logic")`` was not checked)."""
    mentions = list(mentions)
    markers = [m for m in mentions if m.example is None and m.key.ecosystem == "maven" and m.note is not None
               and (m.note == "plugin request" or m.note.startswith("catalog plugin alias"))]
    builds = _from_settings(source, _included_in) if markers else []
    if not builds:
        yield from mentions
        return
    from ...model import Example
    from ...records import replace

    unknown: tuple[str, str] | None = None
    declared: dict[str, tuple[str, str]] = {}  # id or alias:x -> (the build declaring it, its settings file)
    for build, where, folder in builds:
        ids = _declared_plugins(source, folder, build)
        if ids is None:
            unknown = unknown or (build, where)
        else:
            for plugin in ids:
                declared.setdefault(plugin, (build, where))
    chosen: dict[int, Example] = {}
    for m in markers:
        alias = m.note.removeprefix("catalog plugin alias ") if m.note and m.note != "plugin request" else None
        by = declared.get(m.written) or (declared.get("alias:" + re.sub(r"[-_.]", ".", alias)) if alias else None)
        if by is not None:
            reason = f"its settings include the build {by[0]} ({by[1]}), which declares the plugin"
        elif unknown is not None:
            reason = f"its settings include the build {unknown[0]} ({unknown[1]}), which may provide the plugin"
        else:
            continue
        chosen[id(m)] = Example(reason, any_verdict=True, setting=None, unchecked=True, ok_passes=True,
                                doubts_judged=True)
    for m in mentions:
        yield replace(m, example=chosen[id(m)]) if id(m) in chosen else m


def is_mapped(plugin: str, mapped: tuple[str, ...]) -> bool:
    return any(plugin == m or plugin.startswith(m + ".") for m in mapped)


def _plugin_requests(source: Source, line: str, at: int, no: int, known: dict[str, str | None],
                     mapped: Callable[[], tuple[str, ...]]) -> Iterator[Mention]:
    """The plugins a ``plugins { }`` line requests with a version, each as the marker artifact Gradle downloads."""
    for m in PLUGIN_REQUEST.finditer(line, at):
        plugin = m.group("id") or f"org.jetbrains.kotlin.{m.group('kotlin')}"
        if is_mapped(plugin, mapped()):
            continue
        version = m.group("version")
        if version is not None and "$" in version:  # "$kotlinVersion": the file's constant, when it has one
            version = Expression(line, m.start("vq"), known).value
            version = None if version is None or "$" in version else version
        yield source.mention("maven", plugin, no, m.start("id" if m.group("id") else "kotlin") + 1, Origin.MANIFEST,
                             PARSER, spec=version or None, name=f"{plugin}:{plugin}.gradle.plugin",
                             note="plugin request")


def _other_configurations(source: Source, line: str, at: int, no: int, known: dict[str, str | None],
                          inside: bool) -> Iterator[Mention]:
    """The coordinates a ``dependencies { }`` line declares for a configuration :data:`CONFIG` does not name (one a
    plug-in adds: JMH's ``jmh``, Shadow's ``shadow``, Android's ``androidTestUtil``), and ``add(configuration, "g:a:v")``
    (``project.dependencies.add(…)`` anywhere). Only a literal coordinate whose group has a dot and whose artifact
    begins with a letter counts, quietly: an unknown call holding some other string (an IntelliJ Marketplace plugin's
    ``id:version``) is no dependency."""
    filters = _filter_openings(line)
    calls = [(m.end(), f"{m.group('conf')} dependency") for m in ANY_CONFIG_CALL.finditer(line, at) if inside
             and m.group("conf") not in NOT_DOWNLOADS and not re.fullmatch(CONFIG, m.group("conf"))
             and m.start() not in filters]
    calls += [(m.end(), "added dependency") for m in ADD_CALL.finditer(line, at) if "add" in line
              and (inside or m.group(0).lstrip().startswith(("project", "dependencies")))]
    for end, note in calls:
        expr = Expression(line, end, known)
        coord = COORD.match(expr.value) if expr.literals and expr.value is not None else None
        if (coord is not None and "." in coord.group("g") and coord.group("a")[:1].isalpha()
                and "$" not in coord.group("g") + coord.group("a")):
            yield source.mention("maven", f"{coord.group('g')}:{coord.group('a')}", no, end + 2, Origin.MANIFEST, PARSER,
                                 spec=coord.group("v") or None, note=note)


def _npm_dependency(source: Source, call: re.Match[str], no: int) -> Iterator[Mention]:
    """A Kotlin/JS ``npm("name", "version")`` dependency: the npm package the Kotlin Gradle plugin installs with Yarn."""
    version = call.group("version")
    if version is not None and version.strip().startswith(NPM_NOT_REGISTRY):
        return
    yield source.mention("npm", call.group("name"), no, call.start("name") + 1, Origin.MANIFEST, PARSER,
                         spec=version or None, note="Kotlin/JS npm dependency")


def _map_notation(source: Source, line: str, at: int, no: int, known: dict[str, str | None]) -> Iterator[Mention]:
    args: dict[str, Expression] = {}
    for m in MAP_ARG.finditer(line, at):
        args.setdefault(m.group(1), Expression(line, m.end(), known))
    if "group" not in args or "name" not in args:
        return
    group, name = args["group"].value, args["name"].value
    if not group or not name or "$" in group + name:
        source.problem("map notation uses a variable; not resolved", no)
        return
    version = args["version"].value if "version" in args else None
    yield source.mention("maven", f"{group}:{name}", no, at + 1, Origin.MANIFEST, PARSER, spec=version,
                         note=None if all(a.plain for a in args.values()) else "built from constants")


def _dependency_set(source: Source, line: str, at: int, no: int, known: dict[str, str | None],
                    depth: int) -> tuple[str, str | None, int] | None:
    """(group, version, depth) of ``dependencySet(group: "g", version: "v")`` or ``dependencySet("g:v")``."""
    args = {m.group(1): Expression(line, m.end(), known).value for m in MAP_ARG.finditer(line, at)}
    if "group" in args:
        group, version = args["group"], args.get("version")
    else:
        whole = Expression(line, at, known).value
        group, _, version = (whole or "").partition(":")
    if not group or "$" in group:
        source.problem("dependencySet group uses a variable; not resolved", no)
        return None
    return group, version or None, depth
