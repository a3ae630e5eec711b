"""depguard guard -- COMMAND…: check the packages an install command names, then run it only if clean."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ORDER = 40
HELP = "check an install command's packages, and run the command only when nothing is flagged"
DESCRIPTION = """\
Read COMMAND with depguard's shell model (pip, uv, uvx, pipx, poetry, npm, npx, yarn, pnpm, bun … and the
wrappers, nested shells and variables around them), check every package it would install or run — by
name, and the names of the manifests and lockfiles it installs from (`pip install -r requirements.txt`,
`npm ci`, `uv sync`, in the folder it runs in) — and run it (directly, no shell) only when nothing is
flagged. Otherwise print the findings to standard error, run nothing and exit 1. Anything that could not
be checked (an unanswered lookup, an install from a variable, a downloaded script, another index) blocks
too (exit 3) unless --allow-unchecked. A command that installs nothing (`pip list`, `npm test`) runs
unchecked. The command's own exit code is returned.

  depguard guard -- pip install requests
  alias npx='depguard guard -- npx'
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("guard", parents=[common], help=HELP, description=DESCRIPTION,
                       formatter_class=HelpFormatter)
    p.add_argument("--allow-unchecked", action="store_true",
                   help="run the command even when a name could not be checked (registry down)")
    p.add_argument("argv", nargs=argparse.REMAINDER, metavar="-- COMMAND", help="the command to check and run")
    return p


def run(args: argparse.Namespace) -> int:
    import subprocess

    from ..errors import InputError
    from ..guarding import argv_script, check_command
    from ..report import RenderOptions, render
    from ..report.escape import plain
    from ._shared import settings_from, write_out

    argv = list(args.argv)
    if argv and argv[0] == "--":
        argv = argv[1:]
    if not argv:
        raise InputError("guard: no command given (depguard guard -- pip install NAME)")
    settings = settings_from(args, Path.cwd())
    decision = check_command(argv_script(argv), settings, allow_unchecked=args.allow_unchecked, cwd=Path.cwd())
    quiet = bool(getattr(args, "quiet", False))
    table = args.format in (None, "table")
    if args.output:  # --output FILE gets the report, whether the command runs or not
        write_out(render(decision.report, args.format or "table", RenderOptions(quiet=quiet, verbose=args.verbose)),
                  args)
    if decision.blocked:
        if table:
            print("depguard: refused to run: " + plain(" ".join(argv)), file=sys.stderr)
            for line in decision.reasons:
                print("  " + plain(line), file=sys.stderr)
        if not args.output and not (quiet and table):  # --quiet: the reasons above are what needs attention
            sys.stderr.write(render(decision.report, args.format or "table", RenderOptions(verbose=args.verbose)))
        return 1 if decision.outcome == "deny" else 3
    if decision.report.findings and not quiet:
        from ..report.table_format import summary_line

        print(plain(summary_line(decision.report)), file=sys.stderr)
    sys.stderr.flush()
    try:
        return subprocess.run(argv, check=False).returncode
    except FileNotFoundError:
        print(f"depguard: {plain(argv[0])}: command not found", file=sys.stderr)
        return 127
    except PermissionError:
        print(f"depguard: {plain(argv[0])}: permission denied", file=sys.stderr)
        return 126
