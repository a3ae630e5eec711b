"""What reaches the terminal, reports and URLs: untrusted names and registry text stay inert; credentials
never show."""

from __future__ import annotations

import json
from datetime import datetime, timezone

import httpx

from depguard.config import Settings
from depguard.ecosystems import catalog
from depguard.http import HttpSettings, redact
from depguard.lookup import resolve
from depguard.model import Existence, Finding, Location, Mention, Origin, PackageKey, RegistryAnswer, Report, Verdict
from depguard.report import RenderOptions, render

EVIL = "evil\x1b]8;;http://x\x07[bold red]pwn[/]\x1b[2J\r\n::error::injected"


def evil_report() -> Report:
    key = PackageKey("npm", EVIL)
    answer = RegistryAnswer(key, Existence.EXISTS, "the npm registry", reason=f"HTTP 200 {EVIL}",
                            at=datetime(2026, 1, 1, tzinfo=timezone.utc), description=EVIL)
    m = Mention(key, EVIL, Location(f"dir/{EVIL}.json", 3, 1), Origin.MANIFEST, "package.json", spec=EVIL, note=EVIL)
    return Report((Finding(m, Verdict.SUSPICIOUS, "DG003", (EVIL, "evidence"), suggestion=EVIL, answer=answer),))


def test_plain_table_has_no_control_characters():
    out = render(evil_report(), "table", RenderOptions(color=False))
    assert "\x1b" not in out and "\x07" not in out and "\r" not in out
    assert out.count("\n") == 2  # one finding line, one summary line: embedded newlines were escaped


def test_rich_table_shows_markup_literally():
    out = render(evil_report(), "table", RenderOptions(color=True, width=200))
    assert "\x1b]8" not in out and "\x1b[2J" not in out
    assert "[bold" in out and "pwn" in out  # shown as text, not applied


def test_json_escapes_controls():
    out = render(evil_report(), "json")
    assert "\x1b" not in out and "\x07" not in out
    assert json.loads(out)["findings"][0]["name"] == EVIL


def test_credentials_never_reach_reports_or_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", "https://alice:s3cret-token@mirror.example/root")
    seen = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers.get("authorization"))
        return httpx.Response(404)

    from depguard.config import from_environment

    settings = from_environment(Settings(cache_dir=tmp_path, http=HttpSettings(retries=0)), {
        "DEPGUARD_REGISTRY_PYPI": "https://alice:s3cret-token@mirror.example/root"})
    key = catalog().key("pypi", "x")
    answer = resolve([key], settings, transport=httpx.MockTransport(handler))[key]
    assert seen and seen[0] and seen[0].startswith("Basic ")  # the credentials are used…
    assert "s3cret" not in (answer.asked or "") and "alice" not in (answer.asked or "")  # …but never shown
    assert answer.asked == "https://mirror.example/root/pypi/x/json"
    assert b"s3cret" not in (tmp_path / "answers.sqlite3").read_bytes()


def test_redact():
    assert redact("https://u:p@h.example:8443/a?b") == "https://h.example:8443/a?b"
    assert redact("https://h.example/a") == "https://h.example/a"


def test_tls_verification_is_on_by_default():
    assert HttpSettings().verify is True
