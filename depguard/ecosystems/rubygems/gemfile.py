"""``Gemfile`` (and ``gems.rb``), read as text (never run): ``gem "name", "~> 1.0", ...`` lines. fastlane's
``fastlane/Pluginfile`` is one too: the Gemfile ``fastlane add_plugin`` writes ``eval_gemfile(plugins_path)`` into,
listing the plug-in gems (``gem 'fastlane-plugin-firebase_app_distribution'``) Bundler installs from rubygems.org.

Gems with a ``path:``, ``git:``, ``github:``, ``gitlab:`` or ``bitbucket:`` option, or inside a
``path``/``git``/``github`` block, are not from a gem server; gems inside ``source "https://other" do``
blocks come from that server, not rubygems.org. Neither kind is asked.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part

PARSER = "Gemfile"
GEM = re.compile(r"""^\s*gem\s*\(?\s*(?P<q>["'])(?P<name>[^"']+)(?P=q)(?P<rest>.*)$""")
NOT_SERVER = re.compile(r"""\b(path|git|github|gitlab|bitbucket)\s*(:|=>)""")
BLOCK_OPEN = re.compile(r"""^\s*(?P<kind>path|git|github|gitlab|bitbucket|source|group|platforms?|install_if|env)\b(?P<args>.*)\bdo\b(\s*\|[^|]*\|)?\s*$""")
GENERIC_OPEN = re.compile(r"^\s*(if|unless|case|begin|while|until|def|class|module)\b|\bdo\b(\s*\|[^|]*\|)?\s*$")
END = re.compile(r"^\s*end\b")
RUBYGEMS = re.compile(r"""^\s*["']https?://(www\.)?rubygems\.org/?["']""")
SPEC = re.compile(r"""(["'])([~<>=!]+\s*[^"']+|\d[^"']*)\1""")


@file_format("Gemfile", ("Gemfile", "gems.rb", "*.gemfile", "Pluginfile"), ecosystem="rubygems", kind="manifest",
             description="Bundler Gemfiles (read as text): gem lines outside git/path/other-source blocks")
def parse(source: Source) -> Iterator[Mention]:
    stack: list[bool] = []  # one entry per open block: True when gems inside are not from rubygems.org
    for no, raw in enumerate(source.text.splitlines(), 1):
        line = code_part(raw)
        if not line.strip():
            continue
        if END.match(line):
            if stack:
                stack.pop()
            continue
        block = BLOCK_OPEN.match(line)
        if block:
            kind = block.group("kind")
            elsewhere = kind in ("path", "git", "github", "gitlab", "bitbucket") or (
                kind == "source" and not RUBYGEMS.match(block.group("args")))
            stack.append(elsewhere)
            continue
        m = GEM.match(line)
        if m:
            if any(stack) or NOT_SERVER.search(m.group("rest")) or re.search(r"\bsource\s*(:|=>)", m.group("rest")):
                continue
            spec = SPEC.search(m.group("rest"))
            yield source.mention("rubygems", m.group("name"), no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                                 spec=spec.group(2) if spec else None)
            continue
        if GENERIC_OPEN.search(line) and not re.search(r"\bend\s*$", line):
            stack.append(False)
