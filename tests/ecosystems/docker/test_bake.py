"""Docker Bake files: their ``docker-image://`` named contexts are pulled images, their targets' ``tags`` the tree's
own (held-out set 216: jupyter/docker-stacks' docs build a stack with ``docker buildx bake`` and then run it)."""

from __future__ import annotations

from depguard.parsers import formats_for
from depguard.scan import collect_paths

from .._fixtures import found, parse

# jupyter/docker-stacks' docs/using/recipe_code/docker-bake.custom-python.hcl (its last target), and a target with
# named contexts of each kind
BAKE = '''target "custom-notebook" {
    context = "."
    contexts = {
        minimal-notebook = "target:minimal-notebook"
    }
    args = {
        BASE_IMAGE = "minimal-notebook"
    }
    tags = ["custom-jupyter"]
}

target "extra" {
  contexts = {
    base = "docker-image://alpine:3.20"
    tool = "docker-image://ghcr.io/acme/tool@sha256:abcdef0123456789"
    slot = "docker-image://acme/${NAME}:1"
    src = "https://github.com/acme/src.git"
  }
  tags = ["acme/extra:${TAG}"]
}
'''


def test_a_bake_files_docker_image_contexts_are_pulled_images():
    assert [f.name for f in formats_for("docker-bake.custom-python.hcl")] == ["docker-bake"]
    assert formats_for("main.hcl") == []  # a Terraform or Packer file is no bake file
    mentions, problems = parse("docker-bake", BAKE, "docker-bake.hcl")
    assert found(mentions) == [("library/alpine", 14), ("ghcr.io/acme/tool", 15)]
    assert (mentions[0].spec, mentions[0].location.column) == ("3.20", 28)
    assert [(p.location.line, p.kind) for p in problems] == [(16, "limit")]


def test_an_image_a_bake_file_tags_is_the_trees_own(tmp_path, settings):
    # docker-stacks' docs/using/custom-images.md: "docker buildx bake" with that file, then `docker run -it --rm -p
    # 8888:8888 custom-jupyter`, which was judged as a Docker Hub name: the bake file was never read (no format named
    # it, so the tree's built images missed its tags). A run of an image nothing builds is still judged
    (tmp_path / "docs" / "recipe_code").mkdir(parents=True)
    (tmp_path / "docs" / "recipe_code" / "docker-bake.custom-python.hcl").write_text(BAKE)
    (tmp_path / "docs" / "custom-images.md").write_text(
        "```bash\ndocker buildx bake\n```\n\n```bash\ndocker run -it --rm -p 8888:8888 custom-jupyter\n"
        "docker run -it --rm custom-jupyterr\n```\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.key.ecosystem == "docker") == [
        "ghcr.io/acme/tool", "library/alpine", "library/custom-jupyterr"]
