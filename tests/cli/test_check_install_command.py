"""``depguard check pip install requests``: an install command pasted whole is refused with the commands that
read it, instead of checking ``install`` as a PyPI name (reported missing) and ``npm i lodash`` on PyPI."""

from __future__ import annotations

import json
import shlex

import pytest

from depguard.cli import main

CLOSED = "http://127.0.0.1:9"  # nothing listens: a name that reached a registry would end not-checked (exit 3)


@pytest.fixture(autouse=True)
def _no_registry(monkeypatch, tmp_path):
    for eco in ("PYPI", "NPM", "GITHUB_ACTIONS"):
        monkeypatch.setenv(f"DEPGUARD_REGISTRY_{eco}", CLOSED)
    monkeypatch.setenv("DEPGUARD_CACHE_DIR", str(tmp_path / "cache"))


def run(argv, capsys):
    code = main(["check", "--no-cache", "--timeout", "1", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("argv", [["pip", "install", "requests"], ["pip install requests"],
                                  ["npm", "i", "lodash"], ["uv", "add", "flask>=3"], ["npm", "ci"]])
def test_check_refuses_an_install_command_and_names_guard_and_text(argv, capsys):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert "is an install command, not package names" in err
    assert f"depguard guard -- {shlex.join(argv) if len(argv) > 1 else argv[0]}" in err and "depguard text -" in err and "-e ECOSYSTEM" in err


def test_check_with_an_ecosystem_checks_the_words_of_a_command_as_names(capsys):
    code, out, err = run(["--format", "json", "-e", "pypi", "pip", "install", "requests"], capsys)
    assert code == 3 and "install command" not in err
    assert [f["name"] for f in json.loads(out)["findings"]] == ["pip", "install", "requests"]


@pytest.mark.parametrize("argv", [["requests", "flask"], ["pip", "requests"], ["numpy>=1.26, <2"],
                                  ["npm:lodash", "pypi:requests"]])
def test_check_of_several_names_is_not_read_as_a_command(argv, capsys):
    code, _, err = run(argv, capsys)
    assert code == 3 and "install command" not in err
