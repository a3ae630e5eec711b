"""Every ecosystem has its data, parsers, cassettes, endpoint and a true README row; the wheel carries the data."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from depguard.commands import grammars
from depguard.ecosystems import catalog
from depguard.parsers import formats
from depguard.registries import client_for
from depguard.registries.endpoints import defaults

ROOT = Path(__file__).resolve().parent.parent
ECOSYSTEMS = catalog().ids()


def readme_rows() -> dict[str, list[str]]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("<!-- section:ecosystems -->", 1)[1].split("<!-- /section:ecosystems -->", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        m = re.fullmatch(r"`([\w-]+)`", cells[0]) if cells else None
        if m and len(cells) == 7:
            # README is merged by union: two helpers editing one row leave both versions, and the later one, often
            # the older text, would be the one checked here (session 38: the maven, nuget, npm and pypi rows twice)
            assert m.group(1) not in rows, f"two README rows for {m.group(1)}: keep the newer, delete the other"
            rows[m.group(1)] = cells
    return rows


def ticked(cell: str) -> set[str]:
    return set(re.findall(r"`([^`]+)`", cell))


def test_the_readme_counts_the_ecosystems_plus_actions_and_images():
    words = ("nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four", "twenty-five")
    said = (ROOT / "README.md").read_text(encoding="utf-8").split("<!-- section:ecosystems -->", 1)[1].split()[2]
    assert said.lower() in words, said
    assert words.index(said.lower()) + 19 == len(set(ECOSYSTEMS) - {"github-actions", "docker"})
    assert {"github-actions", "docker"} <= set(ECOSYSTEMS)


def test_readme_has_one_row_per_ecosystem():
    assert sorted(readme_rows()) == sorted(ECOSYSTEMS)


@pytest.mark.parametrize("eco_id", ECOSYSTEMS)
def test_readme_row_is_true(eco_id):
    eco = catalog().get(eco_id)
    _, manifests, lockfiles, commands, imports, registry, establishment = readme_rows()[eco_id]
    fmts = [f for f in formats().values() if f.ecosystem == eco_id]
    assert {f.name for f in fmts if f.kind == "manifest"} <= ticked(manifests), "README manifests cell is out of date"
    assert {f.name for f in fmts if f.kind == "lockfile"} <= ticked(lockfiles), "README lockfiles cell is out of date"
    for tool in ticked(commands):
        assert tool.split()[0] in grammars() or tool.startswith(("Pkg", "]", "install.", "pak", "jsr")), tool
    sources = {f.name for f in fmts if f.kind == "source"}
    if sources:
        assert sources <= ticked(imports), "README imports cell must name the import reader"
    else:
        assert imports.startswith(("no", "via")), "README says imports are mapped but no reader exists"
    assert registry == eco.registry.display
    assert establishment and establishment != "—"


@pytest.mark.parametrize("eco_id", ECOSYSTEMS)
def test_ecosystem_has_parsers_endpoint_client_and_cassettes(eco_id):
    eco = catalog().get(eco_id)
    assert any(f.ecosystem == eco_id for f in formats().values()), "no parser reads this ecosystem's files"
    assert eco_id in defaults(), "no default registry address: [registry] url in its ecosystem.toml"
    client_for(eco)  # the client module named in ecosystem.toml exists and builds
    cassettes = list((ROOT / "cassettes" / eco_id).glob("*.yaml"))
    assert len(cassettes) >= 2, "each registry needs recorded answers for found and missing"
    # one folder of data per ecosystem, and every file its TOML names exists
    for name in (eco.popular_file, eco.import_map_file):
        if name:
            assert eco.data_file(name).is_file(), name


def test_every_cassette_folder_belongs_to_an_ecosystem():
    folders = {p.name for p in (ROOT / "cassettes").iterdir() if p.is_dir()}
    assert folders - set(ECOSYSTEMS) <= {"websearch"}


@pytest.mark.slow
def test_the_wheel_carries_the_ecosystem_data(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(tmp_path), str(ROOT)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    from depguard.about import DISTRIBUTION

    [wheel] = tmp_path.glob(f"{DISTRIBUTION.replace('-', '_')}-*.whl")  # depguard_names-…: PyPI's depguard is another project
    names = set(zipfile.ZipFile(wheel).namelist())
    for eco_id in ECOSYSTEMS:
        assert f"depguard/ecosystems/{eco_id.replace('-', '_')}/ecosystem.toml" in names
    assert "depguard/ecosystems/pypi/popular.txt" in names
    assert "depguard/ecosystems/pypi/import-map.tsv" in names
    assert "depguard/ecosystems/pypi/python.scm" in names  # the import rules' tree-sitter queries


def test_each_module_of_the_pypi_data_tables_has_one_row():
    # import-map.tsv keeps a module's first row (setdefault) and runtime-modules.tsv is a set: a second row for
    # the same module is dead data, or silently disagrees with the first (sessions 19 and 20 added rows in parallel)
    for table in ("import-map.tsv", "runtime-modules.tsv"):
        rows = (ROOT / "depguard" / "ecosystems" / "pypi" / table).read_text(encoding="utf-8").splitlines()
        modules = [r.split("\t", 1)[0].strip() for r in rows if r.strip() and not r.startswith("#")]
        assert sorted(m for m in set(modules) if modules.count(m) > 1) == [], table


def test_readme_config_example_is_valid(tmp_path):
    from depguard.config import load_settings

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("<!-- section:config -->", 1)[1].split("<!-- /section:config -->", 1)[0]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    cfg = tmp_path / ".depguard.toml"
    cfg.write_text(example)
    s = load_settings(config_file=cfg, environ={})
    assert s.allowed("npm", "@mycorp/ui") and s.denied("pypi", "requests-oauthlib2")
    assert s.registries["pypi"] == "https://pypi.mycorp.example"


def test_readme_verify_example_is_valid(tmp_path):
    from depguard.config import load_settings
    from depguard.verify.judge import load_config, trusted_config

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("<!-- section:verifier -->", 1)[1].split("<!-- /section:verifier -->", 1)[0]
    example = section.split("```toml\n", 1)[1].split("```", 1)[0]
    (tmp_path / "config.toml").write_text(example)  # the user config, where judges belong
    settings = load_settings(environ={"DEPGUARD_USER_CONFIG": str(tmp_path / "config.toml")})
    cfg = trusted_config(settings)
    assert len(cfg.judges) == 2 and cfg == load_config(settings.user_verify, "README")
