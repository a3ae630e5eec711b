"""An array's ``$arr`` in a zsh script is every element (issue 12 recall, held-out set 207: dotfiles and machine-setup
repositories, whose zsh setup scripts keep their global tools in arrays). zsh expands an unquoted ``$pkgs`` or
``${pkgs}`` of ``pkgs=(typescript eslint)`` to both words, where bash gives the first; depguard read every script as
bash's, so ``npm install -g $pkgs`` and ``for p in $tools; do pipx install $p; done`` in a ``.zsh`` file judged only
the first name. A ``.zsh`` file, zsh's startup files and a script whose ``#!`` names zsh are read as zsh's; a bash
script's ``$pkgs`` stays its first element, and a quoted ``"$pkgs"`` is read as before."""

from __future__ import annotations

from depguard.commands import analyze, is_zsh_script
from tests.trees import scan, write

SCRIPT = ("pkgs=(typescript eslint)\nnpm install -g $pkgs\nnpm install -g ${pkgs}\n"
          "tools=(black dgx-invented-zsh-tool)\nfor t in $tools; do pipx install $t; done\n")


def names(plan) -> list[tuple[int, str]]:
    return sorted((t.word.line, t.name) for t in plan.installs)


def test_a_zsh_array_is_every_element():
    assert names(analyze(SCRIPT, zsh=True)) == [
        (2, "eslint"), (2, "typescript"), (3, "eslint"), (3, "typescript"),
        (5, "black"), (5, "dgx-invented-zsh-tool"),
    ]


def test_a_bash_array_is_its_first_element():
    assert names(analyze(SCRIPT)) == [(2, "typescript"), (3, "typescript"), (5, "black")]
    assert names(analyze('pkgs=(typescript eslint)\nnpm install -g "$pkgs"\n', zsh=True)) == [(2, "typescript")]


def test_which_scripts_are_zsh_scripts():
    assert is_zsh_script("zsh/setup.zsh", "")
    assert is_zsh_script("home/.zshrc", "")
    assert is_zsh_script("bin/setup", "#!/usr/bin/env zsh\n")
    assert is_zsh_script("bin/setup", "#!/bin/zsh -f\n")
    assert not is_zsh_script("bin/setup", "#!/bin/bash\n# zsh users: see zsh/\n")
    assert not is_zsh_script("install.sh", "#!/bin/sh\n")


def test_a_scan_reads_zsh_files_as_zsh(tmp_path):
    write(tmp_path, {"zsh/setup.zsh": SCRIPT, "bin/setup": "#!/usr/bin/env zsh\n" + SCRIPT, "install.sh": SCRIPT})
    got = {(m.location.path, m.key.name) for m in scan(tmp_path).mentions}
    assert ("zsh/setup.zsh", "dgx-invented-zsh-tool") in got and ("zsh/setup.zsh", "eslint") in got
    assert ("bin/setup", "dgx-invented-zsh-tool") in got
    assert ("install.sh", "eslint") not in got and ("install.sh", "typescript") in got
