"""A tiny loopback registry for tests that drive depguard through another program (pre-commit, the
GitHub Action, a hook): those run depguard in a child process, where vcrpy cassettes cannot reach.

It answers PyPI's JSON API (``/pypi/<name>/json``) and the npm registry's package documents (``/<name>``,
``/@scope%2Fname``): 200 with a small, established document (the shape of the recorded answers in
``cassettes/``) for the names it knows, 404 for every other name. Point depguard at it with
``DEPGUARD_REGISTRY_PYPI`` / ``DEPGUARD_REGISTRY_NPM`` or ``[registries]``. Bound to 127.0.0.1 on a free
port; a context manager stops it.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote


def project_document(name: str) -> dict:
    release = {"upload_time_iso_8601": "2016-03-01T10:00:00.000000Z", "yanked": False, "filename": f"{name}-1.0.tar.gz"}
    later = dict(release, upload_time_iso_8601="2024-05-20T10:00:00.000000Z")
    return {"info": {"name": name, "summary": f"{name}: a well established test project"},
            "releases": {"1.0": [release], "2.0": [later]}, "urls": [later]}


def npm_document(name: str) -> dict:
    return {"name": name, "description": f"{name}: a well established test package",
            "dist-tags": {"latest": "2.0.0"},
            "time": {"created": "2016-03-01T10:00:00.000Z", "modified": "2024-05-20T10:00:00.000Z",
                     "1.0.0": "2016-03-01T10:00:00.000Z", "2.0.0": "2024-05-20T10:00:00.000Z"},
            "versions": {"1.0.0": {"name": name}, "2.0.0": {"name": name}}}


class FakeRegistry:
    """``gate``: when given, every request waits (up to 60 s) until the test sets it; ``arrived`` is set
    as the first request comes in (a registry that hangs, for as long as a test needs it to)."""

    def __init__(self, known: Iterable[str], gate: threading.Event | None = None) -> None:
        self.known = {n.lower() for n in known}
        self.asked: list[str] = []
        self.arrived = threading.Event()
        registry = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's naming)
                registry.asked.append(self.path)
                registry.arrived.set()
                if gate is not None:
                    gate.wait(60)
                parts = self.path.strip("/").split("/")
                npm_name = unquote(self.path.lstrip("/"))
                doc = None
                if len(parts) == 3 and parts[0] == "pypi" and parts[2] == "json":
                    doc = project_document(parts[1]) if parts[1].lower() in registry.known else None
                elif len(parts) == 1 and npm_name.lower() in registry.known:
                    doc = npm_document(npm_name)
                if doc is not None:
                    body = json.dumps(doc).encode()
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                else:
                    body = b'{"message": "Not Found"}'
                    self.send_response(404)
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> FakeRegistry:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
