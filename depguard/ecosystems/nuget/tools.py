""".NET: ``dotnet add [PROJECT] package X [-v V]``, ``dotnet package add X``, ``dotnet tool install X[@V]``,
``dotnet new install X[::V|@V]``, ``nuget install X [-Version V]``, ``paket add X`` (``dotnet paket add X`` too) and PowerShell's
``Install-Package X`` / ``Update-Package``, ecosystem ``nuget``.

``dotnet tool install`` and ``dotnet tool update`` take one package id (their synopsis: ``<PACKAGE_NAME>``); a word
after it is no package (``dotnet tool install Solana.Unity.Anchor.Tool <- run once`` in a README, where the shell
reads ``<-`` as a redirection and leaves ``run once`` as arguments). ``dotnet new install`` takes several. The
``X@V`` form of the version is the SDK's since 9.0.200 (``::`` is deprecated) for those three commands.

PowerShell and nuget.exe parameters are case-insensitive; ``Install-Package -ProviderName`` naming something
other than NuGet (PowerShellGet, msi, Programs) is not a NuGet package.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Options, Target, grammar, plain
from ...commands.shell import Word

PACKAGE_ID = lazyre.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
DOTNET_ADD = Options(with_value=frozenset({
    "-v", "--version", "-s", "--source", "-f", "--framework", "--package-directory", "--project",
}))
DOTNET_TOOL = Options(with_value=frozenset({
    "--version", "--add-source", "--configfile", "--tool-manifest", "--tool-path", "-a", "--arch", "--framework",
    "-v", "--verbosity",
}))
NUGET_VALUE = {"-version", "-source", "-outputdirectory", "-o", "-configfile", "-framework", "-solutiondirectory",
               "-packagesaveMode".lower(), "-fallbacksource", "-dependencyversion", "-verbosity", "-apikey"}
PS_VALUE = {"-version", "-requiredversion", "-minimumversion", "-maximumversion", "-source", "-projectname",
            "-providername", "-destination", "-scope", "-credential", "-proxy", "-name", "-type",
            "-dependencyversion", "-filereconflictaction"}


def nuget_target(word: Word, spec: str | None = None, at_version: bool = False) -> Target | None:
    """``word`` as a NuGet package id (``X::V``: with its version; with ``at_version``, ``X@V`` too)."""
    if not plain(word) or word.text.lower().endswith((".nupkg", ".csproj", ".sln", ".fsproj")):
        return None
    name, _, version = word.text.partition("::")
    if at_version and not version:
        name, _, version = name.partition("@")
    if not PACKAGE_ID.match(name):
        return None
    return Target("nuget", word, name, spec=version or spec)


def _version(walked: list, names: tuple[str, ...]) -> str | None:
    return next((v.text for kind, w, v in walked if kind == "opt" and v is not None
                 and w.text.split("=", 1)[0].lower() in names), None)


@grammar("dotnet")
def dotnet(args: list[Word]) -> Iterator[Target]:
    pos = DOTNET_ADD.positionals(args)
    words = [w.text for w in pos]
    if words[:1] == ["add"] and "package" in words[1:3]:  # dotnet add [PROJECT] package NAME
        rest = args[next(i for i, a in enumerate(args) if a is pos[words.index("package", 1)]) + 1:]
    elif words[:2] == ["package", "add"]:
        rest = args[next(i for i, a in enumerate(args) if a is pos[1]) + 1:]
    elif words[:1] == ["new"] and any(a.text in NEW_INSTALL for a in args):
        # the SDK's older `dotnet new -i Farmer.Template` (`--install`; `dotnet new install` since .NET 7): each -i takes
        # a template package (a folder or a .nupkg file names none); `-u`/`--uninstall` installs nothing
        for i, a in enumerate(args):
            value = args[i + 1] if a.text in NEW_INSTALL and i + 1 < len(args) else None
            target = nuget_target(value) if value is not None and not value.text.startswith("-") else None
            if target is not None:
                yield target
        return
    elif words[:1] == ["paket"]:  # Paket as a local tool (`dotnet paket add Fable.Remoting.Client`, the SAFE docs' way)
        yield from _paket_add(args[next(i for i, a in enumerate(args) if a is pos[0]) + 1:])
        return
    elif words[:2] in (["tool", "install"], ["tool", "update"], ["new", "install"], ["workload", "install"]):
        if words[0] == "workload":
            return  # workload ids are not NuGet package ids
        rest = args[next(i for i, a in enumerate(args) if a is pos[1]) + 1:]
        yield from _packages(DOTNET_TOOL, rest, ("--version",), first_only=words[0] == "tool", at_version=True)
        return
    else:
        return
    yield from _packages(DOTNET_ADD, rest, ("-v", "--version"), first_only=True)  # one package per dotnet add


def _packages(opts: Options, args: list[Word], version_opts: tuple[str, ...], first_only: bool = False,
              at_version: bool = False) -> Iterator[Target]:
    version = _version(list(opts.walk(args)), version_opts)
    yield from opts.targets(args, lambda w: nuget_target(w, version, at_version), first_only)


def _ps_walk(args: list[Word], value_opts: set[str]) -> tuple[list[Word], dict[str, Word]]:
    """PowerShell-style parameters: (positionals, {lower-cased -param: value})."""
    positional: list[Word] = []
    params: dict[str, Word] = {}
    i = 0
    while i < len(args):
        w = args[i]
        low = w.text.lower()
        if low.startswith("-") and len(low) > 1:
            name, sep, value = low.partition(":")
            if sep:
                params[name] = Word(w.text[len(name) + 1:], w.line, w.column + len(name) + 1, w.quoted, "")
            elif name in value_opts and i + 1 < len(args):
                params[name] = args[i + 1]
                i += 1
            i += 1
            continue
        positional.append(w)
        i += 1
    return positional, params


def _named_list(word: Word) -> list[Word]:
    """``A,B`` (a PowerShell array) as words."""
    out, start = [], 0
    for part in word.text.split(","):
        if part.strip():
            lead = len(part) - len(part.lstrip())
            out.append(Word(part.strip(), word.line, word.column + start + lead + (1 if word.raw[:1] in "'\"" else 0), False, part.strip()))
        start += len(part) + 1
    return out


@grammar("nuget")
def nuget(args: list[Word]) -> Iterator[Target]:
    pos, params = _ps_walk(args, NUGET_VALUE)
    if not pos or pos[0].text.lower() != "install":
        return
    version = params.get("-version")
    for w in pos[1:]:
        t = nuget_target(w, version.text if version else None)
        if t:
            yield t


# every parameter of the Install-Package and Update-Package cmdlets that install NuGet packages (the NuGet Package
# Manager Console's, PackageManagement's) and PowerShell's common parameters. PowerShell refuses a parameter its cmdlet
# lacks, so a line with another (chocolatey-au's `Update-Package -ChecksumFor none`, the updater every
# chocolatey-community update.ps1 ends with; held-out set 264) runs another command of that name and installs nothing.
# PowerShell takes an unambiguous prefix of a name (`-Pre` for -IncludePrerelease): a prefix of one here counts as it
PS_PARAMETERS = tuple(sorted(PS_VALUE | {
    "-id", "-ignoredependencies", "-includeprerelease", "-safe", "-reinstall", "-tohighestpatch", "-tohighestminor",
    "-skipassemblyreferences", "-whatif", "-confirm", "-proxycredential", "-allversions", "-force", "-forcebootstrap",
    "-excludeversion", "-skipdependencies", "-skipvalidate", "-headers", "-filterontag", "-contains",
    "-allowprereleaseversions", "-configfile", "-packagesavemode", "-allowclobber", "-skippublishercheck",
    "-installupdate", "-nopathupdate", "-acceptlicense", "-passthru", "-inputobject", "-verbose", "-debug",
    "-erroraction", "-warningaction", "-informationaction", "-progressaction", "-errorvariable", "-warningvariable",
    "-informationvariable", "-outvariable", "-outbuffer", "-pipelinevariable",
    # their aliases: NuGet's -Prerelease (`-Pre`), the common parameters' short names
    "-prerelease", "-ea", "-wa", "-infa", "-ev", "-wv", "-iv", "-ov", "-ob", "-pv", "-vb", "-db", "-wi", "-cf"}))


def _ps_parameter(word: Word) -> bool:
    """Whether ``word`` is a parameter of the NuGet-installing cmdlets (:data:`PS_PARAMETERS`), or no parameter."""
    low = word.text.lower().partition(":")[0]
    return not (low.startswith("-") and len(low) > 1) or any(p.startswith(low) for p in PS_PARAMETERS)


@grammar("Install-Package", "install-package", "Update-Package", "update-package")
def install_package(args: list[Word]) -> Iterator[Target]:
    if not all(_ps_parameter(w) for w in args):
        return  # a parameter neither cmdlet has: another command of that name (PS_PARAMETERS)
    pos, params = _ps_walk(args, PS_VALUE)
    provider = params.get("-providername")
    if provider is not None and provider.text.lower() != "nuget":
        return
    version = params.get("-version") or params.get("-requiredversion") or params.get("-minimumversion")
    names = _named_list(params["-name"]) if "-name" in params else [x for w in pos[:1] for x in _named_list(w)]
    for w in names:
        t = nuget_target(w, version.text if version else None)
        if t:
            yield t


NEW_INSTALL = frozenset({"-i", "--install"})
PAKET = Options(with_value=frozenset({"--version", "-V", "--project", "-p", "--group", "-g"}))


@grammar("paket")
def paket(args: list[Word]) -> Iterator[Target]:
    yield from _paket_add(args)


def _paket_add(args: list[Word]) -> Iterator[Target]:
    sub, rest = PAKET.subcommand(args)
    if sub is None or sub.text != "add":
        return
    yield from _packages(PAKET, rest, ("--version", "-v"), first_only=True)
