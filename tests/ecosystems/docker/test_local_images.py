"""Images the tree builds itself are not Docker Hub names: ``docker build -t x`` … ``docker run x``, a compose
service's ``image:`` beside its ``build:`` (and other services using that image), ``additional_contexts``,
named build stages, build-push-action ``tags:`` and a Docker action's ``image: Dockerfile``. Pulled images
are still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.docker._local_images import images_in_commands, images_in_compose, images_in_workflow
from depguard.scan import collect_paths

TREE = Path(__file__).parent / "fixtures" / "local-images"


def test_only_pulled_images_are_judged(settings):
    out = collect_paths([TREE], settings)
    images = sorted({(m.key.name, m.location.path.split("/")[-1]) for m in out.mentions if m.key.ecosystem == "docker"})
    assert images == [
        ("docker/dockerfile", "Dockerfile"),  # the '# syntax=' frontend is pulled too
        ("library/hello-world", "README.md"),
        ("library/node", "Dockerfile"),
        ("library/postgres", "docker-compose.yml"),
        ("library/python", "base.Dockerfile"),
    ]


def test_build_commands_name_what_they_build():
    text = ("docker buildx build --platform linux/amd64 \\\n  --tag ghcr.io/acme/api:1 --build-context base=docker-image://alpine .\n"
            "podman tag acme/api:1 acme/api:stable\ndocker build -t $IMAGE .\ndocker run myapp\n")
    assert images_in_commands(text) == {"ghcr.io/acme/api", "library/base", "acme/api"}


def test_compose_images_are_built_only_beside_a_build():
    text = "services:\n  a:\n    build: .\n    image: acme/a\n  b:\n    image: redis:7\n"
    assert images_in_compose(text) == {"acme/a"}


def test_workflow_tags_of_build_steps_and_not_of_other_actions():
    text = ("steps:\n  - name: meta\n    uses: docker/metadata-action@v5\n    with:\n      images: |\n        acme/web\n"
            "  - uses: docker/build-push-action@v6\n    with:\n      tags: acme/worker:latest,acme/worker:${{ github.sha }}\n"
            "  - uses: some/other-action@v1\n    with:\n      tags: not-an-image\n")
    assert images_in_workflow(text) == {"acme/web", "acme/worker"}


def test_a_docker_actions_image_is_a_dockerfile_or_a_docker_url():
    from depguard.parsers import Source, get_format

    for text, expected in [
        ("runs:\n  using: docker\n  image: 'Dockerfile'\n", []),
        ("runs:\n  using: docker\n  image: docker://ghcr.io/acme/lint:1.2\n", [("ghcr.io/acme/lint", "1.2", 3, 19)]),
        ("runs:\n  using: docker\n  image: 'docker://alpine:3.20'\n", [("library/alpine", "3.20", 3, 20)]),
    ]:
        source = Source(path="action.yml", text=text)
        got = [(m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("workflow-images").parse(source)]
        assert got == expected, text


def test_compose_anchors_and_merge_keys_are_read_line_by_line():
    text = ("x-defaults: &defaults\n  image: acme-local\n  build:\n    context: .\nservices:\n  web:\n    <<: *defaults\n"
            "  cleanup:\n    <<: *defaults\n    image: acme-cleanup-local\n    build:\n      args:\n        BASE: acme-local\n"
            "  cache:\n    <<: *defaults\n    image: memcached:1.6\n")
    assert images_in_compose(text) == {"library/acme-local", "library/acme-cleanup-local"}


def test_compose_images_from_variables_are_read_from_the_env_file_beside_it():
    from depguard.parsers import Source, get_format

    path = TREE.parent / "compose-env" / "docker-compose.yml"
    source = Source(path="docker-compose.yml", text=path.read_text(), fs_path=path, root=path.parent)
    got = [(m.key.name, m.spec, m.location.line) for m in get_format("compose").parse(source)]
    assert got == [("ghcr.io/getsentry/snuba", "nightly", 3), ("getsentry/relay", "24.1", 5),
                   ("library/postgres", "14", 7)]
    # a secret-looking variable is never substituted (its value cannot reach a report); an unset one is not checked
    assert [(p.location.line, p.kind) for p in source.problems] == [(9, "limit"), (11, "limit")]
    assert not any("secret" in p.message for p in source.problems)


def test_build_arguments_compose_passes_name_the_base_image(settings):
    tree = TREE.parent / "compose-args"
    out = collect_paths([tree], settings)
    got = sorted((m.location.path.split("compose-args/")[-1], m.key.name, m.spec) for m in out.mentions
                 if m.parser == "dockerfile-images")
    assert got == [("clickhouse/Dockerfile", "altinity/clickhouse-server", "25.8"),
                   ("web/Dockerfile", "ghcr.io/acme/web", "nightly")]  # cron's acme-local is built by compose
    limits = [p for p in out.problems if p.kind == "limit"]
    assert [p.location.path.split("compose-args/")[-1] for p in limits] == ["Dockerfile.orphan"]


def test_install_commands_of_the_trees_own_npm_packages_are_left_out(settings):
    out = collect_paths([TREE], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "npm") == ["prettier"]


def test_a_prefixed_compose_file_is_read_and_its_built_images_are_local(settings):
    """``dev-compose.yaml`` and ``development.compose.yml`` (second compose files run with ``docker compose -f``)
    are compose files: their pulled images are judged, the images their services build are the tree's own."""
    out = collect_paths([Path(__file__).parent / "fixtures" / "prefixed-compose"], settings)
    images = sorted({(m.key.name, m.location.path.split("/")[-1], m.location.line)
                     for m in out.mentions if m.key.ecosystem == "docker"})
    assert images == [
        ("ankane/pgvector", "compose.yaml", 3),
        ("library/python", "Dockerfile", 1),
        ("library/redis", "development.compose.yml", 6),
        ("pgvector/pgvector", "dev-compose.yaml", 3),
    ]
