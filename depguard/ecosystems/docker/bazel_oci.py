"""Bazel's container rules (rules_oci) in Starlark ``.bzl`` files (a ``deps.bzl`` of ``oci_pull`` calls, a macro of
``oci_load`` targets): the base images ``oci_pull(...)`` (and ``oci.pull(...)``) fetch (``image =
"index.docker.io/library/debian"``, with its ``tag`` or ``digest``). ``MODULE.bazel``, ``WORKSPACE`` and ``BUILD``
files are the Python project view's (discover.NAMED_ONLY_FILES), not read here yet. The images ``oci_load(repo_tags =
[...])`` makes are the tree's own
(:func:`depguard.ecosystems.docker._local_images.images_in_bazel`: GoogleContainerTools/distroless' python3/ldconfig.bzl
loads ``bazel/python3:python3_root_…`` and its ldconfig.sh runs it). A value Starlark computes is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ._refs import image_mention

PARSER = "bazel-oci"
BAZEL_NAMES = ("*.bzl",)
# a pull call and its arguments up to the closing parenthesis (no nested call in them; bounded)
PULL = re.compile(r"\b(?:oci\.pull|oci_pull)\s*\((?P<args>[^()]{0,3000})\)")
IMAGE_ARG = re.compile(r"""\bimage\s*=\s*(?P<q>["'])(?P<ref>[^"'\n]+)(?P=q)""")
TAG_ARG = re.compile(r"""\b(?:tag|digest)\s*=\s*(?P<q>["'])(?P<v>[^"'\n]+)(?P=q)""")


@file_format(PARSER, BAZEL_NAMES, ecosystem="docker", kind="manifest",
             description="rules_oci base images pulled in Bazel .bzl files (oci_pull)")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "pull" not in text:
        return
    line, counted = 1, 0  # the lines counted so far, up to offset ``counted`` (each call's counted from the last: linear)
    for call in PULL.finditer(text):
        m = IMAGE_ARG.search(call.group("args"))
        if m is None:
            continue
        start = call.start("args") + m.start("ref")
        line += text.count("\n", counted, start)
        counted = start
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        ref = m.group("ref")
        tag = TAG_ARG.search(call.group("args"))
        mention = image_mention(source, ref, line, col, PARSER, spec=tag.group("v") if tag else None)
        if mention is not None:
            yield mention
