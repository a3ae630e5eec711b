"""The command line as a new user meets it: one row per case (name, argv, where it runs, environment), each
run as a real ``depguard`` process and compared with a snapshot of its exit code, standard output and
standard error (``snapshots/<name>.txt``), with the temporary folder, the registry's address and the times
of answers redacted. Terminal cases run under a pseudo-terminal of 80 or 100 columns.

Registry traffic goes to the loopback fake registry (PyPI and npm; tests/integrations/fake_registry.py);
every other registry is pointed at a closed loopback port, so nothing leaves the machine. A completion case
shows what bash offers when TAB is pressed after the words it names (the script sourced, ``_depguard`` called
as bash calls it).

Run with ``DEPGUARD_UPDATE_GOLDENS=1`` (or ``DEPGUARD_UPDATE_SNAPSHOTS=1``) to rewrite the snapshots after an
intended change, and read the diff (tests/goldens.py: the redaction and the comparison).
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import struct
import subprocess
import sys
import termios
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.goldens import assert_golden, redact
from tests.integrations.fake_registry import FakeRegistry

pytestmark = pytest.mark.slow  # one depguard process a case (about 1-3 s each; 80 s for the table)

HERE = Path(__file__).resolve().parent
PROJECT = HERE / "fixtures" / "project"
SNAPSHOTS = HERE / "snapshots"
KNOWN = ("requests", "flask", "django", "lodash", "@types/node")
CLOSED = "http://127.0.0.1:9"  # the discard port: nothing listens, a connection is refused at once
SILENT = "{silent}"  # in a case's env: a loopback registry that takes the connection and never answers
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


@dataclass(frozen=True)
class Case:
    name: str
    argv: tuple[str, ...]
    code: int
    cwd: str = "."  # below the copied project
    env: dict = field(default_factory=dict)
    columns: int | None = None  # run under a pseudo-terminal this wide
    existing: str | None = None  # a .depguard.toml already there with this text
    files: tuple = ()  # (path, text) written into the project first
    complete: tuple[str, ...] | None = None  # words typed after "depguard": stdout shows what bash completes


# a crate whose registry (crates.io) is down: a closed loopback port
CRATE = ("crate/Cargo.toml", '[package]\nname = "x"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\ntokio = "1"\n'
                             'rand = "0.8"\n')
# an LLM answer naming a missing PyPI name, known PyPI and npm names and a crate of a registry that is down
ANSWER = ("answer.md", "Set it up:\n\n```bash\npip install reqeusts flask\nnpm install lodash\ncargo add serde\n```\n")


CASES = [
    # 1. specs as people paste them; the verdict of every name; the ecosystem assumed for an ambiguous name
    Case("check_specs_as_pasted", ("check", "requests==2.31.0", "flask[async]>=3", "'django>=4,<5'",
                                   "@types/node@^20", "npm:lodash@4"), 0),
    Case("check_npm_spec_with_ecosystem_flag", ("check", "-e", "npm", "lodash@4.17.21"), 0),
    Case("check_name_at_range_is_npm", ("check", "lodash@4.17.21"), 0),
    Case("check_cargo_spec_reads_the_crate_name", ("check", "cargo:serde@1.0", "--format", "json"), 3),
    Case("check_prints_each_verdict_and_the_assumed_ecosystem", ("check", "reqeusts", "flask"), 1),
    Case("check_go_module_path_is_go", ("check", "github.com/BurntSushi/toml@v1.2.1"), 3),
    Case("check_maven_coordinates_with_version", ("check", "org.slf4j:slf4j-api:2.0.9+build1"), 3),
    Case("check_invalid_name_stays_invalid", ("check", "-e", "npm", "Not A Name"), 1),
    Case("check_unknown_ecosystem_is_a_usage_error", ("check", "foo:bar"), 2),
    Case("check_npm_alias_checks_the_package_it_installs", ("check", "my-lodash@npm:lodash@4"), 0),
    Case("check_a_url_is_no_package_name", ("check", "requests @ https://files.example/requests-2.31.0.whl"), 2),
    # 2. the format of a file does not depend on the folder the scan started from
    Case("scan_dot_github", ("scan", ".github"), 1),
    Case("scan_github_workflows", ("scan", ".github/workflows"), 1),
    Case("scan_one_workflow_from_its_folder", ("scan", "ci.yml"), 1, cwd=".github/workflows"),
    Case("scan_one_workflow_by_its_path", ("scan", ".github/workflows/ci.yml"), 1),
    Case("scan_that_reads_no_file_says_so", ("scan", "docs"), 0),
    Case("scan_of_a_file_it_does_not_read_says_so", ("scan", "docs/notes.bin"), 0),
    # 3. flags
    Case("quiet_clean_prints_nothing", ("check", "--quiet", "flask"), 0),
    Case("quiet_prints_only_findings", ("check", "-q", "reqeusts", "flask"), 1),
    Case("quiet_clean_scan_prints_nothing", ("scan", "-q", "clean"), 0,
         files=(("clean/requirements.txt", "flask>=3\nrequests==2.31.0\n"),)),
    Case("quiet_still_shows_what_could_not_be_checked", ("check", "-q", "cargo:serde", "flask"), 3),
    Case("fail_on_none_reports_and_exits_0", ("scan", "--fail-on", "none", "."), 0),
    Case("fail_on_none_still_exits_3_when_not_checked", ("check", "--fail-on", "none", "reqeusts", "cargo:serde"), 3),
    Case("allow_on_the_command_line", ("scan", "--allow", "pypi:reqeu*", "."), 0),
    Case("allow_for_another_ecosystem_does_not_apply", ("scan", "-q", "--allow", "npm:reqeusts", "requirements.txt"), 1),
    Case("allow_without_a_name_is_a_usage_error", ("scan", "--allow", "npm:", "."), 2),
    Case("ignore_on_the_command_line", ("scan", "--ignore", "services/**", "--ignore", ".github/**", "."), 1),
    Case("output_to_a_file", ("scan", "--output", "report.txt", "requirements.txt"), 1),
    Case("output_never_through_a_symlink", ("scan", "--output", "link.txt", "requirements.txt"), 2),
    # 4. the table fits the terminal; NO_COLOR and --no-color change nothing but colour
    Case("table_80_columns", ("scan", "--no-progress", "."), 1, columns=80),
    Case("table_100_columns", ("scan", "--no-progress", "."), 1, columns=100),
    Case("table_80_columns_no_color_env", ("scan", "--no-progress", "."), 1, env={"NO_COLOR": "1"}, columns=80),
    Case("table_80_columns_no_color_flag", ("scan", "--no-progress", "--no-color", "."), 1, columns=80),
    Case("check_80_columns", ("check", "reqeusts", "requests==2.31.0", "@types/node@^20"), 1, columns=80),
    # a registry that does not answer is one group: which registry, where, why, which names
    Case("registry_outage_is_one_group", ("scan", "--no-progress", "crate"), 3, columns=80, files=(CRATE,)),
    Case("registry_outage_piped_is_one_line", ("scan", "crate"), 3, files=(CRATE,)),
    # a registry that never answers: said early on standard error, then the deadline ends the lookups
    Case("deadline_ends_a_registry_that_never_answers", ("scan", "--deadline", "7", "requirements.txt"), 3,
         env={"DEPGUARD_REGISTRY_PYPI": SILENT}),
    # the text and annotate views of one answer (test_text_and_annotate_views_agree compares their counts)
    Case("text_answer", ("text", "answer.md"), 1, files=(ANSWER,)),
    Case("text_answer_annotated", ("text", "--annotate", "answer.md"), 1, files=(ANSWER,)),
    Case("text_answer_80_columns", ("text", "answer.md"), 1, files=(ANSWER,), columns=80),
    # 5. init: a starter config (never overwritten without --force) and the snippets
    Case("init_writes_a_starter_config_and_prints_snippets", ("init",), 0),
    Case("init_never_overwrites_a_config", ("init", "--no-snippets"), 2, existing="fail-on = \"missing\"\n"),
    Case("init_force_replaces_it", ("init", "--no-snippets", "--force"), 0, existing="fail-on = \"missing\"\n"),
    # 6. shell completion, and the version (redacted)
    Case("completion_of_a_sub_command", ("completion", "bash"), 0, complete=("sc",)),
    Case("completion_of_an_option", ("completion", "bash"), 0, complete=("scan", "--no-c")),
    Case("completion_of_fail_on_values", ("completion", "bash"), 0, complete=("check", "--fail-on", "")),
    Case("completion_for_an_unknown_shell", ("completion", "tcsh"), 2),
    Case("version", ("--version",), 0),
]


@pytest.fixture(scope="module")
def registry():
    with FakeRegistry(KNOWN) as reg:
        yield reg


@pytest.fixture(scope="module")
def silent():
    """The address of a loopback registry that accepts connections (the kernel completes them) and never
    reads or answers a request."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen(64)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"


def _env(registry: FakeRegistry, extra: dict) -> dict:
    from depguard.ecosystems import catalog
    from depguard.registries.endpoints import defaults, env_var

    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DEPGUARD_REGISTRY_", "COLUMNS", "LINES")) and k.lower() not in
           ("http_proxy", "https_proxy", "all_proxy")}
    for key in (*defaults(), *catalog().ids()):
        env[env_var(key)] = CLOSED
    env.update(DEPGUARD_REGISTRY_PYPI=registry.url, DEPGUARD_REGISTRY_NPM=registry.url, DEPGUARD_SERVER="0",
               NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost", PYTHONIOENCODING="utf-8")
    env.update(extra)
    return env


def _run(argv: list[str], env: dict, cwd: Path, columns: int | None) -> tuple[int, str, str]:
    cmd = [sys.executable, "-m", "depguard.cli", *argv]
    if columns is None:
        p = subprocess.run(cmd, capture_output=True, env=env, cwd=cwd, timeout=120, stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout.decode(), p.stderr.decode()
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=slave, stderr=subprocess.PIPE, env=env, cwd=cwd)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    err = proc.stderr.read()
    proc.stderr.close()
    code = proc.wait(timeout=120)
    return code, b"".join(chunks).decode().replace("\r\n", "\n"), err.decode()


def _redact(text: str, tmp: Path, registry: FakeRegistry, silent: str | None = None) -> str:
    from depguard.cli_commands.init import _install_source

    text = text.replace(_install_source(), "[HOW DEPGUARD WAS INSTALLED]")
    replacements = {str(tmp.resolve()): "[TMP]", str(tmp): "[TMP]", registry.url: "[REGISTRY]", CLOSED: "[CLOSED]"}
    if silent:
        replacements[silent] = "[SILENT]"
    text = redact(text, replacements, durations=False)
    # said of the fake registry only when it is slower than depguard's early notice (a busy machine): a time, too
    text = re.sub(r"(?m)^depguard: .* \(\[REGISTRY\]\) has not answered for \S+?s\b.*\n", "", text)
    return redact(text)


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    shutil.copytree(PROJECT, root)
    (root / "docs").mkdir()
    (root / "docs" / "notes.bin").write_bytes(b"\x00\x01")
    (root / "link.txt").symlink_to(tmp_path / "elsewhere.txt")
    return root


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_cli(case: Case, registry, silent, tmp_path):
    root = _project(tmp_path)
    for path, text in case.files:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    if case.existing is not None:
        (root / ".depguard.toml").write_text(case.existing)
    env = _env(registry, {k: v.replace(SILENT, silent) for k, v in case.env.items()})
    code, out, err = _run(list(case.argv), env, root / case.cwd, case.columns)
    heading = "stdout"
    if case.complete is not None:
        if shutil.which("bash") is None:
            pytest.skip("bash is not installed")
        from tests.cli.test_completion import _complete

        heading = f"what bash offers for 'depguard {' '.join(case.complete)}<TAB>'"
        out = "".join(f"{word}\n" for word in _complete(out, *case.complete))
    shown = (f"$ depguard {' '.join(case.argv)}\nexit code: {code}\n--- {heading}\n"
             f"{_redact(out, tmp_path, registry, silent)}--- stderr\n{_redact(err, tmp_path, registry, silent)}")
    assert_golden(SNAPSHOTS / f"{case.name}.txt", shown)
    assert code == case.code
    if case.columns:
        assert all(len(ANSI.sub("", line)) <= case.columns for line in out.splitlines()), out
    if case.name.startswith("output_"):
        assert not (tmp_path / "elsewhere.txt").exists()  # never written through the link
    if case.name.startswith("init_"):
        from depguard.config import load_settings

        written = (root / ".depguard.toml").read_text()
        assert (written == case.existing) == (code == 2)
        if code == 0:
            settings = load_settings(root, config_file=root / ".depguard.toml")  # what init writes is valid
            assert settings.fail_on.value == "suspicious" and "pypi = []" in written
    if case.name == "init_writes_a_starter_config_and_prints_snippets":  # the snippets paste as they are
        import json

        import yaml

        pre_commit, workflow, claude = out.split("\n\n")
        assert yaml.safe_load(pre_commit)["repos"][0]["hooks"][0]["entry"] == "depguard hook pre-commit"
        assert "depguard scan --diff" in str(yaml.safe_load(workflow)["jobs"])
        assert json.loads(claude.split("\n", 1)[1])["hooks"]["PreToolUse"]
    if case.name == "output_to_a_file":
        assert "reqeusts" in (root / "report.txt").read_text() and out == ""


def test_no_color_changes_nothing_but_colour(registry, tmp_path):
    """The 80-column table with colour, under NO_COLOR and with --no-color: the same text once the colour
    codes are taken out, and the two plain ones carry no escape sequence at all."""
    root = _project(tmp_path)
    argv = ["scan", "--no-progress", "."]
    _, coloured, _ = _run(argv, _env(registry, {}), root, 80)
    _, no_color_env, _ = _run(argv, _env(registry, {"NO_COLOR": "1"}), root, 80)
    _, no_color_flag, _ = _run([*argv, "--no-color"], _env(registry, {}), root, 80)
    assert "\x1b[" in coloured
    assert "\x1b" not in no_color_env and "\x1b" not in no_color_flag
    assert ANSI.sub("", coloured) == no_color_env == no_color_flag


def test_the_did_you_mean_survives_a_narrow_terminal(registry, tmp_path):
    root = _project(tmp_path)
    for columns in (40, 60, 80, 100):
        _, out, _ = _run(["check", "reqeusts"], _env(registry, {"NO_COLOR": "1"}), root, columns)
        assert "requests" in out.replace("\n", " ").replace("  ", " ")
        assert all(len(line) <= columns for line in out.splitlines())


def test_every_snapshot_has_its_case():
    """A snapshot whose case was renamed or removed would stay behind unread."""
    assert sorted({p.stem for p in SNAPSHOTS.glob("*.txt")} - {c.name for c in CASES}) == []


def test_text_and_annotate_views_agree(registry, tmp_path):
    """The same answer checked twice, as a table and annotated: the same counts, in the same unit (packages),
    and the same verdict for each flagged name."""
    root = _project(tmp_path)
    (root / ANSWER[0]).write_text(ANSWER[1])
    env = _env(registry, {})
    _, table, _ = _run(["text", ANSWER[0]], env, root, None)
    _, annotated, _ = _run(["text", "--annotate", ANSWER[0]], env, root, None)
    summary = table.splitlines()[-1]
    footer = annotated.rstrip("\n").splitlines()[-1]
    counts = re.compile(r"(\d+) (packages? checked|missing|suspicious|invalid|not checked|allowed)")

    def nonzero(line: str) -> dict:
        return {what: int(n) for n, what in counts.findall(line) if int(n)}

    assert summary.startswith("depguard: ") and footer.startswith("[depguard: ")
    assert nonzero(summary) == nonzero(footer) == {"packages checked": 4, "missing": 1, "not checked": 1}
    for name, verdict in (("reqeusts", "missing"), ("serde", "not-checked")):
        row = next(line for line in table.splitlines() if f"  {name}  " in line)
        assert f"  {verdict}  " in row
        assert f"{name} [depguard: {verdict.replace('-', ' ')}" in annotated
