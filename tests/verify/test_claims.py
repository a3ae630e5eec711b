"""Claim extraction: what counts as a claim, where it is, and what is not one (hedged, to be created, code)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from depguard.verify import Kind, check_claims
from depguard.verify.claims import extract, path_ref
from depguard.verify.local import LocalTree

ANSWERS = Path(__file__).parent / "fixtures" / "answers"


def brief(text: str) -> list[tuple]:
    return [(c.kind.value, c.describe(), c.line, c.column) for c in extract(text)]


def test_empty_and_prose_without_claims():
    assert extract("") == []
    assert extract("Use a token and check its signature. Node.js and Vue.js are fine; see https://x.dev/a/b.py.\n") == []


def test_one_path():
    assert brief("See `docs/setup.md`.") == [("path", "docs/setup.md exists", 1, 6)]


def test_two_claims_on_two_lines():
    text = "Read docs/setup.md first.\nThe `UserService` class in src/user.ts holds it.\n"
    assert brief(text) == [("path", "docs/setup.md exists", 1, 6),
                           ("symbol", "class UserService defined in src/user.ts", 2, 6)]


def test_right_answer_fixture():
    claims = extract((ANSWERS / "right.md").read_text())
    assert [(c.kind, c.describe(), c.line) for c in claims] == [
        (Kind.SYMBOL, "validate_token defined in auth/jwt.py", 1),
        (Kind.PATH, "docs/setup.md exists", 2),
        (Kind.SYMBOL, "class UserService defined in src/user.ts", 2),
        (Kind.LINES, "auth/jwt.py:21 reads return hmac.compare_digest(token, secret)", 4),
        (Kind.PATH, "./scripts/deploy.sh exists", 10),
        (Kind.COMMAND, "make target test", 10),
        (Kind.COMMAND, "npm script build", 10),
    ]
    assert claims[3].quote == "    return hmac.compare_digest(token, secret)"


@pytest.mark.parametrize("name, text, expected", [
    ("defined in", "`validateToken` is defined in `auth/jwt.py`.", ("validateToken", None, "auth/jwt.py")),
    ("which is defined in", "It is `validate_token`, which is defined in `auth/jwt.py`.", ("validate_token", None, "auth/jwt.py")),
    ("lives in with parens", "`validateToken()` lives in `auth/jwt.py`.", ("validateToken", None, "auth/jwt.py")),
    ("kind before bare name", "The function foo in bar.py does it.", ("foo", "function", "bar.py")),
    ("called", "There is a function called `makeUser` in `src/user.ts`.", ("makeUser", "function", "src/user.ts")),
    ("kind after", "the `UserService` class in src/user.ts", ("UserService", "class", "src/user.ts")),
    ("qualified method", "The `UserService.getUser` method is implemented in `src/user.ts`.", ("UserService.getUser", "method", "src/user.ts")),
    ("file defines", "`src/user.ts` exports a function `makeUser`.", ("makeUser", "function", "src/user.ts")),
    ("def keyword in code", "`def validate_token` in `auth/jwt.py` compares digests.", ("validate_token", "function", "auth/jwt.py")),
])
def test_symbol_claims(name, text, expected):
    [claim] = extract(text)
    assert claim.kind is Kind.SYMBOL
    assert (claim.symbol, claim.symbol_kind, claim.path) == expected


@pytest.mark.parametrize("name, text, expected", [
    ("colon", "See `src/auth.ts:42`.", ("src/auth.ts", 42, 42, None, None)),
    ("range", "See `src/auth.ts:40-45`.", ("src/auth.ts", 40, 45, None, None)),
    ("github anchor", "See `src/auth.ts#L3-L9`.", ("src/auth.ts", 3, 9, None, None)),
    ("line col", "At `src/auth.ts:42:7`.", ("src/auth.ts", 42, 42, None, None)),
    ("prose line of", "Line 12 of config/app.yaml sets the port.", ("config/app.yaml", 12, 12, None, None)),
    ("prose lines in", "Lines 3 to 5 in `src/app.ts` start the server.", ("src/app.ts", 3, 5, None, None)),
    ("with symbol", "In `src/auth.ts:40-45` the handler calls `checkSession`.", ("src/auth.ts", 40, 45, "checkSession", None)),
    ("with inline quote", "`auth/jwt.py:21` reads `return hmac.compare_digest(token, secret)`.",
     ("auth/jwt.py", 21, 21, None, "return hmac.compare_digest(token, secret)")),
    ("symbol defined at line", "`validate_token` is defined in `auth/jwt.py:18`.", ("auth/jwt.py", 18, 18, "validate_token", None)),
    ("a change is not a quote", "Change `auth/jwt.py:21` to `return False`.", ("auth/jwt.py", 21, 21, None, None)),
])
def test_line_claims(name, text, expected):
    [claim] = extract(text)
    assert claim.kind is Kind.LINES
    assert (claim.path, claim.start, claim.end, claim.symbol, claim.quote) == expected


def test_fenced_block_after_the_paragraph_is_the_quote():
    text = "The check is at `auth/jwt.py:21`:\n\n```python\n    return hmac.compare_digest(token, secret)\n```\n"
    [claim] = extract(text)
    assert (claim.line, claim.column, claim.quote) == (1, 18, "    return hmac.compare_digest(token, secret)")


def test_a_block_after_a_change_request_is_new_code_not_a_quote():
    text = "Replace `auth/jwt.py:21` with:\n\n```python\n    return False\n```\n"
    [claim] = extract(text)
    assert claim.quote is None


def test_hedged_answer_fixture_makes_no_claims():
    assert extract((ANSWERS / "hedged.md").read_text()) == []


@pytest.mark.parametrize("text", [
    "It is probably in `auth/token.py`.",
    "I think `verifyToken` is defined in `auth/jwt.py`.",
    "It might be at `src/handlers/auth.ts:42`.",
    "Maybe `lib/auth.py`.",
    "It could be `src/a.ts`.",
    "It should be somewhere under `src/middleware/`.",
    "Create a new file `src/new_feature.ts`.",
    "Rename `src/a.ts` to `src/b.ts`.",
    "I deleted `src/old.ts` and removed `lib/legacy.py`.",
])
def test_not_claims(text):
    assert extract(text) == []


def test_hedge_in_one_sentence_does_not_silence_the_next():
    assert brief("It is probably in `a/b.py`. The docs are in `docs/setup.md`.") == [("path", "docs/setup.md exists", 1, 46)]


def test_code_in_non_shell_blocks_is_not_read_for_claims():
    text = "Example:\n\n```python\nfrom auth.jwt import validate_token  # see auth/jwt.py\n```\n"
    assert extract(text) == []


def test_commands_in_a_shell_block_with_cd_and_options():
    text = "Then:\n\n```sh\ncd web && pnpm run lint\npython tools/gen.py --fast\nmake -C backend build test\nnpm test\n```\n"
    got = [(c.describe(), c.line) for c in extract(text)]
    assert got == [("(in web) pnpm script lint", 4), ("script web/tools/gen.py exists", 5),
                   ("(in web/backend) make target build", 6), ("(in web/backend) make target test", 6),
                   ("(in web) npm script test", 7)]


@pytest.mark.parametrize("command", ["make -C /srv -C app test", "make --directory=/srv --directory=app test",
                                     "make -C ~/x -C y test"])
def test_make_in_a_folder_outside_the_tree_names_no_target_even_after_another_directory_option(command):
    assert extract(f"Run `{command}`.") == []


def test_commands_in_prose_and_prompt_lines():
    text = "Run `make lint` and `yarn dev`.\n$ ./scripts/deploy.sh --prod\n"
    assert [(c.describe(), c.line, c.column) for c in extract(text)] == [
        ("make target lint", 1, 6), ("yarn script dev", 1, 22), ("script ./scripts/deploy.sh exists", 2, 3)]


@pytest.mark.parametrize("command", ["npm install lodash", "yarn add x", "git status", "bash -c 'make x'",
                                     "python -m pytest", "pnpm --filter web build", "npm run", "make $(TARGET)"])
def test_commands_that_name_no_script_or_target(command):
    assert extract(f"Run `{command}`.") == []


def test_console_output_lines_are_not_commands():
    text = "```console\n$ make test\nmake: *** No rule to make target 'x'\n./scripts/out.sh printed this\n```\n"
    assert [c.describe() for c in extract(text)] == ["make target test"]


def test_duplicates_are_reported_once_at_the_first_place():
    assert brief("See `docs/setup.md`.\nAgain, `docs/setup.md`.") == [("path", "docs/setup.md exists", 1, 6)]


@pytest.mark.parametrize("token, code, expected", [
    ("src/auth.ts", True, ("src/auth.ts", None, None)),
    ("Makefile", True, ("Makefile", None, None)),
    (".github/workflows/ci.yml", False, (".github/workflows/ci.yml", None, None)),
    ("src/", True, ("src/", None, None)),
    ("src/routes/[id].tsx", True, ("src/routes/[id].tsx", None, None)),
    ("Node.js", False, None),
    ("https://x.dev/a.py", False, None),
    ("@types/node", True, None),
    ("lodash/fp", True, None),
    ("path/to/file.py", True, None),
    ("*.py", True, None),
    ("1.2.3", False, None),
    ("auth.jwt", True, None),
])
def test_path_ref(token, code, expected):
    assert path_ref(token, code) == expected


PIECES = ["`", "```", "\n", " ", ".", ":", "/", "src/a.ts", "auth/jwt.py", ":17", "-20", "is defined in", "the",
          "class", "function", "probably", "make test", "npm run build", "$ ", "./x.sh", "cd ..", "&&", "\x1b[2J",
          "..", "~/", "⟦0⟧", "validateToken", "Line 3 of", "#L2-L4", "(", ")", "'", '"', "\t", "é"]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(PIECES) | st.text(max_size=5), max_size=60))
def test_any_text_gives_claims_with_real_positions_and_checks_without_crashing(parts):
    text = "".join(parts)
    claims = extract(text)
    lines = text.split("\n")
    for c in claims:
        assert 1 <= c.line <= len(lines) and c.column >= 1
    for r in check_claims(claims, [LocalTree(ANSWERS.parent / "repo1")]):
        assert r.evidence


def test_long_inputs_stay_linear():
    many = "\n".join(f"See `src/f{i}.py:{i}`." for i in range(3000))
    assert len(extract(many)) == 3000
    assert len(extract("\n\n".join(f"See `a{i}.py:1`:\n\n```py\nx\n```" for i in range(1000)))) == 1000
