"""``depguard scan --write FORMAT=FILE``: the same scan written in several formats (the GitHub Action scans once
and renders annotations, JSON, SARIF and Markdown from that one run)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def scan(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "depguard.cli", "scan", "--no-progress", "--no-cache", *args, "."],
                          cwd=folder, capture_output=True, text=True, timeout=120, env=dict(os.environ, DEPGUARD_SERVER="0"))


def test_one_scan_writes_every_format_asked_and_asks_each_name_once(tmp_path, registry):
    (tmp_path / "requirements.txt").write_text("requests\nreqeusts-write-typo\n")
    out = tmp_path / "out"
    out.mkdir()
    proc = scan(tmp_path, "--format", "github", "--write", f"json={out / 'r.json'}", "--write",
                f"sarif={out / 'r.sarif'}", "--write", f"markdown={out / 'r.md'}")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stdout.startswith("::error file=requirements.txt,line=2")
    report = json.loads((out / "r.json").read_text())
    assert [f["name"] for f in report["findings"] if f["verdict"] == "missing"] == ["reqeusts-write-typo"]
    sarif = json.loads((out / "r.sarif").read_text())
    assert [r["properties"]["package"] for r in sarif["runs"][0]["results"]] == ["reqeusts-write-typo"]
    assert "`reqeusts-write-typo`" in (out / "r.md").read_text()
    assert registry.asked.count("/pypi/reqeusts-write-typo/json") == 1


def test_a_wrong_write_is_a_usage_error_and_a_symlink_is_never_followed(tmp_path, registry):
    (tmp_path / "requirements.txt").write_text("requests\n")
    bad = scan(tmp_path, "--write", "yaml=out.yml")
    assert bad.returncode == 2 and "FORMAT=FILE" in bad.stderr
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    (tmp_path / "link.json").symlink_to(target)
    proc = scan(tmp_path, "--write", "json=link.json")
    assert proc.returncode == 2 and "--write" in proc.stderr
    assert target.read_text() == "keep me"
