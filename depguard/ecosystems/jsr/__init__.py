"""JSR: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="jsr",
    package=__name__,
    formats=(
        Format("deno.json", "depguard.parsers.deno_json",
               ("deno.json", "deno.jsonc", "import_map.json", "import-map.json")),
        Format("jsr.json", "depguard.parsers.jsr_json", ("jsr.json", "jsr.jsonc")),
    ),
    tools=(
        Tools("depguard.commands.deno_tools", ("deno",)),
    ),
    registry="depguard.registries.jsr",
)
