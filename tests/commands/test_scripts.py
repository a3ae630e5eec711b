"""Install commands in files that hold shell: every expected (ecosystem, name, spec, line, column) and nothing else."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard.parsers import Source, formats_for, get_format

FIXTURES = Path(__file__).parent / "fixtures"

CASES = {
    "shell": ("install.sh", [
        ("pypi", "requests", "==2.31.0", 4, 21),
        ("pypi", "flask", ">=3", 4, 39),  # after the quote of 'flask[async]>=3'
        ("pypi", "numpy", None, 5, 97),  # PIP_NO_CACHE_DIR=1 env -u HOME python3 -m pip, --index-url value skipped
        ("pypi", "rich", None, 6, 32),
        ("npm", "vite", "5", 6, 47),
        ("npm", "typescript", None, 6, 65),
        ("pypi", "httpx", None, 9, 5),  # line continuations
        ("pypi", "pydantic", None, 11, 5),
        ("npm", "create-next-app", None, 12, 13),  # inside "$(...)"; my-app is its argument
        ("pypi", "ruff", None, 13, 5),  # uvx ruff check . -> only ruff
        ("pypi", "black", None, 14, 10),  # pipx run black .
        ("npm", "create-vite", None, 15, 12),  # npm create vite@latest
        ("npm", "lodash", None, 16, 32),  # inside if/then
        ("pypi", "a", None, 17, 31),  # for p in a b: each value, placed at "$p"
        ("pypi", "b", None, 17, 31),
        ("pypi", "heredoc-fed-to-bash", None, 22, 13),  # a here-document fed to bash is shell
        ("npm", "@scope/tool", None, 24, 13),  # redirections are not arguments
        ("pypi", "winpkg", None, 25, 19),  # py -m pip
    ]),
    "dockerfile": ("Dockerfile", [
        ("pypi", "gunicorn", None, 3, 32),
        ("pypi", "uvicorn", None, 3, 41),
        ("pypi", "exec-form", None, 5, 25),
        ("pypi", "after-comment", None, 9, 5),  # Docker drops comment lines inside a continued RUN
        ("npm", "after-and", None, 10, 23),
        ("pypi", "heredoc-run", None, 15, 13),  # RUN <<EOT: Docker runs the here-document as a script
        ("pypi", "after-heredoc", None, 17, 17),  # the body of cat <<EOF is text; the next RUN is read again
    ]),
    "ci-yaml": ("ci.yml", [
        ("pypi", "pytest-cov", None, 8, 26),
        ("npm", "eslint", "9", 12, 21),
        ("npm", "job-named-install", None, 17, 23),  # a job called install: is a mapping, not a command list
    ]),
    "makefile": ("Makefile", [
        ("pypi", "tox", None, 2, 17),
        ("npm", "pnpm", None, 3, 24),
    ]),
    "powershell": ("install.ps1", [
        ("pypi", "pywin32", None, 3, 25),  # py -3.12 -m pip
        ("npm", "windows-build-tools", None, 3, 49),
        ("pypi", "pillow", None, 5, 5),  # backtick continuation
    ]),
}


@pytest.mark.parametrize("fmt", sorted(CASES))
def test_script_fixture(fmt):
    name, expected = CASES[fmt]
    source = Source(path=name, text=(FIXTURES / name).read_text())
    got = [(m.key.ecosystem, m.key.name, m.spec, m.location.line, m.location.column)
           for m in get_format(fmt).parse(source)]
    assert got == expected
    assert source.problems == []


@pytest.mark.parametrize("fmt", sorted(CASES))
def test_empty_file_has_no_mentions(fmt):
    assert list(get_format(fmt).parse(Source(path="empty", text=""))) == []


def test_written_text_and_notes():
    source = Source(path="install.sh", text=(FIXTURES / "install.sh").read_text())
    by_name = {m.key.name: m for m in get_format("shell").parse(source)}
    assert by_name["create-vite"].written == "vite@latest"
    assert by_name["ruff"].note == "runs the package (uvx)"
    assert by_name["flask"].written == "flask[async]>=3"
    assert "heredoc-not-a-command" not in by_name and "commented-out-not-read" not in by_name


def test_an_included_makefile_named_makefile_dash_something_is_read_as_a_makefile():
    # lorax and text-generation-inference split their server Makefile into `include Makefile-flash-att`, Makefile-awq
    # …, whose recipes install packages; none was read (held-out set 224)
    from depguard.parsers import formats_for

    assert [f.name for f in formats_for("server/Makefile-flash-att") if f.kind == "script"] == ["makefile"]
    assert [f.name for f in formats_for("server/notMakefile-x")] == []
    source = Source(path="server/Makefile-flash-att", text="flash-attention:\n\tpip install -U packaging ninja-madeupz\n")
    assert [m.key.name for m in get_format("makefile").parse(source)] == ["packaging", "ninja-madeupz"]


def test_makefile_variables_standing_for_a_tool():
    """``PIP := $(VENV)/bin/pip`` … ``$(PIP) install x``: the Makefile's own variables are expanded as make would
    (``?=`` keeps the first value, ``:=`` at once, ``=`` when used, continuations joined, comments dropped);
    one set by ``!=``/``$(shell …)`` or outside the file stays unknown, and ``echo`` runs nothing."""
    source = Source(path="variables.mk", text=(FIXTURES / "variables.mk").read_text())
    got = [(m.key.ecosystem, m.key.name, m.spec, m.location.line, m.location.column)
           for m in get_format("makefile").parse(source)]
    assert got == [
        ("pypi", "requests", None, 18, 17),  # PIP := $(VENV)/bin/pip
        ("pypi", "httpx", ">=0.27", 19, 18),  # PIP_INSTALL = $(PYTHON) -m pip install \ --upgrade
        ("pypi", "ruff", None, 20, 21),  # ${UV}
        ("npm", "prettier", None, 21, 28),  # NPM ?= npm, then NPM ?= yarn changes nothing
        ("pypi", "pywin32", None, 26, 22),  # set inside ifeq, '# the launcher' is a comment
        ("pypi", "from-shell-var", None, 28, 34),  # $$PY is the recipe shell's own variable
        ("docker", "acme/docs-builder", None, 32, 18),  # (built on line 31: a scan leaves it out)
    ]
    assert source.problems == []


def test_makefile_variable_of_an_image_it_builds_is_local():
    from depguard.ecosystems.docker._local_images import built_images

    assert built_images([(FIXTURES / "variables.mk", "variables.mk")], 1 << 20) == frozenset({"acme/docs-builder"})


@pytest.mark.parametrize(("fixture", "expected"), [
    ("justfile", [
        ("pypi", "requests", None, 14, 21),  # {{pip}}: pip := venv / "bin/pip"
        ("pypi", "pre-commit", None, 15, 33),  # {{ python }} -m pip
        ("pypi", "ruff", None, 16, 30),  # the '-' prefix (ignore errors) is not shell
        ("pypi", "from-exported", None, 17, 26),  # export UV_TOOL: the recipe shell's environment
        ("cargo", "cargo_nextest", None, 23, 23),  # #!/usr/bin/env bash recipe
        ("npm", "lodash", None, 36, 25),  # {{PKG}} is a parameter: unknown, the next name still counts
    ]),
    # set shell := python3: linewise recipes are Python; a [script("bash")] recipe is still shell
    ("python-shell.just", [("pypi", "from-bash-script", None, 8, 17)]),
], ids=["recipes", "python-shell"])
def test_justfile_recipes(fixture, expected):
    """Only recipe lines a shell runs are read: assignments, comments, python/node shebang and [script] recipes
    and echo'd text are not; {{…}} of the file's own variables is their value."""
    source = Source(path=fixture, text=(FIXTURES / fixture).read_text())
    got = [(m.key.ecosystem, m.key.name, m.spec, m.location.line, m.location.column)
           for m in get_format("justfile").parse(source)]
    assert got == expected
    assert source.problems == []


def test_justfile_is_claimed_by_name():
    from depguard.parsers import formats_for

    assert [f.name for f in formats_for("tools/justfile")] == ["justfile"]
    assert [f.name for f in formats_for("Justfile")] == ["justfile"]
    assert "justfile" in [f.name for f in formats_for("ci.just")]


def test_a_navi_cheat_sheet_is_read_as_the_shell_it_runs():
    # held-out set 210 (curated lists and cheat sheets): denisidoro/cheats' .cheat files were not read at all. Their
    # `% tags`, `; comment` and `@ extends` lines are no shell, a `$ name: command --- options` line runs its command
    # for the variable's choices, and a `<name>` slot is no package (denisidoro/cheats' pkg_mgr/javascript.cheat:
    # npm install <package_name> -g); a made-up package in a command line is judged
    from depguard.parsers import formats_for

    text = ("% python, pip\n\n# Install the linters\npip install ruff lint-invented-zq\n\n# Install a package globally\n"
            "npm install <package_name> -g\n\n; pip install commented-out-zq\n@ git\n\n"
            "$ package: pip list --format=freeze | cut -d= -f1 --- --column 1\n"
            "$ tool: npx tool-picker-zq --list --- --multi --preview \"pip install preview-zq\"\n")
    source = Source(path="python.cheat", text=text)
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
           for m in get_format("navi-cheat").parse(source)]
    assert got == [("pypi", "ruff", 4, 13), ("pypi", "lint-invented-zq", 4, 18), ("npm", "tool-picker-zq", 13, 13)]
    assert [f.name for f in formats_for("pkg_mgr/javascript.cheat")] == ["navi-cheat"]



@pytest.mark.parametrize(("fmt", "path", "indent"), [("makefile", "Makefile", "\t"), ("justfile", "justfile", "    ")])
def test_a_recipes_continuation_lines_keep_their_leading_dash(fmt, path, indent):
    # held-out set 235: pyro-ppl/pyro's docker/Makefile continues `docker run --init -it --user ${USER} \` with a
    # recipe line `-v ${HOST_WORK_DIR}:${DOCKER_WORK_DIR} \`; make strips only the tab of a continuation line (its
    # @, - and + prefixes count at a recipe line's start only), and the -v read as `v` was judged as Docker Hub's
    # library/v. A logical line's own `-` prefix is still make's, not the shell's. just strips @ or - the same way
    # (only where no line it continues stands before it), and writes a #! recipe's body out as it is.
    lines = ["run:", "docker run --init -it --user me \\", "-v /a:/b \\", "pyro-img bash", "lint:",
             "-pip install madeup-linter-xq", "@pip install \\", "-r requirements.txt madeup-after-option"]
    if fmt == "justfile":
        lines += ["setup:", "#!/usr/bin/env bash", "docker run --rm \\", "-v /a:/b madeup/tool-img"]
    text = "".join(line + "\n" if line.endswith(":") else indent + line + "\n" for line in lines)
    got = [(m.key.ecosystem, m.key.name, m.location.line) for m in get_format(fmt).parse(Source(path=path, text=text))]
    assert got == [("docker", "library/pyro-img", 4), ("pypi", "madeup-linter-xq", 6),
                   ("pypi", "madeup-after-option", 8)] + ([("docker", "madeup/tool-img", 12)] if fmt == "justfile" else [])


# A Jenkins pipeline's sh steps (the shapes of MycroftAI/mycroft-core's and linuxserver's Jenkinsfiles: a
# single-quoted step continued with backslashes, `sh '''#! /bin/bash …'''`, `sh(script: …, returnStdout: true)`)
JENKINSFILE = """pipeline {
  agent any
  environment { PIP = 'pip install zqxv-in-an-env-value' }
  stages {
    stage('build') {
      steps {
        echo 'pip install zqxv-in-an-echo'
        // sh 'pip install zqxv-commented-out'
        /* sh "npm install zqxv-block-comment" */
        sh 'pip install zqxv-jenkins-one \\
              requests'
        sh "npm install zqxv-jenkins-two@${env.VERSION}"; sh 'npm ci'
        sh '''#! /bin/bash
          pip install zqxv-jenkins-three
        '''
        script { env.V = sh(script: 'npm install -g zqxv-jenkins-four', returnStdout: true).trim() }
        sh(label: 'deps', script: "pip install zqxv-jenkins-five")
        writeFile file: 'x.sh', text: 'pip install zqxv-written-text'
      }
    }
  }
}
"""


def test_jenkinsfile_sh_steps_are_read_and_other_strings_and_comments_are_not():
    source = Source("Jenkinsfile", JENKINSFILE)
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
           for m in get_format("jenkinsfile").parse(source)]
    assert got == [("pypi", "zqxv-jenkins-one", 10, 25), ("pypi", "requests", 11, 15),
                   ("npm", "zqxv-jenkins-two", 12, 25), ("pypi", "zqxv-jenkins-three", 14, 23),
                   ("npm", "zqxv-jenkins-four", 16, 53), ("pypi", "zqxv-jenkins-five", 17, 48)]
    assert source.problems == []
    assert {f.name for f in formats_for("Jenkinsfile")} == {"jenkinsfile"}
    assert "jenkinsfile" in {f.name for f in formats_for("ci/jenkinsfile.groovy")}
    assert "jenkinsfile" not in {f.name for f in formats_for("src/main/groovy/Handler.groovy")}


def test_a_jenkins_shared_librarys_global_variables_are_read_as_its_steps():
    """A shared library's ``vars/NAME.groovy`` defines the step ``NAME`` pipelines call: its ``sh`` steps run as a
    Jenkinsfile's do. Another Groovy file of the library (``src/org/acme/Build.groovy``) is not read."""
    text = ("def call(Map config = [:]) {\n    // sh 'pip install zqxv-vars-commented'\n"
            "    sh 'pip install zqxv-vars-one'\n    sh \"npm install zqxv-vars-two@${config.version}\"\n}\n")
    got = [(m.key.ecosystem, m.key.name, m.location.line)
           for m in get_format("jenkinsfile").parse(Source("vars/buildPython.groovy", text))]
    assert got == [("pypi", "zqxv-vars-one", 3), ("npm", "zqxv-vars-two", 4)]
    assert "jenkinsfile" in {f.name for f in formats_for("vars/buildPython.groovy")}
    assert "jenkinsfile" in {f.name for f in formats_for("jenkins-lib/vars/deploy.groovy")}
    assert "jenkinsfile" not in {f.name for f in formats_for("src/org/acme/Build.groovy")}


# A Tekton Task (tektoncd/catalog's shape: steps with an image and a `script: |` block, one in Python)
TEKTON_TASK = """apiVersion: tekton.dev/v1
kind: Task
metadata:
  name: pytest
spec:
  params:
    - name: REQUIREMENTS
      default: requirements.txt
  steps:
    - name: install
      image: docker.io/library/python:3.12
      script: |
        #!/usr/bin/env bash
        set -e
        pip install -r $(params.REQUIREMENTS)
        pip install zqxv-tekton-one
    - name: report
      image: docker.io/library/python:3.12
      script: |
        #!/usr/bin/env python3
        print("pip install zqxv-tekton-python")
    - name: lint
      image: node:20
      script: npm install -g zqxv-tekton-inline
      command: ["pip"]
      args: ["install", "zqxv-tekton-args"]
"""


def test_tekton_steps_scripts_are_read_as_their_shell():
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
           for m in get_format("tekton").parse(Source("tekton/pytest.yaml", TEKTON_TASK))]
    assert got == [("pypi", "zqxv-tekton-one", 16, 21), ("npm", "zqxv-tekton-inline", 24, 30)]
    # the same steps in a file that is no Tekton resource (no tekton.dev apiVersion) say nothing to this reader
    assert list(get_format("tekton").parse(Source("k8s/job.yaml", TEKTON_TASK.replace("tekton.dev", "batch")))) == []


# A Tiltfile (Starlark): tilt-dev's examples and the shapes of Netflix/metaflow's devtools/Tiltfile
# (`local_resource(name="install-dev-deps", cmd="python -m pip install -r requirements-devstack.txt", …)`) and
# gethomepage/homepage's k3d/Tiltfile (`run('cd /app && pnpm install', trigger=[…])` in a live update)
TILTFILE = """load('ext://restart_process', 'docker_build_with_restart')
docker_build('acme/api', '.', live_update=[run('pip install zqxv-tilt-live', trigger=['requirements.txt'])])
local('pip install zqxv-tilt-local')
local_resource('deps', 'npm install zqxv-tilt-positional', deps=['package.json'])
local_resource(
    name="install-dev-deps",
    cmd="python -m pip install -r requirements-devstack.txt",
    serve_cmd=['uvx', 'zqxv-tilt-served'],
)
custom_build('acme/web', 'docker build -t $EXPECTED_REF web', ['web'])
# local('pip install zqxv-tilt-comment')
print('pip install zqxv-tilt-printed')
k8s_resource('api', port_forwards='8000:8000', labels=['pip install zqxv-tilt-label'])
"""


def test_a_tiltfiles_commands_are_read():
    got = [(m.key.ecosystem, m.key.name, m.location.line)
           for m in get_format("tiltfile").parse(Source("Tiltfile", TILTFILE))]
    assert sorted(got) == [("npm", "zqxv-tilt-positional", 4), ("pypi", "zqxv-tilt-live", 2),
                           ("pypi", "zqxv-tilt-local", 3), ("pypi", "zqxv-tilt-served", 8)]
    assert {f.name for f in formats_for("dev/Tiltfile")} == {"tiltfile"}


def test_a_powershell_splat_is_a_variables_values_not_an_npm_scope():
    """PowerShell's ``@args`` as a whole argument splats the variable $args (about_Splatting): a profile's
    ``function npmI { npm init @args }`` (Randallsm83/dotfiles' Documents/PowerShell/Scripts/70-npm.ps1) passes the
    function's own arguments, and was read as the initializer ``@args/create`` (held-out set 316). A scope goes on
    past its name (``@types/node``) and stays the literal argument it is in PowerShell too; a shell script's
    ``@args`` is literal."""
    profile = (
        "# npm aliases\n"
        "function npmI { npm init @args }\n"
        "function npmC { npm create @PSBoundParameters; npm update @args}\n"
        "npm install -g @angulr/cli\n"  # a look-alike scope of @angular: still read
        "npm init @vitejs/app\n"  # npm init <@scope/name> -> @scope/create-name
        "npm init @evil-scope\n"  # `-` is no variable name's: not a splat, still read
    )
    source = Source(path="Documents/PowerShell/Scripts/70-npm.ps1", text=profile)
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
           for m in get_format("powershell").parse(source)]
    assert got == [("npm", "@angulr/cli", 4, 16), ("npm", "@vitejs/create-app", 5, 10),
                   ("npm", "@evil-scope/create", 6, 10)]
    shell = Source(path="npm.sh", text="npm init @args\n")
    assert [m.key.name for m in get_format("shell").parse(shell)] == ["@args/create"]


def test_a_powershell_splat_in_a_powershell_fence_is_a_variable():
    from depguard.text import mentions_in_text

    doc = ("```powershell\nfunction npmI { npm init @args }\nnpm init @vitejs/app\n```\n\n"
           "```sh\nnpm init @args\n```\n")
    assert [m.key.name for m in mentions_in_text(Source(path="README.md", text=doc))] == [
        "@vitejs/create-app", "@args/create"]
