"""Chat answers, confusable names and the verifier at their trust boundaries: quiet passes and leaks.

    python benchmarks/trust_text_verify.py                                        # this checkout
    PYTHONPATH=/path/to/older/checkout python benchmarks/trust_text_verify.py    # another version

Each case is one a reader or an attacker could write: an answer that suppresses its own finding, a name
written with HTML entities or inline HTML, an install line after a prompt line, a look-alike or invisible
character in a name (6 names x 8 command and block forms), a claim about a secret-looking or git-ignored
file (6 files x 3 claim forms), a judge named by the project's config, the Stop hook, a FIFO.
Prints, per group, the cases tried and the quiet passes (a name the reader copies that is not checked as
written) or leaks (the secret in a report, a judge's request or the Stop hook's reason; a hung read).
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
import threading
from pathlib import Path

import httpx

from depguard.config import Settings, load_settings
from depguard.parsers import Source
from depguard.scan import collect_text
from depguard.text import mentions_in_text
from depguard.verify.cli import verify_text
from depguard.verify.local import LocalTree
from depguard.verify.stop_hook import handle_stop_event

SECRET = "hunter2-sk-live-0123456789"
CONFUSABLE = ["r\u0435quests", "req\u200buests", "requests\u202e", "\uff52equests", "fl\u03b1sk", "flask\u2010login"]
FORMS = ["pip install {}", "pip install '{}>=2'", "uv add {}", "npm i {}", "npx {}", "python -m pip install {}",
         "```bash\n$ pip install {}\n```", "```requirements.txt\n{}==2.0\n```"]


def names(text: str) -> list[str]:
    return [m.key.name for m in mentions_in_text(Source(path="a.md", text=text))]


def text_cases() -> dict[str, list[bool]]:
    """group -> one bool per case: True when it is a quiet pass."""
    out: dict[str, list[bool]] = {"suppression": [], "entities": [], "prompt lines": [], "confusable names": []}
    for answer in ["```bash\npip install reqeusts  # depguard: ignore\n```\n",
                   "pip install reqeusts <!-- depguard: ignore -->\n",  # depguard: ignore benchmark input
                   "```sh\npip install reqeusts  # depguard: ignore[DG001] trusted\n```\n"]:
        out["suppression"].append(bool(collect_text(answer, "<answer>").suppressed))
    for line, want in [("Run: pip install flask&#x2D;loginzz", "flask-loginzz"),  # depguard: ignore benchmark input
                       ("pip install flask&#45;loginzz", "flask-loginzz"),  # depguard: ignore benchmark input
                       ("pip install flask&hyphen;loginzz", "flask\u2010loginzz"),  # depguard: ignore benchmark input
                       ("<code>pip install req&#x75;estz</code>", "requestz"),  # depguard: ignore benchmark input
                       ("pip install reqe<!-- -->ustz", "reqeustz"),  # depguard: ignore benchmark input
                       ("pip install re<span>qeustz</span>", "reqeustz"),  # depguard: ignore benchmark input
                       ("pip install x1 &amp;&amp; pip install flaskz", "flaskz")]:  # depguard: ignore benchmark input
        out["entities"].append(want not in names(line + "\n"))
    for block, want in [("```bash\n$ cd proj\npip install evil2\n```\n", "evil2"),
                        ("```\n$ cd proj\n\npip install evil3\n```\n", "evil3"),
                        ("```\n$ ls \\\n$ pip install evil4\n```\n", "evil4"),
                        ("```console\n$ echo \"hi\n$ pip install evil5\n```\n", "evil5"),
                        ("```console\n$ cat <<EOF\n$ pip install evil6\n```\n", "evil6"),
                        ("```console\n$ pip install \\\n>   evil7\n```\n", "evil7")]:
        out["prompt lines"].append(want not in names(block))
    for name in CONFUSABLE:
        for form in FORMS:
            got = collect_text(form.format(name) + "\n")
            out["confusable names"].append(not got.mentions and not got.problems)
    return out


def _project() -> Path:
    root = Path(tempfile.mkdtemp()) / "proj"
    root.mkdir()
    (root / ".gitignore").write_text("local-settings.yml\n")
    (root / "app.py").write_text("import os\n\ndef main():\n    return os.environ['API_KEY']\n")
    (root / ".env").write_text(f"API_KEY={SECRET}\n")
    (root / "local-settings.yml").write_text(f"token: {SECRET}\n")
    (root / ".npmrc").write_text(f"//registry.npmjs.org/:_authToken={SECRET}\n")
    (root / ".pypirc").write_text(f"[pypi]\npassword = {SECRET}\n")
    (root / "id_rsa").write_text(f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}\n")
    (root / "notes.txt").symlink_to(".env")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for args in (["init", "-q"], ["add", ".gitignore", "app.py"], ["commit", "-q", "-m", "init"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)
    return root


def verifier_cases() -> dict[str, list[bool]]:
    """group -> one bool per case: True when it leaks (or hangs)."""
    out: dict[str, list[bool]] = {"claims about secret/ignored files": [], "judge named by the project": [],
                                  "Stop hook": [], "FIFO": []}
    root = _project()
    for path in [".env", "local-settings.yml", ".npmrc", ".pypirc", "id_rsa", "notes.txt"]:
        for form in [f"See `{path}:1`.", f"The value is at `{path}:1` (`x = 1`).", f"`{path}` exists."]:
            results, _ = verify_text(form, root, Settings(use_cache=False))
            said = json.dumps([[r.evidence] + [p.evidence + p.context for p in r.positions] for r in results])
            out["claims about secret/ignored files"].append(SECRET in said)
    (root / ".depguard.toml").write_text("".join(
        f"[[verify.judges]]\napi = 'openai'\nurl = 'http://127.0.0.1:9'\nmodel = '{m}'\n" for m in ("gpt-a", "llama-b")))
    bodies: list[str] = []

    def judge(request: httpx.Request) -> httpx.Response:
        bodies.append(request.content.decode())
        verdict = json.dumps({"verdict": "supported", "reason": "x"})
        return httpx.Response(200, json={"choices": [{"message": {"content": verdict}}]})

    verify_text("`app.py:3` defines main.", root, load_settings(root), httpx.MockTransport(judge))
    out["judge named by the project"].append(bool(bodies))
    (root / ".depguard.toml").write_text("[verify]\nstop-hook-claims = true\n")
    event = {"hook_event_name": "Stop", "cwd": str(root), "last_assistant_message": "Your key is on `.env:1`: `API_KEY=abc`."}
    decision = handle_stop_event(event, load_settings(root).with_(offline=True, use_cache=False))
    out["Stop hook"].append(bool(decision) and SECRET in decision["reason"])
    folder = Path(tempfile.mkdtemp())
    os.mkfifo(folder / "pipe.txt")
    done: list = []
    worker = threading.Thread(target=lambda: done.append(LocalTree(folder).read("pipe.txt")), daemon=True)
    worker.start()
    worker.join(10)
    out["FIFO"].append(not done)
    return out


def main() -> None:
    for title, groups, what in (("text", text_cases(), "quiet passes"), ("verifier", verifier_cases(), "leaks")):
        for group, cases in groups.items():
            print(f"{title:8} {group:36} tried {len(cases):3}  {what} {sum(cases)}")
    os._exit(0)  # a FIFO read still blocked in a thread (old code) must not hold the process


if __name__ == "__main__":
    main()
