"""package-lock.json entries resolved from a registry other than npm's (issue 12, held-out spot set 219: FunASR's
web-pages lock resolves every entry from a private registry at an address, ``http://27.17.3.62:20000/…/-/….tgz``, and
its ``plugin-component-scrollbar`` is on no public registry): npm fetched them from that registry, so a name the public
registry lacks is not checked (DG100), never missing, and one it has passes. The public registry and its public mirrors
(npmmirror) are npm's own: an invented name resolved from them is missing."""

from __future__ import annotations

import json
from pathlib import Path

from depguard.config import Settings
from tests.trees import judged, verdicts, write

EXISTING = {"pkg-dir", "lodash"}


def entry(url: str) -> dict:
    return {"version": "1.0.0", "resolved": url, "integrity": "sha512-x"}


def test_a_lock_entry_from_another_registry_is_not_checked_and_never_missing(tmp_path: Path):
    lock = {"name": "template-vue", "version": "0.1.0", "lockfileVersion": 1, "requires": True, "dependencies": {
        "pkg-dir": entry("http://27.17.3.62:20000/pkg-dir/-/pkg-dir-1.0.0.tgz"),
        "invented-private-scrollbar": entry("http://user:secret@27.17.3.62:20000/invented-private-scrollbar/-/"
                                            "invented-private-scrollbar-1.0.0.tgz"),
        "invented-public-widget": entry("https://registry.npmjs.org/invented-public-widget/-/invented-public-widget-1.0.0.tgz"),
        "invented-mirror-widget": entry("https://registry.npmmirror.com/invented-mirror-widget/-/"
                                        "invented-mirror-widget-1.0.0.tgz"),
        "lodash": entry("https://registry.npmjs.org/lodash/-/lodash-1.0.0.tgz"),
    }}
    write(tmp_path, {"package-lock.json": json.dumps(lock, indent=2)})
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {
        ("package-lock.json", "pkg-dir"): "ok", ("package-lock.json", "invented-private-scrollbar"): "not-checked",
        ("package-lock.json", "invented-public-widget"): "missing",
        ("package-lock.json", "invented-mirror-widget"): "missing", ("package-lock.json", "lodash"): "ok"}
    reasons = {f.reasons[0] for f in rep.findings if f.verdict.value == "not-checked"}
    assert reasons == {"it is locked from http://27.17.3.62:20000 (package-lock.json), a registry depguard does not ask"}
    assert "secret" not in repr(rep)
    assert rep.exit_code(Settings().fail_on) == 1


def test_a_v3_lock_entry_from_another_registry_is_not_checked(tmp_path: Path):
    lock = {"name": "app", "lockfileVersion": 3, "packages": {
        "": {"name": "app"},
        "node_modules/invented-private-kit": entry("https://npm.corp.example/invented-private-kit/-/"
                                                   "invented-private-kit-1.0.0.tgz"),
        "node_modules/lodash": entry("https://npm.corp.example/lodash/-/lodash-1.0.0.tgz"),
    }}
    write(tmp_path, {"package-lock.json": json.dumps(lock, indent=2)})
    assert verdicts(judged(tmp_path, EXISTING)) == {("package-lock.json", "invented-private-kit"): "not-checked",
                                                    ("package-lock.json", "lodash"): "ok"}


def test_an_unreadable_port_in_one_resolved_url_leaves_the_rest_of_the_lock_judged(tmp_path: Path):
    # reviewer r32: urlsplit's port raises on `http://h:abc/…` and `http://h:99999/…`; the parser stopped with a read
    # problem and every other entry of the lock went unjudged (an invented name beside it was not read)
    lock = {"name": "app", "lockfileVersion": 3, "packages": {
        "": {"name": "app"},
        "node_modules/invented-public-widget": entry("https://registry.npmjs.org/invented-public-widget/-/"
                                                     "invented-public-widget-1.0.0.tgz"),
        "node_modules/odd-port": entry("http://h:abc/odd-port/-/odd-port-1.0.0.tgz"),
        "node_modules/far-port": entry("http://h:99999/far-port/-/far-port-1.0.0.tgz"),
    }}
    write(tmp_path, {"package-lock.json": json.dumps(lock, indent=2)})
    rep = judged(tmp_path, EXISTING)
    assert verdicts(rep) == {("package-lock.json", "invented-public-widget"): "missing",
                             ("package-lock.json", "odd-port"): "not-checked",
                             ("package-lock.json", "far-port"): "not-checked"}
