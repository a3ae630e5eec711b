"""Making untrusted text inert before it is shown."""

from __future__ import annotations

import re

from .. import lazyre

# C0/C1 controls (ESC starts ANSI and OSC sequences), DEL, and bidi overrides that can reorder what is read
CONTROL = lazyre.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200b-\u200f]")


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


def github_data(text: object) -> str:
    """The message of a GitHub workflow command (``::error ...::MESSAGE``), escaped the way the Actions
    runner unescapes it (``%`` -> ``%25``, CR -> ``%0D``, LF -> ``%0A``), other controls made visible.
    No escaped message can end the command line, so a package name cannot start a command of its own."""
    s = str(text).replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return plain(s)


def github_property(text: object) -> str:
    """A property value of a workflow command (``file=…,title=…``): as :func:`github_data`, plus ``:`` ->
    ``%3A`` and ``,`` -> ``%2C`` so a value can neither end the property list nor add a property."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


_MD_PUNCT = lazyre.compile(r"([\\`*_{}\[\]()#+\-.!|~>])")
_MENTION = lazyre.compile(r"([@#])(?=\w)|(://)|(\bwww)(?=\\?\.)")


def markdown_text(text: object) -> str:
    """Untrusted text as inert GitHub Markdown: controls escaped, HTML and Markdown punctuation escaped, and
    @-mentions, #references and autolinks broken with a zero-width space (so no one is pinged)."""
    s = plain(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _MD_PUNCT.sub(r"\\\1", s)
    return _MENTION.sub(lambda m: (m.group(1) or m.group(2) or m.group(3)) + "\u200b", s)


def markdown_code(text: object) -> str:
    """Untrusted text as a GitHub Markdown code span fit for a table cell: no mention, link or HTML is
    rendered inside a code span; ``|`` is escaped because GFM splits table cells on it even there."""
    s = plain(text).replace("|", "\\|")
    longest = max((len(run) for run in re.findall(r"`+", s)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if s.startswith("`") or s.endswith("`") or not s.strip() else ""
    return f"{fence}{pad}{s}{pad}{fence}"
