"""depguard on real repositories nobody on the project wrote (issue 12): false alarms, exit codes, recall.

    python benchmarks/realrepos/run.py --mirrors /work/.mirror --trees /tmp/realrepos [--only NAME ...]

(with the Python that has depguard's dependencies, e.g. the project's .venv).

Each repository of ``repos.tsv`` (name, GitHub owner/repo, commit) is read from a bare git mirror
(``<mirrors>/<owner>+<repo>/repo``, as the ``fetch`` tool lays them out; ``--mirror-layout plain`` takes
``<mirrors>/<name>.git``) and its pinned commit extracted into ``<trees>/<name>`` (like ``git archive``,
but a blob the snapshot lacks, a large or LFS file, is listed and left out).
With ``--git`` (the default) the tree gets a fresh ``git init`` and every file is added to the index, so
depguard's ``git ls-files`` path is the one exercised; ``--no-git`` scans a tree without ``.git``.

The registries are a loopback stand-in (``mockreg.py``, the real PyPI name list and a large part of npm's),
and npm's download counts come from ``benchmarks/downloads_standin.py`` (the real monthly figures of the same
snapshot, on ``--port`` + 1; ``--no-downloads`` leaves them out, as before 020101e);
every other registry, GitHub's and Docker Hub's included, points at a closed port, so their names end
``not-checked`` (exit 3 is then the best a healthy repository can get). Each scan gets a fresh cache.

The depguard measured is a revision's committed files (``--rev``, default HEAD, run with ``python -P`` so a
checkout's own files cannot shadow it) or the installed command (``--rev worktree``), with the settings of
``depguard.toml`` beside this file (the defaults, no retries against refusing registries).

Every flagged (missing, suspicious, invalid) name is compared with ``review.tsv``:
    repository  commit  ecosystem  name  verdict  category  owner  where  why  [rule]
where verdict is ``true-problem`` (a real problem a user should fix), ``stand-in`` (an artefact of the
stand-in registry: the name is real, e.g. an npm name absent from the partial list with a lockfile entry
carrying an integrity hash) or ``false-alarm`` (depguard's own mistake). A flag with no review row is
printed as ``new``: review it by hand and add a row. The names reviewed as ``stand-in`` are then served by
mockreg as existing (``--plant``; ``--no-plant-reviewed`` shows them flagged again), so the exit codes say
what a user with the real registries would see.

Recall: for the manifests listed in ``manifests.tsv`` (repository, path), the registry-sourced
dependencies (manifests) or registry-resolved packages (lockfiles) are counted here independently of
depguard (``manifests.py``) and every one must appear among depguard's findings for that file.

Writes ``<out>/results.json`` (per repository: counts, flags, misses) and ``<out>/table.md`` (the README
table), and prints the table.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from depguard.report.json_format import per_mention  # either schema of the JSON report, one record per place

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from manifests import expected_dependencies, normalise, package_name, workspace_names  # noqa: E402

FLAGGED = ("missing", "suspicious", "invalid")
SERVED = ("pypi", "npm")  # what mockreg answers from real lists; everything else goes to a closed port
CLOSED_KEYS = (
    "npm.downloads", "cargo", "cargo.index", "go", "composer", "composer.site", "composer.drupal", "maven", "maven.search",
    "maven.google", "maven.plugins", "maven.jitpack",
    "nuget", "nuget.search", "rubygems", "pub", "hex", "swift", "swift.index", "cocoapods",
    "cocoapods.cdn", "cpan", "hackage", "cran", "cran.logs", "conda", "homebrew", "homebrew.aliases", "jsr", "julia",
    "github-actions", "docker", "docker.registry", "docker.auth",
)


@dataclass
class Repo:
    name: str
    github: str
    commit: str
    kind: str = ""


@dataclass
class Result:
    repo: Repo
    exit_code: int
    seconds: float
    mentions: int = 0
    names: int = 0
    not_checked: int = 0
    problems: int = 0
    flags: dict = field(default_factory=dict)  # (eco, name) -> {"verdict", "rule", "count", "where", "origin"}
    review: dict = field(default_factory=dict)  # (eco, name) -> review verdict or "new"
    expected: int = 0
    found: int = 0
    misses: list = field(default_factory=list)
    planted: int = 0  # names of this repository the review found real, served as existing
    reviewed_rows: list = field(default_factory=list)  # id() of the review rows its flags matched


def read_tsv(path: Path) -> list[dict]:
    if not path.is_file():
        return []
    with path.open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader((line for line in fh if not line.startswith("#")), delimiter="\t")
        return [{k: (v or "").strip() for k, v in row.items()} for row in rows]


def registry_facts(path: Path) -> dict[tuple[str, str], tuple]:
    """(ecosystem, name) -> (description, age in days, releases, days since the latest release[, calendar years the
    releases fall in, owner accounts]) from ``path`` (the years where its ``years`` column gives them: the stand-in
    spreads the releases evenly between the first and the latest otherwise; PyPI's ``ownership`` accounts where its
    ``owners`` column names them: served as the JSON API's ``ownership.roles``)."""
    from datetime import date

    today = date.today()
    out: dict[tuple[str, str], tuple] = {}
    for row in read_tsv(path):
        first, latest = (date.fromisoformat(row[k]) for k in ("first", "latest"))
        facts: tuple = (row["description"], (today - first).days, int(row["releases"]), (today - latest).days)
        years = int(row["years"]) if (row.get("years") or "").isdigit() else None
        owners = tuple(o for o in (row.get("owners") or "").split(",") if o)
        if years is not None or owners:
            facts += (years, owners)
        out[(row["ecosystem"], row["name"])] = facts
    return out


def closed_port() -> socket.socket:
    """A loopback port that refuses connections for as long as the returned socket lives.

    Bound but never listening: nothing else can take the port during the run (a port merely released
    can be bound by any other server on the machine, which then answers 404 for every registry).
    """
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    return s


def wait_for(port: int, server: subprocess.Popen, seconds: float = 60.0) -> None:
    """Until mockreg (``server``) accepts connections on ``port``; an exit first (port taken) is an error."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if server.poll() is not None:
            raise SystemExit(f"mockreg exited ({server.returncode}) before serving port {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"mockreg did not start on port {port} within {seconds:.0f} s")


def mirror_of(args, repo: Repo) -> Path:
    if args.mirror_layout == "plain":
        return Path(args.mirrors) / f"{repo.name}.git"
    repo_dir = Path(args.mirrors) / repo.github.replace("/", "+") / "repo"
    nested = repo_dir / ".git"  # the fetch tool lays some mirrors out as a work tree's .git folder
    return nested if nested.is_dir() else repo_dir


def write_commit(mirror: Path, commit: str, tree: Path) -> list[str]:
    """The files of ``commit`` written under ``tree``; returns the paths whose blobs the mirror lacks.

    Like ``git archive | tar -x``, except that a snapshot without its largest files (or Git LFS content)
    still extracts: the absent blobs are listed and left out instead of failing the whole archive.
    """
    git = ["git", "--git-dir", str(mirror)]
    listing = subprocess.run([*git, "ls-tree", "-r", "-z", commit], capture_output=True, check=True).stdout
    entries = []
    for item in listing.split(b"\0"):
        if item:
            meta, path = item.split(b"\t", 1)
            mode, kind, sha = meta.split()
            if kind == b"blob":  # submodules (commit entries) have no content here
                entries.append((mode, sha, path.decode("utf-8", "surrogateescape")))
    check = subprocess.run([*git, "cat-file", "--batch-check"], input=b"".join(sha + b"\n" for _, sha, _ in entries),
                           capture_output=True, check=True).stdout.splitlines()
    present = [e for e, line in zip(entries, check) if not line.endswith(b" missing")]
    skipped = [path for (_, _, path), line in zip(entries, check) if line.endswith(b" missing")]
    proc = subprocess.Popen([*git, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    feeder = threading.Thread(target=lambda: (proc.stdin.write(b"".join(sha + b"\n" for _, sha, _ in present)),
                                              proc.stdin.close()))
    feeder.start()
    for mode, _sha, path in present:
        header = proc.stdout.readline().split()
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)  # the newline after each object
        target = tree / path
        target.parent.mkdir(parents=True, exist_ok=True)
        if mode == b"120000":
            target.symlink_to(os.fsdecode(data))
        else:
            target.write_bytes(data)
            if mode == b"100755":
                target.chmod(0o755)
    feeder.join()
    proc.wait()
    return skipped


def extract(args, repo: Repo) -> Path:
    tree = Path(args.trees) / (repo.name + ("" if args.git else "-plain"))
    stamp = tree / ".realrepos-commit"
    if stamp.is_file() and stamp.read_text().strip() == repo.commit:
        return tree
    if tree.exists():
        shutil.rmtree(tree)
    tree.mkdir(parents=True)
    skipped = write_commit(mirror_of(args, repo), repo.commit, tree)
    if skipped:
        print(f"# {repo.name}: {len(skipped)} files absent from the mirror (large or LFS), not extracted: "
              f"{', '.join(skipped[:3])}{' ...' if len(skipped) > 3 else ''}", file=sys.stderr)
    if args.git:
        git = ["git", "-C", str(tree)]
        subprocess.run([*git, "init", "-q"], check=True)
        # The commit's files as they are: a `.gitattributes` `working-tree-encoding` (sphinx's latin-1 test
        # input) would make `git add` re-encode the file, and fail on bytes that are not that encoding.
        (tree / ".git" / "info").mkdir(exist_ok=True)
        (tree / ".git" / "info" / "attributes").write_text("* -working-tree-encoding\n")
        # Every extracted file into the index (--force: a committed file matching .gitignore is tracked too),
        # so `git ls-files` lists exactly the commit's files.
        subprocess.run([*git, "add", "--all", "--force", "--", "."], check=True, stderr=subprocess.DEVNULL)
    stamp.write_text(repo.commit + "\n")
    if args.git:
        (tree / ".git" / "info" / "exclude").write_text(".realrepos-commit\n")
    return tree


def scan(args, repo: Repo, tree: Path, env: dict) -> tuple[int, float, dict]:
    out = Path(args.out) / f"{repo.name}.json"
    meta = out.with_suffix(".meta.json")
    if args.reuse and meta.is_file():  # judge the reports of an earlier run again (after a review edit)
        m = json.loads(meta.read_text())
        args.measured[repo.name] = m.get("depguard", "?")
        return m["exit"], m["seconds"], json.loads(out.read_text() or "{}")
    cache = tempfile.mkdtemp(prefix="depguard-realrepos-cache-")
    started = time.monotonic()
    try:
        with out.open("w") as fh:
            proc = subprocess.run(
                [*args.depguard_cmd, "scan", "--format", "json", "--no-progress", str(tree)],
                stdout=fh, stderr=subprocess.PIPE, env={**env, "DEPGUARD_CACHE_DIR": cache},
                timeout=args.scan_timeout, check=False,
            )
    finally:
        shutil.rmtree(cache, ignore_errors=True)
    seconds = time.monotonic() - started
    meta.write_text(json.dumps({"exit": proc.returncode, "seconds": seconds, "depguard": args.rev}))
    args.measured[repo.name] = args.rev
    try:
        report = json.loads(out.read_text() or "{}")
    except json.JSONDecodeError:
        report = {}
    if not report:
        sys.stderr.write(f"{repo.name}: no JSON report (exit {proc.returncode}): {proc.stderr.decode()[-600:]}\n")
    return proc.returncode, seconds, report


def judge(args, repo: Repo, tree: Path, code: int, seconds: float, report: dict, reviews: dict,
          manifests: list[str]) -> Result:
    res = Result(repo, code, seconds)
    summary = report.get("summary", {})
    res.mentions = summary.get("mentions", 0)
    res.names = summary.get("packages", 0)
    res.not_checked = summary.get("not-checked", 0)
    res.problems = len(report.get("problems", []))
    seen_by_file: dict[str, set] = {}
    for f in per_mention(report):
        loc = f.get("location") or {}
        path = loc.get("path") or ""
        rel = os.path.relpath(path, tree) if path.startswith(str(tree)) else path
        seen_by_file.setdefault(rel, set()).add((f["ecosystem"], normalise(f["ecosystem"], f["name"])))
        if f["verdict"] not in FLAGGED:
            continue
        key = (f["ecosystem"], f["name"])
        entry = res.flags.setdefault(key, {"verdict": f["verdict"], "rule": f.get("rule"), "count": 0,
                                           "where": [], "origin": f.get("origin")})
        entry["count"] += 1
        if len(entry["where"]) < 3:
            entry["where"].append(f"{rel}:{loc.get('line')}")
    for key, flag in res.flags.items():
        row = review_for(reviews, repo.name, key, flag)
        res.review[key] = row["verdict"] if row else "new"
        res.reviewed_rows.append(id(row))
    local = frozenset((eco, normalise(eco, n)) for rel in manifests if (tree / rel).is_file()
                      for eco, n in [package_name(tree / rel) or ("", "")] if n)
    for rel in manifests:
        path = tree / rel
        if not path.is_file():
            res.misses.append((rel, "(file absent at this commit)"))
            continue
        spaces = frozenset((eco, normalise(eco, n)) for eco, n in workspace_names(tree, rel))
        for eco, name in sorted(expected_dependencies(path, local | spaces)):
            res.expected += 1
            if (eco, normalise(eco, name)) in seen_by_file.get(rel, set()):
                res.found += 1
            else:
                res.misses.append((rel, f"{eco}:{name}"))
    return res


def print_table(results: list[Result]) -> None:
    head = ("repository", "mentions", "names", "flags", "true", "stand-in", "false", "new", "not-chk",
            "recall", "exit", "s", "planted")
    print("\t".join(head))
    for r in results:
        verdicts = list(r.review.values())
        recall = f"{r.found}/{r.expected}" if r.expected else "-"
        print("\t".join(str(x) for x in (
            r.repo.name, r.mentions, r.names, len(r.flags), verdicts.count("true-problem"),
            verdicts.count("stand-in"), verdicts.count("false-alarm"), verdicts.count("new"), r.not_checked,
            recall, r.exit_code, f"{r.seconds:.0f}", r.planted)))
    tot = lambda attr: sum(getattr(r, attr) for r in results)  # noqa: E731
    allv = [v for r in results for v in r.review.values()]
    exp, found = tot("expected"), tot("found")
    print(f"TOTAL\t{tot('mentions')}\t{tot('names')}\t{sum(len(r.flags) for r in results)}\t"
          f"{allv.count('true-problem')}\t{allv.count('stand-in')}\t{allv.count('false-alarm')}\t"
          f"{allv.count('new')}\t{tot('not_checked')}\t"
          f"{found}/{exp} = {100.0 * found / exp if exp else 0:.2f}%\t"
          f"exit0={sum(r.exit_code == 0 for r in results)} exit3={sum(r.exit_code == 3 for r in results)} "
          f"exit1={sum(r.exit_code == 1 for r in results)}")
    for r in results:
        for (eco, name), e in sorted(r.flags.items()):
            v = r.review[(eco, name)]
            if v != "stand-in" or os.environ.get("REALREPOS_ALL"):
                print(f"  {r.repo.name}\t{v}\t{eco}\t{name}\t{e['verdict']}\t{e['rule']}\t{e['count']}x\t"
                      f"{' '.join(e['where'])}")
        for rel, what in r.misses:
            print(f"  {r.repo.name}\tmiss\t{rel}\t{what}")


def review_for(reviews: dict, repo: str, key: tuple[str, str], flag: dict) -> dict | None:
    """The review row of a flag: the one for its rule (column ``rule``) if any, else the name's. A name reviewed
    as real (``stand-in``: mockreg lacked it) that is flagged for another reason is not reviewed by that row."""
    row = reviews.get((repo, *key, flag.get("rule") or ""))
    if row is None:
        row = reviews.get((repo, *key, ""))
        if row is not None and row["verdict"] == "stand-in" and flag["verdict"] != "missing":
            return None
    return row


def by_category(results: list[Result], reviews: dict) -> list[tuple[str, str, int, int]]:
    """(verdict, category, reviewed names, still flagged now) over the repositories of this run: what each
    cause contributed when it was reviewed, and what is left of it."""
    used = {row_id for r in results for row_id in r.reviewed_rows}
    names = {r.repo.name for r in results}
    counts: dict[tuple[str, str], list[int]] = {}
    for key, row in reviews.items():
        if key[0] in names:
            c = counts.setdefault((row["verdict"], row["category"]), [0, 0])
            c[0] += 1
            c[1] += id(row) in used
    return sorted((v, cat, n, now) for (v, cat), (n, now) in counts.items())


def markdown_table(results: list[Result]) -> str:
    """The README table: one row per repository and a total."""
    rows = ["| repository | kind | commit | names | flagged | true problems | false alarms | not reviewed "
            "| not checked | read problems | recall | exit |", "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        v = list(r.review.values())
        rows.append(f"| {r.repo.github} | {r.repo.kind} | `{r.repo.commit[:10]}` | {r.names:,} | {len(r.flags)} | "
                    f"{v.count('true-problem')} | {v.count('false-alarm')} | {v.count('new')} | {r.not_checked:,} | "
                    f"{r.problems} | "
                    f"{f'{r.found}/{r.expected}' if r.expected else '-'} | {r.exit_code} |")
    allv = [v for r in results for v in r.review.values()]
    exp, found = sum(r.expected for r in results), sum(r.found for r in results)
    codes = ", ".join(f"{sum(r.exit_code == c for r in results)}×{c}" for c in sorted({r.exit_code for r in results}))
    rows.append(f"| **{len(results)} repositories** | | | {sum(r.names for r in results):,} | "
                f"{sum(len(r.flags) for r in results)} | {allv.count('true-problem')} | {allv.count('false-alarm')} | "
                f"{allv.count('new')} | {sum(r.not_checked for r in results):,} | {sum(r.problems for r in results)} | "
                f"{found}/{exp} = {100.0 * found / exp if exp else 0:.2f}% | {codes} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mirrors", default="/work/.mirror", help="folder of bare git mirrors")
    ap.add_argument("--mirror-layout", choices=("fetch", "plain"), default="fetch")
    ap.add_argument("--trees", default=os.path.join(tempfile.gettempdir(), "depguard-realrepos"))
    ap.add_argument("--out", default=None, help="reports and results.json (default: <trees>/out)")
    ap.add_argument("--git", action=argparse.BooleanOptionalAction, default=True,
                    help="git init the extracted tree and add every file (default) or scan it without .git")
    ap.add_argument("--packages", default="/work/.library/env/packages", help="mockreg's package lists")
    ap.add_argument("--mockreg", default=str(HERE.parents[1].parent / "shared" / "tools" / "mockreg.py"))
    ap.add_argument("--port", type=int, default=18803)
    ap.add_argument("--downloads-port", type=int, default=None,
                    help="the npm download-count stand-in's port (default --port + 1)")
    ap.add_argument("--depguard", default=shutil.which("depguard") or "depguard",
                    help="the depguard command (used with --rev worktree)")
    ap.add_argument("--rev", default="HEAD",
                    help="the depguard revision measured: its committed files are extracted and run with this "
                         "Python (default HEAD: what is committed, not the shared work tree's edits); "
                         "'worktree' runs the installed --depguard command as it is")
    ap.add_argument("--scan-timeout", type=float, default=1200)
    ap.add_argument("--repos", default=str(HERE / "repos.tsv"),
                    help="the repository list (default repos.tsv; heldout.tsv, heldout2.tsv, heldout3.tsv: repositories "
                         "the rules were checked on after they were written; heldout2.tsv first measured at 9994f3f, "
                         "heldout3.tsv at 0592fd2, the only held-out list with recall rows in manifests.tsv)")
    ap.add_argument("--only", nargs="*", help="repository names from the list")
    ap.add_argument("--downloads", action=argparse.BooleanOptionalAction, default=True,
                    help="serve npm's download counts (benchmarks/downloads_standin.py: the real monthly figures "
                         "of npm.tsv) on --port + 1, as api.npmjs.org answers them (default); names the "
                         "snapshot lacks have no count")
    ap.add_argument("--facts", default=str(HERE / "registry_facts.tsv"),
                    help="registry facts checked by hand (history, description) served for reviewed names instead of "
                         "mockreg's (default registry_facts.tsv; '' serves none)")
    ap.add_argument("--reuse", action="store_true", help="judge the reports already in --out instead of scanning")
    ap.add_argument("--plant-reviewed", action=argparse.BooleanOptionalAction, default=True,
                    help="serve the names the review found real (verdict stand-in, with lockfile or registry "
                         "evidence) as existing, as mockreg's README suggests for names its lists lack (default)")
    args = ap.parse_args(argv)
    args.out = args.out or os.path.join(args.trees, "out")
    args.measured = {}  # repository -> the depguard revision its report came from
    Path(args.out).mkdir(parents=True, exist_ok=True)
    mockreg = Path(args.mockreg)
    if not mockreg.is_file():
        mockreg = Path("/work/shared/tools/mockreg.py")

    repos = [Repo(r["name"], r["github"], r["commit"], r.get("kind", "")) for r in read_tsv(Path(args.repos))]
    if args.only:
        repos = [r for r in repos if r.name in args.only]
    reviews = {(r["repository"], r["ecosystem"], r["name"], r.get("rule") or ""): r
               for r in read_tsv(HERE / "review.tsv")}
    manifests: dict[str, list[str]] = {}
    for row in read_tsv(HERE / "manifests.tsv"):
        manifests.setdefault(row["repository"], []).append(row["path"])

    closed_socket = closed_port()
    closed = f"http://127.0.0.1:{closed_socket.getsockname()[1]}"
    served = f"http://127.0.0.1:{args.port}"
    env = {k: v for k, v in os.environ.items() if not k.startswith("DEPGUARD_")}
    env.update({"DEPGUARD_REGISTRY_" + k.upper().replace(".", "_").replace("-", "_"): served for k in SERVED})
    env.update({"DEPGUARD_REGISTRY_" + k.upper().replace(".", "_").replace("-", "_"): closed for k in CLOSED_KEYS})
    env["DEPGUARD_SERVER"] = "0"
    env["DEPGUARD_CONFIG"] = str(HERE / "depguard.toml")
    source = None
    if args.rev != "worktree":
        root = HERE.parents[1]
        args.rev = subprocess.run(["git", "-C", str(root), "rev-parse", args.rev], capture_output=True, text=True,
                                  check=True).stdout.strip()
        source = Path(tempfile.mkdtemp(prefix="depguard-realrepos-src-"))
        old_layout = subprocess.run(["git", "-C", str(root), "cat-file", "-e", f"{args.rev}:ecosystems"],
                                    capture_output=True).returncode == 0  # data beside the package before issue 18
        archive = subprocess.Popen(["git", "-C", str(root), "archive", args.rev, "depguard",
                                    *(["ecosystems"] if old_layout else [])], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(source)], stdin=archive.stdout, check=True)
        archive.wait()
        env["PYTHONPATH"] = str(source)
        # -P: the working directory is not put first on sys.path (in a depguard checkout it would shadow the
        # extracted revision with the work tree's files)
        args.depguard_cmd = [sys.executable, "-P", "-c", "import sys; from depguard.cli import entry; sys.exit(entry())"]
    else:
        args.depguard_cmd = [args.depguard]
    print(f"# depguard {args.rev}", file=sys.stderr)

    try:
        socket.create_connection(("127.0.0.1", args.port), timeout=1).close()
        raise SystemExit(f"port {args.port} is already served by another process: pass a free --port")
    except OSError:
        pass
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a stopped run still stops its registry
    plant = Path(args.out) / "planted.txt"
    real = sorted({(r["ecosystem"], r["name"]) for r in reviews.values()
                   if r["verdict"] == "stand-in" and r["ecosystem"] in SERVED})
    plant.write_text("".join(f"{eco} {name} 3650 10\n" for eco, name in real) if args.plant_reviewed else "")
    print(f"# {len(real) if args.plant_reviewed else 0} reviewed stand-in names served as existing", file=sys.stderr)
    server = subprocess.Popen([sys.executable, str(mockreg), str(args.port), "--packages", args.packages,
                               "--plant", str(plant)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    downloads = None
    if args.downloads:  # npm's download counts: the real monthly figures of npm.tsv on the next port
        sys.path.insert(0, str(HERE.parent))
        from downloads_standin import Standin

        downloads = Standin(args.downloads_port or args.port + 1, packages=args.packages)
        env["DEPGUARD_REGISTRY_NPM_DOWNLOADS"] = downloads.start()
        print(f"# npm download counts from {downloads.url} ({len(downloads.counts):,} names)", file=sys.stderr)
    facts = None
    if args.facts and read_tsv(Path(args.facts)):  # hand-checked registry facts in front of mockreg
        sys.path.insert(0, str(HERE.parent / "attacks"))
        from described import Registry, recorded_releases

        # and the declaring packages' recorded releases beside it (releases.tsv: their dependency lists)
        facts = Registry(served, registry_facts(Path(args.facts)), recorded_releases(Path(args.facts).with_name("releases.tsv")))
        proxied = facts.__enter__()
        env.update({"DEPGUARD_REGISTRY_" + k.upper(): proxied for k in SERVED})
        print(f"# registry facts of {args.facts} served on {proxied}", file=sys.stderr)
    results = []
    try:
        wait_for(args.port, server)
        for repo in repos:
            tree = extract(args, repo)
            code, seconds, report = scan(args, repo, tree, env)
            res = judge(args, repo, tree, code, seconds, report, reviews, manifests.get(repo.name, []))
            res.planted = sum(1 for (name, eco, _, _), r in reviews.items() if name == repo.name
                              and r["verdict"] == "stand-in" and eco in SERVED) if args.plant_reviewed else 0
            print(f"# {repo.name}: exit {code}, {len(res.flags)} flagged, {seconds:.0f} s", file=sys.stderr)
            results.append(res)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()
        if downloads is not None:
            downloads.stop()
        if facts is not None:
            facts.__exit__()
        closed_socket.close()
        if source is not None:
            shutil.rmtree(source, ignore_errors=True)
    print_table(results)
    print("reviewed names by verdict and category: reviewed, still flagged now")
    for verdict, category, n, now in by_category(results, reviews):
        print(f"  {verdict}\t{category}\t{n}\t{now}")
    dump = [{"depguard": args.measured.get(r.repo.name, args.rev), "repository": r.repo.name, "github": r.repo.github, "commit": r.repo.commit, "exit": r.exit_code,
             "seconds": round(r.seconds, 1), "mentions": r.mentions, "names": r.names,
             "not_checked": r.not_checked, "problems": r.problems, "expected": r.expected, "found": r.found,
             "planted": r.planted,
             "misses": r.misses,
             "flags": [{"ecosystem": e, "name": n, **v, "review": r.review[(e, n)]} for (e, n), v in r.flags.items()]}
            for r in results]
    (Path(args.out) / "results.json").write_text(json.dumps(dump, indent=1))
    cats = ["| verdict | cause (issue 12 category or residual) | names reviewed | still flagged |", "|---|---|---:|---:|"]
    cats += [f"| {v} | {c} | {n} | {now} |" for v, c, n, now in by_category(results, reviews)]
    (Path(args.out) / "table.md").write_text(markdown_table(results) + "\n" + "\n".join(cats) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
