"""Names a build also resolves from a source depguard does not ask (a Maven repository a build declares, a NuGet feed
a nuget.config adds): marked the way pip's ``--extra-index-url`` marks them (:class:`~depguard.model.Example` with
``unchecked`` and ``ok_passes``): a name the public registry has passes, one it lacks is not checked (DG100, never a
pass), since it may come from that source. A name the registry has but doubts (a look-alike, a young name) is judged as
usual (``doubts_judged``): the source adds to the registry, which the build still asks and takes that name from
(reviewer r34: a typosquat on Maven Central was DG100 in any build naming a repository of its own)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..model import Example, Mention, Origin

MARKED = frozenset({Origin.MANIFEST, Origin.LOCKFILE})


def mark_from_other_sources(mentions: Iterable[Mention], ecosystem: str, sources, why: str,
                            origins: frozenset[Origin] = MARKED) -> Iterator[Mention]:
    """``mentions`` (one file's), those of ``ecosystem`` from a manifest or lockfile (or of ``origins``) marked not
    checked when the public registry lacks them; ``sources()`` gives (source as shown, where it is declared) and is
    asked only when such a mention is there; ``why`` is formatted with ``url`` and ``where`` of the first."""
    mentions = list(mentions)
    if not any(m.key.ecosystem == ecosystem and m.origin in origins and m.example is None for m in mentions):
        yield from mentions
        return
    declared = sources()
    if not declared:
        yield from mentions
        return
    from ..records import replace

    url, where = declared[0]
    example = Example(why.format(url=url, where=where), any_verdict=True, setting=None, unchecked=True, ok_passes=True,
                      doubts_judged=True)
    for m in mentions:
        yield replace(m, example=example) if m.key.ecosystem == ecosystem and m.origin in origins and m.example is None else m
