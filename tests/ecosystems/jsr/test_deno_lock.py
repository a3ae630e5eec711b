"""``deno.lock`` is read (issue 12 recall, jsr-io/jsr's frontend/deno.lock): its JSR and npm packages at their exact
versions are judged like any lockfile's, an invented one is missing; URL imports (``remote``) name no package."""

from __future__ import annotations

import json
from pathlib import Path

from tests.trees import judged, scan, write

V5 = {
    "version": "5",
    "specifiers": {"jsr:@std/path@^1.0.8": "1.0.8", "npm:chalk@5": "5.3.0", "npm:@types/node@*": "22.5.4"},
    "jsr": {"@std/path@1.0.8": {"integrity": "548fa456bb6a04d3c1a1e7477986b6cffbce95102d0bb447c67c4ee70e0364be"},
            "@acme/invented-kit@0.1.0": {"integrity": "00"}},
    "npm": {"chalk@5.3.0": {"integrity": "sha512-dLitG79d+GV1Nb/VYcCDFivJeK1hiukt9QjRNVOsUtTy1rR1YJsmpGGTZ3qJos+uw7WmWF4wUwBd9jxjocFC2w=="},
            "@types/node@22.5.4_undici-types@6.19.8": {"integrity": "sha512-x"},
            "@jsr/luca__cases@1.0.0": {"integrity": "sha512-y"}},
    "remote": {"https://deno.land/std@0.224.0/path/mod.ts": "f065032a7189404fdac3ad1a1551a9ac84751d2f25c431e101787846c86c79ef"},
}
V3 = {"version": "3", "packages": {"specifiers": {"jsr:@std/fmt@^0.220": "jsr:@std/fmt@0.220.1"},
                                   "jsr": {"@std/fmt@0.220.1": {"integrity": "00"}},
                                   "npm": {"preact@10.19.6": {"integrity": "sha512-z", "dependencies": {}}}},
      "remote": {}}


def test_deno_lock_names_its_jsr_and_npm_packages(tmp_path: Path):
    write(tmp_path, {"deno.json": json.dumps({"imports": {"@std/path": "jsr:@std/path@^1.0.8"}}),
                     "deno.lock": json.dumps(V5, indent=2), "old/deno.lock": json.dumps(V3, indent=2)})
    rep = judged(tmp_path, {"@std/path", "chalk", "@types/node", "@luca/cases", "@std/fmt", "preact"})
    found = {(f.mention.location.path, f.mention.key.ecosystem, f.mention.key.name, f.mention.spec): f.verdict.value
             for f in rep.findings if f.mention.location.path.endswith("deno.lock")}
    assert found == {
        ("deno.lock", "jsr", "@std/path", "1.0.8"): "ok",
        ("deno.lock", "jsr", "@acme/invented-kit", "0.1.0"): "missing",
        ("deno.lock", "npm", "chalk", "5.3.0"): "ok",
        ("deno.lock", "npm", "@types/node", "22.5.4"): "ok",
        ("deno.lock", "jsr", "@luca/cases", "1.0.0"): "ok",  # JSR's npm form, judged on JSR
        ("old/deno.lock", "jsr", "@std/fmt", "0.220.1"): "ok",
        ("old/deno.lock", "npm", "preact", "10.19.6"): "ok",
    }
    lines = {m.key.name: m.location.line for m in scan(tmp_path).mentions if m.location.path == "deno.lock"}
    text = (tmp_path / "deno.lock").read_text().splitlines()
    assert '"chalk@5.3.0"' in text[lines["chalk"] - 1]
