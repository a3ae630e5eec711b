"""DG002: on npm only a scope's owner can publish in it, so a look-alike in its target's own scope is the scope
owner's package, not a squat (issue 12, held-out set 16).

pulumi/examples declares ``@pulumi/kubernetesx`` (Pulumi's own kubernetes extensions, 6 releases, 1,100 downloads a
month), one letter from ``@pulumi/kubernetes``; actions/toolkit's http-client declares ``@types/proxy`` (published by
DefinitelyTyped's bot, like every ``@types/`` package), two edits from ``@types/proj4``. Nobody outside the
``pulumi`` organisation can publish ``@pulumi/…``; the look-alikes that squat a scoped name sit outside its scope
(``@pulumii/kubernetes``, ``types-node``) and stay judged. The answers are built as the npm client reads them (no
network); the popular list is the shipped npm list.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from depguard.checks import CheckContext, judge
from depguard.checks.typosquat import same_owned_scope
from depguard.model import Existence, Location, Mention, Origin, PackageKey, RegistryAnswer, Verdict

from ..conftest import CASSETTE_DAY


def _judged(settings, name: str, *, existence: Existence = Existence.EXISTS, days: int = 900, releases: int = 6,
            downloads: int | None = 1_100):
    key = PackageKey("npm", name)
    if existence is Existence.EXISTS:
        answer = RegistryAnswer(key, existence, "the npm registry", first_release=CASSETTE_DAY - timedelta(days=days),
                                version_count=releases, latest_release=CASSETTE_DAY - timedelta(days=min(days, 40)),
                                downloads=downloads)
    else:
        answer = RegistryAnswer(key, existence, "the npm registry")
    m = Mention(key, name, Location("crontabs/package.json", 10, 9), Origin.MANIFEST, "test")
    return judge(m, answer, CheckContext(replace(settings, now=CASSETTE_DAY), CASSETTE_DAY))


@pytest.mark.parametrize("name", ["@pulumi/kubernetesx", "@types/proxy"])
def test_a_lookalike_inside_its_targets_own_scope_is_the_scope_owners_package(settings, name):
    f = _judged(settings, name)
    assert f.verdict is Verdict.OK, f.reasons


def test_a_young_package_inside_the_scope_is_judged_young_not_a_lookalike(settings):
    f = _judged(settings, "@pulumi/kubernetesx", days=3, releases=1, downloads=0)
    assert f.rule == "DG003" and not any("kubernetes'" in r for r in f.reasons), f.reasons  # as any new name


def test_a_lookalike_in_another_scope_is_still_flagged(settings):
    f = _judged(settings, "@pulumii/kubernetes", days=3, releases=1, downloads=0)
    assert (f.rule, f.suggestion) == ("DG002", "@pulumi/kubernetes")


def test_a_missing_name_in_the_scope_still_gets_the_scopes_popular_name_as_a_suggestion(settings):
    f = _judged(settings, "@pulumi/kubernetex", existence=Existence.MISSING)
    assert (f.verdict, f.suggestion) == (Verdict.MISSING, "@pulumi/kubernetes")


@pytest.mark.parametrize(("ecosystem", "name", "target", "same"), [
    ("npm", "@pulumi/kubernetesx", "@pulumi/kubernetes", True),
    ("npm", "@Types/proxy", "@types/proj4", True),  # scopes compare without case
    ("npm", "@pulumii/kubernetes", "@pulumi/kubernetes", False),
    ("npm", "@pulumi/kubernetes", "pulumi-kubernetes", False),
    ("npm", "types-node", "@types/node", False),  # the scope confusion squat: unscoped
    ("pypi", "@pulumi/kubernetesx", "@pulumi/kubernetes", False),  # an ecosystem without owned scopes
])
def test_only_a_registry_with_owned_scopes_and_the_same_scope_counts(ecosystem, name, target, same):
    assert same_owned_scope(ecosystem, name, target) is same
