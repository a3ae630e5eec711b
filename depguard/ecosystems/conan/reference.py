"""Conan references, shared by the conan.lock, conanfile.txt and conanfile.py parsers, the ``conan`` grammar and
the registry client.

A reference is ``name/version[@user[/channel]][#recipe-revision][:package-id[#package-revision]][%timestamp]``
(conan-io/conan ``RecipeReference.loads``; osv-scanner's ``parseConanRenference`` reads the same shape); the
version may be a range in brackets (``boost/[>=1.80 <2]``). ConanCenter serves recipes without user and
channel only (``@_/_`` is the same as none): a reference with a user or channel comes from another remote and
is not ConanCenter's to answer.
"""

from __future__ import annotations

import re

from ...records import record

REFERENCE = re.compile(
    r"(?P<name>[^/@#:%\s\[\]]+)/(?P<version>\[[^\]\n]*\]|[^/@#:%\s]+)"
    r"(?:@(?P<user>[^/#:%\s]*)(?:/(?P<channel>[^#:%\s]*))?)?"
    r"(?:#(?P<rrev>[^:%\s]*))?(?::(?P<package>[^#%\s]*)(?:#(?P<prev>[^%\s]*))?)?(?:%(?P<time>\S*))?"
)


@record(frozen=True)
class Reference:
    name: str
    version: str
    user: str | None = None
    channel: str | None = None

    @property
    def on_conancenter(self) -> bool:
        """ConanCenter holds only references without user and channel (``_`` is conan's "none")."""
        return self.user in (None, "", "_") and self.channel in (None, "", "_")


def parse_reference(text: str) -> Reference | None:
    """The reference ``text`` holds (surrounding spaces ignored), or None when it is not one."""
    m = REFERENCE.fullmatch(text.strip())
    if m is None:
        return None
    return Reference(m.group("name"), m.group("version"), m.group("user"), m.group("channel"))
