"""Container images in GitHub workflows: container:, services: image:, uses: docker://."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format

FIXTURE = Path(__file__).parent / "fixtures" / "workflow.yml"


def test_workflow_images_with_lines():
    src = Source(path=".github/workflows/ci.yml", text=FIXTURE.read_text())
    got = sorted((m.key.name, m.location.line, m.location.column, m.spec) for m in get_format("workflow-images").parse(src))
    assert got == [("ghcr.io/acme/cache", 11, 17, "1"), ("library/alpine", 14, 24, "3.20"),
                   ("library/node", 6, 16, "20"), ("library/postgres", 9, 16, "16"),
                   ("library/python", 19, 14, "3.12-slim")]


def test_a_job_or_service_container_may_name_its_image_with_the_docker_scheme():
    # Project-MONAI/MONAI cron.yml: `container: image: docker://projectmonai/monai:latest`, and iterative/cml's
    # documented `container: docker://ghcr.io/iterative/cml:latest`: the runner takes the image with or without the
    # docker:// of a `uses:` step; it was an invalid image name (DG004), the scheme read as part of it.
    text = ("jobs:\n  gpu:\n    container:\n      image: docker://projectmonai/monai:latest\n"
            "    services:\n      db:\n        image: \"docker://postgres:16\"\n"
            "  cml:\n    container: docker://ghcr.io/iterative/cml:latest\n")
    src = Source(path=".github/workflows/cron.yml", text=text)
    got = sorted((m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("workflow-images").parse(src))
    assert got == [("ghcr.io/iterative/cml", "latest", 9, 25), ("library/postgres", "16", 7, 26),
                   ("projectmonai/monai", "latest", 4, 23)]
    assert src.problems == []


def test_expressions_are_not_images():
    src = Source(path="ci.yml", text="jobs:\n  a:\n    container: ${{ matrix.image }}\n")
    assert list(get_format("workflow-images").parse(src)) == []


def test_images_from_the_build_matrix_are_each_value_at_its_line():
    # tauri-apps/tauri publish-cli-js.yml: `image: ${{ matrix.settings.docker }}` of addnab/docker-run-action,
    # the images written in the matrix's rows (a row without `docker:` builds on the host); a job's
    # `container: ${{ matrix.image }}` with an `include` entry. An expression the matrix does not spell out
    # (fromJSON, a key no job's matrix has) stays a template: reported, not checked.
    fixture = Path(__file__).parent / "fixtures" / "matrix-workflow.yml"
    src = Source(path=".github/workflows/publish.yml", text=fixture.read_text())
    got = sorted((m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("workflow-images").parse(src))
    assert got == [("ghcr.io/napi-rs/napi-rs/nodejs-rust", "lts-alpine", 16, 22),
                   ("ghcr.io/napi-rs/napi-rs/nodejs-rust", "lts-debian", 13, 21),
                   ("library/debian", "12", 32, 20), ("library/node", "20-bookworm", 30, 13)]
    # the matrix's own fromJSON value and a key no matrix has: templates, reported
    assert [(p.location.line, p.kind) for p in src.problems] == [(40, "limit"), (43, "limit")]


def test_a_matrix_key_named_image_is_an_image_only_where_a_container_or_image_takes_it():
    # karakeep's docker.yml: `matrix: image: [web, workers, cli, mcp, aio]` and `include: - image: web` rows name the
    # Dockerfile targets it builds (`target: ${{ matrix.target }}`); they were read as Docker Hub's library/web and
    # four more; nothing in the workflow reads matrix.image. A service's own image, and a matrix image a job's container
    # or a step's `docker run` takes, are still read.
    text = ("jobs:\n  build:\n    strategy:\n      matrix:\n        platform: [linux/amd64, linux/arm64]\n"
            "        image: [web, workers]\n        include:\n          - image: web\n            target: web\n"
            "          - image: workers\n            target: workers\n    runs-on: ubuntu-latest\n"
            "    services:\n      redis:\n        image: redis:7\n    steps:\n"
            "      - uses: docker/build-push-action@v6\n        with:\n          target: ${{ matrix.target }}\n")
    assert _images(text)[0] == [("library/redis", 15)]
    used = text.replace("    runs-on: ubuntu-latest\n", "    runs-on: ubuntu-latest\n    container: ${{ matrix.image }}\n")
    assert {("library/web", 8), ("library/workers", 10)} <= set(_images(used)[0])
    assert ("library/web", 8) in _images(text + "      - run: docker run --rm ${{ matrix.image }} --version\n")[0]


def test_a_matrix_image_written_as_a_flow_list_is_each_item_at_its_column():
    # l39's note (session 39): `matrix: image: [acme/x]` taken by `container: ${{ matrix.image }}` was the image
    # `[acme/x]` (DG004, the line read as one image: value) and `image: [acme/two, acme/three]` named nothing (the
    # items skipped as an image: line's, which no reader took): each item is an image, at its own column
    text = ("jobs:\n  one:\n    strategy:\n      matrix:\n        image: [zqacme/one]\n"
            "    container: ${{ matrix.image }}\n"
            "  two:\n    strategy:\n      matrix:\n        image: [zqacme/two, 'zqacme/three:1']\n"
            "    container:\n      image: ${{ matrix.image }}\n")
    src = Source(path=".github/workflows/ci.yml", text=text)
    got = sorted((m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("workflow-images").parse(src))
    assert got == [("zqacme/one", None, 5, 17), ("zqacme/three", "1", 10, 30), ("zqacme/two", None, 10, 17)]
    assert src.problems == []
    # a block list's rows stay read once, by the image: line reader
    block = text.replace("image: [zqacme/one]", "image:\n          - zqacme/one")
    assert sorted(_images(block)[0]) == [("zqacme/one", 6), ("zqacme/three", 11), ("zqacme/two", 11)]


def test_a_matrix_key_named_container_is_a_job_container_only_where_a_job_or_step_takes_it():
    # qiling's build-ci.yml: one `include:` row adds `container: Docker`, which only the job's `name:` shows
    # (`… ${{ matrix.container }}`); it was read as a job container, the invalid image `Docker` (DG004). A job's own
    # `container:` key, and a matrix container a job's `container: ${{ matrix.container }}` or a step's `docker run`
    # takes, are still read (an invented image there too)
    text = ("jobs:\n  build:\n    runs-on: ${{ matrix.os }}\n"
            "    name: Python ${{ matrix.python-version }} on ${{ matrix.os }} ${{ matrix.container }}\n"
            "    strategy:\n      matrix:\n        os: [windows-latest, ubuntu-latest]\n        include:\n"
            "          - os: ubuntu-latest\n            container: Docker\n    steps:\n"
            "      - uses: actions/checkout@v4\n")
    assert _images(text)[0] == []
    own = text.replace("    steps:\n", "    container: qilling-runner-imagez:1\n    steps:\n")
    assert _images(own)[0] == [("library/qilling-runner-imagez", 11)]
    lower = text.replace("container: Docker", "container: debian-buildz:12")
    used = lower.replace("    steps:\n", "    container: ${{ matrix.container }}\n    steps:\n")
    assert ("library/debian-buildz", 10) in _images(used)[0]
    assert ("library/debian-buildz", 10) in _images(lower + "      - run: docker run --rm ${{ matrix.container }} true\n")[0]


def _images(text: str, path: str = ".github/workflows/ci.yml") -> tuple[list[tuple[str, int]], Source]:
    """(name, line) of each image the workflow ``text`` names, and the source (its problems)."""
    src = Source(path=path, text=text)
    return [(m.key.name, m.location.line) for m in get_format("workflow-images").parse(src)], src


def test_an_expression_image_is_each_string_it_can_give():
    # letta-ai/letta reusable-test-workflow.yml: `image: ${{ inputs.use-redis && 'redis:8-alpine' || '' }}`, the
    # ternary idiom: the service runs redis:8-alpine or none; it was reported as a template. A value that an
    # input may give (`inputs.cache-image || 'memcached:1.6'`) leaves the template reported beside its default;
    # a function call (fromJSON) is beyond the reading: reported, not checked; a port is no image.
    fixture = Path(__file__).parent / "fixtures" / "expression-workflow.yml"
    src = Source(path=".github/workflows/reusable-test-workflow.yml", text=fixture.read_text())
    got = sorted((m.key.name, m.spec, m.location.line, m.location.column) for m in get_format("workflow-images").parse(src))
    assert got == [("library/memcached", "1.6", 23, 44), ("library/node", "20-alpine", 14, 42),
                   ("library/node", "20-bookworm", 14, 62), ("library/redis", "8-alpine", 21, 41),
                   ("pgvector/pgvector", "pg17", 17, 16)]
    assert [(p.location.line, p.kind) for p in src.problems] == [(23, "limit"), (25, "limit")]


def test_expression_results_follow_and_or_and_comparisons():
    from depguard.ecosystems.docker.workflow_images import expression_results

    assert expression_results(" github.event_name == 'push' && 'a:1' || 'b:2' ") == ({"a:1": 33, "b:2": 42}, False)
    assert expression_results(" (inputs.a && 'x') || 'y' ") == ({"x": 15, "y": 23}, False)
    assert expression_results(" inputs.a || '' ") == ({"": 14}, True)  # the input's value or nothing
    assert expression_results(" inputs.a == 'x' ") == ({}, False)  # a boolean, no image
    assert expression_results(" format('{0}:1', inputs.a) ") is None
    assert expression_results(" inputs.a && ") is None


def test_an_unquoted_image_whose_tag_alone_is_templated_is_judged_by_its_name():
    # phoenix's ci.yml: `image: hexpm/elixir:${{ matrix.elixir }}-erlang-${{ matrix.otp }}-${{ matrix.suffix }}`,
    # unquoted; the spaces inside the expressions made it "a template; not checked", though the repository part
    # is written out. A templated repository part is still reported, not checked (the workflow's own
    # `ghcr.io/${{ github.repository_owner }}/…` package is not read at all: test_workflow_env_images.py).
    text = ("jobs:\n  test:\n    strategy:\n      matrix:\n        include:\n          - elixir: 1.17.3\n"
            "            otp: 25.3.2.21\n    container:\n"
            "      image: hexpm/elixir:${{ matrix.elixir }}-erlang-${{ matrix.otp }}  # see bob.hex.pm\n"
            "    services:\n      db:\n        image: ghcr.io/${{ vars.ORG }}/db:latest\n")
    src = Source(path=".github/workflows/ci.yml", text=text)
    got = [(m.key.name, m.location.line, m.location.column) for m in get_format("workflow-images").parse(src)]
    assert got == [("hexpm/elixir", 9, 14)]
    assert [(p.location.line, p.kind) for p in src.problems] == [(12, "limit")]


def test_an_image_input_that_is_a_file_path_is_no_reference():
    # Kong/insomnia's release-build.yml scans the image it saved: `with: image: ./packages/…/artifacts/….tar` was a
    # read problem ("built from a variable"); a path is a file, while a templated reference stays a reported limit
    text = ("jobs:\n  a:\n    steps:\n      - uses: acme/scan-docker-image@v2\n        with:\n"
            "          image: ./packages/${{ env.PKG }}/artifacts/${{ env.TAR }}\n"
            "      - uses: acme/scan-docker-image@v2\n        with:\n          image: '/tmp/image.tar'\n"
            "      - uses: acme/scan-docker-image@v2\n        with:\n          image: acme/${{ env.PKG }}:1\n"
            "    container: node:20\n")
    got, src = _images(text, ".github/workflows/release.yml")
    assert got == [("library/node", 13)]
    assert [(p.location.line, p.kind) for p in src.problems] == [(12, "limit")]



PUBLISH = ("jobs:\n  publish:\n    runs-on: ubuntu-latest\n    outputs:\n      digest: ${{ steps.build.outputs.digest }}\n"
           "      image: ${{ steps.release-image.outputs.image }}\n"
           "    container:\n      image: acme/release-runner:2\n    steps:\n      - id: release-image\n"
           "        run: echo image=ghcr.io/acme/op:1 >> $GITHUB_OUTPUT\n"
           "  mirror:\n    runs-on: ubuntu-latest\n    outputs:\n      image: acme/web-base:1\n    steps:\n"
           "      - run: echo\n"
           "  verify:\n    needs: publish\n    runs-on: ubuntu-latest\n    services:\n      db:\n        image: postgres:16\n")


def test_a_jobs_outputs_named_image_are_no_container():
    # held-out set 98, open-telemetry/opentelemetry-operator publish-images.yaml: a job's `outputs:` hands
    # `image: ${{ steps.release-image.outputs.image }}` to the jobs that need it; it was read as a container image
    # (a limit problem "built from a variable"); a literal output is no image the job pulls either. The job's own
    # `container:` and the next job's service, after the outputs block, are still read.
    images, src = _images(PUBLISH)
    assert images == [("acme/release-runner", 8), ("library/postgres", 23)]
    assert src.problems == []


def test_an_image_key_outside_a_jobs_outputs_is_still_read():
    # the same values as a step's `with:` inputs (an action that may run the image) are read as before: the
    # invented acme/web-base is judged, the step-output expression reported as a template
    text = PUBLISH.replace("    outputs:\n      digest:", "    steps:\n      - uses: ./.github/actions/publish\n"
                           "        with:\n          digest:").replace(
        "      image: ${{ steps.release", "          image: ${{ steps.release").replace(
        "    outputs:\n      image: acme", "    steps:\n      - uses: ./.github/actions/mirror\n        with:\n"
        "          image: acme")
    images, src = _images(text)
    assert ("acme/web-base", 19) in images
    assert [(p.location.line, p.kind) for p in src.problems] == [(8, "limit")]


def test_a_container_written_as_a_block_scalar_is_the_value_below_it_not_its_indicator():
    # GraalPy's build-wheels.yml (held-out spot set 170): `container: >-` then a multi-line ${{ … }} expression with
    # function calls: the indicator was read as the image `library/>-` (DG004). A plain reference below the key is
    # that image, an expression of literals gives each string, and one beyond reading is a read limit, no mention
    text = ("jobs:\n  a:\n    container: >-\n      ${{ contains(inputs.platform, 'linux') && 'quay.io/pypa/x:1' ||\n"
            "          '' }}\n  b:\n    container: |\n      invented-org/made-up-image:2\n"
            "  c:\n    container: >-\n      ${{ inputs.gpu && 'nvidia/cuda:12.4.0-base-ubuntu22.04' || 'ubuntu:24.04' }}\n"
            "    steps:\n      - run: echo\n")
    src = Source(path=".github/workflows/build.yml", text=text)
    got = sorted((m.key.name, m.spec, m.location.line) for m in get_format("workflow-images").parse(src))
    assert got == [("invented-org/made-up-image", "2", 8), ("library/ubuntu", "24.04", 11),
                   ("nvidia/cuda", "12.4.0-base-ubuntu22.04", 11)]
    assert [p.location.line for p in src.problems] == [3]
    # a plain value below the indicator that is no image reference is not checked, never a pass
    odd = Source(path=".github/workflows/x.yml", text="jobs:\n  a:\n    container: >-\n      $IMAGE_FROM_ENV\n")
    assert list(get_format("workflow-images").parse(odd)) == []
    assert [(p.location.line, p.kind) for p in odd.problems] == [(4, "limit")]


def test_an_image_input_handed_to_a_local_workflow_or_action_is_what_that_file_makes_of_it(tmp_path, settings):
    # set 216: jupyter/docker-stacks' docker.yml hands `image: base-notebook` (and `image: ${{ matrix.image }}` over
    # eleven names) to its own docker-build-test-upload.yml, which builds `--tag …/${{ inputs.image }}`, to a load-image
    # action that `docker load`s it, and to docker-tag-push-merge.yml, which hands it on to another local workflow: eleven
    # library/*-notebook names no registry has. An input a local file runs (`docker run ${{ inputs.image }}`), one handed
    # to a third party's action and one whose called file is missing are still judged
    from depguard.scan import collect_paths

    wf = tmp_path / ".github" / "workflows"
    wf.mkdir(parents=True)
    (wf / "build.yml").write_text(
        "on:\n  workflow_call:\n    inputs:\n      image: {type: string}\njobs:\n  b:\n    runs-on: ubuntu-latest\n"
        "    steps:\n      - uses: ./.github/actions/load-image\n        with:\n          image: ${{ inputs.image }}\n"
        "      - run: docker build --tag quay.io/jupyter/${{ inputs.image }} images/${{ inputs.image }}\n")
    (wf / "merge.yml").write_text(
        "on:\n  workflow_call:\n    inputs:\n      image: {type: string}\njobs:\n  push:\n    uses: ./.github/workflows/"
        "build.yml\n    with:\n      image: ${{ inputs.image }}\n")
    (tmp_path / ".github" / "actions" / "load-image").mkdir(parents=True)
    (tmp_path / ".github" / "actions" / "load-image" / "action.yml").write_text(
        "inputs:\n  image: {required: true}\nruns:\n  using: composite\n  steps:\n    - run: zstd -d /tmp/${{ inputs.image }}"
        ".tar.zst | docker load\n      shell: bash\n")
    (tmp_path / ".github" / "actions" / "runner").mkdir(parents=True)
    (tmp_path / ".github" / "actions" / "runner" / "action.yml").write_text(
        "inputs:\n  image: {required: true}\nruns:\n  using: composite\n  steps:\n    - run: docker run --rm "
        "${{ inputs.image }} true\n      shell: bash\n")
    (wf / "docker.yml").write_text(
        "on: push\njobs:\n  base:\n    uses: ./.github/workflows/build.yml\n    with:\n      parent-image: foundation\n"
        "      image: base-notebook\n  merge:\n    uses: ./.github/workflows/merge.yml\n    with:\n"
        "      image: ${{ matrix.image }}\n    strategy:\n      matrix:\n        image:\n          [\n            minimal-notebook,\n"
        "            scipy-notebook,\n          ]\n"
        "  steps:\n    runs-on: ubuntu-latest\n    steps:\n      - name: load\n        uses: ./.github/actions/load-image\n"
        "        with:\n          image: local-notebook\n      - uses: ./.github/actions/runner\n        with:\n"
        "          image: acme/imagined-runner:1\n      - uses: ./.github/actions/missing\n        with:\n"
        "          image: acme/imagined-missing:1\n      - uses: someorg/run-container@v1\n        with:\n"
        "          image: acme/imagined-third:1\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "acme/imagined-missing", "acme/imagined-runner", "acme/imagined-third"]


def test_an_image_input_a_local_action_runs_through_an_environment_variable_is_judged(tmp_path, settings):
    # reviewer r32: a local action that runs its image input through an environment variable, as GitHub's hardening
    # guide has scripts take inputs (`env: IMAGE: ${{ inputs.image }}`, `run: docker pull "$IMAGE"`), had the input
    # blanked (9a740a0e looked for `${{ inputs.image }}` itself in the docker command only): a squatted or invented
    # image pulled there went unjudged. A variable the action only builds or loads with stays the action's own
    from depguard.scan import collect_paths

    def action(name: str, steps: str) -> None:
        (tmp_path / ".github" / "actions" / name).mkdir(parents=True)
        (tmp_path / ".github" / "actions" / name / "action.yml").write_text(
            "inputs:\n  image: {required: true}\nruns:\n  using: composite\n  steps:\n" + steps)

    action("pull-env", "    - run: docker pull \"$IMAGE\"\n      shell: bash\n      env:\n        IMAGE: ${{ inputs.image }}\n")
    action("run-env", "    - shell: bash\n      env:\n        TARGET_IMAGE: \"${{ inputs.image }}\"\n"
                      "      run: |\n        docker run --rm ${TARGET_IMAGE} true\n")
    action("build-env", "    - run: docker build --tag \"$IMAGE\" .\n      shell: bash\n      env:\n        IMAGE: ${{ inputs.image }}\n")
    wf = tmp_path / ".github" / "workflows"
    wf.mkdir(parents=True)
    (wf / "ci.yml").write_text(
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: ./.github/actions/pull-env\n"
        "        with:\n          image: acme/imagined-pulled:1\n      - uses: ./.github/actions/run-env\n        with:\n"
        "          image: acme/imagined-run:1\n      - uses: ./.github/actions/build-env\n        with:\n"
        "          image: acme/imagined-built:1\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "acme/imagined-pulled", "acme/imagined-run"]


def test_an_azure_container_resource_named_by_its_alias_is_no_image(tmp_path, settings):
    # set 216's spot set: hadolint's docs/INTEGRATION.md defines `resources: containers: - container: hadolint` (image:
    # hadolint/hadolint:latest-debian) in one block and runs a step with `target: container: hadolint` in the next;
    # `hadolint` was read as the image library/hadolint. A container named by no resource is still an image
    from depguard.scan import collect_paths

    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "INTEGRATION.md").write_text(
        "### Azure Pipelines\n\n``` yaml\nresources:\n  containers:\n  - container: hadolint\n"
        "    image: hadolint/hadolint:latest-debian\n```\n\nThen go with the linter step:\n\n``` yaml\nsteps:\n"
        "  - script: hadolint Dockerfile\n    target:\n      container: hadolint\n```\n\n``` yaml\njobs:\n  lint:\n"
        "    runs-on: ubuntu-latest\n    container: hadolintt\n    steps:\n      - run: hadolint Dockerfile\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["library/hadolintt"]


def test_a_workflow_of_many_jobs_with_matrix_images_looks_for_each_in_its_own_job(monkeypatch):
    # l39 (session 39, hostile input): each job's matrix image was looked for from the job's first line to the file's
    # end (quoted first, then bare), and each job found by walking the jobs back from the last: 4,000 jobs took 13 s.
    # Each value is looked for within its job; the job is found by bisection
    from depguard.ecosystems.docker import workflow_images

    looked: list[int] = []
    real = workflow_images.find_line

    def counted(lines, needle, start_line=1, *args, stop=None, **kw):
        looked.append((stop or len(lines) + 1) - start_line)
        return real(lines, needle, start_line, *args, stop=stop, **kw)

    monkeypatch.setattr(workflow_images, "find_line", counted)
    n = 200
    text = "on: push\njobs:\n" + "".join(
        f"  j{i}:\n    runs-on: x\n    strategy:\n      matrix:\n        image:\n          - acme/zq-img{i}\n"
        f"    container: ${{{{ matrix.image }}}}\n" for i in range(n))
    got = [(m.key.name, m.location.line) for m in get_format("workflow-images").parse(Source(path=".github/workflows/ci.yml",
                                                                                             text=text))]
    assert got == [(f"acme/zq-img{i}", 3 + 7 * i + 5) for i in range(n)]  # each at its own matrix line
    assert sum(looked) <= 7 * n + 7  # the lines of each job once (about 7 * n * n / 2 before)
