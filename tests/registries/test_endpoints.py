"""Registry addresses are each ecosystem's data (``[registry] url`` and ``[registry.endpoints]`` in its
ecosystem.toml), and every one of them is overridden by ``DEPGUARD_REGISTRY_<KEY>`` and by ``[registries]``."""

from __future__ import annotations

import pytest

from depguard.config import Settings, from_environment, load_settings
from depguard.ecosystems import catalog
from depguard.errors import ConfigError
from depguard.registries import endpoints
from depguard.registries.endpoints import base_url, defaults, env_var

KEYS = sorted(defaults())


def test_every_ecosystem_declares_its_registry_address():
    for eco in catalog():
        assert defaults()[eco.id] == eco.data["registry"]["url"], eco.id


def test_secondary_addresses_are_keyed_by_ecosystem_and_purpose():
    # the addresses depguard used before they moved into the data, unchanged
    assert defaults()["pypi"] == "https://pypi.org"
    assert defaults()["npm.downloads"] == "https://api.npmjs.org"
    assert defaults()["docker.auth"] == "https://auth.docker.io"
    assert defaults()["github-actions"] == "https://api.github.com"
    for key in KEYS:
        eco, _, purpose = key.partition(".")
        assert eco in catalog().ids()
        declared = catalog().get(eco).data["registry"]
        assert defaults()[key] == (declared["endpoints"][purpose] if purpose else declared["url"])


@pytest.mark.parametrize("key", KEYS)
def test_each_address_is_overridden_by_its_environment_variable(key):
    settings = from_environment(Settings(), {env_var(key): " https://mirror.example/base/ "})
    assert base_url(key, settings.registries) == "https://mirror.example/base"
    others = [k for k in KEYS if k != key]
    assert all(base_url(k, settings.registries) == defaults()[k].rstrip("/") for k in others)


def test_environment_variable_names_are_unchanged():
    assert env_var("pypi") == "DEPGUARD_REGISTRY_PYPI"
    assert env_var("github-actions") == "DEPGUARD_REGISTRY_GITHUB_ACTIONS"
    assert env_var("npm.downloads") == "DEPGUARD_REGISTRY_NPM_DOWNLOADS"


@pytest.mark.parametrize("key", KEYS)
def test_each_address_is_overridden_by_the_config_file(tmp_path, key):
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text(f'[registries]\n"{key}" = "http://127.0.0.1:9/x"\n', encoding="utf-8")
    settings = load_settings(config_file=cfg, environ={})
    assert base_url(key, settings.registries) == "http://127.0.0.1:9/x"


def test_the_environment_beats_the_config_file(tmp_path):
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text('[registries]\nnpm = "http://127.0.0.1:9/file"\n', encoding="utf-8")
    settings = load_settings(config_file=cfg, environ={"DEPGUARD_REGISTRY_NPM": "http://127.0.0.1:9/env"})
    assert base_url("npm", settings.registries) == "http://127.0.0.1:9/env"


def test_an_unknown_key_has_no_address():
    with pytest.raises(KeyError):
        base_url("no-such-registry", {})


def test_a_declared_address_that_is_not_a_url_is_a_config_error_naming_the_file(monkeypatch):
    eco = catalog().get("hex")
    broken = dict(eco.data, registry=dict(eco.data["registry"], url="hex.pm"))

    class Declared:  # one ecosystem whose data says "hex.pm" where a base URL belongs
        id, folder, data = eco.id, eco.folder, broken

    monkeypatch.setattr("depguard.ecosystems.catalog", lambda: [Declared()])
    monkeypatch.setattr(endpoints, "_DEFAULTS", None)  # monkeypatch restores the table read from the real catalog
    with pytest.raises(ConfigError, match=r"hex[/\\]ecosystem\.toml: registry\.url: expected an http\(s\) base URL"):
        defaults()


def test_an_ecosystem_outside_the_catalog_is_asked_at_the_address_it_declares():
    from pathlib import Path

    from depguard.ecosystems import load_catalog

    folder = Path(__file__).resolve().parents[1] / "popular" / "fixtures" / "ecosystems"
    eco = load_catalog(folder).get("brewlike")
    assert "brewlike" not in defaults()
    assert base_url("brewlike", {}, eco) == "https://formulae.brew.sh"
    assert base_url("brewlike", {"brewlike": "http://127.0.0.1:9/"}, eco) == "http://127.0.0.1:9"
