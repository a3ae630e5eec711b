"""MyST Markdown notebooks: a page whose front matter names a Jupyter kernel (``kernelspec:``, most often under
Jupytext's ``jupytext: text_representation: format_name: myst``) and whose code cells are ```` ```{code-cell} ````
blocks. Jupyter Book and MyST-NB execute those cells with that kernel when the book builds, so they are the book's
code, not an illustration (a plain code block of the same page still is). A cell opens with its options,
``:tags: [hide-input]`` lines or a ``---``-fenced YAML block, which are not code. Each ecosystem whose language a
kernel runs reads the cells of its own kernel's pages (pypi: ``myst-notebook-imports``, julia:
``myst-julia-notebook-imports``).
"""

from __future__ import annotations

import re

from .. import lazyre

FRONT_MATTER = lazyre.compile(r"\A---[ \t]*\n(?P<body>.*?)\n---[ \t]*(?:\n|\Z)", re.S)
KERNELSPEC = lazyre.compile(r"^kernelspec:[ \t]*\n(?P<body>(?:[ \t]+[^\n]*\n?)+)", re.M)
KERNEL_FIELD = lazyre.compile(r"^[ \t]+(?:language|name|display_name):[ \t]*['\"]?(?P<value>[^'\"\n]*)", re.M)
CELL_OPEN = lazyre.compile(r"^(?P<fence>`{3,})[ \t]*\{code-cell\}[ \t]*(?P<lang>[\w+.-]*)[ \t]*$")
OPTION = lazyre.compile(r"^[ \t]*:[\w-]+:")
MAGIC_LINE = lazyre.compile(r"^(?P<indent>[ \t]*)(?=[!%])")
# a fence of any other block: shown code (```python, ````md) or a directive holding the page's content (````{tab-item})
BLOCK_FENCE = lazyre.compile(r"^[ \t]*(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n]*?)[ \t]*$")


def kernel_words(text: str) -> list[str] | None:
    """The words a MyST notebook's front matter says of its kernel (language, name, display name), or None when the
    text is no MyST notebook (no front matter with a ``kernelspec``)."""
    if not text.startswith("---"):
        return None
    front = FRONT_MATTER.match(text)
    if front is None:
        return None
    spec = KERNELSPEC.search(front.group("body"))
    if spec is None:
        return None
    return [m.group("value").strip() for m in KERNEL_FIELD.finditer(spec.group("body")) if m.group("value").strip()]


def code_cells(text: str, runs: re.Pattern[str] | lazyre.Pattern) -> str:
    """``text`` with everything but the code of its ``{code-cell}`` blocks blanked (line breaks kept, so are lines and
    columns): a cell whose language argument ``runs`` does not match is blanked, and so are a cell's option lines; an
    IPython ``!``/``%`` line is kept as a comment (what it installs declares the imports below it; the command itself
    is the Markdown reader's). A code block the page shows (a fence whose info is no ``{directive}``: ````` ````md `````
    holding a notebook's syntax) is blanked whole, the cells in it included; a directive's fence (````` ````{tab-item}
    `````) holds the page's own content, its cells read."""
    out: list[str] = []
    fence: str | None = None  # the open cell's fence
    shown = ""  # the fence of a shown block
    directives: list[str] = []  # the fences of the directives open around this line
    state = ""  # in a cell: "options" before its code, "yaml" in a ---fenced options block, "code"
    for line in text.split("\n"):
        stripped = line.strip()
        if fence is None:
            out.append(" " * len(line))
            if shown:
                if _closes(stripped, shown):
                    shown = ""
                continue
            opened = CELL_OPEN.match(line)
            if opened:
                if not opened.group("lang") or runs.search(opened.group("lang")):
                    fence, state = opened.group("fence"), "options"
                else:
                    shown = opened.group("fence")  # another kernel's cell: skipped whole
                continue
            other = BLOCK_FENCE.match(line)
            if other is None:
                continue
            if directives and not other.group("info") and _closes(stripped, directives[-1]):
                directives.pop()
            elif other.group("info").startswith("{"):
                directives.append(other.group("fence"))
            else:
                shown = other.group("fence")
        elif _closes(stripped, fence):
            fence = None
            out.append(" " * len(line))
        elif state == "yaml" or (state == "options" and (stripped == "---" or OPTION.match(line))):
            if stripped == "---":
                state = "options" if state == "yaml" else "yaml"
            out.append(" " * len(line))
        else:
            state = "code"
            magic = MAGIC_LINE.match(line)
            out.append(line if magic is None or not stripped else line[:magic.end()] + "#" + line[magic.end() + 1:])
    return "\n".join(out)


def _closes(stripped: str, fence: str) -> bool:
    """Whether a line (stripped) closes a block opened by ``fence``: the same character, at least as many, alone."""
    return stripped.startswith(fence) and not stripped.strip(fence[0])
