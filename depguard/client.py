"""The client side of ``depguard serve``: hand a command to a running depguard server, if there is one.

Starting Python and importing depguard (argparse, dataclasses, sqlite3, tree-sitter, compiled queries and
patterns) costs a few hundred milliseconds per run: too much for a check that sits in front of every
command an agent runs. A server started with ``depguard serve`` keeps all of that loaded; this module,
which imports only the standard library's socket and JSON support, forwards ``text``, ``check`` and
``hook`` runs to it and prints what it answers, byte for byte.

The client never guesses. It forwards only when a server socket exists and none of the standard streams
is a terminal (rich tables and progress bars are drawn in-process), and it runs the command
itself when the server is missing, refuses (another depguard version or installation) or fails before it
has run the command. ``DEPGUARD_SERVER=0`` turns forwarding off; ``DEPGUARD_SERVER=auto`` starts a
server when none is running.

Shared machines: the socket lives in a private per-user folder (:func:`socket_path`), and before the
client sends anything (its environment holds tokens) it checks that the socket and its folder belong to
this user and that nobody else can write them, and on Linux that the process on the other end
(``SO_PEERCRED``) runs as this user. A socket that fails a check is not used (the run happens here, with a
warning on standard error).

Protocol (a Unix socket, one request per connection, newline-delimited JSON frames)::

    client -> {"op": "run", "argv": [...], "cwd": "...", "env": {...}, "version": ..., "package": ...,
               "prefix": ..., "python": ...}
    server -> {"stdin": true}                                 # only if the command reads standard input
    client -> {"stdin": "<base64>"}
    server -> {"code": 0, "stdout": "<base64>", "stderr": "<base64>"}   or   {"refused": "why"}
"""

from __future__ import annotations

import os
import sys

FORWARDED = frozenset({"text", "check", "hook"})
PROTOCOL = 1
MAX_FRAME = 64 * 1024 * 1024  # the largest frame either side reads (a 10 MiB answer, base64-encoded, fits)
MAX_STDIN = 16 * 1024 * 1024
CONNECT_TIMEOUT = 1.0
SOCKET_NAME = "serve.sock"


def private_runtime_dir() -> str | None:
    """``$XDG_RUNTIME_DIR`` when it is this user's and closed to others (0700, as systemd makes it), else
    None. Never a shared name under /tmp: another user could create it first."""
    xdg = os.environ.get("XDG_RUNTIME_DIR")
    if not xdg or not os.path.isabs(xdg):
        return None
    try:
        st = os.stat(xdg)
    except OSError:
        return None
    return xdg if st.st_uid == os.getuid() and (st.st_mode & 0o7777) == 0o700 else None


def socket_path() -> str:
    """Where the server of this cache directory listens: ``DEPGUARD_SOCKET``; else
    ``$XDG_RUNTIME_DIR/depguard/serve-<tag of the cache directory>.sock`` (see :func:`private_runtime_dir`);
    else ``<cache dir>/run/serve.sock``. One server per cache directory, in a folder of this user's only."""
    explicit = os.environ.get("DEPGUARD_SOCKET")
    if explicit:
        return explicit
    from .paths import cache_dir

    cache = str(cache_dir())
    runtime = private_runtime_dir()
    if runtime is None:
        return os.path.join(cache, "run", SOCKET_NAME)
    import binascii

    tag = binascii.crc32(os.fsencode(os.path.abspath(cache))) & 0xFFFFFFFF
    return os.path.join(runtime, "depguard", f"serve-{tag:08x}.sock")


def unsafe(path: str) -> str | None:
    """Why the socket at ``path`` must not be trusted, or None: it must be a socket (not a symbolic link),
    and it and its folder must belong to this user and be writable by nobody else."""
    import stat

    uid = os.getuid()
    folder = os.path.dirname(os.path.abspath(path))
    try:
        st = os.stat(folder)
    except OSError as exc:
        return f"its folder {folder}: {exc.strerror or exc}"
    if st.st_uid != uid:
        return f"its folder {folder} belongs to uid {st.st_uid}, not to this user ({uid})"
    if st.st_mode & 0o022:
        return f"its folder {folder} is writable by other users (mode {st.st_mode & 0o7777:o})"
    try:
        st = os.lstat(path)
    except OSError as exc:
        return exc.strerror or str(exc)
    if not stat.S_ISSOCK(st.st_mode):
        return "it is not a socket" + (" (a symbolic link)" if stat.S_ISLNK(st.st_mode) else "")
    if st.st_uid != uid:
        return f"it belongs to uid {st.st_uid}, not to this user ({uid})"
    if st.st_mode & 0o022:
        return f"it is writable by other users (mode {st.st_mode & 0o7777:o})"
    return None


def peer_uid(sock) -> int | None:
    """The user id of the process on the other end of a connected Unix socket (Linux: ``SO_PEERCRED``;
    None where the platform cannot say, and the file checks of :func:`unsafe` stand alone)."""
    import struct

    try:
        import _socket
    except ImportError:  # pragma: no cover - another Python implementation
        return None
    option = getattr(_socket, "SO_PEERCRED", None)
    if option is None:
        return None
    _pid, uid, _gid = struct.unpack("3i", sock.getsockopt(_socket.SOL_SOCKET, option, struct.calcsize("3i")))
    return uid


def _distrust(path: str, why: str) -> None:
    """Say once, on standard error, why the server socket is not used (the run goes on in this process)."""
    from .report.escape import plain

    sys.stderr.write(f"depguard: warning: not using the server socket {plain(path)}: {plain(why)}\n")


def identity() -> dict[str, str]:
    """What a server must share with this client to answer for it: the same depguard, from the same place,
    run by the same interpreter."""
    from . import __version__

    return {"version": __version__, "package": os.path.dirname(os.path.abspath(__file__)), "prefix": sys.prefix,
            "python": sys.version}


def forwardable(argv: list[str]) -> bool:
    """Whether a server may answer this command line: ``text``, ``check`` and the agents' hooks. Not
    ``hook pre-commit``: it shows the files it is handed as they are named, relative to its own folder."""
    return bool(argv) and argv[0] in FORWARDED and argv[:2] != ["hook", "pre-commit"]


def wanted(argv: list[str]) -> bool:
    """Whether this run may go to a server (the command, the streams, the switch, a socket)."""
    if not forwardable(argv):
        return False
    if os.environ.get("DEPGUARD_SERVER", "").strip().lower() in ("0", "off", "no", "false"):
        return False
    if not hasattr(os, "getuid"):
        return False  # AF_UNIX with peer checks: POSIX only
    try:
        if sys.stdout.isatty() or sys.stderr.isatty() or (sys.stdin is not None and sys.stdin.isatty()):
            return False  # a terminal: drawn and read in-process
    except (AttributeError, ValueError):
        return False
    try:
        return os.path.exists(socket_path()) or _auto()
    except (OSError, ValueError):
        return False


def _auto() -> bool:
    """``DEPGUARD_SERVER=auto``: start a server (``depguard serve --detach``) when none is there; True when
    one answers afterwards. The first run waits for the start (about a second); the server exits by itself
    after its idle timeout."""
    if os.environ.get("DEPGUARD_SERVER", "").strip().lower() != "auto":
        return False
    import subprocess

    try:
        subprocess.run([sys.executable, "-m", "depguard.cli", "serve", "--detach", "--socket", socket_path()],
                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return False
    return os.path.exists(socket_path())


def read_frame(sock, buf: bytearray) -> dict | None:
    """The next JSON frame from ``sock`` (``buf`` keeps what was read past it), or None at end of stream."""
    import json

    while True:
        end = buf.find(b"\n")
        if end >= 0:
            frame = bytes(buf[:end])
            del buf[: end + 1]
            try:
                value = json.loads(frame)
            except RecursionError:  # a frame nested thousands deep: garbage like any other
                raise ValueError("frame nested too deeply") from None
            if not isinstance(value, dict):
                raise ValueError("frame is not an object")
            return value
        if len(buf) > MAX_FRAME:
            raise ValueError(f"frame larger than {MAX_FRAME} bytes")
        chunk = sock.recv(1 << 16)
        if not chunk:
            return None
        buf += chunk


def send_frame(sock, value: dict) -> None:
    import json

    sock.sendall(json.dumps(value, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n")


def forward(argv: list[str]) -> int | None:
    """Run ``argv`` on the server; its exit code, or None when the caller must run it itself."""
    import binascii

    try:  # the C module: socket.py's enum tables cost the client a few milliseconds to import
        import _socket as socket
    except ImportError:  # pragma: no cover - another Python implementation
        import socket  # type: ignore[no-redef]
    path = socket_path()
    try:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    except (OSError, AttributeError):
        return None
    try:
        sock.settimeout(CONNECT_TIMEOUT)
        try:
            _connect(sock, path)
        except (ConnectionRefusedError, FileNotFoundError):
            if not _auto():  # a socket left behind by a server that is gone: with auto, start a new one
                raise
            sock.close()
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            sock.settimeout(CONNECT_TIMEOUT)
            _connect(sock, path)
        # the command may ask registries: as long as its own deadline allows; an agent hook no longer than its
        # budget (and a little for the answer to travel), or a server that hangs would let the call through
        hook_wait = hook_deadline(argv)
        sock.settimeout(hook_wait)
        send_frame(sock, {"op": "run", "protocol": PROTOCOL, "argv": argv, "cwd": os.getcwd(), "env": dict(os.environ),
                          "encoding": getattr(sys.stdout, "encoding", None) or "utf-8", **identity()})
        buf = bytearray()
        answer = read_frame(sock, buf)
        if answer is not None and answer.get("stdin"):
            data = (sys.stdin.buffer.read(MAX_STDIN) if sys.stdin is not None else b"") or b""
            _keep_stdin(data)  # should the server fail now, the run here reads the same input
            send_frame(sock, {"stdin": binascii.b2a_base64(data, newline=False).decode("ascii")})
            answer = read_frame(sock, buf)
    except _Untrusted as exc:
        _distrust(path, str(exc))
        return None
    except TimeoutError:
        if hook_wait is None:
            return None
        return _hook_timed_out(argv, hook_wait)
    except (OSError, ValueError, UnicodeError):
        return None  # no server, a stale socket, or one that broke off before answering: run here
    finally:
        sock.close()
    if answer is None or "refused" in answer or not isinstance(answer.get("code"), int):
        return None
    try:
        out = binascii.a2b_base64(answer.get("stdout", ""))
        err = binascii.a2b_base64(answer.get("stderr", ""))
    except (binascii.Error, TypeError, ValueError):
        return None
    if out:
        sys.stdout.buffer.write(out)
        sys.stdout.flush()
    if err:
        sys.stderr.buffer.write(err)
        sys.stderr.flush()
    return answer["code"]


class _Untrusted(Exception):
    """The socket or the process behind it is not this user's own."""


HOOK_MARGIN = 3.0  # seconds past a hook's budget that the client waits for the server's answer


def hook_deadline(argv: list[str]) -> float | None:
    """How long to wait for the server's answer to an agent hook run (its --budget plus a margin); None for
    other commands, which end by their own deadlines."""
    if len(argv) < 2 or argv[0] != "hook" or argv[1] == "pre-commit":
        return None
    budget: str | None = None
    for i, word in enumerate(argv):
        if word == "--budget" and i + 1 < len(argv):
            budget = argv[i + 1]
        elif word.startswith("--budget="):
            budget = word.split("=", 1)[1]
    try:
        seconds = float(budget) if budget is not None else None
    except ValueError:
        seconds = None
    if seconds is None or not seconds > 0:
        from .hooks.budget import DEFAULT_BUDGET

        seconds = DEFAULT_BUDGET
    return seconds + HOOK_MARGIN


def _hook_timed_out(argv: list[str], waited: float) -> int:
    """The server did not answer an agent hook in time: deny here (fail closed), never run it again."""
    from .hooks import Answer
    from .hooks.budget import timeout_reason
    from .hooks.hosts import HOSTS

    host = HOSTS.get(argv[1])
    reason = timeout_reason(waited - HOOK_MARGIN)
    if host is None:
        print(f"depguard: {reason}", file=sys.stderr)
        return 2
    text, code = host.render(Answer("deny", reason, checked=False))
    sys.stdout.write(text)
    sys.stdout.flush()
    return code


def _connect(sock, path: str) -> None:
    """Connect to the server at ``path`` after checking the socket file, and check the peer after."""
    if os.path.lexists(path):
        why = unsafe(path)
        if why:
            raise _Untrusted(why)
    sock.connect(path)
    uid = peer_uid(sock)
    if uid is not None and uid != os.getuid():
        raise _Untrusted(f"the server runs as uid {uid}, not as this user ({os.getuid()})")


def _keep_stdin(data: bytes) -> None:
    """Put what was read from standard input back, as standard input, for a run in this process."""
    import io

    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding=getattr(sys.stdin, "encoding", None) or "utf-8")
