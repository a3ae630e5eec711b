"""``depguard serve``: one resident depguard process that answers ``text``, ``check`` and ``hook`` runs.

A coding agent's hook or a chat filter starts depguard before every command it lets through; each start
pays for the interpreter and depguard's imports (a few hundred milliseconds). The server pays once. Each
request runs the ordinary command line (:func:`depguard.cli.main`) with the client's arguments, working
directory, environment, standard input and stream encodings, so the output is what the same command
would have printed in the client's own process (see :mod:`depguard.client` for the protocol).

Safety:
- the socket is created user-only (mode 0600, its folder 0700 when depguard creates it) and on Linux every
  connection's peer must be the same user (``SO_PEERCRED``);
- only ``text``, ``check`` and ``hook`` are served; ``guard`` (which runs commands) never is;
- a client of another depguard version, installation or interpreter is refused (it then runs the command
  itself), and so is every client once depguard's own files have changed under the server (looked at
  before a run, at most once a second), which then exits;
- caches that describe the user's files or environment are emptied before each run
  (:mod:`depguard.runcache`); the answer cache is the same SQLite file an ordinary run uses;
- one request at a time; the server exits after ``idle_timeout`` seconds without one.
"""

from __future__ import annotations

import io
import os
import socket
import struct
import sys
import time
from pathlib import Path

from . import client
from .errors import ConfigError

STDIN_WAIT = 60.0  # seconds a client may take to send the standard input it was asked for
REQUEST_WAIT = 10.0  # seconds a client may take to send its request
CODE_CHECK_EVERY = 1.0  # seconds between looks at depguard's own files


def code_stamp() -> tuple[int, int]:
    """(number of files, newest modification time) of depguard's own code and data."""
    root = Path(__file__).resolve().parent
    count = newest = 0
    for dirpath, _dirs, files in os.walk(root):
        if "__pycache__" in dirpath:
            continue
        for name in files:
            try:
                st = os.stat(os.path.join(dirpath, name))
            except OSError:
                continue
            count += 1
            newest = max(newest, st.st_mtime_ns)
    return count, newest


class _AskedStdin(io.RawIOBase):
    """Standard input of a served run: asked of the client the first time the command reads it."""

    def __init__(self, conn: socket.socket, buf: bytearray) -> None:
        self._conn = conn
        self._buf = buf
        self._data: io.BytesIO | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, target) -> int:  # type: ignore[override]
        if self._data is None:
            import binascii

            self._conn.settimeout(STDIN_WAIT)
            client.send_frame(self._conn, {"stdin": True})
            frame = client.read_frame(self._conn, self._buf)
            if frame is None or not isinstance(frame.get("stdin"), str):
                raise OSError("the client sent no standard input")
            self._data = io.BytesIO(binascii.a2b_base64(frame["stdin"]))
        return self._data.readinto(target)


def _peer_uid(conn: socket.socket) -> int | None:
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return None  # not Linux: the socket's mode and its folder's keep other users out
    _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i")))
    return uid


class Server:
    def __init__(self, path: str, idle_timeout: float = 1800.0) -> None:
        self.path = path
        self.idle_timeout = idle_timeout
        self.started = time.time()
        self.served = 0
        self.stamp = code_stamp()
        self.identity = client.identity()
        self._sock: socket.socket | None = None
        self._inode: int | None = None
        self._stop = False
        self._checked = time.monotonic()

    # --- the socket -----------------------------------------------------------------------------------
    def listen(self) -> None:
        folder = os.path.dirname(self.path) or "."
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if os.path.exists(self.path):
            if ping(self.path) is not None:
                raise ConfigError(f"a depguard server already listens on {self.path} (depguard serve --stop ends it)")
            os.unlink(self.path)  # left behind by a server that did not exit cleanly
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            sock.bind(self.path)
        except OSError as exc:
            sock.close()
            raise ConfigError(f"cannot listen on {self.path}: {exc.strerror or exc} "
                              "(DEPGUARD_SOCKET=PATH picks another place; Unix socket paths are limited to ~100 bytes)") from None
        finally:
            os.umask(old)
        sock.listen(64)
        self._sock = sock
        self._inode = os.stat(self.path).st_ino

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        try:  # remove the socket only while it is still this server's
            if self._inode is not None and os.stat(self.path).st_ino == self._inode:
                os.unlink(self.path)
        except OSError:
            pass

    def serve_forever(self) -> None:
        assert self._sock is not None
        self._sock.settimeout(self.idle_timeout if self.idle_timeout > 0 else None)
        while not self._stop:
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                return  # idle for too long
            except InterruptedError:
                continue
            with conn:
                try:
                    self.handle(conn)
                except (OSError, ValueError, UnicodeError):
                    continue  # a client that went away or sent garbage: the next one

    # --- one connection ---------------------------------------------------------------------------------
    def handle(self, conn: socket.socket) -> None:
        uid = _peer_uid(conn)
        if uid is not None and uid != os.getuid():
            return
        conn.settimeout(REQUEST_WAIT)
        buf = bytearray()
        req = client.read_frame(conn, buf)
        if req is None:
            return
        op = req.get("op")
        if op == "ping":
            client.send_frame(conn, {**self.identity, "pid": os.getpid(), "started": self.started, "served": self.served,
                                     "socket": self.path})
            return
        if op == "stop":
            self._stop = True
            client.send_frame(conn, {"stopped": True, "pid": os.getpid()})
            return
        if op != "run":
            client.send_frame(conn, {"refused": f"unknown request {op!r}"})
            return
        why = self.refusal(req)
        if why:
            client.send_frame(conn, {"refused": why})
            return
        answer = self.run(req, conn, buf)
        self.served += 1
        conn.settimeout(REQUEST_WAIT)
        client.send_frame(conn, answer)

    def _code_changed(self) -> bool:
        """Whether depguard's files differ from those the server started with (looked at once a second at
        most: the look stats every file, a few milliseconds)."""
        now = time.monotonic()
        if now - self._checked < CODE_CHECK_EVERY:
            return False
        self._checked = now
        return code_stamp() != self.stamp

    def refusal(self, req: dict) -> str | None:
        if req.get("protocol") != client.PROTOCOL:
            return f"protocol {req.get('protocol')!r}, this server speaks {client.PROTOCOL}"
        for k, mine in self.identity.items():
            if req.get(k) != mine:
                return f"{k} {req.get(k)!r} differs from this server's {mine!r}"
        if self._code_changed():
            self._stop = True
            return "depguard's files changed since this server started; it is exiting"
        argv, cwd, env = req.get("argv"), req.get("cwd"), req.get("env")
        if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv)):
            return "argv must be a non-empty list of strings"
        if argv[0] not in client.FORWARDED:
            return f"{argv[0]!r} is not served (only {', '.join(sorted(client.FORWARDED))})"
        if not isinstance(cwd, str) or not os.path.isdir(cwd):
            return "cwd must be an existing folder"
        if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in env.items())):
            return "env must map strings to strings"
        return None

    def run(self, req: dict, conn: socket.socket, buf: bytearray) -> dict:
        """Run the client's command line here, in the client's folder and environment."""
        import binascii
        import traceback
        import warnings

        from . import runcache

        out, err = io.BytesIO(), io.BytesIO()
        enc = req.get("encoding") if isinstance(req.get("encoding"), str) else "utf-8"
        streams, cwd, environ = (sys.stdin, sys.stdout, sys.stderr), os.getcwd(), dict(os.environ)
        # held in locals until the answer is built: a dropped wrapper closes the buffer under it
        w_out = sys.stdout = io.TextIOWrapper(out, encoding=enc, errors="strict", write_through=True)
        w_err = sys.stderr = io.TextIOWrapper(err, encoding=enc, errors="backslashreplace", write_through=True)
        sys.stdin = io.TextIOWrapper(io.BufferedReader(_AskedStdin(conn, buf)), encoding=enc)
        code: int
        try:
            os.chdir(req["cwd"])
            os.environ.clear()
            os.environ.update(req["env"])
            runcache.clear()
            with warnings.catch_warnings():  # each run shows its own warnings, as a fresh process would
                from .cli import main

                try:
                    code = int(main(req["argv"], keep_parser=True))
                except SystemExit as exc:  # argparse: --help, usage errors
                    if exc.code is None:
                        code = 0
                    elif isinstance(exc.code, int):
                        code = exc.code
                    else:
                        print(exc.code, file=sys.stderr)
                        code = 1
        except Exception:  # noqa: BLE001 - a crash of the command is its output, as in its own process
            traceback.print_exc(file=sys.stderr)
            code = 1
        finally:
            for stream in (w_out, w_err):
                try:
                    stream.flush()
                except (OSError, ValueError, UnicodeError):
                    pass
            sys.stdin, sys.stdout, sys.stderr = streams
            os.environ.clear()
            os.environ.update(environ)
            os.chdir(cwd)
        return {"code": code, "stdout": binascii.b2a_base64(out.getvalue(), newline=False).decode("ascii"),
                "stderr": binascii.b2a_base64(err.getvalue(), newline=False).decode("ascii")}


def ping(path: str, timeout: float = 1.0) -> dict | None:
    """The status of the server on ``path``, or None when none answers."""
    return _ask(path, {"op": "ping"}, timeout)


def stop(path: str, timeout: float = 5.0) -> dict | None:
    return _ask(path, {"op": "stop"}, timeout)


def _ask(path: str, frame: dict, timeout: float) -> dict | None:
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(timeout)
            sock.connect(path)
            client.send_frame(sock, frame)
            return client.read_frame(sock, bytearray())
    except (OSError, ValueError):
        return None
