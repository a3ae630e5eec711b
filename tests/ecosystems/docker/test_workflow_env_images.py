"""A workflow's images given by its ``env:`` (teslamate: ``REGISTRY_IMAGE: teslamate/teslamate`` … ``image: ${{
env.REGISTRY_IMAGE }}``) are judged at the line that uses them; the workflow's own repository's package on ghcr.io
(``ghcr.io/${{ github.repository }}``, directly or through such a variable) is not read: its namespace is the
repository's owner."""

from __future__ import annotations

from depguard.parsers import Source, get_format

BUILDX = """\
name: Build
on: push
env:
  REGISTRY_IMAGE: teslamate/teslamate
  GHCR_IMAGE: ghcr.io/${{ github.repository }}
jobs:
  merge:
    runs-on: ubuntu-latest
    steps:
      - uses: ./.github/actions/merge
        with:
          image: ${{ env.REGISTRY_IMAGE }}
      - uses: ./.github/actions/merge
        with:
          image: ${{ env.GHCR_IMAGE }}/grafana
  test:
    runs-on: ubuntu-latest
    env:
      REGISTRY_IMAGE: postgres
    services:
      db:
        image: ${{ env.REGISTRY_IMAGE }}:18-trixie
      app:
        image: ghcr.io/${{ github.repository }}:${{ github.sha }}
      hub:
        image: docker.io/${{ github.repository }}
      unset:
        image: ${{ env.NOT_SET }}
"""


def test_env_images_are_judged_and_the_own_ghcr_package_is_not_read():
    source = Source(path=".github/workflows/buildx.yml", text=BUILDX)
    found = [(m.key.name, m.location.line, m.location.column) for m in get_format("workflow-images").parse(source)]
    assert found == [("teslamate/teslamate", 12, 18), ("library/postgres", 22, 16)]
    # a Docker Hub namespace is not the GitHub owner's, and an unset variable names nothing: both stay unchecked
    assert [(p.location.line, p.kind) for p in source.problems] == [(26, "limit"), (28, "limit")]
