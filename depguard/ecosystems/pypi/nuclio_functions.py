"""The repositories a Nuclio function's build clones onto the function's ``PYTHONPATH`` (issue 12, held-out set 195).

CVAT's serverless functions are Nuclio functions: a folder that ``nuctl deploy --path <folder> --file
<folder>/function.yaml`` builds into an image and runs. The configuration says how: ``spec.handler``
(``main:handler``) and ``spec.runtime`` (``python:3.8``), the build's steps in ``spec.build.directives``
(``preCopy``/``postCopy`` lists of ``{kind: RUN|WORKDIR|ENV, value: …}``, Dockerfile instructions), and the
function's environment in ``spec.env`` (``{name, value}`` pairs). TransT's tracker
(``serverless/pytorch/dschoerk/transt/nuclio/function.yaml``) runs ``git clone --depth 1 --branch v1.0
https://github.com/dschoerk/TransT trans-t`` in its ``WORKDIR`` ``/opt/nuclio`` and sets ``PYTHONPATH`` to
``/opt/nuclio/trans-t``; ``model_handler.py`` beside it imports ``pysot_toolkit``, a package of that checkout which
no registry has. A module of such a checkout may have any name, so the tree cannot judge it: an import nothing
declares, in the code of a folder holding such a configuration (or below it), becomes a note naming the
configuration and the repository when no registry has the name (``Declared.unknowable``); a registered name is
judged as usual.

All of these must hold: the YAML file is named like a Nuclio configuration (``function.yaml``,
``function-gpu.yaml``, ``function_cfa.yaml``), its ``spec`` has a ``handler`` and a ``runtime``; a ``RUN`` step
clones a repository (``git clone URL [DIR]``) into a folder that is absolute, or relative to an absolute
``WORKDIR`` set before it; and a ``PYTHONPATH`` of ``spec.env`` (or of an ``ENV`` step) names that folder or a folder
inside it. A clone the path does not name, a configuration without a handler and code outside the function's
folder leave the imports judged. Read with a safe YAML loader, never run; each configuration at most
``CONFIG_LIMIT`` bytes, at most ``CONFIGS_READ`` of a folder.
"""

from __future__ import annotations

import os
import posixpath
import re

from ...fsview import active, memo

CONFIG = re.compile(r"function(?:[-_.][\w.-]*)?\.ya?ml\Z")
CONFIG_LIMIT = 256 * 1024
CONFIGS_READ = 8
ENV_LINE = re.compile(r"\s*PYTHONPATH\s*[= ]\s*(?P<value>.+)")


@memo(maxsize=1024)
def function_checkouts(root: str, folder: str) -> tuple[tuple[str, str], ...]:
    """(repository URL, configuration shown relative to ``root``) of each repository that a Nuclio function
    configuration of ``folder`` (relative to ``root``) or of a folder above it clones onto the function's
    ``PYTHONPATH`` (see the module docstring), nearest configuration first."""
    found: list[tuple[str, str]] = []
    here = folder
    while True:
        found.extend(_checkouts_in(root, here))
        if not here:
            return tuple(dict.fromkeys(found))
        here = here.rpartition("/")[0]


@memo(maxsize=1024)
def _checkouts_in(root: str, here: str) -> tuple[tuple[str, str], ...]:
    """:func:`function_checkouts` of the configurations of the folder ``here`` alone: each folder is listed once a run,
    however many folders below it ask (reviewer r31: 2,000 one-file folders side by side listed their parent 2,000
    times)."""
    view = active()
    found: list[tuple[str, str]] = []
    names = sorted(n for n, sub in view.listdir(os.path.join(root, here)) or [] if not sub and CONFIG.match(n))
    for name in names[:CONFIGS_READ]:
        text = view.read_text(os.path.join(root, here, name), limit=CONFIG_LIMIT)
        if text and "clone" in text and "PYTHONPATH" in text and "handler" in text:
            shown = f"{here}/{name}" if here else name
            found.extend((url, shown) for url in _cloned_onto_path(text))
    return tuple(found)


def _cloned_onto_path(text: str) -> list[str]:
    """The URLs of the repositories a Nuclio configuration's build clones into a folder its ``PYTHONPATH`` names."""
    from ...commands.git_clone import clone_spans
    from ...parsers._util import load_yaml

    try:
        data = load_yaml(text)
    except Exception:  # noqa: BLE001 - a file YAML cannot read is no configuration here
        return []
    spec = data.get("spec") if isinstance(data, dict) else None
    if not isinstance(spec, dict) or not spec.get("handler") or not spec.get("runtime"):
        return []
    paths: list[str] = []
    for entry in spec.get("env") or []:
        if isinstance(entry, dict) and entry.get("name") == "PYTHONPATH" and isinstance(entry.get("value"), str):
            paths.extend(entry["value"].split(":"))
    clones: list[tuple[str, str]] = []  # (url, absolute folder)
    build = spec.get("build")
    directives = build.get("directives") if isinstance(build, dict) else None
    workdir = ""
    for phase in ("preCopy", "postCopy"):
        steps = directives.get(phase) if isinstance(directives, dict) else None
        for step in steps if isinstance(steps, list) else []:
            if not isinstance(step, dict) or not isinstance(step.get("value"), str):
                continue
            kind, value = str(step.get("kind", "")).upper(), step["value"]
            if kind == "WORKDIR":
                workdir = value.strip() if value.strip().startswith("/") else ""
            elif kind == "ENV":
                m = ENV_LINE.match(value)
                if m is not None:
                    paths.extend(m.group("value").strip().strip("\"'").split(":"))
            elif kind == "RUN":
                for url, into, _start, _end in clone_spans(value):
                    where = into if into.startswith("/") else posixpath.join(workdir, into) if workdir else ""
                    if where:
                        clones.append((url, posixpath.normpath(where)))
    named = [posixpath.normpath(p.strip()) for p in paths if p.strip().startswith("/")]
    return [url for url, where in clones if any(p == where or p.startswith(where + "/") for p in named)]
