"""Google Cloud Build configurations: each step's ``name:`` is the image it runs in; images its docker steps build are
the tree's own (held-out set 216's spot set: GoogleCloudPlatform/cloud-builders)."""

from __future__ import annotations

from depguard.parsers import formats_for
from depguard.scan import collect_paths

from .._fixtures import found, parse

# cloud-builders' gcloud/cloudbuild.yaml (shortened): builds gcloud-slim and gcr.io/$PROJECT_ID/gcloud, then runs them
GCLOUD = """steps:
- name: 'gcr.io/cloud-builders/docker'
  args:
  - 'build'
  - '--tag=gcloud-slim'
  - '--tag=gcr.io/$PROJECT_ID/gcloud-slim'
  - '.'
- name: 'gcr.io/$PROJECT_ID/gcloud-slim'
  args: ['info']
- name: python:3.12
  entrypoint: pip
  args: ['install', '-r', 'requirements.txt']
- name: '$_BUILDER'
  args: ['gcr.io/$PROJECT_ID/gcloud-slim']
- name: acme/imagined-builder
images:
- 'gcr.io/$PROJECT_ID/gcloud-slim'
"""


def test_each_steps_image_is_read_and_one_it_builds_is_not_a_problem():
    assert "cloudbuild" in [f.name for f in formats_for("cloudbuild.yaml")]
    mentions, problems = parse("cloudbuild", GCLOUD, "gcloud/cloudbuild.yaml")
    assert found(mentions) == [("gcr.io/cloud-builders/docker", 2), ("library/python", 10),
                               ("acme/imagined-builder", 15)]
    assert [(p.location.line, p.kind) for p in problems] == [(13, "limit")]  # a substitution: not checked


def test_an_image_a_cloud_build_step_builds_is_the_trees_own(tmp_path, settings):
    # cloud-builders' gcloud/Dockerfile says `FROM gcloud-slim`, which gcloud/cloudbuild.yaml builds first; it was read
    # as library/gcloud-slim (a DG001 with a real Docker Hub). A base image nothing builds is still judged
    (tmp_path / "gcloud").mkdir()
    (tmp_path / "gcloud" / "cloudbuild.yaml").write_text(GCLOUD)
    (tmp_path / "gcloud" / "Dockerfile").write_text("FROM gcloud-slim\nRUN true\n")
    (tmp_path / "gcloud" / "Dockerfile.other").write_text("FROM gcloud-slimm\n")
    out = collect_paths([tmp_path], settings)
    assert sorted(m.key.name for m in out.mentions if m.location.path.rpartition("/")[2].startswith("Dockerfile")) == [
        "library/gcloud-slimm"]


def test_a_step_image_written_with_escapes_or_an_alias_is_judged_and_placed_in_linear_time():
    # reviewer r32: a step's image was placed by finding its value written as YAML decodes it; one written with an
    # escape ("acme/\x61b") or an alias (*img) was never found, so it was silently left out, and each such step searched
    # the file to its end (4,000 steps: 17 s; benchmarks/crafted_inputs.py times it). It is now read at its step's name
    # key; one a later volume's `name:` precedes is still placed on its own line
    text = ('steps:\n- name: acme/img-zq\n- name: "acme/imagined-\\x61b"\n- name: &img acme/aliased-zq\n- name: *img\n'
            '- volumes:\n  - name: vol\n  name: acme/after-volume-zq\n')
    mentions, _ = parse("cloudbuild", text, "cloudbuild.yaml")
    assert found(mentions) == [("acme/img-zq", 2), ("acme/imagined-ab", 3), ("acme/aliased-zq", 4),
                               ("acme/aliased-zq", 5), ("acme/after-volume-zq", 8)]
    many = "steps:\n" + "".join(f'- name: "acme/imagined-\\x61{i}"\n' for i in range(3000))
    mentions, _ = parse("cloudbuild", many, "cloudbuild.yaml")
    assert len(mentions) == 3000 and mentions[-1].location.line == 3001
