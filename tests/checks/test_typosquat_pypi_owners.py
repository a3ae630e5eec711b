"""DG002 on PyPI: a look-alike whose every owner and maintainer account is one of its target's is theirs, not a squat
(issue 12, held-out set 63).

PyPI's JSON API lists the accounts that may publish a project (``ownership.roles``); an account is added only when it
accepts the invitation, so neither a project's files nor a squatter can put the target's people there. awslabs/mcp
documents ``pip install awslabs.ecs-mcp-server``, one letter from the popular ``awslabs.eks-mcp-server``: both are
the tree's own servers, both owned by the accounts awslabs-mcp and osa-amazon (pypi.org, 2026-12-05). A loopback PyPI
(``httpx.MockTransport``) serves the documents in PyPI's shape; the popular list is the shipped PyPI list.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import httpx

from depguard.checks import CheckContext, judge
from depguard.lookup import resolve
from depguard.model import Location, Mention, Origin, PackageKey, Verdict

from ..conftest import CASSETTE_DAY

OWNERS = ["awslabs-mcp", "osa-amazon"]


def _doc(name: str, days: list[int], owners: list[str | None] | None) -> dict:
    releases = {f"0.{i}.0": [{"upload_time_iso_8601": (CASSETTE_DAY - timedelta(days=d)).strftime("%Y-%m-%dT%H:%M:%S.000000Z"),
                              "yanked": False}] for i, d in enumerate(days)}
    doc = {"info": {"name": name, "summary": "An AWS Labs Model Context Protocol (MCP) server", "version": f"0.{len(days) - 1}.0",
                    "author_email": "Amazon Web Services <aws-mcp-servers@amazon.com>"},  # self-written: not evidence
           "releases": releases, "urls": [{"filename": f"{name}.whl"}]}
    if owners is not None:
        doc["ownership"] = {"organization": None, "roles": [{"role": "Owner", "user": u} for u in owners]}
    return doc


def _judged(settings, docs: dict[str, dict]):
    def handler(request: httpx.Request) -> httpx.Response:
        name = request.url.path.removeprefix("/pypi/").removesuffix("/json")
        return httpx.Response(200, json=docs[name]) if name in docs else httpx.Response(404, json={"message": "Not Found"})

    s = replace(settings, registries={**settings.registries, "pypi": "https://pypi.test"}, now=CASSETTE_DAY)
    key = PackageKey("pypi", "awslabs-ecs-mcp-server")
    answer = resolve([key], s, transport=httpx.MockTransport(handler))[key]
    m = Mention(key, "awslabs.ecs-mcp-server", Location("src/ecs-mcp-server/README.md", 55, 17), Origin.COMMAND, "test")
    return answer, judge(m, answer, CheckContext(s, CASSETTE_DAY))


def _target(owners: list[str | None] | None) -> dict:
    return _doc("awslabs.eks-mcp-server", [400, 300, 200, 100, 50, 10], owners)


def test_a_lookalike_owned_only_by_its_targets_accounts_is_not_flagged(settings):
    docs = {"awslabs-ecs-mcp-server": _doc("awslabs.ecs-mcp-server", [300, 200, 120, 90, 40, 5], OWNERS),
            "awslabs-eks-mcp-server": _target(OWNERS)}
    answer, f = _judged(settings, docs)
    assert answer.publishers == tuple(OWNERS) and answer.lookalike_of_maintainers == tuple(OWNERS)
    assert (f.verdict, f.rule) == (Verdict.OK, "DG000")


def test_a_lookalike_with_an_account_of_its_own_is_still_flagged(settings):
    for owners in (["attacker"], ["attacker", "awslabs-mcp"], None, ["awslabs-mcp", None]):
        docs = {"awslabs-ecs-mcp-server": _doc("awslabs.ecs-mcp-server", [300, 200, 120, 90, 40, 5], owners),
                "awslabs-eks-mcp-server": _target(OWNERS)}
        _, f = _judged(settings, docs)
        assert (f.rule, f.suggestion) == ("DG002", "awslabs-eks-mcp-server"), owners


def test_a_target_whose_owners_pypi_does_not_give_excuses_nothing(settings):
    docs = {"awslabs-ecs-mcp-server": _doc("awslabs.ecs-mcp-server", [300, 200, 120, 90, 40, 5], OWNERS),
            "awslabs-eks-mcp-server": _target(None)}
    _, f = _judged(settings, docs)
    assert (f.rule, f.suggestion) == ("DG002", "awslabs-eks-mcp-server")
