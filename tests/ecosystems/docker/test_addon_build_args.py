"""A Home Assistant add-on's Dockerfile starts ``ARG BUILD_FROM`` / ``FROM $BUILD_FROM`` with no default: the
add-on builder passes the ``build_from`` image of ``build.yaml`` beside it, one per architecture, and its ``args``
by name (home-assistant/addons' ``zwave_js``). Those images are the base images, judged like a compose build
argument; a ``build.yaml`` that is not an add-on build file, or one in another folder, passes nothing."""

from __future__ import annotations

from pathlib import Path

from depguard.scan import collect_paths

DOCKERFILE = """\
ARG BUILD_FROM
FROM ${BUILD_FROM}

ARG ZWAVEJS_UI_VERSION
RUN npm install -g "zwave-js-ui@${ZWAVEJS_UI_VERSION}"
"""

BUILD_YAML = """\
---
build_from:
  aarch64: ghcr.io/home-assistant/aarch64-base:3.23
  amd64: ghcr.io/home-assistant/amd64-base:3.23
args:
  ZWAVEJS_UI_VERSION: 11.22.3
"""

BUILD_JSON = '{"build_from": {"amd64": "ghcr.io/home-assistant/amd64-base-python:3.13-alpine3.22"}}'

MULTI_STAGE = """\
ARG BUILD_FROM
FROM ghcr.io/home-assistant/${BUILD_ARCH}-base:3.23 AS builder
FROM $BUILD_FROM
"""


def _images(root: Path, settings) -> tuple[list[tuple[str, int, str, str | None]], list[tuple[str, int]]]:
    out = collect_paths([root], settings)
    got = sorted((m.location.path.split(str(root) + "/")[-1], m.location.line, m.key.name, m.spec)
                 for m in out.mentions if m.parser == "dockerfile-images")
    problems = sorted((p.location.path.split(str(root) + "/")[-1], p.location.line) for p in out.problems
                      if p.kind == "limit")
    return got, problems


def test_the_build_from_images_of_the_add_on_build_file_are_the_base_images(tmp_path, settings):
    (tmp_path / "zwave_js").mkdir()
    (tmp_path / "zwave_js" / "Dockerfile").write_text(DOCKERFILE, encoding="utf-8")
    (tmp_path / "zwave_js" / "build.yaml").write_text(BUILD_YAML, encoding="utf-8")
    (tmp_path / "vlc").mkdir()
    (tmp_path / "vlc" / "Dockerfile").write_text("ARG BUILD_FROM\nFROM $BUILD_FROM\n", encoding="utf-8")
    (tmp_path / "vlc" / "build.json").write_text(BUILD_JSON, encoding="utf-8")
    got, problems = _images(tmp_path, settings)
    assert got == [("vlc/Dockerfile", 2, "ghcr.io/home-assistant/amd64-base-python", "3.13-alpine3.22"),
                   ("zwave_js/Dockerfile", 2, "ghcr.io/home-assistant/aarch64-base", "3.23"),
                   ("zwave_js/Dockerfile", 2, "ghcr.io/home-assistant/amd64-base", "3.23")]
    assert problems == []


def test_build_arch_is_each_architecture_the_build_file_names(tmp_path, settings):
    (tmp_path / "Dockerfile").write_text(MULTI_STAGE, encoding="utf-8")
    (tmp_path / "build.yaml").write_text("build_from:\n  amd64: ghcr.io/home-assistant/amd64-base:3.23\n",
                                         encoding="utf-8")
    got, problems = _images(tmp_path, settings)
    assert [(line, name) for _, line, name, _ in got] == [(2, "ghcr.io/home-assistant/amd64-base"),
                                                         (3, "ghcr.io/home-assistant/amd64-base")]
    assert problems == []


def test_a_build_file_without_build_from_or_elsewhere_passes_nothing(tmp_path, settings):
    (tmp_path / "addon").mkdir()
    (tmp_path / "addon" / "Dockerfile").write_text("ARG BUILD_FROM\nFROM $BUILD_FROM\n", encoding="utf-8")
    (tmp_path / "addon" / "build.yaml").write_text("args:\n  BUILD_FROM: alpine:3.20\n", encoding="utf-8")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "Dockerfile").write_text("ARG BUILD_FROM\nFROM $BUILD_FROM\n", encoding="utf-8")
    (tmp_path / "build.yaml").write_text(BUILD_YAML, encoding="utf-8")  # not beside either Dockerfile
    got, problems = _images(tmp_path, settings)
    assert got == []
    assert problems == [("addon/Dockerfile", 2), ("other/Dockerfile", 2)]
