"""Hackage: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="hackage",
    package=__name__,
    formats=(
        Format("cabal", "cabal", ("*.cabal",)),
        Format("cabal.project.freeze", "cabal_freeze", ("cabal.project.freeze",), kind="lockfile"),
        Format("stack.yaml.lock", "stack_lock", ("stack.yaml.lock",), kind="lockfile"),
        Format("stack.yaml", "stack_yaml", ("stack.yaml", "stack-*.yaml")),
        Format("package.yaml", "hpack", ("package.yaml",)),
    ),
    tools=(
        Tools("tools", ("cabal", "stack")),
    ),
    registry="hackage",
)
