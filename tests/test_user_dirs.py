"""depguard finds its user folders without importing platformdirs where every platformdirs version agrees
(issue 19: importing it brings tempfile, random and shutil into every warm run), and the folders are the ones
platformdirs names."""

from __future__ import annotations

import sys

import platformdirs
import pytest

from depguard.paths import linux_user_dir
from depguard.popular import data_dir

linux = pytest.mark.skipif(sys.platform != "linux", reason="the platformdirs-free answer is Linux's alone")


@linux
@pytest.mark.parametrize("env", [
    {}, {"XDG_DATA_HOME": "/a/b", "XDG_CACHE_HOME": "/c"}, {"XDG_DATA_HOME": "", "XDG_CACHE_HOME": ""},
    {"HOME": "/x/y/"}, {"XDG_DATA_HOME": "relative", "XDG_CACHE_HOME": " /spaced"}, {"HOME": "relative"},
])
def test_user_folders_are_the_ones_platformdirs_names(monkeypatch, env):
    for name in ("XDG_DATA_HOME", "XDG_CACHE_HOME", "DEPGUARD_DATA_DIR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert str(data_dir()) == platformdirs.user_data_dir("depguard", appauthor=False)
    cache = linux_user_dir("XDG_CACHE_HOME", "~/.cache")
    assert cache is None or str(cache) == platformdirs.user_cache_dir("depguard", appauthor=False)


@linux
def test_unclear_cases_are_left_to_platformdirs(monkeypatch):
    monkeypatch.setenv("HOME", "/home/u")
    monkeypatch.setenv("XDG_DATA_HOME", "relative")
    assert linux_user_dir("XDG_DATA_HOME", "~/.local/share") is None
    monkeypatch.setenv("XDG_DATA_HOME", "/d")
    monkeypatch.setenv("ANDROID_DATA", "/data")
    assert linux_user_dir("XDG_DATA_HOME", "~/.local/share") is None
