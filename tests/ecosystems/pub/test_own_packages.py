"""The members of the scanned tree's pub workspaces are its own packages (``[own]`` of pub's ecosystem.toml,
own_packages.py): pub resolves a member's dependency on another member to the member, whatever the constraint."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_a_workspace_members_dependency_on_another_member_is_the_trees_own(tmp_path: Path):
    # riverpod (held-out set 227): the root pubspec.yaml lists the workspace; packages/riverpod (resolution:
    # workspace) takes `riverpod_devtool_generator: ^0.0.0`, the workspace's own unpublished generator, and
    # internal_lint imports package:riverpod_analyzer_utils, another member. A name no member defines, a sibling
    # package that is no workspace member (pub fetches it from pub.dev) and an install command of a member's name
    # (dart pub add asks pub.dev) are still judged
    _write(tmp_path, {
        "pubspec.yaml": "name: workspace\npublish_to: none\nworkspace:\n  - packages/riverpod\n"
                        "  - packages/riverpod_devtool_generator\n  - packages/internal_lint\n"
                        "  - packages/riverpod_analyzer_utils\n",
        "packages/riverpod/pubspec.yaml": "name: riverpod\nresolution: workspace\ndependencies:\n  meta: ^1.15.0\n"
                                          "dev_dependencies:\n  riverpod_devtool_generator: ^0.0.0\n"
                                          "  riverpod_imagined_helper: ^1.0.0\n  lone_sibling: ^1.0.0\n",
        "packages/riverpod_devtool_generator/pubspec.yaml": "name: riverpod_devtool_generator\nresolution: workspace\n",
        "packages/riverpod_analyzer_utils/pubspec.yaml": "name: riverpod_analyzer_utils\nresolution: workspace\n",
        "packages/internal_lint/pubspec.yaml": "name: internal_lint\nresolution: workspace\ndependencies:\n"
                                               "  riverpod_analyzer_utils: ^1.0.0\n",
        "packages/internal_lint/lib/lint.dart": "import 'package:riverpod_analyzer_utils/riverpod_analyzer_utils.dart';\n",
        "other/lone_sibling/pubspec.yaml": "name: lone_sibling\n",
        "tool/setup.sh": "dart pub add riverpod_analyzer_utils\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((m.location.path.rpartition("/")[2], m.key.name, m.origin.value) for m in out.mentions
                   if m.key.ecosystem == "pub")
    assert names == [("pubspec.yaml", "lone_sibling", "manifest"), ("pubspec.yaml", "meta", "manifest"),
                     ("pubspec.yaml", "riverpod_imagined_helper", "manifest"),
                     ("setup.sh", "riverpod_analyzer_utils", "command")]


def test_without_a_workspace_a_siblings_name_is_asked_of_pub_dev(tmp_path: Path):
    # the same two packages side by side, neither a workspace member: a dependency by version comes from pub.dev
    _write(tmp_path, {
        "packages/app/pubspec.yaml": "name: app\ndependencies:\n  app_core: ^1.0.0\n",
        "packages/app_core/pubspec.yaml": "name: app_core\n",
        "packages/app/lib/main.dart": "import 'package:app_core/app_core.dart';\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    assert sorted((m.key.name, m.origin.value) for m in out.mentions if m.key.ecosystem == "pub") == \
        [("app_core", "import"), ("app_core", "manifest")]


def test_the_packages_a_melos_workspace_takes_in_are_the_trees_own(tmp_path: Path):
    # notifee (held-out set 285): packages/flutter/melos.yaml takes `packages/**` in; the plug-in's pubspec.yaml
    # takes `notifee_platform_interface: ^0.0.1` and imports it, a package of the workspace, which `melos bootstrap`
    # links whatever the version. A package its `ignore:` leaves out, one outside the melos.yaml's folder, and a name no
    # package defines are still judged
    _write(tmp_path, {
        "packages/flutter/melos.yaml": "name: Notifee\npackages:\n  - packages/**\n  - \"tests/*\"\nignore:\n"
                                       "  - packages/**/example\n",
        "packages/flutter/packages/notifee/pubspec.yaml": "name: notifee\ndependencies:\n"
                                                          "  notifee_platform_interface: ^0.0.1\n  notifee_example: ^1.0.0\n"
                                                          "  outside_kit: ^1.0.0\n  notifee_imagined_kit: ^1.0.0\n",
        "packages/flutter/packages/notifee/lib/notifee.dart":
            "import 'package:notifee_platform_interface/notifee_platform_interface.dart';\n",
        "packages/flutter/packages/notifee_platform_interface/pubspec.yaml": "name: notifee_platform_interface\n",
        "packages/flutter/packages/notifee/example/pubspec.yaml": "name: notifee_example\n",
        "outside/pubspec.yaml": "name: outside_kit\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted(m.key.name for m in out.mentions if m.key.ecosystem == "pub")
    assert names == ["notifee_example", "notifee_imagined_kit", "outside_kit"]


def test_a_melos_glob_of_many_stars_is_matched_without_backtracking():
    # l39 (session 39, hostile input): `**/**/…/z` as .*/.*/…/z took 3 s for 10 of them against a folder 30 deep, and
    # each more multiplied it; the glob is matched by depguard.globmatch's state walk
    from depguard.ecosystems.pub.own_packages import _melos_glob

    many = _melos_glob("**/" * 12 + "z")
    assert many.regex is None and not many.match("a/" * 2000) and many.match("a/" * 2000 + "z")
    assert _melos_glob("packages/**").match("packages/core") and not _melos_glob("packages/*").match("packages/a/b")
    assert _melos_glob("packages/?x").match("packages/ax") and _melos_glob("") is None
