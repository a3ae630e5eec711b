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

from ...imports import nearest_file
from ...model import Example, Mention, Origin
from ...records import replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...parsers import Source

MANIFEST = "oh-package.json5"
NPM_MANIFEST = "package.json"


def ohpm_manifest(source: Source) -> str | None:
    """The ``oh-package.json5`` nearest to the file (in its folder or above, inside the scan), relative to the scan
    root, when no ``package.json`` is as near; else None."""
    found = nearest_file(source, MANIFEST)
    if found is None or source.root is None:
        return None
    npm = nearest_file(source, NPM_MANIFEST)
    if npm is not None and len(npm.parent.parts) >= len(found.parent.parts):
        return None  # a package.json in the same folder or nearer: an npm package's file
    return os.path.relpath(found, source.root).replace(os.sep, "/")


def mark_ohpm_imports(mentions: list[Mention], manifest: str) -> list[Mention]:
    """The import mentions of a file of the OpenHarmony package ``manifest`` marked not checked."""
    said = (f"an import of the OpenHarmony package {manifest} declares, which ohpm resolves from OpenHarmony's "
            "registry and hvigor's plug-ins, a registry depguard does not ask")
    return [replace(m, example=Example(said, any_verdict=True, setting=None, unchecked=True))
            if m.origin is Origin.IMPORT and m.key.ecosystem == "npm" else m for m in mentions]
