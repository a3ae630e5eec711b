"""Install commands a Python source file says or runs (issue 12): in comments, docstrings and strings, and the
argument lists it runs. What it says is judged like install commands in documentation (placeholders are notes);
what it runs strictly; a test's strings other than docstrings, and its argument lists, are its input."""

from __future__ import annotations

from depguard.config import Settings, apply_mapping
from depguard.ecosystems.pypi.said_installs import said_installs
from depguard.parsers import Source
from tests.test_docs_examples import verdicts, write

SOURCE = apply_mapping(Settings(), {"judge-source-installs": True}, "test")  # the opt-in this file is about

# a small library shaped like the real ones: a CLI module whose docstring, comments and error messages tell the
# reader what to install, and a test that checks an install failure with a made-up name
TREE = {
    "pyproject.toml": '[project]\nname = "weatherkit"\ndependencies = ["requests"]\n',
    "src/weatherkit/__init__.py": "",
    "src/weatherkit/plots.py": (
        '"""Charts for weatherkit.\n\n'
        "Install the chart extra with `pip install weatherkit-chartz`, then call :func:`draw`.\n\n"
        "Or, from a shell::\n\n"
        "    $ pip install requests\n"
        '"""\n'
        "# pip install plotzzly  (the renderer)\n"
        "import subprocess\n"
        "import sys\n\n"
        "try:\n"
        "    import requests\n"
        "except ImportError:  # pragma: no cover\n"
        '    raise ImportError("run `pip install your-package` first")\n\n\n'
        "def setup(name):\n"
        '    subprocess.run([sys.executable, "-m", "pip", "install", "weatherkit-fonts"], check=True)\n'
        '    subprocess.run(f"pip install {name}", shell=True)\n'
        '    print("pip install " + name)\n'
        '    sys.stderr.write("Fix: pip install weatherkit-maps\\n")\n'),
    "tests/test_setup.py": (
        "# needs: pip install pytest-weatherz\n"
        "import subprocess\n\n\n"
        "def test_unknown_package_fails():\n"
        '    r = subprocess.run(["pip", "install", "no-such-package-xyz"])\n'
        "    assert r.returncode\n"),
}


def test_comments_docstrings_and_strings_are_judged_like_docs(tmp_path):
    write(tmp_path, TREE)
    got = {k: v for k, v in verdicts(tmp_path, SOURCE).items() if k[0] != "pyproject.toml"}
    assert got == {
        ("src/weatherkit/plots.py", "weatherkit-chartz"): "missing",  # a docstring's code span
        ("src/weatherkit/plots.py", "requests"): "ok",  # the import, and the RST literal block's prompt line
        ("src/weatherkit/plots.py", "plotzzly"): "missing",  # a comment
        ("src/weatherkit/plots.py", "your-package"): "allowed",  # a placeholder in an error message: a note
        ("src/weatherkit/plots.py", "weatherkit-fonts"): "missing",  # an argv the code runs
        ("src/weatherkit/plots.py", "weatherkit-maps"): "missing",  # a message, its escaped line break no part
        ("tests/test_setup.py", "pytest-weatherz"): "missing",  # a test's comment
        # the test's own argv (no-such-package-xyz) is its input, not read; f"pip install {name}" names a slot
    }


def test_the_settings_of_docs_installs_apply(tmp_path):
    write(tmp_path, TREE)
    strict = verdicts(tmp_path, apply_mapping(SOURCE, {"docs-examples": False}, "test"))
    assert strict[("src/weatherkit/plots.py", "your-package")] == "missing"
    left_out = verdicts(tmp_path, apply_mapping(SOURCE, {"judge-docs-installs": False}, "test"))
    assert {name for _path, name in left_out} == {"requests", "weatherkit-fonts"}  # what the code runs stays


def test_fixture_data_and_code_that_is_data_say_nothing(tmp_path):
    write(tmp_path, {**TREE, "tests/data/pkg/setup.py": "# pip install fixturezzq\n"})
    assert ("tests/data/pkg/setup.py", "fixturezzq") not in verdicts(tmp_path, SOURCE)


def test_said_installs_keep_their_places_and_read_no_problems():
    text = 'def f():\n    """Usage::\n\n        pip install alpha-zq\n\n    ```toml\n    [broken\n    ```\n    """\n'
    source = Source(path="m.py", text=text)
    found = list(said_installs(source, test=False))
    assert [(m.written, m.location.line, m.location.column, m.parser) for m in found] == [
        ("alpha-zq", 4, 21, "said:docstring")]
    assert source.problems == []


def test_a_file_with_a_syntax_error_is_still_read():
    source = Source(path="py2.py", text='print "x"\nos.system("pip install beta-zq")\n"""unclosed\n')
    assert [m.written for m in said_installs(source, test=False)] == ["beta-zq"]
    assert list(said_installs(source, test=True)) == []


def test_an_agents_edit_is_judged_on_what_the_code_runs_not_on_what_its_comments_say(tmp_path, monkeypatch):
    """A coding agent's edit of a document is not judged (the install is, when it is run); what a source file's
    comments, docstrings and messages say is documentation too. What its argument lists run is judged."""
    import depguard.guarding
    from depguard.hooks import check_file_change

    seen: list[set[str]] = []
    monkeypatch.setattr(depguard.guarding, "check_collected",
                        lambda collected, *a, **k: seen.append({m.key.name for m in collected.mentions}))
    after = ('"""Setup helpers: run `pip install weatherkit-docs` first."""\n# pip install weatherkit-comment\n'
             'import subprocess\nimport sys\n\nsubprocess.run([sys.executable, "-m", "pip", "install", "weatherkit-run"])\n')
    check_file_change(tmp_path / "setup_helpers.py", None, after, tmp_path, SOURCE)
    assert seen == [{"weatherkit-run"}]
    seen.clear()
    check_file_change(tmp_path / "setup_helpers.py", None, after, tmp_path, Settings())
    # by default what a source file says is not judged (judge-source-installs); what a call runs is
    # (depguard/ecosystems/pypi/run_calls.py)
    assert seen == [{"weatherkit-run"}]


def test_by_default_a_source_files_comments_and_strings_name_nothing(tmp_path):
    """Off unless ``judge-source-installs = true``: on depguard's own source (a tool that documents install
    commands) it read grammar tables as argument lists and prose about commands as commands. The argument list a
    call runs (``subprocess.run([sys.executable, "-m", "pip", "install", "weatherkit-fonts"])``) is read whatever
    the setting says (depguard/ecosystems/pypi/run_calls.py); the test's own call is its input."""
    write(tmp_path, TREE)
    got = {name for path, name in verdicts(tmp_path) if path.endswith(".py")}
    assert got == {"requests", "weatherkit-fonts"}


def test_lists_of_command_words_a_matcher_compares_are_not_one_command():
    """crewai's devtools recognise install commands in a shell line by comparing token lists: two lists of a
    command's words side by side are patterns, not a command line that installs ``install`` and ``pip3``."""
    text = ('def install_length(tokens, i):\n    patterns = (\n'
            '        (tokens[i : i + 2] in (["pip", "install"], ["pip3", "install"]), 2),\n'
            '        (tokens[i : i + 4] in (\n            ["python", "-m", "pip", "install"],\n'
            '            ["python3", "-m", "pip", "install"],\n        ), 4),\n    )\n'
            '    subprocess.run(["brew", "install", "gh"], check=True)\n')
    found = [(m.key.ecosystem, m.written, m.parser) for m in said_installs(Source(path="cli.py", text=text), test=False)]
    assert found == [("homebrew", "gh", "runs:argv")]


def test_a_set_of_command_words_runs_nothing():
    """openai-agents' eval checks that a review comment mentions test tooling: a set of words, not a command."""
    text = 'if not ({"uv", "pip", "install", "project", "test"} & words):\n    raise ValueError("no tooling")\n'
    assert list(said_installs(Source(path="evals.py", text=text), test=False)) == []


def test_a_tests_documents_are_its_input_and_its_docstrings_are_read():
    text = ('"""Checks the install page (run `pip install weatherkit-testdeps` first)."""\n\n'
            'PAGE = """\n## Install\n\n    pip install made-up-for-the-test\n"""\n\n\n'
            'def test_page():\n    """The page names its package."""\n    assert "made-up" in PAGE\n')
    found = [(m.written, m.parser) for m in said_installs(Source(path="tests/test_page.py", text=text), test=True)]
    assert found == [("weatherkit-testdeps", "said:docstring")]


def test_a_long_line_of_many_strings_reads_each_on_its_own(monkeypatch):
    # reviewer r35: each string and comment was handed to the text reader padded with the blanks of its column, so a
    # line of n strings was read ~n²/2 characters deep (2,000 on one line: 28 s in a default scan, where the strings
    # are read before they are left out). At most PLACED_BLANKS blanks now, the columns moved right by the rest: each
    # name still at its place, and an indented string still an indented line
    import depguard.text

    read: list[int] = []
    real = depguard.text.mentions_in_text
    monkeypatch.setattr(depguard.text, "mentions_in_text", lambda source, *a, **k: read.append(len(source.text)) or real(source, *a, **k))
    line = "".join(f"x{i} = 'run `pip install zq-said-{i}` first'; " for i in range(200)) + "# pip install zq-said-end\n"
    found = list(said_installs(Source(path="m.py", text=line), test=False))
    assert sorted((m.written, m.location.line) for m in found) == sorted(
        [(f"zq-said-{i}", 1) for i in range(200)] + [("zq-said-end", 1)])
    assert all(line[m.location.column - 1:].startswith(m.written) for m in found)
    assert len(read) == 201 and max(read) <= len("run `pip install zq-said-199` first") + 8  # at most PLACED_BLANKS
    doc = '"""Usage:\n\n    pip install zq-said-indented\n"""\n'
    assert [(m.written, m.location.line, m.location.column) for m in said_installs(Source(path="m.py", text=doc), test=False)] == [
        ("zq-said-indented", 3, 17)]
