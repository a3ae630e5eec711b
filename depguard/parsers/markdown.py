"""Markdown, reStructuredText and AsciiDoc documents (READMEs, docs, coding agents' rule files: Cursor's ``.mdc``,
``.cursorrules``): code blocks, inline commands, prompt lines."""

from __future__ import annotations

from collections.abc import Iterator

from ..model import Mention
from . import Source, file_format


@file_format("markdown", ("*.md", "*.markdown", "*.mdx", "*.mdc", "*.rst", "*.adoc", "*.asciidoc", "*.ipynb.md",
                         "*.livemd", ".cursorrules", ".windsurfrules", ".clinerules", "*.qmd", "*.Rmd", "*.rmd",
                         "*.Rmarkdown"), kind="document",
             description="Markdown code blocks, inline install commands and prompt lines")
def parse(source: Source) -> Iterator[Mention]:
    from ..text import mentions_in_text

    yield from mentions_in_text(source)
