"""Files named on the command line (how pre-commit calls depguard) are judged from the current folder."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths


def test_named_files_are_judged_from_the_current_folder(tmp_path, monkeypatch):
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "views.py").write_text("from app import utils\nimport django\n")
    (tmp_path / "requirements").mkdir()
    (tmp_path / "requirements" / "dev.txt").write_text("-r ../requirements-base.txt\npytest\n")
    (tmp_path / "requirements-base.txt").write_text("django\n")
    monkeypatch.chdir(tmp_path)
    out = collect_paths([Path("app/views.py"), Path("requirements/dev.txt")], Settings())
    # the project's own package `app` is not a PyPI name; an include one folder up is inside the tree
    assert [(m.location.path, m.key.name, m.location.line) for m in out.mentions] == [
        ("app/views.py", "django", 2),
        ("requirements/dev.txt", "pytest", 2),
        ("requirements-base.txt", "django", 1),
    ]
    assert out.problems == []


def test_a_file_outside_the_current_folder_is_judged_from_its_own_folder(tmp_path, monkeypatch):
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "requirements.txt").write_text("-r ../secret.txt\nrequests\n")
    (tmp_path / "secret.txt").write_text("secret-package\n")
    (tmp_path / "here").mkdir()
    monkeypatch.chdir(tmp_path / "here")
    out = collect_paths([tmp_path / "outside" / "requirements.txt"], Settings())
    assert [m.key.name for m in out.mentions] == ["requests"]
    assert any("outside the scanned tree" in p.message for p in out.problems)


def test_a_file_read_whole_even_when_it_grew_after_stat(tmp_path, monkeypatch):
    import os

    from depguard.discover import FileEntry, read_text

    path = tmp_path / "requirements.txt"
    path.write_text("requests\nflask\n")
    real_stat = Path.stat

    def small_stat(self, *a, **k):  # as if the file had been shorter when stat looked (or a pipe: 0)
        st = real_stat(self, *a, **k)
        return os.stat_result((st.st_mode, st.st_ino, st.st_dev, st.st_nlink, st.st_uid, st.st_gid, 3,
                               st.st_atime, st.st_mtime, st.st_ctime))

    monkeypatch.setattr(Path, "stat", small_stat)
    entry = FileEntry(path, "requirements.txt", tmp_path, ())
    assert read_text(entry, Settings()) == ("requests\nflask\n", None)
    limited = Settings(max_file_bytes=10)
    text, problem = read_text(entry, limited)
    assert text is None and problem is not None and problem.kind == "limit"


def test_a_binary_file_taken_by_its_suffix_alone_is_no_read_problem_but_a_binary_manifest_is(tmp_path, monkeypatch):
    # ansible-lint's examples/broken/encoding.yml: a linter's deliberately binary input with a YAML suffix (only the
    # suffix-wide Kubernetes format would look at it); a requirements file with NUL bytes is a manifest nobody can read
    (tmp_path / "examples" / "broken").mkdir(parents=True)
    (tmp_path / "examples" / "broken" / "encoding.yml").write_bytes(bytes(range(256)) * 4)  # random-looking bytes
    (tmp_path / "examples" / "broken" / "blob.js").write_bytes(b"\x00\x01binary")
    (tmp_path / "requirements.txt").write_bytes(b"requests\x00\x00\n")
    monkeypatch.chdir(tmp_path)
    out = collect_paths([Path(".")], Settings())
    assert [(p.location.path, p.message) for p in out.problems] == [
        ("requirements.txt", "binary file (NUL bytes); not scanned")]


def test_a_python_file_is_read_in_the_encoding_its_pep263_line_declares(tmp_path):
    # pylint's implicit_str_concat_latin1.py: Latin-1 bytes under "# coding: latin_1" are no read problem
    (tmp_path / "latin.py").write_bytes("# coding: latin_1\nimport requests\nTOTO = 'Café'\n".encode("latin-1"))
    (tmp_path / "second.py").write_bytes("#!/usr/bin/env python\n# -*- coding: iso-8859-15 -*-\nimport six  # €\n"
                                         .encode("iso-8859-15"))
    # undeclared, declared after code, or declared in a file that is no Python source: still reported
    (tmp_path / "plain.py").write_bytes("import attrs\nS = 'Café'\n".encode("latin-1"))
    (tmp_path / "late.py").write_bytes("import idna\n# coding: latin_1\nS = 'Café'\n".encode("latin-1"))
    (tmp_path / "requirements.txt").write_bytes("# coding: latin_1\nflask  # Café\n".encode("latin-1"))
    out = collect_paths([tmp_path], Settings())
    assert {(Path(m.location.path).name, m.key.name) for m in out.mentions} >= {
        ("latin.py", "requests"), ("second.py", "six"), ("plain.py", "attrs"), ("late.py", "idna"),
        ("requirements.txt", "flask")}
    assert sorted(Path(p.location.path).name for p in out.problems if p.kind == "encoding") == [
        "late.py", "plain.py", "requirements.txt"]
