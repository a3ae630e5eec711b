"""depguard serve: keep one depguard process loaded for the checks that run before every command."""

from __future__ import annotations

import argparse
import sys

ORDER = 90
HELP = "keep depguard loaded so text/check/hook answer in milliseconds (for agent hooks and chat filters)"
DESCRIPTION = """\
Start a resident depguard server on a user-only Unix socket. While it runs, `depguard text`, `depguard
check` and `depguard hook` hand their work to it instead of loading Python modules, grammars and tables
again: the same output and exit code, a fraction of the start-up time. Nothing else changes: the command
runs in your folder with your environment and config, the answer cache is shared, and when no server
answers (or it is another depguard version) the command simply runs in its own process.

Runs are forwarded only when none of the standard streams is a terminal (pipes, hooks, chat filters);
DEPGUARD_SERVER=0 turns forwarding off; DEPGUARD_SERVER=auto starts a server (as --detach) when a run finds
none. The socket lives in a private folder of this user's: $XDG_RUNTIME_DIR/depguard when that is yours
and 0700, else <cache dir>/run (DEPGUARD_SOCKET overrides); one server serves one cache directory.
Clients check that the socket, its folder and (on Linux) the server process are yours before sending
anything. Each run is answered in a process of its own (forked), so runs go on side by side: one waiting
for a slow registry holds up no other.
"""
EPILOG = """\
examples:
  depguard serve --detach          in the background; returns once it answers
  depguard serve --status          is one running? (exit 0 yes, 1 no)
  depguard serve --stop
  depguard serve --idle-timeout 0  in the foreground, never exit on its own
"""


def add_parser(sub: argparse._SubParsersAction, common: argparse.ArgumentParser) -> argparse.ArgumentParser:
    from ..helpformat import HelpFormatter

    p = sub.add_parser("serve", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                       formatter_class=HelpFormatter)
    p.add_argument("--socket", metavar="PATH", help="listen here (default: DEPGUARD_SOCKET, else a socket in a private "
                                                   "per-user folder; clients look where DEPGUARD_SOCKET says)")
    p.add_argument("--idle-timeout", type=float, default=1800.0, metavar="SECONDS",
                   help="exit after this long without a request (default 1800; 0: never)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--detach", action="store_true", help="run in the background; return once it answers")
    what.add_argument("--status", action="store_true", help="say whether a server answers, and whose it is")
    what.add_argument("--stop", action="store_true", help="ask the running server to exit")
    return p


def run(args: argparse.Namespace) -> int:
    import os
    import signal
    import socket

    from .. import client, server
    from ..errors import ConfigError
    from ..report.escape import plain  # what a server wrote (status, pid, version) reaches the terminal escaped

    if not hasattr(socket, "AF_UNIX"):
        raise ConfigError("depguard serve needs Unix sockets, which this platform's Python lacks")
    path = args.socket or client.socket_path()
    if args.idle_timeout < 0:
        raise ConfigError("--idle-timeout: expected 0 or a positive number of seconds")
    if args.status:
        info = server.ping(path)
        if info is None:
            print(f"no depguard server answers on {plain(path)}")
            return 1
        # whatever listens on the socket wrote these fields: every one reaches the terminal escaped
        if "served" not in info:  # it answers, yet refused the request (busy with as many runs as it takes)
            print(f"a depguard server answers on {plain(path)} but gave no status: {str(info.get('refused'))[:200]!r}")
            return 0
        print(f"depguard server {plain(info.get('version'))} (pid {plain(info.get('pid'))}) on {plain(path)}: "
              f"{plain(info.get('served'))} runs served since {_when(info.get('started'))}; {plain(info.get('package'))}")
        return 0
    if args.stop:
        info = server.stop(path)
        if info is None:
            print(f"no depguard server answers on {plain(path)}")
            return 1
        print(f"stopped the depguard server (pid {plain(info.get('pid'))}) on {plain(path)}")
        return 0
    if args.detach:
        return _detach(path, args.idle_timeout)
    srv = server.Server(path, args.idle_timeout)
    srv.listen()
    if hasattr(signal, "SIGTERM"):  # kill PID: exit as on --stop, removing the socket (runs under way finish)
        signal.signal(signal.SIGTERM, _interrupt)
    if srv.fork:
        srv.warm()
    print(f"depguard server (pid {os.getpid()}) listening on {path}", file=sys.stderr, flush=True)
    interrupted = False
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        interrupted = True
    finally:
        srv.close()
    why = ("interrupted" if interrupted else "depguard's files changed since it started" if srv._stale
           else "asked to stop" if srv._stop else f"no request for {args.idle_timeout:g} s")
    print(f"depguard server (pid {os.getpid()}) exiting: {why}", file=sys.stderr, flush=True)
    return 0


def _interrupt(signum, frame) -> None:
    raise KeyboardInterrupt


def _when(stamp) -> str:
    import time

    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stamp)) if isinstance(stamp, (int, float)) else "?"


def _detach(path: str, idle_timeout: float) -> int:
    import os
    import subprocess
    import time

    from .. import server
    from ..errors import ConfigError
    from ..paths import open_for_writing

    if server.ping(path) is not None:
        print(f"a depguard server already answers on {path}")
        return 0
    cmd = [sys.executable, "-m", "depguard.cli", "serve", "--socket", path, "--idle-timeout", repr(idle_timeout)]
    log = path + ".log"  # what the server itself says (start-up errors); runs' output goes to their clients
    server.private_dir(os.path.dirname(os.path.abspath(path)))
    fd = open_for_writing(log)  # user-only, and never through a symbolic link planted there
    with open(fd, "wb") as fh:
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=fh, stderr=fh, start_new_session=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        info = server.ping(path, timeout=0.5)
        if info is not None:
            print(f"depguard server (pid {info.get('pid')}) listening on {path}")
            return 0
        if proc.poll() is not None:
            try:
                with open(log, encoding="utf-8", errors="replace") as fh:
                    err = fh.read().strip().splitlines()
            except OSError:
                err = []
            raise ConfigError(f"the server did not start: {err[-1] if err else f'exit code {proc.returncode}'} (log: {log})")
        time.sleep(0.05)
    proc.kill()
    raise ConfigError(f"the server did not answer on {path} within 30 s (log: {log})")
