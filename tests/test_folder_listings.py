"""How often a scan lists a folder: a helper that walks the folders above a file lists each of them once a run,
however many folders below ask (reviewer r31). Counted, not timed: the growth is timed in
benchmarks/crafted_inputs.py."""

from __future__ import annotations

import collections
import os

import depguard.fsview as fsview
from depguard.model import Origin
from tests.test_project_model import KATIB, KATIB_COLLECTOR, git_tree
from tests.trees import scan, write


def test_the_folder_above_many_sibling_folders_is_listed_once_a_helper(tmp_path, monkeypatch):
    # 40 one-file folders side by side: the Dockerfiles above each file (the image's PYTHONPATH and system packages)
    # and the Nuclio configurations above it were looked for by listing every folder above, for each folder below,
    # so their parent was listed 3 times a folder (122 times here; 2,000 such folders took 48 of a scan's 93 s)
    root = tmp_path / "tree"
    write(root, {f"pkg/d{i}/a.py": "import os\nimport invented_zq_mod\n" for i in range(40)})
    listed: collections.Counter[str] = collections.Counter()
    original = fsview._listing

    def counting(path: str):
        listed[os.path.relpath(os.path.abspath(path), root)] += 1
        return original(path)

    monkeypatch.setattr(fsview, "_listing", counting)
    found = scan(root)
    assert sum(m.origin is Origin.IMPORT and m.key.name == "invented-zq-mod" for m in found.mentions) == 40
    assert listed["pkg"] <= 10 and listed["."] <= 10, listed.most_common(3)


def test_a_dockerfile_and_a_nuclio_configuration_above_still_serve_every_folder_below(tmp_path):
    # the same answers as before for each folder below: katib's Dockerfile puts pkg/.../common on its image's
    # PYTHONPATH, so `const` is the tree's in every folder it copies, and a Nuclio function's clone onto its PYTHONPATH
    # makes the imports below it a note; an invented module beside them is judged in each folder
    root = tmp_path / "tree"
    write(root, {
        **KATIB,
        **{f"{KATIB_COLLECTOR}/jobs/j{i}/run.py": "import const\nimport invented_zq_mod\n" for i in range(3)},
        "fn/function.yaml": ("metadata:\n  name: tracker\nspec:\n  handler: main:handler\n  runtime: python:3.8\n"
                             "  env:\n    - name: PYTHONPATH\n      value: /opt/nuclio/trans-t\n  build:\n"
                             "    directives:\n      preCopy:\n        - kind: WORKDIR\n          value: /opt/nuclio\n"
                             "        - kind: RUN\n          value: git clone https://github.com/dschoerk/TransT trans-t\n"),
        **{f"fn/m{i}/model_handler.py": "import pysot_toolkit\n" for i in range(3)},
    })
    git_tree(root)
    found = scan(root)
    names = {(str(m.location.path), m.key.name): m for m in found.mentions if m.origin is Origin.IMPORT}
    for i in range(3):
        assert (f"{KATIB_COLLECTOR}/jobs/j{i}/run.py", "const") not in names
        assert (f"{KATIB_COLLECTOR}/jobs/j{i}/run.py", "invented-zq-mod") in names
        noted = names[(f"fn/m{i}/model_handler.py", "pysot-toolkit")]
        assert noted.example is not None and "function.yaml" in str(noted.example)


class _NoWalk(dict):
    """A record that may be asked for an entry but not walked (the project view's record lists every folder)."""

    def items(self):
        raise AssertionError("the whole record was walked")


def test_a_parse_asks_the_groups_it_holds_only_for_the_folders_of_its_missing_paths(tmp_path):
    # FileView.consulted drops a missing path whose folder's recorded listing lacks the name; it read every entry of
    # every group the parse held (the project view's group records a listing for every folder of the tree) for every
    # file: a tree of n folders took n*n steps. It asks each group for the folders it needs
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text("")
    fsview._LISTED.clear()
    with fsview.using(fsview.FileView()) as outer:
        outer.listdir(str(tmp_path / "pkg"))
        listed = outer.record
    big = _NoWalk({("l", f"/elsewhere/d{i}"): ("v", i) for i in range(1000)})
    big.update(listed)
    view = fsview.FileView()
    view.add((big, ()))
    view.kind(str(tmp_path / "pkg" / "json.py"))  # looked for, missing: the listing vouches for it
    view.kind(str(tmp_path / "other" / "b.py"))  # missing in a folder no listing records: kept
    record, _groups = view.consulted()
    assert ("k", str(tmp_path / "pkg" / "json.py")) not in record
    assert ("k", str(tmp_path / "other" / "b.py")) in record


class _Counted(str):
    hashed = 0

    def __hash__(self) -> int:
        _Counted.hashed += 1
        return str.__hash__(self)


def test_the_python_view_is_hashed_once(tmp_path):
    # the helpers memoised per file take the project's Python view as a key (imports._declared): its tuples hold every
    # module of the tree, so hashing it again for every file took n*n steps on a tree of n modules
    from depguard.ecosystems.pypi.project import PythonProject

    view = PythonProject(frozenset({"a"}), held=((_Counted("a"), "a.py"),))
    twin = PythonProject(frozenset({"a"}), held=(("a", "a.py"),))
    assert hash(view) == hash(view) == hash(twin) and view == twin
    assert _Counted.hashed == 1
