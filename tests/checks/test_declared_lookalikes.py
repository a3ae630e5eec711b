"""DG002: a look-alike that the declaring package's own published release names is a note (issue 12).

Shaped like the last false alarms on real repositories: vite's ``packages/vite/package.json`` declares
``fresh-import`` (by vite maintainer sapphi-red; it resembles Sindre Sorhus' ``import-fresh``) and vite's latest
release on npm declares it too; SQLAlchemy's pyproject.toml extra ``cymysql`` (its description a reworded copy
of PyMySQL's) is in SQLAlchemy's published ``requires_dist``. A loopback registry (``httpx.MockTransport``)
serves the documents in each registry's shape; the popular lists are the shipped ones (vite, sqlalchemy on them).

What must stay flagged: a pull request that adds a look-alike the published release does not name, a tree that
claims a popular name (it gains only what that package declares), an unpopular or young declarer, a declarer
lookup that fails or finds nothing, and every path that judges a change (``evaluate``: ``--diff``, pre-commit).
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import httpx
import pytest

from depguard.config import apply_mapping
from depguard.model import PackageKey, Verdict
from depguard.scan import collect_paths, evaluate, scan_paths

from ..conftest import CASSETTE_DAY
from ..goldens import assert_golden, redact

GOLDEN = Path(__file__).parent / "fixtures" / "declared_lookalike.table.txt"
FRESH = "Import an ESM entry in its own fresh module graph and get back the statically-imported relative files."


def _stamp(days: int) -> str:
    return (CASSETTE_DAY - timedelta(days=days)).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def _packument(name: str, days: list[int], description: str = "", who: str = "someone",
               latest: dict | None = None) -> dict:
    versions = {f"0.{i}.0": {"name": name, "version": f"0.{i}.0", "_npmUser": {"name": who}} for i in range(len(days))}
    last = f"0.{len(days) - 1}.0"
    if latest is not None:
        versions[last] = {"name": name, "version": last, **latest}
    time = {f"0.{i}.0": _stamp(d) for i, d in enumerate(days)}
    time.update(created=_stamp(days[0]), modified=_stamp(days[-1]))
    return {"_id": name, "name": name, "description": description, "dist-tags": {"latest": last},
            "versions": versions, "time": time, "maintainers": [{"name": who}]}


def _vite(dev: dict[str, str], days: list[int] | None = None) -> dict:
    return _packument("vite", days or [2400, 2000, 1500, 1000, 500, 200, 30], "Native-ESM powered web dev build tool",
                      "yyx990803", latest={"dependencies": {"esbuild": "^0.25.0"}, "devDependencies": dev,
                                           "peerDependencies": {"less": "*"}})


NPM_DOCS = {
    "fresh-import": _packument("fresh-import", [175, 174, 156], FRESH, "sapphi-red"),
    "import-fresh": _packument("import-fresh", [4000, 3000, 2000, 1000, 500, 100],
                               "Import a module while bypassing the cache", "sindresorhus"),
}


class Registry:
    """A loopback npm and PyPI: ``docs`` by name (npm) or ``pypi/<name>`` (PyPI); ``status`` overrides an answer's
    HTTP status by name; every request is recorded."""

    def __init__(self, docs: dict[str, dict], status: dict[str, int] | None = None,
                 broken: frozenset[str] = frozenset()) -> None:
        self.docs, self.status, self.broken = docs, status or {}, broken
        self.asked: list[str] = []

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.asked.append(request.url.raw_path.decode())
        path = request.url.path
        if path.startswith("/pypi/"):
            name = "pypi/" + path.split("/")[2].lower()
        else:
            name = path.lstrip("/").replace("%2F", "/")
        if name in self.broken:
            raise httpx.ConnectError("connection refused", request=request)
        if name in self.status:
            return httpx.Response(self.status[name], json={"error": "trouble"})
        doc = self.docs.get(name)
        return httpx.Response(200, json=doc) if doc is not None else httpx.Response(404, json={"error": "Not found"})


def _settings(settings, **changes):
    regs = {**settings.registries, "npm": "https://registry.npm.test", "pypi": "https://pypi.test",
            "npm.downloads": "https://downloads.npm.test"}
    return replace(settings, registries=regs, now=CASSETTE_DAY, **changes)


def _vite_tree(root: Path, name: str = "vite", dev: dict[str, str] | None = None) -> Path:
    pkg = root / "packages" / "vite"
    pkg.mkdir(parents=True)
    (pkg / "package.json").write_text(json.dumps({"name": name, "version": "8.4.1",
                                                  "devDependencies": dev or {"fresh-import": "^0.2.1"}}, indent=2))
    return root


def _found(report, name: str):
    (f,) = [f for f in report.findings if f.mention.key.name == name]
    return f


def _scan(root: Path, settings, registry: Registry):
    return scan_paths([root], settings, transport=httpx.MockTransport(registry))


def test_a_lookalike_the_declarers_published_release_names_is_a_note(tmp_path, settings):
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1", "picomatch": "^4.0.0"})})
    f = _found(_scan(_vite_tree(tmp_path), _settings(settings), registry), "fresh-import")
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("vite 0.6.0 on the npm registry declares fresh-import: ")
    assert any("import-fresh" in r for r in f.reasons[1:])  # what DG002 said is kept below the note
    assert "/vite" in registry.asked


def test_the_declared_packages_import_and_command_are_notes_too_another_lookalike_is_judged(tmp_path, settings):
    # vite's src/node/config.ts imports fresh-import and a script installs it: the package the manifest declares and
    # vite's release depends on (implicit's README installing rmm-cu13, an extra of implicit's own release, was
    # flagged at its command alone); a made-up look-alike the release does not name, installed on the same line and
    # imported beside it, stays flagged
    tree = _vite_tree(tmp_path)
    (tree / "packages" / "vite" / "src").mkdir()
    (tree / "packages" / "vite" / "src" / "config.ts").write_text(
        "import { fresh } from 'fresh-import'\nimport x from 'import-freshh'\nfresh()\n")
    (tree / "ci.sh").write_text("npm install -g fresh-import import-freshh\n")
    docs = {**NPM_DOCS, "import-freshh": _packument("import-freshh", [700, 600, 500, 400, 300, 200], "", "someone")}
    registry = Registry({**docs, "vite": _vite({"fresh-import": "^0.2.1"})})
    report = _scan(tree, _settings(settings), registry)
    got = {(f.mention.origin.value, f.verdict) for f in report.findings if f.mention.key.name == "fresh-import"}
    assert got == {("manifest", Verdict.ALLOWED), ("import", Verdict.ALLOWED), ("command", Verdict.ALLOWED)}
    other = {(f.mention.origin.value, f.verdict) for f in report.findings if f.mention.key.name == "import-freshh"}
    assert other == {("import", Verdict.SUSPICIOUS), ("command", Verdict.SUSPICIOUS)}
    (imported,) = [f for f in report.findings if f.mention.origin.value == "import" and f.mention.key.name == "fresh-import"]
    assert imported.reasons[0].startswith("vite 0.6.0 on the npm registry declares fresh-import, as ")
    assert "packages/vite/package.json does: the package that manifest is (popular, established)" in imported.reasons[0]


def test_the_note_as_the_table_shows_it(tmp_path, settings):
    from depguard.report import RenderOptions, render

    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    report = _scan(_vite_tree(tmp_path), _settings(settings), registry)
    shown = render(report, "table", RenderOptions(color=False, verbose=True, width=120))
    assert_golden(GOLDEN, redact(shown, {str(tmp_path): "[TREE]"}))


def test_a_pull_request_that_adds_a_lookalike_the_release_does_not_name_is_still_flagged(tmp_path, settings):
    # the tree is vite's own, its package.json gains fresh-import; the published release does not have it yet
    registry = Registry({**NPM_DOCS, "vite": _vite({"picomatch": "^4.0.0"})})
    f = _found(_scan(_vite_tree(tmp_path), _settings(settings), registry), "fresh-import")
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "import-fresh")


def test_a_tree_claiming_a_popular_name_gains_only_what_that_package_declares(tmp_path, settings):
    squat = _packument("lodahs", [3000, 2500, 2000, 1500, 1000, 400], "Lodash modular utilities.", "attacker")
    registry = Registry({**NPM_DOCS, "lodahs": squat, "lodash": _packument("lodash", [5000, 4000, 3000, 2000, 1000, 900]),
                         "vite": _vite({"fresh-import": "^0.2.1"})})
    report = _scan(_vite_tree(tmp_path, dev={"fresh-import": "^0.2.1", "lodahs": "^4.0.0"}), _settings(settings), registry)
    assert _found(report, "fresh-import").verdict is Verdict.ALLOWED  # vite's maintainers chose it
    f = _found(report, "lodahs")
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG002")


def test_an_unpopular_declarer_excuses_nothing(tmp_path, settings):
    # the attacker's own package declares its squat in a published release: not on the popular list
    own = _packument("vite-plugin-fresh-cache", [900, 800, 700, 600, 500, 40], latest={"devDependencies": {"fresh-import": "1"}})
    registry = Registry({**NPM_DOCS, "vite-plugin-fresh-cache": own})
    f = _found(_scan(_vite_tree(tmp_path, name="vite-plugin-fresh-cache"), _settings(settings), registry), "fresh-import")
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG002")


def test_a_young_declarer_excuses_nothing(tmp_path, settings):
    # a popular name unpublished and registered again: its history is young
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"}, days=[20, 10])})
    f = _found(_scan(_vite_tree(tmp_path), _settings(settings), registry), "fresh-import")
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG002")


@pytest.mark.parametrize("trouble", [{"status": {"vite": 404}}, {"status": {"vite": 500}}, {"status": {"vite": 429}},
                                     {"broken": frozenset({"vite"})}],
                         ids=["missing", "server-error", "rate-limited", "unreachable"])
def test_a_declarer_lookup_that_finds_nothing_or_fails_leaves_the_finding_as_it_was(tmp_path, settings, trouble):
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})}, **trouble)
    report = _scan(_vite_tree(tmp_path), _settings(settings), registry)
    f = _found(report, "fresh-import")
    assert (f.verdict, f.rule) == (Verdict.SUSPICIOUS, "DG002")
    assert report.exit_code() == 1


def test_a_release_document_without_the_release_leaves_the_finding(tmp_path, settings):
    vite = _vite({"fresh-import": "^0.2.1"})
    vite["dist-tags"]["latest"] = "9.9.9"  # names a version the document does not hold
    registry = Registry({**NPM_DOCS, "vite": vite})
    f = _found(_scan(_vite_tree(tmp_path), _settings(settings), registry), "fresh-import")
    assert f.verdict is Verdict.SUSPICIOUS


def test_paths_that_judge_a_change_stay_strict(tmp_path, settings):
    # scan --diff and the pre-commit hook judge collected mentions with evaluate(): no declarer evidence there
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    s = _settings(settings)
    report = evaluate(collect_paths([_vite_tree(tmp_path)], s), s, transport=httpx.MockTransport(registry))
    assert _found(report, "fresh-import").verdict is Verdict.SUSPICIOUS
    assert "/vite" not in registry.asked


def test_judge_declared_lookalikes_judges_them_strictly(tmp_path, settings):
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    s = apply_mapping(_settings(settings), {"judge-declared-lookalikes": True}, "depguard.toml")
    assert _found(_scan(_vite_tree(tmp_path), s, registry), "fresh-import").verdict is Verdict.SUSPICIOUS
    assert "/vite" not in registry.asked


def test_a_manifest_name_that_is_no_valid_name_is_never_asked(tmp_path, settings):
    registry = Registry({**NPM_DOCS})
    f = _found(_scan(_vite_tree(tmp_path, name="vite/../../-/user?x=1#"), _settings(settings), registry), "fresh-import")
    assert f.verdict is Verdict.SUSPICIOUS
    assert all(".." not in p and "user" not in p for p in registry.asked)


def test_a_scoped_declarer_is_asked_as_one_quoted_path_segment(tmp_path, settings):
    server = _packument("@trpc/server", [2000, 1500, 1000, 500, 200, 10], latest={"devDependencies": {"konn": "^0.7.0"}})
    registry = Registry({**NPM_DOCS, "@trpc/server": server})
    f = _found(_scan(_vite_tree(tmp_path, name="@trpc/server"), _settings(settings), registry), "fresh-import")
    assert "/@trpc%2Fserver" in registry.asked
    assert f.verdict is Verdict.SUSPICIOUS  # its release does not name fresh-import


def test_the_declarers_answer_is_cached_with_its_release(tmp_path, settings):
    tree = _vite_tree(tmp_path / "tree")
    s = _settings(settings, use_cache=True, cache_dir=tmp_path / "cache")
    first = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    assert _found(_scan(tree, s, first), "fresh-import").verdict is Verdict.ALLOWED
    again = Registry({**NPM_DOCS}, status={"vite": 500})  # the registry now fails: the cached answer serves
    assert _found(_scan(tree, s, again), "fresh-import").verdict is Verdict.ALLOWED
    assert "/vite" not in again.asked


def test_a_scan_that_asked_a_declarer_keeps_no_report_text(tmp_path, settings):
    # the kept text (depguard.outputmemo) is reused while the scan's own answers are unchanged; the declarer's is
    # not among them, so a scan that asked one keeps nothing and the next one weighs it again
    from depguard.outputmemo import KeptReport

    tree = _vite_tree(tmp_path / "tree")
    s = _settings(settings, use_cache=True, cache_dir=tmp_path / "cache")
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    reports = [scan_paths([tree], s, transport=httpx.MockTransport(registry), keep_output=True) for _ in range(3)]
    assert not any(isinstance(r, KeptReport) for r in reports)
    assert all(_found(r, "fresh-import").verdict is Verdict.ALLOWED for r in reports)


def test_a_lookalike_whose_manifest_names_no_registry_package_keeps_the_warm_reuse(tmp_path, settings):
    # trpc's root package.json ("name": "root", "private": true) declares konn: no declarer to ask, so the scan's
    # text is kept and reused as for any other tree, and the look-alike stays flagged
    from depguard.outputmemo import KeptReport

    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "package.json").write_text(json.dumps({"name": "root", "private": True,
                                                   "devDependencies": {"fresh-import": "^0.2.1"}}))
    s = _settings(settings, use_cache=True, cache_dir=tmp_path / "cache")
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    reports = [scan_paths([tree], s, transport=httpx.MockTransport(registry), keep_output=True) for _ in range(3)]
    assert all(_found(r, "fresh-import").verdict is Verdict.SUSPICIOUS for r in reports)
    assert isinstance(reports[-1], KeptReport) and not any("/root" in p for p in registry.asked)


def test_an_answer_cached_by_an_ordinary_lookup_is_asked_again_for_its_release(tmp_path, settings):
    from depguard.lookup import resolve

    s = _settings(settings, use_cache=True, cache_dir=tmp_path / "cache")
    registry = Registry({**NPM_DOCS, "vite": _vite({"fresh-import": "^0.2.1"})})
    key = PackageKey("npm", "vite")
    assert resolve([key], s, transport=httpx.MockTransport(registry))[key].release is None
    registry.asked.clear()
    assert _found(_scan(_vite_tree(tmp_path / "tree"), s, registry), "fresh-import").verdict is Verdict.ALLOWED
    assert "/vite" in registry.asked


# --- PyPI -----------------------------------------------------------------------------------------------

def _pypi(name: str, days: list[int], summary: str, requires: list[str] | None = None) -> dict:
    releases = {f"1.{i}": [{"upload_time_iso_8601": _stamp(d).replace(".000Z", ".000000Z"), "yanked": False,
                            "packagetype": "sdist", "filename": f"{name}-1.{i}.tar.gz"}] for i, d in enumerate(days)}
    last = f"1.{len(days) - 1}"
    return {"info": {"name": name, "version": last, "summary": summary, "requires_dist": requires, "yanked": False},
            "releases": releases, "urls": releases[last]}


PYPI_DOCS = {
    "pypi/cymysql": _pypi("cymysql", [4700, 3000, 2000, 1000, 500, 80], "Python MySQL Driver using Cython"),
    "pypi/pymysql": _pypi("PyMySQL", [6000, 5000, 4000, 3000, 2000, 20], "Pure Python MySQL Driver"),
}


def _sqlalchemy_tree(root: Path, name: str = "SQLAlchemy") -> Path:
    (root / "pyproject.toml").write_text(f'[project]\nname = "{name}"\ndependencies = []\n\n'
                                         '[project.optional-dependencies]\ncymysql = ["cymysql"]\n')
    return root


def _sqlalchemy(requires: list[str]) -> dict:
    return _pypi("SQLAlchemy", [7000, 6000, 5000, 4000, 3000, 20], "Database Abstraction Library", requires)


def test_pypi_a_lookalike_in_the_declarers_published_requires_dist_is_a_note(tmp_path, settings):
    registry = Registry({**PYPI_DOCS, "pypi/sqlalchemy": _sqlalchemy(
        ['typing-extensions>=4.6.0', 'pymysql; extra == "pymysql"', 'cymysql; extra == "cymysql"'])})
    f = _found(_scan(_sqlalchemy_tree(tmp_path), _settings(settings), registry), "cymysql")
    assert (f.verdict, f.rule) == (Verdict.ALLOWED, "DG200")
    assert f.reasons[0].startswith("SQLAlchemy 1.5 on PyPI declares cymysql: ")


def test_pypi_without_the_declarers_release_naming_it_the_lookalike_stays_flagged(tmp_path, settings):
    # requires_dist without it, and one naming it only as a URL requirement (not the registry's cymysql)
    for requires in (['pymysql; extra == "pymysql"'], ['cymysql @ https://example.test/cymysql.tar.gz']):
        registry = Registry({**PYPI_DOCS, "pypi/sqlalchemy": _sqlalchemy(requires)})
        f = _found(_scan(_sqlalchemy_tree(tmp_path), _settings(settings), registry), "cymysql")
        assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "pymysql"), requires


def test_pypi_a_failing_declarer_lookup_leaves_the_finding(tmp_path, settings):
    registry = Registry({**PYPI_DOCS, "pypi/sqlalchemy": _sqlalchemy(['cymysql; extra == "cymysql"'])},
                        status={"pypi/sqlalchemy": 503})
    f = _found(_scan(_sqlalchemy_tree(tmp_path), _settings(settings), registry), "cymysql")
    assert f.verdict is Verdict.SUSPICIOUS


def test_own_package_readers_of_each_manifest():
    from depguard.ecosystems.npm.package_json import own_package as npm_name
    from depguard.ecosystems.pypi.pyproject import own_package as pyproject_name
    from depguard.ecosystems.pypi.setup_cfg import own_package as cfg_name
    from depguard.ecosystems.pypi.setup_py import own_package as setup_name

    assert npm_name('{"name": " vite "}') == "vite" and npm_name("[1]") is None and npm_name("{") is None
    assert npm_name('{"name": "root", "private": true}') is None  # never published: no registry package
    assert pyproject_name('[tool.poetry]\nname = "poetry-core"\n') == "poetry-core"
    assert pyproject_name('[project]\nversion = "1"\n') is None and pyproject_name("[x") is None
    assert cfg_name("[metadata]\nname = attrs\n") == "attrs" and cfg_name("[options]\n") is None
    assert setup_name('from setuptools import setup\nsetup(name="requests", version="1")\n') == "requests"
    assert setup_name("setup(name=NAME)\n") is None and setup_name("def (") is None


def test_release_reading_takes_registry_data_as_untrusted():
    from depguard.ecosystems import catalog
    from depguard.registries.jsonapi import read_release

    npm, pypi = catalog().get("npm"), catalog().get("pypi")
    table = npm.data["registry"]["release"]
    doc = {"dist-tags": {"latest": "1.0.0"}, "versions": {"1.0.0": {
        "dependencies": {"a": "1", "my-alias": "npm:real-pkg@^2", "scoped": "npm:@s/p@1", "bad name!": "1"},
        "peerDependencies": {"B": "*"}, "devDependencies": ["not", "an", "object"]}}}
    assert read_release(doc, table, npm.name_rule) == ("1.0.0", ("a", "real-pkg", "@s/p", "B"))
    assert read_release({**doc, "dist-tags": {"latest": "1.0.0\x1b[31m"}}, table, npm.name_rule) == (None, ())
    ptable = pypi.data["registry"]["release"]
    pdoc = {"info": {"version": "2.1.9", "requires_dist": ["Foo_Bar[x]>=1; extra == 'y'", "u @ https://x", 7, "baz"]}}
    assert read_release(pdoc, ptable, pypi.name_rule) == ("2.1.9", ("foo-bar", "baz"))
