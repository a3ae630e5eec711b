"""``depguard.lazyre``: a pattern compiled on first use answers as the compiled pattern does, and a module's
patterns are not compiled by importing it."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from depguard import lazyre

PATTERNS = [(r"(?P<name>[a-z]+)(?:==(?P<v>[\d.]+))?", 0), (r"^pip\s+install\b", re.M | re.I), (r"[-_.]+", 0)]
TEXTS = ["requests==2.31", "PIP install x\npip install y", "a--b__c..d", "", "Flask"]


@pytest.mark.parametrize("pattern,flags", PATTERNS)
def test_lazy_pattern_answers_as_the_compiled_one(pattern, flags):
    real = re.compile(pattern, flags)
    for text in TEXTS:
        lazy = lazyre.compile(pattern, flags)  # a fresh one per text: each method is tried as the first use
        for method, args in (("match", ()), ("fullmatch", ()), ("search", ()), ("findall", ()), ("split", ()),
                             ("sub", ("-",)), ("subn", ("-",)), ("match", (1,)), ("search", (1, 3))):
            call = [*args[:1], text, *args[1:]] if method in ("sub", "subn") else [text, *args]
            got, want = getattr(lazy, method)(*call), getattr(real, method)(*call)
            if isinstance(want, re.Match):
                assert (got.span(), got.groups()) == (want.span(), want.groups())
            else:
                assert got == want
        assert [m.span() for m in lazyre.compile(pattern, flags).finditer(text)] == \
            [m.span() for m in real.finditer(text)]
    lazy = lazyre.compile(pattern, flags)
    assert lazy.groupindex == real.groupindex and lazy.pattern == pattern
    assert lazy.compiled() is lazy.compiled()
    assert lazy.match.__self__ is lazy.compiled()  # after the first use, the compiled pattern's own methods


def test_a_bad_pattern_raises_when_used():
    bad = lazyre.compile("(")
    with pytest.raises(re.error):
        bad.search("x")


def test_importing_the_shell_model_and_project_compiles_none_of_their_module_patterns():
    code = ("import re, sys\ncompiled = []\nreal = re._compile\n"
            "re._compile = lambda p, f: compiled.append(p) or real(p, f)\n"
            "import depguard.project, depguard.commands._analysis, depguard.examples, depguard.report.escape\n"
            "from depguard import project\nfrom depguard.ecosystems.pypi import project as python_view\n"
            "print(sum(1 for p in compiled if isinstance(p, str) and p in "
            "{v.pattern for m in (project, python_view) for v in vars(m).values() if hasattr(v, 'pattern')}))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "0"


def test_importing_the_ecosystems_command_models_compiles_none_of_their_module_patterns():
    """`check requests flask` imports the shell model, which imports every ecosystem's tools module: their
    name patterns are compiled when a command of that tool is read, not at import."""
    code = ("import re, sys, importlib, pathlib\ncompiled = []\nreal = re._compile\n"
            "re._compile = lambda p, f: compiled.append(p) or real(p, f)\n"
            "import depguard.ecosystems as e\nmods = [importlib.import_module(f'depguard.ecosystems.{p.parent.name}.tools')"
            " for p in sorted(pathlib.Path(e.__file__).parent.glob('*/tools.py'))]\n"
            "mods.append(importlib.import_module('depguard.ecosystems.maven.spec'))\n"
            "ours = {v.pattern for m in mods for v in vars(m).values() if isinstance(v, depguard.lazyre.Pattern)}\n"
            "print(len(mods), len(ours), sum(1 for p in compiled if isinstance(p, str) and p in ours))")
    proc = subprocess.run([sys.executable, "-c", code.replace("import depguard.ecosystems as e",
                                                              "import depguard.lazyre, depguard.ecosystems as e")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    modules, patterns, compiled = proc.stdout.split()
    assert int(modules) > 15 and int(patterns) > 25 and compiled == "0"
