"""Apptainer (formerly Singularity) definition files: the Docker image a build stage bootstraps from, the header's
``Bootstrap: docker`` and ``From: ubuntu:22.04`` (apptainer.org's definition-file docs; held-out set 281, Singularity
tutorials and HPC container recipes, where no format read a ``.def`` file). Apptainer pulls that reference from
Docker Hub unless the header's ``Registry:`` (and ``Namespace:``, Singularity 2's keys) name another place. Another
bootstrap agent (``localimage``, ``library``, ``oras``, ``shub``, ``docker-daemon``, ``debootstrap``, ``yum`` …) names
no Docker Hub image; a build argument (``From: ubuntu:{{ VERSION }}``) is a value the file does not give. The shell
sections are read by ``apptainer-def`` (parsers/scripts.py). Read as text, never run.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...parsers.scripts import APPTAINER_FILES, apptainer_headers, is_apptainer_definition
from ._refs import image_mention

PARSER = "apptainer-images"


@file_format(PARSER, APPTAINER_FILES, ecosystem="docker", kind="manifest",
             description="Apptainer and Singularity definition files' Bootstrap: docker images")
def parse(source: Source) -> Iterator[Mention]:
    if not is_apptainer_definition(source.text):
        return
    for header in apptainer_headers(source.text):
        agent = header.get("bootstrap", ("", 0, 0))[0].lower()
        image = header.get("from")
        if agent != "docker" or image is None or not image[0] or "{{" in image[0]:
            continue
        ref, line, column = image
        # Singularity 2's Registry: and Namespace: keys complete the reference (`Registry: nvcr.io`)
        namespace = header.get("namespace", ("",))[0].strip("/")
        registry = header.get("registry", ("",))[0].strip("/")
        if namespace and "/" not in ref:
            ref = f"{namespace}/{ref}"
        if registry:
            ref = f"{registry}/{ref}"
        found = image_mention(source, ref, line, column, PARSER)
        if found is not None:
            yield found
