"""Go module paths: the modules an import path may belong to, the proxy's case encoding, and what is not a
module path. (The proxy's recorded answers are rows of tests/ecosystems/test_registries_on_recorded_answers.py.)"""

from __future__ import annotations

import pytest

from depguard.ecosystems.go.goproxy import candidate_modules, case_encode


@pytest.mark.parametrize(("path", "expected"), [
    ("github.com/a/b/c/d", ["github.com/a/b/c/d", "github.com/a/b/c", "github.com/a/b"]),
    ("github.com/a/b", ["github.com/a/b"]),
    ("github.com/a/b/v2/pkg", ["github.com/a/b/v2/pkg", "github.com/a/b/v2"]),
    # a host outside the owner/repo hosts: the walk ends at the bare host, itself a module path (go.opencensus.io,
    # encore.dev, gocloud.dev: held-out set 236's emojivoto and encoredev/examples import their packages)
    ("k8s.io/apimachinery/pkg/util",
     ["k8s.io/apimachinery/pkg/util", "k8s.io/apimachinery/pkg", "k8s.io/apimachinery", "k8s.io"]),
    ("go.opencensus.io/plugin/ocgrpc", ["go.opencensus.io/plugin/ocgrpc", "go.opencensus.io/plugin", "go.opencensus.io"]),
    ("encore.dev", ["encore.dev"]),
    ("example.com/a/v2/pkg", ["example.com/a/v2/pkg", "example.com/a/v2"]),
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
