"""The install commands a Python file runs by a call (depguard/ecosystems/pypi/run_calls.py): the first argument of
``subprocess.run``/``check_call``/``Popen``/``os.system``/``pip.main``/``c.run`` written out, judged by default like a
script's command; a list of command words that no call runs, a slot the program fills in and a test's calls name
nothing."""

from __future__ import annotations

import json

from depguard.config import Settings
from depguard.ecosystems.pypi.run_calls import run_calls
from depguard.parsers import Source
from depguard.scan import collect_paths
from tests.test_docs_examples import verdicts, write


def _names(text: str, path: str = "app.py", test: bool = False) -> list[tuple[str, str, int]]:
    """(ecosystem, name, line) of each mention, after checking that its column is where the name is written."""
    found = list(run_calls(Source(path=path, text=text), test))
    lines = text.split("\n")
    for m in found:
        at = lines[m.location.line - 1]
        assert at[m.location.column - 1:].startswith(m.written), (m, at)
    return [(m.key.ecosystem, m.written, m.location.line) for m in found]


def test_real_run_calls_are_read_at_their_places():
    # jieba/_compat.py (fxsjy/jieba): installs paddle at import time
    jieba = ('    except ImportError:\n'
             '        default_logger.debug("Installing paddle-tiny, please wait a minute......")\n'
             '        os.system("pip install paddlepaddle-tiny")\n')
    assert _names(jieba) == [("pypi", "paddlepaddle-tiny", 3)]
    # skills/public/data-analysis/scripts/analyze.py (bytedance/deer-flow)
    deer = ('    logger.error("duckdb is not installed. Installing...")\n'
            '    subprocess.run([sys.executable, "-m", "pip", "install", "duckdb", "openpyxl", "-q"], check=True)\n')
    assert _names(deer) == [("pypi", "duckdb", 2), ("pypi", "openpyxl", 2)]
    # ginza/command_line.py (megagonlabs/ginza): pip's own entry point, given pip's arguments
    assert _names('import pip\npip.main(["install", "ja-ginza-zq"])\n') == [("pypi", "ja-ginza-zq", 2)]
    # tasks.py (fabric/fabric): an invoke task's context runs a shell line
    assert _names("def install(c):\n    c.run(\"pip install 'fabric<2'\")\n") == [("pypi", "fabric<2", 2)]
    # geemap/common.py (gee-community/geemap): npm from Python
    assert _names('os.system("npm install @google/earthengine")\n') == [("npm", "@google/earthengine", 1)]


def test_the_forms_of_a_run():
    text = ("import os, subprocess, sys\nfrom pip._internal import main as pipmain\n"
            'subprocess.check_call(\n    [sys.executable, "-m", "pip", "install", "--upgrade",\n     "zq-multi==1.0"]\n)\n'
            'subprocess.check_output(("pip3", "install", "zq-tuple"))\n'
            'subprocess.Popen(["uv", "pip", "install", "zq-uv"])\n'
            'subprocess.run("pip install zq-shell && npm install -g zq-npm", shell=True)\n'
            'os.popen("pip install zq-popen")\n'
            "pipmain(['install', 'zq-pipmain'])\n"
            'get_ipython().system("pip install zq-ipython")\n')
    assert sorted((e, n) for e, n, _ in _names(text)) == sorted([
        ("pypi", "zq-multi==1.0"), ("pypi", "zq-tuple"), ("pypi", "zq-uv"), ("pypi", "zq-shell"), ("npm", "zq-npm"),
        ("pypi", "zq-popen"), ("pypi", "zq-pipmain"), ("pypi", "zq-ipython")])


def test_what_no_call_runs_or_the_program_fills_in_names_nothing():
    text = ("import asyncio, os, subprocess, sys\n"
            'subprocess.run(["pip", "install", pkg])\n'  # a slot
            'os.system(f"pip install {pkg}")\n'  # a template
            'os.system("pip install " + pkg)\n'  # a concatenation
            'subprocess.run(["pip", "install", "-r", "requirements.txt"])\n'
            'subprocess.run([sys.executable, "-m", "pip", "install", "-e", "."])\n'
            'subprocess.run(["pip", "uninstall", "-y", "zq-uninstalled"])\n'
            'subprocess.run(["pip", "show", "zq-shown"])\n'
            'if argv[:2] in (["pip", "install"], ["pip3", "install"]):\n    pass\n'  # a matcher's table
            'PATTERNS = [["pip", "install", "zq-table"]]\n'
            'print("pip install zq-printed")\n'  # said, not run: judge-source-installs reads it
            'logger.info(["pip", "install", "zq-logged"])\n'
            "asyncio.run(main())\n"
            'subprocess.run(["git", "clone", "https://github.com/a/b"])\n'
            'main(["install", "zq-not-pip"])\n')  # only pip's main is given pip's arguments
    assert _names(text) == []
    # a test's calls are its input: ``run(["pipx", "install", "nonexistent-package"])`` checks a failure
    assert _names('subprocess.run(["pip", "install", "zq-test-input"])\n', "tests/test_x.py", test=True) == []


def test_a_run_is_judged_by_default_and_a_comment_is_not(tmp_path):
    write(tmp_path, {
        "pyproject.toml": '[project]\nname = "spaceapp"\ndependencies = ["requests"]\n',
        "app.py": ('"""Run `pip install zq-said-docstring` first."""\n# pip install zq-said-comment\n'
                   "import os\nimport requests\n\n"
                   'os.system("pip install requests zq-invented-at-start")\n'),
    })
    got = {k: v for k, v in verdicts(tmp_path, Settings()).items() if k[0] == "app.py"}
    assert got == {("app.py", "requests"): "ok", ("app.py", "zq-invented-at-start"): "missing"}


def test_a_notebook_cells_run_is_placed_in_the_file(tmp_path):
    cell = ["import subprocess, sys\n",
            'subprocess.check_call([sys.executable, "-m", "pip", "install", "zq-nb-call"])\n',
            'os.system("pip install \\"zq-nb-quoted\\"")']
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": cell, "outputs": [], "execution_count": None}],
          "metadata": {"kernelspec": {"name": "python3", "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    text = json.dumps(nb, indent=1)
    write(tmp_path, {"n.ipynb": text})
    collected = collect_paths([tmp_path], Settings())
    lines = text.split("\n")
    placed = {m.written: lines[m.location.line - 1][m.location.column - 1:m.location.end_column - 1]
              for m in collected.mentions if m.parser == "python-runs"}
    assert placed == {"zq-nb-call": "zq-nb-call", "zq-nb-quoted": "zq-nb-quoted"}


def test_an_in_browser_install_is_read_in_a_python_file():
    """Pyodide's ``micropip.install`` and JupyterLite's ``piplite.install``, read in documents' code blocks since
    e29d36a3, are calls of a Python file too: their requirements are what pip install is given."""
    text = ('import micropip\nawait micropip.install("zq-browser")\n'
            'await micropip.install(["zq-one", "zq-two==1.0"], deps=False)\n'
            "await piplite.install('zq-lite')\n"
            "await micropip.install(name)\nawait micropip.install(f\"{name}==1\")\nsetup.install('zq-not-micropip')\n")
    assert sorted(n for _, n, _ in _names(text)) == ["zq-browser", "zq-lite", "zq-one", "zq-two==1.0"]


def test_a_nox_session_runs_its_arguments_as_one_command():
    """nox's ``session.run`` takes the command's words as separate arguments (PyO3/setuptools-rust's noxfile.py:
    ``session.run("npm", "install", f"pyodide@{PYODIDE_VERSION}", external=True)``; PyO3/rust-numpy's examples:
    ``session.run("pip", "install", ".", "-v")``)."""
    text = ('def tests(session):\n    session.run("pip", "install", ".", "-v")\n'
            '    session.run("npm", "install", f"pyodide@{PYODIDE_VERSION}", external=True)\n'
            '    session.run_always("python", "-m", "pip", "install", "zq-nox-always")\n'
            '    session.run("pip", "install", "zq-nox-run", env={"X": "1"})\n'
            '    os.popen("pip install zq-popen-mode", "r")\n')
    assert sorted(n for _, n, _ in _names(text, "noxfile.py")) == ["zq-nox-always", "zq-nox-run", "zq-popen-mode"]


def test_what_a_program_installs_itself_explains_its_imports(tmp_path):
    """A Space's app.py runs ``os.system("pip install openai-whisper")`` and then ``import whisper``: the module is the
    installed distribution's (openai-whisper), not PyPI's unrelated ``whisper``, as after a requirements file or a
    notebook's ``!pip install`` line. Without the install, the import is still judged by its own name."""
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": ["import subprocess, sys\n",
                                'subprocess.check_call([sys.executable, "-m", "pip", "install", "openai-whisper"])\n',
                                "import whisper"]}],
          "metadata": {"kernelspec": {"name": "python3", "language": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    write(tmp_path, {"space/app.py": 'import os\nos.system("pip install openai-whisper")\nimport whisper\n',
                     "nb/transcribe.ipynb": json.dumps(nb),
                     "other/app.py": "import whisper\n"})
    got = {(m.location.path.rpartition(f"{tmp_path.name}/")[2], m.key.name)
           for m in collect_paths([tmp_path], Settings()).mentions
           if m.module == "whisper" or m.written == "whisper"}
    assert got == {("space/app.py", "openai-whisper"), ("nb/transcribe.ipynb", "openai-whisper"),
                   ("other/app.py", "whisper")}


def test_a_long_line_of_many_calls_reads_each_command_on_its_own(monkeypatch):
    # reviewer r35: each command a call runs was handed to the shell reader padded with the blanks of its column, so a
    # minified line of n calls was read ~n²/2 characters deep (2,000 `os.system('pip install x')` calls on one line: 58
    # s in a default scan). Each command is now read with at most PLACED_BLANKS blanks and placed by a column offset:
    # every name is still at its place on the line
    import depguard.commands.python_calls as calls

    read: list[int] = []
    real = calls.mentions_in_script
    monkeypatch.setattr(calls, "mentions_in_script", lambda source, *a, **k: read.append(len(source.text)) or real(source, *a, **k))
    line = "import os; " + "".join(f"os.system('pip install zq-run-{i}'); " for i in range(300)) + "\n"
    assert sorted(_names(line)) == sorted(("pypi", f"zq-run-{i}", 1) for i in range(300))
    assert len(read) == 300 and max(read) <= len("pip install zq-run-299") + 8  # at most PLACED_BLANKS blanks


def test_a_platformio_extra_script_installs_with_scons_python():
    # PlatformIO's "Extra Python packages" example (its scripting docs): an extra script runs
    # `env.Execute("$PYTHONEXE -m pip install pkg1 pkg2")`, SCons's construction variable being the Python of the build;
    # Espressif/Arduino extra scripts also pass `env.subst("$PYTHONEXE")` in a subprocess list (held-out set 254's
    # category). A shell's $PYTHONEXE (subprocess with shell=True) is an unknown program: nothing read
    text = ('Import("env")\nimport subprocess\n'
            'env.Execute("$PYTHONEXE -m pip install zq-scons-a zq-scons-b")\n'
            'env.Execute("\\"$PYTHONEXE\\" -m pip install zq-scons-quoted")\n'
            'env.Execute(env.VerboseAction("${PYTHONEXE} -m pip install -U zq-scons-action", "Installing"))\n'
            'subprocess.check_call([env.subst("$PYTHONEXE"), "-m", "pip", "install", "--quiet", "zq-scons-list"])\n'
            'subprocess.run("$PYTHONEXE -m pip install zq-shell-var", shell=True)\n'
            'env.Execute("$PYTHONEXE -m pip list")\n')
    assert sorted(_names(text, "extra_script.py"), key=lambda m: (m[2], m[1])) == [
        ("pypi", "zq-scons-a", 3), ("pypi", "zq-scons-b", 3), ("pypi", "zq-scons-quoted", 4),
        ("pypi", "zq-scons-action", 5), ("pypi", "zq-scons-list", 6)]


def test_a_command_list_kept_in_a_variable_is_read_where_it_is_written():
    # src/accelerate/utils/torch_xla.py (huggingface/accelerate): the command is built, then run by name
    accelerate = ('def install_xla(upgrade: bool = False):\n'
                  '    if upgrade:\n'
                  '        torch_install_cmd = ["pip", "install", "-U", "torch"]\n'
                  '        subprocess.run(torch_install_cmd, check=True)\n')
    assert _names(accelerate) == [("pypi", "torch", 3)]
    text = ("import os, subprocess, sys\n"
            'cmd = [sys.executable, "-m", "pip", "install", "zq-module-level"]\n'
            "subprocess.check_call(cmd)\n"
            'line = "pip install zq-string"\n'
            "os.system(line)\n"
            "def f():\n"
            '    install = ("pip3", "install", "zq-in-function")\n'
            "    subprocess.Popen(install)\n")
    assert sorted(_names(text)) == [("pypi", "zq-in-function", 7), ("pypi", "zq-module-level", 2), ("pypi", "zq-string", 4)]


def test_a_variable_whose_value_is_not_one_known_list_names_nothing():
    text = ("import subprocess\n"
            "def given(cmd):\n    subprocess.run(cmd)\n"  # a parameter
            'def branch(x):\n    c = ["pip", "install", "zq-a"]\n    if x:\n        c = ["pip", "install", "zq-b"]\n'
            "    subprocess.run(c)\n"  # which one runs is the program's choice
            'def later():\n    subprocess.run(late)\n    late = ["pip", "install", "zq-late"]\n'
            'def looped():\n    for c in (["pip", "install", "zq-loop"],):\n        subprocess.run(c)\n'
            'def grown():\n    c = ["pip", "install", "zq-grown"]\n    c += extra\n    subprocess.run(c)\n'
            'def built():\n    c = ["pip", "install"] + packages\n    subprocess.run(c)\n'
            'def outer():\n    c = ["pip", "install", "zq-outer"]\n    def inner(c):\n        subprocess.run(c)\n'
            'def shown():\n    c = ["pip", "show", "zq-shown"]\n    subprocess.run(c)\n'
            'ARGS = ["pip", "install", "zq-unrun"]\nprint(ARGS)\n')
    assert _names(text) == []
