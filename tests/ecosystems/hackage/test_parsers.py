"""*.cabal, cabal.project.freeze, stack.yaml and stack.yaml.lock: Hackage names and lines."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_cabal_empty():
    assert parse("cabal", fixture("hackage", "empty.cabal")) == ([], [])


def test_cabal_one():
    mentions, _ = parse("cabal", fixture("hackage", "one.cabal"))
    assert found(mentions) == [("base", 7)]
    assert (mentions[0].location.column, mentions[0].spec) == (20, ">=4.14 && <5")


def test_cabal_two_multiline_sublibraries_conditionals_and_own_libraries():
    mentions, problems = parse("cabal", fixture("hackage", "two.cabal"))
    assert found(mentions) == [
        ("base", 10), ("text", 11), ("containers", 13), ("aeson", 14), ("pretty-simple", 16),
        ("base", 19), ("base", 23), ("optparse-applicative", 23),
    ]
    assert mentions[1].spec == ">= 1.2"
    assert problems == []


def test_cabal_not_a_cabal_file():
    assert parse("cabal", fixture("hackage", "not-cabal.txt")) == ([], [])


def test_freeze_constraints_skip_flags_and_qualifiers():
    mentions, _ = parse("cabal.project.freeze", fixture("hackage", "cabal.project.freeze"))
    assert found(mentions) == [("aeson", 2), ("base", 4), ("Cabal", 6), ("text", 7)]
    assert mentions[0].location.column == 18
    assert mentions[3].spec == "==2.0.2"


@pytest.mark.parametrize("text", ["", "just prose without fields"])
def test_freeze_not_a_freeze_file_raises(text):
    with pytest.raises(ParseError):
        parse("cabal.project.freeze", text)


def test_stack_yaml_extra_deps_only_from_hackage():
    mentions, _ = parse("stack.yaml", fixture("hackage", "stack.yaml"))
    assert found(mentions) == [("acme-missiles", 7), ("fuzzyset", 8), ("hasql-pool", 12)]
    assert [m.spec for m in mentions] == ["0.3", "0.2.4", "1.0.1"]


def test_stack_yaml_without_extra_deps_and_empty():
    assert parse("stack.yaml", "resolver: lts-22.41\npackages: [.]\n") == ([], [])
    assert parse("stack.yaml", "") == ([], [])


def test_stack_lock_hackage_entries_only():
    mentions, _ = parse("stack.yaml.lock", fixture("hackage", "stack.yaml.lock"))
    assert found(mentions) == [("acme-missiles", 4)]


@pytest.mark.parametrize("text", ["", "- a\n", "packages: 3\n"])
def test_stack_lock_not_a_lockfile_raises(text):
    with pytest.raises(ParseError):
        parse("stack.yaml.lock", text)


def test_file_names_route_to_the_formats():
    assert "cabal" in format_names("pkg/demo.cabal")
    assert "cabal.project.freeze" in format_names("cabal.project.freeze")
    assert "stack.yaml" in format_names("stack.yaml")
    assert "stack.yaml.lock" in format_names("stack.yaml.lock")


def test_cabal_a_package_ghc_provides_is_no_hackage_name():
    # text.cabal's shape (held-out set 280 probe): GHC >= 9.4 provides system-cxx-std-lib, Hackage does not have it;
    # an invented name beside it is still a Hackage name
    text = ("name: demo\nlibrary\n  if impl(ghc >= 9.4)\n    build-depends: system-cxx-std-lib == 1.0\n"
            "  build-depends: base, system-cxx-std-lib-extra\n")
    mentions, problems = parse("cabal", text)
    assert found(mentions) == [("base", 5), ("system-cxx-std-lib-extra", 5)]
    assert problems == []


def test_cabal_names_starting_with_digits_and_words_that_are_no_names():
    # the name pattern matches each word's letters after its leading digits (linear on a long word, held-out set 280):
    # names of words starting with digits are still read, a word without a letter or with another character is not
    text = "name: demo\nlibrary\n  build-depends: 3d-graphics ^>=1, Win32, base64-bytestring, x-1, foo#bar\n"
    mentions, problems = parse("cabal", text)
    assert found(mentions) == [("3d-graphics", 3), ("Win32", 3), ("base64-bytestring", 3)]
    assert [p.message for p in problems] == ["build-depends: cannot read 'x-1'", "build-depends: cannot read 'foo#bar'"]
    frozen, _ = parse("cabal.project.freeze", "constraints: any.foo ==1.0      , any.bar   +flag\n")
    assert [(m.key.name, m.spec) for m in frozen] == [("foo", "==1.0")]
def test_hpack_package_yaml_sections_conditionals_and_forms():
    # hpack's package.yaml (held-out set 280: Haskell projects declaring dependencies in hpack alone): the package's
    # and every section's dependencies, in list, mapping, comma-string and flow forms, `when` and its `else`; the
    # package itself, its internal library and a package GHC provides are left out
    mentions, problems = parse("package.yaml", fixture("hackage", "hpack/package.yaml"), "package.yaml")
    assert found(mentions) == [
        ("base", 6), ("aeson", 7), ("text", 12), ("Win32", 16), ("unix", 18), ("directory", 18),
        ("optparse-applicative", 30), ("hspec", 37), ("base", 38),
    ]
    assert (mentions[0].spec, mentions[6].spec, mentions[7].spec) == (">= 4.7 && < 5", ">= 0.17", ">= 2.10")
    assert problems == []


def test_hpack_a_pnpm_package_yaml_is_not_hpacks():
    # pnpm reads a package.yaml as its package.json: npm's keys, none of hpack's
    assert parse("package.yaml", fixture("hackage", "hpack/pnpm-package.yaml"), "package.yaml") == ([], [])


def test_cabal_build_tool_depends_names_the_package_before_the_colon():
    # a build tool is built from Hackage too (held-out set 280: Haskell test suites' hspec-discover); the package's own
    # executable is local, an invented tool package is judged
    text = ("name: demo\ntest-suite spec\n  build-depends: base\n"
            "  build-tool-depends: hspec-discover:hspec-discover >= 2 && < 3,\n    demo:gen, imagined-gen-tool:gen\n")
    mentions, problems = parse("cabal", text)
    assert found(mentions) == [("base", 3), ("hspec-discover", 4), ("imagined-gen-tool", 5)]
    assert mentions[1].spec == ">= 2 && < 3"
    assert problems == []
