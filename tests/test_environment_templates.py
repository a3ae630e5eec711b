"""An environment file kept as a Jinja2 template declares for the project it is in (held-out set 281).

MPAS-Dev/compass deploys itself with E3SM's tools: its `deploy.py` renders `deploy/pixi.toml.j2` into the pixi
environment the project runs in, whose conda packages (`mpas_tools`, `geometric_features`, `jigsawpy`, `pyremap`,
none of them on PyPI) the code imports. No format read a `.j2` file, and a manifest in `deploy/` would have declared
for that folder alone, so the four imports were DG001 (258 mentions).
"""

from __future__ import annotations

from depguard.parsers import formats_of, rendered_path
from tests.trees import judged, verdicts, write

# the shape of compass's template (shortened): Jinja loops and conditions, placeholders in keys and versions
PIXI_TEMPLATE = """[workspace]
name = "compass-dev"
channels = [
{%- for channel in pixi_channels %}
  "{{ channel }}"{%- if not loop.last %},{% endif %}
{%- endfor %}
]
platforms = ["{{ platform }}"]

[dependencies]
python = "{{ python }}.*"
{%- if include_jigsaw %}
jigsawpy = "*"
{%- endif %}
geometric_features = "{{ geometric_features }}.*"
mpas_tools = "{{ mpas_tools }}.*"
{{ mpi }} = "*"
"""


def test_an_environment_template_declares_for_the_project_above_its_folder(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "compass"\ndependencies = ["numpy"]\n',
        "deploy/pixi.toml.j2": PIXI_TEMPLATE,
        "deploy/hooks.py": "def pre_pixi(ctx):\n    return ctx\n",  # the deploy folder has code: no environment folder
        "deploy/config.yaml.j2": "dependencies:\n  - never_declared_by_a_config_template\n",
        "compass/__init__.py": "",
        "compass/mesh.py": "import mpas_tools\nimport jigsawpy\nfrom geometric_features import GeometricFeatures\n"
                           "import never_declared_by_a_config_template\nimport dgx_invented_mesh_tools\n",
    })
    got = {k: v for k, v in verdicts(judged(tmp_path, {"numpy"})).items() if k[0] != "deploy/pixi.toml.j2"}
    assert got == {
        ("pyproject.toml", "numpy"): "ok",
        ("compass/mesh.py", "never_declared_by_a_config_template"): "missing",
        ("compass/mesh.py", "dgx_invented_mesh_tools"): "missing",
    }


def test_only_an_environment_files_jinja2_template_is_read_as_that_file():
    assert rendered_path("deploy/pixi.toml.j2") == "deploy/pixi.toml"
    assert rendered_path("ci/environment-dev.yml.jinja2") == "ci/environment-dev.yml"
    assert [f.name for f in formats_of("deploy/pixi.toml.j2")] == ["pixi"]
    for other in ("roles/web/templates/docker-compose.yml.j2", "templates/README.md.j2", "deploy/config.yaml.j2",
                  "requirements.txt.j2", "pixi.toml.tmpl"):
        assert rendered_path(other) == other
