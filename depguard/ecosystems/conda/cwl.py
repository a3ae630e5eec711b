"""Common Workflow Language tools and workflows (``*.cwl``): what a ``SoftwareRequirement`` and a ``DockerRequirement``
name.

A CWL process says what it runs in its ``requirements`` or ``hints`` (a map keyed by class, or a list of objects with a
``class``): ``SoftwareRequirement`` lists ``packages`` (a map keyed by the package's name, or a list of objects with a
``package`` field, each with an optional ``version`` list), which cwltool's ``--beta-conda-dependencies`` installs from
conda through galaxy-tool-util's conda resolver, on Galaxy's channels (conda-forge, bioconda) and with its renames
(``blast+`` is ``blast``: :data:`.galaxy_tool.RESOLVER_NAMES`). The name is abstract, though: its ``specs`` (bio.tools and
identifiers.org URLs) say what it is, and a resolver's mapping file may rename it (bio-cwl-tools requires
``featurecounts``, which conda packages as ``subread``), so a name conda has passes and a look-alike is judged, while one
conda lacks is not checked (DG100), never missing. ``DockerRequirement``'s ``dockerPull`` is the image a
runner pulls (``quay.io/biocontainers/bedtools:2.26.0gx--he513fc3_4``). common-workflow-library/bio-cwl-tools (held-out
set 265) holds 147 such files, 108 with a SoftwareRequirement, none read before. A workflow's inline ``run:`` processes
are read too. A value holding a CWL expression (``$(…)``, ``${…}``) names nothing; ``specs`` (identifiers.org and
bio.tools URLs) are no package names. Read with the safe YAML loader (a JSON CWL file is YAML too), never run; a file
that is no CWL document (no ``cwlVersion`` nor a process ``class``) is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...model import Example, Mention, Origin
from ...names import whole_words_of
from ...parsers import Source, file_format
from ...parsers._util import KeyLines, load_yaml
from ...records import replace
from ..docker._refs import image_mention
from ._refs import conda_key_name
from .galaxy_tool import CHANNELS, RESOLVER_NAMES

PARSER = "cwl"
PROCESSES = ("CommandLineTool", "Workflow", "ExpressionTool", "Operation")
MAX_NESTING = 20  # a workflow's inline steps inside steps
NAME_MIN = 4  # the letters and digits a local image's name shares with its tool's file or folder
LISTED = 64  # the folders of a tool's parent folder looked into for the Dockerfile of its image
BUILD_FOLDERS = frozenset({"docker", "dockerfiles", "container", "containers"})  # such a folder of the tool's parent
VERSION_TAIL = lazyre.compile(r"(?<=[A-Za-z])[-_.]?v?\d+(?:\.\d+)+\Z")  # `kronav2.7.1`, `tool-1.2`
ABSTRACT = Example("a CWL SoftwareRequirement names its package abstractly (its specs identify it, and cwltool's "
                   "resolvers may map the name), so a name conda lacks is not checked", any_verdict=True, setting=None,
                   unchecked=True, ok_passes=True, doubts_judged=True)


def _requirements(node: object) -> Iterator[tuple[str, dict]]:
    """(class, requirement) of a process's ``requirements`` and ``hints``, in either form."""
    if not isinstance(node, dict):
        return
    for key in ("requirements", "hints"):
        value = node.get(key)
        if isinstance(value, dict):
            for cls, req in value.items():
                if isinstance(cls, str) and isinstance(req, dict):
                    yield cls, req
        elif isinstance(value, list):
            for req in value:
                if isinstance(req, dict) and isinstance(req.get("class"), str):
                    yield req["class"], req


def _processes(node: object, depth: int = 0) -> Iterator[dict]:
    """The process ``node`` and the processes its steps run inline (a step's ``run:`` object), depth first."""
    if not isinstance(node, dict) or depth > MAX_NESTING:
        return
    yield node
    steps = node.get("steps")
    items = steps.values() if isinstance(steps, dict) else steps if isinstance(steps, list) else ()
    for step in items:
        if isinstance(step, dict):
            yield from _processes(step.get("run"), depth + 1)
    for graph in node.get("$graph", ()) if isinstance(node.get("$graph"), list) else ():
        yield from _processes(graph, depth + 1)


def _packages(req: dict) -> Iterator[tuple[str, str | None]]:
    """(name, first version) of a SoftwareRequirement's ``packages``, in either form."""
    packages = req.get("packages")
    if isinstance(packages, dict):
        for name, value in packages.items():
            versions = value.get("version") if isinstance(value, dict) else None
            yield str(name), _first(versions)
    elif isinstance(packages, list):
        for item in packages:
            if isinstance(item, dict) and item.get("package") is not None:
                yield str(item["package"]), _first(item.get("version"))
            elif isinstance(item, str):
                yield item, None


def _first(versions: object) -> str | None:
    if isinstance(versions, list) and versions and isinstance(versions[0], (str, int, float)):
        return str(versions[0])
    if isinstance(versions, (str, int, float)) and not isinstance(versions, bool):
        return str(versions)
    return None


# a line that may name a package: a map key (`bedtools:`) or a list item's `package: bedtools`
PACKAGE_LINE = re.compile(r"^(?P<pre>[ \t]*(?:-[ \t]+)?(?:package[ \t]*:[ \t]*)?[\"']?)(?P<name>[^\s\"':#]+)[\"']?[ \t]*(?::|$)")


def _package_lines(lines: list[str]) -> dict[str, tuple[int, int]]:
    """The first (line, column) of each word a line names as a key or a ``package:`` value, read once per file."""
    found: dict[str, tuple[int, int]] = {}
    for i, line in enumerate(lines):
        m = PACKAGE_LINE.match(line)
        if m and m.group("name") not in found:
            found[m.group("name")] = (i + 1, m.end("pre") + 1)
    return found


def _built_beside(source: Source, image: str) -> str | None:
    """The Dockerfile (shown relative to the scan root) that builds ``image``, a ``dockerPull`` of a CWL tool, as the
    authors' local image, or None. EBI-Metagenomics/pipeline-v5 (held-out set 314) pulls ``eggnog_pipeline:latest``,
    ``genome_properties:latest``, ``kronav2.7.1:latest`` …, each a tool folder's Dockerfile tagged by hand (cwltool uses
    an image of that name when the machine has one, and pulls it only otherwise): Docker Hub would answer
    ``library/eggnog_pipeline``, an official image's namespace, which only Docker publishes. All must hold: the name has
    no namespace nor registry; a ``Dockerfile`` lies in the tool's folder, its parent or a ``Docker`` (``containers`` …)
    folder of that parent (another tool's folder is not enough); the name (tag and a glued version left out) and the
    tool file's stem, its folder's name or its parent's are one a run of whole words of the other, 4+ letters
    (``kronav2.7.1`` of ``krona/``, ``gene_caller`` of ``combined_gene_caller.cwl``, ``eggnog_pipeline`` of
    ``eggNOG/``; ``eggnogpipe``, a piece cut inside a word, is not). A name with a namespace (``acme/eggnog_pipeline``),
    one no Dockerfile nearby builds and one unrelated to the tool stay judged, and a note is only for a name Docker Hub
    lacks (``python:3.9`` is judged as usual)."""
    import os

    from ...fsview import active

    repository = image.split("@", 1)[0].rsplit(":", 1)[0] if "/" not in image else ""
    if not repository or source.fs_path is None:
        return None
    folder = os.path.dirname(os.path.abspath(str(source.fs_path)))
    parent = os.path.dirname(folder)
    root = os.path.abspath(str(source.root or source.fs_path.parent))
    names = [source.fs_path.stem, os.path.basename(folder)]
    inside = parent == root or parent.startswith(root + os.sep)
    if inside:
        names.append(os.path.basename(parent))
    mine = VERSION_TAIL.sub("", repository)  # `kronav2.7.1`: Krona's image, its version glued on
    if not any(whole_words_of(mine, name, NAME_MIN) or whole_words_of(name, mine, NAME_MIN) for name in names):
        return None
    view = active()
    candidates = [folder]
    if inside and parent != folder:
        candidates.append(parent)
        candidates.extend(os.path.join(parent, name) for name, sub in (view.listdir(parent) or [])[:LISTED]
                          if sub and name.lower() in BUILD_FOLDERS)
    for where in candidates:
        dockerfile = os.path.join(where, "Dockerfile")
        if view.is_file(dockerfile):
            return os.path.relpath(dockerfile, root).replace(os.sep, "/")
    return None


def _expression(value: str) -> bool:
    return "$(" in value or "${" in value


@file_format(PARSER, ("*.cwl",), ecosystem=None, kind="manifest",
             description="CWL SoftwareRequirement packages (conda) and DockerRequirement images")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "Requirement" not in text:
        return
    doc = load_yaml(text)  # a YAML error is a ParseError with its line
    if not isinstance(doc, dict) or not ("cwlVersion" in doc or doc.get("class") in PROCESSES or "$graph" in doc):
        return
    lines = KeyLines(text)
    package_lines = _package_lines(text.splitlines())
    for process in _processes(doc):
        for cls, req in _requirements(process):
            if cls == "SoftwareRequirement":
                for name, version in _packages(req):
                    if not name or name.startswith("$") or _expression(name):
                        continue  # a $import/$include of another file, an expression
                    line, col = package_lines.get(name, (None, None))
                    asked = RESOLVER_NAMES.get(name, name)
                    mention = source.mention("conda", name, line or 1, col, Origin.MANIFEST, PARSER, spec=version,
                                             name=conda_key_name(asked.lower(), CHANNELS),
                                             note=f"cwltool's conda resolver installs it as {asked}" if asked != name
                                             else None)
                    yield replace(mention, example=ABSTRACT)
            elif cls == "DockerRequirement":
                image = req.get("dockerPull")
                if isinstance(image, str) and image.strip() and not _expression(image):
                    line, col = lines.find(image.strip())
                    image_found = image_mention(source, image.strip(), line or 1, col or 1, PARSER)
                    if image_found is not None:
                        built = _built_beside(source, image.strip())
                        yield image_found if built is None else replace(image_found, example=Example(
                            f"a bare image name (Docker Hub's official namespace, which only Docker publishes) named "
                            f"after this tool, whose {built} builds it: the authors' local image", setting=None))
