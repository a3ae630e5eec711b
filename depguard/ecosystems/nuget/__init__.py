"""NuGet: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="nuget",
    package=__name__,
    formats=(
        Format("dotnet-tools.json", "depguard.parsers.dotnet_json", ("dotnet-tools.json",)),
        Format("global.json", "depguard.parsers.dotnet_json", ("global.json",)),
        Format("cs-directives", "depguard.parsers.dotnet_json", ("*.cs",)),
        Format("msbuild", "depguard.parsers.msbuild",
               ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Packages.props", "Directory.Build.props",
                "Directory.Build.targets")),
        Format("packages.lock.json", "depguard.parsers.nuget_lock", ("packages.lock.json",), kind="lockfile"),
        Format("packages.config", "depguard.parsers.packages_config", ("packages.config",)),
        Format("paket.dependencies", "depguard.parsers.paket_dependencies", ("paket.dependencies",)),
        Format("paket.lock", "depguard.parsers.paket_lock", ("paket.lock",), kind="lockfile"),
    ),
    imports=(
        Format("csharp-imports", "depguard.imports.csharp", ("*.cs",), kind="source"),
    ),
    languages=(
        Language("csharp", "tree_sitter_c_sharp", query="csharp.scm"),
    ),
    tools=(
        Tools("depguard.commands.dotnet_tools",
              ("Install-Package", "Update-Package", "dotnet", "install-package", "nuget", "paket", "update-package")),
    ),
    registry="depguard.registries.nuget",
)
