"""Package.swift, Package.resolved and Xcode projects' package references: names (host/owner/repo), lines, comments, local and registry pins."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_package_swift_empty():
    assert parse("Package.swift", fixture("swift", "empty.swift")) == ([], [])


def test_package_swift_one_and_not_the_product_reference():
    mentions, problems = parse("Package.swift", fixture("swift", "one.swift"))
    assert found(mentions) == [("github.com/apple/swift-nio", 7)]
    assert mentions[0].location.column == 24
    assert mentions[0].spec == "from 2.0.0"
    assert problems == []


def test_package_swift_two_skips_comments_local_and_binary_targets():
    mentions, problems = parse("Package.swift", fixture("swift", "two.swift"))
    assert found(mentions) == [("github.com/alamofire/alamofire", 10), ("gitlab.com/group/project", 15)]
    assert mentions[0].spec == "upToNextMajor 5.8.0"
    assert mentions[1].spec == "branch main"
    assert [p.location.line for p in problems] == [14]  # the registry identity is not checkable
    assert "mona.LinkedList" in problems[0].message


def test_package_swift_not_a_manifest_gives_nothing():
    assert parse("Package.swift", fixture("swift", "not-swift.txt")) == ([], [])


@pytest.mark.parametrize("name, expected", [
    ("v1.resolved", [("github.com/alamofire/alamofire", 6)]),
    ("v2.resolved", [("github.com/apple/swift-nio", 6), ("github.com/apple/swift-log", 23)]),
    ("v3.resolved", [("github.com/apple/swift-argument-parser", 7)]),
])
def test_package_resolved_versions(name, expected):
    mentions, _ = parse("Package.resolved", fixture("swift", name))
    assert found(mentions) == expected
    assert all(m.origin.value == "lockfile" for m in mentions)


def test_package_resolved_spec_is_version_or_branch():
    mentions, _ = parse("Package.resolved", fixture("swift", "v2.resolved"))
    assert [m.spec for m in mentions] == ["2.62.0", "main"]


def test_package_resolved_unknown_version_and_not_json_raise():
    with pytest.raises(ParseError):
        parse("Package.resolved", fixture("swift", "unknown-version.resolved"))
    with pytest.raises(ParseError):
        parse("Package.resolved", fixture("swift", "not-swift.txt"))


def test_package_resolved_empty_pins():
    assert parse("Package.resolved", '{"pins": [], "version": 2}') == ([], [])


def test_file_names_route_to_the_formats():
    assert "Package.swift" in format_names("app/Package.swift")
    assert "Package.swift" in format_names("Package@swift-5.9.swift")
    assert "Package.resolved" in format_names("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")


def test_xcode_project_remote_package_references_are_read():
    # rxhanson/Rectangle's Rectangle.xcodeproj/project.pbxproj (held-out set 276) adds MASShortcut and Sparkle as
    # XCRemoteSwiftPackageReference objects and commits no Package.resolved: nothing read them (0 Swift names)
    mentions, problems = parse("xcodeproj", fixture("swift", "project.pbxproj"), "Rectangle.xcodeproj/project.pbxproj")
    assert found(mentions) == [("github.com/rxhanson/masshortcut", 29), ("github.com/sparkle-project/sparkle", 37),
                               ("github.com/apple/swift-collections", 45), ("gitlab.com/group/kit", 54)]
    assert [m.spec for m in mentions] == ["revision 2f9fbb3f959b7a683c6faaf9638d22afad37a235", "upToNextMajor 2.0.0",
                                          "1.1.0..<2.0.0", "branch main"]
    assert mentions[0].location.column == 21 and all(m.origin.value == "manifest" for m in mentions)
    assert problems == []  # the local package (relativePath) and the product dependency name nothing


def test_xcode_project_key_of_another_object_and_a_made_up_reference():
    # a repositoryURL outside a package reference object is no package; a made-up repository in one is still read
    text = ('{ objects = {\n'
            'X1 = { isa = PBXFileReference; repositoryURL = "https://github.com/not/a-package"; };\n'
            'X2 = { isa = XCRemoteSwiftPackageReference; repositoryURL = "https://github.com/madeup-owner/invented-kit"; };\n'
            'X3 = { isa = XCRemoteSwiftPackageReference; repositoryURL = "../LocalKit"; };\n'
            '}; }\n')
    mentions, _ = parse("xcodeproj", text, "App.xcodeproj/project.pbxproj")
    assert found(mentions) == [("github.com/madeup-owner/invented-kit", 3)]


def test_xcode_project_file_names_route_to_the_format():
    assert "xcodeproj" in format_names("ios/App.xcodeproj/project.pbxproj")
    assert "xcodeproj" not in format_names("project.pbxproj")  # only inside an .xcodeproj bundle


CARTFILE = '''# Moya/Moya's Cartfile and Cartfile.private (held-out set 276), and Carthage's documented origins
github "Alamofire/Alamofire" ~> 5.0
github "ReactiveX/RxSwift" "6.x" # a comment
github "https://ghe.example.com/team/Kit"
git "https://gitlab.com/group/kit.git" "main"
git "file:///Users/me/kit" "main"
binary "https://example.com/Kit.json" ~> 2.3
# github "Quick/Quick" ~> 4.0
github "madeup-owner/InventedCarthageKit"
'''


def test_cartfile_github_and_git_repositories():
    # nothing read a Cartfile before: Moya's Alamofire, ReactiveSwift and RxSwift were named only by its Package.swift
    mentions, problems = parse("Cartfile", CARTFILE, "Cartfile")
    assert found(mentions) == [("github.com/alamofire/alamofire", 2), ("github.com/reactivex/rxswift", 3),
                               ("ghe.example.com/team/kit", 4), ("gitlab.com/group/kit", 5),
                               ("github.com/madeup-owner/inventedcarthagekit", 9)]
    assert [m.spec for m in mentions][:2] == ["~> 5.0", "6.x"] and mentions[0].location.column == 9
    assert all(m.origin.value == "manifest" for m in mentions) and problems == []  # file://, binary, comment: nothing


def test_cartfile_resolved_pins_and_file_names():
    text = 'github "Alamofire/Alamofire" "5.4.3"\ngithub "Quick/Nimble" "v9.2.1"\n'
    mentions, _ = parse("Cartfile.resolved", text, "Cartfile.resolved")
    assert found(mentions) == [("github.com/alamofire/alamofire", 1), ("github.com/quick/nimble", 2)]
    assert [m.spec for m in mentions] == ["5.4.3", "v9.2.1"] and all(m.origin.value == "lockfile" for m in mentions)
    assert "Cartfile" in format_names("Example/Cartfile.private")
    assert "Cartfile.resolved" in format_names("Cartfile.resolved")


XCODEGEN = '''name: ElementX
include:
  - path: app.yml
packages:
  # element-hq/element-x-ios's project.yml (trimmed): the packages `xcodegen generate` adds to the project
  MatrixRustSDK:
    url: https://github.com/element-hq/matrix-rust-components-swift
    exactVersion: 26.07.22
  Compound:
    path: compound-ios
  Clocks:
    github: pointfreeco/swift-clocks
    from: 1.1.0
  Invented:
    url: https://github.com/madeup-owner/invented-xcodegen-kit.git
    minorVersion: 0.1.0
'''


def test_xcodegen_project_spec_packages():
    # nothing read an XcodeGen spec: an app whose generated project is not committed had its packages unjudged
    mentions, problems = parse("xcodegen", XCODEGEN, "project.yml")
    assert found(mentions) == [("github.com/element-hq/matrix-rust-components-swift", 7),
                               ("github.com/pointfreeco/swift-clocks", 12),
                               ("github.com/madeup-owner/invented-xcodegen-kit", 15)]
    assert [m.spec for m in mentions] == ["exact 26.07.22", "from 1.1.0", "upToNextMinor 0.1.0"]
    assert problems == []  # the local package names nothing


def test_other_project_yml_files_are_not_xcodegen_specs():
    # a workflow named project.yml, an agent's settings, a package list with no XcodeGen key: nothing, no problem
    for text in ("name: Add to project\non: [issues]\njobs:\n  add:\n    runs-on: ubuntu-latest\n",
                 "language: python\nignored_paths: []\n",
                 "packages:\n  numpy:\n    url: https://github.com/numpy/numpy\n"):
        assert parse("xcodegen", text, "project.yml") == ([], []), text
    with pytest.raises(ParseError):  # XcodeGen's keys, broken YAML: reported, not passed over
        parse("xcodegen", "packages: [\ntargets: {\n", "project.yml")


def test_mintfile_packages():
    # firebase/quickstart-ios's Mintfile, and Mint's other forms
    text = ("nicklockwood/SwiftFormat@0.45.5\n# a comment\nrealm/SwiftLint\n"
            "https://gitlab.com/group/tool.git@1.0.0\nmadeup-owner/invented-mint-tool@1.0 # trailing\n")
    mentions, problems = parse("Mintfile", text, "Mintfile")
    assert found(mentions) == [("github.com/nicklockwood/swiftformat", 1), ("github.com/realm/swiftlint", 3),
                               ("gitlab.com/group/tool", 4), ("github.com/madeup-owner/invented-mint-tool", 5)]
    assert [m.spec for m in mentions] == ["0.45.5", None, "1.0.0", "1.0"] and problems == []
    assert "Mintfile" in format_names("Mintfile") and "xcodegen" in format_names("ios/project.yml")


def test_a_document_block_holding_a_package_url_call_is_a_package_swift_excerpt():
    # ReactiveX/RxSwift's README (held-out set 276): "Create a `Package.swift` file." (no colon) above a swift block of
    # `let package = Package(` … `.package(url: "https://github.com/ReactiveX/RxSwift.git", …)` was read as code, so
    # nothing read it; an untagged block of such a call neither. Swift code holding a URL is still code
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    text = ("Create a `Package.swift` file.\n\n```swift\nlet package = Package(\n  name: \"RxProject\",\n  dependencies: [\n"
            "    .package(url: \"https://github.com/ReactiveX/RxSwift.git\", .upToNextMajor(from: \"6.0.0\"))\n  ]\n)\n```\n\n"
            "```\n.package(name: \"Kit\", url: \"https://github.com/madeup-zz/invented-kit\", from: \"1.0.0\")\n```\n\n"
            "```swift\nimport RxSwift\nlet url = URL(string: \"https://github.com/x/y\")!\n```\n")
    found_ = [(m.key.name, m.location.line) for m in mentions_in_text(Source(path="README.md", text=text))]
    assert found_ == [("github.com/reactivex/rxswift", 7), ("github.com/madeup-zz/invented-kit", 13)]
