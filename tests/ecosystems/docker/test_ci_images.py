"""Container images of GitLab CI, CircleCI, Bitbucket and Azure pipelines (held-out set 216's category: CI templates
and runner images). Their shell steps were read (ci-yaml), the images they run were not."""

from __future__ import annotations

from depguard.parsers import formats_for

from .._fixtures import found, parse

GITLAB = """image: python:3.12
services:
  - name: postgres:16
    alias: db
build:
  image: $CI_REGISTRY_IMAGE/builder:latest
  script:
    - pip install -r requirements.txt
test:
  image:
    name: acme/imagined-gitlab:2
    entrypoint: [""]
  services:
    - name: redis:7
      alias: cache
      command: ["--maxmemory", "64mb"]
    - mysql:8
    - alias: other
      name: acme/imagined-svc:1
"""

CIRCLECI = """version: 2.1
executors:
  pyexec:
    docker:
      - image: cimg/python:3.12
        auth:
          username: x
      - image: << pipeline.parameters.db_image >>
      - image: cimg/node:<< parameters.node-version >>
jobs:
  build:
    machine:
      image: ubuntu-2204:current
    steps:
      - checkout
"""


def test_gitlab_images_and_services_in_each_form():
    assert "ci-images" in [f.name for f in formats_for(".gitlab-ci.yml")]
    mentions, problems = parse("ci-images", GITLAB, ".gitlab-ci.yml")
    assert found(mentions) == [("library/python", 1), ("library/postgres", 3), ("acme/imagined-gitlab", 11),
                               ("library/redis", 14), ("library/mysql", 17), ("acme/imagined-svc", 19)]
    assert [(p.location.line, p.kind) for p in problems] == [(6, "limit")]  # the project's own registry, a variable


def test_circleci_docker_images_but_not_a_machines_and_a_parameter_is_not_checked():
    mentions, problems = parse("ci-images", CIRCLECI, ".circleci/config.yml")
    assert found(mentions) == [("cimg/node", 9), ("cimg/python", 5)]  # a parameter only in the tag keeps the name
    assert mentions[0].spec == "<< parameters.node-version >>"
    assert [(p.location.line, p.kind) for p in problems] == [(8, "limit")]


def test_bitbucket_and_azure_images_and_no_service_names():
    bitbucket = ("image: python:3.11\npipelines:\n  default:\n    - step:\n        image: acme/imagined-bb:1\n"
                 "        services:\n          - docker\n        script:\n          - make\n")
    mentions, problems = parse("ci-images", bitbucket, "bitbucket-pipelines.yml")
    assert found(mentions) == [("library/python", 1), ("acme/imagined-bb", 5)] and problems == []
    azure = ("resources:\n  containers:\n  - container: linux_build\n    image: acme/azure-build:1\n"
             "  - container: tmpl\n    image: ${{ parameters.image }}\npool:\n  vmImage: ubuntu-latest\n"
             "jobs:\n- job: Build\n  container: linux_build\n  services:\n    redis: redis_svc\n")
    mentions, problems = parse("ci-images", azure, "azure-pipelines.yml")
    assert found(mentions) == [("acme/azure-build", 4)]
    assert [(p.location.line, p.kind) for p in problems] == [(6, "limit")]


def test_an_azure_agent_pools_image_is_a_virtual_machine_and_a_container_beside_it_is_judged():
    # set 278: dotnet/aspire-samples' build/azure-pipelines.yml extends the 1ES pipeline templates with `pool: name:
    # $(PoolProvider)` and `image: 1es-windows-2022`, the hosted pool's Windows VM image, which was read as the Docker
    # Hub image library/1es-windows-2022 (a 404 there); a resource container's image is still one, invented or not
    azure = ("extends:\n  template: v1/1ES.Official.PipelineTemplate.yml@1ESPipelineTemplates\n  parameters:\n"
             "    pool:\n          name: $(PoolProvider)\n          image: 1es-windows-2022\n          os: windows\n"
             "resources:\n  containers:\n  - container: build\n    image: acme/imagined-azure-build:1\n"
             "jobs:\n- job: Linux\n  pool:\n    name: NetCore-Public\n    demands: ImageOverride -equals 1es-ubuntu-2204\n"
             "  container:\n    image: acme/imagined-job-image:2\n")
    mentions, problems = parse("ci-images", azure, "azure-pipelines.yml")
    assert found(mentions) == [("acme/imagined-azure-build", 11), ("acme/imagined-job-image", 18)] and problems == []
    # in GitLab a job may be named pool: its image is a container's
    mentions, _ = parse("ci-images", "pool:\n  image: acme/imagined-pool-job:1\n  script: [make]\n", ".gitlab-ci.yml")
    assert found(mentions) == [("acme/imagined-pool-job", 2)]


def test_drone_and_woodpecker_steps_commands_and_images_are_read(tmp_path, settings):
    # Drone's `.drone.yml` and Woodpecker's `.woodpecker/*.yml` run a step's `commands:` in its `image:`; neither was
    # read (no format named them). pywebio's .drone.yml builds `docker build -t pywebio -f- .` and runs `docker run …
    # pywebio`: the tree's own image. A misspelt run of an image nothing builds, and an invented package a step
    # installs, are judged
    from depguard.scan import collect_paths

    (tmp_path / ".drone.yml").write_text(
        "kind: pipeline\ntype: exec\nsteps:\n  - name: deploy demos\n    commands:\n"
        "      - docker build -t pywebio -f- . < Dockerfile\n      - docker run --restart=always -d pywebio\n"
        "  - name: test\n    image: golang:1.22\n    commands:\n      - pip install invented-drone-zz\n")
    (tmp_path / ".woodpecker").mkdir()
    (tmp_path / ".woodpecker" / "build.yaml").write_text(
        "steps:\n  - name: build\n    image: node:20\n    commands:\n      - npm install -g invented-woodpecker-zz\n"
        "      - docker run --rm pywebioo\nservices:\n  - name: db\n    image: postgres:16\n")
    out = collect_paths([tmp_path], settings)
    assert sorted((m.key.ecosystem, m.key.name, m.location.path.rpartition("/")[2]) for m in out.mentions) == [
        ("docker", "library/golang", ".drone.yml"), ("docker", "library/node", "build.yaml"),
        ("docker", "library/postgres", "build.yaml"), ("docker", "library/pywebioo", "build.yaml"),
        ("npm", "invented-woodpecker-zz", "build.yaml"), ("pypi", "invented-drone-zz", ".drone.yml")]
