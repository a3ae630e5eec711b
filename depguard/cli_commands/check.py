"""depguard check [-e ECOSYSTEM] NAME…: check package names directly."""

from __future__ import annotations

import argparse
from pathlib import Path

ORDER = 20
HELP = "check one or more package names"
DESCRIPTION = """\
Check NAMEs against their registry. Without -e the ecosystem is guessed from each name: scoped names
(@scope/name) are npm, `eco:name` names its ecosystem (npm:lodash, pypi:requests), anything else is PyPI.
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    p = sub.add_parser("check", parents=[common], help=HELP, description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("names", nargs="+", metavar="NAME", help="package names")
    p.add_argument("-e", "--ecosystem", metavar="ECOSYSTEM", help="ecosystem of every NAME (pypi, npm, …)")
    return p


def run(args: argparse.Namespace) -> int:
    from ..scan import collect_names, evaluate
    from ._shared import finish, settings_from

    settings = settings_from(args, Path.cwd())
    report = evaluate(collect_names(args.names, args.ecosystem), settings)
    return finish(report, args, settings)
