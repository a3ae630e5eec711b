"""mise's tools installed through a registry's backend (issue 12 recall, held-out set 207: dotfiles and machine-setup
repositories). A dotfiles repository's ``.config/mise/config.toml`` and a project's ``mise.toml`` pin global and
development tools as ``"npm:prettier" = "3.5.3"``, ``"pipx:httpie" = "latest"``, ``"cargo:eza"``; ``mise use -g
npm:cowsay`` writes such an entry and installs it. None of these names was read. Each is judged in the registry its
backend installs from; a tool of mise's own registry (``node``, ``prettier = "3"``), a backend of no package registry
(``ubi:``, ``aqua:``) and a name that registry cannot have (``pipx:psf/black``, a GitHub repository) are not read."""

from __future__ import annotations

from depguard.commands import analyze
from tests.trees import judged, scan, verdicts, write

MISE_TOML = """min_version = "2025.3.11"

[tools]
node = "23.10.0"
prettier = "3"
"aqua:suzuki-shunsuke/ghalint" = "1.2.4"
"ubi:BurntSushi/ripgrep" = { version = "latest", exe = "rg" }
"cargo:zizmor" = "1.5.2"
"npm:@anthropic-ai/claude-code" = { version = "latest" }
"pipx:vectorcode[lsp,mcp]" = "latest"
"pipx:psf/black" = "latest"
"cargo:https://github.com/ogham/exa" = "latest"
"go:golang.org/x/tools/gopls" = "latest"
"gem:rails" = "7.1"
"npm:dgx-invented-mise-tool" = "latest"

[tools."npm:cspell"]
version = "8"
"""

TREE = {
    "mise.toml": MISE_TOML,
    "dot_config/mise/config.toml.tmpl": '[tools]\n{{ if .work -}}\n"npm:typescript" = "latest"\n{{ end -}}\n',
    "stow/mise/.config/mise/config.toml": '[tools]\n"pipx:httpie" = "latest"\n',
    "tools.toml": '[tools]\n"npm:never-read" = "1"\n',  # not a mise configuration's name
}


def test_mise_tools_with_a_registry_backend_are_read(tmp_path):
    write(tmp_path, TREE)
    collected = scan(tmp_path)
    got = sorted((m.location.path, m.location.line, m.location.column, m.key.ecosystem, m.key.name, m.spec)
                 for m in collected.mentions)
    assert got == [
        ("dot_config/mise/config.toml.tmpl", 3, 6, "npm", "typescript", "latest"),
        ("mise.toml", 8, 8, "cargo", "zizmor", "1.5.2"),
        ("mise.toml", 9, 6, "npm", "@anthropic-ai/claude-code", "latest"),
        ("mise.toml", 10, 7, "pypi", "vectorcode", "latest"),
        ("mise.toml", 13, 5, "go", "golang.org/x/tools/gopls", "latest"),
        ("mise.toml", 14, 6, "rubygems", "rails", "7.1"),
        ("mise.toml", 15, 6, "npm", "dgx-invented-mise-tool", "latest"),
        ("mise.toml", 17, None, "npm", "cspell", "8"),
        ("stow/mise/.config/mise/config.toml", 2, 7, "pypi", "httpie", "latest"),
    ]
    assert not collected.problems


def test_an_invented_mise_tool_is_missing(tmp_path):
    write(tmp_path, {"mise.toml": MISE_TOML})
    got = verdicts(judged(tmp_path, {"@anthropic-ai/claude-code", "cspell"}))
    assert got[("mise.toml", "dgx-invented-mise-tool")] == "missing"
    assert got[("mise.toml", "@anthropic-ai/claude-code")] == "ok"


def test_mise_use_and_install_commands_name_backend_tools():
    plan = analyze("mise use -g node@lts npm:cowsay pipx:httpie@3.2 ubi:cli/cli\n"
                   "mise install npm:dgx-invented-mise-cli\n"
                   "mise x npm:prettier -- prettier --write .\n"
                   "mise exec python@3.12 -- pip install requests\n"
                   'mise use -g "npm:$TOOL"\n'
                   "mise use --remove npm:old-tool npm:new-tool\n"
                   "mise ls npm:listed\n")
    got = [(t.ecosystem, t.name, t.spec, t.word.line, t.word.column + t.column_shift) for t in plan.installs]
    assert got == [
        ("npm", "cowsay", None, 1, 26),
        ("pypi", "httpie", "3.2", 1, 38),
        ("npm", "dgx-invented-mise-cli", None, 2, 18),
        ("npm", "prettier", None, 3, 12),
        ("pypi", "requests", None, 4, 38),
        ("npm", "new-tool", None, 6, 36),
    ]
