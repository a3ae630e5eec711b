"""The command corpus: how many install forms the shell model stops, misses or stops wrongly, per family.

``tests/commands/fixtures/agent_commands.tsv`` holds realistic and adversarial agent commands (named installs
through wrappers, runners, interpreters, nested shells, eval, pipes, here-documents, variables, loops, xargs,
quoting tricks; manifest installs; things that cannot be resolved; clean controls), each with what it
installs. A form is *stopped* when :func:`depguard.commands.analyze` surfaces every expected package,
manifest install and unresolved value (so a front end can judge or ask about it), *missed* when something
expected is not surfaced, *extra* when something unexpected is, and a clean control that surfaces anything
is *wrongly stopped*. Also reported: crashes, and the slowest form.

    python benchmarks/agent_commands.py            # per-family table
    python benchmarks/agent_commands.py --misses   # and every form that is not exact
"""

from __future__ import annotations

import argparse
import json
import posixpath
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "commands" / "fixtures" / "agent_commands.tsv"
CWD = "/work/proj"


@dataclass(frozen=True)
class Form:
    family: str
    expected: frozenset[str]  # tokens; empty for a clean control
    command: str
    line: int


def load(path: Path = CORPUS) -> list[Form]:
    forms: list[Form] = []
    for n, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        family, expected, command = line.split("\t", 2)
        if command.startswith("json:"):
            command = json.loads(command[5:])
        tokens = frozenset(t for t in expected.split() if t != "-")
        forms.append(Form(family, tokens, command, n))
    return forms


def found(command: str) -> frozenset[str]:
    """The tokens ``analyze`` surfaces for a command run from CWD."""
    from depguard.commands import analyze

    plan = analyze(command, cwd=CWD)
    tokens = {f"{t.ecosystem}:{t.name}" for t in plan.installs}
    for m in plan.manifests:
        rel = posixpath.relpath(m.path, CWD) if m.path.startswith("/") else m.path
        tokens.add(f"M:{m.format}:{rel}")
    tokens |= {f"ask:{u.kind}" for u in plan.unresolved}
    return frozenset(tokens)


@dataclass
class Outcome:
    form: Form
    got: frozenset[str]
    seconds: float
    error: str | None = None

    @property
    def missing(self) -> frozenset[str]:
        return self.form.expected - self.got

    @property
    def extra(self) -> frozenset[str]:
        return self.got - self.form.expected

    @property
    def exact(self) -> bool:
        return self.error is None and not self.missing and not self.extra


def run(forms: list[Form]) -> list[Outcome]:
    out: list[Outcome] = []
    for form in forms:
        start = time.perf_counter()
        try:
            got = found(form.command)
            error = None
        except Exception as exc:  # a crash is a result here
            got, error = frozenset(), f"{type(exc).__name__}: {exc}"
        out.append(Outcome(form, got, time.perf_counter() - start, error))
    return out


def table(outcomes: list[Outcome]) -> str:
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0, 0])
    for o in outcomes:
        r = rows[o.form.family]
        r[0] += 1
        if o.error:
            r[5] += 1
        elif not o.form.expected:
            r[3] += bool(o.got)
        elif o.missing:
            r[2] += 1
        else:
            r[1] += 1
        if o.form.expected and o.extra and not o.error:
            r[4] += 1
    lines = [f"{'family':18} {'forms':>5} {'stopped':>7} {'missed':>6} {'wrongly stopped':>15} {'extra':>5} {'crash':>5}"]
    total = [0] * 6
    for fam in sorted(rows):
        r = rows[fam]
        total = [a + b for a, b in zip(total, r)]
        lines.append(f"{fam:18} {r[0]:5} {r[1]:7} {r[2]:6} {r[3]:15} {r[4]:5} {r[5]:5}")
    lines.append(f"{'all':18} {total[0]:5} {total[1]:7} {total[2]:6} {total[3]:15} {total[4]:5} {total[5]:5}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--misses", action="store_true", help="list every form that is not exact")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    outcomes = run(load())
    print(table(outcomes))
    slow = max(outcomes, key=lambda o: o.seconds)
    total = sum(o.seconds for o in outcomes)
    print(f"\n{len(outcomes)} forms in {total:.2f} s; slowest {slow.seconds * 1000:.1f} ms "
          f"(line {slow.form.line}: {slow.form.command[:60]!r})")
    if args.misses:
        for o in outcomes:
            if not o.exact:
                print(f"line {o.form.line} [{o.form.family}] {o.form.command!r}: missing {sorted(o.missing)} "
                      f"extra {sorted(o.extra)}{' ' + o.error if o.error else ''}")
    return 0 if all(o.exact for o in outcomes) else 1


if __name__ == "__main__":
    raise SystemExit(main())
