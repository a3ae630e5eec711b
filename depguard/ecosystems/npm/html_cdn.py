"""Web pages (``*.html``, and ASP.NET Core's Razor pages and components, ``*.cshtml`` and ``*.razor``): the npm packages
a browser downloads from a CDN when the page loads.

A page's ``<script src="URL">`` and ``<link href="URL">`` (a stylesheet, a module preload), the ES modules its
``<script>`` code imports (``import x from "URL"``, ``import("URL")``, ``import "URL"``) and the addresses of a
``<script type="importmap">`` are fetched by every browser that opens the page. A URL of a CDN that serves npm
packages names the package it serves: jsDelivr's ``/npm/x@1/…`` and its mirror hosts (as in userscripts:
:mod:`depguard.ecosystems.npm.userscript`), unpkg's ``/x@1/…``, esm.sh's ``/x@1`` (after an optional ``/v135/`` or
``/stable/`` build prefix), esm.run's, Skypack's and jspm.dev's ``/x``, and JSPM's ``ga.jspm.io/npm:x@1/…``;
without a version the CDN serves the latest one. A name npm lacks answers 404 to every visitor today and serves
whatever someone publishes under it tomorrow, so each such URL is read as a declaration (strict): an invented
package on a CDN is exactly what an AI-written page gets wrong.

Not read: a link the reader follows (``<a href>``), text and code outside those tags, anything inside an HTML
comment, other addresses (jsDelivr's ``/gh/``, esm.sh's ``/gh/``, ``/jsr/`` and ``/pr/``, cdnjs' own library
names, a site's own files), a bare CDN address without a package (``https://esm.sh/``), and a name that is a
template's slot (``https://unpkg.com/{{ pkg }}``, ``${name}``: no name is matched there).

A page in a folder below a test folder (``tests/eval/``, ``test/v2/checker/…/rules/``) is the tests' input: a page a
test opens, or a saved copy of another site's page that an extractor or checker is tested on (adbar/trafilatura's
``tests/eval/haitiantimes.com-family.html`` loads the news site's ``ad-auris-iframe-distribution``). Its names are
judged and a flag of a missing or invalid one is a note (:class:`~depguard.model.Example`), as a document's example
is; a page directly in a test folder, or anywhere else, is the project's own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...examples import in_test_inputs
from ...model import Example, Mention, Origin
from ...parsers import Source, file_format
from ...records import replace
from .userscript import NPM_URL

PARSER = "html-cdn"
COMMENT = re.compile(r"<!--.*?(?:-->|\Z)", re.S)
# ASP.NET Core's Razor pages and components (an MVC layout's ``Views/Shared/_Layout.cshtml``, a Blazor app's
# ``Components/App.razor``) hold the page's <script>/<link> tags as an .html page does; their own comments are @* … *@
RAZOR = (".cshtml", ".razor")
RAZOR_COMMENT = re.compile(r"@\*.*?(?:\*@|\Z)", re.S)
# a <script …> or <link …> start tag (attribute values may hold ">" only inside quotes)
# (an unquoted "<" ends the attempt: a start tag that never closes is looked at up to the next tag, not to the text's end)
TAG = re.compile(r"<(?P<tag>script|link)\b(?P<attrs>(?:\"[^\"<]*\"|'[^'<]*'|[^'\"<>])*)>", re.I)
ATTR = re.compile(r"""(?<![\w-])(?P<key>src|href|type)\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\s"'>]+))""", re.I)
SCRIPT_END = re.compile(r"</script\s*>", re.I)
# an ES module import of a quoted address in a script's code: ``from "…"``, ``import "…"``, ``import("…")``
IMPORTED = re.compile(r"""(?:\bfrom|\bimport)\s*\(?\s*(?P<q>["'`])(?P<url>https?://[^"'`\s]+)(?P=q)""")
QUOTED_URL = re.compile(r"""(?P<q>["'])(?P<url>https?://[^"'\s]+)(?P=q)""")
NAME = r"(?P<name>(?:@[\w.~-]+/)?[\w.~-]+)"
# the module CDNs userscripts do not use: esm.sh (a build prefix first), esm.run, Skypack, jspm.dev, JSPM's generator
ESM_URL = re.compile(
    r"https?://(?:esm\.sh/(?:v\d+/|stable/)?(?!(?:gh|jsr|pr|v\d+|stable|build|node)(?:[/?#@]|$))"
    r"|esm\.run/|cdn\.skypack\.dev/|jspm\.dev/(?:npm:)?|ga\.jspm\.io/npm:)"
    + NAME + r"(?:@(?P<version>[^/?#\s&]*))?(?=[/?#&\s]|$)", re.I)


@file_format(PARSER, ("*.html", "*.htm", "*.cshtml", "*.razor"), ecosystem="npm", kind="manifest",
             description="web pages: the npm packages their <script src>, <link href>, module imports and import "
                         "maps download from a CDN (jsDelivr, unpkg, esm.sh, Skypack, JSPM)")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    lowered = text.lower()
    if not any(host in lowered for host in ("jsdelivr.net/npm/", "unpkg.com/", "esm.sh/", "esm.run/", "skypack.dev/",
                                            "jspm.dev/", "jspm.io/npm:", "elemecdn.com/", "unpkg.zhimg.com/",
                                            "npmmirror.com/")):
        return
    comments = [(m.start(), m.end()) for m in COMMENT.finditer(text)]
    if source.path.endswith(RAZOR) and "@*" in text:  # a Razor comment, @* … *@, renders nothing
        comments = sorted(comments + [(m.start(), m.end()) for m in RAZOR_COMMENT.finditer(text)])
    found: list[tuple[int, str, str | None, str]] = []
    for at, url, note in _addresses(text, comments):
        hit = _package(url)
        if hit is not None:
            found.append((at + hit[0], hit[1], hit[2], note))
    test_input = in_test_inputs(source.path)
    line, counted = 1, 0  # the line of offset ``counted`` (in order: counted once, not per mention)
    for at, name, version, note in sorted(found):
        line += text.count("\n", counted, at)
        counted = at
        column = at - text.rfind("\n", 0, at)
        m = source.mention("npm", name, line, column, Origin.MANIFEST, PARSER, spec=version or None, note=note)
        yield replace(m, example=TEST_INPUT) if test_input else m


TEST_INPUT = Example("a web page among the tests' inputs (a folder below a test folder): a page a test opens or a saved "
                     "copy of another site's, not a page the project serves")


def _package(url: str) -> tuple[int, str, str | None] | None:
    """(offset of the name in ``url``, name, version) of the npm package a CDN address serves, or None."""
    m = NPM_URL.match(url)
    if m is not None:
        group = "name" if m.group("name") else "mname"
        return m.start(group), m.group(group), m.group("version" if group == "name" else "mversion")
    m = ESM_URL.match(url)
    if m is not None:
        return m.start("name"), m.group("name"), m.group("version")
    return None


def _addresses(text: str, comments: list[tuple[int, int]]) -> Iterator[tuple[int, str, str]]:
    """(offset, address, note) of each address the page loads: script and link tags' ``src``/``href`` values, the
    quoted addresses a script's code imports, every quoted address of an import map; none inside a comment."""
    k = 0  # the first comment that may hold a tag at or after this one (tags come in order)
    tags = list(TAG.finditer(text))
    scripts = [t.start() for t in tags if t.group("tag").lower() == "script"]
    following = dict(zip(scripts, [*scripts[1:], len(text)]))  # each script tag's next one (or the text's end)
    end: re.Match[str] | None = None
    searched = False  # whether a </script> was searched for (none found: none after any later tag either)
    for tag in tags:
        while k < len(comments) and comments[k][1] <= tag.start():
            k += 1
        if k < len(comments) and comments[k][0] <= tag.start():
            continue
        kind = tag.group("tag").lower()
        attrs = {a.group("key").lower(): a for a in ATTR.finditer(tag.group("attrs"))}
        src = attrs.get("src" if kind == "script" else "href")
        if src is not None:
            group = next(g for g in ("dq", "sq", "bare") if src.group(g) is not None)
            at = tag.start("attrs") + src.start(group)
            yield at, src.group(group), f"the page's <{kind}> address, downloaded when the page loads"
        if kind != "script":
            continue
        # the body ends at the first </script> after the tag, or at the next <script> tag (an unclosed one): each end
        # is searched for once (tags come in order), so a page of unclosed tags stays linear
        if not searched or (end is not None and end.start() < tag.end()):
            end = SCRIPT_END.search(text, tag.end())
            searched = True
        body_end = min(end.start() if end is not None else len(text), following[tag.start()])
        type_attr = attrs.get("type")
        script_type = next((type_attr.group(g) for g in ("dq", "sq", "bare") if type_attr and type_attr.group(g)), "")
        if script_type.strip().lower() == "importmap":
            for m in QUOTED_URL.finditer(text, tag.end(), body_end):
                yield m.start("url"), m.group("url"), "the page's import map address, downloaded when imported"
        else:
            for m in IMPORTED.finditer(text, tag.end(), body_end):
                yield m.start("url"), m.group("url"), "a module the page's script imports, downloaded when it runs"
