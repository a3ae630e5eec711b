"""A Maven POM's dependencies of its own groupId: sibling modules inside a multi-module build (a POM with a
``<parent>`` or ``<modules>``), the publisher's artifacts in a POM that builds alone (a vendor's sample under the
vendor's groupId: plaid's quickstart on ``com.plaid:plaid-java``), and never what the tree's own POMs define."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths

POM = ('<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n'
       "  <modelVersion>4.0.0</modelVersion>\n{head}\n  <dependencies>\n{deps}  </dependencies>\n{tail}</project>\n")


def pom(head: str, *deps: str, tail: str = "") -> str:
    items = "".join(f"    <dependency>\n      <groupId>{d.split(':')[0]}</groupId>\n"
                    f"      <artifactId>{d.split(':')[1]}</artifactId>\n    </dependency>\n" for d in deps)
    return POM.format(head=head, deps=items, tail=tail)


def maven_names(tree: Path) -> set[str]:
    out = collect_paths([tree], Settings(use_cache=False))
    return {m.key.name for m in out.mentions if m.key.ecosystem == "maven"}


def test_a_pom_that_builds_alone_asks_for_its_own_groups_artifacts(tmp_path: Path):
    # plaid/quickstart's java/pom.xml: com.plaid:quickstart, no parent, no modules
    (tmp_path / "java").mkdir()
    (tmp_path / "java" / "pom.xml").write_text(pom(
        "  <groupId>com.plaid</groupId>\n  <artifactId>quickstart</artifactId>\n  <version>1.0-SNAPSHOT</version>",
        "com.plaid:plaid-java", "io.dropwizard:dropwizard-core"))
    assert maven_names(tmp_path) == {"com.plaid:plaid-java", "io.dropwizard:dropwizard-core"}


def test_sibling_modules_and_the_trees_own_artifacts_are_not_asked_for(tmp_path: Path):
    for folder in ("app", "lib", "child"):
        (tmp_path / folder).mkdir()
    (tmp_path / "pom.xml").write_text(pom(  # an aggregator: its modules' own-group dependencies are siblings
        "  <groupId>me.app</groupId>\n  <artifactId>root</artifactId>\n  <packaging>pom</packaging>",
        "me.app:lib", tail="  <modules>\n    <module>app</module>\n    <module>lib</module>\n"
                           "    <module>child</module>\n  </modules>\n"))
    # a module that names no parent: a sibling only the tree's POMs tell from a published artifact
    (tmp_path / "app" / "pom.xml").write_text(pom(
        "  <groupId>me.app</groupId>\n  <artifactId>app</artifactId>", "me.app:lib", "me.app:published-elsewhere"))
    (tmp_path / "lib" / "pom.xml").write_text(pom("  <groupId>me.app</groupId>\n  <artifactId>lib</artifactId>",
                                                  "org.slf4j:slf4j-api"))
    (tmp_path / "child" / "pom.xml").write_text(pom(  # inherits the group from its parent: siblings as before
        "  <parent>\n    <groupId>me.app</groupId>\n    <artifactId>root</artifactId>\n  </parent>\n"
        "  <artifactId>child</artifactId>", "me.app:generated-module"))
    assert maven_names(tmp_path) == {"me.app:published-elsewhere", "org.slf4j:slf4j-api"}


def test_the_aars_flutter_builds_of_the_trees_module_are_its_own(tmp_path: Path):
    # flutter/samples (held-out set 227): add_to_app/prebuilt_module/flutter_module/pubspec.yaml says
    # `flutter: module: androidPackage: dev.flutter.example.flutter_module`, and the Android host's app/build.gradle
    # takes `releaseImplementation ('dev.flutter.example.flutter_module:flutter_release:1.0@aar')` from the local
    # repository `flutter build aar` writes. Another artifact of that group, the AAR of a module the tree lacks and
    # an ordinary library are still asked for
    module = tmp_path / "flutter_module"
    module.mkdir()
    (module / "pubspec.yaml").write_text("name: flutter_module\nflutter:\n  module:\n"
                                         "    androidX: true\n    androidPackage: dev.flutter.example.flutter_module\n")
    (tmp_path / "host" / "app").mkdir(parents=True)
    (tmp_path / "host" / "app" / "build.gradle").write_text(
        "dependencies {\n"
        "    debugImplementation 'dev.flutter.example.flutter_module:flutter_debug:1.0'\n"
        "    releaseImplementation ('dev.flutter.example.flutter_module:flutter_release:1.0@aar')\n"
        "    implementation 'dev.flutter.example.flutter_module:flutter_imagined:1.0'\n"
        "    implementation 'dev.flutter.example.other_module:flutter_release:1.0'\n"
        "    implementation 'androidx.core:core-ktx:1.13.1'\n}\n")
    assert maven_names(tmp_path) == {"dev.flutter.example.flutter_module:flutter_imagined",
                                     "dev.flutter.example.other_module:flutter_release", "androidx.core:core-ktx"}
