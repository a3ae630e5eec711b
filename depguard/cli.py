"""The ``depguard`` command line: argument parsing and nothing else.

Sub-commands live one per module in :mod:`depguard.cli_commands` (``add_parser(subparsers, common)`` and
``run(args) -> int``) and are discovered automatically. Heavy imports happen inside ``run``, so ``--help``
stays fast.
"""

from __future__ import annotations

import sys
from contextvars import ContextVar

from . import __version__

TYPE_CHECKING = False  # typing itself is not imported: the start-up of every run pays for each import
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence
    from typing import Any

    from .invocation import Invocation

EPILOG = """\
exit codes:
  0  every package was checked and nothing was flagged
  1  something was flagged at or above --fail-on (missing, invalid, suspicious)
  2  usage, configuration or input error
  3  nothing flagged, but something could not be checked (registry down,
     file unreadable)

examples:
  depguard scan .                       a repository: manifests, lockfiles, …
  depguard check reqeusts @types/nod    names (PyPI unless scoped; or eco:name)
  depguard check -e npm lodahs
"""
EPILOG += "  echo 'pip install reqeusts' | depguard text -\n"  # depguard: ignore the example's typo
EPILOG += """\
  depguard scan --inventory --format json .   what was found, asking nothing

'depguard COMMAND --help' tells more about each command, with examples.
"""


def common_options() -> argparse.ArgumentParser:
    common = _parser_class()(add_help=False)
    g = common.add_argument_group("output and policy")
    g.add_argument("--format", "-f", choices=("table", "json", "sarif", "github", "markdown"), default=None,
                   metavar="FORMAT", help="report format: table, json, sarif, github or markdown (default: table; "
                                          "a rich table on a terminal, plain text when piped)")
    g.add_argument("--output", "-o", metavar="FILE", help="write the report to FILE instead of standard output")
    g.add_argument("--fail-on", choices=("missing", "suspicious", "none"), default=None,
                   help="what makes the exit code 1: 'missing' (missing and invalid names), 'suspicious' "
                        "(also typosquats and unestablished packages; the default) or 'none' (report only)")
    g.add_argument("--verbose", "-v", action="store_true", help="list ok findings in the table too")
    g.add_argument("--quiet", "-q", action="store_true",
                   help="print only what needs attention (nothing at all when clean); no notes, no summary")
    g.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour in table output (auto: on a terminal, unless NO_COLOR is set)")
    g.add_argument("--no-color", dest="color", action="store_const", const="never", help="same as --color never")
    g.add_argument("--ignore", action="append", default=[], metavar="GLOB",
                   help="skip files matching GLOB (relative to the scanned folder; repeatable; adds to the "
                        "config's ignore)")
    g.add_argument("--allow", action="append", default=[], metavar="[ECO:]NAME",
                   help="never flag NAME (a glob; ECO: limits it to one ecosystem; repeatable; adds to the "
                        "config's [allow])")
    c = common.add_argument_group("registries and cache")
    c.add_argument("--config", metavar="FILE", help="config file (default: nearest .depguard.toml or "
                                                    "pyproject.toml with [tool.depguard])")
    c.add_argument("--no-cache", action="store_true", help="neither read nor write the caches (answers, parsed files)")
    c.add_argument("--offline", action="store_true", help="answer from the cache and local indexes only")
    c.add_argument("--timeout", type=float, metavar="SECONDS", help="timeout of one registry request (default 10)")
    c.add_argument("--deadline", type=float, metavar="SECONDS",
                   help="deadline for all registry lookups of the run (default 120, or 'deadline' in the config); "
                        "names not answered by then are not checked (exit 3). A registry that refuses connections "
                        "or does not resolve is given up at once, and one that stops answering is named on stderr")
    return common


def command_names() -> list[str]:
    """The sub-commands: one module each in :mod:`depguard.cli_commands`, named as the command (a folder
    listing, not an import of each: a run builds only its own sub-command's parser). Listed once per process
    (a run asks twice: which command it is, then to build its parser)."""
    if not _COMMANDS:
        from . import cli_commands
        from .plugins import submodules

        _COMMANDS[:] = [name for name in submodules(cli_commands.__path__) if not name.startswith("_")]
    return list(_COMMANDS)


_COMMANDS: list[str] = []


def build_parser(only: str | None = None, rest: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser; ``only``: with that sub-command alone (what a run of it needs, and what it prints:
    a sub-command's parser, usage and errors do not depend on the others), else with all of them. ``rest``:
    the words after ``only``, for a sub-command that builds only the part of its parser they name
    (``NARROWS = True`` in its module: ``add_parser(sub, common, rest)``)."""
    import argparse
    import importlib

    from . import cli_commands

    parser = _parser_class()(
        prog="depguard",
        description="Stop hallucinated and typosquatted package names before anything is installed.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"depguard {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    common = common_options()
    names = command_names()
    modules = [importlib.import_module(f"{cli_commands.__name__}.{name}") for name in names
               if only is None or name == only]
    for mod in sorted(modules, key=lambda m: getattr(m, "ORDER", 50)):
        p = mod.add_parser(sub, common, rest) if only is not None and getattr(mod, "NARROWS", False) else \
            mod.add_parser(sub, common)
        p.set_defaults(_run=mod.run, _parser=p)
    return parser


def terminal_columns(environ: Any = None) -> int:
    """``shutil.get_terminal_size().columns``, without importing shutil: ``COLUMNS`` when a positive number (of
    ``environ``: the run's environment, default the process's), else the width of the terminal on the process's
    standard output, else 80."""
    import os

    try:
        columns = int((os.environ if environ is None else environ)["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


def _parser_class() -> type[argparse.ArgumentParser]:
    """An ArgumentParser that prints help, usage and errors on the run's own streams (see :func:`main`)."""
    import argparse
    from functools import partial

    _untranslated(argparse)

    class Parser(argparse.ArgumentParser):
        def _get_formatter(self) -> argparse.HelpFormatter:
            # argparse's formatter asks shutil for the terminal width, and argparse makes one for every
            # add_argument: importing shutil (with zlib, bz2, lzma) was ~2 ms of every run, help or not. The
            # same width, found as shutil finds it (see terminal_columns)
            cls = self.formatter_class
            run = _STREAMS.get()  # a served run's help is as wide as the client's COLUMNS says, not the server's
            width = terminal_columns(run[2] if run is not None else None) - 2
            self.formatter_class = partial(cls, width=width)  # type: ignore[assignment, call-arg]
            try:
                return super()._get_formatter()
            finally:
                self.formatter_class = cls

        def _print_message(self, message: str, file=None) -> None:  # type: ignore[no-untyped-def, override]
            if message:
                out, err, _ = _STREAMS.get() or (sys.stdout, sys.stderr, None)
                (err if file is sys.stderr else out).write(message)

    return Parser


def _same(message: str) -> str:
    return message


def _plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _untranslated(argparse: Any) -> None:
    """argparse's messages without the look-up that cannot find a translation. argparse passes each message
    through ``gettext``, which imports ``locale`` (its ~1,000 aliases: 5-9M instructions, every run) and
    looks for ``<localedir>/<language>/LC_MESSAGES/messages.mo`` on each call. When the locale folder does
    not exist (a Python built without one, as pyenv's) and no language variable holds a path, no such file
    can exist, so gettext returns every message unchanged (``ngettext``: singular for 1, else plural): argparse
    is given those answers directly. Anywhere else (a Python with locale files, a domain or folder bound by
    other code, argparse's functions already replaced) argparse is left as it is."""
    import gettext
    import os

    if argparse._ is not gettext.gettext or argparse.ngettext is not gettext.ngettext:
        return
    if os.path.isdir(gettext.bindtextdomain(gettext.textdomain())):
        return
    seps = tuple(s for s in (os.sep, os.altsep) if s)
    if any(sep in os.environ.get(var, "") for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG") for sep in seps):
        return
    argparse._ = _same
    argparse.ngettext = _plural


# the (stdout, stderr, environment) of the run parsing its arguments: argparse prints help and errors itself
_STREAMS: ContextVar[tuple[Any, Any, Any] | None] = ContextVar("depguard_run_streams", default=None)

_kept: argparse.ArgumentParser | None = None


def _kept_parser() -> argparse.ArgumentParser:
    """One parser for all the runs a ``depguard serve`` process answers."""
    global _kept
    if _kept is None:
        _kept = build_parser()
    return _kept


def main(argv: Sequence[str] | None = None, keep_parser: bool = False, invocation: Invocation | None = None) -> int:
    """The command line, in this process. ``keep_parser``: build the argument parser once and keep it for
    later calls (argparse does not change a parser while parsing; building all the sub-commands' parsers
    is half of a served run's time). ``invocation``: the run's folder, environment and streams (default:
    this process's); a served run passes the client's, and nothing process-wide is changed for it."""
    from .invocation import Invocation

    inv = invocation or Invocation.of_this_process()
    token = _STREAMS.set((inv.stdout, inv.stderr, inv.environ))
    try:
        return _main(argv, keep_parser, inv)
    finally:
        _STREAMS.reset(token)


def _main(argv: Sequence[str] | None, keep_parser: bool, inv: Invocation) -> int:
    import argparse

    from .errors import ConfigError, InputError

    words = list(sys.argv[1:] if argv is None else argv)
    if keep_parser:
        parser = _kept_parser()
    else:  # `depguard hook claude-code` needs the hook's parser only; help, errors and unknown commands get all
        only = words[0] if words and words[0] in command_names() else None
        parser = build_parser(only, words[1:] if only is not None else None)
    args, extra = parser.parse_known_args(words)
    if extra and getattr(args, "_parser", None) is not None:
        # positionals after options ("popular status --timeout 5 pypi"): parse the sub-command's words again,
        # intermixed; anything still unknown is reported with the sub-command's own usage
        sub = args._parser
        try:
            fresh = argparse.Namespace(command=args.command, _run=args._run, _parser=sub)
            args = sub.parse_intermixed_args(words[words.index(args.command) + 1:], namespace=fresh)
        except TypeError:  # a sub-command with a REMAINDER argument (guard -- CMD) cannot be re-parsed so
            sub.error(f"unrecognized arguments: {' '.join(extra)}")
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    args.invocation = inv
    try:
        return int(args._run(args))
    except (ConfigError, InputError) as exc:
        from .report.escape import plain

        print(f"depguard: error: {plain(exc)}", file=inv.stderr)
        return 2
    except KeyboardInterrupt:
        print("depguard: interrupted", file=inv.stderr)
        return 130
    except BrokenPipeError:
        return 1


def entry() -> int:
    """The ``depguard`` command: hand ``text``/``check``/``hook`` to a running ``depguard serve`` when there is
    one (see :mod:`depguard.client`), else (and for everything else) run :func:`main` here."""
    argv = sys.argv[1:]
    from . import client, lazyre

    lazyre.install()  # this process is depguard's own: every pattern's compiled program is kept between runs

    if client.wanted(argv):
        code = client.forward(argv)
        if code is not None:
            return end_process(code)
    if argv and argv[0] in SHORT_RUNS and argv[:2] != ["hook", "pre-commit"]:
        import gc

        # a short run on a bounded input (an answer, a few names, one hook event) that ends with its process:
        # the cyclic collector's passes over what importing made are pure cost there (5-8% of a warm run)
        gc.disable()
    elif argv[:1] == ["scan"]:
        from . import gcpolicy

        gcpolicy.process_ends()  # the scan's last collection is skipped (see there)
    try:
        code = main(argv)
    finally:
        import gc

        # the process ends with this run: CPython's collections on the way out walk every object importing
        # made (50-100 ms after a scan with httpx and asyncio loaded); frozen objects are not walked
        gc.freeze()
    return end_process(code)


SHORT_RUNS = frozenset({"text", "check", "hook"})  # the runs a server would take (depguard.client.FORWARDED)

# modules whose state Python's own shutdown takes care of beyond atexit and the standard streams: threads to
# join (threading, and asyncio, logging, concurrent.futures through it), temporary files removed on release
_SHUTDOWN_WORK = ("threading", "tempfile")


def end_process(code: int) -> int:
    """End the process with ``code`` now, when :func:`entry` runs as the ``depguard`` command itself (the
    installed script, or ``python -m depguard.cli``: the main module's ``entry`` is this function, so all that
    is left is ``sys.exit(code)``); else, or when anything is left that Python's shutdown does, return
    ``code``. What the process would still do is done first, in Python's order: the ``atexit`` functions
    (the pattern and records stores are written there), then the standard streams flushed. What is skipped is
    Python taking every module apart object by object, ~7M instructions (3-4% of a warm run, issue 19), which
    nothing of a finished run needs: the answer cache's connection is closed when the run lets go of it, and
    files are written in ``with`` blocks. A stream that cannot be flushed (a closed pipe) leaves the ending to
    Python, which reports it as it always has."""
    import atexit

    main = sys.modules.get("__main__")
    run_exitfuncs = getattr(atexit, "_run_exitfuncs", None)
    if (type(code) is not int or not 0 <= code <= 255 or getattr(main, "entry", None) is not entry
            or sys.flags.inspect or run_exitfuncs is None or any(m in sys.modules for m in _SHUTDOWN_WORK)):
        return code
    run_exitfuncs()  # as at exit: each once, last registered first (and then no longer registered)
    try:
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                stream.flush()
    except (OSError, ValueError):
        return code
    if any(m in sys.modules for m in _SHUTDOWN_WORK):  # an atexit function started something after all
        return code
    import os

    os._exit(code)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(entry())
