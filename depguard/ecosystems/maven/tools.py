"""Maven: ``mvn dependency:get -Dartifact=GROUP:ARTIFACT:VERSION`` and ``mvn archetype:generate
-DarchetypeGroupId=… -DarchetypeArtifactId=…``, ecosystem ``maven`` (names are ``group:artifact``)."""

from __future__ import annotations

from collections.abc import Iterator

from ... import lazyre
from ...commands import Target, grammar
from ...commands.shell import Word

COORD = lazyre.compile(r"^[A-Za-z0-9_.-]+$")


@grammar("mvn", "mvnw")
def mvn(args: list[Word]) -> Iterator[Target]:
    goals = {w.text for w in args if not w.text.startswith("-")}
    props = {}
    for w in args:
        if w.text.startswith("-D") and "=" in w.text and not w.dynamic:
            key, _, value = w.text[2:].partition("=")
            props[key] = (w, value, len(key) + 3)
    if goals & {"dependency:get", "org.apache.maven.plugins:maven-dependency-plugin:get"} and "artifact" in props:
        w, value, shift = props["artifact"]
        parts = value.split(":")
        if len(parts) >= 2 and COORD.match(parts[0]) and COORD.match(parts[1]):
            yield Target("maven", w, f"{parts[0]}:{parts[1]}", spec=parts[2] if len(parts) > 2 else None,
                         column_shift=shift)
    if "archetype:generate" in goals and "archetypeGroupId" in props and "archetypeArtifactId" in props:
        gw, group, _ = props["archetypeGroupId"]
        aw, artifact, shift = props["archetypeArtifactId"]
        version = props.get("archetypeVersion", (None, None, 0))[1]
        if COORD.match(group) and COORD.match(artifact):
            yield Target("maven", aw, f"{group}:{artifact}", spec=version, runs=True, column_shift=shift)
