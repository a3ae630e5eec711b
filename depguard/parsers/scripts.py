"""Install commands inside files that hold shell: shell scripts, Dockerfile ``RUN``, Makefile recipes and
GitHub workflow ``run:`` steps.

Each format blanks out what is not shell (keeping every character's line and column), so the command
grammars see only shell and report positions in the original file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..commands import mentions_in_script, placeholders
from ..commands.shell import powershell_as_shell
from ..model import Mention
from . import Source, file_format


def _blank(line: str) -> str:
    return " " * len(line)


SHELL_FILES = ("*.sh", "*.bash", "*.zsh", "*.ksh", ".bashrc", ".zshrc", "*.command",
               # the startup files and the sourced pieces of a dotfiles repository (mathiasbynens' layout: .aliases,
               # .functions, .exports, .extra, .path), and chezmoi's names of them (dot_zshrc, private_dot_zshrc)
               ".bash_profile", ".bash_aliases", ".bash_functions", ".bash_login", ".profile", ".zprofile", ".zshenv",
               ".zlogin", ".aliases", ".functions", ".exports", ".extra", ".path", "*dot_bashrc", "*dot_zshrc",
               "*dot_bash_profile", "*dot_bash_aliases", "*dot_profile", "*dot_zprofile", "*dot_zshenv", "*dot_aliases",
               "*dot_functions", "*dot_exports",
               # Gradescope's autograder entry point, a shell script by its name ("run_autograder: the script that runs
               # the autograder", beside setup.sh; gradescope/autograder_samples): it copies the student's submission
               # into place (`cp /autograder/submission/calculator.py /autograder/source/`) and may install packages
               "run_autograder",
               # the build recipes of Arch Linux (makepkg's PKGBUILD, the AUR's) and Alpine (abuild's APKBUILD): bash
               # scripts with no suffix and no `#!`, whose package() may install from a registry (`pip install --root=`)
               "PKGBUILD", "APKBUILD")


@file_format("shell", SHELL_FILES, kind="script",
             description="shell scripts")
def parse_shell(source: Source) -> Iterator[Mention]:
    yield from mentions_in_script(source, parser="shell")


# navi's cheat sheets (denisidoro/navi's docs, "cheatsheet syntax"): `% tags`, `# description`, `; comment` and
# `@ extends` lines, then the command; `$ name: command --- options` gives a variable's choices by running a command
NAVI_META = re.compile(r"^[ \t]*[%;@]")
NAVI_VARIABLE = re.compile(r"^([ \t]*\$[ \t]*[\w-]+[ \t]*:)(.*?)((?:[ \t]+---[ \t].*)?)$")


def navi_shell(text: str) -> str:
    """A navi cheat sheet as the shell it runs: its tag, comment and extends lines blanked, a variable line's name
    and options blanked and its command kept (every character's line and column kept); ``<name>`` slots are read
    as the shell reads them, redirections, so none is a package."""
    out: list[str] = []
    for line in text.split("\n"):
        if NAVI_META.match(line):
            out.append(_blank(line))
            continue
        m = NAVI_VARIABLE.match(line)
        out.append(_blank(m.group(1)) + m.group(2) + _blank(m.group(3)) if m else line)
    return "\n".join(out)


@file_format("navi-cheat", ("*.cheat",), kind="script", description="navi cheat sheets")
def parse_navi_cheat(source: Source) -> Iterator[Mention]:
    yield from mentions_in_script(source.fragment(navi_shell(source.text), 1), parser="navi-cheat")


@file_format("powershell", ("*.ps1", "*.psm1"), kind="script", description="PowerShell scripts")
def parse_powershell(source: Source) -> Iterator[Mention]:
    yield from mentions_in_script(source.fragment(powershell_as_shell(source.text), 1), parser="powershell")


# the instructions whose argument is a command: RUN's run while the image is built, CMD's and ENTRYPOINT's when a container
# of it starts, HEALTHCHECK's CMD while it runs, in the same image (what the RUN commands installed, the files COPY put
# there)
DOCKER_INSTR = re.compile(r"^(\s*)(RUN|CMD|ENTRYPOINT|HEALTHCHECK(?:[ \t]+--[a-z-]+(?:=\S+)?)*[ \t]+CMD)(\s+)(.*)$", re.I)
DOCKER_ANY = re.compile(r"^\s*[A-Za-z]+(\s|$)")
RUN_FLAG = re.compile(r"^(--[a-z-]+(=\S+)?\s+)+")


HEREDOC = re.compile(r"<<-?[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\1")


def dockerfile_shell(text: str) -> str:
    """The Dockerfile with everything but its commands blanked (RUN, CMD and ENTRYPOINT: continuations kept, RUN's
    flags removed; the here-documents of a RUN kept, body and delimiter, as the shell reads them)."""
    out: list[str] = []
    in_run = False  # the line goes on a command's instruction (a continuation)
    run = False  # that instruction is RUN (a here-document is RUN's, not CMD's)
    heredocs: list[str] = []
    for line in text.split("\n"):
        stripped = line.strip()
        if heredocs:
            out.append(line)
            if stripped == heredocs[0]:
                heredocs.pop(0)
            continue
        m = None if in_run else DOCKER_INSTR.match(line)
        if m:
            run = m.group(2).upper() == "RUN"
        if run and (in_run or m):
            heredocs = [h.group(2) for h in HEREDOC.finditer(line)]
        if in_run:
            if stripped.startswith("#"):
                # Docker drops comment lines inside a continued RUN; the command goes on past them
                out.append(_blank(line)[:-1] + "\\")
                continue
            out.append(line)
            in_run = line.rstrip().endswith("\\")
            continue
        if m:
            body = m.group(4)
            flags = RUN_FLAG.match(body) if run else None
            skip = len(flags.group(0)) if flags else 0
            prefix = len(m.group(1)) + len(m.group(2)) + len(m.group(3)) + skip
            rest = line[prefix:]
            if rest.lstrip().startswith("["):  # exec form: ["pip", "install", "x"]
                rest = _exec_form(rest)
            if run and rest.lstrip().startswith("<<") and prefix >= 3:  # RUN <<EOF: Docker runs the body as a script
                out.append(" " * (prefix - 3) + "sh " + rest)
            else:
                out.append(" " * prefix + rest)
            in_run = line.rstrip().endswith("\\")
        else:
            out.append(_blank(line))
    return "\n".join(out)


def _exec_form(rest: str) -> str:
    import json

    try:
        argv = json.loads(rest)
    except ValueError:
        return _blank(rest)
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv):
        return _blank(rest)
    # each argument one shell word where its quoted text is, of the same width: single-quoted, as the exec form expands
    # nothing (a `sh -c` argument of spaces stays whole: Dokploy's `CMD ["sh", "-c", "node -r dotenv/config … && …"]`),
    # or double-quoted when it holds a single quote and nothing a shell expands there
    chars = list(_blank(rest))
    pos = 0
    for arg in argv:
        idx = rest.find(f'"{arg}"', pos)
        if idx < 0:
            return _blank(rest)
        if "'" not in arg:
            chars[idx : idx + len(arg) + 2] = list(f"'{arg}'")
        elif not any(c in arg for c in "$`"):
            chars[idx : idx + len(arg) + 2] = list(f'"{arg}"')
        else:  # columns kept approximately
            chars[idx + 1 : idx + 1 + len(arg)] = list(arg.replace(" ", "\\ ")[: len(arg)])
        pos = idx + len(arg) + 2
    return "".join(chars)


@file_format("dockerfile", ("Dockerfile", "Dockerfile.*", "*.Dockerfile", "*.dockerfile", "Containerfile"),
             kind="script", description="Dockerfile and Containerfile RUN, CMD and ENTRYPOINT instructions")
def parse_dockerfile(source: Source) -> Iterator[Mention]:
    yield from mentions_in_script(source.fragment(dockerfile_shell(source.text), 1), parser="dockerfile")


# Apptainer's (formerly Singularity's) definition files (apptainer.org/docs/user/latest/definition_files.html): a
# header of `Key: value` lines with `Bootstrap:` its first keyword (`Bootstrap: docker`, `From: ubuntu:22.04`; a
# multi-stage build repeats it), then %sections. The shell ones run at build time (%setup on the host, %post in the
# container: where a recipe runs `pip3 install …`), in the container (%runscript, %startscript, %test) or are sourced
# (%environment), and SCIF apps' own (%appinstall NAME …); %files, %labels, %help and %arguments are no shell. Named
# `*.def` (Apptainer's docs), `Singularity` and `Singularity.TAG` (Singularity Hub's convention) or `Apptainer`.
APPTAINER_FILES = ("*.def", "Singularity", "Singularity.*", "Apptainer", "Apptainer.*")
APPTAINER_SHELL_SECTIONS = frozenset({"setup", "post", "test", "runscript", "startscript", "environment",
                                      "appinstall", "apprun", "apptest", "appstart", "appenv"})
APPTAINER_SECTIONS = APPTAINER_SHELL_SECTIONS | {"files", "labels", "help", "arguments", "appfiles", "applabels",
                                                 "apphelp"}
APPTAINER_SECTION = re.compile(r"[ \t]*%([A-Za-z]+)(?![\w-])")
APPTAINER_KEYWORD = re.compile(r"[ \t]*([A-Za-z]+)[ \t]*:(.*)")  # its value stripped by the reader (linear)


def _apptainer_section(line: str) -> str | None:
    m = APPTAINER_SECTION.match(line)
    return m.group(1).lower() if m and m.group(1).lower() in APPTAINER_SECTIONS else None


def is_apptainer_definition(text: str) -> bool:
    """Whether ``text`` is an Apptainer definition file: its first line that is no comment or blank is ``Bootstrap:``
    (a Windows module-definition ``.def`` file opens with LIBRARY or EXPORTS, a Modula-2 one with DEFINITION)."""
    for line in text.split("\n", 200)[:200]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = APPTAINER_KEYWORD.match(line)
        return m is not None and m.group(1).lower() == "bootstrap"
    return False


def apptainer_headers(text: str) -> list[dict[str, tuple[str, int, int]]]:
    """Each build stage's header of a definition file: keyword (lower case) -> (value, line, column of the value)."""
    stages: list[dict[str, tuple[str, int, int]]] = []
    in_section = False
    for number, line in enumerate(text.split("\n"), 1):
        if _apptainer_section(line) is not None:
            in_section = True
            continue
        m = APPTAINER_KEYWORD.match(line)
        if m is None:
            continue
        key = m.group(1).lower()
        value = m.group(2).strip()
        if key == "bootstrap":  # a stage's header begins (after the sections of the one before)
            stages.append({})
            in_section = False
        if stages and not in_section:
            column = m.start(2) + len(m.group(2)) - len(m.group(2).lstrip()) + 1
            stages[-1].setdefault(key, (value, number, column))
    return stages


def apptainer_shell(text: str) -> str:
    """The definition file with everything but its shell sections' bodies blanked (lines and columns kept)."""
    out: list[str] = []
    shell = False
    for line in text.split("\n"):
        section = _apptainer_section(line)
        if section is not None:
            shell = section in APPTAINER_SHELL_SECTIONS
            out.append(_blank(line))
            continue
        m = APPTAINER_KEYWORD.match(line)
        if m is not None and m.group(1).lower() == "bootstrap":  # the next stage's header
            shell = False
        out.append(line if shell else _blank(line))
    return "\n".join(out)


@file_format("apptainer-def", APPTAINER_FILES, kind="script",
             description="Apptainer and Singularity definition files' %post, %setup, %runscript … sections")
def parse_apptainer(source: Source) -> Iterator[Mention]:
    if is_apptainer_definition(source.text):
        yield from mentions_in_script(source.fragment(apptainer_shell(source.text), 1), parser="apptainer-def")


MAKE_ASSIGN = re.compile(r"^\s*(?:(?:override|export|private)\s+)*(?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*"
                         r"(?P<op>:::=|::=|:=|\?=|\+=|!=|=)\s*(?P<value>.*?)\s*$")
MAKE_REF = re.compile(r"(?<!\$)\$(?:\((?P<p>[A-Za-z_][A-Za-z0-9_]*)\)|\{(?P<b>[A-Za-z_][A-Za-z0-9_]*)\})")
MAKE_SHELL = re.compile(r"(?<!\$)\$\(shell[ \t]+")  # make's $(shell CMD …) in a recipe: the shell's $(CMD …)
MAKE_FUNCTION = re.compile(r"(?<!\$)\$[({][a-z-]+[\s,]")  # $(shell …), $(wildcard …), $(if …): not known here


def _make_logical_lines(text: str) -> Iterator[str]:
    """Each line outside recipes, backslash continuations joined as make joins them (one space), ``#``
    comments dropped."""
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("\t"):  # a recipe line, and the lines it continues
            while lines[i].endswith("\\") and i + 1 < len(lines):
                i += 1
            i += 1
            continue
        while line.endswith("\\") and i + 1 < len(lines):
            i += 1
            line = line[:-1].rstrip() + " " + lines[i].strip()
        i += 1
        yield re.sub(r"(?<!\\)#.*$", "", line)


def make_variables(text: str) -> dict[str, str | None]:
    """The Makefile's own variables, expanded as make would for a recipe: ``?=`` sets only an unset name,
    ``:=``/``::=`` expand at once, ``=`` when used, ``+=`` appends; a value made by a make function
    (``$(shell …)``) or ``!=`` is unknown (None). References to names the file does not set stay ``${NAME}``."""
    raw: dict[str, str | None] = {}
    in_define = False
    for line in _make_logical_lines(text):
        word = line.strip().split(" ", 1)[0]
        if word in ("define", "endef"):
            in_define = word == "define"
            continue
        m = None if in_define else MAKE_ASSIGN.match(line)
        if not m:
            continue
        name, op, value = m.group("name"), m.group("op"), m.group("value")
        if op == "!=" or MAKE_FUNCTION.search(value) or "`" in value:
            raw[name] = None
        elif op == "?=":
            raw.setdefault(name, value)
        elif op == "+=":
            before = raw.get(name, "")
            raw[name] = None if before is None else f"{before} {value}".strip()
        elif op == "=":
            raw[name] = value
        else:
            raw[name] = _make_expand(value, raw)
    return {name: None if value is None else _make_expand(value, raw) for name, value in raw.items()}


def _make_expand(value: str, table: dict[str, str | None], depth: int = 0) -> str | None:
    if depth > 10:
        return None
    unknown = False

    def ref(m: re.Match[str]) -> str:
        nonlocal unknown
        name = m.group("p") or m.group("b")
        if name not in table:
            return "${" + name + "}"  # set outside the file (the environment, the make command line)
        inner = table[name]
        sub = None if inner is None else _make_expand(inner, table, depth + 1)
        if sub is None:
            unknown = True
            return ""
        return sub

    out = MAKE_REF.sub(ref, value)
    return None if unknown else out


def expand_make_references(text: str) -> str:
    """``text`` with each ``$(VAR)``/``${VAR}`` of a variable the Makefile sets to a known value replaced by it
    (for readers that look at the text itself, such as the images a Makefile builds)."""
    if "$" not in text or "=" not in text:
        return text
    table = make_variables(text)

    def ref(m: re.Match[str]) -> str:
        value = table.get(m.group("p") or m.group("b"))
        return m.group(0) if value is None else value.replace("$$", "$")

    return MAKE_REF.sub(ref, text)


def _shell_assignments(variables: dict[str, str | None]) -> str:
    """``NAME="value"; …`` for the known variables: the shell model then reads ``${NAME}`` in a recipe."""
    parts = []
    for name, value in variables.items():
        if value is not None:
            quoted = value.replace("$$", "$").replace("\\", "\\\\").replace('"', '\\"')
            parts.append(f'{name}="{quoted}";')
    return " ".join(parts)


def makefile_shell(text: str) -> str:
    """The Makefile with everything but recipe lines blanked; ``$(VAR)``/``${VAR}`` in recipes become shell
    variables (same width), which the file's own variables set on the first line before any recipe, so
    ``PIP ?= pip`` … ``$(PIP) install x`` reads as ``pip install x``."""
    out: list[str] = []
    in_recipe_cont = False
    for line in text.split("\n"):
        if line.startswith("\t") or in_recipe_cont:
            body = line
            # make's @, - and + prefixes count at a recipe line's start only: of a line that continues one, make strips
            # the tab alone and hands the rest to the shell (`docker run … \` then `<TAB>-v a:b \`, pyro's docker/Makefile)
            m = re.match(r"^(\t)" if in_recipe_cont else r"^(\t[@+\-]*)", body)
            if m:
                body = " " * len(m.group(1)) + body[len(m.group(1)):]
            body = MAKE_SHELL.sub(lambda r: "$(" + " " * (len(r.group(0)) - 2), body)  # $(shell cat F): $(cat F)
            body = MAKE_REF.sub(lambda r: "${" + (r.group("p") or r.group("b")) + "}", body)
            out.append(body.replace("$$", " $"))
            in_recipe_cont = line.rstrip().endswith("\\")
        else:
            out.append(_blank(line))
            in_recipe_cont = False
    if out and not text.startswith("\t") and "=" in text:
        out[0] = _shell_assignments(make_variables(text)) or out[0]
    return "\n".join(out)


@file_format("makefile", ("Makefile", "makefile", "GNUmakefile", "*.mk", "Makefile-*"), kind="script",
             description="Makefile recipes")
def parse_makefile(source: Source) -> Iterator[Mention]:
    yield from mentions_in_script(source.fragment(makefile_shell(source.text), 1), parser="makefile")


JUST_SETTING = re.compile(r"^set\s+(?P<name>[A-Za-z-]+)\s*(?::=\s*(?P<value>.*?))?\s*$")
JUST_ASSIGN = re.compile(r"^(?P<export>export\s+)?(?P<name>[A-Za-z_][A-Za-z0-9_-]*)\s*:=\s*(?P<value>.*?)\s*$")
JUST_RECIPE = re.compile(r"^@?[A-Za-z_][A-Za-z0-9_-]*(?:\s[^:]*?)?:(?!=)")
JUST_ATTRIBUTE = re.compile(r"^\[(?P<body>[^\]]*)\]\s*$")
JUST_INTERPOLATION = re.compile(r"(?<!\{)\{\{(?!\{)(?P<expr>.*?)\}\}")
JUST_TOKEN = re.compile(r"""\s*(?:(?P<s>"(?:[^"\\\n]|\\.)*")|(?P<r>'[^'\n]*')|(?P<op>[+/])|(?P<id>[A-Za-z_][A-Za-z0-9_-]*))""")
SHELLS_BY_NAME = frozenset({"sh", "bash", "zsh", "dash", "ksh", "ash", "busybox"})


def _just_value(expr: str, table: dict[str, str | None]) -> str | None:
    """A justfile expression of string literals, variables, ``+`` and ``/`` (path join); None otherwise
    (backticks, function calls, conditionals, indented strings)."""
    out, at, want_value, joiner = "", 0, True, ""
    expr = expr.strip()
    if not expr or expr.startswith(('"""', "'''", "`")):
        return None
    while at < len(expr):
        m = JUST_TOKEN.match(expr, at)
        if m is None or (m.group("op") is None) != want_value:
            return None
        at = m.end()
        if m.group("op"):
            joiner, want_value = m.group("op"), True
            continue
        if m.group("s") is not None:
            value: str | None = m.group("s")[1:-1].replace('\\"', '"').replace("\\\\", "\\")
        elif m.group("r") is not None:
            value = m.group("r")[1:-1]
        elif expr[at:].lstrip().startswith("("):
            return None  # a function call: env_var(…), arch(), …
        else:
            value = table.get(m.group("id"))
        if value is None:
            return None
        out = out.rstrip("/") + "/" + value.lstrip("/") if joiner == "/" else out + value
        joiner, want_value = "", False
    return None if want_value else out


def is_shell_interpreter(command: str) -> bool:
    """Whether an interpreter (``#!/usr/bin/env bash``, ``bash -c``, ``python3``) is a POSIX-like shell."""
    words = [w for w in command.replace("#!", " ").split() if not w.startswith("-")]
    if words and words[0].rsplit("/", 1)[-1] == "env":
        words = words[1:]
    return bool(words) and words[0].rsplit("/", 1)[-1] in SHELLS_BY_NAME


def _first_string(text: str) -> str:
    """The first quoted item of ``["bash", "-c"]`` or ``("python3")``: the interpreter."""
    m = re.search(r"""["']([^"']*)["']""", text)
    return m.group(1) if m else ""


def justfile_shell(text: str) -> str:
    """The justfile with everything but shell recipe lines blanked: linewise recipes run by ``set shell``
    (``sh`` by default), ``#!`` recipes and ``[script]`` recipes whose interpreter is a shell. ``{{ name }}``
    of the file's own variables becomes a shell variable of the same width (set on the first line), any other
    interpolation (a recipe parameter, a function call) an unknown one; ``@``/``-`` line prefixes are dropped."""
    lines = text.split("\n")
    out = [_blank(line) for line in lines]
    table: dict[str, str | None] = {}
    exported: set[str] = set()
    linewise_shell = True
    used: dict[str, str] = {}  # shell variable -> value
    attributes: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        setting = JUST_SETTING.match(line)
        assign = JUST_ASSIGN.match(line)
        attribute = JUST_ATTRIBUTE.match(line)
        if not line.strip() or line.startswith("#"):
            continue
        if setting:
            if setting.group("name") == "shell":
                linewise_shell = is_shell_interpreter(_first_string(setting.group("value") or ""))
            elif setting.group("name") == "export":
                exported.add("*")
        elif assign:
            table[assign.group("name")] = _just_value(assign.group("value"), table)
            if assign.group("export"):
                exported.add(assign.group("name"))
        elif attribute:
            attributes.append(attribute.group("body"))
            continue
        elif JUST_RECIPE.match(line):
            end = i
            while end < len(lines) and (not lines[end].strip() or lines[end][:1].isspace()):
                end += 1
            body = [k for k in range(i, end) if lines[k].strip()]
            script = next((a for a in attributes if a.strip().startswith("script")), None)
            script_body = True
            if body and lines[body[0]].strip().startswith("#!"):
                shell = is_shell_interpreter(lines[body[0]].strip())
                body = body[1:]
            elif script is not None:
                shell = "(" not in script or is_shell_interpreter(_first_string(script))
            else:
                shell, script_body = linewise_shell, False
            if shell:
                continued = False
                for k in body:
                    # just's @ and - prefixes count at a linewise recipe's line start only: not on a line that continues
                    # the one before (`docker run … \` then `  -v a:b \`), nor in a #! or [script] recipe's body,
                    # which just writes out as it is
                    linewise = not script_body and not continued
                    out[k] = _just_line(lines[k], table, used, prefixed=linewise)
                    continued = lines[k].rstrip().endswith("\\")
            i = end
        attributes = []
    for name in (table if "*" in exported else exported):
        value = table.get(name)
        if value is not None and name.isidentifier():
            used.setdefault(name, value)  # an exported variable is the recipe shell's environment too
    if used:
        out[0] = " ".join(f'{name}="{_double_quoted(value)}";' for name, value in used.items())
    return "\n".join(out)


def _double_quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"').replace("`", "\\`")


def _just_line(line: str, table: dict[str, str | None], used: dict[str, str], prefixed: bool = True) -> str:
    """One recipe line for the shell: its ``@``/``-`` prefix blanked (``prefixed``: a linewise recipe's line that
    continues none), each ``{{…}}`` a same-width variable."""
    stripped = line.lstrip()
    lead = len(line) - len(stripped)
    prefix = len(stripped) - len(stripped.lstrip("@-")) if prefixed else 0
    line = line[:lead] + " " * prefix + stripped[prefix:]

    def interpolation(m: re.Match[str]) -> str:
        width = m.end() - m.start()
        name = m.group("expr").strip()
        value = table.get(name)
        if value is None:
            return "${" + "_" * (width - 3) + "}"  # a parameter, a function call: unknown
        var = "_" * (width - 3 - len(name)) + name.replace("-", "_")
        used[var] = value
        return "${" + var + "}"

    return JUST_INTERPOLATION.sub(interpolation, line).replace("{{{{", "  {{")


@file_format("justfile", ("justfile", "Justfile", ".justfile", "JUSTFILE", "*.just"), kind="script",
             description="justfile recipes (the ones a shell runs)")
def parse_justfile(source: Source) -> Iterator[Mention]:
    yield from mentions_in_script(source.fragment(justfile_shell(source.text), 1), parser="justfile")


# `commands:` is the shell list of a Drone or Woodpecker CI step (`.drone.yml`, `.woodpecker/*.yml`)
RUN_KEY = re.compile(r"^(\s*)(-\s+)?(run|script|before_script|after_script|install|command|commands)\s*:\s*(.*)$")


# how deep a chain of aliases is followed (a run value's alias, an alias inside that anchored value …): each level is
# one more pass over the file, so a crafted chain of thousands was quadratic (reviewer r28: 2,000 anchors, 47 KB, 24 s);
# CI files alias one or two levels deep
ALIAS_DEPTH = 8
# a YAML anchor property (`&name`) and an alias (`*name`), and a `key: &name …` line of any key
ANCHOR = re.compile(r"&[^\s\[\]{},]+\s*")
ALIAS = re.compile(r"^\*([^\s\[\]{},]+)\s*$")
ANCHORED_KEY = re.compile(r"^(\s*)(-\s+)?[^\s#&*'\"-][^#]*?\s*:\s+&([^\s\[\]{},]+)(?:\s+(.*))?$")


# a GitHub Actions step running actions/github-script (or a copy of it under another owner, as GitHub Enterprise
# mirrors it): its `with: script:` input is JavaScript that the action runs in Node, not a shell
GITHUB_SCRIPT_USES = re.compile(r"""^(\s*)(-\s+)?uses\s*:\s*["']?[\w.-]+/github-script(?:@|["'\s]|$)""")
INPUT_SCRIPT_KEY = re.compile(r"^(\s+)script\s*:")


def _javascript_inputs(lines: list[str]) -> frozenset[int]:
    """The lines of ``script:`` keys that are a github-script step's inputs (under its ``with:``, deeper than the
    step's own keys): JavaScript, whose comments and strings (``// npm install broke or ...``, deepagents'
    release-please check) are no shell commands. Each line is looked at by one step at most (linear)."""
    found: set[int] = set()
    scanned = 0  # the lines before this belong to a step already looked at
    for u, line in enumerate(lines):
        if u < scanned or "github-script" not in line or not (m := GITHUB_SCRIPT_USES.match(line)):
            continue
        key_indent = len(m.group(1)) + len(m.group(2) or "")
        start = u
        if not m.group(2):  # `uses:` below the step's first key (`with:` may come first): back to the step's `- `
            k = u - 1
            while k >= scanned:
                here = lines[k]
                if here.strip():
                    indent = len(here) - len(here.lstrip())
                    if indent < key_indent:
                        start = k if here.lstrip().startswith("- ") else start
                        break
                    start = k
                k -= 1
        end = u + 1
        while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) >= key_indent):
            end += 1
        found.update(k for k in range(start, end)
                     if (key := INPUT_SCRIPT_KEY.match(lines[k])) and len(key.group(1)) > key_indent)
        scanned = end
    return frozenset(found)


def yaml_run_blocks(text: str) -> str:
    """Workflow/CI YAML with everything but ``run:``-style shell values blanked (block scalars kept). A value
    written once under an anchor and run where an alias of it is a run value or a run list's item (Travis'
    ``_install_plugins: &install_plugins >-`` and ``install: [*install_plugins]``, GitLab's ``.deps: &deps``
    list and ``before_script: *deps``) is read where it is written, as if its key were a run key. A github-script
    step's ``script:`` input is JavaScript, not a shell's (:func:`_javascript_inputs`): blanked."""
    lines = text.split("\n")
    anchors: frozenset[str] = frozenset()
    javascript = _javascript_inputs(lines) if "github-script" in text else frozenset()
    for _ in range(ALIAS_DEPTH):
        out, aliased = _run_blocks(lines, anchors, javascript)
        if aliased <= anchors:
            break
        anchors |= aliased
    return "\n".join(out)


def _run_blocks(lines: list[str], anchors: frozenset[str],
                skipped: frozenset[int] = frozenset()) -> tuple[list[str], frozenset[str]]:
    """The run values of ``lines`` (and of the keys holding one of ``anchors``), and the aliases they use; the keys
    on the lines of ``skipped`` hold no shell."""
    out = [_blank(line) for line in lines]
    aliased: set[str] = set()
    runs: dict[int, int] = {}  # a GitHub step's `run:` key line -> the key's column
    spans: list[tuple[int, int, bool]] = []  # (that line, the first line after its value, whether the value is on it)
    i = 0
    while i < len(lines):
        if i in skipped:
            i += 1
            continue
        if m := RUN_KEY.match(lines[i]):
            key_indent = len(m.group(1)) + (len(m.group(2)) if m.group(2) else 0)
            value = m.group(4)
        elif anchors and (a := ANCHORED_KEY.match(lines[i])) and a.group(3) in anchors:
            key_indent = len(a.group(1)) + (len(a.group(2)) if a.group(2) else 0)
            value = a.group(4) or ""
        else:
            i += 1
            continue
        if value.startswith("&"):
            value = ANCHOR.sub("", value, count=1)  # `run: &setup |`: the anchor names the value, it is no part of it
        if alias := ALIAS.match(value):
            aliased.add(alias.group(1))  # `before_script: *deps`: read where the anchor is
            i += 1
            continue
        value_col = len(lines[i]) - len(value)
        step_run = m is not None and m.group(3) == "run"
        if value.startswith(("|", ">")):
            j = i + 1
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > key_indent):
                out[j] = lines[j]
                j += 1
            if value.startswith(">"):
                _fold(lines, out, i + 1, j)
            if step_run:
                runs[i] = key_indent
                spans.append((i, j, False))
            i = j
            continue
        if value == "" and (end := _plain_scalar_end(lines, i + 1, key_indent)):
            # `run:` with the command on the lines below, a plain scalar (livebook's docs workflow: `run:` then
            # `mix escript.install hex livebook --force`): YAML folds its lines into one, as in `run: >`
            for k in range(i + 1, end):
                out[k] = lines[k]
            _fold_plain(lines, out, i + 1, end)
            i = end
            continue
        if value == "" and not _list_follows(lines, i + 1, key_indent):
            i += 1  # a mapping (a job called run: or install:), not a list of commands
            continue
        if value.startswith("[") or value == "":
            # a list of commands (GitLab script: [...] or following "- cmd" items)
            j = i + 1
            if value.startswith("["):
                out[i] = " " * value_col + value.replace("[", " ").replace("]", " ").replace(",", ";")
            while j < len(lines) and (not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > key_indent or lines[j].lstrip().startswith("- ") and len(lines[j]) - len(lines[j].lstrip()) >= key_indent):
                item = re.match(r"^(\s*-\s+)(&[^\s\[\]{},]+\s*)?(.*)$", lines[j])
                if item and (alias := ALIAS.match(item.group(3))):
                    aliased.add(alias.group(1))
                elif item:
                    out[j] = " " * (len(item.group(1)) + len(item.group(2) or "")) + _unquote(item.group(3))
                elif lines[j].strip():
                    out[j] = lines[j]
                j += 1
            i = j
            continue
        out[i] = " " * value_col + _unquote(value)
        if step_run:
            runs[i] = key_indent
            spans.append((i, i + 1, True))
        i += 1
    if runs:  # a GitHub step's `working-directory`: its run script starts there (depguard/parsers/ci_working_dirs.py)
        from .ci_working_dirs import run_folders, wrap

        folders = run_folders(lines, runs)
        if folders:
            wrap(out, [(at, after, folders[at], single) for at, after, single in spans if at in folders])
    return out, frozenset(aliased)


def _fold(lines: list[str], out: list[str], start: int, end: int) -> None:
    """A folded scalar (``run: >``): YAML joins consecutive lines of the block's own indentation with a space,
    so each such line is continued (``\\``) into the next; blank and more-indented lines are kept as lines."""
    body = [k for k in range(start, end) if lines[k].strip()]
    if not body:
        return
    base = min(len(lines[k]) - len(lines[k].lstrip()) for k in body)
    for k in range(start, end - 1):
        here, after = lines[k], lines[k + 1]
        if here.strip() and after.strip() and len(here) - len(here.lstrip()) == base == len(after) - len(after.lstrip()):
            out[k] = here + " \\"


# a first line below `key:` that no plain scalar starts with: `- item`, a comment, a quoted, flow, anchor, alias, tag,
# block or directive indicator
NOT_PLAIN_START = re.compile(r"""^\s*(?:-(?:\s|$)|[#"'\[\]{}&*!|>%@`?])""")
MAPPING_KEY = re.compile(r":(?:\s|$)")  # `key:` / `key: value`: a plain scalar holds no `: ` and ends in no `:`


def _plain_scalar_end(lines: list[str], j: int, key_indent: int) -> int | None:
    """The line after a plain multi-line scalar that starts on line ``j`` below a ``key:`` written with no value
    (the lines indented deeper than the key), or None when those lines are a mapping, a list, or anything else
    no plain scalar can be (a job called ``install:`` holds ``runs-on: …``)."""
    end = j
    while end < len(lines) and (not lines[end].strip() or len(lines[end]) - len(lines[end].lstrip()) > key_indent):
        end += 1
    body = [k for k in range(j, end) if lines[k].strip()]
    if not body or NOT_PLAIN_START.match(lines[body[0]]):
        return None
    if any(MAPPING_KEY.search(lines[k]) or lines[k].lstrip().startswith("#") for k in body):
        return None
    return body[-1] + 1


def _fold_plain(lines: list[str], out: list[str], start: int, end: int) -> None:
    """A plain multi-line scalar: YAML joins each line break between two non-blank lines with a space, whatever
    their indentation, so each such line is continued (``\\``) into the next."""
    for k in range(start, end - 1):
        if lines[k].strip() and lines[k + 1].strip():
            out[k] = lines[k] + " \\"


def _list_follows(lines: list[str], j: int, key_indent: int) -> bool:
    """Whether the first non-blank line after a ``key:`` with no value is a ``- item`` of its list."""
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j < len(lines) and lines[j].lstrip().startswith("- ") and len(lines[j]) - len(lines[j].lstrip()) >= key_indent


def _unquote(value: str) -> str:
    v = value.rstrip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        return " " + v[1:-1] + " "
    return value


def without_expressions(line: str) -> str:
    """A run line with each ``${{ … }}`` template expression (GitHub Actions, Azure Pipelines) made harmless
    for the command grammars, every other character kept in its column (``depguard/commands/placeholders.py``:
    in a version part the version is dropped and the name stays; in a name it becomes a shell variable of the
    same width, so the name is read as unknown rather than as the expression's text, ``env.PNPM_VERSION``)."""
    return placeholders.without_expressions(line)


# A Nuclio function's configuration (CVAT's serverless functions: ``nuctl deploy --path <folder> --file
# <folder>/function.yaml``; ``function-gpu.yaml`` beside it): the shell lines its image build runs, the ``value`` of each
# ``spec.build.directives`` step of ``kind: RUN`` (preCopy/postCopy, Dockerfile RUN instructions) and the items of the
# older ``spec.build.commands`` list. Read only in a file whose ``spec`` names a ``handler``.
NUCLIO_PATTERNS = ("function.yaml", "function.yml", "function-*.yaml", "function-*.yml", "function_*.yaml",
                   "function_*.yml")
NUCLIO_HANDLER = re.compile(r"^[ \t]+handler[ \t]*:", re.M)
NUCLIO_KIND_RUN = re.compile(r"""^(\s*)(-\s+)?kind\s*:\s*(['"]?)RUN\3\s*(?:#.*)?$""")
NUCLIO_VALUE = re.compile(r"^(\s*)(-\s+)?value(?=\s*:)")
NUCLIO_COMMANDS = re.compile(r"^(\s*)commands(?=\s*:)")
# a step is a few keys (``kind``, ``value``, a comment): its ``-`` and its ``value`` key are looked for this many lines
# around its ``kind`` line, so a file of many ``kind: RUN`` lines outside any list is read in linear time
NUCLIO_STEP_LINES = 32


def nuclio_run_blocks(text: str) -> str:
    """A Nuclio configuration with everything but its build's shell lines blanked (see ``NUCLIO_PATTERNS``): each RUN
    step's ``value`` key and the build's ``commands`` key become run keys of the same width, every other run-like key
    (``command:``, ``script:``) is renamed out of the way, and the result is read as CI YAML's run values are."""
    if not NUCLIO_HANDLER.search(text) or ("RUN" not in text and "commands" not in text):
        return ""
    lines = text.split("\n")
    out = [("x" * len(m.group(3))).join((line[: m.start(3)], line[m.end(3):])) if (m := RUN_KEY.match(line)) else line
           for line in lines]
    for i, line in enumerate(lines):
        if m := NUCLIO_COMMANDS.match(line):
            out[i] = line[: m.end(1)] + "run     " + line[m.end():]
        elif m := NUCLIO_KIND_RUN.match(line):
            start, indent = _list_item(lines, i)
            if start is None:
                continue
            for k in range(start, min(len(lines), start + NUCLIO_STEP_LINES)):
                here = lines[k]
                if k > start and here.strip() and len(here) - len(here.lstrip()) <= indent:
                    break
                v = NUCLIO_VALUE.match(here)
                if v and (k == start or len(v.group(1)) > indent):
                    out[k] = here[: v.end(2) if v.group(2) else v.end(1)] + "run  " + here[v.end():]
                    break
    return yaml_run_blocks("\n".join(out))


def _list_item(lines: list[str], i: int) -> tuple[int | None, int]:
    """(first line, indentation of its ``-``) of the list item holding line ``i``, or (None, 0)."""
    for k in range(i, max(-1, i - NUCLIO_STEP_LINES), -1):
        line = lines[k]
        stripped = line.lstrip()
        if stripped.startswith("- "):
            return k, len(line) - len(stripped)
        if k < i and stripped and not stripped.startswith("#") and len(line) - len(stripped) < len(lines[i]) - len(lines[i].lstrip()):
            return None, 0
    return None, 0


@file_format("nuclio-function", NUCLIO_PATTERNS, kind="script",
             description="a Nuclio function configuration's build steps (CVAT's serverless functions)")
def parse_nuclio_function(source: Source) -> Iterator[Mention]:
    text = nuclio_run_blocks(source.text)
    if text.strip():
        yield from mentions_in_script(source.fragment(text, 1), parser="nuclio-function", imports=False)


# Tekton's Tasks, ClusterTasks, StepActions and Pipelines' embedded task specs (``apiVersion: tekton.dev/…``): a step's
# ``script:`` (a sidecar's too) is the shell the step's container runs, unless its ``#!`` line names another language
# (``#!/usr/bin/env python3``); a step's ``command:``/``args:`` lists are an argv, not read here
TEKTON_API = re.compile(r"""^\s*apiVersion\s*:\s*["']?tekton\.dev/""", re.M)
SHELL_SHEBANG = re.compile(r"#!\s*\S*?(?:/|\benv\s+)(?:ba|z|da|a|k)?sh\b")


def tekton_run_blocks(text: str) -> str:
    """A Tekton resource with everything but its steps' shell ``script:`` values blanked (see ``TEKTON_API``): every
    other run-like key (``command:``, ``args:`` hold argv lists) is renamed out of the way, as is a script whose first
    line is a ``#!`` of another language, and the rest is read as CI YAML's run values are."""
    if not TEKTON_API.search(text) or "script" not in text:
        return ""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines):
        m = RUN_KEY.match(line)
        if m and m.group(3) == "script":
            value = m.group(4).strip()
            first = value if value and value[0] not in "|>" else next(
                (ln.strip() for ln in lines[i + 1:i + 50] if ln.strip()), "")
            if not first.startswith("#!") or SHELL_SHEBANG.match(first):
                out.append(line)
                continue
        out.append(("x" * len(m.group(3))).join((line[: m.start(3)], line[m.end(3):])) if m else line)
    return yaml_run_blocks("\n".join(out))


@file_format("tekton", ("*.yml", "*.yaml"), kind="script",
             description="Tekton tasks: the shell of their steps' script")
def parse_tekton(source: Source) -> Iterator[Mention]:
    if "tekton.dev/" not in source.text:
        return
    text = tekton_run_blocks(source.text)
    if text.strip():
        yield from mentions_in_script(source.fragment(text, 1), parser="tekton", imports=False)


# Tilt's configuration (Starlark, read with Python's grammar): the commands it runs on the developer's machine,
# ``local('pip install x')``, ``local_resource('deps', cmd='npm install x', serve_cmd=…)``, ``custom_build``'s command,
# and a live update's ``run('pip install x')`` in the container (the images its docker_build calls make are the
# tree's own: depguard/ecosystems/docker/_local_images.py)
TILT_FILES = ("Tiltfile", "*.tiltfile", "Tiltfile.*")


@file_format("tiltfile", TILT_FILES, kind="script",
             description="Tiltfiles: the commands local(), local_resource(), custom_build() and run() run")
def parse_tiltfile(source: Source) -> Iterator[Mention]:
    from ..commands.python_calls import code_runs
    from ..text import tool_words

    if tool_words(source.text):
        yield from code_runs(source, parser="tiltfile")


@file_format("ci-yaml", (".github/workflows/*.yml", ".github/workflows/*.yaml", ".gitlab-ci.yml", ".travis.yml",
                         "azure-pipelines.yml", ".circleci/config.yml", "bitbucket-pipelines.yml", "action.yml",
                         "action.yaml", ".drone.yml", ".woodpecker.yml", ".woodpecker.yaml", ".woodpecker/*.yml",
                         ".woodpecker/*.yaml"),
             kind="script",
             description="shell steps of CI workflows (GitHub, GitLab, Travis, CircleCI, Azure, Bitbucket, Drone, Woodpecker)")
def parse_ci_yaml(source: Source) -> Iterator[Mention]:
    text = yaml_run_blocks(source.text)
    if "${{" in text:
        text = "\n".join(without_expressions(line) if "${{" in line else line for line in text.split("\n"))
    yield from mentions_in_script(source.fragment(text, 1), parser="ci-yaml")
    if "NODE_OPTIONS" in source.text:
        yield from _node_options_keys(source)


# a workflow's environment entry `NODE_OPTIONS: --require dd-trace/init` (GitHub's env:, GitLab's variables:): its value
# stripped by the reader (linear: no lazy match before an anchor)
NODE_OPTIONS_KEY = re.compile(r"""^([ \t]*)(["']?)NODE_OPTIONS\2[ \t]*:[ \t]+(\S.*)$""")


def _node_options_keys(source: Source) -> Iterator[Mention]:
    """The preloads of each ``NODE_OPTIONS:`` entry of a CI file's environment maps: every Node process of the steps it
    applies to loads them first (:func:`depguard.commands.mentions_of_node_options`). A value with a workflow expression
    (``${{ … }}``) or a variable names nothing the file tells."""
    from ..commands import mentions_of_node_options

    for no, line in enumerate(source.text.split("\n"), 1):
        if "NODE_OPTIONS" not in line or not (m := NODE_OPTIONS_KEY.match(line)):
            continue
        value, at = m.group(3), m.start(3)
        if value[:1] in ("'", '"'):
            end = value.find(value[0], 1)
            if end < 0:
                continue
            value, at = value[1:end], at + 1
        else:
            value = value.split(" #", 1)[0].rstrip()
        if "${{" in value or "$" in value:
            continue
        yield from mentions_of_node_options(source, value, no, at + 1, "ci-yaml")


# Jenkins pipelines (a Jenkinsfile, declarative or scripted; Groovy): the shell a step hands to `sh`. A step is
# `sh 'x'`, `sh "x"`, `sh '''…'''`, `sh """…"""`, `sh('x')`, `sh(script: 'x', returnStdout: true)` or
# `sh(label: 'y', script: "x")`; the string is the script, as a workflow's `run:` is
JENKINS_STEP = re.compile(r"""(?<![\w.$])sh\s*(?:\(\s*(?:label\s*:\s*(?:'[^'\n]*'|"[^"\n]*")\s*,\s*)?(?:script\s*:\s*)?)?(?=['"])""")
GROOVY_TOKEN = re.compile(r"""//[^\n]*|/\*.*?(?:\*/|\Z)|'''|\"\"\"|'|"|(?<![\w.$])sh\b""", re.S)
GSTRING_SLOT = re.compile(r"\$\{[^}\n]*\}")
GROOVY_ESCAPE = re.compile(r"\\[\\$'\"]")
JENKINS_FILES = ("Jenkinsfile", "Jenkinsfile.*", "*.jenkinsfile", "*.Jenkinsfile", "jenkinsfile", "jenkinsfile.groovy",
                 "Jenkinsfile*.groovy", "vars/*.groovy")


def _groovy_string_end(text: str, at: int, quote: str) -> int:
    """The offset of the quote closing the Groovy string whose body starts at ``at`` (the text's end when none)."""
    if len(quote) == 3:
        end = text.find(quote, at)
        return len(text) if end < 0 else end
    k = at
    while k < len(text) and text[k] != "\n":
        if text[k] == "\\":
            k += 2
            continue
        if text[k] == quote:
            return k
        k += 1
    return k


def jenkins_shell(text: str) -> str:
    """The shell of a Jenkinsfile's ``sh`` steps, every other character blanked (lines and columns kept): Groovy's
    comments and other strings name nothing; a step's closing quote ends its command (``;``); a GString slot
    (``${env.X}``) is an unknown variable of the same width, and a Groovy escape (``\\$``) the character it stands for."""
    out = [c if c == "\n" else " " for c in text]
    pos = 0
    while True:
        m = GROOVY_TOKEN.search(text, pos)
        if m is None:
            break
        token = m.group(0)
        if token.startswith("/"):  # a comment
            pos = m.end()
            continue
        if token == "sh":
            step = JENKINS_STEP.match(text, m.start())
            if step is None:
                pos = m.end()
                continue
            quote = "'''" if text.startswith("'''", step.end()) else '"""' if text.startswith('"""', step.end()) \
                else text[step.end()]
            body = step.end() + len(quote)
            end = _groovy_string_end(text, body, quote)
            script = text[body:end]
            if '"' in quote:
                script = GSTRING_SLOT.sub(lambda s: "${" + "_" * (len(s.group(0)) - 3) + "}", script)
            script = GROOVY_ESCAPE.sub(lambda e: " " + e.group(0)[1], script)
            for k, c in enumerate(script):
                if c != "\n":
                    out[body + k] = c
            if end < len(text):
                out[end] = ";"
            pos = end + len(quote)
            continue
        pos = _groovy_string_end(text, m.end(), token) + len(token)  # another string: skipped whole
    return "".join(out)


@file_format("jenkinsfile", JENKINS_FILES, kind="script",
             description="Jenkins pipelines: the shell of their sh steps")
def parse_jenkinsfile(source: Source) -> Iterator[Mention]:
    if "sh" not in source.text:
        return
    yield from mentions_in_script(source.fragment(jenkins_shell(source.text), 1), parser="jenkinsfile")
