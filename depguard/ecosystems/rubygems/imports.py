"""Ruby ``require`` (``*.rb``, ``*.rake``, ``*.ru``, ``Rakefile``, ``Capfile``, ``Guardfile``): each required path
names a gem (ecosystem ``rubygems``), parsed with the official tree-sitter-ruby grammar.

``require "x"``, ``require("x/y")``, ``Kernel.require "x"`` and ``autoload :X, "x/y"`` with a literal path count;
``require_relative``, interpolated or variable paths, ``./`` and absolute paths do not. Skipped: what ships
with Ruby (``depguard/ecosystems/rubygems/stdlib.txt``: core libraries, extensions, default and bundled gems; a row
covers its sub-paths, ``net/http`` covers ``net/http/response``), files of the project itself (the path as a
``.rb`` file in the file's folder, a folder above it up to the scan root, or a ``lib/`` there: ``spec_helper``,
the gem's own ``lib/``; in a Rails application, beside ``config/application.rb``, also its ``app/*`` folders), a require that the code expects to fail (inside the block of
``assert_raise(LoadError)``/``assert_raises(LoadError)`` or ``expect { … }.to raise_error(LoadError)``: a test
that the path does not load names no dependency), ``Hints.local_packages`` and the gems the nearest ``Gemfile`` takes from a path, git
or another gem server (``gem "x", path: "../x"``: not rubygems.org names). The path becomes a gem through
a gem the project declares (``depguard/ecosystems/rubygems/declared.py``: a Gemfile's ``require:`` option, a
Gemfile or Gemfile.lock gem whose letters are the path's leading segments: ``redis_client`` → redis-client), else
``depguard/ecosystems/rubygems/import-map.tsv`` (``active_support`` → activesupport, ``zip`` → rubyzip; ``net/*`` →
``net-*`` rows name a family), longest match first, a stdlib row winning over a shorter map row; else the
first path segment is the gem (``sinatra/base`` → sinatra). ``Gemfile``/``gems.rb`` and ``*.gemspec`` are
manifests read by their own parsers and not read here.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...fsview import active
from ...imports import (
    ImportRef,
    ancestors,
    data_map,
    data_names,
    emit,
    exists_under,
    from_nearest,
    knows,
    longest_prefix,
    matches,
    nearest_file,
    position,
    read_related,
    text_of,
)
from ...model import Mention
from ...parsers import Source, file_format
from .declared import NOTHING, Declared, explain, merged, read_gemfile, read_gemspec, read_lock

if TYPE_CHECKING:
    from pathlib import Path

    from tree_sitter import Node

PARSER = "ruby-imports"
MANIFESTS = frozenset({"gems.rb", "Gemfile", "Gemfile.rb"})
SUFFIXES = (".rb", ".so", ".bundle")


@functools.lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, str], dict[str, str], frozenset[str]]:
    """(exact require path -> gem, family prefix -> gem pattern, stdlib paths)."""
    exact: dict[str, str] = {}
    wild: dict[str, str] = {}
    for path, gem in data_map("rubygems", "map").items():
        if path.endswith("/*"):
            wild[path[:-2]] = gem
        else:
            exact[path] = gem
    return exact, wild, data_names("rubygems", "stdlib")


def mapped(path: str) -> tuple[int, str | None] | None:
    """(leading path segments matched, gem) of the import map's or the standard library's row for ``path`` (gem
    None for the standard library), or None when no row covers it."""
    exact, wild, std = _tables()
    parts = path.split("/")
    in_map = longest_prefix(parts, "/", exact)
    in_std = longest_prefix(parts, "/", std)
    if in_std and (not in_map or in_std[0] > in_map[0]):
        return in_std[0], None
    if in_map:
        return in_map[0], exact[in_map[1]]
    in_family = longest_prefix(parts[:-1], "/", wild)
    if in_family:
        return in_family[0] + 1, wild[in_family[1]].replace("*", parts[in_family[0]])
    return None


def gem_for(path: str) -> str | None:
    """The gem a require path names, or None for the standard library."""
    row = mapped(path)
    return row[1] if row is not None else path.split("/")[0]


def _literal(node) -> tuple[str, Node] | None:
    """(value, content node) of a plain string literal, or None (interpolation, empty, %w lists)."""
    if any(c.type == "interpolation" for c in node.children):
        return None
    content = [c for c in node.children if c.type == "string_content"]
    if len(content) != 1:
        return None
    return text_of(content[0]), content[0]


EXPECTS_FAILURE = frozenset({"assert_raise", "assert_raises", "assert_raises_with_message"})
SCOPES = frozenset({"method", "singleton_method", "class", "module", "program"})


def _names_load_error(args) -> bool:
    """Whether an argument list names LoadError (``LoadError``, ``::LoadError``, ``raise_error(LoadError)``)."""
    if args is None:
        return False
    stack = [args]
    while stack:
        node = stack.pop()
        if node.type == "constant" and text_of(node) == "LoadError":
            return True
        stack.extend(node.children)
    return False


def expected_to_fail(stmt) -> bool:
    """Whether a require sits in a block the code asserts raises LoadError (a test that it does not load)."""
    node = stmt.parent
    while node is not None and node.type not in SCOPES:
        if node.type in ("block", "do_block") and node.parent is not None and node.parent.type == "call":
            owner = node.parent
            method = owner.child_by_field_name("method")
            if method is not None and text_of(method) in EXPECTS_FAILURE and \
                    _names_load_error(owner.child_by_field_name("arguments")):
                return True
            chained = owner.parent  # expect { ... }.to raise_error(LoadError)
            if method is not None and text_of(method) == "expect" and chained is not None and \
                    chained.type == "call" and chained.child_by_field_name("receiver") == owner and \
                    _names_load_error(chained.child_by_field_name("arguments")):
                return True
        node = node.parent
    return False


def required_paths(text: str) -> Iterator[tuple[str, int, int]]:
    """(path as written, line, column) of every literal require/autoload in Ruby source ``text``."""
    if "require" not in text and "autoload" not in text:
        return
    src = text.encode("utf-8", errors="surrogatepass")
    for caps in matches("ruby", src):
        if caps["stmt"][0].has_error:
            continue
        if "recv" in caps and text_of(caps["recv"][0]) not in ("Kernel", "::Kernel"):
            continue
        if expected_to_fail(caps["stmt"][0]):
            continue
        found = _literal(caps["spec"][0])
        if found is None:
            continue
        value, node = found
        line, col = position(src, node)
        yield value, line, col


def import_refs(text: str, is_local=lambda path: False, own: frozenset[str] = frozenset(),
                declared: Declared = NOTHING) -> Iterator[ImportRef]:
    """(rubygems, gem, line, column) for each gem Ruby source ``text`` requires; a gem the project declares
    explains a require first (:mod:`.declared`)."""
    for written, line, col in required_paths(text):
        path = written.strip()
        for suffix in SUFFIXES:
            if path.endswith(suffix):
                path = path[: -len(suffix)]
        if not path or path.startswith((".", "/", "~")) or "\\" in path or ":" in path:
            continue
        row = mapped(path)
        gem = row[1] if row is not None else path.split("/")[0]
        if gem is None or gem in own or is_local(path):
            continue
        said = explain(path, declared, row[0] if row is not None else 0)
        gem = said or gem
        if gem in own or gem in declared.elsewhere:
            continue
        yield ImportRef("rubygems", gem, line, col, written)


def gems_from_elsewhere(text: str) -> frozenset[str]:
    """The gems a Gemfile names that its parser does not send to rubygems.org (path, git, other sources)."""
    from ...parsers._util import code_part
    from .gemfile import GEM
    from .gemfile import parse as parse_gemfile

    written = {m.group("name") for line in text.splitlines() if (m := GEM.match(code_part(line)))}
    from_server = {m.written for m in parse_gemfile(Source(path="Gemfile", text=text))}
    return frozenset(written - from_server)


def rails_app_folders(folder: Path) -> list[Path]:
    """The ``app/*`` folders of a Rails application rooted at ``folder`` (it holds ``config/application.rb``):
    Rails puts each of them on the autoload paths and, by default before 7.1, on ``$LOAD_PATH``, so redmine's
    ``require 'issues_controller'`` loads ``app/controllers/issues_controller.rb``."""
    view = active()
    if not view.is_file(folder / "config" / "application.rb"):
        return []
    return [folder / "app" / name for name, is_dir in view.listdir(folder / "app") or [] if is_dir]


def _gemspecs(source: Source) -> list[Declared | None]:
    """What the ``*.gemspec`` files beside the nearest Gemfile declare (the Gemfile's ``gemspec`` reads them)."""
    gemfile = nearest_file(source, "Gemfile")
    if gemfile is None:
        return []
    return [read_related(source, gemfile.parent / name, read_gemspec)
            for name, is_dir in active().listdir(gemfile.parent) or [] if not is_dir and name.endswith(".gemspec")]


def _local_checker(source: Source):
    folders: list[Path] = []
    for folder in ancestors(source):
        folders.extend((folder, folder / "lib", *rails_app_folders(folder)))

    def is_local(path: str) -> bool:
        return bool(folders) and exists_under(folders, path + ".rb")

    return is_local


@file_format(PARSER, ("*.rb", "*.rake", "*.ru", "Rakefile", "Capfile", "Guardfile"), ecosystem="rubygems",
             kind="source", description="Ruby require/autoload paths (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("rubygems") or source.path.rsplit("/", 1)[-1] in MANIFESTS:
        return
    own = source.hints.local_packages | (from_nearest(source, "Gemfile", gems_from_elsewhere) or frozenset())
    declared = merged(from_nearest(source, "Gemfile", read_gemfile), from_nearest(source, "Gemfile.lock", read_lock),
                      *_gemspecs(source))
    yield from emit(source, import_refs(source.text, _local_checker(source), own, declared), PARSER)
