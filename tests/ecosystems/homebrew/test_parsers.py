"""Brewfile: formulae and casks (casks as homebrew/cask/<token>); tap, mas, vscode and others skipped."""

from __future__ import annotations

from .._fixtures import fixture, format_names, found, parse


def test_brewfile_empty():
    assert parse("Brewfile", fixture("homebrew", "empty.Brewfile")) == ([], [])


def test_brewfile_one():
    mentions, _ = parse("Brewfile", fixture("homebrew", "one.Brewfile"))
    assert found(mentions) == [("wget", 1)]
    assert mentions[0].location.column == 7


def test_brewfile_two_formulae_casks_taps_and_other_lines():
    mentions, _ = parse("Brewfile", fixture("homebrew", "two.Brewfile"))
    assert found(mentions) == [
        ("mysql@8.0", 4), ("user/tools/private-tool", 5), ("homebrew/cask/firefox", 6),
        ("homebrew/cask-fonts/font-fira-code", 7), ("jq", 11),
    ]
    assert mentions[2].note == "cask"


def test_brewfile_prose_is_only_read_at_line_start():
    # "brew" must open the line: prose is not a Brewfile entry
    assert parse("Brewfile", fixture("homebrew", "not-brewfile.txt")) == ([], [])


def test_file_names_route_to_the_formats():
    assert "Brewfile" in format_names("Brewfile")
    assert "Brewfile" in format_names("dotfiles/work.Brewfile")
