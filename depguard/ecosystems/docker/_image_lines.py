"""``image:`` values in YAML files (compose files, Kubernetes manifests), found line by line.

Text scanning gives exact lines and copes with multi-document Kubernetes files; only scalar values on the
key's own line are images (``image: {repository: x}`` in Helm values is a mapping, not an image).
Templated values (``${TAG}``, ``{{ .Values.image }}``, ``x:${{ matrix.v }}`` unquoted) are checked when the repository part is plain and
recorded as problems when it is not, except in a Helm chart's templates (``values_refs``) an image whose
repository is made only of template expressions (``{{ .Values.image.repository }}:{{ .Values.image.tag | default
.Chart.AppVersion }}``, ``{{ $registry }}/{{ .repository }}`` after ``{{ $registry := .Values.global.registry }}``,
``{{ tpl .Values.server.image.repository . }}``, ``{{ . }}`` in a ``with .Values.x.image``, and ``{{ include "x.image"
. }}`` when the chart's named template ``x.image`` writes no literal text but separators): a chart's template reads nothing but
the chart (its values, its metadata, its helpers), so the chart's ``values.yaml`` holds that image, and the
helm-values reader judges it there. An ``include`` of a helper the chart does not define here (a library chart
that is not vendored), or one whose body writes text of its own, stays a problem: the image is not in the values.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source
from ._refs import slot_marked, split_image

IMAGE = re.compile(r"""^(?P<indent>\s*)(?:-\s+)?image\s*:\s+(?P<value>\S.*?)\s*$""")
# what no image reference starts with, a file path does: an ``image:`` input naming a saved image archive
# (Kong/insomnia's scan-docker-image step: ``image: ./packages/${{ env.PKG }}/artifacts/${{ env.TAR }}``)
FILE_PATH = ("./", "../", "/", "~/")
# an image a build tool makes from source when the manifest is applied, never pulled by that name: ko's
# ``image: ko://github.com/ossf/package-analysis/cmd/scheduler`` (``ko apply``/``ko resolve`` build the Go package)
BUILT_FROM_SOURCE = ("ko://",)
QUOTED = re.compile(r"""^(?P<q>["'])(?P<ref>[^"']*)(?P=q)\s*(?:#.*)?$""")
# unquoted; a template expression in it may hold spaces (`hexpm/elixir:${{ matrix.elixir }}-erlang-${{ matrix.otp }}`)
# (the alternatives never overlap: one way to match, no backtracking blow-up on a long line)
PLAIN = re.compile(r"""^(?P<ref>[^\s#"'{&*|>!](?:\{\{[^{}\n]*\}\}|\{(?!\{)|[^\s#"'{])*)\s*(?:#.*)?$""")
# A Go-template action (bounded, braces never inside: no quadratic scan of a file with an unclosed `{{`), and the
# named template an `include`/`template` action calls
ACTION = re.compile(r"\{\{[^{}]{0,4000}\}\}")
CALLS = re.compile(r'\b(?:include|template)\s+"(?P<name>[^"]+)"')
# a policy's match pattern where an image belongs: Kyverno's validate patterns (kyverno/policies' disallow-latest-tag
# `image: "*:*"` / `"!*:latest"`, restrict-image-registries `image: "eu.foo.io/* | bar.io/*"`) and any other engine's
# glob. Docker refuses '*', '?', '|' and '!' in a reference, so the pattern is pulled by no one: its alternatives
# (split at '|') are read one by one, one whose repository holds a wildcard or that is negated ('!') names no image
# (it matches many or excludes), one whose repository is literal (`nginx:*`, any tag of nginx) is that image
PATTERN_MARK = re.compile(r"[*?|!]")
ALTERNATIVE = re.compile(r"[^|]+")
WILDCARD = re.compile(r"[*?]")


VARIABLE = re.compile(r"\$(?P<name>\w+)")


def values_only(value: str, helpers: frozenset[str] = frozenset(), literal: frozenset[str] = frozenset()) -> bool:
    """Whether ``value`` (an ``image:`` value in a chart's template) is templated with no literal text in its
    repository part (what the actions leave, up to the first ``:`` or ``@``, is only ``/`` separators and
    quotes), every named template it calls one of ``helpers`` (the chart's helpers that write no text) and no
    variable it reads one of ``literal`` (those the file sets to a string of its own: ``$img := "busybox"``)."""
    if "{{" not in value:
        return False
    actions = ACTION.findall(value)
    if any(name not in helpers for action in actions for name in CALLS.findall(action)):
        return False
    if literal and any(v in literal for action in actions for v in VARIABLE.findall(action)):
        return False
    rest = ACTION.sub("", value).replace('"', "").replace("'", "")
    repository = re.split(r"[:@]", rest, maxsplit=1)[0]
    return "{" not in rest and not repository.strip(" /")


def image_mentions(source: Source, parser: str, lines: list[str] | None = None,
                   within: set[int] | None = None, values_refs: bool = False,
                   helpers: frozenset[str] = frozenset(), literal: frozenset[str] = frozenset()) -> Iterator[Mention]:
    for line_no, line in enumerate(lines if lines is not None else source.text.splitlines(), 1):
        if within is not None and line_no not in within:
            continue
        m = IMAGE.match(line)
        if not m:
            continue
        value = m.group("value")
        v = QUOTED.match(value) or PLAIN.match(value)
        col = m.start("value") + 1
        if values_refs and values_only(value, helpers, literal):
            continue  # a chart template's image from its values: judged in values.yaml
        if v is None:
            if "{{" in value or "${" in value:
                source.problem(f"image {value!r} is a template; not checked", line_no, col, kind="limit")
            continue  # a mapping, an anchor or a block scalar: not an image reference
        ref = v.group("ref")
        col += v.start("ref")
        if ref.startswith(FILE_PATH):  # a file, not a reference: an action's image archive (`image: ./out/img.tar`)
            continue
        if ref.startswith(BUILT_FROM_SOURCE):
            continue
        if PATTERN_MARK.search(ref) and "{" not in ref:  # (a template's `{{ x | quote }}` is read as before)
            yield from _pattern_mentions(source, parser, ref, line_no, col)
            continue
        yield from reference_mentions(source, parser, ref, line_no, col)


def reference_mentions(source: Source, parser: str, ref: str, line_no: int, col: int) -> Iterator[Mention]:
    """The image ``ref`` names (its mention, a slot's flag marked a note), or a problem when a variable makes its name
    and no script of the tree builds that image."""
    found = split_image(ref)
    if found is None:
        from ._local_images import variable_slot

        slot = variable_slot(ref)
        if slot is None or slot not in source.hints.local_images:  # else a script of the tree builds it
            source.problem(f"image {ref!r} is built from a variable; not checked", line_no, col, kind="limit")
        return
    name, tag = found
    yield slot_marked(source.mention("docker", ref, line_no, col, Origin.MANIFEST, parser, spec=tag, name=name), ref)


def _pattern_mentions(source: Source, parser: str, pattern: str, line_no: int, col: int) -> Iterator[Mention]:
    """The images a policy's match pattern (:data:`PATTERN_MARK`) names literally: each ``|`` alternative that is
    not negated and whose repository (before the tag or digest) holds no wildcard."""
    for alt in ALTERNATIVE.finditer(pattern):
        ref = alt.group().strip()
        if not ref or ref.startswith("!"):
            continue
        repository = ref.partition("@")[0]
        head, slash, last = repository.rpartition("/")
        if WILDCARD.search(head + slash + last.partition(":")[0]):
            continue
        at = col + alt.start() + (len(alt.group()) - len(alt.group().lstrip()))
        yield from reference_mentions(source, parser, ref, line_no, at)
