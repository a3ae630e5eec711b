"""The local tree source: verdicts with their evidence for right, off-by-a-line, renamed and missing claims,
and the tree's walls (no '..', no absolute paths outside, no symlinks out, size and binary limits)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from depguard.verify import Claim, Kind, Status, check_claims
from depguard.verify.claims import extract
from depguard.verify.local import LocalTree

HERE = Path(__file__).parent / "fixtures"
REPO = HERE / "repo1"


def verdicts(name: str, root: Path = REPO) -> list[tuple[int, str, str, str]]:
    text = (HERE / "answers" / f"{name}.md").read_text()
    return [(r.claim.line, r.claim.describe(), r.status.value, r.evidence)
            for r in check_claims(extract(text), [LocalTree(root)])]


def one(text: str, root: Path = REPO):
    [r] = check_claims(extract(text), [LocalTree(root)])
    return r.status.value, r.evidence


def test_right_answer_is_verified_with_the_supporting_lines():
    assert verdicts("right") == [
        (1, "validate_token defined in auth/jwt.py", "verified", "auth/jwt.py:18: def validate_token(token, secret):"),
        (2, "docs/setup.md exists", "verified", "docs/setup.md exists (3 lines): docs/setup.md:1: # Setup"),
        (2, "class UserService defined in src/user.ts", "verified", "src/user.ts:6: export class UserService {"),
        (4, "auth/jwt.py:21 reads return hmac.compare_digest(token, secret)", "verified",
         "auth/jwt.py:21: return hmac.compare_digest(token, secret)"),
        (10, "./scripts/deploy.sh exists", "verified", "scripts/deploy.sh exists (2 lines): scripts/deploy.sh:1: #!/bin/sh"),
        (10, "make target test", "verified", "Makefile:5: test: build"),
        (10, "npm script build", "verified", 'package.json:5: "build": "tsc -p .",'),
    ]


def test_off_by_a_line_is_contradicted_with_the_real_line():
    assert verdicts("off_by_one") == [
        (1, "auth/jwt.py:17 holds validate_token", "contradicted",
         "validate_token is defined at line 18, not 17: auth/jwt.py:18: def validate_token(token, secret):"),
        (7, "src/auth.ts:9 holds handleLogin", "contradicted",
         "handleLogin is defined at line 3, not 9: src/auth.ts:3: export function handleLogin(req: { name: string }) {"),
    ]


def test_renamed_symbols_and_targets_name_the_closest_real_match():
    assert verdicts("renamed") == [
        (1, "validateToken defined in auth/jwt.py", "contradicted",
         "auth/jwt.py defines no validateToken; closest: validate_token at auth/jwt.py:18: def validate_token(token, secret):"),
        (2, "method UserService.fetchUser defined in src/user.ts", "contradicted",
         "src/user.ts defines no UserService.fetchUser; closest: UserService.getUser at src/user.ts:7: getUser(id: string): User {"),
        (3, "make target tests", "contradicted", "Makefile has no tests target; closest: test (targets: build, lint, test)"),
    ]


def test_missing_files_and_scripts_are_contradicted_with_the_closest_path():
    assert verdicts("missing") == [
        (1, "src/handlers/auth.ts:42 exists", "contradicted", "src/handlers/auth.ts does not exist; closest: src/auth.ts"),
        (2, "docs/config.md exists", "contradicted", "docs/config.md does not exist; closest: docs/setup.md"),
        (3, "./scripts/release.sh exists", "contradicted", "scripts/release.sh does not exist; closest: scripts/deploy.sh"),
        (3, "npm script deploy", "contradicted", "package.json has no deploy script (scripts: build, test, lint)"),
    ]


@pytest.mark.parametrize("name, text, status, evidence", [
    ("line past the end", "See `src/auth.ts:42`.", "contradicted", "src/auth.ts has 10 lines; line 42 does not exist"),
    ("bare reference quotes the line", "See `src/auth.ts:3`.", "verified",
     "src/auth.ts:3: export function handleLogin(req: { name: string }) {"),
    ("quote elsewhere in the file", "`auth/jwt.py:20` reads `return hmac.compare_digest(token, secret)`.", "contradicted",
     "the quoted code is at line 21, not 20: auth/jwt.py:21: return hmac.compare_digest(token, secret)"),
    ("quote nowhere", "`auth/jwt.py:21` reads `return jwt.decode(token)`.", "contradicted",
     "the quoted code is not in auth/jwt.py; line 21 reads auth/jwt.py:21: return hmac.compare_digest(token, secret)"),
    ("identifier used in the range", "In `src/auth.ts:3-5` the handler calls `makeUser`.", "verified",
     "src/auth.ts:4: const user = makeUser(req.name);"),
    ("identifier outside the range", "In `src/auth.ts:8-10` the handler calls `makeUser`.", "contradicted",
     "makeUser is not in lines 8-10; it appears at src/auth.ts:1: import { makeUser } from \"./user\";"),
    ("class is a function", "The `makeUser` class in `src/user.ts` builds users.", "contradicted",
     "makeUser is a function, not a class: src/user.ts:16: export const makeUser = (name: string): User => ({ id: name, name });"),
    ("arrow field method", "The `UserService.removeUser` method is defined in `src/user.ts`.", "verified",
     "src/user.ts:11: removeUser = (id: string): void => {"),
    ("defined in another file", "`handleLogin` is defined in `src/user.ts`.", "contradicted",
     "src/user.ts defines no handleLogin; handleLogin is defined at src/auth.ts:3: export function handleLogin(req: { name: string }) {"),
    ("unsupported language", "`Legacy` is defined in `lib/legacy.go`.", "unverified",
     "local tree: no definition parser for go files; the name appears at lib/legacy.go:3: func Legacy() string {"),
    ("folder", "Handlers go under `src/`.", "verified", "src/ exists (folder)"),
    ("file said to be a folder", "Look in `docs/setup.md/`.", "contradicted", "docs/setup.md is a file, not a folder"),
    ("path given below a subfolder", "Open `user.ts`.", "verified", "src/user.ts exists (20 lines) (found as src/user.ts): src/user.ts:1: export interface User {"),
    ("case matters", "Open `Docs/Setup.md`.", "contradicted", "Docs/Setup.md does not exist; closest: docs/setup.md"),
    ("make without target", "Run `make`.", "verified", "Makefile exists"),
    ("make with no makefile there", "Run `make -C web deploy`.", "contradicted", "no Makefile in web; Makefiles elsewhere: Makefile"),
    ("target of another folder's makefile", "Run `make -C web build`.", "unverified",
     "local tree: no Makefile in web; Makefile has a build target"),
    ("pattern rules are not targets", "Run `make %.o`.", None, None),
    ("script in a nested package", "Run `npm run dev`.", "contradicted", "package.json has no dev script (scripts: build, test, lint)"),
    ("script of another folder", "Run `cd docs && npm run dev`.", "unverified",
     "local tree: no package.json in docs; web/package.json has a dev script"),
    ("cd into the right folder", "Run `cd web && npm run dev`.", "verified", 'web/package.json:4: "dev": "vite"'),
    ("yarn binary of a dependency", "Run `yarn eslint`.", "unverified",
     "local tree: package.json has no eslint script, but yarn may run the eslint binary of a dependency"),
    ("npm lifecycle", "Run `npm test`.", "verified", 'package.json:6: "test": "vitest run",'),
    ("interpreter script", "Run `bash scripts/deploy.sh`.", "verified", "scripts/deploy.sh exists (2 lines): scripts/deploy.sh:1: #!/bin/sh"),
])
def test_single_claims(name, text, status, evidence):
    claims = extract(text)
    if status is None:
        assert claims == []
        return
    assert one(text) == (status, evidence)


@pytest.mark.parametrize("text, why", [
    ("Open `../../../etc/passwd`.", "../../../etc/passwd climbs out of the tree with '..'; not read"),
    ("Open `/etc/nginx/nginx.conf`.", "/etc/nginx/nginx.conf is outside the tree (repo1); not read"),
    ("Open `~/.bashrc`.", "~/.bashrc is in a home directory, outside the tree; not read"),
    ("Run `../outside.sh`.", "../outside.sh climbs out of the tree with '..'; not read"),
])
def test_nothing_outside_the_root_is_read(text, why):
    assert one(text) == ("unverified", f"local tree: {why}")


def test_absolute_path_inside_the_root_is_resolved():
    assert one(f"Open `{REPO.resolve() / 'docs' / 'setup.md'}`.")[0] == "verified"


def test_symlink_out_of_the_root_is_not_followed(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("def leaked():\n    pass\n")
    root = tmp_path / "root"
    root.mkdir()
    os.symlink(outside, root / "link")
    os.symlink(outside / "secret.py", root / "file.py")
    assert one("`leaked` is defined in `link/secret.py`.", root) == \
        ("unverified", "local tree: link/secret.py is a symbolic link out of the tree; not followed")
    assert one("Open `file.py`.", root) == ("unverified", "local tree: file.py is a symbolic link out of the tree; not followed")


def test_symlink_inside_the_root_is_fine(tmp_path):
    (tmp_path / "real.py").write_text("def ok():\n    pass\n")
    os.symlink(tmp_path / "real.py", tmp_path / "alias.py")
    assert one("`ok` is defined in `alias.py`.", tmp_path) == ("verified", "alias.py:1: def ok():")


def test_size_and_binary_limits(tmp_path):
    (tmp_path / "big.py").write_text("x = 1\n" * 100)
    (tmp_path / "blob.py").write_bytes(b"def f():\0\n")
    tree = LocalTree(tmp_path, max_file_bytes=50)
    [big, blob] = check_claims(extract("`f` is defined in `big.py`. `f` is defined in `blob.py`."), [tree])
    assert (big.status, big.evidence) == (Status.UNVERIFIED, "local tree: big.py is larger than the 50-byte limit; not read")
    assert (blob.status, blob.evidence) == (Status.UNVERIFIED, "local tree: blob.py is a binary file; not read")


def test_outside_a_git_tree_the_folder_is_walked(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "mod.py").write_text("class Thing:\n    pass\n")
    (tmp_path / "node_modules").mkdir()
    (tmp_path / "node_modules" / "mod.py").write_text("")
    tree = LocalTree(tmp_path)
    assert tree.files() == ["pkg/mod.py"]
    assert one("Open `mod.py`.", tmp_path)[1].startswith("pkg/mod.py exists (2 lines) (found as pkg/mod.py)")


def test_make_include_and_computed_targets(tmp_path):
    (tmp_path / "Makefile").write_text("include rules.mk\n$(BIN): main.o\n\tcc -o $@ $^\n")
    (tmp_path / "rules.mk").write_text("check:\n\techo ok\n")
    assert one("Run `make check`.", tmp_path) == ("verified", "rules.mk:1: check:")
    assert one("Run `make deploy`.", tmp_path) == \
        ("unverified", "local tree: Makefile has no literal deploy rule, but it has computed targets ($(BIN))")


def test_claim_source_protocol_gets_earlier_positions():
    seen = []

    class Recorder:
        name = "recorder"

        def check(self, claim, so_far):
            seen.append([p.source for p in so_far])
            return None

    claim = Claim(Kind.PATH, "docs/setup.md", 1, 1, "See docs/setup.md.", path="docs/setup.md")
    [r] = check_claims([claim], [LocalTree(REPO), Recorder()])
    assert seen == [["local tree"]] and r.status is Status.VERIFIED and r.source == "local tree"
