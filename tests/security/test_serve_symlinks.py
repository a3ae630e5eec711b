"""depguard never writes through a symbolic link planted where it writes: a report's ``--output`` and the
resident server's log. A link there would aim the write at any file the user can write."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from depguard.cli import main
from depguard.errors import ConfigError
from depguard.paths import open_for_writing

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or not hasattr(os, "O_NOFOLLOW"), reason="POSIX links")


@pytest.fixture
def precious(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    return target


def test_output_through_a_symlink_is_refused_and_the_target_kept(tmp_path, precious, capsys):
    link = tmp_path / "report.json"
    link.symlink_to(precious)
    code = main(["check", "requests", "--offline", "--format", "json", "--output", str(link)])
    assert code == 2
    assert "symbolic link" in capsys.readouterr().err
    assert precious.read_text() == "keep me\n" and link.is_symlink()


def test_output_to_a_dangling_symlink_creates_nothing(tmp_path, capsys):
    link = tmp_path / "report.json"
    link.symlink_to(tmp_path / "created-by-the-link")
    assert main(["check", "requests", "--offline", "--output", str(link)]) == 2
    assert not (tmp_path / "created-by-the-link").exists()


def test_output_to_a_plain_file_is_written(tmp_path):
    out = tmp_path / "report.json"
    out.write_text("old and longer than the new report" * 100)
    assert main(["check", "requests", "--offline", "--format", "json", "--output", str(out)]) == 3
    assert out.read_text().lstrip().startswith("{") and "old and longer" not in out.read_text()


def test_private_files_are_user_only_and_never_a_fifo(tmp_path):
    fd = open_for_writing(tmp_path / "log")
    os.close(fd)
    assert (os.stat(tmp_path / "log").st_mode & 0o777) == 0o600
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "fifo")
        with pytest.raises(ConfigError, match="fifo"):
            open_for_writing(tmp_path / "fifo")  # and no hang waiting for a reader


def test_serve_detach_does_not_write_its_log_through_a_symlink(tmp_path, precious):
    folder = tmp_path / "run"
    folder.mkdir(mode=0o700)
    sock = folder / "serve.sock"
    (folder / "serve.sock.log").symlink_to(precious)
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_SERVER")}
    env["DEPGUARD_SOCKET"] = str(sock)
    done = subprocess.run([sys.executable, "-m", "depguard.cli", "serve", "--detach", "--idle-timeout", "5"], env=env,
                          capture_output=True, timeout=120)
    assert done.returncode == 2 and b"symbolic link" in done.stderr
    assert precious.read_text() == "keep me\n" and not sock.exists()  # nothing written, no server started
