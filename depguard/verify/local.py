"""The local tree: the always-on source. Files are read as text (size-limited, NUL-free) and never executed.

What is never read (a claim about it can be told the file exists, never what it holds), because an answer's
claim must not become a way to print a secret into a report, a Stop hook's reason or a judge's prompt:

* files git ignores (in a git work tree only what ``git ls-files --cached --others --exclude-standard`` lists
  is read) and everything under ``.git/``;
* files that look like secrets, by name: ``.env*``, ``*.pem``, ``*.key``, ``id_rsa*`` and other SSH keys,
  credentials files, ``.npmrc``, ``.pypirc``, ``.netrc``, ``.git-credentials``, keystores, Terraform state,
  and anything under ``.ssh/``, ``.aws/``, ``.gnupg/`` …;
* anything but a regular file (FIFOs, sockets, devices): opened with ``O_NONBLOCK`` and checked with
  ``fstat`` before a byte is read, so a FIFO cannot hang the run.

The user opts in per path with ``read-secret-paths`` in their own config (see :mod:`depguard.verify.judge`).

Claimed paths are resolved relative to the root only: absolute paths outside it, ``~`` and ``..`` that would
climb out are not read, and a symbolic link whose target leaves the root is not followed. Closest real
matches (for a missing file, a renamed symbol, a misspelt script) come from rapidfuzz over the tree's paths,
a file's definitions, a Makefile's targets or package.json's scripts.
"""

from __future__ import annotations

import fnmatch
import json
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path, PurePosixPath

from ..records import record
from . import Claim, Kind, Position, Status
from .runners import Runner, runners
from .symbols import Definition, definitions, language_of

MAX_FILES = 200_000
MAX_SYMBOL_SEARCH_FILES = 400
MAKEFILES = ("GNUmakefile", "makefile", "Makefile")
MAKE_RULE = re.compile(r"^(?P<targets>[^\s#:=][^#:=]*?)\s*::?(?!=)(?P<rest>.*)$")
MAKE_INCLUDE = re.compile(r"^\s*-?(?:s?include)\s+(?P<files>.+)$")
ELISION = re.compile(r"^(?:\.\.\.|…|//\s*\.\.\.|#\s*\.\.\.|/\*\s*\.\.\.\s*\*/|<!--\s*\.\.\.\s*-->)$")
NUMBERED = re.compile(r"^\s*\d+\s*[|:]\s?")
SECRET_FILE = re.compile(
    r"(?i)^(?:\.env(?:\..*)?|.*\.env|\.envrc|\.flaskenv"
    r"|.*\.(?:pem|key|p12|pfx|jks|keystore|kdbx|ppk|tfvars|tfstate(?:\.backup)?|ovpn|secrets?)"
    r"|id_(?:rsa|dsa|ecdsa|ed25519)(?:[._-].*)?|(?:.*[._-])?credentials?(?:\.[a-z]+)?|(?:.*[._-])?secrets?(?:\.[a-z]+)?"
    r"|\.npmrc|\.yarnrc(?:\.yml)?|\.pypirc|\.netrc|_netrc|\.git-credentials|\.htpasswd|\.pgpass|\.my\.cnf"
    r"|\.vault-token|\.dockercfg|\.s3cfg|\.boto|service[-_]?account.*\.json)$")
TOO_LARGE = b"\0too large"  # a marker, compared by identity
SECRET_FOLDERS = {".git", ".ssh", ".gnupg", ".aws", ".azure", ".docker", ".kube", ".gcloud", ".password-store"}


def secret_like(rel: str) -> bool:
    """Whether the path (relative, ``/``-separated) names a file that looks like it holds a secret."""
    parts = [p for p in rel.split("/") if p]
    return bool(parts) and (bool(SECRET_FILE.match(parts[-1])) or any(p in SECRET_FOLDERS for p in parts[:-1]))


def _clip(text: str, limit: int = 120) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


def closest(word: str, choices: Sequence[str], cutoff: float = 55.0) -> str | None:
    if not choices:
        return None
    from rapidfuzz import fuzz, process

    found = process.extractOne(word, choices, scorer=fuzz.ratio, score_cutoff=cutoff)
    return found[0] if found else None


@record
class Read:
    lines: list[str] | None
    reason: str | None = None


class LocalTree:
    """Claims checked against the files under ``root``."""

    name = "local tree"

    def __init__(self, root: Path, max_file_bytes: int = 5 * 1024 * 1024, read_secret_paths: Sequence[str] = ()) -> None:
        self.root = Path(root).resolve()
        self.max_file_bytes = max_file_bytes
        self.read_secret_paths = tuple(read_secret_paths)
        self._visible: set[str] | None | bool = False  # False: not asked yet; None: not a git work tree
        self._files: list[str] | None = None
        self._folders: list[str] | None = None
        self._reads: dict[str, Read] = {}
        self._defs: dict[str, list[Definition]] = {}

    # --- the tree ---------------------------------------------------------------------------------

    def resolve(self, written: str) -> tuple[str | None, str | None]:
        """(path relative to the root, None) or (None, why it is not read)."""
        p = written.replace("\\", "/").strip()
        if p.startswith("~"):
            return None, f"{p} is in a home directory, outside the tree; not read"
        if p.startswith("/"):
            try:
                p = PurePosixPath(p).relative_to(self.root.as_posix()).as_posix()
            except ValueError:
                return None, f"{p} is outside the tree ({self.root.name}); not read"
        parts: list[str] = []
        for part in p.split("/"):
            if part in ("", "."):
                continue
            if part == "..":
                if not parts:
                    return None, f"{written} climbs out of the tree with '..'; not read"
                parts.pop()
            else:
                parts.append(part)
        rel = "/".join(parts)
        full = self.root.joinpath(*parts) if parts else self.root
        try:
            full.resolve().relative_to(self.root)
        except (ValueError, OSError, RuntimeError):
            return None, f"{rel} is a symbolic link out of the tree; not followed"
        return rel, None

    def _exact(self, rel: str) -> Path | None:
        """The path when every component exists with exactly this spelling (case matters everywhere)."""
        here = self.root
        for part in [p for p in rel.split("/") if p]:
            try:
                if part not in os.listdir(here):
                    return None
            except OSError:
                return None
            here = here / part
        return here

    def files(self) -> list[str]:
        if self._files is None:
            from ..discover import SKIP_DIRS, git_files

            names = git_files(self.root)
            if names is None:
                names = []
                from ..treewalk import walk

                for dirpath, dirnames, filenames in walk(self.root):
                    dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS)
                    rel = Path(dirpath).relative_to(self.root)
                    names.extend((rel / f).as_posix() if rel.parts else f for f in sorted(filenames))
                    if len(names) > MAX_FILES:
                        break
            self._files = [n for n in names[:MAX_FILES] if not any(part in SKIP_DIRS for part in n.split("/")[:-1])]
        return self._files

    def locate(self, rel: str) -> tuple[str | None, str]:
        """(the real path, how) for a claimed path that is not where it was said to be, or (None, closest)."""
        files = self.files()
        if self._folders is None:
            self._folders = sorted({f.rsplit("/", 1)[0] for f in files if "/" in f})
        pool = self._folders if rel.endswith("/") else files
        want = rel.rstrip("/")
        suffix = [f for f in pool if f.endswith("/" + want)]
        if len(suffix) == 1:
            return suffix[0], "found as"
        if len(suffix) > 1:
            return None, "several files end with it: " + ", ".join(suffix[:3])
        near = closest(want, pool) or closest(want.rsplit("/", 1)[-1], [f.rsplit("/", 1)[-1] for f in pool])
        if near and "/" not in near:
            near = next((f for f in pool if f.rsplit("/", 1)[-1] == near), near)
        return None, f"closest: {near}" if near else "nothing similar in the tree"

    def withheld(self, rel: str) -> str | None:
        """Why the content of ``rel`` is not read (a secret-looking or git-ignored file), or None."""
        real = rel
        try:
            real = (self.root / rel).resolve().relative_to(self.root).as_posix()  # a link's target counts too
        except (ValueError, OSError, RuntimeError):
            pass
        if any(fnmatch.fnmatchcase(rel, p) and fnmatch.fnmatchcase(real, p) for p in self.read_secret_paths):
            return None
        hint = "(add it to read-secret-paths under [verify] in your user config to allow it)"
        for path in {rel, real}:
            if secret_like(path):
                return f"{rel} looks like it holds secrets; its content is not read {hint}"
        if self._visible is False:
            from ..discover import git_files

            names = git_files(self.root)
            self._visible = set(names) if names is not None else None
        if isinstance(self._visible, set) and not {rel, real} <= self._visible:
            return f"{rel} is ignored by git (or not in this work tree); its content is not read {hint}"
        return None

    def read(self, rel: str) -> Read:
        if rel in self._reads:
            return self._reads[rel]
        why = self.withheld(rel)
        if why is not None:
            self._reads[rel] = got = Read(None, why)
            return got
        full = self.root / rel
        try:
            data = self._read_regular(full)
            if data is None:
                got = Read(None, f"{rel} is not a regular file (a FIFO, socket or device); not read")
            elif data is TOO_LARGE:
                got = Read(None, f"{rel} is larger than the {self.max_file_bytes:,}-byte limit; not read")
            elif b"\0" in data[:8192]:
                got = Read(None, f"{rel} is a binary file; not read")
            else:
                text = data.decode("utf-8-sig", errors="replace")
                lines = text.split("\n")
                if lines and lines[-1] == "":
                    lines.pop()
                got = Read([ln.rstrip("\r") for ln in lines])
        except OSError as exc:
            got = Read(None, f"{rel}: cannot read: {exc.strerror or exc}")
        self._reads[rel] = got
        return got

    def _read_regular(self, full: Path) -> bytes | None:
        """The bytes of a regular file (at most the limit + 1), or None for anything else. Opened without
        blocking and checked on the open descriptor, so a FIFO swapped in after a check cannot hang the read."""
        fd = os.open(full, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                return None
            if st.st_size > self.max_file_bytes:
                return TOO_LARGE
            with os.fdopen(fd, "rb", closefd=False) as fh:
                data = fh.read(self.max_file_bytes + 1)
            return TOO_LARGE if len(data) > self.max_file_bytes else data
        finally:
            os.close(fd)

    def defs(self, rel: str) -> list[Definition] | None:
        lang = language_of(rel)
        if lang is None:
            return None
        if rel not in self._defs:
            got = self.read(rel)
            self._defs[rel] = definitions("\n".join(got.lines), lang) if got.lines is not None else []
        return self._defs[rel]

    def quote(self, rel: str, line: int) -> str:
        lines = self.read(rel).lines or []
        return f"{rel}:{line}: {_clip(lines[line - 1])}" if 0 < line <= len(lines) else f"{rel}:{line}"

    def context(self, rel: str, first: int, last: int, pad: int = 3) -> str:
        lines = self.read(rel).lines or []
        lo, hi = max(1, first - pad), min(len(lines), last + pad, first + 40)
        return "\n".join(f"{rel}:{n}: {lines[n - 1]}" for n in range(lo, hi + 1))

    # --- checking ---------------------------------------------------------------------------------

    def check(self, claim: Claim, so_far: Sequence[Position]) -> Position | None:
        if claim.kind is Kind.COMMAND:
            return self._command(claim)
        rel, why = self.resolve(claim.path or "")
        if rel is None:
            return self._pos(Status.UNVERIFIED, why or "")
        found, how = self._find(rel, claim.path or "", want_dir=claim.kind is Kind.PATH and (claim.path or "").endswith("/"))
        if found is None:
            return self._missing(claim, rel, how)
        if claim.kind is Kind.PATH:
            return self._path(found, how, claim)
        got = self.read(found)
        if got.lines is None:
            return self._pos(Status.UNVERIFIED, got.reason or "")
        if claim.kind is Kind.SYMBOL:
            return self._symbol(claim, found)
        return self._lines(claim, found, got.lines)

    def _pos(self, status: Status, evidence: str, context: str = "") -> Position:
        return Position(self.name, status, evidence, context)

    def _find(self, rel: str, written: str, want_dir: bool = False) -> tuple[str | None, str]:
        """(real relative path, "" when exactly there or a note) or (None, closest match)."""
        if rel and self._exact(rel) is not None:
            return rel, ""
        if not rel:
            return None, "the root itself is not a file"
        if written.startswith(("./", "../", "/")):
            return None, self.locate(rel + ("/" if want_dir else ""))[1]
        real, how = self.locate(rel + ("/" if want_dir else ""))
        return (real, f"{how} {real}") if real else (None, how)

    def _missing(self, claim: Claim, rel: str, how: str) -> Position:
        evidence = f"{rel} does not exist; {how}"
        if claim.kind in (Kind.SYMBOL, Kind.LINES) and claim.symbol:
            elsewhere = self._defined_elsewhere(claim.symbol, rel)
            if elsewhere:
                evidence += f"; {claim.symbol} is defined at {elsewhere}"
        return self._pos(Status.CONTRADICTED, evidence)

    def _path(self, found: str, how: str, claim: Claim) -> Position:
        full = self.root / found
        note = f" ({how})" if how else ""
        if full.is_dir():
            if claim.command:
                return self._pos(Status.CONTRADICTED, f"{found} is a folder, not a script")
            return self._pos(Status.VERIFIED, f"{found}/ exists (folder){note}")
        if (claim.path or "").endswith("/"):
            return self._pos(Status.CONTRADICTED, f"{found} is a file, not a folder")
        got = self.read(found)
        size = f"{len(got.lines)} lines" if got.lines is not None else "file"
        first = f": {found}:1: {_clip(got.lines[0], 80)}" if got.lines else ""
        return self._pos(Status.VERIFIED, f"{found} exists ({size}){note}{first}")

    def _lines(self, claim: Claim, rel: str, lines: list[str]) -> Position:
        start, end = claim.start or 1, max(claim.end or claim.start or 1, claim.start or 1)
        n = len(lines)
        span = f"{start}" if start == end else f"{start}-{end}"
        if start < 1 or end > n:
            evidence = f"{rel} has {n} lines; line {end if start <= n else start} does not exist"
            return self._pos(Status.CONTRADICTED, evidence, self.context(rel, max(1, n - 3), n))
        ctx = self.context(rel, start, end)
        if claim.symbol:
            return self._symbol_at(claim, rel, lines, start, end, span, ctx)
        if claim.quote:
            return self._quote_at(claim.quote, rel, lines, start, end, span, ctx)
        return self._pos(Status.VERIFIED, self.quote(rel, start) + (f" (… to line {end})" if end != start else ""), ctx)

    def _symbol_at(self, claim: Claim, rel, lines, start, end, span, ctx) -> Position:
        name = (claim.symbol or "").rsplit(".", 1)[-1]
        defs = self.defs(rel) or []
        matching = [d for d in defs if d.qualname == claim.symbol or d.name == name]
        inside = [d for d in matching if start <= d.line <= end]
        if inside:
            return self._pos(Status.VERIFIED, self.quote(rel, inside[0].line), ctx)
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        used = [i for i in range(start, end + 1) if word.search(lines[i - 1])]
        if used and not matching:
            return self._pos(Status.VERIFIED, self.quote(rel, used[0]), ctx)
        if matching:
            d = matching[0]
            return self._pos(Status.CONTRADICTED, f"{claim.symbol} is defined at line {d.line}, not {span}: {self.quote(rel, d.line)}", ctx)
        anywhere = [i for i in range(1, len(lines) + 1) if word.search(lines[i - 1])]
        if anywhere:
            return self._pos(Status.CONTRADICTED, f"{name} is not in lines {span}; it appears at {self.quote(rel, anywhere[0])}", ctx)
        near = closest(name, [d.name for d in defs])
        hint = f"; closest definition: {near}" if near else ""
        return self._pos(Status.CONTRADICTED, f"{name} does not appear in {rel}; line {start} reads {self.quote(rel, start)}{hint}", ctx)

    def _quote_at(self, quote: str, rel, lines, start, end, span, ctx) -> Position:
        wanted = [NUMBERED.sub("", q).strip() for q in quote.split("\n")]
        wanted = [q for q in wanted if q and not ELISION.match(q)]
        if not wanted:
            return self._pos(Status.VERIFIED, self.quote(rel, start), ctx)
        norm = [" ".join(ln.split()) for ln in lines]
        wanted = [" ".join(q.split()) for q in wanted]
        hits = []
        for i, have in enumerate(norm):
            if have == wanted[0] or (len(wanted[0]) >= 8 and wanted[0] in have):
                j, k = i + 1, 1
                while k < len(wanted) and j < len(norm) and j <= i + 3 * len(wanted) + 10:
                    if norm[j] == wanted[k] or (len(wanted[k]) >= 8 and wanted[k] in norm[j]):
                        k += 1
                    j += 1
                if k == len(wanted):
                    hits.append((i + 1, j))
        for first, last in hits:
            if first <= end and last >= start:
                return self._pos(Status.VERIFIED, self.quote(rel, first), ctx)
        if hits:
            first = min(hits, key=lambda h: abs(h[0] - start))[0]
            return self._pos(Status.CONTRADICTED, f"the quoted code is at line {first}, not {span}: {self.quote(rel, first)}",
                             self.context(rel, first, first))
        return self._pos(Status.CONTRADICTED, f"the quoted code is not in {rel}; line {start} reads {self.quote(rel, start)}", ctx)

    def _symbol(self, claim: Claim, rel: str) -> Position:
        symbol = claim.symbol or ""
        defs = self.defs(rel)
        if defs is None:
            word = re.compile(rf"(?<![\w$]){re.escape(symbol.rsplit('.', 1)[-1])}(?![\w$])")
            lines = self.read(rel).lines or []
            hit = next((i for i in range(1, len(lines) + 1) if word.search(lines[i - 1])), None)
            seen = f"; the name appears at {self.quote(rel, hit)}" if hit else "; the name does not appear in it"
            return self._pos(Status.UNVERIFIED, f"no definition parser for {rel.rsplit('.', 1)[-1] if '.' in rel else rel} files{seen}",
                             self.context(rel, hit, hit) if hit else "")
        parts = symbol.split(".")
        found = [d for d in defs if d.qualname == symbol or (len(parts) == 1 and d.name == symbol)]
        if found:
            d = found[0]
            ok = _kind_fits(claim.symbol_kind, d.kind)
            ctx = self.context(rel, d.line, d.line + 8, pad=1)
            if not ok:
                return self._pos(Status.CONTRADICTED, f"{symbol} is a {d.kind}, not a {claim.symbol_kind}: {self.quote(rel, d.line)}", ctx)
            return self._pos(Status.VERIFIED, self.quote(rel, d.line), ctx)
        names = sorted({d.qualname for d in defs} | {d.name for d in defs})
        near = closest(symbol, names) or (closest(parts[-1], [d.name for d in defs]) if len(parts) > 1 else None)
        evidence = f"{rel} defines no {symbol}"
        if near:
            d = next(x for x in defs if near in (x.qualname, x.name))
            evidence += f"; closest: {near} at {self.quote(rel, d.line)}"
        elsewhere = self._defined_elsewhere(symbol, rel)
        if elsewhere:
            evidence += f"; {symbol} is defined at {elsewhere}"
        return self._pos(Status.CONTRADICTED, evidence)

    def _defined_elsewhere(self, symbol: str, skip: str) -> str | None:
        lang = language_of(skip) or "python"
        family = {"python"} if lang == "python" else {"javascript", "typescript", "tsx"}
        checked = 0
        name = symbol.rsplit(".", 1)[-1]
        for f in self.files():
            if f == skip or language_of(f) not in family:
                continue
            checked += 1
            if checked > MAX_SYMBOL_SEARCH_FILES:
                break
            try:
                if (self.root / f).stat().st_size > self.max_file_bytes:
                    continue
            except OSError:
                continue
            for d in self.defs(f) or []:
                if d.qualname == symbol or d.name == name:
                    return self.quote(f, d.line)
        return None

    # --- commands ---------------------------------------------------------------------------------

    def _command(self, claim: Claim) -> Position:
        if claim.command == "script":
            rel, why = self.resolve(claim.path or "")
            if rel is None:
                return self._pos(Status.UNVERIFIED, why or "")
            if self._exact(rel) is None:
                return self._pos(Status.CONTRADICTED, f"{rel} does not exist; {self.locate(rel)[1]}")
            return self._path(rel, "", claim)
        folder, why = self.resolve(claim.cwd or ".")
        if folder is None:
            return self._pos(Status.UNVERIFIED, why or "")
        where = folder or "the root"
        if claim.command == "make":
            return self._make(claim, folder, where)
        return self._script(claim, folder, where)

    def _make(self, claim: Claim, folder: str, where: str) -> Position:
        prefix = f"{folder}/" if folder else ""
        names = [claim.path] if claim.path else list(MAKEFILES)
        makefile = next((prefix + n for n in names if self._exact(prefix + n) is not None), None)
        if makefile is None:
            elsewhere = [f for f in self.files() if f.rsplit("/", 1)[-1] in MAKEFILES]
            if claim.target:
                for f in elsewhere:
                    if claim.target in self._make_targets(f)[0]:
                        return self._pos(Status.UNVERIFIED, f"no Makefile in {where}; {f} has a {claim.target} target")
            hint = f"; Makefiles elsewhere: {', '.join(elsewhere[:3])}" if elsewhere else ""
            return self._pos(Status.CONTRADICTED, f"no {claim.path or 'Makefile'} in {where}{hint}")
        if not claim.target:
            return self._pos(Status.VERIFIED, f"{makefile} exists")
        targets, unresolved = self._make_targets(makefile)
        if claim.target in targets:
            line = targets[claim.target]
            return self._pos(Status.VERIFIED, self.quote(line[0], line[1]), self.context(line[0], line[1], line[1] + 4, pad=0))
        if unresolved:
            return self._pos(Status.UNVERIFIED, f"{makefile} has no literal {claim.target} rule, but {unresolved}")
        near = closest(claim.target, list(targets))
        known = ", ".join(sorted(t for t in targets if not t.startswith("."))[:8])
        return self._pos(Status.CONTRADICTED, f"{makefile} has no {claim.target} target" + (f"; closest: {near}" if near else "")
                         + (f" (targets: {known})" if known else ""))

    def _make_targets(self, makefile: str, depth: int = 0) -> tuple[dict[str, tuple[str, int]], str]:
        targets: dict[str, tuple[str, int]] = {}
        unresolved = ""
        lines = self.read(makefile).lines or []
        folder = makefile.rsplit("/", 1)[0] + "/" if "/" in makefile else ""
        in_define = False
        for no, line in enumerate(lines, 1):
            if line.startswith("\t"):
                continue
            stripped = line.strip()
            if stripped.startswith("define ") or stripped == "define":
                in_define = True
            elif stripped == "endef":
                in_define = False
            if in_define or not stripped or stripped.startswith("#"):
                continue
            inc = MAKE_INCLUDE.match(line)
            if inc:
                for name in inc.group("files").split():
                    rel, _ = self.resolve(folder + name)
                    if "$" in name or rel is None or self._exact(rel) is None or depth > 4:
                        unresolved = unresolved or f"it includes {name}, which could not be read"
                        continue
                    more, why = self._make_targets(rel, depth + 1)
                    for t, at in more.items():
                        targets.setdefault(t, at)
                    unresolved = unresolved or why
                continue
            m = MAKE_RULE.match(line)
            if not m:
                continue
            for t in m.group("targets").split():
                if "$" in t:
                    unresolved = unresolved or f"it has computed targets ({_clip(t, 30)})"
                elif "%" not in t:
                    targets.setdefault(t, (makefile, no))
        return targets, unresolved

    def _script(self, claim: Claim, folder: str, where: str) -> Position:
        runner = runners()[claim.command or ""]
        manifest = runner.manifest
        prefix = f"{folder}/" if folder else ""
        rel = prefix + manifest
        if self._exact(rel) is None:
            for f in self.files():
                if f.rsplit("/", 1)[-1] == manifest and claim.target in (self._scripts(f, runner) or {}):
                    return self._pos(Status.UNVERIFIED, f"no {manifest} in {where}; {f} has a {claim.target} script")
            return self._pos(Status.CONTRADICTED, f"no {manifest} in {where}")
        scripts = self._scripts(rel, runner)
        if scripts is None:
            return self._pos(Status.UNVERIFIED, f"{rel} could not be read as JSON")
        target = claim.target or ""
        if target in scripts:
            lines = self.read(rel).lines or []
            from ..parsers._util import find_line

            line, _ = find_line(lines, target)
            evidence = self.quote(rel, line) if line else f'{rel}: {runner.table}.{target} = {_clip(str(scripts[target]), 80)}'
            return self._pos(Status.VERIFIED, evidence, self.context(rel, line, line, pad=0) if line else "")
        default = runner.defaults.get(target)
        if default and self._exact(prefix + default.rsplit(" ", 1)[-1]):
            return self._pos(Status.VERIFIED, f"{rel} has no {target} script; {claim.command} {target} then runs {default}, "
                                              "which exists")
        near = closest(target, list(scripts))
        evidence = f"{rel} has no {target} script" + (f"; closest: {near}" if near else "") + \
            (f" (scripts: {', '.join(list(scripts)[:8])})" if scripts else " (no scripts)")
        if runner.binaries and self._binary(prefix, target, rel, runner):
            return self._pos(Status.UNVERIFIED, f"{rel} has no {target} script, but {claim.command} may run the {target} "
                                                "binary of a dependency")
        return self._pos(Status.CONTRADICTED, evidence)

    def _scripts(self, rel: str, runner: Runner) -> dict | None:
        got = self.read(rel)
        if got.lines is None:
            return None
        try:
            data = json.loads("\n".join(got.lines))
        except (ValueError, RecursionError):
            return None
        scripts = data.get(runner.table) if isinstance(data, dict) else None
        return {str(k): v for k, v in scripts.items()} if isinstance(scripts, dict) else {}

    def _binary(self, prefix: str, name: str, manifest: str, runner: Runner) -> bool:
        if runner.binaries_folder and self._exact(f"{prefix}{runner.binaries_folder}/{name}") is not None:
            return True
        try:
            data = json.loads("\n".join(self.read(manifest).lines or []))
        except (ValueError, RecursionError):
            return False
        deps = {}
        for key in runner.dependencies:
            if isinstance(data, dict) and isinstance(data.get(key), dict):
                deps.update(data[key])
        return name in deps or any(d.rsplit("/", 1)[-1] == name for d in deps)


def _kind_fits(claimed: str | None, real: str) -> bool:
    if claimed is None:
        return True
    if claimed == "class":
        return real == "class"
    if claimed in ("function", "method"):
        return real in ("function", "method")
    return real in ("interface", "type", "enum", "class")
