"""A Gleam package of the scanned tree is its own in install commands (``[own]`` of hex's ecosystem.toml,
own_packages.py): ``gleam new`` writes a README whose installation block adds the package itself."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths
from tests.trees import write


def test_a_gleam_packages_readme_adding_itself_is_the_trees_own(tmp_path: Path):
    # gleam-lang/gleam (held-out set 280): test-community-packages/README.md, as `gleam new` writes it, says
    # `gleam add test_community_packages`, the package's own unpublished name. Its dependencies, an invented name
    # added beside it and an invented gleam.toml dependency are still judged
    write(tmp_path, {
        "gleam.toml": 'name = "test_community_packages"\nversion = "1.0.0"\n\n[dependencies]\n'
                      'gleam_stdlib = ">= 0.36.0 and < 1.0.0"\nimagined_gleam_helper = "~> 1.0"\n',
        "README.md": "# test_community_packages\n\n```sh\ngleam add test_community_packages@1\n"
                     "gleam add imagined_gleam_thing\n```\n",
    })
    out = collect_paths([tmp_path], Settings(use_cache=False))
    names = sorted((m.location.path.rpartition("/")[2], m.key.name, m.origin.value) for m in out.mentions
                   if m.key.ecosystem == "hex")
    assert names == [("README.md", "imagined_gleam_thing", "command"), ("gleam.toml", "gleam_stdlib", "manifest"),
                     ("gleam.toml", "imagined_gleam_helper", "manifest")]
