"""JSR: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="jsr",
    package=__name__,
    formats=(
        Format("deno.json", "deno_json", ("deno.json", "deno.jsonc", "deno.*.json", "deno.*.jsonc", "import_map.json", "import-map.json")),
        Format("jsr.json", "jsr_json", ("jsr.json", "jsr.jsonc")),
        Format("deno.lock", "deno_lock", ("deno.lock",), kind="lockfile"),
    ),
    tools=(
        Tools("tools", ("deno",)),
    ),
    registry="jsr",
)
