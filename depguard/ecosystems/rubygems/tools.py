"""Ruby: ``gem install NAME[:VERSION]… [-v V]`` and ``bundle add NAME… [--version V]``, ecosystem ``rubygems``.

Local ``.gem`` files and ``bundle add --git/--github/--path`` are not registry names, nor is the version
``gem update --system 3.3.3`` updates RubyGems itself to.
"""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Item, Options, Target, grammar, manifest_file, plain, project
from ...commands.shell import Word

GEM_NAME = lazyre.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
GEM = Options(with_value=frozenset({
    "-v", "--version", "-i", "--install-dir", "-n", "--bindir", "-s", "--source", "--platform", "-g", "--file",
    "--document", "--build-root", "-P", "--trust-policy", "--target-rbconfig", "--config-file", "--without",
}), abbreviates=True, long_flags=frozenset({  # RubyGems parses with OptionParser, which takes unambiguous prefixes
    "--prerelease", "--no-prerelease", "--vendor", "--no-document", "--env-shebang", "--no-env-shebang", "--force",
    "--no-force", "--wrappers", "--no-wrappers", "--ignore-dependencies", "--format-executable",
    "--no-format-executable", "--user-install", "--no-user-install", "--development", "--development-all",
    "--conservative", "--minimal-deps", "--no-minimal-deps", "--post-install-message", "--no-post-install-message",
    "--default", "--explain", "--lock", "--no-lock", "--suggestions", "--no-suggestions", "--local",
    "--remote", "--both", "--clear-sources", "--http-proxy", "--no-http-proxy", "--update-sources",
    "--no-update-sources", "--quiet", "--verbose", "--no-verbose", "--silent", "--backtrace", "--debug", "--norc",
    "--help",
}))
BUNDLE_ADD = Options(with_value=frozenset({
    "--gemfile", "-j", "--jobs", "--retry", "--without", "--with", "--binstubs", "--standalone", "--shebang",
    "-v", "--version", "-g", "--group", "-s", "--source", "-r", "--require", "--path", "--git", "--github",
    "--branch", "--ref", "--glob",
}))


def gem_target(word: Word, spec: str | None = None) -> Target | None:
    if not plain(word) or word.text.endswith(".gem"):
        return None
    name, _, version = word.text.partition(":")
    if not GEM_NAME.match(name):
        return None
    return Target("rubygems", word, name, spec=version or spec)


def _version(walked: list) -> str | None:
    return next((v.text for kind, w, v in walked if kind == "opt" and v is not None
                 and w.text.split("=", 1)[0] in ("-v", "--version")), None)


GEMFILE = ("Gemfile", "Gemfile.lock", "gems.rb", "gems.locked")


@grammar("gem")
def gem(args: list[Word]) -> Iterator[Item]:
    sub, rest = GEM.subcommand(args)
    if sub is None or sub.text not in ("install", "i", "update", "fetch"):
        return
    for kind, w, value in GEM.walk(rest):  # gem install -g [Gemfile]: what the Gemfile lists
        if kind == "opt" and w.text.split("=", 1)[0] in ("-g", "--file"):
            yield manifest_file("rubygems", "gem", value) if value is not None and not value.text.startswith("-") \
                else project("rubygems", "gem", w, GEMFILE)
            return
    if sub.text == "update" and any(kind == "opt" and w.text.split("=", 1)[0] == "--system"
                                    for kind, w, _ in GEM.walk(rest)):
        return  # gem update --system [VERSION]: RubyGems updates itself, to that version (rubygems' workflows)
    version = _version(list(GEM.walk(rest)))
    yield from GEM.targets(rest, lambda w: gem_target(w, version))


@grammar("bundle", "bundler")
def bundle(args: list[Word]) -> Iterator[Item]:
    sub, rest = BUNDLE_ADD.subcommand(args)
    if sub is None or sub.text in ("install", "update", "i") and not BUNDLE_ADD.positionals(rest):
        gemfile = BUNDLE_ADD.values(args, "--gemfile")
        if gemfile:
            yield manifest_file("rubygems", "bundle", gemfile[-1])
        elif sub is not None or not any(w.text in ("-v", "--version", "-h", "--help") for w in args):
            yield project("rubygems", "bundle", sub or (args[0] if args else None), GEMFILE)
        return
    if sub.text != "add":
        return
    walked = list(BUNDLE_ADD.walk(rest))
    if any(kind == "opt" and w.text.split("=", 1)[0] in ("--git", "--github", "--path") for kind, w, _ in walked):
        return
    version = _version(walked)
    yield from BUNDLE_ADD.targets(rest, lambda w: gem_target(w, version))
