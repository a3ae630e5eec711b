"""Docker Compose files: the ``image:`` of each service, and ``build.dockerfile_inline`` (a Dockerfile written
in the compose file: its ``FROM`` images here, its ``RUN`` install commands in ``compose-dockerfile-inline``).

Only compose files are read: the name says so (``docker-compose*.yml``, ``compose*.yaml``, ``dev-compose.yaml``,
``x.compose.yml``) and the file has a top-level ``services:`` key, or, whatever its name (``templates/compose/
activepieces.yaml``: Coolify's one-click services, a stack file, ``deploy/app.yml``), its content says so
(:func:`compose_content`): a top-level ``services:`` mapping whose services have an ``image:`` or a ``build:``, and no
top-level ``apiVersion``/``kind`` (a Kubernetes object). A service's ``image:`` beside its ``build:`` is the tag of
the image Compose builds (variables and all: ``${DOCKERHUB_USER:-local}/plane-frontend``), not an image pulled. Variables in an image (``image: $SNUBA_IMAGE``, ``${TAG:-latest}``) are
substituted from the ``.env`` file beside the compose file and from their defaults, as Compose does. ``image:`` lines under ``services:`` and under ``x-`` extension fields (shared
service settings) are images; under other top-level keys (``configs:``, ``volumes:``) they are not.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from ...commands import mentions_in_script
from ...errors import ParseError
from ...fsview import active
from ...model import Mention
from ...parsers import Source, file_format, rendered_path
from ...parsers._util import load_yaml, read_small
from ...records import replace
from ._image_lines import image_mentions

PARSER = "compose"
TOP_KEY = re.compile(r"^(?P<key>[A-Za-z0-9_.-]+)\s*:")
SECRET_NAME = re.compile(r"TOKEN|SECRET|PASS|KEY|AUTH|CRED|COOKIE|SESSION|PRIVATE|SALT|DSN", re.I)
IMAGE_VALUE = re.compile(r"^[a-z0-9][a-z0-9._/:@-]{0,254}$")
IMAGE_KEY = re.compile(r"^\s*(?:-\s+)?image\s*:")
ENV_LINE = re.compile(r"^\s*(?:export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*=(?P<value>.*)$")
VARIABLE = re.compile(r"\$(?:\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?-)(?P<default>[^}]*))?\}|(?P<plain>[A-Za-z_][A-Za-z0-9_]*))")


def service_lines(spans: dict[str, set[int]]) -> set[int]:
    """Lines under ``services:`` and under ``x-`` extension fields (service settings shared through anchors)."""
    wanted = set(spans.get("services", ()))
    for key, span in spans.items():
        if key.startswith("x-"):
            wanted |= span
    return wanted


def top_level_spans(lines: list[str]) -> dict[str, set[int]]:
    """Lines (1-based) under each top-level key of a YAML mapping."""
    spans: dict[str, set[int]] = {}
    current = None
    for i, line in enumerate(lines, 1):
        if line and not line[0].isspace() and not line.startswith("#"):
            m = TOP_KEY.match(line)
            current = m.group("key") if m else None
            if line.startswith("---"):
                current = None
        if current is not None:
            spans.setdefault(current, set()).add(i)
    return spans


# a prefixed name (``dev-compose.yaml``, ``development.compose.yml``: a second file run with ``docker compose -f``)
# is a compose file too; only one with a top-level ``services:`` key is read
COMPOSE_PATTERNS = ("docker-compose.yml", "docker-compose.yaml", "docker-compose.*.yml", "docker-compose.*.yaml",
                    "docker-compose-*.yml", "docker-compose-*.yaml", "compose.yml", "compose.yaml", "compose.*.yml",
                    "compose.*.yaml", "*-compose.yml", "*-compose.yaml", "*.compose.yml", "*.compose.yaml")


# a compose file by its name; any other YAML file is one by its content (compose_content)
FILE_PATTERNS = (*COMPOSE_PATTERNS, "*.yml", "*.yaml")
SERVICE_KEY = re.compile(r"^\s+(?:image|build)\s*:")
FIRST_CHILD = re.compile(r"^(?P<indent>\s+)(?P<dash>-\s)?\S")
KUBERNETES_KEY = re.compile(r"^(?:apiVersion|kind)\s*:", re.M)
_NAMED = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in COMPOSE_PATTERNS))


def compose_named(path: str) -> bool:
    return bool(_NAMED.match(os.path.basename(rendered_path(path))))


def compose_content(source: Source) -> bool:
    """Whether the file is a compose file: by its name, or by its content: a top-level ``services:`` mapping (not
    a list: GitLab CI's ``services: [- postgres:16]``) holding a service key ``image:`` or ``build:``, and not a
    Kubernetes object (top-level ``apiVersion:`` and ``kind:``)."""
    if compose_named(source.path):
        return True
    text = source.text
    if "services" not in text or ("image" not in text and "build" not in text):
        return False
    lines = text.splitlines()
    span = sorted(top_level_spans(lines).get("services", ()))
    if len(span) < 2 or len(KUBERNETES_KEY.findall(text)) >= 2:
        return False
    body = [lines[i - 1] for i in span[1:] if lines[i - 1].strip() and not lines[i - 1].lstrip().startswith("#")]
    first = FIRST_CHILD.match(body[0]) if body else None
    return first is not None and not first.group("dash") and any(SERVICE_KEY.match(line) for line in body)


@file_format("compose", FILE_PATTERNS,
             ecosystem="docker", kind="manifest", description="Docker Compose service images")
def parse(source: Source) -> Iterator[Mention]:
    if not compose_content(source):
        return
    lines = source.text.splitlines()
    spans = top_level_spans(lines)
    if "services" not in spans:
        return
    wanted = service_lines(spans)
    if "$" in source.text:
        env = dotenv(source)
        lines = [substitute(line, env) if "$" in line and IMAGE_KEY.match(line) else line for line in lines]
    if "build" in source.text:  # a service's image: beside its build: is the tag of the image Compose builds,
        from ._local_images import built_image_lines  # whatever it is written with: not read, no problem

        wanted = wanted - built_image_lines(source.text)
    yield from image_mentions(source, PARSER, lines, wanted)
    from .dockerfile_images import parse as dockerfile_images

    for inline in inline_dockerfiles(source, lines, wanted):
        yield from _placed(dockerfile_images(inline.source), inline)


class Inline(NamedTuple):
    """A Dockerfile written in a compose file: the text as a fragment, how far a block was dedented, and the
    line holding all of it when it is a one-line string."""

    source: Source
    indent: int
    line: int | None = None


INLINE_KEY = re.compile(r"^(?P<indent>\s*)dockerfile_inline\s*:\s*(?P<value>.*?)\s*$")


def inline_dockerfiles(source: Source, lines: list[str] | None = None,
                       wanted: set[int] | None = None) -> Iterator[Inline]:
    """Each ``dockerfile_inline`` under ``services`` (or an ``x-`` field): a block scalar (``|``) dedented as
    YAML reads it, or a one-line (quoted) string."""
    if "dockerfile_inline" not in source.text:
        return
    if lines is None:
        lines = source.text.splitlines()
    if wanted is None:
        wanted = service_lines(top_level_spans(lines))
    for no, line in enumerate(lines, 1):
        m = INLINE_KEY.match(line)
        if not m or no not in wanted:
            continue
        value = m.group("value")
        if value[:1] in ("|", ">"):
            key_indent = len(m.group("indent"))
            end = no
            while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > key_indent):
                end += 1
            body = lines[no:end]
            indent = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
            yield Inline(source.fragment("\n".join(b[indent:] for b in body), no + 1), indent)
        elif value:
            try:
                text = load_yaml(value)
            except ParseError:
                text = None
            if not isinstance(text, str):
                source.problem("dockerfile_inline is not a YAML string; not read", no)
                continue
            # one line of the compose file holds the whole Dockerfile ("FROM x\nRUN …"): every mention is on it
            yield Inline(source.fragment(text, no, m.start("value") + 1), 0, no)


def _placed(mentions: Iterable[Mention], inline: Inline) -> Iterator[Mention]:
    """Mentions of an inline Dockerfile moved to where they are in the compose file: a dedented block's columns
    shifted back; a one-line string's later lines are that line (columns known on its first line only)."""
    for m in mentions:
        loc = m.location
        if inline.line is not None and loc.line != inline.line:
            loc = replace(loc, line=inline.line, column=None, end_line=inline.line, end_column=None)
        elif inline.indent and loc.column is not None:
            loc = replace(loc, column=loc.column + inline.indent,
                          end_column=None if loc.end_column is None else loc.end_column + inline.indent)
        yield replace(m, location=loc)


@file_format("compose-dockerfile-inline", FILE_PATTERNS, kind="script",
             description="RUN install commands of Dockerfiles written inline in compose files")
def parse_inline_commands(source: Source) -> Iterator[Mention]:
    if "dockerfile_inline" not in source.text or not compose_content(source):
        return
    from ...parsers.scripts import parse_dockerfile

    for inline in inline_dockerfiles(source):
        yield from _placed(parse_dockerfile(inline.source), inline)


COMMAND_KEY = re.compile(r"^(?P<indent>\s*)(?:command|entrypoint)\s*:(?:\s+(?P<value>\S.*?))?\s*$")


@file_format("compose-commands", FILE_PATTERNS, kind="script",
             description="install commands a compose service runs: its command: and entrypoint: (string, block and list forms)")
def parse_service_commands(source: Source) -> Iterator[Mention]:
    """A service's ``command:``/``entrypoint:`` (gpt-researcher's test service: ``command: >`` then ``/bin/sh -c "pip
    install pytest pytest-asyncio faiss-cpu && …"``) runs in the container when the service starts: its install
    commands are judged like a Dockerfile's ``RUN``. A string or block scalar is read as shell text at its place (a
    folded ``>`` block as YAML folds it); a list (``["sh", "-c", "…"]`` or ``- item`` lines) as its words."""
    if ("command" not in source.text and "entrypoint" not in source.text) or not compose_content(source):
        return
    lines = source.text.splitlines()
    wanted = service_lines(top_level_spans(lines))
    for no, line in enumerate(lines, 1):
        m = COMMAND_KEY.match(line) if no in wanted else None
        if m is None:
            continue
        value = m.group("value") or ""
        key_indent = len(m.group("indent"))
        if value[:1] in ("|", ">") or not value:  # a block scalar, or a block list on the lines below
            end = no
            while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > key_indent):
                end += 1
            body = lines[no:end]
            if value[:1] == ">":
                yield from _folded(source, body, no + 1)
            elif value[:1] == "|":
                yield from mentions_in_script(source.fragment("\n".join(body), no + 1), parser=COMMANDS, imports=False)
            elif body and body[0].lstrip().startswith("- "):
                yield from _argv(source, "\n".join(b[key_indent:] for b in body), no + 1)
        elif value.startswith("["):
            yield from _argv(source, value, no)
        else:
            try:
                text = load_yaml(value)
            except ParseError:
                continue
            if isinstance(text, str):
                quoted = value[:1] in ("'", '"')
                at = m.start("value") + (1 if quoted and text == value[1:-1] else 0)
                shown = text if not quoted or text == value[1:-1] else text.replace("\n", " ")
                yield from mentions_in_script(source.fragment(shown, no, at + 1), parser=COMMANDS, imports=False)


COMMANDS = "compose-commands"


def _argv(source: Source, text: str, line: int) -> Iterator[Mention]:
    """A list command (no shell), the list written from ``line`` on: its words quoted for the shell; each mention
    at the first place from that line on where its name is written."""
    import shlex

    try:
        argv = load_yaml(text)
    except ParseError:
        return
    if not (isinstance(argv, list) and argv and all(isinstance(a, (str, int, float)) for a in argv)):
        return
    lines = source.text.splitlines()[line - 1:line + text.count("\n")]
    for mention in mentions_in_script(source.fragment(" ".join(shlex.quote(str(a)) for a in argv), line), parser=COMMANDS, imports=False):
        loc = mention.location
        row, column = next(((i, at) for i, written in enumerate(lines) if (at := written.find(mention.written)) >= 0),
                           (0, -1))
        where = line + row + source.line_offset
        yield replace(mention, location=replace(loc, line=where, end_line=where,
                                                column=column + 1 if column >= 0 else None,
                                                end_column=column + 1 + len(mention.written) if column >= 0 else None))


def _folded(source: Source, body: list[str], first: int) -> Iterator[Mention]:
    """A folded (``>``) block read as YAML folds it (a line break between two lines of text at the block's
    indentation becomes a space), each mention moved back to where it is written."""
    indent = min((len(b) - len(b.lstrip()) for b in body if b.strip()), default=0)
    chars = list("\n".join(body))
    at = 0
    for this, after in zip(body, body[1:]):
        at += len(this)
        if this.strip() and after.strip() and len(this) - len(this.lstrip()) == indent == len(after) - len(after.lstrip()):
            chars[at] = " "  # same length: an offset in the folded text is one in the written block
        at += 1
    written = "\n".join(body)
    folded = "".join(chars)
    starts = [0] + [i + 1 for i, c in enumerate(folded) if c == "\n"]
    for mention in mentions_in_script(source.fragment(folded, first), parser=COMMANDS, imports=False):
        loc = mention.location
        row = (loc.line or 0) - first - source.line_offset
        if loc.column is None or not 0 <= row < len(starts):
            yield mention
            continue
        offset = starts[row] + loc.column - 1
        line = first + written.count("\n", 0, offset)
        column = offset - (written.rfind("\n", 0, offset) + 1) + 1
        end = None if loc.end_column is None else column + (loc.end_column - loc.column)
        yield replace(mention, location=replace(loc, line=line + source.line_offset, column=column,
                                                end_line=line + source.line_offset, end_column=end))


def dotenv(source: Source) -> dict[str, str]:
    """The ``.env`` file beside the compose file (Compose reads it for ``${VAR}`` substitution): only the
    variables whose name does not look secret and whose value reads as an image reference, so no credential
    kept there can reach a report."""
    found = source.read_related(".env")
    return parse_dotenv(found[1] if found else "")


def parse_dotenv(text: str) -> dict[str, str]:
    """``NAME=value`` lines of a ``.env`` file, secret-looking names and values that are no image left out."""
    env: dict[str, str] = {}
    for line in text.splitlines():
        m = ENV_LINE.match(line)
        if m and not secret_name(m.group("name")):
            value = m.group("value").strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
                value = value[1:-1]
            else:
                value = value.split(" #", 1)[0].strip()
            if IMAGE_VALUE.match(value):
                env[m.group("name")] = value
    return env


def secret_name(name: str) -> bool:
    """Whether a ``.env`` variable's name looks like it holds a credential: a secret word anywhere in it
    (``SENTRY_SECRET_KEY``, ``APIKEY``, ``DB_PASSWORD``), except, in a name whose last word is ``IMAGE`` (a variable
    named for the image it holds), letters that only end another word: the OpenTelemetry demo's ``VALKEY_IMAGE``
    (Valkey, the Redis fork) holds ``ghcr.io/valkey-io/valkey:9.0.4-alpine3.23``. A word of such a name that is or
    begins with a secret word (``API_KEY_IMAGE``, ``PASSWORD_IMAGE``) still makes it secret."""
    words = [w for w in name.split("_") if w]
    if len(words) > 1 and words[-1].upper() == "IMAGE":
        return any(SECRET_NAME.match(w) for w in words[:-1])
    return bool(SECRET_NAME.search(name))


def substitute(line: str, env: dict[str, str]) -> str:
    """``$VAR``, ``${VAR}``, ``${VAR:-default}`` and ``${VAR-default}`` replaced as Compose does, from ``env``;
    a variable with neither a value nor a default is left as written (and reported as not checked)."""
    def repl(m: re.Match[str]) -> str:
        name = m.group("braced") or m.group("plain")
        value = env.get(name)
        op, default = m.group("op"), m.group("default")
        if op in (":-", "-") and (value is None or (op == ":-" and value == "")):
            return default or ""
        return value if value is not None else m.group(0)

    return VARIABLE.sub(repl, line)


def build_args(dockerfile: Path, root: Path, limit: int) -> dict[str, set[str]]:
    """Build arguments the compose files in the Dockerfile's folder and above pass to it: each ``args`` entry of
    a service whose ``build.context`` is that folder and whose ``dockerfile`` (default ``Dockerfile``) is
    that file; ``- NAME`` takes its value from the ``.env`` beside the compose file, ``${VAR}`` is
    substituted from it."""
    from ._local_images import COMPOSE_NAMES, KEY_LINE, mappings

    out: dict[str, set[str]] = {}
    folder = dockerfile.parent
    for base in [folder, *folder.parents]:
        names = [n for n, is_dir in active().listdir(base) or () if not is_dir]  # read_small skips what is no file
        for name in names:
            if not any(fnmatch.fnmatch(name, p) for p in COMPOSE_NAMES):
                continue
            text = read_small(base / name, limit)
            if not text or "args" not in text:
                continue
            env = parse_dotenv(read_small(base / ".env", limit) or "")
            lines = text.splitlines()
            keys = [(i, len(m.group("indent")), m.group("key"), m.group("value")) for i, m in
                    ((i, KEY_LINE.match(line)) for i, line in enumerate(lines)) if m and not m.group("dash")]
            groups = mappings(keys)
            for n, (_i, indent, key, value) in enumerate(keys):
                if key != "context" or not value:
                    continue
                block = {k: keys[at][::3] for k, at in groups[n].items()}  # key -> (line, value)
                wanted = block.get("dockerfile", (None, "Dockerfile"))[1] or "Dockerfile"
                if os.path.normpath(base / value) != os.path.normpath(folder) or \
                        os.path.normpath(folder / wanted) != os.path.normpath(dockerfile):
                    continue
                if "args" in block:
                    for arg, val in _args(lines, block["args"][0], indent):
                        val = env.get(arg) if val is None else substitute(val, env)
                        if val and "$" not in val:
                            out.setdefault(arg, set()).add(val)
        if base == root or root not in base.parents:
            break
    return out


def _args(lines: list[str], at: int, indent: int) -> list[tuple[str, str | None]]:
    """(name, value or None) of an ``args:`` block (mapping or list) starting on line ``at``."""
    from ._local_images import KEY_LINE, LIST_ITEM

    out: list[tuple[str, str | None]] = []
    for line in lines[at + 1:]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if len(line) - len(line.lstrip()) <= indent:
            break
        item = LIST_ITEM.match(line)
        if item:
            name, eq, value = item.group("value").partition("=")
            out.append((name, value if eq else None))
            continue
        m = KEY_LINE.match(line)
        if m and not m.group("dash"):
            out.append((m.group("key"), m.group("value")))
    return out

