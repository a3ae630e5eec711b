"""``vendor/modules.txt``: the ``# module version`` header of every vendored module.

``# old => new version`` means the code came from the replacement module, which is the one reported;
a replacement by a local directory (``=> ./local``) is not from the proxy and is not asked. ``##`` lines and
the package lines under a header name nothing new.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...model import Mention, Origin
from ...parsers import Source, file_format
from .go_mod import is_local

PARSER = "vendor/modules.txt"


@file_format("vendor/modules.txt", ("vendor/modules.txt",), ecosystem="go", kind="lockfile",
             description="Go vendor manifests: vendored modules and their replacements")
def parse(source: Source) -> Iterator[Mention]:
    seen: set[tuple[str, str]] = set()
    for no, raw in enumerate(source.text.splitlines(), 1):
        if not raw.startswith("# "):
            continue
        words = raw[2:].split()
        if not words:
            continue
        if "=>" in words:
            arrow = words.index("=>")
            target = words[arrow + 1:]
            if not target or is_local(target[0]):
                continue
            module, version = target[0], (target[1] if len(target) > 1 else "")
            note = f"replaces {words[0]}"
            start = raw.find("=>")
        else:
            if len(words) != 2 or not words[1].startswith("v"):
                source.problem(f"not a module header: {raw.strip()!r}", no)
                continue
            module, version = words
            note = None
            start = 0
        if (module, version) in seen:
            continue
        seen.add((module, version))
        yield source.mention("go", module, no, raw.find(module, start) + 1, Origin.LOCKFILE, PARSER,
                             spec=version or None, note=note)


def vendored_folders(text: str) -> list[str]:
    """The folders below ``vendor/`` that ``go mod vendor`` filled, one per ``# module`` header of ``modules.txt``
    (the module's own path, also for a replaced one: its code lies under the path it is imported by)
    (depguard/discover.py: ``[project] vendored``)."""
    out = []
    for raw in text.splitlines():
        words = raw[2:].split() if raw.startswith("# ") else []
        if words and "/" in words[0] and not words[0].startswith((".", "/")) and ".." not in words[0].split("/"):
            out.append(words[0])
    return out
