"""DG001: a runner in a manifest's script given a command a declared dependency's release installs is a note.

Shaped like Open MCT's CouchDB plug-in (nasa/openmct src/plugins/persistence/couch/package.json): it declares
``@cloudant/couchbackup`` and its scripts run ``npx couchbackup`` and ``cat backup.txt | npx couchrestore``; both are
that package's ``bin`` (npm view @cloudant/couchbackup bin), neither is an npm package, and the folder has no
lockfile recording the bins. A loopback registry (``httpx.MockTransport``) serves the documents.

What must stay flagged: a name no declared dependency's latest release installs (an invented command in the same
position), a runner that always fetches (``pnpm dlx``), an install of the name, a document running it, and every
such name when the dependency's registry lookup fails.
"""

from __future__ import annotations

import json
from pathlib import Path

from depguard.model import Verdict

from .test_declared_lookalikes import Registry, _packument, _scan, _settings

COUCH = _packument("@cloudant/couchbackup", [3000, 2000, 1000, 100], "CouchDB backup and restore command-line utility",
                   latest={"bin": {"couchbackup": "bin/couchbackup.bin.js", "couchrestore": "bin/couchrestore.bin.js"},
                           "dependencies": {"commander": "13.1.0"}})


def _tree(root: Path, scripts: dict[str, str], deps: dict[str, str] | None = None) -> Path:
    plugin = root / "src" / "plugins" / "couch"
    plugin.mkdir(parents=True)
    (plugin / "package.json").write_text(json.dumps({
        "name": "openmct-couch-plugin", "version": "1.0.0",
        "dependencies": {"@cloudant/couchbackup": "2.9.9"} if deps is None else deps, "scripts": scripts}, indent=4))
    return root


def _verdicts(report, name: str) -> list[tuple[Verdict, str]]:
    return sorted((f.verdict, f.rule) for f in report.findings if f.mention.key.name == name)


def test_a_scripts_runner_given_a_command_a_declared_dependency_installs_is_a_note(tmp_path, settings):
    tree = _tree(tmp_path, {"restore": "cat backup.txt | npx couchrestore -u http://127.0.0.1:5984/ -d openmct"})
    registry = Registry({"@cloudant/couchbackup": COUCH})
    report = _scan(tree, _settings(settings), registry)
    (f,) = [f for f in report.findings if f.mention.key.name == "couchrestore"]
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("@cloudant/couchbackup 0.3.0 on the npm registry installs the command couchrestore, "
                                   "and package.json declares @cloudant/couchbackup")
    assert "/@cloudant%2Fcouchbackup" in registry.asked or "/@cloudant/couchbackup" in registry.asked


def test_an_invented_command_in_the_same_position_is_still_missing(tmp_path, settings):
    tree = _tree(tmp_path, {"restore": "npx couchrestorer -d openmct", "dlx": "pnpm dlx couchrestore -d openmct",
                            "add": "npm install couchrestore"})
    report = _scan(tree, _settings(settings), Registry({"@cloudant/couchbackup": COUCH}))
    assert _verdicts(report, "couchrestorer") == [(Verdict.MISSING, "DG001")]
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001"), (Verdict.MISSING, "DG001")]


def test_a_command_no_declared_package_installs_or_a_failed_lookup_leaves_the_finding(tmp_path, settings):
    other = _tree(tmp_path / "a", {"restore": "npx couchrestore -d openmct"}, deps={"left-pad": "1.3.0"})
    report = _scan(other, _settings(settings), Registry({"@cloudant/couchbackup": COUCH,
                                                         "left-pad": _packument("left-pad", [3000, 100])}))
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001")]
    failing = _tree(tmp_path / "b", {"restore": "npx couchrestore -d openmct"})
    report = _scan(failing, _settings(settings), Registry({}, status={"@cloudant/couchbackup": 500}))
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001")]


def test_a_document_running_the_command_is_still_judged(tmp_path, settings):
    tree = _tree(tmp_path, {"build": "echo ok"})
    (tree / "src" / "plugins" / "couch" / "README.md").write_text("Restore:\n\n```sh\nnpx couchrestore -d openmct\n```\n")
    report = _scan(tree, _settings(settings), Registry({"@cloudant/couchbackup": COUCH}))
    assert _verdicts(report, "couchrestore") == [(Verdict.MISSING, "DG001")]


def test_the_commands_a_release_installs_are_read_as_plain_names():
    from depguard.registries.jsonapi import read_commands

    table = {"version": "dist-tags.latest", "document": "versions.{version}", "commands": "bin"}

    def doc(bin_field):
        return {"dist-tags": {"latest": "1.0.0"}, "versions": {"1.0.0": {"bin": bin_field}}}

    assert read_commands(doc("./cli.js"), table, "@cloudflare/next-on-pages") == ("next-on-pages",)
    assert read_commands(doc({"myst": "./dist/myst.cjs", "x\u001b[31m": "a", "../up": "b"}), table, "mystmd") == ("myst",)
    assert read_commands(doc(None), table, "mystmd") == ()
    assert read_commands(doc({"myst": "x"}), {**table, "commands": None}, "mystmd") == ()
