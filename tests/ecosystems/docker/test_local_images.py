"""Images the tree builds itself are not Docker Hub names: ``docker build -t x`` … ``docker run x``, a compose
service's ``image:`` beside its ``build:`` (and other services using that image), ``additional_contexts``,
named build stages, build-push-action ``tags:`` and a Docker action's ``image: Dockerfile``. Pulled images
are still judged."""

from __future__ import annotations

from pathlib import Path

from depguard.ecosystems.docker._local_images import (
    default_compose_images,
    images_in_commands,
    images_in_compose,
    images_in_skaffold,
    images_in_workflow,
)
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
    # `-t $IMAGE` builds whatever image the variable names: its slot, for an `image: ${IMAGE}` elsewhere
    assert images_in_commands(text) == {"ghcr.io/acme/api", "library/base", "acme/api", "${IMAGE}"}


def test_a_tag_ends_at_the_backtick_closing_a_code_span(tmp_path, settings):
    # set 216: GoogleContainerTools/distroless' examples/python3-requirements/README.md, "1. Build the image: `docker
    # build . --tag=psutil-example`" then "2. Run it! `docker run --rm psutil-example`": the tag was read with the span's
    # closing backtick, so the image run was judged as a Docker Hub name; an image the page never builds still is
    assert images_in_commands("1. Build the image: `docker build . --tag=psutil-example`\n") == {"library/psutil-example"}
    assert images_in_commands("`docker image tag acme/api:1 acme/api-stable` and `docker build -t `cat name` .`") == {
        "acme/api-stable"}
    (tmp_path / "README.md").write_text(
        "## Build and run\n\n1. Build the image: `docker build . --tag=psutil-example`\n"
        "2. Run it! `docker run --rm psutil-example`\n3. Or `docker run --rm psutil-exampel`\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["library/psutil-exampel"]


def test_source_to_image_and_buildpacks_name_the_image_they_build_by_position(tmp_path, settings):
    # set 216: jupyter/docker-stacks' examples/source-to-image/README.md builds with `s2i build … https://github.com/
    # jupyter/notebook quay.io/jupyter/minimal-notebook:latest notebook-examples` (SOURCE BUILDER TAG), then runs
    # `docker run --rm -p 8888:8888 notebook-examples`; Cloud Native Buildpacks' `pack build NAME` likewise. The builder
    # image is no image it makes, and a run of an image nothing builds is still judged
    assert images_in_commands("s2i build . centos/ruby-22-centos7 --incremental hello-world-app\n"
                              "s2i build . centos/ruby-22-centos7\n"
                              "pack build my-app --builder cnbs/sample-builder:jammy --tag acme/other:v2\n"
                              "pack build --builder paketobuildpacks/builder:base --publish acme/app\n") == {
        "library/hello-world-app", "library/my-app", "acme/other", "acme/app"}
    (tmp_path / "README.md").write_text(
        "```bash\ns2i build \\\n    --scripts-url https://raw.githubusercontent.com/jupyter/docker-stacks/main/examples/"
        "source-to-image \\\n    --context-dir docs/source/examples/Notebook \\\n    https://github.com/jupyter/notebook "
        "\\\n    quay.io/jupyter/minimal-notebook:latest \\\n    notebook-examples\n```\n\n"
        "```bash\ndocker run --rm -p 8888:8888 notebook-examples\ndocker run --rm notebook-exmaples\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["library/notebook-exmaples"]


def test_scala_cli_package_with_docker_names_the_image_it_builds(tmp_path, settings):
    # held-out set 302: scala-cli's website/docs/commands/package.md builds `hello-docker` with `scala-cli --power
    # package --docker HelloDocker.scala --docker-image-repository hello-docker`, then runs `docker run hello-docker`
    # in the next block: no Docker Hub name. A package command without --docker builds no image, and a run of an image
    # nothing builds (a look-alike of the built one) is still judged
    assert images_in_commands("scala-cli --power package --docker Hello.scala --docker-image-repository hello-docker\n"
                              "scala package . --docker --docker-image-registry ghcr.io/acme --docker-image-repository=api\n"
                              "scala-cli --power package Hello.scala --docker-image-repository not-built\n") == {
        "library/hello-docker", "ghcr.io/acme/api"}
    (tmp_path / "package.md").write_text(
        "```bash ignore\nscala-cli --power package --docker HelloDocker.scala --docker-image-repository hello-docker\n```\n"
        "\n<ChainedSnippets>\n\n```bash ignore\ndocker run hello-docker\n```\n\n"
        "```bash\nscala-cli --power package Other.scala --docker-image-repository other-app\ndocker run other-app\n"
        "docker run hello-dockr\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "library/hello-dockr", "library/other-app"]


def test_an_image_compose_names_after_the_project_and_a_service_it_builds_is_local(tmp_path, settings):
    # held-out set 286: 1N3/Sn1per's README says `sudo docker compose up`, then `sudo docker run --privileged -it
    # sn1per-kali-linux /bin/bash`; its docker-compose.yml's kali-linux service has a build: and no image:, so Compose
    # names the image after the project (the checkout's folder, Sn1per) and the service. A service that pulls its
    # image, and a name of no service, are still judged
    tree = tmp_path / "Sn1per"
    tree.mkdir()
    (tree / "docker-compose.yml").write_text(
        "version: '3.9'\nservices:\n  kali-linux:\n    container_name: kali-linux\n    build:\n      context: .\n"
        "      dockerfile: Dockerfile\n  db:\n    image: postgres\n")
    (tree / "README.md").write_text(
        "```bash\nsudo docker compose up\n```\n\n```bash\nsudo docker run --privileged -it sn1per-kali-linux /bin/bash\n"
        "docker run sn1per_kali-linux\ndocker run sn1per-db\ndocker run sn1per-kali-linuxx\n```\n")
    out = collect_paths([tree], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "library/postgres", "library/sn1per-db", "library/sn1per-kali-linuxx"]
    # a top-level name: names the project instead of the folder
    assert default_compose_images("name: Tools\nservices:\n  web:\n    build: .\n", "Sn1per") == {
        "library/tools-web", "library/tools_web"}


def test_a_compose_image_that_is_a_variable_a_script_of_the_tree_builds_is_no_read_problem(tmp_path, settings):
    """mlops-zoomcamp's integration test: run.sh sets LOCAL_IMAGE_NAME, builds ``docker build -t
    ${LOCAL_IMAGE_NAME} ..`` and starts compose, whose ``image: ${LOCAL_IMAGE_NAME}`` is that image; a variable no
    build names is still reported, and the pulled images are judged."""
    (tmp_path / "integration-test").mkdir()
    (tmp_path / "integration-test" / "docker-compose.yaml").write_text(
        "services:\n  backend:\n    image: ${LOCAL_IMAGE_NAME}\n  kinesis:\n    image: localstack/localstack\n"
        "  other:\n    image: ${OTHER_IMAGE}\n")
    (tmp_path / "integration-test" / "run.sh").write_text(
        '#!/usr/bin/env bash\nif [ "${LOCAL_IMAGE_NAME}" == "" ]; then\n'
        '    export LOCAL_IMAGE_NAME="stream-model-duration:${LOCAL_TAG}"\n    docker build -t ${LOCAL_IMAGE_NAME} ..\n'
        "fi\ndocker-compose up -d\n")
    out = collect_paths([tmp_path], settings)
    assert [m.key.name for m in out.mentions if m.key.ecosystem == "docker"] == ["localstack/localstack"]
    assert [(p.message, p.location.line) for p in out.problems] == [
        ("image '${OTHER_IMAGE}' is built from a variable; not checked", 7)]


def test_a_services_image_of_variables_that_another_service_builds_is_no_read_problem(tmp_path, settings):
    """apptension/saas-boilerplate (held-out set 91): the backend service builds ``image: "${PROJECT_NAME}/backend"``
    (PROJECT_NAME set in .env.shared, which Compose does not read by itself); celery_beat, and flower in the local
    override file, run that image with no build of their own. An image of variables nothing builds is still
    reported, and the pulled images are judged."""
    (tmp_path / "docker-compose.yml").write_text(
        "services:\n  db:\n    image: postgres:16.1-alpine\n\n  backend:\n    build:\n      context: ./packages/backend\n"
        "      target: backend\n    image: \"${PROJECT_NAME}/backend\"\n    command: [\"./scripts/runtime/run_local.sh\"]\n\n"
        "  celery_beat:\n    image: '${PROJECT_NAME}/backend'\n    command: [\"./scripts/runtime/run_celery_beat.sh\"]\n\n"
        "  webapp:\n    image: '${PROJECT_NAME}/webapp'\n")
    (tmp_path / "docker-compose.local.yml").write_text(
        "services:\n  flower:\n    image: '${PROJECT_NAME}/backend'\n    command: ['./run_local_celery_flower.sh']\n")
    (tmp_path / ".env.shared").write_text("PROJECT_NAME=saas\n")
    out = collect_paths([tmp_path], settings)
    assert [m.key.name for m in out.mentions if m.key.ecosystem == "docker"] == ["library/postgres"]
    assert [(p.message, Path(p.location.path).name, p.location.line) for p in out.problems] == [
        ("image '${PROJECT_NAME}/webapp' is built from a variable; not checked", "docker-compose.yml", 17)]
    assert images_in_compose("services:\n  a:\n    build: .\n    image: $OWNER/a:${TAG}\n") == {"${OWNER}/a"}


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
    # a service that merges in a mapping holding build: is built too, tagged with its own image: (Compose builds
    # it when the tag is not pulled, as for a build: of its own; cookiecutter-django's celery services, set 20)
    assert images_in_compose(text) == {"library/acme-local", "library/acme-cleanup-local", "library/memcached"}


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


def _docker_images(tree: Path, settings) -> list[tuple[str, str]]:
    out = collect_paths([tree], settings)
    return sorted({(m.key.name, m.location.path.split("/")[-1]) for m in out.mentions if m.key.ecosystem == "docker"})


def test_an_image_jib_builds_from_the_pom_is_local_and_an_unresolved_one_is_not(settings):
    """jhipster's layout: ``src/main/docker/app.yml`` (a compose file by its content) runs the image the pom's
    jib-maven-plugin builds (``<to><image>${project.artifactId}:${project.version}</image>``, the pom's own
    artifactId); a ``jib.to.image`` of ``${env.REGISTRY}/orders-api`` names nothing, so ``orders-api`` is judged."""
    assert _docker_images(Path(__file__).parent / "fixtures" / "jib-maven", settings) == [
        ("library/orders-api", "app.yml"),
        ("library/postgres", "app.yml"),
    ]


def test_pom_image_names_come_from_jib_and_spring_boot_build_image_with_literal_properties_only():
    from depguard.ecosystems.docker._local_images import images_in_pom

    pom = ("<project><artifactId>{artifact}</artifactId><packaging>{packaging}</packaging><properties>"
           "<registry>ghcr.io/acme</registry><image.name>${{registry}}/billing</image.name></properties>"
           "<build><plugins><plugin><artifactId>spring-boot-maven-plugin</artifactId><configuration><image>"
           "<builder>paketobuildpacks/builder-jammy-base</builder><name>{name}</name></image></configuration>"
           "</plugin><plugin><artifactId>jib-maven-plugin</artifactId><configuration><from><image>eclipse-temurin:21"
           "</image></from><to><image>${{image.name}}:${{git.commit.id}}</image></to></configuration></plugin>"
           "</plugins></build></project>")
    assert images_in_pom(pom.format(artifact="web", packaging="jar", name="acme/${project.artifactId}")) == {
        "ghcr.io/acme/billing", "acme/web"}
    # a parent pom's ${project.artifactId} is each module's; an undefined property leaves the name out
    assert images_in_pom(pom.format(artifact="parent", packaging="pom", name="acme/${project.artifactId}")) == {
        "ghcr.io/acme/billing"}
    assert images_in_pom(pom.format(artifact="web", packaging="jar", name="${env.IMAGE}")) == {"ghcr.io/acme/billing"}
    assert images_in_pom("<project><properties><jib.to.image>acme/tool</jib.to.image></properties></project>") == {
        "acme/tool"}
    assert images_in_pom("<project><broken>") == set()


def test_gradle_jib_target_and_boot_build_image_name_are_built_and_base_images_are_not():
    from depguard.ecosystems.docker._local_images import images_in_gradle

    groovy = ("jib {\n    from { image = 'eclipse-temurin:21-jre' }\n    to {\n        image = 'ghcr.io/acme/orders'\n"
              "        auth { username = System.getenv('USER') }\n        tags = ['latest']\n    }\n}\n")
    assert images_in_gradle(groovy) == {"ghcr.io/acme/orders"}
    kotlin = ('jib.to.image = "acme/ledger:${version}"\ntasks.named<BootBuildImage>("bootBuildImage") {\n'
              '    builder.set("paketobuildpacks/builder-jammy-base:latest")\n    imageName.set("acme/payments")\n}\n'
              'tasks.bootBuildImage { imageName = "${rootProject.name}/api" }\n')
    assert images_in_gradle(kotlin) == {"acme/ledger", "acme/payments"}


def test_a_compose_file_found_by_content_feeds_the_trees_built_images(settings):
    """``deploy/stack.yml`` builds ``acme/orders-api`` (``build:`` beside ``image:``, a variable tag): its other
    service and the Kubernetes manifest run that image; the image nobody builds (``acme/orders-proxy``) and the
    pulled ones are judged."""
    assert _docker_images(Path(__file__).parent / "fixtures" / "built-by-content", settings) == [
        ("acme/orders-proxy", "deployment.yaml"),
        ("library/python", "Dockerfile"),
        ("library/redis", "stack.yml"),
    ]


def test_jib_without_a_target_builds_an_image_named_after_its_project(settings, tmp_path):
    """``mvn jib:dockerBuild`` / ``gradle jibDockerBuild`` with no ``to.image`` tag the image with the project's
    name (the pom's artifactId; Gradle's ``rootProject.name``, else the project folder's name), and the compose
    file beside runs it: the tree's own image, not Docker Hub's; the pulled database is still judged."""
    files = {
        "billing/pom.xml": (
            "<project><artifactId>billing-service</artifactId><packaging>jar</packaging><build><plugins><plugin>"
            "<groupId>com.google.cloud.tools</groupId><artifactId>jib-maven-plugin</artifactId><configuration>"
            "<from><image>eclipse-temurin:21-jre</image></from></configuration></plugin></plugins></build></project>"),
        "orders/settings.gradle": "rootProject.name = 'orders-api'\n",
        "orders/build.gradle": ("plugins {\n    id 'java'\n    id 'com.google.cloud.tools.jib' version '3.4.4'\n}\n"
                                "jib { from { image = 'eclipse-temurin:21-jre' } }\n"),
        "ledger/build.gradle.kts": 'plugins { id("com.google.cloud.tools.jib") version "3.4.4" }\n',
        "docker-compose.yml": ("services:\n  billing:\n    image: billing-service\n  orders:\n    image: orders-api:latest\n"
                               "  ledger:\n    image: ledger\n  db:\n    image: postgres:16\n  cache:\n    image: orders-cache\n"),
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    assert _docker_images(tmp_path, settings) == [
        ("library/orders-cache", "docker-compose.yml"),
        ("library/postgres", "docker-compose.yml"),
    ]


def test_a_parent_pom_or_a_named_target_adds_no_default_jib_image():
    from depguard.ecosystems.docker._local_images import images_in_pom

    plugin = "<build><plugins><plugin><artifactId>jib-maven-plugin</artifactId>{conf}</plugin></plugins></build>"
    assert images_in_pom(f"<project><artifactId>parent</artifactId><packaging>pom</packaging>{plugin.format(conf='')}"
                         "</project>") == set()  # each module's own artifactId, not the parent's
    named = plugin.format(conf="<configuration><to><image>acme/web</image></to></configuration>")
    assert images_in_pom(f"<project><artifactId>web-app</artifactId>{named}</project>") == {"acme/web"}


def test_an_image_a_script_tags_with_its_own_literal_variable_is_built_there(tmp_path, settings):
    """anna-geller/prefect-deployment-patterns' ``aws/ecr_image_build.bash``: ``export IMAGE_NAME=dataflowops``,
    ``docker build -t $IMAGE_NAME .``, then ``docker run --rm -it dataflowops``: the image the script built, no
    Docker Hub name. A prefix assignment (``APP=x docker build -t $APP``: the shell expands ``$APP`` first), a
    value that is not one literal word and a variable another script sets build nothing known: those stay judged."""
    (tmp_path / "aws").mkdir()
    (tmp_path / "aws" / "ecr_image_build.bash").write_text(
        "export AWS_REGION=us-east-1\nexport IMAGE_NAME=dataflowops\nexport IMAGE_TAG=latest\n\n"
        "docker build -t $IMAGE_NAME .\n# to check the files in the container\ndocker run --rm -it dataflowops\n"
        "APP=webapp docker build -t $APP .\ndocker run webapp\n"
        'WORKER="$(whoami)-worker"\ndocker build -t "${WORKER}" .\ndocker run alice-worker\n')
    (tmp_path / "other.sh").write_text("export SHARED=sharedimage\n")
    (tmp_path / "run.sh").write_text("docker build -t $SHARED .\ndocker run sharedimage\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "library/alice-worker", "library/sharedimage", "library/webapp"]


def test_an_image_a_script_tags_in_loops_over_its_own_literal_lists_is_built_there(tmp_path, settings):
    """tensorflow/quantum's release/docker/create_docker_images.sh (held-out spot set 311): ``ubuntu_versions+=( "22.04"
    "24.04" )``, ``python_versions+=( "3.10" … "3.13" )``, then two ``for … in "${…[@]}"`` loops around ``docker build
    -t ubuntu${os_version%%.*}-cp${py_version//./}:latest .``, and the release README runs ``ubuntu24-cp312``, an image
    the script built, which Docker Hub's official namespace would answer 404 for. Only the values the script writes
    count: a Python version it does not list, a list another script sets and a tag whose expansion is not read stay
    judged."""
    (tmp_path / "release" / "docker").mkdir(parents=True)
    (tmp_path / "release" / "docker" / "create_docker_images.sh").write_text(
        'declare -a ubuntu_versions=()\ndeclare -a python_versions=()\n\nubuntu_versions+=( "22.04" "24.04" )\n'
        'python_versions+=( "3.10" "3.11" "3.12" )\n\nfor os_version in "${ubuntu_versions[@]}"; do\n'
        '    for py_version in "${python_versions[@]}"; do\n        docker build --no-cache \\\n'
        '            -t ubuntu${os_version%%.*}-cp${py_version//./}:latest .\n    done\ndone\n'
        "for flavour in slim full; do\n    docker build -t tfq-${flavour} .\ndone\n"
        'docker build -t "base-${SHARED_LIST[0]}" .\ndocker build -t "gpu-${py_version:0:1}" .\n')
    (tmp_path / "release" / "other.sh").write_text('SHARED_LIST=( "one" )\n')
    (tmp_path / "release" / "README.md").write_text(
        "```shell\ndocker run -it --rm --network host -v .:/tfq ubuntu24-cp312\ndocker run ubuntu22-cp310\n"
        "docker run ubuntu24-cp313\ndocker run tfq-slim\ndocker run tfq-tiny\ndocker run base-one\ndocker run gpu-3\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "library/base-one", "library/gpu-3", "library/tfq-tiny", "library/ubuntu24-cp313"]


def test_a_loop_of_more_values_than_a_build_matrix_expands_no_tag(tmp_path, settings):
    """Reviewer r43: each tag was worked out for every value of its loop, again for every command, so a script of
    2,000 tags over a loop of 2,000 words took 145 s. A loop (or list) of more than 64 values is no build matrix and
    a value longer than a whole image reference (255 characters) is no part of one: such a tag stands for nothing
    known, and the images a page runs stay judged; a loop of a few values still builds its tags."""
    words = " ".join(f"v{i}" for i in range(65))
    (tmp_path / "build.sh").write_text(
        f"for v in {words}; do\n  docker build -t app-${{v}} .\ndone\n"
        f"for w in {'x' * 256} short; do\n  docker build -t long-${{w%%.*}} .\ndone\n"
        "for f in slim full; do\n  docker build -t tfq-${f} .\ndone\n")
    (tmp_path / "README.md").write_text(
        "```shell\ndocker run app-v3\ndocker run long-short\ndocker run tfq-slim\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["library/app-v3"]


def test_an_image_variable_whose_name_only_contains_a_secret_word_inside_another_word_is_substituted(tmp_path):
    # open-telemetry/opentelemetry-demo's compose.yaml: `image: ${VALKEY_IMAGE}` with VALKEY_IMAGE in the .env beside
    # it; "KEY" inside "VALKEY" made the name look secret, so the image was reported not checked (a read problem).
    # A name with a secret word of its own (API_KEY_IMAGE, SENTRY_SECRET_KEY) is still never substituted.
    from depguard.parsers import Source, get_format

    (tmp_path / ".env").write_text("VALKEY_IMAGE=ghcr.io/valkey-io/valkey:9.0.4-alpine3.23\n"
                                   "API_KEY_IMAGE=abcdef0123456789\nSENTRY_SECRET_KEY=not-an-image-but-a-secret\n")
    text = ("services:\n  valkey-cart:\n    image: ${VALKEY_IMAGE}\n  a:\n    image: ${API_KEY_IMAGE}\n"
            "  b:\n    image: ${SENTRY_SECRET_KEY}\n")
    path = tmp_path / "compose.yaml"
    path.write_text(text)
    source = Source(path="compose.yaml", text=text, fs_path=path, root=tmp_path)
    got = [(m.key.name, m.spec, m.location.line) for m in get_format("compose").parse(source)]
    assert got == [("ghcr.io/valkey-io/valkey", "9.0.4-alpine3.23", 3)]
    assert [(p.location.line, p.kind) for p in source.problems] == [(5, "limit"), (7, "limit")]
    assert not any("abcdef" in p.message or "secret" in p.message for p in source.problems)


def test_a_workflow_of_many_build_steps_gives_each_its_tags():
    # reviewer r32: each docker/build-push-action step's line was counted from the text's start (8,000 steps: 1.0 s,
    # 0.09 s now); every step's tags are still the tree's own
    from depguard.ecosystems.docker._local_images import images_in_workflow

    text = "jobs:\n  b:\n    steps:\n" + "".join(
        f"      - uses: docker/build-push-action@v5\n        with:\n          tags: acme/app{i}:1\n" for i in range(3000))
    assert images_in_workflow(text) == {f"acme/app{i}" for i in range(3000)}


SKAFFOLD = """apiVersion: skaffold/v4beta13
kind: Config
metadata:
  name: app
build:
  artifacts:
  - image: emailservice
    context: src/emailservice
  - image: "acme/cartservice"   # quoted, with a comment
    context: src/cartservice
    docker:
      dockerfile: Dockerfile
manifests:
  rawYaml:
  - ./kubernetes-manifests/*.yaml
profiles:
- name: debug
  build:
    artifacts:
    - image: acme/debugger
      context: src/debugger
"""


def test_the_images_a_skaffold_configuration_builds_are_the_trees_own(settings, tmp_path):
    """held-out set 236's category (GoogleCloudPlatform/microservices-demo's skaffold.yaml builds ``- image:
    emailservice``; its kubernetes-manifests/emailservice.yaml runs ``image: emailservice``, which skaffold replaces
    with the tag it built): the artifacts' images are no Docker Hub names, neither in the manifests nor in
    skaffold.yaml itself (which was read as a Kubernetes object: apiVersion and kind); an image nobody builds and a
    pulled one stay judged."""
    (tmp_path / "skaffold.yaml").write_text(SKAFFOLD, encoding="utf-8")
    (tmp_path / "k8s").mkdir()
    (tmp_path / "k8s" / "app.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: email\nspec:\n  template:\n    spec:\n      containers:\n"
        "      - name: server\n        image: emailservice\n      - name: cart\n        image: acme/cartservice:v1\n"
        "      - name: debug\n        image: acme/debugger\n      - name: made-up\n        image: acme/notbuilt\n"
        "      - name: cache\n        image: redis:alpine\n", encoding="utf-8")
    assert _docker_images(tmp_path, settings) == [("acme/notbuilt", "app.yaml"), ("library/redis", "app.yaml")]
    # a skaffold configuration's artifacts only: an image: key of another document or of a Kubernetes object is not
    assert images_in_skaffold(SKAFFOLD + "---\napiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: acme/pod\n") == {
        "library/emailservice", "acme/cartservice", "acme/debugger"}
    assert images_in_skaffold("apiVersion: apps/v1\nkind: Deployment\nspec:\n  containers:\n  - image: acme/x\n") == set()


def test_a_make_variable_in_a_build_commands_arguments_does_not_end_it():
    # held-out set 236: BuoyantIO/emojivoto's Makefile `docker build . -f Dockerfile-base -t
    # "buoyantio/emojivoto-svc-base:$(IMAGE_TAG)"` (IMAGE_TAG set in the included common.mk, so the Makefile's own
    # expansion leaves it) and its Dockerfile's `FROM buoyantio/emojivoto-svc-base:v12`: the ')' of $(IMAGE_TAG)
    # ended the arguments before the closing quote, and the tag was not read; a command substitution's ')' still does
    text = ('\tdocker build . -f Dockerfile-base -t "buoyantio/emojivoto-svc-base:$(IMAGE_TAG)"\n'
            "\tdocker build -t acme/api:$(shell git rev-parse HEAD) .\n"
            "\tID=$(docker build -q -t acme/sub .)\n")
    assert images_in_commands(text) == {"buoyantio/emojivoto-svc-base", "acme/api", "acme/sub"}


def test_minikube_image_build_names_what_it_builds():
    # held-out set 236's category (Kubernetes tutorials build into the cluster's runtime, then run the image by name
    # in a manifest): `minikube image build -t NAME` is a build; `minikube image load` and `minikube image pull` build nothing
    text = "minikube image build -t acme/web:dev ./web\nminikube image load acme/loaded\nminikube image pull acme/pulled\n"
    assert images_in_commands(text) == {"acme/web"}


def test_an_image_a_notebook_builds_is_the_notebooks_own(tmp_path, settings):
    # a probe after held-out set 235 (notebooks): GoogleCloudPlatform/asl-ml-immersion's intro_to_docker notebook runs
    # `!docker build -t node-app:0.1 -f dockerfiles/intro.docker .` then `!docker run -p 4000:80 --name my-app
    # node-app:0.1`: the image it runs was judged as Docker Hub's library/node-app; an image it never builds still is
    import json

    cells = [["!docker build -t node-app:0.1 -f dockerfiles/intro.docker ."], ["!docker run -p 4000:80 node-app:0.1"],
             ["%%bash\n", "docker run --rm node-appx:0.1\n"]]
    (tmp_path / "intro.ipynb").write_text(json.dumps(
        {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": c}
                   for c in cells], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1))
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["library/node-appx"]


def test_a_skaffold_artifact_after_a_long_run_of_empty_lines():
    # reviewer r34, crafted: the artifact pattern began `^\s*-\s+image`, so at each line start of a run of empty lines
    # it read the rest of the run (20,000 empty lines 1.6 s). The images after such a run are still read (CRLF, quoted,
    # a comment, an item whose mapping starts on the next line), and an `image:` that is no list item's is none
    text = ("apiVersion: skaffold/v4beta1\nkind: Config\nbuild:\n  artifacts:\n" + "\n" * 200_000
            + "  - image: emailservice\r\n  - image: 'cart'  # the cart\n  -\n    image: next-line\n"
            + "  - name: x\n    image: not-an-item\n")
    assert images_in_skaffold(text) == {"library/emailservice", "library/cart", "library/next-line"}


def test_the_images_a_tiltfile_builds_are_local(tmp_path, settings):
    """unkeyed/unkey's dev/Tiltfile builds ``docker_build('unkey/mysql:local', '..', dockerfile=…)`` and its
    Kubernetes manifests run ``image: unkey/mysql:local``: Tilt builds that image and substitutes it, nothing pulls
    it from Docker Hub. An image no Tiltfile call builds is still judged."""
    (tmp_path / "dev" / "k8s").mkdir(parents=True)
    (tmp_path / "dev" / "Tiltfile").write_text(
        "docker_build(\n    'unkey/mysql:local',\n    '..',\n    dockerfile='./Dockerfile.mysql',\n)\n"
        "docker_build(ref='k3d-registry.localhost:55000/homepage:local', context='..')\n"
        "custom_build('acme/zq-custom', 'make image', ['.'])\n"
        "docker_build('%s/zq-formatted' % registry, '.')\nk8s_yaml('k8s/app.yaml')\n")
    (tmp_path / "dev" / "k8s" / "app.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nmetadata:\n  name: app\nspec:\n  containers:\n"
        "    - name: db\n      image: unkey/mysql:local\n"
        "    - name: home\n      image: k3d-registry.localhost:55000/homepage:local\n"
        "    - name: custom\n      image: acme/zq-custom\n"
        "    - name: pulled\n      image: acme/zq-not-built:1.0\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["acme/zq-not-built"]


def test_an_image_the_dotnet_sdk_publishes_is_the_trees_own(tmp_path, settings):
    """Set 278: fullstackhero/dotnet-starter-kit's backend workflow publishes its migrator with the .NET SDK's container
    target (``dotnet publish …DbMigrator.csproj /t:PublishContainer -p:ContainerRepository=fsh-db-migrator``, no
    Dockerfile) and runs ``docker run … fsh-db-migrator:smoke``: read as Docker Hub's library/fsh-db-migrator (a 404
    there). The API project names its image in the project file (``<ContainerRepository>fsh-api``), which a compose file
    runs. An image nothing publishes, a misspelt run and a publish without the container target are still judged."""
    workflow = tmp_path / ".github" / "workflows" / "backend.yml"
    workflow.parent.mkdir(parents=True)
    workflow.write_text(
        "jobs:\n  smoke:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n"
        "          dotnet publish src/Host/Migrator/Migrator.csproj \\\n            -c Release -r linux-x64 \\\n"
        "            /t:PublishContainer \\\n            -p:ContainerRepository=fsh-db-migrator \\\n"
        "            -p:ContainerImageTags=smoke\n"
        "      - run: docker run --rm --network host fsh-db-migrator:smoke apply\n"
        "      - run: docker run --rm fsh-db-migratr:smoke apply\n"
        "      - run: dotnet publish src/Worker/Worker.csproj -p:ContainerRepository=acme-worker\n"
        "      - run: docker run --rm acme-worker\n")
    api = tmp_path / "src" / "Host" / "Api"
    api.mkdir(parents=True)
    (api / "Api.csproj").write_text(
        '<Project Sdk="Microsoft.NET.Sdk.Web">\n  <PropertyGroup>\n    <ContainerPort>8080</ContainerPort>\n'
        "    <ContainerRepository>fsh-api</ContainerRepository>\n  </PropertyGroup>\n</Project>\n")
    (tmp_path / "docker-compose.yml").write_text(
        "services:\n  api:\n    image: fsh-api:latest\n  proxy:\n    image: acme-imagined-proxy:1\n")
    assert _docker_images(tmp_path, settings) == [
        ("library/acme-imagined-proxy", "docker-compose.yml"),
        ("library/acme-worker", "backend.yml"),
        ("library/fsh-db-migratr", "backend.yml"),
    ]


def test_dotnet_publish_names_its_image_by_repository_registry_or_project_file():
    from depguard.ecosystems.docker._local_images import images_in_commands, images_in_msbuild

    text = ("dotnet publish src/Api/Acme.Orders.csproj --os linux --arch x64 -t:PublishContainer\n"
            "dotnet publish -p:ContainerRegistry=ghcr.io -p:ContainerRepository=acme/billing /t:PublishContainer\n"
            "dotnet publish src/Web/Web.csproj -p:PublishProfile=DefaultContainer -p:ContainerImageName=acme-web\n"
            'dotnet publish /t:PublishContainer -p:ContainerRepository="$(REPO)"\n'
            "dotnet publish src/Cli/Cli.csproj -c Release\n")
    assert images_in_commands(text) == {"library/acme.orders", "ghcr.io/acme/billing", "library/acme-web"}
    assert images_in_msbuild("<PropertyGroup><ContainerRegistry>acme.azurecr.io</ContainerRegistry>"
                             "<ContainerRepository>orders/api</ContainerRepository></PropertyGroup>") == {
        "acme.azurecr.io/orders/api"}
    assert images_in_msbuild("<ContainerRepository>$(AssemblyName.ToLower())</ContainerRepository>") == set()


def test_an_image_a_shell_script_with_no_suffix_builds_is_local(tmp_path, settings):
    # github/pages-gem (held-out spot set 289): script/cibuild-docker, a #!/bin/sh script with no suffix that the shell
    # parser reads, runs `docker build -t github-pages .` then `docker run --rm --workdir /src/gh/pages-gem github-pages
    # script/cibuild`; only scripts named *.sh were looked in for the images a tree builds, so its run was judged as
    # Docker Hub's library/github-pages. An image it runs and nothing builds, and a file with no suffix that is no shell
    # script, are as before
    (tmp_path / "script").mkdir()
    (tmp_path / "script" / "cibuild-docker").write_text(
        "#!/bin/sh\n\nset -ex\n\ndocker build -t github-pages .\n"
        "docker run --rm --workdir /src/gh/pages-gem github-pages script/cibuild\ndocker run --rm github-pagez-zq\n")
    (tmp_path / "script" / "notes").write_text("docker build -t zq-other-image .\n")  # no #!: not a script
    (tmp_path / "script" / "run-zq").write_text("#!/bin/sh\ndocker run --rm zq-other-image\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "library/github-pagez-zq", "library/zq-other-image"]


def test_an_image_a_kustomization_renames_is_a_placeholder_and_its_new_name_is_judged(tmp_path, settings):
    """held-out set 299 (data-engineering pipelines): cal-itp/data-infra's base manifests
    kubernetes/apps/manifests/gtfs-rt-archiver-v3/*.yaml run ``image: gtfs-rt-archiver``, and the overlay
    kubernetes/apps/overlays/gtfs-rt-archiver-v3-prod/kustomization.yaml sets ``images: - name: 'gtfs-rt-archiver'
    newName: 'ghcr.io/cal-itp/data-infra/gtfs-rt-archiver-v3'``: Kustomize replaces the placeholder, nobody pulls
    library/gtfs-rt-archiver from Docker Hub (DG001 with a real Docker Hub). The newName is what is pulled: judged
    where the kustomization writes it. An entry that only sets a tag keeps the name pulled, and an image no entry
    names stays judged."""
    base = tmp_path / "kubernetes" / "apps" / "manifests" / "archiver"
    prod = tmp_path / "kubernetes" / "apps" / "overlays" / "archiver-prod"
    base.mkdir(parents=True)
    prod.mkdir(parents=True)
    (base / "kustomization.yaml").write_text("resources:\n- consumer.yaml\n", encoding="utf-8")
    (base / "consumer.yaml").write_text(
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: consumer\nspec:\n  template:\n    spec:\n"
        "      containers:\n      - name: app\n        image: gtfs-rt-archiver\n"
        "      - name: sidecar\n        image: acme-sidecar-zq\n      - name: tagged\n        image: acme-tagged-zq\n",
        encoding="utf-8")
    (prod / "kustomization.yaml").write_text(
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n- ../../manifests/archiver\n"
        "images:\n- name: 'gtfs-rt-archiver'\n  newName: 'acme-renamed-zq/archiver'\n  newTag: '2024.3.27'\n"
        "- name: acme-tagged-zq\n  newTag: v2\n", encoding="utf-8")
    assert _docker_images(tmp_path, settings) == [
        ("acme-renamed-zq/archiver", "kustomization.yaml"), ("library/acme-sidecar-zq", "consumer.yaml"),
        ("library/acme-tagged-zq", "consumer.yaml")]
    out = collect_paths([tmp_path], settings)
    (renamed,) = [m for m in out.mentions if m.key.name == "acme-renamed-zq/archiver"]
    assert (renamed.location.line, renamed.location.column, renamed.spec) == (7, 13, "2024.3.27")


def test_an_image_a_compose_file_names_for_a_service_another_compose_file_of_its_folder_builds_is_local(tmp_path, settings):
    """Compose merges a folder's compose files service by service (compose.override.yaml by default): API Platform's
    demo writes ``image: ${IMAGES_PREFIX:-}app-php`` in compose.yaml and the service's ``build:`` in
    compose.override.yaml (held-out set 306's spot set), so Docker Hub's library/app-php is pulled by no one. A
    service no file builds, a look-alike image of a built service's name, and a service of the same name built only
    in another folder's compose file stay judged."""
    (tmp_path / "compose.yaml").write_text(
        "services:\n  php:\n    image: ${IMAGES_PREFIX:-}app-php\n  pwa:\n    image: ${IMAGES_PREFIX:-}app-pwa\n"
        "  database:\n    image: postgres:16\n  cache:\n    image: app-php-cache\n")
    (tmp_path / "compose.override.yaml").write_text(
        "services:\n  php:\n    build:\n      context: ./api\n      target: frankenphp_dev\n"
        "  pwa:\n    build:\n      context: ./pwa\n")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "compose.yaml").write_text("services:\n  worker:\n    image: acme-worker\n")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "compose.override.yaml").write_text("services:\n  worker:\n    build: .\n")
    assert _docker_images(tmp_path, settings) == [
        ("library/acme-worker", "compose.yaml"),
        ("library/app-php-cache", "compose.yaml"),
        ("library/postgres", "compose.yaml"),
    ]


def test_only_the_compose_files_compose_merges_by_default_lend_a_build_to_another_files_image(tmp_path, settings):
    """r42, session 42: a folder's other compose files are not merged unless an -f says so: a production file that
    pulls ``ngnix`` (a look-alike of nginx) for the service its development file builds stays judged, as does a
    second example's image; docker-compose.yml's image built by docker-compose.override.yml is the tree's own."""
    (tmp_path / "docker-compose.yml").write_text("services:\n  web:\n    build: .\n  api:\n    image: acme-own-api\n")
    (tmp_path / "docker-compose.override.yml").write_text("services:\n  api:\n    build: ./api\n")
    (tmp_path / "docker-compose.prod.yml").write_text("services:\n  web:\n    image: ngnix:1.25\n")
    (tmp_path / "compose.example.yaml").write_text("services:\n  api:\n    image: acme-example-api\n")
    assert _docker_images(tmp_path, settings) == [
        ("library/acme-example-api", "compose.example.yaml"),
        ("library/ngnix", "docker-compose.prod.yml"),
    ]
