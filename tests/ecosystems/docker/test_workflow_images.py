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
