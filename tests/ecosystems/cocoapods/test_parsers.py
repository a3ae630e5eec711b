"""Podfile, Podfile.lock and podspecs: pod names (subspecs reduced), lines, comments, external sources."""

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


def test_podfile_pods_its_lock_resolved_from_a_private_spec_repository_are_not_trunk_names(tmp_path):
    # artsy/eidolon (held-out set 276): the Podfile lists trunk and https://github.com/artsy/Specs.git as sources and
    # `pod 'Artsy+UIColors'`; its Podfile.lock's SPEC REPOS resolved that pod from artsy/Specs, so trunk is not asked
    from depguard.parsers import Source, get_format

    podfile = ("source 'https://github.com/acme/Specs.git'\nsource 'https://cdn.cocoapods.org/'\ntarget 'App' do\n"
               "  pod 'AcmeCore/Networking'\n  pod 'Alamofire'\n  pod 'InventedLockPodZz'\n  pod 'AcmeCoreZz'\nend\n")
    (tmp_path / "Podfile").write_text(podfile)
    (tmp_path / "Podfile.lock").write_text(fixture("cocoapods", "private-specs.lock"))
    source = Source(path="Podfile", text=podfile, fs_path=tmp_path / "Podfile", root=tmp_path)
    # trunk's pods, the invented one the lock lists under trunk and an unlocked look-alike are still judged
    assert found(list(get_format("Podfile").parse(source))) == [("Alamofire", 5), ("InventedLockPodZz", 6),
                                                                ("AcmeCoreZz", 7)]
    (tmp_path / "Podfile.lock").write_text("PODS: [\n")  # an unreadable lock excuses nothing
    source = Source(path="Podfile", text=podfile, fs_path=tmp_path / "Podfile", root=tmp_path)
    assert [n for n, _ in found(list(get_format("Podfile").parse(source)))] == [
        "AcmeCore", "Alamofire", "InventedLockPodZz", "AcmeCoreZz"]


def test_podspec_dependencies_of_the_spec_its_subspecs_and_platforms():
    # Moya/Moya's Moya.podspec (held-out set 276, trimmed): its subspecs' dependencies were read by nothing
    mentions, problems = parse("podspec", fixture("cocoapods", "Moya.podspec"), "Moya.podspec")
    assert found(mentions) == [("Alamofire", 9), ("ReactiveSwift", 14), ("RxSwift", 20), ("Firebase", 22),
                               ("InventedPodKit", 24)]  # a made-up pod is read and judged as any other
    assert [m.spec for m in mentions] == ["~> 5.0", "~> 6.0", "~> 6.0", None, ">= 1.0"]
    assert mentions[0].location.column == 20 and mentions[3].written == "Firebase/Analytics"
    assert problems == []  # Moya/Core (its own subspec), the comment and the interpolated name give nothing


def _podspec(path, text, root):
    from depguard.parsers import Source, get_format

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    source = Source(path=path.relative_to(root).as_posix(), text=text, fs_path=path, root=root)
    return [(m.key.name, m.location.line) for m in get_format("podspec").parse(source)]


def test_podspec_a_pod_a_podspec_beside_it_defines_is_the_trees_own(tmp_path):
    # rickclephas/KMP-NativeCoroutines: KMPNativeCoroutinesRxSwift.podspec depends on KMPNativeCoroutinesCore, whose
    # podspec sits in the same folder
    (tmp_path / "KMPNativeCoroutinesCore.podspec").write_text("Pod::Spec.new do |s|\n  s.name = 'KMPNativeCoroutinesCore'\nend\n")
    text = ("Pod::Spec.new do |s|\n  s.name = 'KMPNativeCoroutinesRxSwift'\n"
            "  s.dependency 'KMPNativeCoroutinesCore', s.version.to_s\n  s.dependency 'RxSwift', '~> 6.0'\n"
            "  s.dependency 'KMPNativeCoroutinesCorez'\nend\n")
    assert _podspec(tmp_path / "KMPNativeCoroutinesRxSwift.podspec", text, tmp_path) == [("RxSwift", 4), ("KMPNativeCoroutinesCorez", 5)]


def test_podspec_of_a_flutter_plugin_or_a_react_native_package_is_not_read(tmp_path):
    # the host app's Podfile gives Flutter's and React Native's own pods by path (`Flutter`, `React-Core`)
    (tmp_path / "plugin" / "pubspec.yaml").parent.mkdir()
    (tmp_path / "plugin" / "pubspec.yaml").write_text("name: plugin\nflutter:\n  plugin: {}\n")
    flutter = "Pod::Spec.new do |s|\n  s.name = 'plugin'\n  s.dependency 'Flutter'\nend\n"
    assert _podspec(tmp_path / "plugin" / "ios" / "plugin.podspec", flutter, tmp_path) == []
    (tmp_path / "rnlib").mkdir()
    (tmp_path / "rnlib" / "package.json").write_text('{"name": "rnlib"}')
    assert _podspec(tmp_path / "rnlib" / "rnlib.podspec", 'Pod::Spec.new do |s|\n  s.dependency "React-Core"\nend\n',
                    tmp_path) == []
    # an Expo module's (expo-apple-targets' apps/live-activities-demo/modules/expo-live-activity, held-out set 285):
    # `use_expo_modules!` links ExpoModulesCore from node_modules by path
    (tmp_path / "modules" / "expo-live-activity" / "ios").mkdir(parents=True)
    (tmp_path / "modules" / "expo-live-activity" / "expo-module.config.json").write_text('{"apple": {"modules": []}}')
    expo = "Pod::Spec.new do |s|\n  s.name = 'ExpoLiveActivity'\n  s.dependency 'ExpoModulesCore'\nend\n"
    assert _podspec(tmp_path / "modules" / "expo-live-activity" / "ios" / "ExpoLiveActivity.podspec", expo, tmp_path) == []
    assert _podspec(tmp_path / "other" / "ios" / "ExpoLiveActivity.podspec", expo, tmp_path) == [("ExpoModulesCore", 3)]
    # the same podspec with no such package around it is read, and nothing above the scanned tree is looked at
    assert _podspec(tmp_path / "lib" / "lib.podspec", flutter, tmp_path) == [("Flutter", 3)]
    assert _podspec(tmp_path / "plugin" / "ios" / "top.podspec", flutter, tmp_path / "plugin" / "ios") == [("Flutter", 3)]


def test_podspec_file_names_route_to_the_format():
    assert "podspec" in format_names("Moya.podspec")
    assert "podspec" not in format_names("Moya.podspec.json")


def test_a_document_block_holding_pod_lines_is_a_podfile_excerpt():
    # onevcat/Kingfisher's README (held-out set 276): a ruby block under "#### CocoaPods", its caption naming no Podfile,
    # was read by nothing; an untagged block of a pod line neither. Ruby code defining a `pod` method and a shell
    # `pod install` name no pod
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    text = ("#### CocoaPods\n\n```ruby\nsource 'https://github.com/CocoaPods/Specs.git'\nplatform :ios, '13.0'\n"
            "use_frameworks!\n\ntarget 'MyApp' do\n  pod 'Kingfisher', '~> 8.0'\nend\n```\n\nOr:\n\n"
            "```\npod 'InventedPodZz'\n```\n\nSome Ruby:\n\n```ruby\ndef pod(name)\n  puts name\nend\n```\n\n"
            "```bash\npod install\n```\n")
    found_ = [(m.key.ecosystem, m.key.name, m.location.line, m.spec) for m in mentions_in_text(Source(path="README.md", text=text))]
    assert found_ == [("cocoapods", "Kingfisher", 9, "~> 8.0"), ("cocoapods", "InventedPodZz", 16, None)]


def test_podfile_lock_pods_no_spec_repo_downloaded_are_not_trunk_names():
    # zulip/zulip-flutter's ios/Podfile.lock (held-out set 276, trimmed): the patrol plug-in (darwin) depends on Flutter
    # and FlutterMacOS; FlutterMacOS is in no SPEC REPOS list and no EXTERNAL SOURCES entry (the macOS Podfile gives it
    # by path), so the iOS lock fetched it from nowhere. The trunk pods it lists, an invented one too, are judged
    mentions, problems = parse("Podfile.lock", fixture("cocoapods", "cross-platform.lock"))
    assert found(mentions) == [("CocoaAsyncSocket", 4), ("InventedTrunkPodZz", 8)]
    assert problems == []


def test_podfile_plugins_are_rubygems_gems():
    # artsy/eidolon's Podfile (held-out set 276): `plugin 'cocoapods-keys', {` … `}`: pod install needs that gem
    podfile = ("plugin 'cocoapods-keys', {\n  :project => 'Eidolon',\n  :keys => ['ArtsyAPIClientKey']\n}\n"
               "plugin \"cocoapods-invented-pluginzz\"\n# plugin 'cocoapods-commented'\ntarget 'App' do\n  pod 'Alamofire'\nend\n")
    mentions, problems = parse("Podfile", podfile)
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("rubygems", "cocoapods-keys", 1), ("rubygems", "cocoapods-invented-pluginzz", 5), ("cocoapods", "Alamofire", 8)]
    assert mentions[0].location.column == 9 and problems == []


def test_a_document_showing_a_podspec_that_depends_on_the_trees_own_pod_names_the_trees_own(tmp_path):
    # react-native-vision-camera (held-out set 285): docs/…/native-frame-processor-plugins.mdx tells a plug-in's
    # author to add `s.dependency 'VisionCamera'`, the pod of the tree's packages/react-native-vision-camera/
    # VisionCamera.podspec. A pod no podspec of the tree defines, in the same block, and the tree's own Podfile naming
    # its own pod without a path (which asks trunk) are still judged
    from depguard.config import Settings
    from depguard.scan import collect_paths

    (tmp_path / "packages" / "camera").mkdir(parents=True)
    (tmp_path / "packages" / "camera" / "VisionCamera.podspec").write_text("Pod::Spec.new do |s|\n  s.name = 'VisionCamera'\nend\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "plugins.md").write_text(
        "Add the pod to your podspec:\n\n```rb title=\"MyNativePlugin.podspec\"\nPod::Spec.new do |s|\n"
        "  s.dependency 'VisionCamera'\n  s.dependency 'VisionCameraImaginedKit'\nend\n```\n")
    (tmp_path / "app" / "ios").mkdir(parents=True)
    (tmp_path / "app" / "ios" / "Podfile").write_text("target 'App' do\n  pod 'VisionCamera'\nend\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    found_ = sorted((m.location.path.rpartition("/")[2], m.key.name) for m in out.mentions if m.key.ecosystem == "cocoapods")
    assert found_ == [("Podfile", "VisionCamera"), ("plugins.md", "VisionCameraImaginedKit")]
