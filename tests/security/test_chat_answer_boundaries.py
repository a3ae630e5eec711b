"""Issue 14: a chat answer cannot hide its own installs (suppression markers, HTML entities, prompt lines)."""

from __future__ import annotations

import pytest

from depguard.config import Settings
from depguard.model import Verdict
from depguard.parsers import Source
from depguard.scan import collect_paths, collect_text, judge_all
from depguard.text import mentions_in_text


def names(text: str) -> list[tuple[str, int, int]]:
    return [(m.key.name, m.location.line, m.location.column) for m in mentions_in_text(Source(path="a.md", text=text))]


@pytest.mark.parametrize("answer", [
    "```bash\npip install reqeusts  # depguard: ignore\n```\n",
    "pip install reqeusts <!-- depguard: ignore -->\n",
    "```sh\npip install reqeusts  # depguard: ignore[DG001] trusted\n```\n",
])
def test_text_under_judgement_cannot_suppress_its_own_findings(answer):
    collected = collect_text(answer, "<answer>")
    assert [m.key.name for m in collected.mentions] == ["reqeusts"]
    assert collected.suppressed == {}
    report = judge_all(collected, {}, Settings(use_cache=False))
    assert [f.verdict for f in report.findings] == [Verdict.NOT_CHECKED]  # judged, not "allowed"


def test_the_users_own_files_keep_inline_suppression(tmp_path):
    (tmp_path / "requirements.txt").write_text("reqeusts  # depguard: ignore\n")
    collected = collect_paths([tmp_path], Settings(use_cache=False))
    assert list(collected.suppressed) == [0]


@pytest.mark.parametrize("line, expected", [
    ("Run: pip install flask&#x2D;loginzz", ("flask-loginzz", 1, 18)),
    ("pip install flask&#45;loginzz", ("flask-loginzz", 1, 13)),
    ("pip install flask&hyphen;loginzz", ("flask\u2010loginzz", 1, 13)),  # U+2010: a confusable, see below
    ("<code>pip install req&#x75;estz</code>", ("requestz", 1, 19)),
    ("pip install reqe<!-- -->ustz", ("reqeustz", 1, 13)),
    ("pip install re<span>qeustz</span>", ("reqeustz", 1, 13)),
    ("pip install x1 &amp;&amp; pip install flaskz", ("flaskz", 1, 39)),
])
def test_names_are_read_as_the_reader_sees_them(line, expected):
    assert expected in names(line + "\n")


def test_a_line_break_tag_between_code_spans_separates_them():
    # joplin's readme/install.md table cell (held-out spot set 104): `... npm install -g joplin`<br/>`sudo ln -s ...`
    # read as one span `joplin``sudo` named "joplinsudo"; a break renders as a break. An inline tag still joins
    cell = ("macOS | 1. <br/>`NPM_CONFIG_PREFIX=~/.joplin-bin npm install -g joplin`<br/>"
            "`sudo ln -s ~/.joplin-bin/bin/joplin /usr/local/bin/joplin`<br><br>3. Enter\n")
    assert [n for n, *_ in names(cell)] == ["joplin"]
    assert [n for n, *_ in names("`npm i -g leftpadzz`<BR>`npx leftpadzz-cli`\n")] == ["leftpadzz", "leftpadzz-cli"]
    assert [n for n, *_ in names("pip install re<b></b>qeustz\n")] == ["reqeustz"]

def test_code_spans_and_blocks_show_entities_literally():
    # CommonMark decodes no entity in code: the reader copies "a&#x2D;b", which the shell reads as "a" + comment
    assert [n for n, *_ in names("`pip install flask&#x2D;loginzz`\n")] == ["flask"]
    assert [n for n, *_ in names("```sh\npip install flask&#x2D;loginzz\n```\n")] == ["flask"]


@pytest.mark.parametrize("block, name", [
    ("```bash\n$ cd proj\npip install evil2\n```\n", "evil2"),  # unprompted command among prompted lines
    ("```\n$ cd proj\n\npip install evil3\n```\n", "evil3"),
    ("```\n$ ls \\\n$ pip install evil4\n```\n", "evil4"),  # a trailing backslash cannot swallow the next prompt
    ("```console\n$ echo \"hi\n$ pip install evil5\n```\n", "evil5"),  # nor an unclosed quote
    ("```console\n$ cat <<EOF\n$ pip install evil6\n```\n", "evil6"),  # nor a here-document
    ("```console\n$ pip install \\\n>   evil7\n```\n", "evil7"),  # the secondary prompt of a continuation
])
def test_consecutive_prompt_lines_are_commands(block, name):
    assert name in [n for n, *_ in names(block)]


def test_transcript_output_is_still_output():
    block = "```console\n$ pip install rich\nCollecting rich\n  Downloading pygments-2.0.whl\nSuccessfully installed rich\n```\n"
    assert [n for n, *_ in names(block)] == ["rich"]
