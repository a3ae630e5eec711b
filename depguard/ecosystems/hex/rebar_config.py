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
from .erlang_terms import ATOM, STRING, TUPLE, Term, consult, proplist

PARSER = "rebar.config"
SECTIONS = ("deps", "plugins", "project_plugins")


def _sections(forms: list[Term]) -> Iterator[tuple[str, Term]]:
    """``(section, list)`` for every dependency list, the top's and each profile's."""
    for form in forms:
        pair = form.items() if form.kind == TUPLE else ()
        if len(pair) != 2 or not pair[0].atom():
            continue
        key = pair[0].atom()
        if key in SECTIONS:
            yield key or "", pair[1]
        elif key == "profiles":
            for profile, settings in proplist(pair[1]):
                for section, deps in proplist(settings):
                    if section in SECTIONS:
                        yield f"{section} of profile {profile}", deps


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
    fields = source.items()
    if not fields or fields[0].atom() != "pkg":  # git, git_subdir, hg, path, raw…: not Hex
        return None
    hex_name = fields[1].text() if len(fields) > 1 else None
    if len(fields) > 2 and fields[2].kind == STRING:
        version = fields[2].text()
    return name, hex_name or name.atom() or "", version


@file_format("rebar.config", ("rebar.config",), ecosystem="hex", kind="manifest",
             description="rebar3's rebar.config: Hex deps and plugins, profiles too")
def parse(source: Source) -> Iterator[Mention]:
    own_apps = source.hints.local_otp_apps
    for section, deps in _sections(consult(source.text)):
        if deps.kind != "list":
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
