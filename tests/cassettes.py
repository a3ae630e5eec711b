"""Writing and replaying vcrpy cassettes.

Replay is strict (``record_mode="none"``): a request a cassette does not hold fails the test, so the default
run never reaches a network. ``write_cassette`` writes a cassette in vcrpy's own format from explicit
interactions; the hand-written cassettes for registries this machine cannot reach are made with it, after
the shape of real recorded answers, with noise headers (Date, ETag, Age, serial numbers) dropped and JSON
pretty-printed with sorted keys.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

CASSETTES = Path(__file__).resolve().parent.parent / "cassettes"
NOISE_HEADERS = {"date", "etag", "age", "x-served-by", "x-cache", "x-cache-hits", "x-timer", "x-pypi-last-serial",
                 "set-cookie", "cf-ray", "x-amz-request-id", "via", "last-modified", "vary", "server"}


def interaction(url: str, status: int, body: Any = "", content_type: str = "application/json",
                headers: dict[str, str] | None = None, method: str = "GET") -> dict[str, Any]:
    if not isinstance(body, str):
        body = json.dumps(body, indent=1, sort_keys=True)
    hdrs = {"Content-Type": [content_type]}
    for k, v in (headers or {}).items():
        if k.lower() not in NOISE_HEADERS:
            hdrs[k] = [v]
    messages = {200: "OK", 301: "Moved Permanently", 302: "Found", 400: "Bad Request", 401: "Unauthorized",
                403: "Forbidden", 404: "Not Found", 410: "Gone", 429: "Too Many Requests",
                500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}
    return {
        "request": {"body": None, "headers": {}, "method": method, "uri": url},
        "response": {"status": {"code": status, "message": messages.get(status, "")}, "headers": hdrs,
                     "body": {"string": body}},
    }


def write_cassette(path: Path, interactions: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        yaml.safe_dump({"interactions": interactions, "version": 1}, fh, sort_keys=False, allow_unicode=True, width=120)


class _ThroughHttpx:
    """A cassette in use (as a context manager or a decorator) while registry requests go through httpx
    (``DEPGUARD_HTTP_BACKEND=httpx``): vcrpy replays what httpx sends, and depguard's own wire
    (:mod:`depguard.wire`) is not httpx."""

    def __init__(self, cassette: Any) -> None:
        self.cassette = cassette
        self.before: list[str | None] = []

    def __enter__(self) -> Any:
        import os

        self.before.append(os.environ.get("DEPGUARD_HTTP_BACKEND"))
        os.environ["DEPGUARD_HTTP_BACKEND"] = "httpx"
        return self.cassette.__enter__()

    def __exit__(self, *exc: Any) -> Any:
        import os

        try:
            return self.cassette.__exit__(*exc)
        finally:
            before = self.before.pop()
            if before is None:
                os.environ.pop("DEPGUARD_HTTP_BACKEND", None)
            else:
                os.environ["DEPGUARD_HTTP_BACKEND"] = before

    def __call__(self, func: Any) -> Any:
        import functools

        @functools.wraps(func)
        def replayed(*args: Any, **kwargs: Any) -> Any:
            with self:
                return func(*args, **kwargs)

        return replayed


def vcr_for(ecosystem: str):
    import vcr

    class ThroughHttpx(vcr.VCR):
        def use_cassette(self, path: Any = None, **kwargs: Any) -> Any:
            return _ThroughHttpx(super().use_cassette(path, **kwargs))

    return ThroughHttpx(
        cassette_library_dir=str(CASSETTES / ecosystem),
        record_mode="none",
        match_on=["method", "scheme", "host", "port", "path", "query"],
        decode_compressed_response=True,
    )
