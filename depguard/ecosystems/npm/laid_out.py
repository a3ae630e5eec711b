"""A package.json dependency whose module the project laid out by hand in the ``node_modules`` beside it: not checked.

Every package an installer (npm, pnpm, Yarn, Bun) puts in ``node_modules/<name>/`` carries its ``package.json``: a
registry tarball always holds one. A folder ``node_modules/<name>/`` without it, or a file ``node_modules/<name>.js``,
was written by the project itself and committed with it: apostrophe's ``packages/moog-require/test/package.json``
lists ``testModule``, ``failingModuleSync`` … and its ``test/node_modules/testModule/index.js`` and siblings are those
modules, the test project's own (its loader reads the list to find them there). The registry's answer says nothing
about such a name, so a manifest dependency with such a module beside it is reported **not checked** (DG100, exit 3,
with the folder named), never a pass and never a note; an invalid name stays invalid, and lockfiles are judged as
before. A folder holding a ``package.json`` is what an install leaves (a developer's checkout): its names are judged,
unless the project's own ``.gitignore`` un-ignores that ``node_modules`` (``!node_modules``: rushstack's test project
``project-referencing-rig`` commits ``node_modules/test-rig/``), which says the folder is committed on purpose.
"""

from __future__ import annotations

import os

from ...model import Example, Mention, Origin

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...parsers import Source

MODULE_FILES = ("index.js", "index.cjs", "index.mjs")


def laid_out_module(files, folder: str, name: str, committed: str | None = None) -> str | None:
    """Where (relative to ``folder``) the module ``name`` lies that the project wrote into ``folder/node_modules``
    by hand, or None when there is none or an installer put it there (its ``package.json``), unless ``committed``
    (the ``.gitignore`` rule that un-ignores that ``node_modules``) says the project commits the folder itself."""
    base = os.path.join(folder, "node_modules", *name.split("/"))
    if files.is_dir(base):
        if files.is_file(os.path.join(base, "package.json")):
            return None if committed is None else f"node_modules/{name}/ (committed: {committed} un-ignores it)"
        if any(files.is_file(os.path.join(base, entry)) for entry in MODULE_FILES):
            return f"node_modules/{name}/"
        return None
    for suffix in (".js", ".cjs", ".mjs"):
        if files.is_file(base + suffix):
            return f"node_modules/{name}{suffix}"
    return None


def _committed_rule(source: Source, folder: str) -> str | None:
    """``path:line`` of the ``.gitignore`` rule that un-ignores the ``node_modules`` of ``folder`` (rushstack's
    test project ``project-referencing-rig/.gitignore``: ``!node_modules``, its ``node_modules/test-rig`` a
    package the test builds by hand), or None."""
    if source.root is None:
        return None
    from ...gitignore import unignoring_rule

    rel = os.path.relpath(os.path.join(folder, "node_modules"), os.path.abspath(source.root)).replace(os.sep, "/")
    rule = unignoring_rule(str(source.root), rel)
    return None if rule is None else f"{rule.file}:{rule.line}"


def mark_laid_out(source: Source, mentions: Iterable[Mention]) -> list[Mention]:
    """``mentions`` (one file's), a package.json dependency whose module the project laid out in the
    ``node_modules`` beside it marked not checked (:class:`Example` with ``unchecked``)."""
    mentions = list(mentions)
    if source.fs_path is None or os.path.basename(str(source.fs_path)) != "package.json":
        return mentions
    folder = os.path.dirname(os.path.abspath(source.fs_path))
    files = source.files
    if not files.is_dir(os.path.join(folder, "node_modules")):
        return mentions
    from ...records import replace

    committed = _committed_rule(source, folder)
    out = []
    for m in mentions:
        if m.key.ecosystem == "npm" and m.origin is Origin.MANIFEST and m.example is None:
            where = laid_out_module(files, folder, m.key.name, committed)
            if where is not None:
                why = "" if "(committed:" in where else " (no package.json: no installer put it there)"
                m = replace(m, example=Example(f"its module is laid out by the project in {where} beside this "
                                               f"manifest{why}", any_verdict=True, setting=None, unchecked=True))
        out.append(m)
    return out


def mark_manifest_names(source: Source, mentions: Iterable[Mention]) -> list[Mention]:
    """npm's ``[project] marks``: modules laid out by hand beside a package.json, then scopes another registry serves,
    then lockfile entries of packages the tree defines (own_locked.py), then dependencies a lockfile above locks from
    another registry (lock_registries.py)."""
    from .lock_registries import mark_locked_elsewhere
    from .own_locked import mark_own_locked
    from .scoped_registries import mark_other_registries

    return mark_locked_elsewhere(source, mark_own_locked(source, mark_other_registries(source, mark_laid_out(source,
                                                                                                          mentions))))
