"""``depguard serve``: one resident depguard process that answers ``text``, ``check`` and ``hook`` runs.

A coding agent's hook or a chat filter starts depguard before every command it lets through; each start
pays for the interpreter and depguard's imports (a few hundred milliseconds). The server pays once. Each
request runs the ordinary command line (:func:`depguard.cli.main`) with the client's arguments, working
directory, environment, standard input and stream encodings, so the output is what the same command
would have printed in the client's own process (see :mod:`depguard.client` for the protocol).

Safety:
- the socket is created user-only (mode 0600) in a private folder (0700, this user's: see
  :func:`depguard.client.socket_path`; a folder others may write is refused), and on Linux every
  connection's peer must be the same user (``SO_PEERCRED``); the client checks the same from its side;
- only ``text``, ``check`` and the agents' ``hook`` are served; ``guard`` (which runs commands) never is,
  nor ``hook pre-commit`` (it shows the files it is handed by the names the client gave);
- a client of another depguard version, installation or interpreter is refused (it then runs the command
  itself), and so is every client once depguard's own files have changed under the server (looked at
  before a run, at most once a second), which then exits;
- a run gets the client's folder, environment, standard input and output streams as arguments
  (:class:`depguard.invocation.Invocation`); nothing process-wide (``os.environ``, the working directory,
  ``sys.std*``) is changed for it, and a client whose process-wide variables (:data:`PROCESS_VARIABLES`:
  where depguard keeps its data, proxies, CA bundles) differ from the server's is refused (it then runs the
  command itself); the answer cache is the same SQLite file an ordinary run uses;
- the server exits after ``idle_timeout`` seconds without a request.

Concurrency: runs change no process-wide state, but a run that hangs on a registry or crashes must not
hold up or take down the others, and what a run memoises about its files (:mod:`depguard.runcache`) must not
reach the next one. On POSIX the server forks a child per accepted connection: the child has its own
copy of the process (everything already loaded, copy-on-write), runs the request and exits, while the parent goes
back to ``accept`` at once. A run stuck on a hung registry therefore delays nobody else. The parent never
reads a request, so nothing a client sends can break it; a child that crashes ends only its own
connection (whose client then runs the command itself). At most ``max_children`` runs go on at a time;
beyond that a client is told the server is busy and runs the command in its own process. Children report
a finished run or a stop request to the parent through a pipe, one byte each. Without ``os.fork`` the
server answers one connection at a time, forgetting what the previous run memoised.
"""

from __future__ import annotations

import io
import os
import socket
import stat
import sys
import time
from collections.abc import Mapping
from pathlib import Path

from . import client
from .errors import ConfigError

STDIN_WAIT = 60.0  # seconds a client may take to send the standard input it was asked for
REQUEST_WAIT = 10.0  # seconds a client may take to send its request
CODE_CHECK_EVERY = 1.0  # seconds between looks at depguard's own files
WARM_TEXT = """Install:

```bash
pip install requests
npm install left-pad
```

```python
import requests
```
"""
POLL = 0.25  # seconds between the forking server's looks at its children and at the pipe from them
MAX_CHILDREN = 16  # runs served at the same time; a client beyond them is told to run the command itself


# Variables read below a run's settings, by the process as a whole: where depguard keeps its data, how
# it reaches the network (proxies, CA bundles, the HTTP backend), the home folder. A run is served only when
# the client's values are the server's; every other variable is the run's own, handed down to it.
PROCESS_VARIABLES = frozenset({"DEPGUARD_CACHE_DIR", "DEPGUARD_INDEX_DIR", "DEPGUARD_DATA_DIR", "DEPGUARD_HTTP_BACKEND",
                               "HOME", "XDG_CACHE_HOME", "SSL_CERT_FILE", "SSL_CERT_DIR", "NETRC"})


def process_variables(environ: Mapping[str, str]) -> dict[str, str]:
    """The variables of ``environ`` that the whole process reads (:data:`PROCESS_VARIABLES`, proxies)."""
    return {k: v for k, v in environ.items() if k in PROCESS_VARIABLES or k.lower().endswith("_proxy")}


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


def private_dir(folder: str) -> None:
    """Create ``folder`` user-only (0700), or check that the existing one is this user's and that nobody
    else can write it."""
    if not os.path.isdir(folder):
        parent = os.path.dirname(os.path.abspath(folder))
        os.makedirs(parent, mode=0o700, exist_ok=True)  # e.g. the cache folder: user-only when created here
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
    st = os.lstat(folder)
    if stat.S_ISLNK(st.st_mode):
        st = os.stat(folder)  # a link to a folder: judged by the folder it leads to
    if not stat.S_ISDIR(st.st_mode):
        raise ConfigError(f"{folder}: not a folder")
    if st.st_uid != os.getuid():
        raise ConfigError(f"{folder}: belongs to uid {st.st_uid}, not to this user; refusing to put the server's socket there")
    if st.st_mode & 0o022:
        raise ConfigError(f"{folder}: other users may write it (mode {st.st_mode & 0o7777:o}); "
                          "refusing to put the server's socket there")


class Server:
    def __init__(self, path: str, idle_timeout: float = 1800.0, fork: bool | None = None,
                 max_children: int = MAX_CHILDREN) -> None:
        self.path = path
        self.idle_timeout = idle_timeout
        self.fork = hasattr(os, "fork") if fork is None else fork
        self.max_children = max_children
        self.started = time.time()
        self.served = 0
        self.stamp = code_stamp()
        self.identity = client.identity()
        self._sock: socket.socket | None = None
        self._inode: int | None = None
        self._stop = False
        self._stale = False  # depguard's files changed: refuse runs, then exit
        self._checked = time.monotonic()
        self._children: set[int] = set()
        self._pipe: tuple[int, int] | None = None  # children -> parent: b"r" a run served, b"s" stop
        self._child = False

    # --- the socket -----------------------------------------------------------------------------------
    def listen(self) -> None:
        private_dir(os.path.dirname(os.path.abspath(self.path)))
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            st = None
        if st is not None:
            if not stat.S_ISSOCK(st.st_mode) or st.st_uid != os.getuid():
                raise ConfigError(f"{self.path} exists and is not a socket of this user's; not touching it")
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
        if self._child:
            return
        if self._sock is not None:
            self._sock.close()
            self._sock = None
        for fd in self._pipe or ():
            os.close(fd)
        self._pipe = None
        try:  # remove the socket only while it is still this server's
            if self._inode is not None and os.stat(self.path).st_ino == self._inode:
                os.unlink(self.path)
        except OSError:
            pass

    def serve_forever(self) -> None:
        assert self._sock is not None
        if self.fork and self._pipe is None:
            self._pipe = os.pipe()
            os.set_blocking(self._pipe[0], False)
        self._sock.settimeout(POLL if self.fork else (self.idle_timeout if self.idle_timeout > 0 else None))
        last = time.monotonic()
        while not self._stop:
            self._collect()
            if self._stop:
                break
            try:
                conn, _ = self._sock.accept()
            except TimeoutError:
                if self._children:
                    last = time.monotonic()
                elif self.idle_timeout > 0 and time.monotonic() - last >= self.idle_timeout:
                    return  # idle for too long
                continue
            except InterruptedError:
                continue
            last = time.monotonic()
            with conn:
                self.dispatch(conn)
        self._collect()

    def dispatch(self, conn: socket.socket) -> None:
        """Hand one accepted connection to a child process (or, without fork, answer it here)."""
        try:
            uid = client.peer_uid(conn)
        except OSError:
            return
        if uid is not None and uid != os.getuid():
            return
        if self._code_changed():
            self._stale = self._stop = True  # this connection is told so; the server then exits
        if not self.fork:
            try:
                self.handle(conn)
            except Exception:  # noqa: BLE001 - whatever a client sends, the server goes on with the next one
                pass
            return
        self._collect()  # what finished children told, so that a status asked now counts their runs
        if len(self._children) >= self.max_children:
            try:
                conn.settimeout(1.0)
                client.send_frame(conn, {"refused": f"busy: {len(self._children)} runs in progress"})
            except OSError:
                pass
            return
        pid = os.fork()
        if pid:
            self._children.add(pid)
            return
        code = 0
        try:  # the child: one connection, then exit without running the parent's clean-up
            self._child = True
            if self._sock is not None:
                self._sock.close()
            if self._pipe is not None:
                os.close(self._pipe[0])
            self.handle(conn)
        except BaseException:  # noqa: BLE001 - the client runs the command itself
            code = 1
        finally:
            os._exit(code)

    def _tell(self, what: bytes) -> None:
        """From a child: tell the parent that a run was served (b"r") or that it must stop (b"s")."""
        if self._child and self._pipe is not None:
            try:
                os.write(self._pipe[1], what)
            except OSError:
                pass

    def _collect(self) -> None:
        """In the parent: reap finished children, and read what they told."""
        for pid in list(self._children):
            try:
                done, _status = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                self._children.discard(pid)
        if self._pipe is None:
            return
        while True:
            try:
                news = os.read(self._pipe[0], 4096)
            except BlockingIOError:
                return
            if not news:
                return
            self.served += news.count(b"r")
            if b"s" in news:
                self._stop = True

    # --- one connection ---------------------------------------------------------------------------------
    def handle(self, conn: socket.socket) -> None:
        conn.settimeout(REQUEST_WAIT)
        buf = bytearray()
        req = client.read_frame(conn, buf)
        if req is None:
            return
        op = req.get("op")
        if op == "ping":
            client.send_frame(conn, {**self.identity, "pid": os.getppid() if self._child else os.getpid(),
                                     "started": self.started, "served": self.served, "socket": self.path,
                                     "running": len(self._children), "exiting": self._stop})
            return
        if op == "stop":
            self._stop = True
            self._tell(b"s")
            client.send_frame(conn, {"stopped": True, "pid": os.getppid() if self._child else os.getpid()})
            return
        if op != "run":
            client.send_frame(conn, {"refused": f"unknown request {str(op)[:100]!r}"})
            return
        why = self.refusal(req)
        if why:
            client.send_frame(conn, {"refused": why})
            return
        answer = self.run(req, conn, buf)
        self.served += 1
        self._tell(b"r")  # before the answer: a client that asks for the status next sees this run counted
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
            return f"protocol {repr(req.get('protocol'))[:100]}, this server speaks {client.PROTOCOL}"
        for k, mine in self.identity.items():
            if req.get(k) != mine:
                return f"{k} {repr(req.get(k))[:200]} differs from this server's {mine!r}"
        if self._stale:
            return "depguard's files changed since this server started; it is exiting"
        argv, cwd, env = req.get("argv"), req.get("cwd"), req.get("env")
        if not (isinstance(argv, list) and argv and all(isinstance(a, str) for a in argv)):
            return "argv must be a non-empty list of strings"
        if not client.forwardable(argv):
            return f"{' '.join(argv[:2])[:100]!r} is not served (only {', '.join(sorted(client.FORWARDED))}, not hook pre-commit)"
        if not isinstance(cwd, str) or not os.path.isdir(cwd):
            return "cwd must be an existing folder"
        if not (isinstance(env, dict) and all(isinstance(k, str) and isinstance(v, str) and k and "=" not in k
                                              and "\0" not in k + v for k, v in env.items())):
            return "env must map names to strings (no '=' in a name, no NUL anywhere)"
        differ = sorted(k for k in set(process_variables(env)) | set(process_variables(os.environ))
                        if env.get(k) != os.environ.get(k))
        if differ:
            return (f"the client's {', '.join(differ)[:300]} differ from the server's (read by the whole process, "
                    "not by one run)")
        encoding = req.get("encoding", "utf-8")
        try:
            import codecs

            if not isinstance(encoding, str) or not codecs.lookup(encoding)._is_text_encoding:
                raise LookupError(encoding)
        except LookupError:
            return f"encoding {repr(encoding)[:100]} is not a text encoding"
        return None

    def warm(self) -> float:
        """Load in this (the parent) process what runs load lazily: grammars, compiled queries, tables, the
        argument parser. Forked children inherit it all, so a run pays for none of it. Three offline runs
        that ask no registry and use no answer cache; returns the seconds spent."""
        import json
        import tempfile
        import threading

        started = time.monotonic()
        event = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "cwd": "",
                 "tool_input": {"command": "pip install requests && npm install left-pad"}}
        with tempfile.TemporaryDirectory(prefix="depguard-warm-") as folder:
            event["cwd"] = folder
            with open(os.path.join(folder, "answer.md"), "w", encoding="utf-8") as fh:
                fh.write(WARM_TEXT)
            base = {"cwd": folder, "env": dict(os.environ), "encoding": "utf-8"}
            for argv, stdin in ((["text", "answer.md"], b""), (["check", "requests", "npm:left-pad", "--format", "json"], b""),
                                (["hook", "claude-code"], json.dumps(event).encode())):
                self.run({**base, "argv": [*argv, "--offline", "--no-cache"]}, None, bytearray(), stdin)
        # httpx reads the proxy settings when a run first asks a registry; on macOS that calls into
        # CoreFoundation, which must not be initialised for the first time in a forked child: read them here
        import urllib.request

        from . import cache  # noqa: F401 - the module only: an open SQLite connection must not cross a fork

        urllib.request.getproxies()
        if threading.active_count() > 1:  # forking a process with threads risks locks held forever in the child
            self.fork = False
            print(f"depguard server: {threading.active_count() - 1} thread(s) still running after warming up; "
                  "answering one connection at a time", file=sys.stderr, flush=True)
        return time.monotonic() - started

    def run(self, req: dict, conn: socket.socket | None, buf: bytearray, stdin: bytes | None = None) -> dict:
        """Run the client's command line here for the client's folder, environment and standard input, handed
        down to it (:class:`depguard.invocation.Invocation`); nothing process-wide is changed for the run
        (``stdin``: the standard input, else asked of the client when the command reads it)."""
        import binascii
        import traceback
        import warnings

        from .cli import main
        from .invocation import Invocation

        if not self._child:  # answered in the server's own process: forget what earlier runs memoised of their files
            from . import runcache

            runcache.clear()
        out, err = io.BytesIO(), io.BytesIO()
        enc = req.get("encoding") if isinstance(req.get("encoding"), str) else "utf-8"
        # held in locals until the answer is built: a dropped wrapper closes the buffer under it
        w_out = io.TextIOWrapper(out, encoding=enc, errors="strict", write_through=True)
        w_err = io.TextIOWrapper(err, encoding=enc, errors="backslashreplace", write_through=True)
        given = io.BytesIO(stdin or b"") if stdin is not None or conn is None else io.BufferedReader(_AskedStdin(conn, buf))
        inv = Invocation(Path(req["cwd"]), dict(req["env"]), given, w_out, w_err)
        code: int
        try:
            with warnings.catch_warnings(record=True) as said:  # each run shows its own warnings, as a fresh process would
                try:
                    code = int(main(req["argv"], keep_parser=True, invocation=inv))
                except SystemExit as exc:  # argparse: --help, usage errors
                    if exc.code is None:
                        code = 0
                    elif isinstance(exc.code, int):
                        code = exc.code
                    else:
                        print(exc.code, file=w_err)
                        code = 1
            for w in said:
                w_err.write(warnings.formatwarning(w.message, w.category, w.filename, w.lineno, w.line))
        except Exception:  # noqa: BLE001 - a crash of the command is its output, as in its own process
            traceback.print_exc(file=w_err)
            code = 1
        finally:
            for stream in (w_out, w_err):
                try:
                    stream.flush()
                except (OSError, ValueError, UnicodeError):
                    pass
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
