"""``devcontainer.json`` (``.devcontainer/devcontainer.json``, ``.devcontainer.json``, ``.devcontainer/<name>/…``;
JSON with comments): the container ``image``, and the lifecycle commands read by the shell model.

Lifecycle commands (``initializeCommand``, which runs on the host, then ``onCreateCommand``,
``updateContentCommand``, ``postCreateCommand``, ``postStartCommand``, ``postAttachCommand``) come in three
forms, as the Dev Container specification defines them: a string (run by a shell), an array (one command,
its arguments given one by one, no shell) and an object whose values are either (commands run in parallel).

Not packages, on purpose: ``features`` keys are Dev Container Feature ids — OCI artifacts on a container
registry (``ghcr.io/devcontainers/features/python:1``), tarball URLs or local folders — installed by the
Dev Container CLI from that registry, not packages of any registry depguard asks (Docker Hub holds images,
not features); the feature's options (``"version": "3.12"``) are its settings. Except the features whose option
names a registry's package, which they install with that registry's tool: devcontainers-extra's (formerly
devcontainers-contrib's) ``npm-package`` runs ``npm install -g <package>``, ``pipx-package`` ``pipx install
<package>`` (and injects its ``injections``); which feature installs from which registry, and through which options,
is each ecosystem's ``[devcontainer] features`` table (npm's, PyPI's). ``customizations.vscode.
extensions`` are VS Code Marketplace ids. ``build.dockerfile`` and ``dockerComposeFile`` are files read
by their own parsers.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ...commands import mentions_in_script
from ...errors import ParseError
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._lines_js import Keyed, LineIndex, Placed, exec_form, load_json_positions
from ...parsers.template_directives import blank_directive_lines
from ._refs import split_image

PARSER = "devcontainer"
PATTERNS = ("devcontainer.json", ".devcontainer.json")
LIFECYCLE = ("initializeCommand", "onCreateCommand", "updateContentCommand", "postCreateCommand", "postStartCommand",
             "postAttachCommand")
KEY_TO_VALUE = re.compile(r'(?:[^"\\]|\\.)*"\s*:\s*')  # from just after a key's opening quote to its value
STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _load(source: Source) -> tuple[Keyed, LineIndex]:
    try:
        data, index = load_json_positions(source.text, jsonc=True, what="devcontainer.json (JSONC)")
    except ParseError:
        blanked = blank_directive_lines(source.text)  # a project template's {%- if %} lines (cookiecutter-django)
        if blanked is None:
            raise
        data, index = load_json_positions(blanked, jsonc=True, what="devcontainer.json (JSONC)")
    if not isinstance(data, Keyed):
        raise ParseError("not a devcontainer.json: the document is not an object", 1)
    return data, index


def _value_offset(text: str, obj: Keyed, key: str) -> int | None:
    """Where the value of ``key`` starts (its opening quote or bracket), found after the key's position."""
    at = obj.where.get(key)
    m = KEY_TO_VALUE.match(text, at) if at is not None else None
    return m.end() if m else None


@file_format("devcontainer", PATTERNS, ecosystem="docker", kind="manifest",
             description="Dev Container configuration: the image (features are not packages)")
def parse(source: Source) -> Iterator[Mention]:
    data, index = _load(source)
    image = data.get("image")
    if not isinstance(image, str) or not image.strip():
        return
    at = _value_offset(source.text, data, "image")
    line, col = index.line_col(at + 1) if at is not None else index.key(data, "image")
    found = split_image(image.strip())
    if found is None:
        source.problem(f"image {image!r} is built from a variable; not checked", line, col, kind="limit")
        return
    yield source.mention("docker", image.strip(), line, col, Origin.MANIFEST, PARSER, spec=found[1], name=found[0])


def _declared_features() -> dict[str, tuple[str, str, str, str, str]]:
    """Feature id (without its tag) -> (ecosystem, the option naming the package, its version option, an option of
    more packages, blank-separated, how a version is written as the mention's spec), from the ecosystems'
    ``[devcontainer] features`` tables."""
    if not _FEATURES:
        from ...ecosystems import catalog

        for eco in catalog():
            table = eco.data.get("devcontainer")
            if not isinstance(table, dict):
                continue
            for spec in table.get("features", ()):
                if isinstance(spec, dict) and isinstance(spec.get("id"), str):
                    _FEATURES[spec["id"]] = (eco.id, str(spec.get("package", "package")), str(spec.get("version", "version")),
                                             str(spec.get("more", "")), str(table.get("versioned", "{version}")))
        _FEATURES.setdefault("", ("", "", "", "", ""))  # read once, even when none is declared
    return _FEATURES


_FEATURES: dict[str, tuple[str, str, str, str, str]] = {}


@file_format("devcontainer-features", PATTERNS, kind="manifest",
             description="Dev Container features that install a registry's package (npm-package, pipx-package)")
def parse_features(source: Source) -> Iterator[Mention]:
    try:
        data, index = _load(source)
    except ParseError:
        return  # the devcontainer reader reports it once
    features = data.get("features")
    if not isinstance(features, Keyed):
        return
    declared = _declared_features()
    for feature, options in features.items():
        found = declared.get(feature.rsplit(":", 1)[0] if "/" in feature else "")
        if not found or not found[0] or not isinstance(options, Keyed):
            continue
        ecosystem, package_option, version_option, more_option, versioned = found
        version = options.get(version_option)
        version = version if isinstance(version, str) and version.strip() and version != "latest" else None
        for option in (package_option, more_option):
            value = options.get(option) if option else None
            at = _value_offset(source.text, options, option) if isinstance(value, str) else None
            if at is None or not isinstance(value, str):
                continue
            line, col = index.line_col(at + 1)
            start = 0
            for name in value.split():
                offset = value.index(name, start)
                start = offset + len(name)
                if "$" in name or "{" in name:
                    continue
                spec = versioned.format(name=name, version=version) if version and option == package_option else None
                yield source.mention(ecosystem, name, line, col + offset, Origin.MANIFEST, "devcontainer-features", spec=spec)


@file_format("devcontainer-commands", PATTERNS, kind="script",
             description="Dev Container lifecycle commands (string, array and object forms)")
def parse_commands(source: Source) -> Iterator[Mention]:
    try:
        data, index = _load(source)
    except ParseError:
        return  # the devcontainer reader reports it once
    for key in LIFECYCLE:
        value = data.get(key)
        if isinstance(value, Keyed):  # {"name": command, …}: each value is a command of its own
            for name, command in value.items():
                yield from _command(source, index, command, _value_offset(source.text, value, name))
        else:
            yield from _command(source, index, value, _value_offset(source.text, data, key))


def _command(source: Source, index: LineIndex, command: Any, at: int | None) -> Iterator[Mention]:
    if at is None:
        return
    if isinstance(command, str):
        raw = STRING.match(source.text, at)
        line, col = index.line_col(at + 1)
        # without escapes the text is the command as written, so columns are exact
        text = raw.group(0)[1:-1] if raw and "\\" not in raw.group(0) else command.replace("\n", " ; ")
        yield from mentions_in_script(source.fragment(text, line, col), parser="devcontainer")
    elif isinstance(command, Placed) and command and all(isinstance(a, str) for a in command):
        yield from mentions_in_script(exec_form(source, index, command), parser="devcontainer")
