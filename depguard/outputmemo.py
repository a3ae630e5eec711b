"""A scan's rendered report, reused while everything it was made from is unchanged (issue 18, figure 2).

A warm scan of an unchanged tree validates every file's parse-cache entry (:mod:`depguard.parsecache`), asks
the answer cache, and judges each (package, name as written) pair again: judging depends on the answers
and on the time (a young package ages). What it then did per mention (rebuild each Mention, copy the pair's
Finding for it, write it in the report) gave the text the last run wrote. So the text of each format is
kept (``output/<the parse pack's name>.marshal`` in the cache folder, written as the parse pack is:
user-only, atomically, checksummed) with digests of what it was made from, and written again only while:

* the merged mentions are the same: the stored results of every file's parse-cache entry (each validated,
  so unchanged together with everything its parse consulted), the pack's table of mention heads, and the
  walk's problems and skipped folders (:meth:`OutputMemo.collected_digest`);
* every pair's judgement of this run (verdict, rule, reasons, suggestion and the answer, field by field)
  and every key's answer are as they were, under the same settings (all of them) and the same depguard
  (the parse cache's code stamp) (:func:`judged_digest`);
* the format and its options are the same (each format's text is kept apart).

Otherwise the scan goes on as before, and its report's text is kept for the next run. The report returned
on reuse (:class:`KeptReport`) makes its findings only when something asks for them (an API caller, another
format); its exit code comes from the kept verdicts and problem kinds.
"""

from __future__ import annotations

import enum
import marshal
import operator

from .cstdlib import datetime
from .model import Finding, Location, Mention, Origin, PackageKey, Problem, RegistryAnswer, Report, Verdict
from .records import field_names

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .compactscan import CompactScan
    from .config import Settings
    from .parsecache import ParseCache
    from .report import RenderOptions
    from .scan import Answers, Invalid, Judging, Parsing, Sources

FORMAT = b"depguard-output-memo 3\n"
RENDERS_KEPT = 4  # texts kept per state (formats and options of the same report)

_ANSWER_FIELDS = operator.attrgetter(*field_names(RegistryAnswer))


class OutputMemo:
    """The kept report texts of one walked scan root (one parse cache)."""

    def __init__(self, cache: ParseCache, settings: Settings) -> None:
        from .parsecache import canonical

        self.cache = cache
        self.path = cache.path.parent.parent / "output" / cache.path.name
        self.settings_text = canonical(settings)
        self.loaded: dict[str, Any] | None = None  # as the reuse attempt read it
        self.state: dict[str, Any] | None = None  # this run's: what its texts are kept with
        self.collected: bytes | None = None  # this run's collected digest, once known
        self.judged: bytes | None = None  # the judged digest of the reuse attempt
        # when the mentions are unchanged but a judgement is not: what the reuse attempt worked out
        self.answers: Answers | None = None
        self.invalid: Invalid | None = None
        self.judging: Judging | None = None
        # the JSON text's source (depguard.compactscan), or what makes it when first asked for
        self.compact: CompactScan | Callable[[], CompactScan | None] | None = None
        # a scan that found every file as the last one left it and wrote its JSON from the parse cache: the
        # sources that text is kept with (see text())
        self._keeps_json: Sources | None = None

    @classmethod
    def of(cls, sources: Sources, settings: Settings) -> OutputMemo | None:
        """The memo of a scan of one walked root with a parse cache, else None (nothing is kept)."""
        if sources.caches is None or len(sources.walked) != 1:
            return None
        roots = {e.root for e in sources.entries}
        if len(roots) != 1:
            return None
        (root,) = roots
        if root not in sources.walked:
            return None
        return cls(sources.caches(root), settings)

    def _load(self) -> dict[str, Any] | None:
        from .parsecache import read_private

        _, body = read_private(self.path, FORMAT, self.cache.stamp, crc)
        if not body:
            return None
        try:
            state = marshal.loads(body)
        except (ValueError, EOFError, TypeError):
            return None
        if type(state) is not dict or not KEYS.issubset(state) or type(state["renders"]) is not dict:
            return None
        return state

    def collected_digest(self, sources: Sources, stored: list[tuple]) -> bytes:
        """Equal for equal merged mentions: the files' stored results (with the heads table) and the walk's
        problems and skipped folders."""
        from .fsview import digest

        walk = repr((sources.problems, sources.skipped)).encode("utf-8", "surrogateescape")
        return digest(self.cache.identity(stored) + walk)

    def basis_digest(self, keys: list[PackageKey], invalid: Invalid, answers: Answers) -> bytes:
        """Equal while what the judgements were made from is equal: depguard (its code stamp) and the settings,
        the keys in order with their validity, each key's answer (its text as the answer cache stored it, or
        the answer field by field), and each ecosystem's data the rules read (:func:`depguard.verdicts.data_stamp`).
        The judgement of a pair is a function of these and of the time (as :mod:`depguard.verdicts` keeps it)."""
        from .fsview import digest
        from .verdicts import data_stamp

        texts = getattr(answers, "texts", None) or {}
        shown: list[Any] = []
        for k in keys:
            text = texts.get(k)
            if text is None:
                a = answers.get(k)
                text = None if a is None else _answer_value(a)
            shown.append(text)
        ecosystems = sorted({k.ecosystem for k in keys})
        plain = (self.cache.stamp, self.settings_text, [(k.ecosystem, k.name, invalid.get(k)) for k in keys], shown,
                 [(eco, data_stamp(eco)) for eco in ecosystems])
        try:
            blob = marshal.dumps(plain, 2)
        except ValueError:  # a value marshal cannot write: its text
            blob = repr(plain).encode("utf-8", "surrogateescape")
        return digest(blob)

    def reuse(self, sources: Sources, parsing: Parsing, settings: Settings, answered: Callable[..., Answers],
              ) -> Report | None:
        """The kept report when every file was answered by the parse cache and nothing the text was made from
        changed; else None (having kept the answers and judgements made for the scan to go on with)."""
        from .scan import Judging, _askable, _validity_of_keys

        state = self.loaded = self._load()
        if state is None:
            return None
        self.collected = self.collected_digest(sources, [parsing.held[i] for i in range(len(sources.entries))])
        if state["collected"] != self.collected:
            self.collected = None  # made again once the files are decoded (one that does not is parsed again)
            return None
        try:
            # one key object per package, shared by the mentions (a dict lookup by the same object skips the
            # record's Python __eq__)
            shared = {(eco, name): PackageKey(eco, name) for eco, name in state["keys"]}
            keys = list(shared.values())
            pairs = _mentions(state["pairs"], shared)
        except (TypeError, ValueError, IndexError, KeyError):
            return None
        invalid = _validity_of_keys(keys)
        answers = answered([k for k in _askable(invalid, settings)])
        judging = Judging(settings, invalid)
        self.answers, self.invalid, self.judging = answers, invalid, judging
        until = state["until"]
        if (until is None or judging.ctx.now.timestamp() < until) \
                and state["basis"] == self.basis_digest(keys, invalid, answers):
            # what every judgement was made from is as it was, and no day count a rule read has changed since:
            # each judgement is the one kept (as depguard.verdicts reuses a pair's), so the texts are too
            self.judged = state["judged"]
        else:
            found = [judging.pair(m, answers) for m in pairs]
            self.judged = judged_digest(self.cache.stamp, self.settings_text, found, keys, answers)
            if self.judged != state["judged"]:
                return None
        from .checks import finish

        finish(judging.ctx)  # as judge_all does: the rules keep what they worked out
        self.state = state

        def make() -> Report:
            from .scan import judge_all, merge, parse_rest

            collected = merge(sources, parse_rest(parsing, sources, settings))
            return judge_all(collected, answers, settings, invalid, judging)

        def compact() -> CompactScan | None:
            from .compactscan import prepare

            return prepare(sources, parsing, settings, self.cache, answered, (answers, invalid, judging))

        self.compact = compact
        return KeptReport.lazy(make, self, state, state["extra"])

    def compact_report(self, sources: Sources, parsing: Parsing, settings: Settings,
                       answered: Callable[..., Answers], missed: bool) -> Report | None:
        """A report whose JSON text is written from the parse cache's entries (:mod:`depguard.compactscan`),
        the few files the cache did not answer parsed into it first; its findings (for another format, an API
        caller) are made when first asked for, and their texts then kept when no file was parsed (``missed``
        false: see :meth:`record`). None when an entry is not held or of another shape."""
        from .compactscan import prepare
        from .scan import parse_misses

        parse_misses(parsing, sources, settings)
        self.cache.save()
        judged = None
        if self.answers is not None and self.invalid is not None and self.judging is not None:
            judged = (self.answers, self.invalid, self.judging)  # the reuse attempt's, over the same mentions
        got = prepare(sources, parsing, settings, self.cache, answered, judged)
        if got is None:
            return None
        self.compact = got
        if not missed:
            self._keeps_json = sources  # the JSON text, once written, is kept for the next scan (see text())

        def make() -> Report:
            from .scan import judge_all, merge, parse_rest

            collected = merge(sources, parse_rest(parsing, sources, settings))
            judging = got.judging
            assert judging is not None  # prepare() judges
            report = judge_all(collected, got.answers, settings, got.invalid, judging)
            if not missed:
                self.record(report, sources, got.answers, got.invalid, judging)
            return report

        return KeptReport.lazy(make, self, None, got.extra(sources.skipped), reused=False)

    def record(self, report: Report, sources: Sources, answers: Answers, invalid: Invalid,
               judging: Judging) -> Report:
        """``report``, its texts to be kept as they are rendered (when every file has a parse-cache entry).
        What the text depends on beyond the files: the judgement of every pair judged (each mention's
        finding is its pair's, or DG200 with its key's answer when suppressed inline) and every key's answer."""
        verdicts = tuple(sorted({f.verdict._value_ for f in report.findings}))
        kinds = tuple(sorted({p.kind for p in report.problems}))
        if self._keep_state(sources, judging, invalid, answers, verdicts, kinds, dict(report.extra)):
            assert self.state is not None
            return KeptReport.made(report, self, self.state)
        return report

    def _keep_state(self, sources: Sources, judging: Judging, invalid: Invalid, answers: Answers,
                    verdicts: tuple[str, ...], kinds: tuple[str, ...], extra: dict[str, Any]) -> bool:
        """Set :attr:`state` (what this run's texts are kept with) from the judgement of every pair judged and
        every key's answer; False when some file has no parse-cache entry or a value cannot be written."""
        found = list(judging.judged.values())
        keys = list(invalid)
        if self.collected is None:
            stored = [self.cache.kept(e) for e in sources.entries]
            if any(s is None for s in stored):
                return False
            self.collected = self.collected_digest(sources, stored)  # type: ignore[arg-type]
        from .parsecache import head_of

        try:
            pairs = tuple([(head_of(f.mention), _loc(f.mention.location)) for f in found])
            plain_keys = tuple([(k.ecosystem, k.name) for k in keys])
            old = self.loaded
            if self.judged is not None and old is not None and old["pairs"] == pairs and old["keys"] == plain_keys:
                judged = self.judged  # the reuse attempt judged these pairs in this order, with these answers
            else:
                judged = judged_digest(self.cache.stamp, self.settings_text, found, keys, answers)
            state: dict[str, Any] = {
                "collected": self.collected,
                "judged": judged,
                "basis": self.basis_digest(keys, invalid, answers),
                "until": judging.holds_until,
                "pairs": pairs,
                "keys": plain_keys,
                "verdicts": verdicts,
                "kinds": kinds,
                "extra": extra,
                "renders": {},
            }
            marshal.dumps(state)
        except (ValueError, TypeError):  # something marshal cannot write: keep nothing
            return False
        if old is not None and old["collected"] == state["collected"] and old["judged"] == state["judged"]:
            state["renders"] = old["renders"]  # the texts of other formats of the same report
        self.state = state
        return True

    def compacted(self) -> CompactScan | None:
        """The scan's mentions as the parse cache stores them, judged (made once, when first asked for)."""
        compact = self.compact
        if callable(compact):
            compact = self.compact = compact()
        return compact

    def text(self, fmt: str, options: RenderOptions) -> str | None:
        if self.state is not None:
            got = self.state["renders"].get(_render_key(fmt, options))
            if type(got) is bytes:
                # kept as UTF-8 (marshal reads bytes without checking them: a text of megabytes comes back faster)
                return got.decode("utf-8", "surrogatepass")
        if fmt != "json":
            return None
        # JSON is written from the parse cache's entries (depguard.compactscan), without a Finding per mention
        compact = self.compacted()
        if compact is None:
            return None
        text = compact.text()
        if self.state is None and self._keeps_json is not None:
            self._record_compact(self._keeps_json, compact)
        if self.state is not None:  # kept with what it was made from, for the next scan of the unchanged tree
            self.keep(fmt, options, text)
        return text

    def _record_compact(self, sources: Sources, compact: CompactScan) -> None:
        """What :meth:`record` keeps, from a compact scan's judgements (its JSON text written): the state the next
        scan's reuse attempt compares (the same pairs, judged in the same order)."""
        judging = compact.judging
        assert judging is not None  # prepare() judges
        self._keep_state(sources, judging, compact.invalid, compact.answers, tuple(sorted(compact.verdicts())),
                         tuple(sorted({p.kind for p in compact.problems})), compact.extra(sources.skipped))

    def keep(self, fmt: str, options: RenderOptions, text: str) -> None:
        from .parsecache import private_folder, write_private

        if self.state is None or not private_folder(self.path.parent):
            return  # nothing kept: no state (a scan that parsed files); a folder another user owns
        renders = self.state["renders"]
        renders[_render_key(fmt, options)] = text.encode("utf-8", "surrogatepass")
        while len(renders) > RENDERS_KEPT:
            del renders[next(iter(renders))]
        write_private(self.path, FORMAT, self.cache.stamp, marshal.dumps(self.state), crc)


def crc(data: bytes | memoryview) -> bytes:
    """The kept file's checksum: CRC-32 (it guards against damage; the file is this user's own, as the parse
    cache's, and CRC-32 reads the megabytes of a report text several times faster than BLAKE2b)."""
    import zlib

    return zlib.crc32(data).to_bytes(16, "big")


KEYS = frozenset({"collected", "judged", "basis", "until", "pairs", "keys", "verdicts", "kinds", "extra", "renders"})


def _render_key(fmt: str, options: RenderOptions) -> str:
    from .parsecache import canonical

    return f"{fmt}\0{canonical(options)}"


def judged_digest(stamp: bytes, settings_text: str, found: list[Finding], keys: list[PackageKey],
                  answers: Answers) -> bytes:
    """Equal for equal judgements of the pairs (in order) and answers of the keys, under the same settings and
    depguard."""
    from .fsview import digest

    shown: dict[int, Any] = {}

    def answer(a: RegistryAnswer | None) -> Any:
        if a is None:
            return None
        got = shown.get(id(a))
        if got is None:
            got = shown[id(a)] = _answer_value(a)
        return got

    pairs = [(f.verdict._value_, f.rule, f.reasons, f.suggestion, answer(f.answer)) for f in found]
    plain = (stamp, settings_text, pairs, [answer(answers.get(k)) for k in keys])
    try:
        blob = marshal.dumps(plain, 2)  # version 2: equal values, equal bytes (see ParseCache.identity)
    except ValueError:  # a value marshal cannot write: its text
        blob = repr(plain).encode("utf-8", "surrogateescape")
    return digest(blob)


# RegistryAnswer's fields as _answer_plain writes them (when they are others, each field goes through _plain)
_ANSWER_SHAPE = field_names(RegistryAnswer) == (
    "key", "existence", "source", "reason", "asked", "at", "first_release", "latest_release", "version_count",
    "downloads", "markers", "description", "cached", "usage", "lookalike_of", "lookalike_of_since",
    "lookalike_of_description", "publishers", "maintainers", "lookalike_of_maintainers", "lookalike_others",
    "lookalike_predated", "release", "declares")


def _answer_value(a: RegistryAnswer) -> tuple:
    """An answer as plain data written alike for equal answers (field by field)."""
    return _answer_plain(a) if _ANSWER_SHAPE else tuple([_plain(v) for v in _ANSWER_FIELDS(a)])


def _answer_plain(a: RegistryAnswer) -> tuple:
    """``tuple(_plain(v) for v in fields)`` spelled out for RegistryAnswer's fields (the times are the
    only values that need writing out; a value of an unexpected type still reaches marshal, which refuses
    it, or writes it alike for equal values)."""
    at, first, latest, since = a.at, a.first_release, a.latest_release, a.lookalike_of_since
    key = a.key
    return (key.ecosystem, key.name, a.existence._value_, a.source, a.reason, a.asked,
            None if at is None else _iso(at), None if first is None else _iso(first),
            None if latest is None else _iso(latest), a.version_count, a.downloads, a.markers, a.description,
            a.cached, a.usage, a.lookalike_of, None if since is None else _iso(since), a.lookalike_of_description,
            a.publishers, a.maintainers, a.lookalike_of_maintainers, a.lookalike_others, a.lookalike_predated, a.release,
            a.declares)


def _iso(when: datetime) -> str:
    return "datetime:" + when.isoformat()


_PLAIN = frozenset({str, int, type(None), bool, float})


def _plain(value: Any) -> Any:
    """A field of an answer as plain data written alike for equal values (a time as its ISO text, an enum
    member as its value); values of other types as they are (marshal writes them or refuses)."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        return tuple([_plain(v) for v in value])
    if isinstance(value, datetime):
        return _iso(value)
    if isinstance(value, PackageKey):
        return (value.ecosystem, value.name)
    if isinstance(value, enum.Enum):
        return f"{kind.__name__}.{value.name}"
    return value


def _loc(loc: Location) -> tuple:
    return (loc.path, loc.line, loc.column, loc.end_line, loc.end_column)


def _mentions(pairs: Any, keys: dict[tuple[str, str], PackageKey]) -> list[Mention]:
    """The kept pairs' mentions (with these key objects), every field checked for its type (ValueError on
    another shape)."""
    from .parsecache import Heads, _decode_loc

    heads = Heads(tuple([head for head, _ in pairs]))
    heads.keys = keys
    out = []
    for i, (_, loc) in enumerate(pairs):
        fields = dict(heads.fields(i))
        fields["location"] = _decode_loc(loc)
        out.append(Mention(**fields))
    return out


def _exit_code(verdicts: tuple[str, ...], kinds: tuple[str, ...], fail_on: Verdict) -> int:
    """:meth:`Report.exit_code` of a report holding findings of these verdicts and problems of these kinds."""
    nobody = Mention(PackageKey("", ""), "", Location(None), Origin.TEXT, "")
    skeleton = Report(tuple(Finding(nobody, Verdict(v), "") for v in verdicts),
                      tuple(Problem("", None, k) for k in kinds))
    return skeleton.exit_code(fail_on)


class KeptReport(Report):
    """A :class:`~depguard.model.Report` whose texts are kept (:class:`OutputMemo`): rendering a format kept
    before returns its text; findings and problems are made when first asked for."""

    rendered: OutputMemo
    reused = False  # True: made from the kept texts (its findings made only when asked for)
    __record__ = Report.__dict__["__record__"]  # the same fields (records.replace makes one with changes)

    @classmethod
    def lazy(cls, make: Callable[[], Report], memo: OutputMemo, state: dict[str, Any] | None,
             extra: dict[str, Any], reused: bool = True) -> KeptReport:
        """A report whose findings ``make()`` makes when first asked for; its exit code from the kept
        ``state`` (or, without one, from the memo's compact scan)."""
        got = object.__new__(cls)
        got.__dict__.update({"mentions_only": False, "extra": dict(extra), "rendered": memo,
                             "reused": reused, "_make": make, "_state": state})
        return got

    @classmethod
    def made(cls, report: Report, memo: OutputMemo, state: dict[str, Any]) -> KeptReport:
        got = object.__new__(cls)
        got.__dict__.update({"_findings": report.findings, "_problems": report.problems,
                             "mentions_only": report.mentions_only, "extra": report.extra, "rendered": memo})
        return got

    def _parts(self) -> dict[str, Any]:
        d = self.__dict__
        if "_findings" not in d:
            report = d.pop("_make")()
            d["_findings"], d["_problems"] = report.findings, report.problems
        return d

    def _get_findings(self) -> tuple[Finding, ...]:
        return self._parts()["_findings"]  # type: ignore[no-any-return]

    def _set_findings(self, value: tuple[Finding, ...]) -> None:
        self.__dict__["_findings"] = value

    def _get_problems(self) -> tuple[Problem, ...]:
        return self._parts()["_problems"]  # type: ignore[no-any-return]

    def _set_problems(self, value: tuple[Problem, ...]) -> None:
        self.__dict__["_problems"] = value

    findings = property(_get_findings, _set_findings)  # type: ignore[assignment]
    problems = property(_get_problems, _set_problems)  # type: ignore[assignment]

    def exit_code(self, fail_on: Verdict = Verdict.SUSPICIOUS) -> int:
        state = self.__dict__.get("_state")
        if "_findings" in self.__dict__:
            return super().exit_code(fail_on)
        if state is not None:
            return _exit_code(state["verdicts"], state["kinds"], fail_on)
        compact = self.rendered.compacted()
        if compact is None:
            return super().exit_code(fail_on)
        return _exit_code(tuple(compact.verdicts()), tuple({p.kind for p in compact.problems}), fail_on)
