"""A document a page shows inside a code block (a code block within a code block; issue 12): in a scan of a
repository, an install command of the quoted document is weighed as an example (a missing name is a note), while the
page's own commands, a MyST directive's rendered content and a text under judgement (a chat answer) are judged."""

from __future__ import annotations

from depguard.config import Settings
from depguard.scan import collect_text, judge_all
from depguard.text.quoted import quoted_parts
from tests.test_docs_examples import answers, verdicts, write

# aider's docs/usage/not-code.md: a chat transcript in which the assistant adds an installation section to the
# README of an imaginary project (diff-added lines, a nested fence among them)
TRANSCRIPT = """# Editing config & text files

## Markdown Documentation
<div class="chat-transcript" markdown="1">
$ aider README.md

Added README.md to the chat.

#### Add installation section with brew and pip options

```
+ ## Installation
+ ```
+ # Homebrew
+ brew install cool-app-zq
+
+ # PyPI
+ pipx install cool-app-zq
+ ```
```
</div>

Install the tool itself:

```bash
pip install requests
pip install editor-helper-zq
```

A README template for your plugin:

````markdown
# Your plugin

```bash
pip install template-plugin-zq
```
````

````{tab-set}
```{tab-item} pip
```bash
pip install rendered-tab-zq
```
````
"""


def test_a_scan_weighs_a_quoted_documents_install_commands_as_examples(tmp_path):
    write(tmp_path, {"docs/usage/not-code.md": TRANSCRIPT})
    got = verdicts(tmp_path)
    assert got[("docs/usage/not-code.md", "cool-app-zq")] == "allowed"  # pipx install, inside the README quoted
    assert got[("docs/usage/not-code.md", "template-plugin-zq")] == "allowed"
    # the page's own command, and a MyST directive's content (rendered, not quoted) stay judged
    assert got[("docs/usage/not-code.md", "editor-helper-zq")] == "missing"
    assert got[("docs/usage/not-code.md", "rendered-tab-zq")] == "missing"
    assert got[("docs/usage/not-code.md", "requests")] == "ok"
    # a chat answer that quotes a README is read as written: its reader may paste either block
    answer = collect_text(TRANSCRIPT, "answer.md")
    judged = judge_all(answer, answers({m.key for m in answer.mentions}), Settings()).findings
    assert {f.mention.written: f.verdict.value for f in judged}["cool-app-zq"] == "missing"


def test_quoted_parts_are_the_bodies_of_blocks_holding_a_fence():
    assert quoted_parts(TRANSCRIPT, "a.md") == [(12, 19), (33, 37)]
    assert quoted_parts(TRANSCRIPT, "a.rst") == []
    assert quoted_parts("```\npip install x\n```\n", "a.md") == []


MIT = ("Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated "
       "documentation files (the \"Software\"), to deal in the Software without restriction.\n")


def test_a_compilation_of_licence_texts_quotes_other_projects_install_commands(tmp_path):
    # joplin's readme/licenses.md (held-out spot set 104): the licences of the monorepo's dependencies, 636 of them,
    # one of them the README of socket.io-store-memcached with its `npm install`. A page with fewer licence texts,
    # and the compilation's own text under judgement as an answer, stay judged
    deps = "".join(f"### dep-{i}\n\n```\n{MIT}```\n\n" for i in range(6))
    quoted = "### socket.io-store-memcached-zq\n\nvia npm:\n\n    $ npm install socket.io-store-memcached-zq\n\n## License\n\n" + MIT
    write(tmp_path, {
        "readme/licenses.md": "# License information\n\nThis file summarizes the licenses of the dependencies.\n\n" + deps + quoted,
        "readme/credits.md": "# Credits\n\n" + "".join(f"### dep-{i}\n\n{MIT}\n" for i in range(3))
                             + "    $ npm install credits-helper-zq\n",
    })
    # r22: a README whose own install section comes before its bundled components' licences
    write(tmp_path, {"README.md": "# Widgets\n\n## Install\n\n```\nnpm install acme-widgets-sdkzq\n```\n\n"
                                  "## Bundled components and their licences\n\n" + deps})
    # r22: a page title above the grants, or a shell comment in the install fence, is no start of the quoted part
    write(tmp_path, {"docs/README.md": "# Acme widgets\n\n```\n# then the widgets SDK\nnpm install acme-titled-sdkzq\n```\n\n"
                                       + "".join(MIT for _ in range(5))})
    # r23: the page's own sections after its bundled licences are its own instructions again
    write(tmp_path, {"app/README.md": "# App\n\n## Install\n\n    npm install acme-app\n\n## Third-party licences\n\n"
                                      + deps + "## Development\n\n```\nnpm install -g acme-app-devtoolzq\n"
                                      "pip install acme-app-buildzq\n```\n"})
    # r23 #10b: a sub-section after grants written as paragraphs, deeper than the section holding them
    write(tmp_path, {"lic/README.md": "# Lic\n\n## Third-party licences\n\n" + "".join(f"**dep-{i}**\n\n{MIT}\n" for i in range(5))
                                      + "### Updating this list\n\n    npm install -g acme-license-collectzq\n"})
    got = verdicts(tmp_path)
    assert got[("lic/README.md", "acme-license-collectzq")] == "missing"
    assert got[("app/README.md", "acme-app-devtoolzq")] == "missing"
    assert got[("app/README.md", "acme-app-buildzq")] == "missing"
    assert got[("docs/README.md", "acme-titled-sdkzq")] == "missing"
    assert got[("readme/licenses.md", "socket.io-store-memcached-zq")] == "allowed"
    assert got[("readme/credits.md", "credits-helper-zq")] == "missing"
    assert got[("README.md", "acme-widgets-sdkzq")] == "missing"
