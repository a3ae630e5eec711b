"""The change under review never configures its own check (issue 14): in ``scan --diff`` (what the GitHub
Action runs) the configuration comes from the base revision, and a change to depguard's configuration is
itself reported and fails the check."""

from __future__ import annotations

from pathlib import Path

from depguard.config import load_settings
from depguard.diff import changes_since, trusted_config
from depguard.report.json_format import per_mention
from tests.security._gitrepo import commit, diff_scan, write


def config_changes(report: dict) -> list[dict]:
    return [p for p in report["problems"] if p["kind"] == "config-change"]


def test_an_added_config_that_ignores_everything_is_not_obeyed_and_is_reported(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n"})
    write(repo, {"requirements.txt": "flask\nreqeusts\n", ".depguard.toml": 'ignore = ["**"]\n'})
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert {f["name"] for f in per_mention(report)} == {"reqeusts"}
    [problem] = config_changes(report)
    assert problem["location"]["path"] == ".depguard.toml"
    assert "configuration of base" in problem["message"]
    assert code == 1


def test_an_edited_tool_depguard_table_is_not_obeyed_and_is_reported(in_repo, capsys):
    repo = in_repo({"pyproject.toml": '[project]\nname = "x"\n\n[tool.depguard]\nignore = ["docs/**"]\n',
                    "requirements.txt": "flask\n"})
    write(repo, {"pyproject.toml": '[project]\nname = "x"\n\n[tool.depguard]\nignore = ["**"]\n',
                 "requirements.txt": "flask\nreqeusts\n"})
    code, report = diff_scan(capsys, ".")
    assert {f["name"] for f in per_mention(report)} == {"reqeusts"}
    assert [p["location"]["path"] for p in config_changes(report)] == ["pyproject.toml"]
    assert code == 1


def test_a_pyproject_change_outside_tool_depguard_is_not_a_config_change(in_repo, capsys):
    repo = in_repo({"pyproject.toml": '[project]\nname = "x"\nversion = "1"\n\n[tool.depguard]\nignore = []\n'})
    write(repo, {"pyproject.toml": '[project]\nname = "x"\nversion = "2"\n\n[tool.depguard]\nignore = []\n'})
    code, report = diff_scan(capsys, ".")
    assert config_changes(report) == []


def test_removing_the_config_is_reported(in_repo, capsys):
    repo = in_repo({".depguard.toml": 'ignore = ["vendored/**"]\n', "requirements.txt": "flask\n"})
    (repo / ".depguard.toml").unlink()
    code, report = diff_scan(capsys, ".")
    assert "removes" in config_changes(report)[0]["message"]


def test_the_base_configuration_is_used(in_repo, capsys):
    repo = in_repo({".depguard.toml": 'ignore = ["vendored/**"]\n', "requirements.txt": "flask\n"})
    write(repo, {"vendored/requirements.txt": "reqeusts\n", "requirements.txt": "flask\nflsk\n"})
    code, report = diff_scan(capsys, ".")
    assert {f["name"] for f in per_mention(report)} == {"flsk"}  # the base's ignore applies
    assert config_changes(report) == []


def test_registries_and_allow_lists_come_from_the_base(in_repo):
    repo = in_repo({".depguard.toml": '[allow]\npypi = ["mycorp-*"]\n'})
    write(repo, {".depguard.toml": '[allow]\npypi = ["*"]\n\n[registries]\npypi = "https://evil.example"\n'})
    found = changes_since("base", Path("."))
    settings = load_settings(Path("."), environ={}, trusted=trusted_config(found, Path(".")))
    assert dict(settings.allow) == {"pypi": ("mycorp-*",)}
    assert "pypi" not in settings.registries


def test_an_explicit_config_inside_the_repository_is_read_at_the_base(in_repo, capsys):
    repo = in_repo({"ci/depguard.toml": 'ignore = ["vendored/**"]\n', "requirements.txt": "flask\n"})
    write(repo, {"ci/depguard.toml": 'ignore = ["**"]\n', "requirements.txt": "flask\nreqeusts\n"})
    code, report = diff_scan(capsys, "--config", "ci/depguard.toml", ".")
    assert {f["name"] for f in per_mention(report)} == {"reqeusts"}
    assert [p["location"]["path"] for p in config_changes(report)] == ["ci/depguard.toml"]


def test_a_config_nearer_the_scanned_folder_added_by_the_change_is_not_used(in_repo, capsys):
    repo = in_repo({".depguard.toml": "ignore = []\n", "app/requirements.txt": "flask\n"})
    write(repo, {"app/.depguard.toml": 'ignore = ["**"]\n', "app/requirements.txt": "flask\nreqeusts\n"})
    code, report = diff_scan(capsys, "app")
    assert {f["name"] for f in per_mention(report)} == {"reqeusts"}
    assert [p["location"]["path"] for p in config_changes(report)] == ["app/.depguard.toml"]


def test_an_inline_suppression_the_change_adds_is_not_obeyed(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\nflsk  # depguard: ignore internal mirror name\n"})
    write(repo, {"requirements.txt": "flask\nflsk  # depguard: ignore internal mirror name\n"
                                     "reqeusts  # depguard: ignore trust me\n"})
    import json

    from depguard.cli import main

    capsys.readouterr()
    main(["scan", "--offline", "--no-progress", "--diff", "base", "--format", "json", "."])
    report = json.loads(capsys.readouterr().out)
    assert {(f["name"], f["verdict"]) for f in per_mention(report)} == {("reqeusts", "not-checked")}
    [note] = [p for p in report["problems"] if p["kind"] == "suppression"]
    assert note["location"]["line"] == 3 and "not obeyed" in note["message"]


def test_a_suppression_on_the_base_stays_obeyed(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n",
                    "requirements/base.txt": "flsk  # depguard: ignore internal mirror name\n"})
    write(repo, {"requirements.txt": "flask\n-r requirements/base.txt\n"})
    import json

    from depguard.cli import main

    capsys.readouterr()
    main(["scan", "--offline", "--no-progress", "--diff", "base", "--format", "json", "."])
    report = json.loads(capsys.readouterr().out)
    assert {(f["name"], f["verdict"]) for f in per_mention(report)} == {("flsk", "allowed")}


def test_a_marker_file_the_change_adds_does_not_hide_its_files(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n"})
    write(repo, {"app/CACHEDIR.TAG": "Signature: 8a477f597d28d172789f06886806bc55\n",
                 "app/requirements.txt": "reqeusts\n", "env/pyvenv.cfg": "home = /usr/bin\n",
                 "env/requirements.txt": "flsk\n"})
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert {(f["name"], f["location"]["path"]) for f in per_mention(report)} == {
        ("reqeusts", "app/requirements.txt"), ("flsk", "env/requirements.txt")}
    assert sorted(p["location"]["path"] for p in config_changes(report)) == ["app/CACHEDIR.TAG", "env/pyvenv.cfg"]
    assert code == 1


def test_an_installer_record_the_change_adds_does_not_hide_its_files(in_repo, capsys):
    # a .dist-info with RECORD and INSTALLER marks the folders its RECORD lists as pip-installed copies (65e8817a,
    # `pip install --target lib`); a change that writes such a record beside its own code must not hide that code
    repo = in_repo({"requirements.txt": "flask\n", "src/app.py": "import flask\n"})
    write(repo, {"evil-1.0.dist-info/RECORD": "src/app.py,sha256=x,10\nsrc/extra/requirements.txt,sha256=y,5\n",
                 "evil-1.0.dist-info/INSTALLER": "pip\n",
                 "src/extra/requirements.txt": "reqeusts\n"})
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert {(f["name"], f["location"]["path"]) for f in per_mention(report)} == {
        ("reqeusts", "src/extra/requirements.txt")}
    [change] = config_changes(report)
    assert change["location"]["path"] == "evil-1.0.dist-info/RECORD" and "src/" in change["message"]
    assert code == 1


def test_an_installer_record_on_the_base_still_leaves_its_packages_out(in_repo, capsys):
    # the same record committed before the change is the tree's: a file the change adds in the folder it lists is an
    # installed copy's, as on a full scan
    repo = in_repo({"requirements.txt": "flask\n", "lib/numpy-1.19.5.dist-info/INSTALLER": "pip\n",
                    "lib/numpy-1.19.5.dist-info/RECORD": "numpy/__init__.py,sha256=x,10\n",
                    "lib/numpy/__init__.py": "\n"})
    write(repo, {"lib/numpy/core/cversions.py": "from code_generators.genapi import fullapi_hash\n",
                 "requirements.txt": "flask\nreqeusts\n"})
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert {f["name"] for f in per_mention(report)} == {"reqeusts"}
    assert config_changes(report) == []
