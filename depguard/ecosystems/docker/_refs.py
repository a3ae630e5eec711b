"""Container image references reduced to the names registries use (``python:3.12`` -> ``library/python``).
Shared by the docker parsers (and usable by command grammars); no I/O."""

from __future__ import annotations

import re

from ...model import Example, Mention, Origin

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from ...parsers import Source

# --- container images --------------------------------------------------------------------------------
DOCKER_HUB_HOSTS = ("docker.io", "index.docker.io", "registry-1.docker.io", "registry.hub.docker.com")
_DIGEST = re.compile(r"@[A-Za-z0-9_+.-]+:[A-Fa-f0-9]+$")


# a template engine's slot in a repository name, other than ``$VAR`` and braces: ``cimg/%%PARENT%%`` (CircleCI's cimg
# Dockerfile.template, which its build script fills with sed), ``%VAR%`` (Windows batch), ``@VAR@`` (autoconf and CMake's
# configure_file), ``__VAR__`` (sed placeholders): Docker refuses '%', an '@' outside the digest and a component that
# starts with '_', so nothing can be pulled by that name before the template is rendered: not read (not checked)
TEMPLATED = re.compile(r"%|@|(?:^|/)__[A-Za-z][A-Za-z0-9_]*__(?:/|$)")


def templated(ref: str) -> bool:
    """Whether ``ref`` is unreadable (:func:`split_image`) because a template's slot (:data:`TEMPLATED`) is in it."""
    return split_image(ref) is None and TEMPLATED.search(ref) is not None


def split_image(ref: str) -> tuple[str, str | None] | None:
    """(name, tag-or-digest) for an image reference; Docker Hub names get ``library/`` filled in.

    ``nginx:1.25`` -> ``("library/nginx", "1.25")``; ``ghcr.io/o/i@sha256:..`` -> ``("ghcr.io/o/i", "sha256:..")``;
    a tag or digest may be a variable (``x@{{ digest }}`` -> ``("library/x", "{{ digest }}")``).
    None when the reference is empty or holds variables (``$VAR``, ``{{ }}``) in its name.
    """
    ref = ref.strip()
    if not ref:
        return None
    version: str | None = None
    m = _DIGEST.search(ref)
    if m:
        version = m.group(0)[1:]
        ref = ref[: m.start()]
    elif "@" in ref.rpartition("/")[2]:  # a digest written by a variable or a template (x@{{ digest }}, x@$SHA)
        ref, _, version = ref.rpartition("@")
    head, slash, last = ref.rpartition("/")
    if ":" in last:  # the tag follows the first ':' of the last component (a port sits in the first)
        last, _, tag = last.partition(":")
        ref = head + slash + last
        version = version or tag
    if not ref or "$" in ref or "{" in ref or "}" in ref or TEMPLATED.search(ref):
        return None
    parts = ref.split("/")
    first = parts[0]
    has_host = len(parts) > 1 and ("." in first or ":" in first or first == "localhost")
    if has_host and first.lower() in DOCKER_HUB_HOSTS:
        parts = parts[1:]
        has_host = False
    if has_host:
        return "/".join([first.lower(), *parts[1:]]), version
    if len(parts) == 1:
        parts = ["library", parts[0]]
    return "/".join(parts), version


# A metavariable in capitals where an image belongs (``FROM REPLACE-ME`` in devcontainers/images' Dockerfile
# templates, which its build script fills in; ``image: IMAGE_NAME``): Docker refuses capital letters in an image
# name, so nothing can ever be pulled or registered by it
SLOT = re.compile(r"[A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+)+|[A-Z]{3,}[0-9]*")
SLOT_EXAMPLE = Example("an image slot in capitals, angle brackets, words or an ellipsis, or a bare registry or namespace "
                       "prefix, written to be replaced before the build (Docker refuses capital letters, '<', spaces, a "
                       "name of dots and an empty last component: nothing can be pulled by it)",
                       setting=None)


# an angle-bracket slot anywhere in a reference (``<LOCATION>-docker.pkg.dev/<YOUR_PROJECT_ID>/repo/app``,
# ``<YOUR_IMAGE_URL>``): Docker refuses '<' and '>' in a reference
ANGLE_SLOT = re.compile(r"<[^<>\s]+>")


# a sentence where the reference belongs (``image: "Placeholder for TensorFlow distributed training image"`` in an
# Argo example's embedded Job): three or more words apart, which Docker refuses in a reference; two words may be a
# reference mistyped (``ngnix latest``), still judged
PHRASE = re.compile(r"[A-Za-z][\w'-]*(?:[ \t]+[A-Za-z][\w'-]*){2,}")


# an ellipsis where the image belongs: an example that leaves the base out (solara's deployment page shows
# ```Dockerfile FROM ....```); it names no image, and Docker refuses it (no letter or digit), so nothing is pulled
ELISION = re.compile(r"(?:\.{2,}|\u2026+)")


def elided(ref: str) -> bool:
    """Whether an image reference leaves a part of its name out with an ellipsis: the whole reference (``FROM ....``,
    a compose file's ``image: ...``) or one component of its name, the registry most often (querybook's plugin guide:
    ```Dockerfile FROM .../querybook:latest```, the reader's own registry). Docker refuses such a name (a component is
    letters and digits, a registry a host name), so nothing is pulled by it; an ellipsis in the tag leaves the name
    whole."""
    name = ref.partition("@")[0]
    head, _, last = name.rpartition("/")
    return any(ELISION.fullmatch(part) for part in [*head.split("/"), last.partition(":")[0]])


def prefix_only(ref: str) -> bool:
    """Whether ``ref`` is a registry or namespace prefix with the image left out: its name (before a tag or digest)
    ends in ``/`` (kyverno/policies' Flux test resource ``spec: image: ghcr.io/myorg/``, the prefix its policy admits
    as ``ghcr.io/myorg/*``). Docker refuses an empty component, so nothing is pulled by it; like an ellipsis for the
    image's name, it is a slot to fill in."""
    name = ref.strip().partition("@")[0]
    path, slash, last = name.rpartition("/")
    return bool(slash) and bool(path.strip("/")) and not last.partition(":")[0]


def _slotted(ref: str) -> bool:
    """Whether the written reference ``ref`` is a template's: wholly a slot in capitals with at most a tag
    (``REPLACE-ME``), an angle-bracket slot anywhere, a sentence (:data:`PHRASE`), or a component of its repository path that is a slot in
    capitals (``gcr.io/GOOGLE_CLOUD_PROJECT/app``, ``us-central1-docker.pkg.dev/PROJECT_ID/repo/app``): Docker refuses
    all of them, so nothing can be pulled by that name. The registry host, case-insensitive, is no slot. So is an
    ellipsis where the reference or a component of its name belongs (:func:`elided`: Full Stack Open's exercise block
    ``image: ...``), which a Dockerfile's reader leaves out altogether, and a prefix whose image is left out
    (:func:`prefix_only`)."""
    if ANGLE_SLOT.search(ref) or PHRASE.fullmatch(ref.strip()) or elided(ref.strip()) or prefix_only(ref):
        return True
    head = ref.partition("@")[0]
    path, slash, last = head.rpartition("/")
    head = path + slash + last.partition(":")[0]
    if SLOT.fullmatch(head):
        return True
    parts = head.split("/")
    if len(parts) > 1 and ("." in parts[0] or ":" in parts[0] or parts[0] == "localhost"):
        parts = parts[1:]
    return any(SLOT.fullmatch(part) for part in parts)


def slot_marked(mention: Mention, ref: str) -> Mention:
    """``mention`` marked as an example (a flag of it is a note) when its written reference ``ref`` is a template's
    (:func:`_slotted`): the name of a template, not of an image."""
    if not _slotted(ref):
        return mention
    from ...records import replace

    return replace(mention, example=SLOT_EXAMPLE)


def image_mention(source: Source, ref: str, line: int, col: int, parser: str, spec: str | None = None) -> Mention | None:
    """The manifest mention of the image ``ref`` written at (line, col), marked when a template's slot names it
    (:func:`slot_marked`), its tag the spec unless ``spec`` is given; ``None`` after the problem that a variable
    builds it (not checked), when :func:`split_image` cannot read it."""
    found = split_image(ref)
    if found is None:
        source.problem(f"image {ref!r} is built from a variable; not checked", line, col, kind="limit")
        return None
    name, tag = found
    return slot_marked(source.mention("docker", ref, line, col, Origin.MANIFEST, parser,
                                      spec=tag if spec is None else spec, name=name), ref)
