"""``depguard mcp`` on real LLM answers: the MCP tool agrees with the command line, and how long a call takes.

    python3 ../shared/tools/mockreg.py 18806 --packages /work/.library/env/packages &
    python benchmarks/mcp_answers.py --registry http://127.0.0.1:18806 [--limit 100]

Reads the gpt-5-mini answers of LibraryHalluBench (``../shared/corpora/hallucinations/
realistic-library-hallucinations/example_responses_gpt5mini.json``, written by others, CC BY 4.0), starts
``depguard mcp`` under the official MCP SDK client (stdio_client + ClientSession), calls ``check_text`` on
each answer, and runs ``depguard text -`` on the same answer in a process of its own. Prints: the statuses,
how many MCP results agree with the command line's exit code (flagged = 1, not-checked = 3, clean or
nothing = 0), whether any not-checked name came back as a pass, and the MCP call latency (median, 95th
percentile) next to the start-up (spawn + initialize).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpora" / "hallucinations" / "realistic-library-hallucinations" / "example_responses_gpt5mini.json"
EXPECTED_CODE = {"flagged": 1, "not-checked": 3, "clean": 0, "nothing-to-check": 0}


def answers(limit: int) -> list[str]:
    data = json.loads(CORPUS.read_text(encoding="utf-8"))
    out = []
    for _task, responses in sorted(data.items(), key=lambda kv: int(kv[0]) if kv[0].isdigit() else 0):
        for text in responses if isinstance(responses, list) else [responses]:
            if isinstance(text, str) and text.strip():
                out.append(text)
    return out[:limit] if limit else out


async def via_mcp(texts: list[str], env: dict[str, str], cwd: str) -> tuple[float, list[tuple[dict, float]]]:
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    started = time.perf_counter()
    params = StdioServerParameters(command=sys.executable, args=["-m", "depguard.cli", "mcp"], env=env, cwd=cwd)
    results = []
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            startup = time.perf_counter() - started
            for text in texts:
                t = time.perf_counter()
                res = await session.call_tool("check_text", {"text": text})
                data = getattr(res, "structured_content", None) if hasattr(res, "structured_content") else res.structuredContent
                results.append((data, time.perf_counter() - t))
    return startup, results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--registry", required=True, help="base URL of a PyPI/npm stand-in (mockreg.py)")
    ap.add_argument("--limit", type=int, default=100, help="answers to use (0: all 450)")
    opts = ap.parse_args()
    texts = answers(opts.limit)
    with tempfile.TemporaryDirectory(prefix="dg-mcp-bench-") as tmp:
        env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
        env.update(DEPGUARD_REGISTRY_PYPI=opts.registry, DEPGUARD_REGISTRY_NPM=opts.registry,
                   DEPGUARD_REGISTRY_GITHUB_ACTIONS=opts.registry, DEPGUARD_CACHE_DIR=os.path.join(tmp, "cache"),
                   DEPGUARD_SERVER="0")
        # the command line first (it fills the answer cache the MCP calls then share: both measure warm calls)
        codes = [subprocess.run([sys.executable, "-m", "depguard.cli", "text", "-", "--format", "json"], input=t.encode(),
                                env=env, cwd=tmp, capture_output=True, timeout=300).returncode for t in texts]
        startup, results = asyncio.run(via_mcp(texts, env, tmp))
    statuses = Counter(r["status"] for r, _ in results)
    agree = sum(EXPECTED_CODE[r["status"]] == code for (r, _), code in zip(results, codes))
    unchecked_as_pass = sum(1 for r, _ in results for f in r["findings"]
                            if not f["checked"] and (f["verdict"] == "ok" or r["safe_to_install"]))
    times = sorted(t for _, t in results)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"{len(texts)} answers; statuses: {dict(statuses)}")
    print(f"agree with `depguard text` exit codes: {agree}/{len(texts)}; not-checked names presented as a pass: {unchecked_as_pass}")
    print(f"mcp start-up (spawn + initialize): {startup * 1000:.0f} ms; check_text call: median {statistics.median(times) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms (answer cache warm)")


if __name__ == "__main__":
    main()
