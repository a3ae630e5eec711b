"""NuGet: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="nuget",
    package=__name__,
    formats=(
        Format("dotnet-tools.json", "dotnet_json", ("dotnet-tools.json",)),
        Format("global.json", "dotnet_json", ("global.json",)),
        Format("cs-directives", "dotnet_json", ("*.cs",)),
        Format("msbuild-exec", "msbuild_exec",
               ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Build.props", "Directory.Build.targets"), kind="script"),
        Format("nuget-script-refs", "script_refs", ("*.fsx", "*.csx", "*.dib", "*.cs", "*.cake")),
        Format("msbuild", "msbuild",
               ("*.csproj", "*.fsproj", "*.vbproj", "Directory.Packages.props", "Directory.Build.props",
                "Directory.Build.targets")),
        Format("packages.lock.json", "nuget_lock", ("packages.lock.json",), kind="lockfile"),
        Format("packages.config", "packages_config", ("packages.config",)),
        Format("paket.dependencies", "paket_dependencies", ("paket.dependencies",)),
        Format("paket.lock", "paket_lock", ("paket.lock",), kind="lockfile"),
    ),
    imports=(
        Format("csharp-imports", "imports", ("*.cs",), kind="source"),
    ),
    languages=(
        Language("csharp", "tree_sitter_c_sharp", query="csharp.scm"),
    ),
    tools=(
        Tools("tools",
              ("Install-Package", "Update-Package", "dotnet", "install-package", "nuget", "paket", "update-package")),
    ),
    registry="nuget",
)
