"""Azure Functions' local settings (``local.settings.json``, and the ``example_local.settings.json`` a project ships for
its users to copy): the ``Values`` map is the environment of the Functions host and its Node workers, so its
``NODE_OPTIONS`` preloads each id it names in every worker (newrelic-node-examples' azure-functions: ``"NODE_OPTIONS":
"-r newrelic"``). Each id is judged as a ``require`` there, as ``NODE_OPTIONS='-r x' node`` is
(:func:`depguard.commands.mentions_of_node_options`): a path or an option without an id names nothing. Before, nothing
read the file."""

from __future__ import annotations

import json

from ...parsers import file_format

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from ...model import Mention
    from ...parsers import Source

PARSER = "azure-functions-settings"


@file_format(PARSER, ("local.settings.json", "*_local.settings.json", "*.local.settings.json"), ecosystem="npm",
             kind="source", description="what the NODE_OPTIONS of Azure Functions' local settings preloads")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "NODE_OPTIONS" not in text:
        return
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return  # not this reader's to report: a settings file of another shape
    values = data.get("Values") if isinstance(data, dict) else None
    value = values.get("NODE_OPTIONS") if isinstance(values, dict) else None
    if not isinstance(value, str) or not value.strip():
        return
    key = text.find('"NODE_OPTIONS"', max(text.find('"Values"'), 0))
    colon = text.find(":", key) if key >= 0 else -1
    quote = text.find('"', colon) if colon >= 0 else -1
    if quote < 0 or not text.startswith(value + '"', quote + 1):
        return  # written with escapes: its place is not the value's
    from ...commands import mentions_of_node_options

    line = text.count("\n", 0, quote + 1) + 1
    column = quote + 1 - (text.rfind("\n", 0, quote + 1) + 1) + 1
    yield from mentions_of_node_options(source, value, line, column, PARSER)
