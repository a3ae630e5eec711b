"""poetry.lock entries locked from a package index other than PyPI (issue 12, held-out spot set 54: surya's
``libtpu-nightly`` from Google's ``libtpu-releases`` index, a ``[[tool.poetry.source]]`` of the project that PyPI does not
mirror): Poetry installs them from that index, so PyPI's answer says nothing about them. They are reported not checked
(DG100: never a pass, never a note), as an npm scope another registry serves is; PyPI's own address as a legacy source,
and entries without a source, are judged as before."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from tests.trees import judged, verdicts, write

EXISTING = {"libtpu", "markdown-it-py", "torch"}
PYPROJECT = ('[tool.poetry]\nname = "surya-ocr"\nversion = "0.1.0"\n\n[tool.poetry.dependencies]\npython = "^3.10"\n'
             'markdown-it-py = "^3"\nlibtpu-nightly = { version = "*", optional = true, source = "libtpu-releases" }\n'
             'invented-xla-kit = { version = "*", source = "pypi" }\n\n'
             '[[tool.poetry.source]]\nname = "libtpu-releases"\nurl = "https://storage.googleapis.com/libtpu-releases/index.html"\n'
             'priority = "supplemental"\n')


def entry(name: str, version: str, source: str = "") -> str:
    return (f'[[package]]\nname = "{name}"\nversion = "{version}"\ndescription = ""\noptional = false\n'
            f'python-versions = "*"\nfiles = []\n{source}\n')


LEGACY = ('[package.source]\ntype = "legacy"\nurl = "https://user:secret@storage.googleapis.com/libtpu-releases/index.html?t=1"\n'
          'reference = "libtpu-releases"\n')
PYPI_ITSELF = '[package.source]\ntype = "legacy"\nurl = "https://pypi.org/simple"\nreference = "pypi-mirror"\n'
LOCK = (entry("libtpu-nightly", "0.1.dev20241010+nightly.cleanup", LEGACY) + entry("torch", "2.5.0", LEGACY)
        + entry("markdown-it-py", "3.0.0") + entry("invented-ocr-helper", "1.0.0")
        + entry("libtpu", "0.0.7.1", PYPI_ITSELF) + '[metadata]\nlock-version = "2.1"\npython-versions = "^3.10"\n')


def test_a_poetry_lock_entry_from_another_index_is_not_checked_and_never_passes(tmp_path: Path):
    write(tmp_path, {"pyproject.toml": PYPROJECT, "poetry.lock": LOCK})
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {
        ("poetry.lock", "libtpu-nightly"): "not-checked", ("poetry.lock", "torch"): "not-checked",
        ("poetry.lock", "markdown-it-py"): "ok", ("poetry.lock", "invented-ocr-helper"): "missing",
        ("poetry.lock", "libtpu"): "ok",
        # the manifest's dependency pinned to the project's index: the same fact, said by pyproject.toml
        ("pyproject.toml", "markdown-it-py"): "ok", ("pyproject.toml", "libtpu-nightly"): "not-checked",
        ("pyproject.toml", "invented-xla-kit"): "missing"}
    reasons = {f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"}
    assert reasons == {"it is locked from https://storage.googleapis.com/libtpu-releases/index.html (poetry.lock), "
                       "an index depguard does not ask",
                       "it is fetched from https://storage.googleapis.com/libtpu-releases/index.html "
                       "([[tool.poetry.source]] 'libtpu-releases'), an index depguard does not ask"}
    assert "secret" not in repr(rep)
    assert rep.exit_code(Settings().fail_on) == 1  # the invented name still fails


def test_a_lock_whose_only_doubt_is_another_index_exits_3_not_0(tmp_path: Path):
    write(tmp_path, {"poetry.lock": entry("markdown-it-py", "3.0.0") + entry("libtpu-nightly", "0.1", LEGACY)})
    rep = judged(tmp_path, EXISTING)
    assert rep.exit_code(Settings().fail_on) == 3
