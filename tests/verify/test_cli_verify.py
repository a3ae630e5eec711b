"""``depguard text --verify``: one report for packages and claims, exit codes, JSON, escaping, the audit log."""

from __future__ import annotations

import hashlib
import io
import json
import sys
from pathlib import Path

import pytest

from depguard.cli import main
from depguard.report.json_format import per_mention
from depguard.verify.audit import canonical, check_record

from ..cassettes import vcr_for

HERE = Path(__file__).parent / "fixtures"
REPO = HERE / "repo1"


def run(args, monkeypatch, capsys, stdin: str | None = None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def answer(name: str) -> str:
    return str(HERE / "answers" / f"{name}.md")


def test_table_has_the_header_the_rows_and_a_footer(monkeypatch, capsys):
    code, out, _ = run(["text", "--no-cache", "--verify", "--root", str(REPO), answer("right")], monkeypatch, capsys)
    assert code == 0
    lines = out.splitlines()
    i = lines.index("Claims checked: 7 | verified: 7 | unverified: 0 | contradicted: 0")
    assert [cell.strip() for cell in lines[i + 1].split(" | ")] == ["where", "claim", "verdict", "evidence", "source"]
    assert [cell.strip() for cell in lines[i + 2].split(" | ")] == [
        f"{answer('right')}:1", "validate_token defined in auth/jwt.py", "verified",
        "auth/jwt.py:18: def validate_token(token, secret):", "local tree"]
    assert lines[-1] == "depguard verify: Claims checked: 7 | verified: 7 | unverified: 0 | contradicted: 0"


def test_contradicted_claims_exit_1_only_with_verify(monkeypatch, capsys):
    code, out, _ = run(["text", "--no-cache", "--format", "json", "--verify", "--root", str(REPO), answer("missing")],
                       monkeypatch, capsys)
    data = json.loads(out)
    assert code == 1
    assert data["claims_summary"] == {"verified": 0, "contradicted": 4, "unverified": 0, "conflicted": 0, "claims": 4}
    first = data["claims"][0]
    assert (first["kind"], first["claim"], first["verdict"], first["source"]) == \
        ("lines", "src/handlers/auth.ts:42 exists", "contradicted", "local tree")
    assert first["location"] == {"path": answer("missing"), "line": 1, "column": 20}
    assert first["evidence"] == "src/handlers/auth.ts does not exist; closest: src/auth.ts"
    assert first["positions"] == [{"source": "local tree", "verdict": "contradicted", "evidence": first["evidence"]}]
    assert data["claims_footer"].startswith("depguard verify: Claims checked: 4 | verified: 0 | unverified: 0 | "
                                            "contradicted: 4 — check: src/handlers/auth.ts:42 exists (contradicted);")
    assert data["findings"] == [] and data["version"] == "depguard JSON report 2"
    code, out, _ = run(["text", "--no-cache", "--format", "json", answer("missing")], monkeypatch, capsys)
    assert code == 0 and "claims" not in json.loads(out)


def test_unverified_alone_does_not_fail(monkeypatch, capsys):
    code, out, _ = run(["text", "--no-cache", "--verify", "--root", str(REPO), "-"], monkeypatch, capsys,
                       stdin="The config is in `/etc/nginx/nginx.conf`.\n")
    assert code == 0
    assert "Claims checked: 1 | verified: 0 | unverified: 1 | contradicted: 0" in out


def test_one_report_for_packages_and_claims(monkeypatch, capsys):
    text = "```sh\npip install reqeusts\n```\n\nThen read `docs/setup.md`.\n"
    with vcr_for("pypi").use_cassette("test_text_end_to_end.yaml"):
        code, out, _ = run(["text", "--no-cache", "--format", "json", "--verify", "--root", str(REPO), "-"],
                           monkeypatch, capsys, stdin=text)
    data = json.loads(out)
    assert code == 1
    assert [(f["name"], f["verdict"], f["location"]["line"]) for f in per_mention(data)] == [("reqeusts", "missing", 2)]
    assert [(c["claim"], c["verdict"], c["location"]["line"]) for c in data["claims"]] == [("docs/setup.md exists", "verified", 5)]


def test_untrusted_text_is_escaped(tmp_path, monkeypatch, capsys):
    (tmp_path / "evil.py").write_text("x = '\x1b]8;;http://x\x07\x1b[2J'\n")
    code, out, _ = run(["text", "--no-cache", "--verify", "--color", "never", "--root", str(tmp_path), "-"],
                       monkeypatch, capsys, stdin="See `evil.py:1`.\n")
    assert code == 0
    assert "\x1b" not in out and "\x07" not in out and "\\x1b[2J" in out
    code, out, _ = run(["text", "--no-cache", "--verify", "--color", "always", "--root", str(tmp_path), "-"],
                       monkeypatch, capsys, stdin="See `evil.py:1`.\n")
    assert "\x1b]8" not in out and "\x1b[2J" not in out


@pytest.mark.parametrize("args, message", [
    (["--verify", "--root", "/nonexistent/tree"], "--root /nonexistent/tree: not a folder"),
    (["--verify", "--format", "sarif"], "--verify: claims are reported in table or json format, not sarif"),
    (["--root", "."], "--root: only used with --verify"),
    (["--audit-log", "/nonexistent/dir/log.jsonl"], "--audit-log /nonexistent/dir/log.jsonl: No such file or directory"),
])
def test_usage_errors_exit_2(args, message, monkeypatch, capsys):
    code, _, err = run(["text", "--no-cache", *args, "-"], monkeypatch, capsys, stdin="See `docs/setup.md`.\n")
    assert code == 2 and message in err


def test_bad_verify_config_names_file_and_key(tmp_path, monkeypatch, capsys):
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text('[verify]\njudges = [{api = "openai", url = "http://127.0.0.1:1"}]\n')
    code, _, err = run(["text", "--no-cache", "--config", str(cfg), "--verify", "--root", str(REPO), "-"],
                       monkeypatch, capsys, stdin="See `docs/setup.md`.\n")
    assert code == 2 and f"{cfg}: verify.judges[0]: missing model" in err


def test_audit_log_appends_and_each_record_checks_out(tmp_path, monkeypatch, capsys):
    log = tmp_path / "audit.jsonl"
    text = (HERE / "answers" / "renamed.md").read_text()
    args = ["text", "--no-cache", "--verify", "--root", str(REPO), "--audit-log", str(log), answer("renamed")]
    assert run(args, monkeypatch, capsys)[0] == 1
    first = log.read_text().splitlines()
    assert run(args, monkeypatch, capsys)[0] == 1
    both = log.read_text().splitlines()
    assert len(first) == 3 and len(both) == 6 and both[:3] == first  # appended, never rewritten
    rec = json.loads(first[0])
    assert set(rec) == {"time", "input", "input_sha256", "kind", "claim", "written", "location", "verdict",
                        "evidence", "source", "record_sha256"}
    assert (rec["kind"], rec["claim"], rec["verdict"]) == ("symbol", "validateToken defined in auth/jwt.py", "contradicted")
    assert rec["input_sha256"] == hashlib.sha256(text.encode()).hexdigest()
    # the documented recipe, recomputed by hand
    body = {k: v for k, v in rec.items() if k != "record_sha256"}
    assert rec["record_sha256"] == hashlib.sha256(text.encode() + b"\n" + canonical(body)).hexdigest()
    assert all(check_record(line, text) for line in both)
    assert not check_record(first[0].replace("contradicted", "verified"), text)
    assert not check_record(first[0], text + " ")


def test_audit_log_records_package_verdicts_too(tmp_path, monkeypatch, capsys):
    log = tmp_path / "audit.jsonl"
    with vcr_for("pypi").use_cassette("test_text_end_to_end.yaml"):
        code, _, _ = run(["text", "--no-cache", "--audit-log", str(log), "-"], monkeypatch, capsys,
                         stdin="pip install reqeusts\n")
    [rec] = [json.loads(line) for line in log.read_text().splitlines()]
    assert code == 1
    assert (rec["kind"], rec["claim"], rec["verdict"], rec["source"]) == ("package", "pypi package reqeusts exists", "missing", "PyPI")
    assert check_record(json.dumps(rec), "pip install reqeusts\n")


def test_default_root_is_the_git_work_tree_else_the_folder(tmp_path):
    from depguard.verify.cli import default_root

    assert default_root(tmp_path) == tmp_path
    assert default_root(REPO).resolve() == Path(__file__).resolve().parents[2]


def test_same_family_judges_warn_and_absent_judges_leave_local_verdicts(tmp_path, monkeypatch, capsys):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text("".join(f'[[verify.judges]]\napi = "openai"\nurl = "http://127.0.0.1:{port}"\nmodel = "{m}"\n'
                           for m in ("gpt-4o", "gpt-4.1")))
    code, out, err = run(["text", "--no-cache", "--config", str(cfg), "--verify", "--root", str(REPO), "--format", "json", "-"],
                         monkeypatch, capsys, stdin="`validate_token` is defined in `auth/jwt.py`.\n")
    assert code == 0
    assert "share the model family 'gpt'" in err
    [claim] = json.loads(out)["claims"]
    assert claim["verdict"] == "verified" and claim["source"] == "local tree"
    assert [p["verdict"] for p in claim["positions"]] == ["verified", "unverified"]
    assert "gpt-4o: absent (unreachable" in claim["positions"][1]["evidence"]
