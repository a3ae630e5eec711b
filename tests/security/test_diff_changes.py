"""``scan --diff`` judges everything a change introduces (issue 14): renamed files, UTF-16 requirements files,
non-ASCII paths and paths with spaces, PATHs other than ``.``, and unchanged files pulled in by a new line.
Each case is a real temporary git repository; each ended with exit 0 and nothing judged before."""

from __future__ import annotations

from depguard.report.json_format import per_mention
from tests.security._gitrepo import commit, diff_scan, git, judged, write


def test_a_file_renamed_to_where_it_is_installed_from_is_judged_whole(in_repo, capsys):
    repo = in_repo({"tests/fixtures/reqs.txt": "reqeusts\n", "requirements.txt": "flask\n"})
    git(repo, "mv", "tests/fixtures/reqs.txt", "requirements-ci.txt")  # unchanged content, a new place
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert judged(report) == {("reqeusts", "requirements-ci.txt")}


def test_a_renamed_and_edited_file_is_judged_whole(in_repo, capsys):
    repo = in_repo({"requirements-dev.txt": "flask\npytest\nblack\nmypy\nruff\n"})
    git(repo, "mv", "requirements-dev.txt", "requirements.txt")
    write(repo, {"requirements.txt": "flask\npytest\nblack\nmypy\nruff\nreqeusts\n"})
    code, report = diff_scan(capsys, ".")
    assert {"flask", "reqeusts"} <= {name for name, _ in judged(report)}


def test_utf16_requirements_file_added_line(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n".encode("utf-16")})
    write(repo, {"requirements.txt": "flask\nreqeusts\n".encode("utf-16")})
    code, report = diff_scan(capsys, ".")
    assert judged(report) == {("reqeusts", "requirements.txt")}


def test_non_ascii_path(in_repo, capsys):
    repo = in_repo({"café/requirements.txt": "flask\n"})
    write(repo, {"café/requirements.txt": "flask\nreqeusts\n"})
    code, report = diff_scan(capsys, ".")
    assert judged(report) == {("reqeusts", "café/requirements.txt")}


def test_path_with_spaces(in_repo, capsys):
    repo = in_repo({"my app/requirements.txt": "flask\n"})
    write(repo, {"my app/requirements.txt": "flask\nreqeusts\n"})
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert judged(report) == {("reqeusts", "my app/requirements.txt")}


def test_a_path_other_than_the_top(in_repo, capsys):
    repo = in_repo({"services/api/requirements.txt": "flask\n", "requirements.txt": "flask\n"})
    write(repo, {"services/api/requirements.txt": "flask\nreqeusts\n", "requirements.txt": "flask\nflsk\n"})
    code, report = diff_scan(capsys, "services/api")
    assert judged(report) == {("reqeusts", "services/api/requirements.txt")}


def test_a_path_above_the_working_folder(in_repo, capsys, monkeypatch):
    repo = in_repo({"services/api/requirements.txt": "flask\n", "requirements.txt": "flask\n"})
    write(repo, {"services/api/requirements.txt": "flask\nreqeusts\n", "requirements.txt": "flask\nflsk\n"})
    monkeypatch.chdir(repo / "services")
    code, report = diff_scan(capsys, "..")
    assert judged(report) == {("reqeusts", "../services/api/requirements.txt"), ("flsk", "../requirements.txt")}


def test_several_paths(in_repo, capsys):
    repo = in_repo({"a/requirements.txt": "flask\n", "b/requirements.txt": "flask\n"})
    write(repo, {"a/requirements.txt": "flask\nflsk\n", "b/requirements.txt": "flask\nreqeusts\n"})
    code, report = diff_scan(capsys, "a", "b")
    assert judged(report) == {("flsk", "a/requirements.txt"), ("reqeusts", "b/requirements.txt")}


def test_a_new_include_line_pulls_in_an_unchanged_file(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n", "extra/other.txt": "reqeusts\n"})
    write(repo, {"requirements.txt": "flask\n-r extra/other.txt\n"})
    commit(repo)
    code, report = diff_scan(capsys, ".")
    assert ("reqeusts", "extra/other.txt") in judged(report)


def test_pulled_in_files_are_followed_transitively(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n", "extra/one.txt": "--requirement=two.txt\n",
                    "extra/two.txt": "reqeusts\n"})
    write(repo, {"requirements.txt": "flask\n-r extra/one.txt\n"})
    code, report = diff_scan(capsys, ".")
    assert ("reqeusts", "extra/two.txt") in judged(report)


def test_untracked_files_are_judged_whole(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n"})
    write(repo, {"new dir/requirements.txt": "reqeusts\n"})
    code, report = diff_scan(capsys, ".")
    assert judged(report) == {("reqeusts", "new dir/requirements.txt")}


def test_unchanged_lines_stay_out(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flsk\nflask\n"})
    write(repo, {"requirements.txt": "flsk\nflask\nreqeusts\n"})
    code, report = diff_scan(capsys, ".")
    assert judged(report) == {("reqeusts", "requirements.txt")}


def test_a_base_that_names_no_commit_is_a_usage_error(in_repo, capsys):
    in_repo({"requirements.txt": "flask\n"})
    from depguard.cli import main

    assert main(["scan", "--inventory", "--diff", "no-such-revision", "."]) == 2
    assert "not a commit" in capsys.readouterr().err


def test_utf16_requirements_are_read_in_a_full_scan_too(tmp_path, capsys):
    import json

    from depguard.cli import main

    (tmp_path / "requirements.txt").write_bytes("flask\nreqeusts\n".encode("utf-16"))
    main(["scan", "--inventory", "--format", "json", str(tmp_path)])
    report = json.loads(capsys.readouterr().out)
    assert [(f["name"], f["location"]["line"]) for f in per_mention(report)] == [("flask", 1), ("reqeusts", 2)]


def test_a_new_include_of_a_utf16_file_is_read(in_repo, capsys):
    repo = in_repo({"requirements.txt": "flask\n", "extra/legacy.txt": "reqeusts\n".encode("utf-16")})
    write(repo, {"requirements.txt": "flask\n-r extra/legacy.txt\n"})
    code, report = diff_scan(capsys, ".")
    assert ("reqeusts", "extra/legacy.txt") in judged(report)
