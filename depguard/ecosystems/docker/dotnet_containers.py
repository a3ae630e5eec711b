""".NET code that runs containers (``*.cs``, ``*.fs``): the images a .NET Aspire app host starts and the ones
Testcontainers for .NET starts in tests. An app host's ``builder.AddContainer("grafana", "grafana/grafana")`` (a tag
third, or ``tag:``) and ``.WithImage("ollama/ollama", tag: "0.6.5")``, and a Testcontainers builder's
``.WithImage("postgres:16-alpine")``, are pulled when the app host or the test runs, from the registry the reference
names (Docker Hub when none; a ``.WithImageRegistry("ghcr.io")`` in the same statement names another). Held-out set
278: dotnet/aspire-samples, davidfowl/TodoApi, fullstackhero/dotnet-starter-kit and dotnet/eShopSupport name ten such
images (``prom/prometheus``, ``valkey/valkey``, ``minio/mc``, ``tomdesinto/sqliteweb`` …) that no format read.

Read as text, never run: a string literal, or a name the same file defines as a string constant (``const string
ContainerImageName = "xabarilcoding/healthchecksui";`` then ``.WithImage(ContainerImageName, ContainerImageTag)``).
Anything else (a parameter, an interpolated string, a call) names nothing and is left out. ``WithImage`` is read only
in a file that shows it is about containers (Aspire's hosting types, Testcontainers' namespaces or builders, an
``AddContainer`` call): other libraries have a ``WithImage`` that takes a picture. ``AddDockerfile`` builds an image
from the tree, which is no registry's name. A call on a line that a ``//`` comment holds is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ._refs import image_mention

PARSER = "dotnet-containers"
CALL = re.compile(r"\.\s*(?P<method>AddContainer|WithImage|WithImageTag|WithImageRegistry)\s*\(")
# what makes a WithImage call a container's: Aspire's hosting API, Testcontainers for .NET
CONTAINER_FILE = re.compile(r"\bAspire\.Hosting\b|\bDistributedApplication\b|\bIResourceBuilder\b|\bAddContainer\s*\("
                            r"|\bTestcontainers\b|\bContainerBuilder\b|\bIContainer\b")
CONSTANT = re.compile(r"""\b(?:const|static\s+readonly|readonly\s+static)\s+string\s+(?P<name>\w+)\s*=\s*"""
                      r"""@?"(?P<value>[^"\\\n{}]*)"\s*;|\blet\s+(?:\[<Literal>\]\s+)?(?P<fname>\w+)\s*=\s*"""
                      r""""(?P<fvalue>[^"\\\n{}]*)"[ \t]*$""", re.M)
NAMED = re.compile(r"^(?P<name>\w+)\s*[:=]\s*(?P<rest>.*)$", re.S)
LITERAL = re.compile(r'^@?"(?P<value>[^"\\{}]*)"$')
IDENTIFIER = re.compile(r"^(?:\w+\.)*(?P<last>\w+)$")
# the values an image reference never is: a path, an address, a picture
NOT_AN_IMAGE = re.compile(r"^(?:\.{0,2}/|~|https?:)|\\|\s|\.(?:png|jpe?g|gif|svg|bmp|ico|webp)$", re.I)
# an argument list's pieces: a verbatim or a regular string whole, a run of other text, one character
TOKEN = re.compile(r'@"(?:[^"]|"")*"|"(?:[^"\\\n]|\\.)*"|[^"@()\[\]{},;]+|.', re.S)
# a line's pieces, to find where its comment starts: a string whole, a comment's start, a run of other text
LINE_PIECE = re.compile(r'"(?:[^"\\\n]|\\.)*"|//|[^"/]+|.')
# how far an argument list is read (a call never closed reads no further than this, or its statement's end)
REACH = 600
ARGUMENTS = {"AddContainer": ("name", "image", "tag"), "WithImage": ("image", "tag"), "WithImageTag": ("tag",),
             "WithImageRegistry": ("registry",)}


@file_format(PARSER, ("*.cs", "*.fs"), ecosystem="docker", kind="manifest",
             description=".NET Aspire app hosts' AddContainer/WithImage images and Testcontainers' WithImage images")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "AddContainer" not in text and "WithImage" not in text:
        return
    containers = "AddContainer" in text or CONTAINER_FILE.search(text) is not None
    if not containers:
        return
    constants: dict[str, str] = {}
    for m in CONSTANT.finditer(text):
        constants.setdefault(m.group("name") or m.group("fname"), m.group("value") or m.group("fvalue") or "")
    calls = _uncommented(text)
    line, counted = 1, 0
    for i, m in enumerate(calls):
        method = m.group("method")
        if method not in ("AddContainer", "WithImage"):
            continue
        values = _arguments(text, m.end(), ARGUMENTS[method], constants)
        image = values.get("image")
        if image is None or not image[0] or NOT_AN_IMAGE.search(image[0]):
            continue
        ref, at = image
        tag = values.get("tag")
        registry = None
        statement_end = _statement_end(text, m.end())
        j = i + 1
        while j < len(calls) and j <= i + 8:  # the same statement's .WithImageTag(…) and .WithImageRegistry(…)
            later = calls[j]
            j += 1
            if later.start() > statement_end or later.group("method") in ("AddContainer", "WithImage"):
                break
            named = _arguments(text, later.end(), ARGUMENTS[later.group("method")], constants)
            if later.group("method") == "WithImageTag" and "tag" in named:
                tag = named["tag"]
            elif "registry" in named:
                registry = named["registry"][0]
        last = ref.rpartition("/")[2]
        if tag is not None and tag[0] and ":" not in last and "@" not in last:
            ref = f"{ref}:{tag[0]}"
        if registry:
            ref = f"{registry.rstrip('/')}/{ref}"
        line += text.count("\n", counted, at) if at > counted else 0
        counted = max(counted, at)
        column = at - text.rfind("\n", 0, at)
        mention = image_mention(source, ref, line, column, PARSER)
        if mention is not None:
            yield mention


def _uncommented(text: str) -> list[re.Match[str]]:
    """The calls of :data:`CALL` outside a ``//`` comment (a line's first ``//`` outside a string starts one), each
    line looked at once."""
    out: list[re.Match[str]] = []
    line_end, comment = -1, -1  # the current line's end and its comment's start (-1: none)
    for m in CALL.finditer(text):
        if m.start() > line_end:
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.start())
            line_end = len(text) if line_end < 0 else line_end
            comment = -1
            for piece in LINE_PIECE.finditer(text, line_start, line_end):
                if piece.group() == "//":
                    comment = piece.start()
                    break
        if comment < 0 or m.start() < comment:
            out.append(m)
    return out


def _statement_end(text: str, at: int) -> int:
    end = text.find(";", at, at + REACH)
    return end if end >= 0 else min(len(text), at + REACH)


def _arguments(text: str, at: int, names: tuple[str, ...],
               constants: dict[str, str]) -> dict[str, tuple[str, int]]:
    """The string values (value, offset of its first character) of a call's arguments, by parameter name: by
    position, or by a named argument (``tag: "1"`` in C#, ``tag = "1"`` in F#); an argument that is no literal and no
    constant of the file is left out."""
    out: dict[str, tuple[str, int]] = {}
    for index, (start, argument) in enumerate(_split(text, at)):
        value = argument.strip()
        offset = start + (len(argument) - len(argument.lstrip()))
        name = names[index] if index < len(names) else None
        named = NAMED.match(value)
        if named and not value.startswith(('"', "@")):
            name = named.group("name")
            offset += named.start("rest")
            value = named.group("rest").strip()
        if name is None:
            continue
        literal = LITERAL.match(value)
        if literal is not None:
            out.setdefault(name, (literal.group("value"), offset + value.index('"') + 1))
            continue
        identifier = IDENTIFIER.match(value)
        if identifier is not None and identifier.group("last") in constants:
            out.setdefault(name, (constants[identifier.group("last")], offset))
    return out


def _split(text: str, at: int) -> list[tuple[int, str]]:
    """The top-level arguments of the call whose ``(`` ends before ``at``: (offset, text) each, read up to its ``)``,
    a ``;`` outside brackets or :data:`REACH` characters (no argument when the list does not close)."""
    out: list[tuple[int, str]] = []
    depth, start = 0, at
    for token in TOKEN.finditer(text, at, min(len(text), at + REACH)):
        c = token.group()
        if c in ("(", "[", "{"):
            depth += 1
        elif c in (")", "]", "}"):
            if depth == 0:
                if text[start:token.start()].strip():
                    out.append((start, text[start:token.start()]))
                return out
            depth -= 1
        elif c == "," and depth == 0:
            out.append((start, text[start:token.start()]))
            start = token.end()
        elif c == ";" and depth == 0:
            return []
    return []
