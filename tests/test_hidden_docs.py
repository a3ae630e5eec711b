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
