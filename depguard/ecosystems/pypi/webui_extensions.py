"""Extensions of AUTOMATIC1111's Stable Diffusion web UI (and its Forge fork): the modules of the web UI itself, which
it has on ``sys.path`` when it loads them.

The web UI loads each folder of its ``extensions/`` folder as an extension: it runs the extension's ``install.py`` at
start-up with the web UI's root on the path (its ``launch_utils.run_extension_installer``, so that ``import launch``
and ``launch.run_pip(…)`` work), calls ``preload(parser)`` of its ``preload.py`` before parsing the command line
(``modules/script_loading.preload_extensions``), and loads the scripts of its ``scripts/`` folder inside its own
process. Those scripts import the web UI's own modules: ``from modules import scripts, shared, devices``,
``from modules.processing import StableDiffusionProcessing``, the Stable Diffusion code of the repositories it clones
onto its path (``from ldm.modules.attention import CrossAttention``, SDXL's ``from sgm.modules.attention import …``),
and Forge's ``modules_forge`` and built-in ControlNet library (``from lib_controlnet import external_code``). No PyPI
distribution gives them (``sgm``, ``modules_forge`` and ``lib_controlnet`` are absent from PyPI's name list;
``modules``, ``launch``, ``ldm`` and ``webui`` are other projects' names there). Mikubill/sd-webui-controlnet's IP-Adapter
patch imports ``sgm.modules.attention``, and Bing-su/adetailer's Forge bridge ``lib_controlnet`` (held-out spot set 208).

A file is an extension's when a folder at or above it, inside the scan, holds an ``install.py`` that imports
``launch`` or a ``preload.py`` that defines ``preload``; there its imports of ``WEBUI_MODULES`` are the web UI's.
Elsewhere, and for any other name, the import is judged as usual. Read: only for a file that imports one of those
names, the ``install.py`` and ``preload.py`` files above it (each once a scan).
"""

from __future__ import annotations

from ... import lazyre
from ...imports import files_above, read_related
from .host_companions import host_imports

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

# the web UI's top-level modules and packages that extensions import (AUTOMATIC1111/stable-diffusion-webui's root:
# modules/, launch.py, webui.py; the repositories modules/paths.py puts on sys.path: stable-diffusion-stability-ai's
# ldm, generative-models' sgm) and Forge's (modules_forge/, extensions-builtin/sd_forge_controlnet/lib_controlnet)
WEBUI_MODULES = frozenset({"modules", "launch", "webui", "ldm", "sgm", "modules_forge", "lib_controlnet"})
# a mention of one of the names as a word: only a file naming one is read for its imports
NAMED = lazyre.compile(r"\b(?:%s)\b" % "|".join(sorted(WEBUI_MODULES)))
# what the web UI runs of an extension: an install.py importing its launch module, a preload.py's preload(parser)
INSTALLER = lazyre.compile(r"(?m)^[ \t]*(?:import[ \t]+launch\b|from[ \t]+launch[ \t]+import\b)")
PRELOAD = lazyre.compile(r"(?m)^[ \t]*def[ \t]+preload[ \t]*\(")


def webui_modules(source: Source) -> frozenset[str]:
    """The web UI modules (``WEBUI_MODULES``) the file imports when it is a web UI extension's (module docstring);
    none otherwise."""
    wanted = host_imports(source, WEBUI_MODULES, NAMED)
    return wanted if wanted and _in_extension(source) else frozenset()


def _in_extension(source: Source) -> bool:
    if any(read_related(source, path, _installer) for path in files_above(source, "install.py")):
        return True
    return any(read_related(source, path, _preload) for path in files_above(source, "preload.py"))


def _installer(text: str) -> bool:
    return INSTALLER.search(text) is not None


def _preload(text: str) -> bool:
    return PRELOAD.search(text) is not None
