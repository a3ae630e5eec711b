"""pom.xml, build.gradle(.kts), gradle.lockfile, libs.versions.toml and verification-metadata.xml: parser fixtures (empty, one, two, comments, not-this-format, names outside the dependency
block) with expected names and lines."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ecosystems._fixtures import ERROR, case_ids, check_case

CASES = [
    # held-out set 288 (bazelbuild/examples' java-maven and Android examples, example-bazel-monorepo's WORKSPACE.bazel):
    # rules_jvm_external's maven.install / maven_install artifacts and maven.artifact tags; a commented-out
    # coordinate, a formatted one, an excluded artifact and a list named by a variable name nothing
    ("bazel-maven", "bazel-maven/bzlmod/MODULE.bazel", [("junit:junit", 8), ("com.google.guava:guava", 9),
                                                        ("io.netty:netty-tcnative-boringssl-static", 11),
                                                        ("com.fasterxml.jackson:jackson-bom", 13),
                                                        ("org.robolectric:robolectric", 19)]),
    ("bazel-maven", "bazel-maven/workspace/WORKSPACE", [("org.hamcrest:hamcrest-library", 9), ("org.postgresql:postgresql", 8)]),
    ("bazel-maven", "bazel-maven/none/MODULE.bazel", []),
    # rules_jvm_external's pin file (aspect-build/bazel-examples' v2, example-bazel-monorepo's v1); a JSON file without
    # its marker names nothing
    ("maven_install.json", "maven_install.json/v2/maven_install.json", [("com.google.guava:guava", 8),
                                                                        ("io.netty:netty-tcnative-boringssl-static", 14)]),
    ("maven_install.json", "maven_install.json/v1/maven_install.json", [("antlr:antlr", 7), ("ch.qos.logback:logback-classic", 12)]),
    ("maven_install.json", "maven_install.json/other/maven_install.json", []),
    ("pom.xml", "pom.xml/empty.xml", []),
    ("pom.xml", "pom.xml/one.xml", [("com.google.guava:guava", 6)]),
    ("pom.xml", "pom.xml/two.xml", [("org.junit.jupiter:junit-jupiter", 11), ("org.apache.maven.plugins:maven-compiler-plugin", 23)]),
    ("pom.xml", "pom.xml/comments.xml", [("org.slf4j:slf4j-api", 8)]),
    ("pom.xml", "pom.xml/not-this-format.xml", ERROR),
    ("pom.xml", "pom.xml/outside.xml", [("org.springframework.boot:spring-boot-starter-parent", 6), ("io.netty:netty-bom", 16), ("com.h2database:h2", 25)]),
    ("pom.xml", "pom.xml/plugin-configuration.xml", [("org.apache.maven.plugins:maven-compiler-plugin", 11),
                                                     ("org.projectlombok:lombok", 17), ("org.mapstruct:mapstruct-processor", 22),
                                                     ("org.apache.maven.plugins:maven-dependency-plugin", 29),
                                                     ("org.jacoco:org.jacoco.agent", 38),
                                                     ("org.apache.maven.plugins:maven-shade-plugin", 47),
                                                     ("com.github.spotbugs:spotbugs-maven-plugin", 57),
                                                     ("com.h3xstream.findsecbugs:findsecbugs-plugin", 62),
                                                     ("com.example.invented:invented-detectors", 67),
                                                     ("org.apache.maven.plugins:maven-some-other-plugin", 73)]),
    ("pom-named", "pom-named/pom-java8.xml", [("com.fasterxml.jackson.core:jackson-databind", 10)]),
    ("pom-named", "pom-named/no-namespace-pom.xml", [("org.slf4j:slf4j-api", 6)]),
    ("pom-named", "pom-named/ant-pom.xml", []),
    ("pom-named", "pom-named/pom-settings.xml", []),
    ("maven-extensions", "extensions.xml/two.xml", [("com.gradle:develocity-maven-extension", 6), ("kr.motd.maven:os-maven-plugin", 12)]),
    ("maven-extensions", "extensions.xml/not-this-format.xml", ERROR),
    ("build.gradle", "build.gradle/empty.gradle", []),
    ("build.gradle", "build.gradle/two.gradle.kts", [("org.jetbrains.kotlin.jvm:org.jetbrains.kotlin.jvm.gradle.plugin", 2),
                                                     ("com.squareup.okhttp3:okhttp", 6), ("org.junit.jupiter:junit-jupiter", 7)]),
    ("build.gradle", "build.gradle/comments.gradle", [("org.slf4j:slf4j-api", 5)]),
    ("build.gradle", "build.gradle/outside.gradle", [("com.android.tools.build:gradle", 9)]),
    ("build.gradle", "build.gradle/constants.gradle", [
        ("org.springframework.boot:spring-boot-starter-web", 13), ("io.grpc:grpc-core", 14),
        ("com.fasterxml.jackson.core:jackson-databind", 15), ("com.google.guava:guava", 16), ("commons-io:commons-io", 17),
        ("com.fasterxml.jackson.core:jackson-annotations", 18), ("org.apache.commons:commons-lang3", 19)]),
    ("build.gradle", "build.gradle/constants.gradle.kts", [
        ("com.squareup.okhttp3:okhttp", 8), ("io.kotest:kotest-runner-junit5", 9), ("io.kotest:kotest-assertions-core", 10),
        ("com.squareup.retrofit2:retrofit", 11), ("com.squareup.moshi:moshi", 12), ("org.jetbrains.kotlin:kotlin-stdlib", 13),
        ("org.jetbrains.kotlin:kotlin-gradle-plugin", 14),  # kotlin("gradle-plugin", version = "1.9.0")
        ("org.springframework.cloud:spring-cloud-dependencies", 20), ("io.grpc:grpc-netty", 24), ("io.grpc:grpc-stub", 25)]),
    ("build.gradle", "build.gradle/dependency-set.gradle", [
        ("org.springframework.boot:spring-boot-dependencies", 3), ("org.springframework:spring-core", 6),
        ("commons-logging:commons-logging", 7), ("org.slf4j:slf4j-api", 9), ("org.slf4j:slf4j-simple", 10),
        ("io.micrometer:micrometer-core", 14), ("io.micrometer:micrometer-registry-prometheus", 14), ("org.slf4j:slf4j-api", 21)]),
    # plugin requests given a version are their marker artifacts; requests without one, kotlin-dsl and a plug-in's
    # own gradlePlugin { plugins { } } declaration name nothing (held-out set 277, Kotlin Multiplatform and Android)
    ("build.gradle", "build.gradle/plugins.gradle.kts", [
        ("org.gradle.toolchains.foojay-resolver-convention:org.gradle.toolchains.foojay-resolver-convention.gradle.plugin", 5),
        ("org.jetbrains.kotlin.jvm:org.jetbrains.kotlin.jvm.gradle.plugin", 12),
        ("io.github.luca992.multiplatform-swiftpackage:io.github.luca992.multiplatform-swiftpackage.gradle.plugin", 13),
        ("com.example.invented.made-up-plugin:com.example.invented.made-up-plugin.gradle.plugin", 14),
        ("com.squareup.okio:okio", 23)]),
    ("build.gradle", "build.gradle/plugin-modules.gradle.kts", [
        ("com.github.arkivanov:gradle-setup-plugin", 7), ("com.google.cloud.tools:appengine-gradle-plugin", 9),
        ("com.example.invented:made-up-gradle-plugin", 11), ("dev.icerock.moko:graphics", 18),
        ("com.example.invented:made-up-kmp-lib", 19)]),
    # Kotlin/JS npm("name", "version") dependencies are npm names; a local path is none, a File argument is no name
    ("build.gradle", "build.gradle/kotlin-js-npm.gradle.kts", [
        ("@cashapp/sqldelight-sqljs-worker", 5), ("sql.js", 6), ("copy-webpack-plugin", 7), ("made-up-invented-npm-pkg", 8),
        ("other-invented-npm-pkg", 9), ("org.jetbrains.kotlin-wrappers:kotlin-react", 12)]),
    # a configuration a plug-in adds and add(configuration, "g:a:v"); exclude/because/modules/println are no downloads
    ("build.gradle", "build.gradle/other-configurations.gradle.kts", [
        ("org.openjdk.jmh:jmh-core", 4), ("net.kyori:adventure-platform-bukkit", 5), ("androidx.test:orchestrator", 6),
        ("com.pinterest:ktlint", 7), ("com.example.invented:made-up-lib", 10), ("com.squareup.okio:okio", 12),
        ("com.example.invented:added-lib", 16), ("org.jetbrains.compose.runtime:runtime", 27)]),
    ("build.gradle", "build.gradle/plugins.gradle", [
        ("com.github.ben-manes.versions:com.github.ben-manes.versions.gradle.plugin", 4),
        ("com.example.invented.other-plugin:com.example.invented.other-plugin.gradle.plugin", 5)]),
    # held-out set 251 (hardware design): Chisel's and SpinalHDL's sbt templates; %% appends the Scala binary version
    ("build.sbt", "build.sbt/empty.sbt", []),
    ("build.sbt", "build.sbt/chisel-template.sbt", [("org.chipsalliance:chisel_2.13", 7), ("org.scalatest:scalatest_2.13", 8),
                                                    ("org.chipsalliance:chisel-plugin_2.13.18", 10)]),
    ("build.sbt", "build.sbt/vals.sbt", [("com.github.spinalhdl:spinalhdl-core_2.13", 4),
                                         ("com.github.spinalhdl:spinalhdl-idsl-plugin_2.13", 5)]),
    # comments, %%% (Scala.js), an exclusion pair and addSbtPlugin are no mentions; Scala 3's suffix; an invented name read
    ("build.sbt", "build.sbt/outside.sbt", [("org.typelevel:cats-core_3", 4), ("com.example.invented:made-up-lib_3", 5),
                                            ("org.scala-lang.modules:scala-parser-combinators_2.13", 7)]),
    ("build.sbt", "build.sbt/project/plugins.sbt", [("org.scala-lang.modules:scala-xml_2.12", 2)]),  # sbt 1's Scala
    # held-out set 302 (cats-effect's scalafix build): a configuration after the version (% Test, % Provided) keeps the
    # cross version behind it; the bare artifact a full cross version names is never asked, a look-alike still read
    ("build.sbt", "build.sbt/configuration.sbt", [("ch.epfl.scala:scalafix-testkit_2.13.12", 2),
                                                  ("ch.epfl.scala:scalafix-testkitt", 3), ("org.scalameta:munit_2.13", 4),
                                                  ("com.example.invented:made-up-lib_2.13", 5),
                                                  ("javax.servlet:servlet-api", 6)]),
    ("build.mill", "build.mill/chisel-template.mill", [("org.chipsalliance:chisel_2.13", 6),
                                                      ("org.chipsalliance:chisel-plugin_2.13.18", 9),
                                                      ("org.scalatest:scalatest_2.13", 13)]),
    ("build.mill", "build.mill/spinal-template.sc", [("com.github.spinalhdl:spinalhdl-core_2.13", 6),
                                                     ("com.github.spinalhdl:spinalhdl-lib_2.13", 7),
                                                     ("com.github.spinalhdl:spinalhdl-idsl-plugin_2.13", 9)]),
    # a comment, an interpolated group or artifact and a string that is no mvn"…" are no mentions; an invented name is read
    ("build.mill", "build.mill/outside.mill", [("com.lihaoyi:os-lib_3", 4), ("com.google.guava:guava", 4),
                                               ("com.example.invented:made-up-lib_3", 5)]),
    # Kotlin scripts' @file:DependsOn (several in one annotation); a commented one is none
    ("kotlin-script", "kotlin-script/two.main.kts", [("com.squareup.okhttp3:okhttp", 3),
                                                     ("org.jetbrains.kotlinx:kotlinx-serialization-json", 4),
                                                     ("com.example.invented:made-up-lib", 4)]),
    ("kotlin-script", "kotlin-script/workflow.main.kts", [("io.github.typesafegithub:github-workflows-kt", 4),
                                                          ("actions:checkout", 7)]),
    ("gradle.lockfile", "gradle.lockfile/two.lockfile", [("com.google.guava:guava", 4), ("org.slf4j:slf4j-api", 5)]),
    ("libs.versions.toml", "libs.versions.toml/outside.toml", [("com.squareup.okhttp3:okhttp", 5),
                                                                ("org.jetbrains.kotlin.jvm:org.jetbrains.kotlin.jvm.gradle.plugin", 11)]),
    # a plugin with a version is its marker artifact; a build-logic convention plug-in (no version) names nothing
    ("libs.versions.toml", "libs.versions.toml/plugins.toml", [
        ("com.android.application:com.android.application.gradle.plugin", 8),
        ("com.google.devtools.ksp:com.google.devtools.ksp.gradle.plugin", 9),
        ("com.diffplug.spotless:com.diffplug.spotless.gradle.plugin", 10),
        ("com.google.dagger.hilt.android:com.google.dagger.hilt.android.gradle.plugin", 11),
        ("com.example.invented.made-up-plugin:com.example.invented.made-up-plugin.gradle.plugin", 13)]),
    # spaces around a coordinate's colons are trimmed, as Gradle does; invented names beside it are still read
    ("libs.versions.toml", "libs.versions.toml/spaced.toml", [
        ("com.android.kotlin.multiplatform.library:com.android.kotlin.multiplatform.library.gradle.plugin", 6),
        ("com.example.invented:made-up-lib", 7), ("com.example.invented:other-made-up", 8)]),
    ("gradle-verification-metadata", "verification-metadata.xml/one.xml", [("org.slf4j:slf4j-api", 5)]),
]



@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)


def test_pom_under_other_names_and_extensions_file_are_claimed():
    from depguard.parsers import formats_for

    def claimed(path: str) -> list[str]:
        return [f.name for f in formats_for(path) if f.ecosystem == "maven"]

    assert claimed("pom.xml") == ["pom.xml"]
    assert claimed("java8/pom-java8.xml") == ["pom-named"]
    assert claimed("release-pom.xml") == ["pom-named"]
    assert claimed("repo/guava-33.0.pom") == ["pom.xml"]
    assert claimed(".mvn/extensions.xml") == ["maven-extensions"]
    # a catalog a settings script imports by path: Decompose's `from(files("deps.versions.toml"))` (held-out set 277)
    assert [f.name for f in formats_for("deps.versions.toml")] == ["libs.versions.toml"]
    assert [f.name for f in formats_for("gradle/mihon.versions.toml")] == ["libs.versions.toml"]
    assert claimed("extensions.xml") == [] and claimed("layout.xml") == []


def test_plugin_configuration_items_say_what_they_are():
    from pathlib import Path

    from tests.ecosystems._fixtures import parse_fixture

    found, _, _ = parse_fixture(Path(__file__).parent / "fixtures" / "pom.xml/plugin-configuration.xml", "pom.xml")
    notes = {m.key.name: (m.note, m.spec) for m in found}
    assert notes["org.projectlombok:lombok"] == ("annotation processor", "1.18.30")
    assert notes["org.jacoco:org.jacoco.agent"] == ("artifactItem", None)
    # spotbugs-maven-plugin's detector plug-ins are resolved from the repositories like any artifact
    assert notes["com.h3xstream.findsecbugs:findsecbugs-plugin"] == ("configured plugin", "1.14.0")


def test_gradle_plugin_requests_keep_their_versions():
    from pathlib import Path

    from tests.ecosystems._fixtures import parse_fixture

    found, problems, error = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/plugins.gradle.kts", "build.gradle")
    by_id = {m.written: (m.spec, m.note, m.location.column) for m in found}
    assert by_id["org.jetbrains.kotlin.jvm"] == ("2.3.0", "plugin request", 13)
    assert by_id["io.github.luca992.multiplatform-swiftpackage"][0] == "2.3.0"  # the file's constant
    assert by_id["org.gradle.toolchains.foojay-resolver-convention"][0] == "1.0.0"
    assert (problems, error) == ([], None)


def test_a_plugin_module_named_by_the_request_is_no_problem():
    from pathlib import Path

    from tests.ecosystems._fixtures import parse_fixture

    found, problems, error = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/plugin-modules.gradle.kts",
                                           "build.gradle")
    assert (problems, error) == ([], None)  # voyager's useModule("${requested.id.id}:gradle:…")
    assert {m.key.name: m.note for m in found}["com.github.arkivanov:gradle-setup-plugin"] == "plugin module"


def test_a_kotlin_script_naming_its_own_repository_has_its_names_unchecked_when_central_lacks_them(tmp_path):
    from pathlib import Path

    fixtures = Path(__file__).parent / "fixtures" / "kotlin-script"
    for name in ("two.main.kts", "workflow.main.kts"):
        (tmp_path / name).write_text((fixtures / name).read_text(encoding="utf-8"), encoding="utf-8")
    assert _maven_marks(tmp_path) == [
        ("actions:checkout", "workflow.main.kts", True),  # the bindings server's
        ("com.example.invented:made-up-lib", "two.main.kts", False),
        ("com.squareup.okhttp3:okhttp", "two.main.kts", False),
        ("io.github.typesafegithub:github-workflows-kt", "workflow.main.kts", True),
        ("org.jetbrains.kotlinx:kotlinx-serialization-json", "two.main.kts", False),
    ]


def test_gradle_constants_give_versions_and_columns():
    from pathlib import Path

    from tests.ecosystems._fixtures import parse_fixture

    found, _, _ = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/constants.gradle.kts", "build.gradle")
    by_name = {m.key.name: m for m in found}
    okhttp = by_name["com.squareup.okhttp3:okhttp"]
    assert (okhttp.spec, okhttp.note, okhttp.location.column) == ("4.12.0", "built from constants", 20)
    assert by_name["com.squareup.retrofit2:retrofit"].spec == "2.9.0"
    grpc = by_name["io.grpc:grpc-stub"]
    assert (grpc.spec, grpc.note, grpc.location.column) == ("1.60.0", "dependencySet entry", 20)


def test_gradle_coordinates_the_file_cannot_resolve_are_problems():
    from pathlib import Path

    from tests.ecosystems._fixtures import parse_fixture

    found, problems, _ = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/unresolved.gradle", "build.gradle")
    assert found == []
    assert [p.location.line for p in problems] == [2, 3, 4]


def test_gradle_constants_of_an_applied_script_and_globs_that_look_like_comments():
    """apply from: "$rootDir/gradle/dependencies.gradle" (read from the tree; URLs and paths outside it are not):
    its libs += [x: "g:a:$versions.x"] maps name the coordinates; '**/.git/**' in a string opens no comment."""
    from pathlib import Path

    from tests.ecosystems._fixtures import names_and_lines, parse_fixture

    found, problems, _ = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/applied/build.gradle",
                                       "build.gradle")
    assert names_and_lines(found) == [("com.fasterxml.jackson.core:jackson-databind", 10),
                                      ("org.junit.jupiter:junit-jupiter", 11)]
    assert [m.spec for m in found] == ["2.17.0", "5.10.1"]
    assert [(p.location.line, "libs.scalaLogging" in p.message) for p in problems] == [(12, True)]


def test_a_docs_block_of_dependency_items_is_read_as_a_poms_dependencies_not_a_problem():
    # okhttp's README.md: a <dependencyManagement> block, then several bare <dependency> items in one block
    from depguard.scan import collect_text

    text = ("Maven projects must select between `okhttp-jvm` and `okhttp-android`.\n\n```xml\n<dependencyManagement>\n"
            "  <dependencies>\n    <dependency>\n      <groupId>com.squareup.okhttp3</groupId>\n"
            "      <artifactId>okhttp-bom</artifactId>\n      <version>5.2.0</version>\n      <type>pom</type>\n"
            "      <scope>import</scope>\n    </dependency>\n  </dependencies>\n</dependencyManagement>\n```\n\n"
            "```xml\n<dependency>\n  <groupId>com.squareup.okhttp3</groupId>\n  <artifactId>okhttp-jvm</artifactId>\n"
            "  <!-- Remove after OkHttp 5.2.0 with updated BOM. -->\n  <version>5.1.0</version>\n</dependency>\n\n"
            "<dependency>\n  <groupId>com.squareup.okhttp3</groupId>\n  <artifactId>mockwebserver3</artifactId>\n"
            "</dependency>\n```\n")
    collected = collect_text(text, "README.md")
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in collected.mentions] == [
        ("maven", "com.squareup.okhttp3:okhttp-bom", 8), ("maven", "com.squareup.okhttp3:okhttp-jvm", 20),
        ("maven", "com.squareup.okhttp3:mockwebserver3", 27)]
    assert collected.problems == []


def test_gradle_published_catalogs_and_dependencies_made_in_code_are_read_and_call_values_are_no_problem():
    # ktor: settings scripts import a published version catalog (`from("g:a:v")` in versionCatalogs) and a build
    # script adds `project.dependencies.create("g:a:$v")`: both are downloads that yielded no mention; a constant
    # made by a call (`project(":core")`, a catalog entry's toString() + a classifier) was "uses a variable"
    from pathlib import Path

    from tests.ecosystems._fixtures import names_and_lines, parse_fixture

    here = Path(__file__).parent / "fixtures" / "build.gradle/settings"
    found, problems, _ = parse_fixture(here / "settings.gradle.kts", "build.gradle")
    assert names_and_lines(found) == [("org.jetbrains.kotlin-wrappers:kotlin-wrappers-catalog", 11)]
    assert (found[0].spec, found[0].note, problems) == ("2026.1.9", "version catalog", [])
    found, problems, _ = parse_fixture(here / "build.gradle.kts", "build.gradle")
    assert names_and_lines(found) == [("org.gradle.kotlin:gradle-kotlin-dsl-plugins", 7)]
    assert (found[0].spec, problems) == ("6.4.1", [])


def test_a_name_that_only_begins_with_a_configurations_is_no_dependency_call():
    # AntennaPod (held-out set 227): net/discovery/build.gradle's `buildConfigField "String", "PODCASTINDEX_API_KEY",
    # '"' + podcastindexApiKey + '"'` was read as a call of the configuration `podcastindexApi` (a name ending in Api)
    # with `Key + '"'`, a coordinate using a variable (a problem in the report); `apiKey =` and
    # `dependencyResolutionManagement` begin with `api` and `dependency` too. Real calls, a flavour's `freeApi(...)`
    # and Groovy's `implementation"g:a:v"` without a space are still read
    from pathlib import Path

    from tests.ecosystems._fixtures import parse_fixture

    found, problems, _ = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/config-prefixes.gradle",
                                       "build.gradle")
    assert [(m.key.name, m.location.line) for m in found] == [
        ("com.squareup.okio:okio", 12), ("com.squareup.okhttp3:okhttp", 13), ("com.example.flavour:lib", 14)]
    assert problems == []


CONFLUENT_POM = """<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>orders</artifactId>
  <version>1.0</version>
  <repositories>
    <repository><id>confluent</id><url>https://packages.confluent.io/maven/</url></repository>
    <repository><id>central</id><url>https://repo.maven.apache.org/maven2</url></repository>
  </repositories>
  <dependencies>
    <dependency><groupId>io.confluent</groupId><artifactId>kafka-avro-serializer</artifactId><version>7.6.0</version></dependency>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka-clients</artifactId><version>3.7.0</version></dependency>
  </dependencies>
</project>
"""


def _maven_marks(tree):
    from depguard.config import Settings
    from depguard.scan import collect_paths

    out = collect_paths([tree], Settings(use_cache=False))
    return sorted((m.key.name, m.location.path.rsplit("/", 1)[-1], bool(m.example and m.example.unchecked and
                                                                         m.example.ok_passes))
                  for m in out.mentions if m.key.ecosystem == "maven")


def test_an_sbt_build_resolves_from_its_resolvers_not_from_where_it_publishes(tmp_path):
    """held-out set 302: lichess-org/scalachess' build.sbt publishes with `publishTo := Option(Resolver.file("file",
    …))` and resolves with `resolvers += "jitpack".at("https://jitpack.io")`. The publishing target made every name of
    the build not checked, as if it were a repository the build resolves from; and the method form `.at("url")` was not
    read, so a repository written that way (Confluent's) left Central's missing names judged missing. A build that
    resolves from another repository with `.at(…)` or `at` has its names Central lacks not checked; one that only
    publishes elsewhere, or resolves from JitPack (asked), keeps them judged."""
    (tmp_path / "chess").mkdir()
    (tmp_path / "chess" / "build.sbt").write_text(
        'scalaVersion := "3.7.1"\npublishTo := Option(Resolver.file("file", new File(sys.props.getOrElse("publishTo", ""))))\n'
        'ThisBuild / publishTo := {\n  if (isSnapshot.value) Some("s" at "https://oss.sonatype.org/content/repositories/snapshots")\n'
        '  else Some(Resolver.sonatypeRepo("releases"))\n}\n'
        'resolvers += "jitpack".at("https://jitpack.io")\n'
        'libraryDependencies += "com.github.lichess-org.scalalib" %% "scalalib-core" % "11.9.5"\n', encoding="utf-8")
    (tmp_path / "kafka").mkdir()
    (tmp_path / "kafka" / "build.sbt").write_text(
        'scalaVersion := "2.13.16"\nresolvers += "confluent".at("https://packages.confluent.io/maven/")\n'
        'libraryDependencies += "io.confluent" % "kafka-avro-serializer" % "7.6.0"\n', encoding="utf-8")
    assert _maven_marks(tmp_path) == [("com.github.lichess-org.scalalib:scalalib-core_3", "build.sbt", False),
                                      ("io.confluent:kafka-avro-serializer", "build.sbt", True)]


def test_plugins_a_settings_script_maps_to_a_module_are_no_markers(tmp_path):
    """voyager (held-out set 277): settings.gradle.kts maps the plugin id `com.android.tools.build` to the module
    `com.android.tools.build:gradle` in `resolutionStrategy.eachPlugin { useModule(…) }`, and its catalog requests that
    id with a version; no marker `com.android.tools.build:com.android.tools.build.gradle.plugin` exists (a DG001 with
    the real registries). A namespace mapped the same way (`requested.id.namespace == "com.example.mapped"`) covers its
    ids; other plugins of the same build, an invented one among them, are still their markers."""
    (tmp_path / "gradle").mkdir()
    (tmp_path / "lib").mkdir()
    (tmp_path / "settings.gradle.kts").write_text(
        'pluginManagement {\n    resolutionStrategy {\n        eachPlugin {\n'
        '            if (requested.version == null) return@eachPlugin\n            when (requested.id.id) {\n'
        '                "com.android.tools.build" -> {\n'
        '                    useModule("${requested.id.id}:gradle:${requested.version}")\n                }\n            }\n'
        '            if (requested.id.namespace == "com.example.mapped") useModule("com.example:mapped:1.0")\n'
        '        }\n    }\n    plugins {\n        id("com.example.mapped.settings") version "1.0"\n'
        '        id("com.example.invented.settings-plugin") version "1.0"\n    }\n}\n', encoding="utf-8")
    (tmp_path / "gradle" / "libs.versions.toml").write_text(
        '[versions]\nagp = "8.13.0"\n\n[plugins]\nandroid-gradle = { id = "com.android.tools.build", version.ref = "agp" }\n'
        'kotlin = { id = "org.jetbrains.kotlin.multiplatform", version = "2.3.0" }\n'
        'invented = { id = "com.example.invented.made-up-plugin", version = "1.0" }\n', encoding="utf-8")
    (tmp_path / "lib" / "build.gradle.kts").write_text(
        'plugins {\n    id("com.android.tools.build") version "8.13.0"\n    id("com.example.mapped.other") version "1.0"\n'
        '    id("com.example.invented.other-plugin") version "2.0"\n}\n', encoding="utf-8")
    assert [(name, path) for name, path, _ in _maven_marks(tmp_path)] == [
        ("com.example.invented.made-up-plugin:com.example.invented.made-up-plugin.gradle.plugin", "libs.versions.toml"),
        ("com.example.invented.other-plugin:com.example.invented.other-plugin.gradle.plugin", "build.gradle.kts"),
        ("com.example.invented.settings-plugin:com.example.invented.settings-plugin.gradle.plugin", "settings.gradle.kts"),
        ("com.example:mapped", "settings.gradle.kts"),  # the module the namespace is mapped to
        ("org.jetbrains.kotlin.multiplatform:org.jetbrains.kotlin.multiplatform.gradle.plugin", "libs.versions.toml"),
    ]


FLUTTER_SETTINGS = """pluginManagement {
    def flutterSdkPath = {
        def properties = new Properties()
        file("local.properties").withInputStream { properties.load(it) }
        def flutterSdkPath = properties.getProperty("flutter.sdk")
        assert flutterSdkPath != null, "flutter.sdk not set in local.properties"
        return flutterSdkPath
    }()

    includeBuild("$flutterSdkPath/packages/flutter_tools/gradle")

    repositories {
        google()
        mavenCentral()
        gradlePluginPortal()
    }
}

plugins {
    id "dev.flutter.flutter-plugin-loader" version "1.0.0"
    id "com.android.application" version "8.1.0" apply false
}

include ":app"
"""


def test_plugins_of_a_build_that_includes_a_build_are_unchecked_when_the_registries_lack_them(tmp_path):
    """flutter/samples (every Flutter app's android/settings.gradle, seen on the rescan of the mirrors for held-out set
    277): the Flutter SDK's included build provides `dev.flutter.flutter-plugin-loader`, requested with a version no
    registry has; Pokedex includes its build-logic. Their plugin markers pass when a registry has them and are not
    checked when none does; a library coordinate of the same build and the plugins of a build including no other are
    judged as before, an invented plugin id among them."""
    (tmp_path / "flutter" / "android" / "app").mkdir(parents=True)
    (tmp_path / "flutter" / "android" / "settings.gradle").write_text(FLUTTER_SETTINGS, encoding="utf-8")
    (tmp_path / "flutter" / "android" / "app" / "build.gradle").write_text(
        'plugins {\n    id "dev.flutter.flutter-gradle-plugin" version "1.0.0"\n}\n'
        'dependencies {\n    implementation "androidx.core:core-ktx:1.13.1"\n}\n', encoding="utf-8")
    (tmp_path / "pokedex" / "gradle").mkdir(parents=True)
    (tmp_path / "pokedex" / "settings.gradle.kts").write_text(
        'pluginManagement {\n    includeBuild("build-logic")\n}\n', encoding="utf-8")
    (tmp_path / "pokedex" / "gradle" / "libs.versions.toml").write_text(
        '[plugins]\nksp = { id = "com.google.devtools.ksp", version = "2.3.4" }\n', encoding="utf-8")
    (tmp_path / "plain").mkdir()
    (tmp_path / "plain" / "settings.gradle.kts").write_text('include(":app")\n', encoding="utf-8")
    (tmp_path / "plain" / "build.gradle.kts").write_text(
        'plugins {\n    id("com.example.invented.made-up-plugin") version "1.0"\n}\n', encoding="utf-8")
    assert _maven_marks(tmp_path) == [
        ("androidx.core:core-ktx", "build.gradle", False),
        ("com.android.application:com.android.application.gradle.plugin", "settings.gradle", True),
        ("com.example.invented.made-up-plugin:com.example.invented.made-up-plugin.gradle.plugin", "build.gradle.kts", False),
        ("com.google.devtools.ksp:com.google.devtools.ksp.gradle.plugin", "libs.versions.toml", True),
        ("dev.flutter.flutter-gradle-plugin:dev.flutter.flutter-gradle-plugin.gradle.plugin", "build.gradle", True),
        ("dev.flutter.flutter-plugin-loader:dev.flutter.flutter-plugin-loader.gradle.plugin", "settings.gradle", True),
    ]


def test_a_builds_own_repositories_make_its_names_unchecked_when_central_lacks_them(tmp_path):
    """held-out set 236's category (event-driven microservice samples): a Kafka service's pom declares Confluent's
    repository beside io.confluent:kafka-avro-serializer, which Maven Central does not have (a DG001 with the real
    Central); eventuate-tram-examples-customers-and-orders' root build.gradle gives every project Eventuate's
    repository (`maven { url "https://snapshots.repositories.eventuate.io/repository" }`). Such a build's names pass
    when Central has them and are not checked (DG100) when it lacks them. A build naming no other repository, one that
    only deploys to another (publishing { repositories { … } }, <distributionManagement>) and the asked ones
    (Central, google(), JitPack) keep their names judged."""
    (tmp_path / "svc").mkdir()
    (tmp_path / "svc" / "pom.xml").write_text(CONFLUENT_POM, encoding="utf-8")
    (tmp_path / "g" / "app").mkdir(parents=True)
    (tmp_path / "g" / "build.gradle").write_text(
        'allprojects {\n    repositories {\n        mavenCentral()\n'
        '        maven { url "https://snapshots.repositories.eventuate.io/repository" }\n    }\n}\n', encoding="utf-8")
    (tmp_path / "g" / "app" / "build.gradle").write_text(
        'dependencies {\n    implementation "io.eventuate.tram.core:eventuate-tram-events:0.34.0.RELEASE"\n}\n',
        encoding="utf-8")
    (tmp_path / "plain" / "lib").mkdir(parents=True)
    (tmp_path / "plain" / "build.gradle.kts").write_text(
        'repositories {\n    mavenCentral()\n    google()\n    maven("https://jitpack.io")\n}\n'
        'publishing {\n    repositories {\n        maven { url = uri("https://maven.pkg.github.com/acme/lib") }\n    }\n}\n'
        'dependencies {\n    implementation("com.acme:made-up-lib:1.0")\n}\n', encoding="utf-8")
    (tmp_path / "plain" / "lib" / "pom.xml").write_text(
        CONFLUENT_POM.replace("<repositories>", "<distributionManagement>").replace(
            "</repositories>", "</distributionManagement>").replace("<repository>", "<repository><!-- deploy -->"),
        encoding="utf-8")
    assert _maven_marks(tmp_path) == [
        ("com.acme:made-up-lib", "build.gradle.kts", False),
        ("io.confluent:kafka-avro-serializer", "pom.xml", False),  # plain/lib: deploys there, resolves from Central
        ("io.confluent:kafka-avro-serializer", "pom.xml", True),
        ("io.eventuate.tram.core:eventuate-tram-events", "build.gradle", True),
        ("org.apache.kafka:kafka-clients", "pom.xml", False),
        ("org.apache.kafka:kafka-clients", "pom.xml", True),
    ]
    from depguard.ecosystems.maven.repositories import other_repositories

    assert other_repositories('repositories {\n  maven { url eventuateRepo }\n  maven { setUrl("https://x.example/m2") }\n}\n',
                              "build.gradle") == ["the repository eventuateRepo names", "https://x.example/m2"]
    assert other_repositories("<repositories><repository><url>${repo.url}</url></repository></repositories>",
                              "pom.xml") == ["the repository ${repo.url} names"]


def test_a_gradle_repository_block_holding_a_content_filter_is_read(tmp_path):
    """held-out set 273 (game mods): each repository of XFactHD/FramedBlocks' build.gradle (a NeoForge mod) is
    `maven { name = 'CurseMaven'; url = 'https://www.cursemaven.com'; content { includeGroup('curse.maven') } }`; the
    block's nested braces hid its url, so the build read as naming no repository of its own and its mods' artifacts
    (mezz.jei:jei-1.21.1-neoforge, curse.maven:…), which Maven Central lacks, were judged against Central alone. A block
    with a content filter now gives its url; a build whose block holds a filter but only Central's url, and a build
    naming no repository of its own, keep their names judged; a run of unclosed blocks is read once each, bounded."""
    (tmp_path / "mod").mkdir()
    (tmp_path / "mod" / "build.gradle").write_text(
        "repositories {\n    maven {\n        name = 'CurseMaven'\n        url = 'https://www.cursemaven.com'\n"
        "        content {\n            includeGroup('curse.maven')\n        }\n    }\n}\n"
        "dependencies {\n    compileOnly 'curse.maven:atlasviewer-633577:5946498'\n}\n", encoding="utf-8")
    (tmp_path / "central").mkdir()
    (tmp_path / "central" / "build.gradle").write_text(
        "repositories {\n    maven {\n        url = 'https://repo1.maven.org/maven2'\n"
        "        content { includeGroup('com.acme') }\n    }\n}\n"
        "dependencies {\n    implementation 'com.acme:made-up-lib:1.0'\n}\n", encoding="utf-8")
    assert _maven_marks(tmp_path) == [
        ("com.acme:made-up-lib", "build.gradle", False),
        ("curse.maven:atlasviewer-633577", "build.gradle", True),
    ]
    from depguard.ecosystems.maven.repositories import other_repositories

    assert other_repositories("repositories {\n" + "maven {\n" * 3000, "build.gradle") == []


def test_a_builds_own_repository_leaves_a_look_alike_central_has_judged(tmp_path):
    # reviewer r34: the mark of a build's own repositories made every flag of its names not checked, a look-alike Maven
    # Central has (DG002, a typosquat the build would take from Central, which it still asks) included. Now a doubted
    # name stays suspicious, a name Central lacks is not checked, and one it has passes
    from depguard.examples import as_note
    from depguard.model import Finding, Verdict

    (tmp_path / "pom.xml").write_text(CONFLUENT_POM, encoding="utf-8")
    from depguard.config import Settings
    from depguard.scan import collect_paths

    marked = [m for m in collect_paths([tmp_path], Settings(use_cache=False)).mentions if m.key.ecosystem == "maven"]
    assert marked and all(m.example is not None and m.example.unchecked and m.example.doubts_judged for m in marked)
    m = marked[0]
    squat = Finding(m, Verdict.SUSPICIOUS, "DG002", ("one letter from 'org.apache.kafka:kafka-clients'",))
    assert as_note(squat) is squat
    assert as_note(Finding(m, Verdict.MISSING, "DG001", ("not on Maven Central",))).verdict is Verdict.NOT_CHECKED
    ok = Finding(m, Verdict.OK, None, ())
    assert as_note(ok) is ok


def test_an_sbt_module_id_that_needs_a_scala_version_the_file_does_not_set_is_a_problem_not_a_guess():
    from tests.ecosystems._fixtures import parse_fixture

    found, problems, error = parse_fixture(Path(__file__).parent / "fixtures" / "build.sbt" / "no-scala-version.sbt",
                                           "build.sbt")
    assert error is None
    assert [(m.key.name, m.location.line) for m in found] == [("com.google.guava:guava", 2)]
    assert [(p.location.line if p.location else None) for p in problems] == [1]
    assert "Scala version" in problems[0].message


def test_a_mill_dependency_that_needs_a_scala_version_the_file_does_not_set_is_a_problem_not_a_guess():
    from tests.ecosystems._fixtures import parse_fixture

    found, problems, error = parse_fixture(Path(__file__).parent / "fixtures" / "build.mill" / "no-scala-version.mill",
                                           "build.mill")
    assert error is None
    assert [(m.key.name, m.location.line) for m in found] == [("com.google.guava:guava", 2)]
    assert [(p.location.line if p.location else None) for p in problems] == [2]


def test_an_sbt_build_of_many_modules_is_read_once():
    # reviewer r36: each module's version written as a name was looked up from the text's start, and each module
    # looked for addSbtPlugin( from its line's start: quadratic (8,000 modules 100 s and, on one line, 34 s;
    # benchmarks/crafted_inputs.py). The constants are read once and the plug-in calls found once: every module still
    # read with its constant's first value, and a plug-in's module skipped on its own line only
    from depguard.parsers import Source, get_format

    n = 2_000
    text = ('scalaVersion := "2.13.14"\nval v0 = "1.0"\nlazy val v1: String = "2.0"\nval v0 = "9.9"\n'
            'addSbtPlugin("com.example" % "sbt-plugin-zq" % "0.1"); "org.zq" % "after-plugin-zq" % v0\n'
            + "".join(f'"org.zq" %% "lib{i}-zq" % v{i % 2}, ' for i in range(n)) + "\n")
    found = list(get_format("build.sbt").parse(Source(path="build.sbt", text=text)))
    assert len(found) == n
    assert {(m.key.name, m.spec) for m in found[:2]} == {("org.zq:lib0-zq_2.13", "1.0"), ("org.zq:lib1-zq_2.13", "2.0")}
    assert found[-1].location.line == 6 and found[-1].key.name == f"org.zq:lib{n - 1}-zq_2.13"


def test_filter_calls_are_found_once_per_line(monkeypatch):
    # l38: whether a call is an exclude(…)/include(…) argument was a search from the line's start before each call:
    # quadratic on one long line of calls (1,000 `plugins { … } dependencies { implementation(` units, 80 KB: 1.1 s;
    # twice and four times as many 3.6 and 12.5 s). The openings are found once per line: the text the pattern reads
    # stays within the line's length, a filter's argument is still skipped and every other call still read
    from depguard.ecosystems.maven import gradle_build
    from depguard.parsers import Source, get_format

    read: list[int] = []

    class Counting:
        def __init__(self, pattern):
            self.pattern = pattern

        def search(self, string, pos=0, endpos=None):
            read.append((len(string) if endpos is None else endpos) - pos)
            return self.pattern.search(string, pos, len(string) if endpos is None else endpos)

        def finditer(self, string, pos=0, endpos=None):
            read.append((len(string) if endpos is None else endpos) - pos)
            return self.pattern.finditer(string, pos, len(string) if endpos is None else endpos)

    monkeypatch.setattr(gradle_build, "FILTER_CALL", Counting(gradle_build.FILTER_CALL))
    n = 200
    line = ("dependencies { shadow { exclude( dependency('org.zq:filtered-zq:1') ) } "
            + "".join(f'implementation("org.zq:lib{i}-zq:1.0"); jmh("org.zq:bench{i}-zq:1.0"); ' for i in range(n)) + "}")
    found = list(get_format("build.gradle").parse(Source(path="build.gradle", text=line + "\n")))
    assert sum(read) <= 2 * len(line)
    names = {m.key.name for m in found}
    assert len(names) == 2 * n and "org.zq:filtered-zq" not in names and {"org.zq:lib0-zq", "org.zq:bench7-zq"} <= names


def test_catalog_plugin_references_are_read_from_one_start_per_run():
    # l38: `libs.plugins.<alias>.get().pluginId` was a lazy alias after each `libs.plugins.`, and a run of them (allowed
    # after a `.`) rescanned the rest of the run from every one: quadratic (8,000 of them 5.9 s; benchmarks/
    # crafted_inputs.py). The run before `().pluginId` is found from its one start, its leftmost `libs.plugins.` read
    from depguard.ecosystems.maven.gradle_build import CATALOG_PLUGIN_RUN, _declared_in_build_file

    run = "libs.plugins." * 50 + "x.get().pluginId"
    assert [p for p in range(len(run)) if CATALOG_PLUGIN_RUN.match(run, p)] == [0]
    assert _declared_in_build_file(run) == ("alias:" + "libs.plugins." * 49 + "x",)
    text = ("id = libs.plugins.demo.catalog.plugin.get().pluginId\nid = mylibs.plugins.not.this.get().pluginId\n"
            "id = $libs.plugins.nor.this.get().pluginId\nid = extra.libs.plugins.other-one.get().pluginId\n"
            "id = libs.plugins.no.call.get.pluginId\n")
    assert _declared_in_build_file(text) == ("alias:demo.catalog.plugin", "alias:other.one")


def test_an_included_build_of_the_tree_provides_only_the_plugins_it_declares(tmp_path):
    """reviewer r38: a build whose settings include a build of the tree (`includeBuild("build-logic")`, the convention
    plugins of most Android apps) had every plugin marker it requests with a version marked not checked, so an invented
    plugin id there was DG100, not DG001. The build-logic's own declarations decide: its gradlePlugin { } ids, its
    precompiled script plugins and a catalog alias it registers are marked; another plugin requested beside them, an
    invented one among them, is judged; a build outside the tree (Flutter's SDK) still provides any."""
    files = {
        "settings.gradle.kts": 'pluginManagement {\n    includeBuild("build-logic")\n}\ninclude(":app")\n',
        "gradle/libs.versions.toml": '[plugins]\ndemo-catalog-plugin = { id = "demo.catalog.plugin", version = "1.0" }\n'
                                     'imagined-catalog-zq = { id = "com.acme.imagined-catalog-zq", version = "1.0" }\n',
        "app/build.gradle.kts": 'plugins {\n    id("com.acme.imagined-gradle-plugin-zq") version "1.2.0"\n'
                                '    id("demo.android.application") version "1.0"\n    id("demo.kotlin.library") version "1.0"\n}\n',
        "build-logic/settings.gradle.kts": 'rootProject.name = "build-logic"\ninclude(":convention")\n',
        "build-logic/convention/build.gradle.kts": (
            'plugins { `kotlin-dsl` }\ngradlePlugin {\n    plugins {\n        register("androidApplication") {\n'
            '            id = "demo.android.application"\n            implementationClass = "AndroidApplicationPlugin"\n'
            '        }\n        register("catalog") {\n            id = libs.plugins.demo.catalog.plugin.get().pluginId\n'
            '        }\n    }\n}\n'),
        "build-logic/convention/src/main/kotlin/demo.kotlin.library.gradle.kts": 'plugins { id("java-library") }\n',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    assert _maven_marks(tmp_path) == [
        ("com.acme.imagined-catalog-zq:com.acme.imagined-catalog-zq.gradle.plugin", "libs.versions.toml", False),
        ("com.acme.imagined-gradle-plugin-zq:com.acme.imagined-gradle-plugin-zq.gradle.plugin", "build.gradle.kts", False),
        ("demo.android.application:demo.android.application.gradle.plugin", "build.gradle.kts", True),
        ("demo.catalog.plugin:demo.catalog.plugin.gradle.plugin", "libs.versions.toml", True),
        ("demo.kotlin.library:demo.kotlin.library.gradle.plugin", "build.gradle.kts", True),
    ]
    # the same requests beside a build the tree does not hold: it may provide any of them
    (tmp_path / "settings.gradle.kts").write_text(
        'pluginManagement {\n    includeBuild("$sdkPath/packages/gradle")\n}\ninclude(":app")\n', encoding="utf-8")
    assert all(marked for _, _, marked in _maven_marks(tmp_path))


def test_a_snapshot_version_is_unchecked_when_central_lacks_the_name(tmp_path):
    """wix/react-native-calendars (held-out set 285): its pom.xml's parent is Wix's internal
    `com.wixpress.common:wix-master-parent` at `100.0.0-SNAPSHOT`. Maven Central serves releases only, so a snapshot
    comes from a snapshot repository of the build's settings, and a name Central lacks cannot reach it from there:
    not checked (a name Central has still passes, a look-alike is still judged). A release version of the same kind of
    name, in a POM or a Gradle build, stays judged."""
    (tmp_path / "cal").mkdir()
    (tmp_path / "cal" / "pom.xml").write_text(
        '<project><modelVersion>4.0.0</modelVersion><groupId>com.wixpress.hotels</groupId>'
        '<artifactId>wix-react-native-calendar</artifactId><version>1.0.0-SNAPSHOT</version><packaging>pom</packaging>'
        '<parent><groupId>com.wixpress.common</groupId><artifactId>wix-master-parent</artifactId>'
        '<version>100.0.0-SNAPSHOT</version></parent>'
        '<dependencies><dependency><groupId>com.acme</groupId><artifactId>made-up-release</artifactId>'
        '<version>1.0</version></dependency></dependencies></project>\n', encoding="utf-8")
    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "build.gradle").write_text(
        'dependencies {\n    implementation "com.acme:nightly-kit:2.1.0-SNAPSHOT"\n'
        '    implementation "com.acme:made-up-gradle:2.1.0"\n}\n', encoding="utf-8")
    assert _maven_marks(tmp_path) == [
        ("com.acme:made-up-gradle", "build.gradle", False),
        ("com.acme:made-up-release", "pom.xml", False),
        ("com.acme:nightly-kit", "build.gradle", True),
        ("com.wixpress.common:wix-master-parent", "pom.xml", True),
    ]


def test_a_bazel_maven_install_from_a_repository_depguard_does_not_ask_leaves_central_s_missing_names_unchecked(tmp_path):
    # bazelbuild/examples' java-maven MODULE.bazel resolves from http://uk.maven.org/maven2 and jcenter.bintray.com
    # besides no Central URL: a name Central lacks may be there (not checked, DG100), one it has passes; a workspace
    # resolving from Central only has an invented name missing
    from tests.trees import judged, verdicts, write

    write(tmp_path, {
        "java-maven/MODULE.bazel": 'maven = use_extension("@rules_jvm_external//:extensions.bzl", "maven")\n'
                                   'maven.install(\n    artifacts = ["junit:junit:4.12", "com.example:only-on-jcenter:1.0"],\n'
                                   '    repositories = ["http://uk.maven.org/maven2", "https://jcenter.bintray.com/"],\n)\n',
        "central/MODULE.bazel": 'maven.install(artifacts = ["junit:junit:4.12", "com.example:invented-kit:1.0"],\n'
                                '    repositories = ["https://repo1.maven.org/maven2"])\n',
    })
    got = verdicts(judged(tmp_path, {"junit:junit"}))
    assert got == {("java-maven/MODULE.bazel", "junit:junit"): "ok",
                   ("java-maven/MODULE.bazel", "com.example:only-on-jcenter"): "not-checked",
                   ("central/MODULE.bazel", "junit:junit"): "ok",
                   ("central/MODULE.bazel", "com.example:invented-kit"): "missing"}


def test_a_maven_install_json_resolved_from_a_repository_depguard_does_not_ask_leaves_central_s_missing_names_unchecked(
        tmp_path):
    from tests.trees import judged, verdicts, write

    def pin(repository: str) -> str:
        return ('{"__AUTOGENERATED_FILE_DO_NOT_MODIFY_THIS_FILE_MANUALLY": "THERE_IS_NO_DATA_ONLY_ZUUL",\n'
                ' "artifacts": {"junit:junit": {"version": "4.12"}, "com.example:pinned-kit": {"version": "1.0"}},\n'
                f' "repositories": {{"{repository}": ["junit:junit", "com.example:pinned-kit"]}}, "version": "2"}}\n')

    write(tmp_path, {"jcenter/maven_install.json": pin("https://jcenter.bintray.com/"),
                     "central/maven_install.json": pin("https://repo1.maven.org/maven2/")})
    assert verdicts(judged(tmp_path, {"junit:junit"})) == {
        ("jcenter/maven_install.json", "junit:junit"): "ok",
        ("jcenter/maven_install.json", "com.example:pinned-kit"): "not-checked",
        ("central/maven_install.json", "junit:junit"): "ok",
        ("central/maven_install.json", "com.example:pinned-kit"): "missing"}


def test_forgegradle_deobf_dependencies_are_read():
    # held-out set 312 (Creators-of-Create/Create): a Forge mod declares its mod dependencies through ForgeGradle's
    # `implementation fg.deobf("g:a:v")` (the artifact is remapped to the game's names when downloaded, from the
    # build's repositories); the wrapper read as a call left jei, curios and architectury unread. The artifact built
    # from gradle.properties is resolved as elsewhere; a commented-out line and `fg.deobf(project(":core"))` name nothing
    from pathlib import Path

    from tests.ecosystems._fixtures import names_and_lines, parse_fixture

    found, problems, _ = parse_fixture(Path(__file__).parent / "fixtures" / "build.gradle/forgegradle/build.gradle",
                                       "build.gradle")
    assert names_and_lines(found) == [("com.tterrag.registrate:Registrate", 9), ("mezz.jei:jei-1.20.1-common-api", 10),
                                      ("top.theillusivec4.curios:curios-forge", 11),
                                      ("dev.architectury:architectury-forge", 12)]
    assert [m.spec for m in found] == ["MC1.20-1.3.3", "15.19.0.85", "5.3.1+1.20.1", "9.1.12"]
    assert problems == []
