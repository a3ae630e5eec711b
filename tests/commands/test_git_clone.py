"""``git clone`` read from a command or a Python argument list (depguard/commands/git_clone.py)."""

from __future__ import annotations

from depguard.commands.git_clone import clones


def test_a_clone_of_many_options_and_no_url_returns_at_once():
    # r22 finding 10: `--?[\w-]+` split `--x` two ways inside a repeat, 2^n tries for n options and no URL
    assert list(clones('subprocess.run(["git", "clone"' + ', "--x"' * 40 + "])\n")) == []
    assert list(clones("git clone" + " --x" * 40 + ' "$REPO"\npip install .\n')) == []
    # with a URL after them, still read
    text = "git clone" + " --x" * 40 + " https://github.com/o/r.git d\n"
    assert [(url, folder) for url, folder, _end in clones(text)] == [("https://github.com/o/r.git", "d")]
    listed = 'run(["git", "clone"' + ', "--x"' * 40 + ', "--depth", "1", "https://github.com/o/r.git"])'
    assert [(url, folder) for url, folder, _end in clones(listed)] == [("https://github.com/o/r.git", "r")]


def test_options_and_their_values_before_the_url_are_passed_over():
    text = "git clone --depth 1 -b main --recurse-submodules https://github.com/o/r.git d && cd d"
    assert [(url, folder) for url, folder, _end in clones(text)] == [("https://github.com/o/r.git", "d")]
