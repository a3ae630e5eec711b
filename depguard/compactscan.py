"""A scan's JSON report written from the parse cache's entries as stored (issue 18, figures 2 and 2').

When every file of a scan is in the parse cache (:mod:`depguard.parsecache`), or was just parsed into it, each
file's result is plain data: six numbers per mention (its head, its path, its place) and a table of heads,
what the mentions of one package written and found one way share. The JSON report (``--format json``) is a
function of the merged mentions, of each (package, name as written) pair's judgement and of the problems, so
it is written here from that plain data, without making a Mention and a Finding for each of the tens of
thousands of mentions of a large tree (:func:`depguard.scan.merge` and :func:`~depguard.scan.judge_all` do
that for the other formats, when one is asked for).

What depends on the judgement is worked out once per *class* of mentions (one head; suppressed inline with one
reason, or not), for the class's first mention, by the functions the full path applies to each mention
(:func:`~depguard.scan.suppressed_finding`, the pair's finding copied and :func:`~depguard.examples.as_note`,
then :func:`~depguard.checks.locked_only`), so every mention of a class has its class's finding. The text is
assembled with the JSON reporter's own pieces (:mod:`depguard.report.json_format`): byte for byte the text
``render(report, "json")`` writes for the report the full path makes (``tests/test_compact_scan.py`` compares
both on trees with inline suppressions, examples, files read through others, problems and look-alikes).
"""

from __future__ import annotations

from .model import Finding, Mention, PackageKey, Problem, Verdict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .config import Settings
    from .parsecache import ParseCache
    from .scan import Answers, Invalid, Judging, Parsing, Sources

_new = object.__new__
_set = object.__setattr__  # a frozen record refuses assignment: its __dict__ is given whole
_SHAPES = (ValueError, TypeError, IndexError, KeyError)  # a stored entry of another shape


class CompactScan:
    """The merged mentions of one scan root as the parse cache stores them, and what is needed to judge them."""

    def __init__(self, cache: ParseCache, chunks: list[tuple[tuple, tuple]], suppressed: dict[int, str],
                 problems: list[Problem], files: int, heads: dict[int, dict[str, Any]]) -> None:
        self.cache = cache
        self.chunks = chunks  # (paths, places) of each file's merged mentions, in order
        self.suppressed = suppressed  # index in the merged mentions -> inline suppression's reason
        self.problems = problems
        self.files = files
        self.heads = heads  # head index -> its Mention fields (no location), in order of first mention
        self.answers: Answers = {}
        self.invalid: Invalid = {}
        self.judging: Judging | None = None
        self.settings: Settings | None = None
        self._built: tuple[str, frozenset[str]] | None = None

    @classmethod
    def of(cls, sources: Sources, parsing: Parsing, cache: ParseCache) -> CompactScan | None:
        """The scan's merged mentions (:func:`depguard.scan.merge`, on the stored entries), when every entry
        is held by the cache (validated this run, or stored by this run's parse) and of the expected shape;
        else None."""
        raws = []
        held = parsing.held
        for i, entry in enumerate(sources.entries):
            stored = held.get(i)
            if stored is None:
                stored = cache.kept(entry)
                if stored is None:
                    return None
            raws.append(stored[3])
        from .parsecache import checked

        try:
            return cls._merged(cache, [checked(raw) for raw in raws], sources)
        except _SHAPES:
            return None

    @classmethod
    def _merged(cls, cache: ParseCache, parts: list[tuple], sources: Sources) -> CompactScan:
        """:func:`depguard.scan.merge` on stored results: a file whose mentions are all in itself at distinct
        places, and whose path no other file has a mention in, is taken whole; the others place by place."""
        heads = cache.heads
        shared: set[str | None] = set()
        alone: set[str] = set()
        for paths, _places, _problems, _suppressed, _files, own in parts:
            if own is None:
                shared.update(paths)  # the paths of the part's mentions
            elif own in alone:
                shared.add(own)
            else:
                alone.add(own)
        chunks: list[tuple[tuple, tuple]] = []
        suppressed: dict[int, str] = {}
        problems = list(sources.problems)
        files = 0
        count = 0
        seen: dict[tuple, int] = {}
        raw = heads.raw
        for paths, places, part_problems, part_suppressed, part_files, own in parts:
            if own is not None and own not in shared:
                for i, reason in part_suppressed.items():
                    suppressed[count + i] = reason
                chunks.append((paths, places))
                count += len(places) // 6
            else:
                kept: list[int | None] = []
                for i in range(len(places) // 6):
                    h, p, line, col, end_line, end_col = places[6 * i:6 * i + 6]
                    eco, name, written = raw[h][:3]
                    place = (eco, name, written, paths[p], line, col, end_line, end_col)
                    reason = part_suppressed.get(i)
                    at = seen.get(place)
                    if at is not None:
                        if reason is not None:
                            suppressed[at] = reason
                        continue
                    seen[place] = count
                    if reason is not None:
                        suppressed[count] = reason
                    kept += places[6 * i:6 * i + 6]
                    count += 1
                chunks.append((paths, tuple(kept)))
            problems.extend(part_problems)
            files += part_files
        used: dict[int, None] = {}
        for _paths, places in chunks:
            used.update(dict.fromkeys(places[0::6]))
        return cls(cache, chunks, suppressed, problems, files, {h: heads.fields(h) for h in used})

    def keys(self) -> list[PackageKey]:
        """The packages named, in order of first mention."""
        return list(dict.fromkeys([fields["key"] for fields in self.heads.values()]))

    def judge_with(self, answers: Answers, invalid: Invalid, judging: Judging, settings: Settings) -> None:
        self.answers, self.invalid, self.judging, self.settings = answers, invalid, judging, settings

    def extra(self, skipped: str | None) -> dict[str, object]:
        """``Report.extra`` as :func:`depguard.scan.judge_all` makes it."""
        asked = sum(1 for k, bad in self.invalid.items() if bad is None and k in self.answers)
        extra: dict[str, object] = {"files": self.files, "asked": asked}
        if skipped:
            extra["skipped"] = skipped
        return extra

    def text(self) -> str:
        """The JSON report."""
        return self._build()[0]

    def verdicts(self) -> frozenset[str]:
        """The verdicts (values) of the report's findings."""
        return self._build()[1]

    def _build(self) -> tuple[str, frozenset[str]]:
        if self._built is None:
            from . import gcpolicy

            with gcpolicy.held():  # tens of thousands of strings that live until the text is written
                self._built = self._make()
        return self._built

    def _make(self) -> tuple[str, frozenset[str]]:
        from .report.json_format import document, findings_text, mention_head, path_start

        by_chunk = self._suppressed_by_chunk()
        # the classes (a head, or (head, reason) when suppressed inline), in the order first mentioned, each
        # with the location of its first mention
        first_at: dict[Any, tuple] = {}
        for (paths, stored), reasons in zip(self.chunks, by_chunk):
            heads = stored[0::6]
            if not reasons:
                if first_at.keys() >= set(heads):  # most files name only packages named before (one C-level test)
                    continue
                new = [(h, heads.index(h)) for h in dict.fromkeys(heads) if h not in first_at]
            else:
                new = [(h if k not in reasons else (h, reasons[k]), k) for k, h in enumerate(heads)]
            for cls, k in new:
                if cls not in first_at:
                    first_at[cls] = (paths[stored[6 * k + 1]], *stored[6 * k + 2:6 * k + 6])
        classes = list(first_at)
        groups, verdicts = self._groups(classes, self._findings(classes, first_at))
        # each finding's mentions: (head text, path start, line, column, end line, end column) of each, flat
        flat_of: dict[Any, list[Any]] = {}  # class -> its finding's
        judged: list[tuple[tuple, list[Any]]] = []
        for value, members in groups:
            flat: list[Any] = []
            for cls in members:
                flat_of[cls] = flat
            judged.append((value, flat))
        head_text = {h: mention_head(f["written"], f["origin"]._value_, f["parser"], f["spec"], f["module"], f["note"])
                     for h, f in self.heads.items()}
        starts: dict[str | None, str | None] = {None: None}
        count = 0
        for (paths, stored), reasons in zip(self.chunks, by_chunk):
            shown = []
            for path in paths:
                start = starts.get(path)
                if start is None and path is not None:
                    start = starts[path] = path_start(path)
                shown.append(start)
            it = iter(stored)
            count += len(stored) // 6
            if not reasons:
                for h, p, line, col, end_line, end_col in zip(it, it, it, it, it, it):
                    flat_of[h] += (head_text[h], shown[p], line, col, end_line, end_col)
                continue
            for k, (h, p, line, col, end_line, end_col) in enumerate(zip(it, it, it, it, it, it)):
                flat_of[h if k not in reasons else (h, reasons[k])] += (head_text[h], shown[p], line, col, end_line,
                                                                        end_col)
        from .model import summary_of

        summary = summary_of(verdicts, count, len(self.problems))
        text = findings_text([(value, [_body(flat)]) for value, flat in judged])
        return document(text, summary, self.problems, False), frozenset(verdicts)

    def _suppressed_by_chunk(self) -> list[dict[int, str]]:
        """Each chunk's inline suppressions: index in the chunk -> reason."""
        out: list[dict[int, str]] = [{} for _ in self.chunks]
        if self.suppressed:
            from bisect import bisect_right

            bases, base = [], 0
            for _paths, stored in self.chunks:
                bases.append(base)
                base += len(stored) // 6
            for index, reason in self.suppressed.items():
                chunk = bisect_right(bases, index) - 1
                out[chunk][index - bases[chunk]] = reason
        return out

    def _findings(self, classes: list[Any], first_at: dict[Any, tuple]) -> list[Finding]:
        """Each class's finding, as :func:`depguard.scan.judge_all` makes it for each of its mentions."""
        from .checks import finish, locked_only
        from .examples import as_note
        from .parsecache import _decode_loc
        from .scan import for_mention, suppressed_finding

        judging, answers, settings = self.judging, self.answers, self.settings
        assert judging is not None and settings is not None
        found: list[Finding] = []
        mentions: list[Mention] = []
        for cls in classes:
            h, reason = (cls, None) if type(cls) is int else cls
            fields = self.heads[h].copy()
            fields["location"] = _decode_loc(first_at[cls])
            m = _new(Mention)  # the fields set directly, as the parse cache makes its mentions
            _set(m, "__dict__", fields)
            mentions.append(m)
            if reason is not None:
                found.append(suppressed_finding(m, reason, answers))
                continue
            pair = judging.pair(m, answers)
            f = pair if pair.mention is m else for_mention(pair, m)
            found.append(f if m.example is None else as_note(f))
        finish(judging.ctx)
        if not settings.judge_locked_lookalikes and any(f.verdict is Verdict.SUSPICIOUS
                                                        for f in judging.judged.values()):
            found = locked_only(found, mentions, settings)
        return found

    def _groups(self, classes: list[Any], found: list[Finding],
                ) -> tuple[list[tuple[tuple, list[Any]]], dict[str, set[tuple[str, str]]]]:
        """The JSON report's findings: classes of equal value (package, verdict, rule, reasons, suggestion,
        evidence) are one, in the order first mentioned; and the packages of each verdict."""
        from .report.json_format import evidence_text

        evidence: dict[int, str] = {}
        groups: dict[tuple, list[Any]] = {}  # value -> its classes
        verdicts: dict[str, set[tuple[str, str]]] = {}
        for cls, f in zip(classes, found):
            shown = evidence.get(id(f.answer))
            if shown is None:
                shown = evidence[id(f.answer)] = evidence_text(f.answer)
            key = f.mention.key
            value = (key.ecosystem, key.name, f.verdict._value_, f.rule, f.reasons, f.suggestion, shown)
            members = groups.get(value)
            if members is None:
                members = groups[value] = []
                verdicts.setdefault(value[2], set()).add((key.ecosystem, key.name))
            members.append(cls)
        return list(groups.items()), verdicts


def _body(flat: list[Any]) -> str:
    """The mention lines of a finding, joined: ``flat`` holds (head text, path start, line, column, end line,
    end column) of each mention (as :mod:`depguard.report.json_format` writes them); formatted in one
    operation when nothing is null."""
    from .report.json_format import MENTION_SEPARATOR, NULL_LOCATION, NUMBERS, numbers_text

    if None not in flat:
        return MENTION_SEPARATOR.join(["%s%s" + NUMBERS] * (len(flat) // 6)) % tuple(flat)  # head, path start, numbers
    out = []
    it = iter(flat)
    for head, start, *numbers in zip(it, it, it, it, it, it):
        if start is None:
            out.append(head + NULL_LOCATION)
            continue
        try:
            out.append(head + start + NUMBERS % tuple(numbers))
        except TypeError:  # a number is None (json's null)
            out.append(head + start + numbers_text(tuple(numbers)))
    return MENTION_SEPARATOR.join(out)


def prepare(sources: Sources, parsing: Parsing, settings: Settings, cache: ParseCache,
            answered: Callable[[list[PackageKey]], Answers], judged: tuple[Answers, Invalid, Judging] | None,
            ) -> CompactScan | None:
    """The compact scan of ``sources`` with its answers asked (``answered(keys)``) and pairs to judge, or None
    (an entry not held, or of another shape). ``judged``: the answers, validity and judging of a reuse
    attempt over the same mentions (:meth:`depguard.outputmemo.OutputMemo.reuse`)."""
    from .scan import Judging, _askable, _validity_of_keys

    compact = CompactScan.of(sources, parsing, cache)
    if compact is None:
        return None
    if judged is not None and set(judged[1]) == set(compact.keys()):
        compact.judge_with(*judged, settings)
        return compact
    invalid = _validity_of_keys(compact.keys())
    answers = answered(_askable(invalid, settings))
    compact.judge_with(answers, invalid, Judging(settings, invalid), settings)
    return compact
