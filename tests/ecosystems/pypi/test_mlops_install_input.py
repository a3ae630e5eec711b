"""What MLOps tools install, read where they keep it: a Databricks notebook's ``# MAGIC %pip install`` cells (a ``.py``
file Databricks exports as notebook source), MLflow's ``python_env.yaml`` and BentoML's ``bentofile.yaml``. Before,
all three were read as nothing (a Python comment, an unknown YAML file), so an invented name there went unjudged
(held-out set 242's category, MLOps platforms and their examples)."""

from __future__ import annotations

from tests.trees import judged, verdicts, write

EXISTING = {"databricks-sdk", "mlflow", "scikit-learn", "torch", "transformers", "pip", "pandas", "xgboost",
            "requests"}

# mlflow/recipes-examples regression/notebooks/databricks_notebook.py (b4e7570d), its first cells: a %md cell with no
# cell break after the header, then a Python cell whose first line is the %pip magic
RECIPES = ("# Databricks notebook source\n\n# MAGIC %md\n# MAGIC # MLflow Regression Recipe Databricks Notebook\n"
           "# MAGIC This notebook runs the MLflow Regression Recipe on Databricks and inspects its results.\n\n"
           "# COMMAND ----------\n\n# MAGIC %pip install -r ../../requirements.txt\ndbutils.library.restartPython()\n\n"
           "# COMMAND ----------\n\nfrom mlflow.recipes import Recipe\n")


def test_a_databricks_notebooks_magic_installs_are_judged_and_explain_its_imports(tmp_path):
    write(tmp_path, {
        "regression/requirements.txt": "mlflow\n",
        "regression/notebooks/databricks_notebook.py": RECIPES,
        "notebooks/train.py": (
            "# Databricks notebook source\n# MAGIC %md\n# MAGIC ## Setup\n# MAGIC %pip install shown-in-markdown-zq\n\n"
            "# COMMAND ----------\n\n# DBTITLE 1,Install Dependencies\n"
            "# MAGIC %pip install --upgrade databricks-sdk>=0.40.0 mlflow-extras-zq\n# MAGIC %restart_python\n\n"
            "# COMMAND ----------\n\n# MAGIC %sh\n# MAGIC apt-get update\n# MAGIC pip install shell-cell-zq\n\n"
            "# COMMAND ----------\n\n# MAGIC %sh pip install one-line-shell-zq\n\n"
            "# COMMAND ----------\n\n# MAGIC %pip install pyhelpers-zq\n\n"
            "# COMMAND ----------\n\nimport helpers_zq\nimport databricks.sdk\n"),
        # the same lines in a file that is no Databricks notebook are comments of a Python file: said, not run
        "scripts/plain.py": "# MAGIC %pip install plain-comment-zq\nimport os\n",
    })
    got = verdicts(judged(tmp_path, EXISTING))
    assert got[("regression/requirements.txt", "mlflow")] == "ok"
    assert got[("notebooks/train.py", "databricks-sdk")] == "ok"
    assert got[("notebooks/train.py", "mlflow-extras-zq")] == "missing"
    assert got[("notebooks/train.py", "shell-cell-zq")] == "missing"
    assert got[("notebooks/train.py", "one-line-shell-zq")] == "missing"
    names = {name for _, name in got}
    # a Markdown cell's text and a comment in a plain file name nothing
    assert "shown-in-markdown-zq" not in names and "plain-comment-zq" not in names
    # what its own %pip cell installs explains its import, as a Jupyter notebook's does: judged as that distribution,
    # not as a guess from the module's name (which would be helpers-zq)
    rep = judged(tmp_path, EXISTING)
    assert {f.mention.key.name for f in rep.findings if f.mention.location.path == "notebooks/train.py"
            and f.mention.origin.value == "import" and "helpers_zq" in f.mention.written} == {"pyhelpers-zq"}


def test_a_databricks_notebooks_install_is_placed_at_its_line_and_column(tmp_path):
    write(tmp_path, {"nb.py": "# Databricks notebook source\n# MAGIC %pip install invented-zq\n"})
    rep = judged(tmp_path, EXISTING)
    (finding,) = [f for f in rep.findings if f.mention.key.name == "invented-zq"]
    assert (finding.mention.location.line, finding.mention.location.column) == (2, 22)


def test_mlflows_python_env_yaml_declares_what_mlflow_pip_installs(tmp_path):
    write(tmp_path, {"MLproject": "name: tutorial\npython_env: python_env.yaml\n",
                     "python_env.yaml": ("python: \"3.10\"\nbuild_dependencies:\n  - pip\ndependencies:\n"
                                         "  - mlflow==2.9.2\n  - -r requirements.txt\n  - invented-pyenv-zq==1.0\n"
                                         "  - tools @ git+https://github.com/example/tools.git\n"),
                     "requirements.txt": "pandas\n"})
    got = verdicts(judged(tmp_path, EXISTING))
    assert got[("python_env.yaml", "pip")] == "ok"
    assert got[("python_env.yaml", "mlflow")] == "ok"
    assert got[("python_env.yaml", "invented-pyenv-zq")] == "missing"
    assert not any(name in ("-r", "requirements.txt", "tools") for path, name in got if path == "python_env.yaml")


def test_bentoml_bentofile_packages_are_judged_and_another_index_leaves_them_not_checked(tmp_path):
    # BentoML's tests/e2e/fixtures/quickstart/bentofile.yaml (32230a52)
    quickstart = ('service: "service:Summarization"\nlabels:\n  project: quickstart\n  stage: dev\ninclude:\n'
                  '  - "service.py"\npython:\n  packages:\n  - torch\n  - transformers\ndocker:\n'
                  '  python_version: "3.10"\n')
    write(tmp_path, {
        "quickstart/bentofile.yaml": quickstart,
        "invented/bentofile.yaml": "service: svc\npython:\n  packages:\n    - scikit-learn\n    - invented-bento-zq\n",
        "private/bentofile.yaml": ("service: svc\npython:\n  index_url: https://pypi.corp.example/simple\n"
                                   "  packages:\n    - corp-only-zq\n    - pandas\n"),
        "extra/bentofile.yaml": ("service: svc\npython:\n  extra_index_url:\n    - https://pypi.corp.example/simple\n"
                                 "  packages:\n    - extra-invented-zq\n"),
    })
    got = verdicts(judged(tmp_path, EXISTING))
    assert got[("quickstart/bentofile.yaml", "torch")] == "ok"
    assert got[("quickstart/bentofile.yaml", "transformers")] == "ok"
    assert got[("invented/bentofile.yaml", "invented-bento-zq")] == "missing"
    assert got[("private/bentofile.yaml", "corp-only-zq")] == "not-checked"
    assert got[("private/bentofile.yaml", "pandas")] == "ok"
    assert got[("extra/bentofile.yaml", "extra-invented-zq")] == "missing"  # an extra index adds to PyPI


# databricks-academy/large-language-models (08a6ae43) Includes/_common.py, shortened: the course's setup notebook builds
# a pip command installing its helper library from GitHub and runs it with `%pip $pip_command`
COMMON = ('# Databricks notebook source\ndef __install_libraries():\n    global pip_command\n'
          '    version = spark.conf.get("dbacademy.library.version", "v4.0.9")\n'
          '    library_url = f"git+https://github.com/databricks-academy/dbacademy@{version}"\n'
          '    pip_command = f"install --quiet --disable-pip-version-check {library_url}"\n\n__install_libraries()\n\n'
          '# COMMAND ----------\n\n# MAGIC %pip $pip_command\n\n# COMMAND ----------\n\nfrom dbacademy import dbgems\n')


def test_a_databricks_notebook_shares_the_installs_of_the_notebooks_its_run_lines_run(tmp_path):
    # Includes/Workspace-Setup.py runs `%run ./_common` and then imports the library _common installs from GitHub
    write(tmp_path, {
        "Includes/_common.py": COMMON,
        "Includes/_setup.py": "# Databricks notebook source\n# MAGIC %pip install pyhelpers-zq\n",
        "Includes/Workspace-Setup.py": ("# Databricks notebook source\n# MAGIC %md-sandbox\n# MAGIC # Run the setup\n\n"
                                        "# COMMAND ----------\n\n# MAGIC %run ./_common\n\n# COMMAND ----------\n\n"
                                        "# MAGIC %run \"./_setup\"\n\n# COMMAND ----------\n\n"
                                        "from dbacademy.dbhelper.runner import Runner\nimport helpers_zq\n"),
        # without the %run line the same import is judged as before, and a %run leaving the tree reads nothing
        "Lesson/No-Run.py": ("# Databricks notebook source\n# MAGIC %run ../../../elsewhere/_common\n\n"
                             "# COMMAND ----------\n\nfrom dbacademy.dbhelper.runner import Runner\n"),
    })
    rep = judged(tmp_path, EXISTING)
    got = {(f.mention.location.path, f.mention.written): (f.mention.key.name, f.verdict.value) for f in rep.findings}
    assert got[("Includes/Workspace-Setup.py", "dbacademy")][1] == "allowed"
    assert got[("Includes/Workspace-Setup.py", "helpers_zq")] == ("pyhelpers-zq", "missing")
    assert got[("Lesson/No-Run.py", "dbacademy")] == ("dbacademy", "missing")
    assert not [p for p in rep.problems if "elsewhere" in str(p)]
