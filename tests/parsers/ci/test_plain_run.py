"""Workflow ``run:`` with its command on the lines below, a plain multi-line scalar (livebook's docs workflow:
``run:`` then ``mix escript.install hex livebook --force``): YAML folds the lines into one command."""

from __future__ import annotations

from depguard.parsers import Source, get_format

WORKFLOW = """\
name: Deploy Livebook Apps
on:
  push:
    branches: [main]
jobs:
  deploy:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      # Install Livebook CLI
      - name: Install Livebook
        run:
          mix escript.install hex livebook --force
      - name: Tools
        run:
          python -m pip install
            requests-toolbelt --upgrade

      - name: Deploy notebooks
        run: |
          livebook deploy ./notebooks/*.livemd
  install:
    runs-on: ubuntu-latest
    steps:
      - run: echo done
"""


def _found(text: str, path: str = ".github/workflows/deploy.yml") -> list[tuple[str, str, int, int]]:
    source = Source(path=path, text=text)
    return [(m.key.ecosystem, m.key.name, m.location.line, m.location.column)
            for m in get_format("ci-yaml").parse(source)]


def test_plain_scalar_below_run_is_read_as_one_folded_command():
    # the second plain scalar folds 'python -m pip install' and 'requests-toolbelt --upgrade' into one line;
    # the job called install: is a mapping (runs-on:, steps:), no command
    assert _found(WORKFLOW) == [("hex", "livebook", 13, 35), ("pypi", "requests-toolbelt", 17, 13)]


def test_a_mapping_or_a_comment_below_run_is_no_command():
    circleci = """\
jobs:
  build:
    steps:
      - run:
          name: pip install requests
          command: echo hi
      - run:
          # pip install flask
          echo hi
"""
    assert _found(circleci, ".circleci/config.yml") == []
