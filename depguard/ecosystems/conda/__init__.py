"""Conda: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="conda",
    package=__name__,
    formats=(
        Format("environment.yml", "conda_env",
               ("environment.yml", "environment.yaml", "environment-*.yml", "environment-*.yaml",
                "*.environment.yml", "conda-env.yml", "*.yml", "*.yaml")),
        Format("conda-lock.yml", "conda_lock",
               ("conda-lock.yml", "conda-lock.yaml", "*.conda-lock.yml"), kind="lockfile"),
        Format("pixi", "pixi", ("pixi.toml", "pyproject.toml")),
        Format("pixi.lock", "pixi_lock", ("pixi.lock",), kind="lockfile"),
        Format("nextflow", "nextflow", ("*.nf", "nextflow.config")),
        Format("galaxy-tool", "galaxy_tool", ("*.xml",)),
        Format("cwl", "cwl", ("*.cwl",)),
        Format("conda-explicit", "explicit", ("*.pin.txt", "conda-*.lock", "spec-file.txt"), kind="lockfile"),
    ),
    tools=(
        Tools("tools", ("conda", "mamba", "micromamba", "pixi")),
    ),
    registry="conda",
)
