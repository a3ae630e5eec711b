"""``build.gradle`` and ``build.gradle.kts``, read as text (never run): dependency declarations in string
notation (``implementation "g:a:v"``, ``api("g:a:v")``, ``platform("g:a:v")``) and map notation
(``implementation group: "g", name: "a", version: "v"`` / ``group = "g", name = "a"``), plus
``classpath`` lines of ``buildscript``.

Only calls of dependency configurations count (the standard ones, and any name ending in
``Implementation``, ``Api``, ``CompileOnly``, ``RuntimeOnly``, ``AnnotationProcessor`` or ``Classpath``), so a
coordinate-looking string elsewhere (a task, ``ext`` value or ``exclude``) is not a mention. Plugin ids
(``id "org.x"``) are Gradle Plugin Portal ids, not Maven coordinates. Version-catalog references
(``libs.foo``) are read from ``libs.versions.toml``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source, file_format

PARSER = "build.gradle"
CONFIGS = ("implementation", "api", "compileOnly", "runtimeOnly", "testImplementation", "testCompileOnly",
           "testRuntimeOnly", "annotationProcessor", "kapt", "ksp", "classpath", "compile", "testCompile", "runtime",
           "testRuntime", "provided", "compileOnlyApi", "developmentOnly", "detektPlugins", "lintChecks",
           "coreLibraryDesugaring", "androidTestImplementation", "debugImplementation", "releaseImplementation")
CONFIG = r"(?:" + "|".join(CONFIGS) + r"|[a-z][A-Za-z0-9]*(?:Implementation|Api|CompileOnly|RuntimeOnly|AnnotationProcessor|Classpath))"
COORD = r"""(?P<q>["'])(?P<coord>[A-Za-z0-9_.\-${}]+:[A-Za-z0-9_.\-${}]+(?::[^"'\s:@]*)?(?::[^"'\s:@]+)?(?:@[A-Za-z0-9]+)?)(?P=q)"""
STRING_CALL = re.compile(
    r"(?<![\w.])" + CONFIG + r"""\s*\(?\s*(?:(?:platform|enforcedPlatform|testFixtures)\s*\(\s*)?""" + COORD)
MAP_CALL = re.compile(r"(?<![\w.])" + CONFIG + r"\s*\(?\s*(?P<args>group\s*[:=].*)$")
MAP_ARG = re.compile(r"""\b(group|name|version)\s*[:=]\s*(["'])([^"']*)\2""")
COMMENT = re.compile(r"//.*$")


def _blank_comments(text: str) -> list[str]:
    """Lines with // and /* */ comments blanked (columns kept); strings are not tracked."""
    out: list[str] = []
    in_block = False
    for line in text.splitlines():
        chars = list(line)
        i = 0
        while i < len(chars):
            pair = line[i:i + 2]
            if in_block:
                if pair == "*/":
                    chars[i] = chars[i + 1] = " "
                    in_block = False
                    i += 2
                    continue
                chars[i] = " "
            elif pair == "/*":
                in_block = True
                chars[i] = chars[i + 1] = " "
                i += 2
                continue
            elif pair == "//" and (i == 0 or line[i - 1] != ":"):
                chars[i:] = [" "] * (len(chars) - i)
                break
            i += 1
        out.append("".join(chars))
    return out


@file_format("build.gradle", ("build.gradle", "build.gradle.kts", "*.gradle", "*.gradle.kts"), ecosystem="maven",
             kind="manifest", description="Gradle build scripts (read as text): string and map dependency notation")
def parse(source: Source) -> Iterator[Mention]:
    for no, line in enumerate(_blank_comments(source.text), 1):
        for m in STRING_CALL.finditer(line):
            coord = m.group("coord").split("@")[0]
            parts = coord.split(":")
            group, artifact = parts[0], parts[1]
            if "$" in group or "$" in artifact:
                source.problem(f"coordinate {coord!r} uses a variable; not resolved", no)
                continue
            version = parts[2] if len(parts) > 2 and parts[2] else None
            yield source.mention("maven", f"{group}:{artifact}", no, m.start("coord") + 1, Origin.MANIFEST, PARSER,
                                 spec=version)
        m = MAP_CALL.search(line)
        if m:
            args = {k: v for k, _, v in MAP_ARG.findall(m.group("args"))}
            if "group" in args and "name" in args:
                if "$" in args["group"] or "$" in args["name"]:
                    source.problem("map notation uses a variable; not resolved", no)
                    continue
                yield source.mention("maven", f"{args['group']}:{args['name']}", no, m.start("args") + 1,
                                     Origin.MANIFEST, PARSER, spec=args.get("version"))
