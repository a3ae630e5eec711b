"""The command an alias stands for is read (issue 12 recall, held-out set 207: dotfiles and machine-setup
repositories). Dotfiles define aliases that install or run packages (``alias ncu='npx npm-check-updates'``,
``alias up='brew update && npm install -g …'``; paulirish's ``.aliases`` updates its global npm packages so);
depguard read a function's body but not an alias's, so a name an alias installs went unjudged. The alias's value is
read as a script of its own, placed where it is written; an alias naming no package (``npmg='npm i -g '``), one
whose package is an argument (``$1``), ``alias`` alone and ``alias NAME`` read nothing."""

from __future__ import annotations

from depguard.commands import analyze
from tests.trees import judged, verdicts, write

ALIASES = """alias npmg='npm i -g '
alias serve='npx http-server'
alias ncu="npx npm-check-updates"
alias up='brew update && npm install -g dgx-invented-alias-tool && pip install --user httpie'
alias pipig='pip install "git+https://github.com/$1.git"'
alias ll='ls -la'
alias python=python3
alias
alias serve
"""


def test_an_alias_body_is_read_where_it_is_written():
    plan = analyze(ALIASES)
    got = [(t.ecosystem, t.name, t.word.line, t.word.column + t.column_shift, t.runs) for t in plan.installs]
    assert got == [
        ("npm", "http-server", 2, 18, True),
        ("npm", "npm-check-updates", 3, 16, True),
        ("npm", "dgx-invented-alias-tool", 4, 41, False),
        ("pypi", "httpie", 4, 87, False),
    ]


def test_an_invented_package_an_alias_installs_is_missing(tmp_path):
    write(tmp_path, {".aliases.zsh": ALIASES})
    got = verdicts(judged(tmp_path, {"http-server", "npm-check-updates", "httpie"}))
    assert got[(".aliases.zsh", "dgx-invented-alias-tool")] == "missing"
    assert got[(".aliases.zsh", "http-server")] == "ok"


def test_a_dotfiles_repositorys_sourced_shell_files_are_read(tmp_path):
    # mathiasbynens' layout, kept by thousands of dotfiles (paulirish's, donnemartin's dev-setup): .bash_profile sources
    # .aliases, .functions, .exports, .extra; none matched a shell file's name, so an alias's or function's install
    # (`alias update='… npm install npm -g …'`) went unread. chezmoi keeps .zshrc as dot_zshrc (private_dot_zshrc), a
    # zsh script. A file of another name (`.aliasesrc.md`, `aliases.txt`) is not read as shell
    write(tmp_path, {
        ".aliases": "alias update='brew update; npm install npm -g; npm install -g dgx-invented-dotfile-tool'\n",
        ".functions": "function serve() { npx --yes http-server \"$@\"; }\n",
        ".bash_profile": "for file in ~/.{path,exports,aliases,functions,extra}; do source \"$file\"; done\n",
        "home/private_dot_zshrc": "tools=(black isort)\npipx install $tools\n",
        "aliases.txt": "alias x='npm install -g never-read-as-shell'\n",
    })
    got = verdicts(judged(tmp_path, {"npm", "http-server", "black", "isort"}))
    assert got == {
        (".aliases", "npm"): "ok",
        (".aliases", "dgx-invented-dotfile-tool"): "missing",
        (".functions", "http-server"): "ok",
        ("home/private_dot_zshrc", "black"): "ok",
        ("home/private_dot_zshrc", "isort"): "ok",  # zsh: the array's every element
    }
