"""BI dashboards, analytics and data-labelling tools (held-out set 106: Querybook, Label Studio's ML backends and
others): a Dockerfile example that leaves its registry out with an ellipsis names no image, and modules whose
distribution is named otherwise are judged as that distribution; an invented name in the same place stays judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, judged, scan, verdicts, write

# pinterest/querybook docs_website/docs/integrations/plugins.mdx: the guide to extending the image, whose Dockerfile
# block starts from the reader's own copy of the image, its registry left out
PLUGINS_GUIDE = (
    "4. Extending the docker image and install dependencies\n\n"
    "```Dockerfile\nFROM {base}\n\n# If you need to install additional libs\n"
    "RUN apt-get update && apt-get install -y ... \\\n    && apt-get clean\n\n"
    "COPY plugins /opt/plugins\nENV QUERYBOOK_PLUGIN=/opt/plugins\n```\n")


def test_a_dockerfile_example_that_elides_its_registry_names_no_image(tmp_path):
    write(tmp_path, {"docs_website/docs/integrations/plugins.mdx": PLUGINS_GUIDE.format(base=".../querybook:latest")})
    rep = judged(tmp_path, set())
    assert [f for f in rep.findings if f.mention.key.ecosystem == "docker"] == []
    assert [p.message for p in scan(tmp_path).problems] == []


def test_a_written_registry_in_the_same_example_is_still_judged(tmp_path):
    # the same guide naming a registry that holds no such image: read, and judged missing
    write(tmp_path, {"docs_website/docs/integrations/plugins.mdx": PLUGINS_GUIDE.format(
        base="registry.example.com/querybook-invented-zz:latest")})
    assert verdicts(judged(tmp_path, set())) == {
        ("docs_website/docs/integrations/plugins.mdx", "registry.example.com/querybook-invented-zz:latest"): "missing"}


def test_modules_whose_distribution_is_named_otherwise(tmp_path):
    # HumanSignal/label-studio-ml-backend label_studio_ml/examples/watsonx_llm/data_transfer_app.py: `import prestodb`
    # (its requirements.txt: presto-python-client); pinterest/querybook querybook/server/lib/query_executor/clients/
    # hive.py: `from TCLIService.ttypes import TOperationState` (PyHive's wheel ships TCLIService beside pyhive). PyPI
    # has neither prestodb nor TCLIService; an invented module beside them is still judged as its own name
    write(tmp_path, {
        "examples/watsonx_llm/requirements.txt": "presto-python-client\nflask\n",
        "examples/watsonx_llm/data_transfer_app.py": "import os\nimport prestodb\nimport prestodb_bridge_kit\n",
        "server/lib/query_executor/clients/hive.py": (
            "from pyhive import hive\nfrom TCLIService.ttypes import TOperationState\nimport TCLIServiceHelpers\n")})
    assert {name for _path, name in found(tmp_path, Origin.IMPORT)} == {
        "presto-python-client", "prestodb-bridge-kit", "pyhive", "tcliservicehelpers"}
