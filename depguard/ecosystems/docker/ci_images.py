"""Container images of CI pipelines other than GitHub's (whose workflows workflow-images reads): GitLab CI's ``image:``
(a string, or the ``name:`` of a map) and ``services:`` (``- postgres:16``, ``- name: postgres:16``), CircleCI's ``docker:
- image: cimg/python:3.12`` (a ``machine:``'s ``image:`` is a virtual machine's, no container), Bitbucket Pipelines'
``image:``, Azure Pipelines' ``resources.containers`` ``image:`` (a ``pool:``'s ``image:`` is an agent pool's virtual
machine, no container), and the ``image:`` of Drone's and Woodpecker's steps and
services. Their shell steps are read by ci-yaml; the images
they run were not read at all. A value holding a variable or a template (``$CI_REGISTRY_IMAGE``, ``<<
parameters.image >>``, ``${{ parameters.image }}``, ``$(imageName)``) is not checked; a job's ``container: name``
(an Azure alias of a resource or an image) and Bitbucket's ``services: - docker`` (a service definition's name) are
not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ._image_lines import IMAGE, PLAIN, QUOTED, image_mentions
from ._refs import image_mention, split_image

PARSER = "ci-images"
GITLAB = (".gitlab-ci.yml", "*.gitlab-ci.yml")
# a CircleCI machine executor's image (``machine: image: ubuntu-2204:current``) and, in an Azure pipeline, an agent
# pool's (``pool: name: $(PoolProvider)`` ``image: 1es-windows-2022``, the 1ES hosted pools' virtual-machine image that
# dotnet/aspire-samples' build/azure-pipelines.yml names; a GitLab job may be called pool): a VM image, no container
MACHINE_BLOCK = re.compile(r"^(?P<indent>\s*)machine\s*:\s*(?:#.*)?$")
POOL_BLOCK = re.compile(r"^(?P<indent>\s*)(?:-\s+)?pool\s*:\s*(?:#.*)?$")
PARAMETER_TAG = re.compile(r"""^(?P<q>["']?)(?P<name>[^\s:<"'$]+):(?P<tag>[^\n]*<<[^\n]*?)(?P=q)\s*(?:#.*)?$""")
MAP_START = re.compile(r"^(?P<indent>\s*)(?:-\s+)?(?P<key>image|services)\s*:\s*(?:#.*)?$")
NAME = re.compile(r"^(?P<indent>\s*)(?P<dash>-\s+)?name\s*:\s+(?P<value>\S.*?)\s*$")
ITEM = re.compile(r"^(?P<indent>\s*)-\s+(?P<value>[^\s:#][^#]*?)\s*(?:#.*)?$")


@file_format(PARSER, (*GITLAB, ".circleci/config.yml", "bitbucket-pipelines.yml", "azure-pipelines.yml", ".drone.yml",
                      ".woodpecker.yml", ".woodpecker.yaml", ".woodpecker/*.yml", ".woodpecker/*.yaml"),
             ecosystem="docker", kind="manifest",
             description="container images of GitLab CI, CircleCI, Bitbucket, Azure, Drone and Woodpecker pipelines")
def parse(source: Source) -> Iterator[Mention]:
    lines = source.text.splitlines()
    azure = source.path.rpartition("/")[2] == "azure-pipelines.yml"
    for no, line in enumerate(lines):
        m = IMAGE.match(line)
        if m and "<<" in m.group("value"):  # CircleCI's pipeline parameters: filled when the config is processed
            tagged = PARAMETER_TAG.match(m.group("value"))
            if tagged:  # `cimg/node:<< parameters.node-version >>`: the repository is written, the tag is a parameter
                image = split_image(tagged.group("name"))
                if image is not None:
                    yield source.mention("docker", tagged.group("name"), no + 1, m.start("value") + tagged.start("name")
                                         + 1, Origin.MANIFEST, PARSER, spec=tagged.group("tag"), name=image[0])
            else:
                source.problem(f"image {m.group('value')!r} is a template; not checked", no + 1, m.start("value") + 1,
                               kind="limit")
            lines[no] = ""
        elif MACHINE_BLOCK.match(line) or (azure and POOL_BLOCK.match(line)):
            indent = len(line) - len(line.lstrip())
            k = no + 1
            while k < len(lines) and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > indent):
                if IMAGE.match(lines[k]):
                    lines[k] = ""
                k += 1
    yield from image_mentions(source, PARSER, lines)
    gitlab = any(source.path.rpartition("/")[2].endswith(name.lstrip("*")) for name in GITLAB)
    for no, line in enumerate(lines):
        m = MAP_START.match(line)
        if m is None or (m.group("key") == "services" and not gitlab):
            continue
        indent = len(line) - len(line.lstrip())
        child: int | None = None  # the indentation of the block's own entries
        k = no + 1
        while k < len(lines) and (not lines[k].strip() or len(lines[k]) - len(lines[k].lstrip()) > indent):
            here = lines[k]
            k += 1
            if not here.strip() or here.lstrip().startswith("#"):
                continue
            at = len(here) - len(here.lstrip())
            child = at if child is None else child
            named = NAME.match(here)
            if m.group("key") == "image":  # `image:` then `name: python:3.12` (its `entrypoint:` beside it)
                found = named if named is not None and at == child and not named.group("dash") else None
            elif at == child:  # a service: `- postgres:16` or `- name: postgres:16`
                found = named if named is not None else ITEM.match(here)
            else:  # a service's other key first: `- alias: db` then `  name: postgres:16`
                found = named if named is not None and not named.group("dash") and at == child + 2 else None
            if found is not None:
                yield from _mention(source, found.group("value"), k, found.start("value") + 1)


def _mention(source: Source, value: str, line: int, col: int) -> Iterator[Mention]:
    """The mention of an image reference written as ``value`` at (line, col), or a problem when it is not readable."""
    v = QUOTED.match(value) or PLAIN.match(value)
    if v is None:
        return
    ref = v.group("ref")
    col += v.start("ref")
    mention = image_mention(source, ref, line, col, PARSER)
    if mention is not None:
        yield mention
