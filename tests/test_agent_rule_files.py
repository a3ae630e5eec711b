"""Coding agents' rule files are documents (issue 12, held-out set 63): Cursor's ``.cursor/rules/*.mdc`` (YAML front
matter, then Markdown) and the one-file rules ``.cursorrules``, ``.windsurfrules`` and ``.clinerules`` tell an agent what
to install and run, so their install commands are judged as a README's are; before, no parser read them
(awesome-cursorrules' 257 ``.mdc`` files, whose ``npm install ai-sdk-rsc`` names nothing npm has)."""

from __future__ import annotations

from tests.test_docs_examples import verdicts, write

MDC = """---
description: Next.js with the Vercel AI SDK
globs: **/*.tsx
alwaysApply: false
---
- **Setup and Installation**: Integrate `ai-sdk-rsc-zq` into your Next.js project.
  - Install the library using `npm install ai-sdk-rsc-zq` and format with `npx prettier --write .`.

```tsx
import { createAI } from 'rsc-only-imported-zq';
```

<!--
```bash
pip install retired-rule-helper-zq
```
-->
"""

CURSORRULES = """You are an expert in Python and FastAPI.

Dependencies
- Install with `pip install requests fastapi-auth-toolkit-zq`
"""


def test_a_cursor_rule_file_is_a_document_whose_install_commands_are_judged(tmp_path):
    write(tmp_path, {".cursor/rules/nextjs.mdc": MDC, ".cursorrules": CURSORRULES,
                     ".windsurfrules": "Run `npx rules-bootstrap-zq init` first.\n",
                     ".clinerules": "Before coding, `pip install requests`.\n"})
    got = verdicts(tmp_path)
    assert got[(".cursor/rules/nextjs.mdc", "ai-sdk-rsc-zq")] == "missing"  # the install command, judged
    assert got[(".cursor/rules/nextjs.mdc", "prettier")] == "ok"
    assert got[(".cursor/rules/nextjs.mdc", "retired-rule-helper-zq")] == "allowed"  # hidden from readers: a note
    assert (".cursor/rules/nextjs.mdc", "rsc-only-imported-zq") not in got  # a code block's import illustrates
    assert got[(".cursorrules", "fastapi-auth-toolkit-zq")] == "missing"
    assert got[(".cursorrules", "requests")] == "ok"
    assert got[(".windsurfrules", "rules-bootstrap-zq")] == "missing"
    assert got[(".clinerules", "requests")] == "ok"
