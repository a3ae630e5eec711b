"""Helm chart values (``values.yaml``, ``values-*.yaml`` beside a ``Chart.yaml``): the container images a chart
deploys, written as a string (``image: nginx:1.25``) or as Helm's image map (``image: {registry, repository,
tag | digest}``), under any key named ``image`` or ending in ``Image`` (``initImage``), at any depth.

An image key may also hold a map of named image maps (``image: {busybox: {registry, repository, tag}, kubectl:
{…}}``, one per container of a job), and a map may name its repository ``name`` beside a ``tag`` or ``digest``. YAML aliases are followed (``port: *name``; an aliased map is the anchored
one). Values holding template expressions (``{{ … }}``) are not read; a map without ``repository`` is not an
image. The file is read only in a chart folder (a ``Chart.yaml`` beside it), where these keys mean images.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, Placed, document_mapping, load_yaml_positions
from ._refs import split_image

PARSER = "helm-values"
MAX_NODES = 100_000


def _image_keys(data: Any) -> Iterator[tuple[Keyed, str, Any]]:
    """(mapping, key, value) for every image-like key, walking without recursion, each container once (an
    alias is the anchored container itself)."""
    stack = [data]
    seen = 0
    visited: set[int] = set()
    while stack and seen < MAX_NODES:
        node = stack.pop()
        if id(node) in visited:
            continue
        visited.add(id(node))
        seen += 1
        if isinstance(node, Keyed):
            for key, value in node.items():
                if isinstance(key, str) and (key == "image" or key.endswith("Image")):
                    yield node, key, value
                    if isinstance(value, Keyed) and "repository" not in value:  # image: {busybox: {repository…}}
                        yield from ((value, k, v) for k, v in value.items() if isinstance(v, Keyed) and "repository" in v)
                if isinstance(value, (Keyed, Placed)):
                    stack.append(value)
        elif isinstance(node, Placed):
            stack.extend(v for v in node if isinstance(v, (Keyed, Placed)))


def _repository(value: dict) -> Any:
    """The repository of an image map: ``repository``, or ``name`` beside a ``tag``/``digest`` (``image: {name:
    quay.io/opstree/druid-exporter, tag: v0.11}``, read by ``{{ .Values.image.name }}:{{ .Values.image.tag }}``)."""
    if "repository" in value:
        return value["repository"]
    return value.get("name") if ("tag" in value or "digest" in value) else None


def _reference(value: Any) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, dict) and isinstance(_repository(value), str) and _repository(value).strip():
        ref = _repository(value).strip()
        registry = value.get("registry")
        if isinstance(registry, str) and registry.strip() and not ref.startswith(registry.strip() + "/"):
            ref = f"{registry.strip().rstrip('/')}/{ref}"
        digest, tag = value.get("digest"), value.get("tag")
        if isinstance(digest, str) and digest.strip():
            return f"{ref}@{digest.strip()}"
        if isinstance(tag, (str, int, float)) and str(tag).strip():
            return f"{ref}:{str(tag).strip()}"
        return ref
    return None


@file_format("helm-values", ("values.yaml", "values.yml", "values-*.yaml", "values-*.yml"), ecosystem="docker",
             kind="manifest", description="Helm chart values: image strings and image maps (beside a Chart.yaml)")
def parse(source: Source) -> Iterator[Mention]:
    if source.fs_path is None or not any(source.files.is_file(os.path.join(os.path.dirname(source.fs_path), n))
                                         for n in ("Chart.yaml", "Chart.yml")):
        return
    data, index = load_yaml_positions(source.text, aliases=True)
    data = document_mapping(data, "Helm values file")
    for mapping, key, value in sorted(_image_keys(data), key=lambda e: e[0].where.get(e[1], 0)):  # file order
        ref = _reference(value)
        if ref is None or "{{" in ref or "$" in ref:
            continue
        found = split_image(ref)
        if found is None:
            continue
        line, col = index.key(mapping, key)
        yield source.mention("docker", ref, line, col, Origin.MANIFEST, PARSER, spec=found[1], name=found[0],
                             note=None if isinstance(value, str) else "image map")
