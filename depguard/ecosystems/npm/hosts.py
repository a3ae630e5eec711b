"""Plug-in hosts that install their extensions from the npm registry: ``jupyter labextension install NAME``
(JupyterLab 1-3 fetches each named extension from npm and rebuilds the application with it; ``@jupyterlab/git``,
``@jupyter-widgets/jupyterlab-manager@2``). A path (``.``, ``./ext``) installs that folder's package.json, and so
does a bare name when that folder exists where the command runs (JupyterLab looks on disk first: jupyterlab's CI
script installs ``mimeextension`` after ``pushd jupyterlab/tests/mock_packages``);
``labextension develop``/``link``/``list`` and every other ``jupyter`` subcommand install nothing from npm."""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import Item, Options, Target, grammar
from ...commands.shell import Word
from ...records import replace
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
        for item in package_install(w, "jupyter"):
            # JupyterLab installs an existing path before it asks npm (commands.py: a source that exists on disk is
            # a local extension), so a bare name is that folder when the tree has it where the command runs
            yield replace(item, folder=w.text) if isinstance(item, Target) else item
