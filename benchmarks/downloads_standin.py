#!/usr/bin/env python3
"""A loopback stand-in for npm's download-counts API (api.npmjs.org), serving real monthly counts.

mockreg (``/work/shared/tools/mockreg.py``) serves packuments but no download counts, and this machine cannot
reach api.npmjs.org. This server answers the routes depguard asks, in the documented shapes
(github.com/npm/registry, ``docs/download-counts.md``), from the ``downloads_a_month`` column of
``npm.tsv`` (a real snapshot nobody on the project wrote):

    GET /downloads/point/<period>/<name>             {"downloads": N, "start": ..., "end": ..., "package": name}
    GET /downloads/point/<period>/@scope/name        (or @scope%2Fname) the same for a scoped name
    GET /downloads/point/<period>/a,b,c              bulk: {"a": {...}, "b": null, ...} (null: no such package);
                                                     at most 128 names, no scoped names (HTTP 400, as npm)
    GET /__hits                                      {"hits": N, "names": N}: readiness probe and request count

``period`` is ``last-month`` (the snapshot's own figure), or ``last-day``/``last-week``/``last-year``
(the monthly figure scaled by 1/30, 7/30, 365/30). A name the snapshot lacks is a 404
``{"error": "package <name> not found"}``, as npm answers for a name it has no counts for.

Planted names (attack benchmarks plant squats the snapshot lacks) get a fixed monthly figure:

    python benchmarks/downloads_standin.py PORT [--packages DIR] [--plant FILE] [--planted-downloads N]
                                                [--count NAME=N ...]

``--plant FILE`` reads mockreg's plant format (``ECO NAME AGE_DAYS RELEASES``; only ``npm`` lines, and a
line with RELEASES 0 plants nothing) and serves each name with ``--planted-downloads`` a month (default
0); ``--count NAME=N`` sets one name's figure (it wins over both). Import it to run it in a thread::

    sys.path.insert(0, "benchmarks")  # or the folder of this file
    from downloads_standin import Standin
    with Standin(port, packages="/work/.library/env/packages", planted={"loadsh": 1000}) as url:
        ...  # DEPGUARD_REGISTRY_NPM_DOWNLOADS=url

The CLI and the ``Standin``/``load_counts``/``read_plants`` signatures are kept stable for other benchmarks
(benchmarks/realrepos reuses them).
"""

from __future__ import annotations

import argparse
import json
import re
import threading
import urllib.parse
from collections.abc import Mapping
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

DEFAULT_PACKAGES = "/work/.library/env/packages"
BULK_MAX = 128
PERIODS = {"last-day": (1, 1 / 30), "last-week": (7, 7 / 30), "last-month": (30, 1.0), "last-year": (365, 365 / 30)}
ROUTE = re.compile(r"/downloads/point/(?P<period>[^/]+)/(?P<names>.+)")


def load_counts(packages: str | Path = DEFAULT_PACKAGES) -> dict[str, int]:
    """name -> monthly downloads, from ``npm.tsv``'s ``downloads_a_month`` column (rows without a number are left out)."""
    counts: dict[str, int] = {}
    with open(Path(packages) / "npm.tsv", encoding="utf-8", errors="replace") as f:
        header = next(f).rstrip("\n").split("\t")
        col = header.index("downloads_a_month")
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if len(parts) > col and parts[col].isdigit():
                counts[parts[0]] = int(parts[col])
    return counts


def read_plants(path: str | Path, downloads: int) -> dict[str, int]:
    """The npm names of a mockreg plant file (``ECO NAME AGE_DAYS RELEASES``), each with ``downloads`` a month."""
    out: dict[str, int] = {}
    for n, line in enumerate(Path(path).read_text(encoding="utf-8").splitlines(), 1):
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if len(parts) != 4 or not parts[3].isdigit():
            raise SystemExit(f"{path}:{n}: expected 'ECO NAME AGE_DAYS RELEASES', got {line!r}")
        if parts[0] == "npm" and int(parts[3]) > 0:
            out[parts[1]] = downloads
    return out


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, *a: object) -> None:
        pass

    def _send(self, code: int, body: object) -> None:
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        srv = self.server
        with srv.lock:
            srv.hits += 1
        raw = self.path.split("?")[0]
        if raw == "/__hits":
            return self._send(200, {"hits": srv.hits, "names": len(srv.counts)})
        m = ROUTE.fullmatch(raw)
        if m is None:
            return self._send(404, {"error": "not found"})
        period = PERIODS.get(m.group("period"))
        if period is None:
            return self._send(400, {"error": f"unsupported period {m.group('period')!r}"})
        names = urllib.parse.unquote(m.group("names"))
        end = srv.end
        start = end - timedelta(days=period[0] - 1)

        def point(name: str) -> dict | None:
            monthly = srv.planted.get(name, srv.counts.get(name))
            if monthly is None:
                return None
            return {"downloads": round(monthly * period[1]), "start": start.isoformat(), "end": end.isoformat(),
                    "package": name}

        if "," in names:
            wanted = [n for n in names.split(",") if n]
            if any(n.startswith("@") for n in wanted):
                return self._send(400, {"error": "scoped packages not supported for bulk queries"})
            if len(wanted) > BULK_MAX:
                return self._send(400, {"error": f"bulk queries are limited to {BULK_MAX} packages"})
            return self._send(200, {n: point(n) for n in wanted})
        found = point(names)
        if found is None:
            return self._send(404, {"error": f"package {names} not found"})
        return self._send(200, found)


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, counts: Mapping[str, int], planted: Mapping[str, int], end: date) -> None:
        super().__init__(("127.0.0.1", port), _Handler)
        self.counts = counts
        self.planted = dict(planted)
        self.end = end
        self.hits = 0
        self.lock = threading.Lock()


class Standin:
    """The stand-in in a background thread: ``with Standin(port, ...) as base_url: ...``.

    ``counts``: name -> monthly downloads (default: read from ``packages``/npm.tsv); ``planted``: names
    served with their own figure (wins over ``counts``); ``end``: the last day the answers cover."""

    def __init__(self, port: int, packages: str | Path = DEFAULT_PACKAGES, planted: Mapping[str, int] | None = None,
                 counts: Mapping[str, int] | None = None, end: date | None = None) -> None:
        self.port = port
        self.counts = counts if counts is not None else load_counts(packages)
        self.planted = dict(planted or {})
        self.end = end or (date.today() - timedelta(days=1))
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> str:
        self._server = _Server(self.port, self.counts, self.planted, self.end)
        self._thread = threading.Thread(target=self._server.serve_forever, name="downloads-standin", daemon=True)
        self._thread.start()
        return self.url

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("port", type=int)
    ap.add_argument("--packages", default=DEFAULT_PACKAGES, help="folder holding npm.tsv")
    ap.add_argument("--plant", help="mockreg plant file: its npm names get --planted-downloads a month")
    ap.add_argument("--planted-downloads", type=int, default=0, help="monthly downloads of planted names (default 0)")
    ap.add_argument("--count", action="append", default=[], metavar="NAME=N", help="one name's monthly downloads")
    a = ap.parse_args(argv)
    planted = read_plants(a.plant, a.planted_downloads) if a.plant else {}
    for item in a.count:
        name, sep, n = item.rpartition("=")
        if not sep or not name or not n.isdigit():
            raise SystemExit(f"--count {item!r}: expected NAME=N")
        planted[name] = int(n)
    standin = Standin(a.port, a.packages, planted)
    server = _Server(a.port, standin.counts, standin.planted, standin.end)
    print(f"npm downloads stand-in on {standin.url} ({len(standin.counts):,} names, {len(planted):,} planted)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
