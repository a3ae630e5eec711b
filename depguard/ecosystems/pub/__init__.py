"""pub.dev: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="pub",
    package=__name__,
    formats=(
        Format("pubspec.lock", "pubspec_lock", ("pubspec.lock",), kind="lockfile"),
        Format("pubspec.yaml", "pubspec_yaml", ("pubspec.yaml",)),
    ),
    imports=(
        Format("dart-imports", "imports", ("*.dart",), kind="source"),
    ),
    tools=(
        Tools("tools", ("dart", "flutter")),
    ),
)
