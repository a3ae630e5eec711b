"""What a command line installs: the one reading of shell text used by the agent hooks, ``guard``, the
script parsers and the text reader.

:func:`analyze` walks the commands of a script in order, keeping what the line itself establishes:

- **variables** set earlier on the same line (``X=requests; pip install $X``, ``export``, ``for p in a b``,
  ``read`` from a here-string, a pipe or a loop's input), brace expansion and word splitting;
- **the folder** each command runs in (``cd``, ``pushd``, subshells restore it), so a manifest install
  (``pip install -r req.txt``, ``npm ci``) names the files it will read;
- **standard input**: ``echo '…' | bash``, here-documents and here-strings fed to a shell, ``xargs`` given
  names by ``echo``/``printf``/``cat FILE``, ``curl … | sh``;
- **nested commands**: wrappers (``sudo``, ``env``, ``timeout 10``), runners (``uv run``, ``poetry run``,
  ``conda run``, ``corepack``), interpreters (``python -W x -m pip``), nested shells and ``eval``;
- **files written on the same line** (``cat > req.txt <<EOF … EOF && pip install -r req.txt``): the
  manifest's text is what the line writes, not what is on disk;
- **other indexes**: ``--index-url``, ``--registry``, ``PIP_INDEX_URL=…``, ``npm config set registry``.

Whatever installs something that cannot be known from the text (a variable from outside, a command's
output, a downloaded script, an archive or VCS URL, a folder that cannot be told) becomes an
:class:`~depguard.commands.Unresolved` with a reason, so a front end can ask instead of allowing silently.
Every walk is bounded (nesting, expansions, commands, input size): past a bound the answer is Unresolved.

A grammar (``@grammar("pip")``) sees plain words: a word whose value is unknown reaches it as a
placeholder name, and whatever the grammar makes of a placeholder (a package, a manifest path) comes back
out as Unresolved with the reason the value is unknown. So every tool's grammar handles unknown values
the same way without knowing about them.
"""

from __future__ import annotations

import contextvars
import itertools
import posixpath
import re
from collections.abc import Callable, Iterable, Mapping

from .. import lazyre
from ..records import field, record, replace
from .branches import MAX_PATHS, Guard, IfShape, if_shape, merge, possible, test_guard
from .shell import SHELLS, Command, Word, ansi_c, inner_word, is_assignment, parse_script, wrapper_end

TYPE_CHECKING = False  # typing is not imported at run time (see depguard/records.py)
if TYPE_CHECKING:
    from . import Grammar
    from .declared import ScriptInstall, Tool

MAX_SCRIPT = 1_000_000  # characters of command text read; longer is Unresolved
MAX_LEVEL = 8  # eval / bash -c / runner nesting
MAX_COMMANDS = 20_000  # simple commands dispatched per analysis
MAX_FIELDS = 256  # words one word may expand to
# characters of a command substitution read again for what it prints (`$(cat requirements.txt)`): a longer one is a
# block of a program (Empire's PowerShell modules nest `$( … )` over whole functions, and reading each again at every
# level made one 290 KB script take minutes); its output is then unknown, as any other command's
MAX_FEED_SCRIPT = 4096
# command substitutions read again for their output inside one another (`$(echo $(echo …))`): each level parsed and
# expanded its whole inner text again, so a 1.6 KB line of 200 nested levels took minutes (l39); deeper ones are unknown (too complex,
# reported, as a parse nested deeper than shell.MAX_DEPTH)
MAX_FEED_NESTING = 8
MAX_ITEMS = 10_000

PLACEHOLDER = lazyre.compile(r"dgx(\d+)q")
VERSION_SUFFIX = lazyre.compile(r"-?\d+(\.\d+)*$")  # a tool named with its version: pip3.12, node-20
PYTHON_TOOL = lazyre.compile(r"(python|pypy)[\d.]*[mwtd]?(-dbg)?")
VERSION_SEP = "=<>~!@:["
OPTION_EQUALS = lazyre.compile(r"^--?[A-Za-z][\w.-]*=")  # `--name=` before an option's value; _FieldSoFar reads this shape a character at a time
DOWNLOADERS = {"curl", "wget", "iwr", "irm", "invoke-webrequest", "invoke-restmethod", "Invoke-WebRequest",
               "Invoke-RestMethod", "http", "https", "xh", "fetch", "aria2c", "lwp-request", "GET"}
FILTERS = {"grep", "egrep", "fgrep", "rg", "sort", "uniq", "head", "tail", "cat", "tac", "tee", "pv", "ts"}
INTERPRETERS = {"python", "py", "pypy", "pypy3", "node", "nodejs", "ruby", "perl", "php", "deno", "bun", "Rscript"}
# options whose value is code the tool runs, of tools no ecosystem declares (theirs: depguard/commands/declared.py)
CODE_OPTIONS = {"osascript": ("-e",)}
INSTALL_VERBS = {"install", "i", "add", "sync", "ci", "require", "get"}
# Runners: ``TOOL SUB [options] COMMAND…`` runs COMMAND; options taking a value. These run any language's tools;
# an ecosystem's own runners (``uv run``, ``conda run``, ``bundle exec``) are declared by it (commands/declared.py).
RUNNERS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "asdf": (frozenset({"exec"}), frozenset()),
    "mise": (frozenset({"exec", "x"}), frozenset({"-C", "--cd", "-E", "--env", "-j", "--jobs"})),
    "rtx": (frozenset({"exec", "x"}), frozenset({"-C", "--cd"})),
    "devbox": (frozenset({"run"}), frozenset({"-c", "--config"})),
    "direnv": (frozenset({"exec"}), frozenset()),  # direnv exec DIR COMMAND: DIR is read as the first positional
    # Apptainer (formerly Singularity): `apptainer exec [options] IMAGE COMMAND…` runs COMMAND in the container
    # IMAGE (a .sif file, docker://…): an HPC job's `singularity exec --nv img.sif pip install --user x`
    **dict.fromkeys(("apptainer", "singularity"), (frozenset({"exec"}), frozenset({
        "-B", "--bind", "--env", "--env-file", "-H", "--home", "-W", "--workdir", "-S", "--scratch", "--pwd", "-o",
        "--overlay", "--app", "--security", "--network", "--network-args", "--hostname", "--dns", "--mount",
        "--add-caps", "--drop-caps", "--apply-cgroups", "--cpus", "--memory", "--cwd", "--nvccli", "--fusemount"}))),
}
# Runners whose first positional after the subcommand is not the command: direnv's folder, a container's image
FIRST_POSITIONAL_NOT_COMMAND = frozenset({"direnv", "apptainer", "singularity"})
# Runners whose positionals before ``--`` are the tools to put on PATH, not the command (``mise x ruby@3 node --
# gem install rails`` runs gem): with a ``--``, the command is what follows it
TOOLS_BEFORE_COMMAND = frozenset({"mise", "rtx"})
# Another index: options and variables naming a config file (which may set one) for any tool. Each ecosystem's
# own index options, variables and config files, and its public addresses (no other index), are declared (declared.py).
CONFIG_FILE_OPTIONS = {"--userconfig", "--globalconfig", "--config-file", "--rcfile"}
CONFIG_FILE_ENV = {"PIP_CONFIG_FILE", "NPM_CONFIG_USERCONFIG", "NPM_CONFIG_GLOBALCONFIG", "UV_CONFIG_FILE",
                   "YARN_RC_FILENAME", "GEMRC"}
INNER_INDEX = lazyre.compile(r"(--index-url|--extra-index-url|--registry|--index)[= ]+['\"]?([^'\"\s]+)")


@record(frozen=True)
class Unknown:
    """A value the command line does not give: why, and the file it is read from when that is known."""

    reason: str
    kind: str = "variable"
    file: str | None = None  # names read line by line from this file (``$(cat req.txt)``, ``xargs -a F``)
    default: str | None = None  # ``${X:-default}``


Value = tuple[str, ...]  # the alternatives a variable takes (one, or a loop's list)


class Array(tuple):
    """A bash array (``arr=(a b)``, ``set -- a b``): ``"${arr[@]}"`` is one word per element."""

    __slots__ = ()



@record(frozen=True)
class Feed:
    """What a command writes to its standard output, as far as the line tells."""

    text: str | None = None
    words: tuple[Word, ...] = ()  # the words ``text`` is made of, when it is echo/printf arguments
    file: str | None = None  # the output is (a filtering of) this file's lines
    url: str | None = None  # the output is downloaded
    source: str = "another command"  # for reasons: what produces it
    word: Word | None = None
    unknown: Unknown | None = None  # why the text is not known, when a value in it is not


@record
class State:
    cwd: str | Unknown
    vars: dict[str, Value | Unknown] = field(default_factory=dict)
    exported: set[str] = field(default_factory=set)
    # files written on this line -> their text; ("+", text) appended to the file on disk; None: unknown
    written: dict[str, str | tuple[str, str] | None] = field(default_factory=dict)
    created: dict[str, str] = field(default_factory=dict)  # folders made on this line (cloned) -> by what
    dirstack: list[str | Unknown] = field(default_factory=list)
    downloaded: dict[str, str] = field(default_factory=dict)  # files downloaded on this line -> from where
    # shell functions defined on the line: name -> (commands, body start, body end, loops, group of the definition)
    functions: dict[str, tuple] = field(default_factory=dict)
    # after an if whose branches end in different folders (depguard/commands/branches.py): the unknown folder
    # ``cwd`` then is, and the paths it stands for, each with the tests that led there
    paths: tuple[Unknown, list] | None = None
    # sources a tool's later installs may take names from, added on this line (`brew tap wix/brew`): tool -> them
    sources: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def copy(self) -> State:
        return State(self.cwd, dict(self.vars), set(self.exported), dict(self.written), dict(self.created),
                     list(self.dirstack), dict(self.downloaded), dict(self.functions), self.paths, dict(self.sources))


_ACTIVE: contextvars.ContextVar[tuple[Analysis, State, int] | None] = contextvars.ContextVar("depguard_shell", default=None)
# the here-document or here-string the command a grammar reads is given on its standard input (see here_document)
_STDIN: contextvars.ContextVar[Feed | None] = contextvars.ContextVar("depguard_stdin", default=None)


def _short(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _brace_expand(raw: str, limit: int = MAX_FIELDS, depth: int = 0) -> list[str]:
    """Bash brace expansion of the unquoted ``{a,b}`` / ``{1..3}`` parts of a raw word (nesting past 16 levels
    is cut short: the result then has ``limit`` words, which the caller reports)."""
    if depth > 16:
        return [raw] * limit
    if "{" not in raw or "}" not in raw or ("," not in raw and ".." not in raw):
        return [raw]  # nothing to expand (read in one pass of str's own searches, not a character loop)
    if len(raw) > MAX_FEED_SCRIPT and "$(" in raw:
        return [raw]  # a long command substitution's program (a PowerShell function's `$( … )`): its braces are its
        # own blocks, read when the substitution is run, not alternatives of this word
    depth_quote = None
    i, n = 0, len(raw)
    while i < n:
        c = raw[i]
        if depth_quote:
            if c == depth_quote:
                depth_quote = None
            elif c == "\\" and depth_quote == '"':
                i += 1
            i += 1
            continue
        if c in "'\"":
            depth_quote = c
        elif c == "\\":
            i += 1
        elif c == "{" and (i == 0 or raw[i - 1] != "$"):
            close = _brace_close(raw, i)
            if close > 0:
                body = raw[i + 1:close]
                parts = _brace_parts(body)
                if parts is not None:
                    out: list[str] = []
                    tails = _brace_expand(raw[close + 1:], limit, depth + 1)  # once, not once per part
                    for p in parts:
                        for tail in tails:
                            out.append(raw[:i] + p + tail)
                            if len(out) >= limit:
                                return out
                    if any("{" in o for o in out):
                        return [w for o in out for w in _brace_expand(o, limit, depth + 1)][:limit]
                    return out
        i += 1
    return [raw]


def _brace_close(raw: str, i: int) -> int:
    depth = 0
    for j in range(i, len(raw)):
        c = raw[j]
        if c in "'\"":
            return -1
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return j
    return -1


def _brace_parts(body: str) -> list[str] | None:
    m = re.fullmatch(r"(-?\d+)\.\.(-?\d+)", body)
    if m:
        a, b = int(m.group(1)), int(m.group(2))
        if abs(b - a) > MAX_FIELDS:
            return None
        step = 1 if b >= a else -1
        return [str(k) for k in range(a, b + step, step)]
    m = re.fullmatch(r"([A-Za-z])\.\.([A-Za-z])", body)
    if m:
        a, b = ord(m.group(1)), ord(m.group(2))
        step = 1 if b >= a else -1
        return [chr(k) for k in range(a, b + step, step)]
    parts, depth, start = [], 0, 0
    for j, c in enumerate(body):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(body[start:j])
            start = j + 1
    if not parts:
        return None
    parts.append(body[start:])
    return parts



class _FieldSoFar:
    """The word a raw word's expansion has built so far, as much of it as says whether an unknown value now lands
    after a version separator (:attr:`after_sep`): one past the field's first character (:data:`VERSION_SEP`), an
    option's own ``--name=`` (:data:`OPTION_EQUALS`) left out. Each character is read once, when it is asked about
    (reviewer r37: reading the whole word again at each unknown value was quadratic: 16,000 ``${___}`` in one word
    took 8.7 s)."""

    def __init__(self) -> None:
        self._pending: list[str] = []
        self._reset()

    def _reset(self) -> None:
        self._sep = False
        self._at = 0  # the field's characters read
        self._option = 0  # where OPTION_EQUALS stands: 0 nothing, 1 "-", 2 "--", 3 in the name; -1 failed; -2 matched
        self._from = 1  # the first field index a separator counts from

    def add(self, text: str) -> None:
        self._pending.append(text)

    @property
    def after_sep(self) -> bool:
        """Whether the field so far (the text after the last blank) has a separator past its first character, an
        option's own ``--name=`` left out."""
        for text in self._pending:
            for c in text:
                self._read(c)
        self._pending.clear()
        return self._sep

    def _read(self, c: str) -> None:
        if c.isspace():
            self._reset()
            return
        at, self._at = self._at, self._at + 1
        if self._option >= 0:
            step = self._option
            if c == "-" and step in (0, 1):
                self._option = step + 1
                return
            if step in (1, 2) and c.isascii() and c.isalpha():
                self._option = 3
                return
            if step == 3 and (c.isalnum() or c in "_.-"):
                return
            if step == 3 and c == "=":
                self._option, self._from = -2, at + 2  # the value after the option's '=' is the field now
                return
            self._option = -1
        if at >= self._from and c in VERSION_SEP:
            self._sep = True


class Analysis:
    """One walk over a script; collects Targets, Manifests and Unresolved values in order."""

    def __init__(self, home: str | None = None, zsh: bool = False) -> None:
        self.home = home
        # a zsh script: an unquoted $arr / ${arr} of an array is all its elements (zsh's default, no KSH_ARRAYS),
        # where bash gives the first
        self.zsh = zsh
        self.items: list = []
        self.unknowns: dict[str, Unknown] = {}
        self.commands = 0
        self.truncated = False
        self.defined: list[tuple[str, tuple, State]] = []  # functions defined on the line, with their state
        self.called: set[int] = set()  # id() of the function bodies called
        # the function being read that passes its words to Homebrew and to another system's package manager alike
        # (:func:`_system_dispatcher`), and those managers: its brew words are the system's package names
        self.dispatcher: tuple[str, tuple[str, ...]] | None = None
        self.feeding = 0  # command substitutions being read for their output, one inside another

    # --- values -------------------------------------------------------------------------------

    def placeholder(self, unknown: Unknown) -> str:
        token = f"dgx{len(self.unknowns)}q"
        self.unknowns[token] = unknown
        return token

    def unknown_in(self, text: str) -> Unknown | None:
        m = PLACEHOLDER.search(text)
        return self.unknowns.get(m.group(0), Unknown("a value depguard cannot tell")) if m else None

    def lookup(self, name: str, state: State) -> Value | Unknown:
        if name in state.vars:
            return state.vars[name]
        if name == "PWD" and isinstance(state.cwd, str):
            return (state.cwd,)
        if name == "HOME" and self.home:
            return (self.home,)
        if name in ("@", "*") or name.isdigit():
            return Unknown("the script's arguments ($%s)" % name)
        return Unknown(f"${name}, which is set outside this command")

    def expand(self, word: Word, state: State, split: bool = True) -> list[str]:
        """The fields ``word`` expands to; unknown parts become placeholders (or "0" after a version separator)."""
        if not word.dynamic and not ("{" in word.raw and not word.quoted) and not word.raw.startswith("~"):
            return [word.text]
        if word.raw == "" or (word.expands is None and word.raw != word.text and "$" not in word.raw
                              and "`" not in word.raw and "{" not in word.raw and "~" not in word.raw):
            return [word.text]
        out: list[str] = []
        raws = _brace_expand(word.raw) if not word.quoted or "{" in word.raw else [word.raw]
        for raw in raws:
            for fields in self._expand_raw(raw, state, split):
                out.extend(fields)
        if len(out) >= MAX_FIELDS or len(raws) >= MAX_FIELDS:  # cut short: what was left out is not known
            out = out[:MAX_FIELDS - 1] + [self.placeholder(Unknown(f"more than {MAX_FIELDS} words made from one word",
                                                                   "too-complex"))]
        return out

    def _expand_raw(self, raw: str, state: State, split: bool) -> list[list[str]]:
        """Alternatives (loop variables) x fields of one raw word."""
        parts: list[tuple[str, object]] = []  # ("lit", text) | ("q", value) | ("u", value); value: Value | Unknown
        i, n = 0, len(raw)
        lit: list[str] = []

        def flush() -> None:
            if lit:
                parts.append(("lit", "".join(lit)))
                lit.clear()

        def dollar(j: int, quoted: bool) -> int:
            """Read an expansion at raw[j] == '$'; returns the index after it."""
            flush()
            kind = "q" if quoted or not split else "u"
            if raw.startswith("$((", j):
                end = _closing_paren(raw, j + 1)
                parts.append((kind, Unknown("an arithmetic expansion", "substitution")))
                return end + 1
            if raw.startswith("$(", j):
                end = _closing_paren(raw, j + 1)
                parts.append((kind, self.substitution_value(raw[j + 2:end], state)))
                return end + 1
            if raw.startswith("${", j):
                end = _closing_brace(raw, j + 1)
                body = raw[j + 2:end]
                m = re.match(r"#?([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])", body)
                name = m.group(1) if m else body
                value = self.lookup(name, state) if m else Unknown(f"${{{body}}}")
                rest = body[m.end():] if m else ""
                index = re.fullmatch(r"\[(\d+|@|\*)\]", rest)
                if body.startswith("#") and m:  # ${#X}: a length
                    value = Unknown(f"the length of ${name}", "substitution")
                elif index and isinstance(value, Array):
                    if index.group(1) in "@*":
                        parts.append(("a", value))
                        return end + 1
                    k = int(index.group(1))
                    value = (value[k],) if k < len(value) else ("",)
                elif rest.startswith("["):
                    value = Unknown(f"the array ${{{body}}}") if isinstance(value, Unknown) or rest not in ("[@]", "[*]", "[0]") else value
                elif rest[:2] in (":-", ":=") or rest[:1] in ("-", "="):
                    default = rest[2:] if rest[:1] == ":" else rest[1:]
                    if isinstance(value, Unknown):
                        value = replace(value, default=default if "$" not in default and "`" not in default else None)
                elif rest:
                    value = Unknown(f"${{{body}}}", "substitution") if not isinstance(value, Unknown) else value
                if isinstance(value, Array) and self.zsh and kind == "u" and not rest and not body.startswith("#"):
                    parts.append(("a", value))  # zsh: ${arr} is every element, a word each
                    return end + 1
                if isinstance(value, Array):
                    value = (name in "@*" and " ".join(value) or (value[0] if value else ""),)
                parts.append((kind, value))
                return end + 1
            m = re.match(r"\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])", raw[j:])
            if not m:
                lit.append("$")
                return j + 1
            value = self.lookup(m.group(1), state)
            if isinstance(value, Array):
                if m.group(1) in "@*" or (self.zsh and kind == "u"):  # zsh: $arr is every element, a word each
                    parts.append(("a", value))
                    return j + m.end()
                value = (value[0] if value else "",)
            parts.append((kind, value))
            return j + m.end()

        while i < n:
            c = raw[i]
            if c == "\\" and i + 1 < n:
                if raw[i + 1] != "\n":
                    lit.append(raw[i + 1])
                i += 2
            elif c == "'":
                end = raw.find("'", i + 1)
                end = n if end < 0 else end
                lit.append(raw[i + 1:end])
                i = end + 1
            elif c == "$" and raw.startswith("$'", i):
                j = i + 2
                while j < n and raw[j] != "'":
                    j += 2 if raw[j] == "\\" else 1
                lit.append(ansi_c(raw[i + 2:j]))
                i = j + 1
            elif c == '"':
                i += 1
                while i < n and raw[i] != '"':
                    if raw[i] == "\\" and i + 1 < n and raw[i + 1] in '"\\$`\n':
                        if raw[i + 1] != "\n":
                            lit.append(raw[i + 1])
                        i += 2
                    elif raw[i] == "$" and i + 1 < n and raw[i + 1] not in " \t\"":
                        i = dollar(i, True)
                    elif raw[i] == "`":
                        end = raw.find("`", i + 1)
                        end = n if end < 0 else end
                        flush()
                        parts.append(("q", self.substitution_value(raw[i + 1:end], state)))
                        i = end + 1
                    else:
                        lit.append(raw[i])
                        i += 1
                i += 1
            elif c == "$" and i + 1 < n:
                i = dollar(i, False)
            elif c == "`":
                end = raw.find("`", i + 1)
                end = n if end < 0 else end
                flush()
                parts.append(("u" if split else "q", self.substitution_value(raw[i + 1:end], state)))
                i = end + 1
            elif c in "<>" and raw.startswith(("<(", ">("), i):  # <(cmd): a /dev/fd path holding cmd's output
                end = _closing_paren(raw, i + 1)
                flush()
                value = self.substitution_value(raw[i + 2:end], state)
                parts.append(("q", value if isinstance(value, Unknown) else Unknown(
                    f"the output of `{_short(raw[i + 2:end])}`", "substitution")))
                i = end + 1
            elif c == "~" and i == 0:
                m = re.match(r"~(?=/|$)", raw)
                other = re.match(r"~([A-Za-z_][\w.-]*)(?=/|$)", raw)
                if m and self.home:
                    lit.append(self.home)
                    i += 1
                elif m or other:  # ~ without a known home, ~user
                    flush()
                    parts.append(("q", Unknown(f"the home folder of {other.group(1)}" if other else "the home folder (~)",
                                               "folder")))
                    i += other.end() if other else 1
                else:
                    lit.append(c)
                    i += 1
            elif c in "*?" and split:
                lit.append(c)
                i += 1
            else:
                lit.append(c)
                i += 1
        flush()
        choices: list[list[tuple[str, str]]] = []
        prefix = _FieldSoFar()
        for kind, value in parts:  # type: ignore[assignment]  # value: the kind says which (see parts above)
            if kind == "lit":
                choices.append([("lit", value)])  # type: ignore[list-item]
                prefix.add(value)  # type: ignore[arg-type]
                continue
            if isinstance(value, Unknown):
                # an option's own `=` (`--requirement=$DIR/r.txt`, `--file=${X}`) is no version separator: the
                # value is unknown, as after `-r $DIR/r.txt`, not a version "0"
                choices.append([("q", "0" if prefix.after_sep else self.placeholder(value))])
                prefix.add("0")
                continue
            if kind == "a":
                choices.append([("a", value)])  # type: ignore[list-item]
                prefix.add(" ")
                continue
            choices.append([(kind, v) for v in value])  # type: ignore[union-attr]
            prefix.add(value[0] if value else "")  # type: ignore[index]
        results: list[list[str]] = []
        for combo in itertools.islice(itertools.product(*choices), MAX_FIELDS):
            fields: list[str] = []
            current: str | None = None
            for kind, text in combo:
                if kind == "a":  # array elements: one field each, the first and last joined to their neighbours
                    for k, element in enumerate(text):  # type: ignore[arg-type]
                        if k == 0:
                            current = (current or "") + element
                        else:
                            fields.append(current or "")
                            current = element
                    continue
                if kind == "u":
                    pieces = _ifs_split(text, state)
                    if not pieces:
                        continue
                    if text[:1].isspace() and current is not None:
                        fields.append(current)
                        current = None
                    for k, piece in enumerate(pieces):
                        if k == 0:
                            current = (current or "") + piece
                        else:
                            fields.append(current or "")
                            current = piece
                    if text[-1:].isspace():
                        fields.append(current or "")
                        current = None
                else:
                    current = (current or "") + text
            if current is not None:
                fields.append(current)
            results.append(fields)
        return results or [[]]

    def set_array(self, state: State, name: str, raw: str, append: bool = False) -> None:
        """``name=(a "b c" $x)``: the elements, expanded."""
        try:
            cmds = parse_script(raw[1:-1] if raw.endswith(")") else raw[1:])
        except RecursionError:  # pragma: no cover
            cmds = []
        elements: list[str] = [f for c in cmds for w in c.words for f in self.expand(w, state)]
        before = state.vars.get(name)
        if append and isinstance(before, Array):
            elements = [*before, *elements]
        state.vars[name] = Array(elements[:MAX_FIELDS])

    def substitution_value(self, script: str, state: State) -> Value | Unknown:
        """The value of ``$(…)``: the names of a file it cats or filters, else unknown."""
        if self.feeding >= MAX_FEED_NESTING:
            return Unknown(f"the output of command substitutions nested more than {MAX_FEED_NESTING} deep",
                           "too-complex")
        feed = self.script_feed(script, state)
        if feed.text is not None:
            return (feed.text.strip(),)
        if feed.file:
            return Unknown(f"names read from {feed.file}", "file", file=feed.file)
        if feed.url:
            return Unknown(f"text downloaded from {feed.url}", "remote")
        return Unknown(f"the output of `{_short(script)}`", "substitution")

    def script_feed(self, script: str, state: State) -> Feed:
        if len(script) > MAX_FEED_SCRIPT:  # no `cat file` or `curl URL` is that long: a program's block, not read again
            return Feed(source="a command")
        try:
            cmds = parse_script(script)
        except RecursionError:  # pragma: no cover - parse_script is bounded
            return Feed(source="a command")
        cmds = [c for c in cmds if c.words]
        if not cmds:
            return Feed(text="")
        self.feeding += 1
        try:
            return self.feed(cmds, len(cmds) - 1, state)
        finally:
            self.feeding -= 1

    # --- walking ------------------------------------------------------------------------------

    def run_script(self, script: str, state: State, level: int, at: Word | None = None) -> None:
        if level > MAX_LEVEL:
            self.unresolved("too-complex", "commands nested too deeply to read", at)
            return
        if len(script) > MAX_SCRIPT:
            self.unresolved("too-complex", f"a command of {len(script):,} characters is too long to read", at)
            return
        cmds = parse_script(script)
        if at is not None:
            cmds = _placed(cmds, at)
        self.run_commands(cmds, state, level)

    def run_commands(self, cmds: list[Command], state: State, level: int) -> None:
        self.run_range(cmds, 0, len(cmds), state, level, _loops(cmds), ())

    def run_range(self, cmds: list[Command], start: int, end: int, state: State, level: int,
                  loops: dict[int, int], base: tuple[int, ...]) -> None:
        """Commands ``start``..``end`` in order; a ( … ) subshell gets a copy of the state it starts from."""
        stack: list[tuple[tuple[int, ...], State]] = [(base, state)]
        k = start
        while k < end:
            cmd = cmds[k]
            while len(stack) > 1 and cmd.group[: len(stack[-1][0])] != stack[-1][0]:
                stack.pop()
            while len(stack[-1][0]) < len(cmd.group):
                stack.append((cmd.group[: len(stack[-1][0]) + 1], stack[-1][1].copy()))
            st = stack[-1][1]
            for sub in cmd.substitutions:
                self.run_commands(sub, st.copy(), level + 1)
            if cmd.too_deep:
                self.unresolved("too-complex", "command substitutions nested too deeply to read",
                                cmd.words[0] if cmd.words else None)
            self.commands += 1
            if self.commands > MAX_COMMANDS:
                if not self.truncated:
                    self.unresolved("too-complex", f"more than {MAX_COMMANDS:,} commands to read",
                                    cmd.words[0] if cmd.words else None)
                    self.truncated = True
                return
            if k in loops and loops[k] < end and self.run_loop(cmds, k, loops[k], st, level, loops):
                k = loops[k] + 1
                continue
            shape = if_shape(cmds, k, end) if cmd.words and cmd.defines is None else None
            if shape is not None:
                self.run_if(cmds, shape, st, level, loops, cmd.group)
                k = shape.fi + 1
                continue
            if cmd.defines is not None:
                body_end = _function_body(cmds, k, end)
                if body_end > k + 1:  # f() { …; }: read when it is called, with its arguments
                    st.functions[cmd.defines] = (cmds, k + 1, body_end, loops, cmd.group)
                    self.defined.append((cmd.defines, st.functions[cmd.defines], st))
                    k = body_end
                    continue
            if cmd.words:
                self.run_command(cmds, k, st, level)
                record_outputs(self, cmds, k, st)
            k += 1

    def run_if(self, cmds: list[Command], shape: IfShape, state: State, level: int, loops: dict[int, int],
               base: tuple[int, ...]) -> None:
        """An ``if``: every condition and branch read in order (their installs all judged, their variables kept as
        in sequence), but each branch starts in the folder the ``if`` started in, narrowed by its test, and after
        ``fi`` the folder is the one every path ends in, else unknown with the paths kept (branches.py)."""
        start: list = _paths(state)
        ends: list = []
        before: list[Guard] = []  # the negated tests of the earlier clauses
        for clause in shape.clauses:
            if clause.cond is not None:
                self.run_range(cmds, clause.cond, clause.body, state, level, loops, base)
            guard = test_guard(cmds, clause, state.vars)
            guards = before + ([guard] if guard else [])
            _enter(state, possible(start, guards) or start)
            self.run_range(cmds, clause.body, clause.end, state, level, loops, base)
            ends.extend((c, s, tuple(g) + tuple(guards)) for c, s, g in _paths(state))
            if guard is not None:
                before = before + [guard.negated()]
        if not shape.has_else:
            ends.extend((c, s, tuple(g) + tuple(before)) for c, s, g in start)
        _enter(state, merge(ends))

    def call(self, function: tuple, args: list[str], state: State, level: int) -> None:
        """A shell function called on the line: its body with these arguments as $1 … (restored after)."""
        cmds, start, end, loops, group = function
        self.called.add(id(function))
        if level > MAX_LEVEL:
            self.unresolved("too-complex", "functions called too deeply to read", cmds[start].words[0] if cmds[start].words else None)
            return
        saved = {k: state.vars[k] for k in [str(n) for n in range(10)] + ["@", "*", "#"] if k in state.vars}
        _set_arguments(state, args)
        outer = self.dispatcher
        managers = _system_dispatcher(cmds, start, end, state.functions)
        if managers:
            self.dispatcher = (cmds[start - 1].defines or "the function", managers)
        try:
            self.run_range(cmds, start, end, state, level + 1, loops, group)
        finally:
            self.dispatcher = outer
        for k in [str(n) for n in range(10)] + ["@", "*", "#"]:
            state.vars.pop(k, None)
        state.vars.update(saved)

    def run_loop(self, cmds: list[Command], k: int, done: int, state: State, level: int, loops: dict[int, int]) -> bool:
        """``for V in LIST; do …; done`` and ``… | while read V; do …; done``: the body once per value (the
        values the line gives), so each iteration sees its own value. False when the loop is not one of these."""
        words = _after_keywords(cmds[k].words)
        head = words[0].text if words else ""
        base = cmds[k].group
        if head in ("for", "select") and len(words) >= 2 and words[1].text.replace("_", "a").isalnum():
            name = words[1].text
            if len(words) >= 3 and words[2].text == "in":
                values: list[str] = []
                for w in words[3:]:
                    values.extend(self.expand(w, state))
            else:
                values = [self.placeholder(Unknown("the script's arguments ($@)"))]
            if len(values) > MAX_FIELDS:
                self.unresolved("too-complex", f"a loop over more than {MAX_FIELDS} values", words[0])
                values = values[:MAX_FIELDS]
            if len(values) > 1 and not self.body_installs(cmds, k, done, state, level, loops, name):
                values = values[-1:]  # a body that installs nothing needs one pass (for what it sets)
            for value in values or [""]:
                token = PLACEHOLDER.fullmatch(value)
                state.vars[name] = self.unknowns[value] if token and value in self.unknowns else (value,)
                self.run_range(cmds, k + 1, done, state, level, loops, base)
            return True
        if head in ("while", "until") and len(words) >= 2:
            cond = words[1:]
            j = 0
            while j < len(cond) and is_assignment(cond[j]):
                j += 1
            if j < len(cond) and cond[j].text == "read":
                feed = self.loop_feed(cmds, done, k, state)
                names = _read_names(cond[j + 1:])
                lines = [ln for ln in (feed.text or "").splitlines() if ln.strip()] if feed and feed.text is not None else None
                if lines is None:
                    _set_read(state, names, None, feed)
                    self.run_range(cmds, k + 1, done, state, level, loops, base)
                    return True
                if len(lines) > MAX_FIELDS:
                    self.unresolved("too-complex", f"a loop over more than {MAX_FIELDS} lines", words[0])
                for line in lines[:MAX_FIELDS]:
                    _set_read(state, names, line, feed)
                    self.run_range(cmds, k + 1, done, state, level, loops, base)
                return True
        return False

    def body_installs(self, cmds: list[Command], k: int, done: int, state: State, level: int,
                      loops: dict[int, int], name: str) -> bool:
        """Whether a loop body installs anything, tried once on a copy of the state with the loop variable
        unknown; what the trial found is dropped (the loop then runs once per value)."""
        before = len(self.items)
        trial = state.copy()
        trial.vars[name] = Unknown("a loop value")
        self.run_range(cmds, k + 1, done, trial, level, loops, cmds[k].group)
        found = len(self.items) > before or trial.cwd != state.cwd  # cd in a loop moves on with each value
        if not self.truncated:
            del self.items[before:]
        return found  # the trial's commands count against MAX_COMMANDS: nested loops stay bounded

    def loop_feed(self, cmds: list[Command], done: int, k: int, state: State) -> Feed | None:
        """The input of a ``while read`` loop: ``done < FILE``, a here-string on ``done``, or a pipe into ``while``."""
        end = cmds[done]
        if end.stdin is not None:
            return self.text_feed(end.stdin, state)
        if end.input_file is not None:
            return self.file_feed(end.input_file, state)
        if cmds[k].connector in ("|", "|&") and k:
            return self.feed(cmds, k - 1, state)
        return None

    def run_command(self, cmds: list[Command], k: int, state: State, level: int) -> None:
        cmd = cmds[k]
        words = cmd.words
        head = words[0].text if not words[0].quoted else ""
        if head in ("case", "esac", "done", "fi", "function") or (len(words) == 1 and words[0].text.endswith("()")):
            return
        start = 0
        while start < len(words) and words[start].text in ("then", "do", "else", "elif", "if", "while", "until", "!", "{", "}") and not words[start].quoted:
            start += 1
        words = words[start:]
        if not words:
            return
        # assignments: alone they set shell variables; before a command only that command's environment
        env: dict[str, str] = {}
        i = 0
        while i < len(words) and is_assignment(words[i]):
            name, _, _ = words[i].text.partition("=")
            value = self.assignment_value(words[i], state)
            before = state.vars.get(name.removesuffix("+"))
            if name.endswith("+") and isinstance(value, tuple) and not isinstance(value, Array) and isinstance(before, tuple) \
                    and not isinstance(before, Array):  # X+=more appends
                value = tuple(b + v for b in before for v in value)[:MAX_FIELDS]
            env[name.removesuffix("+")] = value[0] if isinstance(value, tuple) and value else ""
            if i + 1 == len(words) or all(is_assignment(w) for w in words[i:]):
                state.vars[name.removesuffix("+")] = value
            elif name == "NODE_OPTIONS":  # the environment of the command after it: the Node processes it starts
                _node_options(self, words[i], state)
            i += 1
        if i == len(words):
            return
        words = words[i:]
        expanded: list[Word] = []
        for w in words:
            fields = self.expand(w, state)
            if len(fields) == 1 and fields[0] == w.text and not w.dynamic:
                expanded.append(w)
            else:
                expanded.extend(replace(w, text=f, expands=False) for f in fields)
        if not expanded:
            return
        self.dispatch(expanded, state, level, cmd=cmd, cmds=cmds, k=k, env=env)

    def assignment_value(self, word: Word, state: State) -> Value | Unknown:
        raw = word.raw.split("=", 1)[1] if "=" in word.raw else ""
        if not raw:
            return ("",)
        if raw.startswith("("):
            name = word.raw.split("=", 1)[0]
            self.set_array(state, name.removesuffix("+"), raw, name.endswith("+"))
            return state.vars[name.removesuffix("+")]  # type: ignore[return-value]
        fields = self._expand_raw(raw, state, split=False)
        values = tuple(" ".join(f) for f in fields)
        tokens = [t for v in values for t in PLACEHOLDER.findall(v)]
        if tokens:
            return self.unknowns[f"dgx{tokens[0]}q"]
        return values

    # --- one command --------------------------------------------------------------------------

    def dispatch(self, words: list[Word], state: State, level: int, cmd: Command | None = None,
                 cmds: list[Command] | None = None, k: int = 0, env: dict[str, str] | None = None) -> None:
        """Whatever one simple command (already expanded) installs."""
        from . import tool_name

        if level > MAX_LEVEL * 2:
            self.unresolved("too-complex", "commands nested too deeply to read", words[0] if words else None)
            return
        env = dict(env or {})
        split = _env_split_string(words)
        if split is not None:  # env -S 'pip install x': the string is split into the command's words
            self.run_script(split, state.copy(), level + 1)
            return
        start = wrapper_end(words)
        for w in words[:start]:
            if is_assignment(w):
                name, _, value = w.text.partition("=")
                env[name] = value
                if name == "NODE_OPTIONS" and start < len(words):
                    _node_options(self, w, state)
        chdir = _wrapper_chdir(words[:start])
        if chdir is not None:
            state = state.copy()
            self.change_dir(state, chdir, words[0])
        words = words[start:]
        if not words:
            return
        tool = tool_name(words[0])
        if PLACEHOLDER.fullmatch(words[0].text):
            unknown = self.unknowns[words[0].text]
            if unknown.default:
                words = [replace(words[0], text=unknown.default), *words[1:]]
                tool = tool_name(words[0])
            else:
                grammars = _grammars()
                installing = next((w.text for w in words[1:8] if w.text in INSTALL_VERBS or tool_name(w) in grammars
                                   or tool_name(w) in _HANDLERS), None)
                if installing is not None:
                    self.unresolved("dynamic-tool", f"runs a program depguard cannot tell ({unknown.reason}) "
                                    f"with `{installing}`", words[0])
                if len(words) > 1:  # "$(true) pip install x": the unknown word may be empty or a wrapper
                    self.dispatch(words[1:], state, level + 1, env=env)
                return
        args = words[1:]
        function = state.functions.get(words[0].text)
        if function is not None:
            self.call(function, [w.text for w in args], state, level)
            return
        handler = _HANDLERS.get(tool)
        if handler is None and tool not in _grammars():
            base = VERSION_SUFFIX.sub("", tool)
            if base != tool and (base in _grammars() or base in _HANDLERS):
                tool = base
                handler = _HANDLERS.get(tool)
        if handler is None and (tool.startswith("python") or tool.startswith("pypy")) and PYTHON_TOOL.fullmatch(tool):
            handler = _HANDLERS["python"]
        if handler is not None:
            handler(self, tool, words, args, state, level, cmd, cmds, k, env)
            return
        if tool in preloaders():  # mocha -r ts-node/register, tsx -r dotenv/config: it preloads as node does
            _preload_options(self, tool, args, state)
        declared_tool = _declared_tool(tool)
        code_opt = declared_tool.code_options if declared_tool is not None else CODE_OPTIONS.get(tool)
        if code_opt:  # perl -e 'system("pip install x")': commands in the code (the tool's grammar reads the rest)
            for j, w in enumerate(args[:-1]):
                if w.text in code_opt:
                    _code(self, args[j + 1], tool, state, level)
        if "/" in words[0].text and tool not in _grammars():  # ./install.sh: a script written or fetched on this line?
            _run_file(self, words[0], state, level, tool)
            return
        stdin = cmd.stdin if cmd is not None and cmd.stdin is not None and cmd.stdin.line else None
        token = _STDIN.set(self.text_feed(stdin, state) if stdin is not None else None)
        try:
            self.grammar(tool, words, state, level, env)
        finally:
            _STDIN.reset(token)

    def grammar(self, tool: str, words: list[Word], state: State, level: int, env: dict[str, str]) -> None:
        fn = _grammars().get(tool)
        args = words[1:]
        self.config_set(tool, args, state)
        self.source_added(tool, args, state)
        options = args[:next((i for i, w in enumerate(args) if w.text == "--"), len(args))]
        if args and args[0].text == "help":
            return  # pip help install: prints help, installs nothing
        cut = next((i for i, w in enumerate(options) if w.text in ("--help", "-h")), None)
        if cut is not None:  # pip install x --help prints help and installs nothing, wherever the flag is …
            if fn is not None:  # … but a package a runner was given before it is fetched and run all the same
                self.runs_before_help(tool, fn, args[:cut], state, env)
            return
        runner = _runner(tool)
        if fn is None:
            if runner is not None:
                self.run_runner(tool, args, runner, state, level, env)
            return
        facts = _declared_tool(tool)
        shape = facts.placeholder if facts is not None else ""
        if shape:
            args = [replace(w, text=PLACEHOLDER.sub(lambda m: shape.format(n=m.group(1)), w.text)) for w in args]
        index = self.index_of(tool, args, env, state)
        local = self.local_only(tool, args, env, state)
        if tool == "brew" and self.dispatcher is not None and local is None:
            name, managers = self.dispatcher
            local = (f"the system's package manager: {name}() gives its words to {', '.join(managers)} alike, "
                     "so they are names of whichever system's packages, not Homebrew formulas alone")
        only = index is not None and self.index_only(tool, args)
        if index is None and state.sources.get(tool):  # `brew tap wix/brew` earlier: the tap may have the name
            index, only = f"{' or '.join(state.sources[tool])} (added with `{tool} tap` on this line)", True
        token = _ACTIVE.set((self, state, level))
        try:
            for item in fn(args):  # nested commands record themselves meanwhile
                if self.full():
                    break
                self.add(item, state, tool, index, local, only)
        finally:
            _ACTIVE.reset(token)
        if runner is not None:
            self.run_runner(tool, args, runner, state, level, env)

    def runs_before_help(self, tool: str, fn: Callable[[list[Word]], Iterable], args: list[Word], state: State,
                         env: dict[str, str]) -> None:
        """The packages a command with a help flag still runs: those its grammar reads the words before the flag to
        run. ``uvx datamodel-codegen --help`` and ``npx x --help`` fetch the package and run it to print its own help
        (the flag is the package's argument), where ``pip install x --help`` and ``npx --help`` print the tool's help
        and fetch nothing: only a Target that runs counts, nothing the tool installs, nothing a nested command does."""
        from . import Target

        index = self.index_of(tool, args, env, state)
        local = self.local_only(tool, args, env, state)
        only = index is not None and self.index_only(tool, args)
        token = _ACTIVE.set(None)  # nested commands hand their items back here, to be left out
        try:
            for item in fn(args):
                if self.full():
                    break
                if isinstance(item, Target) and item.runs:
                    self.add(item, state, tool, index, local, only)
        finally:
            _ACTIVE.reset(token)

    def config_set(self, tool: str, args: list[Word], state: State) -> None:
        """``npm config set registry URL``, ``pip config set global.index-url URL``: later installs on the line
        use that index."""
        facts = _declared_tool(tool)
        pos = [w.text for w in args if not w.text.startswith("-")]
        if pos[:2] == ["config", "set"]:
            pos = pos[2:]
        elif pos[:1] == ["set"] and facts is not None and facts.config_set_short:
            pos = pos[1:]
        else:
            return
        if len(pos) == 1 and "=" in pos[0]:
            pos = pos[0].split("=", 1)
        if len(pos) < 2:
            return
        key = pos[0]
        if facts is None:
            return
        env = facts.config_set.get(key) or (facts.config_set_scoped if key.endswith(":registry") else None)
        if env:
            state.vars[env] = (pos[1],)
            state.exported.add(env)

    @staticmethod
    def source_added(tool: str, args: list[Word], state: State) -> None:
        """``brew tap wix/brew``: the tool's later installs on the line may take a name from that tap (the tool's
        declared ``adds_source`` subcommand, then the source it names)."""
        facts = _declared_tool(tool)
        if facts is None or not facts.adds_source:
            return
        pos = [w.text for w in args if not w.text.startswith("-")]
        if facts.listed_sources is not None and len(pos) >= 2 and facts.listed_sources.fullmatch(pos[1]):
            return  # `brew tap homebrew/cask-fonts`: a source the registry itself lists adds no name it lacks
        if len(pos) >= 2 and pos[0] == facts.adds_source and pos[1]:
            state.sources[tool] = (*state.sources.get(tool, ()), pos[1])

    def run_runner(self, tool: str, args: list[Word], runner: Runner, state: State, level: int,
                   env: dict[str, str]) -> None:
        from . import Options

        subs, value_opts, runs_tools, env_prefix = runner
        opts = Options(with_value=value_opts)
        if runs_tools:
            if args and args[0].text in subs:
                self.dispatch(args, state, level + 1, env=env)
            return
        pos = [w for kind, w, _ in opts.walk(args) if kind == "pos"]
        if not pos or pos[0].text not in subs:
            return
        rest = args[args.index(pos[0]) + 1:]
        dashes = next((i for i, w in enumerate(rest) if w.text == "--"), None)
        if tool in TOOLS_BEFORE_COMMAND and dashes is not None:
            rest = rest[dashes:]  # the tools named before it are no command
        inner_pos = [w for kind, w, _ in opts.walk(rest) if kind == "pos"]
        if tool in FIRST_POSITIONAL_NOT_COMMAND and inner_pos:
            rest = rest[rest.index(inner_pos[0]) + 1:]
            inner_pos = inner_pos[1:]
        if not inner_pos:
            return
        command = rest[rest.index(inner_pos[0]):]
        if env_prefix and ":" in command[0].text:  # hatch run ENV:COMMAND
            head = command[0]
            env_name, _, cmd0 = head.text.partition(":")
            command = [replace(head, text=cmd0, column=head.column + len(env_name) + 1), *command[1:]]
        if command and command[0].text:
            self.dispatch(command, state, level + 1, env=env)

    def index_of(self, tool: str, args: list[Word], env: dict[str, str], state: State) -> str | None:
        """The other index or registry this command installs from: an option, an environment variable, a
        ``npm config set registry`` or a config file (.npmrc, pip.conf) written earlier on the line. The public
        registries themselves (pypi.org, registry.npmjs.org) are not another index."""
        from .declared import public_index

        found = self._index_of(tool, args, env, state)
        if found is None or public_index(found.strip()):
            return None
        # a value the line does not give is shown as what gives it ($MIRROR_URL), never by its stand-in (reviewer r32)
        return PLACEHOLDER.sub(lambda m: self.shown_unknown(m.group(0)), found) if "dgx" in found else found

    def shown_unknown(self, token: str) -> str:
        """A stand-in's value as a reason shows it: the variable (``$MIRROR_URL``) or what gives it (``the output of
        `cat url.txt` ``)."""
        unknown = self.unknowns.get(token)
        return unknown.reason.removesuffix(", which is set outside this command") if unknown else "a value depguard cannot tell"

    def local_only(self, tool: str, args: list[Word], env: dict[str, str], state: State) -> str | None:
        """Where the command's packages come from when an option or environment variable keeps it off every index
        (``pip install --no-index -f dist/ pkg``, ``PIP_NO_INDEX=1``): the local places it names, never the
        public registry; None when it may ask an index."""
        from .declared import ecosystem, index_ecosystem

        eco = index_ecosystem(tool)
        facts = ecosystem(eco) if eco is not None else None
        if facts is None or not (facts.no_index_options or facts.no_index_env):
            return None
        options = args[:next((i for i, w in enumerate(args) if w.text == "--"), len(args))]
        said = next((w.text.partition("=")[0] for w in options if w.text.partition("=")[0] in facts.no_index_options), None)
        if said is None and facts.no_index_env is not None:
            exported = [(n, v[0]) for n, v in state.vars.items() if n in state.exported and isinstance(v, tuple) and v]
            for name, value in list(env.items()) + exported:
                if facts.no_index_env.match(name) and value.strip().lower() not in ("", "0", "false", "no", "off"):
                    said = f"{name}={value}"
                    break
        if said is None:
            return None
        places = [(w.text.partition("=")[2] or (options[j + 1].text if j + 1 < len(options) else ""))
                  for j, w in enumerate(options) if w.text.partition("=")[0] in facts.index_options]
        places = [p for p in places if p]
        return f"{', '.join(places)} ({said})" if places else f"local files ({said})"

    @staticmethod
    def index_only(tool: str, args: list[Word]) -> bool:
        """Whether the command's options replace the public registry with another index (pip's ``-i URL``, npm's
        ``--registry URL``: the ecosystem's ``exclusive_index_options``) and none of them names the public registry
        again (``--extra-index-url https://pypi.org/simple``): the public registry is then not asked at all."""
        from .declared import ecosystem, index_ecosystem, public_index

        eco = index_ecosystem(tool)
        facts = ecosystem(eco) if eco is not None else None
        if facts is None or not facts.exclusive_index_options:
            return False
        replaced = False
        for j, w in enumerate(args):
            if w.text == "--":
                break
            opt, eq, value = w.text.partition("=")
            if opt not in facts.index_options:
                continue
            value = value if eq else (args[j + 1].text if j + 1 < len(args) else "")
            if public_index(value.strip()):
                return False
            replaced = replaced or (opt in facts.exclusive_index_options and bool(value.strip()))
        return replaced

    def _index_of(self, tool: str, args: list[Word], env: dict[str, str], state: State) -> str | None:
        from .declared import ecosystem, index_ecosystem

        eco = index_ecosystem(tool)
        if eco is None:
            return None
        facts = ecosystem(eco)
        if isinstance(state.cwd, str):
            for name in facts.index_config_files if facts is not None else ():
                path = posixpath.normpath(posixpath.join(state.cwd, name))
                home_path = posixpath.join(self.home, name) if self.home else None
                for p in (path, home_path):
                    if p is not None and p in state.written:
                        text = state.written[p]
                        body = text[1] if isinstance(text, tuple) else text
                        if body is None:
                            return f"{name}, which this command line changes"
                        m = re.search(r"(?im)^\s*(registry|npmRegistryServer|index-url|extra-index-url|index_url|url)\s*[=:]\s*['\"]?(\S+?)['\"]?\s*$", body)
                        if m:
                            return m.group(2)
        options = facts.index_options if facts is not None else frozenset()
        option_pattern = facts.index_option_pattern if facts is not None else None
        index_env = facts.index_env if facts is not None else None
        for j, w in enumerate(args):
            if w.text == "--":
                break
            opt, eq, value = w.text.partition("=")
            if opt in options:
                if eq:
                    return value or opt
                return args[j + 1].text if j + 1 < len(args) else opt
            if option_pattern is not None and option_pattern.match(opt):
                return value or opt
            if opt in CONFIG_FILE_OPTIONS:  # npm --userconfig F, uv --config-file F: settings (an index?) from F
                return f"the index set in {value or (args[j + 1].text if j + 1 < len(args) else opt)}"
            inner = INNER_INDEX.search(w.text) if " " in w.text or "=" in w.text else None
            if inner:  # pipx install x --pip-args='--index-url URL'
                return inner.group(2)
        for name, value in list(env.items()) + [(n, v[0]) for n, v in state.vars.items()
                                                  if n in state.exported and isinstance(v, tuple) and v]:
            if index_env is not None and index_env.match(name):
                return value or name
            if name.upper() in CONFIG_FILE_ENV:
                return f"the index set in {value}"
        return None

    # --- results ------------------------------------------------------------------------------

    def full(self) -> bool:
        """Whether MAX_ITEMS results are in; the first time, say so with a too-complex Unresolved."""
        if len(self.items) < MAX_ITEMS:
            return False
        if not self.truncated:
            from . import Unresolved

            self.truncated = True
            self.items.append(Unresolved("too-complex", f"more than {MAX_ITEMS:,} installs in one command line", None))
        return True

    def unresolved(self, kind: str, reason: str, word: Word | None, ecosystem: str | None = None,
                   tool: str | None = None, name: str | None = None) -> None:
        from . import Unresolved

        if word is not None and PLACEHOLDER.search(word.text):  # show the word as written ($PKG), not its stand-in
            word = replace(word, text=word.raw or PLACEHOLDER.sub("…", word.text))
        if not self.full():
            self.items.append(Unresolved(kind, reason, word, ecosystem, tool, name))

    def add(self, item, state: State, tool: str, index: str | None, local: str | None = None,
            only: bool = False) -> None:
        from . import Manifest, Target, Unresolved

        if self.full():
            return
        if isinstance(item, Target):
            tokens = PLACEHOLDER.findall(item.name) or PLACEHOLDER.findall(item.word.text)
            if tokens:
                unknown = self.unknowns.get(f"dgx{tokens[0]}q")
                if unknown is not None and unknown.file:
                    from .declared import ecosystem

                    facts = ecosystem(item.ecosystem)
                    fmt = facts.names_file if facts is not None else "names"
                    self.add(Manifest(item.ecosystem, tool, unknown.file, (unknown.file,), item.word, fmt), state, tool, index)
                else:
                    reason = unknown.reason if unknown else "a value depguard cannot tell"
                    self.unresolved(unknown.kind if unknown else "variable",
                                    f"{tool} {'runs' if item.runs else 'installs'} {'an' if item.ecosystem[:1] in 'aeinou' else 'a'} "
                                    f"{item.ecosystem} package named by "
                                    f"{reason}", item.word, item.ecosystem, tool)
                return
            if item.runs and self.bin_of_installed(item):
                return  # `npm i -g uglify-js` then `npx uglifyjs`: the installed package's own command
            if item.runs and (project := self.installed_project(item, state)) is not None:
                item = replace(item, project=project)
            if item.runs and (moved := self.moved_to(item, state)) is not None:
                item = replace(item, runs_in=moved)
            if local is not None:  # no index is asked: the name is not the registry's, judging it there says nothing
                self.unresolved("other-index", f"{item.name} comes only from {local}, never the public registry",
                                item.word, item.ecosystem, tool, item.name)
                return
            if item.folder is not None:  # an existing folder wins: where it would be, from where the script starts
                item = replace(item, folder=posixpath.normpath(posixpath.join(state.cwd, item.folder))
                               if isinstance(state.cwd, str) else None)
            if index and item.index is None:
                item = replace(item, index=index, index_only=only)
                self.unresolved("other-index", f"{item.name} comes from {index}, not the public registry",
                                item.word, item.ecosystem, tool, item.name)
            self.items.append(item)
        elif isinstance(item, Manifest):
            self.add_manifest(item, state, tool, index)
        elif isinstance(item, Unresolved):
            self.items.append(item)

    def bin_of_installed(self, item) -> bool:
        """Whether the package a runner names is the command of a package this script installed before under the
        same letters (``npm install -g uglify-js`` then ``npx uglifyjs``: its bin is ``uglifyjs``): npx runs a bin
        already installed before it fetches anything, so the name is no registry package of its own."""
        from . import Target

        return any(isinstance(done, Target) and not done.runs and done.ecosystem == item.ecosystem
                   and bin_of(item.ecosystem, item.name, done.name, unscoped=True, runner=item.note)
                   for done in self.items)

    def installed_project(self, item, state: State) -> str | None:
        """The folder this runner runs in when an earlier command of the script installed the project there (``npm
        update``/``npm ci``/``yarn`` in it, from the public registry), in an ecosystem whose runners run an installed
        command before they fetch; None for a runner that always fetches (``pnpm dlx``) or is given a version
        (``npx x@latest`` fetches the registry's x), and where the folder is unknown. Which commands the project's
        dependencies install is the registry's to say (depguard/runner_bins.py)."""
        from . import Manifest
        from .declared import ecosystem

        facts = ecosystem(item.ecosystem)
        if (item.spec or not isinstance(state.cwd, str) or facts is None or not facts.runs_installed_bins
                or (item.note and facts.fetching_runners is not None and facts.fetching_runners.search(item.note))):
            return None
        here = posixpath.normpath(state.cwd)
        for done in self.items:
            if (isinstance(done, Manifest) and done.format == "project" and done.ecosystem == item.ecosystem
                    and not done.index and done.path == here):
                return here
        return None

    def moved_to(self, item, state: State) -> str | None:
        """The folder a ``cd`` of this command line moved the runner to (relative to where the script starts), in an
        ecosystem whose runners run an installed command before they fetch, for a runner that fetches nothing by
        itself (no version, not a ``fetching_runners`` one); None where no cd moved it or the folder is unknown
        (:attr:`depguard.commands.Target.runs_in`)."""
        from .declared import ecosystem

        facts = ecosystem(item.ecosystem)
        if (item.spec or not isinstance(state.cwd, str) or facts is None or not facts.runs_installed_bins
                or (item.note and facts.fetching_runners is not None and facts.fetching_runners.search(item.note))):
            return None
        here = posixpath.normpath(state.cwd)
        return None if here in (".", "") or posixpath.isabs(here) else here

    def add_manifest(self, item, state: State, tool: str, index: str | None) -> None:
        tokens = PLACEHOLDER.findall(item.path) or [t for f in item.files for t in PLACEHOLDER.findall(f)]
        what = PLACEHOLDER.sub("…", " ".join(posixpath.basename(f) for f in item.files[:3]) or item.path)
        if "://" in item.path:
            self.unresolved("url", f"{tool} installs what {item.path} lists: it is known only once it is fetched",
                            item.word, item.ecosystem, tool)
            return
        if tokens and item.format != "project" and PLACEHOLDER.fullmatch(item.path):
            unknown = self.unknowns.get(item.path)
            if unknown is not None and unknown.file:  # -r <(cat req.txt), -r $(…) naming a file
                item = replace(item, path=unknown.file, files=(unknown.file,))
                tokens = []
        if tokens:
            unknown = self.unknowns.get(f"dgx{tokens[0]}q")
            self.unresolved(unknown.kind if unknown else "folder", f"{tool} installs from {what} at a path depguard cannot tell "
                            f"({unknown.reason if unknown else 'unknown'})", item.word, item.ecosystem, tool)
            return
        if isinstance(state.cwd, Unknown) and not posixpath.isabs(item.path):
            self.unresolved("folder", f"{tool} installs from {what} in a folder depguard cannot tell "
                            f"({state.cwd.reason})", item.word, item.ecosystem, tool)
            return
        base = state.cwd if isinstance(state.cwd, str) else ""
        path = posixpath.normpath(posixpath.join(base, item.path)) if base or not posixpath.isabs(item.path) else item.path
        if item.format == "project":
            files = tuple(posixpath.normpath(posixpath.join(path, f)) for f in item.files)
        else:
            files = tuple(posixpath.normpath(posixpath.join(base, f)) for f in item.files) or (path,)
        for folder, by in state.created.items():
            if path == folder or path.startswith(folder.rstrip("/") + "/"):
                self.unresolved("written", f"{tool} installs from {what} in {folder}, which {by} on this line",
                                item.word, item.ecosystem, tool)
                return
        written: list[tuple[str, str]] = []
        appended: list[tuple[str, str]] = []
        for f in files:
            if f in state.written:
                text = state.written[f]
                if text is None:
                    self.unresolved("written", f"{tool} installs from {f}, which this command line changes in a way "
                                    "depguard cannot tell", item.word, item.ecosystem, tool)
                    return
                if isinstance(text, tuple):
                    appended.append((f, text[1]))
                else:
                    written.append((f, text))
        item = replace(item, path=path, files=files, index=item.index or index, written=tuple(written),
                       appended=tuple(appended))
        if item.index:
            self.unresolved("other-index", f"the packages of {what} come from {item.index}, not the public registry",
                            item.word, item.ecosystem, tool)
        self.items.append(item)

    # --- folders and files --------------------------------------------------------------------

    def change_dir(self, state: State, target: Word | None, at: Word | None) -> None:
        state.paths = None
        if target is None:
            state.cwd = self.home if self.home else Unknown("the home folder (cd)")
            return
        text = target.text
        if text == "-":
            previous = state.vars.get("OLDPWD")
            state.cwd, state.vars["OLDPWD"] = (previous[0] if isinstance(previous, tuple) and previous
                                               else Unknown("the previous folder (cd -)")), (
                state.cwd if isinstance(state.cwd, str) else "",)
            return
        if isinstance(state.cwd, str):
            state.vars["OLDPWD"] = (state.cwd,)
        token = PLACEHOLDER.search(text)
        if token:
            state.cwd = self.unknowns.get(token.group(0), Unknown("a folder given by a variable"))
            return
        if isinstance(state.cwd, Unknown) and not text.startswith("/"):
            return
        base = state.cwd if isinstance(state.cwd, str) else ""
        state.cwd = posixpath.normpath(posixpath.join(base, text)) if base or not text.startswith("/") else text

    def resolve(self, state: State, text: str) -> str | None:
        if PLACEHOLDER.search(text):
            return None
        if isinstance(state.cwd, Unknown):
            return text if text.startswith("/") else None
        return posixpath.normpath(posixpath.join(state.cwd, text))

    def file_feed(self, word: Word, state: State) -> Feed:
        text = word.text
        if text in ("/dev/stdin", "-"):
            return Feed(source="standard input", word=word)
        path = self.resolve(state, text)
        if path is None:
            return Feed(source=f"a file depguard cannot tell ({text})", word=word)
        if path in state.written:
            content = state.written[path]
            if content is None or isinstance(content, tuple):
                return Feed(source=f"{text}, changed by this command line", word=word)
            return Feed(text=content, source=text, word=word)
        return Feed(file=path, source=text, word=word)

    def text_feed(self, stdin: Word, state: State) -> Feed:
        if stdin.quoted or not stdin.dynamic:
            return Feed(text=stdin.text, source="a here-document", word=stdin)
        fields = self._expand_raw(_dq(stdin.text), state, split=False)
        text = " ".join(fields[0]) if fields else ""
        if PLACEHOLDER.search(text):
            return Feed(source="a here-document with values depguard cannot tell", word=stdin)
        return Feed(text=text, source="a here-document", word=stdin)

    def feed(self, cmds: list[Command], k: int, state: State) -> Feed:
        """What command ``k`` writes to standard output (for a pipe into a shell, xargs or read)."""
        cmd = cmds[k]
        words = cmd.words[wrapper_end(cmd.words):]
        if not words:
            return Feed(source="a command")
        from . import tool_name

        tool = tool_name(words[0])
        desc = _short(" ".join(w.text for w in words))

        def upstream() -> Feed:
            if cmd.stdin is not None:
                return self.text_feed(cmd.stdin, state)
            if cmd.input_file is not None:
                return self.file_feed(cmd.input_file, state)
            if cmd.connector in ("|", "|&") and k:
                return self.feed(cmds, k - 1, state)
            return Feed(source=f"`{desc}`")

        if tool == "echo":
            args = words[1:]
            escapes = False
            while args and re.fullmatch(r"-[neE]+", args[0].text):
                escapes = escapes or "e" in args[0].text
                args = args[1:]
            exp = [replace(w, text=f, expands=False) for w in args for f in self.expand(w, state)]
            unknown = self.unknown_in(" ".join(w.text for w in exp))
            if unknown is not None:
                return Feed(source=f"`{desc}`", word=words[0], unknown=unknown)
            text = " ".join(w.text for w in exp) + "\n"
            return Feed(text=ansi_c(text) if escapes else text, words=tuple(exp), source="echo", word=words[0])
        if tool == "printf":
            args = [replace(w, text=f, expands=False) for w in words[1:] for f in self.expand(w, state)]
            if args and args[0].text == "-v":
                return Feed(text="")
            unknown = self.unknown_in(" ".join(w.text for w in args))
            if not args or unknown is not None:
                return Feed(source=f"`{desc}`", word=words[0], unknown=unknown)
            return Feed(text=_printf(args[0].text, [w.text for w in args[1:]]), words=tuple(args[1:]),
                        source="printf", word=words[0])
        if tool in DOWNLOADERS or (tool == "Invoke-WebRequest"):
            url = next((w.text for w in words[1:] if "://" in w.text), None)
            return Feed(url=url or desc, source=f"`{desc}`", word=words[0])
        if tool == "tr":  # tr SET1 SET2 / tr -d SET: on known text it is done here; on a file the names stay
            up = upstream()
            sets = [w.text for w in words[1:] if not w.text.startswith("-")]
            if up.text is not None and sets:
                return replace(up, text=_tr(up.text, sets, {w.text for w in words[1:] if w.text.startswith("-")}), words=())
            return up if up.file else Feed(source=f"`{desc}`", unknown=up.unknown)
        if tool in FILTERS:
            files = [w for w in words[1:] if not w.text.startswith("-")]
            if tool in ("grep", "egrep", "fgrep", "rg") and files and not any(w.text in ("-e", "-f") for w in words):
                files = files[1:]  # the pattern
            if tool == "tee":
                files = []
            if len(files) == 1:
                return self.file_feed(files[0], state)
            if not files:
                up = upstream()
                return up if tool in ("cat", "tac", "tee", "sort", "uniq") or up.file or up.url else Feed(source=f"`{desc}`")
        return Feed(source=f"`{desc}`", word=words[0])

    def names_from(self, feed: Feed, at: Word, split_lines: bool = False) -> list[Word]:
        """The words xargs or a read loop makes of a feed (placeholders for what cannot be known)."""
        if feed.text is not None:
            if feed.words and not split_lines and all(" " not in w.text for w in feed.words):
                return list(feed.words)
            anchor = feed.word or at
            pieces = [ln.strip() for ln in feed.text.splitlines()] if split_lines else feed.text.split()
            return [replace(anchor, text=p, expands=False, quoted=True) for p in pieces if p][:MAX_FIELDS]
        if feed.file:
            token = self.placeholder(Unknown(f"names read from {feed.file}", "file", file=feed.file))
        elif feed.unknown is not None:
            token = self.placeholder(feed.unknown)
        elif feed.url:
            token = self.placeholder(Unknown(f"text downloaded from {feed.url}", "remote"))
        else:
            token = self.placeholder(Unknown(f"the output of {feed.source}", "substitution"))
        return [replace(at, text=token, expands=False)]


def bin_of(eco_id: str, command: str, installed: str, unscoped: bool = False, runner: str | None = None) -> bool:
    """Whether the name a runner is given is the command of the package ``installed`` before it (npx given
    uglifyjs after uglify-js): another name of the same letters and digits (``uglify-js``'s bin is ``uglifyjs``), or
    the scope of a scoped package named ``cli`` (``@todesktop/cli``'s bin is ``todesktop``, ``@vue/cli``'s ``vue``:
    khoj's desktop workflow installs the first with ``npm install -g`` and runs ``npx todesktop build``), or, with
    ``unscoped`` (a script, whose earlier lines ran: not a page, whose reader may have taken another tab's install),
    the name after a scoped package's scope (npm installs a ``"bin": "cli.js"`` string under the package's name
    without its scope: supertokens-node's edge test job installs ``@cloudflare/next-on-pages``, then runs ``npx
    next-on-pages``), in an ecosystem whose runners run an installed bin before they fetch (``runs_installed_bins``:
    npx), unless the runner (``runner``: the run's note) is one of its ``fetching_runners``, which fetch the
    registry's package of that name whatever is installed (``pnpm dlx``). ``pipx run``/``uvx`` always name a package
    (``MY_PACKAGE`` and ``my-package`` are one PyPI name)."""
    from .declared import ecosystem

    if command.lower() == installed.lower():
        return False
    letters = re.sub(r"[^a-z0-9]", "", command.lower())
    scope, _, package = installed.lower().partition("/")
    scoped = scope.startswith("@") and bool(package)
    if letters != re.sub(r"[^a-z0-9]", "", installed.lower()) and not (
            scoped and package == "cli" and letters == re.sub(r"[^a-z0-9]", "", scope)) and not (
            unscoped and scoped and letters == re.sub(r"[^a-z0-9]", "", package)):
        return False
    facts = ecosystem(eco_id)
    return facts is not None and facts.runs_installed_bins and not (
        runner and facts.fetching_runners is not None and facts.fetching_runners.search(runner))


def _ifs_split(text: str, state: State) -> list[str]:
    """Word splitting of an unquoted expansion, by $IFS when the line sets it."""
    ifs = state.vars.get("IFS")
    if isinstance(ifs, tuple) and not isinstance(ifs, Array) and ifs:
        chars = ifs[0]
        if chars == "":
            return [text] if text else []
        return [p for p in re.split("[" + re.escape(chars) + "]+", text) if p]
    return text.split()


def _closing_brace(text: str, j: int) -> int:
    """Index of the ``}`` that closes the ``{`` at ``j`` (nested ``${…}`` and single quotes counted)."""
    from .shell import closing

    return closing(text, j, "{", "}", "'")


def _tr(text: str, sets: list[str], flags: set[str]) -> str:
    """A plain ``tr``: ranges (a-z), escapes (\\n), -d, -s; classes are left alone."""
    def expand_set(spec: str) -> str:
        spec = ansi_c(spec)
        return re.sub(r"(.)-(.)", lambda m: "".join(chr(c) for c in range(ord(m.group(1)), ord(m.group(2)) + 1))
                      if ord(m.group(2)) - ord(m.group(1)) < 256 else m.group(0), spec)
    first = expand_set(sets[0])
    if "-d" in flags:
        return "".join(c for c in text if c not in first)
    if len(sets) < 2:
        return text
    second = expand_set(sets[1])
    if not second:
        return text
    table = {ord(a): second[min(i, len(second) - 1)] for i, a in enumerate(first)}
    out = text.translate(table)
    if "-s" in flags:
        out = re.sub("([" + re.escape(second) + "])\\1+", r"\1", out)
    return out


def _dq(text: str) -> str:
    """``text`` written as one double-quoted shell word (for expanding a here-document body)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _closing_paren(text: str, j: int) -> int:
    from .shell import _closing_paren as close

    return close(text, j)


def _printf(fmt: str, args: list[str]) -> str:
    fmt = ansi_c(fmt.replace("%%", "\x00"))
    specs = len(re.findall(r"%[-+ #0]*\d*(?:\.\d+)?[sbdiqfgxXoc]", fmt))
    if not specs:
        return fmt.replace("\x00", "%")
    out: list[str] = []
    rest = list(args)
    while True:
        chunk = rest[:specs]
        rest = rest[specs:]
        it = iter(chunk)
        out.append(re.sub(r"%[-+ #0]*\d*(?:\.\d+)?[sbdiqfgxXoc]", lambda m: next(it, ""), fmt))  # noqa: B023 (used at once)
        if not rest or len(out) > MAX_FIELDS:
            break
    return "".join(out).replace("\x00", "%")


# the package managers of operating systems other than Homebrew, whose install commands a script's function may pick
# among by the system it runs on (apt on Debian, dnf on Fedora, pacman on Arch, zypper on openSUSE, apk on Alpine …)
SYSTEM_MANAGERS = frozenset({"apt", "apt-get", "aptitude", "dnf", "yum", "microdnf", "pacman", "zypper", "apk", "emerge",
                             "xbps-install", "pkg", "pkgin", "port", "urpmi", "eopkg", "swupd", "slackpkg"})
LEADING = frozenset({"then", "do", "else", "elif", "if", "while", "until", "!", "{", "}", "sudo", "command", "exec",
                     "nice", "time"})


def _system_dispatcher(cmds: list[Command], start: int, end: int, functions: Mapping[str, tuple]) -> tuple[str, ...]:
    """The system package managers (and ``brew``) a function's body ``start``..``end`` runs, when it runs ``brew`` and
    at least one other: a function that installs its words with whichever manager the system has (1N3/Sn1per's
    install.sh: ``pkg_install()`` does ``apt install -y "${packages[@]}"``, ``$PKG_MANAGER install``, ``pacman -S``,
    ``zypper install`` or ``brew install "$pkg"`` by ``case "$OS"``, and is called with ``build-essential``,
    ``gcc-c++``, ``base-devel``, ``-t pattern devel_basis`` in the branches of each system, held-out set 286). Which
    branch runs is the system's, so such a function's words are system package names, not Homebrew formulas: () for
    any other function. A manager run through the script's own root wrapper counts as run (nickjj/dotfiles' bootstrap:
    ``_run_as_root pacman -Syu --needed "${packages[*]}"``, ``_run_as_root apt-get install``, else ``brew install``,
    where ``_run_as_root() { sudo bash -c "${*}"; }``: held-out set 316)."""
    heads: list[str] = []
    for cmd in cmds[start:end]:
        words = cmd.words
        i = 0
        while i < len(words) and not words[i].quoted and (words[i].text in LEADING or is_assignment(words[i])):
            i += 1
        if i + 1 < len(words) and not words[i].quoted and _runs_its_arguments(functions.get(words[i].text)):
            i += 1
        head = words[i].text if i < len(words) and not words[i].quoted else ""
        if (head in SYSTEM_MANAGERS or head == "brew") and head not in heads:
            heads.append(head)
    return tuple(heads) if "brew" in heads and len(heads) > 1 else ()


ALL_ARGUMENTS = frozenset({"$@", "${@}", "$*", "${*}"})


def _runs_its_arguments(function: tuple | None) -> bool:
    """Whether a shell function of the script runs the command its arguments spell, as a root wrapper does
    (``as_root() { sudo "$@"; }``, ``_run_as_root() { sudo bash -c "${*}"; }`` or ``su -c "${*}"``)."""
    if function is None:
        return False
    cmds, start, end = function[0], function[1], function[2]
    for cmd in cmds[start:end]:
        words = cmd.words
        i = 0
        while i < len(words) and not words[i].quoted and (words[i].text in LEADING or is_assignment(words[i])):
            i += 1
        if i < len(words) and words[i].text in ALL_ARGUMENTS:
            return True
        if i + 2 < len(words) and words[i].text in ("bash", "sh", "su") and words[i + 1].text == "-c" \
                and words[i + 2].text in ALL_ARGUMENTS:
            return True
    return False


def _function_body(cmds: list[Command], k: int, end: int) -> int:
    """The end (exclusive) of the { … } or ( … ) body that follows the definition at ``k``."""
    head = cmds[k]
    if k + 1 >= end:
        return k + 1
    first = cmds[k + 1]
    if len(first.braces) > len(head.braces):
        body_id, attr, depth = first.braces[len(head.braces)], "braces", len(head.braces)
    elif len(first.group) > len(head.group):
        body_id, attr, depth = first.group[len(head.group)], "group", len(head.group)
    else:
        return k + 1
    j = k + 1
    while j < end and len(getattr(cmds[j], attr)) > depth and getattr(cmds[j], attr)[depth] == body_id:
        j += 1
    return j


def _paths(state: State) -> list:
    """The (folder, folder stack, guards) paths ``state`` stands for: those kept after an earlier ``fi`` while the
    folder is still the unknown one made there, else its own folder."""
    if state.paths is not None and state.paths[0] is state.cwd:
        return list(state.paths[1])
    return [(state.cwd, tuple(state.dirstack), ())]


def _enter(state: State, paths: list) -> None:
    """``state`` in the folder all ``paths`` share, else in an unknown folder standing for them."""
    if len(paths) == 1 or (paths and all(p[0] == paths[0][0] and p[1] == paths[0][1] for p in paths)):
        state.cwd, state.dirstack, state.paths = paths[0][0], list(paths[0][1]), None
        return
    unknown = Unknown("the folder after an if whose branches end in different folders")
    state.cwd, state.dirstack = unknown, []
    state.paths = (unknown, paths) if len(paths) <= MAX_PATHS else None


def _after_keywords(words: list[Word]) -> list[Word]:
    j = 0
    while j < len(words) and words[j].text in ("do", "then", "else", "!", "{") and not words[j].quoted:
        j += 1
    return words[j:]


def _loops(cmds: list[Command]) -> dict[int, int]:
    """Index of each ``for``/``select``/``while``/``until`` command -> index of its ``done``."""
    out: dict[int, int] = {}
    opened: list[int] = []
    for k, cmd in enumerate(cmds):
        words = _after_keywords(cmd.words)
        if words and not words[0].quoted and words[0].text in ("while", "until", "for", "select"):
            opened.append(k)
        if any(w.text == "done" and not w.quoted for w in cmd.words[:1]) and opened:
            out[opened.pop()] = k
    return out


def _placed(cmds: list[Command], at: Word) -> list[Command]:
    """Commands of a script held in the word ``at`` with positions in the outer text."""
    def move(c: Command) -> Command:
        return replace(c, words=[inner_word(at, w) for w in c.words],
                       stdin=inner_word(at, c.stdin) if c.stdin else None,
                       input_file=inner_word(at, c.input_file) if c.input_file else None,
                       outputs=[(op, inner_word(at, w)) for op, w in c.outputs],
                       substitutions=[[move(s) for s in sub] for sub in c.substitutions])
    return [move(c) for c in cmds]


def _env_split_string(words: list[Word]) -> str | None:
    end = wrapper_end(words)
    for j, w in enumerate(words[:end]):
        if w.text.rsplit("/", 1)[-1] != "env":
            continue
        for m, opt in enumerate(words[j + 1:end], j + 1):
            if opt.text in ("-S", "--split-string") and m + 1 < len(words):
                return " ".join(x.text for x in [words[m + 1], *words[end:]])
            if opt.text.startswith(("-S", "--split-string=")) and len(opt.text) > 2:
                value = opt.text.split("=", 1)[1] if opt.text.startswith("--") else opt.text[2:]
                return " ".join([value, *(x.text for x in words[end:])])
    return None


def _wrapper_chdir(words: list[Word]) -> Word | None:
    """``sudo -D DIR``, ``env -C DIR``, ``env --chdir=DIR``: the folder a wrapper runs its command in."""
    for j, w in enumerate(words):
        opt, eq, value = w.text.partition("=")
        if opt in ("--chdir", "--working-directory", "-D", "-C") and j:
            head = words[0].text.rsplit("/", 1)[-1] if j else ""
            if opt in ("-D",) and head != "sudo" or opt == "-C" and head not in ("env", "sudo", "doas"):
                continue
            if eq:
                return replace(w, text=value)
            if j + 1 < len(words):
                return words[j + 1]
    return None


Runner = tuple[frozenset[str], frozenset[str], bool, bool]  # subcommands, options with a value, runs_tools, env_prefix
_RUNNERS: dict[str, Runner | None] = {}


def _declared_tool(tool: str) -> Tool | None:
    from .declared import tool as declared_tool

    return declared_tool(tool)


def _runner(tool: str) -> Runner | None:
    """How ``tool`` runs a command (``uv run``, ``conda run -n x``, ``corepack npm``), or None: an ecosystem's
    declaration (commands/declared.py), else the engine's :data:`RUNNERS`."""
    if tool not in _RUNNERS:
        from .declared import runner_options

        facts = _declared_tool(tool)
        if facts is not None and facts.runs is not None:
            _RUNNERS[tool] = (facts.runs, runner_options(facts), facts.runs_tools, facts.env_prefix)
        else:
            engine = RUNNERS.get(tool)
            _RUNNERS[tool] = (*engine, False, False) if engine is not None else None
    return _RUNNERS[tool]


def runner_names() -> set[str]:
    """Every tool that runs commands (declared or the engine's)."""
    from .declared import runner_names as declared_runners

    return set(RUNNERS) | declared_runners()


def _script_install(script: str) -> ScriptInstall | None:
    from .declared import script_install

    return script_install(script)


def _grammars() -> Mapping[str, Grammar]:
    from . import grammars

    return grammars()


# --- command families handled here (they need the line's state, not just the words) -------------

def _shell(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
           cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``bash -c '…'``, ``bash -ce -- '…'``, ``sh -s`` fed by a pipe, a here-document or a here-string,
    ``bash <(curl …)``."""
    j = 0
    command_string = from_stdin = False
    while j < len(args):
        t = args[j].text
        if t == "--":
            j += 1
            break
        if t.startswith("-") and not t.startswith("--") and "s" in t[1:] and "c" not in t[1:]:
            from_stdin = True
        if t in ("-o", "+o", "-O", "+O", "--rcfile", "--init-file") or (
                len(t) > 2 and t[0] in "-+" and t[1] != "-" and t[-1] in "oO" and "c" not in t[1:]):
            j += 2  # -o pipefail, -euo pipefail
            continue
        if t.startswith("-") and not t.startswith("--") and "c" in t[1:] or t in ("--command", "-C"):
            command_string = True
            j += 1
            continue
        if t.startswith("--command="):
            command_string = True
            args = [*args[:j], replace(args[j], text=t.split("=", 1)[1]), *args[j + 1:]]
            break
        if t.startswith(("-", "+")) and t not in ("-", "+"):
            j += 1
            continue
        break
    rest = args[j:]
    if command_string:
        if rest:
            child = state.copy()  # bash -c 'pip install $1' _ requests: the words after the script are $0, $1 …
            _set_arguments(child, [w.text for w in rest[1:]], with_zero=True)
            _run_word(an, rest[0], child, level)
        return
    if rest and rest[0].text not in ("-", "/dev/stdin", "/proc/self/fd/0") and not from_stdin:
        script = rest[0]
        if script.raw.startswith("<(") and cmd is not None and cmd.substitutions:
            sub = cmd.substitutions[-1]
            cs = [c for c in sub if c.words]
            if cs:
                _from_feed(an, an.feed(cs, len(cs) - 1, state.copy()), state, level, script, tool)
            return
        _run_file(an, script, state, level, tool)  # a script from the repository is judged when edited or scanned
    feed = _stdin_feed(an, cmd, cmds, k, state)
    if feed is not None:
        _from_feed(an, feed, state, level, words[0], tool)


def _run_file(an: Analysis, word: Word, state: State, level: int, tool: str, code: bool = False) -> None:
    """A script file run on this line: read when the line itself writes it, asked about when the line downloads
    it or clones it; a file already in the project is left to the scan and the edit hook."""
    path = an.resolve(state, word.text)
    if path is None:
        return
    if path in state.downloaded:
        an.unresolved("remote-script", f"{tool} runs {word.text}, downloaded from {state.downloaded[path]} on this line",
                      word, tool=tool)
        return
    for folder, by in state.created.items():
        if path.startswith(folder.rstrip("/") + "/"):
            an.unresolved("written", f"{tool} runs {word.text} from {folder}, which {by} on this line", word, tool=tool)
            return
    if path in state.written:
        text = state.written[path]
        if text is None:
            an.unresolved("written", f"{tool} runs {word.text}, which this command line changes", word, tool=tool)
        elif code:
            _code_text(an, text if isinstance(text, str) else text[1], word, tool, state, level)
        else:
            an.run_script(text if isinstance(text, str) else text[1], state.copy(), level + 1)


def _download(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
              cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``curl -o F URL``, ``curl -O URL``, ``wget URL``, ``wget -O F URL``, ``iwr URL -OutFile F``: files
    downloaded on this line (a script run from one later is asked about)."""
    url = next((w.text for w in args if "://" in w.text), None)
    if url is None:
        return
    texts = [w.text for w in args]
    out: str | None = None
    lower = tool.lower()
    if lower == "curl":
        for j, t in enumerate(texts):
            if (t in ("-o", "--output") or (t.startswith("-") and not t.startswith("--") and t.endswith("o"))) \
                    and j + 1 < len(texts):
                out = texts[j + 1]
            elif t.startswith("--output="):
                out = t.split("=", 1)[1]
            elif t in ("-O", "--remote-name") or (t.startswith("-") and not t.startswith("--") and "O" in t[1:]):
                out = url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
    elif lower == "wget":
        out = url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1]
        for j, t in enumerate(texts):
            if t in ("-O", "--output-document") and j + 1 < len(texts):
                out = texts[j + 1]
            elif t.startswith(("-O", "--output-document=")) and len(t) > 2 and not t.startswith("--output-document=-"):
                out = t.split("=", 1)[1] if "=" in t else t[2:]
            elif t.startswith("-") and not t.startswith("--") and t.endswith("O") and j + 1 < len(texts):
                out = texts[j + 1]
    else:  # Invoke-WebRequest -OutFile F
        for j, t in enumerate(texts):
            if t.lower() in ("-outfile", "-o") and j + 1 < len(texts):
                out = texts[j + 1]
    if out and out != "-" and not out.startswith("/dev/"):
        path = an.resolve(state, out)
        if path:
            state.downloaded[path] = url
            state.written[path] = None


def _set_arguments(state: State, values: list[str], with_zero: bool = False) -> None:
    """The positional parameters ($0/$1 … and "$@") a script or ``set --`` gives."""
    for k in range(10):
        state.vars.pop(str(k), None)
    if with_zero and values:
        state.vars["0"] = (values[0],)
        values = values[1:]
    for k, v in enumerate(values[:9], 1):
        state.vars[str(k)] = (v,)
    state.vars["@"] = Array(values)
    state.vars["*"] = Array(values)
    state.vars["#"] = (str(len(values)),)


def _set(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
         cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``set -- a b``: the positional parameters."""
    texts = [w.text for w in args]
    if "--" in texts:
        _set_arguments(state, texts[texts.index("--") + 1:])


def _printf_v(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
              cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``printf -v NAME FORMAT ARGS…`` sets NAME."""
    if len(args) >= 3 and args[0].text == "-v":
        texts = [w.text for w in args[2:]]
        unknown = an.unknown_in(" ".join(texts))
        state.vars[args[1].text] = unknown if unknown else (_printf(texts[0], texts[1:]),)


def _iex(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
         cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """PowerShell's ``iex 'pip install x'`` / ``irm URL | iex`` (Invoke-Expression)."""
    if args:
        _eval(an, tool, words, [w for w in args if w.text.lower() != "-command"], state, level, cmd, cmds, k, env)
        return
    feed = _stdin_feed(an, cmd, cmds, k, state)
    if feed is not None:
        _from_feed(an, feed, state, level, words[0], tool)


def _stdin_feed(an: Analysis, cmd: Command | None, cmds: list[Command] | None, k: int, state: State) -> Feed | None:
    if cmd is None:
        return None
    if cmd.stdin is not None:
        return an.text_feed(cmd.stdin, state)
    if cmd.input_file is not None and cmd.input_file.raw.startswith("<(") and cmd.substitutions:
        cs = [c for c in cmd.substitutions[-1] if c.words]  # sh < <(curl …)
        return an.feed(cs, len(cs) - 1, state.copy()) if cs else None
    if cmd.input_file is not None:
        return None  # sh < script.sh: a script file
    if cmds is not None and cmd.connector in ("|", "|&") and k:
        return an.feed(cmds, k - 1, state)
    return None


def _from_feed(an: Analysis, feed: Feed, state: State, level: int, at: Word, tool: str) -> None:
    """A shell reading its script from ``feed``."""
    if feed.text is not None:
        if feed.word is not None and feed.word.line and feed.word is not at and feed.source in ("a here-document",):
            an.run_commands(parse_script(feed.text, feed.word.line, 1), state.copy(), level + 1)
        elif feed.words and len(feed.words) == 1:
            _run_word(an, feed.words[0], state, level)
        else:
            an.run_script(feed.text, state.copy(), level + 1)
        return
    if feed.url:
        an.unresolved("remote-script", f"{tool} runs a script downloaded from {feed.url}", at, tool=tool)
    elif feed.file:
        return  # a local script file
    else:
        an.unresolved("remote-script", f"{tool} runs a script made by {feed.source}", at, tool=tool)


def _run_word(an: Analysis, word: Word, state: State, level: int) -> None:
    if PLACEHOLDER.fullmatch(word.text.strip()):  # the whole script is unknown ("$CMD"); a value in it is judged where it lands
        unknown = an.unknowns.get(word.text.strip())
        an.unresolved("remote-script" if unknown and unknown.kind == "remote" else "substitution",
                      f"runs commands depguard cannot read ({unknown.reason if unknown else 'unknown'})", word)
        return
    an.run_script(word.text, state.copy(), level + 1, at=word)


ALIAS_NAME = lazyre.compile(r"[A-Za-z0-9_.:+@%,-]+")


def _alias(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
           cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``alias NAME='pip install x'``: the command an alias stands for is read as a script of its own, as a function's
    body is (it installs when the alias is used); ``alias NAME`` and ``alias`` alone print, and define nothing."""
    for w in args:
        name, eq, value = w.text.partition("=")
        if not eq or not value.strip() or not ALIAS_NAME.fullmatch(name) or not w.raw.startswith(name + "="):
            continue
        shift = len(name) + 1
        _run_word(an, replace(w, text=value, column=w.column + shift, raw=w.raw[shift:]), state, level)


def _eval(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
          cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    if not args:
        return
    if len(args) == 1:
        _run_word(an, args[0], state, level)
        return
    joined = replace(args[0], text=" ".join(w.text for w in args), raw="")
    _run_word(an, joined, state, level)


def _source(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
            cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``source <(curl …)`` / ``. <(…)``: a script from another command; ``source FILE`` written or
    downloaded on this line."""
    if args and args[0].raw.startswith("<(") and cmd is not None and cmd.substitutions:
        cs = [c for c in cmd.substitutions[-1] if c.words]
        if cs:
            _from_feed(an, an.feed(cs, len(cs) - 1, state.copy()), state, level, args[0], tool)
    elif args and args[0].text in ("/dev/stdin", "/proc/self/fd/0", "-"):
        feed = _stdin_feed(an, cmd, cmds, k, state)
        if feed is not None:
            _from_feed(an, feed, state, level, words[0], tool)
    elif args:
        _run_file(an, args[0], state, level, tool)


def _cd(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
        cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    pos = [w for w in args if not (w.text.startswith("-") and w.text != "-") or w.text == "-"]
    if tool == "popd":
        state.cwd = state.dirstack.pop() if state.dirstack else Unknown("the folder popd returns to")
        return
    if tool == "pushd":
        state.dirstack.append(state.cwd)
    an.change_dir(state, pos[0] if pos else None, words[0])


def _export(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
            cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``export X=1``, ``declare -x X=1``, ``local X=1``, ``readonly``, ``typeset``, ``unset X``."""
    # the words were expanded already; take the values from the command's own words where they are there
    raw_words = {w.column: w for w in (cmd.words if cmd else [])}
    for w in args:
        if w.text.startswith("-"):
            continue
        original = raw_words.get(w.column, w)
        name, eq, _ = w.text.partition("=")
        if tool == "unset":
            state.vars.pop(name, None)
            continue
        if eq and is_assignment(original):
            state.vars[name] = an.assignment_value(original, state)
        elif eq:
            state.vars[name] = (w.text.partition("=")[2],)
        if tool == "export" or (tool in ("declare", "typeset") and any(a.text.startswith("-") and "x" in a.text for a in args)):
            state.exported.add(name)
            if name == "NODE_OPTIONS" and eq:  # every Node process started after it preloads what it names
                _node_options(an, w, state)


def _read_names(args: list[Word]) -> list[str]:
    names: list[str] = []
    j = 0
    while j < len(args):
        t = args[j].text
        if t in ("-d", "-n", "-N", "-p", "-t", "-u", "-a", "-i"):
            j += 2
            continue
        if not t.startswith("-"):
            names.append(t)
        j += 1
    return names or ["REPLY"]


def _set_read(state: State, names: list[str], line: str | None, feed: Feed | None) -> None:
    """The variables ``read`` sets from one line (None: a line depguard cannot know)."""
    if line is not None:
        fields = line.split(None, len(names) - 1) if len(names) > 1 else [line.strip()]
        for i, name in enumerate(names):
            state.vars[name] = (fields[i] if i < len(fields) else "",)
        return
    for name in names:
        if feed is not None and feed.file:
            state.vars[name] = Unknown(f"names read from {feed.file}", "file", file=feed.file)
        elif feed is not None and feed.url:
            state.vars[name] = Unknown(f"text downloaded from {feed.url}", "remote")
        elif feed is not None and feed.unknown is not None:
            state.vars[name] = feed.unknown
        else:
            state.vars[name] = Unknown(f"{name} read from {feed.source if feed else 'standard input'}", "substitution")


def _read(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
          cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    names = _read_names(args)
    feed = _stdin_feed(an, cmd, cmds, k, state) if cmd is not None else None
    if feed is None and cmd is not None and cmd.input_file is not None:
        feed = an.file_feed(cmd.input_file, state)
    line = None
    if feed is not None and feed.text is not None:
        line = next((ln for ln in feed.text.splitlines() if ln.strip()), "")
    _set_read(state, names, line, feed)


def _xargs(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
           cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``… | xargs [-n1] [-I{}] pip install [{}]``: the names are what comes in."""
    value_opts = {"-n", "-I", "-L", "-P", "-d", "-a", "-E", "-s", "-i", "--max-args", "--delimiter", "--arg-file",
                  "--max-procs", "--replace", "--max-lines", "--eof", "--max-chars", "--process-slot-var"}
    j = 0
    replace_str: str | None = None
    arg_file: Word | None = None
    lines = False
    while j < len(args):
        t = args[j].text
        if not t.startswith("-") or t == "-":
            break
        if t == "--":
            j += 1
            break
        opt, eq, value = t.partition("=")
        if opt in ("-I", "--replace", "-i") or (t.startswith("-I") and len(t) > 2):
            if t.startswith("-I") and len(t) > 2:
                replace_str = t[2:]
            elif eq:
                replace_str = value
            elif opt == "-i":
                replace_str = "{}"
            elif j + 1 < len(args):
                replace_str = args[j + 1].text
                j += 1
            lines = True
            j += 1
            continue
        if opt in ("-a", "--arg-file"):
            arg_file = replace(args[j], text=value) if eq else (args[j + 1] if j + 1 < len(args) else None)
            j += 1 if eq else 2
            continue
        if opt in ("-d", "--delimiter", "-0", "--null", "-L"):
            lines = True
        if opt in value_opts and not eq and not (len(t) > 2 and t[:2] in value_opts):
            j += 2
            continue
        j += 1
    command = args[j:]
    if not command:
        command = [replace(words[0], text="echo")]
    if arg_file is not None:
        feed: Feed | None = an.file_feed(arg_file, state)
    else:
        feed = _stdin_feed(an, cmd, cmds, k, state) if cmd is not None and cmd.input_file is None else (
            an.file_feed(cmd.input_file, state) if cmd is not None and cmd.input_file is not None else None)
    if feed is None:
        feed = Feed(source="standard input")
    names = an.names_from(feed, words[0], split_lines=lines)
    if replace_str:
        for name in names or []:
            built = [replace(w, text=w.text.replace(replace_str, name.text)) if replace_str in w.text else w
                     for w in command]
            built = [name if w.text == name.text and replace_str in o.text else w for w, o in zip(built, command)]
            an.dispatch(built, state, level + 1, env=env)
        return
    an.dispatch(command + names, state, level + 1, env=env)


PYTHON_VALUE = {"-W", "-X", "-Q", "--check-hash-based-pycs"}


def _python(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
            cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``python [-I] [-W x] [-X y] -m MODULE …``, ``python -mpip``, ``python -c CODE``, ``python - < …``,
    ``python setup.py install``."""
    j = 0
    while j < len(args):
        w = args[j]
        t = w.text
        if t == "-m" or (t.startswith("-") and not t.startswith("--") and "m" in t[1:] and t[1:t.index("m") + 1].replace("m", "").isalpha() is not None and _cluster_ends_with(t, "m")):
            if t == "-m" or t.endswith("m"):
                module = args[j + 1] if j + 1 < len(args) else None
                rest = args[j + 2:]
            else:
                module = None
                rest = []
            if module is not None:
                _run_module(an, tool, replace(module, text=module.text.removesuffix(".__main__")), rest, state, level,
                            env)
            return
        if t.startswith("-") and not t.startswith("--") and "m" in t and t.index("m") > 0 and _cluster_before(t, "m"):
            at = t.index("m")
            name = t[at + 1:]
            module = replace(w, text=name, raw=name, quoted=False, column=w.column + at + 1)
            _run_module(an, tool, module, args[j + 1:], state, level, env)
            return
        if t == "-c" or (t.startswith("-") and not t.startswith("--") and _cluster_ends_with(t, "c")):
            if j + 1 < len(args):
                _code(an, args[j + 1], tool, state, level)
            return
        if t.startswith("-c") and len(t) > 2:
            _code(an, replace(w, text=t[2:], column=w.column + 2), tool, state, level)
            return
        if t in PYTHON_VALUE:
            j += 2
            continue
        if t == "-":
            break
        if t.startswith("-"):
            j += 1
            continue
        break
    rest = args[j:]
    if rest and rest[0].text != "-":
        script = rest[0].text
        if _script_as_tool(an, rest, state, level, env):
            return
        _run_file(an, rest[0], state, level, tool, code=True)
        installs = _script_install(posixpath.basename(script))
        if installs is not None and any(w.text in installs.words for w in rest[1:]):
            from . import Manifest

            folder = posixpath.dirname(script) or "."
            an.add(Manifest(installs.ecosystem, installs.script, folder, installs.manifests, rest[0]), state, tool, None)
        elif rest[0].raw.startswith("<(") and cmd is not None and cmd.substitutions:
            cs = [c for c in cmd.substitutions[-1] if c.words]
            if cs:
                fed = an.feed(cs, len(cs) - 1, state.copy())
                if fed.url:
                    an.unresolved("remote-script", f"{tool} runs a program downloaded from {fed.url}", rest[0], tool=tool)
        return
    feed = _stdin_feed(an, cmd, cmds, k, state)
    if feed is not None and feed.url:
        an.unresolved("remote-script", f"{tool} runs a program downloaded from {feed.url}", words[0], tool=tool)
    elif feed is not None and feed.text is not None:
        _code_text(an, feed.text, feed.word or words[0], tool, state, level)


def _run_module(an: Analysis, tool: str, module: Word, rest: list[Word], state: State, level: int,
                env: dict[str, str]) -> None:
    """``python -m MODULE …``: a tool's own module (pip, pipx, uv, jupyter: a grammar reads its words) is that tool;
    any other module is what the command imports (:attr:`depguard.commands.Target.imported`: judged as ``import
    MODULE`` where the command is written), unless the command runs in a container (``docker run img python -m x``: the
    image's module) or a folder the line cannot tell. A module named by a variable is left to the dispatch (an unknown
    program)."""
    from . import Target, tool_name

    name = module.text
    if module.dynamic or PLACEHOLDER.search(name) or tool_name(module) in _grammars() or name in _HANDLERS:
        an.dispatch([module, *rest], state, level + 1, env=env)
        return
    if isinstance(state.cwd, str):  # not in a container or a folder the line cannot tell: its modules are not these
        ecosystem = interpreter_ecosystem("python")
        if ecosystem is not None:
            an.add(Target(ecosystem, module, name=name, imported=True, note=f"{tool} -m runs it"), state, tool, None)


_INTERPRETERS: dict[str, str | None] = {}


def interpreter_ecosystem(interpreter: str) -> str | None:
    """The ecosystem whose ``[imports] interpreter`` is ``interpreter`` (``python``, ``node``): the modules that
    interpreter loads by name on its command line (``-m``, ``-r``) are that ecosystem's imports."""
    if interpreter not in _INTERPRETERS:
        from ..ecosystems import catalog

        known = catalog()
        _INTERPRETERS[interpreter] = next((eco for eco in known.ids() if (known.get(eco).data.get("imports") or {})
                                           .get("interpreter") == interpreter), None)
    return _INTERPRETERS[interpreter]


_PRELOADERS: list[frozenset[str]] = []


def preloaders() -> frozenset[str]:
    """The commands that load a module before their program as node does (``mocha -r x``, ``tsx -r x``, ``nodemon -r
    x``): the ``[imports] preloaders`` of the ecosystem whose interpreter is node."""
    if not _PRELOADERS:
        from ..ecosystems import catalog

        ecosystem = interpreter_ecosystem("node")
        data = (catalog().get(ecosystem).data.get("imports") or {}) if ecosystem is not None else {}
        _PRELOADERS.append(frozenset(data.get("preloaders", ())))
    return _PRELOADERS[0]


def _preload_options(an: Analysis, tool: str, args: list[Word], state: State) -> None:
    """The ids a preloading command's options (:data:`NODE_PRELOADS`) name, up to ``--``."""
    j = 0
    while j < len(args) and args[j].text != "--":
        w = args[j]
        option, eq, _ = w.text.partition("=")
        if option in NODE_PRELOADS:
            if eq:
                _preload(an, tool, option, w, len(option) + 1, state)
            elif j + 1 < len(args) and not args[j + 1].text.startswith("-"):
                _preload(an, tool, option, args[j + 1], 0, state)
                j += 1
        j += 1


# the options with which Node loads a module before the program (``node -r dotenv/config app.js``): each takes the id
NODE_PRELOADS = frozenset({"-r", "--require", "--import", "--loader", "--experimental-loader"})


def _preload(an: Analysis, tool: str, option: str, word: Word, shift: int, state: State) -> None:
    """One id a Node option preloads (:data:`NODE_PRELOADS`), written in ``word`` from ``shift`` on: what the command
    imports (:attr:`depguard.commands.Target.imported`). A path, a URL or a variable is no package id here."""
    from . import Target

    spec = word.text[shift:]
    if not isinstance(state.cwd, str):  # in a container (docker run … node -r x) or a folder the line cannot tell
        return
    if not spec or word.dynamic or PLACEHOLDER.search(spec) or spec.startswith((".", "/", "\\", "~")) or ":" in spec:
        return
    ecosystem = interpreter_ecosystem("node")
    if ecosystem is not None:
        an.add(Target(ecosystem, word, name=spec, imported=True, note=f"{tool} {option} preloads it",
                      column_shift=shift), state, tool, None)


def _node_options(an: Analysis, word: Word, state: State) -> None:
    """``NODE_OPTIONS="--require x"`` (an assignment before a command, or exported): the ids its preload options name,
    loaded by every Node process the command starts."""
    raw = word.raw or word.text
    eq = raw.find("=")
    value = word.text.partition("=")[2]
    pieces = [(m.group(0), m.start()) for m in re.finditer(r"\S+", value)]
    for k, (piece, _) in enumerate(pieces):
        option, has_value, given = piece.partition("=")
        if option not in NODE_PRELOADS:
            continue
        spec = given if has_value else (pieces[k + 1][0] if k + 1 < len(pieces) else "")
        if not spec or spec.startswith("-"):
            continue
        base = raw.find(piece, eq + 1)  # where the option is written (the raw word may hold quotes)
        at = raw.find(spec, base if base >= 0 else eq + 1)
        placed = replace(word, text=spec, raw=spec, quoted=False, expands=None,
                         column=word.column + at if at >= 0 else word.column)
        _preload(an, "NODE_OPTIONS", option, placed, 0, state)


def _cluster_ends_with(t: str, letter: str) -> bool:
    return len(t) > 1 and t[0] == "-" and t[1] != "-" and t.endswith(letter) and t[1:-1].isalpha() and all(
        c in "bBdEhiIOPqsSuvRx" for c in t[1:-1])


def _cluster_before(t: str, letter: str) -> bool:
    at = t.index(letter)
    return all(c in "bBdEhiIOPqsSuvRx" for c in t[1:at])


CODE_LITERAL = lazyre.compile(r"""(?s)("{3}.*?"{3}|'{3}.*?'{3}|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`)""")
CODE_LIST = lazyre.compile(r"""\[\s*((?:(?:"[^"\n]*"|'[^'\n]*'|sys\.executable)\s*,\s*)+(?:"[^"\n]*"|'[^'\n]*'))\s*,?\s*\]""")


def _code(an: Analysis, word: Word, tool: str, state: State, level: int) -> None:
    _code_text(an, word.text, word, tool, state, level)


def _code_text(an: Analysis, code: str, at: Word, tool: str, state: State, level: int) -> None:
    """Install commands in code run by an interpreter (``python -c``, ``node -e``): string literals that are
    commands (``os.system("pip install x")``), argv lists (``["pip", "install", "x"]``), ``pip.main([...])``;
    code that mentions installing without a readable command is Unresolved."""
    if len(code) > MAX_SCRIPT:
        an.unresolved("too-complex", "program too long to read", at, tool=tool)
        return
    before = len(an.items)
    for m in CODE_LIST.finditer(code):
        items = re.findall(r"""sys\.executable|"([^"\n]*)"|'([^'\n]*)'""", m.group(1))
        argv = ["python" if not (a or b) else (a or b) for a, b in items]
        if argv[:1] == ["-m"] or argv[:2] == ["python", "-m"] or argv[:1] in (["install"],):
            argv = (["pip"] + argv) if argv[:1] == ["install"] else argv
        if argv and argv[0] in ("install", "download"):
            argv = ["pip", *argv]
        an.dispatch([replace(at, text=a, expands=False) for a in argv], state.copy(), level + 1)
    for m in CODE_LITERAL.finditer(code):
        body = m.group(0)
        body = body[3:-3] if body[:3] in ('"""', "'''") else body[1:-1]
        if re.search(r"\b(install|add|sync|ci|i)\b", body) and " " in body.strip():
            an.run_script(body, state.copy(), level + 1)
    if len(an.items) == before and re.search(r"\b(pip|npm|yarn|pnpm|uv|conda|gem|cargo)\b.*\binstall|\binstall\b.*\b(pip|npm)\b"
                                             r"|pip\.main|pip\._internal|ensurepip|subprocess.*\binstall\b", code, re.S):
        an.unresolved("code", f"{tool} runs code that installs packages depguard cannot read", at, tool=tool)


def _node(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
          cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    taken = False  # the word before was a preload option: this one is its id
    for j, w in enumerate(args):
        if taken:
            taken = False
            continue
        if w.text in ("-e", "--eval", "-p", "--print") and j + 1 < len(args):
            _code(an, args[j + 1], tool, state, level)
            return
        option, eq, _ = w.text.partition("=")
        if option in NODE_PRELOADS:
            if eq:
                _preload(an, tool, option, w, len(option) + 1, state)
            elif j + 1 < len(args) and not args[j + 1].text.startswith("-"):  # `-r --env-file .env`: no id given
                _preload(an, tool, option, args[j + 1], 0, state)
                taken = True
            continue
        if not w.text.startswith("-"):
            if not _script_as_tool(an, args[j:], state, level, env):
                _run_file(an, w, state, level, tool, code=True)
            return
    feed = _stdin_feed(an, cmd, cmds, k, state)
    if feed is not None and feed.url:
        an.unresolved("remote-script", f"{tool} runs a program downloaded from {feed.url}", words[0], tool=tool)


def _script_as_tool(an: Analysis, rest: list[Word], state: State, level: int, env: dict[str, str]) -> bool:
    """``python /usr/bin/pip3 install x``, ``node node_modules/npm/bin/npm-cli.js i x``, ``node $(which npm) i x``:
    an interpreter running a package tool's own script is that tool."""
    from . import tool_name

    script = rest[0]
    if PLACEHOLDER.fullmatch(script.text):
        verb = next((w.text for w in rest[1:6] if w.text in INSTALL_VERBS), None)
        if verb is not None:
            an.unresolved("dynamic-tool", f"runs a program depguard cannot tell ({an.unknowns[script.text].reason}) "
                          f"with `{verb}`", script)
            return True
        return False
    stem = re.sub(r"(-cli)?\.(js|cjs|mjs|py|pyz)$", "", tool_name(script))
    if stem in _grammars() and stem not in INTERPRETERS:
        an.dispatch([replace(script, text=stem), *rest[1:]], state, level + 1, env=env)
        return True
    return False


def _git(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
         cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``git clone URL [DIR]`` (also ``gh repo clone``, ``hg clone``, ``svn checkout``, ``degit``/``tiged SRC
    DIR``): manifests and scripts under DIR come from elsewhere, not from disk."""
    pos = [w for w in args if not w.text.startswith("-")]
    if tool == "gh" and pos[:2] and pos[0].text == "repo":
        pos = pos[1:]
    if tool in ("degit", "tiged") and pos:
        pos = [replace(pos[0], text="clone"), *pos]
    if tool == "svn" and pos and pos[0].text in ("checkout", "co", "export"):
        pos = [replace(pos[0], text="clone"), *pos[1:]]
    if len(pos) >= 2 and pos[0].text == "clone":
        url = pos[1].text
        folder = pos[2].text if len(pos) >= 3 else posixpath.basename(url.rstrip("/")).removesuffix(".git")
        path = an.resolve(state, folder)
        if path:
            state.created[path] = f"is cloned from {url}"


def _writes(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
            cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``tee FILE``, ``cp SRC DST``, ``mv``, ``sed -i``: files changed on this line (their text unknown)."""
    pos = [w for w in args if not w.text.startswith("-")]
    targets = pos if tool in ("tee", "sed", "perl", "touch") else pos[-1:]
    if tool == "tee":
        feed = _stdin_feed(an, cmd, cmds, k, state)
        for w in targets:
            path = an.resolve(state, w.text)
            if path:
                state.written[path] = feed.text if feed is not None and feed.text is not None and not any(
                    a.text in ("-a", "--append") for a in args) else None
        return
    if tool in ("sed", "perl") and not any(a.text.startswith("-i") or a.text.startswith("--in-place") for a in args):
        return
    for w in targets[1:] if tool in ("sed", "perl") else targets:
        path = an.resolve(state, w.text)
        if path:
            state.written[path] = None


def _ssh(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
         cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``ssh HOST 'pip install x'`` and ``ssh HOST <<EOF … EOF``: commands run on another machine."""
    value_opts = {"-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q",
                  "-R", "-S", "-W", "-w", "-B"}
    j = 0
    while j < len(args) and args[j].text.startswith("-"):
        j += 2 if args[j].text in value_opts else 1
    command = args[j + 1:]
    remote = state.copy()
    remote.cwd = Unknown("a folder on another machine")
    if command:
        if len(command) == 1:
            _run_word(an, command[0], remote, level)
        else:
            an.dispatch(command, remote, level + 1)
        return
    feed = _stdin_feed(an, cmd, cmds, k, state)
    if feed is not None:
        _from_feed(an, feed, remote, level, words[0], tool)


def _find_exec(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
               cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``find … -exec CMD {} ;`` / ``-execdir`` / ``-ok``, ``fd … -x CMD``: CMD runs with found paths as ``{}``."""
    opts = ("-exec", "-execdir", "-ok", "-okdir") if tool == "find" else ("-x", "--exec", "-X", "--exec-batch")
    found = an.placeholder(Unknown(f"paths found by {tool}", "substitution"))
    j = 0
    while j < len(args):
        if args[j].text in opts:
            end = next((m for m in range(j + 1, len(args)) if args[m].text in (";", "+", "\\;")), len(args))
            command = [replace(w, text=w.text.replace("{}", found)) for w in args[j + 1:end]]
            if tool != "find" and not any(found in w.text for w in command):
                command.append(replace(words[0], text=found))
            if command:
                an.dispatch(command, state, level + 1, env=env)
            j = end + 1
            continue
        j += 1


def _parallel(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
              cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """GNU ``parallel CMD {} ::: a b`` (or names from standard input): like xargs -I{}."""
    texts = [w.text for w in args]
    sep = next((m for m, t in enumerate(texts) if t in (":::", "::::", ":::+")), None)
    head = args[:sep] if sep is not None else args
    j = 0
    value_opts = {"-j", "--jobs", "-S", "--sshlogin", "--delay", "--timeout", "--joblog", "-N", "--max-args",
                  "--results", "--retries", "-a", "--arg-file", "--colsep", "-d", "--delimiter", "--halt"}
    while j < len(head) and head[j].text.startswith("-"):
        j += 2 if head[j].text in value_opts else 1
    template = head[j:]
    if sep is not None and texts[sep] == ":::":
        names = [w for w in args[sep + 1:] if w.text not in (":::", "::::", ":::+")]
    else:
        feed = an.file_feed(args[sep + 1], state) if sep is not None and sep + 1 < len(args) else (
            _stdin_feed(an, cmd, cmds, k, state) or Feed(source="standard input"))
        names = an.names_from(feed, words[0], split_lines=True)
    if len(template) == 1 and " " in template[0].text:
        template = [replace(template[0], text=t) for t in template[0].text.split()]
    for name in names[:MAX_FIELDS]:
        if any("{}" in w.text for w in template):
            built = [name if w.text == "{}" else replace(w, text=w.text.replace("{}", name.text)) for w in template]
        else:
            built = [*template, name]
        if built:
            an.dispatch(built, state, level + 1, env=env)


def _at(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
        cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``echo 'pip install x' | at now``, ``at now <<< '…'``, ``batch``: a script read from standard input."""
    if "-f" in [w.text for w in args]:
        return
    feed = _stdin_feed(an, cmd, cmds, k, state)
    if feed is not None:
        _from_feed(an, feed, state, level, words[0], tool)


# Coding agents' command lines that register an MCP server: ``claude mcp add [options] NAME [--] COMMAND ARGS…``
# (Claude Code), ``codex mcp add NAME [--env K=V] -- COMMAND…``, ``gemini mcp add [options] NAME COMMAND ARGS…``, Amp's,
# Qoder's, Devin's and Grok's alike, Factory's ``droid mcp add NAME "npx -y x"`` (one quoted command line). The agent
# runs COMMAND whenever it starts: the README line is that command's install. Held-out set 184: chrome-devtools-mcp's
# README gives these lines for nine agents, none of whose commands was read
# Qwen Code's `qwen mcp add [options] NAME COMMAND ARGS…` is Gemini CLI's (its fork's docs, qwenlm.github.io/qwen-code-docs)
AGENT_MCP_CLIS = frozenset({"claude", "codex", "gemini", "qwen", "amp", "qodercli", "devin", "grok", "droid"})
MCP_ADD_VALUE_OPTIONS = frozenset({"-s", "--scope", "-t", "--transport", "-e", "--env", "-H", "--header", "--timeout",
                                   "--description", "--include-tools", "--exclude-tools", "--callback-port",
                                   "--client-id", "--client-secret", "--bearer-token-env-var"})


def _mcp_add(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
             cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """``claude mcp add [options] NAME [--] COMMAND ARGS…`` and its kin (:data:`AGENT_MCP_CLIS`): COMMAND is run."""
    if [w.text for w in args[:2]] != ["mcp", "add"]:
        return
    rest = args[2:]
    dashes = next((i for i, w in enumerate(rest) if w.text == "--"), None)
    if dashes is not None:
        command = rest[dashes + 1:]
    else:
        j, name = 0, None
        while j < len(rest):
            text = rest[j].text
            if text.startswith("-") and len(text) > 1:
                j += 2 if text in MCP_ADD_VALUE_OPTIONS else 1
                continue
            if name is not None:
                break
            name = rest[j]
            j += 1
        command = rest[j:]
    if len(command) == 1 and " " in command[0].text.strip():  # one quoted command line
        head, at = command[0], 0
        command = []
        for piece in head.text.split():
            at = head.text.index(piece, at)
            command.append(replace(head, text=piece, raw=piece, quoted=False,
                                   column=head.column + at + (1 if head.quoted else 0)))
            at += len(piece)
    if command and command[0].text and "://" not in command[0].text:  # a URL: a server reached over HTTP
        an.dispatch(command, state, level + 1, env=env)


def _code_add_mcp(an: Analysis, tool: str, words: list[Word], args: list[Word], state: State, level: int,
                  cmd: Command | None, cmds: list[Command] | None, k: int, env: dict[str, str]) -> None:
    """VS Code's ``code --add-mcp '{"name": …, "command": "npx", "args": ["-y", "x"]}'``: the server's command."""
    import json

    texts = [w.text for w in args]
    if "--add-mcp" not in texts or texts.index("--add-mcp") + 1 >= len(args):
        return
    word = args[texts.index("--add-mcp") + 1]
    try:
        server = json.loads(word.text)
    except ValueError:
        return
    if not isinstance(server, dict):
        return
    command, rest = server.get("command"), server.get("args", [])
    if not isinstance(command, str) or not isinstance(rest, list) or not all(isinstance(a, str) for a in rest):
        return
    built, at = [], 0
    for piece in (command, *rest):
        found = word.text.find(json.dumps(piece), at)
        start = found + 1 if found >= 0 else 0  # inside the JSON string's quotes
        at = found + len(json.dumps(piece)) if found >= 0 else at
        built.append(replace(word, text=piece, raw=piece, quoted=False,
                             column=word.column + start + (1 if word.quoted else 0)))
    an.dispatch(built, state, level + 1, env=env)


_HANDLERS = {
    **{agent: _mcp_add for agent in AGENT_MCP_CLIS}, "code": _code_add_mcp,
    **{s: _shell for s in SHELLS}, "eval": _eval, "source": _source, ".": _source, "cd": _cd, "pushd": _cd,
    "popd": _cd, "export": _export, "declare": _export, "typeset": _export, "local": _export, "readonly": _export,
    "unset": _export, "read": _read, "xargs": _xargs, "python": _python, "py": _python, "node": _node,
    "nodejs": _node, "git": _git, "gh": _git, "hg": _git, "svn": _git, "degit": _git, "tiged": _git, "tee": _writes, "cp": _writes, "mv": _writes, "sed": _writes, "install": _writes,
    "curl": _download, "wget": _download, "iwr": _download, "Invoke-WebRequest": _download,
    "find": _find_exec, "fd": _find_exec, "fdfind": _find_exec, "parallel": _parallel, "at": _at, "batch": _at,
    "ssh": _ssh, "set": _set, "printf": _printf_v, "iex": _iex, "Invoke-Expression": _iex, "alias": _alias,
    "invoke-expression": _iex,
}


def record_outputs(an: Analysis, cmds: list[Command], k: int, state: State) -> None:
    """``> FILE`` / ``>> FILE`` of command ``k``: the file's text is known when echo/printf/cat write it."""
    cmd = cmds[k]
    if not cmd.outputs:
        return
    feed = an.feed(cmds, k, state)
    for op, w in cmd.outputs:
        fields = an.expand(w, state, split=False)
        path = an.resolve(state, fields[0] if fields else w.text)
        if path is None:
            continue
        if op == ">" and feed.text is not None:
            state.written[path] = feed.text
        elif op == ">>" and feed.text is not None and path not in state.written:
            state.written[path] = ("+", feed.text)  # appended to the file on disk
        elif op == ">>" and feed.text is not None and state.written.get(path) is not None:
            before = state.written[path]
            state.written[path] = ("+", before[1] + feed.text) if isinstance(before, tuple) else before + feed.text  # type: ignore[operator]
        else:
            state.written[path] = None


def analyze_words(words: list[Word], elsewhere: str | None = None) -> list:
    """Items of one command given as words (an argv): through the active analysis when a grammar asks.
    ``elsewhere``: the command runs in another place (a container), whose folder is not known here."""
    current = _ACTIVE.get()
    if current is not None:
        an, state, level = current
        if elsewhere:
            state = state.copy()
            state.cwd = Unknown(elsewhere)
        an.dispatch(words, state, level + 1)  # recorded in the walk itself
        return []
    an = Analysis()
    an.dispatch(words, State(Unknown(elsewhere) if elsewhere else "."), 0)
    return an.items


def here_document() -> tuple[str, int] | None:
    """For a grammar: the text of the here-document (or here-string) written on the line for the command it reads,
    and the line its text starts on (``brew bundle --file=- <<EOF`` reads its Brewfile there); None when the
    command has none, or its text holds values the line does not tell."""
    feed = _STDIN.get()
    if feed is None or feed.text is None or feed.word is None:
        return None
    return feed.text, feed.word.line


def analyze_script_in_word(word: Word) -> list:
    current = _ACTIVE.get()
    if current is not None:
        an, state, level = current
        _run_word(an, word, state, level)
        return []
    an = Analysis()
    _run_word(an, word, State("."), 0)
    return an.items


def analyze_script(script: str, cwd: str | None = None, home: str | None = None, zsh: bool = False) -> list:
    an = Analysis(home, zsh)
    state = State(posixpath.normpath(cwd) if cwd else ".")
    an.run_script(script, state, 0)
    for name, function, at in an.defined:  # defined but not called here: read with arguments nobody knows
        if id(function) not in an.called and not an.truncated:
            an.call(function, [an.placeholder(Unknown(f"the arguments of {name}, which this line does not call"))],
                    at.copy(), 1)
    return an.items
