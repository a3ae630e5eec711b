"""A requirements file of plain lines (a name, or a name pinned by one clause) is read without
pip-requirements-parser, and gives exactly what the library gives (issue 19: a small warm scan does not pay
for importing it). Any other line hands the whole file to the library."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from depguard.ecosystems.pypi import requirements as req
from depguard.parsers import Source

PYPI_LIST = Path("/work/.library/env/packages/pypi.tsv")


def _mentions(text: str, simple: bool) -> tuple[list, list]:
    source = Source("requirements.txt", text)
    if simple:
        got = list(req.parse_requirements(source))
    else:
        lines = text.splitlines()
        rf = req._parse_text(req._bounded(source, lines))
        got = sorted(req._own_mentions(source, rf, lines), key=lambda m: (m.location.line or 0, m.location.column or 0))
    return [(m.key, m.written, m.location, m.spec, m.origin, m.parser) for m in got], list(source.problems)


SIMPLE = [
    "requests\n",
    "requests\nflask\nnumpy\n",
    "Django==4.2.7\n",
    "  Django == 4.2.7   # pinned for now\n\n# tools\nblack>=24.1\n",
    "zope.interface~=6.0\nruamel.yaml!=0.18.0\nfoo_bar<2\nX>1\nY<=3.10.1\nz===1.0\n",
    "a\r\nb==1\r\n",
    "\trequests\t\n#only a comment\n",
    "requests\nrequests==2.31.0\n",  # the same name twice: two mentions
    "",
    "# nothing but comments\n\n",
]


@pytest.mark.parametrize("text", SIMPLE)
def test_plain_lines_read_as_the_library_reads_them(text):
    assert req._simple_lines(text.splitlines()) is not None
    assert _mentions(text, True) == _mentions(text, False)


@pytest.mark.parametrize("text", [
    "requests#not-a-comment\n", "requests[socks]\n", "requests>=2,<3\n", "requests; python_version<'3.8'\n",
    "-r other.txt\nrequests\n", "requests==2.*\n", "requests \\\n  ==2.0\n", "requests==2.0 --hash=sha256:abc\n",
    "https://example.com/x.whl\n", "name @ https://example.com/x.whl\n", "-e .\n", "re quests\n", "requests-\n",
    "\ufeffrequests\n", "requests==2.0rc1\n", "${PKG}\n",
])
def test_any_other_line_goes_to_the_library(text):
    assert req._simple_lines(text.splitlines()) is None


@pytest.mark.skipif(not PYPI_LIST.is_file(), reason="the real PyPI name list is not on this machine")
def test_real_names_with_real_pins_agree_with_the_library():
    """Names nobody on the project wrote (PyPI's list), bare and pinned with each operator."""
    rng = random.Random(19)
    with PYPI_LIST.open(encoding="utf-8") as fh:
        next(fh)
        rows = [line.split("\t")[:2] for line in fh]
    picked = rng.sample(rows, 400)
    ops = ["", "==", ">=", "~=", "!=", "<", " == ", "<="]
    lines = []
    for i, (name, version) in enumerate(picked):
        op = ops[i % len(ops)]
        pinned = op and version.replace(".", "").isdigit() and not version.startswith(".") and ".." not in version
        lines.append(f"{name}{op}{version}" if pinned else name)
        if i % 7 == 0:
            lines.append("# a comment line")
    text = "\n".join(lines) + "\n"
    simple = req._simple_lines(text.splitlines())
    assert simple is not None and len(simple) == len(picked)
    assert _mentions(text, True) == _mentions(text, False)


def test_plain_file_does_not_import_the_library(tmp_path):
    code = (
        "import sys\n"
        "from depguard.parsers import Source\n"
        "from depguard.ecosystems.pypi.requirements import parse\n"
        "ms = list(parse(Source('requirements.txt', 'requests\\nflask==3.0.0\\n')))\n"
        "assert [m.key.name for m in ms] == ['requests', 'flask'], ms\n"
        "print(sorted(m for m in ('pip_requirements_parser', 'packaging.requirements', 'urllib.request') "
        "if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
