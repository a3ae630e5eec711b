"""Maven Central: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="maven",
    package=__name__,
    formats=(
        Format("build.gradle", "gradle_build", ("build.gradle", "build.gradle.kts", "*.gradle", "*.gradle.kts")),
        Format("bazel-maven", "bazel_maven", ("MODULE.bazel", "*.MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel",
                                              "WORKSPACE.bzlmod")),
        Format("build.sbt", "sbt_build", ("*.sbt",)),
        Format("build.mill", "mill_build", ("build.mill", "package.mill", "build.sc")),
        Format("libs.versions.toml", "gradle_catalog", ("*.versions.toml",)),
        Format("kotlin-script", "kotlin_script", ("*.main.kts",)),
        Format("gradle.lockfile", "gradle_lockfile",
               ("gradle.lockfile", "gradle/dependency-locks/*.lockfile", "buildscript-gradle.lockfile"), kind="lockfile"),
        Format("gradle-verification-metadata", "gradle_verification",
               ("gradle/verification-metadata.xml", "verification-metadata.xml"), kind="lockfile"),
        Format("maven_install.json", "maven_install_json", ("maven_install.json", "*_maven_install.json"),
               kind="lockfile"),
        Format("pom.xml", "pom_xml", ("pom.xml", "*.pom")),
        Format("pom-named", "pom_xml", ("pom?*.xml", "*?pom.xml")),
        Format("maven-extensions", "pom_xml", (".mvn/extensions.xml",)),
    ),
    tools=(
        Tools("tools", ("mvn", "mvnw")),
    ),
    registry="maven",
)
