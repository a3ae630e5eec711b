"""A Maven POM's dependencies of its own groupId: sibling modules inside a multi-module build (a POM with a
``<parent>`` or ``<modules>``), the publisher's artifacts in a POM that builds alone (a vendor's sample under the
vendor's groupId: plaid's quickstart on ``com.plaid:plaid-java``), and never what the tree's own POMs define."""

from __future__ import annotations

from pathlib import Path

from depguard.config import Settings
from depguard.scan import collect_paths

POM = ('<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n'
       "  <modelVersion>4.0.0</modelVersion>\n{head}\n  <dependencies>\n{deps}  </dependencies>\n{tail}</project>\n")


def pom(head: str, *deps: str, tail: str = "") -> str:
    items = "".join(f"    <dependency>\n      <groupId>{d.split(':')[0]}</groupId>\n"
                    f"      <artifactId>{d.split(':')[1]}</artifactId>\n    </dependency>\n" for d in deps)
    return POM.format(head=head, deps=items, tail=tail)


def maven_names(tree: Path) -> set[str]:
    out = collect_paths([tree], Settings(use_cache=False))
    return {m.key.name for m in out.mentions if m.key.ecosystem == "maven"}


def test_a_pom_that_builds_alone_asks_for_its_own_groups_artifacts(tmp_path: Path):
    # plaid/quickstart's java/pom.xml: com.plaid:quickstart, no parent, no modules
    (tmp_path / "java").mkdir()
    (tmp_path / "java" / "pom.xml").write_text(pom(
        "  <groupId>com.plaid</groupId>\n  <artifactId>quickstart</artifactId>\n  <version>1.0-SNAPSHOT</version>",
        "com.plaid:plaid-java", "io.dropwizard:dropwizard-core"))
    assert maven_names(tmp_path) == {"com.plaid:plaid-java", "io.dropwizard:dropwizard-core"}


def test_sibling_modules_and_the_trees_own_artifacts_are_not_asked_for(tmp_path: Path):
    for folder in ("app", "lib", "child"):
        (tmp_path / folder).mkdir()
    (tmp_path / "pom.xml").write_text(pom(  # an aggregator: its modules' own-group dependencies are siblings
        "  <groupId>me.app</groupId>\n  <artifactId>root</artifactId>\n  <packaging>pom</packaging>",
        "me.app:lib", tail="  <modules>\n    <module>app</module>\n    <module>lib</module>\n"
                           "    <module>child</module>\n  </modules>\n"))
    # a module that names no parent: a sibling only the tree's POMs tell from a published artifact
    (tmp_path / "app" / "pom.xml").write_text(pom(
        "  <groupId>me.app</groupId>\n  <artifactId>app</artifactId>", "me.app:lib", "me.app:published-elsewhere"))
    (tmp_path / "lib" / "pom.xml").write_text(pom("  <groupId>me.app</groupId>\n  <artifactId>lib</artifactId>",
                                                  "org.slf4j:slf4j-api"))
    (tmp_path / "child" / "pom.xml").write_text(pom(  # inherits the group from its parent: siblings as before
        "  <parent>\n    <groupId>me.app</groupId>\n    <artifactId>root</artifactId>\n  </parent>\n"
        "  <artifactId>child</artifactId>", "me.app:generated-module"))
    assert maven_names(tmp_path) == {"me.app:published-elsewhere", "org.slf4j:slf4j-api"}
