"""``cpanfile``: ``requires 'Module::Name' => 'version'`` (and ``recommends``, ``suggests``,
``test_requires``, ``build_requires``, ``configure_requires``, ``author_requires``), read as text; never run.

``perl`` itself is not a module. Comments, POD blocks and ``__END__`` are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from ...parsers._util import code_part

PARSER = "cpanfile"
KEYWORDS = "requires|recommends|suggests|conflicts|test_requires|build_requires|configure_requires|author_requires"
REQ = re.compile(rf"""(?:^|[;{{]|\bsub\s*\{{)\s*(?P<kw>{KEYWORDS})\s*\(?\s*(?P<q>['"])(?P<name>[^'"]+)(?P=q)(?P<rest>[^;]*)""")
VERSION = re.compile(r"""^\s*(?:=>|,)\s*(?:(?P<q>['"])(?P<v>[^'"]*)(?P=q)|(?P<n>[0-9][0-9._]*))""")
NOT_MODULES = frozenset({"perl"})


@file_format("cpanfile", ("cpanfile",), ecosystem="cpan", kind="manifest",
             description="Perl cpanfile requires/recommends lines")
def parse(source: Source) -> Iterator[Mention]:
    in_pod = False
    for line_no, raw in enumerate(source.text.splitlines(), 1):
        if raw.startswith("__END__") or raw.startswith("__DATA__"):
            return
        if raw.startswith("="):
            in_pod = not raw.startswith("=cut")
            continue
        if in_pod:
            continue
        line = code_part(raw)
        for m in REQ.finditer(line):
            if m.group("kw") == "conflicts":
                continue
            name = m.group("name").strip()
            if name in NOT_MODULES:
                continue
            v = VERSION.match(m.group("rest"))
            spec = (v.group("v") if v.group("v") is not None else v.group("n")) if v else None
            yield source.mention("cpan", name, line_no, m.start("name") + 1, Origin.MANIFEST, PARSER, spec=spec,
                                 note=None if m.group("kw") == "requires" else m.group("kw"))
