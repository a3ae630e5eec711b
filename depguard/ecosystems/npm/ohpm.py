"""OpenHarmony packages: the JS/TS of a project ohpm manages resolves its imports through ohpm, not npm.

An OpenHarmony (HarmonyOS) project or module declares its dependencies in ``oh-package.json5`` and installs them with
ohpm from OpenHarmony's own registry (ohpm.openharmony.cn); its build scripts (``hvigorfile.ts``) import the build
tool's plug-ins, which DevEco Studio's hvigor provides (sherpa-onnx's ``harmony-os/SherpaOnnxHar/hvigorfile.ts``:
``import { appTasks } from '@ohos/hvigor-ohos-plugin'``, a name npm does not have). Those ids are that registry's
and that toolchain's: a file whose nearest manifest, from its folder up to the scan root, is an ``oh-package.json5``
(no ``package.json`` nearer) has its imports reported not checked (DG100), never a pass and never npm's "missing".
A file with a ``package.json`` nearer is an npm package's and judged as before.
"""

from __future__ import annotations

import os

from ...fsview import active, memo
from ...model import Example, Mention, Origin
from ...records import replace

MANIFEST = "oh-package.json5"
NPM_MANIFEST = "package.json"


def ohpm_manifest(fs_path: str, root: str) -> str | None:
    """The ``oh-package.json5`` nearest to the file at ``fs_path`` (in its folder or above, up to ``root``), relative
    to ``root``, when no ``package.json`` is nearer; else None."""
    root = os.path.normpath(root)
    found = _nearest(os.path.dirname(os.path.normpath(fs_path)), root)
    return None if found is None else os.path.relpath(found, root).replace(os.sep, "/")


@memo(maxsize=1024)
def _nearest(folder: str, root: str) -> str | None:
    """The path of the ``oh-package.json5`` of ``folder`` or the nearest folder above it up to ``root``, unless a
    ``package.json`` is nearer (or as near)."""
    view = active()
    while True:
        if view.is_file(os.path.join(folder, NPM_MANIFEST)):
            return None
        if view.is_file(os.path.join(folder, MANIFEST)):
            return os.path.join(folder, MANIFEST)
        parent = os.path.dirname(folder)
        if folder == root or parent == folder or len(parent) < len(root):
            return None
        folder = parent


def mark_ohpm_imports(mentions: list[Mention], manifest: str) -> list[Mention]:
    """The import mentions of a file of the OpenHarmony package ``manifest`` marked not checked."""
    said = (f"an import of the OpenHarmony package {manifest} declares, which ohpm resolves from OpenHarmony's "
            "registry and hvigor's plug-ins, a registry depguard does not ask")
    return [replace(m, example=Example(said, any_verdict=True, setting=None, unchecked=True))
            if m.origin is Origin.IMPORT and m.key.ecosystem == "npm" else m for m in mentions]
