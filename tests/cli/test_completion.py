"""depguard completion: the scripts are generated from the parser, so every sub-command, option and fixed set
of values completes; bash's is sourced and driven the way bash's completion calls it."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest


def _script(shell: str) -> str:
    return subprocess.run([sys.executable, "-m", "depguard.cli", "completion", shell], capture_output=True,
                          text=True, check=True, env={"DEPGUARD_SERVER": "0", "PATH": ""}).stdout


def _complete(script: str, *words: str) -> list[str]:
    words_list = " ".join(f"'{w}'" for w in ("depguard", *words))
    probe = f'{script}\nCOMP_WORDS=({words_list}); COMP_CWORD={len(words)}; _depguard; printf "%s\\n" "${{COMPREPLY[@]}}"'
    out = subprocess.run(["bash", "--norc", "--noprofile", "-c", probe], capture_output=True, text=True, check=True)
    return [w for w in out.stdout.splitlines() if w]


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
@pytest.mark.parametrize("words, expected", [
    (("sc",), ["scan"]),
    (("i",), ["init", "index"]),  # in the order of depguard --help
    (("scan", "--no-c"), ["--no-cache", "--no-color"]),
    (("check", "--fail-on", ""), ["missing", "suspicious", "none"]),
    (("check", "--format", "s"), ["sarif"]),
    (("completion", ""), ["bash", "zsh", "fish"]),
    (("hook", "c"), ["claude-code", "codex", "cursor"]),
])
def test_bash_completes_commands_options_and_values(words, expected):
    assert _complete(_script("bash"), *words) == expected


def test_zsh_and_fish_scripts_name_every_sub_command():
    from depguard.cli import build_parser
    from depguard.cli_commands.completion import commands

    names = list(commands(build_parser()))
    assert {"scan", "check", "init", "completion"} <= set(names)
    zsh, fish = _script("zsh"), _script("fish")
    assert zsh.startswith("autoload -U +X bashcompinit && bashcompinit\n") and "complete -o default" in zsh
    for name in names:
        assert f"-a {name} -d " in fish
    assert "-l fail-on -x -a 'missing suspicious none'" in fish
