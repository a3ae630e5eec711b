"""``${{ … }}`` template expressions in workflow run steps: a version part that is an expression is dropped
and the name kept; a name that is (partly) an expression is no name at all."""

from __future__ import annotations

from pathlib import Path

from depguard.parsers import Source, get_format
from depguard.parsers.scripts import without_expressions

FIXTURES = Path(__file__).parent / "fixtures"


def test_expressions_in_versions_keep_the_name_and_expressions_in_names_are_not_names():
    source = Source(path=".github/workflows/release.yml", text=(FIXTURES / "release.yml").read_text())
    got = [(m.key.ecosystem, m.key.name, m.location.line, m.location.column) for m in get_format("ci-yaml").parse(source)]
    assert got == [
        ("npm", "pnpm", 16, 29),  # the global npm install of pnpm@${{ env.PNPM_VERSION }}
        ("npm", "yarn", 17, 42),  # ${{ matrix.tool }} is no name; yarn@${{ matrix.yarn }}-rc is yarn
        ("pypi", "ruff", 19, 24),
        ("pypi", "black", 19, 55),
        ("npm", "@types/node", 22, 44),  # @scope/${{ matrix.pkg }}@1 is no name
        ("docker", "library/node", 23, 30),  # node:${{ matrix.node }}-alpine
        ("npm", "corepack", 23, 70),
    ]
    assert not any("." in m.key.name or "matrix" in m.key.name for m in get_format("ci-yaml").parse(source))


def test_columns_and_quotes_are_kept():
    line = '  pip install "ruff==${{ env.RUFF }}" x'
    out = without_expressions(line)
    assert len(out) == len(line) and out.startswith('  pip install "ruff"   ') and out.endswith(' x')
    assert without_expressions("npx ${{ inputs.cli }}@1") == "npx ${______________}@1"


def test_an_expression_in_a_url_leaves_a_url_not_its_scheme():
    # kubernetes.core's integration workflow: `python3 -m pip install https://github.com/ansible/ansible/archive/
    # ${{ matrix.ansible-version }}.tar.gz` installs an archive from a URL; the scheme's ':' is no version separator
    text = ("jobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: >-\n          python3 -m pip install\n"
            "          https://github.com/ansible/ansible/archive/${{ matrix.ansible-version }}.tar.gz\n"
            "          git+https://github.com/x/y.git@${{ env.REF }}#egg=y\n"
            "          --disable-pip-version-check\n")
    source = Source(path=".github/workflows/integration-tests.yaml", text=text)
    assert [m.key.name for m in get_format("ci-yaml").parse(source)] == []
    line = "pip install https://h/a/${{ matrix.v }}.tar.gz"
    assert without_expressions(line) == "pip install https://h/a/${____________}.tar.gz"
    assert without_expressions("pip install git+https://h/x.git@${{ env.R }} y").startswith("pip install git+https://h/x.git ")
