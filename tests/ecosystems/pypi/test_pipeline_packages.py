"""What ML pipeline frameworks install for a step, as the Python source declares it (held-out set 242's category, MLOps
platforms): Kubeflow Pipelines' ``packages_to_install``, a Ray runtime environment's ``"pip"`` list, Metaflow's
``@pypi(packages={…})`` and MLflow's ``pip_requirements`` / ``conda_env``. Before, a Python reader saw string literals,
so an invented name there went unjudged."""

from __future__ import annotations

from depguard.ecosystems.pypi.pipeline_packages import pipeline_packages
from depguard.parsers import Source
from tests.trees import judged, verdicts, write

EXISTING = {"google-cloud-aiplatform", "emoji", "pandas", "mlflow", "cloudpickle", "kfp", "ray", "metaflow"}

# GoogleCloudPlatform/asl-ml-immersion (238875ef) asl_mlops/notebooks/kubeflow_pipelines/cicd/labs/pipeline/
# training_lightweight_component.py, lines 18-21, with an invented second package
KFP = ('from kfp.dsl import component\n\n\n@component(\n    base_image="python:3.12",\n'
       '    packages_to_install=["google-cloud-aiplatform", "kfp-helpers-zq==1.0"],\n)\n'
       'def train_and_deploy(project: str):\n    from google.cloud import aiplatform\n')


def test_each_frameworks_step_packages_are_judged_where_they_are_written(tmp_path):
    write(tmp_path, {
        "pipeline/training_lightweight_component.py": KFP,
        "ray_job.py": ('import ray\n\nruntime_env = {"pip": ["emoji", "ray-helpers-zq"], "env_vars": {"A": "1"}}\n'
                       'ray.init(runtime_env=runtime_env)\n'),
        "flow.py": ('from metaflow import FlowSpec, pypi, step\n\n\nclass Flow(FlowSpec):\n'
                    '    @pypi(python="3.10.11", packages={"pandas": "2.1.1", "metaflow-helpers-zq": "1.0"})\n'
                    '    @step\n    def start(self):\n        import pandas\n'),
        "log_model.py": ('import mlflow\n\nmlflow.pyfunc.log_model("model", pip_requirements=["mlflow", "mlflow-helpers-zq"],\n'
                         '                        conda_env={"dependencies": ["python=3.10", {"pip": ["cloudpickle", "conda-pip-zq"]}]})\n'),
    })
    got = verdicts(judged(tmp_path, EXISTING))
    for path, real, invented in (("pipeline/training_lightweight_component.py", "google-cloud-aiplatform", "kfp-helpers-zq"),
                                 ("ray_job.py", "emoji", "ray-helpers-zq"), ("flow.py", "pandas", "metaflow-helpers-zq"),
                                 ("log_model.py", "mlflow", "mlflow-helpers-zq"), ("log_model.py", "cloudpickle", "conda-pip-zq")):
        assert got[(path, real)] == "ok"
        assert got[(path, invented)] == "missing"


def test_a_step_package_is_placed_at_its_line_and_column():
    found = pipeline_packages(Source(path="pipeline/c.py", text=KFP), test=False)
    assert [(m.key.name, m.location.line, m.location.column) for m in found] == [
        ("google-cloud-aiplatform", 6, 27), ("kfp-helpers-zq", 6, 54)]


def test_computed_lists_urls_other_dicts_and_tests_name_nothing():
    text = ('op = func_to_container_op(download, packages_to_install = import_packages)\n'  # kubeflow/examples: a variable
            'c = component(packages_to_install=["pandas", name])\n'  # one entry computed: the list is the program's
            'd = component(packages_to_install=["git+https://github.com/example/lib.git", "./local"])\n'
            'settings = {"pip": ["not-a-runtime-env-zq"]}\n'  # no runtime_env/RuntimeEnv/conda_env in the file
            'e = component(packages_to_install=["unclosed-zq",\n')
    assert pipeline_packages(Source(path="p.py", text=text), test=False) == []
    assert pipeline_packages(Source(path="tests/test_p.py", text=KFP), test=True) == []


def test_a_kfp_index_other_than_pypi_leaves_the_packages_not_checked_unless_pypi_has_them(tmp_path):
    write(tmp_path, {"c.py": ('@component(packages_to_install=["corp-only-zq", "pandas"],\n'
                              '           pip_index_urls=["https://pypi.corp.example/simple", "https://pypi.org/simple"])\n'
                              'def step():\n    pass\n')})
    got = verdicts(judged(tmp_path, EXISTING))
    assert got[("c.py", "corp-only-zq")] == "not-checked"
    assert got[("c.py", "pandas")] == "ok"


def test_a_notebook_cells_pipeline_step_packages_are_judged_at_their_place_in_the_file(tmp_path):
    # Vertex AI and Kubeflow tutorials define their components in notebook cells: the same literal in a code cell
    import json

    cell = ['from kfp.dsl import component\n', '\n', '@component(packages_to_install=["google-cloud-aiplatform", '
            '"kfp-helpers-zq"])\n', 'def step():\n', '    from google.cloud import aiplatform\n']
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "source": cell, "outputs": [], "execution_count": None}],
                "metadata": {"kernelspec": {"name": "python3", "language": "python"}}, "nbformat": 4,
                "nbformat_minor": 5}
    text = json.dumps(notebook, indent=1)
    write(tmp_path, {"pipeline.ipynb": text})
    rep = judged(tmp_path, EXISTING)
    got = {(f.mention.key.name, f.mention.parser): f for f in rep.findings}
    assert got[("google-cloud-aiplatform", "pipeline-packages")].verdict.value == "ok"
    invented = got[("kfp-helpers-zq", "pipeline-packages")]
    assert invented.verdict.value == "missing"
    line = text.split("\n")[invented.mention.location.line - 1]
    column = invented.mention.location.column
    assert line[column - 1:column - 1 + len("kfp-helpers-zq")] == "kfp-helpers-zq"


def test_step_packages_are_read_as_the_code_is_written_not_in_comments_or_docstrings():
    # reviewer r36: the literals are read from tree-sitter's reading of the code (as the Python call reader does), no
    # longer by a bracket scanner over the text: a commented-out component and a docstring's example install nothing,
    # while a decorator whose packages come after a call, a "packages" entry after another key and an annotated
    # assignment are code (the bracket scanner's patterns missed them), and an invented name there is still judged
    text = ('"""Usage: @component(packages_to_install=["docstring-zq"])"""\n'
            '# op = component(packages_to_install=["commented-zq"])\n'
            'from metaflow import pypi\nfrom ray.runtime_env import RuntimeEnv\n\n'
            '@pypi(python=version(), packages={"pandas": "2.1.1", "metaflow-after-call-zq": "1.0"})\n'
            'def start(self):\n    pass\n\n'
            'runtime_env = {"pip": {"pip_check": False, "packages": ["emoji", "ray-second-key-zq"]}}\n'
            'packages_to_install: list[str] = ["kfp-annotated-zq"]\n'
            'c = component(packages_to_install=["con" "cat-zq", "esc\\x2dzq"])\n')
    found = {m.key.name: (m.location.line, m.location.column) for m in
             pipeline_packages(Source(path="steps.py", text=text), test=False)}
    assert sorted(found) == ["concat-zq", "emoji", "esc-zq", "kfp-annotated-zq", "metaflow-after-call-zq", "pandas",
                             "ray-second-key-zq"]
    lines = text.split("\n")
    for name, (line, column) in found.items():  # each at its place: the literal's first character after the quote
        assert lines[line - 1][column - 1:].startswith(name.partition("-zq")[0][:3]), name
    assert found["emoji"][0] == 10 and lines[9][found["emoji"][1] - 1:].startswith('emoji"')
