"""How to allow a name depguard flags, said the same way wherever depguard stops someone (the pre-commit
hook's message, SARIF rule help): the config's ``[allow]`` table, an inline ``depguard: ignore`` comment, or
``--allow`` on the command line. Names come from the files under review, so they are escaped here."""

from __future__ import annotations

import json

from .escape import plain

MAX_NAMES = 5

HELP_MARKDOWN = """\
**If the name is right** (you checked that it is the package you mean, on its registry), allow it in one of
three ways:

- in `.depguard.toml`: `[allow]` then `pypi = ["the-name"]` (one key per ecosystem, globs allowed; `"*"` for
  every ecosystem), or the same table as `[tool.depguard.allow]` in `pyproject.toml`;
- on its line: a comment `depguard: ignore <reason>` (`#`, `//`, `--`, `/* */` or `<!-- -->`, as the file
  writes comments);
- for one run: `depguard … --allow pypi:the-name` (in a pre-commit hook: `args: [--allow, "pypi:the-name"]`).

A pull request checked with `depguard scan --diff BASE` (the GitHub Action) uses the configuration of BASE,
and an inline comment the pull request itself adds is not obeyed: allow the name in the base branch's
configuration first."""


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=True)  # a JSON string is a valid TOML basic string


def how_to_allow(names: list[tuple[str, str]], where: str = "pre-commit") -> str:
    """Lines telling how to allow ``names`` ((ecosystem, name) pairs, the ones that stopped this run)."""
    shown = list(dict.fromkeys(names))[:MAX_NAMES]
    if not shown:
        return ""
    by_eco: dict[str, list[str]] = {}
    for eco, name in shown:
        by_eco.setdefault(eco, []).append(name)
    table = "; ".join(f"{plain(eco)} = [{', '.join(plain(_toml_string(n)) for n in ns)}]" for eco, ns in by_eco.items())
    eco, name = shown[0]
    flag = plain(f"{eco}:{name}")
    lines = [
        "depguard: if a flagged name is right (you checked it is the package you mean), allow it:",
        f"  - in .depguard.toml under [allow]: {table}  (in pyproject.toml: [tool.depguard.allow])",
        "  - on its line: a comment 'depguard: ignore <reason>' (# or // etc., as the file writes comments)",
    ]
    if where == "pre-commit":
        lines.append(f"  - for this hook: args: [--allow, {plain(_toml_string(f'{eco}:{name}'))}] in .pre-commit-config.yaml")
    else:
        lines.append(f"  - for one run: --allow {flag}")
    return "\n".join(lines) + "\n"
