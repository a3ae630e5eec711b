"""``*.gemspec``, read as text (never run): ``add_dependency``, ``add_runtime_dependency`` and
``add_development_dependency`` calls.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part

PARSER = "gemspec"
CALL = re.compile(r"""\.add_(?P<kind>runtime_|development_)?dependency\s*\(?\s*(?P<q>["'])(?P<name>[^"']+)(?P=q)(?P<rest>.*)$""")
SPEC = re.compile(r"""(["'])([~<>=!]*\s*\d[^"']*)\1""")


@file_format("gemspec", ("*.gemspec",), ecosystem="rubygems", kind="manifest",
             description="gem specifications (read as text): add_*dependency calls")
def parse(source: Source) -> Iterator[Mention]:
    for no, raw in enumerate(source.text.splitlines(), 1):
        m = CALL.search(code_part(raw))
        if not m:
            continue
        spec = SPEC.search(m.group("rest"))
        yield source.mention("rubygems", m.group("name"), no, m.start("name") + 1, Origin.MANIFEST, PARSER,
                             spec=spec.group(2) if spec else None,
                             note="development" if m.group("kind") == "development_" else None)
