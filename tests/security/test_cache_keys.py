"""The answer cache is keyed by registry (issue 14): an answer from a mirror or a test registry is never
served for public PyPI, nor the other way round; credentials count by identity (never stored); the cache is
user-only; caches written with the old key shape simply miss."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import warnings

import httpx
import pytest

from depguard.cache import CacheWarning
from depguard.config import Settings, load_settings
from depguard.ecosystems import catalog
from depguard.lookup import resolve
from depguard.model import Existence

MIRROR = "https://mirror.example/root"


def pypi_doc(name: str) -> dict:
    return {"info": {"name": name, "summary": ""}, "urls": [{"filename": f"{name}-1.0.tar.gz"}],
            "releases": {"1.0": [{"upload_time_iso_8601": "2015-01-01T00:00:00Z", "yanked": False}]}}


class Registry:
    """A MockTransport that answers every name: exists (``found``) or 404, and counts requests per host."""

    def __init__(self, found: bool) -> None:
        self.found = found
        self.asked: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.asked.append(str(request.url))
        name = request.url.path.split("/")[-2]
        return httpx.Response(200, json=pypi_doc(name)) if self.found else httpx.Response(404)


def ask(settings: Settings, registry: Registry, name: str = "some-internal-tool"):
    key = catalog().key("pypi", name)
    return resolve([key], settings, transport=httpx.MockTransport(registry))[key]


@pytest.fixture
def cached(tmp_path) -> Settings:
    return Settings(use_cache=True, cache_dir=tmp_path / "cache")


def test_a_mirrors_exists_is_not_served_for_public_pypi(cached):
    mirror, public = Registry(found=True), Registry(found=False)
    assert ask(cached.with_(registries={"pypi": MIRROR}), mirror).existence is Existence.EXISTS
    answer = ask(cached, public)
    assert public.asked == ["https://pypi.org/pypi/some-internal-tool/json"]  # asked, not served from cache
    assert answer.existence is Existence.MISSING and not answer.cached


def test_public_pypis_answer_is_not_served_for_a_mirror(cached):
    public, mirror = Registry(found=True), Registry(found=False)
    assert ask(cached, public).existence is Existence.EXISTS
    answer = ask(cached.with_(registries={"pypi": MIRROR}), mirror)
    assert mirror.asked and answer.existence is Existence.MISSING


def test_the_same_registry_is_served_from_the_cache(cached):
    first, second = Registry(found=True), Registry(found=True)
    ask(cached.with_(registries={"pypi": MIRROR}), first)
    answer = ask(cached.with_(registries={"pypi": MIRROR + "/"}), second)
    assert second.asked == [] and answer.cached


def test_credentials_count_by_identity_and_are_never_stored(cached, tmp_path):
    alice = cached.with_(registries={"pypi": "https://alice:token-one@mirror.example/root"})
    other_token = cached.with_(registries={"pypi": "https://alice:token-two@mirror.example/root"})
    first, second, again = Registry(found=True), Registry(found=True), Registry(found=True)
    ask(alice, first)
    ask(other_token, second)
    assert second.asked, "another credential's answer was served"
    ask(alice, again)
    assert again.asked == []
    stored = b"".join(p.read_bytes() for p in (tmp_path / "cache").iterdir() if p.is_file())
    assert b"token-one" not in stored and b"token-two" not in stored


def test_a_cache_with_the_old_key_shape_simply_misses(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir()
    old = sqlite3.connect(folder / "answers.sqlite3")
    old.execute("CREATE TABLE answers (ecosystem TEXT NOT NULL, name TEXT NOT NULL, existence TEXT NOT NULL,"
                " payload TEXT NOT NULL, stored REAL NOT NULL, expires REAL NOT NULL, PRIMARY KEY (ecosystem, name))")
    old.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT)")
    old.execute("INSERT INTO meta VALUES ('schema', '1')")
    payload = json.dumps({"existence": "exists", "source": "PyPI", "reason": "HTTP 200", "asked": None, "at": None,
                          "first_release": None, "latest_release": None, "version_count": 3, "downloads": None,
                          "markers": [], "description": None})
    old.execute("INSERT INTO answers VALUES ('pypi', 'some-internal-tool', 'exists', ?, 0, 1e12)", (payload,))
    old.commit()
    old.close()
    public = Registry(found=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)  # no "unreadable cache" warning either
        answer = ask(Settings(use_cache=True, cache_dir=folder), public)
    assert public.asked and answer.existence is Existence.MISSING


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_cache_folder_and_files_are_user_only(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o755)
    os.chmod(folder, 0o755)
    ask(Settings(use_cache=True, cache_dir=folder), Registry(found=True))
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for file in folder.iterdir():
        assert stat.S_IMODE(file.stat().st_mode) & 0o077 == 0, file


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_symlinked_cache_file_is_not_used(tmp_path):
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    planted = tmp_path / "planted.sqlite3"
    sqlite3.connect(planted).close()
    (folder / "answers.sqlite3").symlink_to(planted)
    public = Registry(found=False)
    with pytest.warns(CacheWarning, match="symbolic link"):
        answer = ask(Settings(use_cache=True, cache_dir=folder), public)
    assert public.asked and answer.existence is Existence.MISSING


def test_environment_registry_beats_the_config_file(tmp_path):
    config = tmp_path / ".depguard.toml"
    config.write_text('[registries]\npypi = "https://from-file.example"\n', encoding="utf-8")
    settings = load_settings(tmp_path, environ={"DEPGUARD_REGISTRY_PYPI": "https://from-env.example"})
    assert settings.registries["pypi"] == "https://from-env.example"
    file_only = load_settings(tmp_path, environ={})
    assert file_only.registries["pypi"] == "https://from-file.example"


def test_registry_addresses_are_read_from_settings_only(monkeypatch):
    from depguard.registries.endpoints import base_url

    monkeypatch.setenv("DEPGUARD_REGISTRY_PYPI", "https://from-env.example")
    assert base_url("pypi", {}) == "https://pypi.org"  # the environment reaches lookups through config.py only


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to make a folder another user owns")
def test_a_cache_folder_another_user_owns_is_refused(tmp_path, monkeypatch):
    from depguard import paths
    from depguard.errors import ConfigError

    foreign = tmp_path / "shared-cache"
    foreign.mkdir(mode=0o777)
    os.chown(foreign, 12345, 12345)
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(foreign))
    monkeypatch.setattr(paths, "_private", set())
    with pytest.raises(ConfigError, match="belongs to another user"):
        paths.cache_dir()
    public = Registry(found=False)
    with pytest.warns(CacheWarning, match="another user"):
        answer = ask(Settings(use_cache=True, cache_dir=foreign), public)
    assert public.asked and answer.existence is Existence.MISSING


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_the_cache_folder_is_made_user_only(tmp_path, monkeypatch):
    from depguard import paths

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o777)
    os.chmod(folder, 0o777)
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(folder))
    monkeypatch.setattr(paths, "_private", set())
    assert paths.cache_dir() == folder
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
