"""The project facts the parsers see come from each ecosystem's declared ``[project] hints`` function
(depguard/scan.py ``project_hints``): the Python view (importable modules, declared dependencies) is the pypi
package's (``depguard/ecosystems/pypi/project.py``), and the engine knows no Python without that declaration."""

from __future__ import annotations

from pathlib import Path

from depguard import scan
from depguard.ecosystems import catalog
from depguard.scan import project_hints


def tree(tmp_path: Path) -> list[str]:
    (tmp_path / "mypkg").mkdir()
    (tmp_path / "mypkg" / "__init__.py").write_text("")
    (tmp_path / "requirements.txt").write_text("rich\n")
    return ["mypkg/__init__.py", "requirements.txt"]


def test_the_python_view_is_what_pypi_declares(tmp_path: Path):
    assert catalog().get("pypi").data["project"]["hints"] == "project:project_hints"
    hints = project_hints(tmp_path, tree(tmp_path))
    assert "mypkg" in hints.local_python_modules
    assert hints.python is not None and hints.python.declared_for("mypkg/x.py")[0] == frozenset({"rich"})
    shallow = project_hints(tmp_path)  # no file list: a quick view of the root (text checks)
    assert "mypkg" in shallow.local_python_modules


def test_without_the_declaration_the_engine_has_no_python_view(tmp_path: Path, monkeypatch):
    monkeypatch.setattr(scan, "catalog", lambda: [e for e in catalog() if e.id != "pypi"])
    monkeypatch.setattr(scan, "_PROJECT_HINTS", [])
    hints = project_hints(tmp_path, tree(tmp_path))
    assert hints.python is None and hints.local_python_modules == frozenset()
