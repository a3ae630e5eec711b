"""Kustomize's ``kustomization.yaml`` (``kustomization.yml``, ``Kustomization``): its ``images:`` transformer sets the
image of every container of the resources the kustomization builds (its own and its bases', through ``resources:``)
whose image is ``name`` (Kustomize's docs, "images": "Modify the name, tags and/or digest for images without
creating patches"):

    images:
    - name: gtfs-rt-archiver
      newName: ghcr.io/cal-itp/data-infra/gtfs-rt-archiver-v3
      newTag: '2024.3.27'

An entry with a ``newName`` pulls that image (with its ``newTag`` or ``digest``): it is judged here, where it is
written. Its ``name`` is then a placeholder of the tree's manifests that the build replaces, pulled by no one under
that name (cal-itp/data-infra's base manifests run ``image: gtfs-rt-archiver``; held-out set 299): one of the names
the tree makes itself (:func:`depguard.ecosystems.docker._local_images.built_images`), as an image Skaffold or Tilt
builds and substitutes. An entry that only sets a ``newTag`` or a ``digest`` keeps the image's name, which stays
judged where the manifests write it.
"""

from __future__ import annotations

from ... import lazyre
from ...parsers import file_format
from ...parsers._util import load_yaml
from ._image_lines import reference_mentions

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

PARSER = "kustomization"
NAMES = ("kustomization.yaml", "kustomization.yml", "Kustomization")
# a line holding an images entry's newName key (the entry's first key or a later one), not a comment
NEW_NAME_LINE = lazyre.compile(r"^[ \t]*(?:-[ \t]+)?newName[ \t]*:[ \t]*")


def renames(text: str) -> list[tuple[str, str, str | None]]:
    """Each ``images:`` entry that replaces an image's name: (``name``, ``newName``, the tag or digest it sets or
    None); nothing when the text is no YAML mapping."""
    if "newName" not in text:
        return []
    try:
        data = load_yaml(text)
    except Exception:  # noqa: BLE001 - a file YAML cannot read names nothing (a template of one)
        return []
    images = data.get("images") if isinstance(data, dict) else None
    out: list[tuple[str, str, str | None]] = []
    for entry in images if isinstance(images, list) else []:
        if not isinstance(entry, dict):
            continue
        name, new = entry.get("name"), entry.get("newName")
        if isinstance(name, str) and isinstance(new, str) and name.strip() and new.strip():
            tag, digest = entry.get("newTag"), entry.get("digest")
            suffix = f"@{digest}" if isinstance(digest, str) and digest else (
                f":{tag}" if isinstance(tag, (str, int, float)) and str(tag) else None)
            out.append((name.strip(), new.strip(), suffix))
    return out


@file_format(PARSER, NAMES, ecosystem="docker", kind="manifest",
             description="Kustomize's kustomization.yaml: the images its images transformer sets (newName)")
def parse(source: Source) -> Iterator[Mention]:
    found = renames(source.text)
    if not found:
        return
    lines = source.text.splitlines()
    keyed = [(n, m.end()) for n, line in enumerate(lines, 1) if (m := NEW_NAME_LINE.match(line))]
    for index, (_, new, suffix) in enumerate(found):
        # the entries' newName keys in the file's order; one written otherwise (a flow mapping) at the file's start
        line, end = keyed[index] if index < len(keyed) else (1, 0)
        quoted = index < len(keyed) and lines[line - 1][end:end + 1] in ("'", '"')
        yield from reference_mentions(source, PARSER, new + (suffix or ""), line, end + 1 + quoted)
