"""OpenTelemetry Collector builder manifests (``ocb --config manifest.yaml``): each component's ``gomod`` is a Go
module the builder requires and fetches from the proxy. Before, no reader read them: opentelemetry-collector-releases'
``distributions/*/manifest.yaml`` (held-out set 305, infrastructure as code and observability) name 382 component
modules, and a component of a look-alike owner in their place went unjudged. A collector's own configuration (the same top-level
keys, holding component settings) and dependabot's ``package-ecosystem: gomod`` name none."""

from __future__ import annotations

import httpx

from depguard.api import scan_paths
from tests.ecosystems._fixtures import found, parse

# distributions/otelcol/manifest.yaml of opentelemetry-collector-releases, shortened; the last exporter's owner is a
# look-alike of open-telemetry (a path inside a real module is asked as its parents too, as every Go path is)
MANIFEST = """\
dist:
  module: github.com/open-telemetry/opentelemetry-collector-releases/core
  name: otelcol
  version: 0.159.0
  output_path: ./_build

receivers:
  - gomod: go.opentelemetry.io/collector/receiver/otlpreceiver v0.159.0
  - gomod: github.com/open-telemetry/opentelemetry-collector-contrib/receiver/hostmetricsreceiver v0.159.0

exporters:
  - gomod: go.opentelemetry.io/collector/exporter/debugexporter v0.159.0
  - gomod: github.com/open-telemetri/opentelemetry-collector-contrib/exporter/kafkaexporter v0.159.0

providers:
  - gomod: go.opentelemetry.io/collector/confmap/provider/envprovider v1.45.0
"""


def test_each_component_module_is_a_go_manifest_mention():
    mentions, problems = parse("otelcol-builder", MANIFEST, "distributions/otelcol/manifest.yaml")
    assert found(mentions) == [
        ("go.opentelemetry.io/collector/receiver/otlpreceiver", 8),
        ("github.com/open-telemetry/opentelemetry-collector-contrib/receiver/hostmetricsreceiver", 9),
        ("go.opentelemetry.io/collector/exporter/debugexporter", 12),
        ("github.com/open-telemetri/opentelemetry-collector-contrib/exporter/kafkaexporter", 13),
        ("go.opentelemetry.io/collector/confmap/provider/envprovider", 16),
    ]
    assert [m.spec for m in mentions][:1] == ["v0.159.0"]
    assert not problems


def test_local_components_and_replacements():
    # otelcol-contrib's manifest: obi replaced by a folder a script prepares; a component built from the tree's own
    # folder (path:); a component replaced by another module, fetched as that module at the replaces line
    text = """\
dist:
  name: otelcol-custom
receivers:
  - gomod: go.opentelemetry.io/obi v0.11.0
    import: go.opentelemetry.io/obi/collector
  - gomod: github.com/acme/collector/receiver/ownreceiver v0.1.0
    path: ./receiver/ownreceiver
exporters:
  - gomod: github.com/hamba/avro/v2 v2.30.0
replaces:
  - go.opentelemetry.io/obi => ../../../internal/obi-src
  - github.com/hamba/avro/v2 => github.com/iskorotkov/avro/v2 v2.33.0
"""
    mentions, problems = parse("otelcol-builder", text, "builder-config.yaml")
    assert [(m.key.name, m.location.line, m.spec, m.note) for m in mentions] == [
        ("github.com/iskorotkov/avro/v2", 12, "v2.33.0", "replaces github.com/hamba/avro/v2")]
    assert not problems


def test_the_last_replacement_of_a_component_applies_of_any_version_or_of_its_own():
    # go.mod's rule, as the builder writes it: the later of a module's unversioned and its own version's entries wins;
    # an entry for another version does not apply. Found by lookup (r42: a walk of the whole replaces list for each
    # component was quadratic in a long manifest; benchmarks/crafted_inputs.py times it)
    text = """\
receivers:
  - gomod: github.com/acme/a v1.0.0
  - gomod: github.com/acme/b v1.0.0
  - gomod: github.com/acme/c v1.0.0
replaces:
  - github.com/acme/a v1.0.0 => github.com/fork/a-old v1.0.0
  - github.com/acme/a => github.com/fork/a-new v2.0.0
  - github.com/acme/b => github.com/fork/b-any v1.0.0
  - github.com/acme/b v1.0.0 => github.com/fork/b-pinned v1.1.0
  - github.com/acme/c v9.9.9 => ./not-this-version
"""
    mentions, problems = parse("otelcol-builder", text, "builder-config.yaml")
    assert [(m.key.name, m.location.line) for m in mentions] == [
        ("github.com/fork/a-new", 7), ("github.com/fork/b-pinned", 9), ("github.com/acme/c", 4)]
    assert not problems


def test_templates_a_collector_config_and_dependabot_name_nothing():
    templated = "receivers:\n  - gomod: go.opentelemetry.io/collector/receiver/otlpreceiver {{ .Version }}\n"
    collector_config = ("receivers:\n  otlp:\n    protocols:\n      grpc:\n        endpoint: 0.0.0.0:4317\n"
                        "exporters:\n  debug: {}\nservice:\n  pipelines:\n    traces:\n      receivers: [otlp]\n"
                        "      exporters: [debug]\n")
    dependabot = "version: 2\nupdates:\n  - package-ecosystem: gomod\n    directory: /\n"
    for text in (templated, collector_config, dependabot):
        assert parse("otelcol-builder", text, "otelcol.yaml") == ([], [])


def goproxy() -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        if "/open-telemetri/" in request.url.path:  # the look-alike owner, and every parent path under it
            return httpx.Response(404, text="not found: module not found")
        if request.url.path.endswith("/@v/list"):
            return httpx.Response(200, text="v0.158.0\nv0.159.0\n")
        return httpx.Response(200, json={"Version": "v0.159.0", "Time": "2026-11-03T10:00:00Z"})

    return httpx.MockTransport(handler)


def test_an_invented_component_in_a_builder_manifest_is_missing(tmp_path, settings):
    (tmp_path / "distributions" / "otelcol").mkdir(parents=True)
    (tmp_path / "distributions" / "otelcol" / "manifest.yaml").write_text(MANIFEST, encoding="utf-8")
    report = scan_paths([tmp_path], settings=settings, transport=goproxy())
    verdicts = {f.mention.key.name: (f.verdict, f.mention.location.line) for f in report.findings
                if f.mention.key.ecosystem == "go"}
    assert verdicts["github.com/open-telemetri/opentelemetry-collector-contrib/exporter/kafkaexporter"] == ("missing", 13)
    assert verdicts["go.opentelemetry.io/collector/receiver/otlpreceiver"] == ("ok", 8)
