"""An install whose options replace the public registry with another index (pip's ``-i URL``, uv's
``--default-index``, npm's ``--registry URL``) asks that index only: a name the public registry lacks or doubts
is then not checked (DG100), never missing, and one it has still passes. numpy's wheel script installs
``chaquopy-openblas`` with ``pip install --index-url https://chaquo.com/pypi-upstream/`` (held-out spot set 76);
read as PyPI's, it was reported missing. An index that adds to the public one (``--extra-index-url``, ``-f``) leaves
the public registry asked, so a name it lacks is still a dependency-confusion risk and stays judged."""

from __future__ import annotations

import pytest

from depguard.commands import analyze
from tests.trees import judged, write

SCRIPT = """#!/bin/bash
python -m pip install \\
    --target "$pkgconf_path" \\
    --index-url https://chaquo.com/pypi-upstream/ \\
    chaquopy-openblas==0.3.33
pip install -i https://mirror.example/simple requests
pip install --extra-index-url https://wheels.example/simple private-extra-only
pip install -f https://dl.example/wheels/index.html found-links-only
pip install -i https://x.example/simple --extra-index-url https://pypi.org/simple test-index-and-pypi
npm install --registry https://npm.example.com/ @corp/private-widget
"""


@pytest.mark.parametrize("line, only", [
    ("pip install -i https://x.example/simple a", True),
    ("pip install --index-url=https://x.example/simple a", True),
    ("uv pip install --default-index https://x.example/simple a", True),
    ("npm install --registry https://npm.example.com/ a", True),
    ("pip install --extra-index-url https://x.example/simple a", False),
    ("pip install -f https://x.example/wheels a", False),
    ("pip install -i https://x.example/simple --extra-index-url https://pypi.org/simple a", False),
    ("pip install -i https://pypi.org/simple a", False),  # the public registry itself: no other index at all
    # pixi's docs (spot set 85): `pixi add --script analysis.py --pypi --index URL "internal-api>=2"` pins the
    # dependency to that index; --script names the script, no package
    ("pixi add --script analysis.py --pypi --index https://pypi.example.com/simple a", True),
    ("pixi add --pypi --index https://pypi.org/simple a", False),
    ("pixi add --script analysis.py --pypi a", False),
])
def test_an_index_that_replaces_the_registry_is_told_from_one_that_adds_to_it(line, only):
    [target] = analyze(line).installs
    assert target.index_only is only


def test_a_name_installed_from_another_index_only_is_not_checked_and_one_the_registry_also_serves_stays_judged(tmp_path):
    write(tmp_path, {"tools/wheels/build.sh": SCRIPT})
    rep = judged(tmp_path, existing={"requests"})
    got = {f.mention.written: (f.verdict.value, f.rule) for f in rep.findings}
    assert got == {
        "chaquopy-openblas==0.3.33": ("not-checked", "DG100"),
        "requests": ("ok", "DG000"),  # a mirror's copy of PyPI's package: PyPI's answer holds
        "private-extra-only": ("missing", "DG001"),  # PyPI is still asked: anyone may register the name there
        "found-links-only": ("missing", "DG001"),
        "test-index-and-pypi": ("missing", "DG001"),
        "@corp/private-widget": ("not-checked", "DG100"),
    }
    unchecked = next(f for f in rep.findings if f.mention.written.startswith("chaquopy"))
    assert "installed from https://chaquo.com/pypi-upstream/ only" in unchecked.reasons[0]


def test_an_index_named_by_a_variable_is_shown_as_written_not_by_the_shell_models_stand_in():
    # reviewer r32: `pip install x -i "$MIRROR_URL"` said "x comes from dgx0q, not the public registry" and a scan
    # "installed from dgx0q only, an index depguard does not ask": the shell model's stand-in for a value it cannot
    # tell leaked into the reason. The reason names the variable (or what gave the value) instead
    for line, shown in (('pip install invented-zq -i "$MIRROR_URL"', "$MIRROR_URL"),
                        ("npm install --registry=$REG invented-zq", "$REG"),
                        ('pip install --index-url "$(cat url.txt)" invented-zq', "names read from /p/url.txt")):
        plan = analyze(line, cwd="/p")
        reasons = [u.reason for u in plan.unresolved if u.kind == "other-index"]
        assert reasons == [f"invented-zq comes from {shown}, not the public registry"], line
        assert [t.index for t in plan.installs] == [shown], line
    # an index written out is shown as written
    plan = analyze("pip install invented-zq -i https://x.example/simple", cwd="/p")
    assert [t.index for t in plan.installs] == ["https://x.example/simple"]


@pytest.mark.parametrize("line, index, only", [
    # Claude Code Templates' SGLang deployment guide (set 220): a Dockerfile's
    # `RUN pip3 install "sglang[all]" flashinfer -i https://flashinfer.ai/whl/cu121/torch2.4/` was read as PyPI's
    # flashinfer (missing): pip named with its version lost pip's index options
    ("pip3 install flashinfer -i https://x.example/whl/", "https://x.example/whl/", True),
    ("pip3 install --index-url=https://x.example/simple a", "https://x.example/simple", True),
    ("pip2 install -i https://x.example/simple a", "https://x.example/simple", True),
    ("pip3 install --extra-index-url https://x.example/simple a", "https://x.example/simple", False),
    ("pip3 install a", None, False),  # no index named: PyPI's a, judged as ever
])
def test_pip_named_with_its_version_keeps_its_index_options(line, index, only):
    [target] = analyze(line).installs
    assert (target.index, target.index_only) == (index, only)


def test_pip3_kept_off_every_index_installs_nothing_from_the_registry():
    assert not analyze("pip3 install --no-index -f dist/ a").installs
    assert [t.name for t in analyze("pip3 install -f dist/ a").installs] == ["a"]  # -f adds to PyPI: still judged
