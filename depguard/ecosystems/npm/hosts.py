"""Plug-in hosts that install their extensions from the npm registry: ``jupyter labextension install NAME``
(JupyterLab 1-3 fetches each named extension from npm and rebuilds the application with it; ``@jupyterlab/git``,
``@jupyter-widgets/jupyterlab-manager@2``). A path (``.``, ``./ext``) installs that folder's package.json;
``labextension develop``/``link``/``list`` and every other ``jupyter`` subcommand install nothing from npm."""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import Item, Options, grammar
from ...commands.shell import Word
from .tools import package_install

# jupyterlab/labextensions.py: the options that take a value (also written --opt=value)
LABEXTENSION = Options(with_value=frozenset({"--app-dir", "--pin-version-as", "--log-level", "--config",
                                             "--core-config"}))


@grammar("jupyter")
def jupyter(args: list[Word]) -> Iterator[Item]:
    pos = LABEXTENSION.positionals(args)
    if len(pos) < 2 or pos[0].text != "labextension" or pos[1].text != "install":
        return
    for w in pos[2:]:
        yield from package_install(w, "jupyter")
