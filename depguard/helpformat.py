"""The help formatter of depguard's sub-commands: their descriptions are written as paragraphs and wrapped to
the terminal (``COLUMNS``, else its width), as argparse wraps option help; a line that starts with spaces (an
example command, a list entry) is printed as written."""

from __future__ import annotations

import argparse


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    def _fill_text(self, text: str, width: int, indent: str) -> str:
        lines: list[str] = []
        paragraph: list[str] = []

        import textwrap  # here: only help output wraps text, and importing it compiles its patterns

        def flush() -> None:
            if paragraph:
                lines.extend(textwrap.wrap(" ".join(paragraph), width, initial_indent=indent,
                                           subsequent_indent=indent, break_on_hyphens=False) or [indent])
                paragraph.clear()

        for line in text.splitlines():
            if not line.strip():
                flush()
                lines.append("")
            elif line[0] in " \t":
                flush()
                lines.append(indent + line)
            else:
                paragraph.append(line.strip())
        flush()
        return "\n".join(lines)
