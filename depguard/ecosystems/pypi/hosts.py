"""Plug-in hosts that install their plug-ins from PyPI with pip: ``llm install NAME`` (Simon Willison's LLM
CLI: ``llm install llm-gpt4all``, ``-U``, ``-e PATH``) and ``datasette install NAME`` (``-U``, ``-r FILE``,
``-e PATH``), and ``sqlite-utils install NAME`` (its plug-ins: ``sqlite-utils install sqlite-utils-shell``, ``-U``,
``-e PATH``). Each runs ``pip install`` with the same words in the host's own environment
(``llm/cli.py``, ``datasette/cli.py``, ``sqlite_utils/cli.py``: ``run_module("pip", …)``), so the words are read as pip's: names are
PyPI names, ``-r`` a requirements file, ``-e`` a local folder. Any other subcommand installs nothing. OpenMMLab's MIM
is read the same way: ``mim install mmdet`` ("You can use `mim install` in the same way you use `pip install`!",
openmim's ``mim/commands/install.py``, which runs pip's install command with the words, adding a ``-f`` page of
mmcv's wheels: PyPI is still asked); ``mim download``, ``train``, ``run`` install nothing.

SageMath's launcher runs pip in Sage's own Python: ``sage -pip install x`` and ``sage --pip install x`` ("sage -pip,
sage -python, sage -python3 etc.": sagemath/sage#29627, which makes them refuse the system Python), and
``sage -python -m pip install x``; the words after ``-pip`` are pip's. ``sage -i x`` installs a Sage package (an spkg
of the Sage distribution, named Sage's way), no PyPI name, and is not read."""

from __future__ import annotations

from collections.abc import Iterator

from ...commands import Item, grammar
from ...commands.shell import Word
from .tools import PIP_INSTALL, pip, pip_install


def plugin_host(tool: str) -> None:
    """Register the grammar of a host whose ``TOOL install …`` is ``pip install …`` in its environment."""
    @grammar(tool)
    def install(args: list[Word]) -> Iterator[Item]:
        sub, rest = PIP_INSTALL.subcommand(args)
        if sub is not None and sub.text == "install":
            yield from pip_install(rest, tool)


for _host in ("llm", "datasette", "mim", "sqlite-utils"):
    plugin_host(_host)


SAGE_PIP = frozenset({"-pip", "--pip"})
SAGE_PYTHON = frozenset({"-python", "--python", "-python3", "--python3"})


@grammar("sage")
def sage(args: list[Word]) -> Iterator[Item]:
    """``sage -pip …`` and ``sage -python -m pip …``: pip in Sage's Python (see the module docstring)."""
    if args and args[0].text in SAGE_PIP:
        yield from pip(args[1:])
    elif len(args) >= 3 and args[0].text in SAGE_PYTHON and args[1].text == "-m" and args[2].text == "pip":
        yield from pip(args[3:])
