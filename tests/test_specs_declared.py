"""``depguard check [ECO:]NAME[@VERSION]``: each ecosystem declares how its specs are read and when a bare name
is assumed to be its own (``[spec]`` in its ecosystem.toml); depguard/specs.py only asks the declarations."""

from __future__ import annotations

import pytest

from depguard.ecosystems import catalog, declared_function
from depguard.errors import ConfigError
from depguard.scan import collect_names
from depguard.specs import guess_ecosystem, guesses, read_spec, reader


def spec(text: str, eco: str) -> tuple[str, str | None]:
    found = read_spec(text, eco)
    return found.name, found.version


@pytest.mark.parametrize("name, eco", [
    ("@types/node", "npm"), ("com.google.guava:guava", "maven"), ("org.slf4j:slf4j-api:2.0.9", "maven"),
    ("github.com/spf13/cobra", "go"), ("golang.org/x/text@v0.14.0", "go"), ("requests", "pypi"),
    ("flask[async]>=3", "pypi"), ("a:b", "pypi"),
])
def test_a_bare_name_is_assumed_by_its_declared_shape(name, eco):
    assert guess_ecosystem(name) == eco


def test_a_spelling_the_default_cannot_read_goes_to_the_ecosystem_that_reads_it():
    [m] = collect_names(["left-pad@^1.3.0"]).mentions
    assert (m.key.ecosystem, m.key.name, m.spec) == ("npm", "left-pad", "^1.3.0")


def test_the_declared_readers_read_each_ecosystems_spelling():
    assert spec("requests==2.31.0", "pypi") == ("requests", "==2.31.0")
    assert spec("serde@1.0", "cargo") == ("serde", "1.0")
    assert spec("@std/path@1", "jsr") == ("@std/path", "1")
    assert spec("com.google.guava:guava:33.0.0-jre", "maven") == ("com.google.guava:guava", "33.0.0-jre")
    assert spec("whatever", "homebrew") == ("whatever", None)  # no reader declared: the text whole
    declared = {e.id for e in catalog() if "reader" in e.data.get("spec", {})}
    assert {"pypi", "npm", "cargo", "go", "nuget", "conda", "pub", "rubygems", "docker", "composer", "jsr",
            "maven"} <= declared
    assert all(callable(reader(eco_id)) for eco_id in declared)


def test_one_default_and_the_often_asked_ones():
    assert guesses().default == "pypi"
    assert set(guesses().often) == {"pypi", "npm", "cargo", "rubygems", "go", "nuget", "maven", "composer"}


def test_a_bad_function_reference_is_a_config_error_naming_where():
    eco = catalog().get("pypi")
    with pytest.raises(ConfigError, match="here: expected 'module:function'"):
        declared_function(eco, "tools", "here")
    with pytest.raises(ConfigError, match="here: 'tools:no_such_reader'"):
        declared_function(eco, "tools:no_such_reader", "here")
