"""LLM text: realistic chat answers -> mentions (PyPI and npm end to end), and the routing of fragments."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from depguard.model import Origin
from depguard.parsers import Source
from depguard.text import fragments, mentions_in_text, prose_cut, route_tag, sniff

FIXTURES = Path(__file__).parent / "fixtures"


def mentions(text, path="answer.md"):
    source = Source(path=path, text=text)
    # imports are another parser family's job; here: commands and manifests
    got = sorted((m.key.ecosystem, m.key.name, m.location.line, m.location.column)
                 for m in mentions_in_text(source) if m.origin is not Origin.IMPORT)
    return got, source


EXPECTED = {
    "chat_python.md": [
        ("pypi", "beautifulsoup4", 36, 1),  # untagged block sniffed as requirements
        ("pypi", "fastapi", 5, 17),  # numbered list item that is a bare command
        ("pypi", "loguru", 52, 16),  # fence indented inside a list item
        ("pypi", "openpyxl", 30, 39),  # a string literal that tells you to install
        ("pypi", "pandas", 25, 14),  # !pip in a notebook cell
        ("pypi", "pip", 12, 33),
        ("pypi", "poetry", 40, 14),  # ~~~ fence
        ("pypi", "polars", 26, 14),  # %pip
        ("pypi", "pydantic-settings", 11, 15),  # a commented install command in a shell block
        ("pypi", "requests", 1, 84),  # inline code
        ("pypi", "requests", 35, 1),
        ("pypi", "rich", 16, 15),  # console transcript: prompt line read, output lines dropped
        ("pypi", "seaborn", 29, 65),  # subprocess argv list
        ("pypi", "structlog", 46, 8),  # fence nested in a ````markdown block
        ("pypi", "tabulate", 28, 38),  # "(requires: pip install tabulate)"
        ("pypi", "typer", 21, 5),  # continuation of a prompted command
        ("pypi", "uvicorn", 5, 43),
    ],
    "chat_js.md": [
        ("npm", "axios", 8, 6),  # package.json snippet; file: spec skipped
        ("npm", "chalk", 27, 23),
        ("npm", "cors", 1, 50),
        ("npm", "create-react-app", 31, 7),  # fence inside a block quote; my-app is npx's argument
        ("npm", "express", 1, 42),
        ("npm", "jest", 11, 25),
        ("npm", "lodash", 35, 10),
        ("npm", "nodemon", 1, 70),  # -D is a flag
        ("npm", "prompt", 2, 72),  # a quoted command in prose
        ("npm", "vitest", 25, 24),  # a bare command line in a javascript block
        ("npm", "zod", 19, 6),  # JSON with comments and a trailing comma: read leniently
    ],
    "chat_shells.md": [
        ("docker", "library/node", 14, 6),  # dockerfile block: FROM names a Docker Hub image
        ("npm", "pm2", 15, 30),  # dockerfile block -> the Dockerfile parser
        ("npm", "rimraf", 4, 5),  # PowerShell backtick continuation
        ("pypi", "colorama", 9, 13),  # cmd: REM comment dropped, ^ continuation
        ("pypi", "pywin32", 2, 19),
        ("pypi", "termcolor", 10, 5),
        ("pypi", "tox", 23, 26),  # workflow YAML block -> the CI YAML parser
    ],
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_chat_answer(name):
    text = (FIXTURES / name).read_text()
    got, source = mentions(text, name)
    assert got == EXPECTED[name]
    assert source.problems == []
    lines = text.split("\n")
    for _eco, pkg, line, col in got:  # every location points at the name
        shown = pkg.removeprefix("library/")  # Docker Hub's implied namespace is not written
        assert lines[line - 1][col - 1:].lower().startswith(shown.split("-")[0][:4].lower()), (pkg, line, col)


@pytest.mark.parametrize("text", [
    "",
    "Just prose about pip and npm, nothing to install.",
    "You can also run pip install httpx to get started.",  # prose is not guessed at
    "```text\npip is great\n```",
    "```python\nimport os\nprint('hello')\n```",
    "```\nitem #3 = 45\nChanged\n2022\n```",  # not a requirements file
    "The `pip` tool and `npm` are package managers.",
    "```bash\ncat <<EOF > notes.txt\npip install not-a-command\nEOF\n```",
])
def test_no_mentions(text):
    assert mentions(text)[0] == []


@pytest.mark.parametrize("line, names", [
    ("pip install requests to get started", ["requests"]),
    ("npm install express and then run it", ["express"]),
    ("- `pip install a` or `pip install b`", ["a", "b"]),
    ("**Run:** npm i -g pnpm", ["pnpm"]),
    ("$ sudo pip3 install psutil", ["psutil"]),
    ("PS C:\\Users\\me> pip install pywinauto", ["pywinauto"]),
    ("user@host:~/app$ npm ci && npm i dayjs", ["dayjs"]),
    ("<code>pip install lxml</code>", ["lxml"]),
    ("Install with pip install black.", []),  # prose, not a command line
    ("pip install black.", ["black"]),  # the full stop ends the sentence, not the name
    # a runner named in a parenthesis to compare a tool with it (Claude Code Templates' Bun guide, set 220: the
    # heading `### 3.3 bunx (npx equivalent)` reported an npm package "equivalent"); a package run in a parenthesis,
    # or the same words written as code, are still read
    ("### 3.3 bunx (npx equivalent)", []),
    ("pnpm dlx (the npx alternative) and uvx (pipx replacement)", []),
    ("Try it first (npx fake-pkg-one) before installing.", ["fake-pkg-one"]),
    ("Try it first (npx cowsay hi)", ["cowsay"]),
    ("The same as `npx equivalent` here", ["equivalent"]),
])
def test_lines(line, names):
    assert [n for _e, n, _l, _c in mentions(line)[0]] == names


def test_a_cmder_lambda_prompt_line_is_a_command():
    # guocaoyi/create-chrome-ext's README (held-out set 293) writes its console blocks with cmder's prompt, ``λ``: its
    # scaffolder, the Inferno templates' vite-plugin-inferno and many Windows users' notes (``(.venv) λ pip install``)
    # install behind it, and none of those lines was read. A made-up name behind the prompt is read the same, the
    # lines a command printed are not, and neither is a lambda in prose or a GHCi session
    readme = ("```bash\n# use npm-create command, or use pnpm | yarn\nλ npm create chrome-ext\n\n"
              "# or npm 7+, extra double-dash is needed:\nλ npm create chrome-ext@latest my-crx-app -- --template react-ts\n"
              "```\n\n```\nλ npm install create-chrome-ext --global\n\n# and then\nλ crx my-crx-app\n```\n")
    assert mentions(readme)[0] == [("npm", "create-chrome-ext", 3, 14), ("npm", "create-chrome-ext", 6, 14),
                                   ("npm", "create-chrome-ext", 10, 15)]
    transcript = ("```console\n(.venv) λ pip install flask-fakeish-helper\nCollecting flask-fakeish-helper\n"
                  "  Downloading requestz-2.0.tar.gz\n(venvMLP)λ npm i -D expresss-validatorr\n```\n")
    assert mentions(transcript)[0] == [("npm", "expresss-validatorr", 5, 21), ("pypi", "flask-fakeish-helper", 2, 23)]
    assert mentions("λ npm install -g static-mina")[0] == [("npm", "static-mina", 1, 18)]
    assert mentions("λ x. x + 1 is the identity; λ pip is no prompt here")[0] == []
    assert mentions("```haskell\nλ import Data.List\nλ> import Data.Map\n```\n")[0] == []


@pytest.mark.parametrize("info, route", [
    ("bash", "shell"), ("console", "shell"), ("shell-session", "shell"), ("powershell", "powershell"),
    ("bat", "cmd"), ("python", "code:snippet.py"), ("tsx", "code:snippet.tsx"), ("{r, echo=FALSE}", "code:snippet.R"),
    ("julia", "code:snippet.jl"), ("go", "code:main.go"), ("requirements.txt", "file:requirements.txt"),
    ("Dockerfile", "file:Dockerfile"), ("toml title=\"Cargo.toml\"", "file:Cargo.toml"), ("json", "sniff:json"),
    ("markdown", "markdown"), ("text", ""), ("", ""), ("mermaid", "?mermaid"),
    # a caption is no file name (spaCy's docs: ```json {title="Structured"} before a JSON output with "requires")
    ('json {title="Structured"}', "sniff:json"), ('python title="Example"', "code:snippet.py"),
    ('json {title="meta.json"}', "file:meta.json"), ('ruby title="Gemfile"', "file:Gemfile"),
])
def test_route_tag(info, route):
    assert route_tag(info) == route


@pytest.mark.parametrize("body, route", [
    ('{"dependencies": {"a": "1"}}', "file:package.json"),
    ('{"require": {"monolog/monolog": "^3"}}', "file:composer.json"),
    ("[project]\nname = 'x'\ndependencies = ['a']", "file:pyproject.toml"),
    ("[project.optional-dependencies]\ndev = ['a']", "file:pyproject.toml"),
    ("[tool.uv.sources]\nx = { path = 'x' }", "file:pyproject.toml"),
    # hatch's config.toml: a table whose name only starts like pyproject's is not pyproject.toml
    ("mode = 'project'\n\n[projects]\nproj1 = '/path/to/project1'", ""),
    ("[dependencies]\nserde = \"1\"", "file:Cargo.toml"),
    ("[deps]\nJSON = \"682c06a0\"", "file:Project.toml"),
    ("channels:\n  - conda-forge\ndependencies:\n  - numpy", "file:environment.yml"),
    ("FROM python:3\nRUN pip install x", "file:Dockerfile"),
    ("from x import y", "code:snippet.py"),
    ("import x from 'y'", "code:snippet.js"),
    ("$ npm i x", "shell"),
    ("] add Flux", "prompt:snippet.jl"),
    ('install.packages("x")', "code:snippet.R"),
    ("requests>=2\nflask", "file:requirements.txt"),
    ("flask\nrequests", "file:requirements.txt"),
    ("Changed", ""),
])
def test_sniff(body, route):
    assert sniff(body) == route


def test_file_name_on_the_line_before_the_fence():
    text = "Create `requirements.txt`:\n\n```\nDjango>=5\n```\n"
    assert [(f.lang, f.line) for f in fragments(text)] == [("file:requirements.txt", 4)]
    assert mentions(text)[0] == [("pypi", "django", 4, 1)]


def test_other_ecosystems_are_routed_to_their_grammars():
    """Grammars run on text for every ecosystem; mentions for ecosystems the catalog lacks are dropped later."""
    from depguard.commands import targets_in_script

    frags = [f for f in fragments("```sh\ncargo add serde\n```\nThen `go get github.com/x/y@v1`.\n")]
    assert [(f.kind, f.lang) for f in frags] == [("fenced", "shell"), ("inline", "shell")]
    assert [t.name for f in frags for t in targets_in_script(f.text)] == ["serde", "github.com/x/y"]


def test_prose_cut_keeps_columns():
    cut = prose_cut("pip install requests to get started.")
    assert len(cut) == len("pip install requests to get started.")
    assert cut.startswith("pip install requests ;")


def test_without_in_a_sentence_ends_the_command_written_before_it():
    # augur's CHANGES.md (held-out spot set 172): "* CI: pip install without editable mode [#956][]" named the packages
    # `without`, `editable` and `mode`; a name before the word is still read
    got, _ = mentions("* CI: pip install without editable mode [#956][] (@victorlin)\n", "CHANGES.md")
    assert got == []
    got, _ = mentions("* Docs: pip install invented-docs-pkgz without the extras\n", "CHANGES.md")
    assert [name for _, name, _, _ in got] == ["invented-docs-pkgz"]


def test_an_arrow_between_two_commands_in_a_sentence_ends_the_first():
    # celery's changelog: "Docfix: pip install celery[sqs] -> pip install "celery[sqs]" (#8829)" named `install`
    for arrow in ("->", "=>", "\u2192"):
        line = f"- Docfix: pip install celery[sqs] {arrow} pip install \"celery[sqs]\" (#8829)\n"
        got, _ = mentions(line, "Changelog.rst")
        assert {name for _, name, _, _ in got} == {"celery"}, arrow
        assert got[0][2:] == (1, 23)
    assert prose_cut("pip install a -> pip install b") == "pip install a ;  pip install b"


def test_an_ellipsis_in_a_sentence_ends_the_command_written_before_it():
    # pake's release checklist: "If the release workflow step fails with `pnpm install ... exit code 1` against the CN
    # mirror, re-run once" named the packages `exit`, `code` and `1`; words before the ellipsis are still read
    text = ("6. [ ] Run `pnpm test`. If the step fails with `pnpm install ... exit code 1` against the mirror, re-run.\n"
            "7. [ ] Then `npm install left-pad …` and `npm i is-odd …, is-even`\n"
            "- pip install requests ... more-words here\n")
    got, _ = mentions(text, "SKILL.md")
    assert [(name, line) for _, name, line, _ in got] == [("is-odd", 2), ("left-pad", 2), ("requests", 3)]
    assert prose_cut("npm i a ... b") == "npm i a ;   b"
    assert prose_cut("cd .. && npm i x") == "cd .. && npm i x"


def test_a_word_pointing_to_another_part_of_the_page_ends_the_command():
    # fsspec's docs/source/index.rst: a paragraph's wrapped line "pip install syntax below, or install the specific
    # package required" named the package `below`; the words before it are still read, and so is a name after a
    # separator
    text = ("For example you can use the optional\npip install syntax below, or install the specific package required\n"
            "- pip install fastjsonx above; pip install slowjsonz\n")
    got, _ = mentions(text, "index.rst")
    assert {(name, line) for _, name, line, _ in got} == {("syntax", 2), ("fastjsonx", 3), ("slowjsonz", 3)}


def test_a_message_saying_how_an_install_went_names_no_package():
    # archivebox's design notes: `click.echo(f"pip install failed: {e}", err=True)` named the package `failed`
    got, _ = mentions('```python\nexcept Exception as e:\n    click.echo(f"pip install failed: {e}", err=True)\n```\n',
                      "TODO.md")
    assert got == []
    assert [n for _, n, _, _ in mentions('print("npm install left-pad finished")\n', "x.md")[0]] == ["left-pad"]


def test_a_changelog_bullet_saying_the_install_was_fixed_names_no_package():
    # totalgood/nlpia's CHANGELOG.md (held-out set 258's spot set, books' companion code): "* pip install fixed and
    # broken several times ;)" named the package `fixed` (PyPI: 404); a name said before such a word is still read
    for text in ("### Bug Fixes\n\n* pip install fixed and broken several times ;)\n",
                 "- npm install broken on Windows, see #12\n"):
        assert mentions(text, "CHANGELOG.md")[0] == [], text
    assert [n for _, n, _, _ in mentions("* pip install fixedx-zq fixed the build\n", "CHANGELOG.md")[0]] == ["fixedx-zq"]


def test_an_escaped_line_break_ends_the_name_in_a_string_literal():
    # pandoc's custom-readers.md: a Lua reader prints `io.stderr:write("npm install -g readability-cli\\n")`;
    # the string's escape was read as the name's last letter (`readability-clin`)
    text = ('```lua\nif not ok then\n  io.stderr:write("npm install -g readability-cli\\n")\n'
            '  io.stderr:write("pip install\\tblack\\r\\n")\nend\n```\n')
    got, _ = mentions(text, "doc/custom-readers.md")
    assert [(e, n) for e, n, _, _ in got] == [("npm", "readability-cli"), ("pypi", "black")]


def test_an_escaped_line_break_ends_the_command_of_a_string_or_a_comment_in_one():
    # langchain-ai/docs, the Outline retriever page: an `output` block prints a Document whose page_content is a
    # scraped page, "...install their Python package:\\n\\npip install openai\\n\\nAccessing the API requires an API
    # key" (`accessing` was looked up); its GitHub tool page prints an issue body in JSON whose "\\r\\n" break
    # "poetry run pip install -e libs/cli" from "poetry run langchain-cli integration create-doc" (`integration`
    # was). The command before each escaped break is still read, and so is one after it.
    text = ("```output\n[Document(page_content='Setup\\n\\npip install openaix\\n\\nAccessing the API requires a key.\\n"
            "pip install outline-helperz\\nThen restart.', metadata={})]\n```\n")
    got, _ = mentions(text, "src/oss/integrations/retrievers/outline.md")
    assert sorted(n for _, n, _, _ in got) == ["openaix", "outline-helperz"]
    text = ('```output\nName: get_issue\n\n{"body": "To make a docs page (run from root of repo):\\r\\n\\r\\n'
            '# run pip install -e libs/cli\\r\\npoetry run langchain-cli integration create-doc\\r\\n'
            '# then run pip install kv-docz\\r\\nDone."}\n```\n')
    got, _ = mentions(text, "src/oss/integrations/tools/github.md")
    assert [(n, col) for _, n, _, col in got] == [("kv-docz", text.split("\n")[3].index("kv-docz") + 1)]


def test_a_hash_glued_to_the_word_before_it_starts_a_comment_its_writer_meant():
    # langchain-ai/docs, the Docusaurus loader page: a scraped page's "[notice] To update, run: pip install --upgrade
    # pip# fixes a bug with asyncio" (its line breaks lost) looked up `fixes`; a shell hands `pip#` and every word
    # after it to pip, which refuses `pip#` and installs none of them. The word before the hash is still read, and
    # `$#`, a quoted hash and C# are no comment
    text = ("```output\n[Document(page_content='[notice] To update, run: pip install --upgrade pip# fixes a bug with "
            "asyncio and jupyterimport nest_asyncio')]\n```\n")
    got, _ = mentions(text, "src/oss/integrations/document_loaders/docusaurus.md")
    assert [n for _, n, _, _ in got] == ["pip"]
    text = ("```bash\npip install invented-libz# the helper\nif [ $# -eq 0 ]; then pip install other-libz; fi\n"
            "echo 'x# y' && pip install third-libz\n# For the C# client run dotnet add package Acme.Clientz\n```\n")
    got, _ = mentions(text, "README.md")
    assert sorted(n for _, n, _, _ in got) == ["acme.clientz", "invented-libz", "other-libz", "third-libz"]


def test_a_dash_standing_alone_in_a_sentence_ends_the_command_before_it():
    # camel's docs card: "pip install camel-ai[all] – all toolkits and interpreters included" named `all`
    for dash in ("\u2013", "\u2014"):
        got, _ = mentions(f"- pip install camel-ai[all] {dash} all toolkits and interpreters included\n", "intro.md")
        assert {name for _, name, _, _ in got} == {"camel-ai"}, dash


def test_a_slash_standing_alone_in_a_sentence_ends_the_command_before_it():
    # FreeCAD Fasteners' translation README: "> Windows: pip install PySide6 / find executables under Python
    # installation" named `executables`, `installation` and `python`; a path argument stays one
    got, _ = mentions("> Linux: sudo apt install qt6-l10n-tools\n"
                      "> Windows: pip install PySide6 / find executables under Python installation\n", "README.md")
    assert {name for eco, name, _, _ in got if eco == "pypi"} == {"pyside6"}
    got, _ = mentions("```\npip install ./vendor/pkg requests\n```\n", "README.md")
    assert {name for _, name, _, _ in got} == {"requests"}


def test_unclosed_fence_runs_to_the_end():
    assert mentions("```bash\npip install attrs\n")[0] == [("pypi", "attrs", 2, 13)]


def test_broken_package_json_is_read_leniently_without_a_problem():
    text = '```json\n"dependencies": {\n  "left-pad": "1.3.0", ...\n}\n```'
    got, source = mentions(text)
    assert got == [("npm", "left-pad", 3, 4)]
    assert source.problems == []


def test_broken_package_json_keeps_tilde_ranges_and_skips_home_paths():
    text = '```json\n"dependencies": {\n  "optimist": "~0.6.0",\n  "mine": "~/src/mine", ...\n}\n```'
    got, _ = mentions(text)
    assert got == [("npm", "optimist", 3, 4)]


def test_text_path_does_not_load_tree_sitter():
    code = ("import sys\nfrom depguard.parsers import Source\nfrom depguard.text import mentions_in_text\n"
            "list(mentions_in_text(Source(path='x', text='Run `pip install x` then:\\n```bash\\nnpm i y\\n```')))\n"
            "print(sorted(m for m in sys.modules if m.startswith('tree_sitter')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_diff_blocks_report_only_what_they_add():
    text = (FIXTURES / "chat_diff.md").read_text()
    got = mentions(text, "chat_diff.md")[0]
    assert got == [("docker", "library/python", 7, 7), ("pypi", "flask-security-utilz", 16, 2),
                   ("pypi", "newpkg", 9, 18), ("pypi", "requests", 17, 2)]


def test_npx_of_a_command_the_page_installed_before_is_that_packages_bin():
    # sphinx's search/minified-js/README.rst: a literal block, read line by line: `npm install -g uglify-js`, then
    # uglify-js's bin (uglifyjs) run by npx; a runner of a name nothing installed stays a name
    rst = ("Regenerate minified files with::\n\n    npm install -g uglify-js\n    for f in $(ls js/); \\\n"
           "    do echo $f && \\\n    npx uglifyjs js/$f --compress --output min/$f; \\\n    done\n\n"
           "Then check::\n\n    npx eslint min/\n")
    got, _ = mentions(rst, "README.rst")
    assert got == [("npm", "eslint", 11, 9), ("npm", "uglify-js", 3, 20)]


def test_adverbs_after_a_command_said_in_a_sentence_are_the_sentences():
    # DSpace/dspace-angular's README, "Cleaning": "# clean everything, including node_modules. You'll need to run
    # npm install again afterwards." looked up `again` and `afterwards` (missing); `npm install` alone installs the
    # project. A name said in such a sentence, and a comment that is the command itself, are still read.
    text = ("Cleaning\n--------\n\n```bash\n"
            "# clean everything, including node_modules. You'll need to run npm install again afterwards.\n"
            "npm run clean\n\n"
            "# If the build fails, run npm install left-pad-plus later\n"
            "# npm install again\n```\n")
    got, _ = mentions(text, "README.md")
    assert sorted((name, line) for _, name, line, _ in got) == [("again", 9), ("left-pad-plus", 8)]


def test_a_noun_naming_the_command_said_in_a_comment_is_the_sentences():
    # set 216: jupyter/docker-stacks' docs/using/troubleshooting.md, a log block opening "# example log output from the
    # docker run command": `command` was read as the image (library/command, missing on Docker Hub). A name said in
    # such a sentence, and a command line of the block, are still read
    text = ("```bash\n# example log output from the docker run command\n# [...]\n```\n\n"
            "```bash\n# run the npm install command first, then npm install left-pad-plus\n"
            "# the pip install invocation below installs it\ndocker run acme/imagined-app\n```\n")
    got, _ = mentions(text, "docs/using/troubleshooting.md")
    assert sorted((name, line) for _, name, line, _ in got) == [("acme/imagined-app", 9), ("left-pad-plus", 7)]


def test_adverbs_that_say_how_after_a_command_said_in_a_sentence_are_the_sentences():
    # langchain-ai/docs, the Docugami loader page: "# You need the dgml-utils package to use the DocugamiLoader (run
    # pip install directly without "poetry run" if you are not using poetry)" looked up `directly`; a name said in
    # such a sentence is still read
    text = ("```python\n# You need the dgml-utils package to use the DocugamiLoader (run pip install directly without "
            '"poetry run" if you are not using poetry)\n'
            "# Or run pip install docugami-helperz manually, or pip install dgml-extraz separately\n```\n")
    got, _ = mentions(text, "src/oss/integrations/document_loaders/docugami.md")
    assert sorted(n for _, n, _, _ in got) == ["dgml-extraz", "docugami-helperz"]


def test_the_quoted_title_of_an_admonition_is_a_heading_not_a_quoted_command():
    # freqtrade's docs/installation.md: `!!! Warning "pip install within conda"` (MkDocs' admonition box title)
    # named `within` and `conda`; a code span in a title, and a quoted command in the box's text, are still read
    text = ('!!! Warning "pip install within conda"\n    The documentation of conda says pip should not be used.\n\n'
            '??? tip "Install it with `pip install black`"\n    Then run "pip install ruff" in the project.\n\n'
            '???+ note "pip install the extras"\n    Text.\n')
    got, _ = mentions(text, "docs/installation.md")
    assert [(n, line) for _, n, line, _ in got] == [("black", 4), ("ruff", 5)]
    # a quoted command in a line that is no admonition stays a command
    got, _ = mentions('Run "pip install httpx" first.\n', "docs/usage.md")
    assert [n for _, n, _, _ in got] == ["httpx"]


def test_a_sentence_that_installs_the_project_from_its_folder_goes_on_after_the_folder():
    # fishaudio/fish-speech's install page in three languages: "# Then run pip install -e . again" looked up
    # `again`, and the Spanish and Portuguese pages' `nuevamente` and `novamente` were missing names; a comment
    # that is the command itself, a command line, and a registry name said before the folder are still read
    text = ("```bash\npip install -e .\n"
            "# If you encounter an error due to pyaudio, consider using: conda install pyaudio\n"
            "# Then run pip install -e . again\n"
            "# Luego ejecuta pip install -e . nuevamente\n"
            "# De seguida, execute pip install -e . novamente\n"
            "# Or run pip install -U fish-helper && pip install ./tools hf-fetcher\n"
            "# pip install -e . pytest-mock\n"
            "pip install -e . ruff\n```\n")
    got, _ = mentions(text, "docs/es/install.md")
    assert sorted(name for _, name, _, _ in got) == ["fish-helper", "pyaudio", "pytest-mock", "ruff"]


def test_a_diff_of_renamed_identifiers_in_a_changelog_is_no_requirements_list():
    # react-hook-form's CHANGELOG.md (held-out spot set 77): "type name changes:" then a diff block of bare
    # identifiers, `- UseFormMethods` / `+ UseFormReturn`; its added lines were sniffed with no context and read
    # as a requirements list (seven PyPI names). A block of bare names is a requirements list only after words of
    # installing or dependencies, in a diff block too; a diff whose header names a manifest is that file.
    changelog = ("- **Breaking change:** type name changes:\n\n```diff\n- UseFormMethods\n+ UseFormReturn\n"
                 "- UseFormOptions\n+ UseFormProps\n```\n")
    assert mentions(changelog, "CHANGELOG.md")[0] == []
    install = "Add these dependencies to your requirements:\n\n```diff\n requests\n+flask-security-utilz\n+numpy\n```\n"
    assert mentions(install, "README.md")[0] == [("pypi", "flask-security-utilz", 5, 2), ("pypi", "numpy", 6, 2),
                                                   ("pypi", "requests", 4, 2)]
    headed = "Then:\n\n```diff\n--- a/requirements.txt\n+++ b/requirements.txt\n@@ -1 +1,2 @@\n requests\n+UseFormProps\n```\n"
    assert [m[1] for m in mentions(headed, "NOTES.md")[0]] == ["requests", "useformprops"]


def test_a_directory_tree_drawn_in_a_block_says_what_files_are_not_commands_to_run():
    # socket-cli's package-builder README: `│   ├── npx-cli.js  # npx wrapper` read as `npx wrapper`
    text = ("```text\ncli-package/\n├── bin/\n│   ├── npx-cli.js      # npx wrapper\n│   └── pnpm-cli.js     # pnpm wrapper\n"
            "|-- scripts/\n|   `-- setup.js  # npx helper\n```\n\n```python\nimport os  # pip install requests\n```\n")
    assert mentions(text, "README.md")[0] == [("pypi", "requests", 11, 26)]


def test_a_command_in_a_box_drawn_in_a_block_is_read_as_the_cells_prose():
    # agentik-os/panda-ai's docs/guides/production-deployment.md (held-out set 234): its architecture diagram's CLI box
    # says `│  • Install globally: npm i -g @agentik/cli    │`, a name npm lacks, and no command of a diagram was read
    box = ("```\n┌──────────────────────────────────────────┐\n"
           "│  CLI                                     │\n"
           "│  • Install globally: npm i -g invented-box-cli-zq   │\n"
           "│ pip install      │ 10-30s  │ npm install triggers prepare │\n"
           "| Install: pip install invented-ascii-zq then run it |\n"
           "│   ├── npx-cli.js      # npx wrapper\n"
           "└──────────────────────────────────────────┘\n```\n")
    assert mentions(box, "docs/guides/production-deployment.md")[0] == [
        ("npm", "invented-box-cli-zq", 4, 33), ("pypi", "invented-ascii-zq", 6, 24)]


def test_a_dependencies_block_the_prose_says_is_another_file_is_not_read_as_package_json():
    # sherpa-onnx's HarmonyOS README (held-out spot set 162): "update your `oh-package.json5` to include the
    # following" before a "dependencies" block naming sherpa_onnx, an ohpm package, read as a package.json whose
    # name npm lacks. Prose naming package.json, or naming no file, leaves the block package.json's
    ohpm = 'or update your `oh-package.json5` to include the following:\n\n```\n  "dependencies": {\n    "sherpa_onnx": "1.13.4",\n  },\n```\n'
    npm = 'Add this to your `package.json` (and see tsconfig.json):\n\n```\n  "dependencies": {\n    "invented-npm-depz": "1.0.0"\n  }\n```\n'
    plain = 'Then add:\n\n```\n"dependencies": {\n  "invented-plain-depz": "2.0.0"\n}\n```\n'
    assert mentions(ohpm)[0] == []
    assert [n for _, n, *_ in mentions(npm)[0]] == ["invented-npm-depz"]
    assert [n for _, n, *_ in mentions(plain)[0]] == ["invented-plain-depz"]
    assert sniff('{"dependencies": {"a": "1"}}', context="Edit deno.jsonc or oh-package.json5:") == ""
    assert sniff('{"dependencies": {"a": "1"}}', context="Edit package.json:") == "file:package.json"
    # a data file that is no package manager's manifest says nothing of the block (before-stop read: the block was
    # left unread, its names unjudged, on any mention of a .json file)
    assert sniff('{"dependencies": {"a": "1"}}', context="Set paths in `tsconfig.json`, then add:") == "file:package.json"


def test_a_block_its_caption_calls_another_data_file_is_not_read_as_package_json():
    # grafana/plugin-tools' docs/migration-guides/angular-react/targeting-older-releases.md (held-out set 247's spot
    # set): "Update the `src/plugin.json` file to correspond to the same version:" before a json block of Grafana's
    # plugin.json, `"dependencies": {"grafanaVersion": "8.4.x", "grafanaDependency": ">=8.4.11"}`, whose keys were read
    # as npm packages (DG001). The caption's last clause calls the block that file: it is reported as a file no
    # ecosystem reads. A file merely mentioned ("Set paths in `tsconfig.json`, then add:"), or in parentheses, and a
    # caption naming package.json leave the block package.json's, its invented names judged
    grafana = ('Update the `src/plugin.json` file to correspond to the same version:\n\n```json\n    "dependencies": {\n'
               '        "grafanaVersion": "8.4.x",\n        "grafanaDependency": ">=8.4.11"\n    }\n```\n')
    got, source = mentions(grafana)
    assert got == [] and [p.message for p in source.problems] == [
        "a plugin.json block lists dependencies, but no ecosystem depguard knows reads plugin.json; they were not checked"]
    assert mentions(grafana.replace("```json", "```"))[0] == []
    for caption in ("Set paths in `tsconfig.json`, then add:", "Update the `package.json` file:",
                    "Add this to your `package.json` (and see the `tsconfig.json` file):", "Then add to `package.json`:"):
        text = f'{caption}\n\n```json\n{{"dependencies": {{"invented-npm-depz": "1.0.0"}}}}\n```\n'
        assert [n for _, n, *_ in mentions(text)[0]] == ["invented-npm-depz"], caption
    assert sniff('{"dependencies": {"a": "1"}}', context="Edit the mod.json file:") == ""


def test_a_caption_naming_the_blocks_own_kind_of_file_by_another_name_keeps_it_read():
    # reviewer r36: wshobson/agents' plugins/meigen-ai-design/README.md (held-out set 220, a true problem since session
    # 32) says "Install it by adding to your project's `.mcp.json`:" before an MCP configuration block starting `npx -y
    # meigen@1.4.0`; f0e079ad's caption rule took `.mcp.json` for another file than the `mcp.json` its shape routes the
    # block as, and the block, its server package with it, went unread (no longer flagged). A name a format of the
    # block's kind reads (.mcp.json, claude_desktop_config.json, .gemini/settings.json) is its own kind; another data
    # file's name still keeps the block unread. A Claude Code plug-in's manifest (`.claude-plugin/plugin.json`, read
    # since 91ec5ca5) holds "mcpServers" too, so a caption naming a plugin.json is the block's own kind now; a data file
    # no MCP format reads (`data/servers.json`) is another file
    block = '\n\n```json\n{"mcpServers": {"x": {"command": "npx", "args": ["-y", "invented-mcp-serverz@1.4.0"]}}}\n```\n'
    for caption in ("Install it by adding to your project's `.mcp.json`:", "Add it to `claude_desktop_config.json`:",
                    "Add this to `~/.gemini/settings.json`:", ".mcp.json:",
                    "Add the server to your plug-in's `.claude-plugin/plugin.json`:"):
        assert [n for _, n, *_ in mentions(caption + block)[0]] == ["invented-mcp-serverz"], caption
    assert mentions("Update the `data/servers.json` file:" + block)[0] == []


def test_a_caption_that_is_another_files_name_keeps_a_list_of_words_from_requirements():
    # home-assistant/developers.home-assistant's docs/operating-system/boards/raspberrypi.md (held-out set 247's second
    # spot set): "After that we create a module file on host …" and the caption "rpi-i2c.conf:" above `i2c-dev` and
    # `i2c-bcm2708`, kernel modules, read as a requirements list (the prose speaks of a "module"). A caption naming a
    # list's file (`deps.txt`, `requirements-pi.txt`) or no file leaves the names judged
    prose = "After that we create a module file on host in `/etc/modules-load.d`.\n\n"
    block = "\n```\ni2c-devz\ni2c-bcm2708z\n```\n"
    assert mentions(prose + "rpi-i2c.conf:" + block)[0] == []
    assert mentions(prose + "**rpi-i2c.conf**:" + block)[0] == []
    for caption in ("deps.txt:", "`requirements-pi.txt`:", "Install these modules:"):
        assert [n for _, n, *_ in mentions(prose + caption + block)[0]] == ["i2c-bcm2708z", "i2c-devz"], caption


def test_vs_between_two_ways_ends_a_command_said_in_prose():
    # node-red/node-red.github.io's 2013 release post (held-out set 247's second spot set): "- npm install vs zip
    # download - when should one be used over the other" read `vs`, `zip`, `download` and `-` as npm names; a name
    # given before the comparison is still read
    assert mentions("Strands of activity:\n\n- npm install vs zip download - when should one be used over the other\n")[0] == []
    assert [n for _, n, *_ in mentions("Compare: npm install lodash-zq versus underscore-zq.\n")[0]] == ["lodash-zq"]


def test_a_flag_ending_with_a_colon_ends_the_command_and_the_words_after_it_are_prose():
    # Prisma's CI-fix report template (a fenced block, no language, of Markdown list items):
    # "- pnpm install --frozen-lockfile: green / red" named `green` and `red`; the same line in prose named `passes`
    for text in ("```\n## Final pre-flight\n- pnpm install --frozen-lockfile: green / red\n```\n",
                 "Checklist:\n\n- pnpm install --frozen-lockfile: passes / fails\n",
                 "```\n* npm install --global: yes / no\n1. pip install --upgrade: done\n```\n"):
        got, _ = mentions(text, "brief.md")
        assert got == [], text
    # a name before the colon-ended flag, or a list item that is a plain command, is still read
    got, _ = mentions("```\n- pnpm add invented-zz-kit --save-dev: green\n- npm install invented-zz-two\n```\n", "brief.md")
    assert {name for _, name, _, _ in got} == {"invented-zz-kit", "invented-zz-two"}


def test_an_install_verb_said_again_after_the_names_is_the_sentences_word():
    # ECNU-ICALK/AutoSkill's SkillBank (held-out spot set 234): a skill's trigger phrases, in its front matter and a
    # "## Triggers" list, say `poetry add package install`; `install` was judged a PyPI name (missing)
    text = ('---\ntriggers:\n  - "poetry add package install"\n---\n\n## Triggers\n\n- poetry add package install\n'
            "- pip install invented-first-zq install invented-after-zq\n- npm install install\n"
            "- sudo -H python3 -m pip install invented-sudo-zq\n")
    got = mentions(text, "SkillBank/x/SKILL.md")[0]
    assert [(name, line) for _, name, line, _ in got] == [
        ("install", 10), ("invented-first-zq", 9), ("invented-sudo-zq", 11), ("package", 3), ("package", 8)]
    # given first, the verb is a name; an installer run through another command keeps its names
    assert prose_cut("npm install install") == "npm install install"
    assert prose_cut("poetry add package install") == "poetry add package ;      "


def test_an_install_verb_after_the_names_in_a_code_span_is_a_name():
    """Written as code, a command is what its reader pastes and the installer reads: ``npm install lodash add``
    installs npm's ``add`` as well as lodash (session 34's list of silent misses). In prose, a list item or a quoted
    trigger phrase, the verb said again is still the sentence's word."""
    got = mentions("Run `npm install lodash add` first.\n\n- npm install lodash add\n\n"
                   'Say "yarn add react install" to the bot.\n', "README.md")[0]
    assert sorted((name, line) for _, name, line, _ in got) == [("add", 1), ("lodash", 1), ("lodash", 3),
                                                                  ("react", 5)]
    assert prose_cut("npm install lodash add", code=True) == "npm install lodash add"


# Pyodide's micropip and JupyterLite's piplite install PyPI packages into the browser's Python (the shapes of
# mingrammer/diagrams' playground/src/worker/py.worker.ts, `await micropip.install(["jinja2", "graphviz", wheelUrl])`,
# and PyO3/setuptools-rust's emscripten/runner.js, `await micropip.install("beautifulsoup4")`)
IN_BROWSER = """```python
import micropip
await micropip.install("zqxv-micro-one")
await micropip.install(["zqxv-micro-two", "zqxv-micro-three"], deps=False)
await micropip.install(
    "zqxv-micro-four==1.0"
)
await micropip.install(f"{name}=={version}")
await micropip.install("https://example.com/x-1.0-py3-none-any.whl")
await micropip.install(wheel_url)
print("micropip.install('zqxv-in-a-print')")
mymicropip.install("zqxv-other-object")
micropip.install_all("zqxv-other-method")
```

```js
const micropip = pyodide.pyimport("micropip");
await micropip.install(["jinja2", "zqxv-micro-js", wheelUrl]);
await piplite.install("zqxv-piplite-one");
```
"""


def test_in_browser_install_calls_name_their_requirement_strings():
    got = [(m.key.name, m.spec, m.location.line, m.location.column)
           for m in mentions_in_text(Source("answer.md", IN_BROWSER)) if m.origin is Origin.COMMAND]
    assert got == [("zqxv-micro-one", None, 3, 25), ("zqxv-micro-two", None, 4, 26), ("zqxv-micro-three", None, 4, 44),
                   ("zqxv-micro-four", "==1.0", 6, 6), ("jinja2", None, 18, 26), ("zqxv-micro-js", None, 18, 36),
                   ("zqxv-piplite-one", None, 19, 24)]


def test_a_code_span_that_changes_folder_before_the_install_is_read():
    # an agent skill's step (JoxelDS/Claude, .agents/skills/higgsfield-websites/references/containers.md:25):
    # "0. add the dep (not in the base template): `cd app && bun add @cloudflare/containers`." A fenced block was
    # read with its `cd app &&`; a code span of prose was not, because it did not start with the tool
    text = ("0. add the dep (not in the base template): `cd app && bun add @cloudflare/containers`.\n"
            "- then `cd web; npm i zz-made-up-dep` and `pushd api && pip install zz-made-up-py`\n"
            "- `cd app && npm run dev` starts it; `cd to the folder && npm i zz-not-a-step` is no folder change\n")
    got, _ = mentions(text)
    assert [(eco, name, line) for eco, name, line, _ in got] == [
        ("npm", "@cloudflare/containers", 1), ("npm", "zz-made-up-dep", 2), ("pypi", "zz-made-up-py", 2)]


def test_a_bare_command_line_inside_the_brackets_of_a_js_block_is_the_codes_text():
    # a scraped shadcn.io digest in an agent skill (Akshmit11/nextjs-convex-clerk-starter,
    # .opencode/skills/shadcn-ui/reference.md:15-18): the Terminal demo's JSX tags were stripped, so the simulated
    # session's lines glued into one bare line inside `return (`; it was read as an install of two invented names
    text = ("```tsx\nimport { Terminal } from \"@/components/ui/terminal\"\n\nexport default function DemoTerminal() {\n"
            " return (\n npm install @repo/terminalInstalling dependencies...npm start\n )\n}\n```\n\n"
            "```tsx\nnpm install zz-top-level-dep\n\nimport { create } from \"zustand\"\n"
            "function setup() {\n  execSync(\"npm install zz-string-dep\")\n}\n```\n\n"
            "```python\ndef f():\n    return (\n pip install zz-python-nested\n    )\n```\n")
    got, _ = mentions(text)
    names = {name for _, name, _, _ in got}
    assert "@repo/terminalInstalling" not in names and "dependencies...npm" not in names
    assert {"zz-top-level-dep", "zz-string-dep", "zz-python-nested"} <= names  # other languages as before


def test_a_headings_command_that_goes_on_with_the_titles_words_is_its_subject():
    # OpenDevBrowser's docs/investigations/skill-sync-npm-install-update-2026-07-02.md (held-out set 260), its title:
    # "# Investigation: npm install skill-sync and product-ready guidance" named `skill-sync` (npm: missing)
    for text in ("# Investigation: npm install skill-sync and product-ready guidance\n\nBody.\n",
                 "## Troubleshooting: pip install invented-zq-errors and build failures\n"):
        got, _ = mentions(text, "notes.md")
        assert got == [], text
    # a heading whose command runs to its end, and the same words on a line of prose, are still read
    got, _ = mentions("## Step 1: npm install invented-zq-step\n\n### Setup: npm install invented-zq-and && npm test\n\n"
                      "Frontend: npm install invented-zq-prose and product-ready guidance\n", "notes.md")
    assert [name for _, name, _, _ in got] == ["invented-zq-and", "invented-zq-prose", "invented-zq-step"]
    # reviewer r36: a step of instructions goes on with words too ("and configure it"): after a label of instructions
    # the command is the step's, and an invented name there is still judged
    got, _ = mentions("### Step 2: npm install invented-zq-configure and configure it\n\n"
                      "## Quick start: pip install invented-zq-quick and you are done\n", "notes.md")
    assert [name for _, name, _, _ in got] == ["invented-zq-configure", "invented-zq-quick"]


def test_a_generated_changelogs_pull_request_title_names_no_package():
    # AcademySoftwareFoundation/rez's CHANGELOG.md (held-out set 263), github-changelog-generator's merged pull
    # requests: "- pip install path remap [\#866](…/pull/866) ([j0yu](…))" named `remap`; the same bullet without
    # the pull request's link is still read as a command
    text = ("**Merged pull requests:**\n\n- pip install path remap [\\#866](https://github.com/o/rez/pull/866) "
            "([j0yu](https://github.com/j0yu))\n- npm install crash [\\#12](https://github.com/o/r/issues/12)\n")
    assert mentions(text, "CHANGELOG.md")[0] == []
    assert [n for _, n, _, _ in mentions("- pip install remapzq-x\n", "CHANGELOG.md")[0]] == ["remapzq-x"]


def test_a_link_written_the_wrong_way_round_is_its_text_not_a_command():
    # rez's ASWF/TSC/meeting-notes/2023-01-19.md (held-out set 263): "* (pip install remaps config)[https://…]", a
    # Markdown link with its parts swapped, named `remaps`; a parenthesis that says a command is still read
    text = "* Links:\n    * (pip install remaps config)[https://github.com/o/rez/wiki/Configuring-Rez#remaps]\n"
    assert mentions(text, "notes.md")[0] == []
    assert [n for _, n, _, _ in mentions("Install it (pip install remapszq-x) first.\n", "notes.md")[0]] == ["remapszq-x"]
