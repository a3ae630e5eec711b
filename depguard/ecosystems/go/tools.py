"""Go: ``go get``, ``go install`` and ``go run`` with module paths, and Hugo's ``hugo mod get``, ecosystem ``go``.

``path@version`` carries the version. Local patterns (``.``, ``./...``, ``../x``), the standard library and
the meta-packages ``all``/``std``/``cmd`` are not module paths: a module path has a dot in its first element.
A trailing ``/...`` is dropped (``golang.org/x/tools/...`` names golang.org/x/tools). ``go run pkg@v``
runs the package; the words after it are its own arguments.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain, project
from ...commands.shell import Word

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...model import Mention
    from ...parsers import Source

GO_OPTS = Options(clusters=False, with_value=frozenset({
    "-modfile", "-tags", "-ldflags", "-gcflags", "-asmflags", "-o", "-mod", "-p", "-pkgdir", "-toolexec", "-overlay",
    "-buildmode", "-compiler", "-gccgoflags", "-installsuffix", "-pgo", "-C", "-exec", "-covermode", "-coverpkg",
    "-buildvcs", "-json",
}))
MODULE = lazyre.compile(r"^[A-Za-z0-9][A-Za-z0-9._~-]*\.[A-Za-z0-9._~-]+(/[A-Za-z0-9._~+-]+)*$")


def module_target(word: Word, runs: bool = False) -> Target | None:
    if not plain(word) or word.text.endswith(".go"):
        return None
    path, _, version = word.text.partition("@")
    while path.endswith("/..."):
        path = path[:-4]
    if not MODULE.match(path) or "." not in path.split("/", 1)[0]:
        return None
    return Target("go", word, path, spec=version or None, runs=runs)


GO_BUILDS = {"build", "test", "run", "get", "install", "vet", "generate", "list"}


@grammar("go")
def go(args: list[Word]) -> Iterator[Item]:
    sub, rest = GO_OPTS.subcommand(args)
    if sub is None:
        return
    folder = next((v.text for kind, w, v in GO_OPTS.walk(args) if w.text == "-C" and v is not None), ".")
    pos = GO_OPTS.positionals(rest)
    if (sub.text == "mod" and pos and pos[0].text in ("download", "tidy", "vendor", "verify")) or (
            sub.text in GO_BUILDS and not any(module_target(w) for w in pos)):
        if sub.text != "list":
            yield project("go", "go", sub, ("go.mod", "go.sum", "go.work"), folder)
        return
    if sub.text not in ("get", "install", "run"):
        return
    runs = sub.text == "run"  # go run: the first positional is the program; the rest are its arguments
    yield from GO_OPTS.targets(rest, lambda w: module_target(w, runs=runs), first_only=runs)


# Hugo's flags that take a value, its own and those every command inherits (gohugo.io/commands/hugo_mod_get/); a
# word of -u=patch or -r is go get's flag, passed through
HUGO_OPTS = Options(with_value=frozenset({
    "-s", "--source", "--config", "--configDir", "-c", "--contentDir", "-d", "--destination", "-e", "--environment",
    "--clock", "--logLevel", "--themesDir", "-t", "--theme", "-b", "--baseURL", "--cacheDir", "-l", "--layoutDir",
    "--ignoreVendorPaths", "--renderSegments", "--poll",
}))
HUGO_MOD_RESOLVES = {"get", "tidy", "vendor", "verify", "graph", "download"}


@grammar("hugo")
def hugo(args: list[Word]) -> Iterator[Item]:
    """``hugo mod get [flags] MODULE[@VERSION]…``: Hugo Modules are Go modules, and ``hugo mod get`` is ``go get``
    run in the site (gohugo.io/commands/hugo_mod_get/: "All flags available for go get are also relevant here"), so
    its words are read as go get's (hextra's docs: ``hugo mod get -u github.com/imfing/hextra``). Without a module
    path, get, tidy, vendor and verify resolve what the site's go.mod requires. ``hugo mod init PATH`` names the
    site's own module, ``hugo new site NAME`` a folder: nothing to fetch."""
    sub, rest = HUGO_OPTS.subcommand(args)
    if sub is None or sub.text != "mod":
        return
    action, rest = HUGO_OPTS.subcommand(rest)
    if action is None or action.text not in HUGO_MOD_RESOLVES:
        return
    folder = next((v.text for kind, w, v in HUGO_OPTS.walk(args) if w.text in ("-s", "--source") and v is not None), ".")
    found = list(HUGO_OPTS.targets(rest, module_target)) if action.text == "get" else []
    yield from found
    if not found:
        yield project("go", "hugo", action, ("go.mod", "go.sum", "go.work"), folder)


def precommit_dependency(source: Source, lines: list[str], item: str, line: int, col: int | None,
                         parser: str) -> Iterator[Mention]:
    """One ``additional_dependencies`` entry of a golang pre-commit hook, which pre-commit installs with ``go install``:
    a package path and its version (actionlint's ``github.com/wasilibs/go-shellcheck/cmd/shellcheck@v0.11.1``); a
    word that is no module path is no registry package (declared as ``[pre-commit] reader`` in ecosystem.toml)."""
    from ...model import Origin
    from ..pypi._python import name_column

    path, _, version = item.partition("@")
    while path.endswith("/..."):
        path = path[:-4]
    if not MODULE.match(path) or "." not in path.split("/", 1)[0]:
        return
    yield source.mention("go", path, line, name_column(lines, line, path, col), Origin.MANIFEST, parser,
                         spec=version or None)
