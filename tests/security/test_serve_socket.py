"""Shared machines: the resident server's socket is private, and a client sends nothing (its environment
holds tokens) to a socket or a server that is not this user's own.

Another user's process is simulated by pretending to be another user (``os.getuid`` patched), and, when the
tests run as root, by a real listener process that dropped to the ``nobody`` uid."""

from __future__ import annotations

import os
import socket
import sys
import warnings

import pytest

from depguard import client, server
from depguard.errors import ConfigError

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or not hasattr(os, "getuid"), reason="Unix sockets only")

OTHER_UID = 65534  # nobody


def _folder(path, mode: int):
    path.mkdir()
    os.chmod(path, mode)
    return path


def _listener(path) -> socket.socket:
    """A bare listening socket at ``path``: whatever connects stays in its backlog, for the test to see."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(path))
    s.listen(4)
    s.setblocking(False)
    return s


def _connection(listener: socket.socket) -> socket.socket | None:
    try:
        conn, _ = listener.accept()
    except BlockingIOError:
        return None
    return conn


@pytest.fixture
def quiet_streams(monkeypatch):
    """Standard streams that are not terminals (forwarding happens for pipes only)."""
    monkeypatch.setattr(sys, "stdin", None)


# --- where the socket is ---------------------------------------------------------------------------

def test_the_socket_lives_in_the_users_own_runtime_folder(tmp_path, monkeypatch):
    runtime = _folder(tmp_path / "xdg", 0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    path = client.socket_path()
    assert os.path.dirname(path) == str(runtime / "depguard") and path.endswith(".sock")
    # another cache directory, another server
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "other-cache"))
    assert client.socket_path() != path and os.path.dirname(client.socket_path()) == str(runtime / "depguard")


@pytest.mark.parametrize("mode", [0o755, 0o777, 0o1777])
def test_a_runtime_folder_others_can_enter_is_not_used(tmp_path, monkeypatch, mode):
    runtime = _folder(tmp_path / "xdg", mode)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    cache = os.environ["DEPGUARD_CACHE_DIR"]
    assert client.socket_path() == os.path.join(cache, "run", client.SOCKET_NAME)


def test_a_runtime_folder_of_another_user_is_not_used(tmp_path, monkeypatch):
    runtime = _folder(tmp_path / "xdg", 0o700)
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)
    assert not client.socket_path().startswith(str(runtime))


def test_the_server_makes_its_folder_user_only_and_its_socket_0600(tmp_path):
    path = tmp_path / "cache" / "run" / "serve.sock"  # neither the cache folder nor its run/ exists yet
    srv = server.Server(str(path), idle_timeout=1)
    srv.listen()
    try:
        assert (os.stat(path.parent).st_mode & 0o777) == 0o700
        assert (os.stat(path.parent.parent).st_mode & 0o777) == 0o700
        assert (os.stat(path).st_mode & 0o777) == 0o600
        assert client.unsafe(str(path)) is None
    finally:
        srv.close()


@pytest.mark.parametrize("mode", [0o777, 0o1777, 0o775])
def test_the_server_refuses_a_folder_others_can_write(tmp_path, mode):
    folder = _folder(tmp_path / "shared", mode)
    with pytest.raises(ConfigError, match="other users may write"):
        server.Server(str(folder / "serve.sock")).listen()
    assert not (folder / "serve.sock").exists()


def test_the_server_refuses_a_folder_of_another_user(tmp_path, monkeypatch):
    folder = _folder(tmp_path / "theirs", 0o700)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)
    with pytest.raises(ConfigError, match="belongs to uid"):
        server.Server(str(folder / "serve.sock")).listen()


@pytest.mark.parametrize("planted", ["symlink", "file"])
def test_the_server_never_removes_what_is_not_its_socket(tmp_path, planted):
    folder = _folder(tmp_path / "run", 0o700)
    target = tmp_path / "precious"
    target.write_text("keep me")
    path = folder / "serve.sock"
    if planted == "symlink":
        path.symlink_to(target)
    else:
        path.write_text("not a socket")
    with pytest.raises(ConfigError, match="not a socket"):
        server.Server(str(path)).listen()
    assert os.path.lexists(path) and target.read_text() == "keep me"


# --- the client's checks, before it sends anything ---------------------------------------------------

def test_the_client_sends_nothing_to_a_socket_in_a_folder_others_can_write(tmp_path, monkeypatch, quiet_streams, capsys):
    folder = _folder(tmp_path / "shared", 0o777)
    path = folder / "serve.sock"
    listener = _listener(path)
    os.chmod(path, 0o600)
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    monkeypatch.setenv("SOME_TOKEN", "secret-value")
    try:
        assert client.forward(["check", "requests"]) is None  # the run happens in this process instead
        assert _connection(listener) is None  # not even a connection
    finally:
        listener.close()
    err = capsys.readouterr().err
    assert "not using the server socket" in err and "writable by other users" in err


def test_the_client_sends_nothing_to_a_socket_others_can_write(tmp_path, monkeypatch, quiet_streams):
    folder = _folder(tmp_path / "run", 0o700)
    path = folder / "serve.sock"
    listener = _listener(path)
    os.chmod(path, 0o666)
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    try:
        assert client.forward(["check", "requests"]) is None
        assert _connection(listener) is None
    finally:
        listener.close()


def test_the_client_sends_nothing_to_a_socket_of_another_user(tmp_path, monkeypatch, quiet_streams):
    folder = _folder(tmp_path / "run", 0o700)
    path = folder / "serve.sock"
    listener = _listener(path)
    real = os.getuid()
    monkeypatch.setattr(os, "getuid", lambda: real + 1)  # as seen by another user, all of it is not theirs
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    try:
        assert client.forward(["check", "requests"]) is None
        assert _connection(listener) is None
        assert "belongs to uid" in client.unsafe(str(path))
    finally:
        listener.close()


def test_the_client_does_not_follow_a_symlink_to_a_socket(tmp_path, monkeypatch, quiet_streams):
    elsewhere = _folder(tmp_path / "elsewhere", 0o700)
    listener = _listener(elsewhere / "real.sock")
    folder = _folder(tmp_path / "run", 0o700)
    (folder / "serve.sock").symlink_to(elsewhere / "real.sock")
    monkeypatch.setenv("DEPGUARD_SOCKET", str(folder / "serve.sock"))
    try:
        assert client.forward(["check", "requests"]) is None
        assert _connection(listener) is None
    finally:
        listener.close()


def test_the_client_checks_the_server_process_is_its_user_before_sending(tmp_path, monkeypatch, quiet_streams):
    """A socket file that passes every check, with another user's process behind it (SO_PEERCRED)."""
    if getattr(socket, "SO_PEERCRED", None) is None:
        pytest.skip("SO_PEERCRED is Linux's")
    folder = _folder(tmp_path / "run", 0o700)
    path = folder / "serve.sock"
    listener = _listener(path)
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    monkeypatch.setenv("SOME_TOKEN", "secret-value")
    real_peer = client.peer_uid
    monkeypatch.setattr(client, "peer_uid", lambda sock: real_peer(sock) + 1)  # the listener "is" someone else
    try:
        assert client.forward(["check", "requests"]) is None
        conn = _connection(listener)
        assert conn is not None  # it connected (the file looked right) ...
        conn.settimeout(10)
        with conn:
            assert conn.recv(1 << 16) == b""  # ... and closed without sending a byte
    finally:
        listener.close()


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to run a listener as another uid")
def test_a_real_listener_of_another_uid_gets_no_environment(tmp_path, monkeypatch, quiet_streams):
    """As root: the socket file is ours, but the process listening on it dropped to uid 65534."""
    if getattr(socket, "SO_PEERCRED", None) is None:
        pytest.skip("SO_PEERCRED is Linux's")
    folder = _folder(tmp_path / "run", 0o700)
    path = folder / "serve.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.bind(str(path))
    os.chmod(path, 0o600)
    read_end, write_end = os.pipe()
    with warnings.catch_warnings():  # 3.12+ warns of forking with threads; the child only makes system calls
        warnings.simplefilter("ignore", DeprecationWarning)
        pid = os.fork()
    if pid == 0:  # the other user's "server": listens as nobody, reports how many bytes it was sent
        got = -1
        try:
            os.close(read_end)
            os.setgid(OTHER_UID)
            os.setuid(OTHER_UID)
            sock.listen(1)
            os.write(write_end, b"L")
            sock.settimeout(30)
            conn, _ = sock.accept()
            conn.settimeout(30)
            got = 0
            while chunk := conn.recv(1 << 16):
                got += len(chunk)
        except BaseException:  # noqa: BLE001
            pass
        finally:
            os.write(write_end, str(got).encode())
            os._exit(0)
    os.close(write_end)
    sock.close()
    assert os.read(read_end, 1) == b"L"
    monkeypatch.setenv("DEPGUARD_SOCKET", str(path))
    monkeypatch.setenv("SOME_TOKEN", "secret-value")
    assert client.forward(["check", "requests"]) is None
    received = b""
    while chunk := os.read(read_end, 64):
        received += chunk
    os.close(read_end)
    os.waitpid(pid, 0)
    assert received == b"0"  # connected, and was sent nothing
