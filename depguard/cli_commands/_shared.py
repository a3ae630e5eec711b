"""What the sub-commands share: settings from flags, writing the report, the exit code."""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .. import invocation
from ..config import Settings, load_settings, parse_fail_on
from ..errors import ConfigError
from ..model import Report

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any


def settings_from(args: argparse.Namespace, start: Path | None, trusted=None) -> Settings:
    """Settings from the flags; ``trusted`` (see config.load_settings) supplies the config file's table."""
    flags: dict[str, Any] = {}
    if getattr(args, "fail_on", None) and args.fail_on != "none":
        flags["fail_on"] = parse_fail_on(args.fail_on, "--fail-on")
    if getattr(args, "no_cache", False):
        flags["use_cache"] = False
    if getattr(args, "offline", False):
        flags["offline"] = True
    if getattr(args, "deadline", None) is not None:
        if args.deadline <= 0:
            raise ConfigError("--deadline: expected a positive number of seconds")
        flags["deadline"] = args.deadline
    inv = invocation.of(args)
    config = inv.path(args.config) if getattr(args, "config", None) else None
    settings = load_settings(start, config_file=config, environ=inv.environ, trusted=trusted, **flags)
    settings = _with_command_line_lists(settings, args)
    if getattr(args, "timeout", None) is not None:
        from ..records import replace

        if args.timeout <= 0:
            raise ConfigError("--timeout: expected a positive number of seconds")
        settings = settings.with_(http=replace(settings.http, timeout=args.timeout, deadline=max(args.timeout * 2, args.timeout + 5)))
    return settings


def _with_command_line_lists(settings: Settings, args: argparse.Namespace) -> Settings:
    """``--allow [ECO:]NAME`` and ``--ignore GLOB`` added to what the config allows and ignores."""
    allow_args = getattr(args, "allow", None) or []
    ignore_args = getattr(args, "ignore", None) or []
    if not allow_args and not ignore_args:
        return settings
    from ..ecosystems import catalog

    cat = catalog()
    allow = {eco: tuple(globs) for eco, globs in settings.allow.items()}
    for value in allow_args:
        prefix, sep, rest = value.partition(":")
        eco, pattern = (cat.get(prefix).id, rest) if sep and prefix.lower() in cat else ("*", value)
        if not pattern.strip():
            raise ConfigError(f"--allow {value!r}: expected [ECOSYSTEM:]NAME")
        allow[eco] = allow.get(eco, ()) + (pattern,)
    return settings.with_(allow=allow, ignore=tuple(settings.ignore) + tuple(ignore_args))


def terminal_width(stream=None, environ=None) -> int | None:
    """The width to draw a table in on a terminal (``COLUMNS`` wins, as everywhere); None when ``stream`` is
    not a terminal (a pipe or a file gets one line a location, whatever ``COLUMNS`` says)."""
    stream = stream or sys.stdout
    try:
        if not stream.isatty():
            return None
    except (ValueError, AttributeError):
        return None
    env = (os.environ if environ is None else environ).get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    try:
        return os.get_terminal_size(stream.fileno()).columns or None
    except (OSError, ValueError, AttributeError):
        return None


def emit(report: Report, args: argparse.Namespace, default_format: str = "table", every: bool = False) -> None:
    """Write the report in the chosen format. ``every``: a table lists every finding (``check``: the verdict of
    each name asked), not only those that need attention."""
    from ..report import RenderOptions, render

    inv = invocation.of(args)
    fmt = args.format or default_format
    to_file = bool(getattr(args, "output", None))
    stream_tty = inv.isatty(inv.stdout) and not to_file
    color = {"always": True, "never": False}.get(getattr(args, "color", "auto"), stream_tty and not inv.environ.get("NO_COLOR"))
    quiet = getattr(args, "quiet", False)
    options = RenderOptions(color=color, verbose=getattr(args, "verbose", False), every=every and not quiet,
                            quiet=quiet, width=None if to_file else terminal_width(inv.stdout, inv.environ))
    text = render(report, fmt, options)
    if text or not quiet or to_file:  # a quiet clean run still empties --output FILE: no stale report stays
        write_out(text, args)
    for also_fmt, path in getattr(args, "write", None) or ():  # the same report in other formats, other files
        _write_file(path, render(report, also_fmt, RenderOptions(verbose=options.verbose)), "--write", inv)


def format_and_file(value: str) -> tuple[str, str]:
    """``--write FORMAT=FILE``, checked when the arguments are read (a wrong one is a usage error, exit 2)."""
    from ..report import FORMATS

    fmt, sep, path = value.partition("=")
    if not sep or fmt not in FORMATS or not path:
        raise argparse.ArgumentTypeError(f"expected FORMAT=FILE with FORMAT one of {', '.join(FORMATS)}, got {value!r}")
    return fmt, path


def write_out(text: str, args: argparse.Namespace) -> None:
    """Write ``text`` to ``--output FILE`` when given, else to standard output."""
    inv = invocation.of(args)
    if getattr(args, "output", None):
        _write_file(args.output, text, "--output", inv)
    else:
        inv.stdout.write(text)
        inv.stdout.flush()


def _write_file(path: str, text: str, flag: str, inv: invocation.Invocation) -> None:
    from ..paths import open_for_writing

    try:  # never through a symbolic link (one planted there would aim the report at any file of yours)
        with open(open_for_writing(path if inv.cwd is None else inv.path(path), 0o666, regular=False), "w", encoding="utf-8") as fh:
            fh.write(text)
    except ConfigError as exc:
        raise ConfigError(f"{flag} {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{flag} {path}: {exc.strerror or exc}") from None


def finish(report: Report, args: argparse.Namespace, settings: Settings, default_format: str = "table",
           every: bool = False) -> int:
    emit(report, args, default_format, every)
    return exit_code(report, args, settings)


def exit_code(report: Report, args: argparse.Namespace, settings: Settings) -> int:
    """The report's exit code; ``--fail-on none``: findings never make it 1 (a change to depguard's own
    configuration under --diff still does; 3 still says something could not be checked)."""
    if getattr(args, "fail_on", None) == "none":
        from ..model import Verdict
        from ..records import replace

        flagged = (Verdict.MISSING, Verdict.INVALID, Verdict.SUSPICIOUS)
        report = replace(report, findings=tuple(f for f in report.findings if f.verdict not in flagged))
    return report.exit_code(settings.fail_on)


def progress_bar(enabled: bool):
    """A context manager yielding (advance(n), set_total(n)) callbacks; a rich bar on a terminal only."""
    from contextlib import contextmanager

    @contextmanager
    def bar():
        if not enabled or not sys.stderr.isatty():
            yield (lambda n: None), (lambda n: None)
            return
        from rich.progress import Progress

        with Progress(transient=True, console=None) as prog:
            task = prog.add_task("asking registries", total=None)
            yield (lambda n: prog.advance(task, n)), (lambda n: prog.update(task, total=n))

    return bar()
