"""Configuration through the real CLI: allow globs per ecosystem, deny, ignore, registry URLs, fail-on,
thresholds, private scopes/prefixes (DG006), and invalid config (exit 2 naming file and key)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from depguard.cli import main
from depguard.config import Settings
from depguard.report.json_format import per_mention

from ..cassettes import vcr_for


def scan_json(args, capsys):
    code = main(["scan", "--no-cache", "--format", "json", *args])
    out = capsys.readouterr().out
    return code, json.loads(out)


def verdicts(data):
    return {(f["ecosystem"], f["name"], f["location"]["line"] if f["location"] else None): (f["verdict"], f["rule"])
            for f in per_mention(data)}


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_allow_glob_scoped_npm_names_are_never_reported_missing_nor_asked(tmp_path, registry, capsys):
    write(tmp_path, {
        ".depguard.toml": '[allow]\nnpm = ["@mycorp/*"]\n',
        "package.json": '{"dependencies": {"@mycorp/ui": "^1", "@mycorp/auth-client": "2", "lodash": "^4"}}',
    })
    code, data = scan_json([str(tmp_path)], capsys)
    assert verdicts(data) == {("npm", "@mycorp/ui", 1): ("allowed", "DG200"),
                              ("npm", "@mycorp/auth-client", 1): ("allowed", "DG200"),
                              ("npm", "lodash", 1): ("ok", "DG000")}
    assert not any("mycorp" in p for p in registry.asked)
    assert code == 0


def test_allow_is_per_ecosystem(tmp_path, registry, capsys):
    write(tmp_path, {
        ".depguard.toml": '[allow]\npypi = ["mycorp-*"]\n',
        "requirements.txt": "mycorp-tools==1.0\nMyCorp_Utils\n",
        "package.json": '{"dependencies": {"mycorp-tools": "1"}}',
    })
    code, data = scan_json([str(tmp_path)], capsys)
    assert verdicts(data) == {("pypi", "mycorp-tools", 1): ("allowed", "DG200"),
                              ("pypi", "mycorp-utils", 2): ("allowed", "DG200"),
                              ("npm", "mycorp-tools", 1): ("missing", "DG001")}
    assert code == 1


def test_allow_as_a_plain_list_applies_to_every_ecosystem(tmp_path, registry, capsys):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "x"\ndependencies = ["internal-lib"]\n\n[tool.depguard]\nallow = ["internal-*"]\n',
        "package.json": '{"dependencies": {"internal-widgets": "1"}}',
    })
    code, data = scan_json([str(tmp_path)], capsys)
    assert {v for v in verdicts(data).values()} == {("allowed", "DG200")}
    assert code == 0


def test_deny_flags_existing_and_missing_names(tmp_path, registry, capsys):
    write(tmp_path, {
        ".depguard.toml": '[deny]\npypi = ["flask"]\nnpm = ["left-*"]\n',
        "requirements.txt": "flask\nrequests\n",
        "package.json": '{"dependencies": {"left-pad": "1"}}',
    })
    code, data = scan_json([str(tmp_path)], capsys)
    assert verdicts(data) == {("pypi", "flask", 1): ("suspicious", "DG005"),
                              ("pypi", "requests", 2): ("ok", "DG000"),
                              ("npm", "left-pad", 1): ("suspicious", "DG005")}
    assert code == 1


def test_ignore_paths_are_not_scanned(tmp_path, registry, capsys):
    write(tmp_path, {
        ".depguard.toml": 'ignore = ["vendored/**", "docs"]\n',
        "requirements.txt": "requests\n",
        "vendored/lib/requirements.txt": "reqeusts\n",
        "docs/README.md": "```bash\npip install reqeusts\n```\n",
    })
    code, data = scan_json([str(tmp_path)], capsys)
    assert verdicts(data) == {("pypi", "requests", 1): ("ok", "DG000")}
    assert code == 0


def test_registry_url_from_config_is_used(tmp_path, registry, monkeypatch, capsys):
    monkeypatch.delenv("DEPGUARD_REGISTRY_PYPI")
    write(tmp_path, {".depguard.toml": f'[registries]\npypi = "{registry.url}"\n', "requirements.txt": "requests\n"})
    code, data = scan_json([str(tmp_path)], capsys)
    [f] = per_mention(data)
    assert f["verdict"] == "ok"
    assert f["evidence"]["asked"] == f"{registry.url}/pypi/requests/json"
    assert registry.asked == ["/pypi/requests/json"]
    assert code == 0


@pytest.mark.parametrize(("fail_on", "expected"), [("suspicious", 1), ("missing", 0)])
def test_fail_on_and_thresholds(tmp_path, registry, capsys, fail_on, expected):
    # every package first published less than 100,000 days ago is "new": suspicious by threshold (DG003)
    write(tmp_path, {".depguard.toml": f'fail-on = "{fail_on}"\n\n[thresholds]\nnew-package-days = 100000\n',
                     "requirements.txt": "requests\n"})
    code, data = scan_json([str(tmp_path)], capsys)
    [f] = per_mention(data)
    assert (f["verdict"], f["rule"]) == ("suspicious", "DG003")
    assert any("threshold 100000" in r for r in f["reasons"])
    assert code == expected


def test_fail_on_flag_overrides_config(tmp_path, registry, capsys):
    write(tmp_path, {".depguard.toml": 'fail-on = "suspicious"\n[thresholds]\nnew-package-days = 100000\n',
                     "requirements.txt": "requests\n"})
    code, _ = scan_json(["--fail-on", "missing", str(tmp_path)], capsys)
    assert code == 0


@pytest.mark.parametrize(("name", "text", "where"), [
    ("unknown-key", 'fail_soon = "x"\n', ".depguard.toml:1: fail_soon: unknown setting (did you mean 'fail-on'?)"),
    ("bad-fail-on", 'fail-on = "sometimes"\n', ".depguard.toml: fail-on"),
    ("unknown-ecosystem", '[allow]\nnpmm = ["x"]\n', ".depguard.toml: allow.npmm"),
    ("allow-not-strings", '[allow]\npypi = [1, 2]\n', ".depguard.toml: allow.pypi"),
    ("registry-not-url", '[registries]\npypi = "ftp://mirror"\n', ".depguard.toml: registries.pypi"),
    ("unknown-threshold", '[thresholds]\nnew-days = 3\n', ".depguard.toml: thresholds.new-days"),
    ("negative-threshold", '[thresholds]\nmin-versions = -1\n', ".depguard.toml: thresholds.min-versions"),
    ("private-scopes-not-list", 'private-scopes = 3\n', ".depguard.toml: private-scopes"),
    ("not-toml", 'allow = [\n', ".depguard.toml: not valid TOML"),
])
def test_invalid_config_exits_2_naming_file_and_key(tmp_path, capsys, name, text, where):
    write(tmp_path, {".depguard.toml": text, "requirements.txt": "requests\n"})
    code = main(["scan", "--no-cache", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert where in err
    assert str(tmp_path) in err


def test_invalid_tool_depguard_in_pyproject_names_pyproject(tmp_path, capsys):
    write(tmp_path, {"pyproject.toml": '[project]\nname = "x"\n\n[tool.depguard]\nignore = 5\n'})
    code = main(["scan", "--no-cache", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert "pyproject.toml: ignore" in err


# --- private scopes and prefixes: dependency confusion (DG006) --------------------------------------

def test_private_prefix_public_name_is_dg006_and_missing_one_is_private(monkeypatch, capsys, tmp_path):
    # recorded answers: lodash exists on the public npm registry, lodahs does not
    write(tmp_path, {".depguard.toml": 'private-prefixes = ["lod"]\n'})
    monkeypatch.chdir(tmp_path)
    with vcr_for("npm").use_cassette("test_mixed.yaml"):
        code = main(["check", "--no-cache", "--format", "json", "npm:lodash", "npm:lodahs"])
    data = json.loads(capsys.readouterr().out)
    by_name = {f["name"]: f for f in per_mention(data)}
    assert (by_name["lodash"]["verdict"], by_name["lodash"]["rule"]) == ("suspicious", "DG006")
    assert "private-prefixes 'lod'" in by_name["lodash"]["reasons"][0]
    assert "dependency confusion" in by_name["lodash"]["reasons"][0]
    assert (by_name["lodahs"]["verdict"], by_name["lodahs"]["rule"]) == ("allowed", "DG200")
    assert "private package" in by_name["lodahs"]["reasons"][0]
    assert code == 1


def test_private_scope_is_asked_even_when_allowed(monkeypatch, capsys, tmp_path):
    # a scope the team believes is private but that is public (recorded: @types/ms exists)
    write(tmp_path, {".depguard.toml": 'private-scopes = ["@types"]\n[allow]\nnpm = ["@types/*"]\n'})
    monkeypatch.chdir(tmp_path)
    with vcr_for("npm").use_cassette("test_scoped.yaml"):
        code = main(["check", "--no-cache", "--format", "json", "@types/ms"])
    [f] = per_mention(json.loads(capsys.readouterr().out))
    assert (f["verdict"], f["rule"]) == ("suspicious", "DG006")
    assert f["evidence"]["existence"] == "exists"
    assert code == 1


def test_private_names_against_a_private_registry_are_not_judged_for_confusion(tmp_path, registry, capsys):
    # the registry in use is not the public one: "exists there" says nothing about the public registry
    write(tmp_path, {".depguard.toml": 'private-prefixes = ["lodash"]\n',
                     "package.json": '{"dependencies": {"lodash": "^4"}}'})
    code, data = scan_json([str(tmp_path)], capsys)
    assert verdicts(data) == {("npm", "lodash", 1): ("ok", "DG000")}
    assert code == 0


@pytest.mark.parametrize(("scopes", "prefixes", "eco", "name", "expected"), [
    (("@mycorp",), (), "npm", "@mycorp/ui", "@mycorp"),
    (("mycorp",), (), "npm", "@mycorp/ui", "mycorp"),
    (("@mycorp",), (), "npm", "@mycorpx/ui", None),
    (("@mycorp",), (), "npm", "mycorp-ui", None),
    (("com.mycorp",), (), "maven", "com.mycorp:core", "com.mycorp"),
    ((), ("mycorp-",), "pypi", "MyCorp-Utils", "mycorp-"),
    ((), ("mycorp-",), "pypi", "notmycorp-utils", None),
    ((), (), "pypi", "anything", None),
])
def test_private_match(scopes, prefixes, eco, name, expected):
    assert Settings(private_scopes=scopes, private_prefixes=prefixes).private_match(eco, name) == expected
