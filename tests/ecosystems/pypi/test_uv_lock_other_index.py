"""uv.lock entries locked from a package index other than PyPI that the project pins them to (issue 12, held-out set
140: MCAP's python/uv.lock locks genmsg and std-msgs with ``source = { registry = "https://rospypi.github.io/simple" }``,
the ``ros`` index of the pyproject.toml beside it, whose ``[tool.uv.sources]`` pins both names to it): uv installs them
from that index only, so PyPI's answer says nothing about them. They are reported not checked (DG100: never a pass,
never a note), as the pyproject's own requirement and poetry.lock's legacy sources are. An entry locked from another
registry that nothing pins there is a PyPI mirror's and is judged by PyPI as before (an invented name there is
missing), and so is an invented name locked from PyPI beside the pinned ones."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from tests.trees import judged, verdicts, write

EXISTING = {"numpy", "mcap", "protobuf", "genmsg"}
PYPROJECT = ('[project]\nname = "mcap-python"\nversion = "0.1.0"\ndependencies = ["mcap"]\n\n'
             '[tool.uv.sources]\ngenmsg = { index = "ros" }\nstd_msgs = { index = "ros" }\n'
             'numpy = { index = "pypi-named" }\n\n'
             '[[tool.uv.index]]\nname = "ros"\nurl = "https://user:secret@rospypi.github.io/simple?t=1"\n\n'
             '[[tool.uv.index]]\nname = "pypi-named"\nurl = "https://pypi.org/simple"\n')


def package(name: str, registry: str) -> str:
    return (f'[[package]]\nname = "{name}"\nversion = "1.0"\nsource = {{ registry = "{registry}" }}\n'
            f'sdist = {{ url = "https://example.invalid/{name}-1.0.tar.gz" }}\n\n')


MIRROR = "https://mirrors.example.org/pypi/simple"
LOCK = ('version = 1\nrequires-python = ">=3.9"\n\n'
        + package("genmsg", "https://user:secret@rospypi.github.io/simple?t=1")
        + package("std-msgs", "https://rospypi.github.io/simple")
        + package("numpy", "https://pypi.org/simple")
        + package("protobuf", MIRROR)
        + package("invented-ros-bridge-kit", "https://pypi.org/simple")
        + package("invented-mirror-kit", MIRROR)
        + '[[package]]\nname = "mcap-python"\nversion = "0.1.0"\nsource = { editable = "." }\n')


def test_a_uv_lock_entry_pinned_to_another_index_is_not_checked_and_never_passes(tmp_path: Path):
    write(tmp_path, {"pyproject.toml": PYPROJECT, "uv.lock": LOCK})
    rep = judged(tmp_path, EXISTING)
    got = {k: v for k, v in verdicts(rep).items() if k[0] == "uv.lock"}
    assert got == {
        ("uv.lock", "genmsg"): "not-checked", ("uv.lock", "std-msgs"): "not-checked",
        ("uv.lock", "numpy"): "ok", ("uv.lock", "protobuf"): "ok",
        ("uv.lock", "invented-ros-bridge-kit"): "missing", ("uv.lock", "invented-mirror-kit"): "missing"}
    reasons = {f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked" and f.mention.location.path == "uv.lock"}
    assert reasons == {"it is locked from https://rospypi.github.io/simple (uv.lock), an index depguard does not ask"}
    assert "secret" not in repr(rep)
    assert rep.exit_code(Settings().fail_on) == 1  # the invented names still fail


def test_a_lock_from_a_mirror_with_no_pins_is_judged_by_pypi(tmp_path: Path):
    write(tmp_path, {"pyproject.toml": '[project]\nname = "app"\nversion = "1"\n',
                     "uv.lock": 'version = 1\n\n' + package("genmsg", MIRROR) + package("invented-msgs-helper", MIRROR)})
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {("uv.lock", "genmsg"): "ok", ("uv.lock", "invented-msgs-helper"): "missing"}
