"""Swift (SwiftPM): what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="swift",
    package=__name__,
    formats=(
        Format("Package.resolved", "package_resolved", ("Package.resolved",), kind="lockfile"),
        Format("Package.swift", "package_swift", ("Package.swift", "Package@swift-*.swift")),
        Format("xcodeproj", "xcodeproj", ("*.xcodeproj/project.pbxproj",)),
        Format("Cartfile", "cartfile", ("Cartfile", "Cartfile.private")),
        Format("Cartfile.resolved", "cartfile", ("Cartfile.resolved",), kind="lockfile"),
        Format("xcodegen", "xcodegen", ("project.yml", "project.yaml")),
        Format("Mintfile", "mintfile", ("Mintfile",)),
    ),
    tools=(
        Tools("tools", ("swift", "mint", "carthage"), versioned=False),
    ),
    registry="swift",
)
