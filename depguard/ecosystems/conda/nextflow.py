"""Nextflow pipelines: the ``conda`` and ``container`` directives of a process (``main.nf`` of an nf-core module,
any ``*.nf``) and of ``nextflow.config`` (``process.container = '…'``, ``conda = '…'`` in a process scope).

A ``conda`` directive names conda packages (``conda 'bioconda::samtools=1.9 conda-forge::pigz=2.3'``: each
space-separated spec is a package, its channel carried in the name) or an environment file
(``conda "${moduleDir}/environment.yml"``, read as that file). A ``container`` directive names an image, often
through a ternary that picks a Singularity image URL or a Docker image by the container engine (nf-core's
``"${ workflow.containerEngine == 'singularity' ? 'https://depot.galaxyproject.org/singularity/x:1--h0' :
'biocontainers/x:1--h0' }"``): every quoted image in it is read, a URL (a downloaded Singularity file, not a
registry image) is not. A value holding a variable or a template action (``${…}``, ``{{ … }}``, a module
template's slot) names nothing. Read as text, never run.

Nextflow pulls an image that names no registry from ``docker.registry`` when the pipeline's ``nextflow.config`` sets it
(Nextflow's docs: "The registry from where Docker images are pulled"; ``docker { registry = '…' }`` the same): nf-core's
template sets ``'quay.io'``, so its modules' ``biocontainers/samtools:1.20--h50ea8bc_0`` is quay.io's BioContainers image
(bioconda's builds), never Docker Hub's ``biocontainers/samtools`` (nf-core/sarek, held-out set 265). Such an image is
named with that registry first (``quay.io/biocontainers/samtools``, not Docker Hub's to ask). The pipeline's
``nextflow.config`` is the nearest one above the file that is no module's or subworkflow's own (one below a ``modules``
or ``subworkflows`` folder: nf-core keeps such a config for a module's nf-test runs, :func:`_pipeline_registry`)."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ..docker._refs import slot_marked, split_image
from .conda_env import conda_mention

PARSER = "nextflow"
# a directive at the start of a statement: `conda '…'`, `container "…"`, `process.container = '…'`, `conda = '…'`
DIRECTIVE = re.compile(r"^[ \t]*(?:process\.)?(?P<kind>conda|container)[ \t]*(?:=[ \t]*)?(?P<quote>\"|')", re.M)
MAX_STRING = 1024  # nf-core's engine ternaries take 250-450 characters
SPECIAL = re.compile(r"[\"'{}\n$]")
ENV_FILE = re.compile(r"\.(?:ya?ml|txt)$", re.I)
# `docker.registry = 'quay.io'`, or `registry = 'quay.io'` in a `docker { … }` scope
DOTTED_REGISTRY = re.compile(r"^[ \t]*docker\.registry[ \t]*=[ \t]*[\"'](?P<host>[^\"'\s$]+)[\"']", re.M)
DOCKER_SCOPE = re.compile(r"^[ \t]*docker[ \t]*\{(?P<body>[^{}]*)\}", re.M)
SCOPE_REGISTRY = re.compile(r"^[ \t]*registry[ \t]*=[ \t]*[\"'](?P<host>[^\"'\s$]+)[\"']", re.M)


def docker_registry(config: str) -> str | None:
    """The registry a ``nextflow.config`` pulls images naming none from (``docker.registry``), or None."""
    if "registry" not in config:
        return None
    m = DOTTED_REGISTRY.search(config)
    if m:
        return m.group("host")
    for scope in DOCKER_SCOPE.finditer(config):
        m = SCOPE_REGISTRY.search(scope.group("body"))
        if m:
            return m.group("host")
    return None


def _string_end(text: str, start: int, quote: str) -> int | None:
    """The offset of the quote closing the string whose text starts at ``start``: a single-quoted string ends at
    the next ``'`` on its line; a double-quoted GString may hold ``${ … }`` expressions (with strings and braces
    of their own, over several lines) and ends at the first ``"`` outside them."""
    if quote == "'":
        newline = text.find("\n", start)
        end = text.find("'", start, len(text) if newline < 0 else newline)
        return None if end < 0 else end
    depth = 0
    stop = min(len(text), start + MAX_STRING)  # a directive's string spans a few lines: an unclosed one is no string
    at = SPECIAL.search(text, start, stop)
    while at is not None:
        i, ch = at.start(), at.group()
        if depth == 0:
            if ch == '"':
                return i
            if ch == "\n":
                return None
            if ch == "$" and text.startswith("${", i):
                depth, i = 1, i + 1
        elif ch in "'\"":
            close = text.find(ch, i + 1, stop)
            if close < 0:
                return None
            i = close
        elif ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        at = SPECIAL.search(text, i + 1, stop)
    return None


# a branch of a ternary: the quoted string after `?` or `:` (a comparison's operand, `== 'singularity'`, is none)
BRANCH = re.compile(r"[?:]\s*(?:'(?P<single>[^'\n]*)'|\"(?P<double>[^\"\n$]*)\")")


def _values(text: str, start: int, end: int) -> Iterator[tuple[str, int]]:
    """The literal values of a directive's string ``text[start:end]``: the string itself, or, when it is one
    ``${ … }`` expression, the quoted branches of its ternaries (a plain quoted literal alone in it too)."""
    body = text[start:end]
    if not (body.startswith("${") and body.endswith("}")) or _string_end(text[:end] + '"', start, '"') != end:
        yield body, start
        return
    inner, base = body[2:-1], start + 2
    found = False
    for m in BRANCH.finditer(inner):
        group = "single" if m.group("single") is not None else "double"
        found = True
        yield m.group(group), base + m.start(group)
    if not found:
        lone = re.fullmatch(r"\s*'([^'\n]*)'\s*", inner)
        if lone:
            yield lone.group(1), base + lone.start(1)


@file_format("nextflow", ("*.nf", "nextflow.config"), ecosystem=None, kind="manifest",
             description="Nextflow conda and container directives (processes, nextflow.config)")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "conda" not in text and "container" not in text:
        return
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def where(offset: int) -> tuple[int, int]:
        at = bisect.bisect_right(starts, offset) - 1
        return at + 1, offset - starts[at] + 1

    registry: list[str | None] = []  # the pipeline's docker.registry, read once when an image needs it

    def pulled_from(value: str) -> str:
        if not registry:
            registry.append(_pipeline_registry(source))
        return f"{registry[0]}/{value}" if registry[0] else value

    blind = 0  # the end of the last unclosed expression string: what follows inside it is that broken string's
    for m in DIRECTIVE.finditer(text):
        start = m.end()
        if start < blind:
            continue
        end = _string_end(text, start, m.group("quote"))
        if end is None:
            if m.group("quote") == '"':
                blind = start + MAX_STRING
            continue
        for value, at in _values(text, start, end):
            value = value.strip()
            if not value or "$" in value or "{{" in value or "://" in value:
                continue  # a variable, a template's slot, a URL (a Singularity image file), not a name
            line, col = where(at)
            if m.group("kind") == "container":
                found = split_image(value)
                if found is not None and not _has_host(value):
                    found = split_image(pulled_from(value))
                if found is not None:
                    yield slot_marked(source.mention("docker", value, line, col, Origin.MANIFEST, PARSER,
                                                     spec=found[1], name=found[0]), value)
                continue
            if ENV_FILE.search(value) or value.startswith((".", "/")):
                continue  # an environment file or a prefix path: read where it is
            for spec in re.finditer(r"\S+", value):
                mention = conda_mention(source, spec.group(0), [], line, col + spec.start(), Origin.MANIFEST, PARSER)
                if mention is not None:
                    yield mention


def _pipeline_registry(source: Source) -> str | None:
    """The ``docker.registry`` of the pipeline the file belongs to: that of the nearest ``nextflow.config`` at or above
    the file's folder that is no module's or subworkflow's own. nf-core keeps a ``nextflow.config`` in a module's folder
    (``modules/nf-core/preseq/lcextrap/nextflow.config``: ``process { withName: … { ext.args = … } }``) for the module's
    nf-test runs; Nextflow runs the module with the configuration of the pipeline it is launched as, whose
    ``nextflow.config`` sets the registry (nf-core/rnaseq, held-out set 314: its preseq, qualimap, stringtie, subread,
    sylph and sylph-tax modules were read as Docker Hub images, which has no ``biocontainers/sylph-tax``)."""
    from ...imports import files_above, read_related

    root = source.root or (source.fs_path.parent if source.fs_path is not None else None)
    for config in files_above(source, "nextflow.config"):
        try:
            parts = config.parent.relative_to(root).parts if root is not None else ()
        except ValueError:
            parts = ()
        if "modules" in parts or "subworkflows" in parts:
            continue
        if source.fs_path is not None and config == source.fs_path:
            return docker_registry(source.text)
        return read_related(source, config, docker_registry)
    return None


def _has_host(image: str) -> bool:
    """Whether an image reference names its registry (``quay.io/x/y``, ``localhost:5000/y``), as Docker reads it."""
    first, slash, _ = image.partition("/")
    return bool(slash) and ("." in first or ":" in first or first == "localhost")
