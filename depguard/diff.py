"""``depguard scan --diff BASE``: judge what a change introduces since the git revision ``BASE``.

What counts as introduced, from git's machine-readable output (``git diff --raw -z -M``, never parsed
headers, so spaces, tabs, quotes and non-ASCII in paths change nothing):

- every line of a file that is new at its path: added, renamed or copied there (a rename can move a file
  from where it was not judged, a fixture, to where it is installed from), or untracked and not ignored;
- the added lines of a modified file, from git's hunks; for a file git calls binary (a UTF-16 requirements
  file, which pip reads), the lines that differ between the two decoded texts;
- every file that an introduced line names and that exists in the repository (``-r other.txt``,
  ``--constraint=c.txt``, ``COPY requirements.txt``), and, in turn, the files those name: an unchanged file
  pulled in by a new line is judged whole.

Paths are compared as absolute paths below the repository's top, so ``scan --diff BASE sub``, ``scan ..``
from a subfolder and several PATHs all see the same changes. A mention in a file outside the repository,
or without a line number in a changed file, is kept: when in doubt, judge.
"""

from __future__ import annotations

import difflib
import os
import re
import subprocess
from pathlib import Path

from .errors import ConfigError
from .records import field, record
from .scan import Collected

HUNK = re.compile(rb"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")
NEW_AT_PATH = frozenset("ARC")  # added, renamed, copied: the whole file is new where it is now
# a word that may name a file: runs without spaces, quotes, '=' (--requirement=x), brackets or separators
PATH_WORD = re.compile(r"""[^\s'"`=,;()<>\[\]{}|&]+""")
MAX_PULLED_FILES = 1000
MAX_PULLED_BYTES = 5 * 1024 * 1024
MAX_WORDS_PER_LINE = 64


@record
class Changes:
    top: Path  # the repository's top folder (resolved)
    base: str = ""  # the revision as the user named it
    commit: str = ""  # the commit it names
    lines: dict[str, set[int]] = field(default_factory=dict)  # top-relative path -> added line numbers
    whole: set[str] = field(default_factory=set)  # top-relative paths judged whole
    entries: list[tuple[str, str, str | None]] = field(default_factory=list)  # git's (status, path, old path)
    untracked: set[str] = field(default_factory=set)
    pulled: set[str] = field(default_factory=set)  # unchanged files judged whole because a new line names them
    _relative: dict[str, str | None] = field(default_factory=dict, repr=False)

    def keeps(self, path: str | None, line: int | None) -> bool:
        if path is None:
            return True
        rel = self.relative(path)
        if rel is None:
            return True  # outside the repository: nothing to compare with, so it is judged
        if rel in self.whole:
            return True
        added = self.lines.get(rel)
        return added is not None and (line is None or line in added)

    def introduces(self, path: str | None, line: int | None) -> bool:
        """Whether the change itself wrote this line (not a file it merely pulls in, nor an unchanged line)."""
        rel = self.relative(path) if path is not None else None
        if rel is None:
            return False
        if rel in self.whole:
            return rel not in self.pulled
        added = self.lines.get(rel)
        return added is not None and line is not None and line in added

    def relative(self, path: str) -> str | None:
        """``path`` (as a mention shows it: relative to the working folder, or absolute) relative to the top."""
        if path not in self._relative:
            try:
                self._relative[path] = Path(os.path.abspath(path)).resolve().relative_to(self.top).as_posix()
            except (ValueError, OSError):
                self._relative[path] = None
        return self._relative[path]

    def blob(self, rel: str) -> bytes | None:
        """The file ``rel`` as it is at the base commit, or None when it is not there."""
        try:
            return _git(self.top, "cat-file", "blob", f"{self.commit}:{rel}")
        except ConfigError:
            return None


def _git(top: Path, *args: str, timeout: int = 300) -> bytes:
    try:
        proc = subprocess.run(["git", "-C", str(top), "-c", "core.quotePath=false", *args],
                              capture_output=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as exc:
        raise ConfigError(f"--diff: cannot run git: {exc}") from None
    if proc.returncode != 0:
        msg = proc.stderr.decode("utf-8", errors="replace").strip().splitlines()
        raise ConfigError(f"--diff: git {args[0]} failed: {msg[0] if msg else proc.returncode}")
    return proc.stdout


def _decode_path(raw: bytes) -> str:
    return raw.decode("utf-8", errors="surrogateescape")


def repository_top(start: Path) -> Path:
    folder = start if start.is_dir() else start.parent
    return Path(_decode_path(_git(folder, "rev-parse", "--show-toplevel")).strip()).resolve()


def check_base(base: str, top: Path) -> str:
    """The commit ``base`` names (a ConfigError when it names none)."""
    if not base or base.startswith("-"):
        raise ConfigError(f"--diff {base!r}: not a git revision")
    try:
        return _git(top, "rev-parse", "--verify", "--quiet", "--end-of-options", base + "^{commit}").decode().strip()
    except ConfigError:
        raise ConfigError(f"--diff {base}: not a commit in {top} (fetch it, e.g. actions/checkout with fetch-depth: 0)") from None


def raw_entries(base: str, top: Path) -> list[tuple[str, str, str | None]]:
    """(status letter, path now, path at BASE or None) for every changed path, from ``git diff --raw -z -M``."""
    out = _git(top, "diff", "--raw", "-z", "-M", "--no-color", "--no-ext-diff", base, "--")
    fields = out.split(b"\0")
    entries: list[tuple[str, str, str | None]] = []
    i = 0
    while i < len(fields) and fields[i]:
        meta = fields[i].decode("ascii", errors="replace")
        status = meta.split()[-1][:1] if meta.startswith(":") else "?"
        if status in "RC":
            old, new = _decode_path(fields[i + 1]), _decode_path(fields[i + 2])
            entries.append((status, new, old))
            i += 3
        else:
            path = _decode_path(fields[i + 1])
            entries.append((status, path, path))
            i += 2
    return entries


def _hunks(base: str, top: Path, path: str) -> tuple[set[int], bool]:
    """(added line numbers, binary?) of one modified file."""
    out = _git(top, "diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-renames", base, "--",
               ":(literal)" + path)
    added: set[int] = set()
    binary = False
    for raw in out.split(b"\n"):
        m = HUNK.match(raw)
        if m:
            start = int(m.group(1))
            count = int(m.group(2)) if m.group(2) is not None else 1
            added.update(range(start, start + count))
        elif raw.startswith(b"Binary files ") or raw.startswith(b"GIT binary patch"):
            binary = True
    return added, binary


def _text_of(data: bytes) -> str:
    text = _as_text(data)
    return text if text is not None else data.decode("utf-8", errors="replace")


def _as_text(data: bytes) -> str | None:
    from .fsview import bom_text

    text = bom_text(data)
    if text is not None:
        return text
    if b"\0" in data[:8192]:
        return None
    return data.decode("utf-8-sig", errors="replace")


def _text_diff(base: str, top: Path, path: str) -> set[int] | None:
    """Added lines of a file git calls binary, from both sides decoded as text; None when either is not text."""
    try:
        before = _git(top, "cat-file", "blob", f"{base}:{path}")
        now = (top / path).read_bytes()
    except (ConfigError, OSError):
        return None
    if max(len(before), len(now)) > MAX_PULLED_BYTES:
        return None  # too large to compare line by line here: judged whole
    old, new = _as_text(before), _as_text(now)
    if old is None or new is None:
        return None
    added: set[int] = set()
    matcher = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    for tag, _i1, _i2, j1, j2 in matcher.get_opcodes():
        if tag in ("replace", "insert"):
            added.update(range(j1 + 1, j2 + 1))
    return added


def changes_since(base: str, start: Path) -> Changes:
    top = repository_top(start)
    commit = check_base(base, top)
    found = Changes(top, base, commit)
    found.entries = raw_entries(commit, top)
    for status, path, _old in found.entries:
        if status == "D":
            continue
        if status in NEW_AT_PATH:
            found.whole.add(path)
            continue
        added, binary = _hunks(commit, top, path)
        if binary:
            decoded = _text_diff(commit, top, path)
            if decoded is None:
                found.whole.add(path)  # not text on one side: judged whole
                continue
            added = decoded
        found.lines.setdefault(path, set()).update(added)
    untracked = _git(top, "ls-files", "--others", "--exclude-standard", "-z", "--full-name", timeout=120)
    found.untracked = {_decode_path(n) for n in untracked.split(b"\0") if n}
    found.whole.update(found.untracked)
    _pull_in(found)
    return found


def _read_lines(top: Path, rel: str) -> list[str]:
    path = top / rel
    try:
        if not path.is_file() or path.stat().st_size > MAX_PULLED_BYTES:
            return []
        text = _as_text(path.read_bytes())
    except OSError:
        return []
    return text.splitlines() if text is not None else []


def _named_files(top: Path, rel: str, line: str) -> set[str]:
    """Files in the repository that ``line`` of ``rel`` names, relative to that file's folder or the top."""
    out: set[str] = set()
    folder = (top / rel).parent
    for word in PATH_WORD.findall(line)[:MAX_WORDS_PER_LINE]:
        word = word.strip(".,:;") if not word.startswith(".") else word.rstrip(",:;")
        if not word or word in (".", "..") or ("/" not in word and "." not in word) or len(word) > 400:
            continue
        for place in (folder, top):
            try:
                target = (place / word).resolve()
                if target.is_file():
                    named = target.relative_to(top).as_posix()
                    if named != rel:
                        out.add(named)
                    break
            except (OSError, ValueError):
                continue
    return out


def _pull_in(found: Changes) -> None:
    """Judge whole every file an introduced line names, and the files those name, transitively."""
    queue: list[str] = []
    for rel, added in found.lines.items():
        lines = _read_lines(found.top, rel)
        for n in sorted(added):
            if 0 < n <= len(lines):
                queue.extend(_named_files(found.top, rel, lines[n - 1]))
    for rel in list(found.whole):
        for line in _read_lines(found.top, rel):
            queue.extend(_named_files(found.top, rel, line))
    seen = set(found.whole)
    while queue and len(seen) < MAX_PULLED_FILES:
        rel = queue.pop()
        if rel in seen:
            continue
        seen.add(rel)
        found.whole.add(rel)
        found.pulled.add(rel)
        for line in _read_lines(found.top, rel):
            queue.extend(_named_files(found.top, rel, line))


def restrict_to_added_lines(collected: Collected, base: str, root: Path, found: Changes | None = None,
                            own_suppressions: bool = False) -> Collected:
    """The mentions and problems the change introduces. An inline ``depguard: ignore`` that the change itself
    writes is not obeyed (the change under review does not suppress its own findings): the name is judged,
    and a ``suppression`` problem says why. ``own_suppressions``: obey it all the same (the pre-commit hook,
    where the person committing is the one who decides, and CI judges the change again)."""
    from .model import Problem

    found = found or changes_since(base, root)
    out = Collected(problems=[p for p in collected.problems  # a problem anywhere in a changed file counts
                              if p.location is None or found.keeps(p.location.path, None)],
                    files=collected.files)
    for i, m in enumerate(collected.mentions):
        if m.location.path is None or found.keeps(m.location.path, m.location.line):
            if i in collected.suppressed:
                if not own_suppressions and found.introduces(m.location.path, m.location.line):
                    out.problems.append(Problem(
                        f"the inline 'depguard: ignore' for {m.written!r} is part of the change under review, so it is "
                        f"not obeyed here ({m.key.name} is judged); allow it in the configuration of {found.base} instead",
                        m.location, "suppression"))
                else:
                    out.suppressed[len(out.mentions)] = collected.suppressed[i]
            out.mentions.append(m)
    return out


# --- configuration: from the base revision, never from the change under review ------------------------

CONFIG_NAMES = (".depguard.toml", "pyproject.toml")


def _config_table(text: str, name: str, origin: str) -> dict | None:
    """depguard's table in a config file's text; None when the file has none (a pyproject.toml without it)."""
    from .compat import tomllib
    from .config import config_from_text

    if name == "pyproject.toml":
        try:
            tool = tomllib.loads(text).get("tool")
        except tomllib.TOMLDecodeError:
            return None  # not depguard's to judge; the trusted side decides what is read
        if not isinstance(tool, dict) or "depguard" not in tool:
            return None
    return config_from_text(text, name, origin)


def trusted_config(found: Changes, start: Path):
    """For :func:`depguard.config.load_settings`: the config as the base revision has it. An explicitly named
    file inside the repository is read at the base; one outside it (the CI's own) from disk; otherwise the
    nearest ``.depguard.toml`` or ``pyproject.toml`` with ``[tool.depguard]`` at the base, walking up from
    the scanned path to the repository's top."""

    def read(explicit: Path | None):
        from .config import read_config_file

        if explicit is not None:
            rel = found.relative(str(explicit))
            if rel is None:
                return str(explicit), read_config_file(explicit)
            blob = found.blob(rel)
            if blob is None:
                raise ConfigError(f"--config {explicit}: not in {found.base}; the config is read from the base revision")
            origin = f"{rel} at {found.base}"
            return origin, _config_table(_text_of(blob), Path(rel).name, origin) or {}
        folder = found.relative(str(start if start.is_dir() else start.parent))
        if folder is None:
            return None
        parts = [] if folder in ("", ".") else folder.split("/")
        for depth in range(len(parts), -1, -1):
            prefix = "/".join(parts[:depth])
            for name in CONFIG_NAMES:
                rel = f"{prefix}/{name}" if prefix else name
                blob = found.blob(rel)
                if blob is None:
                    continue
                origin = f"{rel} at {found.base}"
                table = _config_table(_text_of(blob), name, origin)
                if table is not None:
                    return origin, table
        return None

    return read


def config_changes(found: Changes, explicit: Path | None = None, *, untracked: bool = True) -> list:
    """A ``config-change`` problem for every change to depguard's configuration in the change under review:
    a ``.depguard.toml`` added, edited, moved or removed, a ``[tool.depguard]`` table that differs from the
    base, and the explicitly named config file changed. ``untracked=False`` leaves out files git does not
    track (a commit under way: an untracked ``.depguard.toml`` is not part of it)."""
    from .model import Location, Problem

    named = found.relative(str(explicit)) if explicit is not None else None
    changed: list[tuple[str, str]] = []  # (path, what happened)
    verbs = {"A": "adds", "D": "removes", "R": "moves", "C": "copies", "M": "edits", "T": "edits"}
    candidates = [(s, p, o) for s, p, o in found.entries]
    if untracked:
        candidates += [("A", p, None) for p in sorted(found.untracked)]
    for status, path, old in candidates:
        for rel in dict.fromkeys(r for r in (path, old) if r):
            name = rel.rsplit("/", 1)[-1]
            if rel == named or name == ".depguard.toml":
                changed.append((path, f"{verbs.get(status, 'changes')} depguard's configuration ({rel})"))
                break
            if name == "pyproject.toml" and _pyproject_table_changed(found, rel, status, old):
                changed.append((path, f"changes [tool.depguard] in {rel}"))
                break
    return [Problem(f"this change {what}; the check used the configuration of {found.base} instead. A change "
                    "to depguard's configuration can allow, ignore or redirect what it checks: review it on its own",
                    Location(path), "config-change") for path, what in changed]


def _pyproject_table_changed(found: Changes, rel: str, status: str, old: str | None) -> bool:
    before = found.blob(old or rel) if status != "A" else None
    now_path = found.top / rel
    try:
        now = now_path.read_bytes() if now_path.is_file() else None
    except OSError:
        now = None

    def table(data: bytes | None):
        if data is None:
            return None
        try:
            return _config_table(_text_of(data), "pyproject.toml", rel)
        except ConfigError:
            return {"unreadable": True}

    return table(before) != table(now)


# --- folders the change itself hides from the walk ----------------------------------------------------

def hidden_by_the_change(found: Changes) -> tuple[list[str], list]:
    """Files the change introduces inside a folder that the walk leaves out only because of a file the same change
    writes: a marker (``pyvenv.cfg``, ``CACHEDIR.TAG``, ``conda-meta/history``) or an installer's record (a
    ``.dist-info`` with ``RECORD`` and ``INSTALLER`` listing the folders beside it, a site-packages' records, a vendor
    folder's ``modules.txt``): the change would otherwise decide what is checked. The tree's content skips
    (:func:`depguard.discover.content_skips`) are asked with and without the files the change writes. Returns (those
    files, relative to the working folder; a ``config-change`` problem per folder, at the file that hides it)."""
    from .discover import content_skips, git_files, may_mark
    from .model import Location, Problem
    from .parsers import formats_for

    introduced = sorted(set(found.lines) | (found.whole - found.pulled))
    if not may_mark(introduced):
        return [], []
    names = git_files(found.top) or []
    written = set(introduced)
    now = content_skips(names, found.top)
    before = content_skips([rel for rel in names if rel not in written], found.top)
    folders = {folder: why for folder, why in now.items()
               if not any(folder == f or folder.startswith(f + "/") for f in before)}
    if not folders:
        return [], []
    files = [rel for rel in introduced if any(rel.startswith(f + "/") for f in folders) and formats_for(rel)]
    by_marker: dict[str, tuple[str, list[str]]] = {}
    for folder, (reason, marker) in sorted(folders.items()):
        by_marker.setdefault(marker, (reason, []))[1].append(folder + "/")
    problems = [Problem(f"this change adds {marker}, which makes depguard leave {', '.join(hidden)} out as not the "
                        f"project ({reason}); the files the change adds there were judged anyway",
                        Location(_shown(found, marker)), "config-change")
                for marker, (reason, hidden) in sorted(by_marker.items())]
    return [_shown(found, rel) for rel in files], problems


def _shown(found: Changes, rel: str) -> str:
    """A top-relative path as the scan shows paths: relative to the working folder when below it."""
    absolute = found.top / rel
    try:
        return os.path.relpath(absolute)
    except ValueError:
        return str(absolute)
