"""The shell model on shell nobody on the project wrote: the scripts, Dockerfiles, Makefiles, justfiles and
workflow ``run:`` blocks of real repositories (bare git mirrors, as the ``fetch`` tool lays them out).

For every file it reports crashes and time, and for every line that looks like an install command
(a package tool followed by an install verb) whether :func:`depguard.commands.analyze` surfaced anything
on that line: a named package, a manifest install or an Unresolved value. Lines with nothing are printed
with ``--misses`` for review (most are prose in echo strings or comments the regex cannot tell apart).

    python benchmarks/real_commands.py [--mirrors /work/.mirror] [--misses]
    python benchmarks/real_commands.py --answers /work/shared/corpora/hallucinations/maryout-PackageHallucinationDetection

``--answers`` reads the shell blocks of real LLM answers (``results/*/*/results.jsonl``, field
``generated_code``) instead, as the text reader finds them, and lists the packages they install.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_BYTES = 2_000_000
INSTALL_LINE = re.compile(
    r"(?<![\w./-])(pip[0-9.]*|pipx|uv|uvx|npm|npx|yarn|pnpm|bun|poetry|pipenv|pdm|gem|bundle|cargo|composer|conda|mamba"
    r"|micromamba|easy_install|python[0-9.]* -m pip)\s+(?:-\S+\s+)*(install|add|i|ci|sync|require|it)\b")


def shell_text(path: str, text: str) -> str | None:
    from depguard.parsers.scripts import dockerfile_shell, justfile_shell, makefile_shell, yaml_run_blocks

    name = path.rsplit("/", 1)[-1]
    if name.endswith((".sh", ".bash", ".zsh")) or name in ("install", "bootstrap"):
        return text
    if name.startswith("Dockerfile") or name.endswith((".dockerfile", ".Dockerfile")):
        return dockerfile_shell(text)
    if name in ("Makefile", "makefile", "GNUmakefile") or name.endswith(".mk"):
        return makefile_shell(text)
    if name in ("justfile", "Justfile", ".justfile") or name.endswith(".just"):
        return justfile_shell(text)
    if "/.github/workflows/" in f"/{path}" and name.endswith((".yml", ".yaml")):
        return yaml_run_blocks(text)
    return None


def files(repo: Path) -> list[tuple[str, str]]:
    names = subprocess.run(["git", "--git-dir", str(repo), "ls-tree", "-r", "-l", "HEAD"], capture_output=True,
                           text=True, check=False).stdout.splitlines()
    out = []
    for line in names:
        meta, _, path = line.partition("\t")
        parts = meta.split()
        if len(parts) < 4 or parts[1] != "blob" or not parts[3].isdigit() or int(parts[3]) > MAX_BYTES:
            continue
        probe = shell_text(path, "")
        if probe is None:
            continue
        blob = subprocess.run(["git", "--git-dir", str(repo), "cat-file", "blob", parts[2]], capture_output=True,
                              check=False).stdout
        out.append((path, blob.decode("utf-8", "replace")))
    return out


def answers(folder: Path, listing: bool) -> int:
    import json

    from depguard.commands import analyze
    from depguard.text import fragments

    stats: Counter[str] = Counter()
    start = time.perf_counter()
    for path in sorted(folder.glob("results/*/*/results.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            stats["answers"] += 1
            for frag in fragments(json.loads(line).get("generated_code") or ""):
                if frag.lang != "shell":
                    continue
                stats["shell blocks"] += 1
                try:
                    plan = analyze(frag.text)
                except Exception as exc:  # a crash is a result here
                    stats["crashes"] += 1
                    print(f"CRASH {path}:{n}: {type(exc).__name__}: {exc}")
                    continue
                stats["installs"] += len(plan.installs)
                stats["manifests"] += len(plan.manifests)
                stats["unresolved"] += len(plan.unresolved)
                if listing:
                    for t in plan.installs:
                        print(f"{path.parent.parent.name}/{path.parent.name}:{n}\t{t.ecosystem}:{t.name}")
    for key in ("answers", "shell blocks", "crashes", "installs", "manifests", "unresolved"):
        print(f"{key:14} {stats[key]:6}")
    print(f"time {time.perf_counter() - start:.2f} s")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirrors", default="/work/.mirror")
    ap.add_argument("--misses", action="store_true", help="print install-looking lines with nothing found")
    ap.add_argument("--answers", type=Path, help="a folder of LLM answers (results/*/*/results.jsonl) instead")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.answers:
        return answers(args.answers, args.misses)
    from depguard.commands import analyze

    stats: Counter[str] = Counter()
    misses: list[str] = []
    slowest = (0.0, "")
    for repo in sorted(Path(args.mirrors).glob("*/repo")):
        for path, text in files(repo):
            script = shell_text(path, text)
            if script is None:
                continue
            stats["files"] += 1
            start = time.perf_counter()
            try:
                plan = analyze(script, cwd="/repo")
            except Exception as exc:  # a crash is a result here
                stats["crashes"] += 1
                print(f"CRASH {repo.parent.name}:{path}: {type(exc).__name__}: {exc}")
                continue
            took = time.perf_counter() - start
            if took > slowest[0]:
                slowest = (took, f"{repo.parent.name}:{path}")
            lines_with = {i.word.line for group in (plan.installs, plan.manifests, plan.unresolved)
                          for i in group if i.word is not None}
            stats["installs"] += len(plan.installs)
            stats["manifests"] += len(plan.manifests)
            stats["unresolved"] += len(plan.unresolved)
            for u in plan.unresolved:
                stats[f"unresolved:{u.kind}"] += 1
            for n, line in enumerate(script.split("\n"), 1):
                if INSTALL_LINE.search(line) and not line.lstrip().startswith("#"):
                    stats["install-looking lines"] += 1
                    if n in lines_with:
                        stats["lines with something found"] += 1
                    else:
                        misses.append(f"{repo.parent.name}:{path}:{n}: {line.strip()[:140]}")
    for key in ("files", "crashes", "install-looking lines", "lines with something found", "installs", "manifests",
                "unresolved"):
        print(f"{key:28} {stats[key]:6}")
    for key in sorted(k for k in stats if k.startswith("unresolved:")):
        print(f"  {key:26} {stats[key]:6}")
    print(f"slowest file: {slowest[0] * 1000:.1f} ms ({slowest[1]})")
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
