"""``Podfile``: ``pod 'Name'`` lines (Ruby DSL, read as text, never run), and ``plugin 'name'`` lines, the CocoaPods
plug-ins (RubyGems gems) ``pod install`` loads.

A subspec ``Name/Sub`` is the pod ``Name``. Pods taken from ``:git``, ``:path`` or ``:podspec`` are not
trunk names, nor is one pinned to another spec repository than trunk (``pod 'X', :source =>
'https://github.com/acme/Specs.git'``: CocoaPods looks for it there only), nor one the ``Podfile.lock`` beside the
Podfile says came from another spec repository or an external source (artsy/eidolon's Podfile lists trunk and
``https://github.com/artsy/Specs.git`` as sources, and its lock resolved ``Artsy+UIColors`` from the latter). A
private ``source`` line alone excuses nothing: which pods it gives, only the lock says. Comments (``#``) and ``=begin``/``=end`` blocks are skipped, and so is a name holding a template's
slot (``pod '{{this.name}}'`` in a project generator's Podfile template).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part

PARSER = "Podfile"
# `plugin 'cocoapods-keys', {…}`: a CocoaPods plug-in, a RubyGems gem `pod install` needs installed (it refuses to run
# without it); artsy/eidolon's Podfile (held-out set 276)
PLUGIN = re.compile(r"""^\s*plugin\s*\(?\s*(?P<q>['"])(?P<name>[^'"]+)(?P=q)""")
POD = re.compile(r"""^\s*pod\s*\(?\s*(?P<q>['"])(?P<name>[^'"]+)(?P=q)(?P<rest>.*)$""")
VERSION = re.compile(r"""^\s*,\s*(?P<q>['"])(?P<v>[^'"]*)(?P=q)""")
TEMPLATE_SLOT = re.compile(r"\{\{.*\}\}|<%.*%>|[$#]\{.*\}")  # Handlebars/Jinja/Go, ERB, Ruby or shell interpolation
NOT_TRUNK = re.compile(r""":(git|path|podspec|http)\s*=>|\b(git|path|podspec|http)\s*:""")
SOURCE = re.compile(r"""(?::source\s*=>|\bsource:)\s*(?P<q>['"])(?P<url>[^'"]+)(?P=q)""")
# trunk's addresses: the CDN (and the spec repos' key `trunk` in a Podfile.lock) and the old git master repo
TRUNK = frozenset({"trunk", "https://cdn.cocoapods.org", "https://github.com/cocoapods/specs",
                   "https://github.com/cocoapods/specs.git", "git@github.com:cocoapods/specs.git"})


def trunk_source(url: str) -> bool:
    """Whether a spec repository's address (or a Podfile.lock's key for it) is CocoaPods trunk."""
    return url.strip().rstrip("/").lower() in TRUNK


def _locked_elsewhere(source: Source) -> set[str]:
    """The pods the ``Podfile.lock`` beside this Podfile resolved from elsewhere than trunk (none when there is no
    readable lock with a private spec repository or an external source)."""
    related = source.read_related("Podfile.lock")
    if related is None:
        return set()
    from ...errors import ParseError
    from ...parsers._util import load_yaml
    from .podfile_lock import not_trunk_pods

    try:
        data = load_yaml(related[1])
    except ParseError:  # an unreadable lock is the lock format's problem to report, not this one's
        return set()
    return not_trunk_pods(data) if isinstance(data, dict) else set()


def code_lines(text: str) -> Iterator[tuple[int, str]]:
    """(line number, the line without its ``#`` comment) of each Ruby line of a Podfile or podspec outside the
    ``=begin``/``=end`` comment blocks."""
    in_block = False
    for line_no, raw in enumerate(text.splitlines(), 1):
        if raw.startswith("=begin"):
            in_block = True
        elif in_block:
            in_block = not raw.startswith("=end")
        else:
            yield line_no, code_part(raw)


@file_format("Podfile", ("Podfile",), ecosystem="cocoapods", kind="manifest",
             description="CocoaPods Podfile pod lines")
def parse(source: Source) -> Iterator[Mention]:
    elsewhere = _locked_elsewhere(source)
    for line_no, line in code_lines(source.text):
        plugin = PLUGIN.match(line)
        if plugin and not TEMPLATE_SLOT.search(plugin.group("name")):
            yield source.mention("rubygems", plugin.group("name").strip(), line_no, plugin.start("name") + 1,
                                 Origin.MANIFEST, PARSER, note="CocoaPods plug-in")
            continue
        m = POD.match(line)
        if not m:
            continue
        rest = m.group("rest")
        source_url = SOURCE.search(rest)
        if NOT_TRUNK.search(rest) or (source_url and not trunk_source(source_url.group("url"))):
            continue
        written = m.group("name").strip()
        if TEMPLATE_SLOT.search(written):
            continue  # a project template's slot (tauri's `pod '{{this.name}}'`): filled when the template is rendered
        pod = written.split("/", 1)[0]
        if pod in elsewhere:
            continue  # the lock beside the Podfile resolved it from a private spec repository or an external source
        v = VERSION.match(rest)
        yield source.mention("cocoapods", written, line_no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                             spec=v.group("v") if v else None, name=pod,
                             note=f"subspec of {pod}" if pod != written else None)
