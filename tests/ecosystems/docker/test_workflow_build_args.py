"""A Dockerfile's ``FROM ${BASE_IMAGE}`` whose ARG has no default is built by the repository's release workflow
with ``build-args: BASE_IMAGE=hexpm/elixir:${{ env.elixir }}-…`` (livebook): that value is the base image, judged
like a compose build argument is; a workflow that builds another Dockerfile passes nothing to this one."""

from __future__ import annotations

from pathlib import Path

from depguard.scan import collect_paths

DOCKERFILE = """\
ARG BASE_IMAGE
ARG VARIANT

FROM ${BASE_IMAGE} AS base-default

FROM ${BASE_IMAGE} AS base-cuda

FROM base-${VARIANT} AS build
RUN mix release
"""

RELEASE = """\
name: Release
on:
  push:
    tags: ["v*"]
env:
  elixir: "1.18.4"
  otp: "27.3.4"
  ubuntu: "noble-20250415"
jobs:
  docker:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        include:
          - tag_suffix: ""
            build_args: "VARIANT=default"
          - tag_suffix: "-cuda12"
            build_args: "VARIANT=cuda"
    steps:
      - uses: actions/checkout@v4
      - name: Build and push
        uses: docker/build-push-action@v6
        with:
          context: .
          push: true
          build-args: |
            BASE_IMAGE=hexpm/elixir:${{ env.elixir }}-erlang-${{ env.otp }}-ubuntu-${{ env.ubuntu }}
            ${{ matrix.build_args }}
      - name: Build the docs image
        uses: docker/build-push-action@v6
        with:
          context: docs
          build-args: |
            BASE_IMAGE=nginx:1.27
"""


def _tree(root: Path, workflow: str | None) -> Path:
    (root / "Dockerfile").write_text(DOCKERFILE, encoding="utf-8")
    (root / "docs").mkdir()
    (root / "docs" / "Dockerfile").write_text("ARG BASE_IMAGE\nFROM ${BASE_IMAGE}\n", encoding="utf-8")
    if workflow is not None:
        (root / ".github" / "workflows").mkdir(parents=True)
        (root / ".github" / "workflows" / "release.yml").write_text(workflow, encoding="utf-8")
    return root


def test_a_build_argument_the_release_workflow_passes_names_the_base_image(tmp_path, settings):
    out = collect_paths([_tree(tmp_path, RELEASE)], settings)
    got = sorted((m.location.path.split(str(tmp_path) + "/")[-1], m.location.line, m.key.name)
                 for m in out.mentions if m.parser == "dockerfile-images")
    assert got == [("Dockerfile", 4, "hexpm/elixir"), ("Dockerfile", 6, "hexpm/elixir"),
                   ("docs/Dockerfile", 2, "library/nginx")]
    assert not [p for p in out.problems if p.kind == "limit"]


def test_without_a_build_that_passes_it_the_argument_stays_a_read_problem(tmp_path, settings):
    out = collect_paths([_tree(tmp_path, None)], settings)
    assert not [m for m in out.mentions if m.parser == "dockerfile-images"]
    assert sorted((p.location.path.split(str(tmp_path) + "/")[-1], p.location.line) for p in out.problems
                  if p.kind == "limit") == [("Dockerfile", 4), ("Dockerfile", 6), ("docs/Dockerfile", 2)]
