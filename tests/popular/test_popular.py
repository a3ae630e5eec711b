"""Popular-package lists: the shipped PyPI and npm lists, the file format, the loader's choice between the
shipped and the refreshed list, and ``depguard popular update`` against throwaway ecosystems.

The throwaway ecosystems live in ``fixtures/ecosystems/``. Their cassettes (``cassettes/cargo/test_popular_*``,
``cassettes/homebrew/test_popular_*``) were written by hand after the shape of crates.io's crate list
(``/api/v1/crates?sort=downloads``: ``crates[]`` with ``id`` and ``downloads``, ``meta.next_page``) and
Homebrew's analytics (``items[]`` with ``formula`` and ``count`` as a string with thousands separators).
"""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from depguard import popular
from depguard.cli import main
from depguard.ecosystems import catalog, load_catalog
from depguard.errors import ConfigError, RegistryError

from ..cassettes import vcr_for

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def test_catalog():
    return load_catalog(FIXTURES / "ecosystems")


# --- the lists as shipped ---------------------------------------------------------------------------

@pytest.mark.parametrize("eco_id, count, first, has_downloads", [
    ("pypi", 14985, "boto3", False),
    ("npm", 30000, "semver", True),
])
def test_shipped_list_header_and_order(eco_id, count, first, has_downloads):
    eco = catalog().get(eco_id)
    path = popular.shipped_list_path(eco)
    head = path.read_text(encoding="utf-8").splitlines()[:6]
    assert head[0] == "# depguard popular-package list"
    assert {line.split(":", 1)[0] for line in head[1:]} == {"# ecosystem", "# source", "# taken", "# count", "# format"}
    plist = popular.load(eco)
    assert plist.path == path and plist.ecosystem == eco_id and plist.taken == "2026-11"
    assert f"# count: {count}" in head and len(plist.names) == count
    assert plist.names[0] == first
    assert plist.has_downloads is has_downloads
    assert "snapshot" in plist.source


@pytest.mark.parametrize("eco_id", ["pypi", "npm"])
def test_shipped_names_are_valid_normalised_and_unique(eco_id):
    eco = catalog().get(eco_id)
    plist = popular.load(eco)
    assert len(set(plist.names)) == len(plist.names)
    bad = [n for n in plist.names if eco.name_rule.invalid_reason(n) or eco.name_rule.normalise(n) != n]
    assert bad == []


def test_shipped_npm_downloads_descend():
    plist = popular.load(catalog().get("npm"))
    counts = plist.downloads
    assert all(c is not None for c in counts)
    assert all(a >= b for a, b in zip(counts, counts[1:]))
    assert dict(zip(plist.names, counts))["lodash"] > 100_000_000


@pytest.mark.parametrize("eco_id, names", [
    ("pypi", ["requests", "python-dateutil", "discord-py", "numpy"]),
    ("npm", ["lodash", "react-dom", "@types/node", "JSONStream"]),
])
def test_shipped_lists_hold_the_well_known_names(eco_id, names):
    plist = popular.load(catalog().get(eco_id))
    assert set(names) <= set(plist.names)


# --- the format -------------------------------------------------------------------------------------

def test_format_round_trip(tmp_path):
    plist = popular.PopularList("x", ("a", "b", "c"), (30, None, 10), source="somewhere", taken="2026-12-01")
    path = tmp_path / "x.txt"
    popular.write_list(plist, path)
    again = popular.parse_list(path.read_text(encoding="utf-8"), path=path)
    assert (again.names, again.downloads, again.source, again.taken) == (plist.names, plist.downloads, "somewhere", "2026-12-01")
    assert "# count: 3" in path.read_text(encoding="utf-8")
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left behind


@pytest.mark.parametrize("text, names, downloads", [
    ("", (), None),
    ("# only: a header\n", (), None),
    ("one\n", ("one",), None),
    ("one\t5\ntwo\t4\n", ("one", "two"), (5, 4)),
    ("# c\n\none\t5\n# later comment\none\t9\ntwo\tmany\n", ("one", "two"), (5, None)),
])
def test_parse_list_edge_cases(text, names, downloads):
    plist = popular.parse_list(text)
    assert plist.names == names and plist.downloads == downloads


# --- shipped or refreshed ---------------------------------------------------------------------------

def _write_user(eco, taken: str, names=("fresh",)) -> Path:
    path = popular.user_list_path(eco)
    popular.write_list(popular.PopularList(eco.id, tuple(names), None, "test", taken), path)
    return path


@pytest.mark.parametrize("taken, chosen", [
    ("2026-12-01", "user"),  # newer
    ("2026-11", "user"),  # as new
    ("2026-10-31", "shipped"),  # older
    ("", "user"),  # undated: the user asked for it
])
def test_loader_prefers_the_refreshed_list_when_not_older(test_catalog, taken, chosen):
    eco = test_catalog.get("pagedcrates")
    user = _write_user(eco, taken)
    plist = popular.load(eco)
    assert plist.path == (user if chosen == "user" else popular.shipped_list_path(eco))


def test_loader_without_any_list(test_catalog):
    assert popular.load(test_catalog.get("brewlike")) is None


def test_user_data_dir_is_never_the_package(monkeypatch):
    monkeypatch.delenv("DEPGUARD_DATA_DIR")
    assert "depguard" in str(popular.data_dir())
    assert Path(popular.__file__).parent not in popular.data_dir().parents


# --- depguard popular update ------------------------------------------------------------------------

def test_update_follows_page_numbers_until_the_limit(test_catalog, settings):
    eco = test_catalog.get("pagedcrates")
    with vcr_for("cargo").use_cassette("test_popular_update_pages.yaml") as cass:
        done = popular.update(eco, settings)
    assert cass.play_count == 3
    assert (done.count, done.pages) == (7, 3)
    plist = popular.load(eco)
    assert plist.path == done.path == popular.user_list_path(eco)
    # normalised (Quote -> quote), duplicates and invalid names dropped, registry order kept
    assert plist.names == ("syn", "hashbrown", "bitflags", "proc-macro2", "quote", "libc", "serde")
    assert plist.downloads[:2] == (1092551321, 882331245)
    assert plist.taken == "2026-12-02"
    assert "crates.io" in plist.source and "sort=downloads" in plist.source


def test_update_follows_next_links(test_catalog, settings):
    eco = test_catalog.get("seekcrates")
    with vcr_for("cargo").use_cassette("test_popular_update_seek.yaml") as cass:
        done = popular.update(eco, settings)
    assert cass.play_count == 2 and done.pages == 2
    assert popular.load(eco).names == ("syn", "hashbrown", "bitflags", "libc", "serde")


def test_update_single_page_with_string_counts(test_catalog, settings):
    eco = test_catalog.get("brewlike")
    with vcr_for("homebrew").use_cassette("test_popular_update_analytics.yaml") as cass:
        popular.update(eco, settings)
    assert cass.play_count == 1
    plist = popular.load(eco)
    assert plist.names == ("openssl@3", "ca-certificates", "node")  # "act --HEAD" is not a name
    assert plist.downloads == (224301, 213442, 98015)


def test_refreshed_list_feeds_the_typosquat_index(test_catalog, settings):
    from depguard.checks.typosquat import imitated, index_for

    eco = test_catalog.get("brewlike")
    with vcr_for("homebrew").use_cassette("test_popular_update_analytics.yaml"):
        popular.update(eco, settings)
    idx = index_for(eco)
    [m] = imitated(idx, "opnessl@3", None, 20)
    assert (m.target, m.kind) == ("openssl@3", "transposition")


def _mock(handler):
    return httpx.MockTransport(handler)


@pytest.mark.parametrize("status, body, message", [
    (500, b"oops", "HTTP 500"),
    (404, b"{}", "HTTP 404"),
    (200, b"not json", "could not read"),
    (200, b'{"crates": []}', "no package names"),
    (200, b'{"something": "else"}', "no package names"),
])
def test_update_failures_are_registry_errors_and_write_nothing(test_catalog, settings, status, body, message):
    eco = test_catalog.get("pagedcrates")
    with pytest.raises(RegistryError, match=message):
        popular.update(eco, settings, transport=_mock(lambda req: httpx.Response(status, content=body)))
    assert not popular.user_list_path(eco).exists()


def test_update_refuses_a_next_link_to_another_host(test_catalog, settings):
    eco = test_catalog.get("seekcrates")
    page = {"crates": [{"id": "syn", "downloads": 5}], "meta": {"next_page": "https://evil.example/steal"}}
    with pytest.raises(RegistryError, match="another host"):
        popular.update(eco, settings, transport=_mock(lambda req: httpx.Response(200, json=page)))


def test_update_without_a_source_is_a_config_error(settings):
    with pytest.raises(ConfigError, match="no registry popularity ordering"):
        popular.update(catalog().get("pypi"), settings)


@pytest.mark.parametrize("table, message", [
    ({"path": "/x?page={page}"}, "'names'"),
    ({"path": "/x?page={page}&q={query}", "names": "a.*.b"}, "only {page}"),
    ({"path": "x", "names": "a.*.b"}, "start with '/'"),
    ({"path": "/x", "names": "a", "limit": 0}, "limit"),
])
def test_bad_popular_tables_are_config_errors(test_catalog, table, message):
    from dataclasses import replace

    eco = replace(test_catalog.get("pagedcrates"), data={"popular": table})
    with pytest.raises(ConfigError, match=message):
        popular.PopularSource.of(eco)


@pytest.mark.parametrize("path, doc, pairs", [
    ("*.name", [{"name": "a", "n": 1}, {"name": "b"}], [("a", 1), ("b", None)]),  # hex-style top-level list
    ("packages.*", {"packages": ["x", "y"]}, [("x", None), ("y", None)]),  # pub-style names only
    ("data.*.id", {"data": {"k": {"id": "z", "n": 3}}}, [("z", 3)]),
    ("data.*.id", {"data": "nope"}, []),
])
def test_read_page_shapes(path, doc, pairs):
    dl = path.rsplit(".", 1)[0] + ".n" if path.endswith((".name", ".id")) else None
    src = popular.PopularSource("x", "/", path, dl)
    assert popular.read_page(doc, src) == pairs


# --- the CLI ----------------------------------------------------------------------------------------

def test_cli_update_and_status(test_catalog, monkeypatch, capsys):
    monkeypatch.setattr("depguard.ecosystems.catalog", lambda: test_catalog)
    with vcr_for("homebrew").use_cassette("test_popular_update_analytics.yaml"):
        code = main(["popular", "update", "brewlike"])
    out = capsys.readouterr().out
    assert code == 0 and "brewlike: 3 names from 1 page(s)" in out
    assert main(["popular", "status", "brewlike", "pagedcrates"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("brewlike: 3 names (with download counts), taken ") and "refreshed" in out[0]
    assert out[1].startswith("pagedcrates: 2 names (") and ", taken 2026-11, shipped" in out[1]


def test_cli_status_says_why_an_ecosystem_has_no_list_and_what_would_give_one(capsys):
    assert main(["popular", "status", "pypi", "cargo", "rubygems"]) == 0
    pypi, cargo, gems = capsys.readouterr().out.splitlines()
    assert pypi.startswith("pypi: 14,985 names (ranking only, no download counts), taken 2026-11, shipped")
    assert cargo.startswith("cargo: no popular list; `depguard popular update cargo` fetches crates.io crates sorted")
    assert gems.startswith("rubygems: no popular list: RubyGems publishes no popularity ordering depguard can use")


def test_cli_update_of_an_ecosystem_without_a_source_is_a_usage_error(capsys):
    assert main(["popular", "update", "pypi"]) == 2
    assert "depguard ships a snapshot" in capsys.readouterr().err


def test_cli_update_failure_exits_3(test_catalog, monkeypatch, capsys):
    monkeypatch.setattr("depguard.ecosystems.catalog", lambda: test_catalog)
    monkeypatch.setenv("DEPGUARD_REGISTRY_HOMEBREW", "http://127.0.0.1:9")
    assert main(["popular", "--timeout", "1", "update", "brewlike"]) == 3
    assert "brewlike: update failed" in capsys.readouterr().err


def test_data_dir_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("DEPGUARD_DATA_DIR", str(tmp_path))
    eco = catalog().get("npm")
    assert popular.user_list_path(eco) == tmp_path / "popular" / "npm.txt"
    assert os.fspath(popular.data_dir()) == str(tmp_path)
