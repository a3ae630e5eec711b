"""depguard scan [PATH…]: walk trees and files, check every package they name."""

from __future__ import annotations

import argparse
from pathlib import Path

ORDER = 10
HELP = "scan files and trees (manifests, lockfiles, scripts, Dockerfiles, workflows, sources, docs)"
DESCRIPTION = """\
Walk each PATH (default: the current directory) and check every package name found in manifests,
lockfiles, install commands (shell scripts, Dockerfile RUN, CI workflows, Makefiles, Markdown) and source
imports. Inside a git work tree the files come from `git ls-files`, so .gitignore is honoured;
node_modules, virtualenvs and vendored folders are skipped.
"""

EPILOG = """\
examples:
  depguard scan                      the repository or folder you are in
  depguard scan .github requirements.txt
  depguard scan --diff origin/main   only what your branch adds
  depguard scan --format sarif --output depguard.sarif .
  depguard scan --inventory --format json .   what was found, asking nothing
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("scan", parents=[common], help=HELP, description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=HelpFormatter)
    p.add_argument("paths", nargs="*", metavar="PATH", help="files or directories (default: .)")
    p.add_argument("--inventory", action="store_true",
                   help="list every mention found, asking no registry (the parsers' view)")
    p.add_argument("--diff", metavar="BASE",
                   help="judge only what the change since git revision BASE introduces (added lines, new, renamed "
                        "and pulled-in files), with the configuration as BASE has it; a change to depguard's own "
                        "configuration is reported and fails the check")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on the terminal")
    p.add_argument("--write", action="append", type=format_and_file, default=[], metavar="FORMAT=FILE",
                   help="also write the report in FORMAT to FILE, from the same scan (repeatable; never through a "
                        "symbolic link), e.g. --format github --write sarif=depguard.sarif --write json=report.json")
    return p


def format_and_file(value: str) -> tuple[str, str]:
    """``--write FORMAT=FILE`` (see :func:`depguard.cli_commands._shared.format_and_file`), imported when a
    --write is read: building the parser (every --help) does not import the settings and report modules."""
    from ._shared import format_and_file as read

    return read(value)


def run(args: argparse.Namespace) -> int:
    from ..gcpolicy import bulk

    with bulk():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    from ..errors import InputError
    from ..scan import collect_paths, evaluate, inventory, scan_paths
    from ._shared import finish, progress_bar, settings_from

    paths = [Path(p) for p in args.paths] or [Path(".")]
    for p in paths:
        if not p.exists():
            raise InputError(f"{p}: no such file or directory")
    _tell_removed(args)
    found = None
    if args.diff:
        from ..diff import changes_since, trusted_config

        # the change under review never configures its own check: the config comes from BASE
        found = changes_since(args.diff, paths[0])
        settings = settings_from(args, paths[0], trusted=trusted_config(found, paths[0]))
    else:
        settings = settings_from(args, paths[0])
    if not args.diff and not args.inventory:
        with progress_bar(not args.no_progress) as (advance, _total):
            report = scan_paths(paths, settings, progress=advance, notice=lambda line: _tell(args, line),
                                keep_output=True)
        _tell(args, report.extra.get("skipped"))
        _tell_nothing_read(args, paths, report.extra.get("files"))
        from ..gcpolicy import outlive

        outlive(report)  # when the process ends with this run: not freed object by object first
        return finish(report, args, settings)
    collected = collect_paths(paths, settings)
    _tell(args, collected.skipped)
    if not args.diff:
        _tell_nothing_read(args, paths, collected.files)
    if found is not None:
        from ..diff import config_changes, restrict_to_added_lines

        collected = restrict_to_added_lines(collected, args.diff, paths[0], found)
        _judge_hidden(collected, found, settings)
        from ..config import named_config

        explicit = named_config(Path(args.config) if getattr(args, "config", None) else None)
        collected.problems[:0] = config_changes(found, explicit)
    if args.inventory:
        report = inventory(collected)
        finish(report, args, settings)
        if any(p.kind == "config-change" for p in report.problems):
            return 1
        return 3 if any(p.kind in ("read", "parse", "limit") for p in report.problems) else 0
    with progress_bar(not args.no_progress and len(collected.mentions) > 50) as (advance, total):
        total(len({m.key for m in collected.mentions}))
        report = evaluate(collected, settings, progress=advance, notice=lambda line: _tell(args, line))
    return finish(report, args, settings)


# variables that tuned speed machinery measured not to pay (issue 18) and removed: still accepted, with a note
REMOVED_VARIABLES = {
    "DEPGUARD_WORKERS": "files are parsed in the scanning process (parse worker processes were removed)",
    "DEPGUARD_LOOKUP_PROCESS": "lookups run in the scanning process (the separate lookup process was removed)",
}


def _tell_removed(args: argparse.Namespace) -> None:
    from .. import invocation

    environ = invocation.of(args).environ
    for name, why in REMOVED_VARIABLES.items():
        if name in environ:
            _tell(args, f"{name} is no longer read and can be unset: {why}")


def _tell_nothing_read(args: argparse.Namespace, paths: list[Path], files: int | None) -> None:
    """A scan that read no file says so: an empty report is not a clean one."""
    if files == 0:
        shown = " ".join(p.as_posix() for p in paths)
        _tell(args, f"no file depguard reads (manifests, lockfiles, scripts, workflows, Dockerfiles, sources, "
                    f"docs) was found in {shown}; nothing was checked")


def _tell(args: argparse.Namespace, line: str | None) -> None:
    """Say once, on standard error, something the report itself does not show (unless --quiet)."""
    if line and not getattr(args, "quiet", False):
        import sys

        from ..report.escape import plain

        print(f"depguard: {plain(line)}", file=sys.stderr)


def _judge_hidden(collected, found, settings) -> None:
    """Add what the change hides behind a marker file it adds (see depguard.diff.hidden_by_the_change)."""
    from ..diff import hidden_by_the_change, restrict_to_added_lines
    from ..scan import collect_paths

    files, problems = hidden_by_the_change(found)
    collected.problems.extend(problems)
    if not files:
        return
    more = restrict_to_added_lines(collect_paths([Path(f) for f in files], settings), found.base, Path("."), found)
    known = {(m.key, m.location) for m in collected.mentions}
    for i, m in enumerate(more.mentions):
        if (m.key, m.location) in known:
            continue
        if i in more.suppressed:
            collected.suppressed[len(collected.mentions)] = more.suppressed[i]
        collected.mentions.append(m)
    collected.problems.extend(more.problems)

