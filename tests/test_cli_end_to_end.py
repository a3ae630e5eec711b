"""The three commands through the real CLI entry point, asserting on JSON output and exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from depguard.cli import main
from depguard.report.json_format import per_mention

from .cassettes import vcr_for


def run_cli(args, monkeypatch, capsys, stdin: str | None = None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(["--version"] if args is None else args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_text_names_a_missing_package_and_exits_1(monkeypatch, capsys):
    with vcr_for("pypi").use_cassette("test_text_end_to_end.yaml"):
        code, out, _ = run_cli(["text", "--no-cache", "--format", "json", "-"], monkeypatch, capsys,
                               stdin="pip install reqeusts\n")
    data = json.loads(out)
    assert code == 1
    [f] = per_mention(data)
    assert (f["ecosystem"], f["name"], f["verdict"], f["rule"]) == ("pypi", "reqeusts", "missing", "DG001")
    assert f["location"] == {"path": "<stdin>", "line": 1, "column": 13, "end_line": 1, "end_column": 21}
    assert f["evidence"]["source"] == "PyPI" and "404" in f["evidence"]["reason"]
    assert data["summary"]["missing"] == 1


def test_text_with_registry_unreachable_exits_3(monkeypatch, capsys):
    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", "http://127.0.0.1:9")
    code, out, _ = run_cli(["text", "--no-cache", "--timeout", "1", "--format", "json", "-"], monkeypatch, capsys,
                           stdin="pip install reqeusts\n")
    data = json.loads(out)
    assert code == 3
    assert per_mention(data)[0]["verdict"] == "not-checked"
    assert "could not be checked" in per_mention(data)[0]["reasons"][0]


def test_check_guesses_npm_for_scoped_names(monkeypatch, capsys):
    with vcr_for("npm").use_cassette("test_mixed.yaml"):
        code, out, _ = run_cli(["check", "--no-cache", "--format", "json", "@types/ms", "npm:lodahs", "npm:lodash"],
                               monkeypatch, capsys)
    data = json.loads(out)
    verdicts = {f["name"]: f["verdict"] for f in per_mention(data)}
    assert verdicts == {"@types/ms": "ok", "lodahs": "missing", "lodash": "ok"}
    assert code == 1
    assert all(f["location"] is None for f in per_mention(data))


def test_check_invalid_name_is_not_looked_up(monkeypatch, capsys):
    code, out, _ = run_cli(["check", "--no-cache", "--format", "json", "-e", "npm", "../../x"], monkeypatch, capsys)
    data = json.loads(out)
    assert per_mention(data)[0]["verdict"] == "invalid"
    assert per_mention(data)[0]["evidence"] is None
    assert code == 1


def test_scan_inventory_asks_nothing(tmp_path, monkeypatch, capsys):
    (tmp_path / "requirements.txt").write_text("requests>=2\n# c\nflask==2.0\n")
    (tmp_path / "package.json").write_text('{"name": "x", "dependencies": {"lodash": "^4"}}')
    code, out, _ = run_cli(["scan", "--inventory", "--format", "json", str(tmp_path)], monkeypatch, capsys)
    data = json.loads(out)
    found = sorted((f["ecosystem"], f["name"], f["location"]["line"]) for f in per_mention(data))
    assert found == [("npm", "lodash", 1), ("pypi", "flask", 3), ("pypi", "requests", 1)]
    assert data["inventory"] is True
    assert code == 0


def test_scan_reports_a_bad_file_and_goes_on(tmp_path, monkeypatch, capsys):
    (tmp_path / "package.json").write_text('{"dependencies": {"lodash": ')
    (tmp_path / "requirements.txt").write_text("requests\n")
    code, out, _ = run_cli(["scan", "--inventory", "--format", "json", str(tmp_path)], monkeypatch, capsys)
    data = json.loads(out)
    assert [f["name"] for f in per_mention(data)] == ["requests"]
    [problem] = data["problems"]
    assert problem["location"]["path"].endswith("package.json") and problem["location"]["line"] == 1
    assert "not valid JSON" in problem["message"]
    assert code == 3


def test_missing_path_is_an_input_error(monkeypatch, capsys):
    code, _, err = run_cli(["scan", "/nonexistent/dir"], monkeypatch, capsys)
    assert code == 2
    assert "no such file" in err


def test_bad_config_names_file_and_key(tmp_path, monkeypatch, capsys):
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text('fail-on = "sometimes"\n')
    code, _, err = run_cli(["check", "--config", str(cfg), "requests"], monkeypatch, capsys)
    assert code == 2
    assert ".depguard.toml: fail-on" in err


def test_console_script_help_runs():
    proc = subprocess.run([sys.executable, "-m", "depguard.cli", "--help"], capture_output=True, text=True)
    assert proc.returncode == 0
    for word in ("scan", "check", "text", "exit codes"):
        assert word in proc.stdout


def test_check_with_an_unknown_ecosystem_prefix_is_a_usage_error(monkeypatch, capsys):
    code, _, err = run_cli(["check", "--no-cache", "nosuch:foo"], monkeypatch, capsys)
    assert code == 2
    assert "'nosuch' is not an ecosystem" in err


def test_check_reads_an_npm_alias_as_the_package_it_installs():
    """'name@npm:real@range' (npm's alias spelling) names the package npm fetches; its colon is no prefix."""
    from depguard.scan import collect_names

    [m] = collect_names(["my-lodash@npm:lodash@4"]).mentions
    assert (m.key.ecosystem, m.key.name, m.spec) == ("npm", "lodash", "4")


@pytest.mark.parametrize("spec", ["requests @ https://files.example/requests-2.31.0-py3-none-any.whl",
                                  "git+https://github.com/psf/requests"])
def test_check_of_a_url_says_it_installs_from_its_own_address(spec, monkeypatch, capsys):
    code, _, err = run_cli(["check", "--no-cache", spec], monkeypatch, capsys)
    assert code == 2
    assert "a URL installs from its own address, not from a registry" in err and "is not an ecosystem" not in err


def test_a_quiet_clean_run_empties_its_output_file(tmp_path, monkeypatch, capsys):
    """--quiet prints nothing when clean, but an --output FILE still gets that nothing: an old report left
    there would be read as this run's."""
    report = tmp_path / "report.txt"
    report.write_text("requirements.txt:2:1  pypi  reqeusts  missing\n")
    with vcr_for("pypi").use_cassette("test_found.yaml"):
        code, out, _ = run_cli(["check", "-q", "--no-cache", "--output", str(report), "pypi:requests"], monkeypatch, capsys)
    assert (code, out, report.read_text()) == (0, "", "")


def test_check_guesses_maven_for_group_and_artifact():
    from depguard.scan import collect_names

    [m] = collect_names(["com.google.guava:guava"]).mentions
    assert m.key.ecosystem == "maven"


def test_unknown_option_is_reported_with_the_sub_commands_usage(monkeypatch, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["text", "--inventory", "-"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: depguard text") and "unrecognized arguments: --inventory" in err


def test_popular_takes_ecosystems_after_its_options(monkeypatch, capsys):
    code, out, _ = run_cli(["popular", "status", "--timeout", "5", "pypi"], monkeypatch, capsys)
    assert code == 0 and out.startswith("pypi:")
