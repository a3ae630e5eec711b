"""External judges against a loopback fake endpoint: agree, disagree, down, garbage, timeouts; config checks."""

from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from depguard.errors import ConfigError
from depguard.verify import Status, check_claims
from depguard.verify.claims import extract
from depguard.verify.judge import JudgePanel, family_of, load_config, parse_verdict
from depguard.verify.local import LocalTree

REPO = Path(__file__).parent / "fixtures" / "repo1"
SUPPORTED = '{"verdict": "supported", "reason": "line 18 defines it"}'
UNSUPPORTED = '{"verdict": "unsupported", "reason": "the evidence shows another name"}'
# what each fake model answers: (HTTP status, the model's text or a raw body)
ANSWERS = {
    "gpt-yes": (200, SUPPORTED), "llama-yes": (200, SUPPORTED), "qwen-yes": (200, "```json\n" + SUPPORTED + "\n```"),
    "gpt-no": (200, UNSUPPORTED), "llama-no": (200, UNSUPPORTED),
    "gpt-chatty": (200, "Sure! The claim is supported."), "gpt-extra": (200, '{"verdict": "supported", "score": 1}'),
    "gpt-maybe": (200, '{"verdict": "partially"}'), "gpt-500": (500, SUPPORTED), "gpt-html": (200, None),
    "minicheck-yes": (200, "Yes"), "minicheck-odd": (200, "Probably"), "hang": (200, SUPPORTED),
}


class FakeJudges:
    def __init__(self) -> None:
        self.requests: list[tuple[str, dict, dict]] = []
        self.release = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append((self.path, body, dict(self.headers)))
                model = body["model"]
                if model == "hang":
                    fake.release.wait(10)
                status, text = ANSWERS[model]
                if text is None:
                    payload = b"<html>bad gateway</html>"
                elif self.path == "/v1/chat/completions":
                    payload = json.dumps({"choices": [{"message": {"role": "assistant", "content": text}}]}).encode()
                else:
                    payload = json.dumps({"model": model, "response": text, "done": True}).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(payload)))
                    self.end_headers()
                    self.wfile.write(payload)
                except OSError:
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    server = FakeJudges()
    yield server
    server.close()


def closed_port_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return f"http://127.0.0.1:{port}"


def panel(*judges: tuple[str, str, str], timeout: float = 5) -> JudgePanel:
    config = load_config({"timeout": timeout, "judges": [
        {"api": api, "url": url, "model": model} for api, url, model in judges]}, "pyproject.toml")
    return JudgePanel(config.judges)


def judged(text: str, judges: JudgePanel):
    [r] = check_claims(extract(text), [LocalTree(REPO), judges])
    return r


RIGHT = "`validate_token` is defined in `auth/jwt.py`."
UNPARSED = "`Legacy` is defined in `lib/legacy.go`."


def test_two_judges_of_different_families_agree(fake):
    r = judged(UNPARSED, panel(("openai", fake.url, "gpt-yes"), ("openai", fake.url, "llama-yes")))
    assert r.status is Status.VERIFIED and r.source == "judges"
    assert r.evidence == "gpt-yes: supported (line 18 defines it); llama-yes: supported (line 18 defines it)"
    path, body, headers = fake.requests[0]
    assert path == "/v1/chat/completions" and body["temperature"] == 0
    assert [m["role"] for m in body["messages"]] == ["system", "user"]
    assert "lib/legacy.go:3: func Legacy() string {" in body["messages"][1]["content"]
    assert "`Legacy` is defined in `lib/legacy.go`." in body["messages"][1]["content"]


def test_one_judge_alone_cannot_verify(fake):
    r = judged(UNPARSED, panel(("openai", fake.url, "gpt-yes")))
    assert r.status is Status.UNVERIFIED
    assert r.evidence.endswith("judges: gpt-yes: supported (line 18 defines it); two judges must agree")


def test_a_lone_unsupported_contradicts(fake):
    r = judged(UNPARSED, panel(("openai", fake.url, "gpt-no")))
    assert (r.status, r.evidence) == (Status.CONTRADICTED, "gpt-no: unsupported (the evidence shows another name)")


def test_judges_that_disagree_are_conflicted(fake):
    r = judged(UNPARSED, panel(("openai", fake.url, "gpt-yes"), ("openai", fake.url, "llama-no")))
    assert r.status is Status.CONFLICTED
    assert "gpt-yes: supported" in r.evidence and "llama-no: unsupported" in r.evidence


def test_judges_against_the_local_tree_are_conflicted_with_both_positions(fake):
    r = judged(RIGHT, panel(("openai", fake.url, "gpt-no")))
    assert r.status is Status.CONFLICTED
    assert r.evidence == ("local tree says verified: auth/jwt.py:18: def validate_token(token, secret): / "
                          "judges says contradicted: gpt-no: unsupported (the evidence shows another name)")
    assert [p.source for p in r.positions] == ["local tree", "judges"]


def test_local_verified_and_judges_agree(fake):
    r = judged(RIGHT, panel(("openai", fake.url, "gpt-yes"), ("ollama", fake.url, "llama-yes")))
    assert r.status is Status.VERIFIED and r.source == "local tree, judges"


def test_a_local_contradiction_is_not_sent_to_judges(fake):
    r = judged("`validateToken` is defined in `auth/jwt.py`.", panel(("openai", fake.url, "gpt-yes")))
    assert r.status is Status.CONTRADICTED and fake.requests == []


def test_nothing_read_means_nothing_to_judge(fake):
    r = judged("Open `/etc/nginx/nginx.conf`.", panel(("openai", fake.url, "gpt-yes"), ("openai", fake.url, "llama-yes")))
    assert r.status is Status.UNVERIFIED and fake.requests == []


def test_a_judge_that_is_down_is_absent_never_a_yes(fake):
    r = judged(UNPARSED, panel(("openai", closed_port_url(), "gpt-yes"), ("openai", fake.url, "llama-yes")))
    assert r.status is Status.UNVERIFIED
    assert "gpt-yes: absent (unreachable (ConnectError))" in r.evidence and "two judges must agree" in r.evidence


@pytest.mark.parametrize("model, why", [
    ("gpt-chatty", "answer is not the strict JSON verdict"),
    ("gpt-extra", "answer is not the strict JSON verdict"),
    ("gpt-maybe", "answer is not the strict JSON verdict"),
    ("gpt-500", "HTTP 500"),
    ("gpt-html", "answer is not a chat completion"),
])
def test_garbage_counts_as_absent(fake, model, why):
    r = judged(UNPARSED, panel(("openai", fake.url, model), ("openai", fake.url, "llama-yes")))
    assert r.status is Status.UNVERIFIED
    assert f"{model}: absent ({why})" in r.evidence


def test_a_judge_that_times_out_is_absent(fake):
    r = judged(UNPARSED, panel(("openai", fake.url, "hang"), ("openai", fake.url, "llama-yes"), timeout=0.3))
    assert r.status is Status.UNVERIFIED and "hang: absent (timed out after 0.3s)" in r.evidence


def test_ollama_and_minicheck_forms(fake):
    r = judged(UNPARSED, panel(("ollama", fake.url, "qwen-yes"), ("minicheck", fake.url, "minicheck-yes")))
    assert r.status is Status.VERIFIED
    by_model = {body["model"]: (path, body) for path, body, _ in fake.requests}
    path, body = by_model["qwen-yes"]
    assert (path, body["stream"], body["format"]) == ("/api/generate", False, "json")
    path, body = by_model["minicheck-yes"]
    assert path == "/api/generate" and body["stream"] is False and "format" not in body
    assert body["prompt"].startswith("Document: ") and "\nClaim: " in body["prompt"]
    r = judged(UNPARSED, panel(("minicheck", fake.url, "minicheck-odd")))
    assert "minicheck-odd: absent (answer is neither Yes nor No)" in r.evidence


def test_api_key_comes_from_the_named_variable(fake, monkeypatch):
    monkeypatch.setenv("JUDGE_KEY_FOR_TEST", "sk-test")
    config = load_config({"judges": [{"api": "openai", "url": fake.url + "/v1", "model": "gpt-yes",
                                      "api-key-env": "JUDGE_KEY_FOR_TEST"}]}, "x.toml")
    judged(UNPARSED, JudgePanel(config.judges))
    assert fake.requests[0][0] == "/v1/chat/completions"
    assert fake.requests[0][2]["Authorization"] == "Bearer sk-test"


@pytest.mark.parametrize("data, message", [
    ({"judges": [{"api": "openai", "url": "http://x"}]}, "pyproject.toml: verify.judges[0]: missing model"),
    ({"judges": [{"api": "bard", "url": "http://x", "model": "m"}]}, "pyproject.toml: verify.judges[0].api: expected one of"),
    ({"judges": [{"api": "openai", "url": "ftp://x", "model": "m"}]}, "pyproject.toml: verify.judges[0].url: expected an http(s) URL"),
    ({"judges": [{"api": "openai", "url": "http://x", "model": "m", "key": "sk"}]}, "pyproject.toml: verify.judges[0].key: unknown setting"),
    ({"judges": [{"api": "openai", "url": "http://x", "model": "m", "api-key-env": "sk-123"}]},
     "pyproject.toml: verify.judges[0].api-key-env: expected the name of an environment variable"),
    ({"judges": {"api": "openai"}}, "pyproject.toml: verify.judges: expected an array of tables"),
    ({"timeout": 0}, "pyproject.toml: verify.timeout: expected a positive number"),
    ({"stop-hook-claims": "yes"}, "pyproject.toml: verify.stop-hook-claims: expected true or false"),
    ({"judge": []}, "pyproject.toml: verify.judge: unknown setting"),
])
def test_config_errors_name_the_file_and_key(data, message):
    with pytest.raises(ConfigError) as exc:
        load_config(data, "pyproject.toml")
    assert str(exc.value).startswith(message)


def test_same_family_judges_are_warned_about():
    config = load_config({"judges": [{"api": "openai", "url": "http://a", "model": "gpt-4o-mini"},
                                     {"api": "openai", "url": "http://b", "model": "openai/gpt-4.1"},
                                     {"api": "ollama", "url": "http://c", "model": "llama3.1:8b"}]}, "pyproject.toml")
    assert config.warnings == ("pyproject.toml: verify.judges gpt-4o-mini, openai/gpt-4.1 share the model family 'gpt'; "
                               "judges that agree should come from different families",)
    assert [family_of(m) for m in ("qwen2.5-7b", "bespoke-minicheck", "Claude-3")] == ["qwen", "bespoke", "claude"]


def test_config_key_reaches_the_verifier_through_settings(tmp_path):
    from depguard.config import load_settings

    cfg = tmp_path / ".depguard.toml"
    cfg.write_text('[verify]\nstop-hook-claims = true\n[[verify.judges]]\napi = "ollama"\nurl = "http://127.0.0.1:11434"\n'
                   'model = "bespoke-minicheck"\n')
    settings = load_settings(config_file=cfg, environ={})
    config = load_config(settings.verify, str(settings.config_file))
    assert config.stop_hook_claims and config.judges[0].family == "bespoke"


@pytest.mark.parametrize("text, expected", [
    (SUPPORTED, ("supported", "line 18 defines it")),
    ('{"verdict": "Unsupported"}', ("unsupported", "")),
    ("```json\n{\"verdict\": \"supported\"}\n```", ("supported", "")),
    ("supported", None), ("", None), ("[1]", None), ('{"verdict": true}', None), ('{"verdict": "supported"} trailing', None),
])
def test_parse_verdict(text, expected):
    assert parse_verdict(text) == expected
