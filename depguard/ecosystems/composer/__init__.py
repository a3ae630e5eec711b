"""Packagist: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="composer",
    package=__name__,
    formats=(
        Format("composer.json", "composer_json", ("composer.json",)),
        Format("composer.lock", "composer_lock", ("composer.lock",), kind="lockfile"),
    ),
    tools=(
        Tools("tools", ("composer", "composer.phar")),
    ),
    registry="packagist",
)
