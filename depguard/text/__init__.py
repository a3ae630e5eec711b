"""LLM text and Markdown -> fragments (fenced blocks, inline code, prompt lines) -> mentions.

A fenced block is routed by its language tag (``bash``, ``python``, ``tsx``, ``requirements``, ``json`` …)
and sniffed when untagged. Inline code spans and ``$ ``/``> ``/``PS>`` prompt lines are read as commands.
Prose outside code is not guessed at. Every fragment keeps its position, so a mention points at the line
and column of the original text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from ..commands import mentions_in_script
from ..errors import ParseError
from ..model import Mention, Origin
from ..parsers import Source, formats

FENCE = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})\s*(?P<info>[^`\n]*)$")
INLINE = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")
BARE_COMMAND = re.compile(
    r"^\s*(?:sudo\s+)?(?:pip3?|python3?\s+-m\s+pip|uv|uvx|poetry|pipenv|pdm|pipx|npm|npx|yarn|pnpm|pnpx|bun|bunx|"
    r"cargo|go|gem|bundle|composer|dotnet|nuget|dart|flutter|mix|cpanm|cpan|cabal|stack|conda|mamba|micromamba|brew|"
    r"deno|docker|Install-Package)\s+[\w-]"
)
PROMPT = re.compile(r"^(\s*(?:\$|>|%|#|PS[^>]*>|❯|➜)\s+)(\S.*)$")

SHELL_TAGS = {"sh", "bash", "shell", "zsh", "console", "shell-session", "shellsession", "terminal", "cmd",
              "powershell", "ps1", "ps", "pwsh", "fish", "ksh", "bat", "batch", "dockerfile", "docker", "makefile",
              "make", "yaml", "yml"}
PYTHON_TAGS = {"python", "py", "python3", "py3", "ipython", "pycon", "jupyter"}
JS_TAGS = {"javascript", "js", "jsx", "mjs", "cjs", "typescript", "ts", "tsx", "mts", "cts", "node", "vue", "svelte"}
FILE_TAGS = {
    "requirements": "requirements", "requirements.txt": "requirements", "pip-requirements": "requirements",
    "pip": "requirements", "toml": "pyproject", "pyproject.toml": "pyproject", "package.json": "package.json",
}
INSTALL_HINT = re.compile(
    r"\b(pip3?|python3?\s+-m\s+pip|uv|uvx|poetry|pipenv|pdm|pipx|npm|npx|yarn|pnpm|bun|bunx|cargo|go|gem|bundle|"
    r"composer|dotnet|nuget|dart|flutter|mix|cpanm|cpan|cabal|stack|conda|mamba|micromamba|brew|deno|docker|"
    r"Install-Package|gradle|mvn|pod|swift|julia|Rscript)\b"
)


@dataclass(frozen=True)
class Fragment:
    kind: str  # fenced, inline, prompt
    lang: str  # routed language: shell, python, js, requirements, package.json, pyproject, or "" (unknown)
    text: str
    line: int  # 1-based line of the fragment's first character
    column: int  # 1-based column of that character


def route_tag(info: str) -> str:
    tag = info.strip().split()[0].lower() if info.strip() else ""
    tag = tag.strip("{}.").removeprefix("language-")
    if tag in SHELL_TAGS:
        return "shell"
    if tag in PYTHON_TAGS:
        return "python"
    if tag in JS_TAGS:
        return "js"
    if tag == "json":
        return "json"
    return FILE_TAGS.get(tag, "" if not tag or tag in ("text", "txt", "plaintext", "output") else "other:" + tag)


def sniff(text: str) -> str:
    """A language for an untagged block: package.json, requirements, python, js or shell."""
    stripped = text.strip()
    if stripped.startswith("{") and re.search(r'"(dev)?[dD]ependencies"\s*:', stripped):
        return "package.json"
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip() and not ln.strip().startswith("#")]
    if not lines:
        return ""
    if re.search(r"^\s*(from\s+[\w.]+\s+import|import\s+[\w.]+(\s+as\s+\w+)?\s*$|def\s+\w+\(|class\s+\w+[(:])", stripped, re.M):
        return "python"
    if re.search(r"^\s*(import\s.+\sfrom\s+['\"]|import\s+['\"]|const\s+\w+\s*=\s*require\(|export\s)", stripped, re.M):
        return "js"
    if any(PROMPT.match(ln) for ln in lines) or INSTALL_HINT.search(stripped):
        return "shell"
    if all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9._-]*(\[[\w,.-]+\])?\s*([<>=!~]=?[^\s;]+\s*,?\s*)*(;.*)?", ln) for ln in lines):
        return "requirements"
    return ""


def fragments(text: str) -> Iterator[Fragment]:
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if m:
            fence = m.group("fence")
            info = m.group("info")
            start = i + 1
            j = start
            while j < len(lines) and not (lines[j].strip().startswith(fence[0] * len(fence)) and lines[j].strip().strip(fence[0]) == ""):
                j += 1
            body = "\n".join(lines[start:j])
            lang = route_tag(info) or sniff(body)
            yield Fragment("fenced", lang, body, start + 1, 1)
            i = j + 1
            continue
        line = lines[i]
        pm = PROMPT.match(line)
        if pm and INSTALL_HINT.search(pm.group(2)):
            yield Fragment("prompt", "shell", pm.group(2), i + 1, len(pm.group(1)) + 1)
        elif BARE_COMMAND.match(line):
            # a line that is nothing but a command (a chat answer without fences): read it as shell
            yield Fragment("line", "shell", line, i + 1, 1)
        else:
            for im in INLINE.finditer(line):
                code = im.group(2).strip()
                if INSTALL_HINT.search(code):
                    offset = im.start(2) + (len(im.group(2)) - len(im.group(2).lstrip()))
                    yield Fragment("inline", "shell", code, i + 1, offset + 1)
        i += 1


def _prompt_lines(body: str) -> str:
    """Inside a shell block, drop prompt markers and blank output lines of console transcripts."""
    out = []
    has_prompt = any(PROMPT.match(ln) for ln in body.split("\n"))
    for ln in body.split("\n"):
        pm = PROMPT.match(ln)
        if pm:
            out.append(" " * len(pm.group(1)) + pm.group(2))
        elif has_prompt and not ln.startswith((" ", "\t")) and not ln.rstrip().endswith("\\"):
            out.append(" " * len(ln))  # command output, not a command
        else:
            out.append(ln)
    return "\n".join(out)


def mentions_in_text(source: Source) -> Iterator[Mention]:
    """Mentions in LLM text or Markdown: code blocks by language, inline commands, prompt lines."""
    known: dict | None = None
    routes = {"python": "python-imports", "js": "js-imports", "requirements": "requirements",
              "package.json": "package.json", "pyproject": "pyproject"}
    for frag in fragments(source.text):
        sub = source.fragment(frag.text, frag.line, frag.column)
        if frag.lang == "shell":
            yield from mentions_in_script(sub.fragment(_prompt_lines(frag.text), 1) if frag.kind == "fenced" else sub,
                                          parser=f"text:{frag.kind}", origin=Origin.COMMAND)
        elif frag.lang in routes:
            known = known if known is not None else formats()
            fmt = known.get(routes[frag.lang])
            if fmt is None:
                continue
            try:
                yield from fmt.parse(sub)
            except ParseError as exc:
                if frag.lang not in ("python", "js"):
                    sub.problem(f"{frag.lang} block: {exc.message}", exc.line, kind="parse")
            # python blocks may also hold "!pip install x" notebook lines
            if frag.lang == "python":
                magic = "\n".join(re.sub(r"^(\s*)[!%]", r"\1 ", ln) if re.match(r"^\s*[!%]", ln) else " " * len(ln) for ln in frag.text.split("\n"))
                yield from mentions_in_script(source.fragment(magic, frag.line, 1), parser="text:notebook")
        elif frag.lang == "json" and re.search(r'"(dev)?[dD]ependencies"\s*:', frag.text):
            known = known if known is not None else formats()
            fmt = known.get("package.json")
            if fmt is not None:
                try:
                    yield from fmt.parse(sub)
                except ParseError as exc:
                    sub.problem(f"package.json block: {exc.message}", exc.line, kind="parse")
