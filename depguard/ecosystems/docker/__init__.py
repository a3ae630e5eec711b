"""Docker Hub: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage, Format, Tools

ECOSYSTEM = EcosystemPackage(
    id="docker",
    package=__name__,
    formats=(
        Format("ci-images", "ci_images",
               (".gitlab-ci.yml", "*.gitlab-ci.yml", ".circleci/config.yml", "bitbucket-pipelines.yml",
                "azure-pipelines.yml", ".drone.yml", ".woodpecker.yml", ".woodpecker.yaml", ".woodpecker/*.yml",
                ".woodpecker/*.yaml")),
        Format("bazel-oci", "bazel_oci", ("*.bzl",)),
        Format("cloudbuild", "cloudbuild", ("cloudbuild.yaml", "cloudbuild.yml", "cloudbuild*.yaml", "cloudbuild*.yml")),
        Format("compose", "compose",
               ("docker-compose.yml", "docker-compose.yaml", "docker-compose.*.yml", "docker-compose.*.yaml",
                "docker-compose-*.yml", "docker-compose-*.yaml", "compose.yml", "compose.yaml", "compose.*.yml",
                "compose.*.yaml", "*-compose.yml", "*-compose.yaml", "*.compose.yml", "*.compose.yaml", "*.yml", "*.yaml")),
        Format("compose-dockerfile-inline", "compose",
               ("docker-compose.yml", "docker-compose.yaml", "docker-compose.*.yml", "docker-compose.*.yaml",
                "docker-compose-*.yml", "docker-compose-*.yaml", "compose.yml", "compose.yaml", "compose.*.yml",
                "compose.*.yaml", "*-compose.yml", "*-compose.yaml", "*.compose.yml", "*.compose.yaml", "*.yml", "*.yaml"), kind="script"),
        Format("compose-commands", "compose",
               ("docker-compose.yml", "docker-compose.yaml", "docker-compose.*.yml", "docker-compose.*.yaml",
                "docker-compose-*.yml", "docker-compose-*.yaml", "compose.yml", "compose.yaml", "compose.*.yml",
                "compose.*.yaml", "*-compose.yml", "*-compose.yaml", "*.compose.yml", "*.compose.yaml", "*.yml", "*.yaml"), kind="script"),
        Format("devcontainer", "devcontainer", ("devcontainer.json", ".devcontainer.json")),
        Format("devcontainer-commands", "devcontainer", ("devcontainer.json", ".devcontainer.json"), kind="script"),
        Format("devcontainer-features", "devcontainer", ("devcontainer.json", ".devcontainer.json")),
        Format("docker-bake", "bake", ("docker-bake*.hcl",)),
        Format("dockerfile-images", "dockerfile_images",
               ("Dockerfile", "Dockerfile.*", "*.Dockerfile", "*.dockerfile", "Containerfile", "Containerfile.*")),
        Format("helm-values", "helm_values", ("values.yaml", "values.yml", "values-*.yaml", "values-*.yml")),
        Format("kubernetes", "kubernetes", ("*.yaml", "*.yml")),
        Format("snakemake", "snakemake", ("Snakefile", "*.smk", "*.snakefile", "Snakefile.*")),
        Format("wdl", "wdl", ("*.wdl",)),
        Format("workflow-images", "workflow_images",
               (".github/workflows/*.yml", ".github/workflows/*.yaml", "action.yml", "action.yaml")),
    ),
    tools=(
        Tools("tools", ("docker", "docker-compose", "finch", "kubectl", "nerdctl", "oc", "podman", "podman-compose")),
    ),
    registry="docker",
)
