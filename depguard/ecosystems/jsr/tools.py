"""Deno and JSR: ``deno add|install|i SPEC…``, ``deno run|x SPEC``, and the ``jsr`` CLI (``npx jsr add
@std/path``, ``bunx jsr add``, ``pnpm dlx jsr add``), ecosystems ``jsr`` and ``npm``.

``jsr:@scope/name@^1`` is JSR, ``npm:name@1`` is npm; a bare ``@scope/name`` means JSR for ``deno add`` and
the jsr CLI. A bare unscoped name is neither (Deno refuses it). Local paths and URLs are not registry names.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain, project
from ...commands.shell import Word

JSR_NAME = lazyre.compile(r"^@[a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*$")
DENO = Options(with_value=frozenset({
    "-c", "--config", "--import-map", "--lock", "-n", "--name", "--root", "-L", "--log-level", "--cert",
    "--location", "--seed", "--v8-flags", "--env-file", "--entrypoint", "--inspect", "--ext",
}))


def spec_target(word: Word, bare: str | None, runs: bool = False, note: str | None = None) -> Target | None:
    """A ``jsr:``/``npm:`` specifier; a bare ``@scope/name`` goes to ``bare`` (``"jsr"`` or None)."""
    from ..npm.tools import package_target

    if not plain(word):
        return None
    text = word.text
    if text.startswith("npm:"):
        t = package_target(word, runs=runs, note=note)
        return t
    shift = 0
    if text.startswith("jsr:"):
        text, shift = text[4:], 4
    elif bare != "jsr" or not text.startswith("@"):
        return None
    text = text.lstrip("/")
    at = text.find("@", 1)
    name, version = (text[:at], text[at + 1:]) if at > 0 else (text, "")
    name = "/".join(name.split("/", 2)[:2])  # jsr:@std/path/posix -> @std/path
    if not JSR_NAME.match(name):
        return None
    return Target("jsr", word, name, spec=version.split("/", 1)[0] or None, runs=runs, note=note, column_shift=shift)


@grammar("deno")
def deno(args: list[Word]) -> Iterator[Item]:
    sub, rest = DENO.subcommand(args)
    if sub is None:
        return
    if sub.text in ("install", "i") and not DENO.positionals(rest) and not any(w.text in ("-g", "--global") for w in rest):
        yield project("npm", "deno", sub, ("deno.json", "deno.jsonc", "package.json", "deno.lock"))
        return
    if sub.text in ("add", "install", "i"):
        for w in DENO.positionals(rest):
            t = spec_target(w, "jsr" if sub.text == "add" else None)
            if t:
                yield t
    elif sub.text in ("run", "x"):
        pos = DENO.positionals(rest)
        if pos:
            t = spec_target(pos[0], None, runs=True, note=f"runs the package (deno {sub.text})")
            if t:
                yield t


def jsr_cli(args: list[Word]) -> Iterator[Target]:
    """The arguments of the ``jsr`` npm package's CLI: ``add|i|install @scope/name@range…``."""
    sub, rest = DENO.subcommand(args)
    if sub is None or sub.text not in ("add", "i", "install"):
        return
    for w in DENO.positionals(rest):
        t = spec_target(w, "jsr")
        if t:
            yield t


def jsr_spec_target(word: Word) -> Target | None:
    """A spec given to ``depguard check jsr:…``: a bare ``@scope/name`` is a JSR name."""
    return spec_target(word, "jsr")
