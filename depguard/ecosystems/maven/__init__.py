"""Maven Central: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="maven",
    package=__name__,
    formats=(
        Format("build.gradle", "depguard.parsers.gradle_build",
               ("build.gradle", "build.gradle.kts", "*.gradle", "*.gradle.kts")),
        Format("libs.versions.toml", "depguard.parsers.gradle_catalog",
               ("libs.versions.toml", "gradle/*.versions.toml")),
        Format("gradle.lockfile", "depguard.parsers.gradle_lockfile",
               ("gradle.lockfile", "gradle/dependency-locks/*.lockfile", "buildscript-gradle.lockfile"), kind="lockfile"),
        Format("gradle-verification-metadata", "depguard.parsers.gradle_verification",
               ("gradle/verification-metadata.xml", "verification-metadata.xml"), kind="lockfile"),
        Format("pom.xml", "depguard.parsers.pom_xml", ("pom.xml", "*.pom")),
        Format("pom-named", "depguard.parsers.pom_xml", ("pom?*.xml", "*?pom.xml")),
        Format("maven-extensions", "depguard.parsers.pom_xml", (".mvn/extensions.xml",)),
    ),
    tools=(
        Tools("depguard.commands.maven_tools", ("mvn", "mvnw")),
    ),
    registry="depguard.registries.maven",
)
