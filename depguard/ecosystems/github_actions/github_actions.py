"""GitHub Actions ``uses:`` references in workflows (``.github/workflows/*.yml``) and composite actions
(``action.yml``): ``owner/repo@ref``, ``owner/repo/path@ref`` and reusable workflows
``owner/repo/.github/workflows/x.yml@ref`` all name the repository ``owner/repo``.

Local actions (``./path``), container actions (``docker://image``) and expressions (``${{ ... }}``) are not
registry actions. Text inside block scalars (``run: |``) is script, not a step, and is skipped. The
``ci-yaml`` format reads the ``run:`` steps of the same files.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "github-actions-uses"
USES = re.compile(r"""^(?P<lead>\s*(?:-\s+)?)uses\s*:\s*(?P<q>["']?)(?P<ref>[^\s"'#]+)(?P=q)\s*(#.*)?$""")
BLOCK_START = re.compile(r""":\s*[|>][-+0-9]*\s*(#.*)?$""")


@file_format("github-actions-uses", (".github/workflows/*.yml", ".github/workflows/*.yaml", "action.yml", "action.yaml"),
             ecosystem="github-actions", kind="manifest",
             description="GitHub Actions workflows and composite actions: uses: owner/repo@ref")
def parse(source: Source) -> Iterator[Mention]:
    block_indent: int | None = None
    for no, raw in enumerate(source.text.splitlines(), 1):
        indent = len(raw) - len(raw.lstrip())
        if block_indent is not None:
            if not raw.strip() or indent > block_indent:
                continue
            block_indent = None
        if BLOCK_START.search(raw) and not raw.lstrip().startswith("#"):
            block_indent = indent + (2 if raw.lstrip().startswith("- ") else 0)
            continue
        m = USES.match(raw)
        if not m:
            continue
        ref = m.group("ref")
        if ref.startswith(("./", "../", "docker://", "/", "$")) or "${{" in ref:  # $/…: a path the runner resolves
            continue
        repo_path, at, version = ref.partition("@")
        parts = repo_path.split("/")
        if not at or len(parts) < 2 or not parts[0] or not parts[1]:
            source.problem(f"uses: {ref!r} is not owner/repo@ref", no)
            continue
        name = f"{parts[0]}/{parts[1]}"
        yield source.mention("github-actions", name, no, m.start("ref") + 1, Origin.MANIFEST, PARSER, spec=version,
                             note=f"path {'/'.join(parts[2:])}" if len(parts) > 2 else None)
