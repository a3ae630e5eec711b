"""The thin general verifier: checks what an answer says about the code in front of it.

Package names are the claims depguard owns (they go to the package checker). Everything else an answer
states about the local tree — a file path, a ``path:line`` reference and the code quoted next to it, a symbol
said to be defined in a file, a script or Make target a command needs — is a :class:`Claim`, extracted by
:mod:`depguard.verify.claims` and checked by sources behind one small interface, :class:`ClaimSource`:

* :class:`depguard.verify.local.LocalTree` — always on: the ``--root`` tree, read as text, never executed.
* :class:`depguard.verify.judge.JudgePanel` — off unless configured: OpenAI-compatible or Ollama endpoints.

Each source gives a :class:`Position` (its verdict with its evidence) or ``None`` when it has nothing to say.
:func:`combine` turns the positions into one :class:`ClaimResult`: ``verified`` and ``contradicted`` need a
source that decided so, with evidence; disagreeing sources make it ``conflicted`` with every position shown;
no deciding source leaves it ``unverified``. Nothing is verified on the answer's own say-so.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Protocol

from ..records import field, record


class Status(str, enum.Enum):
    VERIFIED = "verified"
    CONTRADICTED = "contradicted"
    UNVERIFIED = "unverified"
    CONFLICTED = "conflicted"


class Kind(str, enum.Enum):
    PATH = "path"  # a file or folder that must exist
    LINES = "lines"  # path:line or path:line-line, maybe with quoted code or a symbol
    SYMBOL = "symbol"  # a function, class or method said to be defined in a file
    COMMAND = "command"  # a script, Make target or package.json script a command needs


@record(frozen=True)
class Claim:
    kind: Kind
    written: str  # the claim as it appears in the answer (the code span or words)
    line: int  # 1-based position in the answer
    column: int
    sentence: str  # the sentence (or command line) it comes from, for judges and reports
    path: str | None = None  # as written, relative to the root
    start: int | None = None  # claimed line range
    end: int | None = None
    symbol: str | None = None
    symbol_kind: str | None = None  # function, class, method, interface, type, enum (as claimed)
    quote: str | None = None  # code the answer quotes next to a path:line
    command: str | None = None  # make, npm, yarn, pnpm, bun, script
    target: str | None = None  # Make target or package.json script name
    cwd: str | None = None  # folder a command runs in (make -C, npm --prefix, an earlier cd), relative to the root

    def key(self) -> tuple:
        return (self.kind, self.path, self.start, self.end, self.symbol, self.quote, self.command, self.target, self.cwd)

    def describe(self) -> str:
        """The claim in a few words, as the report shows it."""
        if self.kind is Kind.PATH:
            return f"{self.path} exists"
        if self.kind is Kind.LINES:
            where = f"{self.path}:{self.start}" + (f"-{self.end}" if self.end and self.end != self.start else "")
            if self.symbol:
                return f"{where} holds {self.symbol}"
            if self.quote:
                first = next((ln.strip() for ln in self.quote.split("\n") if ln.strip()), "")
                return f"{where} reads {first[:60]}"
            return f"{where} exists"
        if self.kind is Kind.SYMBOL:
            kind = f"{self.symbol_kind} " if self.symbol_kind else ""
            return f"{kind}{self.symbol} defined in {self.path}"
        prefix = f"(in {self.cwd}) " if self.cwd else ""
        if self.command == "script":
            return f"{prefix}script {self.path} exists"
        if self.command == "make":
            return f"{prefix}make target {self.target}"
        return f"{prefix}{self.command} script {self.target}"


@record(frozen=True)
class Position:
    """One source's answer about one claim."""

    source: str
    status: Status
    evidence: str
    context: str = field(default="", compare=False)  # the text the evidence came from, for later judges


@record(frozen=True)
class ClaimResult:
    claim: Claim
    status: Status
    evidence: str
    source: str
    positions: tuple[Position, ...] = ()


class ClaimSource(Protocol):
    """A plug-in that can speak to claims. ``so_far`` holds the positions of the sources asked before it."""

    name: str

    def check(self, claim: Claim, so_far: Sequence[Position]) -> Position | None:
        ...


DECIDING = (Status.VERIFIED, Status.CONTRADICTED, Status.CONFLICTED)


def combine(claim: Claim, positions: Sequence[Position]) -> ClaimResult:
    decided = [p for p in positions if p.status in DECIDING]
    if not decided:
        said = [p for p in positions if p.evidence]
        evidence = "; ".join(f"{p.source}: {p.evidence}" for p in said) if said else "no source could decide"
        return ClaimResult(claim, Status.UNVERIFIED, evidence, ", ".join(p.source for p in positions) or "-", tuple(positions))
    statuses = {p.status for p in decided}
    if len(statuses) == 1 and Status.CONFLICTED not in statuses:
        first = decided[0]
        return ClaimResult(claim, first.status, first.evidence, ", ".join(p.source for p in decided), tuple(positions))
    evidence = " / ".join(f"{p.source} says {p.status.value}: {p.evidence}" for p in decided)
    return ClaimResult(claim, Status.CONFLICTED, evidence, ", ".join(p.source for p in decided), tuple(positions))


def check_claims(claims: Sequence[Claim], sources: Sequence[ClaimSource]) -> list[ClaimResult]:
    """Ask every source about every claim, in order, each seeing the positions gathered before it."""
    from concurrent.futures import ThreadPoolExecutor

    gathered: list[list[Position]] = [[] for _ in claims]
    for source in sources:
        if getattr(source, "concurrent", False) and len(claims) > 1:
            with ThreadPoolExecutor(max_workers=min(8, len(claims))) as pool:
                answers = list(pool.map(lambda i, source=source: source.check(claims[i], tuple(gathered[i])), range(len(claims))))
        else:
            answers = [source.check(c, tuple(gathered[i])) for i, c in enumerate(claims)]
        for i, pos in enumerate(answers):
            if pos is not None:
                gathered[i].append(pos)
    return [combine(c, gathered[i]) for i, c in enumerate(claims)]


def counts(results: Sequence[ClaimResult]) -> dict[str, int]:
    out = {s.value: 0 for s in Status}
    for r in results:
        out[r.status.value] += 1
    out["claims"] = len(results)
    return out
