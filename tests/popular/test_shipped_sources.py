"""`depguard popular update ECOSYSTEM` with the popularity sources the shipped ecosystem.toml files name,
on cassettes written after each registry's answer shape."""

from __future__ import annotations

import pytest

from depguard import popular
from depguard.ecosystems import catalog

from ..cassettes import vcr_for

EXPECTED = {
    "cargo": (("syn", "hashbrown"), (1092551321, 882331245)),
    "composer": (("symfony/polyfill-mbstring", "psr/log"), (1207310, 1003100)),
    "hex": (("jason", "telemetry"), (9000000, 8500000)),
    "nuget": (("newtonsoft.json", "serilog"), (5800000000, 2000000000)),
    "pub": (("http", "provider", "shared_preferences"), None),
    "homebrew": (("openssl@3", "ca-certificates"), (224301, 213442)),
    "cran": (("ggplot2", "rlang"), (2914470, 2811034)),
}


@pytest.mark.parametrize("eco_id", sorted(EXPECTED))
def test_update_from_the_shipped_source(eco_id, settings):
    eco = catalog().get(eco_id)
    assert popular.PopularSource.of(eco) is not None
    with vcr_for(eco_id).use_cassette("test_popular_update_shipped_source.yaml"):
        done = popular.update(eco, settings)
    plist = popular.load(eco)
    names, downloads = EXPECTED[eco_id]
    assert plist.path == done.path
    assert plist.names[: len(names)] == tuple(eco.name_rule.normalise(n) for n in names)
    assert plist.downloads == downloads


@pytest.mark.parametrize("eco_id", ["rubygems", "swift", "go"])
def test_ecosystems_without_a_source_say_so(eco_id):
    assert popular.PopularSource.of(catalog().get(eco_id)) is None
