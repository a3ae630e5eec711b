"""Conda: ``conda|mamba|micromamba install|create|update [-c CHANNEL] SPEC…`` and ``pixi add``, ecosystem
``conda``. A spec is ``name``, ``name=1.2``, ``name>=1.2``, ``name=1.2=build``, ``channel::name`` or
``name[version='>=1']``. Channel values (``-c conda-forge``) and environment names/prefixes are not
packages; the channel is kept as a note and carried in the name as an environment file's channels are
(``conda install -c litex-hub openroad`` is ``litex-hub::openroad``, ``bioconda::samtools`` stays so): the registry
asks those channels before conda-forge and ``main``, where a package only a channel holds is missing (LiteX-Hub's
EDA tools, OpenLane's ``open_pdks.sky130a``, bioconda's tools). The default channels are left out of the name. ``-f/--file`` and ``env create`` read files, which are parsed as
files. ``pixi add --pypi`` names PyPI packages; ``--script FILE`` names the script whose inline metadata gets them, and
``--index URL`` the one index such a dependency comes from (PyPI is then not asked for it).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ... import lazyre
from ...commands import Item, Options, Target, grammar, manifest_file, plain, project
from ...commands.shell import Word
from ...records import replace
from ._refs import conda_channel, conda_key_name

CONDA_NAME = lazyre.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*$")
SPEC = lazyre.compile(r"^(?:(?P<channel>[^:\s]+)::)?(?P<name>[^\s=<>!~\[ ]+)(?P<spec>.*)$")
CONDA = Options(with_value=frozenset({
    "-c", "--channel", "-n", "--name", "-p", "--prefix", "-f", "--file", "--solver", "--repodata-fn",
    "--platform", "--subdir", "-r", "--root-prefix", "--clone", "--revision", "--channel-priority",
    "--experimental", "--rc-file", "--log-level", "--relocate-prefix", "--category", "--env-file",
    "--override-channels-value", "--lock-file",
}))
PIXI = Options(with_value=frozenset({"--manifest-path", "-e", "--environment", "-p", "--platform", "-f",
                                     "--feature", "--git", "--branch", "--tag", "--rev", "--subdir", "--channel",
                                     "-c", "--script", "--index"}))


def conda_target(word: Word, channels: Sequence[str] = ()) -> Target | None:
    """The package of one spec word; ``channels``: the command's ``-c`` values, which a ``channel::`` prefix replaces."""
    if not plain(word):
        return None
    m = SPEC.match(word.text.strip())
    if not m or not CONDA_NAME.match(m.group("name")):
        return None
    written = [m.group("channel")] if m.group("channel") else list(channels)
    shift = len(m.group("channel")) + 2 if m.group("channel") else 0
    spec = m.group("spec").strip() or None
    # a channel elsewhere than anaconda.org (a URL, a local folder) cannot be asked: the defaults are
    asked = [c for c in (conda_channel(w) for w in written) if c is not None]
    return Target("conda", word, conda_key_name(m.group("name").lower(), asked), spec=spec,
                  note=f"channel {', '.join(written)}" if written else None, column_shift=shift)


ENV_FILES = ("environment.yml", "environment.yaml")


@grammar("conda", "mamba", "micromamba")
def conda(args: list[Word]) -> Iterator[Item]:
    sub, rest = CONDA.subcommand(args)
    if sub is not None and sub.text == "env":  # conda env create|update [-f FILE]
        sub, rest = CONDA.subcommand(rest)
        if sub is not None and sub.text in ("create", "update"):
            files = CONDA.values(rest, "-f", "--file")
            yield from (manifest_file("conda", "conda", f) for f in files) if files else [
                project("conda", "conda", sub, ENV_FILES)]
        return
    if sub is None or sub.text not in ("install", "create", "update", "upgrade"):
        return
    walked = list(CONDA.walk(rest))
    for f in CONDA.values(rest, "--file", "-f"):  # conda install --file specs.txt, micromamba install -f env.yml
        yield manifest_file("conda", "conda", f, "file" if f.text.endswith((".yml", ".yaml")) else "names")
    if any(kind == "opt" and w.text in ("--revision", "--clone") for kind, w, _ in walked):
        return
    channels = [v.text for kind, w, v in walked if kind == "opt" and v is not None
                and w.text.split("=", 1)[0] in ("-c", "--channel")]
    for kind, w, _ in walked:
        if kind == "pos" and not (sub.text in ("update", "upgrade") and w.text == "--all"):
            t = conda_target(w, channels)
            if t:
                yield t


@grammar("pixi")
def pixi(args: list[Word]) -> Iterator[Item]:
    from ..pypi.tools import requirement_target

    sub, rest = PIXI.subcommand(args)
    if sub is not None and sub.text in ("install", "run", "shell") and not (sub.text == "install" and PIXI.positionals(rest)):
        yield project("conda", "pixi", sub, ("pixi.toml", "pyproject.toml", "pixi.lock"))
        if sub.text != "install":
            return
    if sub is not None and sub.text == "global":
        sub, rest = PIXI.subcommand(rest)
    if sub is None or sub.text not in ("add", "install"):
        return
    walked = list(PIXI.walk(rest))
    if any(kind == "opt" and w.text == "--git" for kind, w, _ in walked):
        return
    pypi = any(kind == "opt" and w.text == "--pypi" for kind, w, _ in walked)
    # `pixi add --pypi --index URL "x>=2"`: the dependency is pinned to that index alone (pixi's `index` key of a
    # pypi-dependency), PyPI is not asked for it unless the URL is PyPI's
    index = next((v.text for kind, w, v in walked if kind == "opt" and w.text.split("=", 1)[0] == "--index"
                  and v is not None and v.text.strip()), None) if pypi else None
    from ...commands.declared import public_index

    exclusive = index is not None and not public_index(index.strip())
    for kind, w, _ in walked:
        if kind == "pos":
            t = requirement_target(w) if pypi else conda_target(w)
            if t and exclusive:
                t = replace(t, index=index, index_only=True)
            if t:
                yield t
