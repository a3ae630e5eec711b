"""Import maps an app downloads npm packages through (depguard/ecosystems/npm/import_maps.py): Symfony
AssetMapper's importmap.php and importmap-rails' config/importmap.rb, shaped like symfony/demo's and
rubygems.org's."""

from __future__ import annotations

from .._fixtures import format_names, parse

SYMFONY = """<?php

/**
 * Returns the importmap for this application.
 */
return [
    'app' => [
        'path' => './assets/app.js',
        'entrypoint' => true,
    ],
    '@symfony/stimulus-bundle' => [
        'path' => './vendor/symfony/stimulus-bundle/assets/dist/loader.js',
    ],
    '@hotwired/stimulus' => [
        'version' => '3.2.2',
    ],
    'highlight.js/lib/core' => [
        'version' => '11.11.1',
    ],
    'lato-font/css/lato-font.css' => [
        'version' => '3.0.0',
        'type' => 'css',
    ],
    'chart' => [
        'version' => '4.4.1',
        'package_specifier' => 'chart.js/auto',
    ],
    'bootstrap' => array('version' => '5.3.8'),
];
"""

RAILS = """# Pin npm packages by running ./bin/importmap

pin "jquery" # @3.7.1
pin "@rails/ujs", to: "@rails--ujs.js" # @7.1.3-4
pin "application"
pin_all_from "app/javascript/src", under: "src"
pin "@hotwired/turbo-rails", to: "turbo.min.js"
# vendored from github in the before times
pin "webauthn-json"
pin "local-time" # @3.0.2
"""


def test_symfony_importmap_versions_are_npm_packages_and_paths_are_not():
    mentions, problems = parse("importmap", SYMFONY, "importmap.php")
    got = [(m.key.name, m.written, m.spec, m.location.line, m.location.column) for m in mentions]
    assert got == [("@hotwired/stimulus", "@hotwired/stimulus", "3.2.2", 14, 6),
                   ("highlight.js", "highlight.js/lib/core", "11.11.1", 17, 6),
                   ("lato-font", "lato-font/css/lato-font.css", "3.0.0", 20, 6),
                   ("chart.js", "chart.js/auto", "4.4.1", 26, 33),
                   ("bootstrap", "bootstrap", "5.3.8", 28, 6)]
    assert problems == []


def test_rails_importmap_pins_with_a_version_note_are_npm_packages():
    mentions, problems = parse("importmap", RAILS, "config/importmap.rb")
    assert [(m.key.name, m.spec, m.location.line) for m in mentions] == [
        ("jquery", "3.7.1", 3), ("@rails/ujs", "7.1.3-4", 4), ("local-time", "3.0.2", 10)]
    assert problems == []


def test_import_maps_route_by_file_name():
    assert "importmap" in format_names("importmap.php")
    assert "importmap" in format_names("web/config/importmap.rb")
    assert "importmap" not in format_names("importmap.rb")  # importmap-rails reads config/importmap.rb only


def test_a_long_importmap_places_each_pin_on_its_line():
    # reviewer r32: each pin's line was counted from the file's start (40,000 pins: 10 s; benchmarks/crafted_inputs.py
    # times it); the line starts are found once
    text = "".join(f'pin "invented-pkg-{i}" # @1.0.{i}\n' for i in range(3000))
    mentions, _ = parse("importmap", text, "config/importmap.rb")
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions[::1500]] == [
        ("invented-pkg-0", 1, 6), ("invented-pkg-1500", 1501, 6)]
    assert mentions[-1].location.line == 3000


def test_a_pin_or_entry_addressed_to_a_cdn_is_the_npm_package_the_url_names():
    # importmap-rails 1.x pinned CDN addresses (rubyforgood/human-essentials' config/importmap.rb, held-out set 272,
    # 23 such pins); Symfony AssetMapper 6.3 wrote 'url' entries. A pin to a file of the app, or to another host, is
    # not a package; an invented name on the CDN is read like a real one, so the registry judges it
    rails = ('pin "jquery", to: "https://ga.jspm.io/npm:jquery@3.6.1/dist/jquery.js", preload: true\n'
             'pin "select2", to: "https://cdn.jsdelivr.net/npm/select2@4.0.13/dist/js/select2.min.js"\n'
             'pin "chartkick", to: "chartkick.js"\n'
             'pin "invented-pin", to: "https://ga.jspm.io/npm:imagined-widget-kit@1.0.0/index.js"\n'
             'pin "own", to: "https://example.com/npm:own@1.0.0/own.js"\n')
    mentions, problems = parse("importmap", rails, "config/importmap.rb")
    assert [(m.key.name, m.spec, m.location.line, m.location.column) for m in mentions] == [
        ("jquery", "3.6.1", 1, 43), ("select2", "4.0.13", 2, 50), ("imagined-widget-kit", "1.0.0", 4, 49)]
    php = ("<?php\nreturn [\n    '@hotwired/stimulus' => [\n"
           "        'url' => 'https://cdn.jsdelivr.net/npm/@hotwired/stimulus@3.2.2/+esm',\n    ],\n"
           "    'app' => ['path' => 'app.js', 'url' => 'https://cdn.jsdelivr.net/npm/not-this@1/+esm'],\n];\n")
    mentions, problems = parse("importmap", php, "importmap.php")
    assert [(m.key.name, m.spec, m.location.line) for m in mentions] == [("@hotwired/stimulus", "3.2.2", 4)]
    assert problems == []
