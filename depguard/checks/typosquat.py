"""DG002: the name imitates a popular package of its ecosystem (typosquat), and the did-you-mean for missing names.

For a candidate name, the popular packages it may imitate are found through an index built once per
ecosystem (and kept in a module-level cache keyed by the list file):

- **edits**: optimal-string-alignment Damerau–Levenshtein distance, with a threshold that scales with the
  target's length: names of 1–2 characters get no fuzzy match, 3–4 only a transposition or a doubled or
  dropped repeated letter, 5–9 one edit, 10 and more two edits. Candidates come from rapidfuzz's C scorer
  over the popular names of nearby lengths (a cutoff, no Python loop over the list); each edit is then named:
  transposition, omission, repetition, insertion, keyboard-adjacent or homoglyph substitution.
- **transformations**, matched by exact keys: separator changes and removal (``discord.py``/``discordpy``),
  case changes, homoglyphs (``rn``/``m``, ``l``/``1``, ``o``/``0``, ``vv``/``w``), added or removed affixes
  (``py-``, ``python-``, ``-python``, ``-py``, ``node-``, ``-js``, ``.js``, a trailing ``2``/``3``; an
  ecosystem may list its own in ``[typosquat]`` ``prefixes``/``suffixes`` of its ecosystem.toml), token
  reordering (``dateutil-python``) and npm scope confusion (``@types/node`` / ``types-node``).

A match counts only when the target is at least ``typosquat-popularity-ratio`` (default 20) times more
popular than the candidate. Popularity is the list's download count, or, for lists that only rank
(PyPI's), a Zipf estimate from the rank (popularity ∝ 1/rank). The candidate's own popularity is its place
in the list, else the registry's download count when the list has counts to compare it with, else it is
treated as unpopular. Age does not excuse a look-alike: only a candidate that is itself popular (on the list
with a long history — first release at least ``typosquat-established-days`` ago, at least
``typosquat-established-versions`` releases, no placeholder markers — or with downloads within the ratio) is
left alone. A registry description that sends its reader to a popular package ("use scikit-learn instead",
"renamed to X") is flagged with that package as the suggestion.

Attackers' longer edits are reached through the index too: two edits on the TWO_EDIT_TOP most popular names
of 6-9 letters that keep the first three letters, letters doubled and dropped together (letter runs made
single), word parts swapped without a separator (a sorted-letters key), glued suffixes.

Suggestions for missing names rank the matches by how likely the edit is (a separator change or a
transposition before a two-letter difference) and by the target's popularity.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path

from .. import lazyre
from ..ecosystems import Ecosystem, catalog
from ..errors import ConfigError
from ..model import Existence, Mention, PackageKey, RegistryAnswer
from ..popular import PopularList, load
from ..records import record
from . import CheckContext, Signal

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from typing import Any

RULE = "DG002"

SEPARATORS = lazyre.compile(r"[-_.]+")
DEFAULT_PREFIXES = ("py", "python", "python3", "py3", "node", "js")
DEFAULT_SUFFIXES = ("py", "python", "js", "node")
GLUED_MIN_REST = 4  # "pyrequests" -> "requests": a glued affix counts only beside this many letters
TWO_EDIT_TOP = 2000  # targets of 6-9 letters this high in their list are reached by two edits
TWO_EDIT_MIN = 6  # ... and no shorter ones
START = 3  # ... and only from names that begin with the same three letters (readers see the start)
REORDER_MIN_PART = 3  # "matlibplot" -> "matplotlib": the two swapped parts have at least this many letters
DIGIT_SUFFIX = lazyre.compile(r"(?<=[a-z])[23]$")
HOMOGLYPHS = (("rn", "m"), ("vv", "w"), ("1", "l"), ("0", "o"))
RUNS = lazyre.compile(r"(.)\1+")
RUN = lazyre.compile(r"(.)\1*")  # every run, single letters too
MATCH_MEMO = 65536  # names whose matches an index remembers
ZIPF_TOP = 1e9  # the popularity a rank-only list gives its first name (only ratios and logs are used)
LIKELY_EDITS = ("homoglyph", "transposition", "repetition", "keyboard", "omission")  # may follow an affix
# edits of the letters themselves: a long-lived name with no usage evidence is still judged on these alone (one
# that keeps the target's whole name and adds an affix, a scope or a separator is, once established, far more
# often a port, plugin or platform build than a squat: wcwidth.js, @turbo/linux-64, httpx2, a version number
# after the whole name as in flask-bootstrap4); two edits only
# towards a very popular name with the same start ("two-edits"), not towards any long name ("two-edits-long")
TYPO_KINDS = frozenset({"homoglyph", "transposition", "repetition", "keyboard", "omission", "insertion",
                        "substitution", "doubling", "two-edits", "reorder"})
SINGLE_EDITS = frozenset({"homoglyph", "transposition", "repetition", "keyboard", "omission", "insertion", "substitution"})
PLACEHOLDER_MARKERS = ("security-placeholder", "all-yanked", "deprecated", "quarantined", "no-files")
# a registry description that sends the reader to another package: "deprecated sklearn package, use
# scikit-learn instead", "renamed to X", "moved to X" (a plain "Use requests with retries" is no pointer); a
# command written after the verb points to the package it runs or installs, not to its runner: add-skill's
# "DEPRECATED: Use 'npx skills add' instead" points to `skills` (npx is a package too, and a popular one: held-out
# set 307), "use `pip install -U foo`" to foo; a quoted command's words after the name stay inside its quotes
NOT_NAMES = frozenset({"a", "an", "the", "it", "this", "that", "with", "for", "in", "on", "of", "to", "and", "or",
                       "instead", "them", "one", "any", "our", "your", "its"})
# a runner is skipped only when a name follows it: "Use npx instead" and "use npm install instead" point to the
# runner itself, as before the skip (the word after it is no package name; to-fast-properties after it is one)
RUNNER = (r"(?:(?:npx|bunx|pnpx|uvx)|pipx\s+(?:run|install)|(?:npm|pnpm|yarn|bun)\s+(?:install|i|add|dlx|exec|x)"
          r"|(?:uv\s+)?pip3?\s+install|uv\s+(?:add|tool\s+install)|cargo\s+install|gem\s+install)"
          r"(?:\s+--?[A-Za-z][\w-]*)*\s+(?!(?:" + "|".join(sorted(NOT_NAMES)) + r")(?![\w-]|[./@][A-Za-z0-9]))")
POINTER = lazyre.compile(r"\b(?P<verb>use|install|switch to|migrate to|renamed to|moved to|replaced by)\s+"
                         r"(?P<q>[`'\"])?(?:" + RUNNER + r")?(?P<name>@?[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9])"
                         r"(?(q)(?:[^`'\"\n]{0,60}[`'\"])?)(?P<instead>\s+instead)?", re.I)
DEFINITE = ("renamed to", "moved to")  # need no "instead" and no deprecation around them

_ROWS = ("1234567890-", "qwertyuiop", "asdfghjkl", "zxcvbnm")
KEYBOARD: dict[str, set[str]] = defaultdict(set)
for _r, _row in enumerate(_ROWS):
    for _c, _ch in enumerate(_row):
        for _dr in (-1, 0, 1):
            if 0 <= _r + _dr < len(_ROWS):
                _other = _ROWS[_r + _dr]
                for _dc in (-1, 0, 1):
                    if (_dr, _dc) != (0, 0) and 0 <= _c + _dc < len(_other):
                        KEYBOARD[_ch].add(_other[_c + _dc])

# how likely each kind of imitation is: lower is likelier (used to rank suggestions)
COST = {
    "case": 0.1, "separator": 0.2, "scope": 0.3, "homoglyph": 0.3, "transposition": 0.4, "repetition": 0.4,
    "reorder": 0.5, "keyboard": 0.5, "omission": 0.6, "affix-added": 0.6, "affix-removed": 0.7,
    "insertion": 0.8, "substitution": 0.9, "doubling": 0.9, "two-edits": 1.6, "two-edits-long": 1.6,
}
WORDS = {
    "case": "a case change", "separator": "a separator change", "scope": "a scope confusion",
    "homoglyph": "a look-alike character", "transposition": "one transposition", "repetition": "a repeated letter",
    "reorder": "its words reordered", "keyboard": "one keyboard-adjacent letter", "omission": "one letter dropped",
    "affix-added": "an added {affix!r}", "affix-removed": "{affix!r} dropped", "insertion": "one letter added",
    "substitution": "one letter changed", "doubling": "letters doubled or dropped and one edit",
    "two-edits": "two edits", "two-edits-long": "two edits",
}


@record(frozen=True)
class Match:
    target: str  # the popular name, as listed
    kind: str
    rank: int  # 1-based place of the target in the popular list
    popularity: float
    affix: str = ""
    via: str = ""  # a second step (an affix stripped before an edit)

    @property
    def cost(self) -> float:
        return COST[self.kind] + (COST["affix-added"] if self.via else 0.0)

    @property
    def score(self) -> float:
        """Lower is a likelier intended package: the edit's cost, less a bonus for popularity."""
        return self.cost - 0.1 * math.log10(max(self.popularity, 1.0))

    def words(self) -> str:
        text = WORDS[self.kind].format(affix=self.affix)
        if self.via:
            text = f"{WORDS['affix-added'].format(affix=self.via)} and {text}"
        return text


def _tokens(name: str) -> list[str]:
    low = name.lower()
    if low.startswith("@") and "/" in low:
        scope, _, rest = low[1:].partition("/")
        return [t for t in SEPARATORS.split(scope) + SEPARATORS.split(rest.replace("/", "-")) if t]
    return [t for t in SEPARATORS.split(low.replace("/", "-")) if t]


def skeleton(name: str) -> str:
    """The name with case, scope marks and separators gone: ``@types/node``, ``types-node`` -> ``typesnode``."""
    return "".join(_tokens(name))


def collapse(text: str) -> str:
    """Runs of one letter made single: ``puppeteer`` -> ``pupeter``, ``aiohtttp`` -> ``aiohtp``."""
    return RUNS.sub(r"\1", text)


def reorderings(sk: str) -> set[str]:
    """Every way of swapping two adjacent parts of a name written without separators (``matlibplot`` ->
    ``matplotlib``): prefix + C + B for sk = prefix + B + C, both parts at least REORDER_MIN_PART long."""
    n, m = len(sk), REORDER_MIN_PART
    return {sk[:i] + sk[j:] + sk[i:j] for i in range(0, n - 2 * m + 1) for j in range(i + m, n - m + 1)}


def glyphs(text: str) -> str:
    for a, b in HOMOGLYPHS:
        text = text.replace(a, b)
    return text


def _strip_affixes(low: str, tokens: list[str], prefixes: Iterable[str], suffixes: Iterable[str]) -> list[tuple[str, str]]:
    """(skeleton without the affix, the affix as written) for each affix the name carries."""
    out: list[tuple[str, str]] = []
    if len(tokens) >= 2:
        for p in prefixes:
            if tokens[0] == p:
                out.append(("".join(tokens[1:]), low[: len(p) + 1] if low.startswith(p) else f"{p}-"))
        for s in suffixes:
            if tokens[-1] == s:
                out.append(("".join(tokens[:-1]), low[-len(s) - 1:] if low.endswith(s) else f"-{s}"))
        if tokens[-1] in ("2", "3"):
            out.append(("".join(tokens[:-1]), low[-2:]))
    if tokens and DIGIT_SUFFIX.search(tokens[-1]) and len(tokens[-1]) > 2:
        out.append(("".join(tokens)[:-1], tokens[-1][-1]))
    return [(rest, affix) for rest, affix in out if len(rest) >= 2]


def fuzzy_limit(length: int) -> int:
    """The largest edit distance at which a name of this length still imitates another."""
    if length <= 2:
        return 0
    if length <= 9:
        return 1
    return 2


class Ranks(Mapping[str, int]):
    """Name -> 1-based rank in a popular list kept as one string of names, one per line (as stored): a name
    is found with one substring search and its rank counted, so a run that asks about a few names pays
    nothing for the rest of the list. Past ``DICT_AFTER`` questions it builds the dict a larger run needs.
    The first of repeated names counts, as in the dict an index builds."""

    DICT_AFTER = 32
    __slots__ = ("_blob", "_asked", "_dict")

    def __init__(self, blob: str) -> None:
        self._blob = blob  # as it is: wrapping it in newlines copied it twice (~2M instructions for npm's list)
        self._asked = 0
        self._dict: dict[str, int] | None = None

    def as_dict(self) -> dict[str, int]:
        if self._dict is None:
            d: dict[str, int] = {}
            for i, n in enumerate(self._blob.split("\n")):
                d.setdefault(n, i + 1)
            self._dict = d
        return self._dict

    def get(self, name: str, default: int | None = None) -> int | None:  # type: ignore[override]
        if self._dict is not None:
            return self._dict.get(name, default)
        self._asked += 1
        if self._asked > self.DICT_AFTER:
            return self.as_dict().get(name, default)
        if not isinstance(name, str) or not name or "\n" in name:
            return default
        blob = self._blob
        if blob.startswith(name) and (len(blob) == len(name) or blob[len(name)] == "\n"):
            return 1  # the first line
        at = blob.find("\n" + name + "\n")
        if at >= 0:
            return blob.count("\n", 0, at + 1) + 1
        if blob.endswith("\n" + name):  # the last line
            return blob.count("\n") + 1
        return default

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self.get(name) is not None

    def __getitem__(self, name: str) -> int:
        rank = self.get(name)
        if rank is None:
            raise KeyError(name)
        return rank

    def __len__(self) -> int:
        return len(self.as_dict())

    def __iter__(self) -> Iterator[str]:
        return iter(self.as_dict())

    def __eq__(self, other: object) -> bool:
        return self.as_dict() == (other.as_dict() if isinstance(other, Ranks) else other)

    __hash__ = None  # type: ignore[assignment]


class PopularIndex:
    """Everything needed to find the popular names one candidate imitates, built once per list.

    Two parts: what every judged name needs (``names``, ``rank``, ``popularity``: is the name itself popular,
    how much) and the look-alike tables only a name that is not itself popular needs (``lower``,
    ``by_length``, ``by_start``, ``collapsed``, ``keys``). An index read from its stored form
    (:func:`index_for`) unpacks the second part on first use, so a run that judges only popular names never
    pays for it."""

    LOOKALIKE = ("lower", "by_length", "by_start", "collapsed", "keys")
    _head: tuple[Any, ...]  # a stored index's list facts and names string (see from_stored)

    def __init__(self, plist: PopularList, prefixes: Iterable[str] = DEFAULT_PREFIXES,
                 suffixes: Iterable[str] = DEFAULT_SUFFIXES, display: str = "",
                 keys: dict[str, Any] | None = None) -> None:
        self.plist = plist
        self.display = display or plist.ecosystem
        self.prefixes = tuple(prefixes)
        self.suffixes = tuple(suffixes)
        self.names = plist.names
        rank: dict[str, int] = {}  # exact name -> 1-based rank (npm's legacy names keep their capitals)
        for i, n in enumerate(self.names):
            rank.setdefault(n, i + 1)
        self.rank: Mapping[str, int] = rank
        self.has_downloads = plist.has_downloads
        self.popularity: Sequence[float] = self._popularity(plist)
        self._stored: tuple[Any, Any] | None = None  # a stored index: (its packed rest, how to unpack it)
        self._build_tables()
        # exact keys -> the index of its one plain entry, or a tuple of (index, kind, affix) entries
        self.keys: dict[str, Any] = keys if keys is not None else self.build_keys()

    def _build_tables(self) -> None:
        self.lower = [n.lower() for n in self.names]
        self.by_length: dict[int, tuple[list[str], list[int]]] = {}
        # very popular names by (length, first letters): the two-edit search for 6-9 letter targets
        self.by_start: dict[tuple[int, str], tuple[list[str], list[int]]] = {}
        # names of 6 and more letters that have letter runs, made single, by that length: doubled-and-dropped
        # letters (names without runs are reached from a candidate's own runs through by_start)
        self.collapsed: dict[int, tuple[list[str], list[int]]] = {}
        table: dict[Any, tuple[list[str], list[int]]] | None
        key: Any
        for i, low in enumerate(self.lower):
            for table, key, text in ((self.by_length, len(low), low),
                                     (self.by_start, (len(low), low[:START]), low) if i < TWO_EDIT_TOP else (None, 0, ""),
                                     (self.collapsed, len(collapse(low)), collapse(low)) if len(low) >= TWO_EDIT_MIN and RUNS.search(low) else (None, 0, "")):
                if table is not None:
                    names, idx = table.setdefault(key, ([], []))
                    names.append(text)
                    idx.append(i)

    # --- the stored form: one file, read in one go; the look-alike part unpacked on first use ------------

    def stored_parts(self) -> tuple[tuple[Any, ...], tuple[Any, ...]] | None:
        """(what every judged name needs, the rest), each made of marshal-able values only; None for a list
        whose names cannot be kept one per line."""
        from array import array

        p = self.plist
        blob = "\n".join(p.names)
        if blob.count("\n") != max(len(p.names) - 1, 0) or "" in p.names:
            return None
        head = (p.ecosystem, p.source, p.taken, None if p.path is None else str(p.path), self.display,
                self.prefixes, self.suffixes, blob, len(p.names), self.has_downloads,
                array("d", self.popularity).tobytes())
        return head, (p.downloads, *(getattr(self, a) for a in self.LOOKALIKE))

    @classmethod
    def from_stored(cls, head: tuple[Any, ...], rest: Any, decode: Any) -> PopularIndex:
        """An index read from its stored form: the names stay one string, looked into by :class:`Ranks`, and
        the rest (the list's download counts, the look-alike tables) stays packed until a name needs it
        (``rest()``: its bytes, ``decode``: marshal.loads)."""
        from array import array

        eco, source, taken, path, display, prefixes, suffixes, blob, count, has_downloads, popularity = head
        self = cls.__new__(cls)
        self.display, self.prefixes, self.suffixes = display, prefixes, suffixes
        self.rank = Ranks(blob)
        self.has_downloads = has_downloads
        self.popularity = array("d", popularity)  # indexed as the list is, without making 30,000 floats
        if len(self.popularity) != count:
            raise ValueError("stored popularity does not match the names")
        self._head = (eco, source, taken, path, blob)
        self._stored = (rest, decode)
        return self

    def __getattr__(self, attr: str) -> Any:  # only for attributes not set yet: the parts of a stored index
        d = self.__dict__
        if attr == "names" and "_head" in d:
            d["names"] = tuple(d["_head"][4].split("\n"))
            return d["names"]
        if attr not in ("plist", *PopularIndex.LOOKALIKE):
            raise AttributeError(attr)
        stored = d.get("_stored")
        if stored is None:  # not a stored index, or another thread unpacked it meanwhile
            if attr in d:
                return d[attr]
            raise AttributeError(attr)
        rest, decode = stored
        eco, source, taken, path, _ = d["_head"]
        try:
            parts = decode(rest())
            if not (isinstance(parts, tuple) and len(parts) == 1 + len(PopularIndex.LOOKALIKE)):
                raise ValueError("not the stored tables")
            downloads, *tables = parts
            d.update(zip(PopularIndex.LOOKALIKE, tables))
        except (EOFError, ValueError, TypeError):  # a damaged stored file: the counts are lost, the tables rebuilt
            downloads = None
            self._build_tables()
            self.keys = self.build_keys()
        self.plist = PopularList(eco, self.names, downloads, source, taken, None if path is None else Path(path))
        self._stored = None  # last: a thread that comes in meanwhile unpacks the same values again, harmlessly
        return d[attr]

    def __getstate__(self) -> dict[str, Any]:  # a copy for another process: unpacked, the file let go
        if self.__dict__.get("_stored") is not None:
            self.keys  # noqa: B018 -- unpacks the rest
        return {k: v for k, v in self.__dict__.items() if k != "_stored"}

    def build_keys(self) -> dict[str, Any]:
        keys: dict[str, list[tuple[int, str, str]]] = defaultdict(list)
        for i, low in enumerate(self.lower):
            toks = _tokens(low)
            sk = "".join(toks)
            keys["s:" + sk].append((i, "", ""))
            keys["g:" + glyphs(sk)].append((i, "", ""))
            if len(toks) >= 2:
                keys["o:" + " ".join(sorted(toks))].append((i, "", ""))
            if len(sk) >= 2 * REORDER_MIN_PART + 1:  # the same letters in another order: matlibplot
                keys["x:" + "".join(sorted(sk))].append((i, "", ""))
            for rest, affix in _strip_affixes(low, toks, self.prefixes, self.suffixes):
                keys["a:" + rest].append((i, "affix-removed", affix))
        # compact (most keys name one popular name, plainly): cheap to store and to load
        return {k: v[0][0] if len(v) == 1 and v[0][1:] == ("", "") else tuple(v) for k, v in keys.items()}

    def _entries(self, key: str) -> tuple[tuple[int, str, str], ...]:
        v = self.keys.get(key)
        if v is None:
            return ()
        return ((v, "", ""),) if type(v) is int else v

    @staticmethod
    def _popularity(plist: PopularList) -> list[float]:
        if not plist.has_downloads:
            return [ZIPF_TOP / (i + 1) for i in range(len(plist.names))]
        out: list[float] = []
        last = None
        assert plist.downloads is not None
        for d in plist.downloads:  # an unknown count is at most the count of the name above it
            last = float(d) if d is not None else (last if last is not None else ZIPF_TOP)
            out.append(last)
        return out

    def __len__(self) -> int:
        return len(self.popularity)  # one per name (a stored index splits its names only when asked)

    def popularity_of(self, name: str, downloads: int | None = None) -> float | None:
        """The candidate's own popularity: its place in the list, else comparable registry downloads, else None."""
        rank = self.rank.get(name)
        if rank is not None:
            return self.popularity[rank - 1]
        if downloads is not None and self.has_downloads:
            return float(downloads)
        return None

    def _match(self, i: int, kind: str, affix: str = "", via: str = "") -> Match:
        return Match(self.names[i], kind, i + 1, self.popularity[i], affix, via)

    def matches(self, name: str, store: MatchStore | None = None) -> list[Match]:
        """Every popular name that ``name`` imitates, best (likeliest) first, without popularity weighing
        (remembered: the lookup asks it to decide whether a count is needed, the rule again to judge;
        ``store``: the matches kept on disk by earlier runs, read before searching and told what was found)."""
        memo = self.__dict__.setdefault("_matched", {})
        got = memo.get(name)
        if got is None:
            got = store.get(name) if store is not None else None
            if got is None:
                got = self._matches(name)
            if len(memo) >= MATCH_MEMO:
                memo.clear()
            memo[name] = got
        if store is not None:
            store.put(name, got)
        return list(got)

    def digest(self) -> bytes:
        """A digest of everything the look-alike search of this index depends on besides depguard's code: the
        names in their order, their popularity, the affixes (the key of :class:`MatchStore`)."""
        got: bytes | None = self.__dict__.get("_digest")
        if got is None:
            from array import array

            from ..fsview import digest

            head = self.__dict__.get("_head")
            blob = head[4] if head is not None else "\n".join(self.names)
            popularity = self.popularity if isinstance(self.popularity, array) else array("d", self.popularity)
            affixes = "\0".join(("", *self.prefixes, "", *self.suffixes))
            got = self.__dict__["_digest"] = digest(b"\0".join((
                blob.encode("utf-8", "surrogatepass"), popularity.tobytes(), affixes.encode("utf-8", "surrogatepass"))))
        return got

    def _matches(self, name: str) -> tuple[Match, ...]:
        low = name.lower()
        toks = _tokens(low)
        sk = "".join(toks)
        found: dict[int, Match] = {}

        def add(m: Match, i: int) -> None:
            if self.names[i] == name:
                return
            old = found.get(i)
            if old is None or m.cost < old.cost:
                found[i] = m

        for i, _, _ in self._entries("s:" + sk):
            lo = self.lower[i]
            kind = "case" if lo == low else ("scope" if ("@" in lo) != ("@" in low) else "separator")
            add(self._match(i, kind), i)
        for i, _, _ in self._entries("g:" + glyphs(sk)):
            add(self._match(i, "homoglyph"), i)
        if len(toks) >= 2:
            for i, _, _ in self._entries("o:" + " ".join(sorted(toks))):
                add(self._match(i, "reorder"), i)
        for i, _, affix in self._entries("a:" + sk):
            add(self._match(i, "affix-removed", affix), i)
        stripped = _strip_affixes(low, toks, self.prefixes, self.suffixes)
        for p in self.prefixes:  # glued prefixes: pyrequests, nodefetch
            if sk.startswith(p) and len(sk) - len(p) >= GLUED_MIN_REST and not any(r == sk[len(p):] for r, _ in stripped):
                stripped.append((sk[len(p):], p))
        for p in self.suffixes:  # glued suffixes: mysqljs, requestspy
            if sk.endswith(p) and len(sk) - len(p) >= GLUED_MIN_REST and not any(r == sk[:-len(p)] for r, _ in stripped):
                stripped.append((sk[:-len(p)], p))
        for rest, affix in stripped:
            for i, _, _ in self._entries("s:" + rest):
                add(self._match(i, "affix-added", affix), i)
        if len(sk) >= 2 * REORDER_MIN_PART + 1:  # word parts swapped without a separator: matlibplot
            for i, _, _ in self._entries("x:" + "".join(sorted(sk))):
                if skeleton(self.lower[i]) != sk and skeleton(self.lower[i]) in reorderings(sk):
                    add(self._match(i, "reorder"), i)
        for i, kind in self._edits(low):
            add(self._match(i, kind), i)
        for i, kind in self._doubled(low):
            add(self._match(i, kind), i)
        for rest, affix in stripped:  # an affix added to a typo: python-reqeusts
            if len(rest) >= 5:
                for i, kind in self._edits(rest):
                    if kind in LIKELY_EDITS:
                        add(self._match(i, kind, via=affix), i)
        return tuple(sorted(found.values(), key=lambda m: (m.score, m.rank)))

    def _edits(self, low: str) -> Iterable[tuple[int, str]]:
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        n = len(low)
        for length in range(max(1, n - 2), n + 3):
            bucket = self.by_length.get(length)
            if bucket is None:
                continue
            limit = fuzzy_limit(length)
            if limit == 0:
                continue
            names, idx = bucket
            if abs(length - n) <= limit:
                for target, d, j in process.extract(low, names, scorer=OSA.distance, score_cutoff=limit, limit=None):
                    if d == 0:
                        continue
                    if d == 1:
                        kind = classify(low, target)
                    else:  # a 10+ letter name; like the 6-9 letter ones when very popular with the same start
                        kind = "two-edits" if idx[j] < TWO_EDIT_TOP and _word_starts_kept(low, target) else "two-edits-long"
                    if len(target) <= 4 and kind not in ("transposition", "repetition"):
                        continue
                    yield idx[j], kind
            if limit == 1 and length >= TWO_EDIT_MIN:  # a very popular 6-9 letter target: two edits, same start
                start = self.by_start.get((length, low[:START]))
                if start is not None:
                    for _, d, j in process.extract(low, start[0], scorer=OSA.distance, score_cutoff=2, limit=None):
                        if d == 2:
                            yield start[1][j], "two-edits"

    def _doubled(self, low: str) -> Iterable[tuple[int, str]]:
        """Letters doubled and dropped (and one more edit): compared with letter runs made single, so
        ``pupetier`` reaches ``puppeteer`` and ``requstsss`` reaches ``requests``."""
        from rapidfuzz import process
        from rapidfuzz.distance import OSA

        short = collapse(low)
        if len(short) < TWO_EDIT_MIN - 1:
            return
        for length in (len(short) - 1, len(short), len(short) + 1):
            buckets = [self.collapsed.get(length)]
            if short != low:  # the candidate's own runs against very popular names without runs: requstsss
                buckets.append(self.by_start.get((length, short[:START])))
            for bucket in buckets:
                if bucket is None:
                    continue
                for _target, d, j in process.extract(short, bucket[0], scorer=OSA.distance, score_cutoff=1, limit=None):
                    target = self.lower[bucket[1][j]]
                    if target != low and (d == 0 or not run_replaced(low, target)):
                        yield bucket[1][j], "repetition" if d == 0 else "doubling"


def _runs(text: str) -> list[tuple[str, int]]:
    """The letter runs of a name: ``bottle`` -> b, o, tt, l, e as (letter, length)."""
    return [(m.group(0)[0], len(m.group(0))) for m in RUN.finditer(text)]


def run_replaced(cand: str, target: str) -> bool:
    """Whether the one edit that sets ``cand``'s letter runs made single apart from ``target``'s is a run of two
    or more letters put in place of another such run (``boddle``'s ``dd`` for ``bottle``'s ``tt``): no letter of
    either name was doubled or dropped, and the names differ in two or more letters at one place. That is two
    substitutions, not "letters doubled or dropped and one edit", so it is judged as two edits (the rules of
    :meth:`PopularIndex._edits`), not by the runs. ``pupetier`` (``pp`` and ``ee`` made single beside an added
    ``i``), ``requstsss`` and ``aiohtttps`` double or drop letters and are not affected. Likewise two names of one
    length that differ in just two letters, neither of which moved to the other's place, whatever their runs: ``vttlib`` (vttLib,
    Dalton Maag's VTT compiler) and ``vollib`` read ``vtlib`` and ``volib`` with their runs made single, one letter
    apart, but ``tt`` became ``ol`` there: two substitutions, with nothing doubled or dropped."""
    if len(cand) == len(target):
        changed = [k for k, (a, b) in enumerate(zip(cand, target)) if a != b]
        # ... and no letter moved between the two places: ``reeqests`` (e doubled, u dropped: the q moved) and a
        # neighbour swap are doublings and transpositions, not two substitutions (r26 #2)
        if len(changed) == 2 and cand[changed[0]] != target[changed[1]] and cand[changed[1]] != target[changed[0]]:
            return True
    ours, theirs = _runs(cand), _runs(target)
    if len(ours) != len(theirs):
        return False
    differ = [k for k, (a, b) in enumerate(zip(ours, theirs)) if a[0] != b[0]]
    return len(differ) == 1 and min(ours[differ[0]][1], theirs[differ[0]][1]) >= 2


def _word_starts_kept(cand: str, target: str) -> bool:
    """Whether the first difference comes after the first START letters of the word it falls in, as readers
    see the start of each word: importlibs-resource keeps importlib-resources' starts, pytest-subket does not
    keep pytest-socket's (another plugin of a family that shares the first word)."""
    k = next((i for i, (a, b) in enumerate(zip(cand, target)) if a != b), min(len(cand), len(target)))
    word = max((i + 1 for i, c in enumerate(target[:k]) if c in "-_./@"), default=0)
    return k - word >= START


def classify(cand: str, target: str) -> str:
    """Name the single edit that turns ``target`` into ``cand``."""
    if glyphs(cand) == glyphs(target):
        return "homoglyph"
    if len(cand) == len(target):
        diff = [k for k in range(len(cand)) if cand[k] != target[k]]
        if len(diff) == 2 and diff[1] == diff[0] + 1:
            return "transposition"
        a, b = cand[diff[0]], target[diff[0]]
        return "keyboard" if a in KEYBOARD.get(b, ()) else "substitution"
    longer, shorter = (cand, target) if len(cand) > len(target) else (target, cand)
    k = next((k for k in range(len(shorter)) if longer[k] != shorter[k]), len(shorter))
    extra = longer[k]
    repeated = (k > 0 and longer[k - 1] == extra) or (k + 1 < len(longer) and longer[k + 1] == extra)
    if repeated:
        return "repetition"
    return "insertion" if len(cand) > len(target) else "omission"


# --- loading, once per ecosystem (and its keys once per list, in the user cache directory) ----------

_INDEXES: dict[tuple[Any, ...], PopularIndex] = {}
KEYS_FORMAT = 4  # bump when the stored index changes meaning: a stored index of another format is rebuilt


def index_for(eco: Ecosystem, plist: PopularList | None = None, store: Path | None = None) -> PopularIndex | None:
    """The index of ``eco``'s popular list (``store``: where its stored form is kept; default the user cache
    dir). Without ``plist``, the list :func:`~depguard.popular.load` would choose is identified by its files'
    size, mtime and inode, and a stored index made from exactly those files is used without reading them."""
    prefixes, suffixes = _affixes(eco)
    files = None
    if plist is None:
        files = _list_files(eco)
        key: tuple[Any, ...] = (eco.id, files, prefixes, suffixes)
        idx = _INDEXES.get(key)
        if idx is None:
            idx = _read_stored(eco.id, ("files", files), prefixes, suffixes, store)
            if idx is None:
                plist = load(eco)
    else:
        key = (eco.id, str(plist.path), len(plist.names), plist.taken, prefixes, suffixes)
        idx = _INDEXES.get(key)
    if idx is None:
        if plist is None or not plist.names:
            return None
        idx = _stored_index(eco.id, plist, prefixes, suffixes, eco.display, store, files)
    if len(_INDEXES) > 32:
        _INDEXES.clear()
    _INDEXES[key] = idx
    return idx  # never empty: an empty list has no index, and none is stored


def _affixes(eco: Ecosystem) -> tuple[tuple[str, ...], tuple[str, ...]]:
    table = eco.data.get("typosquat", {})
    if not isinstance(table, dict):
        raise ConfigError(f"{eco.folder}/ecosystem.toml: [typosquat] must be a table")
    affixes = []
    for part, default in (("prefixes", DEFAULT_PREFIXES), ("suffixes", DEFAULT_SUFFIXES)):
        value = table.get(part, default)
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v for v in value):
            raise ConfigError(f"{eco.folder}/ecosystem.toml: [typosquat] {part} must be a list of words")
        affixes.append(tuple(v.lower() for v in value))
    return affixes[0], affixes[1]


_LIST_PATHS: dict[tuple[str | None, ...], tuple[Path | None, Path]] = {}


def _list_files(eco: Ecosystem) -> tuple[tuple[str, int, int, int] | None, ...]:
    """The identity of the files :func:`~depguard.popular.load` chooses from (shipped list, refreshed list):
    path, size, mtime and inode of each, None for one that is absent."""
    import os

    # where they are: asked for every judged name (twice), and computing the user's data folder costs more
    # than the two stats; it changes only with these variables
    where = (eco.id, os.environ.get("DEPGUARD_DATA_DIR"), os.environ.get("XDG_DATA_HOME"), os.environ.get("HOME"))
    paths = _LIST_PATHS.get(where)
    if paths is None:
        from ..popular import shipped_list_path, user_list_path

        paths = _LIST_PATHS[where] = (shipped_list_path(eco), user_list_path(eco))
    out: list[tuple[str, int, int, int] | None] = []
    for path in paths:
        try:
            st = os.stat(path) if path is not None else None
        except OSError:
            st = None
        out.append(None if st is None else (str(path), st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)


def _stamp(source: tuple[Any, ...], prefixes: tuple[str, ...], suffixes: tuple[str, ...]) -> tuple[Any, ...]:
    import sys

    from .. import __version__

    return (KEYS_FORMAT, __version__, sys.version_info[:2], prefixes, suffixes, source)


def _stored_path(eco_id: str, store: Path | None) -> Path:
    from ..paths import cache_dir

    return (store or cache_dir()) / "typosquat" / f"{eco_id}-keys.marshal"


def _read_stored(eco_id: str, source: tuple[Any, ...], prefixes: tuple[str, ...], suffixes: tuple[str, ...],
                 store: Path | None) -> PopularIndex | None:
    """The stored index made from ``source`` (the list files' identity, or the names' checksum) by this
    depguard and Python, read in one go; None when there is none or it is stale, corrupt or unreadable.

    The file: 8 bytes giving the length of the first part, the first part (marshal of the stamp and what
    every judged name needs), the look-alike tables (marshal, unpacked on first use)."""
    import marshal
    import mmap
    import os

    from ..paths import open_private

    fd = open_private(_stored_path(eco_id, store))  # a link, or a file another user could have written: not read
    if fd is None:
        return None
    try:
        try:
            data = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)  # the pages a run reads, no more
        finally:
            os.close(fd)
        n = int.from_bytes(data[:8], "little")
        if len(data) < 8 + n:
            return None
        with memoryview(data) as view, view[8:8 + n] as part:  # read in place, not copied out of the map first
            stamp, head = marshal.loads(part)
        if stamp != _stamp(source, prefixes, suffixes):
            return None
        return PopularIndex.from_stored(head, lambda: data[8 + n:], marshal.loads)
    except (OSError, EOFError, ValueError, TypeError):
        return None


def _stored_index(eco_id: str, plist: PopularList, prefixes: tuple[str, ...], suffixes: tuple[str, ...],
                  display: str, store: Path | None = None,
                  files: tuple[tuple[str, int, int, int] | None, ...] | None = None) -> PopularIndex:
    """The index of ``plist``: read from the user cache directory when a stored copy was made from exactly
    these names (or, ``files`` given, these list files) and affixes by this depguard and Python; else built
    and stored there. A stored file that is stale, corrupt or unreadable is rebuilt; one that cannot be
    written is skipped. A stored copy whose look-alike tables turn out unreadable is rebuilt then. As the
    answer cache's, the file is user-only and one that is a link or others could write is not read."""
    import marshal
    import zlib

    by_names = ("names", len(plist.names), zlib.crc32("\n".join(plist.names).encode("utf-8", "surrogatepass")))
    source = by_names if files is None else ("files", files)
    stored = _read_stored(eco_id, source, prefixes, suffixes, store)
    if stored is not None and stored.names == plist.names:
        return stored
    idx = PopularIndex(plist, prefixes, suffixes, display=display)
    parts = idx.stored_parts()
    if parts is None:
        return idx
    head, rest = parts
    from ..paths import write_private

    try:
        first = marshal.dumps((_stamp(source, prefixes, suffixes), head))
        write_private(_stored_path(eco_id, store), len(first).to_bytes(8, "little") + first + marshal.dumps(rest))
    except ValueError:
        pass
    return idx


def _index(ecosystem: str, ctx: CheckContext) -> PopularIndex | None:
    memo_key = f"typosquat:{ecosystem}"
    if memo_key not in ctx.memo:
        cat = ctx.memo.get("catalog") or catalog()
        ctx.memo[memo_key] = index_for(cat.get(ecosystem), store=ctx.settings.cache_dir) if ecosystem in cat else None
    idx: PopularIndex | None = ctx.memo[memo_key]
    return idx


def wants_downloads(key: PackageKey, settings: Any) -> bool:
    """Whether ``key``'s download count would decide this rule: it exists to be asked about, imitates a popular
    name of a list that has counts, and is not on that list (the list gives its count already)."""
    from ..ecosystems import catalog

    cat = catalog()
    if key.ecosystem not in cat:
        return False
    try:
        idx = index_for(cat.get(key.ecosystem), store=settings.cache_dir)
    except ConfigError:
        return False
    if idx is None or not idx.has_downloads or key.name in idx.rank:
        return False
    t = settings.thresholds
    return any(not same_owned_scope(key.ecosystem, key.name, m.target)
               for m in imitated(idx, key.name, None, t.typosquat_popularity_ratio, t.typosquat_max_rank))


def widely_used(key: PackageKey, downloads: int | None, ctx: CheckContext) -> bool:
    """Real usage evidence: the name is in its ecosystem's popular list, or its registry download count is at
    least that of the list's least-used name (lists that only rank: membership alone)."""
    idx = _index(key.ecosystem, ctx)
    if idx is None:
        return False
    if key.name in idx.rank:
        return True
    return downloads is not None and idx.has_downloads and bool(idx.popularity) and downloads >= idx.popularity[-1]


# --- the rule ----------------------------------------------------------------------------------------

def imitated(idx: PopularIndex, name: str, own: float | None, ratio: float, max_rank: int = 0,
             store: MatchStore | None = None) -> list[Match]:
    """The matches that count: targets at least ``ratio`` times more popular than ``own`` (None: unpopular)."""
    out = []
    for m in idx.matches(name, store):
        if max_rank and m.rank > max_rank:
            continue
        if own is None or m.popularity >= ratio * own:
            out.append(m)
    return out


def established(answer: RegistryAnswer, ctx: CheckContext) -> bool:
    t = ctx.settings.thresholds
    if answer.first_release is None or answer.version_count is None:
        return False
    if any(m in PLACEHOLDER_MARKERS for m in answer.markers):
        return False
    age = ctx.days_since(answer.first_release)
    return age >= t.typosquat_established_days and answer.version_count >= t.typosquat_established_versions


def settled(answer: RegistryAnswer, ctx: CheckContext) -> bool:
    """The history the own-description excuse needs: every release public for ``typosquat-settled-days`` (the
    first and the latest release at least that old; one release: its date), no placeholder marker. Unlike
    ``established`` it asks no release count (``online``, ``water``: one release, years old, finished) but a quiet
    latest release: a sleeper that wakes up with a new release, and a squat kept alive with fresh ones, are judged
    by their name again. With ``typosquat-settled-days = 0``: ``established`` (the rule before)."""
    days = ctx.settings.thresholds.typosquat_settled_days
    if days <= 0:
        return established(answer, ctx)
    latest = answer.latest_release if answer.version_count != 1 else answer.first_release
    if answer.first_release is None or latest is None or any(m in PLACEHOLDER_MARKERS for m in answer.markers):
        return False
    return ctx.days_since(latest) >= days and ctx.days_since(answer.first_release) >= days


def heard_of(answer: RegistryAnswer, ctx: CheckContext, old: bool) -> bool:
    """Whether the look-alike's history lets its own description speak for it: its code has been public a while
    (``settled``), or it is established (``old``) with a user base of its own (``typosquat-port-downloads`` a month
    by the registry's count: ``immediato``'s 28,837), or, where the registry gives no count (PyPI), established
    with a maintained project's history (``typosquat-maintained-versions`` releases: Google's ``mesop``, 108 since
    2023) or a long one (:func:`long_history`). A sleeper squat that has just published again (a handful of releases)
    has none of them."""
    t = ctx.settings.thresholds
    if settled(answer, ctx):
        return True
    if not old:
        return False
    if answer.downloads is not None:
        return answer.downloads >= t.typosquat_port_downloads
    return (answer.version_count is not None and 0 < t.typosquat_maintained_versions <= answer.version_count
            or long_history(answer, ctx))


def long_history(answer: RegistryAnswer, ctx: CheckContext) -> bool:
    """Whether an established look-alike has been kept up for years: its first release at least
    ``typosquat-long-history-days`` (1095) old and its releases published in at least ``typosquat-long-history-years``
    (3) calendar years (the registry's dates of every release: PyPI's upload times). Read only where the registry
    gives no usage count, beside the maintained project's release count: pyodm (OpenDroneMap's NodeODM client, 18
    releases in 7 calendar years since 2019) or pandana (17 in 9 since 2014) are projects of their own with fewer
    than 20 releases. A squat has to stay public, unremoved, for three years and publish in three of them to show
    it: the real squats of the DataDog dataset published their versions within days (its sample files are dated
    per version) and were taken down; a dormant name woken up after years (releases in two calendar years: a
    first one long ago, the rest this year) does not count, nor does a history a registry does not date."""
    t = ctx.settings.thresholds
    if t.typosquat_long_history_days <= 0 or answer.release_years is None or answer.first_release is None:
        return False
    return (answer.release_years >= t.typosquat_long_history_years
            and ctx.days_since(answer.first_release) >= t.typosquat_long_history_days)


def _times(x: float) -> str:
    if x >= 100:
        x = float(f"{x:.2g}")
    return f"{x:,.0f}×" if x >= 10 else f"{x:.1f}×"


def describe(m: Match, name: str, own: float | None, idx: PopularIndex, answer: RegistryAnswer | None = None,
             old: bool = False) -> str:
    """The reason: the edit, the target's place, and how much less used the name is (or what evidence there is)."""
    where = f"#{m.rank:,} of {len(idx):,} popular {idx.display} packages"
    if own is not None and name in idx.rank and not idx.has_downloads:
        text = (f"{m.words()} from {m.target!r} ({where}); {name!r} is #{idx.rank[name]:,}, "
                f"{_times(m.popularity / own)} lower in the ranking")
    elif own is not None:
        counted = (f" ({answer.downloads:,} downloads, {answer.usage})" if answer is not None and answer.usage
                   and answer.downloads is not None and name not in idx.rank else "")
        text = f"{m.words()} from {m.target!r} ({where}), {_times(m.popularity / max(own, 1.0))} less used{counted}"
    else:
        gap = m.popularity / idx.popularity[-1] if idx.popularity else 0.0
        if idx.has_downloads and answer is not None and answer.downloads is not None:
            evidence = f"{name!r} is not among them (the last has {idx.popularity[-1]:,.0f} downloads) and has {answer.downloads:,}"
        elif idx.has_downloads:  # a count the service does not have is no evidence of little use: the ranking is all
            why = answer.usage if answer is not None and answer.usage else "no download count: the registry gave none"
            evidence = (f"{name!r} is not among them ({why}; judged by the list's ranking: its last had "
                        f"{idx.popularity[-1]:,.0f} downloads when the list was taken)")
            gap = 0.0
        else:
            evidence = (f"{name!r} is not among them (no download counts: {idx.display} gives none; judged by the "
                        "list's ranking)")
        text = f"{m.words()} from {m.target!r} ({where}); {evidence}"
        if gap >= 2:
            text += f", so at least {_times(gap)} less used"
    if old and answer is not None and answer.version_count is not None:
        text += f"; a look-alike whatever its age ({answer.version_count} releases)"
    return text


def pointed_to(answer: RegistryAnswer, idx: PopularIndex, name: str) -> str | None:
    """The popular package the answer's description sends its reader to, when it plainly does so ("use X
    instead", "renamed to X", or "use X" in a package marked or described as deprecated)."""
    text = answer.description or ""
    deprecated = "deprecated" in answer.markers or "deprecat" in text.lower()
    for m in POINTER.finditer(text):
        if not (m.group("instead") or m.group("verb").lower() in DEFINITE or deprecated):
            continue
        target = m.group("name")
        if target.lower() not in NOT_NAMES and target in idx.rank and target.lower() != name.lower():
            return target
    return None


def check(mention: Mention, answer: RegistryAnswer, ctx: CheckContext) -> list[Signal]:
    """A look-alike is judged by the popularity gap, not by its age: it is flagged when its target is at least
    the ratio more used, unless it is itself popular (on the list and long-established, or with downloads
    within the ratio). Age and release count alone are DG003's business."""
    idx = _index(mention.key.ecosystem, ctx)
    if idx is None:
        return []
    name = mention.key.name
    old = established(answer, ctx)
    popular = old and name in idx.rank  # itself popular and long-lived: a name of its own
    target = pointed_to(answer, idx, name) if not popular or "security-placeholder" in answer.markers else None
    if target is not None:  # evidence beyond the name: the package itself points elsewhere
        return [Signal(RULE, f"its registry description points to {target!r} (#{idx.rank[target]:,} of {len(idx):,} "
                             f"popular {idx.display} packages): {(answer.description or '')[:100]!r}", suggestion=target)]
    if popular:
        return []
    own = idx.popularity_of(name, answer.downloads)
    found = lookalikes(idx, name, own, answer, ctx.settings.thresholds, old, _store(mention.key.ecosystem, idx, ctx))
    # a name first released before its target cannot imitate it (the original django-sendfile and its later fork
    # django-sendfile2; PySide, 2011, and both PySide2 and PySide6); a target's first release is known only when the
    # lookup asked for it (see targets_wanted)
    found = [m for m in found if not predates(answer, m.target) and m.target not in answer.lookalike_predated]
    if found and published_by_its_maintainers(answer, found[0].target):
        found = found[1:]
    if not found or (heard_of(answer, ctx, old)
                     and own_description(answer, found, ctx.settings.thresholds, idx.prefixes + idx.suffixes)):
        return []
    best = found[0]
    return [Signal(RULE, describe(best, name, own, idx, answer, old), suggestion=best.target)]


def lookalikes(idx: PopularIndex, name: str, own: float | None, answer: RegistryAnswer, t: Any, old: bool,
               store: MatchStore | None = None) -> list[Match]:
    """The matches that make ``name`` a look-alike, best first (``old``: the answer is long-established)."""
    found = imitated(idx, name, own, t.typosquat_popularity_ratio, t.typosquat_max_rank, store)
    # long-lived with no usage evidence either way: only a misspelling of the name itself (one that keeps the
    # target whole with an affix, a scope or a separator is then a port or plugin); long-lived with a user base
    # of its own (typosquat-port-downloads): only a single-letter misspelling (loadsh), not two edits away
    if old and own is None:
        found = [m for m in found if m.kind in TYPO_KINDS and not m.via and not version_numbered(name, m.target)]
    elif old and answer.downloads is not None and answer.downloads >= t.typosquat_port_downloads:
        found = [m for m in found if m.kind in SINGLE_EDITS and not m.via and not family_of_its_own(idx, name, m.target)
                 and not numbered_sibling(idx, name, m.target)]
    if old:  # long-lived: a short word of the name swapped for another is a sibling in a family, not a misspelling
        found = [m for m in found if not replaces_word(name, m.target)]
    return [m for m in found if not same_owned_scope(answer.key.ecosystem, name, m.target)]


FAMILY_SEPARATORS = "-._"
FAMILY_SIBLINGS = 2  # popular names sharing a look-alike's leading words: a family of those words, not one sibling


def _sorted_lower(idx: PopularIndex) -> list[str]:
    """The index's names in lower case, sorted (kept on the index): names that start alike, found by bisection."""
    d = idx.__dict__
    names: list[str] | None = d.get("_sorted_lower")
    if names is None:
        names = d["_sorted_lower"] = sorted({n.lower() for n in idx.names})
    return names


def _popular_starting(idx: PopularIndex, prefix: str, limit: int) -> list[str]:
    """Up to ``limit`` popular names (lower case) that start with ``prefix``."""
    from bisect import bisect_left

    names = _sorted_lower(idx)
    i, out = bisect_left(names, prefix), list[str]()
    while i < len(names) and names[i].startswith(prefix) and len(out) < limit:
        out.append(names[i])
        i += 1
    return out


def family_of_its_own(idx: PopularIndex, name: str, target: str) -> bool:
    """Whether a long-lived look-alike with a user base of its own heads or belongs to a family of popular
    packages other than its target's, which no squat has: popular plug-ins are named after it (``esdoc``, one
    letter from ``jsdoc``, with ``esdoc-ecmascript-proposal-plugin`` on npm's popular list), or it keeps its
    target's last word and differs in leading words that other popular names share (``tslint-config-standard``
    beside ``tslint-config-prettier`` and ``tslint-config-airbnb``: TSLint's config for the style that
    ``eslint-config-standard`` configures ESLint for). A popular name is one of the list's, so a squatter would
    have to make other packages widely used under the squat's name; none of the 133 real squats of
    benchmarks/attacks/squats.tsv heads a popular family, and the three that share leading words with popular
    names share them with their own target (``sphinx-rtd-themes``) or differ in their last word
    (``http-proxy.js``)."""
    low, aim = name.lower(), target.lower()
    if any(_popular_starting(idx, low + sep, 1) for sep in FAMILY_SEPARATORS):
        return True
    cut = max(low.rfind(sep) for sep in FAMILY_SEPARATORS)
    if cut <= 0:
        return False
    lead, last = low[: cut + 1], low[cut + 1:]
    if aim.startswith(lead) or _tokens(aim)[-1:] != [last]:
        return False
    siblings = [n for n in _popular_starting(idx, lead, FAMILY_SIBLINGS + 1) if n != low]
    return len(siblings) >= FAMILY_SIBLINGS


NUMBERED = lazyre.compile(r"^(?P<lead>.*[-._])(?P<number>[0-9]+)$")
NUMBERED_LOOKAHEAD = 50  # popular names starting with a numbered family's leading words that are read for a sibling


def numbered_sibling(idx: PopularIndex, name: str, target: str) -> bool:
    """Whether a long-lived look-alike with a user base of its own differs from its target only in a closing number
    of a numbered family the popular list already holds another member of: ``iso-639-2`` (ISO 639 part 2's codes,
    35,282 downloads a month) is one keyboard letter from ``iso-639-1``, and ``iso-639-3`` is popular as well (held-out
    spot set 83: readest). Parts of a numbered standard or generations of one API, not a misspelling; a squat would
    need its own users and a popular family member other than its target."""
    ours, theirs = NUMBERED.match(name.lower()), NUMBERED.match(target.lower())
    if ours is None or theirs is None or ours["lead"] != theirs["lead"] or ours["number"] == theirs["number"]:
        return False
    lead = ours["lead"]
    for other in _popular_starting(idx, lead, NUMBERED_LOOKAHEAD):
        m = NUMBERED.match(other)
        if m is not None and m["lead"] == lead and m["number"] not in (ours["number"], theirs["number"]):
            return True
    return False


def same_owned_scope(ecosystem: str, name: str, target: str) -> bool:
    """Whether ``name`` and ``target`` lie in the same scope of a registry that lets only a scope's owner publish
    in it (``[typosquat] owned-scopes`` of the ecosystem.toml: npm's ``@scope/``, an account's or organisation's
    own). The scope's own people published both, so the one is no squat on the other: ``@pulumi/kubernetesx``
    beside ``@pulumi/kubernetes``, ``@types/proxy`` beside ``@types/proj4`` (held-out set 16). A look-alike in
    another scope (``@pulumi-x/kubernetes``), or unscoped (``types-node``), is judged as before; a missing name's
    did-you-mean still offers the scope's popular names."""
    if not name.startswith("@") or "/" not in name:
        return False
    scope = name.split("/", 1)[0].lower() + "/"
    if not target.lower().startswith(scope):
        return False
    cat = catalog()
    if ecosystem not in cat:
        return False
    table = cat.get(ecosystem).data.get("typosquat", {})
    return isinstance(table, dict) and table.get("owned-scopes") is True


def version_numbered(name: str, target: str) -> bool:
    """Whether ``name`` is ``target``'s whole name with a version number after it (``flask-bootstrap4``, the
    port of ``flask-bootstrap`` to Bootstrap 4; ``django-bootstrap5``): a port's name, like a name that keeps the
    target whole and adds an affix, not a misspelling of it (a one-letter insertion only by the letter count)."""
    low, whole = name.lower(), target.lower()
    return low.startswith(whole) and low[len(whole):].lstrip("-_.").isdigit()


def replaces_word(name: str, target: str) -> bool:
    """Whether ``name`` differs from ``target`` in one word only and there in at least half of that word's
    letters (two edits or more): another word, not a misspelling of it. Plugin families share every word but
    one, often a short one (``remark-man`` beside ``remark-mdx``, ``remark-math`` and ``remark-mdc``;
    ``eslint-plugin-lube`` beside ``eslint-plugin-vue``; ``tiny-spinner`` beside ``ink-spinner``), while a
    misspelling keeps most of each word's letters (``reqeusts``, ``puppeteer-captre``): the same reading as
    :func:`fuzzy_limit`'s, which gives a name of 3-4 letters no two-edit match at all, applied to the word."""
    from rapidfuzz.distance import OSA

    ours, theirs = _tokens(name), _tokens(target)
    if len(ours) != len(theirs) or len(ours) < 2:
        return False
    differ = [(a, b) for a, b in zip(ours, theirs) if a != b]
    if len(differ) != 1:
        return False
    a, b = differ[0]
    edits = OSA.distance(a, b)
    return edits >= 2 and 2 * edits >= max(len(a), len(b))


DESCRIPTION_WORD = lazyre.compile(r"[^\W\d_][\w'-]*")
COMMON_WORDS = frozenset({"the", "and", "for", "with", "from", "that", "this", "your", "you", "are", "its", "into"})
TYPO_WORD = lazyre.compile(r"typo|squat|imitat|fake|malicious|test\s+package|example\s+package", re.I)
COPIED = 0.5  # this share of the shorter description's words in the other: one copies or rewords the other
# the nouns a description says of what it is ("The Datadog Python library", "A python library to work with molecules"):
# every package is one, so sharing them is no evidence of copying (datamol, one of datadog's two edits, was a "copy" of
# datadog's summary by the word "library" alone: held-out sets 217, 220 and molfeat's)
KIND_WORDS = frozenset({"library", "libraries", "lib", "package", "packages", "module", "modules"})
TARGET_WORD_MIN = 4  # a word of a target's name this long, said in the description, names the target ("grunt")


def own_description(answer: RegistryAnswer, found: Sequence[Match], t: Any, lang: Iterable[str] = ()) -> bool:
    """Whether a long-lived look-alike describes itself as a package of its own: its registry description has
    at least ``typosquat-own-description-words`` words, names none of the packages it resembles (``loadsh``:
    "The [Lodash] library exported as Node.js modules"), says nothing of typos, squats or placeholders, and
    is no copy of any of its targets' descriptions, which the lookup asked for (``lookalike_of_description`` and
    ``lookalike_others``; one not known: no excuse). A squat has no description, a placeholder's, or its target's own words (the real ones
    still served by npm and PyPI do); ``immediato`` ("An isomorphic setImmediate implementation that doesn't
    prevent the process from exiting naturally") and ``faqtory`` ("Auto FAQ builder") describe themselves.
    A reworded copy counts as a copy (half the shorter one's words: "Lightweight Screen-scraping package" of
    ``beautifulsoup4``'s "Screen-scraping library"), and naming a word of a target's name does too ("Simple CLI
    for grunt": ``gruntcli``). A name that resembles several popular names is compared with each of them
    (``latex``, "Wrappers for calling LaTeX/building LaTeX documents.", one edit from ``altex`` and ``later``)
    when it is established (their descriptions are asked only then: :func:`targets_wanted`); one resembling more
    than :data:`DESCRIBED_TARGETS` is not excused. Asked only for a look-alike whose
    code has been public a while (``settled``): a description costs an attacker nothing, the history does. The
    words of the two names and of the ecosystem's language (``lang``: its look-alike affixes, ``python``,
    ``node``, ``js``) are not copied words: two packages named for the same thing both say it (:func:`copied`)."""
    from .unestablished import says_placeholder

    need = t.typosquat_own_description_words
    text = answer.description or ""
    known = dict(answer.lookalike_others)  # the targets whose descriptions the lookup asked for
    if answer.lookalike_of is not None and answer.lookalike_of_description is not None:
        known[answer.lookalike_of] = answer.lookalike_of_description
    targets = list(dict.fromkeys(m.target for m in found))
    if need <= 0 or not targets or any(target not in known for target in targets):
        return False  # a target whose description is unknown: a copy of it would pass unseen
    words = DESCRIPTION_WORD.findall(text)
    if len(words) < need or TYPO_WORD.search(text) or says_placeholder(text):
        return False
    low = text.lower()
    if not names_itself(low, answer.key.name):  # naming itself beside its target: two things, one made by the other
        spoken = {skeleton(w) for w in re.findall(r"[\w@/.-]+", low)} | {skeleton(w) for w in words}
        if any(skeleton(m.target) in spoken or re.search(rf"(?<![\w@/.-]){re.escape(m.target.lower())}(?![\w/-])", low)
               for m in found):
            return False
        said = {w.lower() for w in re.findall(r"[^\W_]+", text)} - set(_tokens(answer.key.name))  # its own words may
        if any(len(part) >= TARGET_WORD_MIN and part in said for m in found for part in _tokens(m.target)):
            return False
    return not any(copied(text, known[target], (answer.key.name, target), lang) for target in targets)


def names_itself(low: str, name: str) -> bool:
    """Whether a lower-cased description says the look-alike's whole name as a word of its own: it is then the name of
    the thing described, and a target it names beside it is another thing (npm's ``cloudflared``: "Cloudflared in Node.
    ... HTTPS tunnels using Cloudflare's cloudflared", the Node wrapper of Cloudflare's tunnel program of that name,
    one letter from ``cloudflare``; held-out set 244). A squat's copied or reworded description says its target's
    name, not its own (``loadsh``: "The Lodash library exported as Node.js modules"; ``gruntcli``: "Simple CLI for
    grunt"), and a copy still counts as one. Read only for a look-alike with a history (:func:`heard_of`)."""
    own = name.lower().rpartition("/")[2] if name.startswith("@") else name.lower()
    return len(own) >= TARGET_WORD_MIN and re.search(rf"(?<![\w@/.-]){re.escape(own)}(?![\w/-])", low) is not None


SELF_DESCRIBED_WORDS = 3  # a description this long, at least, says what a look-alike is (no squat's empty one)


def poses_as_nothing(answer: RegistryAnswer, target: str, ctx: CheckContext) -> bool:
    """Whether a look-alike's registry description gives away no squat: it has words of its own (at least
    ``SELF_DESCRIBED_WORDS``), says nothing of typos, squats, test packages or placeholders (``botocote``: "A small
    example package trying to typosquat botocore"), and copies none of the descriptions of the popular names it
    resembles, which the lookup asked for (``target``'s must be among them: one not known is no excuse). Weaker
    than :func:`own_description` (it may name its target: ``pnoise``, "Vectorized port of Processing noise()
    function"): for evidence from the tree that needs the registry only to not contradict it."""
    from .unestablished import says_placeholder

    text = answer.description or ""
    known = dict(answer.lookalike_others)
    if answer.lookalike_of is not None and answer.lookalike_of_description is not None:
        known[answer.lookalike_of] = answer.lookalike_of_description
    if target not in known or len(DESCRIPTION_WORD.findall(text)) < SELF_DESCRIBED_WORDS:
        return False
    if TYPO_WORD.search(text) or says_placeholder(text):
        return False
    idx = _index(answer.key.ecosystem, ctx)
    lang = idx.prefixes + idx.suffixes if idx is not None else ()
    return not any(copied(text, other, (answer.key.name, name), lang) for name, other in known.items())


def copied(one: str, other: str, names: Iterable[str] = (), lang: Iterable[str] = ()) -> bool:
    """Whether two descriptions share most of their words (COPIED of the shorter one's). Words that say what the
    ``names`` say (a word found in the letters of either name) or the ecosystem's language (``lang``) are no
    evidence of copying: a copy must share half the shorter one's words also without them (while both keep other
    words). ``agent-protocol-client``'s "Agent Communication Protocol Client" shares only the names' words with
    ``agent-client-protocol``'s "A Python implement of Agent Client Protocol (ACP, by Zed Industries)"; a copy or a
    reworded copy keeps the target's other words as well. Measured (README, Typosquats): none of the 132 squats
    planted with their target's summary copied, one of 132 reworded ones (``gruntcli``, still caught: it says
    ``grunt``), stop counting as copies; 35 of 4,616 flagged real unpopular look-alikes are cleared.

    The nouns of what a package is (:data:`KIND_WORDS`: library, package, module) are no evidence either. ``one`` is the
    look-alike's: when nothing of it is left without those words, it says nothing of its own (a copy, as before); when
    nothing of ``other`` (the target's) is left, the target says nothing but its name, language and kind, so there is
    nothing of it to copy: ``datamol``'s "A python library to work with molecules. Built on top of RDKit." is no copy of
    ``datadog``'s "The Datadog Python library"."""
    a, b = ({w.lower() for w in DESCRIPTION_WORD.findall(s) if len(w) > 2} - COMMON_WORDS for s in (one, other))
    if not (a and b and len(a & b) >= COPIED * min(len(a), len(b))):
        return False
    said = [skeleton(n) for n in names]
    langs = {skeleton(w) for w in lang}
    subject = {w for w in a | b if w in KIND_WORDS or ((k := skeleton(w)) and (k in langs or any(k in n for n in said)))}
    a, b = a - subject, b - subject  # a copy also without them (leaving them out never makes one)
    if not a:
        return True  # the look-alike says nothing of its own
    return bool(b) and len(a & b) >= COPIED * min(len(a), len(b))


def predates(answer: RegistryAnswer, target: str) -> bool:
    """Whether the answer's package was first released before ``target`` was (known only when asked for)."""
    return (answer.lookalike_of == target and answer.first_release is not None
            and answer.lookalike_of_since is not None and answer.first_release < answer.lookalike_of_since)


def published_by_its_maintainers(answer: RegistryAnswer, target: str) -> bool:
    """Whether every version of the answer's package was published by a maintainer of ``target`` (known only when
    the lookup asked for the target's maintainers): that name's own people published it, so it is no squat on
    that name (an author's family of small packages: ``import-fresh``, ``import-from``, ``import-cwd``). The
    publishers are what the registry recorded from the publishing account (npm's ``_npmUser``), which a squatter
    cannot set; the target's maintainers are set by the target's owners. A look-alike's own ``maintainers`` list is
    not used: it is the weaker evidence (npm once took accounts added to it without their consent)."""
    return (answer.lookalike_of == target and bool(answer.publishers) and bool(answer.lookalike_of_maintainers)
            and set(answer.publishers) <= set(answer.lookalike_of_maintainers))


DESCRIBED_TARGETS = 3  # the look-alike targets whose descriptions the lookup asks for (a name resembling more: no excuse)


def since_wanted(answer: RegistryAnswer, settings: Any) -> str | None:
    """The popular name whose first release, description or maintainers would decide this answer's DG002 finding,
    or None (the first of :func:`targets_wanted`)."""
    got = targets_wanted(answer, settings)
    return got[0] if got else None


def targets_wanted(answer: RegistryAnswer, settings: Any) -> tuple[str, ...]:
    """The popular names whose first release, description or maintainers would decide this answer's DG002 finding,
    best first. Asked only for an established or settled look-alike, or one whose registry names who published it
    (the target's maintainers may show it is theirs: :func:`published_by_its_maintainers`): every target when it
    resembles up to :data:`DESCRIBED_TARGETS` popular names, else the best one only. Each one's first release may
    show the look-alike predates it (:func:`predates`); when the look-alike is established and its history lets its
    description speak (:func:`described_targets`), their descriptions are kept too, so that a copy of any of them is
    seen (:func:`own_description`: ``pytng``, "Minimal Cython wrapper of the TNG trajectory library", one letter from
    ``pypng``, ``pyang`` and ``pynng``). The lookup adds no request for ordinary names and never one per list
    entry."""
    if answer.existence is not Existence.EXISTS or answer.first_release is None or answer.lookalike_of is not None:
        return ()
    ctx = CheckContext.for_settings(settings)
    old = established(answer, ctx)
    if not old and not settled(answer, ctx) and not answer.publishers:
        return ()  # the cheap facts first: most names a scan meets are no look-alike candidates at all
    cat = catalog()
    if answer.key.ecosystem not in cat:
        return ()
    try:
        idx = index_for(cat.get(answer.key.ecosystem), store=settings.cache_dir)
    except ConfigError:
        return ()
    name = answer.key.name
    if idx is None or name in idx.rank or pointed_to(answer, idx, name) is not None:
        return ()
    found = lookalikes(idx, name, idx.popularity_of(name, answer.downloads), answer, settings.thresholds, old)
    targets = tuple(dict.fromkeys(m.target for m in found))
    # a name resembling more than a few popular names: the best one's facts only (a target a name predates is
    # dropped, and so the next one decides: each of a few is asked, so that a name older than all of them is seen,
    # spaCy's cupy-cuda117 of one release, older than both cupy-cuda11x and cupy-cuda12x)
    return targets if len(targets) <= DESCRIBED_TARGETS else targets[:1]


def described_targets(answer: RegistryAnswer, settings: Any) -> bool:
    """Whether the descriptions of the other targets :func:`targets_wanted` names may be kept for
    :func:`own_description` (their first releases are asked either way): only for an established look-alike (a year
    and five releases) whose history lets its description speak (:func:`heard_of`): a name in a dense neighbourhood
    says less about whom it imitates, and one release left public is the cheapest history a squatter can show
    (planted squats of one release 800 days old with a description of their own: PyPI 10%, npm 21% flagged with the
    others' descriptions kept only for established names, 0% and 3% if kept for every settled one)."""
    ctx = CheckContext.for_settings(settings)
    old = established(answer, ctx)
    return bool(answer.description) and old and heard_of(answer, ctx, old)


def suggest(key: PackageKey, ctx: CheckContext) -> str | None:
    memo = ctx.memo.setdefault("typosquat:suggest", {})  # a name written several ways is asked once
    if key not in memo:
        idx = _index(key.ecosystem, ctx)
        found = None
        # a popular name reported missing (a stale offline index, a mirror without it) is no typo of
        # another name: suggesting a less popular look-alike would send the user the wrong way
        if idx is not None and idx.popularity_of(key.name) is None:
            t = ctx.settings.thresholds
            found = imitated(idx, key.name, None, t.typosquat_popularity_ratio, t.typosquat_max_rank,
                             _store(key.ecosystem, idx, ctx))
        memo[key] = found[0].target if found else None
    target: str | None = memo[key]
    return target


# --- the look-alike matches of names met before, kept in the user cache directory ---------------------

MATCHES_FORMAT = b"depguard-lookalike-matches 1\n"
MATCHES_KEEP = 50_000  # names per ecosystem the store keeps (those of the latest runs)


class MatchStore:
    """What :meth:`PopularIndex.matches` found for the names earlier runs judged, so a rescan does not search
    again (the search is most of judging a large tree: rapidfuzz over the names of nearby lengths, for each
    name not itself popular; a fresh process also unpacks the index's look-alike tables for it).

    One file per ecosystem, ``<cache dir>/typosquat/<id>-matches.marshal``: the format line, a 16-byte stamp,
    a 16-byte BLAKE2 digest of the body, then the body (marshal of {name: ((target, kind, rank, popularity,
    affix, via), ...)}, unpopular names with no match too). The stamp is a digest of what the matches depend
    on: the index searched (its names in order, their popularity and the affixes: :meth:`PopularIndex.digest`),
    the matching code (depguard's version and this module's size and mtime) and the Python version; a file
    with another stamp is ignored and replaced. Thresholds (the popularity ratio, the rank limit) are applied
    after, so they are no part of it. A file that is damaged (digest), a link, another user's or writable by
    others is not read; an entry of the wrong shape is searched again. Written only when the run found
    something new, through a new user-only file replaced atomically; entries a concurrent run wrote
    meanwhile are kept; at most :data:`MATCHES_KEEP` names, the latest runs' first."""

    def __init__(self, path: Path, stamp: bytes) -> None:
        self.path = path
        self.stamp = stamp
        self._stored: dict[str, Any] | None = None  # as read, on first use
        self._used: dict[str, tuple[tuple[Any, ...], ...]] = {}  # this run's names and their matches, plain
        self._new = False
        self.hits = self.searched = 0

    @classmethod
    def for_index(cls, eco_id: str, idx: PopularIndex, folder: Path | None) -> MatchStore:
        import os
        import sys

        from .. import __version__
        from ..fsview import digest
        from ..paths import cache_dir

        try:
            st = os.stat(__file__)
            code = f"{st.st_size}:{st.st_mtime_ns}"
        except OSError:
            code = "?"
        where = (folder or cache_dir()) / "typosquat" / f"{eco_id}-matches.marshal"
        stamp = digest(b"\0".join((MATCHES_FORMAT, idx.digest(), f"{__version__}:{code}:{sys.version_info[:2]}".encode())))
        return cls(where, stamp)

    def _read(self) -> dict[str, Any]:
        import marshal
        import os

        from ..errors import ConfigError
        from ..fsview import digest
        from ..paths import make_private, open_private

        try:
            make_private(self.path.parent)  # a folder another user owns: its files are not trusted
        except ConfigError:
            return {}
        fd = open_private(self.path)
        if fd is None:
            return {}
        try:
            with os.fdopen(fd, "rb") as fh:
                blob = fh.read()
        except OSError:
            return {}
        head = len(MATCHES_FORMAT) + 32
        if len(blob) < head or not blob.startswith(MATCHES_FORMAT) or blob[len(MATCHES_FORMAT):head - 16] != self.stamp:
            return {}  # another format, index, depguard or Python: searched again and replaced
        body = blob[head:]
        if digest(body) != blob[head - 16:head]:
            return {}  # damaged
        try:
            got = marshal.loads(body)
        except (ValueError, EOFError, TypeError):
            return {}
        return got if isinstance(got, dict) else {}

    def _entries(self) -> dict[str, Any]:
        if self._stored is None:
            self._stored = self._read()
        return self._stored

    def get(self, name: str) -> tuple[Match, ...] | None:
        """The matches kept for ``name``, or None (never kept, or an entry of the wrong shape)."""
        raw = self._entries().get(name)
        got = _matches_of(raw) if raw is not None else None
        if got is None:
            self.searched += 1
        else:
            self.hits += 1
        return got

    def put(self, name: str, matches: Sequence[Match]) -> None:
        """This run judged ``name`` with these matches (found, or read from the store)."""
        if name in self._used:
            return
        raw = tuple((m.target, m.kind, m.rank, m.popularity, m.affix, m.via) for m in matches)
        self._used[name] = raw
        if self._entries().get(name) != raw:
            self._new = True

    def save(self) -> None:
        """Write the file when this run found matches it did not hold (atomically, user-only)."""
        import marshal

        from ..fsview import digest
        from ..paths import write_private

        if not self._new:
            return
        current = self._read()  # what concurrent runs kept meanwhile stays
        kept = {n: v for n, v in current.items() if n not in self._used and isinstance(n, str)}
        kept.update(self._used)  # this run's names last: the latest are kept when there are too many
        if len(kept) > MATCHES_KEEP:
            kept = dict(list(kept.items())[-MATCHES_KEEP:])
        try:
            body = marshal.dumps(kept)
        except ValueError:
            return
        if write_private(self.path, MATCHES_FORMAT + self.stamp + digest(body) + body):
            self._stored, self._new = kept, False


def _matches_of(raw: Any) -> tuple[Match, ...] | None:
    """Matches from their stored form, or None when it is not of the shape :meth:`MatchStore.put` writes."""
    if type(raw) is not tuple:
        return None
    out = []
    for item in raw:
        if (type(item) is not tuple or len(item) != 6 or type(item[0]) is not str or item[1] not in COST
                or type(item[2]) is not int or type(item[3]) is not float or type(item[4]) is not str
                or type(item[5]) is not str):
            return None
        out.append(Match(*item))
    return tuple(out)


def _store(eco_id: str, idx: PopularIndex, ctx: CheckContext) -> MatchStore | None:
    """The run's store of ``eco_id``'s look-alike matches (None when the caches are off)."""
    memo_key = f"typosquat:matches:{eco_id}"
    got: MatchStore | None = ctx.memo.get(memo_key)
    if got is None and memo_key not in ctx.memo:
        settings = ctx.settings
        got = ctx.memo[memo_key] = MatchStore.for_index(eco_id, idx, settings.cache_dir) if settings.use_cache else None
    return got


def finish(ctx: CheckContext) -> None:
    """The end of a run's judging: keep what the look-alike search found (see :class:`MatchStore`)."""
    for key, value in ctx.memo.items():
        if key.startswith("typosquat:matches:") and value is not None:
            value.save()


def popular_index(eco_id: str, root: Path | None = None) -> PopularIndex | None:
    """The index of an ecosystem by id (benchmarks and tests); ``root`` points at another ecosystems folder."""
    from ..ecosystems import load_catalog

    cat = load_catalog(root) if root else catalog()
    return index_for(cat.get(eco_id))
