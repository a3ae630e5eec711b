"""pom.xml, build.gradle(.kts), gradle.lockfile, libs.versions.toml and verification-metadata.xml: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    ("pom.xml", "pom.xml/empty.xml", []),
    ("pom.xml", "pom.xml/one.xml", [("com.google.guava:guava", 6)]),
    ("pom.xml", "pom.xml/two.xml", [("org.junit.jupiter:junit-jupiter", 11), ("org.apache.maven.plugins:maven-compiler-plugin", 23)]),
    ("pom.xml", "pom.xml/comments.xml", [("org.slf4j:slf4j-api", 8)]),
    ("pom.xml", "pom.xml/not-this-format.xml", ERROR),
    ("pom.xml", "pom.xml/outside.xml", [("org.springframework.boot:spring-boot-starter-parent", 6), ("io.netty:netty-bom", 16), ("com.h2database:h2", 25)]),
    ("build.gradle", "build.gradle/empty.gradle", []),
    ("build.gradle", "build.gradle/two.gradle.kts", [("com.squareup.okhttp3:okhttp", 6), ("org.junit.jupiter:junit-jupiter", 7)]),
    ("build.gradle", "build.gradle/comments.gradle", [("org.slf4j:slf4j-api", 5)]),
    ("build.gradle", "build.gradle/outside.gradle", [("com.android.tools.build:gradle", 9)]),
    ("gradle.lockfile", "gradle.lockfile/two.lockfile", [("com.google.guava:guava", 4), ("org.slf4j:slf4j-api", 5)]),
    ("libs.versions.toml", "libs.versions.toml/outside.toml", [("com.squareup.okhttp3:okhttp", 5)]),
    ("gradle-verification-metadata", "verification-metadata.xml/one.xml", [("org.slf4j:slf4j-api", 5)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
