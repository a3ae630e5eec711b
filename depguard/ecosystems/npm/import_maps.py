"""Import maps through which an app downloads npm packages without a ``package.json`` (read as text, never run).

* Symfony AssetMapper's ``importmap.php``: an entry with a ``version`` (``'bootstrap' => ['version' =>
  '5.3.8']``) is that version of the npm package, which ``bin/console importmap:install`` downloads (through
  jsDelivr); a key below a package (``highlight.js/lib/core``) is that package, and a ``package_specifier``
  names it when the key does not. An entry with a ``path`` is a file of the app (or of a Composer package).
* importmap-rails' ``config/importmap.rb``: a pin carrying the version note ``bin/importmap pin`` writes when it
  downloads a package into ``vendor/javascript`` (``pin "d3" # @7.9.0``, ``pin "@rails/ujs", to:
  "@rails--ujs.js" # @7.1.3-4``) is that npm package; a pin without it is a file of the app or of a gem.
* Either map's address of a CDN that serves npm packages (importmap-rails 1.x's ``bin/importmap pin`` wrote
  ``pin "jquery", to: "https://ga.jspm.io/npm:jquery@3.6.1/dist/jquery.js"``; AssetMapper 6.3's ``'url' =>
  'https://cdn.jsdelivr.net/npm/…'``): the browser downloads the package that URL names (read as a web page's
  CDN address is, :mod:`depguard.ecosystems.npm.html_cdn`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ._js_project import PHP_ENTRY, PHP_PATH, PIN
from .imports import package_of

PARSER = "importmap"
PHP_VERSION = re.compile(r"""(['"])version\1\s*=>\s*(['"])(?P<v>[^'"\n]+)\2""")
PHP_SPECIFIER = re.compile(r"""(['"])package_specifier\1\s*=>\s*(['"])(?P<p>[^'"\n]+)\2""")
PIN_VERSION = re.compile(r"#\s*@(?P<v>\d[^\s#]*)")
PIN_URL = re.compile(r"""\bto:\s*(["'])(?P<url>https?://[^"'\s]+)\1""")
PHP_URL = re.compile(r"""(['"])url\1\s*=>\s*(['"])(?P<url>https?://[^'"\s]+)\2""")


def _cdn(at: int, url: str) -> tuple[int, str, str] | None:
    """(offset, package id, version) of the npm package the CDN address ``url`` (at ``at``) serves, or None."""
    from .html_cdn import _package

    hit = _package(url)
    return (at + hit[0], hit[1], hit[2] or "") if hit is not None else None


def _php_entry(m: re.Match[str], version: str) -> tuple[int, str, str]:
    """(offset, package id, version) of an importmap.php entry: its ``package_specifier`` where it has one."""
    spec = PHP_SPECIFIER.search(m.group("body"))
    if spec:
        return m.start("body") + spec.start("p"), spec.group("p"), version
    return m.start("name"), m.group("name"), version


@file_format(PARSER, ("importmap.php", "config/importmap.rb"), ecosystem="npm", kind="manifest",
             description="Symfony importmap.php and importmap-rails config/importmap.rb: npm packages they download")
def parse(source: Source) -> Iterator[Mention]:
    text = source.text
    found: list[tuple[int, str, str]] = []
    if source.path.endswith(".php"):
        for m in PHP_ENTRY.finditer(text):
            if PHP_PATH.search(m.group("body")):
                continue
            if version := PHP_VERSION.search(m.group("body")):
                found.append(_php_entry(m, version.group("v")))
            elif (url := PHP_URL.search(m.group("body"))) and (hit := _cdn(m.start("body") + url.start("url"), url.group("url"))):
                found.append(hit)
    else:
        for m in PIN.finditer(text):
            if v := PIN_VERSION.match(m.group("comment") or ""):
                found.append((m.start("name"), m.group("name"), v.group("v")))
            elif (url := PIN_URL.search(m.group("rest"))) and (hit := _cdn(m.start("rest") + url.start("url"), url.group("url"))):
                found.append(hit)
    from ...parsers._lines_js import LineIndex

    index: LineIndex | None = None  # the line starts, found once (a count from the start per pin was quadratic)
    for at, written, pinned in found:
        package = package_of(written)
        if package is None or written.startswith((".", "/")):
            continue
        index = LineIndex(text) if index is None else index
        line, column = index.line_col(at)
        yield source.mention("npm", written, line, column, Origin.MANIFEST, PARSER, spec=pinned, name=package[0],
                             note=f"a file of {package[0]}" if package[0] != written else None)
