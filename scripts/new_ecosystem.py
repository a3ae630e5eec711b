"""Write the skeleton of a new ecosystem: its package folder, its test folder, its cassette folder, and its line in
``ALL`` (CONTRIBUTING.md, "Adding an ecosystem"; ``depguard/ecosystems/conan/`` is the worked example).

    python scripts/new_ecosystem.py ID --display NAME --url BASE_URL --path '/api/{name}' --name-pattern REGEX
        [--client jsonapi|ID] [--root REPO]

Everything written is real data given on the command line, or an empty declaration that the consistency
tests reject until it is filled in (no parser declared, no recorded rows): the skeleton is the start of the
work, never a finished ecosystem. An existing folder is never overwritten.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
ROOT = Path(__file__).resolve().parent.parent


def _toml_string(value: str) -> str:
    """A TOML literal string when it can be one (regular expressions stay readable), else a basic string."""
    if "'" not in value and "\n" not in value:
        return f"'{value}'"
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def package_files(eco_id: str, display: str, url: str, path: str, pattern: str, client: str) -> dict[str, str]:
    toml = f'''# {eco_id}: {display}.
id = "{eco_id}"
display = {_toml_string(display)}
aliases = []

[name]
# the registry's own rule for names (cite where it is written)
pattern = {_toml_string(pattern)}
lowercase = false

[registry]
url = {_toml_string(url)}
client = "{client}"
display = {_toml_string(display)}
path = {_toml_string(path)}
accept = "application/json"
concurrency = 4
'''
    if client == "jsonapi":
        toml += '''
# where the generic JSON client reads the facts (depguard/registries/jsonapi.py), and what makes a 200 an answer
# about the asked package (depguard/registries/identity.py): fill in from a real answer of the registry
[registry.answer]

[registry.identity]
'''
    registry = "" if client == "jsonapi" else f'    registry="{client}",\n'
    init = f'''"""{display}: what depguard knows about it (the data beside this file, ecosystem.toml first)."""

from .._model import EcosystemPackage

ECOSYSTEM = EcosystemPackage(
    id="{eco_id}",
    package=__name__,
    # formats=(Format("<file name>", "<module>", ("<pattern>",), kind="manifest"),),
    # tools=(Tools("tools", ("<tool>",)),),
{registry})
'''
    return {"__init__.py": init, "ecosystem.toml": toml}


def test_files(eco_id: str, display: str) -> dict[str, str]:
    parsers = f'''"""{display}: parser fixtures (empty, one, several, not-this-format, a bad entry) with expected names and lines."""

from __future__ import annotations

import pytest

from tests.ecosystems._fixtures import case_ids, check_case

CASES: list = [
    # ("<format>", "<format>/one.<ext>", [("name", 2)]),
]


@pytest.mark.parametrize(("fmt", "fixture", "expected"), CASES, ids=case_ids(CASES))
def test_parser(fmt, fixture, expected):
    check_case(__file__, fmt, fixture, expected)
'''
    recorded = f'''"""{display}'s recorded-answer rows for the one table in tests/ecosystems/test_registries_on_recorded_answers.py
(cassettes in cassettes/{eco_id}/: at least a found and a missing answer)."""

from __future__ import annotations

from tests.ecosystems._registry import Case

CASES: list[Case] = [
    # (from depguard.model import Existence)
    # Case("{eco_id}-exists", "{eco_id}", "<a real name>", "test_exists.yaml", dict(existence=Existence.EXISTS)),
    # Case("{eco_id}-missing", "{eco_id}", "<a missing name>", "test_missing.yaml", dict(existence=Existence.MISSING)),
]
'''
    return {"__init__.py": "", "test_parsers.py": parsers, "recorded.py": recorded}


def add_to_all(init_py: Path, folder: str) -> None:
    """Insert ``folder`` into the ``ALL`` tuple of ``depguard/ecosystems/__init__.py``, in order."""
    text = init_py.read_text(encoding="utf-8")
    tree = ast.parse(text)
    node = next(n for n in tree.body if isinstance(n, ast.AnnAssign) and getattr(n.target, "id", "") == "ALL")
    assert isinstance(node.value, ast.Tuple)
    names = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
    if folder in names:
        raise SystemExit(f"{folder!r} is already in ALL")
    lines = text.splitlines(keepends=True)
    after = [e for e in node.value.elts if isinstance(e, ast.Constant) and e.value < folder]
    at = after[-1].end_lineno if after else node.value.lineno  # insert below this (1-based) line
    indent = re.match(r"\s*", lines[node.value.elts[0].lineno - 1]).group(0)  # type: ignore[union-attr]
    lines.insert(at, f'{indent}"{folder}",\n')
    init_py.write_text("".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("id", help="the catalog id, lowercase letters, digits and '-' (e.g. conan)")
    ap.add_argument("--display", required=True, help="how the registry is named to users (ConanCenter)")
    ap.add_argument("--url", required=True, help="the registry's base URL (https://center2.conan.io)")
    ap.add_argument("--path", required=True, help="the lookup path under the base URL, with {name}")
    ap.add_argument("--name-pattern", required=True, help="the registry's rule for names, a regular expression")
    ap.add_argument("--client", default="jsonapi", help="jsonapi (the generic JSON client) or a module of the package")
    ap.add_argument("--root", type=Path, default=ROOT, help="the repository (default: this one)")
    args = ap.parse_args(argv)
    if not ID.fullmatch(args.id):
        ap.error(f"id {args.id!r}: lowercase letters and digits, words joined by '-'")
    if "{name}" not in args.path:
        ap.error("--path must hold {name}")
    if not args.url.startswith("https://"):
        ap.error("--url must be an https:// address")
    try:
        re.compile(args.name_pattern)
    except re.error as exc:
        ap.error(f"--name-pattern: {exc}")
    if not args.client.isidentifier():
        ap.error("--client must be a module name")
    folder = args.id.replace("-", "_")
    package = args.root / "depguard" / "ecosystems" / folder
    tests = args.root / "tests" / "ecosystems" / folder
    for place in (package, tests):
        if place.exists():
            print(f"{place} exists; nothing written", file=sys.stderr)
            return 2
    written = []
    for where, files in ((package, package_files(args.id, args.display, args.url, args.path, args.name_pattern,
                                                 args.client)),
                         (tests, test_files(args.id, args.display))):
        where.mkdir(parents=True)
        for name, text in files.items():
            (where / name).write_text(text, encoding="utf-8")
            written.append(where / name)
    (tests / "fixtures").mkdir()
    (args.root / "cassettes" / args.id).mkdir(parents=True, exist_ok=True)
    add_to_all(args.root / "depguard" / "ecosystems" / "__init__.py", folder)
    for path in written:
        print(f"wrote {path.relative_to(args.root)}")
    print(f'added "{folder}" to ALL in depguard/ecosystems/__init__.py')
    print("next (CONTRIBUTING.md, 'Adding an ecosystem'): parsers and their declaration, fixtures and cases, "
          f"cassettes/{args.id}/ with a found and a missing answer and their rows in recorded.py, a client if the "
          "generic one cannot read the answer, the README row and count, a CHANGELOG line")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
