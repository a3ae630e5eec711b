"""LLM text and Markdown -> fragments (fenced blocks, inline code, prompt lines) -> mentions.

A fenced block (backticks or tildes, at any indentation, nested fences inside ``markdown`` blocks too) is
routed by its language tag, by a file name in its info string or on the line before it (``requirements.txt:``),
or by sniffing its text. Shell blocks go to the command grammars (console transcripts: ``$ `` prompt lines
only, output dropped); blocks that are files (requirements, package.json, pyproject.toml, Dockerfile,
workflow YAML, …) go to the parser that owns that file name; code blocks go to the parsers of their
language. Inside code blocks, install commands in comments (``# pip install x``), notebook magics
(``!pip install x``), lines that are a bare command and string literals that hold one
(``os.system("pip install x")``, ``subprocess.run([sys.executable, "-m", "pip", "install", "x"])``) are read.

The requirement strings of an in-browser install call (``micropip.install("x")``, ``piplite.install([...])``) are
read as ``pip install`` of them.

Outside code: inline code spans and ``<code>`` holding an install command, ``$ ``/``PS>`` prompt lines, and
lines that are nothing but an install command (list markers and a short ``Run:`` label allowed). In a bare
line or a comment, prose words (``to``, ``and``, ``then`` …) end the command, so ``pip install x to get
started`` names only x; in those and in inline code an ellipsis standing alone does too (``fails with `pnpm
install ... exit code 1` `` names nothing: the words after it are what the writer left out and what followed).
Other prose is not guessed at. Every fragment keeps its position, so a mention points at the line and column of
the original text.
"""

from __future__ import annotations

import fnmatch
import json
import posixpath
import re
from collections.abc import Callable, Iterator

from .. import lazyre
from ..commands import command_patterns, mentions_in_script, targets_of_command
from ..commands.placeholders import spelled_options
from ..commands.shell import Word, powershell_as_shell
from ..confusables import accented_word, foreign_word
from ..errors import ParseError
from ..model import Mention, Origin
from ..parsers import Source, formats_for, rendered_path
from ..records import record, replace
from .rendered import ColumnMap, inline_code, rendered_line
from .routing import SHELL_ORDER, routes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..commands import _StartPattern
    from ..lazyre import Pattern

FENCE = lazyre.compile(r"^(?P<indent>[ \t]*(?:(?:>[ \t]?)+[ \t]*)?)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*)$")
# AsciiDoc: a delimited listing (----), literal (....) or comment (////) block, and the attribute line above one
# ([source,ruby], [source.x,sh,subs="attributes"], [,json], [listing])
ADOC_DELIMITER = lazyre.compile(r"^(?P<fence>-{4,}|\.{4,}|/{4,})[ \t]*$")
ADOC_ATTRIBUTES = lazyre.compile(r"^\[(?P<style>[A-Za-z]*)(?:[.#%][^,\]]*)?(?:,[ \t]*(?P<lang>[\w+#-]*))?(?:,[^\]]*)?\][ \t]*$")
# The characters of Chinese, Japanese and Korean prose (CJK_PROSE): a full-width punctuation mark or a letter of those
# scripts. Full-width letters and digits are left out: they make look-alike names
CJK = ("\u1100-\u11ff\u2e80-\u2fdf\u3001-\u303f\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf"
       "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff9f")
# a quoted span with no word glued to its quotes (an apostrophe's word, "don't … it's", is none); a CJK sentence's letters
# are no such word: it quotes a command glued to its own words (执行“pip install x”命令即可, 执行"pip install x"命令)
QUOTED = lazyre.compile(rf"(?<![^\W{CJK}]|['\"])(['\"“‘])()([^'\"\n”’]{{4,200}})[”’'\"](?![^\W{CJK}]|['\"])")
SAID_COMMAND = lazyre.compile(r"(?:^[ \t]*|(?<=[\s(`]))(?P<cmd>\S)")
# (a parenthesis glued to a bracketed web address is a link written the wrong way round, its words the link's text:
# rez's TSC meeting notes, "* (pip install remaps config)[https://github.com/…/wiki/…]", held-out set 263)
PAREN = lazyre.compile(r"\((?P<cmd>[^()\n]{4,200})\)(?!\[https?://)")
# A Python-Markdown admonition or pymdownx details block's first line, ``!!! warning "pip install within conda"``
# (``???``/``???+`` for details): the quoted text is the box's title, shown as a heading, not a quoted command
ADMONITION = lazyre.compile(r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]+[\w-]+(?:[ \t]+[\w-]+)*[ \t]+"
                            r"(?P<q>[\"'])(?P<title>.*)(?P=q)[ \t]*$")
COLON_COMMAND = lazyre.compile(r":[ \t]+(?P<cmd>\S)")
# A sentence of prose that tells the reader to run a command, unformatted: the imperative at the sentence's start
# (after a list marker, or a full stop), an adverb of order before it or not ("Run pip install x to get started.",
# "First, run npm install x.", "Then run npx x init"), or "by running" ("You can install it by running pip install x.",
# a chat answer's usual wording). A verb in the middle of another sentence ("Fix a crash when running npm install
# behind a proxy", a changelog's) starts none.
RUN_SENTENCE = lazyre.compile(
    r"(?i)(?:^[ \t]*(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+)?|[.!?][ \t]+)"
    r"(?:(?:first|then|next|now|finally|simply|just|please|also)[, \t]+)*(?:run|execute|type)[ \t]+(?P<cmd>\S)"
    r"|\bby[ \t]+running[ \t]+(?P<by>\S)")
# a list item that ends with a pull request's or an issue's link, and its author's, as github-changelog-generator
# writes merged pull requests (rez's CHANGELOG.md: "- pip install path remap [\\#866](https://github.com/…/pull/866)
# ([j0yu](https://github.com/j0yu))", held-out set 263): the item is the pull request's title, not a command to run
PULL_REQUEST_TITLE = lazyre.compile(r"\[\\?#\d+\]\([^()\s]+/(?:pull|issues)/\d+\)(?:[ \t]+\(\[[^\]\n]+\]\([^()\s]+\)\))?[ \t]*$")
LIST_MARKER = r"(?:(?:[-*+•]|\d{1,3}[.)])[ \t]+)?"
LIST_BULLETS = frozenset("-*+•")
LABEL = r"(?:\*{0,2}[A-Za-z][\w ]{0,30}:\*{0,2}[ \t]+)?"
BARE_LINE = lazyre.compile(rf"^(?P<lead>[ \t]*{LIST_MARKER}{LABEL})(?P<cmd>.*)$")
BARE_CODE_LINE = lazyre.compile(rf"^([ \t]*{LIST_MARKER}{LABEL})(.*)$")
SPAN_MAGIC = lazyre.compile(r"[!%]{1,2}(?=[A-Za-z])")  # `%pip install x`, `!pip install x` in a sentence
MAGIC_LINE = lazyre.compile(r"^([ \t]*(?:In \[\d*\]:[ \t]*)?[!%]{1,2})(?=\S)(.*)$")
# IPython expands `{expr}` and `$name` in a `!` line before the shell runs it: `{sys.executable}` (quoted or not) and
# `$sys.executable` are the kernel's own python, the idiom of IPython's docs and of "Installing Python Packages from a
# Jupyter Notebook" (`!{sys.executable} -m pip install numpy`, teaching notebooks)
IPYTHON_EXECUTABLE = lazyre.compile(r"""(["']?)(?:\{sys\.executable\}|\$sys\.executable)\1(?=[ \t])""")
SAID_LEAD = lazyre.compile(rf"{LIST_MARKER}[(\[]?[ \t]*[!%]{{0,2}}")
NAMED_FILE = lazyre.compile(r"""(?:title|filename|file|name)=["']?([^"'\s]+)""")
SAID_FILE = lazyre.compile(r"(?:add|create|put|save|update|edit|write|append|paste|change|use|in|to)\b", re.I)
TOKENS = lazyre.compile(r"\S+|\s+")
SECONDARY_PROMPT = lazyre.compile(r"[ \t]*>[ \t]")  # the shell's secondary prompt
CLOSING_BRACKETS = lazyre.compile(r"[)\]]+\s*$")
CMD_CARET = lazyre.compile(r"\^(?=[ \t]*\r?$)", re.M)
CMD_REMARK = lazyre.compile(r"(?im)^([ \t]*)(rem\b.*|::.*|@echo.*)$")
# a comment written the C/JavaScript way on a documented shell line: a word that is only ``//`` and what follows it
# (Tone.js' README: ``npm install tone      // Install the latest stable version``); ``https://`` is no such word
SLASH_COMMENT = lazyre.compile(r"(?m)(?:(?<=[ \t])|^)//(?=[ \t]|$).*$")
# a "#" glued to the end of a word of two letters or more and followed by a blank: a comment its writer did not space
# off ("pip install --upgrade pip# fixes a bug with asyncio", a scraped page LangChain's Docusaurus loader page prints);
# not `$#` (the shell's count of arguments) nor C#, F# (a letter's)
GLUED_COMMENT = lazyre.compile(r"(?m)(?<=[\w.\])-]{2})(?<!\$)#(?=[ \t]).*$")
NEWLINE = lazyre.compile("\n")
# a console's prompt: ``$``, ``%``, ``user@host:~$``, ``❯``, ``➜ folder``, PowerShell's and cmd's, and cmder's ``λ``
# (``λ npm create chrome-ext`` in create-chrome-ext's README, ``(.venv) λ pip install x`` in Windows users' notes)
STRONG_PROMPT = lazyre.compile(
    r"^(?P<p>[ \t]*(?:\([\w.@-]+\)[ \t]*)?(?:[\w.-]+@[\w.-]+(?::[^$#\n]*)?[$#]|\$|%|❯|λ|➜[ \t]+\S*|PS[^>\n]{0,60}>|"
    r"[A-Z]:\\[^>\n]{0,80}>)[ \t]+)(?P<cmd>\S.*)$"
)
WEAK_PROMPT = lazyre.compile(r"^(?P<p>[ \t]*(?:#|>)[ \t]+)(?P<cmd>\S.*)$")
PROSE_WORDS = {"to", "and", "then", "for", "in", "if", "the", "with", "without", "or", "from", "on", "using", "which", "you",
               "your", "before", "after", "first", "so", "that", "this", "it", "is", "will", "into", "inside",
               "where", "when", "via", "by", "as", "at", "also", "instead", "e.g.", "i.e.", "etc",
               # a sentence about the command, not its arguments: "pip install now prints an error ...",
               # "pip install -U no longer reinstalls ...", "npm install can take a while"
               "now", "no", "not", "never", "always", "longer", "can", "cannot", "could", "should", "would", "must",
               "may", "might", "does", "do", "did", "was", "were", "are", "has", "have", "had", "an", "than", "but",
               "because", "since", "unless", "until", "while",
               # "pip list and pip install only happen if pip is installed" (conda's 2.1.0 notes)
               "only",
               # how the command went, in a message about it: f"pip install failed: {e}" (archivebox's notes)
               "failed", "fails", "succeeded", "succeeds", "finished", "completed", "errored",
               # and how it behaves, the verb said in the third person or the past: "# Windows: npm install works but
               # is experimental." (Archon's docs), "npm install broke or the package layout changed" (a comment of
               # deepagents' workflow), "pip install hangs behind a proxy", "npm install takes a while"
               "works", "worked", "breaks", "broke", "hangs", "hung", "crashes", "crashed", "stalls", "stalled",
               "freezes", "froze", "takes", "took",
               # and its repair, in a changelog's bullet: "* pip install fixed and broken several times ;)" (nlpia's
               # CHANGELOG.md, held-out set 258's spot set: `fixed` was looked up), "npm install broken on Windows"
               "fixed", "broken",
               # and where the rest is said, "according to" (or its "to" left out): "pip install yara-python according
               # https://github.com/VirusTotal/yara-python" (a volatility3 plug-in's README, held-out set 286)
               "according", "accordingly",
               # and how it ended, in a coding agent's investigation notes ("Root cause: npm install skipped postinstall
               # scripts", "Blocker: pnpm install errors because the lockfile drifted", "Status: yarn add completes but
               # warns", a probe of held-out set 260's OpenDevBrowser notes); npm's errors and passes are small utilities
               "skipped", "errors", "completes", "exits", "exited", "aborts", "aborted", "stopped", "passes", "passed",
               # and what it does, said of it in a coding agent's notes ("# npm install creates the lockfile", "# pip
               # install pulls in torch", "# npm install fetches packages from the registry", a probe of held-out set
               # 228's category), and how often ("# npm install sometimes hangs on CI"); none is a popular name
               "pulls", "creates", "needs", "requires", "uses", "respects", "installs", "fetches", "downloads",
               "ensures", "resolves", "builds", "compiles", "generates", "updates", "writes", "adds", "removes",
               "skips", "ignores", "prints", "shows", "warns", "complains", "triggers", "invokes",
               "sometimes", "usually", "often",
               # what the command does by itself, in a remark beside another one: "make js-build  # One-time build
               # (npm install runs automatically)" (py-shiny's notes on its assets)
               "runs", "ran", "happens", "happened", "automatically", "manually",
               # a tool's state said after its name, the verb left out: "# uvx available (recommended runner)" above
               # `which uvx` in a checklist of awslabs/mcp's troubleshooting page ("uvx is available"), "npm
               # installed?", "npx required"
               "available", "installed", "required", "needed", "missing",
               # where the reader finds what the sentence speaks of: "you can use the optional\npip install syntax
               # below, or install the specific package required" (fsspec's docs, a paragraph's wrapped line)
               "below", "above",
               # a noun naming the command just said: "# example log output from the docker run command" above a log in
               # jupyter/docker-stacks' troubleshooting page, "run the npm install command first", "the pip install
               # invocation" (the command is the sentence's subject or object, not given a package called command)
               "command", "commands", "invocation", "invocations",
               # two ways compared: "- npm install vs zip download - when should one be used over the other" (Node-RED's
               # 0.2.0 release post, held-out set 247's spot set: `vs`, `zip`, `download` and `-` read as npm names)
               "vs", "versus",
               # where it runs, said with a preposition of place as "in" and "inside" are: "3. Run pnpm install within this
               # repo:" (ens-app-v3's README, held-out set 300's spot set: `within` was looked up on npm)
               "within"}
# Adverbs that go on with the sentence a command was said in (prose before the command: "# You'll need to run npm
# install again afterwards.", dspace-angular's README): `npm install` alone installs the project, as `pip install -e .`
# does, so these words are the sentence's, not names; a comment that is the command itself keeps every word
SENTENCE_ADVERBS = {"again", "afterwards", "afterward", "later", "beforehand", "anyway", "too", "twice", "yourself",
                    "each", "every", "whenever",
                    # and the ones that say how ("(run pip install directly without "poetry run" if you are not using
                    # poetry)", LangChain's Docugami page, after a `!poetry run pip install x` line)
                    "directly", "manually", "separately", "instead", "globally", "locally"}
# An arrow between two commands in a sentence says one became the other ("Docfix: pip install x[y] -> pip install
# "x[y]""): it ends the first command; a shell never takes it as an argument of an install
PROSE_ARROWS = {"->", "-->", "=>", "==>", "\u2192", "\u21d2", "\u27f6"}
# so does a dash of prose standing alone ("pip install camel-ai[all] – all toolkits and interpreters included"):
# no shell argument of an install is an en or em dash
PROSE_DASHES = {"\u2013", "\u2014", "\u2015"}
# and so does a word of a script no registry name is written in (:func:`~depguard.confusables.foreign_word`: Burmese,
# Hindi, Thai, Arabic, Hebrew, Russian …), the sentence's language going on after the command: the Burmese translation of
# Edge AI's AGENTS.md, "npm install သို့မဟုတ် build fail ဖြစ်သည်" ("npm install or build fail happens"), read `build` and
# `fail` as npm names (held-out set 214's spot set). CJK prose is cut before (:data:`CJK_PROSE`); a word spelt wholly in
# look-alike letters is a name (DG004), not prose
# and so does a slash standing alone, prose's "or" between alternatives ("Windows: pip install PySide6 / find
# executables under Python installation", FreeCAD Fasteners' translation README): no install argument is the root
# folder alone
PROSE_SLASHES = {"/"}
# and so does an ellipsis standing alone: the writer left words out ("fails with `pnpm install ... exit code 1`",
# pake's release checklist), so what follows is no argument of the command written before it (a run of three or
# more dots or a "…"; ``..``, the parent folder, is a word of its own)
PROSE_ELLIPSIS = lazyre.compile(r"(?:\.{3,}|\u2026+)[,;:]?")
# and so does the prose of a Chinese, Japanese or Korean sentence, spaced or not: a full-width punctuation mark
# (，。：；！？、「」（）…) or a letter of those scripts (Han, kana, Hangul) and the rest of its word. No registry's name
# and no option has them, and such a sentence often glues its words to the command's ("pip install foo，然后运行 python
# app.py", "先执行pip install foo再运行", "`pip install x`を使った"): read as one argument, the name was lost and the words
# after the comma were read as packages (``python``, ``app.py``). Full-width letters and digits (``ｒequests``) are
# not prose: they are what a look-alike name is made of, reported as such (DG004)
CJK_PROSE = lazyre.compile(rf"[{CJK}][^\s\"'`]*")


# A command said in such a sentence: right after one of its characters, spaced or not ("使用 pip install x 安装",
# "运行 pip install x 即可", "安装依赖：pip install x", "通过pip install x安装"). Its words end it (:func:`cjk_cut`), so unlike
# an English sentence's ("When npm install finishes", read by no rule) no word after it can pass for an argument
CJK_SAID = lazyre.compile(rf"[{CJK}][ \t]*(?P<cmd>[A-Za-z])")


def cjk_cut(command: str) -> str:
    """``command`` with the words of a CJK sentence glued to it or standing among its words (:data:`CJK_PROSE`)
    turned into command separators, every column kept; an ideographic space (an input method's, ``pip install　x``) is a
    space."""
    return CJK_PROSE.sub(lambda m: ";" + " " * (len(m.group(0)) - 1), command.replace("\u3000", " "))


def _cjk_said(line: str, line_no: int) -> Iterator[Fragment]:
    """The commands said in a CJK sentence of ``line`` (:data:`CJK_SAID`), each ended by the next one's start."""
    starts = [m.start("cmd") for m in CJK_SAID.finditer(line) if command_start(line, m.start("cmd"))]
    for k, at in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(line)
        yield Fragment("line", "shell", prose_cut(line[at:end], sentence=True), line_no, at + 1)
# A cross-reference role before a backtick span (reStructuredText `:ref:`, `:doc:`, `:py:func:`; MyST `{ref}`):
# the span is a link target and its title (:ref:`pip install Examples<pip install Examples>`), not code.
# Roles that mark code (:code:, :samp:, :command:, :kbd:, :literal:) keep their span.
REFERENCE_ROLE = lazyre.compile(r"(?:(?<![\w`]):(?:[\w+-]+:)*(?!(?:code|samp|command|kbd|literal|program):)[\w+-]+:"
                            r"|\{(?!(?:code|samp|command|kbd|literal|program)\})[\w:+-]+\})$")
ROLE_SPAN = 48  # the longest role looked for (`:py:attribute:`, `{external+intersphinx:ref}` fit)
COMMENT = lazyre.compile(r"(?:^|[ \t])(?P<mark>#+|//+|<!--|REM)[ \t]?(?P<body>.*)$")
# a line of a directory tree drawn in a block (``│   ├── npx-cli.js  # npx wrapper``, ``|-- bin/``): its comments
# say what each file is, never a command to run (socket-cli's package-builder README: "# npx wrapper")
TREE_LINE = lazyre.compile(r"[ \t]*(?:[│┃├└┣┗╠╚║]|(?:\|[ \t]+)*[|`+]--)")
LITERAL = lazyre.compile(r"""(?P<q>[fFrRbB]{0,2})(?P<s>"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|(?P<exe>sys\.executable)|(?P<sep>[\s,\[\]()]+)""")
STRING_ESCAPE = lazyre.compile(r"\\.")
# one list or tuple closed and the next opened: ``in (["pip", "install"], ["pip3", "install"])`` is two lists
# of a command's words (a matcher's patterns), not one command line
NEXT_LIST = lazyre.compile(r"[\])][\s,]*[\[(]")

SHELL_TAGS = {"sh", "bash", "shell", "zsh", "console", "shell-session", "shellsession", "terminal", "fish", "ksh",
              "cmd", "bat", "batch", "powershell", "ps1", "ps", "pwsh", "posh", "command", "commandline", "cli",
              "bash-session", "sh-session", "zsh-session", "nushell", "nu", "csh", "tcsh"}
POWERSHELL_TAGS = {"powershell", "ps1", "ps", "pwsh", "posh"}
CMD_TAGS = {"cmd", "bat", "batch"}
MARKDOWN_TAGS = {"markdown", "md", "mdx", "gfm"}
QUIET_TAGS = {"text", "txt", "plaintext", "plain", "output", "none", "log", "diff", "ansi"}
DATA_TAGS = ("json", "jsonc", "json5", "toml", "yaml", "yml", "xml", "ini", "cfg", "conf", "kts")
# a key or table that lists dependencies ("dependencies": [, install_requires =, [deps]): a block holding one
# that no ecosystem's routing reads is reported as not read, never guessed at as some other ecosystem's file.
# The dependencies of a build graph's nodes are tasks and projects, not packages (Heft's `"taskDependencies":
# ["image-typings"]` in a heft.json, Nx's `implicitDependencies`)
DEPENDENCY_LIST = lazyre.compile(
    r"""(?im)(?:^|[{,])[ \t]*(?P<quote>["']?)(?!(?:task|target|job|step|stage|implicit)s?[-_]?dep)"""
    r"""[\w-]*?(?:dependencies|deps|requires|requirements)["']?[ \t]*[:=]"""
    r"""|^[ \t]*\[(?:[\w.-]+\.)?(?:dependencies|deps|requires)\]"""
)
# a JSON key's value that is one scalar lists nothing (changesets' `.changeset/config.json` says
# `"updateInternalDependencies": "patch"`); in JSON a list of dependencies is an array or an object
JSON_SCALAR = lazyre.compile(r"""[ \t]*(?:"[^"\n]*"|true|false|null|-?\d[\w.+-]*)[ \t]*(?:[,}]|//|$)""", re.M)


def _lists_dependencies(body: str) -> bool:
    """Whether ``body`` holds a key or table that lists dependencies (:data:`DEPENDENCY_LIST`)."""
    return any(not (m.group("quote") == '"' and JSON_SCALAR.match(body, m.end()))
               for m in DEPENDENCY_LIST.finditer(body))


@record(frozen=True)
class Fragment:
    kind: str  # fenced, inline, prompt, line, comment, literal
    lang: str  # shell, powershell, cmd, file:<name>, code:<file name>, prompt:<file name>, or "" (unknown)
    text: str
    line: int  # 1-based line of the fragment's first character
    column: int  # 1-based column of that character (in the rendered line, see ``columns``)
    columns: ColumnMap | None = None  # prose read as rendered (entities decoded): back to the written columns
    # a block routed to a file only by the prose before it (``add it to `requirements.txt`:``): the route it
    # gets when that file's parsers refuse it (the prose named a file the block acts on, not its text)
    otherwise: str | None = None
    # a fenced block indented in its document (in a list item, a block quote): its lines are given without that
    # indentation, as Markdown reads them (a compose file's `services:` is top-level again); added to columns
    indent: int = 0


def _tools() -> tuple[_StartPattern, Pattern]:
    """(a command at the start of a text, a tool name anywhere): the shell model's own patterns, so text is
    read wherever a form the model reads starts (pip3.12, python -W x -m pip, sudo -H, corepack, loops …)."""
    return command_patterns()


def command_start(text: str, pos: int = 0) -> bool:
    """Whether ``text`` starts (at ``pos``: no copy of the rest, so a scan of a long line stays linear) with a
    command that a grammar reads (``pip install``, ``sudo npm i``)."""
    return bool(_tools()[0].match(text, pos))


def has_tool(text: str) -> bool:
    return bool(_tools()[1].search(text))


def has_tool_printed(text: str) -> bool:
    """:func:`has_tool`, of ``text`` as printed too: a tool after an escaped line break (``...:\\npip install x``)."""
    return has_tool(text) or ("\\" in text and has_tool(STRING_ESCAPE.sub("  ", text)))


TOOL_WORD = lazyre.compile(r"[A-Za-z][\w.+-]*")


def tool_words(text: str) -> frozenset[str]:
    """The tool names (two letters or more) written as words in ``text``: a cheap look, by set, before
    :func:`has_tool` reads a part of it."""
    start = _tools()[0]
    words = set(TOOL_WORD.findall(text))
    found = {w for w in words & start.tools if len(w) > 1}
    found |= {w for w in words if w[-1].isdigit() and start.VERSION.sub("", w) in start.tools}  # pip3.12
    return frozenset(found)


def is_tool(word: str) -> bool:
    """Whether ``word`` is a tool's name the command grammars read (``pip``, ``pip3.12``, ``npm``), by set look-up."""
    start = _tools()[0]
    return word in start.tools or start.VERSION.sub("", word) in start.tools


def route_tag(info: str) -> str:
    """The route for a fence's info string: shell, powershell, cmd, markdown, file:<name>, code:<name>, "" or ?tag."""
    words = info.strip().split()
    tag = words[0].lower() if words else ""
    tag = tag.strip("{}.,").removeprefix("language-").split(",")[0].split("=")[0]
    named = NAMED_FILE.search(info)
    if named and tag not in SHELL_TAGS and _file_name(named.group(1).rsplit("/", 1)[-1]):
        return "file:" + named.group(1).rsplit("/", 1)[-1]
    if tag in POWERSHELL_TAGS:
        return "powershell"
    if tag in CMD_TAGS:
        return "cmd"
    if tag in SHELL_TAGS:
        return "shell"
    if tag in MARKDOWN_TAGS:
        return "markdown"
    table = routes()
    if tag in table.tags:
        return table.tags[tag]
    if tag in DATA_TAGS:
        return "sniff:" + tag
    if table.file_name.fullmatch(words[0] if words else ""):
        return "file:" + words[0].rsplit("/", 1)[-1]
    if not tag or tag in QUIET_TAGS:
        return ""
    return "?" + tag


def _file_name(name: str) -> bool:
    """Whether a fence's ``title=``/``file=`` value names a file: one with a suffix (``vcpkg.json``) or a name some
    format reads (``Dockerfile``, ``Gemfile``). A caption is no file: spaCy's docs title JSON output blocks
    ``{title="Structured"}`` and ``{title="Factory"}``, which read as files no ecosystem reads (a read problem each)."""
    return "." in name.strip(".") or bool(formats_for(name))


def settings_table(text: str) -> str:
    """The route of the first sniffer marked ``settings`` (a table any client's settings file may hold: an MCP
    client's servers) that recognises the block, or ""."""
    stripped = text.strip()
    is_json = stripped.startswith(("{", '"'))
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    for sniffer in routes().sniffers:
        if sniffer.settings and sniffer.json is is_json and sniffer.matches(stripped, lines):
            return sniffer.route
    return ""


def sniff(text: str, hint: str = "", context: str | None = None) -> str:
    """A route for an untagged (or data-tagged: ``hint``) block from its text: the first sniffer an ecosystem
    declares (:mod:`depguard.text.routing`) that recognises it, in order, with the engine's own test for a
    block of shell commands among them; "" when none does. ``context``: the prose just before the block, which a
    sniffer may require to speak of what the block is (``before``: a block of bare names is a requirements
    list only after words of installing or dependencies); None when there is none to read."""
    stripped = text.strip()
    if not stripped:
        return ""
    is_json = stripped.startswith(("{", '"'))
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    sniffers = routes().sniffers
    named = _data_files_named(context)
    for sniffer in sniffers:  # structured files first, whatever the block's tag
        if sniffer.data and sniffer.json is is_json and sniffer.matches(stripped, lines, context):
            if named and sniffer.route.startswith("file:") and sniffer.route[5:].lower() not in named:
                continue  # the prose says which file the block is, and it is another one (_data_files_named)
            if another_files_excerpt(sniffer.route, context):
                continue  # the caption calls the block another data file's excerpt (Grafana's plugin.json)
            return sniffer.route
    if is_json or hint in DATA_TAGS or not lines:
        return ""
    shell_tested = False
    # a block of nothing but manifests' own file names lists files, not names (PyBaMM's `uv.lock`), and so does one of
    # nothing but documents', pages' and pictures' file names (Phoenix's docs skill: "a flat page layout such as:" then
    # `overview.mdx` and `experiments.mdx`); one file name above names is the header of a requirements list, whose
    # names are judged (r26 #1)
    files = all(_manifest_file_name(ln) or _document_file_name(ln) for ln in lines)
    for sniffer in sniffers:
        if sniffer.data or sniffer.json or (files and sniffer.lines is not None):
            continue
        if sniffer.order > SHELL_ORDER and not shell_tested:
            shell_tested = True
            if _shell_lines(lines):
                return "shell"
        if sniffer.matches(stripped, lines, context) and not another_files_excerpt(sniffer.route, context):
            return sniffer.route
    return "shell" if not shell_tested and _shell_lines(lines) else ""


# a data file's name as prose writes it: `oh-package.json5`, composer.json, deno.jsonc, pubspec.yaml
DATA_FILE_NAMED = lazyre.compile(r"(?<![\w/.-])(?:[\w.-]+/)*([\w.-]+\.(?:json5?|jsonc|toml|ya?ml))(?![\w/-])", re.I)


def _data_files_named(context: str | None) -> frozenset[str]:
    """The data files (JSON, JSON5, TOML, YAML) the prose just before a block names, lower-cased: a structured block
    after "update your `oh-package.json5` to include the following" is an excerpt of that file (sherpa-onnx's
    HarmonyOS README, an OpenHarmony manifest's "dependencies"), not of the package.json its shape resembles; a
    sniffer whose file the prose does not name among them is not taken (one it names, or prose naming no file,
    leaves the sniffers as they were): a manifest's name only (:func:`_other_manifest`)."""
    if not context or "." not in context:
        return frozenset()
    return frozenset(name for m in DATA_FILE_NAMED.findall(context) if _other_manifest(name := m.lower()))


# the last clause of a caption: what follows its last sentence end, semicolon, or comma before "then", "and", "now"
# ("Set paths in `tsconfig.json`, then add:" ends in "then add:", which names no file)
LAST_CLAUSE = lazyre.compile(r"(?:[.;!?](?=\s)|,\s*(?=(?:then|and|now|next)\b))", re.I)
# a data file the caption's last clause calls the file (the `src/plugin.json` file) or ends with (add to `mod.json`:)
CAPTION_FILE = lazyre.compile(r"(?<![\w/.-])(?:[\w.-]+/)*([\w.-]+\.(?:json5?|jsonc|toml|ya?ml))[`'\"*_]*"
                              r"(?:\s+file\b|\s*:?\s*\Z)", re.I)


# a caption that is a file's name alone (``rpi-i2c.conf:``, ``**/etc/modules**:``, ``File: x.conf:``)
SOLE_FILE = lazyre.compile(r"(?:file\s*:\s*)?[`*_'\"]*(?:[\w.~-]*/)*([\w-][\w.-]*\.[A-Za-z][\w-]{0,9})[`*_'\"]*", re.I)
# the suffixes of a list of names under any file name (pip's -r takes any file): a caption naming one leaves it a list
LIST_SUFFIXES = (".txt", ".in", ".pip")


def another_files_excerpt(route: str, context: str | None) -> bool:
    """Whether the caption before a block (the last line of ``context`` with words, ending with a colon) calls the
    block an excerpt of a file other than the one ``route`` reads it as: the caption is that file's name alone (a
    name ending like a list of names, ``.txt``, leaves a requirements list one), or its last clause says "the `X`
    file" of a data file or ends with its name. grafana/plugin-tools' migration guide (held-out set 247's spot set): "Update the
    `src/plugin.json` file to correspond to the same version:" before a json block of Grafana's plugin.json
    ``"dependencies": {"grafanaVersion": "8.4.x", "grafanaDependency": ">=8.4.11"}``, whose keys name Grafana
    releases, not npm packages. A file merely mentioned ("Set paths in `tsconfig.json`, then add:"), or named in
    parentheses, says nothing of the block, which is read as its shape says."""
    if not route.startswith("file:") or not context:
        return False
    caption = next((ln.strip() for ln in reversed(context.splitlines()) if ln.strip()), "")
    if not caption.endswith(":") or len(caption) > 200:
        return False
    own = route[5:].lower()
    sole = SOLE_FILE.fullmatch(caption[:-1].strip(" \t#>"))
    if sole is not None:
        # a caption that is a file's name alone: another file than a list of names (Home Assistant's developer docs,
        # "rpi-i2c.conf:" above the kernel modules i2c-dev and i2c-bcm2708, read as requirements because the prose
        # before it speaks of a "module file"), or another data file
        name = sole.group(1).lower()
        return name != own and not (own.endswith(LIST_SUFFIXES) and name.endswith(LIST_SUFFIXES)) \
            and not _same_kind(own, name)
    last = LAST_CLAUSE.split(caption)[-1]
    last = re.sub(r"\([^()]*\)", "", last)  # an aside in parentheses names no file of the block
    names = {m.group(1).lower() for m in CAPTION_FILE.finditer(last)}
    return bool(names) and own not in names and not any(_same_kind(own, name) for name in names)


def _same_kind(routed: str, named: str) -> bool:
    """Whether a format that reads a file named ``routed`` (the block's shape) names a file of ``named``'s name among its
    files without a wildcard (``.mcp.json``, ``claude_desktop_config.json``, ``.gemini/settings.json`` for an MCP
    configuration): the caption then names the block's own kind of file by another of its names, not another file's
    excerpt (wshobson/agents' meigen-ai-design README: "Install it by adding to your project's `.mcp.json`:" before an
    MCP configuration block, which its shape routes as ``mcp.json``; reviewer r36)."""
    from ..parsers import formats_of

    base = named.rpartition("/")[2]
    return any(p.lower().rpartition("/")[2] == base for f in formats_of(routed) for p in f.patterns
               if not any(c in p for c in "*?["))


def _other_manifest(name: str) -> bool:
    """Whether a data file the prose names is a package manager's manifest or lockfile (one a format reads as such, or
    a ``*package.json5`` such as OpenHarmony's ``oh-package.json5``): only such a name says whose excerpt a block is;
    a ``tsconfig.json`` or ``config.yaml`` mentioned before a package.json block says nothing of it (reviewed: a
    block is otherwise left unread on the prose's word, and its names would pass unjudged)."""
    return name.endswith("package.json5") or _manifest_name(name)


# the suffixes of documents, web pages and components, notebooks, pictures and tables: a file name, never the last part
# of a dotted distribution (``ruamel.yaml``, ``flufl.lock``, ``discord.py`` end like files that are code or data)
DOCUMENT_SUFFIX = lazyre.compile(r"[A-Za-z0-9_][\w-]*(?:\.[\w-]+)*\.(?:mdx?|markdown|rst|adoc|html?|css|s[ac]ss|less|tsx|jsx|vue|"
                                 r"svelte|astro|ipynb|png|jpe?g|gif|svg|webp|ico|pdf|csv|tsv|log)", re.I)


def _document_file_name(line: str) -> bool:
    """Whether ``line`` is a document's, page's, component's, notebook's, picture's or table's file name
    (``overview.mdx``, ``index.html``, ``Button.tsx``): :data:`DOCUMENT_SUFFIX`."""
    return DOCUMENT_SUFFIX.fullmatch(line) is not None


def _manifest_file_name(line: str) -> bool:
    """Whether ``line`` is the file name of a manifest, lockfile or other file some format reads by a pattern that
    starts with its own letters (``pyproject.toml``, ``uv.lock``, ``requirements-dev.txt``, ``package.json``): a
    block of nothing but such names lists files (PyBaMM's CONTRIBUTING, "Configuration files:" then
    ``pyproject.toml`` and ``uv.lock``), never distributions; one above names is a header (:func:`sniff`). A dotted distribution name matches only a pattern that starts with a
    wildcard (``ruamel.yaml`` is ``*.yaml``'s), which says nothing."""
    if not line or any(c.isspace() for c in line) or "/" in line:
        return False
    return any(not pattern.startswith("*") and fnmatch.fnmatchcase(line, pattern)
               for f in formats_for(line) for pattern in f.patterns)


def sniff_code(text: str, tag: str) -> str:
    """The file a block tagged in a code language is, by its text: the route of the first sniffer that lists the
    tag and recognises the block (an ``elixir`` block holding ``defp deps do`` is an excerpt of a mix.exs); ""
    when none does, and the block is read as code."""
    stripped = text.strip()
    tag = tag.lower()
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    for sniffer in routes().sniffers:
        if tag in sniffer.tags and sniffer.matches(stripped, lines):
            return sniffer.route
    return ""


def _commands_only(body: str) -> bool:
    """Whether every line of a block is a command a grammar reads (``uv add -r requirements.txt``, ``$ pip
    install x``): a run, not a file's content, whatever file the sentence before it names (uv's docs:
    "Dependencies declared in a `requirements.txt` file can be added … with the `-r` option:")."""
    lines = [ln.strip() for ln in body.split("\n") if ln.strip()]
    return bool(lines) and all(command_start(ln) or (STRONG_PROMPT.match(ln) and has_tool(ln)) for ln in lines)


def _shell_lines(lines: list[str]) -> bool:
    return any(STRONG_PROMPT.match(ln) for ln in lines) or any(command_start(ln) for ln in lines)


BEFORE_LINES = 3  # the prose read as a block's context: the lines just before its fence


def _file_hint(lines: list[str], fence_line: int) -> str | None:
    """A file name written on the line before a fence as its caption: the line introduces the block (ends with
    a colon: ``Create `package.json`:``) or is the name itself (``**requirements.txt**``, ``### go.mod``,
    ``File: Gemfile``, ``Add this to `pyproject.toml`.``). A sentence that merely mentions files ("Remove unused
    entries in go.mod and go.sum", before a block of command usage) names none, and nor does a name in
    parentheses, an aside ("Inside a crew project (where `pyproject.toml` lives) this creates …:" before a
    folder listing, crewAI's docs and their translations)."""
    for k in range(fence_line - 1, max(fence_line - 3, -1), -1):
        text = lines[k].strip()
        if text:
            names = [m for m in routes().file_name.finditer(text)
                     if text.count("(", 0, m.start()) <= text.count(")", 0, m.start())] if len(text) < 160 else []
            if not names:
                return None
            bare = text.strip("*_#>`' \t")
            said = SAID_FILE.match(bare)
            last = names[-1].group("name")
            caption = bare.endswith(":") or (said and text.rstrip(".!`*_ \t").endswith(last)) or re.fullmatch(
                rf"(?:(?:file|filename|path)\s*:\s*)?[*_`'\"]*{re.escape(last)}[*_`'\"]*", bare, re.I)
            return last.rsplit("/", 1)[-1] if caption else None
    return None


# an ignore file as prose names it (`.gitignore`, .dockerignore, `frontend/.npmignore`, ripgrep's `.ignore`): its lines
# are paths and patterns of files to leave out, never packages
IGNORE_FILE = lazyre.compile(r"(?<![\w.-])(?:[\w.-]+/)*\.[a-z]*ignore(?![\w.-])")


def _ignore_file_caption(lines: list[str], fence_line: int) -> bool:
    """Whether the sentence just before a fence (its nearest non-blank line, one of the two above it) names an ignore
    file (:data:`IGNORE_FILE`): the block is that file's lines ("Create a `.gitignore` file … It should contain the
    text `node_modules` and `dist` on separate lines.", The Odin Project's restaurant-page lesson), which a block of
    bare words after earlier prose about installing was read as a requirements list of."""
    for k in range(fence_line - 1, max(fence_line - 3, -1), -1):
        text = lines[k].strip()
        if text:
            return len(text) < 400 and IGNORE_FILE.search(text) is not None
    return False


# the fence tags of a program's output (the Carpentries Workbench's ```output), and kramdown's class on the line after a
# block's closing fence (the older Carpentries lesson template: `{: .output}`, `{: .error}`, inside block quotes too)
OUTPUT_TAGS = {"output", "log"}
KRAMDOWN_OUTPUT = lazyre.compile(r"[ \t>]*\{:[ \t]*\.(?:output|error)[ \t]*\}[ \t]*")


# a requirement's pin or bound: output that holds one is a requirements file shown as it is printed (the Carpentries'
# python-intermediate-development: `cat requirements.txt`, then its `numpy==1.26.2` lines as ```output), still read
PINNED = lazyre.compile(r"[<>=!~]=")


def _marked_output(info: str, lines: list[str], close: int) -> bool:
    """Whether a block's author marks it as a program's output: its fence tag (:data:`OUTPUT_TAGS`) or a kramdown
    class after its closing fence (line ``close``, :data:`KRAMDOWN_OUTPUT`). A printed list of bare names (the
    lesson's own, after prose about modules or installing) is then no requirements list; one with pins
    (:data:`PINNED`, ``pip freeze``'s) still is."""
    words = info.strip().split()
    if words and words[0].lower().strip("{}.") in OUTPUT_TAGS:
        return True
    return close + 1 < len(lines) and KRAMDOWN_OUTPUT.fullmatch(lines[close + 1]) is not None


def _manifest_name(name: str) -> bool:
    """Whether ``name`` is a file an ecosystem reads its dependencies from (a manifest or lockfile) by a name of
    its own (``Gemfile``, ``mix.exs``, ``pubspec.yaml``), not by a suffix alone (``*.yml``: a format that looks at
    any YAML file's content does not make every YAML caption its file)."""
    import fnmatch

    return any(f.kind in ("manifest", "lockfile") and any(
        fnmatch.fnmatch(name, p) for p in f.patterns if not (p.startswith("*.") and not any(c in p[2:] for c in "*?[/")))
        for f in formats_for(name))


def _opens_json(name: str, body: str) -> bool:
    return name.endswith((".json", ".jsonc", ".json5")) and body.lstrip().startswith(("{", "["))


def _unread(route: str, hint: str | None, body: str) -> str:
    """Why a block named as a file no ecosystem reads (``vcpkg.json:`` before it, ``title="vcpkg.json"``) that
    lists dependencies was not read, or "" (read, or not such a block). A block no ecosystem's routing
    recognises is never read as some other ecosystem's file; when its name says what it is, the user is told."""
    name = route[5:] if route.startswith("file:") else hint
    if not name or formats_for(name) or not _lists_dependencies(body):
        return ""
    return f"a {name} block lists dependencies, but no ecosystem depguard knows reads {name}; they were not checked"


def _closes(line: str, fence: str) -> bool:
    s = line.strip().lstrip(">").strip()
    return s.startswith(fence[0] * len(fence)) and s.strip(fence[0]) == ""


def _block_opening(lines: list[str], i: int, fences: bool, asciidoc: bool) -> tuple[str, str | None, int, int] | None:
    """(fence, info, indent, caption line) when line ``i`` opens a code block: a Markdown fence, or in AsciiDoc a
    ``----`` listing or ``....`` literal block whose language is the ``[source,lang]`` line above it (the caption
    is looked for above that line); info None for an AsciiDoc ``////`` comment block, which is not text."""
    m = FENCE.match(lines[i]) if fences else None
    if m and not (m.group("fence")[0] == "`" and "`" in m.group("info")):  # ``` inside prose is not a fence
        return m.group("fence"), m.group("info"), len(m.group("indent")), i
    d = ADOC_DELIMITER.match(lines[i]) if asciidoc else None
    if d is None:
        return None
    fence = d.group("fence")
    if fence[0] == "/":
        return fence, None, 0, i
    a = ADOC_ATTRIBUTES.match(lines[i - 1]) if i else None
    if a is None:
        return fence, "", 0, i
    return fence, (a.group("lang") or "") if a.group("style") in ("", "source") else "", 0, i - 1


def fragments(text: str, first_line: int = 1, fences: bool = True, asciidoc: bool = False,
              sentences: bool = False) -> Iterator[Fragment]:
    """The fragments of ``text`` (line numbers counted from ``first_line``). ``fences=False`` for
    reStructuredText, which has none: its ``~~~~`` and ```` ```` ```` lines are section adornments, and read as
    a fence one swallowed the text up to the next heading (flask's docs/cli.rst became a broken pyproject.toml).
    ``asciidoc``: AsciiDoc's delimited ``----``/``....`` blocks are code blocks too (``[source,sh]`` names the
    language), and its ``////`` comment blocks are skipped. ``sentences``: a command said in the middle of a prose
    sentence is read too (an answer's text, :attr:`.Hints.read_sentences`)."""
    lines = text.split("\n")
    i = 0
    prose_from = 0  # where the prose after the last code block starts: a block's context is never another block
    while i < len(lines):
        opened = _block_opening(lines, i, fences, asciidoc)
        if opened:
            fence, block_info, indent, head = opened
            start = i + 1
            j = start
            while j < len(lines) and not _closes(lines[j], fence):
                j += 1
            if block_info is None:
                i = j + 1
                continue
            info = block_info
            # the fence's indentation (list item spaces, block quote markers) is not the block's: its lines
            # without it, as Markdown reads them (a YAML file's top-level keys start its lines again)
            body = "\n".join(ln[indent:] if ln[:indent].strip(" \t>") == "" else ln for ln in lines[start:j])
            lang = route_tag(info)
            if lang.startswith("file:") and not formats_for(lang[5:]):
                # titled with a file no format reads (Zed's `json title=".config/zed/settings.json"`): read only for a
                # table any client's settings file holds (its MCP servers), never as a manifest of another shape
                # (Grafana's titled plugin.json has a "dependencies" object that is no package.json's)
                lang = settings_table(body) or lang
            hint = otherwise = None
            if info.strip().split()[:1] in (["diff"], ["patch"], ["udiff"]):
                # what the answer adds: "+" lines (and context) kept in place, removed lines and headers blanked;
                # the file its header names says what it is, else its lines and the prose before it do (a block
                # of bare names is a requirements list only after words of installing: react-hook-form's
                # changelog shows renamed types as `- UseFormMethods` / `+ UseFormReturn`)
                named = _diff_file(body)
                body = _diff_added(body)
                if named and formats_for(named):
                    lang = "file:" + named
                else:
                    lang = sniff(body, context="\n".join(lines[max(0, head - BEFORE_LINES, prose_from):head]))
            elif lang in ("sniff:toml", "sniff:json") and DIFF_MARKED_LINE.search(body):
                # a manifest block showing a change with diff markers (anchor's release notes: `- spl-associated-
                # token-account = "3.0.2"` under `[dependencies]`): no TOML or JSON line opens with a marker and a
                # space, so the block is read as the file after the change, as a diff block is
                body = _diff_added(body)
            if lang.startswith(("sniff:", "code:")):
                # a block in the manifest's language that the caption names ("Add this line to your application's
                # Gemfile:" before a ruby block, `mix.exs` before elixir, `pubspec.yaml` before yaml): that file,
                # or, when its parsers refuse it, the block it is
                code = lang if lang.startswith("code:") else ""
                lang = "" if code else sniff(body, lang[6:])
                if lang and another_files_excerpt(lang, "\n".join(lines[max(0, head - BEFORE_LINES, prose_from):head])):
                    lang = ""  # another data file's excerpt, as its caption says: not a file of this shape
                caption = _file_hint(lines, head) if not lang else None
                shaped = sniff_code(body, info.strip().split()[0]) if code and not caption else ""
                if caption and _manifest_name(caption):  # (`gem 'x'` reads as a command too: the file first)
                    lang, otherwise = "file:" + caption, code
                elif shaped:  # a manifest's excerpt by its own shape, no caption needed (`defp deps do`)
                    lang, otherwise = shaped, code
                else:
                    lang = code or lang
                    hint = caption if not code else None
            elif lang == "" or lang.startswith("?"):
                hint = _file_hint(lines, head)
                # the prose just before it, not the block it follows: a block right after a shell block is
                # that command's output (composer's docs show `git branch` and then its branches, my-feature …)
                before = "\n".join(lines[max(0, head - BEFORE_LINES, prose_from):head])
                if hint and _commands_only(body):
                    hint = None  # the caption names the file the command reads: `uv add -r requirements.txt`
                untagged = sniff(body, context=before) if lang == "" else lang
                if untagged.startswith("file:") and (_ignore_file_caption(lines, head)
                                                     or (_marked_output(info, lines, j) and not PINNED.search(body))):
                    untagged = ""  # a .gitignore the sentence introduces, a printed list of names: none to install
                if hint and formats_for(hint):
                    # a JSON file's opening brace says the block is that file, whole or cut (fresh's diff of
                    # deno.json): then a parse error is still reported
                    lang, otherwise = "file:" + hint, None if _opens_json(hint, body) else untagged
                else:
                    lang = untagged
            if lang == "markdown":
                for inner in fragments(body, first_line + start, sentences=sentences):
                    yield replace(inner, indent=inner.indent + indent) if indent else inner
                i = prose_from = j + 1
                continue
            unread = _unread(lang, hint, body)
            if unread:
                yield Fragment("unread", lang, unread, first_line + start, 1, indent=indent)
            yield Fragment("fenced", lang, body, first_line + start, 1, otherwise=otherwise, indent=indent)
            i = prose_from = j + 1
            continue
        shown, columns = rendered_line(lines[i], first_line + i)
        for frag in _line_fragments(shown, first_line + i, sentences):
            yield frag if columns is None else replace(frag, columns=columns)
        i += 1


DIFF_MARKED_LINE = lazyre.compile(r"^[+-][ \t]+\S", re.M)  # `- name = "1"`, `+ "name": "^2"`


DIFF_FILE = lazyre.compile(r"^(?:\+\+\+ (?:b/)?|diff --git a/\S+ b/)(?P<path>[^\s]+)", re.M)


def _diff_file(body: str) -> str | None:
    """The base name of the file a diff's header names (``+++ b/requirements.txt``), or None."""
    m = DIFF_FILE.search(body)
    path = m.group("path") if m else None
    return path.rstrip("/").rsplit("/", 1)[-1] if path and path != "/dev/null" else None


def _diff_added(body: str) -> str:
    out = []
    for ln in body.split("\n"):
        if ln.startswith(("+++", "---", "@@", "diff ", "index ")) or ln.startswith("-"):
            out.append(" " * len(ln))
        elif ln.startswith(("+", " ")):
            out.append(" " + ln[1:])
        else:
            out.append(ln)
    return "\n".join(out)


# a Markdown heading (ATX): a title, whose words after a label's colon name its subject
ATX_HEADING = lazyre.compile(r"^[ \t]{0,3}#{1,6}[ \t]+\S")
# a heading's label that makes it a step of instructions (`### Step 2:`, `## Quick start:`, `## Install:`): the command
# after its colon is the step's, whatever words go on after it ("npm install x and configure it"; reviewer r36: an
# invented name there went unjudged)
INSTRUCTION_LABEL = lazyre.compile(
    r"(?i)\b(?:step|phase|stage|part|install\w*|set[ -]?up|quick[ -]?start|getting[ -]started|usage|prerequisites?|"
    r"requirements?|dependencies|run|build|deploy\w*|option|method|how[ -]to|instructions?|first|next|then|finally)\b")


def _topic_after(written: str, cut: str) -> bool:
    """Whether the command ``written`` after a heading's label goes on with the title's words (``# Investigation: npm
    install skill-sync and product-ready guidance``, OpenDevBrowser's docs/investigations, held-out set 260): a prose
    word cut it (:func:`prose_cut`) and words follow, so the title names subjects, one of them a command's step. A
    heading's command that runs to its end (``## Step 1: npm install x``) is still read, and so is one after a label of
    instructions (:data:`INSTRUCTION_LABEL`: ``### Step 2: npm install x and configure it``)."""
    for k, (was, now) in enumerate(zip(written, cut)):
        if was != now:
            return any(c not in " \t;" for c in cut[k:])
    return False


def _line_fragments(line: str, line_no: int, sentences: bool = False) -> Iterator[Fragment]:
    strong = STRONG_PROMPT.match(line)
    pm = strong or WEAK_PROMPT.match(line)
    if pm and command_start(pm.group("cmd")):
        # a weak prompt's ``#`` is as likely a comment, and its ``>`` a quote, of prose that goes on after the command
        # (a reStructuredText code block, read as prose lines: ``# uv pip install "x[audio]" will then install the
        # following packages``, xinference's troubleshooting page): prose words end it, as on a bare line
        cmd = pm.group("cmd") if strong else prose_cut(pm.group("cmd"))
        yield Fragment("prompt", "shell", cmd, line_no, len(pm.group("p")) + 1)
        return
    for prompt in routes().prompts:  # an ecosystem's own package prompt (declared in its [text] table)
        if prompt.pattern.match(line):
            yield Fragment("prompt", prompt.route, line, line_no, 1)
            return
    bare = BARE_LINE.match(line)
    if bare and command_start(bare.group("cmd")) and "`" not in bare.group("cmd"):
        if PULL_REQUEST_TITLE.search(line):  # a generated changelog's "- <title> [\#866](…/pull/866) ([who](…))"
            return
        yield Fragment("line", "shell", prose_cut(bare.group("cmd")), line_no, len(bare.group("lead")) + 1)
        return
    if "`" not in line and "<code>" not in line:  # "… the library-based splitting: pip install x"
        heading = ATX_HEADING.match(line) is not None
        for cm in COLON_COMMAND.finditer(line):
            if command_start(line, cm.start("cmd")):
                cmd = prose_cut(line[cm.start("cmd"):])
                if heading and _topic_after(line[cm.start("cmd"):], cmd) and \
                        not INSTRUCTION_LABEL.search(line, 0, cm.start("cmd")):
                    continue
                yield Fragment("line", "shell", cmd, line_no, cm.start("cmd") + 1)
                return
        said = [(rm.start(), rm.start("cmd") if rm.group("cmd") else rm.start("by"))
                for rm in RUN_SENTENCE.finditer(line)]  # "Run pip install x to get started."
        for k, (_, at) in enumerate(said):
            end = said[k + 1][0] if k + 1 < len(said) else len(line)  # the next such sentence's start ends it
            if command_start(line, at) and not _runner_as_noun(line, at):
                yield Fragment("line", "shell", prose_cut(line[at:end], sentence=True), line_no, at + 1)
        if not said:  # "使用 pip install x 安装": the command said after a CJK sentence's character (CJK_SAID)
            cjk = list(_cjk_said(line, line_no))
            yield from cjk
            if cjk:
                return
        # an answer's sentence that tells its reader to run the command with other words ("Install it with pip install
        # x.", "use pip install x"): its reader copies what the sentence says (Hints.read_sentences)
        told = said_command(line, after=RUN_WORDS) if sentences and not said else None
        if told is not None:
            yield Fragment("line", "shell", prose_cut(line[told:], sentence=True), line_no, told + 1)
            return
    # the role is looked for in the few characters before each span only: linear on a line of many spans
    codes = inline_code(line)
    spans = [(code, at, end) for start, end, at, code in codes if not REFERENCE_ROLE.search(line, max(0, start - ROLE_SPAN), start)]
    written_as_code = {at for _, at, _ in spans}  # code spans, not the quotes and parentheses added below
    if codes and CJK_SAID.search(line):  # a CJK sentence's own command beside code spans: "运行 `python app.py`，或使用
        # pip install x 安装" (the spans are read below, and blanked here)
        blanked = list(line)
        for start, end, _, _ in codes:
            blanked[start:end] = " " * (end - start)
        yield from _cjk_said("".join(blanked), line_no)
    title = ADMONITION.match(line)  # its quotes delimit the title: only quotes inside the title are quotes
    quoted = QUOTED.finditer(line, title.start("title"), title.end("title")) if title else QUOTED.finditer(line)
    spans += [(m.group(3), m.start(3), m.end(3)) for m in quoted]
    parens = [(m.group("cmd"), m.start("cmd"), m.end("cmd")) for m in PAREN.finditer(line)]
    spans += parens
    asides = {start for _, start, _ in parens}  # a parenthesis's words: "bunx (npx equivalent)" names the runner
    for raw, start, end in spans:
        code = raw.strip()
        if "{{[" in code:  # a tldr page's `npm {{[i|install]}} x`: the subcommand written both ways
            code = spelled_options(code)
        magic = SPAN_MAGIC.match(code)  # a notebook's magic written in prose: "在单元格中输入`%pip install numpy`并运行"
        lead = magic.end() if magic and command_start(code, magic.end()) else 0
        code = code[lead:]
        if (command_start(code) or (STRONG_PROMPT.match(code) and has_tool(code))) and not _said_not_found(line, end) \
                and not (start in asides and _runner_compared(code, 0)) and not _said_replaced(line, start, end):
            pm = STRONG_PROMPT.match(code)
            offset = start + (len(raw) - len(raw.lstrip())) + lead + (len(pm.group("p")) if pm else 0)
            yield Fragment("inline", "shell", prose_cut(pm.group("cmd") if pm else code, code=start in written_as_code),
                           line_no, offset + 1)


# The rest of a sentence that says the package its command names is not there: what the command gives ("you'll see",
# "gives", "fails", "says"), then a noun for its package, then "can't be found", "is not found", "not found", "does not
# exist" (the lesson quotes the install to say it fails). The result is required (reviewer r31): without it the words
# only name an error the command is the way out of ("`pip install x` to fix the "module not found" error", an LLM's
# usual answer) or say something of another place ("because on conda the package can't be found"), and the command is
# read. A condition before it ("… if the package can't be found") makes the command the way out, still read, and so
# does an alternative ("`pip install x`, otherwise … a module not found error", "… or the build fails because the
# module is not found", "without it": what happens when the command is not run; reviewer r30) and a purpose ("to fix",
# "to avoid"). A sentence ends at a full stop followed by a blank, a semicolon or a colon is no end ("fails: the module
# does not exist")
_NOT_FOUND_BUT = (r"(?!\b(?:if|when|whenever|unless|in case|otherwise|or|else|without|until|before|fix\w*|solv\w*"
                  r"|resolv\w*|avoid\w*|prevent\w*|rid)\b)")
# the nearest result word (its match is taken as it is, so a line of many such words is read in linear time)
COMMAND_RESULT = lazyre.compile(
    rf"(?i)(?:{_NOT_FOUND_BUT}[^.!?\n]|\.(?!\s)){{0,40}}?"
    r"\b(?:see|sees|saw|seen|get|gets|got|gives?|gave|fails?|failed|returns?|returned|says?|said|reports?|reported"
    r"|prints?|printed|shows?|showed|shown|complains?|complained|tells?|told|answers?|answered|responds?|responded"
    r"|errors?(?:ed)? out)\b")
NOT_FOUND = lazyre.compile(
    rf"(?i)(?:{_NOT_FOUND_BUT}[^.!?\n]|\.(?!\s)){{0,80}}?"
    r"\b(?:package|module|name|library)\b"
    rf"(?:{_NOT_FOUND_BUT}[^.!?\n]){{0,40}}?"
    r"(?:\b(?:can(?:no|')t|could(?:n't| not)) be found|\b(?:is|was)(?:n't| not) found|\bnot found"
    r"|\b(?:does|did)(?:n't| not) exist)")


# ... or that the package is not published yet: "A PyPI package (`pip install pipecat-ringg`) will be published after
# community review" (Pipecat's Ringg STT page, which installs it from GitHub meanwhile), "… is not yet released"; the
# page tells no one to run the command now. Only publishing words count ("will be available on Windows" says nothing of
# the registry), and only said of the command's package: right after the span (its closing bracket or quote between),
# or of a word that stands for it ("which", "it", "the package"). A release of something else ("`pip install x`; v2
# will be released soon", "(the next major is not yet released)", reviewer r31) says the command works now: still read
NOT_YET_PUBLISHED = lazyre.compile(
    r"""(?i)[\s)\]'"\u2019\u201d,]{0,6}"""
    r"(?:(?:which|that|it|this|the (?:package|module|library|sdk|client|plugin|extension))\s+)?"
    r"(?:will be (?:published|released|uploaded)|(?:is|are)(?:n't| not)(?: yet)? (?:published|released)"
    r"|not yet (?:published|released))\b")


# The words before a command span that make it the one given up: "Update the template to use `node
# ./mcp-server/server.js` instead of `npx task-master-mcp`" (claude-task-master's CHANGELOG.md, held-out set 228), "run
# `uv add x` rather than `pip install x`": the page tells no one to run it. Only the words right before the span (its
# opening quote or bracket between) count
REPLACED_BEFORE = lazyre.compile(r"(?i)\b(?:instead[ \t]+of|rather[ \t]+than|in[ \t]+place[ \t]+of)[ \t]*[`'\"(\u201c\u2018]*$")
REPLACED_SPAN = 24  # "in place of" and its quotes and blanks


# ... or that forbid it: "Never run `npm install left-pad`", "Don't use `pip install sklearn`", "Do NOT `npm i x`",
# "Avoid `pip install x`", "use `uv add x`, not `pip install x`" (coding agents' instruction files, held-out set 234's
# category, say what the agent must not run as often as what it must). Only the prohibition right before the span,
# with at most a verb of running between; a condition before it ("If you don't run `npm install x`, the build fails")
# makes the command the one to run, still read
FORBIDDEN_BEFORE = lazyre.compile(
    r"(?i)\b(?:never|avoid|not|don['\u2019]t|must\s+not|mustn['\u2019]t|should\s+not|shouldn['\u2019]t)[ \t]+"
    r"(?:(?:use|run|call|execute|type|install|add)[ \t]+)?[`'\"(\u201c\u2018]*$")
FORBIDDEN_SPAN = 40
# (and a question suggesting it: "Why not `pip install x`?" recommends x; reviewer r34)
CONDITION = lazyre.compile(r"(?i)\b(?:if|unless|when|until|why)\b")
# ... but a manner said after the span forbids only how the command is run, not the command: "Do not run `pip install
# x` without a virtual environment", "Never `npm install x` globally", "Don't `pip install x` as root / with sudo /
# outside the venv / directly": the reader still runs it, the right way (coordinator's review of d4459ce0)
MANNER_AFTER = lazyre.compile(
    r"""(?i)[`'"\u2019\u201d)]*[ \t,]*(?:[^.!?;\n]{0,24}?)\b(?:without|outside|except|globally|system[- ]wide|directly"""
    r"""|as[ \t]+(?:root|admin\w*|an?[ \t]+admin\w*)|with[ \t]+sudo|under[ \t]+sudo|on[ \t]+the[ \t]+host|in[ \t]+the[ \t]+base)\b""")


def _said_replaced(line: str, start: int, end: int | None = None) -> bool:
    """Whether the command span from ``start`` to ``end`` is said as what another command replaces
    (:data:`REPLACED_BEFORE`) or as one the reader must not run (:data:`FORBIDDEN_BEFORE`, not after a condition, and
    not when a manner follows the span (:data:`MANNER_AFTER`): then only how it is run is forbidden)."""
    if REPLACED_BEFORE.search(line, max(0, start - REPLACED_SPAN), start) is not None:
        return True
    window = max(0, start - FORBIDDEN_SPAN)
    forbidden = FORBIDDEN_BEFORE.search(line, window, start)
    if forbidden is None or CONDITION.search(line, window, forbidden.start()) is not None:
        return False
    return end is None or MANNER_AFTER.match(line, end) is None


def _said_not_found(line: str, end: int) -> bool:
    """Whether the sentence goes on after a command span (ending at ``end``) to say its package is not there (:data:`
    NOT_FOUND`): "If you try using `yarn add @hotwired/stimulus-loading`, you'll see that a package with that name can't
    be found." (The Odin Project's js_bundling lesson: a name only an import map provides), or not published yet
    (:data:`NOT_YET_PUBLISHED`)."""
    if NOT_YET_PUBLISHED.match(line, end) is not None:
        return True
    result = COMMAND_RESULT.match(line, end)
    said = NOT_FOUND.match(line, result.end()) if result is not None else None
    return said is not None and ALTERNATIVE_AFTER.match(line, said.end()) is None


# an alternative said after the words of a missing package ("`pip install x`, you'll get a module not found error
# otherwise"): what happens without the command, which is the way out (reviewer r31), as before those words
ALTERNATIVE_AFTER = lazyre.compile(r"(?i)(?:[^.!?\n]|\.(?!\s)){0,80}?\b(?:otherwise|else|unless|without (?:it|them|this|that))\b")


# A sentence about a runner, not a run: the runner, then a verb in the third person, then a prose word
# ("npx works with JavaScript and pipx works with Python", "uvx runs in a throwaway environment"; a title's capitals,
# "### Step 4a: npx Locates and Runs the Binary", a guide's heading in held-out set 268); a run names a package and
# hands it its own arguments (npx tailwindcss init)
RUNNER_SENTENCE = lazyre.compile(r"^(?:npx|bunx|pnpx|uvx)[ \t]+[A-Za-z][a-z]+s[ \t]+(?P<prose>[^\s]+)")
# ... and, when the runner starts a line of prose (not a code span, nor a command a sentence tells to run: "Run npx x
# init to start" runs x), the verb's object between them, one plain word: "4. npx checks cache → miss on first run",
# "1. npx asks npm to resolve the name" (numbered steps of a guide to how npx works, held-out set 268: npm `checks` and
# `asks` looked up). The verb is one of the English verbs of what a runner does (:data:`RUNNER_VERBS`), not any word
# ending in an s: a run's name and its subcommand are followed by prose as often ("1. uvx mkdocs serve and open the
# page", "npx webpacks build → dist/" read nothing when any such word was taken for a verb: reviewer r37)
RUNNER_SUBJECT = lazyre.compile(
    r"^(?:npx|bunx|pnpx|uvx)[ \t]+(?P<verb>[A-Za-z][a-z]+s)[ \t]+[A-Za-z]+[ \t]+(?P<prose>[^\s]+)")
# what a guide says a runner does to the package it is given, in the third person ("npx checks cache", "npx asks npm
# to resolve the name", "uvx creates a throwaway environment"); English verbs, none a name such a guide runs
RUNNER_VERBS = frozenset({
    "asks", "checks", "looks", "finds", "locates", "searches", "queries", "resolves", "fetches", "downloads", "pulls",
    "installs", "caches", "stores", "saves", "extracts", "unpacks", "links", "loads", "reads", "writes", "creates",
    "runs", "executes", "spawns", "starts", "launches", "calls", "invokes", "uses", "reuses", "needs", "requires",
    "tries", "gets", "verifies", "prompts", "prints", "shows", "returns", "skips", "adds", "removes", "deletes",
    "cleans", "sets", "puts", "sees", "keeps", "passes", "forwards", "hands", "handles", "detects", "compares",
    "picks", "chooses", "selects", "prefers", "spins", "builds", "compiles", "generates", "updates", "ensures"})


def prose_cut(command: str, sentence: bool = False, code: bool = False) -> str:
    """A command written in a sentence, with the prose words after it turned into command separators.

    ``sentence``: prose comes before the command too (``# Then run pip install -e . again``): a command said in the
    middle of a sentence that installs a local folder (``.``, ``./x``, ``-e .``) installs the project itself, and
    the words after that folder go on with the sentence, in whatever language (``# Luego ejecuta pip install -e .
    nuevamente``); a shell separator ends that reading. ``code``: the command is written as code (a code span),
    where an installer's verb after the names is one more name, as the installer reads it (``npm install lodash
    add`` installs npm's ``add`` too), not the sentence's word (:data:`INSTALL_VERBS`). Adverbs that go on with such a sentence end the command
    there (``SENTENCE_ADVERBS``: ``# You'll need to run npm install again afterwards.``). A comment that is the
    command itself keeps every word."""
    command = cjk_cut(command)
    for sentence_of in (RUNNER_SENTENCE, None if code or sentence else RUNNER_SUBJECT):
        said = sentence_of.match(command) if sentence_of is not None else None
        if said and sentence_of is RUNNER_SUBJECT and said.group("verb").lower() not in RUNNER_VERBS:
            continue
        if said and (said.group("prose").lower().rstrip(".,:;!?") in PROSE_WORDS or said.group("prose") in PROSE_ARROWS):
            return ";" + " " * (len(command) - 1)
    out = []
    lead = False  # the cut just took a determiner or preposition ("the"): a runner after it is a noun's modifier
    noun = 0  # the end of such a runner and of the noun it modifies ("the npx cache")
    folder = False  # a sentence's command has installed a local folder: its next words are the sentence's
    argument = False  # past the command's first word (``. venv/bin/activate`` sources a file: no folder installed)
    verb = named = False  # an install verb said, and a name given after it
    for m in TOKENS.finditer(command):
        tok = m.group(0)
        if tok.isspace():
            out.append(tok)
            continue
        word = tok.lower().rstrip(".,:;!?")
        if lead:
            # the cut would start a command at a runner the sentence names as a noun's modifier ("npm installs the
            # tarball into the npx cache", held-out set 268: npm `cache` looked up), as :func:`_runner_as_noun` reads
            # a runner after such a word in a sentence; a name shaped like a package is still the run's
            runner = RUNNER_WORD.match(command, m.start())
            noun = runner.end() if runner is not None else noun
            lead = False
        if m.start() < noun:  # the runner and the noun it modifies, the sentence's words
            out.append(";" + " " * (len(tok) - 1))
            continue
        if ((word in PROSE_WORDS and not tok.startswith("-")) or (sentence and word in SENTENCE_ADVERBS)
                or tok in PROSE_ARROWS or (named and word in INSTALL_VERBS and not code) or (named and word in CONNECTIVES and not code)
                or foreign_word(tok) or accented_word(tok)
                or tok in PROSE_DASHES or tok in PROSE_SLASHES or PROSE_ELLIPSIS.fullmatch(tok)):
            out.append(";" + " " * (len(tok) - 1))
            folder = argument = verb = named = False  # a new clause: "pip install -e . and then pip install x"
            lead = word in NOUN_LEAD and not code
            continue
        if not tok.startswith("-"):
            named = named or verb
            verb = verb or word in INSTALL_VERBS
        if tok in SHELL_SEPARATORS:
            folder = argument = verb = named = False
        elif folder and not tok.startswith("-"):
            out.append(";" + " " * (len(tok) - 1))
            continue
        elif sentence and argument and LOCAL_FOLDER.fullmatch(tok):
            folder = True
        else:
            argument = True
        if ((tok.endswith((".", ",", ":", "!", "?")) and not tok.startswith(("-", ".", "/")) and len(tok) > 1)
                or (tok.endswith((",", ":")) and tok.startswith("-") and len(tok) > 2)):  # "pip install --help, pip help install"
            out.append(tok[:-1] + ";")
            folder = argument = False
        else:
            out.append(tok)
    return "".join(out)


# the words that join a clause to the one before in the languages written in plain Latin letters that the prose
# of non-English projects is in (Spanish, Portuguese, French, German, Indonesian, Turkish): said after the names of a
# command written in a sentence, not in a code span, they go on with the sentence ("Ejecuta: pip install x para
# instalar", "pip install x und dann starten", "pip install x dan jalankan main",
# "pip install x ve sonra"), as "and", "then", "to" and "for" do in English (PROSE_WORDS). Given first (`pip install
# para`), such a word is the name; in a code span, every word is one (a probe of held-out set 274's category)
CONNECTIVES = frozenset({
    "y", "o", "e", "ou", "para", "luego", "con", "com", "depois", "despues", "desde", "en", "em", "que",  # es, pt
    "et", "puis", "pour", "avec", "dans", "ensuite", "sur",  # fr
    "und", "dann", "oder", "mit", "um", "zu", "aus", "auf", "danach", "damit", "wenn",  # de
    "dan", "lalu", "untuk", "atau", "dengan", "kemudian", "agar", "supaya", "jika", "yang",  # id
    "ve", "sonra", "ile", "veya", "icin",  # tr
})
# an installer's verb: said again after the names it was given, in prose, it is the sentence's word, not one more
# name (a skill's trigger phrase `poetry add package install`, ECNU-ICALK/AutoSkill's SkillBank, held-out spot set 234:
# `install` judged missing); given first (`npm install install`), or in a code span (`npm install lodash add`, which npm
# reads as two packages), it is a name
INSTALL_VERBS = frozenset({"install", "add"})
# a local folder an installer is given (``.``, ``..``, ``./pkg``, ``../lib``, ``.[dev]``) and the words that end a command
LOCAL_FOLDER = lazyre.compile(r"\.\.?(?:[/\\][^\s;&|]*|\[[\w,.-]*\])?")
SHELL_SEPARATORS = {";", "&&", "||", "|", "&"}
WORD_LETTER = lazyre.compile(r"[^\W\d_]")  # a letter of any script


# the first line a tool prints, naming itself and its version: ``yarn upgrade v1.22.19`` (Yarn 1's banner)
VERSION_BANNER = lazyre.compile(r"[ \t]*[\w.-]+(?:[ \t]+[a-z][\w-]*)?[ \t]+v\d+(?:\.\d+)+(?:-[\w.]+)?[ \t]*$")


def _transcript(body: str) -> list[tuple[int, str]]:
    """A shell block as the commands it holds: (0-based line, text) parts, each parsed on its own.

    In a console transcript (a block with prompt lines) every prompt line starts a new command, whatever the
    line before it left open (a ``\\`` or an unclosed quote or here-document cannot swallow the next prompt:
    the shell printed a new prompt, so it had finished). Its continuation lines (after a trailing ``\\``,
    `` ` `` or ``^``, a ``> `` secondary prompt dropped) belong to it. Other lines are command output and are
    blanked, except a line that is itself an install command: the reader copies and runs it (not a tool's
    banner naming its version, ``yarn add v1.22.19``). A block
    without prompt lines is one script. Prompt markers are blanked, so columns stay those of the block."""
    lines = body.split("\n")
    if not any(STRONG_PROMPT.match(ln) for ln in lines):
        return [(0, body)]
    parts: list[tuple[int, list[str]]] = []
    continued = False
    for k, ln in enumerate(lines):
        pm = STRONG_PROMPT.match(ln)
        if not pm:
            weak = WEAK_PROMPT.match(ln)
            pm = weak if weak and command_start(weak.group("cmd")) else None
        if pm:
            parts.append((k, [" " * len(pm.group("p")) + pm.group("cmd")]))
        elif continued and parts:
            more = SECONDARY_PROMPT.match(ln)
            parts[-1][1].append(" " * more.end() + ln[more.end():] if more else ln)
        elif command_start(ln.strip()) and not VERSION_BANNER.match(ln):
            parts.append((k, [ln]))  # an unprompted command line among prompted ones
        else:
            continued = False
            continue  # command output, not a command
        continued = ln.rstrip().endswith(("\\", "`", "^"))
    return [(k, "\n".join(part)) for k, part in parts]


def transcript_body(body: str) -> str:
    """A shell block with prompt markers and command output blanked: the commands in place, as one text."""
    return _blank_except(_transcript(body), body)


def _blank_except(parts: list[tuple[int, str]], body: str) -> str:
    """The block with only the lines of ``parts`` (everything else blanked): one text for the comment scan."""
    if len(parts) == 1 and parts[0][0] == 0 and parts[0][1] is body:
        return body
    lines = [" " * len(ln) for ln in body.split("\n")]
    for k, text in parts:
        for j, ln in enumerate(text.split("\n")):
            lines[k + j] = ln
    return "\n".join(lines)


# a prompt's command that only changes folder, to a literal one (no variable, no home, no option)
LONE_CD = lazyre.compile(r"\s*cd[ \t]+(?P<q>['\"]?)(?P<to>[\w.@+-][\w./@+-]*)(?P=q)[ \t]*(?:[;&][ \t]*)?")


def _moved(cwd: str | None, text: str, exists: Callable[[str], bool] | None = None) -> str | None:
    """The folder a console transcript's commands run in after the prompt ``text`` (relative to where the session
    started; None there): a lone ``cd`` to a literal folder below it moves there, any other ``cd`` (home, a variable,
    ``-``, an absolute path, out of the tree) leaves it unknown, read again from the start (None). ``exists``: whether
    a folder (relative to the document's) is in the tree: a second ``cd consumer`` to a folder the tree holds only from
    the start is a new session of the same block (pact-workshop-js's README runs ``❯ cd consumer`` and ``❯ npx
    pact-broker …``, prints the output, then ``❯ cd consumer`` again for the next check)."""
    m = LONE_CD.fullmatch(text.strip())
    if m is None:
        return None if re.search(r"(?:^|[;&|(]|\s)(?:cd|pushd|popd)(?:\s|$)", text) else cwd
    moved = posixpath.normpath(posixpath.join(cwd or ".", m.group("to")))
    if cwd is not None and exists is not None and not exists(moved) and exists(posixpath.normpath(m.group("to"))):
        moved = posixpath.normpath(m.group("to"))
    return None if moved == "." or moved == ".." or moved.startswith("../") else moved


def _dialect(body: str, lang: str) -> str:
    """PowerShell and cmd.exe line continuations (and cmd's REM lines) turned into the POSIX shell's."""
    if lang == "powershell":
        return powershell_as_shell(body)
    if lang == "cmd":
        return _cmd(body)
    return body


def slash_comments(body: str) -> str:
    """``body`` with each ``//`` comment blanked (columns kept): a documented command line whose writer commented
    it as in C or JavaScript (``npm install tone // Install the latest stable version``). The shell would hand
    ``//`` and the prose after it to the installer as arguments; a reader sees a comment, and no installer takes
    ``//`` (the file system's root) for a package, so none of those words is one. A ``//`` inside quotes, or
    glued to other characters (``https://``, ``file://``), is left as it is."""
    return _blank_unquoted(body, SLASH_COMMENT) if "//" in body else body


def writer_comments(body: str) -> str:
    """``body`` with the comments a documented command line's writer meant blanked (columns kept): ``//`` ones
    (:func:`slash_comments`) and a ``#`` glued to the word before it (``pip install --upgrade pip# fixes a bug``).
    The shell hands ``pip#`` and the words after it to the installer, which refuses ``pip#`` and installs none of
    them; a reader sees a comment. A ``#`` inside quotes is left as it is."""
    body = slash_comments(body)
    return _blank_unquoted(body, GLUED_COMMENT) if "#" in body else body


def _blank_unquoted(body: str, comment: lazyre.Pattern) -> str:
    """``body`` with each match of ``comment`` blanked (columns kept), unless it stands inside a quoted word of its
    line (an odd number of ' or " before it)."""

    def blank(m: re.Match[str]) -> str:
        start = body.rfind("\n", 0, m.start()) + 1
        before = body[start:m.start()]
        if before.count("'") % 2 or before.count('"') % 2:  # inside a quoted word: not a comment
            return m.group(0)
        return " " * len(m.group(0))

    return comment.sub(blank, body)


# a full stop that ends a block's line right after a word (``npm install -D tsx.``): the sentence's, not the word's
SENTENCE_STOP = lazyre.compile(r"(?<=[A-Za-z0-9_\]])\.(?=[ \t\r]*$)", re.M)


def sentence_stops(body: str) -> str:
    """``body`` with the full stop that ends a line right after a word blanked (columns kept): a block of sentences
    written as commands, whose line says ``npm install -D tsx.`` (dmh2000/simple-queries's prompts/clone.md, held-out
    set 287: npm `tsx.` looked up). The shell would hand ``tsx.`` to npm, but no registry has a name that ends in a
    full stop and is not its stem's (PyPI, crates.io and Go forbid one, npm refuses a name differing from an existing
    one by punctuation), so the word is the name the writer meant, judged as such: an invented one is still found (pip
    and cargo, whose grammars refuse such a word, judged none before). A stop after a stop (``cd ..``, an ellipsis) or
    alone (``pip install -e .``) is left."""
    return SENTENCE_STOP.sub(" ", body) if "." in body else body


# a sentence that ends inside a block's line and another that starts after it ("npm install zod. Then create the schema.")
SENTENCE_INSIDE = lazyre.compile(r"(?<=[A-Za-z0-9_\]])\.[ \t]+(?=[A-Z])")


def sentence_lines(body: str) -> str:
    """``body`` with each line that holds the end of one sentence and the start of the next (a word's full stop, a
    blank, a capital letter) read as prose is read outside blocks (:func:`prose_cut`, columns kept): an untagged block
    of a prompt file or a plan written in sentences, ``npm install zod. Then create the schema.``, installs zod, not
    npm's ``zod.``, ``Then``, ``the`` and ``schema`` (a probe of held-out set 287's category, after dmh2000/simple-
    queries's ``npm install -D tsx.``). The command before the stop is read as such, so an invented name there is still
    found; a line with no sentence inside it is read as the shell reads it."""
    if ". " not in body and ".\t" not in body:
        return body
    lines = body.split("\n")
    for k, line in enumerate(lines):
        if SENTENCE_INSIDE.search(line):
            cut = prose_cut(line)
            lines[k] = cut if len(cut) == len(line) else line
    return "\n".join(lines)


def list_commas(body: str) -> str:
    """``body`` with each comma that writes a list of words the way prose does (``npm install express, cors, helmet``:
    right after a word or ``]``, then blanks and another word) blanked, columns kept, outside quotes: h287 (session
    39) saw a block's ``npm install express, cors, helmet`` read as ``helmet`` alone, the words with a comma refused by
    npm's grammar and judged nowhere, so an invented name among them escaped. A comma in a word (``--only=a,b``,
    ``{a,b}``), in quotes (``python -c "import os, sys"``) or at a line's end is left."""
    if ", " not in body and ",\t" not in body:
        return body
    out = list(body)
    quote = ""
    n = len(body)
    for i, c in enumerate(body):
        if quote:
            if c == quote or c == "\n":
                quote = ""
        elif c in "'\"":
            quote = c
        elif (c == "," and i and (body[i - 1].isalnum() or body[i - 1] in "_]") and i + 1 < n and body[i + 1] in " \t"):
            j = i + 1
            while j < n and body[j] in " \t":
                j += 1
            if j < n and (body[j].isalnum() or body[j] == "@"):
                out[i] = " "
    return "".join(out)


# prose's "or" between two ways of installing, on one line of a block ("uv add langroid[weaviate] or pip install
# langroid[weaviate]", langroid's Weaviate notes): a word alone before another command's start
SPOKEN_OR = lazyre.compile(r"(?i)(?<=[ \t])or(?=([ \t]+)\S)")


def spoken_alternatives(body: str) -> str:
    """``body`` with each "or" that stands between two commands of one line turned into a command separator
    (columns kept): a documented line offering two ways to install (``uv add x or pip install x``). The shell
    would hand ``or`` and the second command's words to the first as arguments, and none of them is a package
    the writer meant; both commands are read, each on its own. An "or" inside quotes, glued to other characters
    or not followed by a command a grammar reads (``pip install either or``) is left as it is."""
    if "or" not in body.lower():
        return body

    def cut(m: re.Match[str]) -> str:
        start = body.rfind("\n", 0, m.start()) + 1
        before = body[start:m.start()]
        if not before.strip() or before.count("'") % 2 or before.count('"') % 2:
            return m.group(0)  # the line's first word, or inside a quoted word: not between two commands
        return "; " if command_start(body, m.end(1)) else m.group(0)

    return SPOKEN_OR.sub(cut, body)


def ipython_expanded(command: str) -> str:
    """A notebook's ``!`` command with a leading ``{sys.executable}`` (:data:`IPYTHON_EXECUTABLE`) as IPython runs it,
    ``python``, padded to the same width so the columns of the words after it stay where they are written."""
    m = IPYTHON_EXECUTABLE.match(command)
    return "python" + " " * (m.end() - len("python")) + command[m.end():] if m else command


def printed_lines(text: str) -> list[int]:
    """Where each line of ``text`` starts once its escaped line breaks (``\\n``, ``\\r``) are printed: 0 and the offset
    after each. A command ends at a line break, the printed one too: a scraped page's text in a Document's repr
    (``...pip install openai\\n\\nAccessing the API requires a key``, LangChain's Outline loader page) and an issue
    body in JSON (``pip install -e libs/cli\\r\\npoetry run langchain-cli integration create-doc``, its GitHub tool
    page) say one command a line, not one whose arguments run on into the next lines' words."""
    return [0, *(e.end() for e in STRING_ESCAPE.finditer(text) if e.group(0)[1] in "nr")]


def _cmd(body: str) -> str:
    body = CMD_CARET.sub("\\\\", body)
    return CMD_REMARK.sub(lambda m: " " * len(m.group(0)), body)


def embedded_commands(body: str) -> Iterator[Fragment]:
    """Install commands inside code: comments, notebook magics, bare command lines, string literals."""
    for k, line in enumerate(body.split("\n"), 1):
        magic = MAGIC_LINE.match(line)
        command = ipython_expanded(magic.group(2)) if magic and magic.group(1).endswith("!") else magic and magic.group(2)
        if magic and command and command_start(command):
            yield Fragment("magic", "shell", command, k, len(magic.group(1)) + 1)
            continue
        bare = BARE_CODE_LINE.match(line)
        if bare and command_start(bare.group(2)):
            lead = bare.group(1).strip()  # a label (``Install: pip install x``) or a list item's marker: the line is prose
            cmd = prose_cut(bare.group(2)) if lead.endswith(":") or lead[:1] in LIST_BULLETS or lead[-1:] in ".)" \
                else bare.group(2)
            yield Fragment("line", "shell", cmd, k, len(bare.group(1)) + 1)
            continue
        cells = list(_box_cells(line, k)) if BOX_ROW.match(line) else None
        if cells:
            yield from cells
            continue
        cm = COMMENT.search(line)
        if cm and has_tool_printed(cm.group("body")) and not TREE_LINE.match(line):
            body_text = cm.group("body").rstrip().removesuffix("-->").rstrip()
            starts = printed_lines(body_text)  # a comment inside a string ends a command where its "\n" does
            for start, end in zip(starts, [*starts[1:], len(body_text)]):
                comment = body_text[start:end]
                at = said_command(comment)
                if at is not None:
                    rest = CLOSING_BRACKETS.sub(lambda m: " " * len(m.group(0)), comment[at:])
                    sentence = WORD_LETTER.search(comment[:at]) is not None  # prose before the command
                    yield Fragment("comment", "shell", prose_cut(rest, sentence), k, cm.start("body") + start + at + 1)
    yield from _literal_commands(body)


# a row of a box or a table drawn in a block: a vertical bar first (``│  • Install globally: npm i -g x  │``, a coding
# agent's architecture diagram), cells between the bars
BOX_ROW = lazyre.compile(r"[ \t]*[│┃║|]")
BOX_BARS = lazyre.compile(r"[│┃║|]")


def _box_cells(line: str, k: int) -> Iterator[Fragment]:
    """The commands written in the cells of a drawn box's row, each cell read as a line of prose (a label, a
    bullet, the words after the command: a cell is a caption, not a shell). agentik-os/panda-ai's deployment guide
    draws its CLI as a box whose row says ``│  • Install globally: npm i -g @agentik/cli    │`` (held-out set 234):
    no command of a diagram was read. A directory tree's row (``│   ├── npx-cli.js``) starts no command."""
    start = 0
    for bar in [*BOX_BARS.finditer(line), None]:
        end = bar.start() if bar else len(line)
        cell = line[start:end]
        bare = BARE_CODE_LINE.match(cell)
        if bare and command_start(bare.group(2)):
            yield Fragment("line", "shell", prose_cut(bare.group(2)), k, start + len(bare.group(1)) + 1)
        if bar is not None:
            start = bar.end()


def said_command(text: str, after: frozenset[str] | None = None) -> int | None:
    """Where a command starts in a comment or message: at its start (after a list marker or ``!``), after a
    colon (``requires: pip install x``) or after run/using/with (``run npm i x``); None when there is none.
    A runner named as a noun's modifier (``NOUN_LEAD`` before it, a plain word after it: ``# For npx installations,
    …``) starts none, nor does a command after "no" whose argument is a plain word (``(no pip install needed)``).
    ``after``: only a command right after one of these words (an answer's sentence: ``RUN_WORDS``)."""
    for m in SAID_COMMAND.finditer(text):
        at = m.start("cmd")
        if after is not None:
            before = WORD_BEFORE.search(text[max(0, at - 40):at])  # a bounded window: a long line stays linear
            if before is None or before.group(1).lower() not in after:
                continue
        elif m.start() == 0:
            lead = SAID_LEAD.match(text[at:])
            at += lead.end() if lead else 0
        if command_start(text, at) and not _runner_as_noun(text, at):
            return at
    return None


# The words before a command that a sentence tells its reader to run: "by running pip install x", "Run npm i x to
# start", "install it with pip install x", "just use pip install x". A command the sentence only names ("When npm
# install finishes", "make sure pip install works", "during pip install x", "the npm install step") is not read:
# the words after it are the sentence's
RUN_WORDS = frozenset({"run", "running", "execute", "executing", "type", "typing", "enter", "use", "using", "with",
                       "via", "by", "try", "trying", "call", "invoke", "just", "simply"})



# A runner named as a noun's modifier in a sentence, not run: after a determiner, a preposition that takes a noun
# phrase, or an adjective ("# For npx installations, modify your claude_desktop_config.json:", Desktop Commander's
# README; "this might remove other installed npx executables.", chrome-devtools-mcp's troubleshooting page; "use
# the npx command: npx x"). A run is said after a verb or a colon ("run npx x", "with npx x", "or: npx x")
# The word after the runner must be a plain word too (letters only, ending there): the noun the runner modifies. A
# name shaped like a package (`the npx invented-mcp-bridge server`, `the npx @acme/x command`) is the run's package
RUNNER_WORD = lazyre.compile(r"(?:npx|bunx|pnpx|uvx)[ \t]+[A-Za-z]+(?![\w@/-]|\.\w)")
WORD_BEFORE = lazyre.compile(r"([A-Za-z]+)[ \t]+$")
NOUN_LEAD = {"the", "a", "an", "your", "my", "our", "their", "its", "his", "her", "this", "that", "these", "those",
             "other", "another", "any", "all", "some", "each", "every", "both", "many", "most",
             "for", "of", "about",
             "installed", "cached", "global", "globally", "local", "existing",
             # a verb that turns a feature on or off takes the noun the runner modifies ("# Or enable npx fallback in
             # config", claude-task-master's Codex CLI page; "disable uvx caching"), not a run of a package
             "enable", "enables", "enabled", "enabling", "disable", "disables", "disabled", "disabling"}
# "no" before any command makes it the thing done without ("no pip install needed", "no npm install step")
NEGATION = frozenset({"no"})
# ... when what it would install is a plain word too (``no pip install needed``, ``no npm install step``), as after a
# runner's determiner; a name shaped like a package (``no pip install invented-lib``) is still the run's
INSTALL_VERBS = frozenset({"install", "i", "add", "get", "update", "upgrade"})
PLAIN_WORD = lazyre.compile(r"[A-Za-z]+[.,;:!?)]*")


# The runner named in a parenthesis to compare another tool with it, the word after it a noun of likeness ("bunx (npx
# equivalent)" in Claude Code Templates' Bun guide, set 220): the runner's name, not a run of a package "equivalent";
# written as code (`npx equivalent`) it is still a command
COMPARED = frozenset({"equivalent", "equivalents", "alternative", "alternatives", "replacement", "counterpart",
                      "analog", "analogue", "substitute", "compatible", "compatibility", "style", "like", "clone"})


def _runner_compared(text: str, at: int) -> bool:
    m = RUNNER_WORD.match(text, at)
    return m is not None and m.group().split()[-1].lower() in COMPARED


def _runner_as_noun(text: str, at: int) -> bool:
    before = WORD_BEFORE.search(text[max(0, at - 40):at])  # a bounded window: a long line stays linear
    if before is None:
        return False
    word = before.group(1).lower()
    if word in NEGATION:  # "(no pip install needed)": the install the step does without (spot set 191)
        words = text[at:at + 120].split()[:3]  # the tool, its verb, what it would install
        arg = words[2] if len(words) > 2 and words[1].lower() in INSTALL_VERBS else words[1] if len(words) > 1 else ""
        return PLAIN_WORD.fullmatch(arg) is not None
    return RUNNER_WORD.match(text, at) is not None and word in NOUN_LEAD


# A call that installs PyPI packages in the browser's Python: Pyodide's ``micropip.install("x")`` /
# ``micropip.install(["x", "y"])`` (also from JavaScript, ``pyodide.pyimport("micropip")``) and JupyterLite's
# ``piplite.install(...)``: the strings right after the opening bracket are requirements, as after ``pip install``
IN_BROWSER_INSTALL = lazyre.compile(r"(?<![\w.])(?:micropip|piplite)\.install\(\s*\[?\s*$")


def _literal_commands(body: str) -> Iterator[Fragment]:
    """``"pip install x"`` and ``["pip", "install", "x"]`` (``sys.executable`` counts as python) in code, and the
    requirements of an in-browser install call (:data:`IN_BROWSER_INSTALL`)."""
    if not has_tool_printed(body) and ".install(" not in body:
        return
    lines_at = [0]
    for m in NEWLINE.finditer(body):
        lines_at.append(m.end())

    def where(offset: int) -> tuple[int, int]:
        import bisect

        k = bisect.bisect_right(lines_at, offset) - 1
        return k + 1, offset - lines_at[k] + 1

    run: list[Word] = []
    opener = ""  # the character before the run's first word: a list's "[", a call's "("
    pos = 0
    runs: list[tuple[str, list[Word]]] = []
    for m in LITERAL.finditer(body):
        if m.start() != pos or (m.group("sep") and NEXT_LIST.search(m.group("sep"))):
            if run:
                runs.append((opener, run))
            run = []
        pos = m.end()
        if m.group("s") and not run and not m.group("q") and m.start() > 0 and ".install(" in body[max(0, m.start() - 80):m.start()] \
                and IN_BROWSER_INSTALL.search(body, max(0, m.start() - 80), m.start()):
            line, col = where(m.start("s"))
            lead = [Word("pip", line, col, False, "pip"), Word("install", line, col, False, "install")]
            words = [*lead, Word(m.group("s")[1:-1], line, col, True, m.group("s"))]
            expect = m.end()
            for nxt in LITERAL.finditer(body, m.end()):  # the call's other requirement strings (a list's), up to its end
                if nxt.start() != expect or nxt.group("exe") or nxt.group("q") \
                        or (nxt.group("sep") and any(c in nxt.group("sep") for c in ")]")):
                    break
                expect = nxt.end()
                if nxt.group("s"):
                    n_line, n_col = where(nxt.start("s"))
                    words.append(Word(nxt.group("s")[1:-1], n_line, n_col, True, nxt.group("s")))
            yield Fragment("argv", "argv", json.dumps([[w.text, w.line, w.column, w.raw] for w in words]), 1, 1)
            continue
        if m.group("s"):
            value = m.group("s")[1:-1].replace("`", " ")
            escaped = "r" not in m.group("q").lower()
            starts = printed_lines(value) if escaped else [0]
            if escaped:  # "...\n": an escaped line break or tab ends a word, as printed
                value = STRING_ESCAPE.sub(lambda e: "  " if e.group(0)[1] in "ntr" else e.group(0), value)
            line, col = where(m.start("s"))
            said_any = False
            for start, end in zip(starts, [*starts[1:], len(value)]):  # ... and a command (printed_lines)
                piece = value[start:end]
                said = said_command(piece) if " " in piece.strip() else None
                if said is not None:
                    said_any = True
                    yield Fragment("literal", "shell", prose_cut(piece[said:]), line, col + 1 + start + said)
            if said_any:
                if run:
                    runs.append((opener, run))
                run = []
                continue
            if not run:
                opener = _before(body, m.start())
            run.append(Word(value, line, col, True, m.group("s")))
        elif m.group("exe"):
            line, col = where(m.start())
            if not run:
                opener = _before(body, m.start())
            run.append(Word("python", line, col, False, "python"))
    if run:
        runs.append((opener, run))
    for opener, words in runs:
        # the words of a list or of a call's arguments (a set of words, {"uv", "pip", "install"}, runs nothing)
        if len(words) > 1 and opener in ("[", "(") and command_start(" ".join(w.text for w in words[:4])):
            yield Fragment("argv", "argv", json.dumps([[w.text, w.line, w.column, w.raw] for w in words]), 1, 1)


def _before(body: str, at: int) -> str:
    """The character before offset ``at`` of ``body``, blanks skipped (a few at most), or ""."""
    k = at - 1
    while k >= 0 and body[k] in " \t\r\n" and at - k < 64:
        k -= 1
    return body[k] if k >= 0 else ""


def mentions_in_text(source: Source) -> Iterator[Mention]:
    """Mentions in LLM text or Markdown: code blocks by language, inline commands, prompt lines. A runner's
    package that is the command of a package the text installed before (``npm install -g uglify-js`` … ``npx
    uglifyjs``, lines of a reStructuredText literal block read one by one) is that package's bin, not a name."""
    from ..commands._analysis import bin_of

    seen: set[tuple[Any, ...]] = set()
    installed: list[tuple[str, str]] = []  # (ecosystem, name) installed by a command so far
    marks: dict[str, Any] = {}  # ecosystem -> its page mark (None: none), looked for at its first mention
    for m in _mentions(source):
        eco = m.key.ecosystem
        if eco not in marks:
            marks[eco] = _page_mark(source.text, eco)
        if marks[eco] is not None:
            m = marks[eco](m)
        key = (m.key, m.location.line, m.location.column)
        if key in seen:
            continue
        seen.add(key)
        if m.origin is Origin.COMMAND:
            if m.note and m.note.startswith("runs the package"):
                if any(eco == m.key.ecosystem and bin_of(eco, m.written, name, runner=m.note) for eco, name in installed):
                    continue
            else:
                installed.append((m.key.ecosystem, m.written))
        yield m


def _page_mark(text: str, ecosystem: str) -> Any:
    """A function marking ``ecosystem``'s mentions of this page when the ecosystem's declared ``[text] page_marks``
    finds something on it (npm: a page's ``.npmrc`` line sending a scope to another registry; Homebrew: a third-party
    ``brew tap``), else None. Asked at the ecosystem's first mention on the page, so a page imports only the marks of
    the ecosystems it names (an answer of pip and npm commands loaded Homebrew's taps module for every page)."""
    import importlib

    from .routing import routes

    for eco, module, function in routes().page_marks:
        if eco == ecosystem:
            mark = getattr(importlib.import_module(module), function)(text)
            if mark is not None:
                return mark
    return None


RST_SUFFIXES = (".rst", ".rest")
ASCIIDOC_SUFFIXES = (".adoc", ".asciidoc")


def _mentions(source: Source) -> Iterator[Mention]:
    path = rendered_path(source.path).lower()  # README.rst.jinja: a template's reStructuredText
    for frag in fragments(source.text, fences=not path.endswith(RST_SUFFIXES), asciidoc=path.endswith(ASCIIDOC_SUFFIXES),
                          sentences=source.hints.read_sentences):
        sub = source.fragment(frag.text, frag.line, frag.column, frag.indent)
        found = _fragment_mentions(sub, frag)
        if frag.columns is None:
            yield from found
        else:
            for m in found:
                yield frag.columns.remap(m, source.line_offset, source.column_offset)


def _fragment_mentions(sub: Source, frag: Fragment) -> Iterator[Mention]:
    parser = f"text:{frag.kind}"
    if frag.lang in ("shell", "powershell", "cmd"):
        if frag.kind != "fenced":  # a code span, a prompt line, a comment's command: its own // comment left out
            yield from mentions_in_script(replace(sub, text=list_commas(sentence_stops(writer_comments(cjk_cut(sub.text)))))
                                          if frag.lang == "shell" else sub, parser=parser)
            return
        parts = _transcript(frag.text)
        cwd: str | None = None  # a transcript's session: a prompt's `cd x` moves the commands of the prompts after it
        here, files = (sub.fs_path.parent if sub.fs_path is not None else None), sub.files  # the recording view
        for k, text in parts:
            text = _dialect(text, frag.lang)
            if frag.lang == "shell":  # its comments' own commands are read below, as those of # comments are
                text = list_commas(sentence_stops(sentence_lines(spoken_alternatives(writer_comments(cjk_cut(text))))))
            yield from mentions_in_script(sub.fragment(text, k + 1) if text is not frag.text else sub, parser=parser,
                                          cwd=cwd)
            if len(parts) > 1:
                cwd = _moved(cwd, text, None if here is None else lambda rel: files.is_dir(here / rel))
        for inner in embedded_commands(_dialect(_blank_except(parts, frag.text), frag.lang)):
            if inner.kind == "comment":
                yield from _fragment_mentions(sub.fragment(inner.text, inner.line, inner.column), inner)
        return
    if frag.kind == "unread":
        sub.problem(frag.text, 1, kind="unsupported")
        return
    if frag.lang.startswith("prompt:"):
        yield from _parse_as(sub, frag.lang[7:], parser)
        return
    if frag.lang.startswith("file:"):
        name = frag.lang[5:]
        if frag.otherwise is not None:
            try:
                found = list(_parse_as(sub, name, parser, refused=True))
            except _NotThatFile:  # the prose named a file the block acts on: read the block as what it is
                yield from _fragment_mentions(sub, replace(frag, lang=frag.otherwise, otherwise=None))
                return
            yield from found
        else:
            yield from _parse_as(sub, name, parser)
        if name.endswith(".json"):
            return
        if not routes().is_data_file(name):
            for inner in embedded_commands(frag.text):
                if inner.kind in ("comment", "magic"):
                    yield from _fragment_mentions(sub.fragment(inner.text, inner.line, inner.column), inner)
        return
    if frag.lang.startswith("code:"):
        yield from _parse_as(sub, frag.lang[5:], parser, quiet=True)
    if frag.kind == "fenced":  # code in any language, or no language: the commands embedded in it
        nested = _bracketed_lines(frag.text) if frag.lang.rpartition(".")[2] in JS_SNIPPETS else frozenset()
        for inner in embedded_commands(frag.text):
            if inner.kind == "line" and inner.line in nested:
                continue  # JSX text, an array's or an object's lines: what the code holds, not what the block runs
            if inner.kind == "argv":
                yield from _argv_mentions(sub, inner.text)
            else:
                yield from _fragment_mentions(sub.fragment(inner.text, inner.line, inner.column), inner)


# the code blocks of JavaScript's family (routed code:snippet.<suffix>) whose bare lines inside brackets are the code's
JS_SNIPPETS = frozenset({"js", "jsx", "mjs", "cjs", "ts", "tsx", "mts", "cts"})
_JS_LINE_NOISE = lazyre.compile(r"""//.*$|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\\n]|\\.)*`""")


def _bracketed_lines(body: str) -> frozenset[int]:
    """The lines (1-based) of a JavaScript or TypeScript block that start inside an open ``(``, ``[`` or ``{`` of an
    earlier line: JSX text of a component's ``return (`` (a scraped shadcn.io digest's Terminal demo, whose tags were
    stripped: ``npm install @repo/terminalInstalling dependencies...npm start``, held-out spot set 244), the items of
    an array or object. A bare command line there is what the code holds, not a command the block runs; one at the
    top level (``npm install zustand`` before the imports of an answer's block) is read. Brackets in a line's ``//``
    comment and one-line string literals are not counted."""
    depth, out = 0, set()
    for k, line in enumerate(body.split("\n"), 1):
        if depth > 0:
            out.add(k)
        code = _JS_LINE_NOISE.sub("", line)
        depth = max(0, depth + sum(code.count(c) for c in "([{") - sum(code.count(c) for c in ")]}"))
    return frozenset(out)


def argv_mentions(sub: Source, body: str) -> Iterator[Mention]:
    """The mentions of the argument lists of commands in the code ``body``, at their places in ``sub``
    (``[sys.executable, "-m", "pip", "install", "x"]``; not the commands its strings say)."""
    for inner in _literal_commands(body):
        if inner.kind == "argv":
            yield from _argv_mentions(sub, inner.text)


def _argv_mentions(sub: Source, data: str) -> Iterator[Mention]:
    from ..ecosystems import catalog

    known = catalog()
    words = [Word(text, line, col, True, raw) for text, line, col, raw in json.loads(data)]
    for t in targets_of_command(words):
        if t.ecosystem in known:
            yield sub.mention(t.ecosystem, t.word.text, t.word.line, t.word.column + 1 + t.column_shift,
                              Origin.COMMAND, "text:argv", spec=t.spec, name=t.name,
                              note=t.note or ("runs the package" if t.runs else None))


# formats that are this reader itself (a Markdown block is read by fragments(), nested): never a block's parser
SELF_FORMATS = ("markdown",)
# a line of a docs block that only says "more here" (instructor's blog: a pyproject block with `...` lines)
ELISION = lazyre.compile(r"(?m)^[ \t]*(?:\.\.\.|\u2026)[ \t]*$")
# a line of MkDocs' snippets extension (pymdownx.snippets) that includes another file of the tree into the block when
# the site is built (pixi's docs: ```toml title="pixi.toml"`` then ``--8<-- "docs/source_files/…/pixi.toml:minimal"``),
# which the scan reads as the file it is; the line itself is no part of the block's file
SNIPPET_INCLUDE = lazyre.compile(r"(?m)^[ \t]*;?-{2}8<-{2}(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|[^\s]+))?[ \t]*$")


TOML_TABLE = lazyre.compile(r"^[ \t]*\[")
TOML_KEY = lazyre.compile(r"^[ \t]*(?P<key>[A-Za-z0-9_.\-]+|\"[^\"\n]*\"|'[^'\n]*')[ \t]*=(?P<value>.*)$")
MAX_ALTERNATIVES = 32


def _alternatives(file_name: str, text: str) -> list[str]:
    """A TOML docs block that sets a key of one table more than once, each line a choice the reader makes
    (sqlx's README: ``# PICK ONE OF THE FOLLOWING:`` then ``sqlx = { version = "0.8", features = [...] }`` per
    runtime): one file per choice, the k-th setting of each repeated key in the k-th, the other settings of
    repeated keys blanked so lines keep their numbers. Empty when no key repeats, when a repeated setting goes on
    over more lines (an array or table left open) or when there would be too many files."""
    if not file_name.endswith(".toml"):
        return []
    lines = text.split("\n")
    table = ""
    seen: dict[tuple[str, str], list[int]] = {}
    for i, line in enumerate(lines):
        if TOML_TABLE.match(line):
            table = line.split("#", 1)[0].strip()
            continue
        m = TOML_KEY.match(line)
        if m:
            seen.setdefault((table, m.group("key").strip("\"'")), []).append(i)
    repeated = [at for at in seen.values() if len(at) > 1]
    if not repeated:
        return []
    count = max(len(at) for at in repeated)
    for at in repeated:
        for i in at:
            value = lines[i].split("=", 1)[1]
            if value.count("[") != value.count("]") or value.count("{") != value.count("}"):
                return []  # a setting over several lines: its choices cannot be told apart by line
    if count > MAX_ALTERNATIVES:
        return []
    files = []
    for k in range(count):
        drop = {i for at in repeated for n, i in enumerate(at) if n != k}
        files.append("\n".join("" if i in drop else line for i, line in enumerate(lines)))
    return files


# a JSON block that begins with an object's member, `"require": {` (a key, a colon), not with the object itself
MEMBERS = lazyre.compile(r'\s*"[^"\n]{1,200}"\s*:')
# a TOML setting whose value the writer left out (kedro-academy's hook guide: ``[project.entry-points."kedro.hooks"]``
# then ``custom_kedro_hook = ...``): the key is still written, its value is a string that says "left out"
ELIDED_VALUE = lazyre.compile(r"(?m)^(?P<key>[ \t]*(?:[A-Za-z0-9_.\-]+|\"[^\"\n]*\"|'[^'\n]*')[ \t]*=[ \t]*)"
                              r"(?:\.\.\.|\u2026)(?P<rest>[ \t]*(?:#.*)?)$")


def _lenient_readings(file_name: str, text: str) -> Iterator[str]:
    """The ways a docs block its file's parser refused may still be read, lines kept: without the ``...``
    lines the writer left out and the lines that include another file when the site is built (``--8<-- "x.toml"``) (and in TOML with ``"..."`` for a value left out: ``key = ...``), for a JSON file
    as JSONC (``// ...`` comments and trailing commas, as docs write a ``composer.json`` excerpt in a ``jsonc``
    block), and for a JSON file whose block is members of its object without the braces around them (a README's
    "add this section to the composer.json file:" before ``"require": {"revinate/sequence": "~0.4"},``): read
    inside braces, the first line's columns one further."""
    elided = ELISION.sub("", text) if ELISION.search(text) else None
    if "8<" in text and SNIPPET_INCLUDE.search(text):  # the included files are scanned as themselves
        elided = SNIPPET_INCLUDE.sub("", elided if elided is not None else text)
    if file_name.endswith(".toml") and ELIDED_VALUE.search(elided if elided is not None else text):
        elided = ELIDED_VALUE.sub(r'\g<key>"..."\g<rest>', elided if elided is not None else text)
    if elided is not None:
        yield elided
    if not file_name.endswith(".json"):
        return
    from ..parsers._util import strip_jsonc

    base = elided if elided is not None else text
    if "//" in text or "/*" in text or "," in text:
        yield strip_jsonc(base)
    if MEMBERS.match(base):
        yield strip_jsonc("{" + base + "\n}")


class _NotThatFile(Exception):
    """A block the prose before it named as a file, which that file's parsers refuse."""


def _parse_as(sub: Source, file_name: str, parser: str, quiet: bool = False,
              refused: bool = False) -> Iterator[Mention]:
    """Parse a block with the parsers that own ``file_name``; when they cannot, with the lenient reading its
    ecosystem declares for snippets of that file (``[text] fallback``), else a reported problem (``refused``:
    instead, raise :class:`_NotThatFile` when it fails or reads nothing but problems: not that file)."""
    fmts = [f for f in formats_for(file_name) if f.name not in SELF_FORMATS]
    told: set[tuple[str, int | None]] = set()
    for fmt in fmts:
        try:
            if not refused:
                yield from fmt.parse(sub)
                continue
            mark = len(sub.problems)
            found = list(fmt.parse(sub))
            if not found and len(sub.problems) > mark:  # not one line of it reads as that file
                del sub.problems[mark:]
                raise _NotThatFile(file_name)
            yield from found
        except ParseError as exc:
            fallback = routes().fallbacks.get(file_name)
            if fallback is not None:
                import importlib

                module, function = fallback
                yield from getattr(importlib.import_module(module), function)(sub)
            elif not quiet:
                read = False
                choices = _alternatives(file_name, sub.text)
                if choices:
                    try:  # each alternative is a file of its own; every one is read, so no name goes unjudged
                        found = [m for choice in choices for m in fmt.parse(sub.fragment(choice, 1, sub.column_offset + 1))]
                    except ParseError:
                        found = None
                    if found is not None:
                        yield from found
                        continue
                for lenient in _lenient_readings(file_name, sub.text):
                    try:
                        yield from fmt.parse(sub.fragment(lenient, 1, sub.column_offset + 1))
                        read = True
                        break
                    except ParseError:
                        pass
                if read:
                    continue
                if refused:
                    raise _NotThatFile(file_name) from exc
                said = (f"{file_name} block: {exc.message}", exc.line)
                if said not in told:  # pyproject.toml is pixi's file too: one block, one problem
                    told.add(said)
                    sub.problem(said[0], said[1], kind="parse")
