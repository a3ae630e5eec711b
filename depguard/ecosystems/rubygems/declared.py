"""The gems a Ruby project declares explain its requires (``ruby-imports``).

A require path is a file name, not a gem name: ``require "redis_client"`` loads the gem ``redis-client``,
``require "rufus/scheduler"`` the gem ``rufus-scheduler``, ``require "annotate_rb"`` the gem ``annotaterb``. The
first-segment rule of :func:`imports.gem_for` would ask RubyGems for ``redis_client``, ``rufus`` and
``annotate_rb``, names nobody declared. What the project declares says better, read as text (never run):

- a ``Gemfile`` option ``require: "openid"`` (``:require => ["a", "b"]``) says which path loads the gem:
  ``gem "ruby-openid", require: "openid"`` makes ``require "openid/consumer"`` the gem ``ruby-openid``;
- the gems of the nearest ``Gemfile``, of the ``*.gemspec`` files beside it (a gem's repository often commits
  no lockfile: rubocop's gemspec depends on ``unicode-display_width``, which ``require "unicode/display_width"``
  loads) and every gem its ``Gemfile.lock`` installs (a dependency's dependency is installed and requirable too): the one whose letters are those of the require path's leading segments, the
  longest such prefix first (``ci/reporter/rake`` is ``ci_reporter``; ``google/cloud/translate/v2`` is
  ``google-cloud-translate-v2`` where the lock has it). Separators (``-``, ``_``, ``/``) and case are left out, and
  nothing else: a declared ``ruby-openid`` does not explain ``openid`` by itself.

A lock's ``GIT`` and ``PATH`` gems are not from a gem server: a require they explain names no registry gem.
An undeclared require keeps the first-segment rule, so a require of an invented gem is still judged, and the
declared gem it resolves to is judged from the manifest that declares it.
"""

from __future__ import annotations

import re

from ...records import record

GEM_LINE = re.compile(r"""^\s*gem\s*\(?\s*(?P<q>["'])(?P<name>[^"']+)(?P=q)(?P<rest>.*)$""")
REQUIRE_OPTION = re.compile(r"""(?:\brequire\s*:|:require\s*=>)\s*(?P<value>\[[^\]]*\]|(?P<q>["'])[^"']*(?P=q))""")
QUOTED = re.compile(r"""(["'])([^"']+)\1""")
LOCK_SPEC = re.compile(r"^    (?P<name>[^\s(]+)(?: \([^)]*\))?\s*$")
SEPARATORS = re.compile(r"[-_/.]")


@record(frozen=True)
class Declared:
    """What a project's Gemfile and lockfile say about the gems its requires load."""

    requires: tuple[tuple[str, str], ...] = ()  # (require path, gem) from ``require:`` options
    gems: frozenset[str] = frozenset()  # gems installed from a gem server
    elsewhere: frozenset[str] = frozenset()  # gems installed from git or a path (a lock's GIT/PATH sections)


NOTHING = Declared()  # no Gemfile: the first-segment rule alone


def letters(name: str) -> str:
    """A gem name or require path without separators or case: ``redis-client`` and ``redis_client`` agree."""
    return SEPARATORS.sub("", name.lower())


def read_gemfile(text: str) -> Declared:
    """The ``require:`` options and gem names of a Gemfile's ``gem`` lines."""
    requires: list[tuple[str, str]] = []
    gems: set[str] = set()
    for raw in text.splitlines():
        m = GEM_LINE.match(raw.split("#", 1)[0])
        if not m:
            continue
        gems.add(m.group("name"))
        option = REQUIRE_OPTION.search(m.group("rest"))
        if option:
            requires.extend((path, m.group("name")) for _, path in QUOTED.findall(option.group("value")))
    return Declared(requires=tuple(requires), gems=frozenset(gems))


def read_gemspec(text: str) -> Declared:
    """The gems a gem specification depends on (``add_dependency``, ``add_development_dependency``)."""
    from ...parsers._util import code_part
    from .gemspec import CALL

    return Declared(gems=frozenset(m.group("name") for raw in text.splitlines() if (m := CALL.search(code_part(raw)))))


def read_lock(text: str) -> Declared:
    """The gems a Gemfile.lock installs: its ``GEM`` sections' specs, and those of ``GIT``/``PATH`` apart."""
    gems: set[str] = set()
    elsewhere: set[str] = set()
    section = ""
    for raw in text.splitlines():
        if raw and not raw[0].isspace():
            section = raw.strip()
            continue
        m = LOCK_SPEC.match(raw)
        if m and section == "GEM":
            gems.add(m.group("name"))
        elif m and section in ("GIT", "PATH"):
            elsewhere.add(m.group("name"))
    return Declared(gems=frozenset(gems), elsewhere=frozenset(elsewhere))


def merged(*parts: Declared | None) -> Declared:
    found = [p for p in parts if p is not None]
    return Declared(requires=tuple(r for p in found for r in p.requires),
                    gems=frozenset().union(*(p.gems for p in found)),
                    elsewhere=frozenset().union(*(p.elsewhere for p in found)))


def explain(path: str, declared: Declared, mapped: int = 0) -> str | None:
    """The declared gem that ``path`` loads (see the module's docstring), or None when nothing declared does.
    A ``require:`` option always counts; a gem found by its letters only when it spells at least the ``mapped``
    leading segments the import map's row matched (the map's ``rspec/core`` is rspec-core, not a declared rspec)."""
    parts = path.split("/")
    best: tuple[int, str] | None = None
    for written, gem in declared.requires:
        own = written.strip("/").split("/")
        if parts[: len(own)] == own and (best is None or len(own) > best[0]):
            best = (len(own), gem)
    if best is not None:
        return best[1]
    by_letters: dict[str, set[str]] = {}
    for gem in declared.gems | declared.elsewhere:
        by_letters.setdefault(letters(gem), set()).add(gem)
    for n in range(len(parts), max(mapped, 1) - 1, -1):
        fits = by_letters.get(letters("".join(parts[:n])))
        if fits:
            return sorted(fits)[0]
    return None
