"""The Go module proxy on hand-written cassettes: case-encoding, 404 and 410 text bodies, walking an import
path up to its module, modules with pseudo-versions only."""

from __future__ import annotations

import pytest

from depguard.model import Existence
from depguard.registries.goproxy import candidate_modules, case_encode
from tests.ecosystems._registry import ask


def test_exists_is_asked_case_encoded(settings):
    a = ask("go", "github.com/BurntSushi/toml", settings, "test_exists.yaml")
    assert a.existence is Existence.EXISTS
    assert a.asked == "https://proxy.golang.org/github.com/!burnt!sushi/toml/@v/list"
    assert a.version_count == 3 and a.latest_release.year == 2023


def test_missing_with_text_body(settings):
    a = ask("go", "github.com/burntsushi/tomll", settings, "test_missing.yaml")
    assert a.existence is Existence.MISSING
    assert "404" in a.reason and "not found" in a.reason


def test_gone_410_and_empty_body_are_missing(settings):
    a = ask("go", "example.com/retired/mod", settings, "test_gone.yaml")
    assert a.existence is Existence.MISSING and "410" in a.reason


def test_import_path_walks_up_to_its_module(settings):
    a = ask("go", "golang.org/x/net/http2", settings, "test_walk_up.yaml")
    assert a.existence is Existence.EXISTS
    assert "in module golang.org/x/net" in a.reason


def test_pseudo_versions_only_is_marked(settings):
    a = ask("go", "github.com/someone/untagged", settings, "test_pseudo_only.yaml")
    assert a.existence is Existence.EXISTS and "no-tagged-versions" in a.markers


@pytest.mark.parametrize(("path", "expected"), [
    ("github.com/a/b/c/d", ["github.com/a/b/c/d", "github.com/a/b/c", "github.com/a/b"]),
    ("github.com/a/b", ["github.com/a/b"]),
    ("github.com/a/b/v2/pkg", ["github.com/a/b/v2/pkg", "github.com/a/b/v2"]),
    ("k8s.io/apimachinery/pkg/util", ["k8s.io/apimachinery/pkg/util", "k8s.io/apimachinery/pkg", "k8s.io/apimachinery"]),
])
def test_candidate_modules(path, expected):
    assert candidate_modules(path, frozenset({"github.com"})) == expected


def test_case_encoding():
    assert case_encode("github.com/Azure/azure-SDK") == "github.com/!azure/azure-!s!d!k"


@pytest.mark.parametrize("name", ["fmt", "net/http", "github.com/../x", "github.com/a/.hidden", "Example.com/x"])
def test_not_module_paths_are_invalid(name):
    from depguard.ecosystems import catalog

    rule = catalog().get("go").name_rule
    assert rule.invalid_reason(name) is not None
