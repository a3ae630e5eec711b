"""The Hugging Face Space a Stable Diffusion WebUI Forge "Space" downloads and runs (issue 12, held-out spot set 208).

Forge (lllyasviel/stable-diffusion-webui-forge) runs Gradio Spaces inside itself: an extension folder holding a
``space_meta.json`` and a ``forge_app.py`` is a Forge Space (``modules/extensions.py``: ``is_forge_space``). Its
``space_meta.json`` names a Hugging Face repository and revision (``"repo_id": "lllyasviel/IC-Light"``); installing
the Space downloads that repository with ``snapshot_download`` into the Space's folder, and running it puts the
download and the extension's folder on ``sys.path``, changes into the download and executes ``forge_app.py``, the
Space's ``app.py`` adapted to Forge (``modules_forge/forge_space.py``). So ``forge_space_iclight/forge_app.py`` imports
``db_examples`` and ``briarmbg``, modules of the IC-Light Space, and ``forge_space_idm_vton/forge_app.py`` imports
``apply_net``, ``utils_mask`` and the IDM-VTON Space's vendored ``detectron2``: a module of that download may have
any name, so the tree cannot judge it. An import nothing declares, in the code of such a folder or below it, becomes a
note naming the meta file and the repository when no registry has the name (``Declared.unknowable``); a registered
name is judged as usual.

Both files must be in the folder, and the meta file a JSON object with a ``repo_id`` string (at most ``META_LIMIT``
bytes, read once a run); a folder with only one of them leaves the imports judged.
"""

from __future__ import annotations

import json
import os

from ...fsview import active, memo

META = "space_meta.json"
APP = "forge_app.py"
META_LIMIT = 64 * 1024


@memo(maxsize=1024)
def space_download(root: str, folder: str) -> tuple[str, str] | None:
    """(Hugging Face repository, meta file shown relative to ``root``) of the Forge Space whose folder is ``folder``
    (relative to ``root``) or a folder above it, nearest first; None when there is none."""
    here = folder
    while True:
        found = _space_in(root, here)
        if found is not None or not here:
            return found
        here = here.rpartition("/")[0]


@memo(maxsize=1024)
def _space_in(root: str, here: str) -> tuple[str, str] | None:
    view = active()
    if not view.is_file(os.path.join(root, here, APP)):
        return None
    text = view.read_text(os.path.join(root, here, META), limit=META_LIMIT)
    if not text or "repo_id" not in text:
        return None
    try:
        data = json.loads(text)
    except ValueError:
        return None
    repo = data.get("repo_id") if isinstance(data, dict) else None
    if not isinstance(repo, str) or not repo.strip():
        return None
    return repo.strip(), f"{here}/{META}" if here else META
