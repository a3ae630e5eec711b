"""depguard text [FILE|-]: check the packages an LLM answer (or any Markdown) tells you to install."""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from ..invocation import Invocation

ORDER = 30
HELP = "check package names in an LLM answer or Markdown (FILE, or - for standard input)"
DESCRIPTION = """\
Read an answer and check the packages it names: fenced code blocks (routed by their language tag, or
sniffed when untagged: shell, Python, JS/TS, requirements, package.json), inline code holding an install
command, and shell-prompt lines such as `$ pip install x`. Prose outside code is not guessed at.
"""

EPILOG = """\
examples:
  depguard text answer.md
  pbpaste | depguard text -                 the answer on the clipboard (macOS)
  depguard text --annotate answer.md        the answer, flagged names marked
  depguard text --verify answer.md          also its paths, symbols and targets
  depguard text --format json answer.md     for programs
"""
MAX_TEXT_BYTES = 10 * 1024 * 1024


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("text", parents=[common], help=HELP, description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=HelpFormatter)
    v = p.add_argument_group("claims about the local tree")
    v.add_argument("--verify", action="store_true", help="also check the answer's file paths, path:line references, "
                   "symbols and script/Make targets against --root (contradicted claims exit 1)")
    v.add_argument("--root", metavar="DIR", help="the tree claims are checked against (default: the current git work "
                   "tree, else the current folder)")
    v.add_argument("--audit-log", metavar="FILE", help="append one JSON line per verdict, with a SHA-256, to FILE")
    p.add_argument("file", nargs="?", default="-", metavar="FILE", help="the text to check (default: - for stdin)")
    p.add_argument("--annotate", action="store_true",
                   help="print the text back with each flagged name marked inline, and a one-line footer "
                        "(for chat front ends; --format json is the form for programs)")
    return p


def read_input(name: str, inv: Invocation | None = None) -> tuple[str, str]:
    """(the name shown for it, the text) of ``name``: a file, read against the run's folder, or ``-`` for the
    run's standard input."""
    from ..errors import InputError
    from ..invocation import Invocation

    inv = inv or Invocation.of_this_process()
    if name == "-":
        if inv.isatty(inv.stdin):  # typed at a prompt, `depguard text` would otherwise wait without a word
            print("depguard text: reading the answer from standard input: paste it, then press Ctrl-D "
                  "(Ctrl-Z, Enter on Windows); or give a FILE", file=inv.stderr)
        data = inv.read_stdin(MAX_TEXT_BYTES + 1)
        shown = "<stdin>"
    else:
        path = inv.path(name)
        try:
            with path.open("rb") as fh:
                data = fh.read(MAX_TEXT_BYTES + 1)
        except OSError as exc:
            raise InputError(f"{name}: {exc.strerror or exc}") from None
        shown = name
    if len(data) > MAX_TEXT_BYTES:
        raise InputError(f"{shown}: larger than {MAX_TEXT_BYTES} bytes")
    return shown, data.decode("utf-8", errors="replace")


def run(args: argparse.Namespace) -> int:
    if args.verify or args.root or args.audit_log:
        from ..verify.cli import run_text

        return run_text(args, read_input)
    from .. import invocation
    from ..scan import collect_text, evaluate
    from ._shared import exit_code, finish, settings_from, write_out

    inv = invocation.of(args)
    shown, text = read_input(args.file, inv)
    settings = settings_from(args, inv.folder())
    report = evaluate(collect_text(text, shown, settings), settings)
    if args.annotate:
        from ..errors import ConfigError
        from ..report.annotate import annotate

        if args.format not in (None, "table"):
            raise ConfigError("--annotate prints the text itself; it cannot be combined with --format")
        code = exit_code(report, args, settings)
        # --quiet: a clean answer comes back as it was, without the footer; a flagged one keeps it
        write_out(annotate(text, report, with_footer=not (args.quiet and code == 0)), args)
        return code
    return finish(report, args, settings)
