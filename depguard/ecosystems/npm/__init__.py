"""npm: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Language, Tools

ECOSYSTEM = EcosystemPackage(
    id="npm",
    package=__name__,
    formats=(
        Format("expo-config", "expo_config", ("app.json",)),
        Format("bun.lock", "bun_lock", ("bun.lock",), kind="lockfile"),
        Format("bun.lockb", "bun_lock", ("bun.lockb",), kind="binary"),
        Format("html-cdn", "html_cdn", ("*.html", "*.htm", "*.cshtml", "*.razor")),
        Format("importmap", "import_maps", ("importmap.php", "config/importmap.rb")),
        Format("libman.json", "libman", ("libman.json",)),
        Format("package-lock.json", "npm_lock", ("package-lock.json", "npm-shrinkwrap.json"), kind="lockfile"),
        Format("package.json", "package_json", ("package.json",)),
        Format("unity-manifest", "unity_packages", ("Packages/manifest.json",)),
        Format("pnpm-lock.yaml", "pnpm_lock", ("pnpm-lock.yaml",), kind="lockfile"),
        Format("opencode-config", "opencode_config", ("opencode.json", "opencode.jsonc")),
        Format("shadcn-registry", "shadcn_registry", ("registry.json", "registry-item.json")),
        Format("userscript", "userscript", ("*.js", "*.mjs", "*.cjs", "*.ts")),
        Format("yarn.lock", "yarn_lock", ("yarn.lock",), kind="lockfile"),
        Format("default-npm-packages", "default_packages", (".default-npm-packages", "default-npm-packages",
                                                            "dot_default-npm-packages")),
    ),
    imports=(
        Format("mocharc", "mocharc", (".mocharc.json", ".mocharc.jsonc", ".mocharc.yml", ".mocharc.yaml"), kind="source"),
        Format("nycrc", "mocharc", (".nycrc", ".nycrc.json", ".nycrc.yml", ".nycrc.yaml"), kind="source"),
        Format("package-json-test-preloads", "mocharc", ("package.json",), kind="source"),
        Format("azure-functions-settings", "function_settings",
               ("local.settings.json", "*_local.settings.json", "*.local.settings.json"), kind="source"),
        Format("js-imports", "imports",
               ("*.js", "*.mjs", "*.cjs", "*.jsx", "*.ts", "*.mts", "*.cts", "*.tsx", "*.vue", "*.svelte", "*.astro"),
               kind="source"),
    ),
    languages=(
        Language("javascript", "tree_sitter_javascript", query="javascript.scm"),
        Language("typescript", "tree_sitter_typescript", "language_typescript", query="typescript.scm"),
        Language("tsx", "tree_sitter_typescript", "language_tsx", query="typescript.scm"),
    ),
    tools=(
        Tools("tools", ("astro", "bun", "bunx", "cnpm", "expo", "ng", "npm", "npx", "nuxi", "pnpm", "pnpx", "quasar", "volta",
                        "vue", "yarn")),
        Tools("hosts", ("heroku", "jupyter", "node-red", "node-red-admin", "sf", "sfdx", "twilio"), versioned=False),
    ),
)
