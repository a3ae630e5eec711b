"""One malformed frame must never take the resident server down: whatever a client sends (truncated frames,
frames past the size limit, garbage, JSON of the wrong shape or types, a bad standard-input reply), the
server goes on answering the next client. Frames are newline-terminated JSON objects (see
:mod:`depguard.client`)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depguard import client, server
from tests.integrations.serve_process import serve_process

pytestmark = pytest.mark.skipif(not hasattr(socket, "AF_UNIX") or not hasattr(os, "getuid"), reason="Unix sockets only")


class _Chunks:
    """A socket stand-in that hands out ``data`` in pieces of ``size`` bytes."""

    def __init__(self, data: bytes, size: int = 7) -> None:
        self.data, self.size = data, size

    def recv(self, n: int) -> bytes:
        piece, self.data = self.data[: min(n, self.size)], self.data[min(n, self.size):]
        return piece


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.binary(max_size=2000), st.integers(min_value=1, max_value=64))
def test_the_frame_reader_returns_an_object_or_none_or_raises_value_error(data, size):
    try:
        frame = client.read_frame(_Chunks(data, size), bytearray())
    except ValueError:  # UnicodeDecodeError and JSONDecodeError are ValueErrors too
        return
    assert frame is None or isinstance(frame, dict)


@pytest.mark.parametrize("data", [
    b"",                                # closed before a frame
    b'{"op": "pi',                      # truncated, no newline
    b"\n",                              # an empty frame
    b"\xff\xfe\x00garbage\n",           # not UTF-8
    b"[1, 2, 3]\n", b"42\n", b'"op"\n', b"null\n",  # JSON, but not an object
    b"[" * 100_000 + b"\n",             # nested past the recursion limit
    b'{"op": "ping"' + b" " * 5000 + b"\n",  # truncated object
])
def test_malformed_frames_are_none_or_value_errors(data):
    try:
        frame = client.read_frame(_Chunks(data, 4096), bytearray())
    except ValueError:
        return
    assert frame is None


def test_a_frame_past_the_size_limit_is_refused_without_reading_on(monkeypatch):
    monkeypatch.setattr(client, "MAX_FRAME", 1000)
    with pytest.raises(ValueError, match="larger than"):
        client.read_frame(_Chunks(b"x" * 5000 + b"\n", 100), bytearray())


# --- against servers -------------------------------------------------------------------------------

def _hostile_payloads(long: int) -> list[bytes | list[bytes]]:
    """What a hostile or broken client sends, one connection each (a list: frames answered in turn)."""
    good = {"op": "run", "protocol": client.PROTOCOL, "argv": ["text", "-", "--offline"], "cwd": os.getcwd(),
            "env": {}, "encoding": "utf-8", **client.identity()}
    wrong_types = [
        {"op": ["ping"]}, {"op": {"a": 1}}, {"op": None}, {"op": 1e308}, {"op": "run"},
        {**good, "protocol": "1"}, {**good, "argv": []}, {**good, "argv": [1, 2]}, {**good, "argv": "text"},
        {**good, "argv": [None]}, {**good, "cwd": 7}, {**good, "cwd": "/no/such/dir"}, {**good, "cwd": "a\x00b"},
        {**good, "env": []}, {**good, "env": {"A": 1}}, {**good, "env": {"": "x"}}, {**good, "env": {"A=B": "x"}},
        {**good, "env": {"A": "x\x00y"}}, {**good, "encoding": "no-such-codec"}, {**good, "encoding": "base64"},
        {**good, "encoding": ["utf-8"]}, {**good, "version": {"x": "y" * 10_000}},
    ]
    return [
        b"",                                   # connects and leaves
        b'{"op": "run", "argv": ["te',         # truncated frame, then closes
        b"x" * long,                           # a huge frame with no end, then closes
        b"\xff\xfe garbage \x00\x01\n",        # not UTF-8
        b"{not json}\n", b"[]\n", b"42\n",
        b"[" * 100_000 + b"]" * 100_000 + b"\n",  # nesting past the recursion limit
        *[json.dumps(w).encode() + b"\n" for w in wrong_types],
        # a run that asks for standard input, answered with garbage of every kind
        [json.dumps(good).encode() + b"\n", b'{"stdin": "!!! not base64 !!!"}\n'],
        [json.dumps(good).encode() + b"\n", b'{"stdin": 12}\n'],
        [json.dumps(good).encode() + b"\n", b"[]\n"],
        [json.dumps(good).encode() + b"\n", b'{"stdin": "aGVsbG8'],  # truncated, then closes
        [json.dumps(good).encode() + b"\n", b""],
    ]


def _send(path: str, payload: bytes | list[bytes]) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(30)
        s.connect(path)
        frames = payload if isinstance(payload, list) else [payload]
        for i, frame in enumerate(frames):
            try:
                s.sendall(frame)
            except OSError:
                return  # the server hung up on it: fine
            if i < len(frames) - 1:
                try:
                    client.read_frame(s, bytearray())  # the stdin request, before the next frame
                except (OSError, ValueError):
                    return
        try:
            s.shutdown(socket.SHUT_WR)
            while s.recv(1 << 16):
                pass
        except OSError:
            pass


def _still_serves(path: str) -> None:
    info = server.ping(path, timeout=30)
    assert info is not None and info.get("version") == client.identity()["version"]


def test_the_forking_server_survives_every_malformed_frame(tmp_path):
    sock = tmp_path / "s" / "serve.sock"
    with serve_process(sock) as (proc, env):
        for payload in _hostile_payloads(long=3_000_000):
            _send(str(sock), payload)
            if proc.poll() is not None:
                said = proc.stderr.read().decode(errors="replace")
                if proc.returncode == 0 and "files changed" in said:
                    pytest.skip("depguard's own files were edited during the test; the server rightly exited")
                pytest.fail(f"the server died on {payload[:80]!r}: {said}")
        _still_serves(str(sock))
        # and it still runs a real request, with the right answer
        served = subprocess.run([sys.executable, "-m", "depguard.cli", "check", "requests", "--offline", "--format", "json"],
                                env=env, capture_output=True, timeout=120, cwd=tmp_path)
        assert served.returncode == 3 and json.loads(served.stdout)["findings"][0]["name"] == "requests"
        assert server.ping(str(sock))["served"] >= 1


def test_the_one_at_a_time_server_survives_every_malformed_frame(tmp_path, monkeypatch):
    """The server without fork (platforms that lack it) parses requests in its own process: same promise."""
    monkeypatch.setattr(client, "MAX_FRAME", 100_000)
    monkeypatch.setattr(server, "STDIN_WAIT", 5.0)
    srv = server.Server(str(tmp_path / "t.sock"), idle_timeout=60, fork=False)
    srv._checked = float("inf")  # no looks at depguard's files (edits elsewhere must not end this test)
    srv.listen()
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        for payload in _hostile_payloads(long=300_000):
            _send(srv.path, payload)
            assert t.is_alive(), f"the server died on {payload[:80]!r}"
        _still_serves(srv.path)
        assert os.getcwd() and sys.stdout is not None  # the process state was put back after each run
    finally:
        srv._stop = True
        server.ping(srv.path)
        t.join(30)
        srv.close()
