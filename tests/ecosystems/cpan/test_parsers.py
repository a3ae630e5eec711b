"""cpanfile and META.json / META.yml: module names, lines, phases, perl and the dist's own modules."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_cpanfile_empty():
    assert parse("cpanfile", fixture("cpan", "empty.cpanfile")) == ([], [])


def test_cpanfile_one():
    mentions, _ = parse("cpanfile", fixture("cpan", "one.cpanfile"))
    assert found(mentions) == [("Plack", 1)]
    assert (mentions[0].location.column, mentions[0].spec) == (11, "1.0048")


def test_cpanfile_two_skips_comments_perl_conflicts_and_after_end():
    mentions, _ = parse("cpanfile", fixture("cpan", "two.cpanfile"))
    assert found(mentions) == [("Moose", 3), ("Test::More", 6), ("DBD::SQLite", 8)]
    assert [m.spec for m in mentions] == ["2.2", "0.98", None]
    assert mentions[2].note == "recommends"


def test_cpanfile_prose_is_not_a_requirement():
    assert parse("cpanfile", fixture("cpan", "not-cpanfile.txt")) == ([], [])


def test_meta_json_phases_skip_perl_and_provided_modules():
    mentions, _ = parse("META.json", fixture("cpan", "META.json"))
    assert found(mentions) == [("ExtUtils::MakeMaker", 7), ("Moo", 12), ("JSON::XS", 15), ("Test::Deep", 18)]
    assert mentions[3].note == "test requires"


def test_meta_yml_v1_keys_and_lines_not_fooled_by_the_abstract():
    mentions, _ = parse("META.yml", fixture("cpan", "META.yml"))
    assert found(mentions) == [("Test::More", 6), ("Try::Tiny", 12), ("URI", 13)]


@pytest.mark.parametrize("fmt, text", [("META.json", "[1, 2]"), ("META.json", "{}"), ("META.yml", "- a\n"),
                                       ("META.json", "not json")])
def test_meta_not_a_meta_file_raises(fmt, text):
    with pytest.raises(ParseError):
        parse(fmt, text)


def test_file_names_route_to_the_formats():
    assert "cpanfile" in format_names("cpanfile")
    assert "META.json" in format_names("dist/META.json")
    assert "META.yml" in format_names("META.yml")


def test_makefile_pl_and_build_pl_prerequisites_are_read_as_text():
    # mojolicious/mojo's Makefile.PL (PREREQ_PM => {'IO::Socket::IP' => '0.37', ...}) yielded no mention: a Perl
    # distribution's prerequisites were only read from cpanfile and META files. MakeMaker hashes (and META_MERGE's
    # prereqs), Module::Build's, Module::Install's statements; perl, comments, POD and hashes built in code are not.
    mentions, problems = parse("Makefile.PL", fixture("cpan", "dists/makemaker/Makefile.PL"))
    assert found(mentions) == [("Test::Deep", 9), ("IO::Socket::SSL", 18), ("ExtUtils::MakeMaker", 23),
                               ("IO::Socket::IP", 25), ("Sub::Util", 26), ("JSON::PP", 27), ("Test::More", 29)]
    assert [(m.spec, m.note) for m in mentions][3:6] == [("0.37", None), ("1.41", None), ("2.27", None)]
    assert (mentions[2].note, mentions[6].note, problems) == ("configure requires", "test requires", [])
    mentions, _ = parse("Makefile.PL", fixture("cpan", "dists/modulebuild/Build.PL"))
    assert found(mentions) == [("Module::Build", 7), ("Moo", 10), ("Type::Tiny", 11), ("Test::Fatal", 13)]
    mentions, _ = parse("Makefile.PL", fixture("cpan", "dists/install/Makefile.PL"))
    assert found(mentions) == [("Try::Tiny", 6), ("Path::Tiny", 7), ("Test::Exception", 8)]
    assert "Makefile.PL" in format_names("dist/Makefile.PL") and "Makefile.PL" in format_names("Build.PL")
