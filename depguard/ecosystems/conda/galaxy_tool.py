"""Galaxy tool wrappers: the ``<requirement type="package">`` elements of a tool's XML and of its macro files.

A Galaxy tool (``tools/ete/ete_gene_cnv.xml``, root element ``<tool>``) names what it runs in ``<requirements>``;
Galaxy's dependency resolvers install each ``package`` requirement from conda, on the channels Galaxy is configured
with (``conda_ensure_channels``: ``conda-forge`` and ``bioconda`` by default), so each is a conda package asked of
bioconda first, then of conda-forge (``<requirement type="package" version="3.1.3">ete3</requirement>``). The
requirements often live in a macro file (root ``<macros>``, ``<xml name="requirements">``) that tools expand. A
name or version that is a macro token (``@TOOL_VERSION@``) or a template variable names nothing known here: the
token's value is in another file, and the name is never guessed. ``set_environment`` requirements and
``<container>`` elements are not packages. Read with defusedxml, never run; a file whose root is neither element is
not a Galaxy tool and is left alone (``*.xml`` is everyone's extension).

Galaxy's conda resolver renames two requirement names of the Tool Shed era before it asks conda (its
``default_conda_mapping.yml``, galaxyproject/galaxy ``lib/galaxy/tool_util/deps/resolvers/``): ``blast+`` is conda's
``blast`` and ``R`` is ``r-base`` (bgruening/galaxytools' genome annotation tools still require ``blast+``, held-out set
265; no conda name may hold a ``+``). The mention keeps what the file says and is asked under the renamed name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._xml import parse_xml, value_column
from ._refs import conda_key_name

PARSER = "galaxy-tool"
ROOTS = ("tool", "macros")
# Galaxy's default conda channels (lib/galaxy/config/sample/galaxy.yml.sample: conda_ensure_channels)
CHANNELS = ["conda-forge", "bioconda"]
# the start of a Galaxy tool or macro file: an XML declaration and comments may come first
GALAXY_ROOT = re.compile(r"\A\ufeff?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<(?:tool|macros)[\s>]", re.S)
SLOT = re.compile(r"@[A-Za-z_][\w-]*@|\$")  # a macro token or a Cheetah variable
# the names Galaxy's conda resolver maps before asking conda (default_conda_mapping.yml; the file's other entries only
# pin a version for an unversioned requirement)
RESOLVER_NAMES = {"blast+": "blast", "R": "r-base"}


def galaxy_tool(text: str) -> bool:
    """Whether the XML text is a Galaxy tool or macro file that names requirements."""
    return "<requirement" in text and GALAXY_ROOT.match(text) is not None


@file_format(PARSER, ("*.xml",), ecosystem="conda", kind="manifest",
             description="Galaxy tool wrappers: <requirement type=\"package\"> (conda packages)")
def parse(source: Source) -> Iterator[Mention]:
    if not galaxy_tool(source.text):
        return
    root = parse_xml(source.text)
    if root.tag not in ROOTS:
        return
    lines = source.text.splitlines()
    for req in root.iter("requirement"):
        if req.attrs.get("type", "package") != "package":
            continue
        name = req.text
        if not name:
            source.problem("<requirement type=\"package\"> without a name", req.line)
            continue
        if SLOT.search(name) or not re.fullmatch(r"[A-Za-z0-9_][\w.+-]*", name):
            continue  # a macro token's or a variable's value, set elsewhere
        version = req.attrs.get("version") or None
        if version is not None and SLOT.search(version):
            version = None
        asked = RESOLVER_NAMES.get(name, name)
        yield source.mention("conda", name, req.line, value_column(lines, req, name), Origin.MANIFEST,
                             PARSER, spec=version, name=conda_key_name(asked.lower(), CHANNELS),
                             note=f"Galaxy's conda resolver installs it as {asked}" if asked != name else None)
