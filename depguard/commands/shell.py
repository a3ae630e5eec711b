"""A small shell tokenizer that keeps positions: script text -> simple commands -> words.

It understands what install lines use: quotes (``'…'``, ``"…"``, ANSI-C ``$'…'``), backslash escapes and line
continuations, comments, ``&&``/``||``/``;``/``|``/``&`` and newlines as separators (kept as each command's
``connector``), ``( … )`` subshells (kept as ``depth``), redirections (``> log``, ``2>&1``: their targets are
not arguments; output files are kept in ``outputs``, ``< FILE`` in ``input_file``), here-documents and
here-strings (kept as the command's ``stdin``), ``$(...)``, backticks and ``<(...)`` (their inside is read as a
script of its own, kept in ``substitutions``), leading ``VAR=value`` assignments and the keywords of compound
commands (``if … then``, ``for … do``, ``case … in pat)``, functions). It never evaluates anything: ``$VAR``
stays literal text; :mod:`depguard.commands._analysis` gives words their values where the command line
itself sets them.

Nesting is bounded: a substitution deeper than ``MAX_DEPTH`` is not read and its command is marked
``too_deep`` (so deeply nested input costs linear time and never exhausts the stack).

Why not tree-sitter-bash: install commands need only this much of the shell, the text path must stay cheap
(no parser library loaded for a chat answer), and positions come out exact without byte/row conversion.
"""

from __future__ import annotations

import re

from .. import lazyre
from ..records import field, record, replace

OPERATORS = ("&&", "||", ";;&", ";;", ";&", ";", "|&", "|", "&", "(", ")", "{", "}")
WORD_BREAK = ("&&", "||", ";", "|", "&", "(", ")")
BREAK_CHARS = frozenset(" \t\r\n;|&()<>")
SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish"}
KEYWORDS = {"if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "time", "coproc", "{", "}"}
REDIRECT = lazyre.compile(r"(?:\d+|&)?(?:<<<|<<-|<<|>>|>\||>&|<&|<>|&>>|&>|>|<)")
MAX_DEPTH = 16
ARRAY_ASSIGN = lazyre.compile(r"[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=")
NAME_END = lazyre.compile(r"[=<>~!@:;,\[]")  # where the name part of a package word ends
ANSI_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b", "e": "\x1b", "E": "\x1b", "f": "\f",
                "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


@record(frozen=True)
class Word:
    text: str  # the word with quotes removed
    line: int  # 1-based, relative to the script
    column: int  # 1-based
    quoted: bool = False
    raw: str = ""
    expands: bool | None = None  # holds $-expansions or backticks (None: judge from ``raw``)

    @property
    def dynamic(self) -> bool:
        """True when the word holds shell expansions (``$x``, backticks, an unquoted glob in the name part)."""
        if self.expands is None:
            if "$" in self.raw or "`" in self.raw:
                return True
        elif self.expands:
            return True
        if self.quoted:
            return False
        name_part = NAME_END.split(self.raw, maxsplit=1)[0]
        return any(c in name_part for c in "*?")


@record
class Command:
    """One simple command and how it is connected to the ones around it."""

    words: list[Word] = field(default_factory=list)
    connector: str = ""  # the operator before it: "" (first), "\n", ";", "&&", "||", "&", "|", "|&"
    depth: int = 0  # nesting of ( … ) subshells
    group: tuple[int, ...] = ()  # which ( … ) subshells it is in, outermost first (each has its own number)
    braces: tuple[int, ...] = ()  # which { … } groups it is in (a function body is one)
    defines: str | None = None  # ``f() {`` / ``function f {``: the function whose body follows
    stdin: Word | None = None  # a here-document body or here-string fed to it (text as the shell gives it)
    input_file: Word | None = None  # ``< FILE``
    outputs: list[tuple[str, Word]] = field(default_factory=list)  # (">" or ">>", FILE) it writes
    substitutions: list[list[Command]] = field(default_factory=list)  # scripts of its $(…), `…`, <(…)
    too_deep: bool = False  # a substitution nested beyond MAX_DEPTH was not read


def ansi_c(body: str) -> str:
    """The text of ``$'…'`` (without the quotes): backslash escapes decoded as bash does."""
    out: list[str] = []
    i, n = 0, len(body)
    while i < n:
        c = body[i]
        if c != "\\" or i + 1 >= n:
            out.append(c)
            i += 1
            continue
        e = body[i + 1]
        if e in ANSI_ESCAPES:
            out.append(ANSI_ESCAPES[e])
            i += 2
        elif e in "xuU":
            width = {"x": 2, "u": 4, "U": 8}[e]
            m = re.match(r"[0-9A-Fa-f]{1,%d}" % width, body[i + 2:])
            if m:
                try:
                    out.append(chr(int(m.group(0), 16)))
                except (ValueError, OverflowError):
                    pass
                i += 2 + m.end()
            else:
                out.append("\\" + e)
                i += 2
        elif e in "01234567":
            m = re.match(r"[0-7]{1,3}", body[i + 1:])
            out.append(chr(int(m.group(0), 8) & 0xFF))  # type: ignore[union-attr]
            i += 1 + m.end()  # type: ignore[union-attr]
        elif e == "c" and i + 2 < n:
            out.append(chr(ord(body[i + 2]) & 0x1F))
            i += 3
        else:
            out.append("\\" + e)
            i += 2
    return "".join(out)


def inner_word(outer: Word, inner: Word) -> Word:
    """``inner`` (a word of a script held inside ``outer``, e.g. ``bash -c '…'``) placed in ``outer``'s text."""
    lead = 1 if outer.raw[:1] in ("'", '"') else 0
    if inner.line == 1:
        return replace(inner, line=outer.line, column=outer.column + lead + inner.column - 1)
    return replace(inner, line=outer.line + inner.line - 1)


def _closing_paren(script: str, j: int) -> int:
    """Index of the ``)`` matching the ``(`` at ``j`` (quotes respected), or len(script)."""
    return closing(script, j)


def heredoc_end(script: str, start: int, delim: str, strip_tabs: bool) -> tuple[int, int]:
    """(where the body that starts at ``start`` ends, where the text after its delimiter line starts).

    The delimiter line is the first one equal to ``delim`` (leading tabs removed for ``<<-``), as the shell
    reads it; when there is none, the first one equal to it once indentation is removed: a script kept
    indented as it is written inside YAML, a Makefile or a Markdown list still ends its here-document there."""
    n = len(script)
    for exact in (True, False):
        j = start
        while j < n:
            end = script.find("\n", j)
            end = n if end < 0 else end
            line = script[j:end].rstrip("\r")
            line = (line.lstrip("\t") if strip_tabs else line) if exact else line.strip()
            if line == delim:
                return j, min(end + 1, n)
            j = end + 1
    return n, n


HEREDOC_OP = lazyre.compile(r"<<(-?)[ \t]*(?:(['\"])([^'\"\n]*)\2|\\?([A-Za-z0-9_.-]+))")


def closing(script: str, j: int, opening: str = "(", close: str = ")", quotes: str = "'\"") -> int:
    """Index of the ``close`` matching the ``opening`` at ``j`` (backslashes and ``quotes`` respected), or
    len(script). Inside ``$( … )`` here-document bodies and comments are skipped: an apostrophe or a
    parenthesis in a commit message written with ``cat <<'EOF'`` does not end or extend the substitution."""
    depth, n = 0, len(script)
    pending: list[tuple[str, bool]] = []  # here-documents whose bodies start at the next newline
    while j < n:
        c = script[j]
        if c == "\n" and pending:
            j += 1
            for delim, strip in pending:
                j = heredoc_end(script, j, delim, strip)[1]
            pending = []
            continue
        if opening == "(" and c == "<" and script.startswith("<<", j) and not script.startswith("<<<", j):
            m = HEREDOC_OP.match(script, j)
            if m:
                pending.append((m.group(3) if m.group(3) is not None else m.group(4), m.group(1) == "-"))
                j = m.end()
                continue
        if opening == "(" and c == "#" and j and script[j - 1] in " \t\n;&|(":
            end = script.find("\n", j)
            j = n if end < 0 else end
            continue
        if c in quotes:
            k = j + 1
            while k < n and script[k] != c:
                k += 2 if c == '"' and script[k] == "\\" else 1  # "a \" b": escapes count inside double quotes
            j = k + 1
            continue
        if c == "\\":
            j += 2
            continue
        if c == opening:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return n


class _Parser:
    def __init__(self, script: str, line: int, col: int, level: int) -> None:
        self.s = script
        self.n = len(script)
        self.i = 0
        self.line, self.col = line, col
        self.level = level
        self.commands: list[Command] = []
        self.current = Command()
        self.connector = ""
        self.depth = 0
        self.groups: list[int] = []
        self.braces: list[int] = []
        self.group_count = 0
        self.heredocs: list[tuple[str, bool, bool, Command]] = []  # (delimiter, strip tabs, quoted, command)

    def advance(self, k: int) -> None:
        s, i = self.s, self.i
        end = min(self.n, i + k)
        newlines = s.count("\n", i, end)
        if newlines:
            self.line += newlines
            self.col = end - s.rfind("\n", i, end)
        else:
            self.col += end - i
        self.i = end

    def end_command(self, connector: str) -> None:
        cur = self.current
        if cur.words or cur.substitutions or cur.stdin is not None:
            self.commands.append(cur)
            self.connector = connector
        elif not self.commands:
            self.connector = ""
        elif not (connector == "\n" and self.connector in ("|", "|&", "&&", "||")):
            self.connector = connector  # a line that ends in | or && goes on on the next line
        self.current = Command(connector=self.connector, depth=self.depth, group=tuple(self.groups),
                               braces=tuple(self.braces))

    def substitution(self, start: int, end: int, line: int, col: int) -> None:
        """Read the script ``s[start:end]`` (inside ``$(…)``, backticks or ``<(…)``) as the current command's."""
        if self.level >= MAX_DEPTH:
            self.current.too_deep = True
            return
        self.current.substitutions.append(_Parser(self.s[start:end], line, col, self.level + 1).parse())

    def read_word(self) -> tuple[str, bool, str, int, int, bool] | None:
        """Read one word at i: (text, quoted, raw, line, col, expands), or None at an operator/blank/end."""
        s, n = self.s, self.n
        start_line, start_col, start_i = self.line, self.col, self.i
        buf: list[str] = []
        quoted = expands = False
        while self.i < n:
            i = self.i
            ch = s[i]
            if ch in BREAK_CHARS:
                if not (ch in "<>" and s.startswith(("<(", ">("), i)) and not (
                        ch == "(" and i > start_i and ARRAY_ASSIGN.fullmatch(s[start_i:i])):
                    break
            if ch == "\\" and i + 1 < n:
                if s[i + 1] == "\n":
                    self.advance(2)
                    continue
                if s.startswith("\r\n", i + 1):
                    self.advance(3)
                    continue
                buf.append(s[i + 1])
                self.advance(2)
                continue
            if ch == "$" and i + 1 < n and s[i + 1] == "'":  # ANSI-C quoting
                quoted = True
                j = i + 2
                while j < n and s[j] != "'":
                    j += 2 if s[j] == "\\" else 1
                buf.append(ansi_c(s[i + 2:min(j, n)]))
                self.advance(min(j, n) + 1 - i)
                continue
            if ch == "$" and i + 1 < n and s[i + 1] == '"':  # $"…" (locale translation): a double-quoted string
                self.advance(1)
                continue
            if ch in "'\"":
                quoted = True
                quote = ch
                self.advance(1)
                while self.i < n and s[self.i] != quote:
                    k = self.i
                    if quote == '"' and s.startswith("$(", k) and not s.startswith("$((", k):
                        expands = True
                        self._paren_substitution(buf)
                        continue
                    if quote == '"' and s[k] == "`":
                        expands = True
                        self._backtick(buf)
                        continue
                    if quote == '"' and s[k] == "$" and k + 1 < n and (s[k + 1].isalnum() or s[k + 1] in "_{@*#?$!-"):
                        expands = True
                    if quote == '"' and s[k] == "\\" and k + 1 < n and s[k + 1] in '"\\$`\n':
                        if s[k + 1] != "\n":
                            buf.append(s[k + 1])
                        self.advance(2)
                        continue
                    buf.append(s[k])
                    self.advance(1)
                self.advance(1)
                continue
            if s.startswith(("$(", "<(", ">("), i) and not s.startswith("$((", i):
                expands = True
                self._paren_substitution(buf)
                continue
            if s.startswith("$((", i):  # arithmetic: part of the word
                expands = True
                j = _closing_paren(s, i + 1)
                buf.append(s[i:j + 1])
                self.advance(j + 1 - i)
                continue
            if ch == "`":
                expands = True
                self._backtick(buf)
                continue
            if ch == "(" and i > start_i and ARRAY_ASSIGN.fullmatch(s[start_i:i]):  # arr=(a b): one word
                j = _closing_paren(s, i)
                buf.append(s[i:j + 1])
                self.advance(j + 1 - i)
                continue
            if ch == "$" and i + 1 < n and (s[i + 1].isalnum() or s[i + 1] in "_{@*#?$!-("):
                expands = True
            buf.append(ch)
            self.advance(1)
        if self.i == start_i:
            return None
        return "".join(buf), quoted, s[start_i:self.i], start_line, start_col, expands

    def _paren_substitution(self, buf: list[str]) -> None:
        i = self.i
        j = _closing_paren(self.s, i + 1)
        self.substitution(i + 2, j, self.line, self.col + 2)
        buf.append(self.s[i:j + 1])
        self.advance(j + 1 - i)

    def _backtick(self, buf: list[str]) -> None:
        i = self.i
        j = self.s.find("`", i + 1)
        j = self.n if j < 0 else j
        self.substitution(i + 1, j, self.line, self.col + 1)
        buf.append(self.s[i:j + 1])
        self.advance(j + 1 - i)

    def read_heredoc_bodies(self) -> None:
        """At the start of the line after ``<<DELIM``: each body becomes its command's standard input."""
        s = self.s
        pending, self.heredocs = self.heredocs, []
        for delim, strip_tabs, quoted, cmd in pending:
            body_line, body_start = self.line, self.i
            body_end, after = heredoc_end(s, self.i, delim, strip_tabs)
            self.advance(after - self.i)
            body = s[body_start:body_end]
            if strip_tabs:
                body = re.sub(r"(?m)^\t+", "", body)
            cmd.stdin = Word(body, body_line, 1, quoted, body, expands=not quoted and ("$" in body or "`" in body))

    def parse(self) -> list[Command]:
        s, n = self.s, self.n
        while self.i < n:
            i = self.i
            ch = s[i]
            if ch == "\\" and s.startswith(("\\\n", "\\\r\n"), i):
                self.advance(2 if s[i + 1] == "\n" else 3)
                continue
            if ch in " \t\r":
                self.advance(1)
                continue
            if ch == "\n":
                self.end_command("\n")
                self.advance(1)
                if self.heredocs:
                    self.read_heredoc_bodies()
                continue
            if ch == "#" and (i == 0 or s[i - 1] in " \t\n;&|("):
                end = s.find("\n", i)
                self.advance((n if end < 0 else end) - i)
                continue
            red = REDIRECT.match(s, i) if ch in "<>&0123456789" else None
            if red and not s.startswith(("<(", ">("), i) and (red.group(0)[0] in "<>&" or s[i:red.end()].rstrip("<>&|-").isdigit()):
                whole = red.group(0)
                op = whole.lstrip("0123456789&") or whole
                fd = whole[: len(whole) - len(op)]
                self.advance(red.end() - i)
                while self.i < n and s[self.i] in " \t":
                    self.advance(1)
                if self.i < n and s[self.i] == "#":  # a word starting with # is a comment, never the target:
                    end = s.find("\n", self.i)  # `uv add <package>  # Add it` (bash: no target, a syntax error)
                    self.advance((n if end < 0 else end) - self.i)
                    continue
                target = self.read_word()
                if target is None:
                    continue
                text, quoted, raw, wl, wc, expands = target
                word = Word(text, wl, wc, quoted, raw, expands)
                if op in ("<<", "<<-"):
                    self.heredocs.append((text, op == "<<-", quoted or "\\" in raw, self.current))
                elif op == "<<<":
                    self.current.stdin = replace(word, text=word.text + "\n")
                elif op == "<" and fd in ("", "0"):
                    self.current.input_file = word
                elif op in (">", ">|", ">>", "&>", "&>>") and fd in ("", "1", "&"):
                    self.current.outputs.append((">>" if ">>" in op else ">", word))
                elif op == ">&" and fd in ("", "1") and not text.isdigit() and text != "-":
                    self.current.outputs.append((">", word))
                continue
            found = next((o for o in OPERATORS if s.startswith(o, i)), None)
            if found is not None and (found not in ("{", "}") or i + 1 >= n or s[i + 1] in " \t\n;"):
                op = found
                words = self.current.words
                after = s[i + 1:i + 8].lstrip(" \t")
                if op == "(" and after.startswith(")") and (len(words) == 1 or (
                        len(words) == 2 and words[0].text == "function")):  # f() { …; }: a definition
                    self.current.defines = words[-1].text
                    self.advance(s.index(")", i) + 1 - i)
                    continue
                if op == "{" and len(words) == 2 and words[0].text == "function":  # function f { …; }
                    self.current.defines = words[1].text
                if op == "(":
                    self.end_command(self.connector if not self.current.words else ";")
                    self.depth += 1
                    self.group_count += 1
                    self.groups.append(self.group_count)
                    self.current.depth, self.current.group = self.depth, tuple(self.groups)
                elif op == ")":
                    self.end_command(";")
                    self.depth = max(0, self.depth - 1)
                    if self.groups:
                        self.groups.pop()
                    self.current.depth, self.current.group = self.depth, tuple(self.groups)
                elif op in ("{", "}"):
                    self.end_command(";" if self.current.words else self.connector)
                    if op == "{":
                        self.group_count += 1
                        self.braces.append(self.group_count)
                    elif self.braces:
                        self.braces.pop()
                    self.current.braces = tuple(self.braces)
                else:
                    self.end_command(op if op in ("&&", "||", "|", "|&", "&") else ";")
                self.advance(len(op))
                continue
            read = self.read_word()
            if read is None:  # a lone character that starts no word (e.g. "{" glued to text)
                self.advance(1)
                continue
            text, quoted, raw, wl, wc, expands = read
            self.current.words.append(Word(text, wl, wc, quoted, raw, expands))
        self.end_command("\n")
        return self.commands


def parse_script(script: str, line: int = 1, column: int = 1) -> list[Command]:
    """Every simple command of ``script`` in order, with connectors, subshell depth, input and substitutions."""
    return _Parser(script, line, column, 0).parse()


def _flat(commands: list[Command], out: list[list[Word]]) -> list[list[Word]]:
    for cmd in commands:
        for sub in cmd.substitutions:
            _flat(sub, out)
        if cmd.words:
            out.append(cmd.words)
    return out


def split_commands(script: str) -> list[list[Word]]:
    """Every simple command of ``script`` as a list of words (commands of $(...) first, as they run first)."""
    return _flat(parse_script(script), [])


# PowerShell's splatting (about_Splatting): `@name` as a whole argument passes the values of the variable $name as
# the command's arguments, as `npm init @args` in a profile's `function npmI { npm init @args }` passes the function's
# own; `@` begins the word, the name is a variable's, and the word ends there (a scope such as `@types/node` goes on
# with `/`, and stays the literal argument it is in PowerShell too; PowerShell/PowerShell#21291: `@scope:registry` alone
# splats to no argument; a name followed by `.`, as in `@builder.io/x`, is a parse error, left judged here)
SPLAT = lazyre.compile(r"(?<![^\s(])@(?=[A-Za-z_][A-Za-z0-9_]*(?:[\s;|)}]|$))", re.M)


def powershell_as_shell(script: str) -> str:
    """PowerShell read as the shell reads it (same length, same columns): its backtick line continuation written as
    the shell's backslash, and a splatted variable (``@args``) as the shell's variable (``$args``), a value the
    text does not say."""
    return SPLAT.sub("$", re.sub(r"`(?=[ \t]*\r?$)", "\\\\", script, flags=re.M))


WRAPPERS = {"sudo", "doas", "env", "time", "nohup", "exec", "command", "builtin", "nice", "ionice", "chronic",
            "eatmydata", "stdbuf", "timeout", "unbuffer", "caffeinate", "retry", "proxychains",
            "proxychains4", "torsocks", "fakeroot", "strace", "ltrace", "catchsegv", "setsid", "watch", "xvfb-run",
            "dbus-run-session", "valgrind", "sem", "busybox",
            "flock", "chrt", "taskset", "numactl", "firejail", "unshare", "systemd-run", "gtimeout", "pkexec",
            "noglob", "nocorrect", "sg", "with-contenv", "tini", "dumb-init", "gosu", "su-exec", "chpst", "faketime",
            "cross-env",  # npm's cross-env: `cross-env NODE_OPTIONS=--require=x next build` (its variables, then the command)
            # the launchers of batch schedulers and MPI, which start the command on a job's nodes: a SLURM job
            # script's `srun -n 1 pip install --user x`, `mpirun -np 4 python -m pip install x`, TACC's ibrun, IBM
            # LSF's jsrun, Cray's aprun (options and their values from each one's manual page, in VALUE_OPTS)
            "srun", "salloc", "mpirun", "mpiexec", "mpiexec.hydra", "orterun", "prterun", "ibrun", "jsrun", "aprun"}
# SLURM's srun: its options that take a value (srun(1)); a long option given as `--ntasks=4` is one word
_SRUN_VALUES = {"-A", "-b", "-B", "-c", "-C", "-d", "-D", "-e", "-G", "-i", "-J", "-L", "-m", "-M", "-n", "-N", "-o",
                "-p", "-q", "-r", "-S", "-t", "-T", "-w", "-W", "-x", "--account", "--begin", "--extra-node-info",
                "--cpus-per-task", "--constraint", "--dependency", "--chdir", "--error", "--gpus", "--input",
                "--job-name", "--licenses", "--distribution", "--clusters", "--ntasks", "--nodes", "--output",
                "--partition", "--qos", "--relative", "--core-spec", "--time", "--threads", "--nodelist", "--wait",
                "--exclude", "--gres", "--gpus-per-node", "--gpus-per-task", "--ntasks-per-node", "--mem",
                "--mem-per-cpu", "--mem-per-gpu", "--mpi", "--cpu-bind", "--export", "--reservation", "--cpu-freq",
                "--hint", "--het-group", "--threads-per-core", "--cores-per-socket", "--sockets-per-node"}
# Open MPI's and MPICH's (Hydra's, Intel MPI's) mpirun/mpiexec: options that take a value (mpirun(1), mpiexec(1))
_MPI_VALUES = {"-n", "-np", "--np", "--n", "-c", "-N", "-npernode", "--npernode", "-ppn", "-perhost", "--map-by",
               "-map-by", "--bind-to", "-bind-to", "--rank-by", "-rank-by", "-H", "-host", "--host", "-hosts",
               "-hostfile", "--hostfile", "-machinefile", "--machinefile", "-f", "-wdir", "--wdir", "-x", "-launcher",
               "-iface", "--cpus-per-proc", "-cpus-per-proc", "--cpus-per-rank", "--prefix", "-prefix", "-genvlist",
               "-envlist", "--output-filename", "-output-filename", "--timeout", "-timeout", "-bootstrap", "-rmk",
               "-am", "--personality", "--app", "-configfile"}
VALUE_OPTS = {
    "sudo": {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "--user", "--group", "--chdir", "--host",
             "--prompt", "--close-from", "--role", "--type", "--other-user"},
    "doas": {"-u", "-C"},
    "env": {"-u", "--unset", "-C", "--chdir", "-S", "--split-string"},
    "exec": {"-a"},
    "nice": {"-n", "--adjustment"},
    "ionice": {"-c", "-n", "-p", "--class", "--classdata"},
    "timeout": {"-s", "--signal", "-k", "--kill-after"},
    "gtimeout": {"-s", "--signal", "-k", "--kill-after"},
    "stdbuf": {"-i", "-o", "-e"},
    "strace": {"-o", "-e", "-p", "-s"},
    "runuser": {"-u", "-g", "-G", "--user", "--group"},
    "retry": {"-t", "--times", "-d", "--delay"},
    "watch": {"-n", "--interval", "-d"},
    "flock": {"-w", "--timeout", "-E", "--conflict-exit-code"},
    "taskset": {"-c"},
    "numactl": {"-C", "-m", "-N", "-p", "--cpunodebind", "--membind", "--preferred", "--physcpubind"},
    "systemd-run": {"-u", "--unit", "-p", "--property", "--slice", "-E", "--setenv", "--uid", "--gid", "-d",
                    "--working-directory", "--description", "-M", "--machine", "--on-calendar"},
    "unshare": {"--map-user", "--map-group", "-S", "-G", "--setuid", "--setgid", "-R", "--root", "-w", "--wd"},
    "faketime": {"-f"},
    "xvfb-run": {"-n", "--server-num", "-s", "--server-args", "-e", "--error-file", "-f", "--auth-file", "-p",
                 "--xauth-protocol"},
    "time": {"-f", "--format", "-o", "--output"},
    "srun": _SRUN_VALUES,
    "salloc": _SRUN_VALUES,  # salloc(1): an allocation, then the command in it (its options are srun's)
    **dict.fromkeys(("mpirun", "mpiexec", "mpiexec.hydra", "orterun", "prterun"), _MPI_VALUES),
    "ibrun": {"-n", "-o"},
    "jsrun": {"-n", "--nrs", "-a", "--tasks_per_rs", "-c", "--cpu_per_rs", "-g", "--gpu_per_rs", "-r", "--rs_per_host",
              "-b", "--bind", "-d", "--launch_distribution", "-l", "--latency_priority", "-p", "--np", "-E", "--env",
              "-e", "--stdio_mode", "-k", "--stdio_stderr", "-o", "--stdio_stdout", "-D", "--env_no_propagate",
              "-h", "--chdir", "-M", "--smpiargs"},
    "aprun": {"-n", "-N", "-d", "-cc", "-j", "-S", "-L", "-m", "-e", "-a", "-p", "-r", "-sl", "-sn", "-t"},
}
# options that take two values (Open MPI's `--mca btl self,tcp`, MPICH's `-genv OMP_NUM_THREADS 4`)
TWO_VALUE_OPTS = {base: {"--mca", "-mca", "-gmca", "--gmca", "--pmixmca", "--prtemca", "-env", "-genv"}
                  for base in ("mpirun", "mpiexec", "mpiexec.hydra", "orterun", "prterun")}
# wrappers whose first positional is their own (timeout's duration, flock's lock file, chrt's priority …)
ONE_ARG_WRAPPERS = {"timeout", "gtimeout", "flock", "chrt", "taskset", "sg", "chpst", "gosu", "su-exec", "faketime"}


def strip_wrappers(words: list[Word]) -> list[Word]:
    """Drop ``VAR=x`` assignments, keywords (``then``, ``do``) and wrappers such as sudo/env/time/nohup."""
    return words[wrapper_end(words):]


def wrapper_end(words: list[Word]) -> int:
    """The index of the command a wrapped command line runs (see :func:`strip_wrappers`)."""
    i = 0
    while i < len(words):
        w = words[i].text
        if is_assignment(words[i]):
            i += 1
            continue
        base = w.rsplit("/", 1)[-1]
        if w in KEYWORDS and not words[i].quoted and base not in WRAPPERS:
            i += 1
            continue
        if base in WRAPPERS:
            i += 1
            value_opts = VALUE_OPTS.get(base, set())
            while i < len(words) and words[i].text.startswith("-") and words[i].text != "-":
                opt = words[i].text
                i += 1
                if opt in value_opts and i < len(words):
                    i += 1
                elif opt in TWO_VALUE_OPTS.get(base, ()) and i + 1 < len(words):
                    i += 2
                if opt == "--":
                    break
            if base in ONE_ARG_WRAPPERS and i < len(words):
                i += 1
            continue
        break
    return i


def is_assignment(word: Word) -> bool:
    """``NAME=value`` (or ``NAME+=value``) written as a command's leading word."""
    w = word.text
    if "=" not in w or w.startswith("-") or word.raw[:1] in ("'", '"'):
        return False
    name = w.split("=", 1)[0].removesuffix("+")
    return bool(name) and not name[0].isdigit() and name.replace("_", "a").isalnum()
