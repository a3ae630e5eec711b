"""A github-script step's ``with: script:`` input is JavaScript the action runs in Node, not a shell: its comments
and strings name no install. deepagents' ``.github/workflows/release_please_parse_check.yml`` (held-out set 228)
says in a comment of that script ``// MODULE_NOT_FOUND here is an infra error (npm install broke or`` and the
parenthesis was read as a subshell installing the npm packages ``broke`` and ``or`` (DG001)."""

from __future__ import annotations

from depguard.parsers import Source, get_format

WORKFLOW = """\
name: Release-please parse check
on: [pull_request]
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - name: Parse
        uses: actions/github-script@v7
        with:
          script: |
            // Load the parser FIRST, outside the parse try/catch. A
            // MODULE_NOT_FOUND here is an infra error (npm install broke or
            // the package layout changed)
            const parse = require('./parser');
      - name: Inputs first
        with:
          script: |
            // (pip install written-before-uses or not)
        uses: actions/github-script@v7
      - name: Install
        run: npm install invented-after-github-script
      - name: Remote
        uses: appleboy/ssh-action@v1
        with:
          script: |
            pip install invented-ssh-remote
"""


def _found(text: str) -> list[tuple[str, int]]:
    source = Source(path=".github/workflows/release_please_parse_check.yml", text=text)
    return [(m.key.name, m.location.line) for m in get_format("ci-yaml").parse(source)]


def test_a_github_script_input_is_javascript_and_other_steps_stay_shell():
    # the shell of a run step after it, and another action's script input (an SSH action runs it on a host's
    # shell), are still read
    assert _found(WORKFLOW) == [("invented-after-github-script", 22), ("invented-ssh-remote", 27)]


def test_a_gitlab_script_key_is_still_a_shell():
    text = "test:\n  script:\n    - pip install invented-gitlab-script\n"
    source = Source(path=".gitlab-ci.yml", text=text)
    assert [m.key.name for m in get_format("ci-yaml").parse(source)] == ["invented-gitlab-script"]
