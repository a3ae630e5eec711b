"""Trust boundaries of the per-file parse cache (issue 14's shared-machine rules, applied to depguard.parsecache):
its entries decide which mentions a scan reports, so entries another user (or anything but this user) could
have written are never used: the cache folder is made user-only, a cache file that is a symbolic link, belongs
to another user or is writable by others is ignored, a folder another user owns is neither read nor written,
and files are created 0600 without following a link planted at their name."""

from __future__ import annotations

import marshal
import os
import stat
from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.fsview import digest
from depguard.parsecache import FORMAT
from depguard.scan import Collected, collect_paths

posix = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX owners and permissions")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / "requirements.txt").write_text("evil-squat-pkg==1.0\n", encoding="utf-8")
    return root


def scan(root: Path, folder: Path) -> Collected:
    return collect_paths([root], Settings(use_cache=True, cache_dir=folder))


def names(collected: Collected) -> set[str]:
    return {m.key.name for m in collected.mentions}


def hollow(pack: Path) -> bytes:
    """``pack``'s entries with every file's mentions removed, validators and checksum kept valid (what a planter
    who can compute them writes)."""
    blob = pack.read_bytes()
    head = len(FORMAT) + 32
    heads, entries = marshal.loads(blob[head:])
    forged = {key: value if key[0] == "fact" else (value[0], value[1], value[2], ((), (), (), (), *value[3][4:]))
              for key, value in entries.items()}  # project facts (ParseCache.fact) kept as they are
    body = marshal.dumps((heads, forged))
    return blob[:len(FORMAT) + 16] + digest(body) + body


def planted(tree: Path, folder: Path) -> tuple[Path, bytes]:
    assert names(scan(tree, folder)) == {"evil-squat-pkg"}
    (pack,) = (folder / "parse").iterdir()
    return pack, hollow(pack)


@posix
def test_an_own_user_only_cache_file_is_used_so_the_forgery_would_hide_mentions(tree: Path, tmp_path: Path) -> None:
    """The control: the forged entries do hide the mention when they sit in this user's own 0600 file (the same
    trust Python gives its own __pycache__), so each test below shows a real hole closed."""
    folder = tmp_path / "cache"
    pack, forged = planted(tree, folder)
    pack.write_bytes(forged)
    assert names(scan(tree, folder)) == set()


@posix
def test_a_cache_file_that_is_a_symbolic_link_is_not_read(tree: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    pack, forged = planted(tree, folder)
    elsewhere = tmp_path / "planted.marshal"
    elsewhere.write_bytes(forged)
    pack.unlink()
    pack.symlink_to(elsewhere)
    assert names(scan(tree, folder)) == {"evil-squat-pkg"}
    assert elsewhere.read_bytes() == forged  # nor written through


@posix
def test_a_cache_file_others_can_write_is_not_read(tree: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    pack, forged = planted(tree, folder)
    pack.write_bytes(forged)
    os.chmod(pack, 0o666)
    assert names(scan(tree, folder)) == {"evil-squat-pkg"}


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a file to another user")
def test_a_cache_file_another_user_owns_is_not_read(tree: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    pack, forged = planted(tree, folder)
    pack.write_bytes(forged)
    os.chmod(pack, 0o600)
    os.chown(pack, 12345, 12345)
    assert names(scan(tree, folder)) == {"evil-squat-pkg"}


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="needs root to give a folder to another user")
def test_a_parse_folder_another_user_owns_is_neither_read_nor_written(tree: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    pack, forged = planted(tree, folder)
    pack.write_bytes(forged)
    os.chown(pack, 12345, 12345)
    os.chown(folder / "parse", 12345, 12345)
    os.chmod(folder / "parse", 0o777)
    assert names(scan(tree, folder)) == {"evil-squat-pkg"}
    assert [p.name for p in (folder / "parse").iterdir()] == [pack.name]  # nothing written into it


@posix
def test_the_parse_cache_is_created_user_only(tree: Path, tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o777)
    os.chmod(folder, 0o777)
    scan(tree, folder)
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE((folder / "parse").stat().st_mode) == 0o700
    for pack in (folder / "parse").iterdir():
        assert stat.S_IMODE(pack.lstat().st_mode) == 0o600
