"""Energy and power systems Python (held-out set 143: pandapower, OpenDSSDirect.py …): DIgSILENT PowerFactory's
Python API is the application's own module, not a PyPI guess; a docs configuration that puts a folder outside the
repository (a sibling checkout) on ``sys.path`` imports that folder's modules; an invented package imported the same
way, or after a folder inside the tree, is still judged."""

from __future__ import annotations

from depguard.model import Origin
from tests.trees import found, judged, verdicts, write


def test_powerfactorys_python_api_is_the_applications_module(tmp_path):
    # pandapower's tutorials/converter_powerfactory.ipynb: `import powerfactory as pf`, then "Make sure that the
    # Python path contains the PowerFactory Python folder" (C:\Program Files\DIgSILENT\PowerFactory 2024 SP1\Python)
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "gridnet"\ndependencies = ["numpy"]\n',
        "gridnet/__init__.py": "",
        "tutorials/export.py": "import os\nimport powerfactory as pf\nimport powerfactory_toolsx\n\napp = pf.GetApplication()\n",
    })
    assert found(tmp_path, Origin.IMPORT) == {("tutorials/export.py", "powerfactory-toolsx")}


def test_a_module_of_a_folder_outside_the_repository_put_on_sys_path_is_a_note(tmp_path):
    # OpenDSSDirect.py's docs/conf.py: `sys.path.append('../../dss-extensions/docs')` (the organisation's common
    # repository, "clone it side-by-side"), then `from common_conf import *`
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "gridnet"\ndependencies = ["numpy"]\n',
        "gridnet/__init__.py": "",
        "docs/conf.py": "import os, sys\n\nif not os.path.exists('../../dss-extensions'):\n"
                        "    raise RuntimeError('dss-extensions common repo not found')\n\n"
                        "sys.path.append('../../dss-extensions/docs')\nfrom common_confx import *\n"
                        "from gridnet import dss\n\nproject = 'gridnet'\nimport sphinx_invented_themex\n",
        # a folder inside the tree put on sys.path: what it does not hold stays judged
        "scripts/run.py": "import sys\nsys.path.append('../tools')\nfrom tool_helpersx import run\n",
        "tools/other.py": "",
    })
    got = verdicts(judged(tmp_path, {"numpy"}))
    assert got[("docs/conf.py", "common_confx")] == "allowed"
    assert got[("docs/conf.py", "sphinx_invented_themex")] == "missing"
    assert got[("scripts/run.py", "tool_helpersx")] == "missing"
