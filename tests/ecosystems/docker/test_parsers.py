"""Dockerfile FROM, compose image: and Kubernetes image: — names (library/ filled in), lines, stages, ARGs."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format

from .._fixtures import fixture, format_names, found, parse


def test_dockerfile_empty():
    assert parse("dockerfile-images", fixture("docker", "empty.Dockerfile")) == ([], [])


def test_dockerfile_one():
    mentions, _ = parse("dockerfile-images", fixture("docker", "one.Dockerfile"))
    assert found(mentions) == [("library/python", 1)]
    assert (mentions[0].location.column, mentions[0].spec) == (6, "3.12-slim")


def test_dockerfile_two_stages_args_copy_from_continuations_and_scratch():
    mentions, problems = parse("dockerfile-images", fixture("docker", "two.Dockerfile"))
    assert found(mentions) == [
        ("library/golang", 4),
        ("library/node", 7),  # FROM ${BASE}: the ARG default
        ("ghcr.io/owner/tool", 9),  # another registry: kept with its host, not a Docker Hub name
        ("library/debian", 15),  # the line the image is written on, after FROM \\
    ]
    assert mentions[1].note == "node:20-alpine by the ARG default"
    assert mentions[3].location.column == 5
    assert [(p.location.line, p.kind) for p in problems] == [(12, "limit")]  # FROM ${VARIANT}: no default


def test_a_dockerfile_templates_image_slot_is_the_renderers_and_a_broken_reference_still_a_problem():
    # promptflow's _sdk/data/docker/Dockerfile.jinja2: FROM {{env.image}}
    text = "FROM {{env.image}}\nFROM {{base}}:{{tag}}\nFROM python:3.12 AS app\nFROM ::bad\n"
    mentions, problems = parse("dockerfile-images", text, "Dockerfile.jinja2")
    assert found(mentions) == [("library/python", 3)]
    assert [p.location.line for p in problems] == [4]
    # modelscope's docker/Dockerfile.ubuntu (`FROM {base_image}`) and Dockerfile.ubuntu_base (`ARG
    # BASE_IMAGE={base_image}`, `FROM $BASE_IMAGE`): Python format slots its build_image.py fills; a brace that is no
    # whole slot is still unreadable
    text = ("FROM {base_image}\nARG BASE_IMAGE={base_image}\nFROM $BASE_IMAGE\nFROM {registry}/{name}:{tag}\n"
            "FROM python{3}\nFROM node:20\n")
    mentions, problems = parse("dockerfile-images", text, "Dockerfile.ubuntu")
    assert found(mentions) == [("library/node", 6)]
    assert [p.location.line for p in problems] == [5]


def test_a_template_engines_slot_in_an_image_name_is_not_checked_and_a_real_name_beside_it_still_read():
    # set 216: CircleCI-Public/cimg-python's Dockerfile.template, which its build script renders with sed:
    # `FROM cimg/%%PARENT%%:%%BASE_VERSION%%` was judged invalid (DG004). Docker refuses '%', an '@' outside the
    # digest and a leading '_', so `%%X%%`, `@X@` (autoconf, CMake) and `__X__` (sed) slots are the renderer's:
    # not checked (a limit problem, exit 3), never passed. A slot only in the tag keeps the repository; an invented
    # or misspelt name beside them is still read
    text = ("FROM cimg/%%PARENT%%:%%BASE_VERSION%%\nFROM %%BASE_IMAGE%%\nFROM @BASE_IMAGE@\nFROM owner/@NAME@:1.0\n"
            "FROM __BASE_IMAGE__\nFROM cimg/base:%%BASE_VERSION%%\nFROM ngnix:latest\nFROM acme/Imagined-App\n")
    mentions, problems = parse("dockerfile-images", text, "Dockerfile.template")
    assert found(mentions) == [("cimg/base", 6), ("library/ngnix", 7), ("acme/Imagined-App", 8)]
    assert mentions[0].spec == "%%BASE_VERSION%%"
    assert [(p.location.line, p.kind, "template" in p.message) for p in problems] == [
        (n, "limit", True) for n in (1, 2, 3, 4, 5)]
    compose = "services:\n  a:\n    image: \"%%REGISTRY%%/app:%%TAG%%\"\n  b:\n    image: acme/app@sha256:0123abcd\n"
    mentions, problems = parse("compose", compose, "compose.yml")
    assert found(mentions) == [("acme/app", 5)] and [(p.location.line, p.kind) for p in problems] == [(3, "limit")]


def test_dockerfile_prose_is_not_an_instruction():
    assert parse("dockerfile-images", fixture("docker", "not-dockerfile.txt")) == ([], [])


def test_compose_services_and_extension_fields_only():
    mentions, problems = parse("compose", fixture("docker", "docker-compose.yml"), "docker-compose.yml")
    assert found(mentions) == [("bitnami/redis", 3), ("library/nginx", 6), ("library/postgres", 9),
                               ("myorg/app", 15)]
    assert mentions[1].location.column == 13
    assert mentions[2].spec == "sha256:0123456789abcdef"
    assert [p.location.line for p in problems] == [13]


def test_compose_without_services_gives_nothing():
    assert parse("compose", fixture("docker", "not-compose.yml"), "compose.yml") == ([], [])
    assert parse("compose", "", "compose.yml") == ([], [])


def test_kubernetes_documents_with_api_version_and_kind_only():
    mentions, problems = parse("kubernetes", fixture("docker", "deployment.yaml"), "k8s/deployment.yaml")
    assert found(mentions) == [("library/busybox", 11), ("quay.io/prometheus/node-exporter", 14),
                               ("gcr.io/distroless/static", 15)]
    assert [p.location.line for p in problems] == [28]


def test_an_image_ko_builds_from_go_source_is_no_registry_name_and_no_problem():
    # ossf/package-analysis cmd/scheduler/config/deployment.yaml: `ko apply` builds the Go package and fills it in
    text = ("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: scheduler\nspec:\n  template:\n    spec:\n"
            "      containers:\n      - name: app\n        image: ko://github.com/ossf/package-analysis/cmd/scheduler\n"
            "      - name: proxy\n        image: gcr.io/cloud-sql-connectors/cloud-sql-proxy:2.8.0\n")
    mentions, problems = parse("kubernetes", text, "config/deployment.yaml")
    assert found(mentions) == [("gcr.io/cloud-sql-connectors/cloud-sql-proxy", 12)]
    assert problems == []


def test_kubernetes_ignores_helm_values_and_ci_files():
    assert parse("kubernetes", fixture("docker", "values.yaml"), "values.yaml") == ([], [])
    assert parse("kubernetes", fixture("docker", "not-compose.yml"), ".github/workflows/ci.yml") == ([], [])
    assert parse("kubernetes", "", "empty.yaml") == ([], [])


def test_a_chart_templates_image_from_its_values_is_judged_in_values_yaml_not_a_problem():
    # celery's helm-chart/templates/deployment.yaml: image: "{{ .Values.image.repository }}:{{ .Values.image.tag
    # | default .Chart.AppVersion }}"; values.yaml beside Chart.yaml holds celery/celery:dev
    path = Path(__file__).parent / "fixtures" / "chart-templates" / "templates" / "deployment.yaml"
    in_chart = Source(path="templates/deployment.yaml", text=path.read_text(encoding="utf-8"), fs_path=path)
    mentions = list(get_format("kubernetes").parse(in_chart))
    assert found(mentions) == [("library/busybox", 14)]
    assert [p.location.line for p in in_chart.problems] == [16]  # an `include` is not the values': unread
    loose = Source(path="deploy/deployment.yaml", text=in_chart.text)  # outside a chart: every template unread
    list(get_format("kubernetes").parse(loose))
    assert [p.location.line for p in loose.problems] == [10, 12, 16]
    values, problems = _helm("chart-templates")
    assert found(values) == [("celery/celery", 1), ("library/busybox", 5)] and problems == []


def test_file_names_route_to_the_formats():
    assert {"dockerfile", "dockerfile-images"} <= format_names("Dockerfile")
    assert "dockerfile-images" in format_names("build/api.Dockerfile")
    assert "compose" in format_names("docker-compose.prod.yml")
    assert "compose" in format_names("compose.yaml")
    assert "compose" in format_names("dev-compose.yaml") and "compose" in format_names("deploy/app.compose.yml")
    assert "kubernetes" in format_names("deploy/deployment.yaml")


def test_dockerfile_directives_empty_and_scratch_args_mount_from_defaults_and_heredocs():
    # '# syntax=' pulls a frontend image; '# escape=`' continues lines with a backtick; ARG REGISTRY='' is a
    # default (empty); ARG BASE=scratch makes FROM ${BASE} no image; RUN --mount=from= names an image (a stage
    # is not one); ${TAG:-3.12} uses its default; a RUN <<EOF body is not read as instructions
    mentions, problems = parse("dockerfile-images", fixture("docker", "constructs.Dockerfile"))
    assert found(mentions) == [("docker/dockerfile", 1), ("library/alpine", 6), ("ghcr.io/owner/assets", 8),
                               ("library/python", 16)]
    assert [m.spec for m in mentions] == ["1.7", "3.19", "1", "3.12-slim"]
    assert mentions[2].location.column == 18
    assert problems == []


def _helm(folder: str) -> tuple[list, list]:
    path = Path(__file__).parent / "fixtures" / folder / "values.yaml"
    source = Source(path="values.yaml", text=path.read_text(encoding="utf-8"), fs_path=path)
    return list(get_format("helm-values").parse(source)), source.problems


def test_helm_values_image_strings_and_maps_beside_a_chart():
    # {registry, repository, tag | digest} maps and image strings under image/…Image keys; templated values,
    # imagePullPolicy and prose are not images
    mentions, problems = _helm("chart")
    assert found(mentions) == [("ghcr.io/acme/web", 1), ("envoyproxy/envoy", 6), ("library/busybox", 7)]
    assert [m.spec for m in mentions] == ["1.4.2", "v1.29", "sha256:" + "0123456789abcdef" * 4]
    assert problems == []


def test_helm_values_outside_a_chart_are_not_read():
    assert _helm("not-a-chart") == ([], [])


def test_a_chart_templates_image_computed_from_the_chart_is_the_values_files():
    # prometheus-community/helm-charts: images built through a variable set from the values ($registry), `tpl`,
    # `{{ . }}` inside `with .Values.x.image`, or a helper of _helpers.tpl that writes only what its printf
    # actions compute from the values, are the values file's (judged there), not 47 limit problems; a helper
    # writing text of its own (busybox:…), a variable the template sets to a string, and literal repository
    # text stay problems (the image is not in the values); held-out set 16 (argo-helm's argo-workflows.image): a
    # helper whose only text of its own is the "/" joining registry and repository writes no name either
    path = Path(__file__).parent / "fixtures" / "chart-helpers" / "templates" / "daemonset.yaml"
    source = Source(path="templates/daemonset.yaml", text=path.read_text(encoding="utf-8"), fs_path=path)
    assert list(get_format("kubernetes").parse(source)) == []
    assert [p.location.line for p in source.problems] == [21, 24, 26, 30]  # 30: docker.io/ is the helper's text
    loose = Source(path="deploy/daemonset.yaml", text=source.text)  # outside a chart: every template unread
    list(get_format("kubernetes").parse(loose))
    assert [p.location.line for p in loose.problems] == [10, 13, 15, 18, 21, 24, 26, 28, 30]


def test_a_charts_helpers_in_a_sub_folder_of_templates_are_its_helpers():
    # held-out set 98, grafana/helm-charts' loki-distributed: `image: {{ include "loki.compactorImage" . }}`, a helper
    # of templates/compactor/_helpers-compactor.tpl (Helm loads helpers at any depth of templates/) that includes
    # the printf helper of _helpers.tpl; its image is values.yaml's grafana/loki, judged there (16 limit problems)
    path = Path(__file__).parent / "fixtures" / "chart-nested-helpers" / "templates" / "compactor" / "deployment-compactor.yaml"
    source = Source(path="templates/compactor/deployment-compactor.yaml", text=path.read_text(encoding="utf-8"),
                    fs_path=path)
    assert list(get_format("kubernetes").parse(source)) == []
    # 12: the sub-folder's helper writes acme/loki-canary-helper itself; 14: it includes a helper that writes
    # busybox: (text of the chart, not the values); 16: a helper the chart does not define
    assert [p.location.line for p in source.problems] == [12, 14, 16]
    values, problems = _helm("chart-nested-helpers")
    assert found(values) == [("grafana/loki", 5)] and problems == []


def test_an_image_helper_in_a_sub_folder_of_a_folder_that_is_no_chart_is_not_the_values():
    # the same template with no Chart.yaml above templates/: no chart's values hold the image, each line unread
    path = Path(__file__).parent / "fixtures" / "chart-nested-helpers" / "templates" / "compactor" / "deployment-compactor.yaml"
    loose = Source(path="deploy/compactor/deployment-compactor.yaml", text=path.read_text(encoding="utf-8"))
    assert list(get_format("kubernetes").parse(loose)) == []
    assert [p.location.line for p in loose.problems] == [10, 12, 14, 16]


def test_helm_values_with_yaml_anchors_and_maps_of_named_image_maps():
    # prometheus-community's alertmanager chart: `port: *containerPortName` made the whole values file a parse
    # problem (its images unread); kube-prometheus-stack's upgradeJob.image holds one image map per container
    mentions, problems = _helm("chart-anchors")
    assert found(mentions) == [("library/busybox", 11), ("registry.k8s.io/kubectl", 16),
                               ("quay.io/prometheus-operator/prometheus-config-reloader", 22),
                               ("quay.io/prometheus-operator/prometheus-config-reloader", 25),
                               ("quay.io/opstree/druid-exporter", 28)]  # {name, tag}: prometheus-druid-exporter
    assert problems == []


def test_a_jinja_dockerfile_templates_actions_are_one_word_and_a_templated_digest_keeps_its_repository():
    # vaultwarden's docker/Dockerfile.j2: `web-vault@{{ vault_image_digest }}` (a digest the renderer fills in)
    # names the repository; `{{ build_stage_image[base].image }}` is the template's slot; neither is a problem
    mentions, problems = parse("dockerfile-images", fixture("docker", "Dockerfile.j2"), "docker/Dockerfile.j2")
    assert found(mentions) == [("docker/dockerfile", 1), ("acme/web-assets", 5), ("tonistiigi/xx", 8)]
    assert mentions[1].spec == "{{ assets_image_digest }}"
    assert problems == []


def test_a_stage_picked_by_a_build_argument_is_no_image():
    # vaultwarden's Dockerfile.alpine: FROM build_${TARGETARCH}${TARGETVARIANT} after stages build_amd64, …;
    # node-${NODE_FLAVOUR} names no earlier stage (not its own) and ${RUNTIME_IMAGE} could be any image
    mentions, problems = parse("dockerfile-images", fixture("docker", "multiarch.Dockerfile"))
    assert found(mentions) == [("ghcr.io/acme/rust-musl", 1), ("ghcr.io/acme/rust-musl", 2),
                               ("ghcr.io/acme/rust-musl", 3)]
    assert [p.location.line for p in problems] == [9, 10]


def test_an_image_slot_in_capitals_is_an_example_not_an_image():
    # devcontainers/images' build/assets/debian.Dockerfile: `FROM REPLACE-ME`, filled in by its build script;
    # Docker refuses capital letters, so nothing can be pulled by it: a flag of it is a note
    from depguard.examples import as_note
    from depguard.model import Finding, Verdict

    mentions, problems = parse("dockerfile-images", fixture("docker", "template-assets.Dockerfile"))
    assert found(mentions) == [("library/REPLACE-ME", 2)] and problems == []
    assert mentions[0].example is not None
    note = as_note(Finding(mentions[0], Verdict.INVALID, "DG004", ("not a valid name",)))
    assert note.verdict is Verdict.ALLOWED
    plain, _ = parse("dockerfile-images", "FROM Ubuntu:22.04\nFROM node:20\n")
    assert [m.example for m in plain] == [None, None]


def test_an_image_with_a_slot_for_a_component_is_an_example_not_an_image():
    # set 176: GoogleCloudPlatform/nodejs-docs-samples' GKE manifests (`image: <LOCATION>-docker.pkg.dev/<YOUR_PROJECT_ID>/
    # gke-cloud-sql-repo/gke-sql:latest` under "Replace <LOCATION> … <YOUR_PROJECT_ID>", `gcr.io/GOOGLE_CLOUD_PROJECT/
    # endpoints-example:1.0`) and devrel-demos' (`image: <YOUR_IMAGE_URL>`, `us-central1-docker.pkg.dev/PROJECT_ID/my-repo/
    # gemini-app`): templates the reader fills in. Docker refuses '<' and capitals in a repository path, so nothing can
    # be pulled by them: a flag of one is a note. A component merely holding a capital, and a plain invented
    # name in the same place, are still judged
    from depguard.examples import as_note
    from depguard.model import Finding, Verdict

    text = ("apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n"
            "      - image: <LOCATION>-docker.pkg.dev/<YOUR_PROJECT_ID>/gke-cloud-sql-repo/gke-sql:latest\n"
            "      - image: \"gcr.io/<PROJECT_ID>/visit-counter:v1\"\n"
            "      - image: gcr.io/GOOGLE_CLOUD_PROJECT/endpoints-example:1.0\n"
            "      - image: <YOUR_IMAGE_URL>\n"
            "      - image: us-central1-docker.pkg.dev/PROJECT_ID/my-repo/gemini-app\n"
            "      - image: gcr.io/MyProject/endpoints-example:1.0\n"
            "      - image: acme/Imagined-App:1\n"
            "      - image: acme/imagined-app:1\n")
    mentions, problems = parse("kubernetes", text, "k8s/deployment.yaml")
    assert problems == []
    assert [(m.key.name, m.example is not None) for m in mentions] == [
        ("<location>-docker.pkg.dev/<YOUR_PROJECT_ID>/gke-cloud-sql-repo/gke-sql", True),
        ("gcr.io/<PROJECT_ID>/visit-counter", True), ("gcr.io/GOOGLE_CLOUD_PROJECT/endpoints-example", True),
        ("library/<YOUR_IMAGE_URL>", True), ("us-central1-docker.pkg.dev/PROJECT_ID/my-repo/gemini-app", True),
        ("gcr.io/MyProject/endpoints-example", False), ("acme/Imagined-App", False), ("acme/imagined-app", False)]
    note = as_note(Finding(mentions[2], Verdict.INVALID, "DG004", ("not a valid name",)))
    assert note.verdict is Verdict.ALLOWED


def test_a_sentence_where_an_image_belongs_is_a_slot_not_an_image():
    # set 193: hera's examples/workflows/upstream/k8s-resource-log-selector.yaml (copied from argo-workflows) embeds a
    # Job whose container says `image: "Placeholder for TensorFlow distributed training image"`: words for the reader to
    # replace. Docker refuses white space in a reference, so nothing can be pulled by it: a flag of it is a note. Two
    # words, and an invented name in the same place, are still judged
    text = ("apiVersion: batch/v1\nkind: Job\nspec:\n  template:\n    spec:\n      containers:\n"
            "      - image: \"Placeholder for TensorFlow distributed training image\"\n"
            "      - image: 'your training image'\n"
            "      - image: \"ngnix latest\"\n"
            "      - image: acme/tensorflow-trainer:2\n")
    mentions, problems = parse("kubernetes", text, "k8s/job.yaml")
    assert problems == []
    assert [(m.key.name, m.example is not None) for m in mentions] == [
        ("library/Placeholder for TensorFlow distributed training image", True), ("library/your training image", True),
        ("library/ngnix latest", False), ("acme/tensorflow-trainer", False)]


def test_an_ellipsis_where_the_base_image_belongs_names_no_image():
    # solara's self-hosting page: ```Dockerfile FROM .... / ... / CMD [...]```: the example leaves its base image out.
    # An ellipsis names nothing (Docker refuses a reference without a letter or digit); a broken reference is still
    # read, and judged invalid.
    mentions, problems = parse("dockerfile-images", "FROM ....\n\n...\nCMD [\"solara\", \"run\", \"sol.py\"]\n"
                                                    "FROM \u2026\nFROM python:3.12\nFROM .a\n")
    assert found(mentions) == [("library/python", 6), ("library/.a", 7)] and problems == []
    # querybook's plugin guide: ```Dockerfile FROM .../querybook:latest```, the registry left out: a component of the
    # name that is an ellipsis names no image either; an ellipsis in the tag leaves the name to be judged
    mentions, problems = parse("dockerfile-images", "FROM .../querybook:latest\nFROM reg.io/\u2026/img\n"
                                                    "FROM python:...\nFROM acme.io/x..y/img\n")
    assert found(mentions) == [("library/python", 3), ("acme.io/x..y/img", 4)] and problems == []


def test_an_ellipsis_where_a_compose_or_kubernetes_image_belongs_is_a_slot():
    # Full Stack Open's part 12 (fullstack-hy2020.github.io, held-out set 233-spot2), src/content/12/es/part12c.md:421 and
    # the zh page: the exercise's ```yaml services: server: image: ... / volumes: - ... ```, every value left for the
    # student to write. `...` was read as Docker Hub's library/... and judged invalid (DG004). An ellipsis as the
    # reference or as a component of its name names no image Docker would pull, as in a Dockerfile: a slot, whose flag
    # is a note. An ellipsis in the tag, and an invented name beside them, are still judged
    text = ("services:\n  server:\n    image: ...\n    volumes:\n      - ...\n  web:\n    image: \u2026\n"
            "  api:\n    image: .../todo-backend:1\n  db:\n    image: mongo:...\n  cache:\n    image: redis-madeup-img\n")
    mentions, problems = parse("compose", text, "docker-compose.dev.yml")
    assert problems == []
    assert [(m.key.name, m.example is not None) for m in mentions] == [
        ("library/...", True), ("library/\u2026", True), (".../todo-backend", True), ("library/mongo", False),
        ("library/redis-madeup-img", False)]
    mentions, _ = parse("kubernetes", "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: ...\n", "pod.yaml")
    assert [(m.key.name, m.example is not None) for m in mentions] == [("library/...", True)]


def test_an_ollama_modelfile_in_a_dockerfile_block_names_a_model_not_an_image():
    # ollama's docs/template.mdx shows a Modelfile in a ```dockerfile block: `FROM llama3.2` then `TEMPLATE """…"""`.
    # Its FROM names a model from ollama.com (library/llama3.2 is no Docker Hub image); TEMPLATE, PARAMETER, ADAPTER,
    # SYSTEM, MESSAGE, LICENSE and REQUIRES are instructions no Dockerfile has (docker build refuses them)
    for second in ('TEMPLATE """{{ .Prompt }}"""', "PARAMETER temperature 1", "ADAPTER ./lora", "SYSTEM You are a cat.",
                   "MESSAGE user Hi", "LICENSE MIT", "REQUIRES 0.14.0"):
        assert parse("dockerfile-images", f"FROM llama3.2\n{second}\n") == ([], []), second
    # a Dockerfile keeps its images, and a lower-case word that is no Modelfile instruction changes nothing
    mentions, _ = parse("dockerfile-images", "FROM python:3.12\nRUN echo template\nENV SYSTEM=1\n")
    assert found(mentions) == [("library/python", 1)]


def test_a_path_or_a_placeholder_where_the_image_belongs_names_no_image():
    # ollama's docs/import.mdx: ```dockerfile FROM /path/to/file.gguf``` and ```dockerfile FROM <base model name>```.
    # Docker refuses a path or an angle-bracket placeholder as a reference, so nothing is pulled (like `FROM ....`);
    # a name beside them is still read, and a reference that merely starts with a dot is still judged
    mentions, problems = parse("dockerfile-images", "FROM /path/to/file.gguf\nFROM ./model\nFROM ../up\nFROM ~/m\n"
                                                    "FROM <base model name>\nFROM <model name>:<tag>\n"
                                                    "FROM node:20\nFROM .a\n")
    assert found(mentions) == [("library/node", 7), ("library/.a", 8)] and problems == []


def test_a_compose_file_is_known_by_its_content_whatever_its_name():
    # coollabsio/coolify's templates/compose/*.yaml (~300 one-click services, each a compose file named after
    # the service): their images were a silent miss. A top-level services: mapping with image:/build: is a
    # compose file; the image a file builds itself is not pulled; GitLab CI's services: list, a Kubernetes
    # object and a settings file with a services: mapping are not compose files; an image: beside a build: is the
    # tag Compose gives the image it builds, with variables too (plane's deployments/cli/community/build.yml)
    def read(name: str) -> list:
        path = Path(__file__).parent / "fixtures" / "compose-by-content" / name
        source = Source(path=f"templates/compose/{name}", text=path.read_text(encoding="utf-8"), fs_path=path)
        assert "compose" in format_names(f"templates/compose/{name}")
        return found(list(get_format("compose").parse(source)))

    assert read("service-template.yaml") == [("ghcr.io/acme/automation", 7), ("library/postgres", 18)]
    assert read("gitlab-ci.yml") == [] and read("deployment.yml") == [] and read("settings.yaml") == []


def test_a_quoted_base_image_is_the_image_inside_the_quotes():
    # snakemake's tests/test_remote_irods/Dockerfile: FROM "mjstealey/irods-provider-postgres:4.2.2"; the builder
    # reads the base name as a shell word (quotes removed, as for its build arguments)
    text = ('FROM "mjstealey/irods-provider-postgres:4.2.2"\nFROM \'python:3.12\' AS app\n'
            'ARG TAG=1.0\nFROM "acme/tool:${TAG}"\nFROM "broken:1\n')
    mentions, problems = parse("dockerfile-images", text)
    assert found(mentions) == [("mjstealey/irods-provider-postgres", 1), ("library/python", 2), ("acme/tool", 4),
                               ('library/"broken', 5)]  # an unbalanced quote stays as written: judged invalid
    assert [(m.spec, m.location.column) for m in mentions[:2]] == [("4.2.2", 6), ("3.12", 6)]
    assert mentions[2].note == "acme/tool:1.0 by the ARG default"
    assert problems == []


def test_a_policys_match_pattern_where_an_image_belongs_names_only_its_literal_alternatives():
    # kyverno/policies (held-out set 283): best-practices/disallow-latest-tag.yaml's validate patterns `image: "*:*"` and
    # `image: "!*:latest"`, disallow-helm-tiller's `"!*tiller*"` and restrict-image-registries' `"eu.foo.io/* | bar.io/*"`
    # were read as the images library/*, library/!*, library/!*tiller* and `eu.foo.io/* | bar.io/*` and judged invalid
    # (DG004). Docker refuses '*', '?', '|' and '!': a pattern names no image. A literal alternative (`nginx:*`, any tag
    # of an invented image) is still that image, judged, and so is a plain reference beside the patterns
    text = ("apiVersion: kyverno.io/v1\nkind: ClusterPolicy\nspec:\n  rules:\n  - validate:\n      pattern:\n"
            "        spec:\n          containers:\n"
            '          - image: "*:*"\n'
            '          - image: "!*:latest"\n'
            '          - image: "!*tiller*"\n'
            '          - image: "eu.foo.io/* | bar.io/*"\n'
            "          - image: 'ghcr.io/myorg/*'\n"
            '          - image: "ngnix-madeup:* | !busybox | quay.io/o/app:1.?"\n'
            "          - image: redis-madeup-img:7\n")
    mentions, problems = parse("kubernetes", text, "best-practices/policy.yaml")
    assert problems == []
    assert [(m.key.name, m.location.line, m.location.column, m.spec) for m in mentions] == [
        ("library/ngnix-madeup", 14, 21, "*"), ("quay.io/o/app", 14, 49, "1.?"), ("library/redis-madeup-img", 15, 20, "7")]


def test_a_registry_or_namespace_prefix_where_an_image_belongs_is_a_slot():
    # kyverno/policies (held-out set 283): flux/verify-flux-sources/.chainsaw-test/repo-good-image.yaml is a Flux
    # ImageRepository with `spec: image: ghcr.io/myorg/`, the prefix its policy admits as `ghcr.io/myorg/*`; it was read
    # as the image ghcr.io/myorg/ and judged invalid (DG004). Docker refuses an empty last component: the image is left
    # out, a slot whose flag is a note (as an ellipsis is). An invented image under that prefix, and an invented Docker
    # Hub name beside it, are still judged
    text = ("apiVersion: image.toolkit.fluxcd.io/v1beta2\nkind: ImageRepository\nspec:\n  image: ghcr.io/myorg/\n---\n"
            "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - image: nothing.io/notmyorg/:1\n"
            "  - image: ghcr.io/myorg/madeup-app:1\n  - image: madeup-img\n")
    mentions, problems = parse("kubernetes", text, "repo-good-image.yaml")
    assert problems == []
    assert [(m.key.name, m.example is not None) for m in mentions] == [
        ("ghcr.io/myorg/", True), ("nothing.io/notmyorg/", True), ("ghcr.io/myorg/madeup-app", False),
        ("library/madeup-img", False)]
