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
