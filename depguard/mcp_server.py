"""``depguard mcp``: depguard's checks as an MCP server (stdio transport) for coding agents and chat hosts.

Built on the official MCP Python SDK (installed beside depguard: ``pipx inject depguard-names mcp``). Three tools:

- ``check_packages(names, ecosystem)``: one result per name;
- ``check_text(text)``: every package an answer or a snippet would install or import;
- ``scan_path(path, max_findings)``: a file or folder, summarised (counts, and the findings that are not ok).

Each returns structured content: an overall ``status`` (``flagged``, ``not-checked``, ``clean`` or
``nothing-to-check``), ``safe_to_install`` (true only when every name was checked and none was flagged),
the CLI's exit code, a one-line ``message`` and, per name, ``verdict``, ``rule``, ``reasons`` and
``suggestion``. A name depguard could not check is ``not-checked`` and makes the status ``not-checked``: it
is never reported as a pass. Bad input (no names, an unknown ecosystem, a path that does not exist, input
past the limits below) is a tool error naming what is wrong.

Settings come from the server's working directory (the host starts it in the project) like any depguard
run: its ``.depguard.toml``, ``DEPGUARD_*`` variables, the answer cache. Calls run one at a time in a worker
thread (depguard's engine runs its own event loop); anything depguard's code prints goes to standard
error, never into the protocol stream on standard output.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path
from typing import Any

try:  # pydantic (which the SDK uses to derive the tools' output schemas) wants this one before Python 3.12
    from typing_extensions import TypedDict
except ImportError:  # pragma: no cover - no SDK installed either: build() says how to install it
    from typing import TypedDict

MAX_NAMES = 500
MAX_NAME_LENGTH = 300
MAX_TEXT = 1_000_000  # characters
MAX_FINDINGS = 500  # the most findings scan_path lists (the counts cover all of them)
INSTALL_HINT = ('depguard mcp needs the MCP Python SDK in depguard\'s environment: pipx inject depguard-names "mcp>=1.25,<3" '
                '(or, in its virtual environment: python -m pip install "mcp>=1.25,<3"; the distribution with the '
                '"mcp" extra is depguard-names[mcp], never PyPI\'s unrelated depguard)')

_one_at_a_time = threading.Lock()


class NameResult(TypedDict):
    name: str
    ecosystem: str
    written: str
    verdict: str  # ok, missing, suspicious, invalid, not-checked, allowed
    checked: bool  # False: depguard could not check it (never a pass)
    rule: str
    reasons: list[str]
    suggestion: str | None
    location: str | None  # path:line:column, for text and scans


class CheckResult(TypedDict):
    status: str  # flagged, not-checked, clean, nothing-to-check
    safe_to_install: bool
    exit_code: int  # as the depguard command line: 0 clean, 1 flagged, 3 something not checked
    message: str
    counts: dict[str, int]
    findings: list[NameResult]
    problems: list[str]


class ScanResult(CheckResult):
    path: str
    findings_listed: int  # how many of the findings are in ``findings`` (the ones that are not ok first)
    findings_total: int


def _sdk() -> tuple[Any, type[Exception]]:
    """(the server class, the tool error class) of the installed SDK: ``MCPServer`` in mcp 2, ``FastMCP``
    in mcp 1."""
    try:
        from mcp.server.mcpserver import MCPServer
        from mcp.server.mcpserver.exceptions import ToolError
    except ImportError:
        try:
            from mcp.server.fastmcp import FastMCP as MCPServer  # type: ignore[no-redef]
            from mcp.server.fastmcp.exceptions import ToolError  # type: ignore[no-redef]
        except ImportError:
            from .errors import ConfigError

            raise ConfigError(INSTALL_HINT) from None
    return MCPServer, ToolError


def _where(finding) -> str | None:
    loc = finding.mention.location
    if loc is None or loc.path is None:
        return None
    return f"{loc.path}:{loc.line}:{loc.column}" if loc.line else str(loc.path)


def _name_result(finding) -> NameResult:
    from .model import Verdict

    m = finding.mention
    return NameResult(name=m.key.name, ecosystem=m.key.ecosystem, written=m.written, verdict=finding.verdict.value,
                      checked=finding.verdict is not Verdict.NOT_CHECKED, rule=finding.rule,
                      reasons=list(finding.reasons), suggestion=finding.suggestion, location=_where(finding))


def summarise(report, settings, limit: int | None = None) -> CheckResult:
    """The structured result of a report: status, counts, and the findings (the first ``limit`` of them,
    flagged first, then not checked, then the rest, when a limit is given)."""
    from .model import Verdict

    code = report.exit_code(settings.fail_on)
    counts = report.summary()
    flagged = [f for f in report.findings if f.verdict.flagged]
    unchecked = [f for f in report.findings if f.verdict is Verdict.NOT_CHECKED]
    problems = [str(p) for p in report.problems]
    if code == 1:
        from .report.escape import plain

        status = "flagged"
        names = sorted({plain(f.mention.key.name) for f in flagged})  # names from untrusted text: controls shown
        message = (f"{len(names)} package name(s) flagged: {', '.join(names[:20])}"
                   f"{' …' if len(names) > 20 else ''}; do not install them before reading the reasons")
    elif code == 3:
        status = "not-checked"
        message = (f"{len({f.mention.key for f in unchecked})} package name(s) could not be checked"
                   f"{' and ' + str(len(problems)) + ' problem(s) were met' if problems else ''}: "
                   "this is not a pass; check them another way before installing")
    elif not report.findings:
        status, message = "nothing-to-check", "no package names were found"
    else:
        status = "clean"
        message = f"all {counts['packages']} package name(s) checked; nothing flagged"
    findings = list(report.findings)
    if limit is not None:  # flagged first, then not checked, then the rest (a stable sort keeps file order)
        findings.sort(key=lambda f: 0 if f.verdict.flagged else 1 if f.verdict is Verdict.NOT_CHECKED else 2)
        findings = findings[:limit]
    return CheckResult(status=status, safe_to_install=code == 0 and bool(report.findings), exit_code=code,
                       message=message, counts=counts, findings=[_name_result(f) for f in findings],
                       problems=problems[:50])


def _settings(start: Path):
    from .config import load_settings

    return load_settings(start)


def _guarded(tool_error: type[Exception], work):
    """Run ``work()`` alone, its prints sent to standard error; depguard's input errors become tool errors."""
    from .errors import DepguardError
    from .report.escape import plain

    with _one_at_a_time, contextlib.redirect_stdout(sys.stderr):
        try:
            return work()
        except DepguardError as exc:
            raise tool_error(plain(exc)) from None


def _check_names_input(names: list[str], ecosystem: str | None, tool_error: type[Exception]) -> None:
    from .ecosystems import catalog
    from .report.escape import plain

    if not names:
        raise tool_error("names: give at least one package name")
    if len(names) > MAX_NAMES:
        raise tool_error(f"names: {len(names)} names, at most {MAX_NAMES} per call")
    for i, name in enumerate(names):
        if not name.strip():
            raise tool_error(f"names[{i}]: an empty name")
        if len(name) > MAX_NAME_LENGTH:
            raise tool_error(f"names[{i}]: {len(name)} characters, at most {MAX_NAME_LENGTH}")
    if ecosystem is not None and ecosystem.lower() not in catalog():
        raise tool_error(f"ecosystem {plain(ecosystem)[:60]!r} is not known (known: {', '.join(catalog().ids())})")


def build(tool_error: type[Exception] | None = None, server_class: Any = None):
    """The MCP server object with depguard's tools (not started)."""
    if server_class is None or tool_error is None:
        server_class, tool_error = _sdk()

    try:  # hints for hosts: the tools change nothing and ask registries on the network
        from mcp.types import ToolAnnotations

        hints = ToolAnnotations(readOnlyHint=True, destructiveHint=False, idempotentHint=True, openWorldHint=True)
    except ImportError:  # pragma: no cover - an SDK without annotations
        hints = None

    mcp = server_class("depguard", log_level="WARNING", instructions=(
        "Use depguard before installing or recommending a package: it tells whether a package name exists on "
        "its registry and whether it looks like a typosquat or a brand-new, unestablished package. A "
        "'not-checked' status is not a pass."))

    @mcp.tool(annotations=hints, description=(
        "Check package names before installing or recommending them. Returns one result per name with its "
        "verdict (ok, missing, suspicious, invalid, not-checked, allowed), rule, reasons and a suggestion. "
        "ecosystem: pypi, npm, cargo, … (default: guessed per name; 'eco:name' also picks one)."))
    async def check_packages(names: list[str], ecosystem: str | None = None) -> CheckResult:
        _check_names_input(names, ecosystem, tool_error)

        def work() -> CheckResult:
            from .scan import collect_names, evaluate

            settings = _settings(Path.cwd())
            return summarise(evaluate(collect_names(names, ecosystem.lower() if ecosystem else None), settings), settings)

        return await _in_thread(lambda: _guarded(tool_error, work))

    @mcp.tool(annotations=hints, description=(
        "Check every package a text would install or import: an LLM answer, a README, a shell snippet, "
        "Markdown with code blocks. Returns the status and one result per package mention."))
    async def check_text(text: str) -> CheckResult:
        if not text.strip():
            raise tool_error("text: empty")
        if len(text) > MAX_TEXT:
            raise tool_error(f"text: {len(text)} characters, at most {MAX_TEXT}")

        def work() -> CheckResult:
            from .api import check_text as check

            settings = _settings(Path.cwd())
            return summarise(check(text, settings, path="<text>"), settings)

        return await _in_thread(lambda: _guarded(tool_error, work))

    @mcp.tool(annotations=hints, description=(
        "Scan a file or folder (manifests, lockfiles, scripts, Dockerfiles, workflows, sources) for package "
        "names that do not exist or look like typosquats. The path must exist (relative paths are from the "
        "server's working directory). Returns counts and up to max_findings findings, flagged first."))
    async def scan_path(path: str, max_findings: int = 50) -> ScanResult:
        from .report.escape import plain

        if not path.strip() or "\0" in path:
            raise tool_error("path: empty or not a path")
        target = Path(path).expanduser()
        target = target if target.is_absolute() else Path.cwd() / target
        if not target.exists():
            raise tool_error(f"path {plain(path)[:300]!r} does not exist")
        if not (target.is_dir() or target.is_file()):
            raise tool_error(f"path {plain(path)[:300]!r} is neither a file nor a folder")
        if not 1 <= max_findings <= MAX_FINDINGS:
            raise tool_error(f"max_findings: {max_findings}, expected 1 to {MAX_FINDINGS}")

        def work() -> ScanResult:
            from .api import scan_paths

            settings = _settings(target if target.is_dir() else target.parent)
            report = scan_paths([target], settings)
            result = summarise(report, settings, limit=max_findings)
            return ScanResult(**result, path=str(target), findings_listed=len(result["findings"]),
                              findings_total=len(report.findings))

        return await _in_thread(lambda: _guarded(tool_error, work))

    return mcp


async def _in_thread(fn):
    import anyio

    return await anyio.to_thread.run_sync(fn)


def serve_stdio() -> None:
    """Run the server on standard input and output until the host closes them."""
    server = build()
    os.environ.setdefault("NO_COLOR", "1")
    server.run("stdio")
