"""Userscripts (Greasemonkey, Tampermonkey, Violentmonkey): the npm packages their metadata block downloads.

A userscript carries a ``// ==UserScript==`` … ``// ==/UserScript==`` block of ``// @key value`` lines. When the
script is installed (and at each update), the userscript manager downloads every ``@require`` URL, code it runs
before the script in each page the script matches, and every ``@resource name URL``. A URL of a CDN that serves
npm packages names the package it serves: jsDelivr's ``/npm/x@1/…`` (and its mirror hosts ``fastly``, ``gcore``,
``testingcf``), unpkg's ``/x@1/…`` and the mirrors ``npm.elemecdn.com`` and ``unpkg.zhimg.com`` (the same paths), and
npmmirror's ``/x/1.0.0/files/…``; without a version (``https://unpkg.com/vm.shortcut``) the CDN serves the latest
one. A name the registry lacks there downloads whatever someone publishes under it later, into every matched
page, so each such URL is read as a declaration (strict). Other URLs name no npm package: Greasy Fork's script
library, jsDelivr's ``/gh/`` (a GitHub repository), cdnjs and its mirrors (their own library names), a site's own
files. A trailing ``#sha256-…`` (subresource integrity) or comment after the URL is not part of it.

A block is read where it is a comment of the script, not text in a template literal (a userscript manager's own
"new script" template): the backticks before its first line are balanced.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format

PARSER = "userscript"
START = re.compile(r"^[ \t]*//[ \t]*==UserScript==[ \t]*\r?$", re.M)
END = re.compile(r"^[ \t]*//[ \t]*==/UserScript==", re.M)
KEY = re.compile(r"^[ \t]*//[ \t]*@(?P<key>require|resource)[ \t]+(?P<value>[^\r\n]*)", re.M)
NAME = r"(?P<name>(?:@[\w.~-]+/)?[\w.~-]+)"
NPM_URL = re.compile(
    r"https?://(?:(?:(?:cdn|fastly|gcore|testingcf)\.jsdelivr\.net/npm)|(?:www\.)?unpkg\.com|npm\.elemecdn\.com"
    r"|unpkg\.zhimg\.com)/" + NAME + r"(?:@(?P<version>[^/?#\s]*))?(?=[/?#\s]|$)"
    r"|https?://registry\.npmmirror\.com/" + NAME.replace("name", "mname")
    + r"/(?P<mversion>[^/?#\s]+)/files/", re.I)


@file_format(PARSER, ("*.js", "*.mjs", "*.cjs", "*.ts"), ecosystem="npm", kind="manifest",
             description="userscripts' metadata blocks: the npm packages their @require and @resource URLs download")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    if "==UserScript==" not in text:
        return
    line, counted = 1, 0  # the line of offset ``counted`` (mentions come in order: counted once, not per mention)
    for _, body, end in _blocks(text):
        for entry in KEY.finditer(text, body, end):
            words = list(re.finditer(r"\S+", entry.group("value")))
            if entry.group("key") == "resource":
                words = words[1:]  # @resource name URL
            url = NPM_URL.match(words[0].group(0)) if words else None
            if url is None:
                continue
            group = "name" if url.group("name") else "mname"
            version = url.group("version" if group == "name" else "mversion")
            at = entry.start("value") + words[0].start() + url.start(group)
            line += text.count("\n", counted, at)
            counted = at
            column = at - text.rfind("\n", 0, at)
            yield source.mention("npm", url.group(group), line, column, Origin.MANIFEST, PARSER, spec=version or None,
                                 note=f"the userscript's @{entry.group('key')} URL, downloaded at install")


def _blocks(text: str) -> Iterator[tuple[int, int, int]]:
    """(start, body start, body end) of each metadata block that is a comment of the script: each start line paired
    with the first end line after it, in one pass over both (a file of start lines without an end stays linear), a
    block after an odd number of backticks (inside a template literal) left out."""
    ends = END.finditer(text)
    end = None
    ticks = seen = 0  # backticks before ``seen``
    for start in START.finditer(text):
        if end is not None and start.start() < end.end():
            continue  # a start line inside the block just read
        while end is None or end.start() < start.end():
            end = next(ends, None)
            if end is None:
                return
        ticks += text.count("`", seen, start.start())
        seen = start.start()
        if ticks % 2 == 0:  # (odd: inside a template literal, a manager's template or a test's input)
            yield start.start(), start.end(), end.start()
