"""The repositories a Prefect deployment's pull steps clone for the flow it runs (issue 12, held-out set 314).

A Prefect project's ``prefect.yaml`` (what ``prefect deploy`` reads; ``--prefect-file`` names another such file)
lists ``deployments``, each with an ``entrypoint`` (``workflows/flow.py:flow_function``, relative to the project's
folder) and the ``pull`` steps a worker runs before the flow starts (a deployment's own ``pull`` replaces the file's
top-level one). A ``git_clone`` step (``prefect.deployments.steps.git_clone``, Prefect 2's
``prefect.projects.steps.git_clone_project``) clones its ``repository``. CBIIT's
ChildhoodCancerDataInitiative-Prefect_Pipeline deploys ``workflows/cog_igm_transformer_v2.py`` with two clones, its
own repository and ``CBIIT/ChildhoodCancerDataInitiative-MCI_JSON2TSV`` (step ``clone-json2tsv-step``), whose
``src/MCI_JSON2TSV.py`` the flow imports (``from MCI_JSON2TSV import json2tsv``): the authors' module, on no
registry, fetched by the deployment itself.

So an import nothing declares, in the entry point file of such a deployment, whose whole name (4+ letters and digits)
is a run of whole words of the name of a repository that deployment clones (``MCI_JSON2TSV`` in ``…-MCI_JSON2TSV``)
is a note naming the file and the repository when no registry has the name; a registered name is judged as usual. An
import of any other name (``prefect_utilz`` beside a clone of ``…-Prefect_Pipeline``: a word of the repository is not
enough; ``weatherpipe``, a piece of ``weather-pipeline`` cut inside a word), the same import in a file no deployment
runs, and a deployment that clones nothing stay judged.

Read with a safe YAML loader (one with aliases or anchors is not read), never run: the YAML files named like a
Prefect project file (``prefect.yaml``, ``prefect-*.yaml``, ``*-prefect.yaml``) of the entry point's folder and the
folders above, each at most ``CONFIG_LIMIT`` bytes, at most ``CONFIGS_READ`` of a folder.
"""

from __future__ import annotations

import os
import posixpath

from ... import lazyre
from ...fsview import active, memo
from ...names import whole_words_of

CONFIG = lazyre.compile(r"(?:[\w.-]*[-_.])?prefect(?:[-_.][\w.-]*)?\.ya?ml\Z")
STEP = lazyre.compile(r"prefect(?:\.\w+)*\.git_clone(?:_project)?\Z")
CONFIG_LIMIT = 512 * 1024
CONFIGS_READ = 8
NAME_MIN = 4  # the letters and digits of an import named after a cloned repository: `ram` says too little


def deployment_checkouts(root: str, rel: str) -> tuple[tuple[str, str], ...]:
    """(repository URL, project file shown relative to ``root``) of each repository a Prefect deployment whose
    entry point is the file ``rel`` (relative to ``root``) clones in its pull steps, nearest project file first."""
    found: list[tuple[str, str]] = []
    here = rel.rpartition("/")[0]
    while True:
        inside = rel[len(here) + 1:] if here else rel
        for entrypoint, url, shown in _clones_in(root, here):
            if entrypoint == inside:
                found.append((url, shown))
        if not here:
            return tuple(dict.fromkeys(found))
        here = here.rpartition("/")[0]


def named_after(top: str, url: str) -> bool:
    """Whether the whole top-level module name ``top`` (4+ letters and digits) is a run of whole words of the name of
    the repository at ``url``: ``MCI_JSON2TSV`` in ``…/ChildhoodCancerDataInitiative-MCI_JSON2TSV.git``. Whole words
    (split at ``-``, ``_``, ``.`` and a change of case), not any piece of the name: ``weatherpipe`` is no module of
    ``acme/weather-pipeline`` (reviewer r43)."""
    return whole_words_of(top, url.rstrip("/").removesuffix(".git").rpartition("/")[2], NAME_MIN)


@memo(maxsize=1024)
def _clones_in(root: str, here: str) -> tuple[tuple[str, str, str], ...]:
    """(entry point file relative to ``here``, repository URL, project file shown) of each clone the Prefect project
    files of the folder ``here`` (relative to ``root``) give a deployment: each folder is read once a run, however
    many files below it ask."""
    view = active()
    found: list[tuple[str, str, str]] = []
    names = sorted(n for n, sub in view.listdir(os.path.join(root, here)) or [] if not sub and CONFIG.match(n))
    for name in names[:CONFIGS_READ]:
        text = view.read_text(os.path.join(root, here, name), limit=CONFIG_LIMIT)
        if text and "git_clone" in text and "entrypoint" in text and "deployments" in text:
            shown = f"{here}/{name}" if here else name
            found.extend((entry, url, shown) for entry, url in _deployment_clones(text))
    return tuple(found)


def _deployment_clones(text: str) -> list[tuple[str, str]]:
    """(entry point file, repository URL) of each repository a deployment of a Prefect project file clones."""
    from ...parsers._util import load_yaml

    try:
        data = load_yaml(text)
    except Exception:  # noqa: BLE001 - a file YAML cannot read (or one with aliases) is no project file here
        return []
    if not isinstance(data, dict) or not isinstance(data.get("deployments"), list):
        return []
    shared = _cloned(data.get("pull"))
    found: list[tuple[str, str]] = []
    for deployment in data["deployments"]:
        if not isinstance(deployment, dict) or not isinstance(deployment.get("entrypoint"), str):
            continue
        path = deployment["entrypoint"].rpartition(":")[0] if ":" in deployment["entrypoint"] else ""
        path = posixpath.normpath(path.strip()) if path.strip() else ""
        if not path.endswith(".py") or path.startswith(("/", "..")):
            continue
        urls = _cloned(deployment["pull"]) if "pull" in deployment else shared
        found.extend((path, url) for url in urls)
    return found


def _cloned(steps: object) -> list[str]:
    """The repository URLs the ``git_clone`` steps of a ``pull`` list clone."""
    urls: list[str] = []
    for step in steps if isinstance(steps, list) else []:
        if not isinstance(step, dict) or len(step) != 1:
            continue
        (name, args), = step.items()
        if isinstance(name, str) and STEP.match(name) and isinstance(args, dict):
            url = args.get("repository")
            if isinstance(url, str) and "{{" not in url and url.strip():
                urls.append(url.strip())
    return urls
