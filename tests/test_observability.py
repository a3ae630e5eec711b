"""Observability and monitoring projects (held-out set 96: OpenTelemetry's JS instrumentations, Datadog's Python APM
agent and others): a type import whose declared ``@types`` package is an ``npm:`` alias (tests/imports/test_js_project.py),
a requirements folder inside a folder without code (tests/test_project_model.py), and libraries an agent instruments
whose module is named otherwise, judged as their distribution; an invented import beside each stays judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, write


def test_instrumented_libraries_whose_module_is_named_otherwise(tmp_path):
    # dd-trace-py's ddtrace/contrib/internal/dogpile_cache/patch.py: `import dogpile.lock` (dogpile.cache's module);
    # ddtrace/contrib/internal/azure_durable_functions/patch.py: `import azure.durable_functions`
    # (azure-functions-durable's); a sibling module of either namespace that no distribution ships keeps its guess
    write(tmp_path, {
        "ddtrace/contrib/patch.py": "import dogpile.cache\nimport dogpile.lock\nfrom dogpile.util import NameRegistry\n"
                                    "import azure.durable_functions as df\nimport dogpile.lockless_imagined\n"
                                    "import azure.durable_imagined\n",
    })
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "dogpile-cache", "azure-functions-durable", "dogpile-lockless-imagined", "azure-durable-imagined"}
