"""Homebrew: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="homebrew",
    package=__name__,
    formats=(
        Format("Brewfile", "brewfile", ("Brewfile", "*.Brewfile", ".Brewfile")),
    ),
    tools=(
        Tools("tools", ("brew",)),
    ),
    registry="homebrew",
)
