"""Offline indexes: build from saved listings, pull from a registry listing, answer --offline runs."""

from __future__ import annotations

import io
import json
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from depguard import index
from depguard.cli import main
from depguard.ecosystems import catalog
from depguard.errors import ConfigError, InputError
from depguard.model import Existence

from ..cassettes import vcr_for
from ..conftest import CASSETTE_DAY

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def index_dir(tmp_path, monkeypatch):
    d = tmp_path / "index"
    monkeypatch.setenv("DEPGUARD_INDEX_DIR", str(d))
    return d


def test_listing_formats():
    lines = list(index.names_from_listing((FIXTURES / "pypi-names.txt").read_bytes()))
    assert lines == ["requests", "Flask", "numpy", "python_dateutil", "not"]
    pep691 = list(index.names_from_listing((FIXTURES / "pypi-simple.json").read_bytes()))
    assert pep691 == ["requests", "Flask", "six"]
    assert list(index.names_from_listing(b'["a", "b", 3]')) == ["a", "b"]
    with pytest.raises(InputError, match="not valid JSON"):
        list(index.names_from_listing(b'{"projects": ['))


def test_build_normalises_and_answers(index_dir, settings):
    eco = catalog().get("pypi")
    info = index.build(eco, index.names_from_listing((FIXTURES / "pypi-names.txt").read_bytes()), "fixture",
                       now=CASSETTE_DAY)
    assert info.count == 5
    keys = [eco.key(n) for n in ("Requests", "python-dateutil", "reqeusts")]
    answers = index.offline_answers(keys, settings)
    assert answers[keys[0]].existence is Existence.EXISTS
    assert answers[keys[1]].existence is Existence.EXISTS
    assert answers[keys[2]].existence is Existence.MISSING
    assert "not in the local pypi index (5 names" in answers[keys[2]].reason
    assert all("offline" in a.markers for a in answers.values())


def test_old_index_does_not_vouch_for_absence(index_dir, settings):
    eco = catalog().get("pypi")
    index.build(eco, ["requests"], "fixture", now=CASSETTE_DAY - timedelta(days=400))
    k_in, k_out = eco.key("requests"), eco.key("reqeusts")
    answers = index.offline_answers([k_in, k_out], settings)
    assert answers[k_in].existence is Existence.EXISTS
    assert answers[k_out].existence is Existence.UNKNOWN
    assert "400 days old" in answers[k_out].reason


def test_empty_listing_is_refused(index_dir):
    with pytest.raises(InputError, match="no valid names"):
        index.build(catalog().get("pypi"), ["!!", ""], "fixture")
    assert not index.index_path("pypi").exists()


def test_pull_uses_the_registry_listing(index_dir, settings):
    with vcr_for("pypi").use_cassette("test_index_pull.yaml"):
        info = index.pull(catalog().get("pypi"), settings)
    assert info.count == 3
    assert "pulled from https://pypi.org/simple/" in info.source


def test_pull_refuses_registries_without_a_listing(index_dir, settings):
    with pytest.raises(ConfigError, match="publishes no name listing"):
        index.pull(catalog().get("npm"), settings)


def run(argv, monkeypatch, capsys, stdin=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(argv)
    return code, capsys.readouterr()


def test_offline_end_to_end_through_the_cli(index_dir, monkeypatch, capsys):
    code, out = run(["index", "build", "pypi", "--from", str(FIXTURES / "pypi-names.txt")], monkeypatch, capsys)
    assert code == 0 and "5 names written" in out.out
    code, out = run(["check", "--offline", "--no-cache", "--format", "json", "requests", "reqeusts", "npm:lodash"],
                    monkeypatch, capsys)
    data = json.loads(out.out)
    verdicts = {(f["ecosystem"], f["name"]): f["verdict"] for f in data["findings"]}
    assert verdicts == {("pypi", "requests"): "ok", ("pypi", "reqeusts"): "missing", ("npm", "lodash"): "not-checked"}
    assert code == 1
    code, out = run(["check", "--offline", "--no-cache", "npm:lodash"], monkeypatch, capsys)
    assert code == 3  # no npm index: not checked, never a pass
    code, out = run(["index", "info"], monkeypatch, capsys)
    assert "pypi: 5 names" in out.out


def test_index_dir_follows_the_data_dir(tmp_path, monkeypatch):
    # DEPGUARD_DATA_DIR moves the user data directory, indexes included (the test suite relies on it too)
    monkeypatch.delenv("DEPGUARD_INDEX_DIR", raising=False)
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(tmp_path / "data"))
    assert index.index_dir() == tmp_path / "data" / "index"
    monkeypatch.setenv("DEPGUARD_INDEX_DIR", str(tmp_path / "elsewhere"))
    assert index.index_dir() == tmp_path / "elsewhere"
