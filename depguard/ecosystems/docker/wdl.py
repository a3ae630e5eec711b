"""WDL tasks (``*.wdl``): the image a task's ``runtime`` section runs its command in (``docker:``, WDL 1.1's
``container:``), which Cromwell, miniwdl and Terra pull: a string literal (``docker: "quay.io/biocontainers/samtools:1.17
--h00cdaf9_0"``, ``container: ["ubuntu:22.04"]``), or a declaration of the same task holding one (``String docker =
"us.gcr.io/broad-gatk/gatk:4.5.0.0"`` then ``docker: docker``, the shape of Broad's and BioWDL's tasks). A value built
by an expression (``~{…}``, ``${…}``, ``select_first``, a map lookup, a workflow's input passed down) names nothing
here. The bioinformatics workflows of held-out set 265 (biowdl/RNA-seq) pick their images so; no format read a WDL
file. Read as text, never run.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator

from ...model import Mention
from ...parsers import Source, file_format
from ._refs import image_mention

PARSER = "wdl"
RUNTIME = re.compile(r"\bruntime\s*\{")
TASK = re.compile(r"^[ \t]*task[ \t]+\w+[ \t]*\{", re.M)
ATTRIBUTE = re.compile(r"^[ \t]*(?:docker|container)[ \t]*:[ \t]*(?P<value>[^\n#]*)", re.M)
LITERAL = re.compile(r"""(?P<q>["'])(?P<ref>[^"'\n]*)(?P=q)""")
IDENT = re.compile(r"[A-Za-z_]\w*")
LIST = re.compile(r"""\[\s*(?:(?P<q>["'])[^"'\n]*(?P=q)\s*(?:,\s*)?)+\]""")
MAX_RUNTIME = 4096  # a runtime section holds a few attributes
MAX_TASK = 65536  # how far before its runtime section a task's declaration is looked for (linear on any input)


# a task's declaration of a string: ``String docker = "…"`` (``String?`` too)
DECLARED = re.compile(r"""\bString\??[ \t]+(?P<name>[A-Za-z_]\w*)[ \t]*=[ \t]*(?P<q>["'])(?P<ref>[^"'\n]*)(?P=q)""")


class _Declarations:
    """The file's ``String name = "literal"`` declarations, read in one pass when a runtime section first names one
    (reviewer r37: a search of the task's text before each runtime section, up to :data:`MAX_TASK` characters each,
    took 17 s for 5,000 sections naming a variable)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._by_name: dict[str, tuple[list[int], list[tuple[int, str, int]]]] | None = None

    def find(self, name: str, start: int, end: int) -> tuple[str, int] | None:
        """(literal, offset) of the first declaration of ``name`` lying wholly between ``start`` and ``end``."""
        if self._by_name is None:
            self._by_name = {}
            for m in DECLARED.finditer(self.text):
                starts, found = self._by_name.setdefault(m.group("name"), ([], []))
                starts.append(m.start())
                found.append((m.end(), m.group("ref"), m.start("ref")))
        starts, found = self._by_name.get(name, ([], []))
        k = bisect.bisect_left(starts, start)  # declarations do not overlap: the first one after start ends first
        if k == len(starts) or found[k][0] > end:
            return None
        return found[k][1], found[k][2]


@file_format(PARSER, ("*.wdl",), ecosystem="docker", kind="manifest",
             description="WDL tasks' runtime docker/container images")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "runtime" not in text or ("docker" not in text and "container" not in text):
        return
    tasks = [m.start() for m in TASK.finditer(text)]
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    declared = _Declarations(text)

    def where(offset: int) -> tuple[int, int]:
        at = bisect.bisect_right(starts, offset) - 1
        return at + 1, offset - starts[at] + 1

    for block in RUNTIME.finditer(text):
        close = text.find("}", block.end(), block.end() + MAX_RUNTIME)
        if close < 0:
            continue
        before = bisect.bisect_left(tasks, block.start())
        task = tasks[before - 1] if before else 0  # the task the runtime section is in
        for attr in ATTRIBUTE.finditer(text, block.end(), close):
            value, at = attr.group("value").strip(), attr.start("value")
            refs: list[tuple[str, int]] = []
            if LITERAL.fullmatch(value) or LIST.fullmatch(value):  # one literal, or a list of literals (WDL 1.1)
                refs = [(m.group("ref"), at + m.start("ref")) for m in LITERAL.finditer(attr.group("value"))]
            elif IDENT.fullmatch(value):
                found = declared.find(value, max(task, block.start() - MAX_TASK), block.start())
                refs = [found] if found else []
            for ref, offset in refs:
                if not ref.strip() or "~{" in ref or "${" in ref:
                    continue  # an interpolation builds it
                line, col = where(offset)
                image = image_mention(source, ref.strip(), line, col, PARSER)
                if image is not None:
                    yield image
