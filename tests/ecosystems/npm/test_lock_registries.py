"""npm names a tree's lockfile locks from another registry than the public one (held-out set 232: novu's
libs/application-generic/package.json lists ``"@taskforcesh/bullmq-pro": "5.1.14"`` among its optionalDependencies, its
queue service imports it, and the workspace's pnpm-lock.yaml resolves it from Taskforce's own registry,
``https://npm.taskforce.sh/@taskforcesh/bullmq-pro/-/@taskforcesh/bullmq-pro-5.1.14.tgz``, the scoped tarball form of
Verdaccio and Artifactory): the lockfile entry, the manifest's dependency and the imports are not checked (DG100), never
missing; a name the public registry has passes, and an invented name the lockfile resolves from the public registry, or
does not lock at all, is still judged."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.ecosystems.npm._npm_specs import tarball_name
from depguard.ecosystems.npm.lock_registries import locked_registries
from tests.trees import judged, verdicts, write

EXISTING = {"lodash", "@taskforcesh/connection"}
PRO = "https://npm.taskforce.sh/@taskforcesh/bullmq-pro/-/@taskforcesh/bullmq-pro-5.1.14.tgz"


def test_the_scoped_tarball_form_names_its_package():
    assert tarball_name(PRO) == "@taskforcesh/bullmq-pro"
    assert tarball_name("https://a.example/artifactory/api/npm/npm/@nui/wskdebug/-/@nui/wskdebug-0.0.3.tgz") == "@nui/wskdebug"
    # a file part of another scope, or another name, is no registry tarball of the package
    assert tarball_name("https://a.example/@s/n/-/@t/n-1.0.0.tgz") is None
    assert tarball_name("https://a.example/@s/n/-/@s/m-1.0.0.tgz") is None


def test_a_name_a_pnpm_lock_resolves_from_another_registry_is_not_checked_in_the_member(tmp_path: Path):
    lock = f"""lockfileVersion: '9.0'

importers:

  libs/application-generic:
    dependencies:
      lodash:
        specifier: 4.17.21
        version: 4.17.21
    optionalDependencies:
      '@taskforcesh/bullmq-pro':
        specifier: 5.1.14
        version: 5.1.14

packages:

  '@taskforcesh/bullmq-pro@5.1.14':
    resolution: {{integrity: sha512-x, tarball: {PRO}}}

  '@taskforcesh/connection@1.0.0':
    resolution: {{integrity: sha512-y, tarball: https://npm.taskforce.sh/@taskforcesh/connection/-/@taskforcesh/connection-1.0.0.tgz}}

  lodash@4.17.21:
    resolution: {{integrity: sha512-z}}

  invented-public-widget@1.0.0:
    resolution: {{integrity: sha512-w}}
"""
    manifest = {"name": "@novu/application-generic", "version": "0.0.0",
                "dependencies": {"lodash": "4.17.21", "invented-public-widget": "1.0.0",
                                 "@taskforcesh/invented-unlocked": "1.0.0"},
                "optionalDependencies": {"@taskforcesh/bullmq-pro": "5.1.14"}}
    code = ("import { QueuePro } from '@taskforcesh/bullmq-pro';\nimport { x } from '@taskforcesh/invented-unlocked';\n"
            "import y from 'invented-public-widget';\n")
    write(tmp_path, {"pnpm-lock.yaml": lock, "pnpm-workspace.yaml": "packages:\n  - 'libs/*'\n",
                     "libs/application-generic/package.json": json.dumps(manifest, indent=2),
                     "libs/application-generic/src/bull-mq.service.ts": code})
    rep = judged(tmp_path, EXISTING)
    got = verdicts(rep)
    member, src = "libs/application-generic/package.json", "libs/application-generic/src/bull-mq.service.ts"
    assert got[("pnpm-lock.yaml", "@taskforcesh/bullmq-pro")] == "not-checked"
    assert got[(member, "@taskforcesh/bullmq-pro")] == "not-checked"
    assert got[(src, "@taskforcesh/bullmq-pro")] == "not-checked"
    # a name of that registry the public one has passes
    assert got[("pnpm-lock.yaml", "@taskforcesh/connection")] == "ok"
    # invented names the lockfile resolves from the public registry, or does not lock, are still missing
    assert got[("pnpm-lock.yaml", "invented-public-widget")] == "missing"
    assert got[(member, "invented-public-widget")] == "missing"
    assert got[(src, "invented-public-widget")] == "missing"
    assert got[(member, "@taskforcesh/invented-unlocked")] == "missing"
    assert got[(src, "@taskforcesh/invented-unlocked")] == "missing"
    reasons = {r for f in rep.findings if f.verdict.value == "not-checked" for r in f.reasons}
    assert "pnpm-lock.yaml locks it from https://npm.taskforce.sh, a registry depguard does not ask" in reasons


def test_a_yarn_lock_entry_from_an_artifactory_feed_is_not_checked(tmp_path: Path):
    lock = ('# yarn lockfile v1\n\n\n'
            '"@nui/wskdebug@^0.0.3":\n  version "0.0.3"\n'
            '  resolved "https://user:secret@artifactory.corp.example/artifactory/api/npm/npm-virtual/@nui/wskdebug/-/'
            '@nui/wskdebug-0.0.3.tgz#0123456789abcdef"\n  integrity sha512-x\n\n'
            'invented-yarn-widget@^1.0.0:\n  version "1.0.0"\n'
            '  resolved "https://registry.yarnpkg.com/invented-yarn-widget/-/invented-yarn-widget-1.0.0.tgz#0123"\n'
            '  integrity sha512-y\n')
    manifest = {"name": "app", "dependencies": {"@nui/wskdebug": "^0.0.3", "invented-yarn-widget": "^1.0.0"}}
    write(tmp_path, {"yarn.lock": lock, "package.json": json.dumps(manifest, indent=2)})
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {("yarn.lock", "@nui/wskdebug"): "not-checked", ("package.json", "@nui/wskdebug"): "not-checked",
                             ("yarn.lock", "invented-yarn-widget"): "missing",
                             ("package.json", "invented-yarn-widget"): "missing"}
    assert "secret" not in repr(rep)


def test_a_bun_lock_entry_from_another_registry_is_not_checked(tmp_path: Path):
    # bun.lock's tuple holds the tarball URL of a package from a registry other than the default one (bun's own test
    # of a migrated lock: ["no-deps@1.0.1", "https://npm.pkg.github.com/no-deps/-/no-deps-1.0.1.tgz", {}, "sha512-…"])
    lock = ('{\n  "lockfileVersion": 1,\n  "workspaces": {"": {"name": "app"}},\n  "packages": {\n'
            '    "@acme-invented/ui-kit": ["@acme-invented/ui-kit@2.0.0", '
            '"https://npm.pkg.github.com/@acme-invented/ui-kit/-/ui-kit-2.0.0.tgz", {}, "sha512-x"],\n'
            '    "invented-bun-widget": ["invented-bun-widget@1.0.0", "", {}, "sha512-y"],\n'
            '    "lodash": ["lodash@4.17.21", "", {}, "sha512-z"],\n  }\n}\n')
    manifest = {"name": "app", "dependencies": {"@acme-invented/ui-kit": "2.0.0", "invented-bun-widget": "1.0.0",
                                                "lodash": "4.17.21"}}
    write(tmp_path, {"bun.lock": lock, "package.json": json.dumps(manifest, indent=2),
                     "src/index.ts": "import { Button } from '@acme-invented/ui-kit';\nimport w from 'invented-bun-widget';\n"})
    got = verdicts(judged(tmp_path, EXISTING))
    assert {k: v for k, v in got.items() if k[1] == "@acme-invented/ui-kit"} == {
        ("bun.lock", "@acme-invented/ui-kit"): "not-checked", ("package.json", "@acme-invented/ui-kit"): "not-checked",
        ("src/index.ts", "@acme-invented/ui-kit"): "not-checked"}
    assert {k: v for k, v in got.items() if k[1] == "invented-bun-widget"} == {
        ("bun.lock", "invented-bun-widget"): "missing", ("package.json", "invented-bun-widget"): "missing",
        ("src/index.ts", "invented-bun-widget"): "missing"}
    assert got[("bun.lock", "lodash")] == "ok"


def test_a_github_packages_download_url_names_its_package_and_marks_the_manifest(tmp_path: Path):
    # GitHub Packages' tarball URL has no /-/: npm writes "resolved":
    # "https://npm.pkg.github.com/download/@scope/name/<version>/<digest>"; with the token-bearing .npmrc left untracked,
    # the lockfile is the tree's only word that the scope comes from there
    assert tarball_name("https://npm.pkg.github.com/download/@acme-invented/ui/1.2.0/0123abcd") == "@acme-invented/ui"
    assert tarball_name("https://npm.pkg.github.com/download/@acme-invented/ui/latest/0123abcd") is None
    lock = {"name": "app", "lockfileVersion": 3, "packages": {
        "": {"name": "app"},
        "node_modules/@acme-invented/ui": {"version": "1.2.0", "integrity": "sha512-x",
                                           "resolved": "https://npm.pkg.github.com/download/@acme-invented/ui/1.2.0/0123abcd"},
        "node_modules/@acme-invented/widgets": {"version": "1.0.0", "integrity": "sha512-y",
                                                "resolved": "https://registry.npmjs.org/@acme-invented/widgets/-/widgets-1.0.0.tgz"},
    }}
    manifest = {"name": "app", "dependencies": {"@acme-invented/ui": "^1.2.0", "@acme-invented/widgets": "^1.0.0"}}
    write(tmp_path, {"package-lock.json": json.dumps(lock, indent=2), "package.json": json.dumps(manifest, indent=2)})
    got = verdicts(judged(tmp_path, EXISTING))
    assert got == {("package-lock.json", "@acme-invented/ui"): "not-checked",
                   ("package.json", "@acme-invented/ui"): "not-checked",
                   ("package-lock.json", "@acme-invented/widgets"): "missing",
                   ("package.json", "@acme-invented/widgets"): "missing"}


def test_a_lockfile_run_of_many_urls_without_a_tarball_is_read_once():
    # reviewer r34, crafted: the tarball-URL pattern asked for `.tgz` lazily, so each `http` of a run without one read
    # the run to its end (20,000 `https://a` after a `.tgz`: 66 s). Such a run names nothing; the registries of the
    # URLs beside it, glued ones and a GitHub Packages download URL included, are still read, and the public
    # registry's are not
    run = "https://a" * 20_000
    text = (f'x.tgz\n{run}\n"https://npm.corp.example/@corp/ui/-/@corp/ui-1.0.0.tgz"\n'
            "https://npm.other.example/left-pad/-/left-pad-1.3.0.tgz#sha1\n"
            "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz\n"
            "https://npm.corp.example/a-b/-/a-b-1.0.0.tgzhttps://npm.corp.example/c/-/c-2.0.0.tgz\n"
            f"{run}https://npm.pkg.github.com/download/@acme-invented/ui/1.2.0/0123abcd\n")
    assert locked_registries(text) == {"@corp/ui": "https://npm.corp.example", "left-pad": "https://npm.other.example",
                                       "a-b": "https://npm.corp.example", "c": "https://npm.corp.example",
                                       "@acme-invented/ui": "https://npm.pkg.github.com"}
    # a lockfile whose only other registry is GitHub Packages (no .tgz anywhere) is read too
    only = '"resolved": "https://npm.pkg.github.com/download/@acme-invented/ui/1.2.0/0123abcd"'
    assert locked_registries(only) == {"@acme-invented/ui": "https://npm.pkg.github.com"}


def _package_lock(entries: dict[str, dict[str, str]], deps: dict[str, str]) -> str:
    packages = {"": {"name": "app", "version": "0.0.0", "dependencies": deps}}
    packages.update({f"node_modules/{name}": entry for name, entry in entries.items()})
    return json.dumps({"name": "app", "version": "0.0.0", "lockfileVersion": 3, "requires": True,
                       "packages": packages}, indent=2)


def test_a_package_lock_entry_with_no_url_is_not_checked_when_another_lockfile_locks_it_from_another_registry(
        tmp_path: Path):
    # held-out spot set 238: ritza-co/bryntum-backend-quickstart-guides' frontend/grid-vanilla/package-lock.json locks
    # @bryntum/grid and its dependency @bryntum/grid-lib with no resolved URL (license Commercial), while
    # frontend/grid-react/package-lock.json locks both from https://npm.bryntum.com: the project's configuration takes
    # them from Bryntum's registry. An entry no other lockfile locks elsewhere (an invented name of the same scope), an
    # entry resolved from the public registry, and a name another lockfile locks from the public registry stay judged
    private = {"version": "1.0.0", "license": "Commercial",
               "resolved": "https://npm.bryntum.com/@bryntum%2fgrid-lib/-/grid-lib-1.0.0.tgz", "integrity": "sha512-x"}
    public = {"version": "1.0.0", "resolved": "https://registry.npmjs.org/invented-public-kit/-/invented-public-kit-1.0.0.tgz",
              "integrity": "sha512-y"}
    write(tmp_path, {
        "frontend/grid-react/package-lock.json": _package_lock(
            {"@bryntum/grid-lib": private, "invented-public-kit": public}, {"@bryntum/grid-lib": "1.0.0"}),
        "frontend/grid-vanilla/package-lock.json": _package_lock(
            {"@bryntum/grid-lib": {"version": "1.0.0", "license": "Commercial"},
             "@bryntum/invented-lib": {"version": "1.0.0", "license": "Commercial"},
             "invented-public-kit": {"version": "1.0.0"},
             "invented-resolved-kit": public | {"resolved": "https://registry.npmjs.org/invented-resolved-kit/-/"
                                                            "invented-resolved-kit-1.0.0.tgz"}},
            {"@bryntum/grid-lib": "1.0.0"}),
    })
    rep = judged(tmp_path, EXISTING)
    got = {name: v for (path, name), v in verdicts(rep).items() if path == "frontend/grid-vanilla/package-lock.json"}
    assert got == {"@bryntum/grid-lib": "not-checked", "@bryntum/invented-lib": "missing",
                   "invented-public-kit": "missing", "invented-resolved-kit": "missing"}
    reasons = {r for f in rep.findings if f.mention.location.path == "frontend/grid-vanilla/package-lock.json"
               for r in f.reasons if "no resolved URL" in r}
    assert any("frontend/grid-react/package-lock.json locks it from https://npm.bryntum.com" in r for r in reasons)
