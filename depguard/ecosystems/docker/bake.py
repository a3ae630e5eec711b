"""Docker Bake files (``docker-bake.hcl``, ``docker-bake.override.hcl``, ``docker-bake.custom-python.hcl``): the
images a bake pulls, its targets' ``docker-image://`` named contexts (``contexts = { base = "docker-image://
alpine:3.20" }``, the image a Dockerfile's ``FROM base`` then gets). A context that is another target
(``target:foundation``), a folder or a URL is no image; a reference with an HCL interpolation (``${TAG}``) is not
checked. The targets' ``tags`` are the images the bake builds, the tree's own
(:func:`depguard.ecosystems.docker._local_images.images_in_bake`): a ``docker run`` of one elsewhere in the tree is no
Docker Hub name. Bake's JSON and compose forms are read by their own formats.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention
from ...parsers import Source, file_format
from ._refs import image_mention

PARSER = "docker-bake"
CONTEXT_IMAGE = lazyre.compile(r"""["']docker-image://(?P<ref>[^"'\n]+)["']""")


@file_format(PARSER, ("docker-bake*.hcl",), ecosystem="docker", kind="manifest",
             description="Docker Bake files: docker-image:// named contexts (their targets' tags are the tree's own images)")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "docker-image://" not in text:
        return
    starts = [0]
    starts += [i + 1 for i, c in enumerate(text) if c == "\n"]
    line = 0
    for m in CONTEXT_IMAGE.finditer(text):
        while line + 1 < len(starts) and starts[line + 1] <= m.start("ref"):
            line += 1
        ref = m.group("ref").strip()
        col = m.start("ref") - starts[line] + 1
        mention = image_mention(source, ref, line + 1, col, PARSER)
        if mention is not None:
            yield mention
