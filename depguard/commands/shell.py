"""A small shell tokenizer that keeps positions: script text -> simple commands -> words.

It understands what install lines use: quotes, backslash escapes and line continuations, comments,
``&&``/``||``/``;``/``|``/``&`` and newlines as separators, redirections (``> log``, ``2>&1``, ``<<<`` — their
targets are not arguments), here-documents (the body is read as commands only when it is fed to a shell:
``bash <<EOF``, ``cat <<EOF | sh``, ``ssh host <<EOF``), ``$(...)``, backticks and ``<(...)`` (their inside is
scanned as its own command), leading ``VAR=value`` assignments and the keywords of compound commands
(``if … then``, ``for … do``, ``case … in pat)``, functions). It never evaluates anything: ``$VAR`` stays
literal text, so a word built from variables is simply not a package name.

Why not tree-sitter-bash: install commands need only this much of the shell, the text path must stay cheap
(no parser library loaded for a chat answer), and positions come out exact without byte/row conversion.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

OPERATORS = ("&&", "||", ";;&", ";;", ";&", ";", "|&", "|", "&", "(", ")", "{", "}")
WORD_BREAK = ("&&", "||", ";", "|", "&", "(", ")")
SHELLS = {"sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "fish"}
KEYWORDS = {"if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "time", "coproc", "{", "}"}
REDIRECT = re.compile(r"(?:\d+|&)?(?:<<<|<<-|<<|>>|>\||>&|<&|<>|&>>|&>|>|<)")


@dataclass(frozen=True)
class Word:
    text: str  # the word with quotes removed
    line: int  # 1-based, relative to the script
    column: int  # 1-based
    quoted: bool = False
    raw: str = ""

    @property
    def dynamic(self) -> bool:
        """True when the word holds shell expansions (``$x``, backticks, an unquoted glob in the name part)."""
        if "$" in self.raw or "`" in self.raw:
            return True
        if self.quoted:
            return False
        name_part = re.split(r"[=<>~!@:;,\[]", self.raw, maxsplit=1)[0]
        return any(c in name_part for c in "*?")


def inner_word(outer: Word, inner: Word) -> Word:
    """``inner`` (a word of a script held inside ``outer``, e.g. ``bash -c '…'``) placed in ``outer``'s text."""
    lead = 1 if outer.raw[:1] in ("'", '"') else 0
    if inner.line == 1:
        return replace(inner, line=outer.line, column=outer.column + lead + inner.column - 1)
    return replace(inner, line=outer.line + inner.line - 1)


def _shift(words: list[Word], line: int, col: int) -> list[Word]:
    """Words of a sub-script that starts at (line, col) of the enclosing script."""
    return [replace(w, line=w.line + line - 1, column=w.column + (col - 1 if w.line == 1 else 0)) for w in words]


def _closing_paren(script: str, j: int) -> int:
    """Index of the ``)`` matching the ``(`` at ``j`` (quotes respected), or len(script)."""
    depth, n = 0, len(script)
    while j < n:
        c = script[j]
        if c in "'\"":
            k = script.find(c, j + 1)
            j = n if k < 0 else k + 1
            continue
        if c == "\\":
            j += 2
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return j
        j += 1
    return n


def split_commands(script: str) -> list[list[Word]]:
    """Every simple command of ``script`` as a list of words (sub-commands of $(...) included)."""
    commands: list[list[Word]] = []
    current: list[Word] = []
    line_commands: list[list[Word]] = []  # the commands of the current physical line (for here-documents)
    heredocs: list[tuple[str, bool]] = []  # pending (delimiter, strip_tabs) for the current line
    i, n = 0, len(script)
    line, col = 1, 1

    def advance(k: int) -> None:
        nonlocal i, line, col
        for _ in range(k):
            if i < n and script[i] == "\n":
                line += 1
                col = 1
            else:
                col += 1
            i += 1

    def end_command() -> None:
        nonlocal current
        if current:
            commands.append(current)
            line_commands.append(current)
        current = []

    def read_word() -> tuple[str, bool, str, int, int] | None:
        """Read one word at i: (text, quoted, raw, line, col), or None at an operator/blank/end."""
        start_line, start_col, start_i = line, col, i
        buf: list[str] = []
        quoted = False

        def substitution() -> None:
            """``$(…)``/``<(…)`` at i: its commands are read; the word keeps it as literal text."""
            j = _closing_paren(script, i + 1)
            for sub in split_commands(script[i + 2 : j]):
                commands.append(_shift(sub, line, col + 2))
            buf.append(script[i : j + 1])
            advance(j + 1 - i)
        while i < n:
            ch = script[i]
            if ch in " \t\r\n" or any(script.startswith(o, i) for o in WORD_BREAK):
                break
            if ch in "<>" and not script.startswith(("<(", ">("), i):
                break
            if ch == "\\" and i + 1 < n:
                if script[i + 1] == "\n":
                    advance(2)
                    continue
                if script.startswith("\r\n", i + 1):
                    advance(3)
                    continue
                buf.append(script[i + 1])
                advance(2)
                continue
            if ch in "'\"":
                quoted = True
                quote = ch
                advance(1)
                while i < n and script[i] != quote:
                    if quote == '"' and script.startswith("$(", i) and not script.startswith("$((", i):
                        substitution()
                        continue
                    if quote == '"' and script[i] == "\\" and i + 1 < n and script[i + 1] in '"\\$`\n':
                        if script[i + 1] != "\n":
                            buf.append(script[i + 1])
                        advance(2)
                        continue
                    buf.append(script[i])
                    advance(1)
                advance(1)
                continue
            if script.startswith(("$(", "<(", ">("), i) and not script.startswith("$((", i):
                substitution()
                continue
            if ch == "`":
                j = script.find("`", i + 1)
                j = n if j < 0 else j
                for sub in split_commands(script[i + 1 : j]):
                    commands.append(_shift(sub, line, col + 1))
                buf.append(script[i : j + 1])
                advance(j + 1 - i)
                continue
            buf.append(ch)
            advance(1)
        if i == start_i:
            return None
        return "".join(buf), quoted, script[start_i:i], start_line, start_col

    def read_heredoc_bodies() -> None:
        """At the newline that ends a line with ``<<DELIM``: consume each body (reading it when it is shell)."""
        nonlocal heredocs
        feeds_shell = any(_feeds_shell(c) for c in line_commands)
        pending, heredocs = heredocs, []
        for delim, strip_tabs in pending:
            body_line, body_start, body_end = line, i, n
            while i < n:
                end = script.find("\n", i)
                end = n if end < 0 else end
                text = script[i:end].rstrip("\r")
                if (text.lstrip("\t") if strip_tabs else text) == delim:
                    body_end = i
                    advance(end - i + (1 if end < n else 0))
                    break
                advance(end - i + (1 if end < n else 0))
            if feeds_shell:
                for sub in split_commands(script[body_start:body_end]):
                    commands.append(_shift(sub, body_line, 1))

    while i < n:
        ch = script[i]
        if ch == "\\" and script.startswith(("\\\n", "\\\r\n"), i):
            advance(2 if script[i + 1] == "\n" else 3)
            continue
        if ch in " \t\r":
            advance(1)
            continue
        if ch == "\n":
            end_command()
            advance(1)
            if heredocs:
                read_heredoc_bodies()
            line_commands = []
            continue
        if ch == "#" and (i == 0 or script[i - 1] in " \t\n;&|("):
            while i < n and script[i] != "\n":
                advance(1)
            continue
        red = REDIRECT.match(script, i)
        if red and not script.startswith(("<(", ">("), i) and (red.group(0)[0] in "<>&" or script[i:red.end()].rstrip("<>&|-").isdigit()):
            op = red.group(0).lstrip("0123456789&") or red.group(0)
            advance(red.end() - i)
            while i < n and script[i] in " \t":
                advance(1)
            target = read_word()
            if op in ("<<", "<<-") and target is not None:
                heredocs.append((target[0], op == "<<-"))
            continue
        op = next((o for o in OPERATORS if script.startswith(o, i)), None)
        if op and (op not in ("{", "}") or i + 1 >= n or script[i + 1] in " \t\n;"):
            end_command()
            advance(len(op))
            continue
        word = read_word()
        if word is None:  # a lone character that starts no word (e.g. "{" glued to text)
            advance(1)
            continue
        text, quoted, raw, wl, wc = word
        current.append(Word(text, wl, wc, quoted, raw))
    end_command()
    return commands


def powershell_continuations(script: str) -> str:
    """PowerShell's backtick line continuation written as the shell's backslash (same length, same columns)."""
    return re.sub(r"`(?=[ \t]*\r?$)", "\\\\", script, flags=re.M)


def _feeds_shell(words: list[Word]) -> bool:
    """Whether a command reads a script from standard input: ``bash``, ``sh -s``, ``ssh host``, ``docker exec -i c sh``."""
    words = strip_wrappers(words)
    if not words:
        return False
    head = words[0].text.rsplit("/", 1)[-1]
    if head in SHELLS:
        args = [w.text for w in words[1:]]
        return "-s" in args or ("-c" not in args and all(a.startswith("-") for a in args))
    if head == "ssh":
        return True
    if head in ("docker", "podman", "kubectl"):
        return any(w.text.rsplit("/", 1)[-1] in SHELLS for w in words[1:])
    return False


WRAPPERS = {"sudo", "doas", "env", "time", "nohup", "exec", "command", "builtin", "nice", "ionice", "chronic",
            "eatmydata", "xargs", "stdbuf", "timeout", "unbuffer", "caffeinate", "retry", "proxychains",
            "proxychains4", "torsocks", "fakeroot", "strace", "ltrace", "catchsegv", "setsid", "runuser"}
VALUE_OPTS = {
    "sudo": {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "--user", "--group", "--chdir", "--host",
             "--prompt", "--close-from", "--role", "--type", "--other-user"},
    "doas": {"-u", "-C"},
    "env": {"-u", "--unset", "-C", "--chdir", "-S", "--split-string"},
    "xargs": {"-n", "-I", "-L", "-P", "-d", "-a", "-E", "-s", "-i", "--max-args", "--delimiter", "--arg-file",
              "--max-procs", "--replace"},
    "nice": {"-n", "--adjustment"},
    "ionice": {"-c", "-n", "-p", "--class", "--classdata"},
    "timeout": {"-s", "--signal", "-k", "--kill-after"},
    "stdbuf": {"-i", "-o", "-e"},
    "strace": {"-o", "-e", "-p", "-s"},
    "runuser": {"-u", "-g", "-G", "--user", "--group"},
    "retry": {"-t", "--times", "-d", "--delay"},
}
ONE_ARG_WRAPPERS = {"timeout"}  # a wrapper whose first positional is its own (the duration)


def strip_wrappers(words: list[Word]) -> list[Word]:
    """Drop ``VAR=x`` assignments, keywords (``then``, ``do``) and wrappers such as sudo/env/time/nohup."""
    i = 0
    while i < len(words):
        w = words[i].text
        if "=" in w and not w.startswith("-") and w.split("=", 1)[0].replace("_", "a").isalnum() and not words[i].quoted:
            i += 1
            continue
        if w in KEYWORDS and not words[i].quoted:
            i += 1
            continue
        base = w.rsplit("/", 1)[-1]
        if base in WRAPPERS:
            i += 1
            value_opts = VALUE_OPTS.get(base, set())
            while i < len(words) and words[i].text.startswith("-"):
                opt = words[i].text
                i += 1
                if opt in value_opts and i < len(words):
                    i += 1
                if opt == "--":
                    break
            if base in ONE_ARG_WRAPPERS and i < len(words):
                i += 1
            continue
        break
    return words[i:]
