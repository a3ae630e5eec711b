"""A file with no suffix whose ``#!`` line names a POSIX shell is a shell script (issue 12, held-out set 21):
dotfiles and machine-setup repositories keep their installers in ``script/bootstrap``, ``bin/setup`` or a
script named after the machine (thoughtbot/laptop's ``mac``: ``brew install asdf``, ``gem install parity``).
Another interpreter's script, a suffixed file and a file without ``#!`` stay unread."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from depguard.config import Settings
from depguard.scan import collect_paths

FILES = {
    "mac": "#!/bin/sh\n\nfancy_echo() { printf '%s\\n' \"$1\"; }\nbrew install asdf\n",
    "script/bootstrap": "#!/usr/bin/env bash\nset -e\npip install httpie\n",
    "bin/setup": "#!/usr/bin/env -S zsh -e\nnpm install -g prettier\n",
    "bin/gitio": "#!/usr/bin/env ruby\n# gem install octokit\nsystem('pip install not-read')\n",
    "bin/notes": "pip install not-read-either\n",  # no #!: a text file, whatever it says
    "LICENSE": "MIT License\n",
    "tools/run.py": "#!/bin/sh\n",  # a suffix: its pattern (or none) decides
}


def _plant(root: Path) -> None:
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def _found(out) -> list[tuple[str, str, str, int]]:
    return sorted((m.location.path, m.key.ecosystem, m.key.name, m.location.line) for m in out.mentions)


EXPECTED = [("bin/setup", "npm", "prettier", 2), ("mac", "homebrew", "asdf", 4),
            ("script/bootstrap", "pypi", "httpie", 3)]


@pytest.mark.parametrize("git", [False, True])
def test_shell_scripts_without_a_suffix_are_read_by_their_shebang(tmp_path, monkeypatch, git):
    _plant(tmp_path)
    if git:
        subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
        subprocess.run(["git", "-C", str(tmp_path), "add", "-A"], check=True)
    monkeypatch.chdir(tmp_path)
    out = collect_paths([Path(".")], Settings())
    assert [(p, e, n, line) for p, e, n, line in _found(out)] == EXPECTED


def test_a_shell_script_named_on_the_command_line_is_read(tmp_path, monkeypatch):
    _plant(tmp_path)
    monkeypatch.chdir(tmp_path)
    out = collect_paths([Path("mac"), Path("bin/gitio")], Settings())
    assert [(m.key.name, m.location.line) for m in out.mentions] == [("asdf", 4)]
    assert [p.location.path for p in out.problems if p.kind == "unsupported"] == ["bin/gitio"]


def test_a_cheat_cheat_sheet_is_read_as_a_document_by_its_front_matter(tmp_path, monkeypatch):
    # cheat/cheatsheets (held-out set 210): sheets with no suffix, named after the command, open with cheat's front
    # matter (`tags: [ packaging ]`, `syntax: bash`) and hold the commands people copy; they were not read. Read as a
    # document, a real install and a made-up one are judged and a placeholder is a note; a file with no suffix whose
    # front matter is another tool's (a Jekyll page) or names another syntax stays unread, as a text file does
    sheets = {
        "npm": ("---\ntags: [ packaging ]\n---\n# To install a package in the current directory:\nnpm install <package>\n\n"
                "# To install the linter globally:\nnpm install -g stylelint\n"),
        "pip": ("---\nsyntax: bash\ntags: [ packaging ]\n---\n# To install specific versions:\n"
                "pip install -I SomePackage1==1.1.0 'SomePackage2>=1.0.4'\n# To install the tool:\npip install sheet-invented-zq\n"),
        "post": "---\nlayout: post\n---\npip install not-read-zq\n",
        "python": "---\nsyntax: python\n---\n# pip install not-read-either-zq\n",
    }
    for rel, text in sheets.items():
        (tmp_path / rel).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = collect_paths([Path(".")], Settings())
    got = sorted((m.location.path, m.key.name, m.location.line, m.example is not None) for m in out.mentions)
    assert got == [("npm", "stylelint", 8, False), ("pip", "sheet-invented-zq", 8, False),
                   ("pip", "somepackage1", 6, True), ("pip", "somepackage2", 6, True)]
