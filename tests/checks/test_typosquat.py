"""DG002: typosquat matching against the shipped PyPI and npm lists and a small fixture ecosystem.

Tables in the style of guarddog's ``test_typosquatting.py``: (typo, target, kind) positives and benign
negatives, then popularity weighing, did-you-mean ranking and the verdicts through ``judge``.
"""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest

from depguard.checks import CheckContext, judge
from depguard.checks import typosquat as ts
from depguard.cli import main
from depguard.config import Thresholds
from depguard.ecosystems import catalog, load_catalog
from depguard.model import Existence, Location, Mention, Origin, RegistryAnswer, Verdict

from ..cassettes import vcr_for
from ..conftest import CASSETTE_DAY

FIXTURES = Path(__file__).parent / "fixtures"


def first_match(eco_id: str, name: str):
    idx = ts.popular_index(eco_id)
    found = ts.imitated(idx, name, idx.popularity_of(name), Thresholds().typosquat_popularity_ratio)
    return found[0] if found else None


POSITIVES = [
    # (ecosystem, typo, target, kind)
    ("pypi", "reqeusts", "requests", "transposition"),
    ("pypi", "requets", "requests", "omission"),
    ("pypi", "requestss", "requests", "repetition"),
    ("pypi", "urlib3", "urllib3", "repetition"),
    ("pypi", "reqursts", "requests", "keyboard"),
    ("pypi", "urllib4", "urllib3", "keyboard"),
    ("pypi", "requxests", "requests", "insertion"),
    ("pypi", "requebts", "requests", "substitution"),
    ("pypi", "sckit-lern", "scikit-learn", "two-edits-long"),
    ("pypi", "rnatplotlib", "matplotlib", "homoglyph"),  # rn / m
    ("pypi", "f1ask", "flask", "homoglyph"),  # 1 / l
    ("pypi", "djang0", "django", "homoglyph"),  # 0 / o
    ("pypi", "discordpy", "discord-py", "separator"),  # discord.py normalises to discord-py
    ("pypi", "setup-tools", "setuptools", "separator"),
    ("pypi", "dateutil", "python-dateutil", "affix-removed"),
    ("pypi", "python-requests", "requests", "affix-added"),
    ("pypi", "py-requests", "requests", "affix-added"),
    ("pypi", "pyrequests", "requests", "affix-added"),
    ("pypi", "requests-python", "requests", "affix-added"),
    ("pypi", "numpy2", "numpy", "affix-added"),
    ("pypi", "python-dateutil2", "python-dateutil", "affix-added"),
    ("pypi", "dateutil-python", "python-dateutil", "reorder"),
    ("pypi", "python-reqeusts", "requests", "transposition"),  # an affix and a typo
    ("pypi", "sxi", "six", "transposition"),  # short names: only a swap or a doubled letter
    ("pypi", "sixx", "six", "repetition"),
    ("pypi", "tqmd", "tqdm", "transposition"),
    ("npm", "lodahs", "lodash", "transposition"),
    ("npm", "raect-dom", "react-dom", "transposition"),
    ("npm", "expresss", "express", "repetition"),
    ("npm", "is-numbr", "is-number", "omission"),
    ("npm", "leftpad", "left-pad", "separator"),
    ("npm", "jsonstream", "JSONStream", "case"),
    ("npm", "types-node", "@types/node", "scope"),  # @types/node vs types-node
    ("npm", "typesnode", "@types/node", "scope"),
    ("npm", "@react/dom", "react-dom", "scope"),  # @scope/pkg vs scope-pkg
    ("npm", "@types/nod", "@types/node", "omission"),
    ("npm", "@babel/cor", "@babel/core", "omission"),
    ("npm", "lodash.js", "lodash", "affix-added"),
    ("npm", "node-lodash", "lodash", "affix-added"),
    ("npm", "react-native-js", "react-native", "affix-added"),
    ("npm", "vue3", "vue", "affix-added"),
    ("npm", "eslint-react-plugin", "eslint-plugin-react", "reorder"),
    ("npm", "requests", "request", "insertion"),
]


@pytest.mark.parametrize("eco_id, typo, target, kind", POSITIVES, ids=[f"{e}:{t}" for e, t, _, _ in POSITIVES])
def test_typo_imitates_its_target(eco_id, typo, target, kind):
    m = first_match(eco_id, typo)
    assert m is not None, f"{typo} matched nothing"
    assert (m.target, m.kind) == (target, kind)


BENIGN = [
    # popular names themselves, and names that merely resemble one
    ("pypi", "requests"), ("pypi", "six"), ("pypi", "pip"), ("pypi", "rsa"), ("pypi", "torch"),
    ("pypi", "python-dateutil"), ("pypi", "flask-login"), ("pypi", "pyyaml"), ("pypi", "setuptools"),
    ("pypi", "numpy-financial"), ("pypi", "fastapi-users"), ("pypi", "django-rest-framework"),
    ("pypi", "my-internal-tool"),
    ("pypi", "sx"), ("pypi", "mss"),  # very short: no fuzzy match
    ("npm", "lodash"), ("npm", "request"), ("npm", "@types/node"), ("npm", "JSONStream"), ("npm", "chalk"),
    ("npm", "babel-core"), ("npm", "left-pad"), ("npm", "eslint-plugin-react"),
    ("npm", "ms"), ("npm", "mss"), ("npm", "qs"), ("npm", "ws"), ("npm", "uuid4"),
    ("npm", "@angular/core"),  # a scoped package whose base name is common is not a squat of it
]


@pytest.mark.parametrize("eco_id, name", BENIGN, ids=[f"{e}:{n}" for e, n in BENIGN])
def test_benign_names_are_not_flagged(eco_id, name):
    assert first_match(eco_id, name) is None


@pytest.mark.parametrize("eco_id", ["pypi", "npm"])
def test_the_most_popular_names_do_not_imitate_each_other(eco_id):
    idx = ts.popular_index(eco_id)
    flagged = [n for n in idx.names[:300] if first_match(eco_id, n)]
    assert flagged == []


@pytest.mark.parametrize("length, limit", [(1, 0), (2, 0), (3, 1), (4, 1), (5, 1), (9, 1), (10, 2), (30, 2)])
def test_fuzzy_limit_scales_with_length(length, limit):
    assert ts.fuzzy_limit(length) == limit


@pytest.mark.parametrize("cand, target, kind", [
    ("reqeusts", "requests", "transposition"),
    ("requestss", "requests", "repetition"),
    ("reqests", "requests", "omission"),
    ("requesta", "requests", "keyboard"),
    ("requestk", "requests", "substitution"),
    ("requestsk", "requests", "insertion"),
    ("requesrs", "requests", "keyboard"),
    ("c1ick", "click", "homoglyph"),
])
def test_classify_names_the_edit(cand, target, kind):
    assert ts.classify(cand, target) == kind


# --- popularity weighing (fixture ecosystem with download counts) -----------------------------------

@pytest.fixture
def toy():
    cat = load_catalog(FIXTURES / "ecosystems")
    return ts.index_for(cat.get("toy"))


@pytest.mark.parametrize("name, downloads, ratio, expected", [
    ("mappers", None, 20, "mapper"),  # listed: 1,000 vs 10,000,000
    ("widgets", None, 20, None),  # listed: 60,000 vs 1,000,000 is only ~17x
    ("widgets", None, 10, "widget"),  # ... which counts at a lower ratio
    ("gadgett", None, 20, "gadget"),  # unlisted, no count: unpopular
    ("gadgett", 1_000, 20, "gadget"),  # the registry's count: 500x less
    ("gadgett", 100_000, 20, None),  # only 5x less: a popular package in its own right
])
def test_target_must_be_much_more_popular(toy, name, downloads, ratio, expected):
    found = ts.imitated(toy, name, toy.popularity_of(name, downloads), ratio)
    assert (found[0].target if found else None) == expected


def test_rank_only_lists_compare_ranks():
    idx = ts.popular_index("pypi")
    boto, boto3 = idx.rank["boto"], idx.rank["boto3"]
    assert idx.popularity_of("boto3") / idx.popularity_of("boto") == pytest.approx(boto / boto3)
    assert idx.popularity_of("not-on-any-list-xyz") is None
    assert idx.popularity_of("not-on-any-list-xyz", downloads=5) is None  # no counts to compare with


def test_max_rank_limits_the_targets(toy):
    assert ts.imitated(toy, "gadgte", None, 20)[0].target == "gadget"
    assert ts.imitated(toy, "gadgte", None, 20, max_rank=3) == []


@pytest.mark.parametrize("name, target, words", [
    ("toy-widget", "widget", "an added 'toy-'"),  # the ecosystem's own [typosquat] affixes
    ("widget-kit", "widget", "an added '-kit'"),
    ("parser", "parser-kit", "'-kit' dropped"),
])
def test_ecosystem_affixes(toy, name, target, words):
    m = ts.imitated(toy, name, None, 20)[0]
    assert (m.target, m.words()) == (target, words)


def test_default_affixes_are_replaced_by_the_ecosystems(toy):
    assert ts.imitated(toy, "py-widget", None, 20) == []


# --- did you mean ------------------------------------------------------------------------------------

def ctx_for(settings, memo=None) -> CheckContext:
    ctx = CheckContext.for_settings(settings)
    ctx.memo.update(memo or {})
    return ctx


@pytest.mark.parametrize("eco_id, missing, intended", [
    ("pypi", "reqeusts", "requests"),
    ("npm", "lodahs", "lodash"),
    ("npm", "raect-dom", "react-dom"),
    ("pypi", "beautifulsop4", "beautifulsoup4"),
    ("pypi", "python-dateutils", "python-dateutil"),
    ("npm", "@types/reactt", "@types/react"),
    ("pypi", "zqxjkvbnm-unrelated", None),
])
def test_suggestion_for_a_missing_name(settings, eco_id, missing, intended):
    key = catalog().key(eco_id, missing)
    assert ts.suggest(key, ctx_for(settings)) == intended


@pytest.mark.parametrize("name, ranked", [
    ("mapperz", ["mapper", "mappers"]),  # a 10,000x more popular target outweighs a likelier edit
    ("transformerss", ["transformers", "transformer"]),  # a doubled letter outweighs two edits
])
def test_suggestions_are_ranked_by_edit_likelihood_and_popularity(toy, name, ranked):
    assert [m.target for m in toy.matches(name)][: len(ranked)] == ranked


def test_cost_order_of_edit_kinds():
    order = sorted(ts.COST, key=ts.COST.get)
    assert order.index("separator") < order.index("transposition") < order.index("substitution") < order.index("two-edits")


# --- verdicts through judge --------------------------------------------------------------------------

def mention(eco_id: str, name: str) -> Mention:
    return Mention(catalog().key(eco_id, name), name, Location("requirements.txt", 3, 1), Origin.MANIFEST, "test")


def exists(m: Mention, **facts) -> RegistryAnswer:
    return RegistryAnswer(m.key, Existence.EXISTS, "PyPI", "HTTP 200 from PyPI", at=CASSETTE_DAY, **facts)


def test_existing_lookalike_is_suspicious_with_reason_and_suggestion(settings):
    m = mention("pypi", "reqeusts")
    f = judge(m, exists(m, first_release=CASSETTE_DAY - timedelta(days=400), version_count=2), ctx_for(settings))
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "requests")
    assert f.reasons[0] == ("one transposition from 'requests' (#6 of 14,985 popular PyPI packages); "
                            "'reqeusts' is not among them (no download counts: PyPI gives none; judged by the "
                            "list's ranking), so at least 2,500× less used")


def test_reason_names_how_much_less_used(settings):
    idx = ts.popular_index("npm")
    m = Mention(catalog().key("npm", "lodahs"), "lodahs", Location(None), Origin.ARGUMENT, "argument")
    f = judge(m, replace(exists(m), downloads=10_000), ctx_for(settings))
    lodash = idx.plist.downloads[idx.rank["lodash"] - 1]
    times = f"{float(f'{lodash / 10_000:.2g}'):,.0f}×"
    assert f.reasons[0] == f"one transposition from 'lodash' (#145 of 30,000 popular npm packages), {times} less used"


def test_listed_lookalike_reason_uses_ranks(settings):
    m = mention("pypi", "boto")
    f = judge(m, exists(m), ctx_for(settings))
    assert f.rule == "DG002"
    assert f.reasons[0].endswith("'boto' is #1,538, 1,500× lower in the ranking")


def test_long_lived_lookalike_far_less_used_is_still_flagged(settings):
    # npm: 'request' is popular, 'requests' is not: a long history of releases does not make it popular
    m = mention("npm", "requests")
    old = exists(m, first_release=CASSETTE_DAY - timedelta(days=3000), version_count=12)
    f = judge(m, old, ctx_for(settings))
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "request")
    assert "whatever its age (12 releases)" in f.reasons[0]
    m = mention("npm", "request")
    assert judge(m, exists(m), ctx_for(settings)).verdict is Verdict.OK


def test_long_lived_lookalike_with_downloads_within_the_ratio_is_not_a_finding(settings):
    idx = ts.popular_index("npm")
    m = mention("npm", "requests")
    request = idx.plist.downloads[idx.rank["request"] - 1]
    old = replace(exists(m, first_release=CASSETTE_DAY - timedelta(days=3000), version_count=12),
                  downloads=request // 10)
    assert judge(m, old, ctx_for(settings)).verdict is Verdict.OK


def test_popular_and_established_lookalike_is_not_a_finding(settings):
    m = mention("pypi", "boto")  # on the list, far below boto3, but itself popular and long-lived
    old = exists(m, first_release=CASSETTE_DAY - timedelta(days=3000), version_count=40)
    assert judge(m, old, ctx_for(settings)).verdict is Verdict.OK


@pytest.mark.parametrize("facts", [
    {"first_release": CASSETTE_DAY - timedelta(days=3000), "version_count": 2},  # old, few releases
    {"first_release": CASSETTE_DAY - timedelta(days=100), "version_count": 30},  # many releases, young
    {"first_release": CASSETTE_DAY - timedelta(days=3000), "version_count": 30, "markers": ("all-yanked",)},
    {},  # nothing known
])
def test_a_lookalike_without_a_long_history_is_flagged(settings, facts):
    m = mention("pypi", "reqeusts")
    assert judge(m, exists(m, **facts), ctx_for(settings)).rule == "DG002"


def test_established_thresholds_come_from_settings(settings):
    m = mention("pypi", "boto")
    answer = exists(m, first_release=CASSETTE_DAY - timedelta(days=100), version_count=3)
    assert judge(m, answer, ctx_for(settings)).rule == "DG002"
    strict = settings.with_(thresholds=replace(settings.thresholds, typosquat_established_days=90,
                                               typosquat_established_versions=3))
    assert judge(m, answer, ctx_for(strict)).verdict is Verdict.OK


def test_missing_name_gets_a_did_you_mean(settings):
    m = mention("pypi", "reqeusts")
    answer = RegistryAnswer(m.key, Existence.MISSING, "PyPI", "HTTP 404 from PyPI", at=CASSETTE_DAY)
    f = judge(m, answer, ctx_for(settings))
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.MISSING, "DG001", "requests")
    assert f.reasons[1] == "did you mean 'requests'?"
    assert f.reasons[-1].startswith("HTTP 404 from PyPI; asked PyPI at")  # the evidence comes last


def test_ecosystem_without_a_popular_list_is_not_judged(settings):
    cat = load_catalog(FIXTURES.parent.parent / "popular" / "fixtures" / "ecosystems")
    ctx = ctx_for(settings, {"catalog": cat})
    key = cat.key("brewlike", "opnessl")
    m = Mention(key, "opnessl", Location(None), Origin.ARGUMENT, "argument")
    assert ts.check(m, RegistryAnswer(key, Existence.EXISTS, "x"), ctx) == []
    assert ts.suggest(key, ctx) is None


def test_the_index_is_built_once_per_list(settings):
    eco = catalog().get("pypi")
    assert ts.index_for(eco) is ts.index_for(eco)
    ctx = ctx_for(settings)
    ts.suggest(catalog().key("pypi", "reqeusts"), ctx)
    assert ctx.memo["typosquat:pypi"] is ts.index_for(eco)


def test_recorded_npm_lookalike_end_to_end(monkeypatch, capsys):
    # 'loadsh' is a real npm package (recorded answer): one transposition from lodash; five releases over
    # more than a year do not make it popular, so it is still a look-alike (issue 15), with its did-you-mean and
    # how much less used it is (npm's downloads API; its figure in the npm.tsv snapshot)
    with vcr_for("npm").use_cassette("test_typosquat_loadsh.yaml"):
        code = main(["check", "--no-cache", "--format", "json", "-e", "npm", "loadsh"])
    [f] = json.loads(capsys.readouterr().out)["findings"]
    assert (code, f["verdict"], f["rule"], f["suggestion"]) == (1, "suspicious", "DG002", "lodash")
    assert "12,000× less used (37,293 downloads, api.npmjs.org, the last 30 days)" in f["reasons"][0]


def test_young_npm_lookalike_end_to_end(monkeypatch, capsys):
    with vcr_for("npm").use_cassette("test_typosquat_young.yaml"):
        code = main(["check", "--no-cache", "--format", "json", "-e", "npm", "lodashh"])
    [f] = json.loads(capsys.readouterr().out)["findings"]
    assert code == 1
    assert (f["verdict"], f["rule"], f["suggestion"]) == ("suspicious", "DG002", "lodash")
    assert f["reasons"][0] == ("a repeated letter from 'lodash' (#145 of 30,000 popular npm packages), 38,000,000× less "
                               "used (12 downloads, api.npmjs.org, the last 30 days)")
    assert any(r.startswith("first published") for r in f["reasons"])  # DG003's signal as well


def test_a_popular_name_reported_missing_gets_no_lookalike_suggestion(settings):
    m = mention("pypi", "pytest")
    answer = RegistryAnswer(m.key, Existence.MISSING, "offline index", "not in the local pypi index", at=CASSETTE_DAY)
    f = judge(m, answer, ctx_for(settings))
    assert (f.verdict, f.suggestion) == (Verdict.MISSING, None)


# --- edits real attackers used (issue 15; names from public malicious-package datasets) ---------------

@pytest.mark.parametrize("eco_id, squat, target, kind", [
    ("pypi", "matlibplot", "matplotlib", "reorder"),  # word parts swapped without a separator
    ("pypi", "requesgt", "requests", "two-edits"),  # a substitution and an insertion on an 8-letter name
    ("pypi", "importlibs-resource", "importlib-resources", "two-edits"),  # a long, very popular name, same start
    ("pypi", "botoceor", "botocore", "two-edits"),
    ("pypi", "colouramas", "colorama", "two-edits"),  # two insertions
    ("pypi", "urllb", "urllib3", "two-edits"),  # two omissions
    ("pypi", "aiohtttps", "aiohttp", "doubling"),  # a letter doubled, and one added
    ("pypi", "requstsss", "requests", "doubling"),  # letters doubled and dropped together
    ("npm", "pupetier", "puppeteer", "doubling"),
    ("npm", "pupeter", "puppeteer", "repetition"),
    ("pypi", "python3-flask", "flask", "affix-added"),
    ("npm", "mysqljs", "mysql", "affix-added"),  # a glued suffix
])
def test_attackers_edits_are_reached_through_the_index(eco_id, squat, target, kind):
    best = ts.popular_index(eco_id).matches(squat)[0]
    assert (best.target, best.kind) == (target, kind)


@pytest.mark.parametrize("cand, target, replaced", [
    ("boddle", "bottle", True),  # dd in place of tt: two letters changed at one place, nothing doubled or dropped
    ("bodddle", "bottle", True),  # ... and a third letter added there
    ("bodle", "bottle", False),  # tt dropped to one letter and that letter changed: a drop and one edit
    ("requstsss", "requests", False),  # letters doubled and dropped, one left out
    ("pupetier", "puppeteer", False),  # runs made single beside an added letter
    ("aiohtttps", "aiohttp", False),
    ("vttlib", "vollib", True),  # tt became ol: two letters changed, of one length, none doubled or dropped
    ("bottel", "bottle", False),  # neighbours swapped: one transposition, judged as such
    ("reeqests", "requests", False),  # e doubled and u dropped: the q moved, letters doubled and dropped (r26 #2)
    ("pyytst", "pytest", False),
])
def test_a_run_put_in_place_of_another_is_no_doubled_or_dropped_letter(cand, target, replaced):
    assert ts.run_replaced(cand, target) is replaced


def test_two_changed_letters_beside_a_doubled_one_are_no_doubling(settings):
    # gftools declares and imports vttLib (Dalton Maag's Visual TrueType compiler; PyPI: 8 releases from 2020-02-20
    # to 2026-06-30), which was read as "letters doubled or dropped and one edit" from vollib (#12,818): vtlib and
    # volib with runs made single, but vttlib and vollib differ in two letters at two places, nothing doubled or
    # dropped, and two edits reach a 6-letter name only when it is very popular with the same start
    assert not [m for m in ts.popular_index("pypi").matches("vttlib") if m.target == "vollib"]
    m = mention("pypi", "vttlib")
    answer = replace(exists(m, first_release=CASSETTE_DAY - timedelta(days=2481), version_count=8),
                     latest_release=CASSETTE_DAY - timedelta(days=159),
                     description="Compile Visual TrueType assembly with FontTools.")
    assert judge(m, answer, ctx_for(settings)).verdict is Verdict.OK
    # a letter dropped from the doubled one and another added is still a doubling towards a popular name
    assert any(m.target == "vollib" and m.kind == "doubling" for m in ts.popular_index("pypi").matches("volibs"))
    # and a letter doubled beside one dropped, in a name of the target's length, still reads as a doubling (r26 #2)
    for squat, target in (("reeqests", "requests"), ("pyytst", "pytest"), ("ulliib3", "urllib3")):
        assert any(m.target == target and m.kind == "doubling" for m in ts.popular_index("pypi").matches(squat))


def test_a_companion_that_replaces_a_doubled_letter_is_no_lookalike(settings):
    # bolt-python's test helper boddle ("A unit testing tool for Python's bottle library", PyPI: 11 releases from
    # 2016-12-21 to 2020-08-11) was read as "letters doubled or dropped and one edit" from bottle: boddle and bottle
    # differ in two letters (dd, tt) at one place, which is two substitutions, and two edits reach a 6-letter name
    # only when its first three letters are kept
    assert not ts.popular_index("pypi").matches("boddle")
    m = mention("pypi", "boddle")
    answer = replace(exists(m, first_release=CASSETTE_DAY - timedelta(days=3634), version_count=11),
                     latest_release=CASSETTE_DAY - timedelta(days=2306),
                     description="A unit testing tool for Python's bottle library.")
    assert judge(m, answer, ctx_for(settings)).verdict is Verdict.OK
    assert [m.target for m in ts.popular_index("pypi").matches("bodle")] == ["bottle"]  # a dropped t still reads


def test_did_you_mean_prefers_the_likelier_edit_to_a_more_distant_popular_name():
    # 'loadsh' is one transposition from lodash and one omission from the (listed) 'loadash'
    assert ts.popular_index("npm").matches("loadsh")[0].target == "lodash"


def test_two_edits_reach_only_very_popular_targets_with_the_same_start():
    idx = ts.popular_index("pypi")
    assert not any(m.kind == "two-edits" for m in idx.matches("xequesgt"))  # another first letter
    assert "pytest-socket" in idx.names[:ts.TWO_EDIT_TOP]
    assert not any(m.kind == "two-edits" for m in idx.matches("pytest-subket"))  # its second word's start changed
    rare = next(n for n in idx.names[ts.TWO_EDIT_TOP:] if len(n) == 8 and n.isalpha() and "q" not in n)
    two_away = rare[:3] + "q" + rare[4] + "q" + rare[6:]  # two substitutions after the same three letters
    assert not any(m.target == rare for m in idx.matches(two_away))


def test_reorderings_swap_two_adjacent_parts():
    assert "matplotlib" in ts.reorderings("matlibplot")
    assert all(len(r) == len("abcdefg") for r in ts.reorderings("abcdefg"))


@pytest.mark.parametrize("description, markers, suggestion", [
    ("deprecated sklearn package, use scikit-learn instead", (), "scikit-learn"),
    ("This package has been renamed to scikit-learn.", (), "scikit-learn"),
    ("Use scikit-learn.", ("deprecated",), "scikit-learn"),
    ("Use requests with automatic retries and backoff", (), None),  # describes itself, points nowhere
    ("use not-a-listed-package instead", (), None),
])
def test_description_that_points_to_the_real_package_is_evidence(settings, description, markers, suggestion):
    m = mention("pypi", "sklearn")  # on the list: judged as a young package (a listed, long-lived one is its own)
    answer = replace(exists(m, first_release=CASSETTE_DAY - timedelta(days=30), version_count=2),
                     description=description, markers=markers)
    f = judge(m, answer, ctx_for(settings))
    if suggestion is None:
        assert f.rule != "DG002"
    else:
        assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", suggestion)
        assert f.reasons[0].startswith(f"its registry description points to {suggestion!r}")


@pytest.mark.parametrize("name, description, suggestion", [
    # add-skill's own npm description (held-out set 307): the command's package, not its runner npx (#17,780)
    ("add-skill", "DEPRECATED: Use 'npx skills add' instead", "skills"),
    ("lodahs", "deprecated, use `npm install -g lodash` instead", "lodash"),  # a squat sending readers on: flagged
    ("add-skill", "Deprecated: use `pnpm dlx skills add`", "skills"),
    ("some-runner", "Deprecated: use npx", "npx"),  # the runner itself, written alone, is the package meant
    # the runner followed by no name is still the package meant (the skip took `instead` for the name and pointed
    # nowhere, so a package that is no look-alike by its spelling lost its DG002): r42, session 42
    ("some-runner", "Deprecated: use npx instead", "npx"),
    ("npm-installer", "deprecated, use npm install instead", "npm"),
    ("some-runner", "DEPRECATED: use `npx` instead.", "npx"),
    ("some-runner", "deprecated, use npm install to-fast-properties instead", "to-fast-properties"),  # a name after all
    ("add-skill", "DEPRECATED: Use 'npx skilss add' instead", None),  # a command of a name nobody uses: no pointer
])
def test_a_description_pointing_to_a_command_points_to_the_package_it_runs(settings, name, description, suggestion):
    m = mention("npm", name)
    answer = replace(exists(m, first_release=CASSETTE_DAY - timedelta(days=30), version_count=2),
                     description=description)
    assert ts.pointed_to(answer, ts.popular_index("npm"), name) == suggestion
    if suggestion is not None:
        f = judge(m, answer, ctx_for(settings))
        assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", suggestion)


@pytest.mark.parametrize("eco_id, name, description", [
    ("npm", "@img/sharp-win32-ia32", "Prebuilt sharp for use with Windows x86 (deprecated)"),  # 'with' is a word
    ("pypi", "flake8-use-pathlib", "finds functions that can be replaced by pathlib"),  # no deprecation
])
def test_words_around_a_pointer_are_not_package_names(eco_id, name, description):
    idx = ts.popular_index(eco_id)
    answer = RegistryAnswer(catalog().key(eco_id, name), Existence.EXISTS, "x", description=description)
    assert ts.pointed_to(answer, idx, name) is None


def test_long_lived_derivative_keeping_the_whole_name_is_not_a_finding_but_a_young_one_is(settings):
    m = mention("npm", "wcwidth.js")  # wcwidth plus '.js': a port once it has a long history
    old = exists(m, first_release=CASSETTE_DAY - timedelta(days=3000), version_count=12)
    assert judge(m, old, ctx_for(settings)).verdict is Verdict.OK
    young = exists(m, first_release=CASSETTE_DAY - timedelta(days=10), version_count=1)
    f = judge(m, young, ctx_for(settings))
    assert (f.rule, f.suggestion) == ("DG002", "wcwidth")


def test_long_lived_port_named_with_a_version_number_after_the_whole_name_is_not_a_finding(settings):
    # realpython/materials declares flask-bootstrap4 (Flask-Bootstrap for Bootstrap 4, on PyPI since 2018): PyPI
    # gives no counts, and the trailing digit read as a one-letter insertion made it a look-alike of flask-bootstrap
    m = mention("pypi", "flask-bootstrap4")
    old = exists(m, first_release=CASSETTE_DAY - timedelta(days=2500), version_count=6)
    assert judge(m, old, ctx_for(settings)).verdict is Verdict.OK
    young = exists(m, first_release=CASSETTE_DAY - timedelta(days=10), version_count=1)
    assert (judge(m, young, ctx_for(settings)).rule, judge(m, young, ctx_for(settings)).suggestion) == (
        "DG002", "flask-bootstrap")
    assert ts.version_numbered("flask-bootstrap4", "flask-bootstrap")
    assert not ts.version_numbered("flask-bootstrapp", "flask-bootstrap")  # a letter, not a version
    assert not ts.version_numbered("reqeusts4", "requests")


def test_popular_long_lived_package_pointing_elsewhere_is_not_a_finding(settings):
    m = mention("npm", "langfuse")  # deprecated v3 client, still widely used
    answer = replace(exists(m, first_release=CASSETTE_DAY - timedelta(days=1000), version_count=200),
                     description="Deprecated v3 client, use @langfuse/tracing instead")
    assert judge(m, answer, ctx_for(settings)).verdict is Verdict.OK
    placeholder = replace(answer, markers=("security-placeholder",))
    assert judge(m, placeholder, ctx_for(settings)).suggestion == "@langfuse/tracing"


def test_long_lived_name_two_edits_from_a_less_popular_long_name_is_not_a_finding(settings):
    m = mention("npm", "tiny-spinner")  # two edits from ink-spinner, a real package of its own
    old = exists(m, first_release=CASSETTE_DAY - timedelta(days=3000), version_count=12)
    assert judge(m, old, ctx_for(settings)).verdict is Verdict.OK
    assert judge(m, exists(m, first_release=CASSETTE_DAY - timedelta(days=10), version_count=1),
                 ctx_for(settings)).rule == "DG002"


def test_long_lived_name_two_edits_from_a_very_popular_long_name_with_the_same_start_is_flagged(settings):
    m = mention("pypi", "importlibs-resource")  # a real PyPI squat: a letter added and one dropped
    old = exists(m, first_release=CASSETTE_DAY - timedelta(days=800), version_count=6)
    f = judge(m, old, ctx_for(settings))
    assert (f.verdict, f.rule, f.suggestion) == (Verdict.SUSPICIOUS, "DG002", "importlib-resources")
