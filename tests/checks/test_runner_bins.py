"""DG001: a runner in a manifest's script given a command a declared dependency's release installs is a note.

Shaped like Open MCT's CouchDB plug-in (nasa/openmct src/plugins/persistence/couch/package.json): it declares
``@cloudant/couchbackup`` and its scripts run ``npx couchbackup`` and ``cat backup.txt | npx couchrestore``; both are
that package's ``bin`` (npm view @cloudant/couchbackup bin), neither is an npm package, and the folder has no
lockfile recording the bins. A loopback registry (``httpx.MockTransport``) serves the documents.

The same for a CI workflow's runner after the job installed the project (serverless-python-requirements' ``npm
update`` then ``npx dump-release-notes-from-cc-changelog``, below).

The same for a document's runner after the page installed the package (Upstash's Docusaurus page, at the end).

What must stay flagged: a name no declared dependency's latest release installs (an invented command in the same
position), a runner that always fetches (``pnpm dlx``) or is given a version, an install of the name, a document
running it with no install of the package above it, a workflow's runner with no install of its folder's project
before it, and every such name when the dependency's registry lookup fails.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from depguard.model import Verdict

from .test_declared_lookalikes import Registry, _packument, _scan, _settings

COUCH = _packument("@cloudant/couchbackup", [3000, 2000, 1000, 100], "CouchDB backup and restore command-line utility",
                   latest={"bin": {"couchbackup": "bin/couchbackup.bin.js", "couchrestore": "bin/couchrestore.bin.js"},
                           "dependencies": {"commander": "13.1.0"}})


def _tree(root: Path, scripts: dict[str, str], deps: dict[str, str] | None = None) -> Path:
    plugin = root / "src" / "plugins" / "couch"
    plugin.mkdir(parents=True)
    (plugin / "package.json").write_text(json.dumps({
        "name": "openmct-couch-plugin", "version": "1.0.0",
        "dependencies": {"@cloudant/couchbackup": "2.9.9"} if deps is None else deps, "scripts": scripts}, indent=4))
    return root


def _verdicts(report, name: str) -> list[tuple[Verdict, str]]:
    return sorted((f.verdict, f.rule) for f in report.findings if f.mention.key.name == name)


def test_a_scripts_runner_given_a_command_a_declared_dependency_installs_is_a_note(tmp_path, settings):
    tree = _tree(tmp_path, {"restore": "cat backup.txt | npx couchrestore -u http://127.0.0.1:5984/ -d openmct"})
    registry = Registry({"@cloudant/couchbackup": COUCH})
    report = _scan(tree, _settings(settings), registry)
    (f,) = [f for f in report.findings if f.mention.key.name == "couchrestore"]
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("@cloudant/couchbackup 0.3.0 on the npm registry installs the command couchrestore, "
                                   "and package.json declares @cloudant/couchbackup")
    assert "/@cloudant%2Fcouchbackup" in registry.asked or "/@cloudant/couchbackup" in registry.asked


def test_an_invented_command_in_the_same_position_is_still_missing(tmp_path, settings):
    tree = _tree(tmp_path, {"restore": "npx couchrestorer -d openmct", "dlx": "pnpm dlx couchrestore -d openmct",
                            "add": "npm install couchrestore"})
    report = _scan(tree, _settings(settings), Registry({"@cloudant/couchbackup": COUCH}))
    assert _verdicts(report, "couchrestorer") == [(Verdict.MISSING, "DG001")]
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001"), (Verdict.MISSING, "DG001")]


def test_a_command_no_declared_package_installs_or_a_failed_lookup_leaves_the_finding(tmp_path, settings):
    other = _tree(tmp_path / "a", {"restore": "npx couchrestore -d openmct"}, deps={"left-pad": "1.3.0"})
    report = _scan(other, _settings(settings), Registry({"@cloudant/couchbackup": COUCH,
                                                         "left-pad": _packument("left-pad", [3000, 100])}))
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001")]
    failing = _tree(tmp_path / "b", {"restore": "npx couchrestore -d openmct"})
    report = _scan(failing, _settings(settings), Registry({}, status={"@cloudant/couchbackup": 500}))
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001")]


def test_a_document_running_the_command_is_still_judged(tmp_path, settings):
    tree = _tree(tmp_path, {"build": "echo ok"})
    (tree / "src" / "plugins" / "couch" / "README.md").write_text("Restore:\n\n```sh\nnpx couchrestore -d openmct\n```\n")
    report = _scan(tree, _settings(settings), Registry({"@cloudant/couchbackup": COUCH}))
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001")]


# RooCodeInc/Roo-Code (cb83656, held-out set 213): apps/vscode-e2e/package.json's script test:run runs
# `npx dotenvx run -f .env.local -- node ./out/runTest.js`, and the monorepo's root package.json declares
# "@dotenvx/dotenvx": "^1.34.0" in its devDependencies, whose bin is dotenvx (npm view @dotenvx/dotenvx bin); the
# member declares no such package. npm run puts every enclosing folder's node_modules/.bin on PATH, and npx looks
# in each folder's above it before it fetches.
DOTENVX = _packument("@dotenvx/dotenvx", [3000, 2000, 1000, 100], "a secure dotenv",
                     latest={"bin": {"dotenvx": "./src/cli/dotenvx.js", "dx": "./src/cli/dotenvx.js"}})


def _monorepo(root: Path, script: str, root_dev: dict[str, str] | None = None, beside: bool = False) -> Path:
    """A root manifest (or, ``beside``, a sibling member's) declaring ``root_dev``; a member whose script is ``script``."""
    dev = {"@dotenvx/dotenvx": "^1.34.0"} if root_dev is None else root_dev
    holder = root / "apps" / "web" if beside else root
    holder.mkdir(parents=True, exist_ok=True)
    (holder / "package.json").write_text(json.dumps({"name": "holder", "private": True, "devDependencies": dev}))
    if beside:
        (root / "package.json").write_text(json.dumps({"name": "roo-code", "private": True}))
    (root / "apps" / "vscode-e2e").mkdir(parents=True, exist_ok=True)
    (root / "apps" / "vscode-e2e" / "package.json").write_text(json.dumps({
        "name": "@roo-code/vscode-e2e", "private": True, "scripts": {"test:run": script},
        "devDependencies": {"left-pad": "1.3.0"}}, indent=4))
    return root


def test_a_members_script_runner_given_a_command_a_manifest_above_it_declares_is_a_note(tmp_path, settings):
    registry = Registry({"@dotenvx/dotenvx": DOTENVX, "left-pad": _packument("left-pad", [3000, 100])})
    tree = _monorepo(tmp_path, "rimraf out && npx dotenvx run -f .env.local -- node ./out/runTest.js")
    report = _scan(tree, _settings(settings), registry)
    (f,) = [f for f in report.findings if f.mention.key.name == "dotenvx"]
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("@dotenvx/dotenvx 0.3.0 on the npm registry installs the command dotenvx, and "
                                   "package.json, above apps/vscode-e2e/package.json, declares @dotenvx/dotenvx")


def test_a_members_runner_stays_missing_for_an_invented_command_or_a_manifest_beside_it(tmp_path, settings):
    registry = Registry({"@dotenvx/dotenvx": DOTENVX, "left-pad": _packument("left-pad", [3000, 100])})
    cases = {
        "invented": _monorepo(tmp_path / "a", "npx dotenvxx run -- node x.js"),
        "declared beside, not above": _monorepo(tmp_path / "b", "npx dotenvx run -- node x.js", beside=True),
        "not declared above": _monorepo(tmp_path / "c", "npx dotenvx run -- node x.js", root_dev={"left-pad": "1.3.0"}),
        "dlx fetches": _monorepo(tmp_path / "d", "pnpm dlx dotenvx run -- node x.js"),
    }
    for case, tree in cases.items():
        report = _scan(tree, _settings(settings), registry)
        got = [(f.verdict, f.rule) for f in report.findings if f.mention.key.name.startswith("dotenvx")]
        assert got == [(Verdict.MISSING, "DG001")], case
    # a scan of the member's folder alone does not read the manifest above it
    report = _scan(tmp_path / "a" / "apps" / "vscode-e2e", _settings(settings), registry)
    assert [f.verdict for f in report.findings if f.mention.key.name == "dotenvxx"] == [Verdict.MISSING]


def test_the_commands_a_release_installs_are_read_as_plain_names():
    from depguard.registries.jsonapi import read_commands

    table = {"version": "dist-tags.latest", "document": "versions.{version}", "commands": "bin"}

    def doc(bin_field):
        return {"dist-tags": {"latest": "1.0.0"}, "versions": {"1.0.0": {"bin": bin_field}}}

    assert read_commands(doc("./cli.js"), table, "@cloudflare/next-on-pages") == ("next-on-pages",)
    assert read_commands(doc({"myst": "./dist/myst.cjs", "x\u001b[31m": "a", "../up": "b"}), table, "mystmd") == ("myst",)
    assert read_commands(doc(None), table, "mystmd") == ()
    assert read_commands(doc({"myst": "x"}), {**table, "commands": None}, "mystmd") == ()


# serverless/serverless-python-requirements' PR workflow (.github/workflows/validate.yml): the job's "Install
# dependencies" step runs `npm update --no-save` at the root, whose package.json declares the devDependency
# github-release-from-cc-changelog, and a later step runs `npx dump-release-notes-from-cc-changelog $NEW_VERSION`, a
# bin of that package (npm view github-release-from-cc-changelog bin); the name alone is no npm package.
RELEASE_NOTES = _packument("github-release-from-cc-changelog", [3000, 2000, 1000, 100],
                           "Create/update Github release notes from a CHANGELOG",
                           latest={"bin": {"dump-release-notes-from-cc-changelog": "./bin/dump.js",
                                           "github-release-from-cc-changelog": "./bin/release.js"}})
VALIDATE = """name: Validate
on: pull_request
jobs:
  validate:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
{install}
      - name: Validate changelog (if new version)
        run: |
          NEW_VERSION=`git diff -U0 master package.json | grep '"version": "' | tail -n 1` || :
          if [ -n "$NEW_VERSION" ];
          then
            {runner} $NEW_VERSION
          fi
"""
NPM_UPDATE = """      - name: Install dependencies
        run: |
          npm update --no-save
          npm update --save-dev --no-save"""


def _workflow_tree(root: Path, install: str = NPM_UPDATE, runner: str = "npx dump-release-notes-from-cc-changelog",
                   dev: dict[str, str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "package.json").write_text(json.dumps({
        "name": "serverless-python-requirements", "version": "6.1.2",
        "devDependencies": {"github-release-from-cc-changelog": "^2.3.0"} if dev is None else dev}, indent=2))
    (root / ".github" / "workflows").mkdir(parents=True)
    (root / ".github" / "workflows" / "validate.yml").write_text(VALIDATE.format(install=install, runner=runner))
    return root


def test_a_workflow_runner_given_a_declared_dependencys_command_after_the_job_installed_the_project_is_a_note(
        tmp_path, settings):
    registry = Registry({"github-release-from-cc-changelog": RELEASE_NOTES})
    for n, install in enumerate((NPM_UPDATE, "      - run: npm ci", "      - run: yarn install --frozen-lockfile")):
        report = _scan(_workflow_tree(tmp_path / str(n), install), _settings(settings), registry)
        (f,) = [f for f in report.findings if f.mention.key.name == "dump-release-notes-from-cc-changelog"]
        assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200"), install
        assert f.reasons[0].startswith("github-release-from-cc-changelog 0.3.0 on the npm registry installs the command "
                                       "dump-release-notes-from-cc-changelog, and package.json declares "
                                       "github-release-from-cc-changelog, which validate.yml installs before")


def test_a_workflow_runner_stays_missing_for_an_invented_command_without_an_install_or_with_a_fetching_runner(
        tmp_path, settings):
    registry = Registry({"github-release-from-cc-changelog": RELEASE_NOTES, "left-pad": _packument("left-pad", [3000, 100])})
    cases = {
        "invented": _workflow_tree(tmp_path / "a", runner="npx dump-release-notes-from-cc-changelogs"),
        "no install": _workflow_tree(tmp_path / "b", install="      - run: echo no install"),
        "dlx": _workflow_tree(tmp_path / "c", install="      - run: pnpm install",
                              runner="pnpm dlx dump-release-notes-from-cc-changelog"),
        "a version fetches": _workflow_tree(tmp_path / "d", runner="npx dump-release-notes-from-cc-changelog@latest"),
        "not declared": _workflow_tree(tmp_path / "e", dev={"left-pad": "1.3.0"}),
        "installed elsewhere": _workflow_tree(tmp_path / "f", install="      - run: cd site && npm ci && cd .."),
    }
    for case, tree in cases.items():
        report = _scan(tree, _settings(settings), registry)
        got = [(f.verdict, f.rule) for f in report.findings
               if f.mention.key.name.startswith("dump-release-notes-from-cc-changelog")]
        assert got == [(Verdict.MISSING, "DG001")], case


def test_a_document_running_the_command_after_an_install_is_still_judged(tmp_path, settings):
    tree = _workflow_tree(tmp_path, install="      - run: echo no install")
    (tree / "RELEASING.md").write_text("```sh\nnpm ci\nnpx dump-release-notes-from-cc-changelog 1.2.3\n```\n")
    report = _scan(tree, _settings(settings), Registry({"github-release-from-cc-changelog": RELEASE_NOTES}))
    got = sorted((Path(f.mention.location.path).name, f.verdict) for f in report.findings
                 if f.mention.key.name == "dump-release-notes-from-cc-changelog")
    assert got == [("RELEASING.md", Verdict.MISSING), ("validate.yml", Verdict.MISSING)]


def test_a_workflow_runner_after_the_install_is_a_note_in_a_scan_of_the_current_folder_too(tmp_path, settings,
                                                                                          monkeypatch):
    from depguard.scan import scan_paths

    tree = _workflow_tree(tmp_path / "repo", install="      - run: npm ci")
    monkeypatch.chdir(tree)
    report = scan_paths([Path(".")], _settings(settings),
                        transport=httpx.MockTransport(Registry({"github-release-from-cc-changelog": RELEASE_NOTES})))
    (f,) = [f for f in report.findings if f.mention.key.name == "dump-release-notes-from-cc-changelog"]
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")


# upstash/docs, search/integrations/docusaurus.mdx: "To install the package, run: npm install
# @upstash/docusaurus-theme-upstash-search", then, under "Running the Indexing Script", `npx index-docs-upstash`, a
# bin of that package (npm view @upstash/docusaurus-theme-upstash-search bin); the name alone is no npm package.
THEME = _packument("@upstash/docusaurus-theme-upstash-search", [3000, 2000, 1000, 100], "Upstash Search for Docusaurus",
                   latest={"bin": {"index-docs-upstash": "./lib/scripts/indexDocs.js"}})
PAGE = """# Upstash Search Docusaurus Integration

## Installation

```bash
npm install @upstash/docusaurus-theme-upstash-search
```

## Indexing Your Documentation

```bash
{runner}
```
"""


def test_a_pages_runner_given_a_command_of_a_package_the_page_installs_above_it_is_a_note(tmp_path, settings):
    (tmp_path / "search").mkdir()
    (tmp_path / "search" / "docusaurus.mdx").write_text(PAGE.replace("{runner}", "npx index-docs-upstash"))
    report = _scan(tmp_path, _settings(settings), Registry({"@upstash/docusaurus-theme-upstash-search": THEME}))
    (f,) = [f for f in report.findings if f.mention.key.name == "index-docs-upstash"]
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("@upstash/docusaurus-theme-upstash-search 0.3.0 on the npm registry installs the "
                                   "command index-docs-upstash, and docusaurus.mdx installs "
                                   "@upstash/docusaurus-theme-upstash-search above it")


def test_a_pages_runner_stays_missing_for_an_invented_command_or_a_command_run_before_the_install(tmp_path, settings):
    registry = Registry({"@upstash/docusaurus-theme-upstash-search": THEME})
    cases = {
        "invented": PAGE.replace("{runner}", "npx index-docs-upstash-pro"),
        "before the install": "Index first:\n\n```bash\nnpx index-docs-upstash\n```\n\n" + PAGE.replace("{runner}", "ls"),
        "a version fetches": PAGE.replace("{runner}", "npx index-docs-upstash@latest"),
        "dlx fetches": PAGE.replace("{runner}", "pnpm dlx index-docs-upstash"),
    }
    for n, (case, text) in enumerate(cases.items()):
        (tmp_path / str(n)).mkdir()
        (tmp_path / str(n) / "docusaurus.mdx").write_text(text)
        report = _scan(tmp_path / str(n), _settings(settings), registry)
        flagged = [(f.mention.key.name, f.verdict) for f in report.findings if f.mention.key.name.startswith("index-docs")]
        assert flagged and all(v is Verdict.MISSING for _, v in flagged), case


class _CountedWalks(list):
    """The report's findings, counting how often they are walked."""

    walks = 0

    def __iter__(self):
        _CountedWalks.walks += 1
        return super().__iter__()


def test_a_pages_installs_are_gathered_once_for_all_its_runners():
    # reviewer r31: each missing runner of a page looked through every finding for the page's installs above it, so a
    # page of n installs and n invented runners took n*n steps (4,000 of each: 92 s); the installs are gathered once
    # and looked up per runner, with the same answers: the installs above it, none below, never the runner's own name
    from depguard.model import Finding, Location, Mention, Origin, PackageKey
    from depguard.runner_bins import candidates, page_install_index, page_installs

    def mention(name: str, line: int, note: str | None = None) -> Mention:
        return Mention(PackageKey("npm", name), name, Location(Path("README.md"), line, 1), Origin.COMMAND,
                       "text:fenced", note=note)

    found = _CountedWalks([Finding(mention("cmd-0", 1, "runs the package (npx)"), Verdict.MISSING, "DG001", ())])
    for i in range(1, 60):
        found.append(Finding(mention(f"pkg-{i}", 2 * i), Verdict.OK, None, ()))
        found.append(Finding(mention(f"cmd-{i}", 2 * i + 1, "runs the package (npx)"), Verdict.MISSING, "DG001", ()))
    _CountedWalks.walks = 0
    assert candidates(found) == list(range(2, 120, 2))  # every runner below an install; cmd-0 has none above it
    assert _CountedWalks.walks <= 3
    index = page_install_index(found)
    assert [k.name for k, _ in page_installs(found, 6, index)] == ["pkg-1", "pkg-2", "pkg-3"]
    assert page_installs(found, 6, index) == page_installs(found, 6)


# grpc/grpc-web (held-out set 288): packages/grpc-web/package.json declares google-closure-deps and its test-jsunit
# script runs `./scripts/generate_test_files.sh`, which runs `npx closure-make-deps …` (google-closure-deps' bin:
# npm view google-closure-deps bin). npm run starts the script with the package's node_modules/.bin on PATH.
CLOSURE_DEPS = _packument("google-closure-deps", [3000, 2000, 1000, 100], "Closure Library dependency tools",
                          latest={"bin": {"closure-make-deps": "bin/closuremakedeps.js",
                                          "get-js-version": "bin/getjsversion.js"}})
GENERATE = "#!/bin/bash\nset -ex\ncd \"$(dirname \"$0\")/..\"\nnpx {runner} --root=javascript > generated/deps.js\n"


def _grpc_web(root: Path, script: str = "./scripts/generate_test_files.sh && ./scripts/run_jsunit_tests.sh",
              runner: str = "closure-make-deps") -> Path:
    package = root / "packages" / "grpc-web"
    (package / "scripts").mkdir(parents=True)
    (package / "package.json").write_text(json.dumps({
        "name": "grpc-web", "version": "2.0.2", "scripts": {"test-jsunit": script},
        "devDependencies": {"google-closure-deps": "~20210601.0.0"}}, indent=2))
    (package / "scripts" / "generate_test_files.sh").write_text(GENERATE.format(runner=runner))
    (package / "scripts" / "other.sh").write_text(GENERATE.format(runner=runner))
    return root


def test_a_runner_in_a_shell_script_a_manifests_script_runs_given_a_declared_dependencys_command_is_a_note(
        tmp_path, settings):
    registry = Registry({"google-closure-deps": CLOSURE_DEPS})
    report = _scan(_grpc_web(tmp_path), _settings(settings), registry)
    got = sorted((Path(f.mention.location.path).name, f.verdict, f.rule) for f in report.findings
                 if f.mention.key.name == "closure-make-deps")
    # other.sh, which no script of the manifest runs, stays judged
    assert got == [("generate_test_files.sh", Verdict.ALLOWED, "DG200"), ("other.sh", Verdict.MISSING, "DG001")]
    (f,) = [f for f in report.findings if f.mention.key.name == "closure-make-deps" and f.verdict is Verdict.ALLOWED]
    assert "whose script runs generate_test_files.sh, declares google-closure-deps" in f.reasons[0]


def test_a_runner_in_a_script_a_manifest_runs_stays_missing_for_an_invented_command(tmp_path, settings):
    registry = Registry({"google-closure-deps": CLOSURE_DEPS})
    invented = _scan(_grpc_web(tmp_path / "a", runner="closure-make-depz"), _settings(settings), registry)
    assert _verdicts(invented, "closure-make-depz") == [(Verdict.MISSING, "DG001"), (Verdict.MISSING, "DG001")]
    not_run = _scan(_grpc_web(tmp_path / "b", script="echo scripts/generate_test_files"), _settings(settings), registry)
    assert _verdicts(not_run, "closure-make-deps") == [(Verdict.MISSING, "DG001"), (Verdict.MISSING, "DG001")]


# Tyler-R-Kendrick/agent-skills (held-out spot set 297), skills/design-system/storybook/AGENTS.md: `npm install -D
# @storybook/test-runner`, then `npx test-storybook`, that package's bin (npm view @storybook/test-runner bin). npm
# also has a little-used package named test-storybook, which DG002 compares with the popular @storybook/test: npx runs
# the installed bin before it looks at the registry, so that package is not what runs.
TEST_RUNNER = _packument("@storybook/test-runner", [2500, 2000, 1000, 100], "Test runner for Storybook stories",
                         latest={"bin": {"test-storybook": "./dist/test-storybook.js"}})
LOOKALIKE_BIN = _packument("test-storybook", [40, 30, 20], "run storybook tests")
STORYBOOK_PAGE = """# Storybook interaction tests

```bash
npm install -D {installed}
```

```bash
{runner}
```
"""


def test_a_pages_runner_of_a_bin_the_page_installs_is_a_note_even_where_the_registry_doubts_the_name(tmp_path, settings):
    docs = {"@storybook/test-runner": TEST_RUNNER, "test-storybook": LOOKALIKE_BIN, "left-pad": THEME}
    page = STORYBOOK_PAGE.replace("{installed}", "@storybook/test-runner").replace("{runner}", "npx test-storybook")
    (tmp_path / "AGENTS.md").write_text(page)
    (f,) = [f for f in _scan(tmp_path, _settings(settings), Registry(docs)).findings
            if f.mention.key.name == "test-storybook"]
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("@storybook/test-runner 0.3.0 on the npm registry installs the command "
                                   "test-storybook, and AGENTS.md installs @storybook/test-runner above it")
    assert "would be suspicious (DG002)" in f.reasons[0]
    # the same doubted name stays judged: a page installing a package without that bin, a fetching runner, a runner
    # given a version
    for n, (installed, runner) in enumerate((("left-pad", "npx test-storybook"),
                                             ("@storybook/test-runner", "pnpm dlx test-storybook"),
                                             ("@storybook/test-runner", "npx test-storybook@latest"))):
        (tmp_path / str(n)).mkdir()
        (tmp_path / str(n) / "AGENTS.md").write_text(STORYBOOK_PAGE.replace("{installed}", installed)
                                                     .replace("{runner}", runner))
        (g,) = [f for f in _scan(tmp_path / str(n), _settings(settings), Registry(docs)).findings
                if f.mention.key.name == "test-storybook"]
        assert (g.verdict, g.rule) == (Verdict.SUSPICIOUS, "DG002"), (installed, runner)
