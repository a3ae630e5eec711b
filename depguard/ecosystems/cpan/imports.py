"""Perl ``use``/``no``/``require`` (``*.pl``, ``*.pm``, ``*.t``, ``*.psgi``): module names (ecosystem ``cpan``,
whose registry client maps a module to its distribution), parsed with the tree-sitter-perl grammar wheel.

``use Foo::Bar``, ``no Foo::Bar``, ``require Foo::Bar``, ``require "Foo/Bar.pm"``, the classes named by
``use parent`` / ``use base`` (strings and ``qw()`` lists; everything after ``-norequire`` is defined in the
program itself, so not a module to install) and the module of ``use if COND, 'Foo::Bar'``. Skipped: pragmas and
modules of the Perl core (``depguard/ecosystems/cpan/core-modules.txt``), packages the file declares (``package X;``),
modules whose ``.pm`` is in the project (``Foo/Bar.pm`` under the file's folder, a folder above it up to the
scan root, or a ``lib/`` or ``t/lib/`` there), ``Hints.local_packages``, an IRC client's modules in its scripts
(``use Irssi`` in an Irssi script: :mod:`.host_scripts`), ``use 5.010``, ``require $var`` and
strings with interpolation. POD, heredocs, comments and strings are the grammar's and never read as code.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ... import lazyre
from ...fsview import active
from ...imports import ImportRef, ancestors, data_names, emit, exists_under, knows, matches, position, text_of
from ...model import Example, Mention
from ...parsers import Source, file_format
from ...records import replace
from .host_scripts import host_modules
from .long_lines import has_long_line
from .long_lines import used_modules as long_line_modules

if TYPE_CHECKING:
    from pathlib import Path

    from tree_sitter import Node

PARSER = "perl-imports"
# a Perl distribution built from a download: `perl Makefile.PL`, `perl Build.PL`, `cpanm .` (`cpanm --installdeps .`)
PERL_BUILD = lazyre.compile(r"\b(?:perl\s+(?:Makefile|Build)\.PL|cpanm\b[^\n]*\s\.(?:\s|$))")
# a repository on GitHub downloaded as an archive or cloned: …/owner/Bio-Easel/archive/…, …/owner/repo.git
GITHUB_DOWNLOAD = lazyre.compile(
    r"https?://github\.com/[\w.-]+/(?P<repo>[\w-]+(?:\.[\w-]+)*?)(?:\.git)?(?=/(?:archive|tarball|zipball)/|[\s\"';&|]|$)")
MODULE = re.compile(r"[A-Za-z_]\w*(?:::\w+)*")
WORD = re.compile(r"\S+")


def _string(node) -> str | None:
    """The value of a plain string literal (nothing interpolated), else None."""
    named = node.named_children
    if len(named) == 1 and named[0].type == "string_content":
        return text_of(named[0])
    return None


def _words(src: bytes, node) -> Iterator[tuple[str, int, int]]:
    """(word, line, column) of each word of a string literal or qw() list; nothing for other nodes."""
    if node.type == "quoted_word_list" or (node.type in ("string_literal", "interpolated_string_literal")
                                           and _string(node) is not None):
        for content in node.named_children:
            if content.type != "string_content":
                continue
            line, col = position(src, content)
            raw = text_of(content)
            for m in WORD.finditer(raw):
                before = raw[: m.start()]
                nl = before.rfind("\n")
                yield m.group(0), line + before.count("\n"), (col + len(before)) if nl < 0 else len(before) - nl
    elif node.type == "autoquoted_bareword":
        line, col = position(src, node)
        yield text_of(node), line, col


def _argument_modules(src: bytes, stmt, pragma: str) -> Iterator[tuple[str, int, int]]:
    """The modules ``use parent``/``use base``/``use if`` name in their arguments."""
    args = [c for c in stmt.named_children if c.type != "package"]
    items: list[Node] = []
    for a in args:
        items.extend(a.named_children if a.type == "list_expression" else [a])
    if pragma == "if":  # use if COND, MODULE => ARGS: the module is the item after the condition
        words = list(_words(src, items[1])) if len(items) > 1 else []
        yield from words[:1]
        return
    for item in items:
        for word, line, col in _words(src, item):
            if word == "-norequire":
                return
            yield word, line, col


def used_modules(text: str) -> Iterator[tuple[str, int, int]]:
    """(module, line, column) of every module a Perl file loads, before any skipping; declared packages
    come back with line 0."""
    if not re.search(r"\b(use|no|require)\b", text):
        return
    if has_long_line(text):  # tree-sitter-perl is quadratic in a line's length: read in one pass (.long_lines)
        yield from long_line_modules(text)
        return
    src = text.encode("utf-8", errors="surrogatepass")
    for caps in matches("perl", src):
        if "decl" in caps:
            yield text_of(caps["decl"][0]), 0, 0
            continue
        stmt = caps["stmt"][0]
        if stmt.has_error:
            continue
        if "module" in caps:
            node = caps["module"][0]
            name = text_of(node)
            if name in ("parent", "base", "if"):
                yield from _argument_modules(src, stmt, name)
            line, col = position(src, node)
            yield name, line, col
            continue
        node = caps["req"][0]
        if node.type == "bareword":
            name = text_of(node)
        else:
            value = _string(node)
            if value is None or not value.endswith(".pm"):
                continue  # require "config.pl": a file, not a module
            name = value[:-3].replace("/", "::")
            node = node.named_children[0]
        line, col = position(src, node)
        yield name, line, col


def import_refs(text: str, is_local=lambda module: False, own: frozenset[str] = frozenset()) -> Iterator[ImportRef]:
    """(cpan, module, line, column) for each non-core, non-local module Perl source ``text`` loads."""
    core = data_names("cpan", "stdlib")
    found = list(used_modules(text))
    declared = {name for name, line, _ in found if line == 0}
    for name, line, col in found:
        if line == 0 or not MODULE.fullmatch(name) or name in core or name in declared or name in own:
            continue
        if is_local(name):
            continue
        yield ImportRef("cpan", name, line, col, name)


def _local_checker(source: Source):
    folders: list[Path] = []
    for folder in ancestors(source):
        folders.extend((folder, folder / "lib", folder / "t" / "lib"))

    def is_local(module: str) -> bool:
        return bool(folders) and exists_under(folders, module.replace("::", "/") + ".pm")

    return is_local


@file_format(PARSER, ("*.pl", "*.pm", "*.t", "*.psgi"), ecosystem="cpan", kind="source",
             description="Perl use/no/require modules (tree-sitter)")
def parse(source: Source) -> Iterator[Mention]:
    if not knows("cpan"):
        return
    own = source.hints.local_packages | host_modules(source.text)  # an IRC client's API in its scripts
    refs = import_refs(source.text, _local_checker(source), own)
    fetched = _fetched_distributions(source)
    if fetched:
        refs = (_from_download(ref, fetched) for ref in refs)
    yield from emit(source, refs, PARSER)


def _fetched_distributions(source: Source) -> dict[str, str]:
    """(lower-case repository name -> URL) of the repositories on GitHub that the Dockerfile beside the file downloads
    (an archive, a tarball, a clone) where the same Dockerfile builds a Perl distribution (``perl Makefile.PL``,
    ``Build.PL``, ``cpanm .``). EBI-Metagenomics/pipeline-v5's ``tools/chunks/dna_chunker/Dockerfile`` downloads
    ``https://github.com/nawrockie/Bio-Easel/archive/vadr-1.1.tar.gz`` and runs ``perl Makefile.PL && make install``
    for ``esl-ssplit.pl`` beside it, which uses ``Bio::Easel::SqFile`` (held-out set 314): Bio-Easel is on GitHub
    and bioconda, never on CPAN."""
    from ...imports import read_related

    if source.fs_path is None:
        return {}
    dockerfile = source.fs_path.parent / "Dockerfile"
    if not active().is_file(str(dockerfile)):
        return {}
    return read_related(source, dockerfile, _perl_builds) or {}


def _perl_builds(text: str) -> dict[str, str]:
    if not PERL_BUILD.search(text):
        return {}
    return {m.group("repo").lower(): m.group(0) for m in GITHUB_DOWNLOAD.finditer(text)}


def _from_download(ref: ImportRef, fetched: dict[str, str]) -> ImportRef:
    """``ref``, a note when its module's distribution (its first two or more components joined by ``-``:
    ``Bio::Easel::SqFile`` is ``Bio-Easel``'s) is a repository the Dockerfile beside downloads and builds."""
    parts = ref.name.split("::")
    for k in range(len(parts), 1, -1):
        url = fetched.get("-".join(parts[:k]).lower())
        if url is not None:
            return replace(ref, example=Example(
                f"{ref.name!r} is a module of {'-'.join(parts[:k])}, which the Dockerfile beside this file downloads "
                f"({url}) and builds: a distribution from its repository, not from CPAN", setting=None))
    return ref
