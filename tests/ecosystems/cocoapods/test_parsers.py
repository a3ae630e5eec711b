"""Podfile and Podfile.lock: pod names (subspecs reduced), lines, comments, external sources."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_podfile_empty():
    assert parse("Podfile", fixture("cocoapods", "empty.Podfile")) == ([], [])


def test_podfile_one():
    mentions, _ = parse("Podfile", fixture("cocoapods", "one.Podfile"))
    assert found(mentions) == [("Alamofire", 4)]
    assert mentions[0].spec == "~> 5.8"
    assert mentions[0].location.column == 8


def test_podfile_two_skips_comments_local_git_and_block_comments():
    mentions, _ = parse("Podfile", fixture("cocoapods", "two.Podfile"))
    assert found(mentions) == [("Firebase", 7), ("SnapKit", 10)]
    assert mentions[0].written == "Firebase/Analytics"
    assert mentions[1].spec == "5.7.1"


def test_podfile_not_a_podfile():
    assert parse("Podfile", fixture("cocoapods", "not-podfile.txt")) == ([], [])


def test_podfile_lock_one():
    mentions, _ = parse("Podfile.lock", fixture("cocoapods", "one.lock"))
    assert found(mentions) == [("SnapKit", 2)]
    assert mentions[0].spec == "5.7.1"


def test_podfile_lock_two_dedupes_subspecs_and_skips_external_sources():
    mentions, _ = parse("Podfile.lock", fixture("cocoapods", "two.lock"))
    # SPEC CHECKSUMS names are not read; MyLocal comes from a path
    assert found(mentions) == [("Alamofire", 2), ("Firebase", 3), ("FirebaseAnalytics", 5)]


@pytest.mark.parametrize("text", ["", "just text", "- a\n- b\n", "COCOAPODS: 1.0\n"])
def test_podfile_lock_not_a_lockfile_raises(text):
    with pytest.raises(ParseError):
        parse("Podfile.lock", text)


def test_file_names_route_to_the_formats():
    assert format_names("ios/Podfile") >= {"Podfile"}
    assert format_names("ios/Podfile.lock") >= {"Podfile.lock"}


def test_podfile_template_slots_are_not_pod_names():
    # tauri-apps/tauri crates/tauri-cli/templates/mobile/ios/Podfile: a Handlebars template the CLI renders
    mentions, problems = parse("Podfile", fixture("cocoapods", "template.Podfile"))
    assert found(mentions) == [("SnapKit", 9)]
    assert problems == []


def test_pods_of_a_private_spec_repository_are_not_trunk_names():
    # a probe of held-out set 227's category (iOS apps): a company's spec repo pinned on a pod line (`:source =>`), and
    # the pods a Podfile.lock's SPEC REPOS lists under that repo, are no trunk names; a pod pinned to trunk's CDN, one
    # the lock lists under trunk (an invented one too) and a pod of a Podfile that merely adds a private source are still
    # judged
    podfile = ("source 'https://github.com/acme/Specs.git'\nsource 'https://cdn.cocoapods.org/'\ntarget 'App' do\n"
               "  pod 'SpecRepoPod', :source => 'https://github.com/acme/Specs.git'\n"
               "  pod 'OtherPinned', source: 'git@github.com:acme/specs.git'\n"
               "  pod 'TrunkPinned', :source => 'https://cdn.cocoapods.org/'\n  pod 'Alamofire'\nend\n")
    mentions, _ = parse("Podfile", podfile)
    assert found(mentions) == [("TrunkPinned", 6), ("Alamofire", 7)]
    mentions, _ = parse("Podfile.lock", fixture("cocoapods", "private-specs.lock"))
    assert found(mentions) == [("Alamofire", 3), ("InventedLockPodZz", 5)]
