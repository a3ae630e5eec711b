"""Package specs as people paste them (``requests==2.31.0``, ``flask[async]>=3``, ``lodash@4.17.21``,
``@types/node@^20``, ``serde@1.0``) to (name, version spec), in each ecosystem's own spelling.

Each ecosystem's spelling is read by the shell model's reader of that ecosystem's install word (the word
after ``pip install``, ``npm install``, ``cargo add``, ``gem install`` …, see :mod:`depguard.commands`), so
``depguard check`` reads a spec exactly as a scanned install command would. A text no reader takes is
returned whole: the ecosystem's name rule then says why it is not a name.
"""

from __future__ import annotations

import re

from .records import record

_QUOTES = ("'", '"')


@record(frozen=True)
class Spec:
    ecosystem: str
    name: str
    version: str | None = None  # the version or range written after the name, when there is one
    note: str | None = None  # what the reader said (e.g. "alias x")


def _readers() -> dict:
    """ecosystem id -> reader(Word) -> Target | None."""
    from .ecosystems.cargo.tools import crate_target
    from .ecosystems.composer.tools import composer_target
    from .ecosystems.conda.tools import conda_target
    from .ecosystems.docker.tools import image_target
    from .ecosystems.go.tools import module_target
    from .ecosystems.jsr.tools import spec_target
    from .ecosystems.npm.tools import package_target
    from .ecosystems.nuget.tools import nuget_target
    from .ecosystems.pub.tools import pub_target
    from .ecosystems.pypi.tools import requirement_target
    from .ecosystems.rubygems.tools import gem_target

    return {
        "pypi": requirement_target, "npm": package_target, "cargo": crate_target, "go": module_target,
        "nuget": nuget_target, "conda": conda_target, "pub": pub_target, "rubygems": gem_target,
        "docker": image_target, "composer": composer_target, "jsr": lambda w: spec_target(w, "jsr"),
        "maven": _maven,
    }


_COORD = re.compile(r"^[A-Za-z0-9_.-]+$")
_VERSION = re.compile(r"^[A-Za-z0-9_.+-]+$")  # 9+181-r4173-1


def _maven(word):
    """``group:artifact[:version]`` (Gradle's and ``mvn dependency:get``'s coordinates)."""
    from .commands import Target

    parts = word.text.split(":")
    if len(parts) in (2, 3) and all(_COORD.match(p) for p in parts[:2]) and all(_VERSION.match(p) for p in parts[2:]):
        return Target("maven", word, f"{parts[0]}:{parts[1]}", spec=parts[2] if len(parts) == 3 else None)
    return None


def unquote(text: str) -> str:
    """A spec pasted with its shell quotes (``'django>=4,<5'`` passed through another layer of quoting)."""
    text = text.strip()
    if len(text) >= 2 and text[0] in _QUOTES and text[-1] == text[0]:
        return text[1:-1].strip()
    return text


def read_spec(text: str, ecosystem: str) -> Spec:
    """``text`` read as ``ecosystem`` writes a package spec; the text whole when no reader takes it."""
    from .commands.shell import Word

    text = unquote(text)
    reader = _readers().get(ecosystem)
    if reader is not None and text:
        target = reader(Word(text, 1, 1, quoted=True, raw=text, expands=False))
        if target is not None and target.ecosystem == ecosystem:
            return Spec(ecosystem, target.name, target.spec or None, target.note)
    return Spec(ecosystem, text)


def readable(text: str, ecosystem: str) -> bool:
    """Whether ``ecosystem``'s reader takes ``text`` as one of its specs."""
    from .commands.shell import Word

    reader = _readers().get(ecosystem)
    text = unquote(text)
    return bool(reader and text and reader(Word(text, 1, 1, quoted=True, raw=text, expands=False)))
