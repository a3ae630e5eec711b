"""Parts of a Markdown document its readers never see (HTML comments, MDX comments; issue 12): in a scan of a
repository, a name there is weighed as an example (a missing name is a note), while a text under judgement
(a chat answer) is read as written, hidden markup and all."""

from __future__ import annotations

from depguard.config import Settings
from depguard.scan import collect_text, judge_all
from depguard.text.hidden import hidden_parts
from tests.test_docs_examples import answers, verdicts, write

README = """# weatherkit

## Install

```bash
pip install requests
pip install weatherkit-zq
```

<!--
## Installing the old plotting extra (removed in 2.0)

```bash
pip install weatherkit-plots-zq
```
-->

To hide a line from readers write `<!-- pip install shown-in-span-zq -->`. <!-- pip install inline-hidden-zq -->

```html
<!-- pip install shown-in-fence-zq -->
```
"""

MDX = """import Tabs from '@theme/Tabs';

{/*
```bash
npm install hidden-mdx-zq
```
*/}

```bash
npm install shown-mdx-zq
```
"""


def test_a_scan_weighs_what_a_comment_hides_as_an_example(tmp_path):
    write(tmp_path, {"README.md": README, "docs/install.mdx": MDX})
    got = verdicts(tmp_path)
    assert got[("README.md", "requests")] == "ok"
    assert got[("README.md", "weatherkit-zq")] == "missing"
    assert got[("README.md", "weatherkit-plots-zq")] == "allowed"  # a block commented out
    assert got[("README.md", "shown-in-fence-zq")] == "missing"  # a comment in a code block is shown
    assert got[("docs/install.mdx", "hidden-mdx-zq")] == "allowed"
    assert got[("docs/install.mdx", "shown-mdx-zq")] == "missing"


def test_an_answer_is_read_with_its_hidden_markup():
    collected = collect_text(README, "answer.md")
    report = judge_all(collected, answers({m.key for m in collected.mentions}), Settings())
    got = {f.mention.written: f.verdict.value for f in report.findings}
    assert got["weatherkit-plots-zq"] == "missing"


def test_hidden_parts_skip_code():
    parts = hidden_parts(README, "README.md")
    assert [(a[0], b[0]) for a, b in parts] == [(10, 16), (18, 18)]
    assert hidden_parts("{/* x */}\n", "a.md") == []
    assert hidden_parts("{/* x */}\n", "a.mdx") == [((1, 1), (1, 9))]
    assert hidden_parts("text\n<!-- never closed\npip install x\n", "a.md")[0][0] == (2, 1)


def test_a_line_of_many_comments_and_code_spans_reads_its_spans_once(monkeypatch):
    # l39 (session 39, hostile input): the code spans of a line were read again for each comment on it, and each
    # opening looked through all of them (a line of 1,000 spans and 1,000 comments: 5 s; 8,000 `<!--` in spans: 10 s)
    from depguard.text import hidden

    reads: list[str] = []
    real = hidden.code_spans
    monkeypatch.setattr(hidden, "code_spans", lambda line: (reads.append(line), real(line))[1])
    n = 300
    line = "`x` " * n + "<!-- a -->" * n + " `<!--` " * n + "`b` <!-- c -->"
    parts = hidden_parts(f"# t\n{line}\n`<!--` <!-- d\n-->\n", "README.md")
    assert len(reads) == 2  # once per line holding a backtick and a comment's opening
    start = 4 * n
    assert [a for a, _ in parts] == [(2, start + 10 * i + 1) for i in range(n)] + [(2, len(line) - 9), (3, 8)]
    assert parts[-1][1] == (4, 3)  # the comment opened after a span on line 3 still closes on line 4
