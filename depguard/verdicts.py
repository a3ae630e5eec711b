"""Judgements kept across runs (issue 18): a (package, name as written) pair's finding, reused while what it was
judged from is unchanged and its time has not run out.

A warm scan of a large tree judges thousands of pairs whose answers come from the answer cache unchanged; the
judgement is a function of the pair (ecosystem, name, name as written, why the name is invalid), of the
answer, of the settings, of depguard's code and data, of the popular lists DG002 compares with, and of the
time. So each finding is kept (``verdicts/<digest of settings and code>.marshal`` in the cache folder, written
as the parse cache's files are: user-only, atomically, never through a link, checksummed), keyed by:

* the file's name and stamp: depguard's own files (:func:`depguard.parsecache.code_stamp`, which covers its
  version, its ecosystems' data and the rule modules) and every setting but the clock
  (:func:`~depguard.parsecache.canonical`; ``Settings.now`` is the time, below);
* per ecosystem, the identity of the popular lists the rules read (each file's path, size, mtime and inode)
  and the ecosystem's look-alike affixes: another list (``depguard popular update``) drops that ecosystem's;
* per pair, the ecosystem, name, name as written and validity, and a digest of the answer's text as the answer
  cache stored it (an answer read from the cache is a function of its key and that text: another answer, a
  refreshed one, or one asked again after the cache's expiry is another text, or none);
* the time: a rule reads it only as whole days since a date (:meth:`depguard.checks.CheckContext.days_since`),
  each read noting when its count next changes; the earliest such moment is kept with the finding, which is
  judged again from then on (a young package ages, an "unestablished" window closes).

Only pairs whose answer came from the answer cache in this run are kept or reused (an answer a registry just
gave has no stored text); a finding is rebuilt with this run's answer object.
"""

from __future__ import annotations

import marshal
import os

from .model import Finding, Verdict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from .checks import CheckContext
    from .config import Settings
    from .model import Mention, PackageKey, RegistryAnswer

FORMAT = b"depguard-verdicts 1\n"
KEEP = 50_000  # pairs kept per store (those of the latest runs)
STORES_KEPT = 8  # stores (settings, code) kept, the most recently written
FOLDER = "verdicts"


class StoredAnswers(dict):  # type: ignore[type-arg]
    """Answers (key -> RegistryAnswer) read from the answer cache, with the text each was stored as."""

    __slots__ = ("texts",)

    def __init__(self, answers: dict[PackageKey, RegistryAnswer], texts: dict[PackageKey, str]) -> None:
        super().__init__(answers)
        self.texts = texts


def _digest(text: str) -> bytes:
    from .fsview import digest

    return digest(text.encode("utf-8", "surrogatepass"))


def data_stamp(ecosystem: str) -> Any:
    """What the rules read about ``ecosystem`` besides the answer and the settings: its popular lists' files
    (identity) and its look-alike affixes (DG002, and the usage evidence of the others)."""
    from .checks.typosquat import _affixes, _list_files
    from .ecosystems import catalog

    cat = catalog()
    if ecosystem not in cat:
        return None
    eco = cat.get(ecosystem)
    return (_list_files(eco), _affixes(eco))


class VerdictStore:
    """The kept findings of one (settings, depguard) pair."""

    def __init__(self, path: Path, stamp: bytes) -> None:
        self.path = path
        self.stamp = stamp
        self.writable = False
        self.loaded = False
        # ecosystem -> (its data stamp, {(name, written, invalid, answer digest): kept finding})
        self.by_eco: dict[str, tuple[Any, dict[tuple, tuple]]] = {}
        self.fresh: dict[str, Any] = {}  # ecosystem -> its data stamp in this run, once asked
        self.dirty = False
        self._digests: dict[str, bytes] = {}  # answer text -> its digest (a key's answer is met once per spelling)
        self._clock: tuple[Any, float] = (None, 0.0)  # (the judging's now, as a timestamp)

    def _key(self, m: Mention, invalid: str | None, text: str) -> tuple:
        digest = self._digests.get(text)
        if digest is None:
            digest = self._digests[text] = _digest(text)
        return (m.key.name, m.written, invalid, digest)

    @classmethod
    def for_settings(cls, settings: Settings) -> VerdictStore | None:
        if not settings.use_cache:
            return None
        from .fsview import digest
        from .parsecache import canonical, code_stamp
        from .paths import cache_dir
        from .records import replace

        # the time is no key (a judgement holds until its horizon, whatever the clock says when it is made)
        stamp = digest(FORMAT + code_stamp() + canonical(replace(settings, now=None)).encode("utf-8", "surrogateescape"))
        folder = (settings.cache_dir or cache_dir()) / FOLDER
        return cls(folder / f"{stamp.hex()}.marshal", stamp)

    def _load(self) -> None:
        from .parsecache import read_private

        self.loaded = True
        self.writable, body = read_private(self.path, FORMAT, self.stamp)
        if not body:
            return
        try:
            raw = marshal.loads(body)
        except (ValueError, EOFError, TypeError):
            return
        if type(raw) is dict:
            self.by_eco = {eco: got for eco, got in raw.items()
                           if type(eco) is str and type(got) is tuple and len(got) == 2 and type(got[1]) is dict}

    def _entries(self, ecosystem: str) -> dict[tuple, tuple]:
        """The kept findings of ``ecosystem``, when its data is what they were judged with (else none)."""
        if not self.loaded:
            self._load()
        stamp = self.fresh.get(ecosystem, self)
        if stamp is self:
            stamp = self.fresh[ecosystem] = data_stamp(ecosystem)
        got = self.by_eco.get(ecosystem)
        if got is None or got[0] != stamp:
            got = self.by_eco[ecosystem] = (stamp, {})
        return got[1]

    def get(self, m: Mention, invalid: str | None, answer: RegistryAnswer, text: str, ctx: CheckContext,
            ) -> tuple[Finding, float | None] | None:
        """The kept finding of ``m``'s pair with this answer (stored as ``text``), if it still holds now, with
        the moment (a timestamp) until which it holds (None: it does not change with time)."""
        kept = self._entries(m.key.ecosystem).get(self._key(m, invalid, text))
        if kept is None:
            return None
        try:
            verdict, rule, reasons, suggestion, answered, until = kept
            if until is not None:
                now, stamp = self._clock
                if now is not ctx.now:
                    now, stamp = self._clock = (ctx.now, ctx.now.timestamp())
                if not stamp < until:
                    return None
            if type(rule) is not str or type(reasons) is not tuple or not all(type(r) is str for r in reasons) \
                    or not (suggestion is None or type(suggestion) is str) or type(answered) is not bool:
                return None
            if not (until is None or type(until) is float):
                return None
            return Finding(m, Verdict(verdict), rule, reasons, suggestion, answer if answered else None), until
        except (ValueError, TypeError):
            return None

    def put(self, m: Mention, invalid: str | None, answer: RegistryAnswer, text: str, finding: Finding,
            ctx: CheckContext) -> None:
        """Keep ``finding`` of ``m``'s pair, judged from the answer stored as ``text``, until the horizon of
        the day counts its rules read (none: it does not change with time)."""
        if finding.mention is not m or not (finding.answer is None or finding.answer is answer):
            return  # not this pair's own judgement of this answer
        until = None if ctx.horizon is None else ctx.horizon.timestamp()
        entries = self._entries(m.key.ecosystem)
        entries[self._key(m, invalid, text)] = (
            finding.verdict._value_, finding.rule, finding.reasons, finding.suggestion, finding.answer is not None,
            until)
        self.dirty = True

    def save(self) -> None:
        """Write the store when this run added to it (at most :data:`KEEP` pairs, the latest kept)."""
        if not self.dirty or not self.writable:
            return
        self.dirty = False
        from .parsecache import write_private

        total = sum(len(entries) for _, entries in self.by_eco.values())
        if total > KEEP:
            for eco, (stamp, entries) in list(self.by_eco.items()):
                drop = len(entries) - KEEP * len(entries) // total
                if drop > 0:
                    self.by_eco[eco] = (stamp, dict(list(entries.items())[drop:]))
        try:
            body = marshal.dumps(self.by_eco)
        except ValueError:
            return
        write_private(self.path, FORMAT, self.stamp, body)
        _prune(self.path)


def _prune(kept: Path) -> None:
    """Remove all but the :data:`STORES_KEPT` most recently written stores (``kept`` stays) and temporary
    files a run that ended halfway left for a day."""
    import time

    now = time.time()
    stores: list[tuple[float, str]] = []
    stale: list[str] = []
    try:
        with os.scandir(kept.parent) as it:
            for e in it:
                st = e.stat(follow_symlinks=False)
                if e.name.endswith(".tmp"):
                    if st.st_mtime < now - 86_400:
                        stale.append(e.path)
                elif e.name.endswith(".marshal") and e.name != kept.name:
                    stores.append((st.st_mtime, e.path))
    except OSError:
        return
    stores.sort(reverse=True)
    stale += [path for _, path in stores[STORES_KEPT - 1:]]
    for path in stale:
        try:
            os.unlink(path)
        except OSError:
            pass
