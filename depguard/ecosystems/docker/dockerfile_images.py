"""Dockerfile / Containerfile base images: ``FROM [--platform=..] image[:tag|@digest] [AS stage]`` and
``COPY --from=image`` (the ``dockerfile`` format reads the RUN lines of the same files).

A later ``FROM stage`` or ``COPY --from=stage`` names an earlier build stage, not an image; ``scratch`` is
no image. An image name built from a build argument (``FROM ${BASE}``) cannot be checked and is recorded as a
problem, unless the ``ARG`` before it gives a default, which is then used, or the compose files that build
this Dockerfile pass it (``build: {context: ., args: {BASE_IMAGE: …}}``, or ``- BASE_IMAGE`` from their
``.env``), or the Home Assistant add-on build file beside it does (``build.yaml``'s ``build_from`` per
architecture, :mod:`depguard.ecosystems.docker.addon_build_args`), or the repository's workflows that build it pass
it (``build-args`` of docker/build-push-action, :mod:`depguard.ecosystems.docker.workflow_build_args`): each value
passed is then an image. ``${X:-default}`` uses the default when ``X`` has none;
an empty default (``ARG X=''``) is a default. A name that resolves to ``scratch`` or to a stage is neither.
``RUN --mount=…,from=image`` names an image too, and so does the ``# syntax=`` parser directive (the
BuildKit frontend is pulled like a base image). The ``# escape=`` directive changes the continuation
character; here-documents (``RUN <<EOF`` … ``EOF``) are bodies, not instructions. Line continuations are
joined; each mention points at the line the image is written on.

Docs show other files in ``dockerfile`` blocks. An Ollama ``Modelfile`` (``FROM llama3.2`` with ``TEMPLATE``,
``PARAMETER``, ``ADAPTER``, ``SYSTEM``, ``MESSAGE``, ``LICENSE`` or ``REQUIRES``: instructions Docker refuses) names a
model or a weights file, not an image, and is not read. A ``FROM`` that no builder can pull — a file path
(``FROM /path/to/file.gguf``, ``FROM ./model``) or a ``<placeholder>`` (``FROM <base image>``) — names nothing: Docker
refuses the reference, so nothing is pulled, as with an elided ``FROM ...``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ._refs import elided, slot_marked, split_image, templated

PARSER = "dockerfile-images"
INSTRUCTION = re.compile(r"^\s*(?P<op>[A-Za-z]+)\s+(?P<rest>.*)$")
ARG_DEFAULT = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(?P<q>[\"']?)(?P<value>[^\"'\s]*)(?P=q)$")
VAR = re.compile(r"\$(?:\{(?P<b>[A-Za-z_][A-Za-z0-9_]*)(?P<op>:?[-+])?(?P<word>[^}]*)\}|(?P<n>[A-Za-z_][A-Za-z0-9_]*))")
COPY_FROM = re.compile(r"--from=(?P<ref>\S+)")
MOUNT_FROM = re.compile(r"--mount=(?P<opts>\S+)")
DIRECTIVE = re.compile(r"^#\s*(?P<key>[A-Za-z]+)\s*=\s*(?P<value>\S+)\s*$")
# instructions of Ollama's Modelfile that a Dockerfile never has (docker build refuses an unknown instruction)
MODELFILE_ONLY = frozenset({"ADAPTER", "PARAMETER", "TEMPLATE", "SYSTEM", "MESSAGE", "LICENSE", "REQUIRES"})
# a reference Docker's parser refuses before any pull: a file path, or a placeholder in angle brackets
NOT_PULLABLE = re.compile(r"^(?:[/~]|\.{1,2}/)|[<>]")
HEREDOC = re.compile(r"<<(?P<dash>-?)(?P<q>['\"]?)(?P<word>[A-Za-z_][A-Za-z0-9_]*)(?P=q)")


def directives(text: str) -> dict[str, tuple[str, int]]:
    """Parser directives (``# syntax=…``, ``# escape=…``): lower-case key -> (value, line); only at the top,
    before any comment, blank line or instruction, as BuildKit reads them."""
    found: dict[str, tuple[str, int]] = {}
    for no, line in enumerate(text.splitlines(), 1):
        m = DIRECTIVE.match(line.strip())
        if not m or m.group("key").lower() in found:
            break
        found[m.group("key").lower()] = (m.group("value"), no)
    return found


def instructions(text: str, escape: str = "\\") -> Iterator[tuple[int, str, list[tuple[int, str]]]]:
    """(first line, joined text, [(line, piece)]) per instruction; comments dropped, continuations (``escape``
    at the end of a line) joined, here-document bodies left out."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            i += 1
            continue
        start = i + 1
        pieces = [(i + 1, line)]
        while pieces[-1][1].rstrip().endswith(escape) and i + 1 < len(lines):
            i += 1
            if lines[i].lstrip().startswith("#"):
                continue
            pieces.append((i + 1, lines[i]))
        joined = " ".join(p.rstrip().removesuffix(escape) for _, p in pieces)
        yield start, joined, pieces
        i += 1
        for doc in HEREDOC.finditer(joined):  # each body ends at its delimiter (tabs stripped for <<-)
            while i < len(lines) and (lines[i].lstrip("\t") if doc.group("dash") else lines[i]) != doc.group("word"):
                i += 1
            i += 1


def _substitute(ref: str, args: dict[str, str]) -> str | None:
    """``ref`` with ``$VAR``/``${VAR}``/``${VAR:-default}`` replaced by ARG defaults (an empty default
    counts); None when a variable has no value."""
    missing = False

    def repl(m: re.Match[str]) -> str:
        nonlocal missing
        name = m.group("b") or m.group("n")
        value = args.get(name)
        op = m.group("op") or ""
        if op.endswith("-"):
            return value if value or (value is not None and op == "-") else m.group("word")
        if op.endswith("+"):
            return m.group("word") if value or (value is not None and op == "+") else ""
        if m.group("b") and m.group("word"):
            missing = True  # another modifier (${X/a/b}, ${X#p}): not followed
            return m.group(0)
        if value is not None:
            return value
        missing = True
        return m.group(0)

    out = VAR.sub(repl, ref)
    return None if missing else out


def _locate(pieces: list[tuple[int, str]], needle: str) -> tuple[int, int | None]:
    for line_no, text in pieces:
        idx = text.find(needle)
        if idx >= 0:
            return line_no, idx + 1
    return pieces[0][0], None


@file_format("dockerfile-images", ("Dockerfile", "Dockerfile.*", "*.Dockerfile", "*.dockerfile", "Containerfile",
                                   "Containerfile.*"),
             ecosystem="docker", kind="manifest", description="Dockerfile FROM and COPY --from images")
def parse(source: Source) -> Iterator[Mention]:
    stages: set[str] = set()
    args: dict[str, str] = {}
    heads = directives(source.text)
    if "syntax" in heads:
        value, line = heads["syntax"]
        image = split_image(value)
        if image is not None:
            yield source.mention("docker", value, line, source.text.splitlines()[line - 1].find(value) + 1,
                                 Origin.MANIFEST, PARSER, spec=image[1], name=image[0], note="# syntax= frontend")
    escape = heads.get("escape", ("\\", 0))[0][:1] or "\\"
    if is_modelfile(source.text, escape):
        return  # an Ollama Modelfile in a docs block: its FROM names a model, not an image
    for _start, text, pieces in instructions(source.text, escape):
        m = INSTRUCTION.match(text)
        if not m:
            continue
        op, rest = m.group("op").upper(), WORDS.findall(m.group("rest"))
        if op == "ARG":
            for word in rest:
                d = ARG_DEFAULT.match(word)
                if d:
                    args[d.group("name")] = d.group("value")
            continue
        stage = None
        if op == "FROM":
            words = [w for w in rest if not w.startswith("--")]
            if not words:
                continue
            written = words[0]
            ref = _shell_word(written)
            if len(words) >= 3 and words[1].upper() == "AS":
                stage = words[2].lower()
        elif op in ("COPY", "ADD"):
            f = COPY_FROM.search(" ".join(rest))
            if not f or f.group("ref").strip("\"'").isdigit():
                continue
            written = ref = f.group("ref").strip("\"'")
        elif op == "RUN":
            refs = [o[5:].strip("\"'") for m in MOUNT_FROM.finditer(text) for o in m.group("opts").split(",")
                    if o.startswith("from=")]
            if not refs:
                continue
            written = ref = refs[0]
        else:
            continue
        earlier = ref.lower() in stages
        if stage:
            stages.add(stage)
        if earlier or ref.lower() == "scratch" or ref.isdigit() or elided(ref) or NOT_PULLABLE.search(ref):
            continue
        line, col = _locate(pieces, written)
        resolved: list[tuple[str, str | None]] = [(ref, None)]
        if "$" in ref:
            default = _substitute(ref, args)
            if default == "":
                source.problem(f"image {ref!r} is empty with the ARG defaults; not checked", line, col, kind="limit")
                continue
            passed = [] if default is not None else _passed_values(source, ref, args)
            if default is not None:
                resolved = [(default, "by the ARG default")]
            elif passed:
                resolved = [(value, how) for value, how in passed]
            else:
                found = split_image(ref)
                if found is None and _names_a_stage(ref, stages - {stage}):
                    continue  # build_${TARGETARCH}: the stage of the platform, chosen by a build argument
                if found is None:
                    source.problem(f"image {ref!r} is built from a build argument without a default; not checked",
                                   line, col, kind="limit")
                    continue
                # only the tag is variable: the repository is known
        for value, how in resolved:
            if how and (value.lower() == "scratch" or value.lower() in stages):
                continue  # ARG img=scratch, or a stage chosen by a build argument
            found = split_image(value)
            if found is None:
                if templated(value):  # FROM cimg/%%PARENT%%:%%BASE_VERSION%%: the template's renderer names it
                    source.problem(f"image {value!r} is a template; not checked", line, col, kind="limit")
                elif not TEMPLATE_ONLY.fullmatch(value):  # a template's own slot ({{env.image}}): filled when rendered
                    source.problem(f"cannot read the image reference {ref!r}", line, col)
                continue
            name, tag = found
            yield slot_marked(source.mention("docker", written, line, col, Origin.MANIFEST, PARSER, spec=tag, name=name,
                                             note=f"{value} {how}" if how else None), value)


def is_modelfile(text: str, escape: str = "\\") -> bool:
    """Whether ``text`` is an Ollama Modelfile: an instruction of its own that Docker has none of."""
    for _start, joined, _pieces in instructions(text, escape):
        m = INSTRUCTION.match(joined)
        if m and m.group("op").upper() in MODELFILE_ONLY:
            return True
    return False


def _shell_word(word: str) -> str:
    """A FROM word as the builder reads it: BuildKit (and the classic builder) pass the base image through the
    shell-word lexer that expands build arguments, which also removes quotes, so ``FROM "owner/image:1.0"`` (a
    snakemake test's Dockerfile) pulls ``owner/image:1.0``. Unbalanced quotes are left as written (then not a
    readable reference)."""
    if '"' not in word and "'" not in word:
        return word
    out: list[str] = []
    quote = ""
    for ch in word:
        if quote:
            if ch == quote:
                quote = ""
            else:
                out.append(ch)
        elif ch in "\"'":
            quote = ch
        else:
            out.append(ch)
    return word if quote else "".join(out)


# a word of an instruction; a template action (``{{ vault_image_digest }}`` in a Jinja Dockerfile.j2) is part of the
# word it is written in, spaces and all
WORDS = re.compile(r"(?:\{\{[^{}\n]{0,400}\}\}|\S)+")


def _names_a_stage(ref: str, stages: set[str]) -> bool:
    """Whether ``ref``, its variables read as any text, names an earlier build stage (``FROM
    build_${TARGETARCH}${TARGETVARIANT}`` after ``FROM … AS build_amd64``): a stage picked by a build argument.
    The written part must be there (``${BASE}`` alone could be any image)."""
    written = VAR.sub("\0", ref).lower().split("\0")  # the written parts, between the variables
    if not "".join(written) or not stages:
        return False
    pattern = re.compile("[a-z0-9_.-]*".join(re.escape(part) for part in written))
    return any(pattern.fullmatch(stage) for stage in stages)


# an image reference made only of template expressions (Jinja/Go templates: ``FROM {{env.image}}`` in promptflow's
# Dockerfile.jinja2; a Python format slot, ``FROM {base_image}`` in modelscope's Dockerfiles, which its
# docker/build_image.py fills with ``content.replace('{base_image}', …)``; no image reference holds a brace): the
# template's renderer fills it, so there is no name here to read or to fail on
_SLOT = r"(?:\{\{[^{}]*\}\}|\{[A-Za-z_]\w*\})"
TEMPLATE_ONLY = re.compile(rf"{_SLOT}(?:[:/@]?{_SLOT})*")


def _passed_values(source: Source, ref: str, args: dict[str, str]) -> list[tuple[str, str]]:
    """``ref`` with its build arguments replaced by each value the compose files that build this Dockerfile
    pass (``args: {BASE_IMAGE: ...}`` or ``- BASE_IMAGE`` from their .env), else the Home Assistant add-on build
    file beside it (``build.yaml``'s ``build_from``: :mod:`depguard.ecosystems.docker.addon_build_args`), else the
    repository's workflows that build it (docker/build-push-action's ``build-args``), each with how it was passed;
    [] when some argument gets none."""
    if source.fs_path is None:
        return []
    from .compose import build_args

    root = source.root or source.fs_path.parent
    how = "by a compose build argument"
    passed = build_args(source.fs_path, root, source.max_related_bytes)
    names = [m.group("b") or m.group("n") for m in VAR.finditer(ref)]
    if any(not passed.get(name) and not args.get(name) for name in names):
        from .addon_build_args import addon_build_args

        passed = addon_build_args(source.fs_path, source.max_related_bytes)
        how = "by the add-on's build file"
    if any(not passed.get(name) and not args.get(name) for name in names):
        from .workflow_build_args import workflow_build_args

        passed = workflow_build_args(source.fs_path, root, source.max_related_bytes)
        how = "by a workflow build argument"
    values = [ref]
    for m in VAR.finditer(ref):
        name = m.group("b") or m.group("n")
        options = sorted(passed.get(name, ())) or ([args[name]] if args.get(name) else [])
        if not options:
            return []
        values = [v.replace(m.group(0), option, 1) for v in values for option in options]
    return [(value, how) for value in sorted(set(values))]
