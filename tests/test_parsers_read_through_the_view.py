"""Parsers read neighbouring files only through the recording view (issue 18): every read, existence check and
folder listing a parse makes goes through ``depguard.fsview`` (``source.files``, ``active()``, ``text_of``), so
the parse cache reuses an entry only while everything the parse consulted is unchanged. A direct
``os.path.isfile`` or ``Path.exists`` in a parser is a question nobody records: the cached answer outlives it.

The check reads the code of the readers (the ecosystems' packages, the engine's parsers, the import runner, the
shell model, the text reader) for file-system calls that do not go through the view. What is not a parse
(the package's own data files, the installed distributions' stamp, the project facts worked out without a cache)
is listed in ALLOWED with the reason, per module and call; the test also fails when an allowance is no longer
needed, so the list only shrinks."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READERS = ("depguard/ecosystems", "depguard/parsers", "depguard/imports", "depguard/commands", "depguard/text")

# calls that touch the file system without the view: os-level functions, and Path methods on anything but a view
OS_CALLS = {"os.path.isfile", "os.path.isdir", "os.path.exists", "os.path.lexists", "os.path.getsize", "os.listdir",
            "os.walk", "os.scandir", "os.stat", "os.lstat", "os.open", "open", "io.open"}
PATH_METHODS = {"iterdir", "is_file", "is_dir", "exists", "glob", "rglob", "read_text", "read_bytes", "stat", "lstat",
                "open", "is_symlink"}
VIEWS = {"view", "files", "source.files", "self.files", "active()"}  # the recording view, by the names the code gives it

# module (relative to the repository) -> {call as written: why it is no parse's unrecorded read}
ALLOWED: dict[str, dict[str, str]] = {
    "depguard/ecosystems/__init__.py": {
        "os.stat": "the catalog's own data files, stamped for its cache of the tables",
        "_declared_file(name).read_bytes": "the catalog's cache of the declarations (depguard's own files)",
        "path.read_text": "an ecosystem.toml of depguard's own package",
        "root.glob": "the ecosystem folders of depguard's own package",
        "_tables_file().read_bytes": "the catalog's cache of the tables (depguard's own files)",
    },
    "depguard/ecosystems/pypi/imports.py": {
        "where.read_text": "the cache of the installed distributions' import map, keyed by their stamp",
        "os.scandir": "the installed distributions' stamp (sys.path): the parse records it as the fact 'installed'",
        "e.stat": "the installed distributions' stamp (sys.path)",
        "dist.read_text": "an installed distribution's metadata, covered by the installed distributions' stamp",
        "path.read_text": "the popular list shipped with depguard",
    },
    "depguard/ecosystems/pypi/project.py": {
        "root.iterdir": "the Python project facts of a root given no file list (a hook's edit, a text check): "
                        "worked out afresh each run, never cached (project_hints without a file list)",
        "root / folder.iterdir": "as root.iterdir: the pytest configuration near judged files, no cache",
        "c.is_file": "as root.iterdir",
        "os.walk": "as root.iterdir: the files below a test folder of the judged files, no cache",
        "folder.iterdir": "shallow_python_project: the quick view of a root for text checks, no cache",
        "child.is_dir": "shallow_python_project, no cache",
        "child / '__init__.py'.exists": "shallow_python_project, no cache",
        "child.glob": "shallow_python_project, no cache",
        "child.is_file": "shallow_python_project, no cache",
    },
    "depguard/imports/__init__.py": {
        "path.read_text": "a tree-sitter query file of depguard's own package",
    },
}


def unrecorded_calls(path: Path) -> list[tuple[int, str]]:
    """(line, call as written) of every file-system call in ``path`` that bypasses the view."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Call):
            continue
        func = ast.unparse(node.func)
        if func in OS_CALLS:
            found.append((node.lineno, func))
        elif isinstance(node.func, ast.Attribute) and node.func.attr in PATH_METHODS:
            receiver = ast.unparse(node.func.value)
            if receiver not in VIEWS and ".data_file(" not in receiver:  # data_file: the package's own data
                found.append((node.lineno, f"{receiver}.{node.func.attr}"))
    return sorted(found)


def test_parsers_ask_the_file_system_only_through_the_recording_view():
    offending: list[str] = []
    unused: list[str] = []
    for folder in READERS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            allowed = ALLOWED.get(rel, {})
            hits = unrecorded_calls(path)
            offending += [f"{rel}:{line}: {call}" for line, call in hits if call not in allowed]
            unused += [f"{rel}: {call}" for call in allowed if call not in {c for _, c in hits}]
    assert not offending, ("a reader asks the file system without the recording view (use source.files, "
                           "fsview.active() or fsview.text_of, so the parse cache sees the answer change):\n"
                           + "\n".join(offending))
    assert not unused, "allowances no longer needed (remove them from ALLOWED):\n" + "\n".join(unused)


def test_the_guardrail_sees_a_bypassing_call(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import os\nfrom pathlib import Path\n\n"
                      "def parse(source, folder):\n"
                      "    if os.path.isfile(os.path.join(folder, 'config', 'importmap.rb')):\n"
                      "        pass\n"
                      "    (Path(folder) / 'x').exists()\n"
                      "    source.files.is_file(folder)\n"  # the view: fine
                      "    eco.data_file(name).read_text()\n"  # the package's data: fine
                      "    active().read_text(folder)\n", encoding="utf-8")
    assert unrecorded_calls(module) == [(5, "os.path.isfile"), (7, "Path(folder) / 'x'.exists")]
