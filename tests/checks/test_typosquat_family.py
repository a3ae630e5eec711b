"""DG002: a long-lived look-alike with users of its own that heads or belongs to a popular family other than its
target's is a name of its own (issue 12, held-out set 81).

Two real, well-used npm packages of serverless samples were flagged as look-alikes with their real history too:
``esdoc`` (ESDoc, 188,266 downloads a month, one letter from ``jsdoc``) and ``tslint-config-standard`` (164,102, one
letter from ``eslint-config-standard``). Both describe the same job as their target, so the own-description excuse
reads a reworded copy. What no squat has: popular plug-ins named after esdoc (``esdoc-ecmascript-proposal-plugin``
is on npm's popular list), and a place in TSLint's popular config family (``tslint-config-prettier``,
``tslint-config-airbnb``). The shipped popular list is the one read.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from depguard.checks import CheckContext, judge
from depguard.model import Existence, Location, Mention, Origin, PackageKey, RegistryAnswer, Verdict

from ..conftest import CASSETTE_DAY

ESDOC = ("esdoc", "Good Documentation Generator For JavaScript", "jsdoc", "An API documentation generator for JavaScript.")
TSLINT = ("tslint-config-standard", "A TSLint config for JavaScript Standard Style", "eslint-config-standard",
          "JavaScript Standard Style - ESLint Shareable Config")


def _judged(settings, name: str, description: str, target: str, target_description: str, downloads: int,
            first_days: int = 3000, releases: int = 12):
    answer = RegistryAnswer(PackageKey("npm", name), Existence.EXISTS, "the npm registry",
                            first_release=CASSETTE_DAY - timedelta(days=first_days), version_count=releases,
                            latest_release=CASSETTE_DAY - timedelta(days=1500), downloads=downloads,
                            description=description, lookalike_of=target, lookalike_of_description=target_description)
    m = Mention(answer.key, name, Location("src/frontend/package.json", 17, 5), Origin.MANIFEST, "test")
    return judge(m, answer, CheckContext(replace(settings, now=CASSETTE_DAY), CASSETTE_DAY))


@pytest.mark.parametrize(("case", "downloads"), [(ESDOC, 188_266), (TSLINT, 164_102)], ids=["esdoc", "tslint-config"])
def test_a_long_lived_lookalike_heading_or_in_a_popular_family_of_its_own_is_not_flagged(settings, case, downloads):
    assert _judged(settings, *case, downloads).verdict is Verdict.OK


@pytest.mark.parametrize("case", [ESDOC, TSLINT], ids=["esdoc", "tslint-config"])
def test_without_a_user_base_of_its_own_the_family_is_no_excuse(settings, case):
    f = _judged(settings, *case, 1_000)
    assert (f.rule, f.suggestion) == ("DG002", case[2])


def test_a_young_name_in_a_family_is_still_judged_by_its_name(settings):
    f = _judged(settings, *TSLINT, 164_102, first_days=60, releases=2)
    assert (f.rule, f.suggestion) == ("DG002", "eslint-config-standard")


@pytest.mark.parametrize(("name", "description", "target", "target_description"), [
    # its family is its target's: a misspelt member of ESLint's configs, reworded like tslint-config-standard's
    ("eslint-config-standart", TSLINT[1], "eslint-config-standard", TSLINT[3]),
    # heads no popular family: npm's long-lived squat (37,293 a month), its description a rewording of lodash's
    ("loadsh", "Modular utilities for JavaScript", "lodash", "Lodash modular utilities."),
], ids=["targets-own-family", "no-family"])
def test_a_lookalike_with_users_and_no_family_of_its_own_is_still_flagged(settings, name, description, target,
                                                                          target_description):
    f = _judged(settings, name, description, target, target_description, 37_293)
    assert (f.rule, f.suggestion) == ("DG002", target)


ISO_639_2 = ("iso-639-2", "ISO-639-2 codes in an accessible format", "iso-639-1", "ISO-639-1 codes")


def test_a_long_lived_numbered_sibling_with_users_of_its_own_is_not_flagged(settings):
    # readest (held-out spot set 83) declares iso-639-2 (35,282 downloads a month, 8 versions since 0.2.0), one
    # keyboard letter from iso-639-1, while iso-639-3 is on the popular list too: ISO 639's parts, not a misspelling
    assert _judged(settings, *ISO_639_2, 35_282).verdict is Verdict.OK


@pytest.mark.parametrize(("name", "downloads", "first_days", "releases"), [
    ("iso-639-2", 1_000, 3000, 12),  # no users of its own
    ("iso-639-2", 35_282, 60, 2),  # young
    ("iso-639-1x", 35_282, 3000, 12),  # not a number in the family's place
], ids=["little-used", "young", "not-numbered"])
def test_a_numbered_look_alike_without_the_evidence_is_still_flagged(settings, name, downloads, first_days, releases):
    f = _judged(settings, name, ISO_639_2[1], ISO_639_2[2], ISO_639_2[3], downloads, first_days, releases)
    assert (f.rule, f.suggestion) == ("DG002", "iso-639-1")


def test_a_number_changed_where_the_popular_list_has_no_other_member_is_still_flagged(settings):
    # the family must be the popular list's: another member besides the target, with the same leading words
    from depguard.checks.typosquat import _index, numbered_sibling

    ctx = CheckContext(replace(settings, now=CASSETTE_DAY), CASSETTE_DAY)
    idx = _index("npm", ctx)
    assert numbered_sibling(idx, "iso-639-2", "iso-639-1")
    assert not numbered_sibling(idx, "iso-639-1", "iso-639-1")
    assert not numbered_sibling(idx, "lodash-4", "lodash-3")  # no lodash-N on the list
