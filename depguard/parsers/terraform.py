"""Terraform configuration (``*.tf``): the shell it runs. A ``local-exec`` provisioner's ``command`` (on the machine
running terraform; a block whose ``interpreter`` is no shell left out), a ``remote-exec`` provisioner's ``inline``
list (on the new machine), the boot script a machine is given (``user_data``, Azure's ``custom_data``, Google's
``metadata_startup_script`` and ``startup-script``), and terraform-aws-modules/lambda's ``source_path`` ``commands``
(the build of a function's package: ``"pip install --target=. requests"``, ``":zip"``). A value is a quoted string,
a list of them (each one command) or a heredoc (``<<EOT``, ``<<-EOT``, also inside a call such as
``base64encode(<<-EOF``); ``command = [...]`` elsewhere is an argv (a container's), not read. HCL's interpolations
``${…}`` and directives ``%{…}`` are values unknown here, each read as a shell variable of its own width, and
``$${X}`` is the shell's own ``${X}``. A boot script that is cloud-init's YAML (``#cloud-config``) or whose ``#!``
names another language is not shell. Comments (``#``, ``//``, ``/* */``) are not read, and nothing else of the
configuration (a module's ``source``, a provider's ``version``) names a package of the registries depguard asks.
"""

from __future__ import annotations

from collections.abc import Iterator

from .. import lazyre
from ..commands import mentions_in_script
from ..model import Mention
from . import Source, file_format
from ._util import close_after

PARSER = "terraform"
SCRIPT_KEYS = frozenset({"command", "inline", "commands", "user_data", "custom_data", "metadata_startup_script",
                         "startup-script", "startup_script"})
LIST_KEYS = frozenset({"inline", "commands"})  # a list of commands; any other key's list is an argv
BOOT_KEYS = frozenset({"user_data", "custom_data", "metadata_startup_script", "startup-script", "startup_script"})
ATTRIBUTE = lazyre.compile(r'^(?P<indent>[ \t]*)"?(?P<key>[A-Za-z_][\w-]*)"?[ \t]*=[ \t]*(?P<rest>.*)$')
HEREDOC = lazyre.compile(r"<<-?(?P<tag>[A-Za-z_]\w*)[ \t]*$")
INTERPRETER = lazyre.compile(r'^\s*interpreter\s*=\s*\[\s*"(?P<first>[^"]*)"')
PROVISIONER = lazyre.compile(r'^\s*provisioner\s+"(?P<kind>[\w-]+)"')
SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ash", "ksh"})
SHEBANG = lazyre.compile(r"#!\s*(?:\S*/)?(?:env\s+(?:-\S+\s+)*)?(?P<program>[\w.+-]+)")
MAX_LINES = 200_000


@file_format(PARSER, ("*.tf",), kind="script",
             description="Terraform: local-exec and remote-exec commands, boot scripts (user_data …), "
                         "the lambda module's build commands")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "install" not in text:
        return
    shell = _shell_text(text.split("\n")[:MAX_LINES])
    if shell.strip():
        yield from mentions_in_script(source.fragment(shell, 1), parser=PARSER)


def _shell_text(lines: list[str]) -> str:
    """The file with everything but its shell blanked, line for line (so a command keeps its line and column)."""
    out = [""] * len(lines)
    other = _other_interpreters(lines)  # the lines of local-exec blocks whose interpreter is no shell
    i = 0
    in_comment = False
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if in_comment:
            in_comment = "*/" not in line
            i += 1
            continue
        if stripped.startswith("/*"):
            in_comment = "*/" not in stripped[2:]
            i += 1
            continue
        if stripped.startswith(("#", "//")):
            i += 1
            continue
        m = ATTRIBUTE.match(line)
        if m is None or m.group("key") not in SCRIPT_KEYS:
            i += 1
            continue
        key, rest = m.group("key"), m.group("rest")
        start = m.start("rest")
        heredoc = HEREDOC.search(rest)
        if heredoc:
            tag = heredoc.group("tag")
            end = i + 1
            while end < len(lines) and lines[end].strip() != tag:
                end += 1
            body = lines[i + 1:end]
            if not (key == "command" and i in other) and _is_shell(body, key):
                out[i + 1:end] = [_unhcl(b) for b in body]
            i = end + 1
            continue
        if rest.startswith('"') and not (key == "command" and i in other):
            out[i] = " " * start + _strings(rest)
        elif rest.startswith("[") and key in LIST_KEYS:
            end = i
            while end < len(lines) and "]" not in _outside_strings(lines[end][start if end == i else 0:]):
                end += 1
            for k in range(i, min(end, len(lines) - 1) + 1):
                part = lines[k][start:] if k == i else lines[k]
                out[k] = " " * (len(lines[k]) - len(part)) + _strings(part)
            i = end
        i += 1
    return "\n".join(out)


def _other_interpreters(lines: list[str]) -> set[int]:
    """The lines of the ``local-exec`` provisioner blocks whose ``interpreter`` is no shell (``["python3", "-c"]``),
    in one pass: braces counted outside strings, comments and heredocs."""
    spans: list[tuple[int, int]] = []
    open_blocks: list[tuple[int, int, bool]] = []  # (first line, depth before it, its interpreter is no shell)
    depth = 0
    i = 0
    while i < len(lines):
        line = lines[i]
        if PROVISIONER.match(line) and '"local-exec"' in line:
            open_blocks.append((i, depth, False))
        interpreter = INTERPRETER.match(line)
        if interpreter and open_blocks and interpreter.group("first").rsplit("/", 1)[-1] not in SHELLS:
            open_blocks[-1] = (*open_blocks[-1][:2], True)
        outside = _outside_strings(line)
        depth += outside.count("{") - outside.count("}")
        heredoc = HEREDOC.search(line)
        if heredoc:  # its body's braces are the script's
            tag = heredoc.group("tag")
            while i + 1 < len(lines) and lines[i + 1].strip() != tag:
                i += 1
        while open_blocks and depth <= open_blocks[-1][1] and (i > open_blocks[-1][0] or "{" in outside):
            start, _, not_shell = open_blocks.pop()
            if not_shell:
                spans.append((start, i + 1))
        i += 1
    spans += [(start, len(lines)) for start, _, not_shell in open_blocks if not_shell]  # unclosed at the end
    other: set[int] = set()
    reached = 0
    for start, end in sorted(spans):  # nested spans merged: each line added once
        other.update(range(max(start, reached), end))
        reached = max(reached, end)
    return other


def _is_shell(body: list[str], key: str) -> bool:
    first = next((b.strip() for b in body if b.strip()), "")
    if key in BOOT_KEYS and first.lower().startswith(("#cloud-config", "#cloud-boothook", "#include", "<powershell>",
                                                      "<script>", "#ps1")):
        return False
    shebang = SHEBANG.match(first)
    return shebang is None or shebang.group("program") in SHELLS


def _strings(text: str) -> str:
    """The contents of the quoted strings of ``text`` at their columns (quotes and what is between strings blanked;
    a comma between two strings becomes ``;``, so each string of a list is a command of its own), unescaped and with
    HCL's templates read as shell variables."""
    out: list[str] = []
    inside = False
    j = 0
    while j < len(text):
        c = text[j]
        if not inside:
            if c == '"':
                inside = True
                out.append(" ")
            elif c == "#" or text.startswith("//", j):
                break
            else:
                out.append(";" if c == "," else " ")
            j += 1
            continue
        if c == "\\" and j + 1 < len(text):
            nxt = text[j + 1]
            out.append({"n": ";", "t": " ", '"': '"', "\\": "\\"}.get(nxt, nxt) + " ")  # width kept, lines too
            j += 2
            continue
        if c == '"':
            inside = False
            out.append(" ")
            j += 1
            continue
        template = _template(text, j)
        if template is not None:
            out.append(template[0])
            j = template[1]
            continue
        out.append(c)
        j += 1
    return "".join(out)


def _unhcl(line: str) -> str:
    """A heredoc line with HCL's templates read as shell variables (``$${X}`` kept as the shell's ``${X}``)."""
    out: list[str] = []
    j = 0
    while j < len(line):
        template = _template(line, j)
        if template is None:
            out.append(line[j])
            j += 1
        else:
            out.append(template[0])
            j = template[1]
    return "".join(out)


def _template(text: str, j: int) -> tuple[str, int] | None:
    """The shell's reading of an HCL template starting at ``text[j]`` and the index after it: ``${…}`` a variable
    of its width, a ``%{…}`` directive blanks, ``$${``/``%%{`` the literal text (its escape a blank); None elsewhere."""
    c = text[j]
    if c not in "$%":
        return None
    if text.startswith(c + "{", j + 1):
        return " ", j + 1
    if not text.startswith("{", j + 1):
        return None
    end = _template_end(text, j + 2)
    return ("${" + "_" * max(end - j - 2, 1) + "}" if c == "$" else " " * (end - j + 1)), end + 1


def _template_end(text: str, j: int) -> int:
    """The index of the ``}`` closing a template whose body starts at ``j`` (nested braces and strings in it), or
    the text's last index."""
    return close_after(text, j, "{", "}") - 1


def _outside_strings(text: str) -> str:
    """``text`` with its quoted strings' contents removed (templates in them too)."""
    out: list[str] = []
    inside = False
    j = 0
    while j < len(text):
        c = text[j]
        if inside:
            if c == "\\":
                j += 2
                continue
            if c in "$%" and text.startswith("{", j + 1):
                j = _template_end(text, j + 2) + 1
                continue
            if c == '"':
                inside = False
        elif c == '"':
            inside = True
        elif c == "#" or text.startswith("//", j):
            break
        else:
            out.append(c)
        j += 1
    return "".join(out)
