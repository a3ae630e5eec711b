"""Hex: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="hex",
    package=__name__,
    formats=(
        Format("mix.exs", "mix_exs", ("mix.exs",)),
        Format("mix.lock", "mix_lock", ("mix.lock",), kind="lockfile"),
        Format("mix-install", "mix_install", ("*.exs", "*.ex")),
        Format("gleam.toml", "gleam_toml", ("gleam.toml",)),
        Format("gleam-manifest.toml", "gleam_manifest", ("manifest.toml",), kind="lockfile"),
        Format("rebar.config", "rebar_config", ("rebar.config",)),
        Format("rebar.lock", "rebar_lock", ("rebar.lock",), kind="lockfile"),
    ),
    tools=(
        Tools("tools", ("mix", "gleam")),
    ),
)
