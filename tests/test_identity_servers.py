"""Held-out set 105 (identity, authentication and authorization servers and libraries): the causes of its
first-sight false alarms, each on a small realistic tree, beside an invented name in the same place without the
evidence that excuses it (still judged)."""

from __future__ import annotations

from pathlib import Path

from depguard.model import Origin
from tests.trees import found, write

EDGE_JOB = """name: "Test edge function compatibility for Next.js on Cloudflare Workers"
on: push
jobs:
    test:
        runs-on: ubuntu-latest
        defaults:
            run:
                working-directory: examples/next/with-emailpassword
        steps:
            - uses: actions/checkout@v4
            - run: npm install
{install}
            - name: Replace APP_URL with deployed URL value
              run: |
                  sed -i "s|process.env.APP_URL|\\"${{{{ env.APP_URL }}}}\\"|" config/appInfo.ts
            - name: Build using next-on-pages
              run: npx next-on-pages
"""
INSTALL_STEP = """            - name: Install next-on-pages
              run: npm install --save-dev {package}
"""
APP = {"examples/next/with-emailpassword/package.json": '{"name": "with-emailpassword", "dependencies": {"next": "^14"}}\n'}


def _job(tmp_path: Path, package: str | None) -> set[tuple[str, str]]:
    install = INSTALL_STEP.format(package=package) if package else ""
    write(tmp_path, {".github/workflows/test-cf-worker-next.yml": EDGE_JOB.format(install=install), **APP})
    return {name for path, name in found(tmp_path, Origin.COMMAND) if path.endswith("test-cf-worker-next.yml")}


def test_npx_in_a_later_step_runs_the_bin_of_the_scoped_package_an_earlier_step_installed(tmp_path):
    # supertokens-node .github/workflows/test-cf-worker-next.yml: the bin of @cloudflare/next-on-pages is its name
    # without the scope, so npx fetches nothing
    assert _job(tmp_path, "@cloudflare/next-on-pages") == {"@cloudflare/next-on-pages"}


def test_npx_of_a_name_no_earlier_step_installs_a_scoped_package_of_is_still_judged(tmp_path):
    assert _job(tmp_path / "none", None) == {"next-on-pages"}
    assert _job(tmp_path / "other", "@cloudflare/wrangler") == {"@cloudflare/wrangler", "next-on-pages"}
    assert _job(tmp_path / "longer", "@cloudflare/next-on-pages-x") == {"@cloudflare/next-on-pages-x", "next-on-pages"}


def test_a_page_that_installs_the_scoped_package_and_runs_the_unscoped_name_is_still_judged(tmp_path):
    # a page's reader may have skipped the install or taken another tab's: only a script's earlier lines have run
    write(tmp_path, {"docs/deploy.md": "## Install\n\n```sh\nnpm install --save-dev @cloudflare/next-on-pages\n```\n\n"
                                       "## Build\n\n```sh\nnpx next-on-pages\n```\n"})
    assert {name for _, name in found(tmp_path, Origin.COMMAND)} == {"@cloudflare/next-on-pages", "next-on-pages"}


def test_a_page_whose_dlx_runs_the_bin_of_a_package_it_installed_is_still_judged(tmp_path):
    # npx after `npm install -g uglify-js` runs its bin uglifyjs; pnpm dlx fetches the registry's uglifyjs whatever
    # the page installed
    write(tmp_path, {"npx.md": "```sh\nnpm install -g uglify-js\nnpx uglifyjs a.js\n```\n",
                     "dlx.md": "```sh\npnpm add -g uglify-js\npnpm dlx uglifyjs a.js\n```\n"})
    assert found(tmp_path, Origin.COMMAND) == {("npx.md", "uglify-js"), ("dlx.md", "uglify-js"), ("dlx.md", "uglifyjs")}
