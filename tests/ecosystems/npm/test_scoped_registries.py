"""npm scopes that a tracked .npmrc or .yarnrc.yml sends to another registry (issue 12, rules_js's auth e2e test):
the names of that scope in the manifests and lockfiles below the file are not checked, never a pass, and nothing of
the credentials file but its scope lines is read or shown."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.config import Settings
from depguard.ecosystems.npm.scoped_registries import npmrc_scopes, shown_url, yarnrc_scopes
from tests.trees import judged, verdicts, write

EXISTING = {"@types/node", "@aspect-build/real-public"}
NPMRC = ("# pnpm outside of Bazel lays out node_modules like rules_js\nhoist=false\n\n"
         "# @aspect-build private GitHub registry\n@aspect-build:registry=https://npm.pkg.github.com/\n"
         "//npm.pkg.github.com/:_authToken=${ASPECT_GH_PACKAGES_AUTH_TOKEN}\n\n_authToken=npm_SECRETvalue123\n")
LOCK = ("lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      '@aspect-build/a':\n"
        "        specifier: 1.0.0\n        version: 1.0.0\n\npackages:\n\n  '@aspect-build/a@1.0.0':\n"
        "    resolution: {integrity: sha512-RUQ9/8WXBcC9FKIkjROXvD+cTFaJwLBJa3gGKWl4E4o12vUUJFyfz5Sr==}\n    hasBin: true\n")


def report(root: Path):
    return judged(root, EXISTING)


def test_a_scope_an_npmrc_sends_to_another_registry_is_not_checked_below_it_and_judged_elsewhere(tmp_path):
    write(tmp_path, {
        "e2e/auth/.npmrc": NPMRC,
        "e2e/auth/package.json": json.dumps({"private": True, "devDependencies": {"@types/node": "22.18.13"},
                                             "dependencies": {"@aspect-build/a": "1.0.0", "@invented-scope/b": "1.0.0",
                                                              "@aspect-build/real-public": "1.0.0"}}),
        "e2e/auth/pnpm-lock.yaml": LOCK,
        "e2e/auth/nested/package.json": json.dumps({"dependencies": {"@aspect-build/c": "1.0.0"}}),  # the file above
        # Yarn 2+: the same fact in .yarnrc.yml
        "e2e/berry/.yarnrc.yml": 'npmScopes:\n  corp:\n    npmRegistryServer: "https://npm.corp.example/"\n'
                                 '    npmAuthToken: "${CORP_TOKEN}"\n',
        "e2e/berry/package.json": json.dumps({"dependencies": {"@corp/ui": "2.0.0"}}),
        # a mapping to the public registry itself changes nothing
        "e2e/public/.npmrc": "@aspect-build:registry=https://registry.npmjs.org/\n",
        "e2e/public/package.json": json.dumps({"dependencies": {"@aspect-build/d": "1.0.0"}}),
        # outside the folder the scope is judged on npm as before
        "app/package.json": json.dumps({"dependencies": {"@aspect-build/a": "1.0.0"}}),
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("e2e/auth/package.json", "@types/node"): "ok",
        ("e2e/auth/package.json", "@aspect-build/a"): "not-checked",
        ("e2e/auth/package.json", "@aspect-build/real-public"): "not-checked",  # npm's answer says nothing here
        ("e2e/auth/package.json", "@invented-scope/b"): "missing",
        ("e2e/auth/pnpm-lock.yaml", "@aspect-build/a"): "not-checked",
        ("e2e/auth/nested/package.json", "@aspect-build/c"): "not-checked",
        ("e2e/berry/package.json", "@corp/ui"): "not-checked",
        ("e2e/public/package.json", "@aspect-build/d"): "missing",
        ("app/package.json", "@aspect-build/a"): "missing",
    }
    reasons = {f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"}
    assert reasons == {"its scope is fetched from https://npm.pkg.github.com/ (e2e/auth/.npmrc), a registry depguard does not ask",
                       "its scope is fetched from https://npm.corp.example/ (e2e/berry/.yarnrc.yml), a registry depguard does not ask"}
    assert "SECRET" not in repr(rep) and "CORP_TOKEN" not in repr(rep)


def test_a_mapped_scope_never_passes_so_a_tree_that_only_has_it_exits_3_not_0(tmp_path):
    # a pull request adding an .npmrc cannot make an invented name of its scope pass quietly: not checked, exit 3
    write(tmp_path, {".npmrc": "@evil:registry=https://evil.example/npm/\n",
                     "package.json": json.dumps({"dependencies": {"@evil/invented-helper": "1.0.0", "@types/node": "1"}})})
    rep = report(tmp_path)
    assert verdicts(rep)[("package.json", "@evil/invented-helper")] == "not-checked"
    assert rep.exit_code(Settings().fail_on) == 3


def test_only_scope_lines_are_read_and_a_url_is_shown_without_credentials():
    assert npmrc_scopes(NPMRC) == {"@aspect-build": "https://npm.pkg.github.com/"}
    assert npmrc_scopes("registry=https://mirror.example/\n//host/:_authToken=x\n") == {}  # a whole-registry mirror
    assert npmrc_scopes("  @Corp:registry = 'https://u:p@npm.corp.example/path?token=x'\n") == \
        {"@corp": "https://u:p@npm.corp.example/path?token=x"}
    assert shown_url("https://u:p@npm.corp.example/path?token=x#f") == "https://npm.corp.example/path"
    assert shown_url("${REGISTRY_URL}") == "${REGISTRY_URL}"
    assert yarnrc_scopes("npmScopes:\n  '@corp':\n    npmRegistryServer: https://npm.corp.example\n") == \
        {"@corp": "https://npm.corp.example"}
    assert yarnrc_scopes("npmScopes: [oops]\n") == {} and yarnrc_scopes(": bad: yaml: [\n npmScopes") == {}


def test_an_import_of_a_scope_another_registry_serves_is_not_checked_as_its_manifest_entry_is(tmp_path):
    # dbt-core's crates/dbt-docs-server/web (held-out spot set 79): its .npmrc sends @dbt-labs to GitHub Packages;
    # package.json's @dbt-labs/sourdough was not checked, but the 69 imports of it in src/ were judged on the public
    # registry and reported missing. Another scope's import, and one outside the folder, stay judged
    write(tmp_path, {
        "web/.npmrc": "; the design system comes from GitHub Packages\n@dbt-labs:registry=https://npm.pkg.github.com\n",
        "web/package.json": '{"name": "docs", "dependencies": {"@dbt-labs/sourdough": "18.23.0"}}\n',
        "web/src/App.tsx": "import { Button } from '@dbt-labs/sourdough';\nimport x from '@invented/thing';\n",
        "other/main.ts": "import { Button } from '@dbt-labs/sourdough';\n",
    })
    got = verdicts(judged(tmp_path, existing=set()))
    assert got == {("web/package.json", "@dbt-labs/sourdough"): "not-checked",
                   ("web/src/App.tsx", "@dbt-labs/sourdough"): "not-checked",
                   ("web/src/App.tsx", "@invented/thing"): "missing",
                   ("other/main.ts", "@dbt-labs/sourdough"): "missing"}


def test_a_page_showing_an_npmrc_scope_line_installs_that_scope_from_there(tmp_path):
    # BullMQ's docs/gitbook/bullmq-pro/install.md (held-out spot set 102): an .npmrc block maps @taskforcesh to
    # npm.taskforce.sh with a token, then `yarn add @taskforcesh/bullmq-pro`. Another scope on that page, the same
    # scope on a page without the line (since h238, session 34: not checked, the scope's registry is the tree's, see
    # test_a_scope_one_page_sends_to_a_private_registry_is_not_checked_where_another_page_installs_it), and a mapping
    # to the public registry stay judged
    write(tmp_path, {
        "docs/pro/install.md": ("With the token at hand create a `.npmrc`:\n\n```\n@taskforcesh:registry=https://npm.taskforce.sh/\n"
                                "//npm.taskforce.sh/:_authToken=${NPM_TASKFORCESH_TOKEN}\nalways-auth=true\n```\n\n"
                                "Then:\n\n```\nyarn add @taskforcesh/bullmq-pro @invented-scope/helper\n```\n"),
        "docs/pro/nestjs.md": "```bash\nyarn add @taskforcesh/nestjs-bullmq-pro\n```\n",
        "docs/public.md": "```\n@aspect-build:registry=https://registry.npmjs.org/\n```\n\n```\nnpm i @aspect-build/tooling-helper\n```\n",
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("docs/pro/install.md", "@taskforcesh/bullmq-pro"): "not-checked",
        ("docs/pro/install.md", "@invented-scope/helper"): "missing",
        ("docs/pro/nestjs.md", "@taskforcesh/nestjs-bullmq-pro"): "not-checked",
        ("docs/public.md", "@aspect-build/tooling-helper"): "missing",
    }
    assert "NPM_TASKFORCESH_TOKEN" not in repr(rep)
    assert {f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"} == {
        "its scope is fetched from https://npm.taskforce.sh/, as this page's .npmrc line says: a registry depguard does not ask",
        "its scope is fetched from https://npm.taskforce.sh/, as a page of this tree (docs/pro/install.md) shows: a "
        "registry depguard does not ask"}


def test_a_registry_url_with_an_unreadable_port_neither_stops_the_scan_nor_hides_a_name(tmp_path):
    # reviewer r32: urlsplit's port raises on `http://npm.acme.example:abc/`; shown_url let it out, and a tracked
    # .npmrc with such a scope line stopped the whole scan with a traceback (a tree could turn its own check off).
    # Its scope is still another registry's (not checked), and a name beside it is judged
    write(tmp_path, {".npmrc": "@acme:registry=http://npm.acme.example:abc/\n@corp:registry=https://u:p@npm.corp:99999/\n",
                     "package.json": json.dumps({"dependencies": {"@acme/kit": "1.0.0", "@corp/ui": "1.0.0",
                                                                  "invented-beside-zq": "1.0.0"}})})
    rep = report(tmp_path)
    assert verdicts(rep) == {("package.json", "@acme/kit"): "not-checked", ("package.json", "@corp/ui"): "not-checked",
                             ("package.json", "invented-beside-zq"): "missing"}
    assert "p@" not in repr(rep) and shown_url("http://h:abc/x?t=1") == "http://h:abc/x"


def test_a_scope_bunfig_toml_sends_to_another_registry_is_not_checked_and_its_token_is_not_shown(tmp_path):
    # Bun's bunfig.toml ([install.scopes], a string URL or a table with url and token), a probe of held-out set 226's
    # category (Bun projects): a private scope's names were asked of npm (DG001). The whole-registry `registry =` and a
    # scope mapped to the public registry change nothing; a scope bunfig.toml does not map is judged.
    write(tmp_path, {
        "bunfig.toml": '[install]\nregistry = "https://registry.example/"\n\n[install.scopes]\n'
                       'myorg = { token = "$NPM_TOKEN", url = "https://npm.myorg.example/" }\n'
                       '"@other" = "https://user:SECRETpw@npm.other.example/"\n'
                       'pub = "https://registry.npmjs.org/"\n',
        "package.json": json.dumps({"dependencies": {"@myorg/ui": "1.0.0", "@other/x": "1.0.0", "@pub/y": "1.0.0",
                                                     "@invented-scope/z": "1.0.0", "@types/node": "22.0.0"}}),
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {("package.json", "@myorg/ui"): "not-checked", ("package.json", "@other/x"): "not-checked",
                             ("package.json", "@pub/y"): "missing", ("package.json", "@invented-scope/z"): "missing",
                             ("package.json", "@types/node"): "ok"}
    assert "SECRET" not in repr(rep) and "NPM_TOKEN" not in repr(rep)


def test_a_scoped_install_a_sentence_of_the_page_says_is_hosted_in_a_private_registry_is_not_checked(tmp_path):
    # react-admin's docs/AuthRBAC.md and docs/EditableDatagrid.md (held-out set 230, marmelab/react-admin 051f511):
    # the install block, then a tip in prose, no .npmrc line. The names the sentence names (its own name, its full
    # name, its scope) are not checked, never a pass, with the page's own reason; a page saying the opposite stays
    # judged. Since h238 (session 34) the scope the sentence puts in a private registry is that registry's on every
    # page of the tree (npm fetches a scope from one registry: the next test), so another name of the scope on the
    # page and the same install on a page without the sentence are not checked either
    tip = ("**Tip**: ra-rbac is part of the [React-Admin Enterprise Edition](https://react-admin-ee.marmelab.com/), "
           "and hosted in a private npm registry. You need to subscribe to one of the Enterprise Edition plans to "
           "access this package.\n")
    write(tmp_path, {
        "docs/AuthRBAC.md": "```sh\nnpm install --save @react-admin/ra-rbac\n# or\nyarn add @react-admin/ra-rbac "
                            "@react-admin/ra-invented-zq\n```\n\n" + tip,
        "docs/Scope.md": "All `@acme-corp` packages are published to our private registry.\n\n```\nnpm i @acme-corp/ui-kit\n```\n",
        "docs/Public.md": "```\nnpm i @acme-free/tools-zq\n```\n\n`@acme-free/tools-zq` does not need a private registry.\n",
        "docs/Other.md": "```sh\nnpm install --save @react-admin/ra-rbac\n```\n",
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("docs/AuthRBAC.md", "@react-admin/ra-rbac"): "not-checked",
        ("docs/AuthRBAC.md", "@react-admin/ra-invented-zq"): "not-checked",
        ("docs/Scope.md", "@acme-corp/ui-kit"): "not-checked",
        ("docs/Public.md", "@acme-free/tools-zq"): "missing",
        ("docs/Other.md", "@react-admin/ra-rbac"): "not-checked",
    }
    reasons = {(f.mention.location.path, f.mention.written): f.reasons[0] for f in rep.findings}
    assert reasons["docs/AuthRBAC.md", "@react-admin/ra-rbac"] == \
        "this page says it is hosted in a private registry, which depguard does not ask"
    assert reasons["docs/Other.md", "@react-admin/ra-rbac"] == (
        "a page of this tree (docs/AuthRBAC.md) says its scope's packages are hosted in a private registry, which "
        "depguard does not ask (npm fetches a scope from one registry)")


def test_a_scope_one_page_sends_to_a_private_registry_is_not_checked_where_another_page_installs_it(tmp_path):
    # held-out sets 230 and 102-spot: react-admin's headless docs (docs_headless/…/DeletedRecordRepresentation.md
    # and 59 more pages) say 'This feature requires a valid Enterprise Edition subscription.' then `npm install
    # --save @react-admin/ra-core-ee`, while docs/DataTableInput.md says "`@react-admin/ra-form-layout` is hosted
    # in a private npm registry"; BullMQ's docs/gitbook/bullmq-pro/nestjs/README.md runs `yarn add
    # @taskforcesh/nestjs-bullmq-pro` after the install page's `.npmrc` line `@taskforcesh:registry=
    # https://npm.taskforce.sh/`. Each page was judged alone, so the pages without the sentence or the line asked
    # npm (DG001). npm fetches a scope from the one registry the reader's configuration maps it to, so the scope is
    # not checked on every page of the tree, never a pass, unless npm has the name (a reader may not have set that
    # registry up; Font Awesome's free packages share their scope with the Pro ones). Another scope on those
    # pages, a scope whose own name in the sentence is a plain word ("core", beside @babel/core), a page saying a
    # scope needs no private registry, and a tree without such a page stay judged
    write(tmp_path / "ra", {
        "docs/DataTableInput.md": "```sh\nnpm install --save @react-admin/ra-form-layout\n```\n\n**Tip**: "
                                  "`@react-admin/ra-form-layout` is hosted in a private npm registry. You need an "
                                  "Enterprise Edition subscription to access it.\n",
        "docs_headless/DeletedRecordRepresentation.md": "This feature requires a valid Enterprise Edition "
            "subscription.\n\n```bash\nnpm install --save @react-admin/ra-core-ee @invented-zq/ra-kit\n```\n",
        "docs/Babel.md": "```\nnpm i @babel/core\n```\n\nThe core features are hosted in a private registry.\n",
        "docs/Free.md": "`@free-zq` packages do not need a private registry.\n\n```\nnpm i @free-zq/kit\n```\n",
        "docs/Other.md": "```\nnpm i @babel/core @free-zq/kit\n```\n",
        "docs/Public.md": "```\nnpm i @react-admin/ra-public-zq\n```\n",
    })
    write(tmp_path / "bullmq", {
        "docs/pro/install.md": "Add to your `.npmrc`:\n\n```\n@taskforcesh:registry=https://npm.taskforce.sh/\n"
                               "//npm.taskforce.sh/:_authToken=${NPM_TASKFORCESH_TOKEN}\n```\n\n"
                               "```\nyarn add @taskforcesh/bullmq-pro\n```\n",
        "docs/pro/nestjs/README.md": "BullMQ-Pro needs a token, as explained in the install section.\n\n```\n"
                                     "yarn add @taskforcesh/nestjs-bullmq-pro\n```\n",
    })
    write(tmp_path / "plain", {"README.md": "```\nyarn add @taskforcesh/nestjs-bullmq-pro @react-admin/ra-core-ee\n```\n"})
    rep = judged(tmp_path / "ra", EXISTING | {"@react-admin/ra-public-zq"})
    assert verdicts(rep) == {
        ("docs/Public.md", "@react-admin/ra-public-zq"): "ok",  # the public registry's name passes as before
        ("docs/DataTableInput.md", "@react-admin/ra-form-layout"): "not-checked",
        ("docs_headless/DeletedRecordRepresentation.md", "@react-admin/ra-core-ee"): "not-checked",
        ("docs_headless/DeletedRecordRepresentation.md", "@invented-zq/ra-kit"): "missing",
        ("docs/Babel.md", "@babel/core"): "not-checked",  # the page rule, on its own page only
        ("docs/Free.md", "@free-zq/kit"): "missing",
        ("docs/Other.md", "@babel/core"): "missing",
        ("docs/Other.md", "@free-zq/kit"): "missing",
    }
    rep = report(tmp_path / "bullmq")
    assert verdicts(rep) == {("docs/pro/install.md", "@taskforcesh/bullmq-pro"): "not-checked",
                             ("docs/pro/nestjs/README.md", "@taskforcesh/nestjs-bullmq-pro"): "not-checked"}
    assert ("its scope is fetched from https://npm.taskforce.sh/, as a page of this tree (docs/pro/install.md) shows: "
            "a registry depguard does not ask") in {f.reasons[0] for f in rep.findings}
    assert "NPM_TASKFORCESH_TOKEN" not in repr(rep)
    assert set(verdicts(report(tmp_path / "plain")).values()) == {"missing"}


def test_a_page_command_mapping_a_scope_to_a_registry_installs_that_scope_from_there(tmp_path):
    # the .npmrc line of the test above, written as the command that writes it (a probe of held-out set 230's
    # class): Font Awesome Pro's `npm config set "@fortawesome:registry" https://npm.fontawesome.com/`, pnpm's
    # `config set @scope:registry=URL`, an `echo … >> .npmrc`, the `--@scope:registry=` option, Yarn 2+'s
    # npmScopes and GitHub Packages' `npm login --scope=@owner --registry=…`. A scope no command maps and a
    # mapping to the public registry stay judged
    write(tmp_path, {
        "fa.md": '```\nnpm config set "@fortawesome:registry" https://npm.fontawesome.com/\n'
                 'npm config set "//npm.fontawesome.com/:_authToken" FONTAWESOME_PACKAGE_TOKEN\n```\n\n'
                 '```\nnpm install --save @fortawesome/fontawesome-pro @invented-zq/icons-kit\n```\n',
        "pnpm.md": "```\npnpm config set @corpe-zq:registry=https://npm.corp.example/\npnpm add @corpe-zq/widgets-kit\n```\n",
        "echo.md": '```\necho "@corpd-zq:registry=https://npm.corp.example/" >> .npmrc\nnpm i @corpd-zq/widgets-kit\n```\n',
        "flag.md": "```\nnpm install @corpg-zq/widgets-kit --@corpg-zq:registry=https://npm.corp.example/\n```\n",
        "berry.md": "```\nyarn config set npmScopes.corpf-zq.npmRegistryServer https://npm.corp.example/\n"
                    "yarn add @corpf-zq/widgets-kit\n```\n",
        "gh.md": "```\nnpm login --scope=@corph-zq --registry=https://npm.pkg.github.com\nnpm i @corph-zq/widgets-kit\n```\n",
        "public.md": "```\nnpm config set @corpp-zq:registry https://registry.npmjs.org/\nnpm i @corpp-zq/widgets-kit\n```\n",
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("fa.md", "@fortawesome/fontawesome-pro"): "not-checked",
        ("fa.md", "@invented-zq/icons-kit"): "missing",
        ("pnpm.md", "@corpe-zq/widgets-kit"): "not-checked",
        ("echo.md", "@corpd-zq/widgets-kit"): "not-checked",
        ("flag.md", "@corpg-zq/widgets-kit"): "not-checked",
        ("berry.md", "@corpf-zq/widgets-kit"): "not-checked",
        ("gh.md", "@corph-zq/widgets-kit"): "not-checked",
        ("public.md", "@corpp-zq/widgets-kit"): "missing",
    }
    assert "FONTAWESOME_PACKAGE_TOKEN" not in repr(rep)
    assert ("its scope is fetched from https://npm.fontawesome.com/, as a command on this page sets: a registry "
            "depguard does not ask") in {f.reasons[0] for f in rep.findings}


def test_the_install_commands_below_an_npmrc_that_maps_their_scope_are_not_checked(tmp_path):
    # a scope the tree's .npmrc sends to another registry was not checked in its manifests and lockfiles, but a
    # README, a setup script and a CI step installing a package of that scope asked npm (DG001): npm gives a scope
    # one registry. Another scope, the same scope in a folder the .npmrc is not above, and a documentation
    # example (a placeholder name) stay as they were
    write(tmp_path, {
        "app/.npmrc": "@corpz-zq:registry=https://npm.corp.example/\n//npm.corp.example/:_authToken=SECRETtok\n",
        "app/README.md": "```\nnpm i @corpz-zq/widgets-kit @invented-zq/other-kit\n```\n",
        "app/scripts/setup.sh": "#!/bin/sh\nnpm install @corpz-zq/widgets-kit\n",
        "app/package.json": json.dumps({"name": "app", "private": True}),
        ".github/workflows/ci.yml": "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
                                    "      - run: npm install -g @corpz-zq/cli-tool\n",
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("app/README.md", "@corpz-zq/widgets-kit"): "not-checked",
        ("app/README.md", "@invented-zq/other-kit"): "missing",
        ("app/scripts/setup.sh", "@corpz-zq/widgets-kit"): "not-checked",
        (".github/workflows/ci.yml", "@corpz-zq/cli-tool"): "missing",
    }
    assert "SECRET" not in repr(rep)


def _lock(entries: dict[str, str]) -> str:
    return json.dumps({"name": "app", "lockfileVersion": 3, "packages": {
        f"node_modules/{name}": {"version": "1.0.0", "resolved": url, "integrity": "sha512-AAAA"}
        for name, url in entries.items()}})


def test_a_scope_a_lockfile_of_the_tree_resolves_from_another_registry_is_not_checked_where_a_page_installs_it(tmp_path):
    # held-out spot set 238: ritza-co/bryntum-backend-quickstart-guides' frontends lock @bryntum/gantt and its kin from
    # https://npm.bryntum.com (frontend/gantt-react/package-lock.json, beside npm's own packages), while its guides
    # (guides/gantt-express-sqlite-react.md) and the frontends' READMEs install `@bryntum/gantt@npm:@bryntum/gantt-trial`,
    # names no lockfile locks: DG001. npm fetches a scope from one registry, so those installs are not checked, never
    # a pass; a name npm has passes. Another scope on the same page, and a scope a lockfile takes from a proxy of the
    # whole registry (every package from one other host: nothing says the scope is sent anywhere) stay judged
    write(tmp_path / "guides", {
        "frontend/gantt-react/package-lock.json": _lock({
            "@bryntum/gantt": "https://npm.bryntum.com/@bryntum/gantt/-/gantt-6.3.1.tgz",
            "react": "https://registry.npmjs.org/react/-/react-19.1.0.tgz"}),
        "guides/gantt-express-sqlite-react.md": "```shell\nnpm install @bryntum/gantt@npm:@bryntum/gantt-trial "
                                                "@bryntum/gantt-react-zq @invented-zq/gantt-kit\n```\n",
    })
    write(tmp_path / "proxy", {
        "app/package-lock.json": _lock({
            "@corp-zq/ui": "https://artifactory.corp.example/api/npm/npm/@corp-zq/ui/-/ui-1.0.0.tgz",
            "react": "https://artifactory.corp.example/api/npm/npm/react/-/react-19.1.0.tgz"}),
        "README.md": "```\nnpm i @corp-zq/widgets-kit\n```\n",
    })
    rep = judged(tmp_path / "guides", EXISTING | {"@bryntum/gantt-react-zq"})
    assert {k: v for k, v in verdicts(rep).items() if k[0].endswith(".md")} == {
        ("guides/gantt-express-sqlite-react.md", "@bryntum/gantt@npm:@bryntum/gantt-trial"): "not-checked",
        ("guides/gantt-express-sqlite-react.md", "@bryntum/gantt-react-zq"): "ok",
        ("guides/gantt-express-sqlite-react.md", "@invented-zq/gantt-kit"): "missing",
    }
    assert ("its scope is fetched from https://npm.bryntum.com, as this tree's frontend/gantt-react/package-lock.json "
            "locks it: a registry depguard does not ask (npm fetches a scope from one registry)") in {
        f.reasons[0] for f in rep.findings}
    assert verdicts(report(tmp_path / "proxy"))["README.md", "@corp-zq/widgets-kit"] == "missing"


def test_a_scoped_install_on_a_page_saying_its_packages_need_a_subscription_or_a_key_is_not_checked(tmp_path):
    # held-out spot set 238: FortAwesome/angular-fontawesome's docs/usage/using-other-styles.md says "Packages prefixed
    # with `free` are available for everybody, but other packages require a Font Awesome Pro subscription and
    # [additional configuration](…)", then installs @fortawesome/pro-solid-svg-icons and 15 more Pro packages, which
    # Font Awesome serves from its own registry (npm: 404): DG001. Payload's docs/integrations/vercel-content-link.mdx
    # (set 155): "This plugin requires an API key to install, contact our sales team", then `npm i
    # @payloadcms/plugin-csm`. On such a page of the vendor's own docs (the tree's packages are published under the
    # scope), a name of that scope npm lacks is not checked, never a pass; one npm has passes. Another scope and an
    # unscoped name on the page (AI tools' docs say "requires an OpenAI API key" beside installs of others' packages),
    # a page saying no subscription is needed and another page stay judged
    write(tmp_path, {
        "package.json": json.dumps({"name": "@fortawesome/angular-fontawesome", "version": "1.0.0"}),
        "packages/payload/package.json": json.dumps({"name": "@payloadcms/payload-zq", "version": "1.0.0"}),
        "packages/free/package.json": json.dumps({"name": "@free-zq/core", "version": "1.0.0"}),
        "docs/usage/using-other-styles.md": (
            "Packages prefixed with `free` are available for everybody, but other packages require a [Font Awesome "
            "Pro](https://fontawesome.com/plans) subscription and [additional configuration]"
            "(https://fontawesome.com/docs/web/setup/packages#_1-configure-access).\n\n"
            "```bash\n$ yarn add @fortawesome/free-solid-svg-icons\n# or\n$ yarn add @fortawesome/pro-solid-svg-icons "
            "icons-helper-zq @invented-zq/icons\n```\n"),
        "docs/integrations/vercel-content-link.mdx": (
            "This plugin requires an API key to install, contact our sales team.\n\n"
            "```bash\nnpm i @payloadcms/plugin-csm\n```\n"),
        "docs/free.md": "This kit does not require a subscription.\n\n```\nnpm i @free-zq/kit\n```\n",
        "docs/other.md": "```\nnpm i @fortawesome/pro-light-svg-icons\n```\n",
    })
    rep = judged(tmp_path, EXISTING | {"@fortawesome/free-solid-svg-icons"})
    styles, payload = "docs/usage/using-other-styles.md", "docs/integrations/vercel-content-link.mdx"
    unchecked = {(styles, "@fortawesome/pro-solid-svg-icons"), (payload, "@payloadcms/plugin-csm")}
    judged_as_before = {(styles, "icons-helper-zq"), (styles, "@invented-zq/icons"), ("docs/free.md", "@free-zq/kit"),
                        ("docs/other.md", "@fortawesome/pro-light-svg-icons")}
    got = verdicts(rep)
    assert got.pop((styles, "@fortawesome/free-solid-svg-icons")) == "ok"
    assert got == {**dict.fromkeys(unchecked, "not-checked"), **dict.fromkeys(judged_as_before, "missing")}
    assert ('this page says what it installs needs a paid plan or a key ("requires an API key"): a vendor\'s package '
            "from its own registry, which depguard does not ask") in {f.reasons[0] for f in rep.findings}


def test_a_lockfile_run_of_many_public_url_starts_is_read_once():
    # reviewer r34, crafted: locked_scopes asked whether a lockfile takes anything from npm with a lazy `.tgz` pattern
    # tried at each public URL start, which in a run without a `.tgz` read the run to its end from each (8,000 starts:
    # 86 s). Such a run is no npm tarball; a scope locked from another registry beside a real npm tarball still counts
    from depguard.ecosystems.npm.scoped_registries import locked_scopes, public_tarball

    run = "https://registry.npmjs.org/a" * 20_000
    corp = '"https://npm.corp.example/@corp/ui/-/@corp/ui-1.0.0.tgz"\n'
    assert not public_tarball(f"x.tgz\n{run}\n") and locked_scopes(f"x.tgz\n{run}\n{corp}") == {}
    npm = '"https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz"\n'
    assert public_tarball(run + npm.strip('"\n')) and locked_scopes(f"{run}\n{corp}{npm}") == {"@corp": "https://npm.corp.example"}
    assert not public_tarball("https://registry.npmjs.org/.tgz")


def test_a_line_of_many_negated_gated_sentences_is_read_once():
    # reviewer r34, crafted: gated_page read a line from its start for each sentence saying something requires a key,
    # to look for a negation before it (a line of 64,000 negated ones: 13 s). A negation before the first such sentence
    # of a line stands before all of them; a later line's un-negated sentence is still the page's
    from depguard.ecosystems.npm.scoped_registries import gated_page
    from depguard.parsers import Source

    negated = "This does not matter: " + "it requires an api key. " * 64_000
    assert gated_page(Source(path="docs/x.md", text=negated)) == ""
    later = negated + "\nOther packages require a Font Awesome Pro subscription and additional configuration.\n"
    assert gated_page(Source(path="docs/x.md", text=later)) == "require a Font Awesome Pro subscription"
    assert gated_page(Source(path="docs/x.md", text="It requires an API key, not a password.\n")) == "requires an API key"


def test_a_scope_mapped_to_a_public_mirror_of_npm_is_judged_as_npm_own(tmp_path):
    # npmmirror (registry.npmmirror.com, once registry.npm.taobao.org) and Tencent's and Huawei's mirrors copy the public
    # registry: npm's `public_index` lists them, and a lockfile resolved from them is npm's own. A scope an .npmrc, a
    # page's .npmrc line or a page's command maps to one is fetched from a copy of npm, so its names are judged on npm
    # (a name npm lacks is missing there too), never "not checked"; a company registry on the same page still is not
    # asked (session 34's reviewer r34 found the tree-wide scope rule treated the mirrors as private)
    write(tmp_path, {
        "app/.npmrc": "@aspect-build:registry=https://registry.npmmirror.com/\n",
        "app/package.json": json.dumps({"dependencies": {"@aspect-build/mirrored-zq": "1.0.0",
                                                         "@aspect-build/real-public": "1.0.0"}}),
        "docs/install.md": ("```\n@aspect-build:registry=https://registry.npm.taobao.org\n"
                            "@corp:registry=https://npm.corp.example/\n```\n\n"
                            "```\nnpm i @aspect-build/tooling-zq @corp/ui\n```\n"),
        "docs/tencent.md": ("```\nnpm config set @aspect-build:registry https://mirrors.cloud.tencent.com/npm/\n"
                            "npm i @aspect-build/cloud-zq\n```\n"),
    })
    rep = report(tmp_path)
    assert verdicts(rep) == {
        ("app/package.json", "@aspect-build/mirrored-zq"): "missing",
        ("app/package.json", "@aspect-build/real-public"): "ok",
        ("docs/install.md", "@aspect-build/tooling-zq"): "missing",
        ("docs/install.md", "@corp/ui"): "not-checked",
        ("docs/tencent.md", "@aspect-build/cloud-zq"): "missing",
    }
