"""Bazel's container rules (rules_oci) in .bzl files: base images oci_pull fetches are judged, images ``oci_load``
makes are the tree's own (held-out set 216: GoogleContainerTools/distroless)."""

from __future__ import annotations

from depguard.parsers import formats_for
from depguard.scan import collect_paths

from .._fixtures import found, parse

MODULE = '''load("@rules_oci//oci:pull.bzl", "oci_pull")

def deps():
  oci_pull(
    name = "debian",
    image = "index.docker.io/library/debian",
    tag = "bookworm-slim",
    platforms = ["linux/amd64"],
)
  oci_pull(name = "tool", image = "acme/imagined-base", digest = "sha256:0123abcd")
  oci_pull(name = "computed", image = IMAGE)
'''


def test_the_base_images_rules_oci_pulls_are_read():
    assert "bazel-oci" in [f.name for f in formats_for("images.bzl")] and formats_for("BUILD.bazel") == []
    mentions, problems = parse("bazel-oci", MODULE, "oci/images.bzl")
    assert found(mentions) == [("library/debian", 6), ("acme/imagined-base", 10)]
    assert [m.spec for m in mentions] == ["bookworm-slim", "sha256:0123abcd"]
    assert problems == []  # a value Starlark computes is not read


def test_an_image_oci_load_makes_is_the_trees_own(tmp_path, settings):
    # distroless' python3/ldconfig.bzl: oci_load(repo_tags = ["bazel/python3:python3_root_{}_{}".format(arch, distro)]),
    # and python3/ldconfig/ldconfig.sh runs `docker create … "bazel/python3:python3_root_${arch}_debian13"`; it was read
    # as Docker Hub's bazel/python3 (a DG001 with a real Docker Hub). An image nothing loads is still judged
    (tmp_path / "python3" / "ldconfig").mkdir(parents=True)
    (tmp_path / "python3" / "ldconfig.bzl").write_text(
        'load("@rules_oci//oci:defs.bzl", "oci_load")\n\ndef python3_ldconfig(architectures, distro):\n'
        '    for arch in architectures:\n        oci_load(\n            name = "load_{}".format(arch),\n'
        '            repo_tags = ["bazel/python3:python3_root_{}_{}".format(arch, distro)],\n        )\n')
    (tmp_path / "python3" / "ldconfig" / "ldconfig.sh").write_text(
        '#!/bin/bash\nfor arch in "$@"; do\n  CID=$(docker create --entrypoint /sbin/ldconfig '
        '"bazel/python3:python3_root_${arch}_debian13")\n  docker run --rm bazel/pyhton3:latest\ndone\n')
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == ["bazel/pyhton3"]


def test_a_file_of_many_pulls_places_each_on_its_line():
    # reviewer r32: each pull's line was counted from the file's start (40,000 pulls: 29 s; benchmarks/crafted_inputs.py
    # times it); now from the pull before it
    text = "".join(f'oci_pull(name = "b{i}", image = "acme/imagined-{i}", tag = "1")\n' for i in range(3000))
    mentions, _ = parse("bazel-oci", text, "deps.bzl")
    assert [(m.location.line, m.location.column) for m in mentions[::1000]] == [(1, 32), (1001, 35), (2001, 35)]
    assert (mentions[-1].key.name, mentions[-1].location.line) == ("acme/imagined-2999", 3000)
