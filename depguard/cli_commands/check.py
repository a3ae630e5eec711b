"""depguard check [-e ECOSYSTEM] NAME…: check package names directly."""

from __future__ import annotations

import argparse

ORDER = 20
HELP = "check one or more package names"
DESCRIPTION = """\
Check NAMEs against their registry and print the verdict of each. A NAME may carry its version as its
ecosystem writes it (requests==2.31.0, 'flask[async]>=3', lodash@4.17.21, @types/node@^20, serde@1.0): only
the name is checked. Without -e the ecosystem comes from the name: `eco:name` names it (npm:lodash@4,
cargo:serde@1.0), scoped names (@scope/name) and name@range are npm, group:artifact is Maven, anything else
is PyPI; when the name is valid elsewhere too, standard error says which ecosystem was assumed.
"""

EPILOG = """\
examples:
  depguard check reqeusts                   PyPI, unless the name says otherwise
  depguard check requests==2.31.0 'flask[async]>=3'    specs as pasted
  depguard check @types/node@^20 npm:lodash@4 cargo:serde@1.0
  depguard check -e npm lodash express
  depguard guard -- pip install requests    an install command: guard or text
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("check", parents=[common], help=HELP, description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=HelpFormatter)
    p.add_argument("names", nargs="+", metavar="NAME", help="package names or specs (name plus version)")
    p.add_argument("-e", "--ecosystem", metavar="ECOSYSTEM", help="ecosystem of every NAME (pypi, npm, …)")
    return p


def run(args: argparse.Namespace) -> int:
    from .. import invocation
    from ..scan import collect_names, evaluate
    from ._shared import finish, settings_from

    inv = invocation.of(args)
    if not args.ecosystem:
        _refuse_install_command(args.names)
    settings = settings_from(args, inv.folder())
    collected = collect_names(args.names, args.ecosystem)
    if not getattr(args, "quiet", False):
        _tell_assumed(collected.assumed, inv.stderr)
    report = evaluate(collected, settings)
    return finish(report, args, settings, every=True)


def _refuse_install_command(names: list[str]) -> None:
    """``depguard check pip install requests`` (or the same quoted as one NAME) is an install command pasted
    whole: read as names it would report ``install`` missing and check ``npm i lodash`` on PyPI. Refused (exit
    2), naming the commands that read it; ``-e ECOSYSTEM`` checks the words as names after all."""
    import shlex

    from ..commands import analyze
    from ..errors import InputError
    from ..report.escape import plain

    if len(names) == 1 and len(names[0].split()) > 1:
        script = names[0]
    elif len(names) > 1 and ":" not in names[0]:
        script = shlex.join(names)
    else:
        return
    if analyze(script).installs_anything:
        raise InputError(f"check: {plain(script)!r} is an install command, not package names: `depguard guard -- "
                         f"{plain(script)}` checks what it would install (and runs it only when nothing is "
                         "flagged); piped to `depguard text -` it is only checked; with -e ECOSYSTEM the words are "
                         "checked as names")


def _tell_assumed(assumed: list, stderr) -> None:
    """One line on standard error per ecosystem assumed for names nobody gave an ecosystem and that are valid
    names elsewhere too."""
    from ..report.escape import plain

    by_eco: dict[str, tuple[list, list]] = {}
    for name, shown, _eco_id, also in assumed:
        names, others = by_eco.setdefault(shown, ([], []))
        names.append(plain(name))
        others.extend(o for o in also if o not in others)
    for shown, (names, others) in by_eco.items():
        listed = ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")
        elsewhere = ", ".join(others[:3]) + (", …" if len(others) > 3 else "")
        print(f"depguard: no ecosystem given: {listed} checked on {shown} (valid names on {elsewhere} too; "
              "write ECOSYSTEM:NAME or -e ECOSYSTEM to choose)", file=stderr)
