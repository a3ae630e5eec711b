"""Beancount ledgers' plug-ins: a ``plugin "beancount.plugins.auto_accounts"`` directive (``*.beancount``, ``*.bean``)
names a Python module, which Beancount's loader imports (``importlib.import_module``) to transform the entries, so the
name is judged as an ``import`` written there (:func:`.command_modules.command_import`): Beancount's and Fava's own
plug-ins are their distributions' modules, a plug-in package's (``beancount_reds_plugins.capital_gains_classifier``) its
distribution's, and a module of the ledger's own tree or beside the file (``plugin "plugins.tag_pending"``) the tree's.
A plug-in nothing installs is flagged as an import of it is. Before, nothing read the directive (session 36's h262)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ...records import replace

PARSER = "beancount-plugins"
# a directive starts its line; the module is the first string, a configuration string may follow
PLUGIN = re.compile(r'^plugin[ \t]+"(?P<module>[^"\n]*)"', re.M)


@file_format(PARSER, ("*.beancount", "*.bean"), ecosystem="pypi", kind="source",
             description="the Python modules a Beancount ledger's plugin directives load")
def parse(source: Source) -> Iterator[Mention]:
    """The module of each ``plugin "x.y"`` directive, judged as ``import x.y`` on its line."""
    if "plugin" not in source.text:
        return
    from .command_modules import command_import

    starts = [0] + [m.end() for m in re.finditer("\n", source.text)]
    for m in PLUGIN.finditer(source.text):
        line = source.text.count("\n", 0, m.start()) + 1
        column = m.start("module") - starts[line - 1] + 1
        for found in command_import(source, m.group("module").strip(), line, column):
            yield replace(found, parser=PARSER, note="a Beancount plugin directive loads it")
