"""Conda ``environment.yml``: ``dependencies`` as conda match specs (``numpy=1.21``, ``numpy 1.21 py39_0``,
``conda-forge::numpy``) and the ``pip:`` sub-list as PyPI requirements.

Channels other than the defaults (conda-forge, defaults) are carried in the name (``bioconda::samtools``) so
the registry is asked on them first. A channel that is not on anaconda.org is recorded as a problem: its
packages cannot be checked there. pip options (``-r``, ``-e``, ``--index-url``), URL requirements and local paths (``.``, ``..``, ``./sub``) are
skipped, and so is a spec holding a template action (``{{ … }}`` of a Jinja-rendered environment file): the
template's slot, not a name.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator
from typing import Any

from ... import delimited
from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format, rendered_path
from ...parsers._util import KeyLines, load_yaml
from ..pypi._python import LOCAL_PATH
from ..pypi.pep508 import split_requirement
from ._refs import conda_channel, conda_key_name, split_conda_spec

PARSER = "environment.yml"
# a Jinja action in a spec: the file is a template (nf-core's module-template/environment.yml), rendered before conda reads it
# (found in linear time, :mod:`depguard.delimited`: the lazy pattern of it scanned to the line's end from every opening
# with no closing, reviewer r37)
TEMPLATE_ACTION = (("{{", "}}"), ("{%", "%}"))


def file_channels(source: Source, data: dict[str, Any], lines: KeyLines) -> list[str]:
    chans: list[str] = []
    for ch in data.get("channels") or []:
        if not isinstance(ch, str):
            continue
        name = conda_channel(ch)
        if name is None:
            line, _ = lines.find(ch, quoted=False)
            source.problem(f"channel {ch} is not on anaconda.org: packages only there cannot be checked", line, kind="limit")
            continue
        chans.append(name)
    return chans


def conda_mention(source: Source, spec: str, channels: list[str], line: int, col: int | None, origin: Origin,
                  parser: str) -> Mention | None:
    action = next(delimited.line_spans(spec, TEMPLATE_ACTION), None)
    if action is not None and not re.search(r"[\s=<>!~]", spec[:action[0]]):
        return None  # the name is a template's slot (nf-core's module template: "{{ bioconda if bioconda else '…' }}")
    parsed = split_conda_spec(spec)
    if parsed is None:
        source.problem(f"cannot read the conda spec {spec!r}", line)
        return None
    channel, name, version = parsed
    if channel is not None:
        ch = conda_channel(channel)
        if ch is None:
            source.problem(f"{name} comes from {channel}, which is not on anaconda.org; not checked", line, kind="limit")
            return None
        chans = [ch]
    else:
        chans = channels
    if col is not None:
        text = source.text.splitlines()[line - 1] if source.line_offset == 0 else ""
        after = text.find("::", col - 1) + 2 if channel is not None and "::" in text else col - 1  # past the channel,
        idx = text.find(name, after) if text else -1  # which may hold the name (conda-forge/label/python_rc::python)
        col = idx + 1 if idx >= 0 else col
    return source.mention("conda", name, line, col, origin, parser, spec=version or None,
                          name=conda_key_name(name.lower(), chans))


ENV_PATTERNS = ("environment.yml", "environment.yaml", "environment-*.yml", "environment-*.yaml", "*.environment.yml",
                "conda-env.yml")
_NAMED = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in ENV_PATTERNS))
# an environment file by its content: top-level `channels:` and `dependencies:` keys (Snakemake's `envs/xsv.yaml`
# that a rule's `conda:` directive names, nf-core's and any workflow's per-tool environments)
TOP_KEY = re.compile(r"^(?P<key>channels|dependencies)\s*:", re.M)


def pip_entries(source: Source) -> list[str]:
    """The entries of a conda environment file's ``pip:`` lists as written, options and URLs included (``-e
    git+https://github.com/CompVis/taming-transformers.git@master#egg=taming-transformers``): what pip installs
    into the environment, for the project view; empty when the file is no environment or no YAML mapping."""
    if "pip" not in source.text or not environment_file(source):
        return []
    try:
        data = load_yaml(source.text)
    except ParseError:
        return []
    deps = data.get("dependencies") if isinstance(data, dict) else None
    return [req for item in deps if isinstance(item, dict) and isinstance(item.get("pip"), list)
            for req in item["pip"] if isinstance(req, str)] if isinstance(deps, list) else []


def environment_file(source: Source) -> bool:
    """Whether the file is a conda environment: by its name, or any YAML file whose top level holds both
    ``channels:`` and ``dependencies:`` (a conda-only pair: no other tool's file has both at its top)."""
    if _NAMED.match(os.path.basename(rendered_path(source.path))):
        return True
    text = source.text
    return "channels" in text and "dependencies" in text and {m.group("key") for m in TOP_KEY.finditer(text)} == {
        "channels", "dependencies"}


@file_format("environment.yml", (*ENV_PATTERNS, "*.yml", "*.yaml"),
             ecosystem="conda", kind="manifest", description="conda environment files (by name or content): dependencies and pip: list")
def parse(source: Source) -> Iterator[Mention]:
    if not environment_file(source):
        return
    data = load_yaml(source.text)
    if data is None or isinstance(data, list):
        return  # a YAML list is another tool's file of that name (an Ansible playbook), never a conda environment
    if not isinstance(data, dict):
        raise ParseError("environment.yml is not a mapping", 1)
    deps = data.get("dependencies")
    if deps is None:
        return
    if not isinstance(deps, list):
        raise ParseError("dependencies is not a list")
    lines = KeyLines(source.text)
    channels = file_channels(source, data, lines)
    start, _ = lines.find("dependencies", quoted=False)
    lines.cursor = start or 1
    for item in deps:
        if isinstance(item, str):
            line, col = lines.find(item, quoted=False, whole=True)  # `- jax` after `- jaxlib=*=*cuda*` is on its line
            m = conda_mention(source, item, channels, line or 1, col, Origin.MANIFEST, PARSER)
            if m is not None:
                yield m
        elif isinstance(item, dict) and isinstance(item.get("pip"), list):
            lines.find("pip", quoted=False)
            for req in item["pip"]:
                if (not isinstance(req, str) or req.startswith(("-", "/", "file:")) or "://" in req.split("@")[0]
                        or LOCAL_PATH.match(req)):
                    continue  # an option, a URL, or a local path (voila's docs environment installs ``..``)
                line, col = lines.find(req, quoted=False, whole=True)
                try:
                    parsed = split_requirement(req)
                except ValueError as exc:
                    source.problem(f"pip: cannot parse {req!r}: {exc}", line)
                    continue
                if parsed is None:
                    continue
                yield source.mention("pypi", parsed[0], line or 1, col, Origin.MANIFEST, PARSER, spec=parsed[1],
                                     note="pip dependency of a conda environment")
