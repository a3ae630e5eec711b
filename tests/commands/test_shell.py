"""The position-keeping shell tokenizer."""

from __future__ import annotations

import pytest

from depguard.commands import targets_in_script
from depguard.commands.shell import Word, split_commands, strip_wrappers


def texts(script):
    return [[w.text for w in cmd] for cmd in split_commands(script)]


def found(script):
    return [(t.ecosystem, t.name, t.word.line, t.word.column + t.column_shift) for t in targets_in_script(script)]


@pytest.mark.parametrize("script, commands", [
    ("", []),
    ("# only a comment", []),
    ("pip install x", [["pip", "install", "x"]]),
    ("a && b; c | d || e & f", [["a"], ["b"], ["c"], ["d"], ["e"], ["f"]]),
    ("pip install 'a b' \"c\"", [["pip", "install", "a b", "c"]]),
    ("pip install x # trailing comment", [["pip", "install", "x"]]),
    ("pip install a\\\n  b", [["pip", "install", "a", "b"]]),
    ("pip install a\\\r\n  b", [["pip", "install", "a", "b"]]),
    ("echo x > out.txt 2>&1", [["echo", "x"]]),
    ("cmd >>log 2> err <in &>/dev/null", [["cmd"]]),
    ("read x <<< 'yes'", [["read", "x"]]),
    ("x=$(pip install a)", [["pip", "install", "a"], ["x=$(pip install a)"]]),
    ("echo `npm i b`", [["npm", "i", "b"], ["echo", "`npm i b`"]]),
    ("diff <(pip freeze) req.txt", [["pip", "freeze"], ["diff", "<(pip freeze)", "req.txt"]]),
    ("f() { pip install a; }", [["f"], ["pip", "install", "a"]]),
    ("case $x in\n  py) pip install a;;\nesac", [["case", "$x", "in"], ["py"], ["pip", "install", "a"], ["esac"]]),
    ("arr=(a b)", [["arr=(a b)"]]),  # an array assignment is one word
    ("cat <<EOF\npip install body\nEOF\nnext", [["cat"], ["next"]]),
    ("cat <<-'END' | sh\n\tpip install body\n\tEND", [["cat"], ["sh"]]),  # the body is the input of cat
    ("ssh host <<EOF\nnpm i remote\nEOF", [["ssh", "host"]]),
    ("python - <<EOF\nimport os\nEOF", [["python", "-"]]),
])
def test_split_commands(script, commands):
    assert texts(script) == commands


def test_positions_are_one_based_and_follow_continuations():
    cmds = split_commands("  pip install \\\n    rich")
    assert [(w.text, w.line, w.column) for w in cmds[0]] == [("pip", 1, 3), ("install", 1, 7), ("rich", 2, 5)]


def test_heredoc_body_positions():
    assert found("bash <<EOF\necho hi\n  pip install inside\nEOF\n") == [("pypi", "inside", 3, 15)]


@pytest.mark.parametrize("raw, dynamic", [
    ("$PKG", True), ("`x`", True), ("pkg*", True), ("requests==2.*", False), ("'pkg*'", False), ("plain", False),
])
def test_dynamic_words(raw, dynamic):
    word = split_commands(f"x {raw}")[-1][1]
    assert word.dynamic is dynamic


@pytest.mark.parametrize("script, first", [
    ("sudo -u root -H pip install x", "pip"),
    ("env -u HOME A=1 B=2 pip install x", "pip"),
    ("time nohup nice -n 5 pip install x", "pip"),
    ("timeout 60 pip install x", "pip"),
    ("then pip install x", "pip"),
    ("! pip install x", "pip"),
])
def test_strip_wrappers(script, first):
    assert strip_wrappers(split_commands(script)[0])[0].text == first


@pytest.mark.parametrize("script, expected", [
    ('bash -c "pip install z"', [("pypi", "z", 1, 22)]),
    ("sh -ec 'apt-get update && pip install q'", [("pypi", "q", 1, 39)]),
    ("su -c 'npm i -g s' root", [("npm", "s", 1, 17)]),
    ("cmd /c pip install w", [("pypi", "w", 1, 20)]),
    ('powershell -Command "pip install pw"', [("pypi", "pw", 1, 34)]),
    ("C:\\Python311\\python.exe -m pip install winx", [("pypi", "winx", 1, 40)]),
    ("py -3.11 -m pip install pyx", [("pypi", "pyx", 1, 25)]),
    ("bash install.sh pip install notread", []),
    ("for p in a b; do pip install $p; done", [("pypi", "a", 1, 30), ("pypi", "b", 1, 30)]),
    ("pip install requests>=2.0 flask", [("pypi", "requests", 1, 13), ("pypi", "flask", 1, 27)]),
])
def test_wrapped_and_nested_commands(script, expected):
    assert found(script) == expected


def test_word_is_a_value():
    assert Word("x", 1, 1) == Word("x", 1, 1)


@pytest.mark.parametrize("script, commands, names", [
    ("uv add <package>          # Add dependency", [["uv", "add"]], []),  # crewAI's AGENTS.md quick reference
    ("pip install x >  # log it", [["pip", "install", "x"]], ["x"]),
    ("pip install x >#not-a-file\nnext", [["pip", "install", "x"], ["next"]], ["x"]),
])
def test_a_comment_after_a_redirect_operator_is_not_its_target(script, commands, names):
    """bash starts a comment at any word beginning with #, a redirect's target included (the command is then a
    syntax error): the comment's words are no command arguments, so no package names."""
    assert texts(script) == commands
    assert [name for _eco, name, _line, _col in found(script)] == names
