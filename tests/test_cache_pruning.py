"""What depguard keeps of the trees it scanned (a parse pack per scanned folder, the report texts kept beside
it, the look-alike matches of the names judged) does not grow without bound: a folder not scanned for a month,
or beyond the most recently scanned ones, loses its part; `depguard cache clear` removes all of it with the
answers."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from depguard import parsecache
from depguard.config import Settings
from depguard.scan import collect_paths

DAY = 86_400


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(use_cache=True, cache_dir=tmp_path / "cache")


def scanned(tmp_path: Path, settings: Settings, name: str) -> Path:
    """A folder named ``name`` scanned once: the parse pack it got."""
    root = tmp_path / name
    root.mkdir(exist_ok=True)
    (root / "requirements.txt").write_text("requests\n", encoding="utf-8")
    collect_paths([root], settings)
    made = pack_of(settings, root)
    assert made.exists()
    return made


def packs(settings: Settings) -> list[Path]:
    assert settings.cache_dir is not None
    return sorted((settings.cache_dir / "parse").glob("*.marshal"))


def pack_of(settings: Settings, root: Path) -> Path:
    assert settings.cache_dir is not None
    return parsecache.ParseCache(settings.cache_dir, root.resolve(), settings, parsecache.code_stamp()).path


def aged(path: Path, days: float) -> None:
    when = time.time() - days * DAY
    os.utime(path, (when, when))


def kept_text(pack: Path) -> Path:
    """A report text kept beside ``pack`` (depguard.outputmemo names it after the pack)."""
    text = pack.parent.parent / "output" / pack.name
    text.parent.mkdir(exist_ok=True)
    text.write_bytes(b"kept")
    return text


def test_the_pack_of_a_folder_not_scanned_for_a_month_goes_with_its_report_text(tmp_path: Path,
                                                                                  settings: Settings) -> None:
    old = scanned(tmp_path, settings, "old")
    old_text = kept_text(old)
    recent = scanned(tmp_path, settings, "recent")
    recent_text = kept_text(recent)
    aged(old, parsecache.PACK_DAYS + 1)
    aged(recent, parsecache.PACK_DAYS - 1)
    new = scanned(tmp_path, settings, "new")  # writing a pack prunes the others
    assert not old.exists() and not old_text.exists()
    assert recent.exists() and recent_text.exists() and new.exists()


def test_only_the_most_recently_scanned_folders_keep_their_packs(tmp_path: Path, settings: Settings,
                                                                  monkeypatch) -> None:
    monkeypatch.setattr(parsecache, "PACKS_KEPT", 3)
    made = []
    for i in range(5):
        made.append(scanned(tmp_path, settings, f"root{i}"))
        aged(made[-1], 5 - i)  # scanned one after the other, a day apart
    assert packs(settings) == sorted(made[2:])


def test_a_warm_scan_of_an_unchanged_folder_keeps_its_pack_alive(tmp_path: Path, settings: Settings) -> None:
    pack = scanned(tmp_path, settings, "proj")
    aged(pack, parsecache.PACK_DAYS - 2)
    collect_paths([tmp_path / "proj"], settings)  # every file from the pack: nothing written
    assert pack.stat().st_mtime > time.time() - DAY
    aged(pack, 0.5)
    before = pack.stat().st_mtime
    collect_paths([tmp_path / "proj"], settings)
    assert pack.stat().st_mtime == before  # renewed at most once a day


def test_temporary_files_a_run_left_are_removed_after_a_day(tmp_path: Path, settings: Settings) -> None:
    pack = scanned(tmp_path, settings, "proj")
    left = pack.parent / f".{pack.name}.123.abcdef.tmp"
    fresh = pack.parent / f".{pack.name}.456.abcdef.tmp"
    left.write_bytes(b"half")
    fresh.write_bytes(b"being written")
    aged(left, 2)
    scanned(tmp_path, settings, "other")
    assert not left.exists() and fresh.exists() and pack.exists()


def test_cache_clear_removes_what_is_kept_of_scanned_trees(tmp_path: Path, settings: Settings, monkeypatch,
                                                            capsys) -> None:
    from depguard.cli import main

    assert settings.cache_dir is not None
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(settings.cache_dir))
    pack = scanned(tmp_path, settings, "proj")
    text = kept_text(pack)
    typosquat = settings.cache_dir / "typosquat"
    typosquat.mkdir()
    (typosquat / "pypi-matches.marshal").write_bytes(b"names judged")
    (typosquat / "pypi-keys.marshal").write_bytes(b"the popular list's index")
    verdicts = settings.cache_dir / "verdicts"  # the judgements kept across runs (depguard.verdicts)
    verdicts.mkdir()
    (verdicts / "0123.marshal").write_bytes(b"pairs judged")
    assert main(["cache", "clear"]) == 0
    assert not pack.exists() and not text.exists() and not (typosquat / "pypi-matches.marshal").exists()
    assert not (verdicts / "0123.marshal").exists()
    assert (typosquat / "pypi-keys.marshal").exists()  # made from depguard's own lists, not from a tree
    out = capsys.readouterr().out
    assert "cleared 0 cached answers" in out and "removed 4 files kept of scanned trees" in out
