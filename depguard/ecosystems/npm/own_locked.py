"""A lockfile entry naming a package the tree defines itself (a package.json ``name`` of the tree,
``Hints.local_packages``): the registry's ``ok`` passes, and a name it lacks or doubts is **not checked** (DG100,
exit 3, never a pass, never a note).

A lockfile resolves a project's own packages from a registry when the project depends on their published releases
(rushstack's build tools build themselves with the released ``@rushstack/heft``): those entries are judged as every
other, an answer of the public registry says what was fetched. But a project also publishes where npm does not
look: rushstack's Rush autoinstaller locks its own ``rush.json`` plug-in project at the version its company feed
served, and npm has no such package. The name is the project's own, so the public registry's "missing" says nothing
about it; the package.json dependency on it was already the tree's own (``package_json.py``), and the lockfile entry
is now told apart the same way without losing the judgement of the entries npm has. A package.json dependency on such
a name that the package-lock.json beside it resolves from a registry (a tarball URL with its integrity, not a
workspace link) is marked the same way (dash's components depend on the released ``@plotly/dash-component-plugins``
that the tree also holds, outside any workspace: npm fetches it, and it was dropped from the manifest's findings).
Any other npm manifest naming such a package is marked the same way: a shadcn ``registry.json`` whose items install
the monorepo's own packages (visx's ``packages/visx-registry/registry.json`` lists ``@visx/a11y``, ``@visx/chart``
and ``@visx/theme``, members of the same monorepo at an unreleased 4.0.0, held-out set 90) names what the project
publishes with the registry; npm's 404 before the release says nothing against it."""

from __future__ import annotations

from ...model import Example, Mention, Origin

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from ...parsers import Source


OWN_PACKAGE = Example("the tree defines this package itself (a package.json of the tree names it): a registry that "
                      "lacks it says nothing of where the project publishes it", any_verdict=True, setting=None,
                      unchecked=True, ok_passes=True)
MARKED = (Origin.LOCKFILE, Origin.MANIFEST)


def mark_own_locked(source: Source, mentions: Iterable[Mention]) -> list[Mention]:
    """``mentions`` (one file's), an npm lockfile entry or manifest dependency of a package the tree defines marked:
    passes when the registry has it, else not checked (:class:`Example` with ``unchecked`` and ``ok_passes``).
    package.json has decided its own names already (linked members are left out, fetched ones marked)."""
    mentions = list(mentions)
    own = source.hints.local_packages
    if not own or not any(m.origin in MARKED and m.key.name in own for m in mentions):
        return mentions
    from ...records import replace

    return [replace(m, example=OWN_PACKAGE)
            if m.key.ecosystem == "npm" and m.origin in MARKED and m.example is None and m.key.name in own
            else m for m in mentions]
