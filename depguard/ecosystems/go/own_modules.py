"""The Go modules the scanned tree defines itself: the ``module`` line of every ``go.mod`` of the tree. Declared as
this ecosystem's ``[own]`` reader (``ecosystem.toml``) for imports only: a Go file importing a package of a module
the tree defines is no proxy name, wherever the file stands (solo-io/workshops, held-out set 236: a step's main.go
imports ``github.com/envoyproxy/envoy/examples/ext_authz/auth/grpc-service/pkg/auth/v3``, the module of the
``grpc-service/go.mod`` beside it, while no go.mod above the file names it; cut to ``github.com/envoyproxy/envoy``,
a repository without a root module, it was a DG001 with the real proxy). A go.mod's require of such a module and
``go install`` of it are still judged: those ask the proxy."""

from __future__ import annotations

import re

TYPE_CHECKING = False  # typing is not imported at run time for annotations
if TYPE_CHECKING:
    from collections.abc import Iterable
    from pathlib import Path

# the module directive, on a line of its own (blanks, not line ends, around the word: `^\s*` tried at each line start
# of a run of empty lines read the rest of the run, quadratic; 20,000 empty lines 1.2 s; reviewer r34)
MODULE_LINE = re.compile(r"^[ \t]*module[ \t]+\"?([^\s\"/]+[^\s\"]*)\"?", re.M)


def defined_modules(files: Iterable[tuple[Path, str]], limit: int) -> frozenset[str]:
    """The module paths ``files`` ((path on disk, path relative to the scan root)) define in their go.mod files,
    read through the active recording view (:func:`depguard.fsview.text_of`): the scan caches what this reads."""
    from ...fsview import texts_named

    out: set[str] = set()
    for _path, text in texts_named(files, ("go.mod",), limit):
        m = MODULE_LINE.search(text)
        if m and "." in m.group(1).split("/", 1)[0]:  # a path the proxy could serve (not `module app`)
            out.add(m.group(1))
    return frozenset(out)
