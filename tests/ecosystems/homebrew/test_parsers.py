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


def test_brewfile_bare_names_below_a_third_party_tap_line_may_be_the_taps():
    # two.Brewfile taps homebrew/cask-fonts (Homebrew's own: adds nothing), then user/tools (line 3): the bare names
    # after it may be that tap's, which formulae.brew.sh does not list (not checked when it lacks them); a name with
    # its tap written out keeps it, and "homebrew/core/jq" names Homebrew's own tap
    mentions, _ = parse("Brewfile", fixture("homebrew", "two.Brewfile"))
    marked = {m.key.name: m.example for m in mentions}
    for name in ("mysql@8.0", "homebrew/cask/firefox"):
        example = marked[name]
        assert example is not None and example.unchecked and example.ok_passes and "user/tools (line 3)" in example.reason
    assert marked["user/tools/private-tool"] is None and marked["jq"] is None


def test_brewfile_names_without_a_third_party_tap_are_judged():
    # lencx/ChatGPT's README Brewfile taps through a Ruby variable: that tap is unknown, so it counts; only Homebrew's
    # own taps leave the names judged
    mentions, _ = parse("Brewfile", 'tap "homebrew/bundle"\ntap "homebrew/cask-fonts"\nbrew "wget"\ncask "firefox"\n')
    assert [m.example for m in mentions] == [None, None]
    mentions, _ = parse("Brewfile", 'repo = "lencx/chatgpt"\ntap repo, "https://github.com/#{repo}.git"\ncask "chatgpt"\n')
    assert mentions[0].example is not None and "`repo`" in mentions[0].example.reason
