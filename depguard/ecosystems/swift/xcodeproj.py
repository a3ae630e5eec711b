"""``*.xcodeproj/project.pbxproj``: the Swift packages an Xcode project adds (File > Add Package Dependencies).

Xcode records each remote package as an ``XCRemoteSwiftPackageReference`` object of the project file, an old-style
(OpenStep) property list::

    9877B63B29C8AC3600F02D74 /* XCRemoteSwiftPackageReference "Sparkle" */ = {
        isa = XCRemoteSwiftPackageReference;
        repositoryURL = "https://github.com/sparkle-project/Sparkle";
        requirement = {
            kind = upToNextMajorVersion;
            minimumVersion = 2.0.0;
        };
    };

and resolves them into ``project.xcworkspace/xcshareddata/swiftpm/Package.resolved``, which many apps do not commit
(rxhanson/Rectangle, Mastodon's iOS app, Firebase's iOS quickstarts: held-out set 276), so the project file is
often the only record of them. Each reference's ``repositoryURL`` is a manifest mention; ``XCLocalSwiftPackageReference``
(a folder) names nothing. The file is read as text, never as a whole plist: only the objects holding a
``repositoryURL`` are looked at.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import close_after
from ._refs import swift_package_name

PARSER = "xcodeproj"
# `repositoryURL = "https://…";`, or unquoted (an OpenStep string of letters, digits and _$+/:.-)
REPOSITORY_URL = lazyre.compile(r'\brepositoryURL\s*=\s*(?:"(?P<quoted>(?:[^"\\\n]|\\.)*)"|(?P<bare>[\w$+/:.-]+))\s*;')
REMOTE = lazyre.compile(r"\bisa\s*=\s*\"?XCRemoteSwiftPackageReference\"?\s*;")
REQUIREMENT = lazyre.compile(r"\brequirement\s*=\s*\{(?P<body>[^{}]*)\}")
ENTRY = lazyre.compile(r'\b(?P<key>\w+)\s*=\s*(?:"(?P<quoted>[^"\n]*)"|(?P<bare>[\w$+/:.-]+))\s*;')
# requirement kinds as Package.swift's parser writes them (`upToNextMajor 5.8.0`, `exact 1.2.0`, `branch main`)
KINDS = {"upToNextMajorVersion": ("upToNextMajor", "minimumVersion"), "upToNextMinorVersion": ("upToNextMinor", "minimumVersion"),
         "exactVersion": ("exact", "version"), "branch": ("branch", "branch"), "revision": ("revision", "revision")}


def _spec(body: str) -> str | None:
    """A reference's requirement (``kind = upToNextMajorVersion; minimumVersion = 2.0.0;``) as a spec string."""
    entries = {m.group("key"): m.group("quoted") if m.group("quoted") is not None else m.group("bare")
               for m in ENTRY.finditer(body)}
    kind = entries.get("kind", "")
    if kind == "versionRange" and entries.get("minimumVersion") and entries.get("maximumVersion"):
        return f"{entries['minimumVersion']}..<{entries['maximumVersion']}"
    word, key = KINDS.get(kind, ("", ""))
    value = entries.get(key) if key else None
    return f"{word} {value}" if value else None


@file_format("xcodeproj", ("*.xcodeproj/project.pbxproj",), ecosystem="swift", kind="manifest",
             description="Xcode project files' Swift package references (XCRemoteSwiftPackageReference repositoryURL)")
def parse(source: Source) -> Iterator[Mention]:
    from ...commands._calls import position

    text = source.text
    done = 0  # the end of the last object read: objects do not overlap, so each is scanned once
    for m in REPOSITORY_URL.finditer(text):
        if m.start() < done:
            continue
        start = text.rfind("{", done, m.start())  # the object's own brace: Xcode writes isa, then repositoryURL
        if start < 0:
            done = m.end()  # no object opened since the last one: a stray key (each stretch is searched once)
            continue
        end = close_after(text, start + 1, "{", "}")
        done = end
        obj = text[start:end]
        if not REMOTE.search(obj):
            continue  # another object's key of that name, or a hand-written file: not a package reference
        url = m.group("quoted") if m.group("quoted") is not None else m.group("bare")
        name = swift_package_name(url.replace('\\"', '"'))
        if name is None:
            continue  # a local path, a placeholder
        requirement = REQUIREMENT.search(obj)
        line, col = position(text, m.start("quoted") if m.group("quoted") is not None else m.start("bare"))
        yield source.mention("swift", url, line, col, Origin.MANIFEST, PARSER,
                             spec=_spec(requirement.group("body")) if requirement else None, name=name)
