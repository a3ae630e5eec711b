"""pub.dev: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="pub",
    package=__name__,
    formats=(
        Format("pubspec.lock", "depguard.parsers.pubspec_lock", ("pubspec.lock",), kind="lockfile"),
        Format("pubspec.yaml", "depguard.parsers.pubspec_yaml", ("pubspec.yaml",)),
    ),
    imports=(
        Format("dart-imports", "depguard.imports.dart", ("*.dart",), kind="source"),
    ),
    tools=(
        Tools("depguard.commands.dart_tools", ("dart", "flutter")),
    ),
)
