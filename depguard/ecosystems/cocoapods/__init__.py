"""CocoaPods: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="cocoapods",
    package=__name__,
    formats=(
        Format("Podfile", "podfile", ("Podfile",)),
        Format("Podfile.lock", "podfile_lock", ("Podfile.lock",), kind="lockfile"),
        Format("podspec", "podspec", ("*.podspec",)),
    ),
    tools=(
        Tools("tools", ("pod",)),
    ),
)
