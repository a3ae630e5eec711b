"""ruby-imports and dart-imports: fixtures with the project's own files beside them, and inline cases."""

from __future__ import annotations

import pytest

from depguard.ecosystems.pub import imports as dart
from depguard.ecosystems.rubygems import imports as ruby
from depguard.parsers import Hints

from ._helpers import assert_registered, parse_fixture, quads, refs

# --- Ruby ---------------------------------------------------------------------------------------------

def test_ruby_spec_fixture_skips_stdlib_local_files_and_literals_that_are_not_requires():
    mentions, source = parse_fixture("ruby-imports", "ruby/app/spec/app_spec.rb", root="ruby/app")
    assert quads(mentions) == [
        ("rubygems", "net-ssh", 6, 10),
        ("rubygems", "nokogiri", 7, 10),
        ("rubygems", "aws-sdk-s3", 8, 10),
        ("rubygems", "google-cloud-storage", 9, 10),
        ("rubygems", "rubyzip", 10, 17),
        ("rubygems", "faraday", 11, 21),
        ("rubygems", "sinatra", 25, 10),
    ]
    # the mention spans the require path as written
    assert [m.written for m in mentions][3] == "google/cloud/storage"
    assert (mentions[3].location.end_column) == 10 + len("google/cloud/storage")
    assert source.problems == []


def test_ruby_gem_lib_and_rakefile():
    mentions, _ = parse_fixture("ruby-imports", "ruby/app/lib/myapp.rb", root="ruby/app")
    assert quads(mentions) == [("rubygems", "activesupport", 3, 10)]  # myapp/version is lib/myapp/version.rb
    mentions, _ = parse_fixture("ruby-imports", "ruby/app/Rakefile", root="ruby/app")
    assert quads(mentions) == [("rubygems", "rubocop", 2, 10)]  # rake ships with Ruby


def test_ruby_gems_rb_is_the_gemfile_parsers():
    mentions, _ = parse_fixture("ruby-imports", "ruby/app/gems.rb", root="ruby/app")
    assert mentions == []


def test_ruby_local_packages_hint():
    mentions, _ = parse_fixture("ruby-imports", "ruby/app/spec/app_spec.rb", root="ruby/app",
                                hints=Hints(local_packages=frozenset({"nokogiri"})))
    assert "nokogiri" not in [m.key.name for m in mentions]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("require 'thor'\n", [("rubygems", "thor", 1, 10)], id="one"),
    pytest.param('require "pg"\nrequire("redis/namespace")\n',
                 [("rubygems", "pg", 1, 10), ("rubygems", "redis-namespace", 2, 10)], id="two"),
    pytest.param("# require 'a'\n=begin\nrequire 'b'\n=end\n", [], id="comments"),
    pytest.param("x = \"require 'a'\"\ny = %q(require 'b')\nrequire \"c#{d}\"\n", [], id="strings-and-interpolation"),
    pytest.param("require 'json'\nrequire 'set'\nrequire 'digest/md5'\nrequire 'net/http'\nrequire 'English'\n",
                 [], id="stdlib"),
    pytest.param("require_relative 'x'\nrequire './y'\nrequire '/abs/z'\n", [], id="relative"),
    pytest.param('{"require": "x"}\n', [], id="not-this-format"),
    pytest.param("require 'active_record'\nrequire 'rspec/core'\nrequire 'concurrent'\n",
                 [("rubygems", "activerecord", 1, 10), ("rubygems", "rspec-core", 2, 10),
                  ("rubygems", "concurrent-ruby", 3, 10)], id="mapped"),
    pytest.param("require 'lib.rb'\n", [("rubygems", "lib", 1, 10)], id="suffix-dropped"),
])
def test_ruby_cases(text, expected):
    assert refs(ruby, text) == expected


@pytest.mark.parametrize(("path", "gem"), [
    ("net/http", None), ("net/http/persistent", "net-http-persistent"), ("net/sftp", "net-sftp"),
    ("yaml/store", None), ("dry/validation", "dry-validation"), ("win32/registry", None),
    ("win32/service", "win32-service"), ("google/apis/drive_v3", "google-apis-drive_v3"),
    ("benchmark", None), ("benchmark/ips", "benchmark-ips"), ("sidekiq/web", "sidekiq"), ("pathname", None),
    ("active_resource", "activeresource"), ("nio", "nio4r"), ("diff/lcs", "diff-lcs"), ("importmap/npm", "importmap-rails"),
])
def test_ruby_gem_for(path, gem):
    assert ruby.gem_for(path) == gem


def test_ruby_registered():
    assert_registered("ruby-imports", "rubygems", ("lib/x.rb", "Rakefile", "tasks/db.rake", "config.ru"), "Gemfile")


# --- Dart ---------------------------------------------------------------------------------------------

def test_dart_fixture_skips_sdk_own_path_and_git_packages():
    mentions, source = parse_fixture("dart-imports", "dart/my_app/lib/main.dart", root="dart/my_app")
    assert quads(mentions) == [
        ("pub", "http", 4, 17),
        ("pub", "provider", 5, 17),
        ("pub", "collection", 6, 17),
        ("pub", "io_impl", 16, 35),  # configurable imports name packages too
        ("pub", "web_impl", 17, 37),
    ]
    assert source.problems == []


def test_dart_without_pubspec_keeps_everything_but_the_sdk():
    names = [r.name for r in dart.import_refs(
        "import 'package:my_app/x.dart';\nimport 'package:flutter_test/flutter_test.dart';\n")]
    assert names == ["my_app"]


@pytest.mark.parametrize(("text", "expected"), [
    pytest.param("", [], id="empty"),
    pytest.param("import 'package:dio/dio.dart';\n", [("pub", "dio", 1, 17)], id="one"),
    pytest.param("import 'package:a_b/x.dart' deferred as x;\nexport \"package:c/c.dart\" hide Y;\n",
                 [("pub", "a_b", 1, 17), ("pub", "c", 2, 17)], id="two"),
    pytest.param("// import 'package:a/a.dart';\n/// export 'package:b/b.dart';\n/* import 'package:c/c.dart'; */\n",
                 [], id="comments"),
    pytest.param("var s = \"import 'package:a/a.dart';\";\nvar r = r'import \"package:b/b.dart\";';\n", [],
                 id="strings"),
    pytest.param("void f() { import 'package:a/a.dart'; }\n", [], id="not-top-level"),
    pytest.param("import 'dart:io';\nimport 'src/x.dart';\nimport 'https://x.dev/y.dart';\n", [], id="sdk-and-relative"),
    pytest.param("name: x\ndependencies:\n  package:a/ b\n", [], id="not-this-format"),
    pytest.param("import r'package:raw/raw.dart';\nimport '''package:tri/tri.dart''';\n",
                 [("pub", "raw", 1, 18), ("pub", "tri", 2, 19)], id="raw-and-triple-quoted"),
    pytest.param("import 'package:http/http.dart';\nvoid main() { var é = 1; }\n", [("pub", "http", 1, 17)],
                 id="non-ascii-letter-in-code"),
])
def test_dart_cases(text, expected):
    assert refs(dart, text) == expected


def test_dart_registered():
    assert_registered("dart-imports", "pub", ("lib/main.dart",), "pubspec.yaml")


def test_ruby_requires_of_gems_the_gemfile_takes_from_elsewhere():
    # path:, github:, another source: and git blocks are not rubygems.org gems
    mentions, source = parse_fixture("ruby-imports", "ruby-gemfile/app/main.rb", root="ruby-gemfile")
    assert [(m.key.name, m.location.line, m.location.column) for m in mentions] == [
        ("rails", 1, 10),
        ("nokogiri", 6, 10),
    ]
    assert source.problems == []


def test_dart_imports_of_a_private_pub_servers_package_and_of_flutters_generated_l10n_are_not_pub_devs(tmp_path):
    # a probe of held-out set 227's category (Flutter apps): a pubspec.yaml takes corp_kit from its own pub server
    # (`hosted: https://…`, the manifest entry is not asked of pub.dev), and `flutter: generate: true` makes Flutter
    # write the synthetic package flutter_gen (the gen_l10n guide: `import
    # 'package:flutter_gen/gen_l10n/app_localizations.dart'`); the imports of both were asked of pub.dev. A package
    # hosted on pub.dev (or its Chinese mirror), an undeclared one, and flutter_gen without `generate: true` stay judged
    from depguard.config import Settings
    from depguard.scan import collect_paths

    app = tmp_path / "app"
    (app / "lib").mkdir(parents=True)
    (app / "pubspec.yaml").write_text(
        "name: app\ndependencies:\n  flutter:\n    sdk: flutter\n  corp_kit:\n    hosted: https://dart.corp.example.com\n"
        "    version: ^1.0.0\n  old_style:\n    hosted:\n      name: old_style\n      url: https://pub.corp.example.com\n"
        "    version: ^1.0.0\n  mirrored:\n    hosted: https://pub.flutter-io.cn\n    version: ^1.0.0\n"
        "flutter:\n  generate: true\n")
    (app / "lib" / "main.dart").write_text(
        "import 'package:corp_kit/corp_kit.dart';\nimport 'package:old_style/old_style.dart';\n"
        "import 'package:mirrored/mirrored.dart';\nimport 'package:flutter_gen/gen_l10n/app_localizations.dart';\n"
        "import 'package:undeclared_dart_zz/x.dart';\n")
    other = tmp_path / "other"
    (other / "lib").mkdir(parents=True)
    (other / "pubspec.yaml").write_text("name: other\nflutter:\n  uses-material-design: true\n")
    (other / "lib" / "main.dart").write_text("import 'package:flutter_gen/gen_l10n/app_localizations.dart';\n")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    imported = sorted((m.location.path.split("/")[-3], m.key.name) for m in out.mentions if m.origin.value == "import")
    assert imported == [("app", "mirrored"), ("app", "undeclared_dart_zz"), ("other", "flutter_gen")]
