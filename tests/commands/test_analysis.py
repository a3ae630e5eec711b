"""analyze(): named installs, manifest installs (resolved against the folder the command runs in) and
what cannot be resolved, for one command line."""

from __future__ import annotations

import pytest

from depguard.commands import CommandPlan, analyze


def names(plan: CommandPlan) -> list[tuple[str, str]]:
    return [(t.ecosystem, t.name) for t in plan.installs]


def files(plan: CommandPlan) -> list[tuple[str, tuple[str, ...]]]:
    return [(m.format, m.files) for m in plan.manifests]


def kinds(plan: CommandPlan) -> list[str]:
    return [u.kind for u in plan.unresolved]


@pytest.mark.parametrize("command, expected", [
    ("pip install -qr requirements.txt", [("requirements", ("/p/requirements.txt",))]),
    ("pip install -rreq.txt", [("requirements", ("/p/req.txt",))]),
    ("pip install --requirement=r.txt -c c.txt", [("requirements", ("/p/r.txt",)), ("constraints", ("/p/c.txt",))]),
    ("pip install -e .", [("project", ("/p/pyproject.toml", "/p/setup.py", "/p/setup.cfg"))]),
    ("pip install '.[dev]'", [("project", ("/p/pyproject.toml", "/p/setup.py", "/p/setup.cfg"))]),
    # an editable install takes a folder or a VCS URL, never a registry name: a bare word is a folder
    # (mkdocs-material's docs workflow: git clone …/mkdocs-material-overrides.git; pip install -e mkdocs-material-overrides)
    ("pip install -e mkdocs-material-overrides", [("project", ("/p/mkdocs-material-overrides/pyproject.toml",
                                                               "/p/mkdocs-material-overrides/setup.py",
                                                               "/p/mkdocs-material-overrides/setup.cfg"))]),
    ("uv pip install --editable 'plugin[dev]'", [("project", ("/p/plugin/pyproject.toml", "/p/plugin/setup.py",
                                                              "/p/plugin/setup.cfg"))]),
    ("uv pip install -r req/dev.txt", [("requirements", ("/p/req/dev.txt",))]),
    ("uv pip sync requirements.lock", [("requirements", ("/p/requirements.lock",))]),
    ("uv sync", [("project", ("/p/pyproject.toml", "/p/uv.lock"))]),
    ("uv --directory svc sync --frozen", [("project", ("/p/svc/pyproject.toml", "/p/svc/uv.lock"))]),
    ("poetry install", [("project", ("/p/pyproject.toml", "/p/poetry.lock"))]),
    ("poetry -C api install --no-root", [("project", ("/p/api/pyproject.toml", "/p/api/poetry.lock"))]),
    ("pipenv install", [("project", ("/p/Pipfile", "/p/Pipfile.lock"))]),
    ("pipenv install -r requirements.txt", [("requirements", ("/p/requirements.txt",))]),
    ("npm install", [("project", ("/p/package.json", "/p/package-lock.json", "/p/npm-shrinkwrap.json"))]),
    ("npm ci", [("project", ("/p/package.json", "/p/package-lock.json", "/p/npm-shrinkwrap.json"))]),
    ("npm it", [("project", ("/p/package.json", "/p/package-lock.json", "/p/npm-shrinkwrap.json"))]),
    # an update naming nothing updates the project's packages and installs the missing ones (npm docs, npm-update);
    # serverless-python-requirements' PR workflow installs its dependencies so: `npm update --save-dev --no-save`
    ("npm update --save-dev --no-save", [("project", ("/p/package.json", "/p/package-lock.json",
                                                      "/p/npm-shrinkwrap.json"))]),
    ("pnpm up", [("project", ("/p/package.json", "/p/pnpm-lock.yaml", "/p/pnpm-workspace.yaml"))]),
    # ... unless it updates the global packages, and an add naming nothing installs nothing
    ("npm update -g; npm -g update; pnpm update --global; bun update -g; npm add", []),
    ("npm --prefix web install", [("project", ("/p/web/package.json", "/p/web/package-lock.json", "/p/web/npm-shrinkwrap.json"))]),
    ("yarn", [("project", ("/p/package.json", "/p/yarn.lock"))]),
    ("yarn --cwd app install", [("project", ("/p/app/package.json", "/p/app/yarn.lock"))]),
    ("pnpm -C packages/ui i", [("project", ("/p/packages/ui/package.json", "/p/packages/ui/pnpm-lock.yaml",
                                             "/p/packages/ui/pnpm-workspace.yaml"))]),
    ("bun install", [("project", ("/p/package.json", "/p/bun.lock", "/p/bun.lockb"))]),
    ("cd frontend && npm ci", [("project", ("/p/frontend/package.json", "/p/frontend/package-lock.json",
                                             "/p/frontend/npm-shrinkwrap.json"))]),
    ("(cd a && yarn); cd b; cd ../c && yarn install", [("project", ("/p/a/package.json", "/p/a/yarn.lock")),
                                                       ("project", ("/p/c/package.json", "/p/c/yarn.lock"))]),
    ("npm i ../shared", [("project", ("/shared/package.json",))]),
])
def test_manifest_installs_name_the_files_they_read(command, expected):
    plan = analyze(command, cwd="/p")
    assert files(plan) == expected
    assert not plan.installs and not plan.unresolved


def test_an_option_value_of_uvx_is_not_the_package_it_runs():
    # uv's smoke test: `(& ./uvx --generate-shell-completion powershell) | Out-String | Invoke-Expression`
    assert names(analyze("uvx --generate-shell-completion powershell")) == []
    assert names(analyze("uv --generate-shell-completion=zsh")) == []
    assert names(analyze("uvx --python 3.12 ruff check")) == [("pypi", "ruff")]


def test_uvx_given_a_python_interpreter_runs_it_and_installs_only_its_with_packages():
    # tokenizers' benchmarks workflow: `uvx --with cairosvg python …/render_bench_svg.py`; uv takes `python`, a version
    # after it and an implementation's name as an interpreter request (astral-sh/uv#11076), never as a package
    assert names(analyze("uvx --with cairosvg python .github/scripts/render_bench_svg.py --output a.png")) == [
        ("pypi", "cairosvg")]
    for command in ("uvx python@3.12", "uvx python3.13t -c 1", "uv tool run pypy3.10", "uvx --from python3.12 python",
                    "uvx cpython@3.11", "uvx graalpy"):
        assert names(analyze(command)) == [], command
    # a package whose name merely starts so is still run (and judged); pipx has no such reading
    assert names(analyze("uvx python-dotenv")) == [("pypi", "python-dotenv")]
    assert names(analyze("uvx pythonista")) == [("pypi", "pythonista")]
    assert names(analyze("uvx python3stuff")) == [("pypi", "python3stuff")]
    assert names(analyze("pipx run python")) == [("pypi", "python")]


def test_pipx_run_of_a_python_file_runs_that_script():
    # nox's tutorial (spot set 181): "you can support running using ... ``pipx run noxfile.py``": pipx runs the
    # reader's file of that name (`--path` forces a path); read as a distribution it was noxfile-py, a false DG001.
    # A package name is still judged, and so is one --spec names
    for command in ("pipx run noxfile.py", "pipx run --path tools/check.py --fix", "pipx run ./noxfile.py"):
        assert names(analyze(command)) == [], command
    assert names(analyze("pipx run noxfile")) == [("pypi", "noxfile")]
    assert names(analyze("pipx run --spec discord.py bot.py")) == [("pypi", "discord.py")]


def test_npx_runs_the_command_of_a_package_the_script_installed_before():
    # sphinx's minified-js README: `npm install -g uglify-js`, then `npx uglifyjs …` runs its bin `uglifyjs`
    script = "npm install -g uglify-js\nfor f in $(ls js/); do npx uglifyjs js/$f --compress --output min/$f; done"
    assert names(analyze(script)) == [("npm", "uglify-js")]
    assert names(analyze("npx uglifyjs js/a.js")) == [("npm", "uglifyjs")]  # nothing installed it: judged
    assert names(analyze("npm install -g uglify-js && npx uglify-es a.js")) == [("npm", "uglify-js"), ("npm", "uglify-es")]
    # pipx run / uvx name a package, whatever was installed before (pipx's docs: MY_PACKAGE, then my-package)
    assert names(analyze("pipx install MY_PACKAGE && pipx run my-package")) == [("pypi", "MY_PACKAGE"), ("pypi", "my-package")]


def test_npx_runs_the_scope_named_command_of_a_scoped_cli_package_installed_before():
    # khoj's desktop workflow (held-out set 88): `npm install -g @todesktop/cli`, then `npx todesktop build` runs its
    # bin `todesktop`; a command of other letters, or one no earlier install provides, is still a package npx fetches
    assert names(analyze("npm install -g @todesktop/cli\nnpx todesktop build")) == [("npm", "@todesktop/cli")]
    assert names(analyze("npm install -g @todesktop/cli && npx todesk build")) == [("npm", "@todesktop/cli"),
                                                                                  ("npm", "todesk")]
    assert names(analyze("npm install -g @todesktop/runtime && npx todesktop build")) == [
        ("npm", "@todesktop/runtime"), ("npm", "todesktop")]
    assert names(analyze("npx todesktop build")) == [("npm", "todesktop")]


def test_npx_runs_the_unscoped_name_of_a_scoped_package_installed_before():
    # supertokens-node's Cloudflare edge test job (held-out set 105): `npm install --save-dev @cloudflare/next-on-pages`,
    # two steps later `npx next-on-pages`: npm installs a scoped package's "bin" string under its name without the scope
    script = "npm install --save-dev @cloudflare/next-on-pages\nnpx next-on-pages"
    assert names(analyze(script)) == [("npm", "@cloudflare/next-on-pages")]
    assert names(analyze("npm i -D @acme/deploy-kit && npx deploy-kit --prod")) == [("npm", "@acme/deploy-kit")]


def test_an_unscoped_runner_name_without_that_scoped_install_before_it_is_still_fetched():
    # no install before it, an install after it, another scoped package's name, or an unscoped package of other
    # letters: npx fetches the registry's name, so it is judged
    assert names(analyze("npx next-on-pages")) == [("npm", "next-on-pages")]
    assert names(analyze("npx next-on-pages\nnpm install -D @cloudflare/next-on-pages")) == [
        ("npm", "next-on-pages"), ("npm", "@cloudflare/next-on-pages")]
    assert names(analyze("npm install -D @cloudflare/next-on-pages-x && npx next-on-pages")) == [
        ("npm", "@cloudflare/next-on-pages-x"), ("npm", "next-on-pages")]
    assert names(analyze("npm install -D @cloudflare/wrangler && npx next-on-pages")) == [
        ("npm", "@cloudflare/wrangler"), ("npm", "next-on-pages")]
    assert names(analyze("npm install -D next-on-pages-helper && npx next-on-pages")) == [
        ("npm", "next-on-pages-helper"), ("npm", "next-on-pages")]
    # a scope alone names no package: its letters are no bin
    assert names(analyze("npm install -D @cloudflare/wrangler && npx cloudflare")) == [
        ("npm", "@cloudflare/wrangler"), ("npm", "cloudflare")]


def test_a_dlx_runner_fetches_the_name_it_is_given_whatever_the_script_installed_before():
    # pnpm dlx (and its alias pnpx) and yarn dlx always fetch the registry's package of that name: an earlier install's
    # bin is no excuse, of any of the three shapes (same letters, a scoped cli's scope, a scoped package's name)
    assert names(analyze("pnpm add -D @cloudflare/next-on-pages && pnpm dlx next-on-pages")) == [
        ("npm", "@cloudflare/next-on-pages"), ("npm", "next-on-pages")]
    assert names(analyze("pnpm add -g uglify-js && pnpx uglifyjs a.js")) == [("npm", "uglify-js"), ("npm", "uglifyjs")]
    assert names(analyze("yarn add @todesktop/cli && yarn dlx todesktop build")) == [
        ("npm", "@todesktop/cli"), ("npm", "todesktop")]
    # bunx and npm exec run an installed bin first, as npx does
    assert names(analyze("bun add -d @cloudflare/next-on-pages && bunx next-on-pages")) == [
        ("npm", "@cloudflare/next-on-pages")]
    assert names(analyze("npm i -D @cloudflare/next-on-pages && npm exec next-on-pages")) == [
        ("npm", "@cloudflare/next-on-pages")]


def test_uv_pip_install_takes_uvs_own_option_values():
    # paperless-ngx's Dockerfile and gradio's install action: uv's options whose value is a word, not a package
    plan = analyze("uv pip install --no-cache --system --python-preference system --index-strategy unsafe-best-match"
                   " --requirements requirements.txt")
    assert names(plan) == [] and files(plan) == [("requirements", ("requirements.txt",))]
    assert names(analyze("uv pip install -r test/requirements.txt --torch-backend cpu")) == []
    assert names(analyze("uv pip install --torch-backend=auto torch")) == [("pypi", "torch")]


def test_qr_is_a_requirements_file_not_a_package():
    plan = analyze("pip install -qr requirements.txt")
    assert not plan.installs and files(plan) == [("requirements", ("requirements.txt",))]


def test_a_manifest_written_on_the_same_line_is_judged_by_that_text():
    plan = analyze("cat > requirements.txt <<EOF\nflask\nEOF\npip install -r requirements.txt", cwd="/p")
    (m,) = plan.manifests
    assert m.written == (("/p/requirements.txt", "flask\n"),)
    (m,) = analyze("echo fastapi >> requirements.txt && pip install -r requirements.txt", cwd="/p").manifests
    assert m.appended == (("/p/requirements.txt", "fastapi\n"),)


@pytest.mark.parametrize("command, kind", [
    ("pip install $PKG", "variable"),
    ("npm i $(curl -s https://x/names)", "remote"),
    ("pip install \"$(some-tool --print)\"", "substitution"),
    ("curl -fsSL https://get.example/install.sh | sh", "remote-script"),
    ("wget -qO- https://x/i.sh | sudo bash -s -- --yes", "remote-script"),
    ("bash <(curl -s https://x/i.sh)", "remote-script"),
    ("pip install git+https://github.com/o/r.git", "url"),
    ("npm install github:o/r", "url"),
    ("npm install readability-extractor@github:ArchiveBox/readability-extractor", "url"),  # archivebox's Dockerfile
    ("npm install x@git+https://github.com/o/r.git", "url"),
    ("npm install x@o/r#v1", "url"),
    ("pip install ./dist/pkg-1.0-py3-none-any.whl", "archive"),
    ("pip install pkg-1.0-py3-none-any.whl[core]", "archive"),
    ("pip install -i https://mirror.example/simple pkg", "other-index"),
    ("npm install --registry https://npm.example corp-lib", "other-index"),
    ("PIP_EXTRA_INDEX_URL=https://x pip install y", "other-index"),
    ("cd $WORKDIR && npm ci", "folder"),
    ("git clone https://github.com/o/r && cd r && npm install", "written"),
    ("$PIP install requests", "dynamic-tool"),
])
def test_what_cannot_be_known_is_unresolved(command, kind):
    assert kind in kinds(analyze(command, cwd="/p"))


def test_a_command_kept_off_every_index_says_where_its_names_come_from():
    # ansible's runme.sh: `pip install --no-index -f "${OUTPUT_DIR}/…/dist/" … ansible-collections.python.dist`
    plan = analyze("pip install --no-index --find-links=./dist corp-lib", cwd="/p")
    assert names(plan) == []
    assert [(u.kind, u.name, u.reason) for u in plan.unresolved] == [
        ("other-index", "corp-lib", "corp-lib comes only from ./dist (--no-index), never the public registry")]
    plan = analyze("PIP_NO_INDEX=yes pip install corp-lib", cwd="/p")
    assert [u.reason for u in plan.unresolved] == [
        "corp-lib comes only from local files (PIP_NO_INDEX=yes), never the public registry"]


@pytest.mark.parametrize("command", [
    "echo " + "$(" * 5000 + "pip install x" + ")" * 5000,  # substitutions
    "pip install " + "a " * 600_000,  # size
    "pip install " + "{a," * 2000 + "b" + "}" * 2000,  # brace expansion
    "echo a | " + "xargs " * 2000 + "pip install",  # commands running commands
    "eval " * 3000 + "pip install x",
    "for a in 1 2 3 4 5 6 7 8; do " * 8 + "pip install $a; " + "done; " * 8,  # 8**8 loop bodies
])
def test_deep_nesting_and_huge_input_are_bounded(command):
    assert "too-complex" in kinds(analyze(command))


@pytest.mark.parametrize("text", [
    "pip3.12 install foo", "pip-3.12 install foo", "python -W ignore -m pip install x", "python -mpip install x",
    "python3.11 -m pip install x", "for p in a b; do npm i $p; done", "corepack pnpm add x", "X=foo; pip install $X",
    "sudo -H pip install x", "timeout 10 pip install x", "echo a | xargs pip install", "uv run pip install x",
    "env A=1 pip install x", "time -p pip install x", "eval 'pip install x'", "bash -c 'pip install x'",
])
def test_command_patterns_know_every_form_analyze_reads(text):
    from depguard.commands import command_patterns

    start, anywhere = command_patterns()
    assert start.match(text) and anywhere.search(text)
    assert analyze(text).installs or analyze(text).unresolved


def test_command_patterns_leave_prose_alone():
    from depguard.commands import command_patterns

    start, _ = command_patterns()
    assert not start.match("the pip install command") and not start.match("python script.py")


def test_a_tool_declared_unversioned_is_read_only_as_itself():
    """`go` is declared ``Tools(versioned=False)`` by the go package: `go get x` starts a command, `go1.22 get x`
    does not, while a versioned tool's suffix (`pip3.12`) still reads as the tool."""
    from depguard.commands import _ALL_GRAMMARS, command_patterns

    assert "go" in _ALL_GRAMMARS.unversioned() and "pip" not in _ALL_GRAMMARS.unversioned()
    start, anywhere = command_patterns()
    assert start.match("go get golang.org/x/tools") and anywhere.search("then go get golang.org/x/tools")
    assert not start.match("go1.22 get golang.org/x/tools") and not anywhere.search("go1.22 get x")
    assert start.match("pip3.12 install rich") and anywhere.search("run pip3.12 install rich")


def test_the_text_reader_reads_argv_lists_that_install_from_a_manifest():
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    text = "```python\nsubprocess.run(['pip', 'install', '-r', 'requirements.txt', 'rich'])\n```\n"
    assert [m.written for m in mentions_in_text(Source(path="answer.md", text=text))] == ["rich"]


def test_the_text_reader_finds_every_form_the_model_reads():
    from depguard.parsers import Source
    from depguard.text import mentions_in_text

    for text, name in [("Run `pip3.12 install foo-a` now.", "foo-a"), ("Use `python -W ignore -m pip install foo-b`.", "foo-b"),
                       ("```\nfor p in foo-c; do npm i $p; done\n```", "foo-c"), ("`corepack pnpm add foo-d`", "foo-d")]:
        assert [m.written for m in mentions_in_text(Source(path="answer.md", text=text))] == [name], text


@pytest.mark.parametrize("command", ["pip install --requirement=${DIR}/r.txt", "pip install --requirement=$DIR/r.txt",
                                     "brew bundle --file=${DOTFILES_DIR}/install/Caskfile"])
def test_an_unknown_value_after_an_options_equals_sign_is_unknown_not_a_version(command):
    # webpro/dotfiles' Makefile: `brew bundle --file=$(DOTFILES_DIR)/install/Caskfile` was read as the file
    # 0/install/Caskfile (the "0" an unknown version becomes after `==`), so nothing was asked
    plan = analyze(command, cwd="/p")
    assert plan.manifests == () and kinds(plan) == ["variable"]
    assert names(analyze("pip install x==${V}")) == [("pypi", "x")]


def test_a_long_command_substitution_runs_its_commands_and_its_output_is_unknown():
    # Empire's PowerShell modules (held-out set 164) nest `$( … )` over whole functions: reading each again at every
    # level for what it prints made a 290 KB script (PrivescCheck.ps1) take five minutes. A substitution longer than
    # a command that prints names (`$(cat requirements.txt)`) is not read again for its output, which is then unknown
    # (reported, never a pass); the installs it runs are still found
    filler = "echo filler-line-for-length\n" * 200
    plan = analyze(f"x=$(\n{filler}pip install invented-inner-pkgz\necho invented-printed-pkgz\n)\npip install $x\n")
    assert names(plan) == [("pypi", "invented-inner-pkgz")]
    assert kinds(plan) and "invented-printed-pkgz" not in [n for _, n in names(plan)]
    short = analyze("x=$(echo invented-printed-pkgz)\npip install $x\n")
    assert names(short) == [("pypi", "invented-printed-pkgz")]


def test_nested_command_substitutions_are_read_again_for_their_output_only_to_a_bounded_depth(monkeypatch):
    # l39 (session 39, hostile input): `pip install $(echo $(echo … x))` read each level's text again for what it prints,
    # inside the reading of the level above: 40 levels parsed 545 scripts, 200 levels (a 1.6 KB line) took minutes.
    # Beyond MAX_FEED_NESTING levels the output is unknown (reported, never a pass); the scripts parsed stop growing
    from depguard.commands import _analysis
    from depguard.commands._analysis import MAX_FEED_NESTING

    parsed: list[int] = []
    real = _analysis.parse_script
    monkeypatch.setattr(_analysis, "parse_script", lambda script, *a: (parsed.append(len(script)), real(script, *a))[1])

    def nested(k: int) -> CommandPlan:
        return analyze("pip install " + "$(echo " * k + "invented-nested-zq" + ")" * k)

    counts = []
    for k in (40, 80):
        parsed.clear()
        assert names(nested(k)) == [] and "too-complex" in kinds(nested(k))
        counts.append(len(parsed))
    assert counts[0] == counts[1]  # as many scripts parsed at 80 levels as at 40 (545 and about 2,000 before)
    assert names(nested(MAX_FEED_NESTING)) == [("pypi", "invented-nested-zq")]  # within the bound: still judged
    assert names(nested(2)) == [("pypi", "invented-nested-zq")]
    deeper = nested(MAX_FEED_NESTING + 1)
    assert names(deeper) == [] and kinds(deeper)  # past it: unknown, reported


def test_braces_of_a_long_substitution_in_a_word_are_not_alternatives_but_a_short_words_are():
    from depguard.commands._analysis import MAX_FEED_SCRIPT, _brace_expand

    block = "$(" + "if ($a) { $b, $c }\n" * (MAX_FEED_SCRIPT // 18 + 1) + ")"
    assert _brace_expand(block) == [block]
    assert _brace_expand("pkg-{a,b}") == ["pkg-a", "pkg-b"]
    assert _brace_expand("plain") == ["plain"]


@pytest.mark.parametrize("command, expected", [
    # the forms MCP servers' READMEs give for each coding agent (chrome-devtools-mcp's, held-out set 184): the
    # agent registers the server and runs its command; nothing read the command, an invented server included
    ("claude mcp add a1 --scope user npx zqa-one@latest", [("npm", "zqa-one")]),
    ("claude mcp add -e API_KEY=x a2 -- npx -y zqa-two", [("npm", "zqa-two")]),
    ("claude mcp add a8 -- uvx zqb-eight", [("pypi", "zqb-eight")]),
    ("codex mcp add a3 -- npx zqa-three@latest", [("npm", "zqa-three")]),
    ("gemini mcp add -s user a4 npx zqa-four@latest", [("npm", "zqa-four")]),
    ("amp mcp add a9 -- npx zqa-nine@latest", [("npm", "zqa-nine")]),
    ("qwen mcp add --scope user a11 npx -y zqa-eleven", [("npm", "zqa-eleven")]),  # Qwen Code, Gemini CLI's fork
    ('droid mcp add a6 "npx -y zqa-six@latest"', [("npm", "zqa-six")]),
    # a server reached over HTTP runs nothing; other subcommands name no server
    ("claude mcp add --transport http a10 https://mcp.example.com/mcp", []),
    ("claude mcp remove a1", []),
    ("claude mcp list", []),
    # VS Code's command line takes the server as JSON (chrome-devtools-mcp's README: code --add-mcp '{"name":…,
    # "command":"npx","args":["-y","chrome-devtools-mcp"]}'); a URL server, or no JSON object, runs nothing
    ("""code --add-mcp '{"name":"a5","command":"npx","args":["-y","zqa-five"],"env":{}}'""", [("npm", "zqa-five")]),
    ("""code --add-mcp '{"name":"a12","type":"http","url":"https://mcp.example.com/mcp"}'""", []),
    ("code --add-mcp 'not json'", []),
])
def test_a_coding_agents_mcp_add_runs_the_servers_command(command, expected):
    assert names(analyze(command)) == expected


@pytest.mark.parametrize("command, expected", [
    # a runner fetches the package it was given and runs it with the flag, to print the package's own help
    # (datamodel-code-generator's agent skill: `uvx datamodel-codegen --help`, a name PyPI does not have)
    ("uvx datamodel-codegen --help", [("pypi", "datamodel-codegen")]),
    ("uvx --from invented-codegen-zz codegen --help", [("pypi", "invented-codegen-zz")]),
    ("pipx run invented-codegen-zz --help", [("pypi", "invented-codegen-zz")]),
    ("npx invented-codegen-zz --help", [("npm", "invented-codegen-zz")]),
    ("pnpm dlx invented-codegen-zz -h", [("npm", "invented-codegen-zz")]),
    # the tool's own help flag prints help and fetches nothing, wherever it stands; so does `help`
    ("npx --help", []),
    ("uvx --help invented-codegen-zz", []),
    ("pip install invented-codegen-zz --help", []),
    ("npm install invented-codegen-zz --help", []),
    ("uv tool install invented-codegen-zz -h", []),
    ("pip help install", []),
    # only what runs: an install a runner's package would make (npx expo install x) is not made by its help
    ("npx expo install invented-codegen-zz --help", [("npm", "expo")]),
])
def test_a_runners_package_given_before_a_help_flag_is_still_run(command, expected):
    assert names(analyze(command)) == expected
