"""The per-file parse cache (depguard.parsecache): a warm rescan gives what a fresh parse gives, and an entry
is reused only while the file, everything its parse consulted, the project facts it read and the settings
that change parsing are as they were."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.scan import Collected, collect_file, collect_paths


@pytest.fixture
def cached(tmp_path: Path) -> Settings:
    return Settings(use_cache=True, cache_dir=tmp_path / "cache")


def scan(root: Path, settings: Settings) -> Collected:
    return collect_paths([root], settings)


def names(collected: Collected) -> set[tuple[str, str]]:
    """(path relative to the scanned folder, name) of every mention."""
    return {((m.location.path or "").rpartition("/proj/")[2].rpartition("/mono/")[2], m.key.name)
            for m in collected.mentions}


def fresh(root: Path, settings: Settings) -> Collected:
    return collect_paths([root], replace(settings, use_cache=False))


def same(a: Collected, b: Collected) -> None:
    assert a.mentions == b.mentions
    assert a.problems == b.problems
    assert a.suppressed == b.suppressed
    assert a.files == b.files


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    write(root / "requirements.txt", "requests==2.31.0\n-r other.txt\nflask  # depguard: ignore reviewed\n")
    write(root / "other.txt", "numpy\n")
    write(root / "tools" / "requirements.txt", "pyyaml\n")
    write(root / "app.py", "import requests\nimport helper\nimport yaml\n")
    write(root / "package.json", '{"name": "top", "dependencies": {"left-pad": "1.0.0"}}\n')
    write(root / "README.md", "Install:\n\n```sh\npip install rich\n```\n")
    return root


def test_warm_rescan_gives_identical_findings_from_the_cache(tree: Path, cached: Settings) -> None:
    cold = scan(tree, cached)
    warm = scan(tree, cached)
    assert cold.cached == 0
    assert warm.cached == warm.files == cold.files
    same(warm, cold)
    same(warm, fresh(tree, cached))
    assert warm.suppressed  # the inline suppression survives the round trip


def test_editing_a_file_reparses_that_file_only(tree: Path, cached: Settings) -> None:
    first = scan(tree, cached)
    write(tree / "package.json", '{"name": "top", "dependencies": {"left-pad": "1.0.0", "is-odd": "3.0.1"}}\n')
    again = scan(tree, cached)
    assert again.cached == first.files - 1
    assert any(name == "is-odd" for _, name in names(again))
    same(again, fresh(tree, cached))


def test_editing_a_python_manifest_reparses_the_sources_that_judge_imports_against_it(tree: Path, cached: Settings) -> None:
    first = scan(tree, cached)
    write(tree / "tools" / "requirements.txt", "pyyaml\ntoml\n")  # declared dependencies are project facts
    again = scan(tree, cached)
    assert again.cached == first.files - 2  # the manifest itself, and app.py whose imports are judged against it
    assert any(name == "toml" for _, name in names(again))
    same(again, fresh(tree, cached))


def test_a_same_size_edit_within_the_same_second_is_seen(tree: Path, cached: Settings) -> None:
    scan(tree, cached)
    path = tree / "tools" / "requirements.txt"
    st = path.stat()
    write(path, "pyyam\n")  # the same size
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # and the same mtime: only the content says
    again = scan(tree, cached)
    assert ("tools/requirements.txt", "pyyam") in names(again)
    same(again, fresh(tree, cached))


def test_an_old_file_rewritten_in_place_with_its_mtime_put_back_is_seen(tree: Path, cached: Settings) -> None:
    """Not racy (the mtime is long past), same size, same inode, same mtime (``cp -p`` / ``rsync --inplace -t``
    onto the file): only the ctime, which no user can set back, says the content may differ."""
    path = tree / "tools" / "requirements.txt"
    os.utime(path, ns=(1_600_000_000_000_000_000, 1_600_000_000_000_000_000))
    first = scan(tree, cached)
    assert ("tools/requirements.txt", "pyyaml") in names(first)
    st = path.stat()
    with open(path, "r+b") as fh:  # the same inode
        fh.write(b"pyyamx\n")
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert (path.stat().st_size, path.stat().st_mtime_ns, path.stat().st_ino) == (st.st_size, st.st_mtime_ns, st.st_ino)
    again = scan(tree, cached)
    assert ("tools/requirements.txt", "pyyamx") in names(again)
    same(again, fresh(tree, cached))
    assert scan(tree, cached).cached == first.files  # an unchanged ctime still vouches for every file


def test_editing_a_consulted_file_reparses_the_file_that_read_it(tree: Path, cached: Settings) -> None:
    first = scan(tree, cached)
    assert ("other.txt", "numpy") in names(first)
    write(tree / "other.txt", "numpy\nscipy\n")  # not scanned on its own: read through -r only
    again = scan(tree, cached)
    assert ("other.txt", "scipy") in names(again)
    assert again.cached == first.files - 1
    same(again, fresh(tree, cached))


def test_editing_a_python_file_does_not_reparse_neighbours_whose_imports_are_all_explained(tmp_path: Path,
                                                                                           cached: Settings) -> None:
    root = tmp_path / "proj"
    write(root / "requirements.txt", "requests\n")
    write(root / "app" / "client.py", "import os\nimport requests\n")
    write(root / "app" / "worker.py", "import json\n")
    first = scan(root, cached)
    write(root / "app" / "worker.py", "import json\nimport sys\n")  # a neighbour's edit: client.py is as it was
    again = scan(root, cached)
    assert again.cached == first.files - 1
    same(again, fresh(root, cached))


def test_a_neighbour_that_starts_writing_a_module_clears_the_import_of_it(tmp_path: Path, cached: Settings) -> None:
    # micropython-lib's webrepl_setup.py writes ./webrepl_cfg.py, which webrepl.py beside it imports
    root = tmp_path / "proj"
    write(root / "net" / "webrepl.py", "try:\n    import webrepl_cfg\nexcept ImportError:\n    pass\n")
    write(root / "net" / "webrepl_setup.py", "def setup(passwd):\n    pass\n")
    first = scan(root, cached)
    assert ("net/webrepl.py", "webrepl-cfg") in names(first)
    write(root / "net" / "webrepl_setup.py",
          'CONFIG = "./webrepl_cfg.py"\n\ndef setup(passwd):\n    with open(CONFIG, "w") as f:\n        f.write(passwd)\n')
    again = scan(root, cached)
    assert ("net/webrepl.py", "webrepl-cfg") not in names(again)
    same(again, fresh(root, cached))


def test_deleting_a_consulted_file_is_seen(tree: Path, cached: Settings) -> None:
    scan(tree, cached)
    (tree / "other.txt").unlink()
    again = scan(tree, cached)
    assert ("other.txt", "numpy") not in names(again)
    same(again, fresh(tree, cached))


def test_creating_a_file_the_parse_looked_for_is_seen(tree: Path, cached: Settings) -> None:
    write(tree / "requirements.txt", "requests\n-r later.txt\n")
    first = scan(tree, cached)
    assert not any(path == "later.txt" for path, _ in names(first))
    write(tree / "later.txt", "httpx\n")
    again = scan(tree, cached)
    assert ("later.txt", "httpx") in names(again)
    same(again, fresh(tree, cached))


def test_a_new_workspace_member_is_seen_by_the_manifest_that_names_it(tmp_path: Path, cached: Settings) -> None:
    root = tmp_path / "mono"
    write(root / "package.json", '{"name": "top", "workspaces": ["packages/*"], '
                                 '"dependencies": {"my-member": "1.0.0", "left-pad": "1.0.0"}}\n')
    settings = replace(cached, ignore=("packages/*",))  # members found by the glob only, not by the walk
    first = scan(root, settings)
    assert ("package.json", "my-member") in names(first)
    write(root / "packages" / "a" / "package.json", '{"name": "my-member"}\n')
    again = scan(root, settings)
    assert ("package.json", "my-member") not in names(again)
    assert ("package.json", "left-pad") in names(again)
    same(again, fresh(root, settings))


def test_a_change_of_the_project_facts_a_parse_read_is_seen(tree: Path, cached: Settings) -> None:
    first = scan(tree, cached)
    assert ("app.py", "helper") in names(first)
    write(tree / "helper.py", "X = 1\n")  # now a local module: the import is the project's own
    again = scan(tree, cached)
    assert ("app.py", "helper") not in names(again)
    same(again, fresh(tree, cached))


def test_a_setting_that_changes_parsing_is_not_served_from_entries_made_without_it(tree: Path, cached: Settings) -> None:
    write(tree / "README.md", "Use it:\n\n```python\nimport tomli_w\n```\n")
    first = scan(tree, cached)
    assert not any(name == "tomli-w" for _, name in names(first))
    judging = replace(cached, judge_docs_imports=True)
    other = scan(tree, judging)
    assert ("README.md", "tomli-w") in names(other)
    same(other, fresh(tree, judging))
    back = scan(tree, cached)
    assert back.cached == back.files
    same(back, first)


def test_a_damaged_or_foreign_cache_file_is_ignored(tree: Path, cached: Settings) -> None:
    first = scan(tree, cached)
    assert cached.cache_dir is not None
    packs = list((cached.cache_dir / "parse").iterdir())
    assert packs
    for pack in packs:
        data = pack.read_bytes()
        pack.write_bytes(data[:-7] + b"garbage")  # the checksum no longer matches
    damaged = scan(tree, cached)
    assert damaged.cached == 0
    same(damaged, first)
    for pack in packs:
        pack.write_bytes(b"\x80\x04not ours at all")
    assert scan(tree, cached).cached == 0
    assert scan(tree, cached).cached == first.files  # rewritten by the run that ignored it


def test_no_cache_setting_neither_reads_nor_writes_parse_entries(tree: Path, cached: Settings) -> None:
    off = replace(cached, use_cache=False)
    scan(tree, off)
    assert cached.cache_dir is not None
    assert not (cached.cache_dir / "parse").exists()


class _Watched(Settings):
    """Settings that note which fields are read."""

    def __getattribute__(self, name: str):
        if not name.startswith("_"):
            object.__getattribute__(self, "__dict__").setdefault("_read", set()).add(name)
        return object.__getattribute__(self, name)


def test_parsing_reads_only_the_settings_the_cache_keys_on(tree: Path) -> None:
    from depguard.discover import walk
    from depguard.parsecache import PARSE_SETTINGS
    from depguard.scan import project_hints

    settings = _Watched()
    entries, _ = walk([tree], Settings())
    hints = project_hints(tree, [e.shown for e in entries], Settings())
    for entry in entries:
        collect_file(entry, settings, hints)
    read = settings.__dict__.get("_read", set()) - {"allowed", "private_match"}
    assert read and read <= set(PARSE_SETTINGS)


def test_a_project_fact_only_invalidates_the_files_that_read_it(tree: Path, cached: Settings) -> None:
    first = scan(tree, cached)
    # a new local package name, in a folder no other parse looked into (a new folder beside app.py would
    # rightly make it stale: a folder can be an importable package)
    write(tree / "tools" / "web" / "package.json", '{"name": "brand-new-workspace-name"}\n')
    again = scan(tree, cached)
    assert again.files == first.files + 1
    assert again.cached == first.files - 1  # only the other package.json reads the tree's package names
    same(again, fresh(tree, cached))


def test_a_scan_of_single_files_keeps_the_entries_of_the_whole_tree(tree: Path, cached: Settings, monkeypatch) -> None:
    first = scan(tree, cached)
    monkeypatch.chdir(tree)  # files named one by one are judged from the current folder, as pre-commit passes them
    one = collect_paths([Path("package.json")], cached)
    assert one.files == 1
    again = scan(tree, cached)
    assert again.cached == first.files


def test_a_warm_scan_reuses_the_python_project_model(tree: Path, cached: Settings, monkeypatch) -> None:
    import depguard.ecosystems.pypi.project as project

    first = scan(tree, cached)
    calls: list[Path] = []
    real = project.python_project
    monkeypatch.setattr(project, "python_project", lambda root, *a: calls.append(root) or real(root, *a))
    again = scan(tree, cached)
    assert calls == []  # nothing it read changed, nor the file list
    same(again, first)


def test_editing_an_ordinary_python_file_does_not_compute_the_python_view_again(tree: Path, cached: Settings,
                                                                               monkeypatch) -> None:
    # reviewer r30: since the view holds the imports right after a run-time sys.path addition of every .py file
    # (bf5c316e), each edit of any Python file computed the whole view again (dd-trace-py: 4 s of a 14 s warm scan,
    # 3 s before); those imports are a fact of their own now, and only that is read again
    import depguard.ecosystems.pypi.project as project

    scan(tree, cached)
    calls: list[Path] = []
    real = project.python_project
    monkeypatch.setattr(project, "python_project", lambda root, *a, **k: calls.append(root) or real(root, *a, **k))
    write(tree / "app.py", "import requests\nimport helper\nimport yaml\nimport json\n")
    again = scan(tree, cached)
    assert calls == []
    same(again, fresh(tree, cached))


def test_a_neighbour_that_starts_importing_after_a_run_time_sys_path_addition_is_seen(tmp_path: Path,
                                                                                      cached: Settings) -> None:
    root = tmp_path / "proj"
    write(root / "pyproject.toml", "[project]\nname = 'loaderish'\n")
    loader = ("import os, sys\n\ndef get_model(self):\n    local_repo_path = git_clone_github('https://github.com/x/y')\n"
              "    sys.path.append(os.path.join(local_repo_path, 'Y'))\n")
    write(root / "loaderish" / "models.py", loader + "    return 1\n")
    write(root / "loaderish" / "templates.py", "import mplug_zq_model\n")

    def noted() -> bool | None:
        got = scan(root, cached)
        return next(m.example is not None for m in got.mentions
                    if m.key.name == "mplug-zq-model" and (m.location.path or "").endswith("templates.py"))

    assert noted() is False
    write(root / "loaderish" / "models.py", loader + "    import mplug_zq_model\n    return 1\n")
    assert noted() is True
    same(scan(root, cached), fresh(root, cached))


def test_editing_a_script_the_python_project_model_read_is_seen(tmp_path: Path, cached: Settings) -> None:
    root = tmp_path / "proj"
    write(root / "requirements.txt", "requests\n")
    # (a pair the import map does not hold, so only the Makefile explains the import)
    write(root / "Makefile", "deps:\n\tpip install streamlit-gridkit\n")  # installs what the tests import
    write(root / "tests" / "test_grid.py", "import st_gridkit\n")
    first = scan(root, cached)
    assert ("tests/test_grid.py", "streamlit-gridkit") in names(first)
    write(root / "Makefile", "deps:\n\tpip install requests\n")  # read by the model only (the fact's record)
    again = scan(root, cached)
    assert ("tests/test_grid.py", "streamlit-gridkit") not in names(again)
    same(again, fresh(root, cached))


def test_the_python_project_model_reads_text_as_text_mode_does(tmp_path: Path) -> None:
    from depguard.ecosystems.pypi.project import _read
    from depguard.fsview import FileView, using

    path = tmp_path / "requirements.txt"
    path.write_bytes(b"requests\r\nflask\rnumpy\n\xff\n")
    view = FileView()
    with using(view):
        assert _read(path, 1000) == path.read_text(encoding="utf-8", errors="replace")
        assert _read(path, 5) is None  # over the limit
        assert _read(tmp_path / "missing.txt", 1000) is None
    assert ("r", str(path)) in view.record and ("k", str(tmp_path / "missing.txt")) in view.record


def test_a_warm_scan_checks_each_walked_file_against_the_walks_own_stat(tree: Path, cached: Settings, monkeypatch) -> None:
    import depguard.parsecache as parsecache

    first = scan(tree, cached)
    asked: list[str] = []

    class Counting:  # the os module as the parse cache sees it, its stat calls counted
        def __getattr__(self, name: str):
            return getattr(os, name)

        @staticmethod
        def stat(path, *args, **kwargs):
            asked.append(os.fspath(path))
            return os.stat(path, *args, **kwargs)

    monkeypatch.setattr(parsecache, "os", Counting())
    again = scan(tree, cached)
    assert again.cached == first.files
    assert asked == []  # each file checked against the stat its walk took


def test_every_field_of_a_mention_comes_back_from_the_cache(tmp_path: Path, cached: Settings) -> None:
    """Mentions are stored as a table of what a package's mentions share plus six numbers each: a warm scan
    rebuilds the same mentions (examples in documents, import names, specs, notes, places in other files)."""
    root = tmp_path / "proj"
    write(root / "requirements.txt", "requests==2.31.0\n-r more/other.txt\n")
    write(root / "more" / "other.txt", "numpy>=1\n")
    write(root / "app.py", "import yaml\nimport requests\n")
    write(root / "package.json", '{"name": "top", "dependencies": {"left-pad": "npm:pad@1.0.0"}}\n')
    write(root / "docs" / "guide.md", "```sh\npip install your-package-name\npip install rich\nnpm i foo-bar\n```\n")
    cold = scan(root, cached)
    assert any(m.example is not None for m in cold.mentions) and any(m.module for m in cold.mentions)
    assert any(m.spec for m in cold.mentions)
    warm = scan(root, cached)
    assert warm.cached == cold.files
    same(warm, cold)
    assert [m.__dict__ for m in warm.mentions] == [m.__dict__ for m in cold.mentions]


def test_the_table_of_mention_heads_drops_those_of_files_gone(tmp_path: Path, cached: Settings, monkeypatch) -> None:
    """A pack's heads of files no longer there are dropped once most of the table is theirs, and the entries
    kept are renumbered: a warm scan still gives what a fresh parse gives."""
    import marshal

    from depguard import parsecache

    monkeypatch.setattr(parsecache, "HEADS_KEPT", 0)
    root = tmp_path / "proj"
    write(root / "requirements.txt", "requests\n")
    for i in range(5):
        write(root / f"gone{i}" / "requirements.txt", f"pkg-gone-{i}\npkg-also-gone-{i}\n")
    write(root / "z" / "requirements.txt", "zzz-last\n")
    scan(root, cached)
    for i in range(5):
        (root / f"gone{i}" / "requirements.txt").unlink()
    scan(root, cached)  # the entries of the files gone are dropped, then their heads
    (pack,) = (cached.cache_dir / "parse").iterdir()
    heads, _ = marshal.loads(pack.read_bytes()[len(parsecache.FORMAT) + 32:])
    assert sorted(h[1] for h in heads) == ["requests", "zzz-last"]
    warm = scan(root, cached)
    assert warm.cached == 2
    same(warm, fresh(root, cached))


def test_a_warm_scan_reuses_what_the_tree_says_it_makes(tmp_path: Path, cached: Settings, monkeypatch) -> None:
    """The images a tree builds, its workspace names and its own tools are read once; a warm scan of the same
    files takes them from the cache."""
    from depguard import scan as scan_module

    root = tmp_path / "proj"
    write(root / "build.sh", "docker build -t acme/webapp .\n")
    write(root / "run.sh", "docker run acme/webapp\ndocker run redis\n")
    cold = scan(root, cached)
    assert {m.key.name for m in cold.mentions if m.key.ecosystem == "docker"} == {"library/redis"}

    def unread(*_args, **_kw):
        raise AssertionError("the tree's facts were read again")

    monkeypatch.setattr(scan_module, "_made_here", unread)  # every ecosystem's [own] reader: images, package names
    same(scan(root, cached), cold)


@pytest.mark.parametrize("edited, text, named", [
    ("build.sh", "docker build -t acme/other .\n", ("docker", "acme/webapp")),
    ("deno.json", '{"name": "@acme/web", "version": "1.0.0"}\n', ("npm", "@acme/ui")),
])
def test_editing_a_file_that_said_what_the_tree_makes_is_seen(tmp_path: Path, cached: Settings, edited: str, text: str,
                                                             named: tuple[str, str]) -> None:
    """The tree's facts are cached with every file they read: a build script that stops building an image,
    or a workspace manifest renamed, makes the mentions of that name count again, as a fresh scan finds them."""
    root = tmp_path / "proj"
    write(root / "build.sh", "docker build -t acme/webapp .\n")
    write(root / "run.sh", "docker run acme/webapp\n")
    write(root / "deno.json", '{"name": "@acme/ui", "version": "1.0.0"}\n')
    write(root / "docs" / "setup.sh", "npm install @acme/ui\n")
    cold = scan(root, cached)
    assert named not in {(m.key.ecosystem, m.key.name) for m in cold.mentions}
    write(root / edited, text)
    warm = scan(root, cached)
    assert named in {(m.key.ecosystem, m.key.name) for m in warm.mentions}
    same(warm, fresh(root, cached))


def test_paths_looked_for_are_checked_by_their_folders_listing_once(tmp_path: Path) -> None:
    """A source file looks for a sibling module for each name it imports: a warm scan checks those missing
    paths against each folder's listing (one per folder per run), and still sees a path created since, or one
    a case-insensitive file system would find under another case."""
    from depguard import fsview

    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "app.js").write_text("x", encoding="utf-8")
    view = fsview.FileView()
    looked = [folder / f"{name}.js" for name in ("left-pad", "lodash", "Zod")]
    assert not any(view.exists(p) for p in looked)
    group = view.consulted()
    stats: list[str] = []
    real = fsview._stat
    try:
        fsview._stat = lambda p: stats.append(p) or real(p)  # type: ignore[assignment]
        assert fsview.Checker().holds(group) and stats == []  # one listing, no stat
        (folder / "lodash.js").write_text("module.exports = {}", encoding="utf-8")
        assert not fsview.Checker().holds(group)
        (folder / "lodash.js").unlink()
        (folder / "zod.JS").write_text("", encoding="utf-8")  # the same name to a case-insensitive file system
        assert fsview.Checker().holds(group) == (not os.path.exists(folder / "Zod.js"))
        assert any(p.endswith("Zod.js") for p in stats)  # left to stat
    finally:
        fsview._stat = real  # type: ignore[assignment]


def test_a_missing_path_in_a_folder_the_parse_listed_is_vouched_for_by_the_listing(tmp_path: Path) -> None:
    """A path looked for and missing in a folder whose listing the same parse recorded is left out of the
    record (the listing's validator covers it: the pack stays small, a warm scan checks one folder); a file
    created under that name changes the listing, so the entry is not reused."""
    from depguard import fsview

    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "app.js").write_text("x", encoding="utf-8")
    fsview.forget_facts()
    view = fsview.FileView()
    view.listdir(folder)
    assert not view.is_file(folder / "zod.js") and not view.is_file(tmp_path / "elsewhere" / "zod.js")
    record, _ = view.consulted()
    assert ("k", str(folder / "zod.js")) not in record and ("l", str(folder)) in record
    assert ("k", str(tmp_path / "elsewhere" / "zod.js")) in record  # no listing of that folder: kept
    assert fsview.Checker().holds(view.consulted())
    (folder / "zod.js").write_text("export default 1", encoding="utf-8")
    os.utime(folder, ns=(1, 1))  # even with the folder's time put back, its listing's digest differs
    assert not fsview.Checker().holds(view.consulted())



def test_a_lockfile_edit_does_not_reparse_js_files_whose_imports_are_all_declared(tmp_path: Path, cached: Settings) -> None:
    # reviewer r27: the npm: aliases a lockfile installs (locked_aliases.py) were read for every JS file, so each
    # `npm install` (a package-lock.json edit) re-parsed every JS file of the project; they are read only for an import
    # no package.json declares, and such a file still sees the lockfile's alias change
    root = tmp_path / "proj"
    lock = ('{"name": "top", "lockfileVersion": 3, "packages": {"": {"name": "top"}, '
            '"node_modules/left-pad": {"version": "%s"}%s}}\n')
    write(root / "package.json", '{"name": "top", "dependencies": {"left-pad": "1.0.0"}}\n')
    write(root / "package-lock.json", lock % ("1.0.0", ""))
    for i in range(5):
        write(root / "src" / f"m{i}.js", 'import leftPad from "left-pad";\nimport x from "./m0.js";\n')
    write(root / "src" / "ledger.js", 'import { Wallet } from "ethers-v6";\n')
    first = scan(root, cached)
    assert ("src/ledger.js", "ethers-v6") in names(first)
    write(root / "package-lock.json", lock % ("1.0.1", ', "node_modules/ethers-v6": {"name": "ethers", "version": "6.13.4"}'))
    again = scan(root, cached)
    assert again.cached == first.files - 2  # the lockfile itself, and ledger.js whose import no package.json declares
    assert ("src/ledger.js", "ethers") in names(again)
    same(again, fresh(root, cached))


def test_the_projects_own_distribution_keeps_its_mark_through_the_cache(tmp_path: Path, cached: Settings) -> None:
    """A docs install of the project's own distribution is marked so that only a look-alike flag of it is a note
    (``Example.lookalike_only``); the cache's table of mention heads left that field out, so a mention that came
    back through it was a plain example and a missing own name became a note: zoxide's `cargo install zoxide`
    (Cargo.toml names zoxide) was a note in a 404-probe of held-out set 291 while gum's `go install
    charm.land/gum/v2@latest` was DG001, the same shape judged two ways. A made-up other name stays unmarked."""
    root = tmp_path / "proj"
    write(root / "pyproject.toml", '[project]\nname = "zzq-own-tool"\nversion = "1.0"\n')
    write(root / "README.md", "```sh\npip install zzq-own-tool\npip install zzq-other-tool\n```\n")
    cold = scan(root, cached)
    warm = scan(root, cached)
    assert warm.cached == cold.files
    for got in (cold, warm, fresh(root, cached)):
        marked = {m.written: m.example for m in got.mentions}
        assert marked["zzq-own-tool"] is not None and marked["zzq-own-tool"].lookalike_only
        assert marked["zzq-other-tool"] is None
    same(warm, cold)


def test_every_field_of_an_example_comes_back_from_the_table_of_heads() -> None:
    """Each field of :class:`Example`, set away from its default, survives a head's encoding and decoding: a field
    added to Example and not to the head would come back as its default (as ``lookalike_only`` did)."""
    import dataclasses

    from depguard.model import Example, Location, Mention, Origin, PackageKey
    from depguard.parsecache import Heads, head_of

    base = Example("why", setting=None)
    for f in dataclasses.fields(Example):
        if f.name == "reason":
            continue
        changed = replace(base, **{f.name: "a-setting" if f.name == "setting" else not getattr(base, f.name)})
        m = Mention(PackageKey("pypi", "zzq"), "zzq", Location("README.md", 1), Origin.COMMAND, "text:fenced",
                    example=changed)
        back = Heads((head_of(m),)).fields(0)["example"]
        assert back == changed, f.name
