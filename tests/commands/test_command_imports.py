"""What a command loads as its program's import: Node's preloads (``node -r dotenv/config``, ``--require``, ``--import``,
``--loader``, the same options in ``NODE_OPTIONS``) and the module ``python -m X`` runs. Before, nothing read them: an
invented id there went unjudged (session 36's gap lists; Dokploy's ``node -r dotenv/config dist/server.mjs`` in its
package.json and Dockerfile is the shape). Each is judged as an import written where the command is (Target.imported):
a path, a URL, a built-in, the standard library and the tree's own modules stay quiet."""

from __future__ import annotations

import pytest

from depguard.commands import analyze
from tests.test_docs_examples import verdicts, write


def imported(script: str) -> list[tuple[str, str, int, int]]:
    plan = analyze(script)
    return [(t.ecosystem, t.name, t.word.column + t.column_shift, t.word.line) for t in plan.imports]


@pytest.mark.parametrize(("script", "want"), [
    ("node -r dotenv/config dist/server.mjs", [("npm", "dotenv/config", 9, 1)]),
    ("node --require ts-node/register src/a.ts", [("npm", "ts-node/register", 16, 1)]),
    ("node --require=@babel/register build.js", [("npm", "@babel/register", 16, 1)]),
    ("node --inspect -r esm --import tsx a.js", [("npm", "esm", 19, 1), ("npm", "tsx", 32, 1)]),
    ("nodejs --experimental-loader ts-node/esm a.ts", [("npm", "ts-node/esm", 30, 1)]),
    ('NODE_OPTIONS="--require dd-trace/init" node app.js', [("npm", "dd-trace/init", 25, 1)]),
    ("NODE_OPTIONS=--import=tsx npm test", [("npm", "tsx", 23, 1)]),
    # payloadcms/payload's templates: npm's cross-env sets the variables of the command after them
    ('cross-env NODE_OPTIONS="--no-deprecation --import=tsx/esm" playwright test', [("npm", "tsx/esm", 51, 1)]),
    ('export NODE_OPTIONS="-r @scope/reg/register --max-old-space-size=4096"\nnode a.js',
     [("npm", "@scope/reg/register", 25, 1)]),
    # test runners and Node launchers that preload as node does (the ecosystem's [imports] preloaders): OfficeDev's
    # `mocha -r ts-node/register`, Dokploy's `tsx -r dotenv/config setup.ts`
    ("mocha -r ts-node/register test/unit/*.test.ts", [("npm", "ts-node/register", 10, 1)]),
    ("tsx -r dotenv/config setup.ts", [("npm", "dotenv/config", 8, 1)]),
    ("nodemon --watch src -r dotenv/config app.js", [("npm", "dotenv/config", 24, 1)]),
    ("ts-node --require=tsconfig-paths/register src/a.ts", [("npm", "tsconfig-paths/register", 19, 1)]),
    # the same tools started by a runner (HyperAgent's package.json: `yarn ts-node -r tsconfig-paths/register`)
    ("yarn ts-node -r tsconfig-paths/register src/cli/index.ts", [("npm", "tsconfig-paths/register", 17, 1)]),
    ("npx -y mocha@10 --require zq-npx-hook test", [("npm", "zq-npx-hook", 27, 1)]),
    ("pnpm exec tsx --import zq-exec-hook a.ts", [("npm", "zq-exec-hook", 24, 1)]),
    ("pnpm tsx -r zq-pnpm-hook a.ts", [("npm", "zq-pnpm-hook", 13, 1)]),
    ("yarn run mocha -r zq-yarn-run-hook", [("npm", "zq-yarn-run-hook", 19, 1)]),
    ("bunx mocha -r zq-bunx-hook", [("npm", "zq-bunx-hook", 15, 1)]),
    ("npm exec -- mocha -r zq-npm-exec-hook", [("npm", "zq-npm-exec-hook", 22, 1)]),
    ("python -m grpc_tools.protoc -I. a.proto", [("pypi", "grpc_tools.protoc", 11, 1)]),
    ("python3 -u -m uvicorn app:api", [("pypi", "uvicorn", 15, 1)]),
    ("python -mhttp.server 8000", [("pypi", "http.server", 10, 1)]),
    ("cd backend && python -m app.main", [("pypi", "app.main", 25, 1)]),
    ("uv run python -m zq_mod", [("pypi", "zq_mod", 18, 1)]),  # a runner's python runs it all the same
])
def test_a_preload_or_a_python_module_is_what_the_command_imports(script, want):
    assert imported(script) == want
    assert all(t.runs for t in analyze(script).installs)  # nothing is installed by it (a runner may fetch the tool)


@pytest.mark.parametrize("script", [
    "node -r ./setup.js app.js",  # a file of the tree
    "node --import /opt/hooks/register.mjs app.js",
    "node --import 'data:text/javascript,import \"x\"' a.js",  # a data: URL
    "node -r $PRELOAD app.js",  # a variable
    "NODE_OPTIONS=--max-old-space-size=4096 next build",  # no preload
    "NODE_OPTIONS='--require zq-alone'",  # set for no command
    # newrelic-node-examples' kafkajs/package.json: an option where the id belongs is no id
    "node -r --env-file .env newrelic --inspect-brk consumer.js",
    "NODE_OPTIONS='--require --inspect' node a.js",
    "mocha --timeout 5000 -r ./test/setup.js",  # a file of the tree
    "mocha -- -r zq-after-the-end-of-options",
    "nyc -r lcov mocha",  # nyc's -r is --reporter: nyc is no preloader
    "npx nyc -r lcov mocha",
    "npx mocha -r ./test/setup.js",
    "yarn mocha -- -r zq-after-the-end-of-options",
    "yarn run build -r zq-a-scripts-argument",  # a script's argument: no preloader runs
    "python -m $MODULE",
    "python -m pip install requests",  # a tool's own module: its grammar reads it (an install, not an import)
    "docker run --rm some/image python -m zq_image_module",  # the image's module, not the tree's nor a dependency
    "docker compose exec web node -r zq-in-the-container a.js",
    "cd $WHERE && python -m zq_somewhere",  # a folder the line cannot tell
])
def test_no_package_id_is_read_from_paths_urls_variables_or_a_tools_module(script):
    assert analyze(script).imports == ()


def test_the_preloaded_id_is_not_taken_for_the_script_node_runs():
    # `node -r x y.js` runs y.js: x is the preload, never a script to look for (nor is y.js an import)
    assert [t.name for t in analyze("node -r zq-preload y.js").imports] == ["zq-preload"]


def test_a_scan_judges_preloads_and_python_modules_as_imports_where_the_commands_are(tmp_path):
    write(tmp_path, {
        "package.json": ('{\n  "name": "demo",\n  "private": true,\n  "scripts": {\n'
                         '    "start": "node -r prettier/register dist/server.js",\n'
                         '    "dev": "node -r zq-invented-preload/config x.js",\n'
                         '    "own": "node -r @demo/register x.js",\n'
                         '    "builtin": "node --import node:test x.js",\n'
                         '    "local": "node -r ./setup.js x.js"\n  },\n'
                         '  "workspaces": ["packages/*"]\n}\n'),
        "packages/register/package.json": '{"name": "@demo/register", "version": "1.0.0"}\n',
        "scripts/run.sh": ("#!/bin/sh\npython -m app.main\npython -m http.server 8000\npython -m requests.help\n"
                           "python -m zq_invented_module.cli run\npython3 -m pip install requests\n"),
        "app/__init__.py": "",
        "app/main.py": "",
    })
    got = verdicts(tmp_path)
    assert {k: v for k, v in got.items() if k[0] == "package.json"} == {
        ("package.json", "prettier"): "ok",
        ("package.json", "zq-invented-preload"): "missing",
    }
    assert {k: v for k, v in got.items() if k[0] == "scripts/run.sh"} == {
        ("scripts/run.sh", "requests"): "ok",
        ("scripts/run.sh", "zq_invented_module"): "missing",
    }


def test_a_compose_service_command_runs_in_its_image_whose_modules_are_not_judged_here():
    # a service's `command:` runs in the service's image (vllm/vllm-openai's `python -m vllm.entrypoints…`, a private
    # image's own module): what it imports is that image's; its installs are still read
    from depguard.parsers import Source, get_format

    text = ("services:\n  api:\n    image: acme/private-api\n"
            "    command: sh -c 'pip install zq-compose-install && python -m zq_image_module'\n")
    found = list(get_format("compose-commands").parse(Source(path="docker-compose.yml", text=text)))
    assert [m.key.name for m in found] == ["zq-compose-install"]



def test_a_module_run_is_asked_as_its_distribution_by_the_import_map(tmp_path):
    # h2ogpt's docs/build_windows_gpu.sh: `python -m nsist windows_installer.cfg`, Pynsist's module (its PyPI page:
    # `pip install pynsist`, or `python -m nsist installer.cfg`); PyPI has no nsist. An invented neighbour stays its own
    from pathlib import Path

    from depguard.config import Settings
    from depguard.scan import collect_paths

    write(tmp_path, {"docs/build.sh": "python -m nsist windows_installer.cfg\npython -m nsistx windows_installer.cfg\n"})
    collected = collect_paths([Path(tmp_path)], Settings())
    asked = {(m.written, m.key.ecosystem, m.key.name) for m in collected.mentions if m.written.startswith("nsist")}
    assert asked == {("nsist", "pypi", "pynsist"), ("nsistx", "pypi", "nsistx")}


def dockerfile_mentions(text: str) -> list[tuple[str, str, str, int, int]]:
    from depguard.parsers import Source, get_format

    return [(m.key.ecosystem, m.written, m.origin.value, m.location.line, m.location.column)
            for m in get_format("dockerfile").parse(Source(path="Dockerfile", text=text))]


def test_a_dockerfiles_cmd_and_entrypoint_are_commands_read_as_run_is():
    # Before, only RUN was read: the command a container of the image starts with went unjudged. Shapes from the
    # mirrored repositories: Dokploy's `CMD ["sh", "-c", "node -r dotenv/config … && exec node -r dotenv/config …"]`
    # (every command of the sh -c argument, not the first one alone), gptme's `ENTRYPOINT ["python", "-m", "gptme"]`,
    # llama-cpp-python's shell form `CMD python3 -m llama_cpp.server`, qdrant's `CMD uvx mcp-server-qdrant`
    text = ("FROM node:20\n"
            'CMD ["sh", "-c", "node -r dotenv/config a.mjs && exec node -r zq-second-preload b.mjs"]\n'
            'ENTRYPOINT [ "python3", "-m", "zq_exec_form" ]\n'
            "cmd python3 -m zq_shell_form.server \\\n    --port 8000\n"
            "CMD uvx zq-run-tool --transport sse\n"
            'CMD ["run", "--allow-net", "main.ts"]\n'  # an ENTRYPOINT's arguments: no command of a package
            "CMD --port 8000\n"
            # HEALTHCHECK's CMD runs in the container too, after its options
            "HEALTHCHECK --interval=30s --timeout=3s CMD node -r zq-health-hook healthcheck.js\n"
            'HEALTHCHECK CMD ["python", "-m", "zq_health_module"]\n'
            "HEALTHCHECK NONE\n")
    assert sorted(dockerfile_mentions(text), key=lambda m: m[3:]) == [
        ("npm", "dotenv", "import", 2, 27),
        ("npm", "zq-second-preload", "import", 2, 63),
        ("pypi", "zq_exec_form", "import", 3, 32),
        ("pypi", "zq_shell_form", "import", 4, 16),
        ("pypi", "zq-run-tool", "command", 6, 9),
        ("npm", "zq-health-hook", "import", 9, 53),
        ("pypi", "zq_health_module", "import", 10, 35),
    ]


def test_a_dockerfiles_cmd_judges_its_module_as_the_trees_import(tmp_path):
    # the container runs in the image the Dockerfile builds: the tree's own modules, the requirements beside it and the
    # standard library stay quiet; an invented module, and an invented preload, are flagged
    write(tmp_path, {
        "Dockerfile": ("COPY . /app\nRUN pip install -r requirements.txt\n"
                       'CMD ["python", "-m", "app.main"]\n'
                       'ENTRYPOINT ["python", "-m", "requests.help"]\n'
                       'CMD ["python", "-m", "zq_invented_entry"]\n'
                       'CMD ["node", "-r", "prettier/register", "-r", "zq-invented-hook", "s.js"]\n'),
        "requirements.txt": "requests\n",
        "app/__init__.py": "",
        "app/main.py": "",
    })
    got = {k: v for k, v in verdicts(tmp_path).items() if k[0] == "Dockerfile"}
    assert got == {
        ("Dockerfile", "requests"): "ok",
        ("Dockerfile", "zq_invented_entry"): "missing",
        ("Dockerfile", "prettier"): "ok",
        ("Dockerfile", "zq-invented-hook"): "missing",
    }


CI = """on: push
env:
  NODE_OPTIONS: --require zq-invented-env-hook --max-old-space-size=4096
jobs:
  test:
    runs-on: ubuntu-latest
    env:
      NODE_OPTIONS: "--import prettier/register --require ./test/setup.js"
    steps:
      - run: npm test
        env:
          NODE_OPTIONS: '-r dotenv/config'  # a comment
      - run: npm run build
        env:
          NODE_OPTIONS: --max-old-space-size=8192
          "NODE_OPTIONS": ${{ env.PRELOAD }}
          OTHER: "NODE_OPTIONS: --require zq-not-a-key"
"""


def test_a_ci_workflows_node_options_entries_preload_as_node_options_does():
    # NODE_OPTIONS set in a workflow's env: map (the workflow's, a job's, a step's) is the environment of every Node
    # process of those steps: its preloads are judged as require()s there, as `NODE_OPTIONS='-r x' node` is. A path, an
    # expression, an option without an id and a value that only holds the words name nothing
    from depguard.parsers import Source, get_format

    lines = CI.split("\n")
    found = list(get_format("ci-yaml").parse(Source(path=".github/workflows/ci.yml", text=CI)))
    assert [(m.key.name, m.origin.value, m.location.line) for m in found] == [
        ("zq-invented-env-hook", "import", 3), ("prettier", "import", 8), ("dotenv", "import", 12)]
    assert all(lines[m.location.line - 1][m.location.column - 1:].startswith(m.written) for m in found)


def test_a_scan_flags_an_invented_node_options_preload_of_a_workflow(tmp_path):
    write(tmp_path, {".github/workflows/ci.yml": CI, "test/setup.js": "",
                     "package.json": '{"name": "demo", "private": true}\n'})
    got = {k: v for k, v in verdicts(tmp_path).items() if k[0] == ".github/workflows/ci.yml"}
    assert got == {(".github/workflows/ci.yml", "zq-invented-env-hook"): "missing",
                   (".github/workflows/ci.yml", "prettier"): "ok",
                   (".github/workflows/ci.yml", "dotenv"): "missing"}  # the stand-in registry knows prettier only
