"""The modules IRC clients give the Perl scripts they run (issue 12, a probe of held-out set 207's category: jessfraz's
dotfiles keep eleven Irssi scripts in ``.irssi/scripts/autorun/``). ``use Irssi`` and ``use Irssi::TextUI`` load
irssi's own API, which irssi installs with its Perl support (Debian's irssi package ships ``Irssi.pm``) and no CPAN
distribution provides; they were judged as CPAN modules. A file carrying its client's mark (Irssi's ``%IRSSI`` hash,
HexChat's ``HexChat::register``) is such a script; the same import without the mark, and every other import of the
script, are still judged."""

from __future__ import annotations

from depguard.ecosystems.cpan.host_scripts import host_modules
from tests.trees import judged, verdicts, write

# shaped like jessfraz/dotfiles' .irssi/scripts/autorun/link_titles.pl (its head)
IRSSI_SCRIPT = """use strict;
use Irssi;
use Irssi::TextUI;
use LWP::Simple;
use Dgx::Invented::Helper;
use vars qw($VERSION %IRSSI);
$VERSION = '1.0';
%IRSSI = (
    authors     => 'someone',
    name        => 'link_titles',
    description => 'prints the titles of links',
);
"""
HEXCHAT_SCRIPT = "use strict;\nuse HexChat qw(:all);\nHexChat::register('x', '1.0', 'does x');\n"


def test_an_irc_clients_modules_are_its_scripts_own(tmp_path):
    write(tmp_path, {".irssi/scripts/autorun/link_titles.pl": IRSSI_SCRIPT,
                     "hexchat/addons/x.pl": HEXCHAT_SCRIPT,
                     "lib/tool.pl": "use Irssi;\nuse HexChat;\n"})
    got = verdicts(judged(tmp_path, {"LWP::Simple"}))
    script = ".irssi/scripts/autorun/link_titles.pl"
    assert (script, "Irssi") not in got and (script, "Irssi::TextUI") not in got
    assert ("hexchat/addons/x.pl", "HexChat") not in got
    assert got[(script, "LWP::Simple")] == "ok"
    assert got[(script, "Dgx::Invented::Helper")] == "missing"
    assert got[("lib/tool.pl", "Irssi")] == "missing"  # no client's mark: judged
    assert got[("lib/tool.pl", "HexChat")] == "missing"


def test_the_marks():
    assert host_modules(IRSSI_SCRIPT) == {"Irssi", "Irssi::Irc", "Irssi::UI", "Irssi::TextUI"}
    assert host_modules("our %IRSSI = (name => 'x');\n") >= {"Irssi"}
    assert host_modules("my %IRSSI = (name => 'x');\n") >= {"Irssi"}  # jessfraz's trackbar.pl
    assert host_modules("# see %IRSSI in the docs\nmy %irssi = ();\n") == frozenset()
    assert host_modules("Xchat::register('x', '1');\n") == {"HexChat", "Xchat"}
