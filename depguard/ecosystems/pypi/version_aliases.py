"""Version-suffixed builds of the project's own package: ``opensearchpy1`` of opensearch-py.

Some client libraries publish their package a second time under a name carrying its major version, so that two
major versions can be installed side by side: elasticsearch-py's ``elasticsearch7``/``elasticsearch8``, and
opensearch-py, whose ``utils/build_dists.py`` moves ``opensearchpy/`` to ``opensearchpy{major}/``, rewrites
``PACKAGE_NAME = "opensearch-py"`` to ``opensearch-py{major}`` and builds that too. The tree's type tests of that
build (opensearch-py's ``test_opensearchpy/test_types/aliased_types.py``: ``from opensearchpy1 import OpenSearch``)
import a name that exists only once the build has run, and that PyPI may not have (opensearch-py1: 404).

The evidence is the tree's own: the module is a top-level module of the project followed by a version number of one
or two digits, and the project's manifest defines a distribution whose letters and digits are that module's
(``opensearch-py`` for ``opensearchpy``). Only a name no registry has becomes a note (:func:`version_alias_note`); a
registered one is judged as usual, and a number after a module the project does not define as its own distribution
(``requests2`` beside a local ``requests``, a made-up ``opensearchpyx1``) leaves the import judged.
"""

from __future__ import annotations

from collections.abc import Container, Iterable

from ... import lazyre
from ...model import Example
from ...names import alphanumeric

# a module name ending in a major version of one or two digits, after a letter or "_" (``opensearchpy1``)
SUFFIXED = lazyre.compile(r"(?P<stem>[A-Za-z_][A-Za-z0-9_]*?[A-Za-z_])(?P<major>[0-9]{1,2})")


def version_alias_note(top: str, local: Container[str], own: Iterable[str]) -> Example | None:
    """A note for an import of ``top`` that nothing declared explains, where ``top`` is a module of the project
    (``local``) followed by a major version number and the project's manifests define a distribution named like that
    module (``own``: the names they take from elsewhere, the project's own among them). None otherwise."""
    m = SUFFIXED.fullmatch(top)
    if m is None or m.group("stem") not in local:
        return None
    stem = alphanumeric(m.group("stem"))
    name = next((n for n in own if alphanumeric(n) == stem), None)
    if name is None:
        return None
    return Example(f"{top!r} is the project's own package {m.group('stem')!r} with its major version appended: the "
                   f"name a version-suffixed build of the project's {name} gives it (as elasticsearch-py's "
                   "elasticsearch8), imported by the tree's tests of that build", setting=None)
