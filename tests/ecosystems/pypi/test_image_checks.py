"""Modules a Dockerfile checks its image can import (depguard/ecosystems/pypi/image_checks.py)."""

from __future__ import annotations

from depguard.ecosystems.pypi.image_checks import checked_modules
from tests.trees import judged, verdicts, write


def test_a_module_the_dockerfile_beside_checks_at_build_time_is_a_note_only_while_missing(tmp_path):
    # held-out spot set 269: erikbern/ann-benchmarks' ann_benchmarks/algorithms/diskann/Dockerfile clones
    # microsoft/diskann, runs `pip install -e .` in its python/ folder and ends `RUN python3 -c 'import vamanapy'`;
    # expann/Dockerfile puts the clone's build/ on PYTHONPATH and checks `import expann_py` and five siblings. The
    # module.py beside each imports them, and PyPI has none (DG001). A made-up neighbour, a module only another
    # folder's Dockerfile checks, and a registry name a check names are judged as usual
    write(tmp_path, {
        "requirements.txt": "numpy\n",
        "ann_benchmarks/__init__.py": "",
        "ann_benchmarks/algorithms/__init__.py": "",
        "ann_benchmarks/algorithms/diskann/Dockerfile": (
            "FROM ann-benchmarks\nRUN git clone --single-branch --branch python_bindings https://github.com/microsoft/diskann\n"
            "RUN cd diskann/python && pip install -e .\nRUN python3 -c 'import vamanapy'\n"),
        "ann_benchmarks/algorithms/diskann/module.py": "import numpy as np\nimport vamanapy as vp\nimport vamanapyx\n",
        "ann_benchmarks/algorithms/expann/Dockerfile": (
            'FROM ann-benchmarks\nENV PYTHONPATH=$PYTHONPATH:/home/app/expANN/build\nRUN python3 -c "import expann_py"\n'
            'RUN python3 -u -c "import expann_py_64; print(expann_py_64.__file__)"\n'),
        "ann_benchmarks/algorithms/expann/module.py": "import expann_py as ep\nimport expann_py_64\nimport vamanapy\n",
        "ann_benchmarks/algorithms/glass/Dockerfile": "FROM ann-benchmarks\nRUN pip install glass\nRUN python3 -c 'import glass'\n",
        "ann_benchmarks/algorithms/glass/module.py": "import glass\n",
    })
    seen = verdicts(judged(tmp_path, {"numpy", "glass"}))
    algorithms = "ann_benchmarks/algorithms"
    assert {k: v for k, v in seen.items() if k[0].endswith("module.py")} == {
        (f"{algorithms}/diskann/module.py", "numpy"): "ok",
        (f"{algorithms}/diskann/module.py", "vamanapy"): "allowed",
        (f"{algorithms}/diskann/module.py", "vamanapyx"): "missing",
        (f"{algorithms}/expann/module.py", "expann_py"): "allowed",
        (f"{algorithms}/expann/module.py", "expann_py_64"): "allowed",
        (f"{algorithms}/expann/module.py", "vamanapy"): "missing",
        (f"{algorithms}/glass/module.py", "glass"): "ok",
    }


def test_the_modules_of_python_c_commands():
    text = ("RUN python3 -c 'import faiss; print(faiss.IndexFlatL2)'\nRUN python -c \"from pymilvus import Collection\"\n"
            "RUN python3.10 -W ignore -c 'import a.b as x, c'\nRUN python3 -c 'print(1)'\n"
            "RUN python3 script.py -c 'import notme'\n#RUN python3 -c 'import commented'\n")
    assert checked_modules(text) == frozenset({"faiss", "pymilvus", "a", "c"})
    assert checked_modules("RUN pip install x\n") == frozenset()


def test_options_before_the_check_are_read_one_way():
    # reviewer r37: an option's value could be any word, so a RUN line of many options and no quoted -c code was split
    # every way before the match failed (32 options 7.9 s, 1.6 times more per option; benchmarks/crafted_inputs.py
    # times it). A value never starts with "-": options with values before the check are still skipped
    assert checked_modules("RUN python3 -u -W ignore::DeprecationWarning -X dev -c 'import vamanapy'\n") == {"vamanapy"}
    assert checked_modules("RUN python3" + " -a" * 40 + " -c x; python -c 'import expann_py'\n") == {"expann_py"}
