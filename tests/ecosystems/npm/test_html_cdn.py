"""Web pages' CDN addresses (depguard/ecosystems/npm/html_cdn.py): the npm packages a browser downloads when a page
loads. The shapes are those of pages in the stored mirrors: Flask templates loading libraries from jsDelivr
(Dicklesworthstone/mcp_agent_mail ``src/mcp_agent_mail/templates/base.html``), a docs playground's import map of
esm.sh modules (koxudaxi/datamodel-code-generator ``docs/assets/playground/index.html``), unpkg UMD builds
(reduxjs/redux ``examples/counter-vanilla/index.html``)."""

from __future__ import annotations

from .._fixtures import format_names, parse

PAGE = """<!doctype html>
<html><head>
<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.2/dist/css/bootstrap.min.css">
<script defer src="https://cdn.jsdelivr.net/npm/@alpinejs/collapse@3.x.x/dist/cdn.min.js"></script>
<script src='https://unpkg.com/redux@latest/dist/redux.min.js'></script>
<script src=https://unpkg.com/zqxv-cdn-helpr@1.0.0/x.js></script>
<script type="importmap">
{ "imports": { "@codemirror/view": "https://esm.sh/@codemirror/view@6.26.3",
               "style-mod": "https://esm.sh/v135/style-mod@4.1.2?external=x" } }
</script>
<script type="module">
  import { marked } from "https://cdn.jsdelivr.net/npm/marked@12/+esm";
  const m = await import('https://esm.sh/zqxv-esm-helpr@2');
  import "https://cdn.skypack.dev/canvas-confetti";
</script>
</head></html>
"""


def test_script_link_import_and_import_map_addresses_of_npm_cdns_name_the_packages_they_serve():
    mentions, problems = parse("html-cdn", PAGE, "templates/base.html")
    got = [(m.key.name, m.spec, m.location.line, m.location.column) for m in mentions]
    assert got == [("bootstrap", "5.3.2", 3, 59), ("@alpinejs/collapse", "3.x.x", 4, 49), ("redux", "latest", 5, 32),
                   ("zqxv-cdn-helpr", "1.0.0", 6, 31), ("@codemirror/view", "6.26.3", 8, 52),
                   ("style-mod", "4.1.2", 9, 50), ("marked", "12", 12, 56), ("zqxv-esm-helpr", "2", 13, 42),
                   ("canvas-confetti", None, 14, 35)]
    assert {m.origin.value for m in mentions} == {"manifest"}
    assert problems == []
    assert "html-cdn" in format_names("site/index.html") and "html-cdn" in format_names("page.htm")
    assert "html-cdn" not in format_names("README.md")


def test_links_comments_other_hosts_bare_cdn_addresses_and_slots_are_not_read():
    page = """<html><body>
<!-- <script src="https://unpkg.com/zqxv-commented-out@1/x.js"></script> -->
<a href="https://unpkg.com/zqxv-a-link@1/">the package's files</a>
<p>Load it from https://cdn.jsdelivr.net/npm/zqxv-in-prose@1 in your page.</p>
<script src="https://cdn.jsdelivr.net/gh/someuser/somerepo@main/x.js"></script>
<script src="https://cdnjs.cloudflare.com/ajax/libs/moment.js/2.29.4/moment.min.js"></script>
<script src="https://unpkg.com/{{ package }}@{{ version }}/dist/x.js"></script>
<script src="https://cdn.jsdelivr.net/npm/${name}/x.js"></script>
<script type="module">
  const base = "https://esm.sh/";
  import x from "https://esm.sh/gh/someuser/somerepo";
  import y from "https://esm.sh/jsr/@std/path";
  fetch("https://unpkg.com/zqxv-fetched@1/data.json");
</script>
<script src="/static/app.js"></script>
</body></html>
"""
    assert parse("html-cdn", page, "index.html") == ([], [])
    # the same address as a script's src is read
    read = parse("html-cdn", '<script src="https://unpkg.com/zqxv-a-link@1/x.js"></script>', "index.html")[0]
    assert [m.key.name for m in read] == ["zqxv-a-link"]


def test_a_page_without_a_cdn_address_or_an_unclosed_script_or_comment_reads_what_is_there():
    assert parse("html-cdn", "<html><script>let a = 1;</script></html>", "a.html") == ([], [])
    unclosed = '<script type="module">\nimport z from "https://esm.run/zqxv-unclosed@3";\n'
    assert [(m.key.name, m.location.line) for m in parse("html-cdn", unclosed, "a.html")[0]] == [("zqxv-unclosed", 2)]
    assert parse("html-cdn", '<!-- <script src="https://unpkg.com/zqxv-x@1/x.js">', "a.html") == ([], [])


def test_a_page_below_a_test_folder_is_the_tests_input_and_its_flags_are_notes():
    # adbar/trafilatura tests/eval/haitiantimes.com-family.html:1397, a saved copy of a news site's page
    saved = ('<iframe id="ad-auris-iframe" scrolling="no"></iframe><script '
             'src="https://cdn.jsdelivr.net/npm/ad-auris-iframe-distribution@latest/script.js"></script>')
    [m] = parse("html-cdn", saved, "tests/eval/haitiantimes.com-family.html")[0]
    assert m.key.name == "ad-auris-iframe-distribution" and m.example is not None
    # the same page directly in the test folder, or in the project, is judged as the project's own
    for path in ("tests/index.html", "site/index.html", "testsuite/x/index.html"):
        [m] = parse("html-cdn", saved, path)[0]
        assert m.example is None, path


def test_an_import_map_address_on_unpkgs_www_host_names_the_package_it_serves():
    # held-out set 250: mcneel/rhino-developer-samples' compute/js/SampleBrepIsocurves/index.html maps "rhinocompute" to
    # https://www.unpkg.com/compute-rhino3d@0.13.0-beta/compute.rhino3d.module.js (unpkg answers on www. too); an
    # invented package on the same host is read as well, and another www. host is not
    page = ('<script type="importmap">\n{"imports": {\n'
            '  "rhinocompute": "https://www.unpkg.com/compute-rhino3d@0.13.0-beta/compute.rhino3d.module.js",\n'
            '  "kit": "https://www.unpkg.com/zqxv-www-kit@1.0.0/kit.js",\n'
            '  "other": "https://www.example.com/zqxv-not-a-cdn@1.0.0/x.js"\n}}\n</script>\n')
    mentions, _ = parse("html-cdn", page, "compute/js/Sample/index.html")
    assert [(m.key.name, m.spec) for m in mentions] == [("compute-rhino3d", "0.13.0-beta"), ("zqxv-www-kit", "1.0.0")]


def test_razor_pages_and_components_are_pages_and_their_own_comments_hide_nothing_else():
    # set 278: dotnet/aspire-samples' aspire-shop Frontend/Components/App.razor links Font Awesome from jsDelivr
    # (`<link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/font-awesome@4.7.0/css/font-awesome.min.css"`); no
    # format read a Razor file, so an invented package there went unjudged. A Razor comment @* … *@ renders nothing.
    app = ('<!DOCTYPE html>\n<html lang="en">\n<head>\n    <base href="/" />\n'
           '    <link rel="stylesheet" href="https://cdn.jsdelivr.net/npm/font-awesome@4.7.0/css/font-awesome.min.css"\n'
           '          crossorigin="anonymous" />\n    <link rel="stylesheet" href="@Assets["app.css"]" />\n'
           '    @* <script src="https://unpkg.com/zqxv-commented-helpr@1/x.js"></script> *@\n    <HeadOutlet />\n'
           '</head>\n<body>\n    <Routes />\n    <script src="https://unpkg.com/zqxv-razor-helpr@2/dist/x.js"></script>\n'
           '    <script src="_framework/blazor.web.js"></script>\n</body>\n</html>\n')
    assert "html-cdn" in format_names("Components/App.razor") and "html-cdn" in format_names("Views/Shared/_Layout.cshtml")
    for path in ("Components/App.razor", "Views/Shared/_Layout.cshtml"):
        mentions, problems = parse("html-cdn", app, path)
        assert [(m.key.name, m.spec, m.location.line) for m in mentions] == [
            ("font-awesome", "4.7.0", 5), ("zqxv-razor-helpr", "2", 13)] and problems == []
    # in an .html page an @* is text, no comment
    mentions, _ = parse("html-cdn", app, "index.html")
    assert [m.key.name for m in mentions] == ["font-awesome", "zqxv-commented-helpr", "zqxv-razor-helpr"]
