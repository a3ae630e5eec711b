"""Kubernetes manifests: container ``image:`` values in any ``*.yaml``/``*.yml`` document that has
top-level ``apiVersion:`` and ``kind:`` keys (so CI files, compose files and Helm values are left alone), but for
Skaffold's configurations (``apiVersion: skaffold/v4beta13``, ``kind: Config``): their ``image:`` values are the
images Skaffold builds (:func:`depguard.ecosystems.docker._local_images.images_in_skaffold`), none it pulls.
Each ``---`` document is judged on its own. In a Helm chart's ``templates/`` folder (a ``Chart.yaml`` in the
folder above it), an image built only from the chart (its values, variables, helpers that write no text of their
own) is the values file's, judged there (see :mod:`._image_lines`)."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ._image_lines import ACTION, CALLS, image_mentions

PARSER = "kubernetes"
DOC_SPLIT = re.compile(r"^---")
API_VERSION = re.compile(r"^apiVersion\s*:\s*\S")
NOT_KUBERNETES = re.compile(r"^apiVersion\s*:\s*[\"']?skaffold/")
KIND = re.compile(r"^kind\s*:\s*\S")


def kubernetes_lines(lines: list[str]) -> set[int]:
    """The 1-based lines of the documents that look like Kubernetes objects."""
    keep: set[int] = set()
    doc: list[int] = []
    api = kind = other = False
    for i, line in enumerate([*lines, "---"], 1):
        if DOC_SPLIT.match(line):
            if api and kind and not other:
                keep.update(doc)
            doc, api, kind, other = [], False, False, False
            continue
        doc.append(i)
        api = api or bool(API_VERSION.match(line))
        other = other or bool(NOT_KUBERNETES.match(line))
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
        chart = _chart_of_template(source) if "{{" in source.text else None
        if chart is None:
            yield from image_mentions(source, PARSER, lines, keep)
        else:
            yield from image_mentions(source, PARSER, lines, keep, values_refs=True, helpers=_textless_helpers(source, chart),
                                      literal=frozenset(LITERAL_VARIABLE.findall(source.text)))


def _chart_of_template(source: Source) -> str | None:
    """The chart folder when the file lies in a Helm chart's ``templates/`` folder (at any depth below it)."""
    if source.fs_path is None:
        return None
    here = os.path.dirname(source.fs_path)
    while os.path.basename(here) and os.path.dirname(here) != here:
        if os.path.basename(here) == "templates":
            chart = os.path.dirname(here)
            if any(source.files.is_file(os.path.join(chart, n)) for n in ("Chart.yaml", "Chart.yml")):
                return chart
        here = os.path.dirname(here)
    return None


# `{{ $img := "busybox" }}` / `{{- $img = printf "%s" "x" }}`: a variable the template sets to text of its own
LITERAL_VARIABLE = re.compile(r"""\$(\w+)\s*:?=\s*(?:printf\s+)?["'`]""")
DEFINE = re.compile(r"""^\{\{-?\s*define\s+"(?P<name>[^"]+)"\s*-?\}\}$""")
OPENS = re.compile(r"^\{\{-?\s*(?:define|if|with|range|block)\b")
ENDS = re.compile(r"^\{\{-?\s*end\s*-?\}\}$")
MAX_HELPER_FILES = 64
MAX_HELPER_DEPTH = 4  # folders below templates/ searched for helper files


def _textless_helpers(source: Source, chart: str) -> frozenset[str]:
    """The named templates (``{{ define "x.image" }}``) of the chart's helper files (``*.tpl`` at any depth of
    ``templates/``, as Helm loads them: grafana's loki-distributed keeps ``loki.compactorImage`` in
    ``templates/compactor/_helpers-compactor.tpl``; and those of the sub-charts vendored under ``charts/``) whose
    body writes no literal text but the separators that join a reference's parts (``/``, ``:``, ``@``): all the
    letters they write come from their actions (``printf "%s/%s:%s" .Values.image.registry …``, ``{{
    .image.registry }}/{{ .image.repository }}``), that is from the chart's values."""
    folders = [(os.path.join(chart, "templates"), 0)]
    for name, is_dir in source.files.listdir(os.path.join(chart, "charts")) or []:
        if is_dir:
            folders.append((os.path.join(chart, "charts", name, "templates"), 0))
    texts: list[str] = []
    while folders and len(texts) < MAX_HELPER_FILES:
        folder, depth = folders.pop(0)
        for name, is_dir in source.files.listdir(folder) or []:
            if is_dir and depth < MAX_HELPER_DEPTH:
                folders.append((os.path.join(folder, name), depth + 1))
            elif not is_dir and name.endswith(".tpl") and len(texts) < MAX_HELPER_FILES:
                texts.append(source.files.read_text(os.path.join(folder, name)) or "")
    defines: dict[str, tuple[bool, set[str]]] = {}
    for text in texts:
        defines.update(_defines(text))
    # a helper that includes one of the chart's helpers writing text writes that text too (``x.image`` calling
    # ``x.debugImage``, which writes ``busybox:``); one the chart does not define is read as before
    out = {name for name, (textless, _) in defines.items() if textless}
    changed = True
    while changed:
        changed = False
        for name in list(out):
            if any(call in defines and call not in out for call in defines[name][1]):
                out.discard(name)
                changed = True
    return frozenset(out)


# what a helper may write between its actions and still write no name: white space and the separators of an image
# reference (argo-helm's argo-workflows.image: `{{ .image.registry }}/{{ .image.repository }}`)
SEPARATORS = " \t\r\n/:@"


def _defines(text: str) -> dict[str, tuple[bool, set[str]]]:
    """Each named template ``text`` defines: (whether its body writes no literal text but separators, the named
    templates its actions include)."""
    out: dict[str, tuple[bool, set[str]]] = {}
    name: str | None = None
    depth = 0
    textless = True
    calls: set[str] = set()
    pos = 0
    for action in ACTION.finditer(text):
        if name is not None and text[pos:action.start()].strip(SEPARATORS):
            textless = False
        pos = action.end()
        token = action.group(0)
        if name is None:
            d = DEFINE.match(token)
            if d:
                name, depth, textless, calls = d.group("name"), 1, True, set()
            continue
        calls.update(CALLS.findall(token))
        if OPENS.match(token):
            depth += 1
        elif ENDS.match(token):
            depth -= 1
            if depth == 0:
                out[name] = (textless, calls)
                name = None
    return out
