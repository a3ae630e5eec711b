"""Plug-in hosts that install their plug-ins from PyPI with pip: ``llm install NAME`` (Simon Willison's LLM
CLI: ``llm install llm-gpt4all``, ``-U``, ``-e PATH``) and ``datasette install NAME`` (``-U``, ``-r FILE``,
``-e PATH``). Each runs ``pip install`` with the same words in the host's own environment
(``llm/cli.py`` and ``datasette/cli.py``: ``run_module("pip", …)``), so the words are read as pip's: names are
PyPI names, ``-r`` a requirements file, ``-e`` a local folder. Any other subcommand installs nothing. OpenMMLab's MIM
is read the same way: ``mim install mmdet`` ("You can use `mim install` in the same way you use `pip install`!",
openmim's ``mim/commands/install.py``, which runs pip's install command with the words, adding a ``-f`` page of
mmcv's wheels: PyPI is still asked); ``mim download``, ``train``, ``run`` install nothing."""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import Item, grammar
from ...commands.shell import Word
from .tools import PIP_INSTALL, pip_install


def plugin_host(tool: str) -> None:
    """Register the grammar of a host whose ``TOOL install …`` is ``pip install …`` in its environment."""
    @grammar(tool)
    def install(args: list[Word]) -> Iterator[Item]:
        sub, rest = PIP_INSTALL.subcommand(args)
        if sub is not None and sub.text == "install":
            yield from pip_install(rest, tool)


for _host in ("llm", "datasette", "mim"):
    plugin_host(_host)
