"""Described squats for the attacks benchmark: each real squat of ``squats.tsv`` served WITH a registry description.

mockreg plants squats without a description, so ``run.py``'s main table never exercises DG002's own-description
excuse (``typosquat-own-description-words``). An attacker writes a description for nothing, so this module plants
every squat again with one of three kinds of description and a sleeper's history:

- ``copied``: the target's own summary, word for word (from the real package lists, as npm squats copy
  ``package.json``);
- ``paraphrased``: the target's summary reworded the way a person would: its content words reordered, common
  words swapped for synonyms (``library`` -> ``package``, ``simple`` -> ``lightweight``) and a filler word added;
- ``original``: a real summary of an unrelated package (3 to 12 words, naming neither the squat nor its target),
  chosen deterministically from the same lists: a description of its own that says nothing of the target.

Histories (``SLEEPERS``): 800 days with 6 releases, the last one today (a sleeper that has just woken up with a
new release) or 90 days ago, and 800 days with one release (a dormant sleeper: its only release two years old).

``Registry`` is a loopback proxy in front of mockreg: the planted names get a PyPI JSON or npm packument with
that history and description; a name with a recorded release (``releases``: ``benchmarks/realrepos/releases.tsv``)
gets mockreg's document with that release grafted on (npm: ``dist-tags.latest`` and that version's document
with its dependency lists; PyPI: ``info.version`` and ``info.requires_dist``); every other path is forwarded to
mockreg unchanged.
"""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
import zlib
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

STYLES = ("copied", "paraphrased", "original")
# label, age in days, releases, days since the last release
SLEEPERS = (("800d/6 awake", 800, 6, 0), ("800d/6 woke 90d ago", 800, 6, 90), ("800d/1 dormant", 800, 1, 800))
SYNONYMS = {
    "library": "package", "package": "library", "module": "library", "simple": "lightweight", "fast": "quick",
    "python": "Python 3", "easy": "simple", "tool": "utility", "utility": "tool", "utilities": "helpers",
    "client": "wrapper", "wrapper": "client", "framework": "toolkit", "parser": "reader", "http": "HTTP",
    "node.js": "Node", "nodejs": "Node", "javascript": "JS", "functions": "helpers", "small": "tiny",
    "command": "CLI", "interface": "API", "implementation": "port", "official": "community",
}
FILLERS = ("Lightweight", "Modern", "Simple", "Tiny", "Handy")
STOP = frozenset({"a", "an", "the", "for", "and", "of", "to", "in", "with", "on", "your", "is", "that", "from"})
WORD = re.compile(r"[A-Za-z][\w.+-]*")


def summaries(packages: Path) -> dict[str, dict[str, str]]:
    """ecosystem -> lower-cased name -> summary, from pypi.tsv (5th column) and npm.tsv (4th)."""
    out: dict[str, dict[str, str]] = {"pypi": {}, "npm": {}}
    for eco, file, col in (("pypi", "pypi.tsv", 4), ("npm", "npm.tsv", 3)):
        with (packages / file).open(encoding="utf-8", errors="replace") as fh:
            next(fh)
            for line in fh:
                parts = line.rstrip("\n").split("\t")
                out[eco][norm(eco, parts[0])] = parts[col].strip() if len(parts) > col else ""
    return out


def norm(eco: str, name: str) -> str:
    return re.sub(r"[-_.]+", "-", name.lower()) if eco == "pypi" else name.lower()


def paraphrase(text: str, seed: int) -> str:
    """``text`` reworded: content words kept, common ones swapped for synonyms, their order rotated, a filler first."""
    words = [w for w in WORD.findall(text) if w.lower() not in STOP]
    if not words:
        return ""
    swapped = [SYNONYMS.get(w.lower(), w) for w in words]
    k = seed % len(swapped)
    rotated = swapped[k:] + swapped[:k] if len(swapped) > 3 else swapped
    return f"{FILLERS[seed % len(FILLERS)]} {' '.join(rotated)}"


def original(pool: list[str], seed: int, avoid: Iterable[str]) -> str:
    """A real summary of 3-12 words from ``pool`` (deterministic by ``seed``) that names none of ``avoid``."""
    bad = [re.sub(r"[-_.@/]+", "", a.lower()) for a in avoid]
    for i in range(len(pool)):
        text = pool[(seed + i * 7919) % len(pool)]
        flat = re.sub(r"[-_.@/\s]+", "", text.lower())
        if 3 <= len(WORD.findall(text)) <= 12 and not any(b and b in flat for b in bad):
            return text
    return ""


def descriptions(squats: list[dict[str, str]], style: str, known: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """name -> the description the squat is planted with in ``style`` (an empty string: the target has none to copy)."""
    pools = {eco: sorted(v for v in known[eco].values() if 3 <= len(WORD.findall(v)) <= 12) for eco in known}
    out = {}
    for r in squats:
        eco, name, target = r["ecosystem"], r["name"], r["target"]
        seed = zlib.crc32(f"{eco}:{name}".encode())
        theirs = known[eco].get(norm(eco, target), "")
        if style == "copied":
            out[name] = theirs
        elif style == "paraphrased":
            out[name] = paraphrase(theirs, seed)
        else:
            out[name] = original(pools[eco], seed, (name, target))
    return out


def _stamps(age_days: int, releases: int, quiet_days: int, years: int | None = None) -> list[float]:
    """Release times (epoch seconds): the first ``age_days`` ago, the last ``quiet_days`` ago, evenly spaced; with
    ``years``, in that many calendar years only (as recorded for a real package): the first, the last, one in each of
    ``years - 2`` years evenly between, and the others just after the first."""
    now = time.time()
    first, last = now - age_days * 86400, now - quiet_days * 86400
    step = (last - first) / max(releases - 1, 1)
    even = [first + i * step for i in range(releases)] if releases > 1 else [first]
    if years is None or years < 2 or releases < years or len({time.gmtime(t).tm_year for t in even}) <= years:
        return even
    y0, y1 = time.gmtime(first).tm_year, time.gmtime(last).tm_year
    between = list(range(y0 + 1, y1))
    chosen = [between[round(i * (len(between) - 1) / max(years - 3, 1))] for i in range(years - 2)] if years > 2 else []
    middle = [time.mktime((y, 7, 1, 0, 0, 0, 0, 0, 0)) for y in dict.fromkeys(chosen)]
    rest = [first + (i + 1) * 3600 for i in range(releases - 2 - len(middle))]
    return sorted([first, *rest, *middle, last])


def pypi_doc(name: str, description: str, age: int, releases: int, quiet: int, years: int | None = None,
             owners: tuple[str, ...] = ()) -> dict:
    rel = {}
    for i, t in enumerate(_stamps(age, releases, quiet, years)):
        st = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(t))
        rel[f"0.{i}.0"] = [{"upload_time_iso_8601": st + ".000000Z", "upload_time": st, "yanked": False,
                            "packagetype": "sdist", "filename": f"{name}-0.{i}.0.tar.gz"}]
    last = f"0.{releases - 1}.0"
    doc = {"info": {"name": name, "version": last, "summary": description, "project_urls": None, "home_page": "",
                    "yanked": False}, "releases": rel, "urls": rel[last], "last_serial": 1, "vulnerabilities": []}
    if owners:  # a real project's accounts, as PyPI's JSON API lists them
        doc["ownership"] = {"roles": [{"role": "Owner", "user": u} for u in owners], "organization": None}
    return doc


def npm_doc(name: str, description: str, age: int, releases: int, quiet: int) -> dict:
    stamps = [time.strftime("%Y-%m-%dT%H:%M:%S.000Z", time.gmtime(t)) for t in _stamps(age, releases, quiet)]
    versions = [f"0.{i}.0" for i in range(releases)]
    return {"_id": name, "name": name, "description": description, "dist-tags": {"latest": versions[-1]},
            "versions": {v: {"name": name, "version": v, "description": description,
                             "dist": {"tarball": f"http://127.0.0.1/{name}/-/x-{v}.tgz"}} for v in versions},
            "time": {"created": stamps[0], "modified": stamps[-1], **dict(zip(versions, stamps))}}


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, *a: object) -> None:
        pass

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        path = urllib.request.unquote(self.path.split("?")[0])
        m = re.fullmatch(r"/pypi/([^/]+)(?:/[^/]+)?/json/?", path)
        key = ("pypi", norm("pypi", m.group(1))) if m else ("npm", norm("npm", path.lstrip("/")))
        planted = self.server.docs.get(key)
        if planted is not None:
            desc, age, releases, quiet, *real = planted  # a real package's calendar years of releases and owners
            body = (pypi_doc(key[1], desc, age, releases, quiet, *real) if key[0] == "pypi"
                    else npm_doc(key[1], desc, age, releases, quiet))
            return self._send(200, json.dumps(body).encode())
        try:
            with urllib.request.urlopen(self.server.upstream + self.path, timeout=30) as r:
                status, data = r.status, r.read()
        except urllib.error.HTTPError as e:
            return self._send(e.code, e.read())
        recorded = self.server.releases.get(key)
        if recorded is not None and status == 200:
            data = json.dumps(graft(key[0], json.loads(data), *recorded)).encode()
        return self._send(status, data)

    def _send(self, code: int, data: bytes) -> None:
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def graft(eco: str, doc: dict, version: str, lists: Mapping[str, object]) -> dict:
    """mockreg's document of a name with its recorded latest release: npm's ``dist-tags.latest`` and that version's
    document carrying the recorded dependency lists; PyPI's ``info.version`` and ``info.requires_dist``."""
    if eco == "pypi":
        doc.setdefault("info", {}).update(version=version, requires_dist=lists.get("requires_dist"))
    else:
        doc.setdefault("dist-tags", {})["latest"] = version
        doc.setdefault("versions", {})[version] = {"name": doc.get("name"), "version": version, **lists}
    return doc


def recorded_releases(path: Path) -> dict[tuple[str, str], tuple[str, dict]]:
    """(ecosystem, name) -> (version, dependency lists) from ``releases.tsv`` (none when it is absent)."""
    if not path.is_file():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if line.startswith("#") or len(parts) < 4 or parts[0] == "ecosystem":
            continue
        out[(parts[0], parts[1])] = (parts[2], json.loads(parts[3]))
    return out


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, upstream: str, docs: Mapping[tuple[str, str], tuple],
                 releases: Mapping[tuple[str, str], tuple[str, dict]]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.upstream = upstream.rstrip("/")
        self.docs = dict(docs)
        self.releases = dict(releases)


class Registry:
    """``with Registry(mockreg_url, docs) as url``: planted (eco, name) -> (description, age, releases, quiet days)
    served on a free loopback port, recorded releases ((eco, name) -> (version, dependency lists)) grafted onto
    mockreg's documents, everything else from ``mockreg_url``."""

    def __init__(self, upstream: str, docs: Mapping[tuple[str, str], tuple],
                 releases: Mapping[tuple[str, str], tuple[str, dict]] | None = None) -> None:
        self._server = _Server(upstream, {(e, norm(e, n)): v for (e, n), v in docs.items()},
                               {(e, norm(e, n)): v for (e, n), v in (releases or {}).items()})

    def __enter__(self) -> str:
        threading.Thread(target=self._server.serve_forever, name="described-registry", daemon=True).start()
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
