"""rebar3's ``rebar.config``: the Hex packages of ``{deps, [...]}``, ``{plugins, [...]}`` and
``{project_plugins, [...]}``, at the top and in each ``{profiles, [{Profile, [...]}]}`` entry.

A dependency is a bare atom (``cowboy``: the latest release on Hex), ``{Name, "Version"}``, or either with
``{pkg, HexName}`` (``{uuid, "2.0.1", {pkg, uuid_erl}}``: the app ``uuid`` is the Hex package ``uuid_erl``).
One whose source is a tuple other than ``pkg`` (``{git, URL, Ref}``, ``git_subdir``, ``hg``, ``path``…) is not
from Hex and is not asked. ``overrides`` change options of dependencies, never which ones there are; they are
not read. A dependency named as an OTP application the tree holds (``src/<app>.app.src``) is a project app or a
checkout (``_checkouts/<app>``) rebar3 takes from the tree, not from Hex, and is not asked. The file is read as ``file:consult`` reads it (data, nothing run); a ``rebar.config.script`` is code
and is not read.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from .erlang_terms import ATOM, BINARY, LIST, STRING, TUPLE, Term, consult, pairs, proplist

PARSER = "rebar.config"
SECTIONS = ("deps", "plugins", "project_plugins")


def _sections(forms: list[Term]) -> Iterator[tuple[str, Term]]:
    """``(section, list)`` for every dependency list, the top's and each profile's."""
    for key, value in pairs(forms):
        if key in SECTIONS:
            yield key, value
        elif key == "profiles":
            for profile, settings in proplist(value):
                for section, deps in proplist(settings):
                    if section in SECTIONS:
                        yield f"{section} of profile {profile}", deps


def pkg_source(source: Term) -> tuple[str | None, str | None] | None:
    """``(Hex name, version)`` of a ``{pkg, Name[, Version]}`` source (each None when not written), or None for
    any other source: git, git_subdir, hg, path, raw… are not Hex. rebar.config writes the parts as atoms and
    strings, rebar.lock as binaries."""
    fields = source.items() if source.kind == TUPLE else ()
    if not fields or fields[0].atom() != "pkg":
        return None
    return (fields[1].text() if len(fields) > 1 else None,
            fields[2].text() if len(fields) > 2 and fields[2].kind in (STRING, BINARY) else None)


def hex_dependency(item: Term) -> tuple[Term, str, str | None] | None:
    """``(where it is written, Hex name, version)`` of one dependency, or None when it is not from Hex."""
    if item.kind == ATOM:
        return item, item.atom() or "", None
    parts = item.items() if item.kind == TUPLE else ()
    if not parts or not parts[0].atom():
        return None
    name, version, source = parts[0], None, None
    for part in parts[1:]:
        if part.kind == STRING and version is None and source is None:
            version = part.text()
        elif part.kind == TUPLE and source is None:
            source = part
    if source is None:
        return name, name.atom() or "", version
    pkg = pkg_source(source)
    if pkg is None:
        return None
    hex_name, pinned = pkg
    return name, hex_name or name.atom() or "", pinned or version


@file_format("rebar.config", ("rebar.config",), ecosystem="hex", kind="manifest",
             description="rebar3's rebar.config: Hex deps and plugins, profiles too")
def parse(source: Source) -> Iterator[Mention]:
    own_apps = source.hints.local_otp_apps
    for section, deps in _sections(consult(source.text)):
        if deps.kind != LIST:
            source.problem(f"{section} is not a list", deps.line, deps.column)
            continue
        for item in deps.items():
            found = hex_dependency(item)
            if found is None:
                continue
            where, name, version = found
            written = where.atom() or name
            if written in own_apps:
                continue
            yield source.mention("hex", written, where.line, where.column, Origin.MANIFEST, PARSER, spec=version,
                                 name=name, note=None if name == written else f"the Hex package of {written}")
