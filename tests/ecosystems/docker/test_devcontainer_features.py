"""Dev Container features that install a registry's package (issue 12 recall, a probe of held-out set 207's category,
whose devcontainer templates and dotfiles set up development containers). devcontainers-extra's (formerly
devcontainers-contrib's) ``npm-package`` feature runs ``npm install -g <package>`` and ``pipx-package`` runs ``pipx
install <package>`` and injects its ``injections``; their options were read as settings, so the packages went
unjudged. Other features (``node:1``) and options made of a variable stay unread, and a feature given no options
names no package here."""

from __future__ import annotations

from tests.trees import judged, scan, verdicts, write

DEVCONTAINER = """{
  "image": "mcr.microsoft.com/devcontainers/base:ubuntu",
  "features": {
    "ghcr.io/devcontainers/features/node:1": {"version": "lts"},
    "ghcr.io/devcontainers-extra/features/npm-package:1": {"package": "typescript", "version": "5.4.0"},
    "ghcr.io/devcontainers-contrib/features/pipx-package:1": {"package": "black", "version": "24.1.0",
                                                               "injections": "black-macchiato dgx-invented-injection"},
    "ghcr.io/devcontainers-extra/features/npm-package:1.0.3": {"package": "${localEnv:TOOL}"},
    "ghcr.io/devcontainers-extra/features/pipx-package:1": {}
  }
}
"""


def test_package_installing_features_name_their_packages(tmp_path):
    write(tmp_path, {".devcontainer/devcontainer.json": DEVCONTAINER})
    got = sorted((m.location.line, m.location.column, m.key.ecosystem, m.key.name, m.spec)
                 for m in scan(tmp_path).mentions if m.parser == "devcontainer-features")
    assert got == [
        (5, 72, "npm", "typescript", "5.4.0"),
        (6, 75, "pypi", "black", "black==24.1.0"),
        (7, 79, "pypi", "black-macchiato", None),
        (7, 95, "pypi", "dgx-invented-injection", None),
    ]


def test_an_invented_injection_is_missing(tmp_path):
    write(tmp_path, {".devcontainer/devcontainer.json": DEVCONTAINER})
    got = verdicts(judged(tmp_path, {"typescript", "black", "black-macchiato", "mcr.microsoft.com/devcontainers/base"}))
    assert got[(".devcontainer/devcontainer.json", "dgx-invented-injection")] == "missing"
    assert got[(".devcontainer/devcontainer.json", "typescript")] == "ok"
