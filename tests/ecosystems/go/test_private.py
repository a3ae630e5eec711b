"""Private Go modules a tree sets with GOPRIVATE/GONOPROXY (depguard/ecosystems/go/private.py): the names they match
are not checked (the go command fetches them from their origin, never the proxy); the others stay judged."""

from __future__ import annotations

import pytest

from depguard.config import Settings
from depguard.ecosystems.go.private import mark_private, matching, patterns_in
from depguard.scan import collect_paths


def test_the_modules_a_trees_goprivate_names_are_not_checked_and_the_others_are(tmp_path):
    # held-out set 236: kubeshop/botkube's test/go.mod requires github.com/kubeshop/botkube-cloud/botkube-cloud-backend
    # (a private repository), imported by its e2e tests; test/README.md says `go env -w GOPRIVATE=github.com/kubeshop/
    # botkube-cloud` and `go get -u github.com/kubeshop/botkube-cloud`, its setup action sets the same: with the real
    # proxy each was a DG001. A public module beside it, a made-up one and a module of another repository stay judged
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "README.md").write_text(
        "# e2e\n\n```shell\ngo env -w GOPRIVATE=github.com/acme/cloud\n```\n\n```shell\ngo get -u github.com/acme/cloud\n```\n",
        encoding="utf-8")
    (tmp_path / "test" / "go.mod").write_text(
        "module github.com/acme/tool/test\n\ngo 1.22\n\nrequire (\n\tgithub.com/acme/cloud/backend v0.0.0-20240508145541-6aa7480265af\n"
        "\tgithub.com/acme/cloudy v1.0.0\n\tgithub.com/spf13/cobra v1.8.0\n)\n", encoding="utf-8")
    (tmp_path / "test" / "e2e.go").write_text(
        'package test\n\nimport (\n\t"github.com/acme/cloud/backend/pkg/graphql"\n\t"github.com/spf13/cobra"\n)\n', encoding="utf-8")
    out = collect_paths([tmp_path], Settings(use_cache=False))
    marked = sorted((m.key.name, m.origin.value, bool(m.example and m.example.unchecked)) for m in out.mentions
                    if m.key.ecosystem == "go")
    assert marked == [
        ("github.com/acme/cloud", "command", True),
        ("github.com/acme/cloud/backend", "import", True),
        ("github.com/acme/cloud/backend", "manifest", True),
        ("github.com/acme/cloudy", "manifest", False),  # another repository: the pattern's elements match whole
        ("github.com/spf13/cobra", "import", False),
        ("github.com/spf13/cobra", "manifest", False),
    ]


@pytest.mark.parametrize(("text", "patterns"), [
    ("go env -w GOPRIVATE=github.com/acme/cloud\n", ["github.com/acme/cloud"]),
    ('ENV GOPRIVATE="gitlab.corp.example/*,github.com/acme/x"\n', ["gitlab.corp.example/*", "github.com/acme/x"]),
    ("env:\n  GONOPROXY: git.corp.example\n", ["git.corp.example"]),
    ("export GOPRIVATE=$PRIVATE_MODULES\nGOPRIVATE=${X}\n", []),  # variables name nothing
    ("GOPROXY=https://proxy.golang.org,direct\n", []),
])
def test_goprivate_values(text, patterns):
    assert patterns_in(text) == patterns


def test_a_pattern_matches_the_paths_prefix_of_as_many_elements():
    private = frozenset({"gitlab.corp.example/*\tREADME.md", "github.com/acme/cloud\tMakefile"})
    assert matching("gitlab.corp.example/team/lib", private) == ("gitlab.corp.example/*", "README.md")
    assert matching("github.com/acme/cloud/backend/v2", private) == ("github.com/acme/cloud", "Makefile")
    assert matching("github.com/acme/cloudy", private) is None
    assert matching("github.com/acme", private) is None


def test_many_private_patterns_are_matched_by_host_and_a_public_look_alike_stays_judged():
    # reviewer r34, crafted: each name was matched against every pattern, sorted again for each (4,000 patterns of a
    # tree's documents and 4,000 names: 119 s). A name is now matched against its host's patterns and the globbed-host
    # ones, the first in sorted order still winning; and a name the proxy has but doubts (a look-alike: public, so the
    # origin serves the same code) is judged as usual, while one it lacks is not checked
    from depguard.ecosystems.go.private import Patterns
    from depguard.examples import as_note
    from depguard.model import Finding, Mention, Origin, PackageKey, Verdict

    private = frozenset({f"example{i}.com/acme/x\tREADME.md" for i in range(4_000)}
                        | {"github.com/acme/cloud/\tdocs/setup.md", "*.corp.example/*\tMakefile", "git?ub.com/acme\tz.md"})
    patterns = Patterns(private)
    assert [patterns.matching(f"github.com/o{i}/r") for i in range(4_000)] == [None] * 4_000
    assert patterns.matching("github.com/acme/cloud/backend") == ("git?ub.com/acme", "z.md")  # first in sorted order
    assert patterns.matching("go.corp.example/team/lib") == ("*.corp.example/*", "Makefile")
    assert patterns.matching("example7.com/acme/x/v2") == ("example7.com/acme/x", "README.md")
    assert patterns.matching("example7.com/acme/y") is None

    class _Hints:
        go_private = frozenset({"github.com/acme/*\tREADME.md"})

    class _Source:
        hints = _Hints()

    mention = Mention(PackageKey("go", "github.com/acme/cloudd"), "github.com/acme/cloudd", None,  # type: ignore[arg-type]
                      Origin.MANIFEST, "go.mod")
    [marked] = mark_private(_Source(), [mention])
    squat = Finding(marked, Verdict.SUSPICIOUS, "DG002", ("one letter from 'github.com/acme/cloud'",))
    assert as_note(squat) is squat
    assert as_note(Finding(marked, Verdict.MISSING, "DG001", ("the proxy has no such module",))).verdict is Verdict.NOT_CHECKED
