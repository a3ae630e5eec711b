"""``depguard mcp`` end to end: the official MCP Python SDK's client (stdio_client + ClientSession) starts the
real ``depguard mcp`` command in a subprocess and calls its tools. Registries are a loopback server
(fake_registry) or turned off (DEPGUARD_OFFLINE), so nothing leaves the machine."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

mcp = pytest.importorskip("mcp", reason="the MCP SDK is in depguard's test extra")
from mcp import ClientSession, StdioServerParameters  # noqa: E402
from mcp.client.stdio import stdio_client  # noqa: E402

from tests.integrations.fake_registry import FakeRegistry  # noqa: E402

KNOWN = ["requests", "flask", "left-pad"]


def _field(obj, snake: str, camel: str):
    """mcp 2 names result fields in snake_case, mcp 1 in camelCase."""
    return getattr(obj, snake, None) if hasattr(obj, snake) else getattr(obj, camel, None)


def _session(cwd: Path, env: dict[str, str], calls: list[tuple[str, dict]]) -> tuple[list, list]:
    """Start ``depguard mcp`` under the SDK client; list its tools and make ``calls`` in one session."""

    async def go():
        params = StdioServerParameters(command=sys.executable, args=["-m", "depguard.cli", "mcp"], env=env, cwd=str(cwd))
        with open(os.devnull, "w") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    tools = (await session.list_tools()).tools
                    results = [await session.call_tool(name, args) for name, args in calls]
                    return tools, results

    return asyncio.run(asyncio.wait_for(go(), 240))


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_SERVER")}
    env.update(extra)
    return env


def _ok(result) -> dict:
    assert not _field(result, "is_error", "isError"), result.content
    data = _field(result, "structured_content", "structuredContent")
    assert data is not None
    text = "".join(getattr(c, "text", "") for c in result.content)
    assert json.loads(text) == data  # the same result as text content, for hosts that read only that
    return data


def _error(result) -> str:
    assert _field(result, "is_error", "isError")
    return "".join(getattr(c, "text", "") for c in result.content)


ANSWER = """To fetch pages and pad strings:

```bash
pip install requests
npm install left-pad reqeusts-hallucinated-helper
```
"""


def test_the_tools_answer_with_verdicts_rules_reasons_and_suggestions(tmp_path):
    project = tmp_path / "project"
    project.mkdir()
    (project / "requirements.txt").write_text("requests==2.31.0\nflask\nflask-security-utils-hallucinated\n")
    with FakeRegistry(KNOWN) as registry:
        env = _env(DEPGUARD_REGISTRY_PYPI=registry.url, DEPGUARD_REGISTRY_NPM=registry.url)
        tools, results = _session(tmp_path, env, [
            ("check_packages", {"names": ["requests", "reqeusts-hallucinated-helper"], "ecosystem": "pypi"}),
            ("check_packages", {"names": ["left-pad"], "ecosystem": "npm"}),
            ("check_text", {"text": ANSWER}),
            ("scan_path", {"path": "project", "max_findings": 1}),
            ("scan_path", {"path": str(project / "requirements.txt")}),
        ])
        cli = subprocess.run([sys.executable, "-m", "depguard.cli", "scan", "project", "--format", "json"], env=env,
                             cwd=tmp_path, capture_output=True, timeout=120)
    assert {t.name for t in tools} >= {"check_packages", "check_text", "scan_path"}
    schema = {t.name: _field(t, "input_schema", "inputSchema") for t in tools}
    assert {"names", "ecosystem"} <= set(schema["check_packages"]["properties"])
    assert "text" in schema["check_text"]["properties"] and "path" in schema["scan_path"]["properties"]
    for tool in tools:  # read-only tools that ask the network: hosts may call them without a confirmation
        hints = tool.annotations
        assert _field(hints, "read_only_hint", "readOnlyHint") is True
        assert _field(hints, "open_world_hint", "openWorldHint") is True
        assert _field(tool, "output_schema", "outputSchema")["properties"]["status"]

    names = _ok(results[0])
    assert names["status"] == "flagged" and names["exit_code"] == 1 and names["safe_to_install"] is False
    by_name = {f["name"]: f for f in names["findings"]}
    assert by_name["requests"]["verdict"] == "ok" and by_name["requests"]["checked"] is True
    missing = by_name["reqeusts-hallucinated-helper"]
    assert missing["verdict"] == "missing" and missing["rule"] == "DG001" and missing["reasons"]
    assert "reqeusts-hallucinated-helper" in names["message"]

    clean = _ok(results[1])
    assert clean["status"] == "clean" and clean["safe_to_install"] is True and clean["exit_code"] == 0
    assert [(f["ecosystem"], f["name"], f["verdict"]) for f in clean["findings"]] == [("npm", "left-pad", "ok")]

    text = _ok(results[2])
    assert text["status"] == "flagged"
    found = {(f["ecosystem"], f["name"]): f for f in text["findings"]}
    assert found[("pypi", "requests")]["verdict"] == "ok" and found[("npm", "left-pad")]["verdict"] == "ok"
    assert found[("npm", "reqeusts-hallucinated-helper")]["verdict"] == "missing"
    assert found[("npm", "reqeusts-hallucinated-helper")]["location"].startswith("<text>:5")

    scan = _ok(results[3])
    assert scan["status"] == "flagged" and scan["findings_total"] == 3 and scan["findings_listed"] == 1
    assert scan["findings"][0]["name"] == "flask-security-utils-hallucinated"  # flagged first
    assert scan["findings"][0]["location"].endswith("requirements.txt:3:1") and scan["counts"]["ok"] == 2
    assert scan["counts"] == json.loads(cli.stdout)["summary"] and scan["exit_code"] == cli.returncode  # as the CLI
    one_file = _ok(results[4])
    assert one_file["findings_total"] == 3 and one_file["path"].endswith("requirements.txt")


def test_a_name_that_could_not_be_checked_is_never_a_pass(tmp_path):
    _, results = _session(tmp_path, _env(DEPGUARD_OFFLINE="1"), [
        ("check_packages", {"names": ["requests"]}),
        ("check_text", {"text": "pip install requests"}),
    ])
    for result in results:
        data = _ok(result)
        assert data["status"] == "not-checked" and data["safe_to_install"] is False and data["exit_code"] == 3
        assert [(f["verdict"], f["checked"], f["rule"]) for f in data["findings"]] == [("not-checked", False, "DG100")]
        assert "not a pass" in data["message"]


def test_bad_input_is_a_tool_error_that_says_what_is_wrong(tmp_path):
    (tmp_path / "fifo-free-folder").mkdir()
    _, results = _session(tmp_path, _env(DEPGUARD_OFFLINE="1"), [
        ("check_packages", {"names": []}),
        ("check_packages", {"names": ["requests"], "ecosystem": "no-such-ecosystem"}),
        ("check_packages", {"names": ["x" * 1000]}),
        ("check_packages", {"names": "requests"}),  # not a list
        ("check_text", {"text": "   "}),
        ("scan_path", {"path": "no/such/place"}),
        ("scan_path", {"path": "fifo-free-folder", "max_findings": 0}),
        ("check_packages", {"names": ["requests"]}),  # the server is still there after all of them
    ])
    assert "at least one" in _error(results[0])
    assert "no-such-ecosystem" in _error(results[1]) and "pypi" in _error(results[1])
    assert "at most" in _error(results[2])
    assert _error(results[3])
    assert "empty" in _error(results[4])
    assert "does not exist" in _error(results[5]) and "no/such/place" in _error(results[5])
    assert "max_findings" in _error(results[6])
    assert _ok(results[7])["status"] == "not-checked"
