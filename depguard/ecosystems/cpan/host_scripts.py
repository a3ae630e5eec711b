"""The modules IRC clients give the Perl scripts they run: a client's API is no CPAN distribution.

Irssi's Perl scripts (irssi's ``docs/perl.txt``; a dotfiles repository's ``.irssi/scripts/autorun/``) ``use Irssi``,
``Irssi::Irc``, ``Irssi::UI`` and ``Irssi::TextUI``, which irssi itself installs with its Perl support (Debian's irssi
package ships ``perl5/Irssi.pm`` and ``Irssi/{Irc,UI,TextUI}.pm``), and declare themselves with the ``%IRSSI`` hash of
their name, authors and description. HexChat's (and X-Chat's) Perl plug-in gives ``HexChat`` (``Xchat``), and a script
registers itself with ``HexChat::register(…)``. A file with its client's mark is such a script, so these imports are the
client's; the same import in a file without the mark is judged, as is every other import of the script
(``LWP::Simple`` in an Irssi script is CPAN's).
"""

from __future__ import annotations

from ... import lazyre

IRSSI_MARK = lazyre.compile(r"(?m)^[ \t]*(?:(?:our|my)[ \t]+)?%IRSSI[ \t]*=")
IRSSI_MODULES = frozenset({"Irssi", "Irssi::Irc", "Irssi::UI", "Irssi::TextUI"})
HEXCHAT_MARK = lazyre.compile(r"\b(?:HexChat|Xchat)::register[ \t]*\(")
HEXCHAT_MODULES = frozenset({"HexChat", "Xchat"})


def host_modules(text: str) -> frozenset[str]:
    """The client modules a Perl script of Irssi or HexChat loads from its host (module docstring); none for another
    file."""
    found: frozenset[str] = frozenset()
    if "IRSSI" in text and IRSSI_MARK.search(text):
        found |= IRSSI_MODULES
    if "::register" in text and HEXCHAT_MARK.search(text):
        found |= HEXCHAT_MODULES
    return found
