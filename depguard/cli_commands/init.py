"""depguard init [FOLDER]: write a starter .depguard.toml and print the pre-commit, GitHub Actions and Claude Code
snippets for this repository."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ORDER = 15
HELP = "write a starter .depguard.toml and print the pre-commit / GitHub Action / agent-hook snippets"
DESCRIPTION = """\
Write FOLDER/.depguard.toml (default: the top of the repository you are in), naming the ecosystems the
repository uses, and print snippets to paste: a pre-commit hook, a GitHub Actions workflow and a Claude Code
hook. An existing .depguard.toml is never overwritten without --force; a [tool.depguard] table in
pyproject.toml is left alone (init says so and writes nothing).
"""

CONFIG = """\
# depguard's configuration (its README, "Configuration", lists every key); every key is optional.
# Found by `depguard scan` from any folder below this one.

# what makes the exit code 1: "suspicious" (missing, invalid, typosquats, unestablished packages) or "missing"
fail-on = "suspicious"

# files to leave out, relative to this folder (fixture-data trees such as tests/fixtures are left out anyway)
ignore = []

# your own packages on a private registry: never reported as missing, and a public package of the same
# name is reported as dependency confusion (DG006)
private-scopes = []      # e.g. ["@mycorp"]
private-prefixes = []    # e.g. ["mycorp-"]

# names that are fine although depguard flags them (globs; one table per ecosystem, or "*" for all).
# This repository uses: {ecosystems}.
[allow]
{allow}
"""

PRE_COMMIT = """\
# .pre-commit-config.yaml (depguard must be installed where pre-commit runs: {install})
repos:
  - repo: local
    hooks:
      - id: depguard
        name: depguard (hallucinated and typosquatted packages)
        entry: depguard hook pre-commit
        language: system
        types: [text]
        require_serial: true
"""

WORKFLOW = """\
# .github/workflows/depguard.yml: judges what each pull request adds, with the base's configuration{note}
on: pull_request
permissions: {{contents: read}}
jobs:
  depguard:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with: {{fetch-depth: 0}}          # the base commit must be there for the diff
{copy}      - uses: actions/setup-python@v5
        with: {{python-version: "3.12"}}
      - run: python -m pip install {source}
      - run: depguard scan --diff "origin/${{{{ github.base_ref }}}}" --format github .
        env: {{GITHUB_TOKEN: "${{{{ github.token }}}}"}}
"""
# depguard installed from a copy (a clone, a wheel): there is no address a runner could install it from, so the
# workflow installs the copy kept in the repository, as the base branch has it (README, "Integrations")
COPY_NOTE = """.
# depguard has no public address to install from: keep a copy of it in this repository first (run here;
# ~/depguard is your clone of depguard) and merge that on its own:
#   mkdir -p .github/actions/depguard
#   git -C ~/depguard archive HEAD pyproject.toml README.md depguard ecosystems | tar -x -C .github/actions/depguard"""
COPY_STEP = """\
      - uses: actions/checkout@v4       # depguard as the base branch has it: a pull request cannot change it
        with:
          ref: ${{ github.event.pull_request.base.sha }}
          path: .depguard-copy
          sparse-checkout: .github/actions/depguard
"""
COPY_SOURCE = "./.depguard-copy/.github/actions/depguard && rm -rf .depguard-copy"

CLAUDE = """\
{"hooks": {
  "PreToolUse": [{"matcher": "Bash|Write|Edit|MultiEdit|NotebookEdit",
    "hooks": [{"type": "command", "command": "depguard hook claude-code || exit 2", "timeout": 60}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "depguard hook claude-code", "timeout": 60}]}]}}
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("init", help=HELP, description=DESCRIPTION, formatter_class=HelpFormatter)
    p.add_argument("folder", nargs="?", metavar="FOLDER", help="where to write .depguard.toml (default: the "
                                                                "repository's top, else the current folder)")
    p.add_argument("--force", action="store_true", help="replace an existing .depguard.toml")
    p.add_argument("--no-snippets", action="store_true", help="write the config only")
    return p


def _top(start: Path) -> Path:
    here = start.resolve()
    return next((d for d in (here, *here.parents) if (d / ".git").exists()), here)


def _ecosystems(folder: Path) -> list[str]:
    """The ecosystems whose packages the repository names (an inventory: nothing is asked)."""
    from ..config import Settings
    from ..scan import collect_paths

    collected = collect_paths([folder], Settings(use_cache=False))
    return sorted({m.key.ecosystem for m in collected.mentions})


PLACEHOLDER = "<the Git URL or wheel depguard came from>"


def _install_source() -> str:
    """How depguard was installed here, as a pip argument: the Git URL or archive it came from (PEP 610's
    direct_url.json), else a placeholder saying what to put there."""
    import json
    from importlib import metadata

    from ..about import DISTRIBUTION

    try:
        info = json.loads(metadata.distribution(DISTRIBUTION).read_text("direct_url.json") or "{}")
    except (metadata.PackageNotFoundError, ValueError, OSError):
        info = {}
    url = str(info.get("url", ""))
    vcs = info.get("vcs_info") or {}
    if vcs.get("vcs") == "git" and url.startswith("https://"):
        commit = vcs.get("commit_id")
        return f'"{DISTRIBUTION} @ git+{url}' + (f"@{commit}" if commit else "") + '"'
    if url.startswith("https://"):
        return f'"{DISTRIBUTION} @ {url}"'
    return PLACEHOLDER


def _workflow(source: str) -> str:
    if source == PLACEHOLDER:
        return WORKFLOW.format(note=COPY_NOTE, copy=COPY_STEP, source=COPY_SOURCE)
    return WORKFLOW.format(note="", copy="", source=source)


def run(args: argparse.Namespace) -> int:
    from ..config import find_config
    from ..errors import ConfigError, InputError
    from ..paths import open_for_writing
    from ..report.escape import plain

    folder = Path(args.folder) if args.folder else _top(Path.cwd())
    if not folder.is_dir():
        raise InputError(f"{folder}: not a folder")
    target = folder / ".depguard.toml"
    found = find_config(folder)
    if found is not None and found.name == "pyproject.toml" and found.parent == folder.resolve():
        print(f"depguard: {plain(found)} already has [tool.depguard]; nothing written", file=sys.stderr)
    else:
        ecosystems = _ecosystems(folder)
        allow = "\n".join(f"{eco} = []" for eco in ecosystems) or '"*" = []'
        text = CONFIG.format(ecosystems=", ".join(ecosystems) or "no package yet", allow=allow)
        try:
            if args.force:
                fd = open_for_writing(target, 0o644)
            else:  # O_EXCL: never replaces a file, and refuses a symbolic link planted there
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except FileExistsError:
            raise ConfigError(f"{target}: already exists; depguard init --force replaces it") from None
        except OSError as exc:
            raise ConfigError(f"{target}: {exc.strerror or exc}") from None
        with open(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"depguard: wrote {plain(target)}", file=sys.stderr)
    if not args.no_snippets:
        source = _install_source()
        sys.stdout.write("\n".join([
            PRE_COMMIT.format(install=f"pipx install {source}"), _workflow(source),
            "Claude Code: merge into .claude/settings.json (checks what it installs, edits and answers)", CLAUDE]))
    return 0
