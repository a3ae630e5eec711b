"""A file read both through ``-r`` and on its own yields one mention per place, and its inline suppression
holds whichever reading came first."""

from __future__ import annotations

from depguard.config import Settings
from depguard.scan import collect_paths


def test_included_requirements_are_not_reported_twice(tmp_path):
    (tmp_path / "requirements.txt").write_text("-r requirements-dev.txt\nrequests\n")
    (tmp_path / "requirements-dev.txt").write_text("black  # depguard: ignore vetted\npytest\n")
    out = collect_paths([tmp_path], Settings())
    places = [(m.key.name, m.location.path.rsplit("/", 1)[-1], m.location.line) for m in out.mentions]
    assert sorted(places) == [("black", "requirements-dev.txt", 1), ("pytest", "requirements-dev.txt", 2),
                              ("requests", "requirements.txt", 2)]
    black = next(i for i, m in enumerate(out.mentions) if m.key.name == "black")
    assert out.suppressed == {black: "vetted"}


def _place_by_place(parts):
    """The merge as it was before files were taken whole: every mention compared by (package, place)."""
    mentions, suppressed, seen = [], {}, {}
    for part in parts:
        for i, m in enumerate(part.mentions):
            k, loc = m.key, m.location
            place = (k.ecosystem, k.name, m.written, loc.path, loc.line, loc.column, loc.end_line, loc.end_column)
            reason = part.suppressed.get(i)
            if place in seen:
                if reason is not None:
                    suppressed[seen[place]] = reason
                continue
            seen[place] = len(mentions)
            if reason is not None:
                suppressed[len(mentions)] = reason
            mentions.append(m)
    return mentions, suppressed


def test_merge_takes_files_whole_only_where_no_place_can_repeat():
    """Parts whose mentions are all in their own file at distinct places (``Collected.alone``) are appended
    whole; a part reading another file, a file repeating a place, and two parts claiming one path go place by
    place: the result equals comparing every mention, for many random mixes of the three."""
    import random

    from depguard.model import Location, Mention, Origin, PackageKey
    from depguard.scan import Collected, Sources, alone_in, merge

    rng = random.Random(18)
    paths = ["a.txt", "b.txt", "c/requirements.txt", "d.md"]
    for _ in range(300):
        parts = []
        for _ in range(rng.randint(1, 6)):
            own = rng.choice(paths)
            mentions = []
            for _ in range(rng.randint(0, 5)):
                at = own if rng.random() < 0.8 else rng.choice(paths)
                name = rng.choice(["requests", "flask", "six"])
                mentions.append(Mention(PackageKey("pypi", name), name, Location(at, rng.randint(1, 3), 1),
                                        Origin.MANIFEST, "requirements"))
            suppressed = {i: "vetted" for i in range(len(mentions)) if rng.random() < 0.2}
            parts.append(Collected(mentions=mentions, suppressed=suppressed, files=1,
                                   alone=alone_in(own, mentions)))
        got = merge(Sources([], {}, frozenset(), [], None), parts)
        assert (got.mentions, got.suppressed) == _place_by_place(parts)
        assert got.files == len(parts)


def test_a_file_read_through_another_is_deduplicated_when_warm_too(tmp_path):
    """The parse cache keeps whether a file's mentions stand alone: a warm scan merges as the cold one."""
    (tmp_path / "proj").mkdir()
    root = tmp_path / "proj"
    (root / "requirements.txt").write_text("-r requirements-dev.txt\nrequests\n")
    (root / "requirements-dev.txt").write_text("black  # depguard: ignore vetted\npytest\n")
    settings = Settings(use_cache=True, cache_dir=tmp_path / "cache")
    cold = collect_paths([root], settings)
    warm = collect_paths([root], settings)
    assert warm.cached == 2
    assert (warm.mentions, warm.suppressed) == (cold.mentions, cold.suppressed)
    assert len(warm.mentions) == 3
