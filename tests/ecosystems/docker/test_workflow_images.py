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
