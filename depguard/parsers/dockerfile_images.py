"""Dockerfile / Containerfile base images: ``FROM [--platform=..] image[:tag|@digest] [AS stage]`` and
``COPY --from=image`` (the ``dockerfile`` format reads the RUN lines of the same files).

A later ``FROM stage`` or ``COPY --from=stage`` names an earlier build stage, not an image; ``scratch`` is
no image. An image name built from a build argument (``FROM ${BASE}``) cannot be checked and is recorded as a
problem, unless the ``ARG`` before it gives a default, which is then used, or the compose files that build
this Dockerfile pass it (``build: {context: ., args: {BASE_IMAGE: …}}``, or ``- BASE_IMAGE`` from their
``.env``): each value passed is then an image. Line continuations are joined;
each mention points at the line the image is written on.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..model import Mention, Origin
from . import Source, file_format
from ._refs import split_image

PARSER = "dockerfile-images"
INSTRUCTION = re.compile(r"^\s*(?P<op>[A-Za-z]+)\s+(?P<rest>.*)$")
ARG_DEFAULT = re.compile(r"^(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(?P<q>[\"']?)(?P<value>[^\"'\s]*)(?P=q)$")
VAR = re.compile(r"\$(?:\{(?P<b>[A-Za-z_][A-Za-z0-9_]*)(?::?[-+][^}]*)?\}|(?P<n>[A-Za-z_][A-Za-z0-9_]*))")
COPY_FROM = re.compile(r"--from=(?P<ref>\S+)")


def instructions(text: str) -> Iterator[tuple[int, str, list[tuple[int, str]]]]:
    """(first line, joined text, [(line, piece)]) per instruction; comments dropped, ``\\`` continuations joined."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip() or line.lstrip().startswith("#"):
            i += 1
            continue
        start = i + 1
        pieces = [(i + 1, line)]
        while pieces[-1][1].rstrip().endswith("\\") and i + 1 < len(lines):
            i += 1
            if lines[i].lstrip().startswith("#"):
                continue
            pieces.append((i + 1, lines[i]))
        joined = " ".join(p.rstrip().removesuffix("\\") for _, p in pieces)
        yield start, joined, pieces
        i += 1


def _substitute(ref: str, args: dict[str, str]) -> str | None:
    """``ref`` with ``$VAR``/``${VAR}`` replaced by ARG defaults; None when a variable has no default."""
    missing = False

    def repl(m: re.Match[str]) -> str:
        nonlocal missing
        name = m.group("b") or m.group("n")
        if name in args and args[name]:
            return args[name]
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
    for start, text, pieces in instructions(source.text):
        m = INSTRUCTION.match(text)
        if not m:
            continue
        op, rest = m.group("op").upper(), m.group("rest").split()
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
            ref = words[0]
            if len(words) >= 3 and words[1].upper() == "AS":
                stage = words[2].lower()
        elif op in ("COPY", "ADD"):
            f = COPY_FROM.search(" ".join(rest))
            if not f or f.group("ref").strip("\"'").isdigit():
                continue
            ref = f.group("ref").strip("\"'")
        else:
            continue
        earlier = ref.lower() in stages
        if stage:
            stages.add(stage)
        if earlier or ref.lower() == "scratch":
            continue
        line, col = _locate(pieces, ref)
        resolved = [(ref, None)]
        if "$" in ref:
            default = _substitute(ref, args)
            passed = [] if default is not None else _passed_values(source, ref, args)
            if default is not None:
                resolved = [(default, "by the ARG default")]
            elif passed:
                resolved = [(value, "by a compose build argument") for value in passed]
            else:
                found = split_image(ref)
                if found is None:
                    source.problem(f"image {ref!r} is built from a build argument without a default; not checked",
                                   line, col, kind="limit")
                    continue
                # only the tag is variable: the repository is known
        for value, how in resolved:
            found = split_image(value)
            if found is None:
                source.problem(f"cannot read the image reference {ref!r}", line, col)
                continue
            name, tag = found
            yield source.mention("docker", ref, line, col, Origin.MANIFEST, PARSER, spec=tag, name=name,
                                 note=f"{value} {how}" if how else None)


def _passed_values(source: Source, ref: str, args: dict[str, str]) -> list[str]:
    """``ref`` with its build arguments replaced by each value the compose files that build this Dockerfile
    pass (``args: {BASE_IMAGE: ...}`` or ``- BASE_IMAGE`` from their .env); [] when some argument gets none."""
    if source.fs_path is None:
        return []
    from .compose import build_args

    passed = build_args(source.fs_path, source.root or source.fs_path.parent, source.max_related_bytes)
    values = [ref]
    for m in VAR.finditer(ref):
        name = m.group("b") or m.group("n")
        options = sorted(passed.get(name, ())) or ([args[name]] if args.get(name) else [])
        if not options:
            return []
        values = [v.replace(m.group(0), option, 1) for v in values for option in options]
    return sorted(set(values))
