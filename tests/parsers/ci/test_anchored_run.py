"""CI YAML anchors and aliases: a command written once under an anchor (``&name``) and run where an alias
(``*name``) stands is read where it is written (Etherpad's .travis.yml, held-out set 174: ``_install_plugins:
&install_plugins >-`` holds ``npm install ep_align ep_author_hover …``, and ``install:`` lists ``*install_plugins``);
an anchor before a run value (``run: &setup |``, ``- &deps pip install …``) hides nothing."""

from __future__ import annotations

from depguard.parsers import Source, get_format


def _found(text: str, path: str) -> list[tuple[str, str, int]]:
    source = Source(path=path, text=text)
    return [(m.key.ecosystem, m.key.name, m.location.line) for m in get_format("ci-yaml").parse(source)]


TRAVIS = """\
language: node_js
_install_plugins: &install_plugins >-
  npm install --no-save
  ep_align
  ep-invented-plugin-zz
_docs_text: &docs_text >-
  npm install never-run-words
jobs:
  include:
    - name: "Backend tests with plugins"
      install:
        - "bin/installDeps.sh"
        - *install_plugins
      script:
        - "cd src && pnpm test"
    - name: *docs_text
"""


def test_an_anchored_block_an_install_list_aliases_is_read_where_it_is_written():
    # ep-invented-plugin-zz stands for any name in that command: it is judged like the rest; the anchor only a
    # job's name: aliases is prose, no command
    assert _found(TRAVIS, ".travis.yml") == [("npm", "ep_align", 4), ("npm", "ep-invented-plugin-zz", 5)]


GITLAB = """\
.deps: &deps
  - pip install requests-toolbelt
  - &more pip install invented-gitlab-helper-zz
.unused: &unused
  - pip install not-a-command-list-zz
test:
  before_script: *deps
  script:
    - *more
    - pytest
"""


def test_a_list_an_alias_value_names_and_an_anchored_list_item_are_read():
    # .unused's list is aliased nowhere a command runs (a hidden job's data, a matrix …): not read as commands
    assert _found(GITLAB, ".gitlab-ci.yml") == [("pypi", "requests-toolbelt", 2),
                                                ("pypi", "invented-gitlab-helper-zz", 3)]


WORKFLOW = """\
on: push
jobs:
  a:
    runs-on: ubuntu-latest
    steps: &steps
      - uses: actions/checkout@v4
      - name: Install
        run: &setup |
          python -m pip install
          pip install invented-anchored-run-zz
      - run: *setup
  b:
    runs-on: ubuntu-latest
    steps: *steps
"""


def test_an_anchor_before_a_run_block_and_an_anchored_steps_list_keep_their_commands():
    # the steps list is aliased by a steps: key, no command: its run: inside is read once, as before
    assert _found(WORKFLOW, ".github/workflows/ci.yml") == [("pypi", "invented-anchored-run-zz", 10)]


def test_a_long_chain_of_aliases_is_read_in_bounded_passes():
    # reviewer r28: each level of a chain of aliases (a run value's alias, an alias in that anchored list …) was one more
    # pass over the whole file: a crafted chain of 2,000 anchors (47 KB) took 24 s. Chains are followed 8 levels deep;
    # the first levels are still read
    # (how its time grows is measured by benchmarks/crafted_inputs.py, a ratio in one run, not here)
    from depguard.parsers.scripts import yaml_run_blocks

    text = "install: *a0\n" + "".join(f"k{i}: &a{i}\n  - pip install tool-zq{i}\n  - *a{i + 1}\n" for i in range(2000))
    out = yaml_run_blocks(text)
    assert "pip install tool-zq0" in out and "pip install tool-zq1" in out
