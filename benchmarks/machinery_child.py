"""The depguard command line with some of its speed machinery turned off (for benchmarks/machinery.py).

    DG_MACHINERY_OFF=gc,json python benchmarks/machinery_child.py scan TREE --format json

``DG_MACHINERY_OFF`` names the pieces to turn off (see PATCHES). The patches are made when this module is
imported, so a worker process that multiprocessing spawns (it imports the main module again, as
``__mp_main__``) runs with the same pieces off. A piece whose code is gone is left alone (and said so by
the benchmark, which asks :func:`missing`).
"""

from __future__ import annotations

import os
import sys


def _noop(*_args: object, **_kwargs: object) -> None:
    return None


def _gc() -> None:
    import contextlib
    import gc

    from depguard import gcpolicy

    gcpolicy.bulk = contextlib.nullcontext  # type: ignore[assignment]
    gcpolicy.settle = _noop
    gc.disable = _noop  # type: ignore[assignment]  # the short-run switch of depguard.cli.entry


def _priority() -> None:
    from depguard import parallel

    parallel.request_yield = _noop


def _runcache() -> None:
    import functools

    from depguard import runcache

    runcache.per_run = lambda maxsize=None: functools.lru_cache(maxsize=0)  # type: ignore[assignment]  # keeps nothing


def _json() -> None:
    import json

    from depguard.report import json_format

    json_format.render = lambda report, options: json.dumps(json_format.as_dict(report), indent=2,  # type: ignore[assignment]
                                                            ensure_ascii=True) + "\n"


def _aio() -> None:
    import asyncio

    from depguard import aio

    aio.run = asyncio.run  # type: ignore[assignment]


def _tables() -> None:
    from depguard import ecosystems

    ecosystems._read_tables = lambda stamp: None  # type: ignore[attr-defined]
    ecosystems._write_tables = _noop  # type: ignore[attr-defined]


def _lookalike_store() -> None:
    from depguard.checks import typosquat

    def built(eco_id, plist, prefixes, suffixes, display, store=None, files=None):  # type: ignore[no-untyped-def]
        return typosquat.PopularIndex(plist, prefixes, suffixes, display=display)

    typosquat._stored_index = built  # type: ignore[attr-defined]


PATCHES = {"gc": _gc, "priority": _priority, "runcache": _runcache, "json": _json, "aio": _aio,
           "tables": _tables, "lookalike-store": _lookalike_store}
# pieces turned off by the environment rather than by a patch
ENVIRONMENT = {"workers": {"DEPGUARD_WORKERS": "0"}, "lookup-process": {"DEPGUARD_LOOKUP_PROCESS": "0"},
               "server": {"DEPGUARD_SERVER": "0"}}


def missing(piece: str) -> bool:
    """Whether ``piece``'s code is gone from this depguard (its patch then has nothing to turn off)."""
    import importlib

    where = {"gc": ("depguard.gcpolicy", "bulk"), "priority": ("depguard.parallel", "request_yield"),
             "runcache": ("depguard.runcache", "per_run"), "json": ("depguard.report.json_format", "_finding"),
             "aio": ("depguard.aio", "run"), "tables": ("depguard.ecosystems", "_read_tables"),
             "lookalike-store": ("depguard.checks.typosquat", "_stored_index"),
             "workers": ("depguard.parallel", "worker_count"), "lookup-process": ("depguard.lookup_process", "RemoteLookups"),
             "server": ("depguard.server", "Server")}
    module, name = where[piece]
    try:
        return not hasattr(importlib.import_module(module), name)
    except ImportError:
        return True


def _apply(names: str) -> None:
    for name in filter(None, (n.strip() for n in names.split(","))):
        patch = PATCHES.get(name)
        if patch is None or missing(name):
            continue
        patch()


_apply(os.environ.get("DG_MACHINERY_OFF", ""))

if __name__ == "__main__":
    sys.argv[0] = "depguard"
    from depguard.cli import entry

    sys.exit(entry())
