"""The packages asdf's and mise's plug-ins install with every runtime (issue 12 recall, held-out set 207: dotfiles and
machine-setup repositories). A dotfiles repository keeps ``.default-npm-packages``, ``.default-gems`` and their kin,
which asdf-nodejs, asdf-ruby, mise (and rbenv-default-gems) install after each Node.js or Ruby they install; no
command names the file, so none of its names was judged. Each is read where it is, dotted, dotless or under
chezmoi's ``dot_`` name, in its ecosystem; a file of another name is not."""

from __future__ import annotations

from tests.trees import judged, scan, verdicts, write

TREE = {
    ".default-npm-packages": "typescript\nts-node # a runner\n\n# language servers\nnpm-check-updates@17 @antfu/ni\n"
                             "dgx-invented-npm-global\n",
    "asdf/default-python-packages": "black\nipython==8.20\n",
    "dot_default-gems": "bundler\nrails 7.1\nrubocop --pre\n",
    "mise/.default-cargo-crates": "cargo-edit\n",
    ".default-golang-pkgs": "golang.org/x/tools/gopls@latest\n",
    # not one of the plug-ins' files: nvm's `default-packages` is named by a folder, and a document is prose
    "nvm/default-packages": "should-not-be-read\n",
    "docs/default-npm-packages.md": "Lists what `dgx-prose-name` installs.\n",
}


def test_default_package_files_are_judged_in_their_ecosystems(tmp_path):
    write(tmp_path, TREE)
    got = sorted((m.location.path, m.location.line, m.location.column, m.key.ecosystem, m.key.name, m.spec)
                 for m in scan(tmp_path).mentions)
    assert got == [
        (".default-golang-pkgs", 1, 1, "go", "golang.org/x/tools/gopls", "latest"),
        (".default-npm-packages", 1, 1, "npm", "typescript", None),
        (".default-npm-packages", 2, 1, "npm", "ts-node", None),
        (".default-npm-packages", 5, 1, "npm", "npm-check-updates", "17"),
        (".default-npm-packages", 5, 22, "npm", "@antfu/ni", None),
        (".default-npm-packages", 6, 1, "npm", "dgx-invented-npm-global", None),
        ("asdf/default-python-packages", 1, 1, "pypi", "black", "black"),
        ("asdf/default-python-packages", 2, 1, "pypi", "ipython", "ipython==8.20"),
        ("dot_default-gems", 1, 1, "rubygems", "bundler", None),
        ("dot_default-gems", 2, 1, "rubygems", "rails", "7.1"),
        ("dot_default-gems", 3, 1, "rubygems", "rubocop", "--pre"),
        ("mise/.default-cargo-crates", 1, 1, "cargo", "cargo_edit", None),
    ]


def test_an_invented_default_package_is_missing(tmp_path):
    write(tmp_path, TREE)
    got = verdicts(judged(tmp_path, {"typescript", "ts-node", "npm-check-updates", "@antfu/ni", "black", "ipython"}))
    assert got[(".default-npm-packages", "dgx-invented-npm-global")] == "missing"
    assert got[(".default-npm-packages", "typescript")] == "ok"
