"""ConanCenter (Conan, C and C++): what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="conan",
    package=__name__,
    formats=(
        Format("conan.lock", "conan_lock", ("conan.lock",), kind="lockfile"),
        Format("conanfile.py", "conanfile_py", ("conanfile.py",)),
        Format("conanfile.txt", "conanfile_txt", ("conanfile.txt",)),
        Format("conandata.yml", "conandata_yml", ("conandata.yml",)),
    ),
    tools=(
        Tools("tools", ("conan",)),
    ),
    registry="conan",
)
