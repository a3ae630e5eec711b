"""The downloads stand-in of the benchmarks (benchmarks/downloads_standin.py) answers as npm's download-counts
API does, and depguard's counter reads it: point and scoped routes, bulk with null for an unknown name,
npm's refusals (scoped names in bulk), and the attack benchmark's data files it is planted from."""

from __future__ import annotations

import asyncio
import csv
import json
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

import httpx

BENCH = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCH))

from downloads_standin import Standin, read_plants  # noqa: E402


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, object]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


def test_the_standin_answers_in_npms_shapes():
    counts = {"lodash": 300, "@types/node": 90}
    with Standin(_port(), counts=counts, planted={"loadsh": 7}) as url:
        base = url + "/downloads/point/last-month/"
        status, doc = _get(base + "lodash")
        assert status == 200 and set(doc) == {"downloads", "start", "end", "package"}
        assert (doc["downloads"], doc["package"]) == (300, "lodash")
        assert _get(base + "@types%2Fnode")[1]["downloads"] == _get(base + "@types/node")[1]["downloads"] == 90
        status, bulk = _get(base + "lodash,loadsh,nothere")
        assert status == 200 and bulk["loadsh"]["downloads"] == 7 and bulk["nothere"] is None
        assert _get(base + "nothere") == (404, {"error": "package nothere not found"})
        assert _get(base + "lodash,@types/node")[0] == 400  # npm: no scoped names in bulk queries
        assert _get(url + "/downloads/point/last-week/lodash")[1]["downloads"] == 70  # 300 * 7/30


def test_depguard_reads_the_standin(settings):
    from depguard.ecosystems import catalog
    from depguard.registries import Context
    from depguard.registries.downloads import counter_for

    with Standin(_port(), counts={"loadsh": 37293, "reactt": 0, "@typs/node": 5}) as url:
        async def run():
            counter = counter_for(catalog().get("npm"), {"npm": "http://127.0.0.1:9", "npm.downloads": url})
            async with httpx.AsyncClient() as client:
                ctx = Context(client, settings.http, settings.now)
                return await asyncio.gather(*(counter.count(n, ctx) for n in ("loadsh", "reactt", "@typs/node", "x-y")))
        got = asyncio.run(run())
    host = url.split("//")[1]
    assert got[:3] == [(37293, f"{host}, the last 30 days"), (0, f"{host}, the last 30 days"),
                       (5, f"{host}, the last 30 days")]
    assert got[3] == (None, f"{host} has no count for it")  # null in the bulk answer


def test_plants_come_from_mockregs_plant_format(tmp_path):
    plant = tmp_path / "plant.txt"
    plant.write_text("npm loadsh 800 6\npypi reqeusts 10 1\nnpm gone 10 0\n")
    assert read_plants(plant, 1000) == {"loadsh": 1000}
    with (BENCH / "attacks" / "legit_unlisted.tsv").open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh, delimiter="\t"))
    assert rows and all(r["ecosystem"] in ("pypi", "npm") and r["name"] and r["source"] for r in rows)
