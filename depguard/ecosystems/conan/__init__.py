"""ConanCenter (Conan, C and C++): what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="conan",
    package=__name__,
    formats=(
        Format("conan.lock", "depguard.parsers.conan_lock", ("conan.lock",), kind="lockfile"),
        Format("conanfile.py", "depguard.parsers.conanfile_py", ("conanfile.py",)),
        Format("conanfile.txt", "depguard.parsers.conanfile_txt", ("conanfile.txt",)),
    ),
    tools=(
        Tools("depguard.commands.conan_tools", ("conan",)),
    ),
    registry="depguard.registries.conan",
)
