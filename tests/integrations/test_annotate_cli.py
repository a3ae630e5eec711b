"""``depguard text --annotate`` as a chat front end calls it: the answer piped in, the annotated answer out."""

from __future__ import annotations

import os
import subprocess
import sys

ANSWER = """To call the API, install a client:

```bash
pip install reqeusts
npm install lodash
```

Then `pip install flask` for the server.
"""


def annotate(args, text, env=None):
    return subprocess.run([sys.executable, "-m", "depguard.cli", "text", "--annotate", "--no-cache", *args, "-"],
                          input=text, capture_output=True, text=True, env=env or os.environ.copy(), timeout=60)


def test_annotated_answer_and_footer(registry):
    proc = annotate([], ANSWER)
    assert proc.returncode == 1
    assert proc.stdout == ANSWER.replace("pip install reqeusts\n", "pip install reqeusts [depguard: missing on PyPI — did you mean requests?]\n") \
        + "\n[depguard: 3 packages checked, 1 missing, 0 suspicious]\n"


def test_clean_answer_is_printed_back_unchanged(registry):
    text = ANSWER.replace("reqeusts", "requests")
    proc = annotate([], text)
    assert (proc.returncode, proc.stdout) == (0, text + "\n[depguard: 3 packages checked, 0 missing, 0 suspicious]\n")


def test_annotate_with_another_format_is_a_usage_error(registry):
    proc = annotate(["--format", "json"], ANSWER)
    assert proc.returncode == 2
    assert "--annotate" in proc.stderr
