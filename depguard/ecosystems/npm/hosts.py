"""Plug-in hosts that install their extensions from the npm registry: ``jupyter labextension install NAME``
(JupyterLab 1-3 fetches each named extension from npm and rebuilds the application with it; ``@jupyterlab/git``,
``@jupyter-widgets/jupyterlab-manager@2``). A path (``.``, ``./ext``) installs that folder's package.json, and so
does a bare name when that folder exists where the command runs (JupyterLab looks on disk first: jupyterlab's CI
script installs ``mimeextension`` after ``pushd jupyterlab/tests/mock_packages``);
``labextension develop``/``link``/``list`` and every other ``jupyter`` subcommand install nothing from npm.

Node-RED's admin client installs a node module into a running Node-RED from npm: ``node-red-admin install MODULE``
(and ``node-red admin install MODULE``, the same client built into node-red since 1.1; ``MODULE`` or
``MODULE@VERSION``, which the runtime's ``POST /nodes`` hands to npm). A second word is a URL to install the module
from (a tarball), not from npm; ``--userDir DIR`` takes a value; ``list``, ``info``, ``enable``, ``search``,
``remove`` and the other commands install nothing.

An oclif CLI installs its plug-ins from npm (@oclif/plugin-plugins: ``plugins:install PLUGIN...``, alias
``plugins:add``, also written ``plugins install``; its flags ``--force``, ``--jit``, ``--silent``, ``--verbose`` take no
value): Twilio's (``twilio plugins:install @twilio-labs/plugin-serverless``, Twilio's samples' READMEs), Heroku's,
Salesforce's ``sf`` and ``sfdx``. A scoped name is asked of npm as written; a bare one may be a friendly name that
plugin-plugins first asks npm for as the CLI's ``@<scope>/plugin-<name>`` (``heroku plugins:install kafka``), so it is
not read; GitHub shorthand (user/repo) and git URLs are no npm names."""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import Item, Options, Target, grammar
from ...commands.shell import Word
from ...records import replace
from .tools import package_install

# node-red-admin's options (`--userDir DIR`, `--json`, `--help`)
NODE_RED_ADMIN = Options(with_value=frozenset({"--userDir", "-u"}))
# @oclif/plugin-plugins' install flags (all without a value)
OCLIF_PLUGINS = Options()
OCLIF_CLIS = ("twilio", "heroku", "sf", "sfdx")
# jupyterlab/labextensions.py: the options that take a value (also written --opt=value)
LABEXTENSION = Options(with_value=frozenset({"--app-dir", "--pin-version-as", "--log-level", "--config",
                                             "--core-config"}))


@grammar("jupyter")
def jupyter(args: list[Word]) -> Iterator[Item]:
    pos = LABEXTENSION.positionals(args)
    if len(pos) < 2 or pos[0].text != "labextension" or pos[1].text != "install":
        return
    for w in pos[2:]:
        for item in package_install(w, "jupyter"):
            # JupyterLab installs an existing path before it asks npm (commands.py: a source that exists on disk is
            # a local extension), so a bare name is that folder when the tree has it where the command runs
            yield replace(item, folder=w.text) if isinstance(item, Target) else item


@grammar("node-red-admin")
def node_red_admin(args: list[Word]) -> Iterator[Item]:
    pos = NODE_RED_ADMIN.positionals(args)
    if len(pos) == 2 and pos[0].text == "install":  # a third word: the module from that URL, not npm
        yield from package_install(pos[1], "node-red-admin")


@grammar("node-red")
def node_red(args: list[Word]) -> Iterator[Item]:
    """``node-red admin …``: the admin client built into node-red; ``node-red`` itself runs the editor."""
    if args and args[0].text == "admin":
        yield from node_red_admin(args[1:])


def oclif_plugins_install(args: list[Word], tool: str) -> Iterator[Item]:
    """``<cli> plugins:install @scope/name...`` (or ``plugins:add``, ``plugins install``): each scoped name, from npm."""
    pos = OCLIF_PLUGINS.positionals(args)
    words = [w.text for w in pos[:2]]
    if words[:1] in (["plugins:install"], ["plugins:add"]):
        named = pos[1:]
    elif words in (["plugins", "install"], ["plugins", "add"]):
        named = pos[2:]
    else:
        return
    for w in named:
        if w.text.startswith("@"):  # a bare name may be the CLI's @<scope>/plugin-<name> (a friendly name)
            yield from package_install(w, f"{tool} plugins:install")


def _oclif_grammar(cli: str) -> None:
    @grammar(cli)
    def installs(args: list[Word]) -> Iterator[Item]:
        yield from oclif_plugins_install(args, cli)


for _cli in OCLIF_CLIS:
    _oclif_grammar(_cli)
