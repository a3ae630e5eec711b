"""npm's ``@jsr/scope__name`` names are JSR's packages (issue 12, jsr-io/jsr's npm-compatibility page): judged on JSR
as ``@scope/name`` wherever they are written, so an invented one is still missing there."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.ecosystems.npm.jsr_scope import jsr_package
from tests.trees import judged, scan, write

DOCS = """# npm compatibility

To do this, create an `.npmrc` file, and add the following lines to it:

```
@jsr:registry=https://npm.jsr.io
```

```sh
npm install @jsr/luca__cases@1 # installs the @luca/cases package from JSR
pnpm install @jsr/acme__invented-thing@1
```
"""
LOCK = ("lockfileVersion: '9.0'\n\nimporters:\n\n  .:\n    dependencies:\n      '@std/path':\n"
        "        specifier: npm:@jsr/std__path@^1.0.8\n        version: '@jsr/std__path@1.0.8'\n\npackages:\n\n"
        "  '@jsr/std__path@1.0.8':\n    resolution: {integrity: sha512-eNBGlh/8ZVkMxtFH4bwIzlAeKoHYk5in4wrBZhi20zMdOiuX4QozP4+19mIXBT2lzHDjhuVLyECbhicPqPD5z1g==, "
        "tarball: https://npm.jsr.io/~/11/@jsr/std__path/1.0.8.tgz}\n")


def test_jsr_npm_names_are_judged_as_the_jsr_packages_they_stand_for(tmp_path: Path):
    write(tmp_path, {
        "docs/npm-compatibility.md": DOCS,
        "app/.npmrc": "@jsr:registry=https://npm.jsr.io\n",
        "app/package.json": json.dumps({"name": "app", "dependencies": {"@std/path": "npm:@jsr/std__path@^1.0.8",
                                                                          "@jsr/no-separator": "1.0.0"}}),
        "app/pnpm-lock.yaml": LOCK,
        "app/main.ts": 'import { join } from "@jsr/std__path/posix";\n',
    })
    rep = judged(tmp_path, {"@luca/cases", "@std/path"})
    found = {(f.mention.location.path, f.mention.key.ecosystem, f.mention.key.name): f.verdict.value
             for f in rep.findings}
    assert found == {
        ("docs/npm-compatibility.md", "jsr", "@luca/cases"): "ok",
        ("docs/npm-compatibility.md", "jsr", "@acme/invented-thing"): "missing",  # strict as before, on JSR
        ("app/package.json", "jsr", "@std/path"): "ok",
        # not JSR's form: an npm name as before, of a scope the .npmrc sends to another registry
        ("app/package.json", "npm", "@jsr/no-separator"): "not-checked",
        ("app/pnpm-lock.yaml", "jsr", "@std/path"): "ok",
        ("app/main.ts", "jsr", "@std/path"): "ok",
    }
    notes = {m.note for m in scan(tmp_path).mentions if m.key.name == "@luca/cases"}
    assert notes == {"JSR's @luca/cases, served to npm clients as @jsr/luca__cases"}


def test_only_the_scope__name_form_is_a_jsr_package():
    assert jsr_package("@jsr/luca__cases") == "@luca/cases"
    assert jsr_package("@jsr/std__path") == "@std/path"
    for name in ("@jsr/cases", "@jsr/__cases", "@jsr/luca__", "@other/luca__cases", "jsr", "@jsr/a__b/c"):
        assert jsr_package(name) is None, name
