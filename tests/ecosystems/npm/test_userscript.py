"""Userscripts' metadata blocks (depguard/ecosystems/npm/userscript.py): the npm packages a userscript manager
downloads for ``@require`` and ``@resource`` lines. The shapes are those of public userscripts (Greasy Fork
collections: jsDelivr with and without a version or a file, SRI fragments, a trailing comment, unpkg, the
mirrors Chinese scripts use) and of Mottie/GitHub-userscripts' Greasy Fork and cdnjs lines (set 206), which name
no npm package."""

from __future__ import annotations

from .._fixtures import format_names, parse

SCRIPT = """// ==UserScript==
// @name         Probe
// @match        https://github.com/*
// @require      https://cdn.jsdelivr.net/npm/jquery@3.7.1/dist/jquery.min.js
// @require      https://cdn.jsdelivr.net/npm/sweetalert2@11
// @require      https://cdn.jsdelivr.net/npm/@violentmonkey/dom@2 // For VM.observe
// @require      https://cdn.jsdelivr.net/npm/lodash@4.17.11/lodash.min.js#sha256-7/yoZS3548fXSRXqc=
// @require      https://unpkg.com/vm.shortcut
// @require      https://fastly.jsdelivr.net/npm/zqxv-userscript-helpr@1.0.0/index.js
// @require      https://registry.npmmirror.com/jszip/3.10.1/files/dist/jszip.min.js
// @require      https://cdn.jsdelivr.net/gh/someuser/somerepo@main/x.js
// @require      https://greasyfork.org/scripts/28721-mutations/code/mutations.js?version=1108163
// @require      https://cdnjs.cloudflare.com/ajax/libs/moment.js/2.29.4/moment-with-locales.min.js
// @resource     css https://unpkg.com/@fancyapps/ui@6.1.13/dist/fancybox/fancybox.css
// @resource     icon https://example.com/icon.png
// @grant        GM_getResourceText
// ==/UserScript==
(function () { 'use strict'; })();
"""


def test_require_and_resource_urls_of_npm_cdns_name_the_packages_they_serve():
    mentions, problems = parse("userscript", SCRIPT, "probe.user.js")
    got = [(m.key.name, m.spec, m.location.line, m.location.column) for m in mentions]
    assert got == [("jquery", "3.7.1", 4, 47), ("sweetalert2", "11", 5, 47), ("@violentmonkey/dom", "2", 6, 47),
                   ("lodash", "4.17.11", 7, 47), ("vm.shortcut", None, 8, 36),
                   ("zqxv-userscript-helpr", "1.0.0", 9, 50), ("jszip", "3.10.1", 10, 49),
                   ("@fancyapps/ui", "6.1.13", 14, 40)]
    assert {m.origin.value for m in mentions} == {"manifest"}
    assert problems == []


def test_a_header_inside_a_template_literal_or_lines_outside_the_block_are_not_read():
    template = ("const TEMPLATE = `// ==UserScript==\n// @name New script\n"
                "// @require https://cdn.jsdelivr.net/npm/zqxv-made-up@1\n// ==/UserScript==\n`;\n")
    outside = ("/*\n * an earlier version used:\n * // @require https://unpkg.com/tesseract.js@v2.1.0/x.js\n */\n"
               "// @require https://unpkg.com/zqxv-made-up@1/x.js\n")
    assert parse("userscript", template, "src/templates.js")[0] == []
    assert parse("userscript", outside, "notes.js")[0] == []
    # the same line in a real header, after a template literal that closes, is read
    mentions, _ = parse("userscript", "const a = `x`;\n" + SCRIPT.split("\n", 4)[0] + "\n"
                        "// @require https://cdn.jsdelivr.net/npm/zqxv-made-up@1\n// ==/UserScript==\n", "a.js")
    assert [m.key.name for m in mentions] == ["zqxv-made-up"]


def test_userscripts_route_to_the_reader_by_their_javascript_names():
    assert "userscript" in format_names("scripts/github-code-colors.user.js")
    assert "userscript" in format_names("src/main.ts")
    assert "userscript" not in format_names("styles/dark.user.css")


def test_start_lines_pair_with_the_next_end_line_and_unclosed_ones_read_nothing():
    # a block's start line pairs with the first end line after it; start lines with no end after them (2,000 here:
    # benchmarks/crafted_inputs.py times the reader on such files) read nothing
    block = ("// ==UserScript==\n// ==UserScript==\n// @require https://unpkg.com/zqxv-first@1/a.js\n"
             "// ==/UserScript==\n// @require https://unpkg.com/zqxv-after-the-end@1/a.js\n")
    mentions, _ = parse("userscript", block + "// ==UserScript==\n" * 2000, "a.user.js")
    assert [(m.key.name, m.location.line) for m in mentions] == [("zqxv-first", 3)]


def test_a_chat_answers_userscript_is_read_from_its_code_block():
    from depguard.scan import collect_text

    # an assistant's "here is a Tampermonkey script" answer: the @require an invented helper is judged like a file's
    answer = ("Here is a Tampermonkey script:\n\n```javascript\n// ==UserScript==\n// @name Auto clicker\n"
              "// @match https://example.com/*\n"
              "// @require https://cdn.jsdelivr.net/npm/zqxv-dom-helper@1.2.0/dist/index.min.js\n"
              "// ==/UserScript==\n(function () {})();\n```\n")
    found = [(m.key.name, m.parser, m.location.line) for m in collect_text(answer, path="answer.md").mentions]
    assert found == [("zqxv-dom-helper", "userscript", 7)]
