"""Claims in an answer: what it says about files, lines, symbols and the scripts its commands need.

The text is split the way ``depguard text`` splits it (:func:`depguard.text.fragments`): fenced blocks are
code, the rest is prose. Prose is cut into sentences; a hedged sentence ("probably", "I think", "might",
"maybe", "could be", "should be somewhere" …) makes no claim, and neither does one about a file to be
created, renamed, moved or deleted. In the rest:

* a path in an inline code span, or a bare token with a slash or a known file extension, is a path claim;
* ``path:line``, ``path:line-line``, ``path#L3-L9``, "line 42 of ``path``" are line claims, carrying the
  code the sentence quotes next to them (another code span, or the fenced block right after the paragraph)
  or the symbol it names;
* "``X`` is defined in ``path``", "the ``X`` class in path", "function foo in bar.py", "``path`` defines
  ``X``" are symbol claims;
* commands (shell blocks, inline code, prompt lines) naming ``./scripts/x.sh``, ``bash x.sh``, ``make
  target``, ``npm run x``/``yarn x``/``pnpm x``/``bun run x`` are command claims.
"""

from __future__ import annotations

import bisect
import re
import shlex

from ..records import record
from ..text import fragments
from ..text import transcript_body as _prompt_lines
from ..text.rendered import inline_code
from . import Claim, Kind
from .runners import runners

# a prompt line in prose ("$ make test"): the marker, then the command
PROMPT = re.compile(r"^(\s*(?:\$|>|%|#|PS[^>]*>|❯|➜)\s+)(\S.*)$")

HEDGE = re.compile(
    r"\b(probably|i think|i believe|i guess|i suspect|i assume|might|maybe|perhaps|possibly|could be|"
    r"should be somewhere|likely|not sure|unsure|presumably|may be|if i recall|iirc|not certain|something like|"
    r"or similar|or wherever|i'm not sure|hypothetical(?:ly)?)\b", re.I)
CREATION = re.compile(
    r"\b(create|creating|created|add a new|new file|generate[sd]?|touch|mkdir|save (?:it|this|the file) (?:as|to)|"
    r"delet\w*|remov\w*|rm|rename\w* .{0,40}\bto\b|will be (?:created|written|generated)|write (?:a|the) (?:new )?file|scaffold|move .{0,40}\bto\b)\b",
    re.I)
EXTS = frozenset("""py pyi pyx ipynb js jsx mjs cjs ts tsx mts cts json jsonc json5 md mdx rst txt adoc toml yaml yml cfg ini
conf env sh bash zsh fish ps1 bat cmd go rs java kt kts scala groovy gradle rb erb php c h cc cpp cxx hpp hh cs fs
swift m mm dart ex exs erl hs lua pl pm r jl sql graphql gql proto html htm css scss sass less vue svelte astro
lock xml xsd properties tf tfvars hcl nix dockerfile mk make cmake in tpl j2 jinja csv tsv""".split())
NAMES = frozenset("""Makefile makefile GNUmakefile Dockerfile Containerfile Gemfile Rakefile Procfile Justfile justfile
Vagrantfile Jenkinsfile Pipfile LICENSE README CHANGELOG CONTRIBUTING CODEOWNERS BUILD WORKSPACE""".split())
BAD_PATH_CHARS = re.compile(r"[\s*?<>{}$|\"'`^\\\x00-\x1f\x7f]")
LINE_SUFFIX = re.compile(
    r"^(?P<p>.+?)(?::(?P<a>\d+)(?:[-–](?P<b>\d+)|:\d+)?|#L(?P<a2>\d+)(?:-L?(?P<b2>\d+))?)$")
BARE_TOKEN = re.compile(r"(?<![\w/@.:~-])(?:\.{1,2}/|~/|/)?[\w.\[\]-]+(?:/[\w.\[\]-]+)*/?(?::\d+(?:[-–]\d+)?|#L\d+(?:-L?\d+)?)?")
IDENT = re.compile(
    r"^(?:(?:async\s+)?(?P<kw>def|function|class|fn|func|interface|type|enum)\s+)?"
    r"(?P<name>[A-Za-z_$][\w$]*(?:(?:\.|::|#)[A-Za-z_$][\w$]*)*)\s*(?:\(.*\))?;?$")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*_\[(\"'])|(?<=:)\s+(?=[A-Z`])")
CHANGE = re.compile(r"\b(replace|change|update|modify|edit|rewrite|fix|patch|insert|add|becomes|should (?:look|read)|to read|instead)\b", re.I)
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+|^\s*#{1,6}\s|^\s*>")

KIND_WORDS = {"function": "function", "func": "function", "def": "function", "helper": None, "hook": "function",
              "method": "method", "class": "class", "component": None, "interface": "interface", "type": "type",
              "enum": "enum", "decorator": "function", "constructor": "method"}
KIND = r"(?P<{g}>function|func|def|method|class|interface|type|enum|component|hook|decorator|constructor)"
ITEM = r"⟦(?P<{g}>\d+)⟧"
BARE = r"(?P<{g}>[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?"
PREP = r"(?:in|inside|within|at|from|under|of)"
FILE = r"(?:the\s+)?(?:(?:file|module|source)\s+)?"
DEFINED = r"(?:defined|declared|implemented|located|exported|lives|living|sits|found|registered|written)"
BE = r"(?:(?:that\s+|which\s+)?(?:is|are|was|lives|sits|gets)\s+)?"


def _sym(g: str) -> str:
    return rf"(?:{ITEM.format(g=g + 'i')}|{BARE.format(g=g + 'b')})"


SYMBOL_PATTERNS = [
    # `X` is defined in `path`; `X()` lives in path; `X` is in `path`
    ("A", re.compile(rf"{_sym('s')}\s*(?:\(\))?(?:\s+{KIND.format(g='k')})?,?\s+(?:(?:which|that)\s+)?(?:(?:is|are|was)\s+)?(?:{DEFINED}\s+{PREP}|(?:is|are)\s+(?:in|inside))\s+{FILE}{ITEM.format(g='p')}", re.I)),
    # function foo in bar.py; the class `X` defined in `path`; a function called foo in bar.py
    ("B", re.compile(rf"\b{KIND.format(g='k')}\s+(?:called\s+|named\s+)?{_sym('s')}\s*(?:\(\))?,?\s+{BE}(?:{DEFINED}\s+)?{PREP}\s+{FILE}{ITEM.format(g='p')}", re.I)),
    # the `UserService` class in src/user.ts
    ("C", re.compile(rf"{_sym('s')}\s*(?:\(\))?\s+{KIND.format(g='k')}\s+{BE}(?:{DEFINED}\s+)?{PREP}\s+{FILE}{ITEM.format(g='p')}", re.I)),
    # `path` defines `X`; src/user.ts exports a UserService class
    ("D", re.compile(rf"{ITEM.format(g='p')}\s+(?:defines|declares|exports|contains|has|implements|provides)\s+(?:a\s+|an\s+|the\s+)?(?:{KIND.format(g='k')}\s+(?:called\s+|named\s+)?)?{_sym('s')}(?:\s*\(\))?(?:\s+{KIND.format(g='k2')})?", re.I)),
    # `validateToken` in `auth/jwt.py`; `X` from `y.ts`
    ("E", re.compile(rf"{ITEM.format(g='si')}\s*(?:\(\))?\s+(?:in|from)\s+{FILE}{ITEM.format(g='p')}", re.I)),
]
LINE_PATTERNS = [
    re.compile(rf"\blines?\s+(?P<a>\d+)(?:\s*(?:-|–|to|through|and)\s*(?P<b>\d+))?\s+(?:of|in)\s+{FILE}{ITEM.format(g='p')}", re.I),
    re.compile(rf"{ITEM.format(g='p')},?\s+(?:(?:at|on|in|around)\s+)?(?:lines?|l\.)\s*(?P<a>\d+)(?:\s*(?:-|–|to|through)\s*(?P<b>\d+))?", re.I),
]
STOPWORDS = frozenset("""the a an that which this it is are was in to for with called named and or of you your we our
new same each every any some its their my one another all both""".split())

INTERPRETERS = frozenset({"bash", "sh", "zsh", "dash", "ksh", "fish", "python", "python3", "node", "deno", "ruby",
                          "perl", "pwsh", "powershell", "tsx", "ts-node", "php"})
SCRIPT_EXTS = (".sh", ".bash", ".zsh", ".py", ".js", ".mjs", ".cjs", ".ts", ".mts", ".rb", ".pl", ".ps1", ".php")
MAKE_ARG_OPTS = frozenset({"-j", "-l", "-I", "-o", "-W", "--jobs", "--load-average", "--include-dir", "--old-file",
                           "--new-file", "--what-if"})


@record
class Item:
    content: str  # inside the backticks, or the bare token
    start: int  # offset of the content in the paragraph (for positions)
    span: tuple[int, int]  # what the item covers in the paragraph, backticks included
    code: bool
    path: str | None = None
    a: int | None = None
    b: int | None = None
    used: bool = False


@record
class Block:
    open_line: int  # the fence line
    first: int  # first body line
    body: str
    lang: str


def path_ref(token: str, code: bool) -> tuple[str, int | None, int | None] | None:
    """(path, first line, last line) when ``token`` names a file or folder (with an optional line suffix)."""
    s = token.strip()
    if not code:
        s = s.rstrip(".,;:!?)").lstrip("(")
    a = b = None
    m = LINE_SUFFIX.match(s)
    if m and (m.group("a") or m.group("a2")):
        s = m.group("p")
        a = int(m.group("a") or m.group("a2"))
        b_txt = m.group("b") or m.group("b2")
        b = int(b_txt) if b_txt else None
    if not s or len(s) > 300 or BAD_PATH_CHARS.search(s) or "://" in s or s.startswith(("@", "www.")):
        return None
    if "@" in s or s.startswith(("path/to/", "/path/to/", "your", "my-", "some/")):
        return None
    is_dir = s.endswith("/")
    bare = s.rstrip("/")
    name = bare.rsplit("/", 1)[-1]
    if not name or name in (".", ".."):
        return None
    if is_dir and len(bare) > 0 and a is None:
        return (s, None, None) if (code or "/" in bare) else None
    ext = name.rsplit(".", 1)[1].lower() if "." in name[1:] else ""
    if name in NAMES or ext in EXTS:
        if not code and "/" not in bare and ext in ("js", "ts") and name.rsplit(".", 1)[0].isalpha():
            return None  # Node.js, Vue.js, chart.js: names of things, not files
        return bare, a, b
    if name.startswith(".") and len(name) > 2 and (code or "/" in bare) and re.fullmatch(r"\.[\w.-]+", name):
        return bare, a, b
    if s.startswith(("./", "../")) and len(name) > 1:
        return bare, a, b
    return None


def _identifier(content: str) -> tuple[str, str | None] | None:
    m = IDENT.match(content.strip())
    if not m:
        return None
    kw = m.group("kw")
    kind = {"def": "function", "fn": "function", "func": "function"}.get(kw, kw) if kw else None
    return m.group("name").replace("::", ".").replace("#", "."), kind


def _code_like(word: str) -> bool:
    return bool("_" in word.strip("_") or re.search(r"[a-z][A-Z]", word) or re.match(r"[A-Z][a-z0-9]+[A-Z]", word)
                or ("." in word and all(p.isidentifier() for p in word.split("."))))


class _Text:
    """The answer with fenced blocks and positions: paragraphs of prose, blocks of code."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.blocks: list[Block] = []
        code: set[int] = set()
        for frag in fragments(text):
            if frag.kind != "fenced":
                continue
            n = frag.text.count("\n") + 1
            # the block's lines as written (the fence's indentation as spaces): claims keep their columns
            body = "\n".join(" " * frag.indent + ln for ln in frag.text.split("\n")) if frag.indent else frag.text
            self.blocks.append(Block(frag.line - 1, frag.line, body, frag.lang))
            code.update(range(frag.line - 1, frag.line + n + 1))
        self.code = code
        self.opening = {b.open_line: b for b in self.blocks}

    def paragraphs(self):
        """(first line, [line numbers], joined text) for each run of prose lines."""
        run: list[int] = []
        for no in range(1, len(self.lines) + 1):
            line = self.lines[no - 1]
            if no in self.code or not line.strip() or PROMPT.match(line):
                if run:
                    yield run
                run = []
                continue
            if run and LIST_ITEM.match(line):
                yield run
                run = []
            run.append(no)
        if run:
            yield run


def extract(text: str) -> list[Claim]:
    """Every claim in ``text``, in order of appearance, duplicates dropped."""
    doc = _Text(text)
    claims: list[Claim] = []
    hedged_before: dict[int, bool] = {}  # last prose line of a paragraph -> was its last sentence hedged
    for run in doc.paragraphs():
        hedged = _paragraph(doc, run, claims)
        hedged_before[run[-1]] = hedged
    for no, line in enumerate(doc.lines, 1):  # a prompt line in prose: "$ make test"
        pm = PROMPT.match(line)
        if pm and no not in doc.code and not HEDGE.search(line):
            claims.extend(_commands(pm.group(2), no, len(pm.group(1)) + 1, line))
    for block in doc.blocks:
        prev = block.open_line - 1
        while prev >= 1 and not doc.lines[prev - 1].strip():
            prev -= 1
        if hedged_before.get(prev):
            continue
        shellish = block.lang == "shell" or (block.lang == "" and any(_command_line(ln) for ln in block.body.split("\n")))
        if shellish:
            claims.extend(_commands(_prompt_lines(block.body), block.first, 1, block.body))
    seen: set = set()
    out = []
    for c in sorted(claims, key=lambda c: (c.line, c.column)):
        if c.key() in seen:
            continue
        seen.add(c.key())
        out.append(c)
    return out


def _command_line(line: str) -> bool:
    words = line.strip().split()
    return bool(words) and (words[0] in ("make", "gmake") or words[0].startswith("./")
                            or (words[0] in runners() and len(words) > 1 and words[1] == "run"))


def _paragraph(doc: _Text, run: list[int], claims: list[Claim]) -> bool:
    """Claims of one paragraph into ``claims``; returns whether its last sentence was hedged."""
    starts: list[int] = []
    parts: list[str] = []
    pos = 0
    for no in run:
        starts.append(pos)
        parts.append(doc.lines[no - 1])
        pos += len(doc.lines[no - 1]) + 1
    joined = " ".join(parts)

    def where(offset: int) -> tuple[int, int]:
        i = bisect.bisect_right(starts, offset) - 1
        return run[i], offset - starts[i] + 1

    spans = inline_code(joined)
    in_code = bytearray(len(joined))
    for s, e, _, _ in spans:
        in_code[s:e] = b"\x01" * (e - s)
    masked_s = "".join("x" if in_code[i] else ch for i, ch in enumerate(joined))
    bounds = [0] + [m.end() for m in SENTENCE_END.finditer(masked_s)] + [len(joined)]
    last_hedged = False
    block_after = _block_after(doc, run[-1])
    for si in range(len(bounds) - 1):
        a, b = bounds[si], bounds[si + 1]
        sentence = joined[a:b].strip()
        if not sentence:
            continue
        outside = "".join(" " if in_code[a + i] else ch for i, ch in enumerate(joined[a:b]))
        last = si == len(bounds) - 2
        if HEDGE.search(outside):
            last_hedged = last
            continue
        last_hedged = False
        if CREATION.search(outside):
            continue
        items = _items(joined, a, b, spans)
        _sentence_claims(sentence, joined, a, b, items, where, claims, block_after if last else None)
    return last_hedged


def _block_after(doc: _Text, last_line: int) -> Block | None:
    nxt = last_line + 1
    while nxt <= len(doc.lines) and not doc.lines[nxt - 1].strip() and nxt not in doc.code:
        nxt += 1
    return doc.opening.get(nxt)


def _items(joined: str, a: int, b: int, spans) -> list[Item]:
    items: list[Item] = []
    cursor = a
    lo = bisect.bisect_left(spans, (a,))
    hi = bisect.bisect_left(spans, (b,))
    for s, e, cs, content in spans[lo:hi] + [(b, b, b, None)]:
        for m in BARE_TOKEN.finditer(joined, cursor, s):
            token = m.group(0).rstrip(".,;:!?)")
            ref = path_ref(token, code=False)
            if ref:
                items.append(Item(token, m.start(), (m.start(), m.start() + len(token)), False, *ref))
        if content is not None:
            ref = path_ref(content, code=True)
            lead = len(content) - len(content.lstrip())
            items.append(Item(content.strip(), cs + lead, (s, e), True, *(ref or (None, None, None))))
        cursor = max(cursor, e)
    return items


def _template(joined: str, a: int, b: int, items: list[Item]) -> str:
    """The sentence with each item replaced by ``⟦i⟧``, for the relation patterns."""
    out = []
    cursor = a
    for i, it in enumerate(items):
        out.append(joined[cursor:it.span[0]].replace("⟦", "[").replace("⟧", "]"))
        out.append(f"⟦{i}⟧")
        cursor = it.span[1]
    out.append(joined[cursor:b].replace("⟦", "[").replace("⟧", "]"))
    return "".join(out)


def _overlapping(pat: re.Pattern, text: str):
    pos = 0
    while pos <= len(text):
        m = pat.search(text, pos)
        if m is None:
            return
        yield m
        pos = m.start() + 1


def _sentence_claims(sentence: str, joined: str, a: int, b: int, items: list[Item], where, claims: list[Claim],
                     block_after: Block | None) -> None:
    if not items:
        return
    template = _template(joined, a, b, items)

    def make(kind: Kind, it: Item, **kw) -> Claim:
        line, col = where(it.start)
        return Claim(kind, it.content, line, col, sentence, **kw)

    # prose line references: "line 42 of `x`", "`x`, lines 3-9"
    for pat in LINE_PATTERNS:
        for m in pat.finditer(template):
            it = items[int(m.group("p"))]
            if it.path and it.a is None:
                it.a = int(m.group("a"))
                it.b = int(m.group("b")) if m.group("b") else None
    # symbols
    for label, pat in SYMBOL_PATTERNS:
        for m in _overlapping(pat, template):
            p_item = items[int(m.group("p"))]
            if not p_item.path or p_item.used or p_item.path.endswith("/"):
                continue
            groups = m.groupdict()
            kind_word = (groups.get("k") or groups.get("k2") or "").lower()
            anchor = p_item
            if groups.get("si") is not None:
                s_item = items[int(groups["si"])]
                if s_item.path or not s_item.code or s_item.used:
                    continue
                ident = _identifier(s_item.content)
                if not ident:
                    continue
                symbol, kw_kind = ident
                s_item.used = True
                anchor = s_item
            elif groups.get("sb"):
                symbol, kw_kind = groups["sb"], None
                if symbol.lower() in STOPWORDS or symbol.lower() in KIND_WORDS:
                    continue
                if label in ("A", "C") and not _code_like(symbol):
                    continue
                if label == "D" and not kind_word and not _code_like(symbol):
                    continue
            else:
                continue
            claimed_kind = kw_kind or (KIND_WORDS.get(kind_word) if kind_word else None)
            p_item.used = True
            written = f"{anchor.content if anchor is not p_item else symbol} in {p_item.content}"
            line, col = where(anchor.start)
            if p_item.a is not None:
                claims.append(Claim(Kind.LINES, written, line, col, sentence, path=p_item.path, start=p_item.a,
                                    end=p_item.b or p_item.a, symbol=symbol, symbol_kind=claimed_kind))
            else:
                claims.append(Claim(Kind.SYMBOL, written, line, col, sentence, path=p_item.path, symbol=symbol,
                                    symbol_kind=claimed_kind))
    # line claims with what the sentence quotes next to them
    others = [it for it in items if it.code and not it.path and not it.used]
    for it in items:
        if it.used or not it.path:
            continue
        if it.a is not None:
            it.used = True
            kw: dict = {"path": it.path, "start": it.a, "end": it.b or it.a}
            quoted = next(iter(others), None)
            if quoted is not None and CHANGE.search(sentence):
                quoted = None
            if quoted is not None:
                others.remove(quoted)
                ident = _identifier(quoted.content)
                if ident:
                    kw["symbol"], kw["symbol_kind"] = ident
                else:
                    kw["quote"] = quoted.content
            elif block_after is not None and block_after.body.strip() and not CHANGE.search(sentence):
                kw["quote"] = block_after.body
            claims.append(make(Kind.LINES, it, **kw))
    # commands in code spans, then plain paths
    for it in items:
        if it.used:
            continue
        if it.code and not it.path:
            line, col = where(it.start)
            claims.extend(_commands(it.content, line, col, sentence))
        elif it.path:
            it.used = True
            claims.append(make(Kind.PATH, it, path=it.path))


def _commands(text: str, line: int, column: int, sentence: str) -> list[Claim]:
    """Command claims in shell text starting at ``line``; a ``cd`` moves later relative paths."""
    out: list[Claim] = []
    cwd: str | None = ""
    for offset, raw in enumerate(text.split("\n")):
        if cwd is None:
            break
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        lex = shlex.shlex(raw, posix=True, punctuation_chars=";&|()<>")
        lex.whitespace_split = True
        lex.commenters = "#"
        try:
            tokens = list(lex)
        except ValueError:
            continue
        argvs: list[list[str]] = [[]]
        for tok in tokens:
            if tok and all(ch in ";&|()<>" for ch in tok):
                argvs.append([])
            else:
                argvs[-1].append(tok)
        col = column if offset == 0 else 1
        for argv in argvs:
            while argv and (re.match(r"^[A-Za-z_]\w*=", argv[0]) or argv[0] in ("sudo", "time", "exec", "command", "env", "nohup")):
                argv = argv[1:]
            if not argv:
                continue
            if argv[0] == "cd":
                cwd = _cd(cwd, argv[1] if len(argv) > 1 else "")
                if cwd is None:
                    break
                continue
            for claim_kw in _command_claims(argv, cwd):
                out.append(Claim(Kind.COMMAND, " ".join(argv), line + offset, col, sentence.strip() if offset == 0 and "\n" not in sentence else raw.strip(), **claim_kw))
    return out


def _cd(cwd: str, target: str) -> str | None:
    if not target or target.startswith(("/", "~", "-", "$")) or BAD_PATH_CHARS.search(target):
        return None
    parts = [p for p in cwd.split("/") if p]
    for p in target.split("/"):
        if p in ("", "."):
            continue
        if p == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(p)
    return "/".join(parts)


def _join(cwd: str, path: str) -> str:
    return f"{cwd}/{path}" if cwd else path


def _command_claims(argv: list[str], cwd: str) -> list[dict]:
    head = argv[0]
    if BAD_PATH_CHARS.search(head):
        return []
    if head.startswith(("./", "../")) and len(head) > 2:
        return [{"command": "script", "path": _join(cwd, head)}]
    if head in INTERPRETERS:
        args = argv[1:]
        if any(a in ("-m", "-c", "-e", "--eval", "-Command") for a in args):
            return []
        first = next((a for a in args if not a.startswith("-")), None)
        if first and first.lower().endswith(SCRIPT_EXTS) and not first.startswith(("/", "~", "$")) and not BAD_PATH_CHARS.search(first):
            return [{"command": "script", "path": _join(cwd, first)}]
        return []
    if head in ("make", "gmake"):
        return _make(argv[1:], cwd)
    if head in runners():
        return _runner(head, argv[1:], cwd)
    return []


def _make(args: list[str], cwd: str) -> list[dict]:
    where: str | None = cwd  # None once a -C leaves the tree (an absolute or unsafe folder)
    makefile = None
    targets: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-C", "--directory") and i + 1 < len(args):
            where = _cd(where, args[i + 1]) if where is not None else None
            i += 2
            continue
        if a.startswith("--directory="):
            where = _cd(where, a.split("=", 1)[1]) if where is not None else None
        elif a in ("-f", "--file", "--makefile") and i + 1 < len(args):
            makefile = args[i + 1]
            i += 2
            continue
        elif a.startswith(("--file=", "--makefile=")):
            makefile = a.split("=", 1)[1]
        elif a in MAKE_ARG_OPTS and i + 1 < len(args) and not args[i + 1].startswith("-"):
            i += 2
            continue
        elif a.startswith("-") or "=" in a:
            pass
        elif BAD_PATH_CHARS.search(a) or "%" in a:
            return []
        else:
            targets.append(a)
        i += 1
    if where is None or (makefile and (makefile.startswith(("/", "~")) or BAD_PATH_CHARS.search(makefile))):
        return []
    base = {"command": "make", "cwd": where or None, "path": makefile}
    return [{**base, "target": t} for t in targets] or [{**base, "target": None}]


def _runner(tool: str, args: list[str], cwd: str) -> list[dict]:
    where: str | None = cwd
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--prefix", "--cwd", "-C", "--dir") and i + 1 < len(args):
            where = _cd(where or "", args[i + 1]) if where is not None else None
            i += 2
            continue
        if a in ("-w", "--workspace", "--filter", "-F", "-r", "--recursive", "--workspaces", "-ws"):
            return []  # runs in workspace packages: not a claim about one package.json
        if a.startswith("-") and not rest:
            i += 1
            continue
        rest.append(a)
        i += 1
    if where is None or not rest:
        return []
    sub = rest[0]
    runner = runners()[tool]
    target = None
    if sub in runner.run:
        target = next((r for r in rest[1:] if not r.startswith("-")), None)
        if runner.files and target and target.lower().endswith(SCRIPT_EXTS):
            return [{"command": "script", "path": _join(where, target)}]
    elif sub in runner.lifecycle:
        target = runner.lifecycle[sub] or None
    elif runner.bare and sub not in runner.builtins:
        target = sub
    if not target or BAD_PATH_CHARS.search(target):
        return []
    return [{"command": tool, "target": target, "cwd": where or None}]
