"""A plug-in host that looks a name up in its own catalog before it asks the registry (held-out set 74, nuxt/nuxt.com's
blog): ``npx nuxi module add icon`` installs the Nuxt Modules database's ``icon``, ``@nuxt/icon`` (nuxt/cli's
resolveModule), not npm's unrelated ``icon``; ``mcp-toolkit`` is ``@nuxtjs/mcp-toolkit``. The catalog is not read
here: of the names it gives a module id (``@nuxt/x``, ``@nuxtjs/x``, ``nuxt-x``, ``@x/nuxt``), the one the project
around the file declares, names or locks is what the command installs; a name with none of them there is judged as
written (nuxi asks npm for an id its database lacks), and so are scoped and Nuxt-named ones."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.model import Origin
from tests.trees import scan, write

BLOG = """# Nuxt Icon v1

```bash
npx nuxi module add icon
```

### 1. Install the module

```bash [Terminal]
npx nuxi module add mcp-toolkit
```

```bash
npx nuxi@latest module add eslint imagined-nuxt-widget
npx nuxi module add @nuxtjs/tailwindcss
npx nuxi module add helper-kit
```
"""

LOCK = """lockfileVersion: '9.0'

importers:

  .:
    dependencies:
      '@nuxt/ui':
        specifier: ^4.10.0
        version: 4.10.0

packages:

  '@nuxt/icon@2.1.0':
    resolution: {integrity: sha512-AAAA}

  '@nuxt/ui@4.10.0':
    resolution: {integrity: sha512-BBBB}
"""


def commands(root: Path) -> set[tuple[str, str, int]]:
    collected = scan(root)
    return {(m.location.path, m.key.name, m.location.line) for m in collected.mentions if m.origin is Origin.COMMAND}


def test_a_nuxt_module_id_is_the_catalog_name_the_project_declares_or_locks(tmp_path):
    write(tmp_path, {
        "package.json": json.dumps({"name": "nuxt.com", "dependencies": {
            "nuxt": "^4.0.0", "@nuxt/ui": "^4.10.0", "@nuxtjs/mcp-toolkit": "^0.19.0"},
            "devDependencies": {"@nuxt/eslint": "^1.17.0"}}),
        "pnpm-lock.yaml": LOCK,
        "content/blog/29.nuxt-icon-v1-0.md": BLOG,
        # a module's own README names its package by its database id
        "modules/helper/package.json": json.dumps({"name": "@nuxtjs/helper-kit", "version": "1.0.0"}),
        "modules/helper/README.md": "Install it:\n\n```sh\nnpx nuxi module add helper-kit\n```\n",
    })
    got = commands(tmp_path)
    blog = "content/blog/29.nuxt-icon-v1-0.md"
    assert {(name, line) for path, name, line in got if path == blog and name != "nuxi"} == {
        ("@nuxt/icon", 4), ("@nuxtjs/mcp-toolkit", 10), ("@nuxt/eslint", 14), ("imagined-nuxt-widget", 14),
        ("@nuxtjs/tailwindcss", 15), ("helper-kit", 16)}
    # the module's own package, which the tree defines: not a registry name to judge
    assert {name for path, name, _ in got if path == "modules/helper/README.md"} == {"nuxi"}


def test_without_a_project_the_module_id_is_judged_as_written(tmp_path):
    write(tmp_path, {"README.md": "```sh\nnpx nuxi module add icon\nnpx nuxi module add nuxt-auth-utils\n```\n"})
    got = {(name, line) for _path, name, line in commands(tmp_path) if name != "nuxi"}
    assert got == {("icon", 2), ("nuxt-auth-utils", 3)}
