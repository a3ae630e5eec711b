"""Prefect deployments whose pull steps clone a repository the flow imports (issue 12, held-out set 314)."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import judged, scan, write

# CBIIT/ChildhoodCancerDataInitiative-Prefect_Pipeline's prefect.yaml (trimmed): a top-level pull that clones the
# project itself, and one deployment whose own pull also clones the repository of the module its flow imports
PREFECT_YAML = """\
name: s3-Prefect-Workflow
prefect-version: 3.2.14
build: null
push: null
pull:
  - prefect.projects.steps.git_clone_project:
      id: clone-step
      repository: https://github.com/CBIIT/ChildhoodCancerDataInitiative-Prefect_Pipeline.git
      branch: main
deployments:
  - name: bucket-reader-2gb-v3
    entrypoint: workflows/bucket_reader.py:reader
    work_pool:
      name: ccdi-dcc-2gb
  - name: ccdi-cog_igm-transform-V3_v2
    entrypoint: workflows/cog_igm_transformer_v2.py:cog_igm_transform
    pull:
    - prefect.deployments.steps.git_clone:
        id: clone-json2tsv-step
        repository: https://github.com/CBIIT/ChildhoodCancerDataInitiative-MCI_JSON2TSV.git
        branch: prefect_internal
    - prefect.deployments.steps.git_clone:
        id: clone-step
        repository: https://github.com/CBIIT/ChildhoodCancerDataInitiative-Prefect_Pipeline.git
        branch: main
    - prefect.deployments.steps.pip_install_requirements:
        requirements_file: requirements.txt
        directory: "{{ clone-step.directory }}"
"""
FLOW = """\
import pandas as pd
from prefect import flow


@flow(name="COG IGM JSON Transform JSON2TSV v2 Helper Flow")
def json2tsv_flow(json_dir_path: str, output_path: str):
    from MCI_JSON2TSV import json2tsv
    from MCI_JSON2TSVV import json2tsv as typo
    import prefect_utilz
    import childhood_helperz

    json2tsv(json_dir_path=json_dir_path, output_path=output_path)
"""
EXISTING = {"pandas", "prefect"}


def _verdicts(root) -> dict[tuple[str, str], str]:
    report = judged(root, existing=EXISTING)
    return {(f.mention.location.path, f.mention.key.name): f.verdict.value for f in report.findings
            if f.mention.origin is Origin.IMPORT}


def test_a_prefect_flow_imports_a_module_of_the_repository_its_deployment_clones(tmp_path):
    write(tmp_path, {
        "prefect.yaml": PREFECT_YAML,
        "requirements.txt": "pandas\nprefect\n",
        "workflows/cog_igm_transformer_v2.py": FLOW,
        "workflows/bucket_reader.py": FLOW,  # deployed, but its deployment clones only the project itself
        "workflows/unused.py": FLOW,  # no deployment runs it
    })
    flow_file = "workflows/cog_igm_transformer_v2.py"
    notes = {(m.location.path, m.key.name) for m in scan(tmp_path).mentions
             if m.origin is Origin.IMPORT and m.example is not None}
    assert (flow_file, "mci-json2tsv") in notes
    verdicts = _verdicts(tmp_path)
    assert verdicts[(flow_file, "mci-json2tsv")] != "missing"
    # a name the cloned repository's is not, and a word of the project's own repository, stay judged
    assert verdicts[(flow_file, "mci-json2tsvv")] == "missing"
    assert verdicts[(flow_file, "prefect-utilz")] == "missing"
    assert verdicts[(flow_file, "childhood-helperz")] == "missing"
    assert verdicts[(flow_file, "pandas")] == "ok"
    for other in ("workflows/bucket_reader.py", "workflows/unused.py"):
        assert verdicts[(other, "mci-json2tsv")] == "missing", other


def test_a_prefect_file_without_deployments_or_with_a_templated_clone_leaves_imports_judged(tmp_path):
    # a clone URL filled in at run time, a file with no deployments list and an entry point outside the project
    templated = PREFECT_YAML.replace(
        "https://github.com/CBIIT/ChildhoodCancerDataInitiative-MCI_JSON2TSV.git", "{{ $JSON2TSV_REPOSITORY }}")
    write(tmp_path, {
        "a/prefect.yaml": templated,
        "a/workflows/cog_igm_transformer_v2.py": FLOW,
        "b/prefect.yaml": PREFECT_YAML.replace("deployments:", "flows:"),
        "b/workflows/cog_igm_transformer_v2.py": FLOW,
        "c/prefect.yaml": PREFECT_YAML.replace("entrypoint: workflows/", "entrypoint: ../workflows/"),
        "workflows/cog_igm_transformer_v2.py": FLOW,
    })
    verdicts = _verdicts(tmp_path)
    for flow_file in ("a/workflows/cog_igm_transformer_v2.py", "b/workflows/cog_igm_transformer_v2.py",
                      "workflows/cog_igm_transformer_v2.py"):
        assert verdicts[(flow_file, "mci-json2tsv")] == "missing", flow_file


def test_a_prefect_project_below_the_scanned_root_matches_entry_points_from_its_own_folder(tmp_path):
    write(tmp_path, {
        "pipelines/ccdi/prefect-prod.yaml": PREFECT_YAML,
        "pipelines/ccdi/workflows/cog_igm_transformer_v2.py": FLOW,
    })
    verdicts = _verdicts(tmp_path)
    assert verdicts[("pipelines/ccdi/workflows/cog_igm_transformer_v2.py", "mci-json2tsv")] != "missing"
    assert verdicts[("pipelines/ccdi/workflows/cog_igm_transformer_v2.py", "prefect-utilz")] == "missing"


def test_a_piece_of_the_cloned_repository_s_name_cut_inside_a_word_stays_judged(tmp_path):
    # reviewer r43: the clone's name is read as whole words (MCI, JSON2TSV); a module named by a piece cut inside one
    # of them is no module of that checkout, whatever its letters share with the repository's name
    flow = FLOW.replace("import prefect_utilz", "from MCI_JSON import json2tsv as cut\n    import cancerdatainit")
    write(tmp_path, {
        "prefect.yaml": PREFECT_YAML,
        "workflows/cog_igm_transformer_v2.py": flow,
    })
    verdicts = _verdicts(tmp_path)
    flow_file = "workflows/cog_igm_transformer_v2.py"
    assert verdicts[(flow_file, "mci-json2tsv")] != "missing"
    assert verdicts[(flow_file, "mci-json")] == "missing"
    assert verdicts[(flow_file, "cancerdatainit")] == "missing"
