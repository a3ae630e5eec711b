"""Making untrusted text inert before it is shown."""

from __future__ import annotations

import re

# C0/C1 controls (ESC starts ANSI and OSC sequences), DEL, and bidi overrides that can reorder what is read
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b-\u200f]")


def plain(text: object, keep_newlines: bool = False) -> str:
    """``text`` with control characters shown as ``\\xNN`` escapes (newlines too unless kept)."""
    s = str(text)
    if not keep_newlines:
        s = s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", " ")
    return CONTROL.sub(lambda m: f"\\x{ord(m.group(0)):02x}" if ord(m.group(0)) < 0x100 else f"\\u{ord(m.group(0)):04x}", s)


def markup(text: object) -> str:
    """Plain text made safe for rich markup: controls escaped and ``[`` escaped."""
    from rich.markup import escape

    return escape(plain(text))
