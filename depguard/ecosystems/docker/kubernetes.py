"""Kubernetes manifests: container ``image:`` values in any ``*.yaml``/``*.yml`` document that has
top-level ``apiVersion:`` and ``kind:`` keys (so CI files, compose files and Helm values are left alone).
Each ``---`` document is judged on its own. In a Helm chart's ``templates/`` folder (a ``Chart.yaml`` in the
folder above it), an image built only from the chart's values is the values file's, judged there."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ._image_lines import image_mentions

PARSER = "kubernetes"
DOC_SPLIT = re.compile(r"^---")
API_VERSION = re.compile(r"^apiVersion\s*:\s*\S")
KIND = re.compile(r"^kind\s*:\s*\S")


def kubernetes_lines(lines: list[str]) -> set[int]:
    """The 1-based lines of the documents that look like Kubernetes objects."""
    keep: set[int] = set()
    doc: list[int] = []
    api = kind = False
    for i, line in enumerate([*lines, "---"], 1):
        if DOC_SPLIT.match(line):
            if api and kind:
                keep.update(doc)
            doc, api, kind = [], False, False
            continue
        doc.append(i)
        api = api or bool(API_VERSION.match(line))
        kind = kind or bool(KIND.match(line))
    return keep


@file_format("kubernetes", ("*.yaml", "*.yml"), ecosystem="docker", kind="manifest",
             description="Kubernetes manifest container images (documents with apiVersion and kind)")
def parse(source: Source) -> Iterator[Mention]:
    if "apiVersion" not in source.text or "image" not in source.text:
        return
    lines = source.text.splitlines()
    keep = kubernetes_lines(lines)
    if keep:
        yield from image_mentions(source, PARSER, lines, keep, values_refs="{{" in source.text and _chart_template(source))


def _chart_template(source: Source) -> bool:
    """Whether the file lies in a Helm chart's ``templates/`` folder (at any depth below it)."""
    if source.fs_path is None:
        return False
    here = os.path.dirname(source.fs_path)
    while os.path.basename(here) and os.path.dirname(here) != here:
        if os.path.basename(here) == "templates":
            chart = os.path.dirname(here)
            if any(source.files.is_file(os.path.join(chart, n)) for n in ("Chart.yaml", "Chart.yml")):
                return True
        here = os.path.dirname(here)
    return False
