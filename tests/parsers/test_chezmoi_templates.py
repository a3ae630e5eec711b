"""A chezmoi source state's templates are read as the files they render to (issue 12 recall, held-out set 207:
twpayne/dotfiles, chezmoi's author's own). chezmoi runs ``run_onchange_before_install-packages.sh.tmpl`` on every
``chezmoi apply``; with its ``.tmpl`` suffix no format matched and none of its installs was judged. A ``.tmpl`` on a
name chezmoi's attributes make (``run_``, ``dot_`` …) or in a folder of chezmoi's is read as the rendered file, its Go
template expressions unknown values, never names; a ``.tmpl`` of another tool (a Go generator's ``package.json.tmpl``)
is not read, so its unrendered JSON is no problem."""

from __future__ import annotations

from tests.trees import judged, scan, verdicts, write

# modelled on twpayne/dotfiles' home/.chezmoiscripts/darwin/run_onchange_before_install-packages.sh.tmpl (a few lines)
SCRIPT = """{{ if eq .chezmoi.os "darwin" -}}
#!/bin/bash
set -eufo pipefail
{{ $brews := list
     "git"
     "ripgrep" -}}
brew install --cask google-earth-pro
npm install -g {{ .extraTool }}
npm install -g {{ $npm | join " " }} prettier
pipx install dgx-invented-chezmoi-tool
{{ range .pipx -}}
pipx install {{ . | quote }}
{{ end -}}
{{ end -}}
"""

TREE = {
    "home/.chezmoiscripts/darwin/run_onchange_before_install-packages.sh.tmpl": SCRIPT,
    "home/dot_default-npm-packages.tmpl": '{{ if .work -}}\ntypescript\n{{ end -}}\n{{ .extra }}\ntool-{{ .v }}\n',
    "home/dot_config/tools/install.sh.tmpl": "#!/bin/sh\nnpm install -g tldr\n",
    # another tool's templates: not chezmoi's, not read
    "generator/package.json.tmpl": '{\n  "dependencies": {\n    {{- range .Deps }}\n    "{{ . }}": "*",\n'
                                   '    {{- end }}\n    "dgx-generator-dep": "^1"\n  }\n}\n',
    "generator/install.sh.tmpl": "#!/bin/sh\nnpm install -g dgx-generator-tool\n",
    # a folder named like an attribute alone is no chezmoi folder: private_ and exact_ name folders elsewhere too
    "private_tools/package.json.tmpl": '{"dependencies": {"{{ .Dep }}": "*"}}\n',
}


def test_chezmoi_templates_are_read_as_the_files_they_render(tmp_path):
    write(tmp_path, TREE)
    collected = scan(tmp_path)
    got = sorted((m.location.path, m.location.line, m.key.ecosystem, m.key.name) for m in collected.mentions)
    script = "home/.chezmoiscripts/darwin/run_onchange_before_install-packages.sh.tmpl"
    assert got == [
        (script, 7, "homebrew", "google-earth-pro"),
        (script, 9, "npm", "prettier"),
        (script, 10, "pypi", "dgx-invented-chezmoi-tool"),
        ("home/dot_config/tools/install.sh.tmpl", 2, "npm", "tldr"),
        ("home/dot_default-npm-packages.tmpl", 2, "npm", "typescript"),
    ]
    assert not collected.problems  # the generator's unrendered package.json is not read


def test_an_invented_name_in_a_chezmoi_script_is_missing(tmp_path):
    write(tmp_path, TREE)
    got = verdicts(judged(tmp_path, {"prettier", "tldr", "typescript", "google-earth-pro"}))
    script = "home/.chezmoiscripts/darwin/run_onchange_before_install-packages.sh.tmpl"
    assert got[(script, "dgx-invented-chezmoi-tool")] == "missing"
    assert got[(script, "prettier")] == "ok"


def test_a_templates_placeholder_in_a_manifest_names_no_package(tmp_path):
    # a chezmoi Brewfile template (`brew "{{ .extra }}"`) and a cookiecutter template's Gemfile, Cargo.toml and
    # composer.json with a placeholder where a name goes: each placeholder was read as a package named by its text and
    # reported invalid; the rendering names it. The written names stay judged
    write(tmp_path, {
        "home/dot_config/brew/Brewfile.tmpl": 'brew "git"\nbrew "{{ .extra }}"\n{{ range .brews }}brew "{{ . }}"\n'
                                              '{{ end }}\n',
        "tpl/Gemfile.jinja": 'source "https://rubygems.org"\ngem "{{ cookiecutter.gem }}"\ngem "dgx-invented-gem"\n',
        "tpl/Cargo.toml.jinja": '[package]\nname = "x"\nversion = "0.1.0"\n[dependencies]\nserde = "1"\n'
                                '"{{ cookiecutter.crate }}" = "1"\n',
        "tpl/composer.json.jinja": '{"require": {"{{ cookiecutter.vendor }}/{{ cookiecutter.pkg }}": "^1", '
                                   '"monolog/monolog": "^3"}}\n',
    })
    got = verdicts(judged(tmp_path, {"git", "serde", "monolog/monolog"}))
    assert got == {
        ("home/dot_config/brew/Brewfile.tmpl", "git"): "ok",
        ("tpl/Gemfile.jinja", "dgx-invented-gem"): "missing",
        ("tpl/Cargo.toml.jinja", "serde"): "ok",
        ("tpl/composer.json.jinja", "monolog/monolog"): "ok",
    }


def test_yadms_alternate_files_are_read_as_the_files_they_stand_for(tmp_path):
    # yadm, another dotfiles manager: `Brewfile##os.Darwin`, `.zshrc##default`, `install.sh##template` are that file on
    # the machines the conditions match; with the `##` suffix no format matched and none was read
    write(tmp_path, {
        "Brewfile##os.Darwin": 'brew "git"\ncask "firefox"\n',
        ".zshrc##default": "npm install -g dgx-invented-yadm-tool\n",
        ".default-npm-packages##class.Work": "typescript\n",
        "install.sh##template": '{% if yadm.os == "Darwin" %}\nnpm install -g prettier\n{% endif %}\n',
        "##notes": "npm install -g never-read\n",
    })
    got = sorted((m.location.path, m.key.ecosystem, m.key.name) for m in scan(tmp_path).mentions)
    assert got == [
        (".default-npm-packages##class.Work", "npm", "typescript"),
        (".zshrc##default", "npm", "dgx-invented-yadm-tool"),
        ("Brewfile##os.Darwin", "homebrew", "git"),
        ("Brewfile##os.Darwin", "homebrew", "homebrew/cask/firefox"),
        ("install.sh##template", "npm", "prettier"),
    ]


def test_a_manifests_name_with_a_template_expression_for_its_tag_is_judged(tmp_path):
    # a workflow's container whose name is written out and whose tag is an expression (the Carpentries lessons'
    # `image: ghcr.io/carpentries/workbench-docker:${{ vars.WORKBENCH_TAG || 'latest' }}`, held-out set 201; one
    # line): ce423f97 dropped a manifest's mention when its written text held a template mark anywhere, so the image,
    # and an invented one in its place, went unread. Only a placeholder in the name is no package
    write(tmp_path, {
        ".github/workflows/build.yaml": (
            "on: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    container:\n"
            "      image: ghcr.io/carpentries/workbench-docker:${{ vars.WORKBENCH_TAG || 'latest' }}\n"
            "    steps:\n      - run: echo hi\n"
            "  other:\n    runs-on: ubuntu-latest\n    container:\n      image: dgx-invented-image:${{ env.TAG }}\n"
            "    steps:\n      - run: echo hi\n"),
        "tpl/Cargo.toml.jinja": '[package]\nname = "x"\nversion = "0.1.0"\n[dependencies]\n'
                                'dgx-invented-crate = "{{ cookiecutter.version }}"\n"{{ cookiecutter.crate }}" = "1"\n',
    })
    names = {(m.location.path, m.key.name) for m in scan(tmp_path).mentions}
    assert (".github/workflows/build.yaml", "ghcr.io/carpentries/workbench-docker") in names
    assert (".github/workflows/build.yaml", "library/dgx-invented-image") in names
    assert ("tpl/Cargo.toml.jinja", "dgx_invented_crate") in names
    assert not any("{{" in name for _, name in names)
