"""Issue 14: the verifier never quotes secrets or git-ignored files, never feeds a project-chosen judge, and
never blocks on a FIFO; the Stop hook never hands a secret to the model."""

from __future__ import annotations

import json
import os
import subprocess
import threading
from pathlib import Path

import httpx
import pytest

from depguard.config import Settings, load_settings
from depguard.verify import Status
from depguard.verify.cli import verify_text
from depguard.verify.judge import trusted_config
from depguard.verify.local import LocalTree, secret_like
from depguard.verify.stop_hook import handle_stop_event

SECRET = "hunter2-sk-live-0123456789"
JUDGE = {"api": "openai", "url": "http://127.0.0.1:9", "model": "gpt-judge"}
OTHER_JUDGE = {"api": "openai", "url": "http://127.0.0.1:9", "model": "llama-judge"}


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@t"})


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    root.mkdir()
    (root / ".gitignore").write_text("local-settings.yml\n")
    (root / "app.py").write_text("import os\n\ndef main():\n    return os.environ['API_KEY']\n")
    (root / ".env").write_text(f"API_KEY={SECRET}\n")
    (root / "local-settings.yml").write_text(f"token: {SECRET}\n")  # not secret-looking, but ignored by git
    (root / "deploy.pem").write_text(f"-----BEGIN PRIVATE KEY-----\n{SECRET}\n")
    (root / ".npmrc").write_text(f"//registry.npmjs.org/:_authToken={SECRET}\n")
    (root / "notes.txt").symlink_to(".env")  # a tracked-looking name that points at the secret
    _git(root, "init", "-q")
    _git(root, "add", ".gitignore", "app.py")
    _git(root, "commit", "-q", "-m", "init")
    return root


ANSWER = """The key is loaded from `.env:1` (`API_KEY=...`), and the token lives in `local-settings.yml:1`.
npm reads `.npmrc:1`; see also `notes.txt:1`. `app.py:3` defines main.
"""


def _everything(results) -> str:
    return json.dumps([[r.evidence] + [p.evidence + p.context for p in r.positions] for r in results])


def test_claims_never_quote_secret_or_ignored_files(project):
    results, _ = verify_text(ANSWER, project, Settings(use_cache=False))
    assert SECRET not in _everything(results)
    by_path = {r.claim.path: r for r in results}
    assert by_path["app.py"].status is Status.VERIFIED  # ordinary files are still read
    for path in (".env", "local-settings.yml", ".npmrc", "notes.txt"):
        assert by_path[path].status is Status.UNVERIFIED, path
        assert "not read" in by_path[path].evidence


def test_the_user_opts_in_per_path(project, tmp_path, monkeypatch):
    user = tmp_path / "user.toml"
    user.write_text('[verify]\nread-secret-paths = ["local-settings.yml"]\n')
    monkeypatch.setenv("DEPGUARD_USER_CONFIG", str(user))
    results, _ = verify_text(ANSWER, project, load_settings(project))
    by_path = {r.claim.path: r for r in results}
    assert by_path["local-settings.yml"].status is Status.VERIFIED
    assert by_path[".env"].status is Status.UNVERIFIED


def test_a_project_config_cannot_opt_in_to_secrets(project):
    (project / ".depguard.toml").write_text('[verify]\nread-secret-paths = [".env", "*"]\n')
    settings = load_settings(project)
    results, warnings = verify_text(ANSWER, project, settings)
    assert SECRET not in _everything(results)
    assert any("read-secret-paths ignored" in w for w in warnings)


@pytest.mark.parametrize("name", [".env", ".env.production", "prod.env", "id_rsa", "id_ed25519.pub", "server.key",
                                  "cert.pem", "credentials.json", "aws/credentials", ".pypirc", ".netrc",
                                  ".git-credentials", "secrets.yaml", ".ssh/config", ".git/config",
                                  "terraform.tfstate", "keystore.jks"])
def test_secret_looking_names(name):
    assert secret_like(name)


@pytest.mark.parametrize("name", ["app.py", "README.md", "package.json", "environment.yml", "keys.py", "src/envs.py"])
def test_ordinary_names_are_not_secret_looking(name):
    assert not secret_like(name)


class Judges:
    def __init__(self) -> None:
        self.bodies: list[str] = []

    def transport(self) -> httpx.MockTransport:
        def handle(request: httpx.Request) -> httpx.Response:
            self.bodies.append(request.content.decode())
            content = json.dumps({"verdict": "supported", "reason": "ok"})
            return httpx.Response(200, json={"choices": [{"message": {"content": content}}]})

        return httpx.MockTransport(handle)


def test_a_judge_named_by_the_project_receives_nothing(project):
    (project / ".depguard.toml").write_text(
        "[verify]\n" + "".join(f"[[verify.judges]]\napi = '{j['api']}'\nurl = '{j['url']}'\nmodel = '{j['model']}'\n"
                               for j in (JUDGE, OTHER_JUDGE)))
    settings = load_settings(project)
    assert settings.config_file is not None and not settings.config_named_by_user
    assert trusted_config(settings).judges == ()
    judges = Judges()
    results, warnings = verify_text(ANSWER, project, settings, judges.transport())
    assert judges.bodies == []
    assert any("verify.judges ignored" in w for w in warnings)


def test_a_judge_from_the_user_config_is_asked_but_never_sees_secrets(project, tmp_path, monkeypatch):
    user = tmp_path / "user.toml"
    user.write_text("".join(f"[[verify.judges]]\napi = '{j['api']}'\nurl = '{j['url']}'\nmodel = '{j['model']}'\n"
                            for j in (JUDGE, OTHER_JUDGE)))
    monkeypatch.setenv("DEPGUARD_USER_CONFIG", str(user))
    judges = Judges()
    verify_text(ANSWER, project, load_settings(project), judges.transport())
    assert judges.bodies, "the user's judges are asked"
    assert not any(SECRET in b for b in judges.bodies)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_not_read(tmp_path):
    os.mkfifo(tmp_path / "pipe.txt")  # outside a git work tree: nothing says it is ignored
    tree = LocalTree(tmp_path)
    done: list = []
    worker = threading.Thread(target=lambda: done.append(tree.read("pipe.txt")), daemon=True)
    worker.start()
    worker.join(60)  # generous: a blocking open never returns at all
    assert done, "reading a FIFO blocked"
    assert done[0].lines is None and "not a regular file" in (done[0].reason or "")


def test_the_stop_hook_hands_no_secret_to_the_model(project, tmp_path, monkeypatch):
    user = tmp_path / "user.toml"
    user.write_text("[verify]\nstop-hook-claims = true\n")
    monkeypatch.setenv("DEPGUARD_USER_CONFIG", str(user))
    answer = ("Your key is on `.env:1`: `API_KEY=abc`.\nThe token is at `local-settings.yml:1` "
              "(`token: abc`). `app.py:3` reads `def main():`.")
    settings = load_settings(project)
    decision = handle_stop_event({"hook_event_name": "Stop", "cwd": str(project), "last_assistant_message": answer},
                                 settings.with_(offline=True, use_cache=False))
    assert decision is None or SECRET not in decision["reason"]
