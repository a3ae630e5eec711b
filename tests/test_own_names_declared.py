"""What the scanned tree makes itself is declared per ecosystem (the ``[own]`` table of ``ecosystem.toml``,
read by depguard/scan.py): docker's images the tree builds (read by its own reader) and npm's workspace
package names in install commands are left out of the scan, and the engine names neither ecosystem."""

from __future__ import annotations

from pathlib import Path

import pytest

from depguard import scan
from depguard.config import Settings
from depguard.errors import ConfigError
from depguard.model import Origin
from depguard.scan import collect_paths, own_names, read_own


def test_docker_and_npm_declare_what_a_tree_makes_itself():
    declared = {own.ecosystem: own for own in own_names()}
    assert declared["docker"].hints == "local_images" and declared["docker"].reader == "_local_images:built_images"
    assert declared["docker"].origins is None
    assert declared["npm"].hints == "local_packages" and declared["npm"].origins == frozenset({Origin.COMMAND})
    assert declared["npm"].reader == "defined_names:defined_names"  # package.json/deno.json/jsr.json names
    assert declared["npm"].document_origins == frozenset({Origin.MANIFEST})  # a manifest a document's block shows
    assert declared["docker"].document_origins == frozenset()
    # the crates of the tree's Cargo.toml files, in Rust imports only (a manifest or `cargo install` asks crates.io)
    assert declared["cargo"].hints == "local_crates" and declared["cargo"].origins == frozenset({Origin.IMPORT})
    # the modules of the tree's go.mod files, in Go imports only (a go.mod's require and `go install` ask the proxy)
    assert declared["go"].hints == "local_go_modules" and declared["go"].origins == frozenset({Origin.IMPORT})


def test_an_image_the_tree_builds_and_a_package_it_defines_are_left_out_as_declared(tmp_path: Path, monkeypatch):
    (tmp_path / "package.json").write_text('{"name": "@acme/tool", "dependencies": {"@acme/tool": "1"}}\n')
    (tmp_path / "build.sh").write_text("docker build -t acme/api .\ndocker run acme/api\ndocker run redis\n"
                                       "npm install @acme/tool left-pad\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((m.key.ecosystem, m.key.name, m.origin.value) for m in out.mentions)
    assert ("docker", "library/redis", "command") in names and ("npm", "left-pad", "command") in names
    assert not [n for n in names if n[1] in ("acme/api", "library/acme/api")]
    assert ("npm", "@acme/tool", "command") not in names  # the tree's own package, in an install command
    monkeypatch.setattr(scan, "own_names", lambda: [])  # no declaration: nothing is the tree's own
    undeclared = {(m.key.ecosystem, m.key.name) for m in collect_paths([tmp_path], Settings(use_cache=False)).mentions}
    assert ("npm", "@acme/tool") in undeclared and ("docker", "acme/api") in undeclared


@pytest.mark.parametrize("table, says", [
    ([], "expected a table"),
    ({"hints": "no_such_fact"}, "whose hints names a set of parsers.Hints"),
    ({"hints": "python"}, "whose hints names a set"),
    ({"hints": "local_images", "colour": 1}, "expected a table"),
    ({"hints": "local_images", "origins": ["prose"]}, ".origins: expected a list of"),
    ({"hints": "local_images", "documents": "no"}, ".documents: expected true, false or \"scoped\""),
    ({"hints": "local_images", "document_origins": ["prose"]}, ".document_origins: expected a list of"),
])
def test_a_bad_own_table_is_an_error_naming_the_file(table, says):
    with pytest.raises(ConfigError, match=f"^x/ecosystem.toml: own.*{says}"):
        read_own("x", table, "x/ecosystem.toml: own")


def test_a_manifest_a_document_shows_naming_the_trees_own_package_is_the_projects_own(tmp_path: Path):
    # OpenDevBrowser (freshtechbro/opendevbrowser, held-out set 260): package.json is "opendevbrowser", and
    # docs/CLI.md shows the opencode.json its CLI writes, `"plugin": ["opendevbrowser"]`, as its README's
    # `npm install -g opendevbrowser` installs it: the project's own package, left out as that command's name is.
    # Another plug-in in the same block, and the own name in an opencode.json file of the tree, are still read
    (tmp_path / "package.json").write_text('{"name": "zz-own-plugin", "version": "0.0.40"}\n')
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "CLI.md").write_text(
        "# CLI\n\nThe CLI modifies `opencode.json` to register the plugin:\n\n```jsonc\n{\n"
        '  "$schema": "https://opencode.ai/config.json",\n  "plugin": ["zz-own-plugin", "zz-other-plugin"]\n}\n```\n')
    (tmp_path / "opencode.json").write_text('{"plugin": ["zz-own-plugin", "zz-tree-plugin"]}\n')
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((m.location.path.rpartition("/")[2], m.key.name) for m in out.mentions if m.key.ecosystem == "npm")
    assert names == [("CLI.md", "zz-other-plugin"), ("opencode.json", "zz-own-plugin"),
                     ("opencode.json", "zz-tree-plugin")]


def test_a_runner_given_a_command_the_trees_own_package_defines_runs_it(tmp_path: Path):
    # vant (held-out set 46): packages/vant-cli/package.json is @vant/cli with "bin": {"vant-cli": …}, and the docs
    # scripts run `npx vant-cli dev`. Installing that command's name, or running a command nothing here defines,
    # is still judged
    (tmp_path / "packages" / "vant-cli").mkdir(parents=True)
    (tmp_path / "packages" / "vant-cli" / "package.json").write_text(
        '{"name": "@vant/cli", "bin": {"vant-cli": "./bin.js"}}\n')
    (tmp_path / "packages" / "single").mkdir()
    (tmp_path / "packages" / "single" / "package.json").write_text('{"name": "@acme/gen-docs", "bin": "./cli.js"}\n')
    (tmp_path / "dev.sh").write_text("npx vant-cli dev\nnpx gen-docs build\nnpx vant-cli-imagined dev\n"
                                     "npm install -g vant-cli\n")
    # a document tells its reader to run the command wherever they are (apostrophe's docs: npx apos-db-dump, a
    # reviewed true problem): judged
    (tmp_path / "packages" / "vant-cli" / "README.md").write_text("```bash\nnpx vant-cli dev\n```\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((m.location.path.rpartition("/")[2], m.key.name, m.note or "") for m in out.mentions
                   if m.key.ecosystem == "npm")
    assert [(f, n) for f, n, _ in names] == [("README.md", "vant-cli"), ("dev.sh", "vant-cli"),
                                              ("dev.sh", "vant-cli-imagined")]
    assert not next(note for f, n, note in names if f == "dev.sh" and n == "vant-cli").startswith("runs the package")



def test_a_contributor_guide_runs_the_trees_own_command_in_the_checkout(tmp_path: Path):
    # nand2tetris/web-ide (held-out set 233): DEVELOPMENT.md, the guide to working on the npm workspaces monorepo ("Key
    # Commands (run from repo root)"), lists `cli/` as "`npx nand2tetris grade` grading CLI", the bin of the workspace
    # member @nand2tetris/cli (cli/package.json "bin": {"nand2tetris": …}); npm has no `nand2tetris`. A contributor guide
    # (CONTRIBUTING, DEVELOPMENT, HACKING …) is read in a checkout whose install links the tree's bins, as the tree's
    # scripts run them. Its runner of a command nothing here defines, and a user-facing page (the README) running the
    # tree's command, are still judged
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / "package.json").write_text('{"name": "@nand2tetris/cli", "bin": {"nand2tetris": "dist/index.js"}}\n')
    (tmp_path / "package.json").write_text('{"name": "@nand2tetris/web-ide", "workspaces": ["cli"]}\n')
    (tmp_path / "DEVELOPMENT.md").write_text("| Package | Role |\n|---|---|\n| `cli/` | `npx nand2tetris grade` grading CLI |\n\n"
                                            "```sh\nnpx quux-madeup-cli build\n```\n")
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github" / "CONTRIBUTING.md").write_text("Run the grader:\n\n```sh\nnpx nand2tetris grade\n```\n")
    (tmp_path / "README.md").write_text("```sh\nnpx nand2tetris grade\n```\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    runs = sorted((Path(m.location.path or "").relative_to(tmp_path).as_posix(), m.key.name) for m in out.mentions
                  if m.key.ecosystem == "npm")
    assert runs == [("DEVELOPMENT.md", "quux-madeup-cli"), ("README.md", "nand2tetris")]


def test_a_coding_agents_instructions_for_the_project_run_the_trees_own_command_in_the_checkout(tmp_path: Path):
    # grafana/plugin-tools (held-out set 247's spot set): .claude/skills/write-codemod/SKILL.md, a project skill the
    # agent loads when it works on this repository, runs `npx create-plugin update`, the bin of the workspace member
    # @grafana/create-plugin (npm has no `create-plugin`). An agent's instructions for the project (AGENTS.md,
    # CLAUDE.md, the documents of .claude/, .cursor/ …) are read in the checkout, as a contributor guide is; a command
    # nothing here defines, a skill shipped to users outside those folders (skills/) and the README are still judged
    (tmp_path / "packages" / "create-plugin").mkdir(parents=True)
    (tmp_path / "packages" / "create-plugin" / "package.json").write_text(
        '{"name": "@grafana/create-plugin", "bin": {"create-plugin": "dist/bin/run.js"}}\n')
    (tmp_path / "package.json").write_text('{"name": "plugin-tools", "workspaces": ["packages/*"]}\n')
    skill = tmp_path / ".claude" / "skills" / "write-codemod"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("Runs via `npx create-plugin update`.\n\n```sh\nnpx quux-madeup-cli build\n```\n")
    (tmp_path / "AGENTS.md").write_text("```sh\nnpx create-plugin add externalize-jsx-runtime\n```\n")
    (tmp_path / "skills" / "codemod").mkdir(parents=True)
    (tmp_path / "skills" / "codemod" / "SKILL.md").write_text("```sh\nnpx create-plugin update\n```\n")
    (tmp_path / "README.md").write_text("```sh\nnpx create-plugin update\n```\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    runs = sorted((Path(m.location.path or "").relative_to(tmp_path).as_posix(), m.key.name) for m in out.mentions
                  if m.key.ecosystem == "npm")
    assert runs == [(".claude/skills/write-codemod/SKILL.md", "quux-madeup-cli"), ("README.md", "create-plugin"),
                    ("skills/codemod/SKILL.md", "create-plugin")]


def test_a_document_that_installs_the_trees_package_and_then_runs_its_command_runs_that_bin(tmp_path: Path):
    # PrairieLearn (held-out set 100): packages/pin-github-actions/README.md says `npm install --save-dev
    # @prairielearn/pin-github-actions`, then `npx pin-github-actions`, the bin that package.json defines: npx runs the
    # installed bin. A page running it without installing its package first (apostrophe's npx apos-db-dump), or
    # after installing another of the tree's packages, or before the install, is still judged
    pkg = tmp_path / "packages" / "pin-github-actions"
    pkg.mkdir(parents=True)
    (pkg / "package.json").write_text('{"name": "@prairielearn/pin-github-actions", "bin": {"pin-github-actions": "bin/cli.js"}}\n')
    (tmp_path / "packages" / "other").mkdir()
    (tmp_path / "packages" / "other" / "package.json").write_text('{"name": "@prairielearn/other"}\n')
    (pkg / "README.md").write_text("Install it:\n\n```sh\nnpm install --save-dev @prairielearn/pin-github-actions\n```\n\n"
                                   "Run it:\n\n```sh\nnpx pin-github-actions --check\n```\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "without.md").write_text("```sh\nnpx pin-github-actions\n```\n")
    (tmp_path / "docs" / "another.md").write_text("```sh\nnpm install @prairielearn/other\nnpx pin-github-actions\n```\n")
    (tmp_path / "docs" / "before.md").write_text("```sh\nnpx pin-github-actions\nnpm i -D @prairielearn/pin-github-actions\n```\n")
    # openzeppelin-upgrades' migration guide (a reviewed true problem): the plug-in defining the bin is installed
    # under one of two alternative tabs, and the bin is run in the next section, whatever the reader installed
    (tmp_path / "docs" / "tabs.adoc").write_text(
        "== Installation\n\n[.hardhat]\n--\n```bash\n$ npm install --save-dev @prairielearn/pin-github-actions\n```\n--\n\n"
        "[.truffle]\n--\n```bash\n$ npm install --save-dev @prairielearn/other\n```\n--\n\n"
        "== Migrating\n\n```bash\n$ npx pin-github-actions\n```\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    runs = sorted(m.location.path.rpartition("/")[2] for m in out.mentions if m.key.name == "pin-github-actions")
    assert runs == ["another.md", "before.md", "tabs.adoc", "without.md"]

def test_a_document_section_headed_by_the_package_defining_the_bin_runs_that_bin(tmp_path: Path):
    # fedify-dev/fedify (held-out set 226): CHANGES.md's "### @fedify/cli" section says "Fixed `fedify` command hanging
    # indefinitely when invoked as an executable (e.g., via `npx @fedify/cli` or `npm exec -- fedify`)": the bin
    # packages/cli/package.json defines, in a section about that package (npm has no `fedify`). A section headed by
    # another package (even one whose name starts the same) or by no package name still has its runner judged.
    cli = tmp_path / "packages" / "cli"
    cli.mkdir(parents=True)
    (cli / "package.json").write_text('{"name": "@fedify/cli", "bin": {"fedify": "./dist/mod.js"}}\n')
    (tmp_path / "CHANGES.md").write_text(
        "Version 2.0.1\n-------------\n\n### @fedify/cli\n\n -  Fixed `fedify` command hanging when invoked as an\n"
        "    executable (e.g., via `npx @fedify/cli` or `npm exec -- fedify`) on Linux.\n\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "other.md").write_text("## @fedify/cli-tools\n\nRun `npm exec -- fedify` to start.\n")
    (tmp_path / "docs" / "plain.md").write_text("## Fixes\n\nRun `npm exec -- fedify` to start.\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    runs = sorted(m.location.path.rpartition("/")[2] for m in out.mentions if m.key.name == "fedify")
    assert runs == ["other.md", "plain.md"]



def test_a_document_of_many_sections_finds_each_runs_own_section(tmp_path: Path):
    # reviewer r33: the heading above a run, and the sections between an install and a run, are found by bisection
    # over the document's sections (benchmarks/crafted_inputs.py, "a changelog of many sections running the tree's own
    # bin": once per run from the text's start was quadratic). Each page has 40 sections and one run (a page reports
    # a name once), judged by its own section: under a heading naming the package (the 23rd), or after the install in
    # the same section, it is the tree's bin; in another section (the 8th, the last) or before any heading it is judged
    cli = tmp_path / "packages" / "cli"
    cli.mkdir(parents=True)
    (cli / "package.json").write_text('{"name": "@fedify/cli", "bin": {"fedify": "./dist/mod.js"}}\n')
    run, install = "Run `npm exec -- fedify` here.\n", "Install it: `npm i @fedify/cli`.\n"

    def page(top: str = "", **said: str) -> str:
        heads = {23: "## 23. @fedify/cli"} if "headed" in said else {}
        return top + "".join(f"{heads.get(i, f'## Part {i}')}\n\n{said.get(f's{i}', 'Nothing to run.')}\n\n"
                             for i in range(1, 41))

    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "same.md").write_text(page(s7=install + "\n" + run))
    (docs / "eighth.md").write_text(page(headed="yes", s8=run))
    (docs / "headed.md").write_text(page(headed="yes", s23=run))
    (docs / "last.md").write_text(page(headed="yes", s40=run))
    (docs / "top.md").write_text(page(top=run + "\n"))
    out = collect_paths([tmp_path], Settings(use_cache=False))
    assert sorted(m.location.path.rpartition("/")[2] for m in out.mentions if m.key.name == "fedify") == [
        "eighth.md", "last.md", "top.md"]


def test_a_document_that_changes_into_the_folder_of_the_trees_package_runs_that_packages_bin(tmp_path: Path):
    # Lit (held-out set 200): dev-docs/lit-release-process.md says `cd packages/internal-scripts && npm run build &&
    # npx release-image …`, and packages/internal-scripts/package.json (@lit-internal/scripts, private) defines the bin
    # release-image: npx runs the bin of the package in the folder it runs in before it fetches anything. A command
    # that folder's package does not define, the bin run from a folder whose package does not define it, a version
    # (which fetches the registry's), a runner that always fetches, and the bin run with no cd stay judged
    scripts = tmp_path / "packages" / "internal-scripts"
    scripts.mkdir(parents=True)
    (scripts / "package.json").write_text('{"name": "@lit-internal/scripts", "private": true, '
                                          '"bin": {"release-image": "bin/release-image.js", "treemirror": "bin/t.js"}}\n')
    (tmp_path / "packages" / "other").mkdir()
    (tmp_path / "packages" / "other" / "package.json").write_text('{"name": "@lit-internal/other"}\n')
    (tmp_path / "package.json").write_text('{"name": "lit-monorepo", "private": true, "workspaces": ["packages/*"]}\n')
    docs = tmp_path / "dev-docs"
    docs.mkdir()
    (docs / "release.md").write_text(
        "Run from the monorepo root:\n\n```sh\ncd packages/internal-scripts && npm run build && npx release-image \\\n"
        "-f ../lit-html/CHANGELOG.md -v 2.0.1\n```\n")
    (docs / "relative.md").write_text("```sh\ncd ../packages/internal-scripts\nnpx treemirror out\n```\n")
    (docs / "invented.md").write_text("```sh\ncd packages/internal-scripts && npx release-imagined\n```\n")
    (docs / "elsewhere.md").write_text("```sh\ncd packages/other && npx release-image\n```\n")
    (docs / "versioned.md").write_text("```sh\ncd packages/internal-scripts && npx release-image@latest\n```\n")
    (docs / "dlx.md").write_text("```sh\ncd packages/internal-scripts && pnpm dlx release-image\n```\n")
    (docs / "nocd.md").write_text("```sh\nnpx release-image\n```\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    runs = sorted((m.location.path.rpartition("/")[2], m.key.name) for m in out.mentions
                  if m.key.name in ("release-image", "treemirror", "release-imagined"))
    assert runs == [("dlx.md", "release-image"), ("elsewhere.md", "release-image"), ("invented.md", "release-imagined"),
                    ("nocd.md", "release-image"), ("versioned.md", "release-image")]


BERRY_LOCK = """# This file is generated by running "yarn install" inside your project.

__metadata:
  version: 6
  cacheKey: 8

"@napi-rs/cli@npm:^3.6.2":
  version: 3.6.2
  resolution: "@napi-rs/cli@npm:3.6.2"
  dependencies:
    semver: ^7.7.3
  bin:
    napi: dist/cli.js
    "napi-raw": cli.mjs
  checksum: d85954520afbe5b7
  languageName: node
  linkType: hard
"""


def test_a_runner_given_a_command_a_lockfile_installs_at_a_projects_top_runs_it(tmp_path: Path):
    # tokenizers (held-out set 55): bindings/node declares @napi-rs/cli, its berry yarn.lock records `bin: napi:`,
    # .yarnrc.yml links node_modules, and the release workflow runs `npx napi create-npm-dirs` there. A bin of a
    # Plug'n'Play project (no node_modules/.bin: npx would fetch), one nested below another package, a command no
    # lockfile installs, and a document's npx are judged
    files = {
        "bindings/node/package.json": '{"name": "tokenizers", "devDependencies": {"@napi-rs/cli": "^3.6.2"}}\n',
        "bindings/node/yarn.lock": BERRY_LOCK,
        "bindings/node/.yarnrc.yml": "nodeLinker: node-modules\n",
        "pnp/package.json": '{"name": "pnp-app"}\n',
        "pnp/yarn.lock": BERRY_LOCK.replace("napi", "pnp-only-tool"),
        "web/package-lock.json": '{"lockfileVersion": 3, "packages": {"": {"name": "web"}, '
                                 '"node_modules/cowsay": {"version": "1.6.0", "bin": {"cowsay": "cli.js"}}, '
                                 '"node_modules/a/node_modules/b": {"version": "1.0.0", "bin": {"nested-tool": "b.js"}}}}\n',
        "release.sh": "cd bindings/node && npx napi create-npm-dirs\nnpx napi-raw x\nnpx cowsay hi\n"
                      "npx pnp-only-tool\nnpx nested-tool\nnpx napi-imagined build\n",
        "docs/release.md": "```sh\nnpx napi build\n```\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    out = collect_paths([tmp_path], Settings(use_cache=False))
    ran = sorted((m.location.path.rpartition("/")[2], m.key.name) for m in out.mentions
                 if m.key.ecosystem == "npm" and m.origin is Origin.COMMAND)
    assert ran == [("release.md", "napi"), ("release.sh", "napi-imagined"), ("release.sh", "nested-tool"),
                   ("release.sh", "pnp-only-tool")]


BUN_LOCK = """{
  "lockfileVersion": 1,
  "workspaces": {
    "": {"name": "create-target", "devDependencies": {"expo-module-scripts": "^4.1.7"}},
  },
  "packages": {
    "expo-module-scripts": ["expo-module-scripts@4.1.10", "", { "dependencies": { "commander": "^12.1.0" }, "bin": { "expo-module": "bin/expo-module.js" } }, "sha512-x"],
    "@babel/parser": ["@babel/parser@7.28.6", "", { "bin": "./bin/babel-parser.js" }, "sha512-y"],
    "jest-expo/nested-cli": ["nested-cli@1.0.0", "", { "bin": { "nested-tool": "cli.js" } }, "sha512-z"],
  }
}
"""


def test_a_runner_given_a_command_a_bun_lock_installs_at_the_projects_top_runs_it(tmp_path: Path):
    # expo-apple-targets (held-out set 285): packages/create-target's scripts run `npx expo-module prepublishOnly`,
    # the bin of its devDependency expo-module-scripts, which the root bun.lock records (`"bin": {"expo-module": …}`);
    # a bin string installs the package's unscoped name. A bin of a package nested below another one, and a command
    # no lockfile installs, are judged
    files = {
        "package.json": '{"name": "create-target", "scripts": {"prepublishOnly": "npx expo-module prepublishOnly", '
                        '"parse": "npx parser x.js", "nested": "npx nested-tool", '
                        '"imagined": "npx expo-module-imagined build"}}\n',
        "bun.lock": BUN_LOCK,
    }
    for rel, text in files.items():
        (tmp_path / rel).write_text(text)
    out = collect_paths([tmp_path], Settings(use_cache=False))
    ran = sorted(m.key.name for m in out.mentions if m.key.ecosystem == "npm" and m.origin is Origin.COMMAND)
    assert ran == ["expo-module-imagined", "nested-tool"]


APPIUM_LOCK = ('{"lockfileVersion": 3, "packages": {"": {"name": "appium-boilerplate"}, '
               '"node_modules/@wdio/appium-service": {"version": "9.22.0", '
               '"bin": {"start-appium-inspector": "bin/start-appium-inspector.js"}}}}\n')


def test_a_document_that_installs_its_project_and_then_runs_a_command_the_lockfile_installs_runs_that_bin(tmp_path):
    # webdriverio/appium-boilerplate (held-out set 241): README.md says `npm install` under "Installation", then
    # `npx start-appium-inspector` under "Appium Inspector", the bin of @wdio/appium-service that package-lock.json
    # records. Judged: a page running it before any install, after an install of named packages or of another
    # folder's project, an invented command, and a page of a project whose own lockfile does not install it
    files = {
        "package.json": '{"name": "appium-boilerplate", "devDependencies": {"@wdio/appium-service": "^9.22.0"}}\n',
        "package-lock.json": APPIUM_LOCK,
        "README.md": ("## Installation\n\n```sh\nnpm install\n```\n\n## Appium Inspector\n\n"
                      "```sh\nnpx start-appium-inspector\nnpx start-appium-imagined\n```\n"),
        "docs/guide.md": "```console\n$ npm ci\n$ npx start-appium-inspector --port 4725\n```\n",
        "docs/early.md": "```sh\nnpx start-appium-inspector\n```\n\nThen `npm install`.\n",
        "docs/named.md": "```sh\nnpm install left-pad\nnpx start-appium-inspector\n```\n",
        "docs/other.md": "```sh\ncd app && npm install\nnpx start-appium-inspector\n```\n",
        "examples/demo/package-lock.json": APPIUM_LOCK.replace("start-appium-inspector", "demo-tool"),
        "examples/demo/README.md": "```sh\nnpm install\nnpx start-appium-inspector\nnpx demo-tool\n```\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    out = collect_paths([tmp_path], Settings(use_cache=False))
    ran = sorted((m.location.path.rpartition(str(tmp_path) + "/")[2], m.key.name) for m in out.mentions
                 if m.key.ecosystem == "npm" and m.origin is Origin.COMMAND)
    assert ran == [("README.md", "start-appium-imagined"), ("docs/early.md", "start-appium-inspector"),
                   ("docs/named.md", "left-pad"), ("docs/named.md", "start-appium-inspector"),
                   ("docs/other.md", "start-appium-inspector"), ("examples/demo/README.md", "start-appium-inspector")]


@pytest.mark.parametrize("run", ["pnpm dlx {}", "pnpx {}", "yarn dlx {}", "npx {}@latest", "npx -y {}@1.0.0"])
def test_a_runner_that_fetches_the_registrys_package_never_runs_the_trees_bin(tmp_path, run):
    # reviewer r35: a bin the lockfile installs or a package of the tree defines is what npx runs, but pnpm dlx, pnpx
    # and yarn dlx always fetch the registry's package of the name, and `npx x@latest` fetches x: a squat registered
    # under the bin's name would run. Judged in a document after `npm install` (efa8bc20 excused it) and in a script
    # (the own-bin rule excused it); plain npx of the same bins is still left out
    files = {
        "package.json": ('{"name": "appium-boilerplate", "bin": {"own-tool": "cli.js"}, '
                         '"devDependencies": {"@wdio/appium-service": "^9.22.0"}}\n'),
        "package-lock.json": APPIUM_LOCK,
        "README.md": ("```sh\nnpm install\nnpx start-appium-inspector\n" + run.format("start-appium-inspector")
                      + "\n" + run.format("own-tool") + "\n```\n"),
        "release.sh": ("npm ci\nnpx start-appium-inspector\nnpx own-tool\n" + run.format("start-appium-inspector")
                       + "\n" + run.format("own-tool") + "\n"),
    }
    for rel, text in files.items():
        (tmp_path / rel).write_text(text)
    out = collect_paths([tmp_path], Settings(use_cache=False))
    ran = sorted((m.location.path.rpartition("/")[2], m.location.line, m.key.name) for m in out.mentions
                 if m.key.ecosystem == "npm" and m.origin is Origin.COMMAND)
    assert ran == [("README.md", 4, "start-appium-inspector"), ("README.md", 5, "own-tool"),
                   ("release.sh", 4, "start-appium-inspector"), ("release.sh", 5, "own-tool")]


PACT_CLI_LOCK = ('{"lockfileVersion": 3, "packages": {"": {"name": "consumer"}, '
                 '"node_modules/@pact-foundation/pact-cli": {"version": "16.0.4", '
                 '"bin": {"pact": "bin/pact.js", "pact-broker": "bin/pact-broker.js"}}}}\n')


def test_a_document_that_changes_into_a_folder_runs_the_commands_its_lockfile_installs(tmp_path):
    # pact-foundation/pact-workshop-js (held-out set 241): the README's console transcripts run `❯ cd consumer` and then
    # `❯ npx pact-broker can-i-deploy …`, a bin of the @pact-foundation/pact-cli that consumer/package-lock.json locks,
    # print the output, and `❯ cd consumer` again (a new session from the top: consumer/consumer is no folder). The
    # provider's lockfile locks no pact-broker, so `❯ cd provider` then `❯ npx pact-broker` fetches npm's pact-broker:
    # judged, as are an invented command, a runner after a cd to a folder known only at run time, and one at the top
    files = {
        "package.json": '{"name": "pact-workshop-js", "private": true}\n',
        "consumer/package.json": '{"name": "consumer", "devDependencies": {"@pact-foundation/pact-cli": "16.0.4"}}\n',
        "consumer/package-lock.json": PACT_CLI_LOCK,
        "provider/package.json": '{"name": "provider"}\n',
        "provider/package-lock.json": PACT_CLI_LOCK.replace("pact-broker", "pact-provider-verifier"),
        "README.md": ("```console\n❯ cd consumer\n❯ npx pact-broker can-i-deploy --latest\n\nComputer says yes\n\n"
                      "❯ cd consumer\n❯ npx pact-broker can-i-deploy --latest\nComputer says yes\n"
                      "❯ cd provider\n❯ npx pact-broker can-i-deploy --latest\n❯ cd ../consumer\n"
                      "❯ npx pact-brokerx can-i-deploy\n```\n"),
        "docs/steps.md": ("```sh\ncd ../consumer\nnpx pact-broker publish ./pacts\n```\n\n"
                          "Or `cd ../consumer && npx pact-broker publish ./pacts`.\n\n"
                          "```console\n$ cd $WORKSHOP\n$ npx pact-broker publish ./pacts\n$ npx pact-broker describe\n```\n"),
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    out = collect_paths([tmp_path], Settings(use_cache=False))
    ran = sorted((m.location.path.rpartition(str(tmp_path) + "/")[2], m.location.line, m.key.name)
                 for m in out.mentions if m.key.ecosystem == "npm" and m.origin is Origin.COMMAND)
    assert ran == [("README.md", 11, "pact-broker"), ("README.md", 13, "pact-brokerx"),
                   ("docs/steps.md", 10, "pact-broker"), ("docs/steps.md", 11, "pact-broker")]


def test_the_python_distributions_the_tree_defines_are_left_out_of_install_commands(tmp_path: Path):
    # maturin: a script builds each test crate (a maturin pyproject that names no project: the crate's name is the
    # distribution's) and installs the wheel; mamba: a stubs package pins the sibling distribution the tree builds
    files = {
        "test-crates/lib_with_path_dep/pyproject.toml": '[build-system]\nrequires = ["maturin>=1.0"]\n'
                                                        'build-backend = "maturin"\n',
        "test-crates/lib_with_path_dep/Cargo.toml": '[package]\nname = "lib_with_path_dep"\nversion = "0.1.0"\n',
        "test-crates/cffi-pure/pyproject.toml": '[build-system]\nbuild-backend = "maturin"\n\n[project]\n'
                                                'name = "cffi-pure"\n',
        "test-dockerfile.sh": "for c in cffi-pure pyo3-pure-invented; do\n"
                              "  pip install $c --find-links test-crates/$c/target/wheels/\ndone\n"
                              "pip install --find-links test-crates/lib_with_path_dep/target/wheels lib_with_path_dep\n",
        "libmambapy/pyproject.toml": '[project]\nname = "libmambapy"\n',
        "libmambapy-stubs/setup.py": 'import setuptools\nsetuptools.setup(name="libmambapy-stubs",\n'
                                     '    install_requires=["libmambapy==2.0", "mypy-stubgen-invented"])\n',
        "tools/setup.cfg": "[metadata]\nname = acme-tools\n",
        "docs/install.md": "```sh\npip install acme-tools libmambapy-stubs requests\n```\n",
        "app.py": "import libmambapy_invented_module\n",
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = {(m.key.name, m.origin.value) for m in out.mentions if m.key.ecosystem == "pypi"}
    assert {("pyo3-pure-invented", "command"), ("requests", "command"), ("mypy-stubgen-invented", "manifest"),
            ("libmambapy-invented-module", "import")} <= names
    own = {"cffi-pure", "lib-with-path-dep", "libmambapy", "acme-tools", "libmambapy-stubs"}
    scripted = {m.key.name for m in out.mentions if m.key.ecosystem == "pypi" and m.location.path.endswith(".sh")}
    assert not scripted & own
    # a document's install command sends its reader to PyPI: judged (mem0's docs install its unpublished
    # strands-mem0 integration, a reviewed true problem)
    documented = {m.key.name for m in out.mentions if m.key.ecosystem == "pypi" and m.location.path.endswith(".md")}
    assert documented == {"acme-tools", "libmambapy-stubs", "requests"}
    # a manifest's dependency on the tree's own distribution is resolved from the index: still judged
    assert ("libmambapy", "manifest") in names


def test_a_documents_install_of_the_trees_own_unscoped_package_is_judged(tmp_path: Path):
    # discord-selfbot-mcp (held-out set 297): package.json is "discord-selfbot-mcp", and INSTALL.md has readers run
    # `npm install -g discord-selfbot-mcp`, a name npm never had: what they get is whatever somebody registers under it
    # (unscoped: anybody can), so the document's command is judged; xue1213888/skills-repo's README runs `npx aiskill`,
    # its package.json's name, the same way, and so does an MCP config a README shows. A scoped own package (prettier's
    # changelog installs its new @prettier/plugin-yuku: only the scope's owner publishes there), the tree's scripts
    # installing the unscoped one, a contributor guide's runner of its bin (read
    # in the checkout) and a runner after the page's own install of it (judged there) stay the tree's own (a manifest a
    # document shows: test_a_manifest_a_document_shows_naming_the_trees_own_package_is_the_projects_own)
    (tmp_path / "package.json").write_text('{"name": "zz-own-mcp", "bin": {"zz-own-mcp": "dist/cli.js"}}\n')
    (tmp_path / "packages" / "plugin").mkdir(parents=True)
    (tmp_path / "packages" / "plugin" / "package.json").write_text('{"name": "@zzscope/plugin-own"}\n')
    (tmp_path / "INSTALL.md").write_text("```bash\nnpm install -g zz-own-mcp\nzz-own-mcp setup\nnpx zz-own-mcp check\n"
                                         "npm install @zzscope/plugin-own\n```\n")
    (tmp_path / "README.md").write_text("```bash\nnpx zz-own-mcp list\n```\n\n```json\n"
                                        '{"mcpServers": {"own": {"command": "npx", "args": ["-y", "zz-own-mcp"]}}}\n```\n')
    (tmp_path / "CONTRIBUTING.md").write_text("```sh\nnpx zz-own-mcp build\n```\n")
    (tmp_path / "release.sh").write_text("npm install -g zz-own-mcp\nnpx zz-own-mcp check\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((Path(m.location.path or "").relative_to(tmp_path).as_posix(), m.location.line, m.key.name)
                   for m in out.mentions if m.key.ecosystem == "npm")
    assert names == [("INSTALL.md", 2, "zz-own-mcp"), ("README.md", 2, "zz-own-mcp"), ("README.md", 6, "zz-own-mcp")]
