"""GitHub Actions: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format

ECOSYSTEM = EcosystemPackage(
    id="github-actions",
    package=__name__,
    formats=(
        Format("github-actions-uses", "github_actions",
               (".github/workflows/*.yml", ".github/workflows/*.yaml", "action.yml", "action.yaml")),
    ),
    registry="github",
)
