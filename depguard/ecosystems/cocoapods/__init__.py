"""CocoaPods: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="cocoapods",
    package=__name__,
    formats=(
        Format("Podfile", "depguard.parsers.podfile", ("Podfile",)),
        Format("Podfile.lock", "depguard.parsers.podfile_lock", ("Podfile.lock",), kind="lockfile"),
    ),
    tools=(
        Tools("depguard.commands.cocoapods_tools", ("pod",)),
    ),
)
