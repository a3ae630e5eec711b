"""A small shell tokenizer that keeps positions: script text -> simple commands -> words.

It understands what install lines use: quotes, backslash escapes and line continuations, comments,
``&&``/``||``/``;``/``|``/``&`` and newlines as separators, ``$(...)`` and backticks (their inside is
scanned as its own command), and leading ``VAR=value`` assignments. It never evaluates anything:
``$VAR`` stays literal text, so a word built from variables is simply not a package name.
"""

from __future__ import annotations

from dataclasses import dataclass

OPERATORS = ("&&", "||", ";;", ";", "|&", "|", "&", "(", ")", "{", "}")


@dataclass(frozen=True)
class Word:
    text: str  # the word with quotes removed
    line: int  # 1-based, relative to the script
    column: int  # 1-based
    quoted: bool = False
    raw: str = ""

    @property
    def dynamic(self) -> bool:
        """True when the word holds shell expansions that depguard does not evaluate."""
        return "$" in self.raw or "`" in self.raw or any(c in self.raw for c in "*?") and not self.quoted


def split_commands(script: str) -> list[list[Word]]:
    """Every simple command of ``script`` as a list of words (sub-commands of $(...) included)."""
    commands: list[list[Word]] = []
    current: list[Word] = []
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
        current = []

    while i < n:
        ch = script[i]
        if ch == "\\" and i + 1 < n and script[i + 1] == "\n":
            advance(2)
            continue
        if ch == "\r":
            advance(1)
            continue
        if ch in " \t":
            advance(1)
            continue
        if ch == "\n":
            end_command()
            advance(1)
            continue
        if ch == "#" and (i == 0 or script[i - 1] in " \t\n;&|("):
            while i < n and script[i] != "\n":
                advance(1)
            continue
        op = next((o for o in OPERATORS if script.startswith(o, i)), None)
        if op:
            end_command()
            advance(len(op))
            continue
        # a word
        start_line, start_col, start_i = line, col, i
        buf: list[str] = []
        quoted = False
        while i < n:
            ch = script[i]
            if ch in " \t\n" or any(script.startswith(o, i) for o in OPERATORS if o not in ("{", "}")):
                break
            if ch == "\\" and i + 1 < n:
                if script[i + 1] == "\n":
                    advance(2)
                    continue
                buf.append(script[i + 1])
                advance(2)
                continue
            if ch in "'\"":
                quoted = True
                quote = ch
                advance(1)
                while i < n and script[i] != quote:
                    if quote == '"' and script[i] == "\\" and i + 1 < n and script[i + 1] in '"\\$`\n':
                        if script[i + 1] != "\n":
                            buf.append(script[i + 1])
                        advance(2)
                        continue
                    buf.append(script[i])
                    advance(1)
                advance(1)
                continue
            if ch == "$" and script.startswith("$(", i) and not script.startswith("$((", i):
                depth, j = 0, i + 1
                while j < n:
                    if script[j] == "(":
                        depth += 1
                    elif script[j] == ")":
                        depth -= 1
                        if depth == 0:
                            break
                    j += 1
                inner = script[i + 2 : j]
                inner_line, inner_col = line, col + 2
                for sub in split_commands(inner):
                    commands.append([Word(w.text, w.line + inner_line - 1, w.column + (inner_col - 1 if w.line == 1 else 0), w.quoted, w.raw) for w in sub])
                buf.append(script[i : j + 1])
                advance(j + 1 - i)
                continue
            buf.append(ch)
            advance(1)
        raw = script[start_i:i]
        current.append(Word("".join(buf), start_line, start_col, quoted, raw))
    end_command()
    return commands


WRAPPERS = {"sudo", "doas", "env", "time", "nohup", "exec", "command", "builtin", "nice", "ionice", "chronic", "eatmydata"}
SUDO_VALUE_OPTS = {"-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "--user", "--group", "--chdir", "--host", "--prompt"}
ENV_VALUE_OPTS = {"-u", "--unset", "-C", "--chdir", "-S", "--split-string"}


def strip_wrappers(words: list[Word]) -> list[Word]:
    """Drop ``VAR=x`` assignments and wrappers such as sudo/env/time/nohup in front of the real command."""
    i = 0
    while i < len(words):
        w = words[i].text
        if "=" in w and not w.startswith("-") and w.split("=", 1)[0].replace("_", "a").isalnum() and not words[i].quoted:
            i += 1
            continue
        base = w.rsplit("/", 1)[-1]
        if base in WRAPPERS:
            i += 1
            value_opts = SUDO_VALUE_OPTS if base in ("sudo", "doas") else ENV_VALUE_OPTS if base == "env" else set()
            while i < len(words) and words[i].text.startswith("-"):
                opt = words[i].text
                i += 1
                if opt in value_opts and i < len(words):
                    i += 1
                if opt == "--":
                    break
            if base == "nice":
                continue
            continue
        break
    return words[i:]
