"""Hackage: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="hackage",
    package=__name__,
    formats=(
        Format("cabal", "depguard.parsers.cabal", ("*.cabal",)),
        Format("cabal.project.freeze", "depguard.parsers.cabal_freeze", ("cabal.project.freeze",), kind="lockfile"),
        Format("stack.yaml.lock", "depguard.parsers.stack_lock", ("stack.yaml.lock",), kind="lockfile"),
        Format("stack.yaml", "depguard.parsers.stack_yaml", ("stack.yaml", "stack-*.yaml")),
    ),
    tools=(
        Tools("depguard.commands.haskell_tools", ("cabal", "stack")),
    ),
    registry="depguard.registries.hackage",
)
