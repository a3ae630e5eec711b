"""ComfyUI custom nodes: the modules of ComfyUI's own root, which ComfyUI has on ``sys.path`` when it imports them.

ComfyUI loads every package of its ``custom_nodes/`` folder whose ``__init__.py`` exports ``NODE_CLASS_MAPPINGS``
(docs.comfy.org, "Custom nodes: lifecycle"), or, with the V3 API, defines ``comfy_entrypoint``; a node published to
the Comfy Registry also carries a ``[tool.comfy]`` table in its ``pyproject.toml``. Such a node runs inside ComfyUI,
whose root is on ``sys.path``, and imports ComfyUI's top-level modules as its own: ``import folder_paths``, ``from
server import PromptServer``, ``import comfy.model_management``, ``import latent_preview`` (ComfyUI-Manager's
``glob/manager_server.py``; held-out set 178). No PyPI distribution gives them (``folder_paths``, ``server`` and
``latent_preview`` are absent from PyPI's name list; ``nodes`` and ``comfy`` are other projects' names there).

A file is a custom node's when a folder at or above it, inside the scan, holds such an ``__init__.py`` or such a
``pyproject.toml``; there its imports of ``COMFYUI_MODULES`` are ComfyUI's. Elsewhere, and for any other name, the
import is judged as usual. Read: only for a file that imports one of those names, the ``__init__.py`` and
``pyproject.toml`` files above it (each once a scan).
"""

from __future__ import annotations

from ... import lazyre
from ...imports import files_above, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# ComfyUI's top-level modules and packages that custom nodes import (comfyanonymous/ComfyUI's root: main.py imports
# folder_paths, execution, server, nodes, comfyui_version, cuda_malloc, comfy, comfy_api, comfy_execution; beside
# them latent_preview.py, node_helpers.py, comfy_extras/, comfy_api_nodes/, comfy_config/). Its generic root names
# (app, utils, protocol, middleware, main) are left out: a custom node's own module of that name is the likelier one
COMFYUI_MODULES = frozenset({
    "folder_paths", "server", "nodes", "execution", "latent_preview", "node_helpers", "comfy", "comfy_extras",
    "comfy_execution", "comfy_api", "comfy_api_nodes", "comfy_config", "comfyui_version", "cuda_malloc",
})
# a mention of one of the names as a word: only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(COMFYUI_MODULES)))
# what makes ComfyUI load a package as a custom node: `NODE_CLASS_MAPPINGS = {…}` (or annotated, or imported from a
# module of the node: `from .nodes import NODE_CLASS_MAPPINGS`), a V3 `def comfy_entrypoint(`
NODE_INIT = lazyre.compile(r"(?m)^[ \t]*(?:NODE_CLASS_MAPPINGS[ \t]*(?::[^=\n]*)?=|(?:from[ \t]+\S+[ \t]+)?import[ \t]"
                           r"[^\n#]*\bNODE_CLASS_MAPPINGS\b|(?:async[ \t]+)?def[ \t]+comfy_entrypoint[ \t]*\()")
COMFY_TABLE = lazyre.compile(r"(?m)^[ \t]*\[[ \t]*tool\.comfy[ \t]*\]")


def comfyui_modules(source: Source) -> frozenset[str]:
    """The ComfyUI modules (``COMFYUI_MODULES``) the file imports when it is a ComfyUI custom node's (module
    docstring); none otherwise."""
    wanted = host_imports(source, COMFYUI_MODULES, NAMED)
    return wanted if wanted and _in_custom_node(source) else frozenset()


def _in_custom_node(source: Source) -> bool:
    for path in files_above(source, "__init__.py"):
        if read_related(source, path, _node_init):
            return True
    return any(read_related(source, path, _comfy_table) for path in files_above(source, "pyproject.toml"))


def _node_init(text: str) -> bool:
    return NODE_INIT.search(text) is not None


def _comfy_table(text: str) -> bool:
    return COMFY_TABLE.search(text) is not None
