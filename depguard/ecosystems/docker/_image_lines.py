"""``image:`` values in YAML files (compose files, Kubernetes manifests), found line by line.

Text scanning gives exact lines and copes with multi-document Kubernetes files; only scalar values on the
key's own line are images (``image: {repository: x}`` in Helm values is a mapping, not an image).
Templated values (``${TAG}``, ``{{ .Values.image }}``, ``x:${{ matrix.v }}`` unquoted) are checked when the
repository part is plain and recorded as problems when it is not, except in a Helm chart's templates (``values_refs``) an image made only of
references to the chart's values (``{{ .Values.image.repository }}:{{ .Values.image.tag | default
.Chart.AppVersion }}``): the chart's ``values.yaml`` holds that image, and the helm-values reader judges it there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source
from ._refs import split_image

IMAGE = re.compile(r"""^(?P<indent>\s*)(?:-\s+)?image\s*:\s+(?P<value>\S.*?)\s*$""")
QUOTED = re.compile(r"""^(?P<q>["'])(?P<ref>[^"']*)(?P=q)\s*(?:#.*)?$""")
# unquoted; a template expression in it may hold spaces (`hexpm/elixir:${{ matrix.elixir }}-erlang-${{ matrix.otp }}`)
# (the alternatives never overlap: one way to match, no backtracking blow-up on a long line)
PLAIN = re.compile(r"""^(?P<ref>[^\s#"'{&*|>!](?:\{\{[^{}\n]*\}\}|\{(?!\{)|[^\s#"'{])*)\s*(?:#.*)?$""")
# A Helm expression naming only the chart's values or its own metadata, with `default`/`quote` filters
_VALUE = r"""(?:\.Values(?:\.[\w-]+)+|\.Chart\.\w+|"[^"{}]*")"""
VALUES_REF = re.compile(rf"""\{{\{{-?\s*{_VALUE}(?:\s*\|\s*(?:default\s+{_VALUE}|quote|trim))*\s*-?\}}\}}""")


def values_only(value: str) -> bool:
    """Whether ``value`` is templated, every template expression in it a reference to the chart's values."""
    return "{{" in value and "{{" not in VALUES_REF.sub("", value) and ".Values." in value


def image_mentions(source: Source, parser: str, lines: list[str] | None = None,
                   within: set[int] | None = None, values_refs: bool = False) -> Iterator[Mention]:
    for line_no, line in enumerate(lines if lines is not None else source.text.splitlines(), 1):
        if within is not None and line_no not in within:
            continue
        m = IMAGE.match(line)
        if not m:
            continue
        value = m.group("value")
        v = QUOTED.match(value) or PLAIN.match(value)
        col = m.start("value") + 1
        if values_refs and values_only(value):
            continue  # a chart template's image from its values: judged in values.yaml
        if v is None:
            if "{{" in value or "${" in value:
                source.problem(f"image {value!r} is a template; not checked", line_no, col, kind="limit")
            continue  # a mapping, an anchor or a block scalar: not an image reference
        ref = v.group("ref")
        col += v.start("ref")
        found = split_image(ref)
        if found is None:
            source.problem(f"image {ref!r} is built from a variable; not checked", line_no, col, kind="limit")
            continue
        name, tag = found
        yield source.mention("docker", ref, line_no, col, Origin.MANIFEST, parser, spec=tag, name=name)
