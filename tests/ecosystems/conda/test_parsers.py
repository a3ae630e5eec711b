"""environment.yml and conda-lock.yml: conda specs, channels carried in names, pip entries as PyPI."""

from __future__ import annotations

import pytest

from depguard.errors import ParseError

from .._fixtures import fixture, format_names, found, parse


def test_environment_empty():
    assert parse("environment.yml", fixture("conda", "empty.yml")) == ([], [])


def test_environment_one():
    mentions, _ = parse("environment.yml", fixture("conda", "one.yml"))
    assert found(mentions) == [("numpy", 3)]
    assert (mentions[0].location.column, mentions[0].spec) == (5, "=1.26")


def test_environment_two_channels_pip_and_names_outside_dependencies():
    mentions, problems = parse("environment.yml", fixture("conda", "two.yml"))
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("conda", "bioconda::python", 8),
        ("conda", "scipy", 9),  # an explicit default channel: asked the default way
        ("conda", "bioconda::samtools", 10),
        ("conda", "bioconda::pip", 11),
        ("pypi", "requests", 13),
    ]
    assert mentions[1].spec == "1.11.* py311*"
    assert [p.location.line for p in problems] == [5]  # a channel outside anaconda.org


def test_a_pip_entry_that_is_a_local_path_installs_that_folder():
    # voila's docs/environment.yml installs the repository itself with pip (`- ..`, the folder above the file), which
    # was a read problem ("cannot parse '..'"); a path is no registry name, a name beside it still is
    text = ("name: voila\nchannels:\n  - conda-forge\ndependencies:\n  - sphinx\n  - pip:\n"
            "    - sphinxcontrib-video\n    - ..\n    - .\n    - ./docs/ext\n    - .[test]\n")
    mentions, problems = parse("environment.yml", text)
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("conda", "sphinx", 5), ("pypi", "sphinxcontrib-video", 7)]
    assert problems == []


def test_a_channel_label_is_its_owners_channel():
    # bokeh's conda/environment-test-3.13.yml: `conda-forge/label/python_rc::numpy` (conda-forge's release-candidate
    # label) in specs and in the channel list: the package is asked of the label's owner; it was an invalid name
    text = ("name: bk-test\nchannels:\n  - conda-forge/label/python_rc\n  - bioconda/label/beta\ndependencies:\n"
            "  - conda-forge/label/python_rc::python=3.13\n  - conda-forge/label/python_rc::numpy\n"
            "  - https://conda.anaconda.org/bioconda/label/beta::samtools\n  - pandas\n")
    mentions, problems = parse("environment.yml", text)
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("python", 6, 34), ("numpy", 7, 34), ("bioconda::samtools", 8, 53), ("bioconda::pandas", 9, 5)]
    assert problems == []



def test_a_name_inside_the_entry_before_it_is_placed_on_its_own_line():
    # a probe of held-out set 235's category (JAX environments): `- jax` after `- jaxlib=*=*cuda*` was placed on the
    # jaxlib line (the search from the last entry's line found "jax" inside "jaxlib"), and pip's `jax` after
    # `jax-triton` likewise; each is now found where no name character touches it
    text = ("channels:\n  - conda-forge\ndependencies:\n  - jaxlib=*=*cuda*\n  - jax\n  - pip\n  - pip:\n"
            "    - jax-triton\n    - jax\n")
    mentions, problems = parse("environment.yml", text)
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("jaxlib", 4, 5), ("jax", 5, 5), ("pip", 6, 5), ("jax-triton", 8, 7), ("jax", 9, 7)]
    assert problems == []

def test_environment_not_a_mapping_raises():
    with pytest.raises(ParseError):
        parse("environment.yml", fixture("conda", "not-env-scalar.yml"))


@pytest.mark.parametrize("name", ["not-env.yml", "playbook-environment.yml"])
def test_a_yaml_list_named_environment_yml_is_another_tools_file_not_a_problem(name):
    # an Ansible playbook called environment.yml (ansible-lint's schema tests) is never a conda environment
    assert parse("environment.yml", fixture("conda", name)) == ([], [])


def test_conda_lock_one_mention_per_package_channel_from_url():
    mentions, _ = parse("conda-lock.yml", fixture("conda", "conda-lock.yml"))
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("conda", "numpy", 10), ("conda", "bioconda::samtools", 24), ("pypi", "requests", 29),
    ]
    assert mentions[0].spec == "1.26.4"


@pytest.mark.parametrize("text", ["", "version: 1\n", "- a\n"])
def test_conda_lock_not_a_lockfile_raises(text):
    with pytest.raises(ParseError):
        parse("conda-lock.yml", text)


def test_file_names_route_to_the_formats():
    assert "environment.yml" in format_names("environment.yml")
    assert "environment.yml" in format_names("envs/environment.yaml")
    assert "conda-lock.yml" in format_names("conda-lock.yml")


def test_a_template_slot_in_a_rendered_environment_file_is_no_name_and_no_problem():
    # nf-core/tools' module-template/environment.yml is a Jinja template: its one dependency is
    # "{{ bioconda if bioconda else 'YOUR-TOOL-HERE' }}"; a templated version keeps its written name
    text = ('channels:\n  - conda-forge\n  - bioconda\ndependencies:\n'
            '  - "{{ bioconda if bioconda else \'YOUR-TOOL-HERE\' }}"\n  - bioconda::{{ tool }}=1.0\n'
            '  - samtools={{ samtools_version }}\n  - "=bad"\n')
    mentions, problems = parse("environment.yml", text, "environment.yml")
    assert [(m.key.name, m.location.line) for m in mentions] == [("bioconda::samtools", 7)]
    assert [p.location.line for p in problems] == [8]  # a spec that is no template and no name is still a problem


def test_a_yaml_file_with_top_level_channels_and_dependencies_is_an_environment_whatever_its_name():
    # snakemake's examples/hello-world/envs/xsv.yaml, named by a rule's `conda: "envs/xsv.yaml"`: a silent miss
    env = "channels:\n  - conda-forge\ndependencies:\n  - xsv 0.13\n  - pip:\n      - snakemake-wrapper-utils\n"
    mentions, problems = parse("environment.yml", env, "workflow/envs/xsv.yaml")
    assert [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions] == [
        ("conda", "xsv", 4), ("pypi", "snakemake-wrapper-utils", 6)]
    assert problems == []
    # other tools' YAML: only one of the two keys, or both below the top level, is no environment
    for name, text in [("config.yaml", "dependencies:\n  - build\nsamples: samples.tsv\n"),
                       ("ci.yml", "jobs:\n  test:\n    channels:\n      - a\n    dependencies:\n      - b\n"),
                       ("meta.yaml", "package:\n  name: x\nrequirements:\n  run:\n    - numpy\n")]:
        assert parse("environment.yml", text, name) == ([], []), name


def test_a_labelled_channel_is_its_owners_channel_and_the_names_stay_valid():
    # numba's docs/environment.yml: `channels: [numba/label/dev]`, the label dev of the anaconda.org channel numba
    text = "name: rtd\nchannels:\n  - numba/label/dev\ndependencies:\n  - python=3.10\n  - llvmlite=0.50\n" \
           "  - conda-forge/label/broken::numpy\n"
    mentions, problems = parse("environment.yml", text)
    assert [(m.key.name, m.location.line) for m in mentions] == [
        ("numba::python", 5), ("numba::llvmlite", 6), ("numpy", 7)]
    assert problems == []
