"""Characters in a package name that read as something else: look-alike letters and invisible characters.

``rеquests`` with a Cyrillic ``е`` (U+0435), ``req\u200buests`` with a zero-width space, or a name ending in a
right-to-left override look like a familiar name to the reader but are a different string to the installer.
Such a name is never dropped and never looked up: it is reported (DG004, invalid) with the characters named
and what the name reads as (:func:`reason`).

Readers that only accept ASCII names (the command grammars, the requirement parser) read a name through its
:func:`skeleton` (one ASCII stand-in per character, so every position stays where it was) and give back the
written name; see :func:`restore`.
"""

from __future__ import annotations

import unicodedata

from . import lazyre

# Letters of other scripts drawn like Latin ones (Unicode's confusables.txt, the single-letter cases that
# matter for package names: Cyrillic, Greek, Armenian, plus Latin look-alikes and dashes).
_LOOKALIKE = {
    # Cyrillic
    "а": "a", "е": "e", "ё": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
    "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ҫ": "c", "ԍ": "g", "ԑ": "e",
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ү": "Y", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ӏ": "I",
    # Greek
    "α": "a", "γ": "y", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "σ": "o", "υ": "u", "χ": "x", "ϲ": "c",
    "ϳ": "j", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C",
    # Armenian
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "զ": "q", "ց": "g", "Տ": "S", "Օ": "O",
    # Latin look-alikes, and punctuation drawn like the separators of names
    "ı": "i", "ȷ": "j", "ɑ": "a", "ɡ": "g", "ɩ": "i", "ʏ": "y", "ℓ": "l", "ⅼ": "l", "ǀ": "l", "ᴅ": "d",
    "‐": "-", "‑": "-", "‒": "-", "–": "-", "—": "-", "−": "-", "﹣": "-", "⁃": "-", "․": ".", "‧": ".",
    "٠": "0", "۰": "0", "߀": "0",
}
# drawn as nothing (format characters are found by category: zero-width, bidi controls, soft hyphen, …)
_INVISIBLE_EXTRA = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800", "\u034f", "\u180e"}


def _invisible(c: str) -> bool:
    cat = unicodedata.category(c)
    return cat == "Cf" or c in _INVISIBLE_EXTRA or (cat.startswith("Z") and c != " ")


def _reading(c: str) -> str | None:
    """What ``c`` reads as ("" for an invisible character), or None when it does not pass for anything."""
    if c.isascii():
        return c
    if _invisible(c):
        return ""
    if c in _LOOKALIKE:
        return _LOOKALIKE[c]
    folded = unicodedata.normalize("NFKC", c)  # fullwidth, mathematical and other compatibility forms
    if folded != c and folded.isascii() and folded.strip():
        return folded
    return None


def describe(c: str) -> str:
    name = unicodedata.name(c, "")
    return f"U+{ord(c):04X}" + (f" {name}" if name else "")


def reason(name: str) -> str | None:
    """Why ``name`` misleads its reader ("contains confusable character U+0430 CYRILLIC SMALL LETTER A;
    reads as 'requests'"), or None when every character is what it looks like (or is plainly foreign)."""
    if name.isascii():
        return None
    found: list[str] = []
    reads: list[str] = []
    foreign = False  # a character that passes for nothing Latin: the name looks foreign, not familiar
    for c in name:
        r = _reading(c)
        foreign = foreign or r is None
        reads.append(c if r is None else r)
        if r is not None and not c.isascii():
            label = describe(c) + (" (invisible)" if r == "" else "")
            if label not in found and (r == "" or not foreign):
                found.append(label)
    if foreign:  # look-alike letters among plainly foreign ones deceive nobody; invisible characters still do
        found = [f for f in found if f.endswith("(invisible)")]
    if not found:
        return None
    shown = ", ".join(found[:3]) + (f" and {len(found) - 3} more" if len(found) > 3 else "")
    plural = "s" if len(found) > 1 else ""
    return f"contains confusable character{plural} {shown}; reads as {''.join(reads)!r}"


def foreign_word(word: str) -> bool:
    """Whether ``word`` is written in a script no registry name is: it has letters, none of them Latin (ASCII), and at
    least one that passes for no Latin letter (Burmese ``သို့မဟုတ်``, Hindi ``या``, Russian ``или``). A word made only of
    look-alike letters (Cyrillic ``ехрress`` spelt wholly so) is no such word: it is a look-alike name (DG004)."""
    letters = [c for c in word if c.isalpha()]
    return (bool(letters) and not any(c.isascii() for c in letters)
            and any(_reading(c) is None for c in letters))


def accented_word(word: str) -> bool:
    """Whether ``word`` is a Latin word spelt with a letter no registry name has: a word of letters only (the
    punctuation of a sentence around it aside) with at least one letter that is not ASCII and passes for no Latin
    letter, a diacritic's (Vietnamese ``bị lỗi``, German ``für``, French ``après``, Portuguese ``não``, Turkish
    ``için``). Registry names are ASCII, and such a word is never read as one; said after an install command it is
    the sentence's language going on. A letter that passes for a Latin one (Cyrillic ``е``, dotless ``ı``) makes no
    such word: ``rеquests`` is a look-alike name (DG004). A path or a URL (``./módulo``) is not a word of letters."""
    core = word.strip(_SENTENCE_MARKS)
    return (bool(core) and all(c.isalpha() for c in core)
            and any(not c.isascii() and _reading(c) is None for c in core))


# the punctuation a sentence puts around its words: quotes, brackets and the marks that end a clause
_SENTENCE_MARKS = ".,:;!?'\"()[]\u00ab\u00bb\u201c\u201d\u201e\u2018\u2019\u00bf\u00a1"


def has_confusable(text: str) -> bool:
    return not text.isascii() and any(_reading(c) not in (None, c) for c in text)


def skeleton(text: str) -> str:
    """``text`` with each look-alike letter replaced by the letter it passes for and each invisible character
    by ``x`` (so the name stays one word of the same length)."""
    out = []
    for c in text:
        r = _reading(c)
        out.append(c if r is None or r == c else (r[0] if r else "x"))
    return "".join(out)


def restore(skeleton_part: str, skeleton_text: str, original: str) -> str:
    """The part of ``original`` that ``skeleton_part`` (found in ``skeleton(original)``) stands for."""
    at = skeleton_text.find(skeleton_part)
    if at < 0 or not skeleton_part:
        return skeleton_part
    return original[at:at + len(skeleton_part)]


def as_written(script: str, plan):
    """``plan`` (a :class:`depguard.commands.CommandPlan` of ``skeleton(script)``) with each install's word and
    name given back as written in ``script``: found at the same place, since the skeleton keeps every position."""
    from .records import replace

    written = _Written(script)
    installs = []
    for t in plan.installs:
        w = t.word
        word = replace(w, text=written.of(w.text, w), raw=written.of(w.raw, w))
        installs.append(replace(t, word=word, name=written.of(t.name, w)))
    unresolved = [replace(u, name=written.of(u.name, u.word)) if getattr(u, "name", None) else u
                  for u in plan.unresolved]
    return replace(plan, installs=tuple(installs), unresolved=tuple(unresolved))


# a run of the characters a name is written with, between a shell line's separators and quotes: ``x=rеquests;``,
# ``PKGS='rеquests flаsk'``, ``for p in rеquests flаsk``, ``ARR=(rеquests)`` each hold the runs ``rеquests``, ``flаsk``
_NAME_RUN = lazyre.compile(r"""[^\s'"`=;&|()<>{}\[\],$\\!*?#]+""")
# a name's own characters inside a run: a run also holds what the name is written with (``rеquests~``, ``rеact@18``,
# ``@types/rеact@18``, ``rеdis:7``), and the part asked for may be the name alone
_NAME_PIECE = lazyre.compile(r"[A-Za-z0-9._-]+")
_WORD_END = " \t\n;&|()<>"


class _Written:
    """Where a part of a skeleton's install (a word's text, its raw form, the name read from it) is in the script as
    written. Each part is looked for only in its own word's span (the word starts where its line and column say and
    is at most twice its raw length there, escapes and quotes of a nested ``bash -c`` counted), read through the
    word's quotes (``re'q'uеsts`` is the name ``requеsts``), or else, for a name the word only refers to
    (``x=rеquests; pip install $x``, a loop's or an array's items, a function's argument), in one table of the
    script's name runs that hold a look-alike or invisible character, built once: every part costs its word's length,
    never a search of the whole script (l39: 8,000 such words were 15.7 s)."""

    def __init__(self, script: str) -> None:
        self.script = script
        self.shown = skeleton(script)
        self.starts = [0]
        at = script.find("\n")
        while at >= 0:
            self.starts.append(at + 1)
            at = script.find("\n", at + 1)
        self._runs: dict[str, str] | None = None
        self._pieces: dict[str, str] = {}  # a look-alike run's name pieces (filled with the runs): skeleton -> written

    def of(self, part: str, word) -> str:
        if not part:
            return part
        if word is not None and 0 < word.line <= len(self.starts):
            at = self.starts[word.line - 1] + max(word.column - 1, 0)
            end = min(len(self.shown), at + 2 * max(len(word.raw or ""), len(word.text or "")) + 8)
            found = self.shown.find(part, at, end)
            if found >= 0:
                return self.script[found:found + len(part)]
            got = self._unquoted(part, at, end)
            if got is not None:
                return got
            text = word.text
            if text and text != part and text in part:  # the word inside a longer name (Docker's library/redis)
                written = self.of(text, word)
                if written != text:
                    return part.replace(text, written, 1)
        runs = self.runs()
        if part in runs:
            return runs[part]
        # a name inside a longer run (a variable's ``x=rеquests~=2.0`` or ``PKG=rеact@18``): each of its pieces given
        # back as the runs write it, so the look-alike is never lost to its plain skeleton
        return _NAME_PIECE.sub(lambda m: self._pieces.get(m.group(), m.group()), part) if self._pieces else part

    def _unquoted(self, part: str, at: int, end: int) -> str | None:
        """``part`` in the word at ``at`` read without its quotes and escapes, as written; None when not there."""
        shown, kept, places, quote, i = self.shown, [], [], "", at
        while i < end:
            c = shown[i]
            if c == "\\" and quote != "'":
                if i + 1 < end and shown[i + 1] != "\n":
                    kept.append(shown[i + 1])
                    places.append(i + 1)
                i += 2
                continue
            if c in "'\"" and quote in ("", c):
                quote = "" if quote else c
            elif not quote and c in _WORD_END:
                break
            else:
                kept.append(c)
                places.append(i)
            i += 1
        k = "".join(kept).find(part)
        if k < 0:
            return None
        return "".join(self.script[places[j]] for j in range(k, k + len(part)))

    def runs(self) -> dict[str, str]:
        """Each name run of the script holding a look-alike or invisible character: its skeleton to its writing."""
        if self._runs is None:
            self._runs = {}
            for m in _NAME_RUN.finditer(self.shown):
                written = self.script[m.start():m.end()]
                if written != m.group():
                    self._runs.setdefault(m.group(), written)
                    for piece in _NAME_PIECE.finditer(m.group()):
                        kept = written[piece.start():piece.end()]
                        if kept != piece.group():
                            self._pieces.setdefault(piece.group(), kept)
        return self._runs
