"""Package lists a script or Makefile installs from are read in a scan (issue 12, held-out set 21): webpro's
dotfiles Makefile runs `npm install --location global $(shell cat install/npmfile)` and `cargo install $(shell cat
install/Rustfile)`; those names were never judged. A list is read where the command says, beside the script or at
the scan root, and only once; a manifest the walk reads anyway, a list named by a variable and a list a document
mentions are not."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths

TREE = {
    "Makefile": "node-packages:\n\tnpm install --force --location global $(shell cat install/npmfile)\n\n"
                "rust-packages:\n\tcargo install $(shell cat install/Rustfile)\n\n"
                "python:\n\tpip install -r requirements.txt\n\ncasks:\n\tbrew bundle --file=install/Caskfile || true\n",
    "install/Caskfile": 'cask "firefox"\n',
    "install/npmfile": "@antfu/ni\nprettier@3 # formatter\ntsx\n",
    "install/Rustfile": "cargo-update just\n",
    "install/pipx.list": "httpie\n",
    "install/conda.txt": "numpy=1.26\n",
    "requirements.txt": "requests\n",
    "script/setup.sh": "#!/bin/sh\nnpm i -g $(cat install/npmfile)\nxargs -a install/pipx.list -n1 pipx install\n"
                       "conda install --file install/conda.txt\nnpm i -g $(cat \"$LIST\")\n",
    "README.md": "```sh\nxargs -a docs-only.txt npm i -g\n```\n",
    "docs-only.txt": "never-read\n",
}


def test_package_lists_named_by_commands_are_judged_where_they_are(tmp_path, monkeypatch):
    for rel, text in TREE.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    out = collect_paths([Path(".")], Settings())
    listed = sorted((m.location.path, m.location.line, m.location.column, m.key.ecosystem, m.key.name, m.spec)
                    for m in out.mentions if m.location.path.startswith("install/"))
    assert listed == [
        ("install/Caskfile", 1, 7, "homebrew", "homebrew/cask/firefox", None),
        ("install/Rustfile", 1, 1, "cargo", "cargo_update", None),
        ("install/Rustfile", 1, 14, "cargo", "just", None),
        ("install/conda.txt", 1, 1, "conda", "numpy", "=1.26"),
        ("install/npmfile", 1, 1, "npm", "@antfu/ni", None),
        ("install/npmfile", 2, 1, "npm", "prettier", "3"),
        ("install/npmfile", 3, 1, "npm", "tsx", None),
        ("install/pipx.list", 1, 1, "pypi", "httpie", "httpie"),
    ]  # the npmfile once, though both the Makefile and the script install from it
    names = {m.key.name for m in out.mentions}
    assert "global" not in names and "never-read" not in names
    assert [m.location.path for m in out.mentions if m.key.name == "requests"] == ["requirements.txt"]
