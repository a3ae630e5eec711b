"""The install commands a Python file runs by a call: ``subprocess.run([sys.executable, "-m", "pip", "install",
"x"])`` (and ``call``, ``check_call``, ``check_output``, ``Popen``), ``os.system("pip install x")`` (and
``os.popen``, ``subprocess.getoutput``, a command string given with ``shell=True``), an invoke/Fabric task's
``c.run("pip install x")``, IPython's ``get_ipython().system("pip install x")``, and pip's own entry point
``pip.main(["install", "x"])`` (``pip._internal.main``, imported as ``pipmain``), and Pyodide's
``micropip.install("x")`` / JupyterLite's ``piplite.install(["x", "y"])``.

What a program runs is what gets installed when it runs (a Hugging Face Space's ``os.system("pip install …")`` at
start-up, an installer script's ``check_call`` list), so each is a mention of origin ``command``, judged strictly
as a shell script's command is, whatever ``judge-source-installs`` says: that setting governs what a file *says*
(its comments, docstrings and messages, read as documentation) and the argument lists found anywhere in its code
(``depguard/ecosystems/pypi/said_installs.py``); this reader takes only the first argument of a call that runs
a command, written out: a list or tuple of string literals (``sys.executable`` is python; any other expression
is a word the program fills in, which names nothing) or one string literal (not an f-string with slots, a
template). A tuple of command words elsewhere (``in (["pip", "install"], ["pip3", "install"])``, a matcher's
table) is no call's argument and says nothing here. A test's calls are its input (``run(["pipx", "install",
"nonexistent-package"])`` checks a failure) and are not read.
"""

from __future__ import annotations

from collections.abc import Iterator

from ...commands.python_calls import PARSER, code_runs
from ...model import Mention
from ...parsers import Source
from .said_installs import PY_SOURCE

__all__ = ["PARSER", "code_runs", "run_calls"]


def run_calls(source: Source, test: bool) -> Iterator[Mention]:
    """The mentions of the install commands the Python file ``source`` runs by a call (see the module docstring);
    ``test``: the file is a test, whose calls are its input."""
    if test or not source.path.endswith(PY_SOURCE):
        return
    from ...text import tool_words

    if not tool_words(source.text) and ".install(" not in source.text:
        return
    yield from code_runs(source)
