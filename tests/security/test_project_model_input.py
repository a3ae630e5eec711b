"""The project model reads untrusted files (pyproject.toml, setup.cfg, conftest.py, notebooks): hostile
values are stepped over, never followed out of the tree, and cost no more than the text's length."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.pypi.project import path_additions, python_project, writes_module


def test_sys_path_additions_never_leave_the_tree_and_huge_parent_counts_stop_at_the_root():
    folder = "a/b"
    assert path_additions("sys.path.insert(0, str(Path(__file__).parents[99999999999999]))", folder) == []
    assert path_additions("sys.path.append('../../../../etc')", folder) == []
    assert path_additions("sys.path.append('/etc')", folder) == []
    assert path_additions("sys.path.append('C:/Windows')", folder) == []
    assert path_additions("sys.path.insert(0, os.path.dirname(__file__) + '/..')", folder) == ["a"]


def test_hostile_manifests_are_stepped_over(tmp_path: Path):
    files = {
        "pyproject.toml": "[project\nname = ",  # not TOML
        "setup.cfg": "[options]\ninstall_requires =\n    \x00\n[[[",
        "sub/pyproject.toml": '[tool.pytest.ini_options]\npythonpath = ["../../../outside", "/abs", 7]\n'
                              '[tool.setuptools.package-dir]\n"" = "../.."\n',
        "sub/pkg.py": "",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    view = python_project(tmp_path, list(files))
    assert all(not r.startswith("..") and not r.startswith("/") for r in view.roots)
    assert "pkg" in view.modules


def test_a_long_line_of_quotes_is_searched_in_one_pass():
    text = "'" + "a/" * 200_000 + "\n" + '"x' * 100_000
    assert not writes_module(text, "mymod")


class _Counting:
    """A compiled pattern that counts the passes made over a text with it."""

    def __init__(self, pattern, passes: list[str]) -> None:
        self.pattern, self.passes = pattern, passes

    def __getattr__(self, method: str):
        self.passes.append(method)
        return getattr(self.pattern, method)


def test_many_imported_names_are_looked_up_in_one_reading_of_the_file(monkeypatch):
    """l39: writes_module searched the file once per distinct imported name (4,000 names in 40 KB: 2.4 s). The
    file is read once, each shape by one pass; every later name is a lookup."""
    from depguard.ecosystems.pypi import written_modules as wm

    passes: list[str] = []
    for attr, value in list(vars(wm).items()):
        if attr.isupper() and hasattr(value, "finditer"):
            monkeypatch.setattr(wm, attr, _Counting(value, passes))
        elif attr.isupper() and isinstance(value, tuple) and all(hasattr(p, "finditer") for p in value):
            monkeypatch.setattr(wm, attr, tuple(_Counting(p, passes) for p in value))
    n = 2_000
    text = ("import os, tempfile\nd = tempfile.mkdtemp()\n"
            + "".join(f'import mod_{i}\nSKIP_{i} = "mod_{i}"\nPath(d) / SKIP_{i}\n' for i in range(n))
            + 'open(os.path.join("gen_pkg", "answer.py"), "w")\n!git clone https://github.com/org/cloned_repo.git\n')
    wm.written_modules.cache_clear()
    assert writes_module(text, "gen_pkg")
    once = len(passes)
    assert writes_module(text, "cloned_repo") and writes_module(text, f"mod_{n - 1}")
    assert not any(writes_module(text, name) for name in ("os", "tempfile", "mod_absent"))
    assert len(passes) == once, "a later name searched the file again"
    assert wm.written_modules.cache_info().misses == 1


def test_a_from_import_of_many_names_reads_the_module_once(tmp_path, monkeypatch):
    """l40: which own module defines every name of ``from top import a, b, …`` searched the module once per name (a
    regular expression with the name in it). Its top-level names are read in one pass per text; a name it does not
    define still leaves the import judged."""
    from depguard.ecosystems.pypi import imports
    from tests.trees import judged, write

    passes: list[str] = []
    monkeypatch.setattr(imports, "TOP_LEVEL_NAME", _Counting(imports.TOP_LEVEL_NAME, passes))
    imports._top_level_names.cache_clear()
    n = 1_000
    names = [f"helper_{i}" for i in range(n)]
    write(tmp_path, {
        "gr-kit/python/kit/__init__.py": "",
        "gr-kit/python/kit/fsm_kit.py": "".join(f"def {name}():\n    return {i}\n" for i, name in enumerate(names)),
        "gr-kit/docs/use_all.py": f"from fsm_kit import {', '.join(names)}\n",
        "gr-kit/docs/use_one_more.py": f"from fsm_kit import {', '.join(names[:10])}, helper_invented\n",
    })
    rep = judged(tmp_path, existing=set())
    got = {f.mention.location.path.rpartition("/")[2]: f.verdict.value for f in rep.findings}
    assert got.pop("use_all.py", "allowed") == "allowed" and got == {"use_one_more.py": "missing"}
    assert passes.count("finditer") == 1


def test_each_of_two_clone_lines_names_its_folder():
    # a clone's pattern read to the next line's first word took that line's `git clone` with it (aws cdk-eks-blueprints'
    # postCreateCommand.sh: the second clone and the sed after it); each clone is read from its own start
    text = ("git clone https://github.com/zsh-users/one_repo.git ${ZSH_CUSTOM}/plugins/one_repo\n"
            "git clone https://github.com/zsh-users/two_repo ${ZSH_CUSTOM}/plugins/two_repo\nsed -i x ~/.zshrc\n")
    assert writes_module(text, "sed") and writes_module(text, "git")  # the old reading's next-line word, kept
    assert not writes_module(text, "invented_repo")
