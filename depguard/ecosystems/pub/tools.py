"""Dart and Flutter: ``dart pub add`` / ``flutter pub add`` and ``pub global activate``, ecosystem ``pub``.

A descriptor is ``name``, ``name:^1.2``, ``dev:name``, ``override:name:1.0`` or ``name:{…}``; a map
descriptor (git, path, sdk, hosted elsewhere) and ``--git-url``/``--path``/``--sdk``/``--hosted-url`` are not
pub.dev names.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain, project
from ...commands.shell import Word

PUB_NAME = lazyre.compile(r"^[a-zA-Z_][a-zA-Z0-9_]*$")
PUB_ADD = Options(with_value=frozenset({
    "--git-url", "--git-ref", "--git-path", "--path", "--sdk", "--hosted-url", "-C", "--directory",
}))
PUB_ACTIVATE = Options(with_value=frozenset({"-s", "--source", "--git-path", "--git-ref", "--hosted-url",
                                             "-x", "--executable", "--features"}))
NOT_PUB_DEV = {"--git-url", "--path", "--sdk", "--hosted-url"}


def pub_target(word: Word) -> Target | None:
    if not plain(word):
        return None
    text = word.text
    shift = 0
    note = None
    for prefix in ("dev:", "override:"):
        if text.startswith(prefix):
            text, shift, note = text[len(prefix):], len(prefix), prefix[:-1] + " dependency"
    name, _, version = text.partition(":")
    if version.lstrip().startswith("{") or not PUB_NAME.match(name):
        return None
    return Target("pub", word, name, spec=version.strip("'\" ") or None, note=note, column_shift=shift)


@grammar("dart", "flutter")
def dart(args: list[Word]) -> Iterator[Item]:
    pos = PUB_ADD.positionals(args)
    words = [w.text for w in pos]
    if words[:2] in (["pub", "get"], ["pub", "upgrade"], ["pub", "downgrade"]):
        folder = next((v.text for kind, w, v in PUB_ADD.walk(args) if w.text.split("=", 1)[0] in ("-C", "--directory")
                       and v is not None), ".")
        yield project("pub", "pub", pos[1], ("pubspec.yaml", "pubspec.lock"), folder)
        return
    if words[:2] == ["pub", "add"]:
        rest = args[next(i for i, a in enumerate(args) if a is pos[1]) + 1:]
        walked = list(PUB_ADD.walk(rest))
        if any(kind == "opt" and w.text.split("=", 1)[0] in NOT_PUB_DEV for kind, w, _ in walked):
            return
        for kind, w, _ in walked:
            if kind == "pos":
                t = pub_target(w)
                if t:
                    yield t
    elif words[:3] == ["pub", "global", "activate"]:
        rest = args[next(i for i, a in enumerate(args) if a is pos[2]) + 1:]
        walked = list(PUB_ACTIVATE.walk(rest))
        if any(kind == "opt" and v is not None and w.text.split("=", 1)[0] in ("-s", "--source") and v.text != "hosted"
               for kind, w, v in walked):
            return
        pos2 = [w for kind, w, _ in walked if kind == "pos"]
        if pos2:
            t = pub_target(pos2[0])
            if t:
                spec = pos2[1].text if len(pos2) > 1 and plain(pos2[1]) else None
                yield Target(t.ecosystem, t.word, t.name, spec=spec, runs=True)
