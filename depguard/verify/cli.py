"""``depguard text --verify``: the package report and the claims report as one, plus the audit log."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

from .. import invocation
from ..config import Settings
from ..errors import ConfigError
from ..model import Report
from . import ClaimResult, Status, check_claims

MAX_CLAIMS = 500  # per answer; the rest are named in a warning, not silently passed


def default_root(cwd: Path) -> Path:
    """The git work tree holding ``cwd``, else ``cwd`` itself."""
    try:
        out = subprocess.run(["git", "-C", str(cwd), "rev-parse", "--show-toplevel"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return cwd
    top = out.stdout.strip()
    return Path(top) if out.returncode == 0 and top else cwd


def verify_text(text: str, root: Path, settings: Settings, transport=None) -> tuple[list[ClaimResult], tuple[str, ...]]:
    """Extract the claims of ``text`` and check them against ``root`` (and the configured judges)."""
    from .claims import extract
    from .judge import JudgePanel, trusted_config
    from .local import LocalTree

    config = trusted_config(settings)
    sources: list = [LocalTree(root, settings.max_file_bytes, read_secret_paths=config.read_secret_paths)]
    if config.judges:
        sources.append(JudgePanel(config.judges, transport))
    claims = extract(text)
    warnings = config.warnings
    if len(claims) > MAX_CLAIMS:
        warnings += (f"{len(claims) - MAX_CLAIMS} claims after the first {MAX_CLAIMS} were not checked",)
    return check_claims(claims[:MAX_CLAIMS], sources), warnings


def exit_code(report: Report, results: list[ClaimResult], settings: Settings) -> int:
    """The package report's exit code, made 1 by any contradicted claim (unverified ones never fail)."""
    code = report.exit_code(settings.fail_on)
    return 1 if any(r.status is Status.CONTRADICTED for r in results) else code


def run_text(args: argparse.Namespace, read_input) -> int:
    """``depguard text`` with ``--verify``, ``--root`` or ``--audit-log``: the package flow, then the claims."""
    from ..cli_commands._shared import settings_from
    from ..scan import collect_text, evaluate

    inv = invocation.of(args)
    shown, text = read_input(args.file, inv)
    settings = settings_from(args, inv.folder())
    report = evaluate(collect_text(text, shown, settings), settings)
    return finish_verified(report, text, shown, args, settings)


def finish_verified(report: Report, text: str, shown: str, args: argparse.Namespace, settings: Settings) -> int:
    from ..cli_commands._shared import write_out
    from ..report import RenderOptions, render
    from ..report.escape import plain
    from . import audit, output

    inv = invocation.of(args)
    fmt = args.format or "table"
    results: list[ClaimResult] = []
    if args.verify:
        if fmt not in ("table", "json"):
            raise ConfigError(f"--verify: claims are reported in table or json format, not {fmt}")
        root = inv.path(args.root) if args.root else default_root(inv.folder())
        if not root.is_dir():
            raise ConfigError(f"--root {args.root}: not a folder")
        results, warnings = verify_text(text, root, settings)
        for w in warnings:
            print(f"depguard: warning: {plain(w)}", file=inv.stderr)
    elif args.root:
        raise ConfigError("--root: only used with --verify")
    if args.audit_log:
        audit.append(args.audit_log if inv.cwd is None else str(inv.path(args.audit_log)), audit.records(text, shown, results, report, settings.now))
    tty = inv.isatty(inv.stdout) and not getattr(args, "output", None)
    color = {"always": True, "never": False}.get(getattr(args, "color", "auto"), tty and not inv.environ.get("NO_COLOR"))
    options = RenderOptions(color=color, verbose=getattr(args, "verbose", False))
    if fmt == "json" and args.verify:
        import json

        from ..report.json_format import as_dict

        body = json.dumps({**as_dict(report), **output.as_dict(results, shown)}, indent=2, ensure_ascii=True) + "\n"
    else:
        body = render(report, fmt, options)
        if args.verify:
            body += "\n" + output.table(results, shown, options.color, options.width)
    write_out(body, args)
    return exit_code(report, results, settings)
